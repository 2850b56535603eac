/**
 * Boot: loads the WebAssembly solver, opens the scene the link asks for, shows what the link got
 * wrong, and exposes `window.playground` (see playground.js).
 *
 * Readiness signal, for tests and for pages that embed this one:
 *   document.documentElement.dataset.ready === 'true'   the first frame has been drawn and
 *                                                        window.playground is usable;
 *                                              'error'  the solver could not load (a message is shown).
 * Wait for the CSS selector `html[data-ready="true"]`.
 */

import { parseLink } from './link.js';
import { createPlayground } from './playground.js';
import { SCENES } from './scenes/index.js';

/** How long the address bar waits for changes to settle before it is rewritten, in ms. */
const ADDRESS_SYNC_DELAY = 400;

/**
 * Finds a required element.
 * @template {HTMLElement} T
 * @param {string} id
 * @returns {T}
 */
function byId(id) {
  const found = document.getElementById(id);
  if (!found) throw new Error(`The page is missing #${id}`);
  return /** @type {T} */ (found);
}

/**
 * Shows plain-text notices (what a link or a call ignored or clamped) above the canvas.
 * @param {string[]} notices
 */
function showNotices(notices) {
  const box = byId('notices');
  const list = byId('notice-list');
  list.replaceChildren(...notices.map((text) => {
    const item = document.createElement('li');
    item.textContent = text;
    return item;
  }));
  box.hidden = notices.length === 0;
}

/**
 * Shows that the page cannot work, in place of the canvas.
 * @param {string} message What went wrong and what to do, in plain words.
 * @param {unknown} error The error, shown small for whoever debugs it.
 */
function showFatal(message, error) {
  const box = byId('fatal');
  byId('fatal-message').textContent = message;
  byId('fatal-detail').textContent = error instanceof Error ? error.message : String(error);
  box.hidden = false;
  byId('loading').hidden = true;
  document.documentElement.dataset.ready = 'error';
}

/**
 * Copies the share link; where the clipboard is closed (plain http, permissions), shows the link
 * as selectable text instead.
 * @param {string} link
 */
async function copyLink(link) {
  const status = byId('copy-status');
  try {
    await navigator.clipboard.writeText(link);
    status.textContent = 'Link copied.';
  } catch {
    status.textContent = link;
    getSelection()?.selectAllChildren(status);
  }
}

async function boot() {
  byId('notice-dismiss').addEventListener('click', () => showNotices([]));

  let ik;
  try {
    // dist/ik2d.js is built beside the page (web/ is copied into dist/); its types are
    // core/bindings/ik2d.d.ts, which the build copies to dist/ik2d.d.ts.
    // @ts-ignore: the module exists only in dist/.
    const { default: createIK2D } = await import('../ik2d.js');
    ik = await createIK2D();
  } catch (error) {
    showFatal('The IK solver could not be loaded. Serve this folder over http(s) (browsers do not run '
      + 'WebAssembly from file:// pages) and keep ik2d.wasm beside ik2d.js.', error);
    console.error(error);
    return;
  }

  const { scene, partial, notices } = parseLink(location.search, SCENES);
  let addressTimer = 0;
  let ready = false;
  /** @type {import('./playground.js').Playground | null} */
  let api = null;

  const playground = createPlayground({
    ik,
    scenes: SCENES,
    scene,
    elements: {
      canvas: byId('view'),
      tabs: byId('scene-tabs'),
      tabPanel: byId('scene-panel'),
      title: byId('scene-title'),
      summary: byId('scene-summary'),
      hints: byId('hints'),
      controls: byId('controls'),
      readouts: byId('readouts'),
    },
    onChange() {
      byId('copy-status').textContent = '';
      // Keep the address bar in step once the change settles (browsers throttle rapid rewrites).
      if (!ready || !api) return;
      clearTimeout(addressTimer);
      addressTimer = window.setTimeout(() => {
        const url = new URL(api?.shareLink() ?? location.href);
        if (url.search !== location.search) history.replaceState(history.state, '', url.search + location.hash);
      }, ADDRESS_SYNC_DELAY);
    },
  });
  notices.push(...playground.apply(partial));
  showNotices(notices);

  byId('reset').addEventListener('click', () => playground.reset());
  byId('copy-link').addEventListener('click', () => copyLink(playground.api.shareLink()));
  byId('version').textContent = `ik2d ${ik.version}`;

  api = playground.api;
  Object.defineProperty(window, 'playground', { value: Object.freeze(api), enumerable: true });
  byId('loading').hidden = true;
  // The link's state was drawn synchronously above; the loop's first frame is already requested,
  // so this callback runs right after it.
  requestAnimationFrame(() => {
    ready = true;
    document.documentElement.dataset.ready = 'true';
  });
}

boot().catch((error) => {
  showFatal('The playground failed to start.', error);
  console.error(error);
});
