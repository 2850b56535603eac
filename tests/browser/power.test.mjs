// power.test.mjs: out of view a scene does no per-frame work and its time stops; back in view it
// goes on from where it stopped. Counted, not assumed: once each embed is ready, its
// requestAnimationFrame is wrapped to count every callback from then on (in-page.mjs; the page's
// loop asks for each frame afresh). A blog post with three embeds below the fold, served from the
// embeds' own origin and from another port (where Chromium would throttle cross-origin frames
// itself anyway), the playground scrolled off a narrow window, and the playground in a hidden tab.
// In Chromium, Firefox and WebKit (engines/index.mjs); headless Chromium cannot hide a tab.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { countAnimationFramesInPage } from './in-page.mjs';
import { assertNoProblems, forEachEngine, launchEngine, serveFolderFor, serveFor } from './engines/index.mjs';

/** @typedef {import('./engines/page.mjs').EnginePage} EnginePage */

/** Milliseconds the embeds are left out of view. */
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

/**
 * What each document reports: animation frames counted so far, simulation time, the spider's body x.
 * @param {EnginePage[]} documents Pages or frames, counting (countAnimationFramesInPage).
 */
function readCounts(documents) {
  return Promise.all(documents.map((document_) => document_.evaluate(() => {
    const state = window.playground.getState();
    return { frames: /** @type {any} */ (window).__frames, time: state.time, body: state.body?.x ?? null };
  })));
}

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `check` until it is true; fails with `what` after 15 s (WebKit on a busy machine can run a
 * few frames a second, so the tests wait for what they check rather than a fixed time).
 * @param {() => Promise<boolean>} check
 * @param {string} what
 */
