/**
 * The story elements beside <ik2d-scene> (docs/stories.md): steps that drive a figure as the
 * reader scrolls, live numbers, marks and shared targets. defineElement() defines them with it.
 * What the element itself uses of the story (its access, sync, poster and highlight) it imports
 * from those modules, so a page that is one element (embed.html) loads none of these elements.
 */

import { Ik2dStepElement, STEP_TAG } from './steps.js';
import { Ik2dValueElement, VALUE_TAG } from './values.js';
import { Ik2dMarkElement, MARK_TAG } from './marks.js';
import { watchPrinting } from './posters.js';

/** Defines the story elements, once however often it is called. */
export function defineStory() {
  watchPrinting();
  if (!customElements.get(STEP_TAG)) customElements.define(STEP_TAG, Ik2dStepElement);
  if (!customElements.get(VALUE_TAG)) customElements.define(VALUE_TAG, Ik2dValueElement);
  if (!customElements.get(MARK_TAG)) customElements.define(MARK_TAG, Ik2dMarkElement);
}
