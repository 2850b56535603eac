// page.mjs: opening the playground in Chromium for the browser benchmarks (stress.mjs,
// creatures.mjs): a fresh context, its console errors and warnings and uncaught errors collected,
// then wait until the playground is ready; then let it run and record its animation frames.
import { waitReady } from '../../tests/browser/harness.mjs';

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
 * rasterization), then records every animation frame's time in the page; frameTimes() reads them.
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
 * The animation frames' times (ms) recorded since startRunning().
 * @param {import('playwright-core').Page} page
 * @returns {Promise<number[]>}
 */
export function frameTimes(page) {
  return page.evaluate(() => /** @type {number[]} */ (/** @type {any} */ (window).benchFrames));
}