async function waitUntil(check, what) {
  const deadline = Date.now() + 15000;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting until ${what}`);
    await wait(100);
  }
}

/**
 * Checks that documents (counting, countAnimationFramesInPage) run while in sight, run no animation
 * frames and stop their time for AWAY_MS once out of sight, and go on from where they stopped when
 * back (the time away not made up).
 * @param {EnginePage[]} documents
 * @param {() => Promise<void>} goAway Takes them out of sight.
 * @param {() => Promise<void>} comeBack
 */
async function checkAwayAndBack(documents, goAway, comeBack) {
  const running = await readCounts(documents);
  await waitUntil(async () => (await readCounts(documents))
    .every((now, i) => now.frames >= running[i].frames + 2 && now.time > running[i].time), 'every document runs frames and time in sight');

  await goAway();
  // Until the observers have reported and the last frame has run: no change over 400 ms.
  let left = await readCounts(documents);
  await waitUntil(async () => {
    await wait(400);
    const now = await readCounts(documents);
    const still = now.every((count, i) => count.frames === left[i].frames);
    left = now;
    return still;
  }, 'the animation frames stop out of sight');
  await wait(AWAY_MS);
  const away = await readCounts(documents);
  away.forEach((now, i) => {
    assert.equal(now.frames - left[i].frames, 0, `document ${i}: animation frames out of sight`);
    assert.equal(now.time, left[i].time, `document ${i}: time stops out of sight`);
    assert.equal(now.body, left[i].body, `document ${i}: the spider waits`);
  });

  await comeBack();
  await waitUntil(async () => (await readCounts(documents))
    .every((now, i) => now.frames > away[i].frames && now.time > away[i].time), 'every document runs frames and time again');
  for (const [i, now] of (await readCounts(documents)).entries()) {
    assert.ok(now.time - away[i].time < AWAY_MS / 1000 / 2, `document ${i}: resumed where it stopped, not ${AWAY_MS} ms later`);
  }
}

forEachEngine({ launch: false }, ({ name, test }) => {
  /** @type {import('./engines/index.mjs').Engine} */
  let engine;
  /** @type {{url: string, close: () => Promise<void>}} */
  let server;
  /** @type {{url: string, close: () => Promise<void>}} */
  let other;
  const folder = mkdtempSync(path.join(tmpdir(), `ik2d-power-${name}-`));
  before(async () => {
    server = await serveFor(name, { folders: { '/blog/': folder } });
    other = await serveFolderFor(name, folder);
    writeFileSync(path.join(folder, 'post.html'), post(server.url));
    // With WebKit's compositing on, as users have it: when a frame hears it was scrolled away is
    // the compositor's business there (webkit.mjs, BROWSER_ENV).
    engine = await launchEngine(name, { compositing: true });
  });
  after(async () => {
    await engine?.close();
    await server?.close();
    await other?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  for (const kind of ['same-origin', 'cross-origin']) {
    test(`${kind}: three embeds scrolled away run no animation frames and stop their time; back in view they go on`, async () => {
      const host = kind === 'same-origin' ? `${server.url}blog/post.html` : `${other.url}post.html`;
      // Tall enough to show all three embeds (3 × 480 px) at once.
      const page = await engine.openPage(host, { waitReady: false, viewport: { width: 1200, height: 1600 } });
      try {
        assert.equal(new URL(await page.url()).origin === new URL(server.url).origin, kind === 'same-origin');
        const frames = [];
        for (const id of ['arm', 'chain', 'spider']) {
          await page.locator(`#${id}`).scrollIntoViewIfNeeded();
          const frame = await page.frame(`#${id}`);
          await frame.waitReady();
          await frame.evaluate(countAnimationFramesInPage);
          frames.push(frame);
        }
        const showScenes = () => page.evaluate(() => document.getElementById('scenes')?.scrollIntoView());
        await showScenes();
        // Scrolled to the top, every embed is out of view; then back.
        await checkAwayAndBack(frames, () => page.evaluate(() => scrollTo(0, 0)), showScenes);
        await assertNoProblems(page);
      } finally {
        await page.close();
      }
    });
  }

  test('the playground scrolled off a narrow window runs no animation frames; scrolled back it runs again', async () => {
    // A phone's screen where the engine can emulate one (Chromium); elsewhere a window as narrow
    // as the engine allows: what matters is that the page scrolls the canvas off.
    const { touch } = engine.can;
    const page = await engine.openPage(`${server.url}?scene=chain&moving=1`, {
      viewport: { width: Math.max(390, engine.minWidth), height: 844 }, touch,
    });
    try {
      await page.evaluate(countAnimationFramesInPage);
      await checkAwayAndBack([page], async () => {
        await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
        assert.ok(await page.evaluate(() => document.getElementById('view')?.getBoundingClientRect().bottom ?? 1) < 0, 'the canvas is scrolled off');
      }, () => page.evaluate(() => scrollTo(0, 0)));
      await assertNoProblems(page);
    } finally {
      await page.close();
    }
  });

  test('the playground in a hidden tab runs no animation frames; shown again it runs again', { needs: ['hideTab'] }, async () => {
    // Firefox: another tab in front (it would still run a background tab's animation frames,
    // throttled: without the page's visibilitychange handling this fails there); WebKit: the
    // window minimised (WebKit runs no animation frames there by itself, so it shows the result,
    // not the page's part).
    const page = await engine.openPage(`${server.url}?scene=chain&moving=1`);
    try {
      await page.evaluate(countAnimationFramesInPage);
      await checkAwayAndBack([page], async () => {
        await page.setTabHidden(true);
        assert.equal(await page.evaluate(() => document.hidden), true, 'the page is hidden');
      }, () => page.setTabHidden(false));
      await assertNoProblems(page);
    } finally {
      await page.close();
    }
  });

  test('an embed loaded out of view never starts its frames until it is scrolled to', async () => {
    const page = await engine.openPage(`${server.url}blog/post.html`, { waitReady: false });
    try {
      // Not lazy here: the iframes load at once, below the fold.
      const frame = await page.frame('#spider');
      await frame.waitReady();
      await wait(600);
      const time = await frame.evaluate(() => window.playground.getState().time);
      assert.ok(time < 0.1, `the spider has not walked out of view (time ${time} s)`);
      await assertNoProblems(page);
    } finally {
      await page.close();
    }
  });
});
