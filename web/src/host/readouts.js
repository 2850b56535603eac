/**
 * The readouts strip under the canvas: a term and a value per readout spec of the scene, updated
 * in place (the scene host fills it after each drawing).
 *
 * A value's box only ever grows while the scene's readouts stand: the widest the value has been
 * becomes its minimum width. A number that loses a digit, or a status that turns from "not
 * reached" to "reached", then leaves the strip as it was, so the readouts never wrap onto fewer
 * lines and the buttons below never move up under a reader's pointer. New readouts (another
 * scene) start again from their own widths.
 */

import { element } from '../draw/dom.js';

/**
 * @typedef {import('../scenes/index.js').ReadoutSpec} ReadoutSpec
 * @typedef {import('../scenes/index.js').Readout} Readout
 */

/** The observer holding each readouts list's widths, by its container (one list at a time). */
/** @type {WeakMap<HTMLElement, ResizeObserver>} */
const holders = new WeakMap();

/**
 * Holds the widths of a list's values: each value's widest box so far is its minimum width. When
 * the list itself changes width (the window was resized), the values start again from the widths
 * they have then: what fitted one width must not push a narrower strip wider.
 * @param {HTMLElement} container
 * @param {HTMLElement[]} values
 * @returns {ResizeObserver | null} Null where there is none (no layout: nothing to hold).
 */
function holdWidths(container, values) {
  if (typeof ResizeObserver !== 'function') return null;
  let listWidth = -1;
  const holder = new ResizeObserver((entries) => {
    for (const entry of entries) {
      const box = /** @type {HTMLElement} */ (entry.target);
      const width = entry.borderBoxSize?.[0]?.inlineSize ?? box.getBoundingClientRect().width;
      if (box === container) {
        if (listWidth >= 0 && width !== listWidth) {
          for (const value of values) {
            value.style.minWidth = '';
            holder.unobserve(value);
            holder.observe(value, { box: 'border-box' }); // Reported anew, at its own width.
          }
        }
        listWidth = width;
      } else if (width > (Number.parseFloat(box.style.minWidth) || 0)) {
        box.style.minWidth = `${width}px`; // (0 wide: hidden, nothing to hold)
      }
    }
  });
  holder.observe(container, { box: 'border-box' });
  for (const value of values) holder.observe(value, { box: 'border-box' });
  return holder;
}

/**
 * Builds the readouts list.
 * @param {HTMLElement} container Emptied first.
 * @param {ReadoutSpec[]} specs
 * @returns {{update: (values: Record<string, Readout>) => void}}
 */
export function buildReadouts(container, specs) {
  holders.get(container)?.disconnect();
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
  const holder = holdWidths(container, [...cells.values()]);
  if (holder) holders.set(container, holder);
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
