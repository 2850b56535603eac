/**
 * The playground (index.html): loads the WebAssembly solver, opens the scene the link asks for with
 * the panel around it, shows what the link got wrong, and exposes `window.playground` (see
 * playground.js) and the postMessage API (embed-api.js). The embed view is another page,
 * embed.html (entries/embed.js): one <ik2d-scene>.
 *
 * Readiness signal, for tests and for pages that embed this one:
 *   document.documentElement.dataset.ready === 'true'   the first frame has been drawn and
 *                                                        window.playground is usable;
 *                                              'error'  the solver could not load (a message is shown).
 * Wait for the CSS selector `html[data-ready="true"]`; a parent window also gets 'ik2d:ready'.
 */

import { buildControls } from '../page/controls.js';
import { startMessageApi } from '../host/embed-api.js';
import { parseLink } from '../model/link.js';
import { PAGE_PARAMS, applyPageParams, defaultPage, pageParam, pageQuery } from '../model/page-params.js';
import { createPanel } from '../page/panel.js';
import { createSceneHost } from '../host/playground.js';
import { SCENE_IDS, loadScenes, sceneStub, solverOf } from '../scenes/catalog.js';
import { loadSolver } from '../host/solvers.js';
import { copyText, elementSnippet, embedSnippet, embedUrl, playgroundUrl } from '../page/share.js';
import { posterSvg } from '../story/poster-svg.js';
import { showNoticesIn } from '../host/notices.js';
import { wirePictureDrop } from '../page/picture-drop.js';
import { createAddressSync } from '../host/address.js';

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
  showNoticesIn(byId('notices'), byId('notice-list'), notices);
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
  // A host page waiting for 'ik2d:ready' learns that it will not come.
  if (window.parent !== window) window.parent.postMessage({ type: 'ik2d:error', message }, '*');
}

/**
 * Saves a file the page made (a figure export) through the browser's download.
 * @param {Blob} blob
 * @param {string} name
 */
