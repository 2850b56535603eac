// index.mjs: the three engines behind one interface, for tests written once and run per engine.
//
//   for (const name of ENGINES) describe(name, () => {
//     const engine = useEngine(name);            // launched before, closed after
//     test('...', async () => { const page = await engine().openPage(url); ... });
//   });
//
// Set IK2D_ENGINES=firefox,webkit to run only some while developing.
import { after, before } from 'node:test';
import { startServer } from '../harness.mjs';
import { launchChromium } from './chromium.mjs';
import { launchFirefox } from './firefox.mjs';
import { RECORDER, launchWebKit } from './webkit.mjs';

/**
 * @typedef {import('./page.mjs').EnginePage} EnginePage
 * @typedef {import('./page.mjs').OpenOptions} OpenOptions
 * @typedef {Object} Engine
 * @property {'chromium' | 'firefox' | 'webkit'} name
 * @property {{touch: boolean, touchInput: boolean, colorScheme: boolean, reducedMotion: boolean}} can
 *   What it can do: emulate a touch device (coarse pointer, touch events), give the page real touch
 *   input (pointerType 'touch'; Chromium only on a page opened with touch), emulate a colour
 *   scheme and reduced motion (at launch).
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
 * @param {{colorScheme?: 'light' | 'dark', reducedMotion?: boolean}} [preferences] For the whole browser.
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
 * Registers before/after hooks that serve dist/ (for WebKit with its console recorder) and launch the
 * engine; returns a getter for both.
 * @param {keyof typeof LAUNCHERS} name
 * @returns {() => {engine: Engine, url: string}}
 */
export function useEngine(name) {
  /** @type {{engine: Engine, url: string} | undefined} */
  let shared;
  /** @type {Awaited<ReturnType<typeof startServer>> | undefined} */
  let server;
  before(async () => {
    server = await startServer(name === 'webkit' ? { headScript: RECORDER } : {});
    shared = { engine: await launchEngine(name), url: server.url };
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
