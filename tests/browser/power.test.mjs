// power.test.mjs: out of view a scene does no per-frame work and its time stops; back in view it
// goes on from where it stopped. Counted, not assumed: once each embed is ready, its
// requestAnimationFrame is wrapped to count every callback from then on (in-page.mjs; the page's
// loop asks for each frame afresh). A blog post with three embeds below the fold, served from the
// embeds' own origin and from another port (where Chromium would throttle cross-origin frames
// itself anyway), and the playground scrolled off a narrow window. In Chromium, Firefox and WebKit
// (engines/index.mjs). (A hidden tab is handled by the same code, visibilitychange; none of the
// three drivers can hide a tab of a headless or Xvfb browser, so it is not driven here.)
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { countAnimationFramesInPage } from './in-page.mjs';
import { ENGINES, assertNoProblems, launchEngine, serveFolderFor, serveFor } from './engines/index.mjs';

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

for (const name of ENGINES) {
  describe(name, () => {
    /** @type {{url: string, close: () => Promise<void>}} */
    let server;
    /** @type {{url: string, close: () => Promise<void>}} */
    let other;
    /** @type {import('./engines/index.mjs').Engine} */
    let engine;
    const folder = mkdtempSync(path.join(tmpdir(), `ik2d-power-${name}-`));
    before(async () => {
      server = await serveFor(name, { folders: { '/blog/': folder } });
      other = await serveFolderFor(name, folder);
      writeFileSync(path.join(folder, 'post.html'), post(server.url));
      engine = await launchEngine(name);
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
          await page.evaluate(() => document.getElementById('scenes')?.scrollIntoView());
          await wait(300);
          const running = await readCounts(frames);
          await wait(300);
          const stillRunning = await readCounts(frames);
          stillRunning.forEach((now, i) => {
            assert.ok(now.frames > running[i].frames, `embed ${i} runs frames in view`);
            assert.ok(now.time > running[i].time, `embed ${i}: time goes on in view`);
          });

          // Scrolled to the top: every embed is out of view.
          await page.evaluate(() => scrollTo(0, 0));
          await wait(400); // The observers report.
          const left = await readCounts(frames);
          await wait(AWAY_MS);
          const away = await readCounts(frames);
          away.forEach((now, i) => {
            assert.equal(now.frames - left[i].frames, 0, `embed ${i}: animation frames out of view`);
            assert.equal(now.time, left[i].time, `embed ${i}: time stops out of view`);
            assert.equal(now.body, left[i].body, `embed ${i}: the spider waits`);
          });

          // Back in view: on from where it stopped, the time away not made up.
          await page.evaluate(() => document.getElementById('scenes')?.scrollIntoView());
          await wait(500);
          const back = await readCounts(frames);
          for (const [i, now] of back.entries()) {
            assert.ok(now.frames > away[i].frames, `embed ${i} runs again`);
            assert.ok(now.time > away[i].time, `embed ${i}: time goes on`);
            assert.ok(now.time - away[i].time < AWAY_MS / 1000 / 2, `embed ${i}: resumed where it stopped, not ${AWAY_MS} ms later`);
          }
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
        const read = async () => (await readCounts([page]))[0];
        await page.evaluate(countAnimationFramesInPage);
        await page.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
        assert.ok(await page.evaluate(() => document.getElementById('view')?.getBoundingClientRect().bottom ?? 1) < 0, 'the canvas is scrolled off');
        await wait(400);
        const left = await read();
        await wait(1500);
        const away = await read();
        assert.equal(away.frames - left.frames, 0, 'animation frames while the canvas is off screen');
        assert.equal(away.time, left.time, 'time stops');
        await page.evaluate(() => scrollTo(0, 0));
        await wait(500);
        const back = await read();
        assert.ok(back.frames > away.frames && back.time > away.time, 'runs again in view');
        assert.ok(back.time - away.time < 0.75, 'from where it stopped');
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
}
