/**
 * <ik2d-step for="ID" …link keys>: a passage of the prose that drives the figure with that id as
 * it crosses the middle of the viewport (docs/stories.md).
 *
 * - The active step of a figure is the last of its steps (document order) whose top is above the
 *   line across the middle of the viewport: the last to cross it going down; going back up, the
 *   one above. Before the first one, none.
 * - The figure then shows its own attributes with the active step's on top: every key any of its
 *   steps sets takes the active step's value, else the figure's attribute, else the scene's
 *   default. Nothing accumulates, so scrolling back up gives each step's figure exactly.
 * - Numbers (sliders, points) ease there over STEP_MOVE_MS; choices, toggles and signs change at
 *   once, as does everything under prefers-reduced-motion. A press on the figure ends a move.
 * - The active step has the attribute `active`; the figure fires `stepchange` with
 *   `detail: { step, index }` (null and -1 before the first step).
 * - The line is watched with one IntersectionObserver whose root reaches from far above the
 *   viewport down to its middle (rootMargin `…px 0px -50% 0px`): a step enters it exactly when its
 *   top crosses the middle going down and leaves it going up, however far one scroll jumps. The
 *   observer's edge is in layout units and the rule above in the boxes' own, so a scroll also
 *   looks again (passive, at most once a task): where a scroll comes to rest, the active step is
 *   the rule's, even for a step whose top stops within a fraction of a pixel of the line.
 */

import { parseLink } from '../model/link.js';
import { accessOf, attachSlotted, figureFor, reducedMotion, storySheet } from './access.js';

/** The element's name. */
export const STEP_TAG = 'ik2d-step';

/** How long a step's move takes, ms. */
export const STEP_MOVE_MS = 500;

/** The step's own attributes: never link keys. */
const STEP_ATTRIBUTES = new Set(['for', 'active']);

/** How far above the viewport the observed band reaches, px (a step scrolled past stays inside). */
const ABOVE = 1e6;

const sheet = storySheet(':host { display: block; } :host([hidden]) { display: none; }');

/** @param {number} t 0..1 @returns {number} Cubic ease in and out. */
export function easeInOut(t) {
  return t < 0.5 ? 4 * t * t * t : 1 - ((-2 * t + 2) ** 3) / 2;
}

/** The figure id → its active step (undefined: none). @type {Map<string, Element | undefined>} */
const activeSteps = new Map();

/** The move under way in a figure. @type {WeakMap<Element, () => void>} */
const moves = new WeakMap();

/** Figures waiting for their load event before their step applies. @type {WeakSet<Element>} */
const waiting = new WeakSet();

/** @type {IntersectionObserver | null} */
let observer = null;
let scheduled = false;

/** Looks again at every figure's steps after this task (many entries come at once). */
function schedule() {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    update();
  });
}

function observe(/** @type {Element} */ step) {
  if (!observer) {
    observer = new IntersectionObserver(schedule, { rootMargin: `${ABOVE}px 0px -50% 0px`, threshold: 0 });
    addEventListener('scroll', schedule, { passive: true });
  }
  observer.observe(step);
}

/** The steps on the page by figure id, in document order. */
function stepsByFigure() {
  /** @type {Map<string, Element[]>} */
  const byFigure = new Map();
  for (const step of document.querySelectorAll(STEP_TAG)) {
    const id = step.getAttribute('for');
    if (!id) continue;
    const list = byFigure.get(id) ?? [];
    list.push(step);
    byFigure.set(id, list);
  }
  return byFigure;
}

/** Finds each figure's active step and moves the figures whose step changed. */
function update() {
  const middle = document.documentElement.clientHeight / 2;
  const byFigure = stepsByFigure();
  for (const id of new Set([...byFigure.keys(), ...activeSteps.keys()])) {
    const steps = byFigure.get(id) ?? [];
    let active;
    for (const step of steps) {
      if (step.getBoundingClientRect().top <= middle) active = step;
    }
    if (activeSteps.get(id) === active) continue;
    const before = activeSteps.get(id);
    activeSteps.set(id, active);
    before?.removeAttribute('active');
    active?.setAttribute('active', '');
    const figure = figureFor(active ?? steps[0] ?? document.documentElement, id);
    if (!figure) continue;
    figure.dispatchEvent(new CustomEvent('stepchange', { detail: { step: active ?? null, index: active ? steps.indexOf(active) : -1 } }));
    show(figure, steps, active, { instant: reducedMotion() });
  }
}

