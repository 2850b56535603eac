// ik2d-element.js: defines <ik2d-scene>, a scene of the playground in a host page without an
// iframe, and the story elements beside it (web/src/entries/element.js, which the build bundles
// into dist/ as src/element.js, the path below; docs/playground.md, "The <ik2d-scene> element").
// Including it twice defines them once.
import { defineElement } from './src/element.js';

defineElement();
