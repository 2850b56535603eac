// blog.test.mjs: a real blog. The snippets are copied from the playground's Copy embed code dialog
// (an arm with path=circle, a chain with readouts=1, a spider with play=click; light, and dark +
// transparent), pasted into a Markdown post, built with Hugo (a light and a dark layout) and
// served on 127.0.0.1 from the embeds' own origin and from another port. Read at 320, 390 (touch)
// and 1200 px: the shape, a swipe scrolling the post, a drag from a handle and a tap, no frames
// out of view, the theme and transparency, reduced motion, and no console errors anywhere.
// Set IK2D_SHOTS=<folder> to keep a screenshot of every post at every width.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { BLOG_EMBEDS, BLOG_LAYOUTS, buildBlog } from '../../scripts/lib/blog.mjs';
import {
  countAnimationFrames, launchBrowser, openPage, pixelAt, serveFolder, startServer, touchDrag,
} from './harness.mjs';

/** @type {{url: string, close: () => Promise<void>}} */
let server;
/** @type {{url: string, close: () => Promise<void>}} */
let other;
/** @type {import('playwright-core').Browser} */
let browser;
const folder = mkdtempSync(path.join(tmpdir(), 'ik2d-blog-'));
/** @type {Record<string, string>} */
let postPaths;
const shots = process.env.IK2D_SHOTS;

/**
 * Copies the snippet for one embed from the playground, as an author does: the scene set up by
 * its link, then Copy embed code, the choices in the dialog, Copy.
 * @param {import('playwright-core').Page} page
 * @param {typeof BLOG_EMBEDS[number]} embed
 * @param {'light' | 'dark'} theme
 */
async function copySnippet(page, embed, theme) {
  await page.goto(`${server.url}?${embed.query}`);
  await page.waitForSelector('html[data-ready="true"]');
  await page.getByRole('button', { name: 'Copy embed code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Embed this scene' });
  await dialog.getByRole('radio', { name: theme }).check();
  if (theme === 'dark') await dialog.getByRole('switch', { name: /Transparent background/ }).check();
  if (embed.page.readouts) await dialog.getByRole('switch', { name: /Readouts in the embed/ }).check();
  if (embed.page.play) await dialog.getByRole('radio', { name: embed.page.play }).check();
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await page.waitForFunction(() => document.getElementById('embed-status')?.textContent === 'Embed code copied.');
  return page.evaluate(() => navigator.clipboard.readText());
}

