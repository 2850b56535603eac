/**
 * Posters and print for <ik2d-scene> (docs/stories.md):
 *
 * - A child with `data-poster` (an <img>, an inline <svg>) is shown in the figure's place until the
 *   scene draws its first frame, and stays where the scene cannot run (no WebAssembly, a module
 *   that failed: the error is a strip along its bottom). Where the element's script never runs
 *   (scripts off, the module did not load) the element is never defined, and the page shows its
 *   children as they are: the poster (the author's CSS hides the rest, docs/stories.md).
 * - Printing draws every figure first (a figure that never scrolled into view never drew), and the
 *   print shows the canvas without the live controls.
 *
 * The poster is put in the shadow root by manual slot assignment (the element's shadow root is
 * made with `slotAssignment: 'manual'`): no attribute of the author's is needed, and no other
 * child (the bone pictures) is shown.
 */

import { accessOf, storySheet } from './access.js';

const posterSheet = storySheet(`
slot.poster { position: absolute; inset: 0; z-index: 1; display: block; background: var(--canvas-background); }
slot.poster:not(.has-poster), .frame[data-ready="true"] slot.poster { display: none; }
::slotted(*) { display: block; width: 100%; height: 100%; object-fit: contain; margin: 0; }
.frame.has-poster #loading { display: none; }
.frame.has-poster #fatal { inset: auto 0 0 0; z-index: 2; display: block; padding: 0.4rem 0.6rem;
  font-size: 0.8rem; text-align: start; background: var(--surface); opacity: 0.94; }
.frame.has-poster #fatal[hidden] { display: none; }
@media print {
  .open-playground, .notices, .play-button, canvas.story-highlight { display: none !important; }
}
`);

/**
 * Gives an element's shadow root a slot for its poster child, kept assigned as children change.
 * @param {HTMLElement} host
 * @param {ShadowRoot} root Made with slotAssignment: 'manual'.
 */
export function attachPoster(host, root) {
  const stage = root.querySelector('.stage');
  const frame = root.querySelector('.frame');
  if (!stage || !frame || typeof HTMLSlotElement.prototype.assign !== 'function') return;
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, posterSheet()];
  const slot = document.createElement('slot');
  slot.className = 'poster';
  stage.append(slot);
  const assign = () => {
    const poster = [...host.children].find((child) => child.hasAttribute('data-poster'));
    slot.assign(...(poster ? [poster] : []));
    slot.classList.toggle('has-poster', Boolean(poster));
    frame.classList.toggle('has-poster', Boolean(poster));
  };
  // A child added or removed, or one that gains or loses data-poster.
  new MutationObserver(assign).observe(host, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-poster'] });
  assign();
}

let printing = false;

/** Draws every figure on the page now (before printing). */
function drawAll() {
  for (const figure of document.querySelectorAll('ik2d-scene')) {
    try {
      accessOf(/** @type {HTMLElement} */ (figure)).draw();
    } catch (error) {
      console.error(error);
    }
  }
}

/** Once per page: printing (or print emulation) draws every figure first. */
export function watchPrinting() {
  if (printing) return;
  printing = true;
  addEventListener('beforeprint', drawAll);
  matchMedia('print').addEventListener('change', (event) => {
    if (event.matches) drawAll();
  });
}
