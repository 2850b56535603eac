// harness.mjs: what every browser test file shares. Serves dist/ with sirv on an ephemeral
// 127.0.0.1 port, launches Debian's Chromium through playwright-core (the Chromium driver and
// npm run screenshot), and reads the playground in a page of any engine (engines/page.mjs).
//
// Contents: paths and server · browser · readiness · helpers run in the page · assertions

import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import sirv from 'sirv';
import { withDeepQuery } from './engines/page.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const distDir = path.resolve(here, '..', '..', 'dist');
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Chromium flags that work on a headless machine with no outside network. */
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic',
];

/**
 * Serves dist/ on 127.0.0.1 with an ephemeral port.
 * @param {{prefix?: string, headScript?: string, folders?: Record<string, string>, missing?: string[]}} [options] prefix:
 *   serve under this sub-path (e.g. "/docs/demo/"), 404 elsewhere. headScript: a JS file served at
 *   HEAD_SCRIPT_URL and loaded first in every HTML page's <head>, folders' too (the WebKit
 *   driver's console recorder; same-origin, so the page's CSP allows it). folders: more folders served beside dist/,
 *   by URL path (e.g. {'/blog/': '/tmp/site'}: a host page on the embeds' own origin). missing:
 *   file names under dist/ answered with 404 (a host that lost ik2d.wasm).
 * @returns {Promise<{url: string, close: () => Promise<void>}>} url ends with "/" (and the prefix).
 */
export async function startServer({ prefix = '/', headScript, folders = {}, missing = [] } = {}) {
  if (!existsSync(path.join(distDir, 'ik2d.js')) || !existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`${path.join(distDir, 'ik2d.js')} or index.html is missing: run npm run build first`);
  }
  const files = sirv(distDir, { dev: true });
  const extra = Object.entries(folders).map(([at, folder]) => /** @type {const} */ ([at, sirv(folder, { dev: true })]));
  // A large header limit: links.test.mjs opens a 20 KB link (Node's default limit is 16 KB).
  const server = http.createServer({ maxHeaderSize: 64 * 1024 }, (request, response) => {
    const other = extra.find(([at]) => request.url?.startsWith(at));
    if (other) {
      request.url = `/${request.url?.slice(other[0].length)}`;
      if (headScript && serveWithHeadScript(request, response, headScript, folders[other[0]])) return;
      other[1](request, response, () => {
        response.statusCode = 404;
        response.end('not found');
      });
      return;
    }
    if (!request.url?.startsWith(prefix)) {
      response.statusCode = 404;
      response.end('not under the served prefix');
      return;
    }
    request.url = `/${request.url.slice(prefix.length)}`;
    if (missing.includes(new URL(request.url, 'http://x').pathname.slice(1))) {
      response.statusCode = 404;
      response.end('missing');
      return;
    }
    if (headScript && serveWithHeadScript(request, response, headScript, distDir)) return;
    files(request, response, () => {
      response.statusCode = 404;
      response.end('not found');
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${address.port}${prefix}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** Where startServer's headScript is served, relative to the prefix. */
export const HEAD_SCRIPT_URL = '__test-head-script.js';

/**
 * Serves the head script itself, or an HTML page of `root` with it linked first in <head>.
 * @param {http.IncomingMessage} request
 * @param {http.ServerResponse} response
 * @param {string} headScript
 * @param {string} root The folder the request's path is in.
 * @returns {boolean} Whether the request was answered here.
 */
function serveWithHeadScript(request, response, headScript, root) {
  const pathname = new URL(request.url ?? '/', 'http://x').pathname;
  if (pathname.endsWith(`/${HEAD_SCRIPT_URL}`)) {
    response.setHeader('Content-Type', 'text/javascript');
    response.end(readFileSync(headScript));
    return true;
  }
  const file = path.join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
  if (!file.endsWith('.html') || !file.startsWith(root) || !existsSync(file)) return false;
  response.setHeader('Content-Type', 'text/html; charset=utf-8');
  response.end(withHeadScript(readFileSync(file, 'utf8')));
  return true;
}

/**
 * An HTML page with the head script linked first in its <head> (engines/outside.mjs does the same
 * for another server's pages).
 * @param {string} html
 */
export function withHeadScript(html) {
  return html.replace('<head>', `<head>\n  <script src="${HEAD_SCRIPT_URL}"></script>`);
}

/**
 * Launches headless Chromium ($CHROME_PATH or /usr/bin/chromium).
 * @param {string[]} [extraArgs] More Chromium flags (the soak adds memory and gc flags).
 * @returns {Promise<import('playwright-core').Browser>}
 */
export function launchBrowser(extraArgs = []) {
  const executablePath = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!existsSync(executablePath)) {
    throw new Error(`No Chromium at ${executablePath}: install it (apt-get install chromium) or set CHROME_PATH`);
  }
  return chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...extraArgs] });
}

