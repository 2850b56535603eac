/**
 * The element example's script (element.html): the buttons set an attribute of the first scene,
 * its caption shows what its last statechange event reported, and every element's load and
 * statechange events are kept for the browser tests (scene-events.js). It runs before
 * ik2d-element.js: listeners added to an element before it is defined stay.
 */

import { keepSceneEvents } from './scene-events.js';

keepSceneEvents({ statechange: true });

const chain = document.getElementById('chain');
const chainStatus = document.getElementById('chain-status');
chain?.addEventListener('statechange', (event) => {
  const { params } = /** @type {CustomEvent} */ (event).detail;
  if (chainStatus) chainStatus.textContent = `${params.bones} bones, ${params.method}, path ${params.path}`;
});
for (const button of document.querySelectorAll('button[data-bones]')) {
  button.addEventListener('click', () => chain?.setAttribute('bones', /** @type {HTMLElement} */ (button).dataset.bones ?? '8'));
}
