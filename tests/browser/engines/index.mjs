// index.mjs: the three engines behind one interface, for tests written once and run per engine.
//
//   for (const name of ENGINES) describe(name, () => {
//     const engine = useEngine(name);            // launched before, closed after
//     test('...', async () => { const page = await engine().openPage(url); ... });
//   });
//
// Set IK2D_ENGINES=firefox,webkit to run only some while developing.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { serveFolder, startServer } from '../harness.mjs';
import { launchChromium } from './chromium.mjs';
import { launchFirefox } from './firefox.mjs';
import { RECORDER, launchWebKit } from './webkit.mjs';

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
 * @property {() => Promise<void>} close
 */

const LAUNCHERS = { chromium: launchChromium, firefox: launchFirefox, webkit: launchWebKit };

/** @type {Array<keyof typeof LAUNCHERS>} */
export const ALL_ENGINES = ['chromium', 'firefox', 'webkit'];

/** The engines to run: all, or those named in IK2D_ENGINES. */
export const ENGINES = process.env.IK2D_ENGINES
  ? /** @type {Array<keyof typeof LAUNCHERS>} */ (process.env.IK2D_ENGINES.split(',').map((name) => name.trim()))
  : ALL_ENGINES;
for (const name of ENGINES) {
  if (!(name in LAUNCHERS)) throw new Error(`IK2D_ENGINES names an unknown engine "${name}" (known: ${ALL_ENGINES.join(', ')})`);
}

/**
 * Launches an engine; its openPage waits for the playground unless told not to.
 * @param {keyof typeof LAUNCHERS} name
 * @param {{colorScheme?: 'light' | 'dark', reducedMotion?: boolean, measureMemory?: boolean}} [preferences] For the
 *   whole browser. measureMemory: Chromium only (others ignore it), pages get gc() and a precise
 *   performance.memory.
 * @returns {Promise<Engine>}
 */
export async function launchEngine(name, preferences = {}) {
  const engine = await LAUNCHERS[name](preferences);
  const open = engine.openPage;
  return {
    ...engine,
    async openPage(url, { waitReady = true, ...options } = {}) {
      if (options.touch && !engine.can.touch) throw new Error(`${name} cannot emulate touch: skip this test there`);
      const page = await open(url, options);
      if (waitReady) await page.waitReady();
      return page;
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

/**
 * Registers before/after hooks that serve dist/ (for WebKit with its console recorder) and launch the
 * engine; returns a getter for both.
 * @param {keyof typeof LAUNCHERS} name
 * @param {(shared: {engine: Engine, url: string}) => void} [assign] Handed both once launched.
 * @returns {() => {engine: Engine, url: string}}
 */
export function useEngine(name, assign) {
  /** @type {{engine: Engine, url: string} | undefined} */
  let shared;
  /** @type {Awaited<ReturnType<typeof startServer>> | undefined} */
  let server;
  before(async () => {
    server = await serveFor(name);
    shared = { engine: await launchEngine(name), url: server.url };
    assign?.(shared);
  });
  after(async () => {
    await shared?.engine.close();
    await server?.close();
  });
  return () => {
    if (!shared) throw new Error(`${name} was not launched`);
    return shared;
  };
}

/**
 * useEngine plus one page of the playground for the whole describe block, opened before its tests
 * and closed after them; hands them to `assign` (so the file keeps its own variables).
 * @param {keyof typeof LAUNCHERS} name
 * @param {string} query Appended to the page URL, e.g. "?scene=chain" (or "").
 * @param {(shared: {engine: Engine, url: string, page: EnginePage}) => void} assign
 * @returns {() => {engine: Engine, url: string}}
 */
export function useEnginePage(name, query, assign) {
  /** @type {EnginePage | undefined} */
  let page;
  after(async () => { await page?.close(); }); // First: after hooks run in order, before the engine closes.
  const use = useEngine(name);
  before(async () => {
    const { engine, url } = use();
    page = await engine.openPage(`${url}${query}`);
    assign({ engine, url, page });
  });
  return use;
}

/**
 * Fails if the page logged an error or warning, threw, had a failed request or opened a dialog.
 * @param {EnginePage} page
 */
export async function assertNoProblems(page) {
  assert.deepEqual(await page.problemList(), [], `${page.engine}: no console errors/warnings, page errors, failed requests or dialogs`);
}