/**
 * Serves one folder on 127.0.0.1 with an ephemeral port: a host page on another origin than the
 * embeds (another port).
 * @param {string} folder
 * @param {{headScript?: string}} [options] As startServer's: loaded first in every HTML page.
 * @returns {Promise<{url: string, close: () => Promise<void>}>} url ends with "/".
 */
export async function serveFolder(folder, { headScript } = {}) {
  const files = sirv(folder, { dev: true });
  const server = http.createServer((request, response) => {
    if (headScript && serveWithHeadScript(request, response, headScript, folder)) return;
    files(request, response, () => {
      response.statusCode = 404;
      response.end('not found');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/**
 * Runs axe-core (npm) in a page or frame and returns its serious and critical violations, as
 * "rule: target" lines (empty when there are none).
 * @param {{evaluate: (fn: Function, arg?: any) => Promise<any>}} target A Playwright page or frame,
 *   or an engine page (engines/page.mjs).
 */
export async function seriousAxeViolations(target) {
  // As a function the driver calls (not a <script>), so the page's CSP does not apply.
  await target.evaluate(new Function(`${readFileSync(axePath, 'utf8')}\nreturn typeof window.axe;`));
  const violations = await target.evaluate(() => /** @type {any} */ (window).axe.run(document, {
    resultTypes: ['violations'],
  }).then((/** @type {any} */ result) => result.violations.map((/** @type {any} */ v) => ({
    id: v.id, impact: v.impact, nodes: v.nodes.map((/** @type {any} */ n) => `${n.target.join(' ')}: ${n.failureSummary}`),
  }))));
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id} (${v.impact}): ${node}`));
}

/**
 * Waits for the page's readiness signal (html[data-ready="true"]); fails fast on 'error'.
 * @param {import('playwright-core').Page} page
 */
async function waitReady_(page) {
  await page.waitForSelector('html[data-ready]', { state: 'attached', timeout: 15000 });
  const ready = await page.evaluate(() => document.documentElement.dataset.ready);
  if (ready !== 'true') {
    const message = await page.textContent('#fatal-message');
    throw new Error(`The playground did not start (data-ready=${ready}): ${message}`);
  }
}
export { waitReady_ as waitReady };

// Helpers run in the page ----------------------------------------------------------------------

/**
 * The playground's state.
 * @param {import('playwright-core').Page} page
 * @returns {Promise<any>}
 */
export function getState(page) {
  return page.evaluate(() => window.playground.getState());
}

// Applies a partial state and returns the notices; a scene not loaded yet is loaded first.
export { setState } from './engines/calls.mjs';

// A real drag from one world point to another, in a number of pointer moves.
export { dragWorld } from './engines/calls.mjs';

/**
 * Back to the scene's defaults as a reader gets there: a held pointer released, the scene paused
 * (or running), the Reset button pressed (it rebuilds the scene). Returns the state after.
 * @param {import('./engines/page.mjs').EnginePage} page
 * @param {{running?: boolean}} [options]
 * @returns {Promise<any>}
 */
export async function pressReset(page, { running = false } = {}) {
  await page.mouse.up().catch(() => {});
  await page.evaluate((run) => (run ? window.playground.resume() : window.playground.pause()), running);
  await page.getByRole('button', { name: 'Reset' }).click();
  return getState(page);
}

/**
 * A key pressed on the scene as a reader does it: the canvas focused, then the key.
 * @param {import('./engines/page.mjs').EnginePage} page
 * @param {string} key
 */
export async function pressOnScene(page, key) {
  await page.locator('#view').focus();
  await page.keyboard.press(key);
}

/**
 * The overlay turned on as a reader does it: O pressed on the scene; asserts the state says so.
 * @param {import('./engines/page.mjs').EnginePage} page
 */
export async function pressOverlayOn(page) {
  await pressOnScene(page, 'o');
  assert.equal((await getState(page)).params.overlay, true, 'O turns the overlay on');
}

/**
 * Where a world point is in the viewport (CSS pixels).
 * @param {import('playwright-core').Page} page
 * @param {{x: number, y: number}} point
 * @returns {Promise<{x: number, y: number}>}
 */
export function worldToClient(page, point) {
  return page.evaluate((p) => window.playground.worldToClient(p), point);
}

/**
 * Runs `count` of the page's animation frames: the clock a test counts by to say that something
 * did not happen (a paused scene's time, a frozen pose, no problems while a scene runs), where a
 * fixed time would prove less on a slow machine and cost more on a fast one.
 * @param {{evaluate: Function}} page A page or a frame of the engine drivers.
 * @param {number} count
 */
export function runFrames(page, count = 10) {
  return page.evaluate((n) => new Promise((resolve) => {
    let left = n;
    const tick = () => (--left > 0 ? requestAnimationFrame(tick) : resolve(undefined));
    requestAnimationFrame(tick);
  }), count);
}

/**
 * Waits for two animation frames, so whatever was scheduled has been drawn.
 * @param {import('playwright-core').Page} page
 */
export function nextFrames(page) {
  return page.evaluate(() => new Promise((resolve) => {
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined)));
  }));
}

/**
 * The canvas pixel under a world point, as [r, g, b, a] (read from the backing store).
 * @param {import('playwright-core').Page} page
 * @param {{x: number, y: number}} point
 * @returns {Promise<number[]>}
 */
export function pixelAt(page, point) {
  return page.evaluate(withDeepQuery((p) => {
    const canvas = /** @type {HTMLCanvasElement} */ (deepQuery('#view'));
    const rect = canvas.getBoundingClientRect();
    const client = window.playground.worldToClient(p);
    const x = Math.floor(((client.x - rect.left) * canvas.width) / rect.width);
    const y = Math.floor(((client.y - rect.top) * canvas.height) / rect.height);
    // Copy through a scratch canvas: reading the page's own canvas back repeatedly makes Chromium
    // warn (willReadFrequently), and the test must not cause the warnings it checks for.
    const scratch = document.createElement('canvas');
    scratch.width = 1;
    scratch.height = 1;
    const context = /** @type {CanvasRenderingContext2D} */ (scratch.getContext('2d', { willReadFrequently: true }));
    context.drawImage(canvas, x, y, 1, 1, 0, 0, 1, 1);
    return Array.from(context.getImageData(0, 0, 1, 1).data);
  }), point);
}

/**
 * A cheap fingerprint of everything on the canvas (changes when any pixel changes, in practice).
 * @param {import('playwright-core').Page} page
 * @returns {Promise<string>}
 */
export function canvasFingerprint(page) {
  return page.evaluate(withDeepQuery(() => {
    const canvas = /** @type {HTMLCanvasElement} */ (deepQuery('#view'));
    const scratch = document.createElement('canvas'); // See pixelAt() for why a copy.
    scratch.width = canvas.width;
    scratch.height = canvas.height;
    const context = /** @type {CanvasRenderingContext2D} */ (scratch.getContext('2d', { willReadFrequently: true }));
    context.drawImage(canvas, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let a = 2166136261;
    let b = 0;
    for (let i = 0; i < data.length; i += 1) {
      a = Math.imul(a ^ data[i], 16777619) >>> 0;
      b = (b + data[i] * ((i % 251) + 1)) % 4294967291;
    }
    return `${canvas.width}x${canvas.height}:${a.toString(16)}:${b.toString(16)}`;
  }));
}

// Assertions -----------------------------------------------------------------------------------

/**
 * Asserts |actual − expected| ≤ tolerance with a message naming what was compared.
 * @param {number} actual
 * @param {number} expected
 * @param {number} tolerance
 * @param {string} what
 */
export function assertClose(actual, expected, tolerance, what) {
  assert.ok(Number.isFinite(actual), `${what}: expected a finite number, got ${actual}`);
  assert.ok(Math.abs(actual - expected) <= tolerance,
    `${what}: expected ${expected} ± ${tolerance}, got ${actual}`);
}

/**
 * Asserts what a scene's state holds as its page opens: it survives JSON, names the scene, and
 * each field of `defaults` (params, target, ...) is deep-equal to the scene's default.
 * @param {any} state
 * @param {string} scene
 * @param {Record<string, unknown>} defaults
 */
export function assertFreshState(state, scene, defaults) {
  assert.deepEqual(JSON.parse(JSON.stringify(state)), state, 'getState() is JSON-serializable');
  assert.equal(state.scene, scene);
  for (const [key, value] of Object.entries(defaults)) assert.deepEqual(state[key], value, `the default ${key}`);
}

/**
 * World units per CSS pixel at the current view (one pixel's worth of error, in world units).
 * @param {import('playwright-core').Page} page
 * @returns {Promise<number>}
 */
export async function worldPerPixel(page) {
  const a = await worldToClient(page, { x: 0, y: 0 });
  const b = await worldToClient(page, { x: 100, y: 0 });
  return 100 / (b.x - a.x);
}

/**
 * Parses a readout such as "−91.8°" or "110.00, 90.00" into numbers.
 * @param {string} text
 * @returns {number[]}
 */
export function parseReadout(text) {
  return text.replace(/\u2212/g, '-').replace(/°/g, '').split(',').map((part) => Number(part.trim()));
}

/**
 * The text of a readout ("status", "angle1"...).
 * @param {import('playwright-core').Page} page
 * @param {string} name
 * @returns {Promise<string>}
 */
export async function readout(page, name) {
  return (await page.textContent(`[data-readout="${name}"]`)) ?? '';
}

