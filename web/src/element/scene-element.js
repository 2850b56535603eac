/**
 * <ik2d-scene>: one scene in a host page without an iframe (dist/ik2d-element.js defines it with
 * the story elements: entries/element.js; the contract is docs/playground.md, "The <ik2d-scene>
 * element").
 *
 *   <ik2d-scene scene="chain" method="fabrik" bones="8" path="circle"></ik2d-scene>
 *
 * The embed view (embed.html) is a page that is one such element (entries/embed.js holds it for
 * the page, holdForPage, and defines it alone). The scene host (playground.js) runs on a canvas
 * and its parts in the element's shadow root, with the embed's input (a swipe not on a handle
 * scrolls the page), keys and accessible text. What differs from a page of its own:
 * - Every link key is an attribute of the same name (case does not matter: `openlink` is
 *   `openLink`), read as a link is (link.js): a bad value shows a plain-text notice in the element
 *   and changes nothing else. A changed attribute changes the scene; a removed one goes back to
 *   its default. Attributes every element has (class, id, style, data-*, aria-*...) are not link
 *   keys, nor is `playground`: where shareLink() and "Open in playground" lead (playgroundAddress()).
 * - The page state the embed keeps on <html> (data-theme, data-paused...) is on the element's
 *   frame in its shadow root; theme=auto follows the host page's color-scheme (hostScheme()).
 * - Events: `load` once the first frame is drawn; `statechange` (detail: getState()) when what a
 *   link would carry changes, at most every STATECHANGE_INTERVAL ms.
 * - Every element on a page shares one copy of each WebAssembly module (solvers.js) and one
 *   animation frame (loop.js requestFrame); out of view, an element's loop asks for no frames.
 * - Removed from the page, it stops and frees its scene; added again, it starts from the state it
 *   had (its link), unless an attribute changed meanwhile.
 * - `origin="https://blog.example"` opts in to the embed's postMessage API (embed-api.js): the
 *   page that frames the element's page (or any window of that origin) drives it as it drives an
 *   embed, and hears 'ik2d:ready' once it is drawn. Without it the element answers no messages. One
 *   element a page answers: a second naming an origin gives a notice.
 * - Child <img data-bone="N" [data-origin="x,y"]> elements are the author's pictures, drawn along
 *   bone N (bone-art.js); they are not shown as images (the shadow root has no slot). The element
 *   uses the <img> the host made and fetches nothing; a bad attribute or a broken picture gives a
 *   notice and draws nothing.
 */

import { ELEMENT_CSS } from './style.js';
import { startMessageApi } from '../host/embed-api.js';
import { formatParamText, parseLink } from '../model/link.js';
import { PAGE_PARAMS } from '../model/page-params.js';
import { createSceneHost } from '../host/playground.js';
import { SCENE_IDS, loadScenes, sceneStub, solverOf } from '../scenes/catalog.js';
import { describeValue, formatNumber } from '../model/settings.js';
import { loadSolver } from '../host/solvers.js';
import { createRateLimiter } from '../host/rate-limit.js';
import { showNoticesIn } from '../host/notices.js';
import { parseBoneIndex, parseOrigin } from '../draw/bone-art.js';
import { element } from '../draw/dom.js';
import { READOUTS, stageNodes } from '../draw/stage.js';
import { STORY } from '../story/access.js';
import { figureHighlight, figureParts } from '../story/highlight.js';
import { attachPoster } from '../story/posters.js';
import { syncChanged, syncJoined } from '../story/sync.js';

/** The element's name. */
export const TAG = 'ik2d-scene';

/** The attributes of a child <img> that make it a picture on a bone. */
const ART_ATTRIBUTES = ['data-bone', 'data-origin', 'src', 'srcset'];

