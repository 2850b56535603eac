/**
 * What the element examples' scripts (element.js, bone-art.js) share: every element's events (and
 * any Content-Security-Policy violation) are kept in `window.ik2dEvents` (the browser tests read
 * them), and once every element has drawn its first frame, <html data-ready="true">. A page's script
 * calls keepSceneEvents() before ik2d-element.js runs: listeners added to an element before it is
 * defined stay.
 */

/**
 * @param {{statechange?: boolean}} [options] statechange: keep each element's statechange events
 *   (with their detail) as well as its load.
 */
export function keepSceneEvents({ statechange = false } = {}) {
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
    if (!statechange) continue;
    scene.addEventListener('statechange', (event) => {
      const { detail } = /** @type {CustomEvent} */ (event);
      events.push({ id: scene.id, type: 'statechange', time: performance.now(), detail });
    });
  }
}
