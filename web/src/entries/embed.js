/**
 * The embed view (embed.html, where index.html?embed=1 goes): a page that is one <ik2d-scene>
 * (element.js) filling the window, started from the page's link. What the page adds around it:
 * - the postMessage API (embed-api.js), listening from the start so a host's early messages are
 *   queued, answering any origin unless the link's `origin` names one;
 * - the address bar kept in step with the scene (a link with embed=1 keeps it);
 * - the page's state on <html> as the element's frame has it (data-theme, data-transparent,
 *   data-scene, data-play...: page-view.js), so an iframe's color-scheme is the scene's theme and a
 *   host's styles or scripts read the embed's state where they always have;
 * - `window.playground` (the scene host's API, with shareLink()) and the readiness signal:
 *   document.documentElement.dataset.ready === 'true' once the first frame is drawn, 'error' when
 *   the solver could not load (the element shows why); a parent window gets 'ik2d:ready' or
 *   'ik2d:error'.
 */

import { TAG, defineSceneElement, holdForPage } from '../element/scene-element.js';
import { startMessageApi } from '../host/embed-api.js';
import { parseLink } from '../model/link.js';
import { SCENE_IDS, sceneStub } from '../scenes/catalog.js';
import { createAddressSync } from '../host/address.js';

/** The frame's attributes that are not the page's state: <html> has its own (embed.html, below). */
const OWN = new Set(['data-embed', 'data-ready']);

function boot() {
  // Listen before anything else, so a host's early messages are queued rather than lost.
  const messages = startMessageApi();
  const scene = /** @type {HTMLElement | null} */ (document.querySelector(TAG));
  if (!scene) throw new Error(`embed.html holds no <${TAG}>`);
  const query = location.search.slice(1);
  // The link's page params, read once (a stand-in of each scene is enough to read them).
  const { page } = parseLink(query, SCENE_IDS.map(sceneStub));
  let ready = false;
  /** The playground (index.html beside this page) on the scene's current state: the element's. */
  const shareLink = () => /** @type {import('../element/scene-element.js').Ik2dSceneElement} */ (scene).shareLink();

  // The address bar in step with the state, once it is ready (a link with embed=1 keeps it).
  const address = createAddressSync(() => `${new URL(shareLink()).search}${page.embed ? '&embed=1' : ''}`);

  holdForPage(scene, {
    query,
    onReady(started) {
      ready = true;
      const exported = Object.freeze({ ...started.api, shareLink });
      Object.defineProperty(window, 'playground', { value: exported, enumerable: true });
      document.documentElement.dataset.ready = 'true';
      messages.connect(started.messageTarget(page.origin, shareLink));
    },
    onChange() {
      if (!ready) return;
      messages.changed();
      address.changed();
    },
  });
  scene.addEventListener('error', (event) => {
    const { message } = /** @type {CustomEvent<{message: string}>} */ (/** @type {unknown} */ (event)).detail;
    document.documentElement.dataset.ready = 'error';
    // A host page waiting for 'ik2d:ready' learns that it will not come.
    if (window.parent !== window) window.parent.postMessage({ type: 'ik2d:error', message }, '*');
  });
  defineSceneElement();
  // The element's frame carries the page's state; the page's root follows (theme-early.js set the
  // colours before the first paint, from the link).
  const frame = scene.shadowRoot?.querySelector('.frame');
  if (frame) {
    const root = document.documentElement;
    new MutationObserver((records) => {
      for (const { attributeName: name } of records) {
        if (!name || !name.startsWith('data-') || OWN.has(name)) continue;
        const value = frame.getAttribute(name);
        if (value === null) root.removeAttribute(name);
        else root.setAttribute(name, value);
      }
    }).observe(frame, { attributes: true });
  }
}

boot();