/**
 * The link query a figure shows under a step: its own attributes, each key any of its steps sets
 * taken from the step (or back to the figure's, or to the default).
 * @param {import('./access.js').FigureAccess} access
 * @param {Element[]} steps
 * @param {Element | undefined} active
 */
export function stepQuery(access, steps, active) {
  const query = new URLSearchParams(access.attributeQuery());
  /** @type {Set<string>} */
  const keys = new Set();
  for (const step of steps) {
    for (const { name } of step.attributes) {
      if (!STEP_ATTRIBUTES.has(name) && access.isLinkAttribute(name) && name !== 'scene') keys.add(name);
    }
  }
  for (const name of keys) {
    const key = access.linkKey(name);
    const value = active?.getAttribute(name) ?? null;
    if (value !== null) {
      query.set(key, value);
    } else if (!query.has(key)) {
      const fallback = access.defaultText(key);
      if (fallback !== undefined) query.set(key, fallback);
    }
  }
  return query.toString();
}

/**
 * Moves a figure to what the active step gives it (now, or when it has loaded).
 * @param {HTMLElement} figure
 * @param {Element[]} steps
 * @param {Element | undefined} active
 * @param {{instant: boolean}} options
 */
function show(figure, steps, active, { instant }) {
  moves.get(figure)?.();
  const access = accessOf(figure);
  if (!access.api || !access.definition) {
    if (waiting.has(figure)) return;
    waiting.add(figure);
    figure.addEventListener('load', () => {
      waiting.delete(figure);
      const id = figure.id;
      const now = stepsByFigure().get(id) ?? [];
      const current = activeSteps.get(id);
      if (current) show(figure, now, current, { instant: true });
    }, { once: true });
    return;
  }
  const { partial, notices } = parseLink(stepQuery(access, steps, active), access.scenes);
  const api = access.api;
  const finish = () => {
    moves.delete(figure);
    notices.push(...api.setState(partial));
    if (notices.length) access.showNotices(notices);
  };
  const from = /** @type {Record<string, any>} */ (api.getState());
  const tweens = instant ? [] : numbersToEase(access.definition, from, partial);
  if (tweens.length === 0) {
    finish();
    return;
  }
  const start = performance.now();
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    moves.delete(figure);
    figure.removeEventListener('pointerdown', stop, true);
  };
  figure.addEventListener('pointerdown', stop, true);
  moves.set(figure, stop);
  /** @param {number} t */
  const at = (t) => {
    const k = easeInOut(t);
    /** @type {Record<string, any>} */
    const step = structuredClone(partial);
    for (const { path, from: a, to: b } of tweens) {
      let into = step;
      for (const part of path.slice(0, -1)) into = into[part];
      into[/** @type {string} */ (path.at(-1))] = a + (b - a) * k;
    }
    return step;
  };
  api.setState(at(0)); // Choices, toggles and signs change now; the numbers start where they are.
  const tick = () => {
    const t = Math.min(1, (performance.now() - start) / STEP_MOVE_MS);
    if (t >= 1) {
      stop();
      finish();
      return;
    }
    api.setState(at(t));
    frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);
}

/**
 * The numbers of a partial state that ease: sliders that take any value, and points.
 * @param {import('../scenes/index.js').SceneDefinition} definition
 * @param {Record<string, any>} from The state now.
 * @param {Record<string, any>} to The partial state to reach.
 * @returns {{path: string[], from: number, to: number}[]}
 */
function numbersToEase(definition, from, to) {
  /** @type {{path: string[], from: number, to: number}[]} */
  const tweens = [];
  const add = (/** @type {string[]} */ path, /** @type {unknown} */ a, /** @type {unknown} */ b) => {
    if (typeof a === 'number' && typeof b === 'number' && Number.isFinite(a) && Number.isFinite(b) && a !== b) tweens.push({ path, from: a, to: b });
  };
  for (const spec of definition.params) {
    if (spec.kind === 'range' && !spec.integer && !spec.multipleOf && spec.name in (to.params ?? {})) {
      add(['params', spec.name], from.params?.[spec.name], to.params[spec.name]);
    }
  }
  for (const spec of definition.points) {
    const b = to[spec.name];
    const a = from[spec.name];
    if (!b || !a) continue;
    add([spec.name, 'x'], a.x, b.x);
    add([spec.name, 'y'], a.y, b.y);
  }
  return tweens;
}

export class Ik2dStepElement extends HTMLElement {
  constructor() {
    super();
    attachSlotted(this, sheet());
  }

  connectedCallback() {
    observe(this);
    schedule();
  }

  disconnectedCallback() {
    observer?.unobserve(this);
    schedule();
  }
}