/** An <img>'s source, short, for a notice. @param {HTMLImageElement} image */
function describeImage(image) {
  const src = image.getAttribute('src') ?? '';
  return `<img data-bone="${(image.getAttribute('data-bone') ?? '').slice(0, 40)}"${src ? ` src="${src.slice(0, 80)}"` : ''}>`;
}

/** Shortest time between two statechange events, ms (at most 10 a second). */
export const STATECHANGE_INTERVAL = 100;

/** The folder of the page files (dist/): the playground the element links to is its index.html. */
const SITE = new URL('../', import.meta.url).href;

/**
 * What a page that is one element gives it (embed.html: entries/embed.js), by element: it starts
 * from the page's link, its theme=auto follows the reader (the page's colours follow the
 * element), and the page hears when it is ready and when it changes.
 * @typedef {Object} PageHold
 * @property {string} query The link query it starts from (location.search without "?").
 * @property {(host: ReturnType<typeof createSceneHost>) => void} onReady After the first
 *   frame is drawn, before the load event.
 * @property {() => void} onChange After each change of the settings, as the host reports it.
 */

/** @type {WeakMap<HTMLElement, PageHold>} */
const pageHolds = new WeakMap();

/**
 * Makes `element` (an <ik2d-scene> not yet defined, or not yet connected) the page's own scene:
 * see PageHold. For embed.html alone; not public API.
 * @param {HTMLElement} element
 * @param {PageHold} hold
 */
export function holdForPage(element, hold) {
  pageHolds.set(element, hold);
}

/**
 * The element answering postMessage on this page (the first connected one with an `origin`): two
 * would both answer each message.
 * @type {HTMLElement | null}
 */
let answering = null;

/** Attributes any HTML element may carry: never link keys, never a notice. */
const GLOBAL_ATTRIBUTES = new Set([
  'accesskey', 'autocapitalize', 'autofocus', 'class', 'contenteditable', 'dir', 'draggable',
  'enterkeyhint', 'exportparts', 'hidden', 'id', 'inert', 'inputmode', 'is', 'itemid', 'itemprop',
  'itemref', 'itemscope', 'itemtype', 'lang', 'nonce', 'part', 'popover', 'role', 'slot',
  'spellcheck', 'style', 'tabindex', 'title', 'translate', 'writingsuggestions',
]);

/**
 * The element's own attributes, not link keys: `playground`, the address of the playground that
 * shareLink() and "Open in playground" lead to (by default index.html beside ik2d-element.js; a
 * bundler moves the script among the app's files, so a bundled app names it).
 */
const OWN_ATTRIBUTES = new Set(['playground', 'sync']);

/** @param {string} name An attribute's name: whether it can be a link key. */
function isLinkAttribute(name) {
  return !GLOBAL_ATTRIBUTES.has(name) && !OWN_ATTRIBUTES.has(name) && !/^(data-|aria-|on)/.test(name);
}

/**
 * The playground's address for an element: its `playground` attribute read as a URL (relative to
 * the host page), if it is an http(s) one; otherwise index.html beside ik2d-element.js.
 * @param {string | null} attribute
 * @returns {{url: URL, notice: string | null}}
 */
export function playgroundAddress(attribute) {
  const fallback = new URL('index.html', SITE);
  if (attribute === null) return { url: fallback, notice: null };
  let url = null;
  try {
    url = new URL(attribute, document.baseURI);
  } catch { /* Not a URL: said below. */ }
  if (url && (url.protocol === 'http:' || url.protocol === 'https:')) return { url, notice: null };
  return { url: fallback, notice: `Ignored playground=${describeValue(attribute)}: must be an http(s) address` };
}


/**
 * The shadow root's content: the stage (draw/stage.js, the pages' own) and the readouts' strip
 * in the embed view's frame, built with DOM calls: nothing from an attribute is ever HTML.
 */
