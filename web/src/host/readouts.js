/**
 * The readouts strip under the canvas: a term and a value per readout spec of the scene, updated
 * in place (the scene host fills it after each drawing).
 */

import { element } from '../draw/dom.js';

/**
 * @typedef {import('../scenes/index.js').ReadoutSpec} ReadoutSpec
 * @typedef {import('../scenes/index.js').Readout} Readout
 */

/**
 * Builds the readouts list.
 * @param {HTMLElement} container Emptied first.
 * @param {ReadoutSpec[]} specs
 * @returns {{update: (values: Record<string, Readout>) => void}}
 */
export function buildReadouts(container, specs) {
  container.replaceChildren();
  /** @type {Map<string, HTMLElement>} */
  const cells = new Map();
  for (const spec of specs) {
    // A <div> around each term and value (allowed in a <dl>) keeps them together when the strip wraps.
    const pair = element('div', 'readout');
    const term = element('dt', '', spec.label);
    const value = element('dd', 'readout-value', '—');
    value.dataset.readout = spec.name;
    // Status changes are announced by describe.js (once a status holds), not by this cell.
    pair.append(term, value);
    container.append(pair);
    cells.set(spec.name, value);
  }
  return {
    update(values) {
      for (const [name, readout] of Object.entries(values)) {
        const cell = cells.get(name);
        if (!cell) continue;
        if (cell.textContent !== readout.text) cell.textContent = readout.text;
        const tone = readout.tone ?? '';
        if ((cell.dataset.tone ?? '') !== tone) {
          if (tone) cell.dataset.tone = tone;
          else delete cell.dataset.tone;
        }
      }
    },
  };
}
