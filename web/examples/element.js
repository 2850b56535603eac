/**
 * The element example's script (element.html): the buttons set an attribute of the first scene,
 * its caption shows what its last statechange event reported, and every element's events (and any
 * Content-Security-Policy violation) are kept in `window.ik2dEvents` (the browser tests read
 * them). Once every element has drawn its first frame, <html data-ready="true">. It runs before
 * ik2d-element.js: listeners added to an element before it is defined stay.
 */

export {}; // A module: its names are its own.

/** @type {{id: string, type: string, time: number, detail?: unknown}[]} */
const events = [];
Object.defineProperty(window, 'ik2dEvents', { value: events });

document.addEventListener('securitypolicyviolation', (event) => {
  events.push({ id: '', type: 'securitypolicyviolation', time: performance.now(), detail: `${event.violatedDirective} ${event.blockedURI}` });
});

const scenes = [...document.querySelectorAll('ik2d-scene')];
let loaded = 0;
for (const scene of scenes) {
  scene.addEventListener('load', () => {
    events.push({ id: scene.id, type: 'load', time: performance.now() });
    loaded += 1;
    if (loaded === scenes.length) document.documentElement.dataset.ready = 'true';
  });
  scene.addEventListener('statechange', (event) => {
    const { detail } = /** @type {CustomEvent} */ (event);
    events.push({ id: scene.id, type: 'statechange', time: performance.now(), detail });
  });
}

const chain = document.getElementById('chain');
const chainStatus = document.getElementById('chain-status');
chain?.addEventListener('statechange', (event) => {
  const { params } = /** @type {CustomEvent} */ (event).detail;
  if (chainStatus) chainStatus.textContent = `${params.bones} bones, ${params.method}, path ${params.path}`;
});
for (const button of document.querySelectorAll('button[data-bones]')) {
  button.addEventListener('click', () => chain?.setAttribute('bones', /** @type {HTMLElement} */ (button).dataset.bones ?? '8'));
}