function downloadBlob(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The GIF the buttons make: the embed's 4:3 shape at a blog's column width (share.js). */
const GIF_OPTIONS = Object.freeze({ format: 'gif', width: 480, height: 360 });

/**
 * Wires a Download GIF button: while the GIF is made, a Cancel GIF button takes its place (and the
 * focus), and a progress bar with the share done shows; the status line says when it starts, is
 * saved or is cancelled (not every percent: it is a live region).
 * @param {import('../host/playground.js').Playground} api
 * @param {HTMLButtonElement} button
 * @param {string} prefix The other ids: `${prefix}-cancel`, `${prefix}-progress` (the bar's line),
 *   `${prefix}-meter` (the <progress>), `${prefix}-percent`.
 * @param {HTMLElement} status
 * @returns {{cancel: () => void}} Stops the GIF being made, if one is.
 */
function wireGifButton(api, button, prefix, status) {
  const cancel = /** @type {HTMLButtonElement} */ (byId(`${prefix}-cancel`));
  const line = byId(`${prefix}-progress`);
  const meter = /** @type {HTMLProgressElement} */ (byId(`${prefix}-meter`));
  const percent = byId(`${prefix}-percent`);
  /** @type {AbortController | null} */
  let running = null;
  cancel.addEventListener('click', () => running?.abort());
  button.addEventListener('click', async () => {
    if (running) return;
    const controller = new AbortController();
    running = controller;
    const scene = api.getState().scene;
    /** @param {number} done */
    const show = (done) => {
      const whole = Math.floor(done * 100);
      meter.value = whole;
      percent.textContent = `GIF: ${whole} %`;
    };
    show(0);
    button.hidden = true;
    cancel.hidden = false;
    line.hidden = false;
    cancel.focus();
    status.textContent = 'Making the GIF…';
    try {
      const blob = await api.exportAnimation({ ...GIF_OPTIONS, signal: controller.signal, onProgress: show });
      downloadBlob(blob, `ik2d-${scene}.gif`);
      status.textContent = `GIF saved (${Math.round(blob.size / 1024)} KB).`;
    } catch (error) {
      status.textContent = error instanceof DOMException && error.name === 'AbortError'
        ? 'GIF cancelled.'
        : `Could not make the GIF: ${error instanceof Error ? error.message : String(error)}`;
    } finally {
      running = null;
      const hadFocus = document.activeElement === cancel;
      line.hidden = true;
      cancel.hidden = true;
      button.hidden = false;
      if (hadFocus || !document.activeElement || document.activeElement === document.body) button.focus();
    }
  });
  return { cancel: () => running?.abort() };
}

/**
 * The Copy embed code dialog: the author picks an iframe or the <ik2d-scene> element and the page
 * params (theme, transparency, how it starts, readouts, the link out) and copies the snippet, which
 * follows every choice. The kind picked stays picked while the page is open.
 * @param {import('../host/playground.js').Playground} api
 * @param {() => string} linkQuery The current link query (scene and page params).
 * @param {import('../scenes/index.js').SceneDefinition[]} scenes
 */
function openEmbedDialog(api, linkQuery, scenes) {
  const dialog = /** @type {HTMLDialogElement} */ (byId('embed-dialog'));
  const code = /** @type {HTMLTextAreaElement} */ (byId('embed-code'));
  const state = api.getState();
  // The playground's own page params are where the author starts.
  let choices = applyPageParams(defaultPage(), Object.fromEntries(PAGE_PARAMS.map((spec) => [spec.name, state[spec.name]]))).page;
  const sceneQuery = linkQuery().split('&').filter((part) => !pageParam(decodeURIComponent(part.split('=')[0]))).join('&');
  const title = `ik2d: ${scenes.find((s) => s.id === state.scene)?.title ?? 'playground'}`;
  const kind = /** @type {HTMLFieldSetElement} */ (byId('embed-kind'));
  const show = () => {
    const shared = pageQuery(choices);
    const query = shared ? `${sceneQuery}&${shared}` : sceneQuery;
    if (/** @type {HTMLInputElement | null} */ (kind.querySelector('input:checked'))?.value === 'element') {
      code.value = elementSnippet({ script: new URL('ik2d-element.js', location.href).href, query, poster });
      return;
    }
    const colorScheme = choices.transparent ? { light: 'light', dark: 'dark', auto: 'light dark' }[choices.theme] : undefined;
    code.value = embedSnippet({ src: embedUrl(query, location.href), title, colorScheme });
  };
  // The figure as it is now, as the element's poster (an SVG export: it comes a moment later).
  let poster = '';
  api.exportImage('svg').then((blob) => blob.text()).then((svg) => {
    poster = posterSvg(svg, byId('scene-description').textContent ?? '');
    show();
  }).catch((error) => console.error(error));
  kind.onchange = show;
  const controls = buildControls(byId('embed-options'), PAGE_PARAMS, (name, value) => {
    choices = applyPageParams(choices, { [name]: value }).page;
    show();
  });
  controls.update(/** @type {Record<string, import('../model/settings.js').ParamValue>} */ (/** @type {unknown} */ (choices)));
  show();
  byId('embed-status').replaceChildren();
  byId('embed-gif-status').replaceChildren();
  byId('embed-copy').onclick = () => copyText(code.value, byId('embed-status'), 'Embed code');
  dialog.showModal();
}

async function boot() {
  // Listen before anything else, so a host's early messages are queued rather than lost.
  const messages = startMessageApi();
  byId('notice-dismiss').addEventListener('click', () => showNotices([]));
  // Which scene the link asks for (stand-ins are enough to read its id), while the solver and every
  // scene's code (the tabs) load.
  const wanted = parseLink(location.search, SCENE_IDS.map(sceneStub));

  let ik;
  /** @type {import('../scenes/index.js').SceneDefinition[]} */
  let scenes;
  try {
    // Each scene runs on the WebAssembly module it needs (scenes/catalog.js, solvers.js): the arm
    // and the chain on ik2d-core, the others on the core with their part. Only the first scene's
    // is started now; the others when a tab, setState or a host's message first asks for them.
    const [module, loaded] = await Promise.all([loadSolver(solverOf(wanted.scene.id)), loadScenes(SCENE_IDS)]);
    ik = module;
    scenes = SCENE_IDS.map((id) => loaded.find((definition) => definition.id === id) ?? sceneStub(id));
  } catch (error) {
    showFatal('The IK solver could not be loaded. Serve this folder over http(s) (browsers do not run '
      + 'WebAssembly from file:// pages) and keep the ik2d*.wasm files beside the ik2d*.js files.', error);
    console.error(error);
    return;
  }
  // Gone before the first frame is drawn: the overlays lay their labels out around what covers the
  // canvas, and a frame drawn under the loading message put them outside it. (In WebKit that frame
  // was still the one shown at html[data-ready]: its first resize report comes a frame later.)
  byId('loading').hidden = true;

  const { scene, partial, notices } = parseLink(location.search, scenes);

  let ready = false;
  /** @type {ReturnType<typeof createSceneHost> | null} */
  let playground = null;

  /** The current link query, without "?" (v, scene and the non-default values). */
  const linkQuery = () => new URL(playground?.api.shareLink() ?? location.href).search.slice(1);
  const shareLink = () => playgroundUrl(linkQuery(), location.href);
  const openLink = document.getElementById('open-playground');
  // The address bar (and the "open in playground" link) in step with the state.
  const address = createAddressSync(() => `?${linkQuery()}`, () => openLink?.setAttribute('href', shareLink()));

  playground = createSceneHost({
    scenes,
    scene,
    elements: {
      canvas: byId('view'),
      readouts: byId('readouts'),
      playButton: /** @type {HTMLButtonElement | null} */ (document.getElementById('play')),
      description: byId('scene-description'),
      announcer: byId('scene-announcer'),
    },
    panel: (host) => createPanel(host, {
      tabs: document.getElementById('scene-tabs'),
      tabPanel: byId('scene-panel'),
      title: byId('scene-title'),
      summary: byId('scene-summary'),
      hints: byId('hints'),
      controls: byId('controls'),
      tools: byId('scene-tools'),
    }, scenes),
    onNotices: showNotices,
    onChange() {
      const status = document.getElementById('copy-status');
      if (status) status.replaceChildren();
      if (!ready) return;
      messages.changed();
      address.changed();
    },
  });

  notices.push(...playground.apply(partial));
  showNotices(notices);

  const { api, reset } = playground;
  // Pictures dropped on the bones (they stay in this page: picture-drop.js).
  wirePictureDrop({ canvas: byId('view'), playground, showNotices, removeButton: /** @type {HTMLButtonElement | null} */ (document.getElementById('remove-pictures')) });
  document.getElementById('reset')?.addEventListener('click', reset);
  const status = document.getElementById('copy-status');
  if (status) {
    byId('copy-link').addEventListener('click', () => copyText(shareLink(), status, 'Link'));
    byId('copy-embed').addEventListener('click', () => openEmbedDialog(api, linkQuery, scenes));
  }
  for (const format of /** @type {const} */ (['png', 'svg'])) {
    document.getElementById(`download-${format}`)?.addEventListener('click', async () => {
      const scene = api.getState().scene;
      try {
        downloadBlob(await api.exportImage(format), `ik2d-${scene}.${format}`);
      } catch (error) {
        if (status) status.textContent = `Could not make the ${format.toUpperCase()}: ${error instanceof Error ? error.message : String(error)}`;
      }
    });
  }
  if (status) {
    wireGifButton(api, byId('download-gif'), 'gif', status);
    const dialogGif = wireGifButton(api, byId('embed-gif'), 'embed-gif', byId('embed-gif-status'));
    // Its progress shows only in the dialog: closing the dialog stops it.
    byId('embed-dialog').addEventListener('close', dialogGif.cancel);
  }
  const version = document.getElementById('version');
  if (version) version.textContent = `ik2d ${ik.version}`;

  const exported = Object.freeze({ ...api, shareLink });
  Object.defineProperty(window, 'playground', { value: exported, enumerable: true });
  if (openLink) openLink.setAttribute('href', shareLink());
  // The loop's first frame (asked for when the playground started) draws the link's state; this
  // callback, asked for after it, runs right after it in the same frame.
  requestAnimationFrame(() => {
    ready = true;
    document.documentElement.dataset.ready = 'true';
    messages.connect(playground.messageTarget(wanted.page.origin, shareLink));
  });
}

boot().catch((error) => {
  showFatal('The playground failed to start.', error);
  console.error(error);
});
