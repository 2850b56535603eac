// index.mjs: the three engines behind one interface, for tests written once and run per engine.
//
//   forEachEngine({ page: '?scene=chain' }, ({ name, test }) => {   // one describe block per engine
//     test('...', async ({ engine, url, page }, t) => { ... });       // engine launched, page open
//     test('a finger ...', { needs: ['touchInput'] }, async ({ page }) => { ... }); // registered only where it can run
//   });
//   forEachEngine({}, ({ test, withPage }) => {                        // no block page: one per test
//     test('...', () => withPage('?scene=arm', {}, async (page) => { ... }));
//   });
//
// Set IK2D_ENGINES=firefox,webkit to run only some while developing.
import assert from 'node:assert/strict';
import { after, before, describe, test as nodeTest } from 'node:test';
import { serveFolder, startServer } from '../harness.mjs';
import { pageOpener } from './calls.mjs';
import { CHROMIUM_CAN, launchChromium } from './chromium.mjs';
import { FIREFOX_CAN, launchFirefox } from './firefox.mjs';
import { MIN_WIDTH as WEBKIT_MIN_WIDTH, RECORDER, WEBKIT_CAN, launchWebKit } from './webkit.mjs';

/**
 * @typedef {import('./page.mjs').EnginePage} EnginePage
 * @typedef {import('./page.mjs').OpenOptions} OpenOptions
 * @typedef {Object} Engine
 * @property {'chromium' | 'firefox' | 'webkit'} name
 * @property {{touch: boolean, touchInput: boolean, touchPan: boolean, hideTab: boolean, colorScheme: boolean, reducedMotion: boolean, readClipboard: boolean, deviceScaleFactor: boolean, initScript: boolean}} can
 *   What it can do: emulate a touch device (coarse pointer, touch events), give the page real touch
 *   input (pointerType 'touch'; Chromium only on a page opened with touch), pan the page by a
 *   finger's swipe (touchPan: Chromium; Firefox's touch actions never pan it), hide a page as a
 *   background tab or minimised window does (hideTab: setTabHidden), emulate a colour
 *   scheme and reduced motion (at launch), let a page read the clipboard without asking (on a
 *   page opened with clipboard: true), emulate a device pixel ratio (deviceScaleFactor when opening,
 *   setDeviceScaleFactor after), run a script in every document before the page's own (initScript).
 * @property {number} minWidth The narrowest viewport it can open, CSS px (0: any).
 * @property {(url: string, options?: OpenOptions) => Promise<EnginePage>} openPage Opens a page (and,
 *   unless waitReady is false, waits for the playground to be ready).
 * @property {() => Promise<void>} close For a lease (launchEngine): closes the pages it opened.
 * @property {() => Promise<boolean>} alive Whether the browser still answers.
 */

const LAUNCHERS = { chromium: launchChromium, firefox: launchFirefox, webkit: launchWebKit };

/** @type {Array<keyof typeof LAUNCHERS>} */
const ALL_ENGINES = ['chromium', 'firefox', 'webkit'];

/** The engines to run: all, or those named in IK2D_ENGINES. */
const ENGINES = process.env.IK2D_ENGINES
  ? /** @type {Array<keyof typeof LAUNCHERS>} */ (process.env.IK2D_ENGINES.split(',').map((name) => name.trim()))
  : ALL_ENGINES;
/**
 * The engines the tests marked `once` are spread over (IK2D_ONCE_ENGINES, default ENGINES): each
 * runs in one of them, picked by its title, so that no engine's run carries them all. npm test runs
 * one process per engine and names the same list in each.
 */
const ONCE_ENGINES = /** @type {Array<keyof typeof LAUNCHERS>} */ (
  (process.env.IK2D_ONCE_ENGINES?.trim() || ENGINES.join(',')).split(',').map((name) => name.trim()));

for (const name of [...ENGINES, ...ONCE_ENGINES]) {
  if (!(name in LAUNCHERS)) throw new Error(`IK2D_ENGINES names an unknown engine "${name}" (known: ${ALL_ENGINES.join(', ')})`);
}

/** How long a test may run before it fails (node:test's timeout), ms: nothing waits forever. */
const TEST_TIMEOUT = 3 * 60 * 1000;

/** How long launching an engine may take, ms (WebKit on a busy 2-core machine takes some 20 s). */
const LAUNCH_TIMEOUT = 2 * 60 * 1000;

/**
 * The engines launched in this process, by name and preferences. Launching is the slowest step of a
 * browser test, so every block (and every file, when one process runs many: suite.mjs) shares one
 * browser per engine and preferences, each block with its own pages.
 * @type {Map<string, {engine: Promise<Engine>, leases: number}>}
 */
const launched = new Map();

