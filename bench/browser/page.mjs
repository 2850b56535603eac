// page.mjs: opening the playground in Chromium for the browser benchmarks (stress.mjs,
// creatures.mjs): a fresh context, its console errors and warnings and uncaught errors collected,
// then wait until the playground is ready; then let it run and record its animation frames. Also
// what both scripts share around that: Chromium on the served dist/, the table's number format,
// and running as a script.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { launchBrowser, startServer, waitReady } from '../../tests/browser/harness.mjs';

/**
 * Serves dist/ and launches headless Chromium, runs `body(browser, url)`, then closes both.
 * @template T
 * @param {(browser: import('playwright-core').Browser, url: string) => Promise<T>} body
 * @returns {Promise<T>}
 */
export async function withChromium(body) {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    return await body(browser, server.url);
  } finally {
    await browser.close();
    await server.close();
  }
}

/**
 * Milliseconds for a table: two decimals, a dash where nothing was measured.
 * @param {number} ms
 */
export function formatMs(ms) {
  return Number.isFinite(ms) ? ms.toFixed(2) : '–';
}

/**
 * Whether the module at `moduleUrl` is the script node was started with.
 * @param {string} moduleUrl import.meta.url
 */
export function isMain(moduleUrl) {
  return Boolean(process.argv[1]) && moduleUrl === pathToFileURL(path.resolve(process.argv[1])).href;
}

/**
 * Runs a benchmark script's work; on a failure prints it with the dist/ it serves (built by
 * `npm run build`) and exits with 1.
 * @param {string} moduleUrl import.meta.url of the script, named in the message
 * @param {() => Promise<unknown>} run
 */
export async function runOrExit(moduleUrl, run) {
  try {
    await run();
  } catch (error) {
    const file = path.relative(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'), fileURLToPath(moduleUrl));
    console.error(`${file} failed: ${/** @type {Error} */ (error).stack ?? error}`);
    console.error(`(serves ${path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist')}: run npm run build first if it is missing)`);
    process.exit(1);
  }
}

/**
 * Opens `url` in a fresh context of `browser` and waits until the playground is ready.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {import('playwright-core').BrowserContextOptions} [options]
 * @returns {Promise<{page: import('playwright-core').Page, context: import('playwright-core').BrowserContext, problems: string[]}>}
 */
export async function openPage(browser, url, options = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  /** @type {string[]} */
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.goto(url);
  await waitReady(page);
  return { page, context, problems };
}

/**
 * Lets the playground run, waits out a 1 s warm-up (JIT, first memory growth, first
 * rasterization), then records every animation frame's time in the page; framesPerSecond() reads them.
 * @param {import('playwright-core').Page} page
 */
export async function startRunning(page) {
  await page.evaluate(() => window.playground.resume());
  await page.waitForTimeout(1000);
  await page.evaluate(() => {
    const w = /** @type {any} */ (window);
    w.benchFrames = [];
    const tick = (/** @type {number} */ now) => {
      w.benchFrames.push(now);
      if (w.benchFrames.length < 100000) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

/**
 * Animation frames per second since startRunning() (NaN before the second frame).
 * @param {import('playwright-core').Page} page
 */
export async function framesPerSecond(page) {
  const frames = await page.evaluate(() => /** @type {number[]} */ (/** @type {any} */ (window).benchFrames));
  const elapsed = (frames[frames.length - 1] - frames[0]) / 1000;
  return frames.length > 1 ? (frames.length - 1) / elapsed : NaN;
}

/**
 * Collects a running page's timings for `seconds`. The page keeps only the last values of each
 * series (a bounded history), so every 0.5 s `read(page)` gives, per series, how many values were
 * made so far and the history; what is new since the last read is kept, and what the history lost
 * between two reads is counted. The first read only sets the starting point.
 * @param {import('playwright-core').Page} page
 * @param {number} seconds
 * @param {(page: import('playwright-core').Page) => Promise<Array<{made: number, history: number[]}>>} read
 * @returns {Promise<{series: number[][], lost: number}>} Each series' new values, in read()'s order.
 */
export async function collectTimings(page, seconds, read) {
  /** @type {number[][]} */
  const series = [];
  /** @type {number[] | null} */
  let seen = null;
  let lost = 0;
  const started = Date.now();
  while (Date.now() - started < seconds * 1000) {
    await page.waitForTimeout(500);
    const now = await read(page);
    now.forEach(({ made, history }, i) => {
      series[i] ??= [];
      if (!seen) return;
      const fresh = made - seen[i];
      if (fresh > history.length) lost += fresh - history.length;
      series[i].push(...history.slice(Math.max(0, history.length - fresh)));
    });
    seen = now.map(({ made }) => made);
  }
  return { series, lost };
}

/**
 * Pauses the playground, applies `partial` (setState) when given, runs 10 steps, then times 240
 * steps in one go: ms per step, fine-grained where one step is shorter than the page's clock tick.
 * @param {import('playwright-core').Page} page
 * @param {Record<string, unknown>} [partial]
 */
export function pausedStepMs(page, partial) {
  return page.evaluate((p) => {
    window.playground.pause();
    if (p) window.playground.setState(p);
    window.playground.step(10);
    const steps = 240;
    const t0 = performance.now();
    window.playground.step(steps);
    return (performance.now() - t0) / steps;
  }, partial);
}

/**
 * One row of a bench: opens `url` in a fresh 1280×800 page, lets it run (startRunning), collects
 * its timings for `seconds` (collectTimings with `read`), then takes the frame rate, the paused step
 * time (pausedStepMs with `partial`) and the playground's state, and closes the page.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {{seconds: number, read: Parameters<typeof collectTimings>[2], partial?: Record<string, unknown>}} options
 */
export async function runPage(browser, url, { seconds, read, partial }) {
  const opened = await openPage(browser, url, { viewport: { width: 1280, height: 800 } });
  const { page } = opened;
  try {
    await startRunning(page);
    const { series, lost } = await collectTimings(page, seconds, read);
    const fps = await framesPerSecond(page);
    const paused = await pausedStepMs(page, partial);
    const state = /** @type {any} */ (await page.evaluate(() => window.playground.getState()));
    return { series, lost, fps, paused, state, problems: opened.problems };
  } finally {
    await opened.context.close();
  }
}
