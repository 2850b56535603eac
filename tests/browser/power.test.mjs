// power.test.mjs: out of view a scene does no per-frame work and its time stops; back in view it
// goes on from where it stopped. Counted, not assumed: every animation-frame callback of every
// frame (cross-origin iframes included) is counted by an init script. A blog post with three
// embeds below the fold, served from the embeds' own origin and from another port (where Chromium
// would throttle cross-origin frames itself anyway), and the playground scrolled off on a phone.
// (A hidden tab is handled by the same code, visibilitychange; headless Chromium keeps every tab
// visible, so it is not driven here.)
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  assertNoProblems, countAnimationFrames, launchBrowser, openPage, serveFolder, startServer,
} from './harness.mjs';

/** @type {{url: string, close: () => Promise<void>}} */
let server;
/** @type {{url: string, close: () => Promise<void>}} */
let other;
/** @type {import('playwright-core').Browser} */
let browser;
const folder = mkdtempSync(path.join(tmpdir(), 'ik2d-power-'));

/** Seconds the embeds are left out of view. */
const AWAY_MS = 2000;

/**
 * A long post with three embeds well below the first screen.
 * @param {string} embeds The embeds' base URL.
 */
function post(embeds) {
  const filler = Array.from({ length: 30 }, (_, i) => `<p>Paragraph ${i} of the introduction, before any scene.</p>`).join('');
  const frame = (query, id) => `<iframe id="${id}" src="${embeds}embed.html?v=1&amp;${query}" title="ik2d ${id}" `
    + 'width="640" height="480" style="border:0;display:block;width:100%;max-width:640px;height:auto;aspect-ratio:640/480"></iframe>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Post</title><link rel="icon" href="data:,">
<style>body{margin:0 auto;max-width:660px;font:16px/1.5 sans-serif}p{height:60px}</style></head><body><main>
<h1>Three scenes</h1>${filler}<div id="scenes">${frame('scene=arm&amp;path=circle', 'arm')}
${frame('scene=chain&amp;readouts=1&amp;moving=1', 'chain')}${frame('scene=spider', 'spider')}</div>${filler}</main></body></html>`;
}

before(async () => {
  server = await startServer({ folders: { '/blog/': folder } });
  other = await serveFolder(folder);
  writeFileSync(path.join(folder, 'same.html'), post(server.url));
  writeFileSync(path.join(folder, 'cross.html'), post(server.url));
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
  await other?.close();
  rmSync(folder, { recursive: true, force: true });
});

/**
 * What each embed reports: animation frames so far, simulation time, and the spider's body x.
 * @param {import('playwright-core').Frame[]} frames
 */
function readEmbeds(frames) {
  return Promise.all(frames.map((frame) => frame.evaluate(() => {
    const state = window.playground.getState();
    return { frames: /** @type {any} */ (window).__frames, time: state.time, body: state.body?.x ?? null };
  })));
}

for (const [kind, hostUrl] of [['same-origin', () => `${server.url}blog/same.html`], ['cross-origin', () => `${other.url}cross.html`]]) {
  test(`${kind}: three embeds scrolled away run no animation frames and stop their time; back in view they go on`, async () => {
    // Tall enough to show all three embeds (3 × 480 px) at once.
    const context = await browser.newContext({ viewport: { width: 1200, height: 1600 } });
    await countAnimationFrames(context);
    const page = await context.newPage();
    /** @type {string[]} */
    const problems = [];
    page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text()); });
    page.on('pageerror', (e) => problems.push(e.message));
    try {
      await page.goto(hostUrl());
      assert.equal(new URL(page.url()).origin === new URL(server.url).origin, kind === 'same-origin');
      await page.locator('#scenes').scrollIntoViewIfNeeded();
      const frames = [];
      for (const id of ['arm', 'chain', 'spider']) {
        await page.locator(`#${id}`).scrollIntoViewIfNeeded();
        const handle = await page.$(`#${id}`);
        const frame = await handle?.contentFrame();
        assert.ok(frame, `${id} embed`);
        await frame.waitForSelector('html[data-ready="true"]', { timeout: 15000 });
        frames.push(frame);
      }
      await page.evaluate(() => document.getElementById('scenes')?.scrollIntoView());
      await page.waitForTimeout(300);
      const running = await readEmbeds(frames);
      await page.waitForTimeout(300);
      const stillRunning = await readEmbeds(frames);
      stillRunning.forEach((now, i) => {
        assert.ok(now.frames > running[i].frames, `embed ${i} runs frames in view`);
        assert.ok(now.time > running[i].time, `embed ${i}: time goes on in view`);
      });

      // Scrolled to the top: every embed is out of view.
      await page.evaluate(() => scrollTo(0, 0));
      await page.waitForTimeout(400); // The observers report.
      const left = await readEmbeds(frames);
      await page.waitForTimeout(AWAY_MS);
      const away = await readEmbeds(frames);
      away.forEach((now, i) => {
        assert.equal(now.frames - left[i].frames, 0, `embed ${i}: animation frames out of view`);
        assert.equal(now.time, left[i].time, `embed ${i}: time stops out of view`);
        assert.equal(now.body, left[i].body, `embed ${i}: the spider waits`);
      });

      // Back in view: on from where it stopped, the time away not made up.
      await page.evaluate(() => document.getElementById('scenes')?.scrollIntoView());
      await page.waitForTimeout(500);
      const back = await readEmbeds(frames);
      for (const [i, now] of back.entries()) {
        assert.ok(now.frames > away[i].frames, `embed ${i} runs again`);
        assert.ok(now.time > away[i].time, `embed ${i}: time goes on`);
        assert.ok(now.time - away[i].time < AWAY_MS / 1000 / 2, `embed ${i}: resumed where it stopped, not ${AWAY_MS} ms later`);
      }
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test('the playground scrolled off on a phone runs no animation frames; scrolled back it runs again', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await countAnimationFrames(context);
  const page = await context.newPage();
  try {
    await page.goto(`${server.url}?scene=chain&moving=1`);
    await page.waitForSelector('html[data-ready="true"]');
    const read = () => page.evaluate(() => ({ frames: /** @type {any} */ (window).__frames, time: window.playground.getState().time }));
    await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
    assert.ok(await page.evaluate(() => document.getElementById('view')?.getBoundingClientRect().bottom ?? 1) < 0, 'the canvas is scrolled off');
    await page.waitForTimeout(400);
    const left = await read();
    await page.waitForTimeout(1500);
    const away = await read();
    assert.equal(away.frames - left.frames, 0, 'animation frames while the canvas is off screen');
    assert.equal(away.time, left.time, 'time stops');
    await page.evaluate(() => scrollTo(0, 0));
    await page.waitForTimeout(500);
    const back = await read();
    assert.ok(back.frames > away.frames && back.time > away.time, 'runs again in view');
    assert.ok(back.time - away.time < 0.75, 'from where it stopped');
  } finally {
    await context.close();
  }
});

test('an embed loaded out of view never starts its frames until it is scrolled to', async () => {
  const opened = await openPage(browser, `${server.url}blog/same.html`, { waitReady: false });
  try {
    // Not lazy here: the iframes load at once, below the fold.
    const frame = await (await opened.page.$('#spider'))?.contentFrame();
    assert.ok(frame);
    await frame.waitForSelector('html[data-ready="true"]', { timeout: 15000 });
    await opened.page.waitForTimeout(600);
    const time = await frame.evaluate(() => window.playground.getState().time);
    assert.ok(time < 0.1, `the spider has not walked out of view (time ${time} s)`);
    assertNoProblems(opened);
  } finally {
    await opened.context.close();
  }
});