before(async () => {
  server = await startServer({ folders: { '/blog/': path.join(folder, 'public') } });
  browser = await launchBrowser();
  const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  /** @type {Record<string, string[]>} */
  const snippets = { light: [], dark: [] };
  for (const theme of BLOG_LAYOUTS) {
    for (const embed of BLOG_EMBEDS) snippets[theme].push(await copySnippet(page, embed, theme));
  }
  await context.close();
  const built = buildBlog(folder, /** @type {any} */ (snippets));
  postPaths = built.paths;
  other = await serveFolder(built.public);
});
after(async () => {
  await browser?.close();
  await server?.close();
  await other?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The post's URL from the embeds' own origin, or from another port. */
const postUrl = (layout, origin) => `${origin === 'same' ? `${server.url}blog/` : other.url}${postPaths[layout]}`;

/**
 * Opens a post, scrolls each embed into view (they load lazily) and waits until all are ready.
 * @returns {Promise<{opened: import('./harness.mjs').OpenedPage, frames: import('playwright-core').Frame[]}>}
 */
async function openPost(layout, origin, options) {
  const opened = await openPage(browser, postUrl(layout, origin), { waitReady: false, ...options });
  const frames = [];
  for (const element of await opened.page.$$('iframe')) {
    await element.scrollIntoViewIfNeeded();
    const frame = await element.contentFrame();
    assert.ok(frame);
    await frame.waitForSelector('html[data-ready="true"]', { timeout: 20000 });
    frames.push(frame);
  }
  await opened.page.evaluate(() => scrollTo(0, 0));
  return { opened, frames };
}

test('the snippet as copied: 4:3, full column width up to 640 px, the page params written once', async () => {
  const opened = await openPage(browser, postUrl('dark', 'same'), { waitReady: false });
  try {
    const sources = await opened.page.$$eval('iframe', (frames) => frames.map((frame) => frame.getAttribute('src')));
    // The spider walks while the author sets up the snippet: its link says where it stands (`at`),
    // wherever that was when Copy was pressed.
    assert.deepEqual(sources.map((src) => src?.replace(/&at=-?[\d.]+/, '')), [
      `${server.url}embed.html?v=1&scene=arm&path=circle&theme=dark&transparent=1`,
      `${server.url}embed.html?v=1&scene=chain&theme=dark&transparent=1&readouts=1`,
      `${server.url}embed.html?v=1&scene=spider&theme=dark&transparent=1&play=click`,
    ]);
    assert.equal(await opened.page.getAttribute('iframe', 'style'),
      'border:0;display:block;width:100%;max-width:640px;height:auto;aspect-ratio:640/480;color-scheme:dark');
  } finally {
    await opened.context.close();
  }
});

for (const layout of BLOG_LAYOUTS) {
  for (const [width, touch] of [[320, false], [390, true], [1200, false]]) {
    test(`${layout} post at ${width} px${touch ? ' (touch)' : ''}: every embed is 4:3 across the column, themed, with no errors`, async () => {
      const { opened, frames } = await openPost(layout, 'same', {
        viewport: { width, height: 800 }, hasTouch: touch, isMobile: touch,
      });
      const { page } = opened;
      try {
        const boxes = await page.$$eval('iframe', (elements) => elements.map((element) => {
          const rect = element.getBoundingClientRect();
          return { width: rect.width, height: rect.height, column: /** @type {Element} */ (element.parentElement).clientWidth };
        }));
        for (const box of boxes) {
          assert.equal(box.width, Math.min(640, box.column), `${width}: as wide as the column (${box.column}), at most 640`);
          assert.ok(Math.abs(box.height - (box.width * 3) / 4) <= 1, `${width}: 4:3, got ${box.width}×${box.height}`);
        }
        if (width === 320) assert.deepEqual([boxes[0].width, boxes[0].height], [320, 240], 'a 320 px column gives 320×240');
        for (const [i, frame] of frames.entries()) {
          const inside = await frame.evaluate(() => {
            const rect = document.getElementById('view')?.getBoundingClientRect();
            return { theme: document.documentElement.dataset.theme, innerWidth, innerHeight, canvasWidth: rect?.width };
          });
          assert.equal(inside.theme, layout, `embed ${i} follows the post's theme`);
          assert.equal(inside.canvasWidth, inside.innerWidth, `embed ${i} fills its iframe edge to edge`);
        }
        // The embeds' own background: opaque light on the light post, none on the dark one.
        const corner = await pixelAt(frames[0], { x: -275, y: -175 }); // Inside a grid cell.
        if (layout === 'light') assert.ok(corner[3] === 255 && corner[0] > 240, `light, opaque: ${corner}`);
        else assert.equal(corner[3], 0, 'dark post: the embed is see-through');
        // The spider waits for a click; the chain shows its readouts.
        assert.equal(await frames[2].isVisible('#play'), true, 'play=click: a play control');
        assert.equal(await frames[2].evaluate(() => window.playground.getState().time), 0);
        assert.equal(await frames[1].isVisible('[data-readout="status"]'), true, 'readouts=1');
        if (shots) {
          mkdirSync(shots, { recursive: true });
          await page.screenshot({ path: path.join(shots, `blog-${layout}-${width}.png`), fullPage: true });
        }
        assert.deepEqual(opened.problems, []);
      } finally {
        await opened.context.close();
      }
    });
  }
}

/**
 * A touch point in the host page's coordinates for a world point in an embed.
 * @param {import('playwright-core').Page} page
 * @param {import('playwright-core').Frame} frame
 * @param {string} id The iframe's index among the page's iframes, as a CSS selector part.
 * @param {{x: number, y: number}} world
 */
async function hostPoint(page, frame, id, world) {
  const box = await page.locator('iframe').nth(Number(id)).boundingBox();
  const at = await frame.evaluate((p) => window.playground.worldToClient(p), world);
  assert.ok(box);
  return { x: box.x + at.x, y: box.y + at.y };
}

for (const origin of ['same', 'other']) {
  test(`touch at 390 px (${origin === 'same' ? 'same origin' : 'another port'}): a swipe over an embed scrolls the post; a drag from a handle moves it; a tap moves the target`, async () => {
    const { opened, frames } = await openPost('light', origin, { viewport: { width: 390, height: 700 }, hasTouch: true, isMobile: true });
    const { page } = opened;
    try {
      // The arm, its target circling: a swipe from a spot away from the handles.
      await page.locator('iframe').nth(0).scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      const before = await page.evaluate(() => scrollY);
      const from = await hostPoint(page, frames[0], '0', { x: -270, y: -170 });
      await touchDrag(opened, from, { x: from.x, y: from.y - 220 }, 12);
      await page.waitForTimeout(300);
      const scrolled = await page.evaluate(() => scrollY) - before;
      assert.ok(scrolled > 120, `the post scrolled by the swipe (${scrolled} px)`);
      assert.equal((await frames[0].evaluate(() => window.playground.getState())).params.path, 'circle', 'the target was not taken');

      // The chain: a drag that starts on its target moves the target, and the post stays.
      await page.locator('iframe').nth(1).scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      const still = await page.evaluate(() => scrollY);
      const target = (await frames[1].evaluate(() => window.playground.getState())).target;
      const grab = await hostPoint(page, frames[1], '1', target);
      const drop = await hostPoint(page, frames[1], '1', { x: target.x - 100, y: target.y - 120 });
      await touchDrag(opened, grab, drop, 12);
      const moved = (await frames[1].evaluate(() => window.playground.getState())).target;
      assert.ok(Math.abs(moved.x - (target.x - 100)) < 4 && Math.abs(moved.y - (target.y - 120)) < 4,
        `the handle followed the finger: ${JSON.stringify(moved)}`);
      assert.equal(await page.evaluate(() => scrollY), still, 'the post did not scroll under the drag');

      // A tap away from the handles moves the target there.
      const tapAt = await hostPoint(page, frames[1], '1', { x: 200, y: -150 });
      await page.touchscreen.tap(tapAt.x, tapAt.y);
      await frames[1].waitForFunction(() => {
        const { x, y } = window.playground.getState().target;
        return Math.abs(x - 200) < 4 && Math.abs(y + 150) < 4;
      }, null, { timeout: 3000 });
      assert.deepEqual(opened.problems, []);
    } finally {
      await opened.context.close();
    }
  });

  test(`1200 px (${origin === 'same' ? 'same origin' : 'another port'}): scrolled away, no embed runs a frame`, async () => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    await countAnimationFrames(context);
    const page = await context.newPage();
    try {
      await page.goto(postUrl('dark', origin));
      for (const element of await page.$$('iframe')) {
        await element.scrollIntoViewIfNeeded();
        await (await element.contentFrame())?.waitForSelector('html[data-ready="true"]', { timeout: 20000 });
      }
      const frames = await Promise.all((await page.$$('iframe')).map((element) => element.contentFrame()));
      await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
      assert.deepEqual(await page.$$eval('iframe', (elements) => elements.map((element) => element.getBoundingClientRect().bottom < 0)),
        [true, true, true], 'every embed is scrolled away');
      await page.waitForTimeout(400);
      const counts = () => Promise.all(frames.map((frame) => frame?.evaluate(() => /** @type {any} */ (window).__frames)));
      const left = await counts();
      await page.waitForTimeout(1500);
      assert.deepEqual(await counts(), left, 'animation frames out of view: 0 in each embed');
    } finally {
      await context.close();
    }
  });
}

test('reduced motion: the arm on its circle waits for the reader, with a play control', async () => {
  const { opened, frames } = await openPost('dark', 'other', { viewport: { width: 1200, height: 800 }, reducedMotion: 'reduce' });
  try {
    await opened.page.waitForTimeout(400);
    for (const frame of [frames[0], frames[2]]) {
      assert.equal(await frame.isVisible('#play'), true);
      assert.equal(await frame.evaluate(() => window.playground.getState().time), 0);
    }
    await frames[0].click('#play');
    await frames[0].waitForFunction(() => window.playground.getState().time > 0.1);
    assert.deepEqual(opened.problems, []);
  } finally {
    await opened.context.close();
  }
});
