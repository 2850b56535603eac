// calls.mjs: the playground calls the engine-neutral tests make (window.playground through
// page.evaluate), and a page per test, for test files written once and run in every engine.
import assert from 'node:assert/strict';

import { withDeepQuery } from './page.mjs';
/** @typedef {import('./page.mjs').EnginePage} EnginePage */

/** @param {EnginePage} page */
export const getState = (page) => page.evaluate(() => window.playground.getState());

/**
 * Calls setState, then gives the page its next frame, where it draws the change (panels and
 * controls included), as a reader would see it.
 * @param {EnginePage} page @param {Record<string, unknown>} partial @returns {Promise<string[]>} Notices.
 */
export const setState = async (page, partial) => {
  const notices = await page.evaluate(async (p) => {
    // A scene not loaded yet (its code, its WebAssembly module) is loaded first, as a host's message would.
    if (typeof p?.scene === 'string') await window.playground.prepareScene(p.scene);
    return window.playground.setState(p);
  }, partial);
  await page.nextFrame();
  return notices;
};

/** Viewport CSS px of a world point. @param {EnginePage} page @param {{x: number, y: number}} point */
export const worldToClient = (page, point) => page.evaluate((p) => window.playground.worldToClient(p), point);

/** World units per CSS pixel. @param {EnginePage} page */
export const worldPerPixel = (page) => page.evaluate(() => {
  const a = window.playground.worldToClient({ x: 0, y: 0 });
  return 100 / (window.playground.worldToClient({ x: 100, y: 0 }).x - a.x);
});

/** The notices the page shows, as text. @param {EnginePage} page @returns {Promise<string[]>} */
export const shownNotices = (page) => page.evaluate(
  withDeepQuery(() => [...deepQuery('#notice-list')?.children ?? []].map((item) => item.textContent ?? '')));

/** @param {EnginePage} page */
export async function assertNoProblems(page) {
  assert.deepEqual(await page.problemList(), [], `${page.engine}: no console errors/warnings, page errors or failed requests`);
}

/**
 * A real drag (the engine's native pointer) from one world point to another.
 * @param {EnginePage} page
 * @param {{x: number, y: number}} from World units.
 * @param {{x: number, y: number}} to
 * @param {number} [steps] Pointer moves from `from` to `to` (EnginePage.drag's default when left out).
 */
export async function dragWorld(page, from, to, steps) {
  await page.drag([await worldToClient(page, from), await worldToClient(page, to)], steps);
}

/**
 * Opens `address` in a new page of `engine`, runs `body(page)`, and closes the page even when the
 * body fails.
 * @param {import('./index.mjs').Engine} engine
 * @param {string} address
 * @param {import('./page.mjs').OpenOptions | ((page: EnginePage) => Promise<void>)} options Or the body.
 * @param {(page: EnginePage) => Promise<void>} [body]
 */
export async function inPage(engine, address, options, body) {
  const [openOptions, run] = typeof options === 'function' ? [undefined, options] : [options, /** @type {(page: EnginePage) => Promise<void>} */ (body)];
  const page = await engine.openPage(address, openOptions);
  try {
    await run(page);
  } finally {
    await page.close();
  }
}

/**
 * Opens a share link as a page and as an embed (embed.html, the canvas alone), running
 * `body(reader, address)` in each: both must show what the link holds.
 * @param {import('./index.mjs').Engine} engine
 * @param {string} link
 * @param {(reader: EnginePage, address: string) => Promise<void>} body
 */
export async function inPageAndEmbed(engine, link, body) {
  for (const address of [link, link.replace('/?', '/embed.html?')]) await inPage(engine, address, (reader) => body(reader, address));
}

/**
 * Asserts a share link has each of `parts` ("key=value").
 * @param {string} link
 * @param {string[]} parts
 */
export function assertLinkHas(link, parts) {
  for (const part of parts) assert.ok(link.includes(part), `the link has ${part}: ${link}`);
}

/**
 * Returns `withPage(query, options, body)`: opens a page of the served dist/ in the engine `use()`
 * gives, runs `body(page, url)`, and closes it even when the body fails.
 * @param {() => {engine: import('./index.mjs').Engine, url: string}} use
 */
export function pageOpener(use) {
  /**
   * @param {string} query
   * @param {import('./page.mjs').OpenOptions} options
   * @param {(page: EnginePage, url: string) => Promise<void>} body
   */
  return async (query, options, body) => {
    const { engine, url } = use();
    await inPage(engine, `${url}${query}`, options, (page) => body(page, url));
  };
}

/**
 * A link's determinism: opens `link` paused in two new pages, runs `steps` fixed steps in each and
 * asserts that what `read` takes from their states is the same.
 * @param {import('./index.mjs').Engine} engine
 * @param {string} link
 * @param {number} steps
 * @param {(state: any) => unknown} read
 * @param {string} what Named in the failure.
 */
export async function assertSameAfterSteps(engine, link, steps, read, what) {
  const twins = [await engine.openPage(`${link}&play=paused`), await engine.openPage(`${link}&play=paused`)];
  try {
    const states = [];
    for (const twin of twins) {
      await twin.evaluate((n) => window.playground.step(n), steps);
      states.push(read(await getState(twin)));
    }
    assert.deepEqual(states[0], states[1], `two pages, one link, ${steps} steps: the same ${what}`);
  } finally {
    for (const twin of twins) await twin.close();
  }
}