/** Whether a launched engine stays open when its last lease closes (until closeEngines). */
let keepOpen = false;

/**
 * Keeps launched engines open across blocks and files until the returned function closes them: for a
 * process that runs many test files (suite.mjs registers it as its last hook).
 * @returns {() => Promise<void>}
 */
export function keepEnginesOpen() {
  keepOpen = true;
  return closeEngines;
}

/** Closes every engine launched in this process. */
async function closeEngines() {
  const engines = [...launched.values()];
  launched.clear();
  await Promise.allSettled(engines.map(async (entry) => (await entry.engine).close()));
}

/**
 * Rejects after `ms` with a message naming `what`, unless `promise` settles first.
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @param {string} what
 * @returns {Promise<T>}
 */
function within(promise, ms, what) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const late = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what} took over ${ms / 1000} s`)), ms); });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * The engine launched for `key`, launched now if there is none or the one there has died (a
 * crashed browser fails the block it crashed in, not every block after it).
 * @param {string} key
 * @param {() => Promise<Engine>} launch
 */
async function sharedEngine(key, launch) {
  const entry = launched.get(key);
  if (entry) {
    const engine = await entry.engine.catch(() => undefined);
    if (engine && await engine.alive()) return entry;
    launched.delete(key);
    await engine?.close().catch(() => {});
  }
  const fresh = { engine: within(launch(), LAUNCH_TIMEOUT, `launching ${key}`), leases: 0 };
  launched.set(key, fresh);
  fresh.engine.catch(() => { if (launched.get(key) === fresh) launched.delete(key); });
  await fresh.engine;
  return fresh;
}

/**
 * An engine for a block or a test: the process's shared browser for this name and preferences
 * (launched on first use), as a lease whose openPage waits for the playground unless told not to and
 * whose close() closes the pages it opened. The browser itself closes with its last lease, or, after
 * keepEnginesOpen, with the process.
 * @param {keyof typeof LAUNCHERS} name
 * @param {{colorScheme?: 'light' | 'dark', reducedMotion?: boolean, measureMemory?: boolean, compositing?: boolean}} [preferences] For the
 *   whole browser. compositing: WebKit only (others ignore it), its accelerated compositing on, as
 *   users have it (webkit.mjs, BROWSER_ENV: off by default here, where it runs on software GL).
 *   measureMemory: Chromium only (others ignore it), pages get gc() and a precise
 *   performance.memory.
 * @returns {Promise<Engine>}
 */
export async function launchEngine(name, preferences = {}) {
  const { colorScheme = 'light', reducedMotion = false, measureMemory = false, compositing = false } = preferences;
  const key = `${name} (${colorScheme}${reducedMotion ? ', reduced motion' : ''}${measureMemory && name === 'chromium' ? ', memory' : ''}${compositing && name === 'webkit' ? ', compositing' : ''})`;
  const entry = await sharedEngine(key, () => LAUNCHERS[name]({ colorScheme, reducedMotion, measureMemory, compositing }));
  const engine = await entry.engine;
  entry.leases += 1;
  /** @type {Set<EnginePage>} Pages this lease opened and has not closed. */
  const pages = new Set();
  let closed = false;
  return {
    ...engine,
    async openPage(url, { waitReady = true, ...options } = {}) {
      if (options.touch && !engine.can.touch) throw new Error(`${name} cannot emulate touch: skip this test there`);
      const page = await engine.openPage(url, options);
      pages.add(page);
      const closePage = page.close.bind(page);
      page.close = async () => {
        pages.delete(page);
        await closePage();
      };
      if (waitReady) await page.waitReady();
      return page;
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([...pages].map((page) => within(page.close(), 10000, `closing a ${name} page`)));
      entry.leases -= 1;
      if (entry.leases === 0 && !keepOpen && launched.get(key) === entry) {
        launched.delete(key);
        await within(engine.close(), 20000, `closing ${key}`).catch(() => {});
      }
    },
  };
}

/**
 * Serves dist/ for an engine (startServer), with the WebKit driver's console recorder for WebKit.
 * @param {keyof typeof LAUNCHERS} name
 * @param {Parameters<typeof startServer>[0]} [options]
 */
export function serveFor(name, options = {}) {
  return startServer(name === 'webkit' ? { ...options, headScript: RECORDER } : options);
}

/**
 * Serves a folder on another port (serveFolder: a host page on another origin than the embeds),
 * with the WebKit driver's console recorder in its HTML pages for WebKit.
 * @param {keyof typeof LAUNCHERS} name
 * @param {string} folder
 */
export function serveFolderFor(name, folder) {
  return serveFolder(folder, name === 'webkit' ? { headScript: RECORDER } : {});
}

/** What an engine cannot do, as whyNot says it (engine.can's names). */
const CANNOT = {
  touch: 'cannot emulate a touch device (coarse pointer, touch events)',
  touchInput: 'its driver\'s touch actions reach the page as mouse events (pointerType \'mouse\'), so a finger cannot be tested there',
  touchPan: 'a finger\'s swipe never pans the page through its driver',
  hideTab: 'cannot hide a page as a background tab does (headless Chromium keeps every tab visible: document.hidden stays false)',
  colorScheme: 'cannot emulate a colour scheme (MiniBrowser has no such setting through WebKitWebDriver)',
  reducedMotion: 'cannot emulate reduced motion (MiniBrowser has no such setting through WebKitWebDriver)',
  readClipboard: 'cannot let a page read the clipboard without asking',
  deviceScaleFactor: 'cannot emulate a device pixel ratio',
  initScript: 'cannot run a script before the page\'s own (classic WebDriver has no init script)',
};

/** What each engine can do (engine.can and minWidth), known before it is launched. */
const CAPABILITIES = {
  chromium: { can: CHROMIUM_CAN, minWidth: 0 },
  firefox: { can: FIREFOX_CAN, minWidth: 0 },
  webkit: { can: WEBKIT_CAN, minWidth: WEBKIT_MIN_WIDTH },
};

/**
 * Why an engine lacks what a test needs, or false when it has it.
 * @param {keyof typeof LAUNCHERS} name
 * @param {{needs?: Array<keyof typeof CANNOT>, width?: number}} requirements
 * @returns {string | false}
 */
function lacks(name, { needs = [], width }) {
  const missing = needs.filter((capability) => !CAPABILITIES[name].can[capability]);
  if (missing.length > 0) return `${name}: ${missing.map((capability) => CANNOT[capability]).join('; ')}`;
  if (width !== undefined && width < CAPABILITIES[name].minWidth) {
    return `${name}: its window cannot be narrower than ${CAPABILITIES[name].minWidth} px (MiniBrowser's toolbar), ${width} px asked`;
  }
  return false;
}

