/**
 * The pictures-on-bones example's script (bone-art.html): every element's events (and any
 * Content-Security-Policy violation) are kept in `window.ik2dEvents` (the browser tests read them).
 * Once every element has drawn its first frame, <html data-ready="true">. It runs before
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
}