function markup() {
  // data-embed: the stage is the embed view's (styles/embed.css), as in embed.html.
  const frame = element('div', 'frame');
  frame.setAttribute('part', 'frame');
  frame.dataset.embed = 'true';
  const bar = element('div', 'stage-bar');
  bar.append(stageNodes(document, READOUTS));
  frame.append(stageNodes(document), bar);
  return frame;
}

/** One stylesheet for every element on the page (adopted, so no inline <style>). */
let sheet = /** @type {CSSStyleSheet | null} */ (null);
function elementSheet() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(ELEMENT_CSS);
  }
  return sheet;
}

/**
 * The colours theme=auto follows in an element: the host page's color-scheme where the element
 * sits (its computed `color-scheme`, or the page's <meta name="color-scheme">): dark when it names
 * dark alone, light when light alone, else (both, or none) the reader's prefers-color-scheme. As a
 * MediaQueryList-like object (page-view.js): `matches` is true for dark; 'change' when that turns.
 * The host's changes are seen where they are made: attributes (a class, a style) on the element or
 * an ancestor, the page's <meta>, and the reader's preference.
 * @param {HTMLElement} host
 * @param {AbortSignal} signal
 */
function hostScheme(host, signal) {
  const reader = matchMedia('(prefers-color-scheme: dark)');
  const events = new EventTarget();
  const read = () => {
    let words = (getComputedStyle(host).colorScheme ?? '').trim().split(/\s+/);
    if (words.length === 0 || words[0] === 'normal' || words[0] === '') {
      const meta = document.querySelector('meta[name="color-scheme"]');
      words = (meta?.getAttribute('content') ?? '').trim().toLowerCase().split(/\s+/);
    }
    const dark = words.includes('dark');
    const light = words.includes('light');
    if (dark && !light) return true;
    if (light && !dark) return false;
    return reader.matches;
  };
  let matches = read();
  const check = () => {
    const now = read();
    if (now === matches) return;
    matches = now;
    events.dispatchEvent(new Event('change'));
  };
  reader.addEventListener('change', check, { signal });
  const observer = new MutationObserver(check);
  /** @type {Node | null} */
  let node = host;
  while (node) {
    if (node instanceof Element) observer.observe(node, { attributes: true });
    node = node.parentNode instanceof ShadowRoot ? node.parentNode.host : node.parentNode;
  }
  observer.observe(document.head ?? document.documentElement, { subtree: true, childList: true, attributes: true });
  signal.addEventListener('abort', () => observer.disconnect(), { once: true });
  return {
    get matches() { return matches; },
    addEventListener: events.addEventListener.bind(events),
  };
}

/**
 * The link text a key goes back to when its attribute is removed: the scene's default (a param's,
 * a point's, a page param's); undefined for keys without one (the scene's own state, unknown keys).
 * @param {import('../scenes/index.js').SceneDefinition} definition
 * @param {string} key
 */
function defaultText(definition, key) {
  const param = definition.params.find((spec) => spec.name === key);
  if (param) return formatParamText(param, param.default);
  const point = definition.points.find((spec) => spec.name === key);
  if (point) return `${formatNumber(point.default.x)},${formatNumber(point.default.y)}`;
  const page = PAGE_PARAMS.find((spec) => spec.name === key);
  if (page) return typeof page.default === 'boolean' ? (page.default ? '1' : '0') : String(page.default);
  return undefined;
}

/**
 * The link key an attribute names in a scene (attribute names are lower case; link keys such as
 * openLink or segmentLength are not).
 * @param {import('../scenes/index.js').SceneDefinition} definition
 * @param {string} name
 */
function linkKey(definition, name) {
  const keys = ['scene', 'v', ...definition.params.map((spec) => spec.name), ...definition.points.map((spec) => spec.name),
    ...(definition.state ?? []).map((spec) => spec.linkKey), ...PAGE_PARAMS.map((spec) => spec.name)];
  return keys.find((key) => key.toLowerCase() === name) ?? name;
}