/**
 * The engine of ONCE_ENGINES a `once` test runs in: among those that can run it, `prefer` if it is
 * one, else one picked by a hash of its title (the same in every process).
 * @param {string} title
 * @param {{needs?: Array<keyof typeof CANNOT>, width?: number}} requirements
 * @param {keyof typeof LAUNCHERS} [prefer]
 */
function onceEngine(title, requirements, prefer) {
  const able = ONCE_ENGINES.filter((name) => !lacks(name, requirements));
  if (prefer && able.includes(prefer)) return prefer;
  let hash = 0;
  for (const char of title) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return able.length > 0 ? able[hash % able.length] : ONCE_ENGINES[0];
}

/**
 * The engine of ONCE_ENGINES a file marked `once` runs in (forEachEngine's once): `prefer` when it is
 * one of them (npm test spreads such files over its quicker engines by naming one for each), else
 * the first.
 * @param {keyof typeof LAUNCHERS | undefined} prefer
 */
function onceFileEngine(prefer) {
  return prefer && ONCE_ENGINES.includes(prefer) ? prefer : ONCE_ENGINES[0];
}

/**
 * Whether this process runs a block marked once with this preference (forEachEngine's once, prefer),
 * and if not, which engine does: for work a file does outside its blocks (building a host app).
 * @param {keyof typeof LAUNCHERS} prefer
 * @returns {{here: boolean, engine: keyof typeof LAUNCHERS}}
 */
export function onceHere(prefer) {
  const engine = onceFileEngine(prefer);
  return { here: ENGINES.includes(engine), engine };
}

/**
 * Why a test cannot run in an engine, or false when it can.
 * @param {keyof typeof LAUNCHERS} name
 * @param {string} title The test's title.
 * @param {{needs?: Array<keyof typeof CANNOT>, width?: number, onlyIn?: string, once?: string, prefer?: keyof typeof LAUNCHERS}} requirements
 *   needs: capabilities; width: the narrowest window the test needs; onlyIn: "engine: why", the one
 *   engine it can run in; once: why one engine is enough (what it checks is the page's own JS or
 *   the core, the same in every engine): it runs in one engine of ONCE_ENGINES (onceEngine),
 *   `prefer` where it can.
 * @returns {string | false}
 */
function whyNot(name, title, { needs = [], width, onlyIn, once, prefer }) {
  if (onlyIn !== undefined) {
    const [engine, why] = onlyIn.split(/:\s*(.*)/s, 2);
    if (name !== engine) return `${name}: runs in ${engine} only: ${why}`;
  }
  if (once !== undefined) {
    const chosen = onceEngine(title, { needs, width }, prefer);
    if (name !== chosen) return `${name}: checked once, in ${chosen}: ${once}`;
  }
  return lacks(name, { needs, width });
}

