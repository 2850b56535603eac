/**
 * <ik2d-value for="ID" key="PATH" [unit="deg"] [digits="1"]>: the figure's getState() value at a
 * dot path (`result.angle1`, `target.x`, `jointSpace.pose.0`), live in the sentence
 * (docs/stories.md).
 *
 * - Read at most every VALUE_INTERVAL ms (10 updates a second), all values on the page in one
 *   round, each figure's state read once per round; none while the page is hidden. The rounds are
 *   a rate limiter that polls (host/rate-limit.js, tested against a fake clock).
 * - Numbers with `digits` decimals (default 1); `unit="deg"` reads radians and writes degrees with
 *   `°`; another unit is written after the number. A point {x, y} is "x, y"; true/false "yes"/"no".
 * - The element's own text is what shows until the figure has drawn (and to a reader without
 *   scripts): the live value is in its shadow root.
 * - An unknown path (or no figure with that id) shows `?` and warns once on the console, listing
 *   the figure's paths. Nothing here throws.
 */

import { attachSlotted, figureFor, storySheet } from './access.js';
import { createRateLimiter } from '../host/rate-limit.js';

/** The element's name. */
export const VALUE_TAG = 'ik2d-value';

/** Shortest time between two updates of a value, ms (at most 10 a second). */
export const VALUE_INTERVAL = 100;

/** Most paths a warning lists. */
const MAX_LISTED_PATHS = 80;

const sheet = storySheet(':host { display: inline; } :host([hidden]) { display: none; }');

/** Every connected value. @type {Set<Ik2dValueElement>} */
const live = new Set();

/**
 * One round: every value read, then the next round asked for. The limiter counts the interval
 * from the round's end: reading a state may draw first, and two changes of the text stay
 * VALUE_INTERVAL apart all the same.
 */
const rounds = createRateLimiter(VALUE_INTERVAL, () => {
  if (live.size === 0) return false;
  if (!document.hidden) {
    /** @type {Map<Element, Record<string, unknown> | null>} */
    const states = new Map();
    for (const value of live) value.update(states);
  }
  rounds.poke();
  return true;
});

/**
 * The value at a dot path, or undefined.
 * @param {unknown} state
 * @param {string} path
 */
export function valueAt(state, path) {
  /** @type {any} */
  let at = state;
  for (const part of path.split('.')) {
    if (at === null || typeof at !== 'object' || !Object.prototype.hasOwnProperty.call(at, part)) return undefined;
    at = at[part];
  }
  return at;
}

/**
 * The dot paths of a state's values that a value can show (numbers, words, points), in order.
 * @param {unknown} state
 */
export function statePaths(state) {
  /** @type {string[]} */
  const paths = [];
  const walk = (/** @type {unknown} */ at, /** @type {string} */ prefix, /** @type {number} */ depth) => {
    if (paths.length >= MAX_LISTED_PATHS || depth > 4) return;
    if (at === null || typeof at !== 'object') {
      if (prefix && ['number', 'string', 'boolean'].includes(typeof at)) paths.push(prefix);
      return;
    }
    if (Array.isArray(at) && at.length > 8) return; // A long list (a pose of many bones): not listed one by one.
    for (const [key, inner] of Object.entries(at)) walk(inner, prefix ? `${prefix}.${key}` : key, depth + 1);
  };
  walk(state, '', 0);
  return paths;
}

/**
 * A value as text.
 * @param {unknown} value
 * @param {{unit: string | null, digits: number}} format
 * @returns {string | undefined} undefined: nothing it can show.
 */
export function formatValue(value, { unit, digits }) {
  const number = (/** @type {number} */ n) => {
    const shown = unit === 'deg' ? (n * 180) / Math.PI : n;
    let text = shown.toFixed(digits);
    if (/^-0(\.0*)?$/.test(text)) text = text.slice(1);
    if (unit === 'deg') return `${text}°`;
    return unit ? `${text} ${unit}` : text;
  };
  if (typeof value === 'number') return Number.isFinite(value) ? number(value) : '?';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (value && typeof value === 'object' && 'x' in value && 'y' in value
    && typeof value.x === 'number' && typeof value.y === 'number') return `${number(value.x)}, ${number(value.y)}`;
  return undefined;
}

/** Reads `digits` (a whole number 0 to 10; default 1). @param {string | null} text */
function readDigits(text) {
  const n = Number(text);
  return text !== null && /^\s*\d+\s*$/.test(text) && n <= 10 ? n : 1;
}

export class Ik2dValueElement extends HTMLElement {
  /** @type {Text} */
  #text;
  #warned = false;
  #started = false;

  constructor() {
    super();
    // Until the figure draws: the author's text (or nothing).
    attachSlotted(this, sheet());
    this.#text = document.createTextNode('');
  }

  static get observedAttributes() { return ['for', 'key', 'unit', 'digits']; }

  attributeChangedCallback() {
    this.#warned = false; // A new key: said again if it is unknown too.
    if (this.isConnected) queueMicrotask(() => this.update(new Map()));
  }

  connectedCallback() {
    live.add(this);
    rounds.poke();
    queueMicrotask(() => this.update(new Map()));
  }

  disconnectedCallback() {
    live.delete(this);
    if (live.size === 0) rounds.cancel();
  }

  /**
   * Shows the value now.
   * @param {Map<Element, Record<string, unknown> | null>} states Figures' states read this round.
   */
  update(states) {
    try {
      this.#update(states);
    } catch (error) {
      this.#show('?');
      this.#warn(`could not read the figure: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** @param {Map<Element, Record<string, unknown> | null>} states */
  #update(states) {
    if (!this.isConnected) return;
    const id = this.getAttribute('for');
    const figure = figureFor(this, id);
    const path = this.getAttribute('key') ?? '';
    if (!figure) {
      // The figure may still be on its way into the page: only a defined page's absence is said.
      if (document.readyState === 'complete') {
        this.#show('?');
        this.#warn(`no <ik2d-scene id="${id ?? ''}"> on the page`);
      }
      return;
    }
    if (!states.has(figure)) states.set(figure, /** @type {any} */ (figure).getState());
    const state = states.get(figure);
    if (!state) return; // Not drawn yet: the author's text stays.
    const text = formatValue(valueAt(state, path), {
      unit: this.getAttribute('unit'), digits: readDigits(this.getAttribute('digits')),
    });
    if (text === undefined) {
      this.#show('?');
      this.#warn(`${state.scene} has no value at key="${path}"; its paths: ${statePaths(state).join(', ')}`);
      return;
    }
    this.#show(text);
  }

  /** @param {string} text */
  #show(text) {
    if (!this.#started) {
      this.#started = true;
      /** @type {ShadowRoot} */ (this.shadowRoot).replaceChildren(this.#text);
    }
    if (this.#text.data !== text) this.#text.data = text;
  }

  /** @param {string} message */
  #warn(message) {
    if (this.#warned) return;
    this.#warned = true;
    console.warn(`<ik2d-value for="${this.getAttribute('for') ?? ''}" key="${this.getAttribute('key') ?? ''}">: ${message}`);
  }
}
