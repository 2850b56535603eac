/**
 * <ik2d-mark for="ID" part="PART">: a phrase of the prose and the part of the figure it names, lit
 * together (docs/stories.md; the highlight itself, el.parts() and el.highlight(): highlight.js).
 *
 * - Hovering a mark, focusing it (it takes keyboard focus) or pressing it (a click, a tap, Enter
 *   or Space: it stays lit until pressed again; `aria-pressed` says so) draws that part of the
 *   figure highlighted, on a canvas of its own over the figure's (the scene's drawing is not
 *   touched). The last one asked for shows.
 * - Pointing at a part in the figure sets `active` on the marks that name it (and lights it).
 * - A mark is a toggle button to assistive technology, named by its text and described as what it
 *   lights ("Highlights the triangle in the figure").
 * - A part the figure does not have: nothing is lit, and one console warning lists its parts.
 */

import { accessOf, attachSlotted, figureFor, storySheet } from './access.js';
import { MARK_TAG, figureParts, highlighterOf, rgba } from './highlight.js';

export { MARK_TAG };

const markSheet = storySheet(`
:host { display: inline; cursor: default; border-radius: 3px;
  text-decoration: underline 2px ${rgba(0.9)}; text-underline-offset: 0.2em; }
:host(:hover), :host(:focus-visible), :host([active]), :host([aria-pressed="true"]) { background: ${rgba(0.28)}; }
:host(:focus-visible) { outline: 2px solid ${rgba(1)}; outline-offset: 1px; }
:host([hidden]) { display: none; }
`);
/** Words for a part in a description. @param {string} part */
function partWords(part) {
  const [name, index] = part.split(':');
  return index === undefined ? `the ${name}` : `${name} ${index}`;
}
export class Ik2dMarkElement extends HTMLElement {
  #hovered = false;
  #focused = false;
  #pinned = false;
  #warned = false;
  /** Whether aria-description is the mark's own words (not the author's). */
  #described = false;
  /** The figure asked last (a mark whose `for` changes lets go of the old one). @type {HTMLElement | null} */
  #figure = null;

  constructor() {
    super();
    attachSlotted(this, markSheet());
    this.addEventListener('pointerenter', () => this.#set(() => { this.#hovered = true; }));
    this.addEventListener('pointerleave', () => this.#set(() => { this.#hovered = false; }));
    this.addEventListener('focus', () => this.#set(() => { this.#focused = true; }));
    this.addEventListener('blur', () => this.#set(() => { this.#focused = false; }));
    this.addEventListener('click', () => this.#set(() => { this.#pinned = !this.#pinned; }));
    this.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault(); // Space would scroll the page.
      this.#set(() => { this.#pinned = !this.#pinned; });
    });
  }

  static get observedAttributes() { return ['for', 'part']; }

  attributeChangedCallback() {
    this.#warned = false;
    this.#describe();
    if (this.isConnected) this.#set(() => {});
  }

  connectedCallback() {
    if (!this.hasAttribute('tabindex')) this.tabIndex = 0;
    if (!this.hasAttribute('role')) this.setAttribute('role', 'button');
    this.setAttribute('aria-pressed', String(this.#pinned));
    this.#describe();
    const figure = figureFor(this, this.getAttribute('for'));
    if (figure) {
      const watch = () => highlighterOf(figure).watch();
      if (accessOf(figure).api) watch();
      else figure.addEventListener('load', watch, { once: true });
    }
  }

  disconnectedCallback() {
    if (this.#figure) highlighterOf(this.#figure).request(this, null);
    this.#figure = null;
  }

  /** What it lights, for assistive technology (unless the author said). */
  #describe() {
    if (this.hasAttribute('aria-description') && !this.#described) return;
    this.#described = true;
    this.setAttribute('aria-description', `Highlights ${partWords(this.getAttribute('part') ?? '')} in the figure`);
  }

  /** Changes the mark's state, then asks its figure for its part (or lets go). @param {() => void} change */
  #set(change) {
    change();
    this.setAttribute('aria-pressed', String(this.#pinned));
    const wanted = this.#hovered || this.#focused || this.#pinned;
    const figure = figureFor(this, this.getAttribute('for'));
    if (this.#figure && this.#figure !== figure) highlighterOf(this.#figure).request(this, null);
    this.#figure = figure;
    if (!figure) return;
    const part = this.getAttribute('part') ?? '';
    if (wanted && accessOf(figure).api && !this.#warned) {
      const parts = figureParts(figure);
      if (!parts.includes(part)) {
        this.#warned = true;
        console.warn(`<ik2d-mark for="${figure.id}" part="${part}">: the figure has no such part; its parts: ${parts.join(', ')}`);
      }
    }
    highlighterOf(figure).request(this, wanted ? part : null);
  }
}