/**
 * @typedef {Object} EngineEnv What forEachEngine's tests are handed (set once the block has started).
 * @property {keyof typeof LAUNCHERS} name
 * @property {Engine} engine Launched for the block (unless launch is false).
 * @property {string} url Where dist/ is served, ending with "/".
 * @property {EnginePage} page With the page option: the block's one page of the playground.
 * @typedef {import('node:test').TestOptions & {needs?: Array<keyof typeof CANNOT>, width?: number, onlyIn?: string, once?: string, prefer?: keyof typeof LAUNCHERS}} EngineTestOptions
 *   needs, width, onlyIn, once and prefer: see whyNot (the test is not registered in an engine that
 *   cannot or need not run it).
 * @typedef {(env: EngineEnv, t: import('node:test').TestContext) => unknown} EngineTestFn
 * @typedef {(title: string, options: EngineTestOptions | EngineTestFn, fn?: EngineTestFn) => void} EngineTest
 */

/**
 * Registers a browser test file's tests once per engine in ENGINES, each engine in a describe block
 * named after it (and `title`). Unless launch is false the block serves dist/ (for WebKit with its
 * console recorder) and launches the engine before its tests, and with `page` opens that page of the
 * playground for them, closing all after; when no test of the block runs here nothing is launched.
 * body({name, test, env, withPage}) registers the tests: test(title, [options], (env, t) => ...), where
 * options add `needs`, `width`, `onlyIn` and `once` to node:test's (whyNot); env is the same object,
 * for helpers of the block; withPage(query, options, body) opens a page of the block's engine for
 * one test and closes it after (pageOpener).
 * @param {{title?: string, page?: string, launch?: boolean, assign?: (env: EngineEnv) => void, once?: string, prefer?: keyof typeof LAUNCHERS}} options
 *   page: the query appended to the page URL ("" for the playground as it opens); assign: handed env
 *   once launched (for a file whose helpers keep the page in their own variables). once: why one
 *   engine is enough for every test of the block (what they check is the page's own JS and the
 *   core, the same in every engine): the block runs in one engine of ONCE_ENGINES, `prefer` where
 *   it is one of them (onceFileEngine), and its tests are registered there alone.
 * @param {(block: {name: keyof typeof LAUNCHERS, test: EngineTest, env: EngineEnv, withPage: ReturnType<typeof pageOpener>}) => void} body
 */
export function forEachEngine({ title, page: query, launch = true, assign, once: blockOnce, prefer }, body) {
  const blockEngine = blockOnce === undefined ? undefined : onceFileEngine(prefer);
  for (const name of ENGINES) {
    describe(title ? `${name}: ${title}` : name, () => {
      const env = /** @type {EngineEnv} */ ({ name });
      let runsAny = false;
      /** @type {Awaited<ReturnType<typeof startServer>> | undefined} */
      let server;
      // Registered first, so the body's own hooks run with the engine launched and close before it.
      if (launch) {
        before(async () => {
          if (!runsAny) return;
          server = await serveFor(name);
          env.url = server.url;
          env.engine = await launchEngine(name);
          if (query !== undefined) env.page = await env.engine.openPage(`${env.url}${query}`);
          assign?.(env);
        }, { timeout: LAUNCH_TIMEOUT + 60000 });
      }
      /** @type {EngineTest} */
      const test = (testTitle, options, fn) => {
        const [{ needs, width, onlyIn, once, prefer: testPrefer, ...rest }, run] = typeof options === 'function' ? [{}, options] : [options, /** @type {EngineTestFn} */ (fn)];
        // A block that runs once makes each of its tests once, in the block's engine where it can.
        // A test is registered only where it runs: an engine that cannot, or need not, run it
        // leaves it out (docs/testing.md's matrix says where each runs and why).
        const skip = rest.skip || whyNot(name, testTitle, {
          needs, width, onlyIn, once: blockOnce ?? once, prefer: blockEngine ?? testPrefer,
        });
        if (skip) return;
        runsAny = true;
        nodeTest(testTitle, { timeout: TEST_TIMEOUT, ...rest }, (t) => run(env, t));
      };
      body({ name, test, env, withPage: pageOpener(() => env) });
      if (launch) {
        // Each step whatever the others did: a page of a crashed browser cannot close, and its
        // server must close all the same, or the process never ends.
        after(async () => {
          await Promise.allSettled([env.page?.close()]);
          await Promise.allSettled([env.engine?.close(), server?.close()]);
        });
      }
    });
  }
}

/**
 * Fails if the page logged an error or warning, threw, had a failed request or opened a dialog.
 * @param {EnginePage} page
 */
export async function assertNoProblems(page) {
  assert.deepEqual(await page.problemList(), [], `${page.engine}: no console errors/warnings, page errors, failed requests or dialogs`);
}