export class Ik2dSceneElement extends HTMLElement {
  /** @type {ShadowRoot} */
  #root;
  /** @type {HTMLElement} */
  #frame;
  /** @type {ReturnType<typeof createSceneHost> | null} */
  #playground = null;
  /** @type {import('../scenes/index.js').SceneDefinition[]} */
  #scenes = [];
  /** Ends the running playground (or the load under way). */
  #controller = /** @type {AbortController | null} */ (null);
  /** The link query kept when the element was removed: added again, it starts there. */
  #saved = /** @type {string | null} */ (null);
  #loadFired = false;
  #ready = false;
  #lastLink = '';
  /** statechange, at most one an interval (#changed). */
  #statechange = createRateLimiter(STATECHANGE_INTERVAL, () => this.#emitChange());
  /** Attribute changes come one batch at a time, in order (a scene switch waits for its module). */
  #applying = Promise.resolve();
  /** The child pictures on the bones, as last read (bone-art.js). */
  /** @type {import('../draw/bone-art.js').BoneArt[]} */
  #art = [];
  /** The notices the pictures gave when last read (shown again only when they change). */
  #artNotices = '';
  /** The pictures whose load and error events read the pictures again (a new src loaded or failed). */
  /** @type {WeakSet<HTMLImageElement>} */
  #watched = new WeakSet();
  /** The postMessage API, while an `origin` attribute opts in to it. */
  /** @type {ReturnType<typeof startMessageApi> | null} */
  #messages = null;
  /** The page's hold when the element is a page's own scene (holdForPage), else null. */
  /** @type {PageHold | null} */
  #page = null;

