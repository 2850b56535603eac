/**
 * The readouts strip under the canvas: a term and a value per readout spec of the scene, updated
 * in place (the scene host fills it after each drawing).
 *
 * A value's box only ever grows while the scene's readouts stand: the widest texts it has shown
 * stay in it, hidden, under the one it shows (spans made with it, each drawing its text from an
 * attribute, so the value's text is still only what it says now). A number that loses a digit, or
 * a status that turns from "not reached" to "reached", then leaves the strip as it was, so the
 * readouts never wrap onto fewer lines and the buttons below never move up under a reader's
 * pointer. New readouts (another scene) start again from their own texts. Nothing is measured and
 * nothing is written in a style attribute (the page's policy has none).
 */

import { element } from '../draw/dom.js';

/**
 * @typedef {import('../scenes/index.js').ReadoutSpec} ReadoutSpec
 * @typedef {import('../scenes/index.js').Readout} Readout
 */

/**
 * How many past texts a value keeps under it (the longest, by their shape): its hidden spans, made
 * with it, so the page holds as many elements however long it runs.
 */
const HELD = 4;

/** A text's shape: its digits as 0 (tabular figures: the same width). @param {string} text */
const shapeOf = (text) => text.replace(/[0-9]/g, '0');

/**
 * Keeps `text`'s shape under a value if it may be wider than what it holds: in an empty span while
 * there is one, else in place of the shortest held text when it is longer.
 * @param {HTMLElement[]} held The value's hidden spans.
 * @param {string} text
 */
function holdWidth(held, text) {
  const shape = shapeOf(text);
  let shortest = held[0];
  for (const span of held) {
    const kept = span.dataset.text ?? '';
    if (kept === shape) return;
    if (kept.length < (shortest.dataset.text ?? '').length) shortest = span;
  }
  if (shape.length > (shortest.dataset.text ?? '').length) shortest.dataset.text = shape;
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
    const held = Array.from({ length: HELD }, () => {
      const span = element('span', 'readout-held');
      span.setAttribute('aria-hidden', 'true');
      span.dataset.text = '';
      return span;
    });
    value.append(shown, ...held);
    // Status changes are announced by describe.js (once a status holds), not by this cell.
    pair.append(term, value);
    container.append(pair);
    cells.set(spec.name, { value, shown, held });
  }
  return {
    update(values) {
      for (const [name, readout] of Object.entries(values)) {
        const cell = cells.get(name);
        if (!cell) continue;
        const { value, shown, held } = cell;
        if (shown.textContent !== readout.text) {
          shown.textContent = readout.text;
          holdWidth(held, readout.text);
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
