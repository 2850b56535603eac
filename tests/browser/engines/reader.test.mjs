// reader.test.mjs: what a reader does that no other browser test file covers, written once and run
// in Chromium, Firefox and WebKit (engines/index.mjs): every scene loads and draws its bones with no
// console or page errors; a finger drag moves the arm's target; a slider moves with the keyboard; a
// drag past the canvas edge; Step / S / Run on the chain; the embed fills its iframe; a screenshot
// is the viewport; Copy link; dark colour scheme. What an engine cannot do is skipped there, with
// the reason. The matrix: docs/testing.md, "Browser engines".
import assert from 'node:assert/strict';
import { assertClose, getState, nextFrames, setState, worldPerPixel, worldToClient } from '../harness.mjs';
import { boneContrastInPage } from '../in-page.mjs';
import { assertNoProblems, forEachEngine, launchEngine } from './index.mjs';

/** The scenes whose drawn bones boneContrastInPage can find (the puppet's are not in its state). */
const SCENES = ['arm', 'chain', 'spider', 'stress', 'creature', 'rope'];
const ARM = { params: { length1: 120, length2: 80, softness: 0, bend: 1 }, target: { x: 110, y: 90 }, root: { x: 0, y: 0 } };
/** A bone's pixels differ from the background by more than this (0..255); grid (13) and axes (41) stay below. */
const DRAWN = 60;

/** @typedef {import('./page.mjs').EnginePage} EnginePage */

