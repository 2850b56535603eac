// power.test.mjs: out of view a scene does no per-frame work and its time stops; back in view it
// goes on from where it stopped. Counted, not assumed: once each embed is ready, its
// requestAnimationFrame is wrapped to count every callback and keep the frames requested
// (in-page.mjs; the page's loop asks for each frame afresh). Out of view none is requested and the
// loop is inactive, read off the page, and none runs while the host page runs 60 of its own: no
// wait for a time to pass. A blog post with three embeds below the fold, served from the
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
import { withDeepQuery } from './engines/page.mjs';

/** @typedef {import('./engines/page.mjs').EnginePage} EnginePage */

/** Most simulation steps one animation frame runs (loop.js, MAX_CATCH_UP): time grows with frames. */
const MAX_STEPS_A_FRAME = 5;

/** The loop's step, s (loop.js, FIXED_RATE). */
const STEP = 1 / 60;

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
    const { waiting, asleep } = window.playground.stats().page;
    const counted = /** @type {any} */ (window);
    return {
      frames: counted.__frames, pending: counted.__pending.size, time: state.time, body: state.body?.x ?? null,
      // Out of view the loop is neither waiting for a frame nor asleep (loop.js): inactive.
      inactive: !waiting && !asleep,
    };
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
 * Checks that documents (counting, countAnimationFramesInPage) run while in sight; once out of
 * sight, have no animation frame requested and their loop inactive (so, by loop.js, their time
 * stands still: tests/js/loop.test.mjs); run no frames and keep their time while `awayFor` runs
 * (the host page's own frames, where it runs any); and back in view go on from where they stopped:
 * time grows no faster than its frames allow (the time away not made up). Nothing here reads a
 * clock: each wait is for a condition.
 * @param {EnginePage[]} documents
 * @param {() => Promise<void>} goAway Takes them out of sight.
 * @param {() => Promise<void>} comeBack
 * @param {() => Promise<void>} awayFor What passes while they are away.
 */
async function checkAwayAndBack(documents, goAway, comeBack, awayFor) {
  const running = await readCounts(documents);
  await waitUntil(async () => (await readCounts(documents))
    .every((now, i) => now.frames >= running[i].frames + 2 && now.time > running[i].time), 'every document runs frames and time in sight');

  await goAway();
  // Once the observers have reported and the last frame has run: no frame requested, loop inactive.
  await waitUntil(async () => (await readCounts(documents)).every((now) => now.pending === 0 && now.inactive),
    'no animation frame is requested out of sight and the loop is inactive');
  const left = await readCounts(documents);
  await awayFor();
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
    const most = (now.frames - away[i].frames) * MAX_STEPS_A_FRAME * STEP + 1e-9;
    assert.ok(now.time - away[i].time <= most, `document ${i}: resumed where it stopped: ${now.time - away[i].time} s in ${now.frames - away[i].frames} frames`);
  }
}

/** Runs `count` of a page's own animation frames (the host's clock while its embeds are away). @param {EnginePage} page */
async function hostFrames(page, count = 60) {
  for (let i = 0; i < count; i += 1) await page.nextFrame();
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
        await checkAwayAndBack(frames, () => page.evaluate(() => scrollTo(0, 0)), showScenes, () => hostFrames(page));
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
        assert.ok(await page.evaluate(withDeepQuery(() => deepQuery('#view')?.getBoundingClientRect().bottom ?? 1)) < 0, 'the canvas is scrolled off');
      }, () => page.evaluate(() => scrollTo(0, 0)), async () => {
        // The page's own frames are the loop's, which are off: the test's own, uncounted, count 60
        // frames of the page while the canvas is away.
        await page.evaluate(() => new Promise((resolve) => {
          const frame = /** @type {any} */ (window).__uncountedFrame;
          let left = 60;
          const tick = () => (--left > 0 ? frame(tick) : resolve(undefined));
          frame(tick);
        }));
      });
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
        // A hidden page runs no frames of its own to count time by: what holds its time still is
        // the loop's being inactive, checked above, and loop.test.mjs's fake clock.
      }, () => page.setTabHidden(false), async () => {});
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
      // Its loop is inactive out of view (no frame requested, not asleep): it cannot start.
      await frame.waitForFunction(() => {
        const { waiting, asleep } = window.playground.stats().page;
        return !waiting && !asleep;
      });
      await hostFrames(page);
      const time = await frame.evaluate(() => window.playground.getState().time);
      assert.ok(time < 0.1, `the spider has not walked out of view (time ${time} s)`);
      await assertNoProblems(page);
    } finally {
      await page.close();
    }
  });
});
