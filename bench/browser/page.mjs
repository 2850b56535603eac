// page.mjs: opening the playground in Chromium for the browser benchmarks (stress.mjs,
// creatures.mjs): a fresh context, its console errors and warnings and uncaught errors collected,
// then wait until the playground is ready.
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
