/**
 * The readouts strip under the canvas: a term and a value per readout spec of the scene, updated
 * in place (the scene host fills it after each drawing).
 *
 * A value's box only ever grows while the scene's readouts stand: the widest texts it has shown
 * stay in it, hidden, under the one it shows (each a hidden span drawing its text from an attribute,
 * so the value's text is still only what it says now). A number that loses a digit, or a status
 * that turns from "not reached" to "reached", then leaves the strip as it was, so the readouts never
 * wrap onto fewer lines and the buttons below never move up under a reader's pointer. New readouts
 * (another scene) start again from their own texts. Nothing is measured and nothing is written in a
 * style attribute (the page's policy has none).
 */

import { element } from '../draw/dom.js';

/**
 * @typedef {import('../scenes/index.js').ReadoutSpec} ReadoutSpec
 * @typedef {import('../scenes/index.js').Readout} Readout
 */

/** The most past texts a value keeps under it: the longest, by their shape (digits as 0). */
const MAX_HELD = 8;

/** A text's shape: its digits as 0 (tabular figures: the same width). @param {string} text */
const shapeOf = (text) => text.replace(/[0-9]/g, '0');

/**
 * Keeps `text`'s shape under a value, hidden, if it may be wider than what it holds: a new shape,
 * while there is room, else in place of the shortest held one when it is longer.
 * @param {HTMLElement} value
 * @param {HTMLElement[]} held The hidden spans under it, in order.
 * @param {string} text
 */
function holdWidth(value, held, text) {
  const shape = shapeOf(text);
  if (held.some((ghost) => ghost.dataset.text === shape)) return;
  let ghost;
  if (held.length < MAX_HELD) {
    ghost = element('span', 'readout-held');
    ghost.setAttribute('aria-hidden', 'true');
    value.append(ghost);
    held.push(ghost);
  } else {
    ghost = held.reduce((a, b) => ((b.dataset.text ?? '').length < (a.dataset.text ?? '').length ? b : a));
    if (shape.length <= (ghost.dataset.text ?? '').length) return;
  }
  ghost.dataset.text = shape;
}

/**
 * Builds the readouts list.
 * @param {HTMLElement} container Emptied first.
 * @param {ReadoutSpec[]} specs
 * @returns {{update: (values: Record<string, Readout>) => void}}
 */
export function buildReadouts(container, specs) {
  container.replaceChildren();
  /** @type {Map<string, {value: HTMLElement, shown: HTMLElement, held: HTMLElement[]}>} */
  const cells = new Map();
  for (const spec of specs) {
    // A <div> around each term and value (allowed in a <dl>) keeps them together when the strip wraps.
    const pair = element('div', 'readout');
    const term = element('dt', '', spec.label);
    const value = element('dd', 'readout-value');
    value.dataset.readout = spec.name;
    const shown = element('span', 'readout-text', '—');
    value.append(shown);
    // Status changes are announced by describe.js (once a status holds), not by this cell.
    pair.append(term, value);
    container.append(pair);
    cells.set(spec.name, { value, shown, held: [] });
  }
  return {
    update(values) {
      for (const [name, readout] of Object.entries(values)) {
        const cell = cells.get(name);
        if (!cell) continue;
        const { value, shown, held } = cell;
        if (shown.textContent !== readout.text) {
          shown.textContent = readout.text;
          holdWidth(value, held, readout.text);
        }
        const tone = readout.tone ?? '';
        if ((value.dataset.tone ?? '') !== tone) {
          if (tone) value.dataset.tone = tone;
          else delete value.dataset.tone;
        }
      }
    },
  };
}
