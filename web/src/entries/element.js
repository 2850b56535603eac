/**
 * <ik2d-scene> and the story elements beside it (<ik2d-step>, <ik2d-value>, <ik2d-mark>), as
 * dist/ik2d-element.js defines them for a host's page: the element is element/scene-element.js,
 * the story elements story/ (docs/playground.md, "The <ik2d-scene> element"; docs/stories.md).
 */

import { defineSceneElement } from '../element/scene-element.js';
import { defineStory } from '../story/index.js';

/** Defines <ik2d-scene> and the story elements, once however often the script is included. */
export function defineElement() {
  defineSceneElement();
  defineStory();
}