forEachEngine({}, ({ name, test, withPage }) => {
  test('every scene loads and draws its bones, with no console or page errors', async ({ engine }, t) => {
    for (const scene of SCENES) {
      await withPage(`?scene=${scene}`, {}, async (page) => {
        // Paused, then a frame: the canvas shows the state read (a slow engine may be a frame behind).
        await page.evaluate(() => window.playground.pause());
        await nextFrames(page);
        const drawn = await page.evaluate(boneContrastInPage);
        assert.equal(drawn.scene, scene);
        assert.ok(drawn.bones.length >= 2, `${scene}: bones to look at`);
        const weakest = Math.min(...drawn.bones.map((bone) => bone.contrast));
        t.diagnostic(`${scene}: ${drawn.bones.length} bones, weakest contrast ${weakest}`);
        for (const bone of drawn.bones) {
          assert.ok(bone.contrast > DRAWN, `${scene}: the bone ${JSON.stringify(bone.from)}→${JSON.stringify(bone.to)} is drawn (contrast ${bone.contrast})`);
        }
        await assertNoProblems(page);
      });
    }
  });

  test('a finger drag (native touch input) moves the arm\'s target without scrolling the page', { needs: ['touchInput'] }, async ({ engine }) => {
    // Chromium takes CDP touch events only with touch emulated; Firefox takes BiDi touch actions
    // on a desktop page.
    await withPage('?scene=arm', { viewport: { width: 800, height: 700 }, touch: engine.can.touch }, async (page) => {
      await page.evaluate(() => {
        const seen = /** @type {string[]} */ ([]);
        Object.defineProperty(window, '__pointerTypes', { value: seen });
        document.getElementById('view')?.addEventListener('pointerdown', (event) => seen.push(event.pointerType));
      });
      const perPixel = await worldPerPixel(page);
      const scroll = await page.evaluate(() => scrollY);
      await page.touchDrag(await worldToClient(page, ARM.target), await worldToClient(page, { x: -120, y: 40 }));
      assert.deepEqual(await page.evaluate(() => window.__pointerTypes), ['touch'], 'the page saw one touch pointer');
      const state = await getState(page);
      assertClose(state.target.x, -120, 1.5 * perPixel, 'target.x after the finger drag');
      assertClose(state.target.y, 40, 1.5 * perPixel, 'target.y after the finger drag');
      assert.equal(state.result.status, 'reached');
      assert.equal(await page.evaluate(() => scrollY), scroll, 'the drag did not scroll the page');
      await assertNoProblems(page);
    });
  });

  test('a slider moves with the keyboard and changes the arm', async () => {
    await withPage('?scene=arm', {}, async (page) => {
      const slider = await page.evaluate(() => {
        const input = /** @type {HTMLInputElement | null} */ (document.querySelector('input[type="range"]'));
        input?.focus();
        return input && { id: input.id, step: Number(input.step) || 1, value: Number(input.value) };
      });
      assert.ok(slider, 'a slider');
      const before = (await getState(page)).params.length1;
      await page.press('ArrowRight');
      await page.press('ArrowRight');
      const after = (await getState(page)).params.length1;
      assert.ok(after > before, `ArrowRight on the ${slider.id} slider lengthens bone 1: ${before} → ${after}`);
      await assertNoProblems(page);
    });
  });

  test('a drag past the canvas edge keeps the target at the scene\'s corner', async () => {
    await withPage('?scene=arm', {}, async (page) => {
      assert.deepEqual(await setState(page, ARM), []);
      const box = await page.box('#view');
      assert.ok(box);
      const grab = await worldToClient(page, ARM.target);
      const viewport = await page.evaluate(() => ({ width: innerWidth, height: innerHeight }));
      await page.drag([grab, { x: Math.min(box.x + box.width + 150, viewport.width - 2), y: Math.max(box.y - 80, 2) }]);
      const state = await getState(page);
      assert.deepEqual(state.target, { x: 300, y: 225 }, 'the target stops at the corner of the scene');
      assert.equal(state.result.status, 'out_of_reach');
      await assertNoProblems(page);
    });
  });

  test('the chain\'s step-through: the Step button, S, and Run', async () => {
    await withPage('?scene=chain', {}, async (page) => {
      await page.click('#tool-step');
      assert.ok((await getState(page)).stepping, 'Step enters step-through');
      await setState(page, { target: { x: -200, y: 50 } });
      await page.click('#tool-step');
      assert.equal((await getState(page)).stepping.count, 1, 'Step makes one step');
      await page.focus('#view');
      await page.press('s');
      assert.equal((await getState(page)).stepping.count, 2, 'S makes the next');
      assert.match(await page.text('[data-readout="step"]') ?? '', /\w/, 'the step readout says what happened');
      await page.click('#tool-run');
      assert.equal((await getState(page)).stepping, undefined, 'Run leaves step-through');
      await assertNoProblems(page);
    });
  });

  test('the embed view, in the example article\'s iframe, fills its frame with the canvas alone', async () => {
    await withPage('examples/', { waitReady: false }, async (page) => {
      const ready = await page.waitFor(() => document.querySelector('#arm')?.contentDocument?.documentElement.dataset.ready);
      assert.equal(ready, 'true', 'the embed started');
      const view = await page.evaluate(() => {
        const frame = /** @type {HTMLIFrameElement} */ (document.querySelector('#arm'));
        const inner = /** @type {Window & typeof globalThis} */ (frame.contentWindow);
        const doc = inner.document;
        // The embed view is one <ik2d-scene>: the stage is in its shadow root.
        const stage = doc.querySelector('ik2d-scene')?.shadowRoot;
        return {
          frame: [inner.innerWidth, inner.innerHeight],
          canvas: stage?.getElementById('view')?.getBoundingClientRect().toJSON(),
          scrolls: doc.documentElement.scrollHeight > inner.innerHeight || doc.documentElement.scrollWidth > inner.innerWidth,
          chrome: [...doc.querySelectorAll('.panel, .masthead'), ...stage?.querySelectorAll('#readouts') ?? []].some((e) => e.getClientRects().length > 0),
          target: /** @type {any} */ (inner).playground.getState().target,
          problems: /** @type {any} */ (inner).__ik2dProblems ?? [],
        };
      });
      assert.ok(view.frame[0] >= 300 && view.frame[1] >= 200, `a frame to fill: ${view.frame}`);
      assert.deepEqual([view.canvas.x, view.canvas.y, view.canvas.width, view.canvas.height].map(Math.round), [0, 0, ...view.frame]);
      assert.equal(view.scrolls, false, 'nothing scrolls');
      assert.equal(view.chrome, false, 'no playground chrome');
      assert.deepEqual(view.target, { x: 120, y: 70 }, 'the state in the iframe\'s link');
      assert.deepEqual(view.problems, [], 'no problems inside the frame (WebKit\'s recorder)');
      await assertNoProblems(page);
    });
  });

  test('a screenshot is a PNG of the viewport', async () => {
    await withPage('?scene=arm', { viewport: { width: 800, height: 600 } }, async (page) => {
      const png = await page.screenshot();
      assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');
      const ratio = await page.evaluate(() => devicePixelRatio);
      assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [800 * ratio, 600 * ratio], 'the viewport\'s size');
    });
  });

  test('Copy link copies the link, or shows it selected where the browser does not allow copying', async ({ engine }, t) => {
    await withPage('?scene=arm&target=-40,70', { clipboard: true }, async (page) => {
      const link = await page.evaluate(() => window.playground.shareLink());
      await page.click('#copy-link');
      const status = await page.waitFor(() => document.getElementById('copy-status')?.textContent);
      t.diagnostic(`${name}: ${status}`);
      if (status === 'Link copied.' && engine.can.readClipboard) {
        assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link, 'the clipboard holds the link');
      } else if (status === 'Link copied.') {
        t.diagnostic(`${name}: the clipboard is not read back (Firefox and WebKit put navigator.clipboard.readText() behind a paste prompt, and their drivers have no clipboard permission to grant)`);
      } else {
        assert.match(status, /did not allow copying/);
        assert.equal(await page.text('#copy-text'), link, 'the link is shown');
        assert.equal(await page.evaluate(() => getSelection()?.toString()), link, 'and selected');
      }
      await assertNoProblems(page);
    });
  });

  test('dark colour scheme: the page and the canvas turn dark, the bones still show', { needs: ['colorScheme'] }, async ({ engine, url }) => {
    const dark = await launchEngine(name, { colorScheme: 'dark', reducedMotion: true });
    try {
      const page = await dark.openPage(`${url}?scene=arm`);
      try {
        await page.evaluate(() => window.playground.pause());
        await nextFrames(page);
        const drawn = await page.evaluate(boneContrastInPage);
        const page_ = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        const corner = await page.evaluate(() => {
          const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
          const copy = document.createElement('canvas');
          copy.width = 1;
          copy.height = 1;
          const context = /** @type {CanvasRenderingContext2D} */ (copy.getContext('2d'));
          context.drawImage(canvas, 1, 1, 1, 1, 0, 0, 1, 1);
          return [...context.getImageData(0, 0, 1, 1).data];
        });
        assert.equal(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches), true,
          'the engine asked for reduced motion too (the page has no motion to reduce yet)');
        assert.ok(Math.max(...corner.slice(0, 3)) < 60, `the canvas background is dark: ${corner}`);
        assert.match(page_, /^rgb\((\d|[1-5]\d), (\d|[1-5]\d), (\d|[1-5]\d)\)$/, `the page is dark: ${page_}`);
        for (const bone of drawn.bones) assert.ok(bone.contrast > DRAWN, `a bone is drawn (contrast ${bone.contrast})`);
        await assertNoProblems(page);
      } finally {
        await page.close();
      }
    } finally {
      await dark.close();
    }
  });
});