  constructor() {
    super();
    this.#page = pageHolds.get(this) ?? null;
    if (this.#page) this.#saved = this.#page.query;
    // Manual slots: only the child with data-poster is shown (story/posters.js).
    this.#root = this.attachShadow({ mode: 'open', slotAssignment: 'manual' });
    this.#root.adoptedStyleSheets = [elementSheet()];
    this.#root.append(markup());
    attachPoster(this, this.#root);
    this.#frame = /** @type {HTMLElement} */ (this.#root.querySelector('.frame'));
    const open = this.#part('open-playground');
    open.setAttribute('href', playgroundAddress(this.getAttribute('playground')).url.href);
    // The scene moves by itself between two changes (a chain's pose on its path): the link is
    // brought up to date as it is followed.
    for (const type of ['pointerdown', 'focus', 'click']) open.addEventListener(type, () => this.#updateLink());
    this.#part('notice-dismiss').addEventListener('click', () => this.#showNotices([]));
    new MutationObserver((records) => this.#attributesChanged(records)).observe(this, { attributes: true, attributeOldValue: true });
    // The pictures on the bones: an <img> added, removed or changed.
    new MutationObserver(() => this.#readArt()).observe(this, {
      childList: true, subtree: true, attributes: true, attributeFilter: ART_ATTRIBUTES,
    });
  }

  /**
   * Reads the child <img data-bone> pictures: the ones loaded and valid go to the scene; a bad
   * data-bone or data-origin, or a picture that failed, gives a notice and draws nothing; one still
   * loading is read again when it has loaded.
   * @param {boolean} [show] Show the notices when they changed (else the caller shows them).
   * @returns {string[]} The notices.
   */
  #readArt(show = true) {
    /** @type {import('../draw/bone-art.js').BoneArt[]} */
    const art = [];
    /** @type {string[]} */
    const notices = [];
    for (const child of this.children) {
      if (!(child instanceof HTMLImageElement) || !child.hasAttribute('data-bone')) continue;
      const bone = parseBoneIndex(child.getAttribute('data-bone'));
      const origin = parseOrigin(child.getAttribute('data-origin'));
      if ('error' in bone || 'error' in origin) {
        notices.push(`Ignored ${describeImage(child)}: ${'error' in bone ? bone.error : /** @type {{error: string}} */ (origin).error}`);
        continue;
      }
      if (!this.#watched.has(child)) {
        // Read again when it loads or fails, now or after a new src (in Firefox an <img> whose src
        // just changed may still say complete, with the old picture's size, until then).
        this.#watched.add(child);
        const again = () => { if (child.parentNode === this) this.#readArt(); };
        child.addEventListener('load', again);
        child.addEventListener('error', again);
      }
      if (!child.complete) continue;
      if (!(child.naturalWidth > 0) || !(child.naturalHeight > 0)) {
        notices.push(`Ignored ${describeImage(child)}: the picture could not be loaded, or has no size`);
        continue;
      }
      art.push({ bone: bone.index, image: child, origin: origin.origin });
    }
    this.#art = art;
    this.#playground?.setArt(art);
    const said = notices.join('\n');
    if (said !== this.#artNotices) {
      this.#artNotices = said;
      if (show && notices.length) this.#showNotices(notices);
    }
    return notices;
  }

  /** @param {string} id A part of the stage (draw/stage.js) by its id. */
  #part(id) {
    return /** @type {HTMLElement} */ (this.#root.getElementById(id));
  }

  connectedCallback() {
    if (!this.#controller) this.#start();
  }

  disconnectedCallback() {
    // A move (removed and added in the same task) keeps running.
    queueMicrotask(() => {
      if (!this.isConnected) this.#stop();
    });
  }

  /**
   * The link query the attributes make, for a scene whose keys are known.
   * @param {import('../scenes/index.js').SceneDefinition} definition
   */
  #attributeQuery(definition) {
    const query = new URLSearchParams();
    for (const { name, value } of [...this.attributes]) {
      if (isLinkAttribute(name)) query.append(linkKey(definition, name), value);
    }
    return query.toString();
  }

  /** The scene id the `scene` attribute asks for, if it names a known scene. */
  #sceneAttribute() {
    const id = this.getAttribute('scene');
    return id !== null && SCENE_IDS.includes(id) ? id : null;
  }

  async #start() {
    const controller = new AbortController();
    this.#controller = controller;
    this.#ready = false;
    this.#frame.dataset.ready = 'false';
    this.#part('loading').hidden = false;
    /** @type {import('../scenes/index.js').SceneDefinition[]} */
    let scenes;
    let wanted = '';
    try {
      // The scene the attributes ask for (or the saved link's), loaded; again if `scene` changed meanwhile.
      for (;;) {
        wanted = (this.#saved !== null ? parseLink(this.#saved, SCENE_IDS.map(sceneStub)).scene.id : null)
          ?? this.#sceneAttribute() ?? SCENE_IDS[0];
        const [, loaded] = await Promise.all([loadSolver(solverOf(wanted)), loadScenes([wanted])]);
        if (controller.signal.aborted) return;
        scenes = SCENE_IDS.map((id) => loaded.find((definition) => definition.id === id) ?? sceneStub(id));
        const now = (this.#saved !== null ? wanted : null) ?? this.#sceneAttribute() ?? SCENE_IDS[0];
        if (now === wanted) break;
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      this.#showFatal('The IK solver could not be loaded. Serve ik2d-element.js and embed.html over http(s) '
        + '(browsers do not run WebAssembly from file:// pages), with the ik2d*.wasm files beside them.', error);
      console.error(error);
      return;
    }
    this.#scenes = scenes;
    this.#part('loading').hidden = true;
    const definition = /** @type {import('../scenes/index.js').SceneDefinition} */ (scenes.find((s) => s.id === wanted));
    const query = this.#saved ?? this.#attributeQuery(definition);
    this.#saved = null;
    const { scene, partial, notices } = parseLink(query, scenes);
    const canvas = /** @type {HTMLCanvasElement} */ (this.#part('view'));
    try {
      this.#playground = createSceneHost({
        scenes,
        scene,
        elements: {
          canvas,
          readouts: this.#part('readouts'),
          playButton: /** @type {HTMLButtonElement} */ (this.#part('play')),
          description: this.#part('scene-description'),
          announcer: this.#part('scene-announcer'),
        },
        touchScrolls: true,
        root: this.#frame,
        // A page's own scene follows the reader: the page's colours follow the element's.
        prefersDark: this.#page ? undefined : hostScheme(this, controller.signal),
        signal: controller.signal,
        onNotices: (shown) => this.#showNotices(shown),
        onChange: () => {
          this.#changed();
          this.#messages?.changed();
          this.#page?.onChange();
          if (this.#ready) syncChanged(this);
        },
        onRender: () => this.#rendered(),
      });
      notices.push(...this.#playground.apply(partial));
      this.#artNotices = '';
      notices.push(...this.#readArt(false));
    } catch (error) {
      this.#showFatal('The scene failed to start.', error);
      console.error(error);
      return;
    }
    const address = playgroundAddress(this.getAttribute('playground'));
    if (address.notice) notices.push(address.notice);
    this.#showNotices(notices);
    // apply() reported a change, which is the element's first state, not a change of it: no
    // statechange for it (a chain on its path would otherwise report its pose once it moved).
    this.#statechange.cancel();
    this.#lastLink = this.#playground.api.shareLink();
    this.#part('fatal').hidden = true;
    this.#updateLink();
  }

  #stop() {
    if (!this.#controller) return;
    this.#closeMessages();
    if (this.#playground) this.#saved = new URL(this.#playground.api.shareLink()).search.slice(1);
    this.#statechange.cancel();
    this.#controller.abort();
    this.#controller = null;
    this.#playground = null;
    this.#ready = false;
  }

  /** After each drawing: the first one makes the element ready (once: the load event). */
  #rendered() {
    if (this.#ready || !this.#playground) return;
    this.#ready = true;
    this.#frame.dataset.ready = 'true';
    queueMicrotask(() => syncJoined(this));
    this.#page?.onReady(this.#playground);
    const refused = this.#listen();
    if (refused.length) this.#showNotices(refused);
    if (!this.#loadFired) {
      this.#loadFired = true;
      queueMicrotask(() => this.dispatchEvent(new Event('load')));
    }
  }

  /**
   * Answers postMessage (embed-api.js) from the origin the `origin` attribute names, or stops;
   * the notices of a second element on the page that names one.
   * @returns {string[]}
   */
  #listen() {
    this.#closeMessages();
    const given = this.getAttribute('origin');
    const playground = this.#playground;
    if (given === null || !playground || !this.#ready) return [];
    // (A bad origin is the link reader's notice, shown with the other attributes'.)
    const { origin } = parseLink(new URLSearchParams({ origin: given }).toString(), this.#scenes).page;
    if (!origin) return [];
    if (answering?.isConnected) {
      return [`Ignored origin=${describeValue(given)}: another <${TAG}> on this page answers its messages (one element a page may)`];
    }
    answering = this;
    const messages = startMessageApi();
    this.#messages = messages;
    messages.connect(playground.messageTarget(origin, () => this.shareLink()));
    return [];
  }

  #closeMessages() {
    this.#messages?.close();
    this.#messages = null;
    if (answering === this) answering = null;
  }

  /** A settings change: a statechange once it settles, if the link changed, at most 10 a second. */
  #changed() {
    if (this.#playground) this.#statechange.poke();
  }

  /** Fires statechange if the link changed; false when it did not (nothing was said). */
  #emitChange() {
    if (!this.#playground) return false;
    const link = this.#playground.api.shareLink();
    if (link === this.#lastLink) return false;
    this.#lastLink = link;
    this.#updateLink();
    const detail = this.#playground.api.getState(); // May draw first: counted before the event.
    this.dispatchEvent(new CustomEvent('statechange', { detail }));
    return true;
  }

  /** Points "Open in playground" at the current state. */
  #updateLink() {
    const link = this.#part('open-playground');
    if (link && this.#playground) link.setAttribute('href', this.#playgroundLink(this.#playground.api));
  }

  /** @param {import('../host/playground.js').Playground} api */
  #playgroundLink(api) {
    return new URL(`?${new URL(api.shareLink()).search.slice(1)}`, playgroundAddress(this.getAttribute('playground')).url).href;
  }

  /** @param {MutationRecord[]} records */
  #attributesChanged(records) {
    const all = [...new Set(records.map((record) => /** @type {string} */ (record.attributeName)))];
    if (all.includes('sync') && this.#ready) syncJoined(this);
    if (all.includes('origin') && this.#ready) {
      const notices = this.#listen();
      if (notices.length) this.#showNotices(notices);
    }
    if (all.includes('playground') && this.#playground) {
      const { notice } = playgroundAddress(this.getAttribute('playground'));
      this.#updateLink();
      if (notice) this.#showNotices([notice]);
    }
    const names = all.filter(isLinkAttribute);
    if (names.length === 0) return;
    if (!this.#playground) {
      // Read when it starts; a removed element starts from its attributes now, not its old state.
      this.#saved = null;
      return;
    }
    this.#applying = this.#applying.then(() => this.#applyAttributes(names)).catch((error) => console.error(error));
  }

  /** @param {string[]} names Attributes that changed (the current values are read). */
  async #applyAttributes(names) {
    const playground = this.#playground;
    if (!playground) return;
    const current = /** @type {string} */ (playground.api.getState().scene);
    /** @type {string[]} */
    const notices = [];
    if (names.includes('scene')) {
      const asked = this.getAttribute('scene') ?? SCENE_IDS[0];
      if (!SCENE_IDS.includes(asked)) {
        notices.push(`Ignored scene=${describeValue(asked)}: unknown scene (available: ${SCENE_IDS.join(', ')})`);
      } else if (asked !== current) {
        try {
          await playground.prepareScene(asked);
        } catch (error) {
          this.#showNotices([`Could not load the ${asked} scene: ${error instanceof Error ? error.message : String(error)}`]);
          return;
        }
        if (this.#playground !== playground) return;
        // A new scene: every attribute, read as its link.
        const definition = /** @type {import('../scenes/index.js').SceneDefinition} */ (this.#scenes.find((s) => s.id === asked));
        const parsed = parseLink(this.#attributeQuery(definition), this.#scenes);
        notices.push(...parsed.notices, ...playground.apply({ ...parsed.partial, scene: asked }));
        this.#showNotices(notices);
        return;
      }
    }
    const definition = /** @type {import('../scenes/index.js').SceneDefinition} */ (this.#scenes.find((s) => s.id === current));
    const query = new URLSearchParams({ scene: current });
    for (const name of names.filter((n) => n !== 'scene')) {
      const key = linkKey(definition, name);
      const value = this.getAttribute(name) ?? defaultText(definition, key);
      if (value !== undefined) query.append(key, value);
    }
    if ([...query.keys()].length === 1) {
      if (notices.length) this.#showNotices(notices);
      return;
    }
    const parsed = parseLink(query.toString(), this.#scenes);
    notices.push(...parsed.notices, ...playground.apply(parsed.partial));
    if (notices.length) this.#showNotices(notices);
  }

  /**
   * Shows plain-text notices over the canvas (none: hidden).
   * @param {string[]} notices
   */
  #showNotices(notices) {
    showNoticesIn(this.#part('notices'), this.#part('notice-list'), notices);
  }

  /**
   * @param {string} message
   * @param {unknown} error
   */
  #showFatal(message, error) {
    this.#part('fatal-message').textContent = message;
    this.#part('fatal-detail').textContent = error instanceof Error ? error.message : String(error);
    this.#part('fatal').hidden = false;
    this.#part('loading').hidden = true;
    this.#frame.dataset.ready = 'error';
    this.dispatchEvent(new CustomEvent('error', { detail: { message } }));
  }

  /** The playground's API, or an error saying the element is not ready. @param {string} what */
  #api(what) {
    if (!this.#playground || !this.#ready) {
      throw new Error(`${TAG}.${what}: the scene is not loaded yet (wait for the element's load event)`);
    }
    return this.#playground.api;
  }

  /** A JSON snapshot of what is drawn (playground.getState()); null before the load event. */
  getState() {
    return this.#playground && this.#ready ? this.#playground.api.getState() : null;
  }

  /**
   * Applies any of scene params, points and page params, validated as a link is; returns the
   * notices (what was ignored or clamped). Before the load event: a notice, and nothing changes.
   * @param {unknown} partial
   * @returns {string[]}
   */
  setState(partial) {
    if (!this.#playground || !this.#ready) {
      return [`Ignored setState(): the scene is not loaded yet (wait for the element's load event)`];
    }
    return this.#playground.api.setState(partial);
  }

  /** The playground (dist/index.html beside ik2d-element.js) opened on this scene's current state. */
  shareLink() {
    return this.#playgroundLink(this.#api('shareLink'));
  }

  /**
   * What the canvas shows now, as a PNG or SVG (playground.exportImage).
   * @param {'png' | 'svg'} [format]
   */
  exportImage(format = 'png') {
    try {
      return this.#api('exportImage').exportImage(format);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * A GIF or WebM of the scene (playground.exportAnimation, animation.js).
   * @param {import('../host/animation.js').AnimationOptions} [options]
   */
  exportAnimation(options) {
    try {
      return this.#api('exportAnimation').exportAnimation(options);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /**
   * A world point → viewport CSS pixels (to place the host's own labels over the scene).
   * @param {{x: number, y: number}} point
   */
  worldToClient(point) {
    return this.#api('worldToClient').worldToClient(point);
  }

  /**
   * Viewport CSS pixels → a world point.
   * @param {{x: number, y: number}} point
   */
  clientToWorld(point) {
    return this.#api('clientToWorld').clientToWorld(point);
  }

  /** The scene's resource counters and the element's work (playground.stats()), for checks. */
  stats() {
    return this.#api('stats').stats();
  }

  /** The names of the figure's parts now (story/parts.js), for <ik2d-mark part> and highlight(). */
  parts() {
    this.#api('parts');
    return figureParts(this);
  }

  /**
   * Draws a part of the figure highlighted, as a mark does (null: the highlight from script off).
   * @param {string | null} part
   */
  highlight(part) {
    this.#api('highlight');
    figureHighlight(this, part);
  }

  /**
   * What the story elements (story/) read and do in this figure: not public API.
   * @returns {import('../story/access.js').FigureAccess}
   */
  [STORY]() {
    const api = this.#playground && this.#ready ? this.#playground.api : null;
    const id = api ? /** @type {string} */ (api.getState().scene) : null;
    const definition = this.#scenes.find((scene) => scene.id === id) ?? null;
    return {
      api,
      scenes: this.#scenes,
      definition,
      isLinkAttribute,
      linkKey: (name) => (definition ? linkKey(definition, name) : name),
      defaultText: (key) => (definition ? defaultText(definition, key) : undefined),
      attributeQuery: () => (definition ? this.#attributeQuery(definition) : ''),
      showNotices: (notices) => this.#showNotices(notices),
      root: this.#root,
      canvas: /** @type {HTMLCanvasElement} */ (this.#part('view')),
      bones: () => this.#playground?.bones() ?? [],
      draw: () => { this.#playground?.api.getState(); },
    };
  }
}

/** Defines <ik2d-scene>, once however often it is called (the story elements: entries/element.js). */
export function defineSceneElement() {
  if (!customElements.get(TAG)) customElements.define(TAG, Ik2dSceneElement);
}
