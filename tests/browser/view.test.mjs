// view.test.mjs: crisp on HiDPI, resizes with its container, and draws the same picture at any size.
// In every engine (engines/index.mjs); a device pixel ratio other than 1 where the engine can
// emulate one (not WebKit: there these run at 1, or are skipped where the ratio is the point).
import assert from 'node:assert/strict';
import { assertClose, getState, nextFrames, pixelAt, worldToClient } from './harness.mjs';
import { assertNoProblems, forEachEngine } from './engines/index.mjs';

/** The world rectangle the arm scene always shows. */
const WORLD = { minX: -300, maxX: 300, minY: -225, maxY: 225 };

/**
 * The canvas' CSS and backing-store sizes.
 * @param {import('./engines/page.mjs').EnginePage} page
 */
function canvasSize(page) {
  return page.evaluate(() => {
    const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
    const rect = canvas.getBoundingClientRect();
    return {
      clientWidth: canvas.clientWidth, clientHeight: canvas.clientHeight, width: canvas.width, height: canvas.height,
      left: rect.left, top: rect.top, rectWidth: rect.width, rectHeight: rect.height, dpr: devicePixelRatio,
    };
  });
}

/**
 * The backing store matches CSS size × devicePixelRatio. The canvas' CSS size can be fractional
 * while clientWidth is rounded, so one device pixel of slack is allowed.
 */
function assertBackingStore(size, ratio) {
  assert.equal(size.dpr, ratio);
  assert.ok(Math.abs(size.width - Math.round(size.clientWidth * ratio)) <= 1,
    `canvas.width ${size.width} = round(clientWidth ${size.clientWidth} × ${ratio})`);
  assert.ok(Math.abs(size.height - Math.round(size.clientHeight * ratio)) <= 1,
    `canvas.height ${size.height} = round(clientHeight ${size.clientHeight} × ${ratio})`);
}

/**
 * Checks that the world rectangle is fitted (centred, aspect kept) into the canvas and that the
 * drawn features sit where worldToClient says they are.
 * @param {import('./engines/page.mjs').EnginePage} page
 */
async function assertFittedAndDrawn(page) {
  const size = await canvasSize(page);
  const scale = Math.min(size.rectWidth / (WORLD.maxX - WORLD.minX), size.rectHeight / (WORLD.maxY - WORLD.minY));
  const centre = await worldToClient(page, { x: 0, y: 0 });
  assertClose(centre.x, size.left + size.rectWidth / 2, 0.01, 'the world centre is the canvas centre (x)');
  assertClose(centre.y, size.top + size.rectHeight / 2, 0.01, 'the world centre is the canvas centre (y)');
  const corner = await worldToClient(page, { x: WORLD.maxX, y: WORLD.maxY });
  assertClose(corner.x - centre.x, WORLD.maxX * scale, 0.01, 'x scale fits the world into the canvas');
  assertClose(centre.y - corner.y, WORLD.maxY * scale, 0.01, 'y is up, at the same scale');

  const state = await getState(page);
  const { joint, end } = state.result;
  const light = ([r, g, b]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const onTarget = await pixelAt(page, state.target);
  assert.ok(onTarget[2] > onTarget[0] + 60, `the target's blue centre is under its world point, got ${onTarget}`);
  const onBone1 = await pixelAt(page, { x: (state.root.x + joint.x) / 2, y: (state.root.y + joint.y) / 2 });
  assert.ok(light(onBone1) < 110, `bone 1 is drawn between root and joint, got ${onBone1}`);
  const onBone2 = await pixelAt(page, { x: (joint.x + end.x) / 2, y: (joint.y + end.y) / 2 });
  assert.ok(light(onBone2) < 150, `bone 2 is drawn between joint and end, got ${onBone2}`);
  const empty = await pixelAt(page, { x: -250, y: -200 });
  assert.ok(light(empty) > 220, `empty world is background, got ${empty}`);
}

forEachEngine({}, ({ name, test }) => {
  test('HiDPI: the backing store is CSS size × 2 and follows resizes', async ({ engine, url }, t) => {
    const ratio = engine.can.deviceScaleFactor ? 2 : 1;
    if (ratio === 1) t.diagnostic(`${name}: at a device pixel ratio of 1: this engine cannot emulate another`);
    const opened = await engine.openPage(url, { deviceScaleFactor: ratio });
    const page = opened;
    try {
      await nextFrames(page);
      assertBackingStore(await canvasSize(page), ratio);
      // An odd width, as narrow as the engine's window can be.
      for (const viewport of [{ width: 900, height: 640 }, { width: Math.max(401, engine.minWidth + 1), height: 603 }, { width: 1333, height: 777 }]) {
        await page.setViewportSize(viewport);
        await nextFrames(page);
        const size = await canvasSize(page);
        assertBackingStore(size, ratio);
        const container = await page.evaluate(() => {
          const stage = /** @type {HTMLElement} */ (document.querySelector('.stage'));
          return { width: stage.clientWidth, height: stage.clientHeight };
        });
        assert.deepEqual({ width: size.clientWidth, height: size.clientHeight }, container,
          `the canvas fills its container at ${viewport.width}×${viewport.height}`);
        await assertFittedAndDrawn(page);
      }
      await assertNoProblems(opened);
    } finally {
      await opened.close();
    }
  });

  test('HiDPI: a device-pixel-ratio change (zoom, another screen) resizes the backing store', { needs: ['deviceScaleFactor'] }, async ({ engine, url }) => {
    const opened = await engine.openPage(url, { deviceScaleFactor: 1 });
    const page = opened;
    try {
      // A frame after ready: the readouts' first text can move the strip under the canvas by a
      // pixel or two, and the backing store follows at the next resize observation.
      await nextFrames(page);
      assertBackingStore(await canvasSize(page), 1);
      await page.setDeviceScaleFactor(3);
      await page.waitForFunction(() => devicePixelRatio === 3);
      // A still scene's loop sleeps and looks for a new ratio a few times a second (loop.js).
      await page.waitForFunction(() => {
        const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
        return Math.abs(canvas.width - Math.round(canvas.clientWidth * 3)) <= 1;
      });
      assertBackingStore(await canvasSize(page), 3);
      await assertFittedAndDrawn(page);
    } finally {
      await opened.close();
    }
  });

  test('worldToClient and clientToWorld are inverse, and y points up', async ({ engine, url }) => {
    const opened = await engine.openPage(url, { deviceScaleFactor: engine.can.deviceScaleFactor ? 2 : 1 });
    const page = opened;
    try {
      const points = [{ x: 0, y: 0 }, { x: 110, y: 90 }, { x: -300, y: 225 }, { x: 299.5, y: -224.25 }, { x: 1e-3, y: -7 }];
      const roundTrips = await page.evaluate((list) => list.map((p) => window.playground.clientToWorld(window.playground.worldToClient(p))), points);
      roundTrips.forEach((back, i) => {
        assertClose(back.x, points[i].x, 1e-9, `round trip x of ${JSON.stringify(points[i])}`);
        assertClose(back.y, points[i].y, 1e-9, `round trip y of ${JSON.stringify(points[i])}`);
      });
      const origin = await worldToClient(page, { x: 0, y: 0 });
      const up = await worldToClient(page, { x: 0, y: 10 });
      const right = await worldToClient(page, { x: 10, y: 0 });
      assert.ok(up.y < origin.y, 'world +y is up on screen');
      assert.ok(right.x > origin.x, 'world +x is right on screen');
      const error = await page.evaluate(() => {
        try {
          window.playground.worldToClient(/** @type {any} */ ({ x: 'a', y: 1 }));
          return 'no error';
        } catch (e) {
          return `${e.name}: ${e.message}`;
        }
      });
      assert.match(error, /^TypeError: worldToClient expects a point/);
    } finally {
      await opened.close();
    }
  });

  test('resolution independence: the same state draws the same picture at different sizes', async ({ engine, url }, t) => {
    if (!engine.can.deviceScaleFactor) t.diagnostic(`${name}: both sizes at a device pixel ratio of 1: this engine cannot emulate another`);
    const state = { params: { length1: 150, length2: 110, bend: -1 }, target: { x: -90, y: 130 }, root: { x: 40, y: -60 } };
    /** Relative positions of drawn features, per size: each world point as a fraction of the world fit. */
    const pictures = [];
    for (const [viewport, deviceScaleFactor] of [[{ width: 1200, height: 760 }, 1], [{ width: 480, height: 700 }, 2]]) {
      const opened = await engine.openPage(url, { viewport, deviceScaleFactor: engine.can.deviceScaleFactor ? deviceScaleFactor : 1 });
      try {
        assert.deepEqual(await opened.evaluate((s) => window.playground.setState(s), state), []);
        await assertFittedAndDrawn(opened);
        const s = await getState(opened);
        const size = await canvasSize(opened);
        const scale = Math.min(size.rectWidth / 600, size.rectHeight / 450);
        const centre = await worldToClient(opened, { x: 0, y: 0 });
        const joint = await worldToClient(opened, s.result.joint);
        pictures.push({ result: s.result, joint: { x: (joint.x - centre.x) / scale, y: (joint.y - centre.y) / scale } });
        await assertNoProblems(opened);
      } finally {
        await opened.close();
      }
    }
    assert.deepEqual(pictures[0].result, pictures[1].result, 'the same link solves to the same pose at any size');
    assertClose(pictures[0].joint.x, pictures[1].joint.x, 1e-9, 'the joint is drawn at the same place relative to the world (x)');
    assertClose(pictures[0].joint.y, pictures[1].joint.y, 1e-9, 'the joint is drawn at the same place relative to the world (y)');
  });

  test('narrow screens: the canvas stacks above the panel and nothing overflows sideways', async ({ engine, url }) => {
    const width = Math.max(400, engine.minWidth);
    const ratio = engine.can.deviceScaleFactor ? 2 : 1;
    const opened = await engine.openPage(url, { viewport: { width, height: 600 }, deviceScaleFactor: ratio });
    const page = opened;
    try {
      const layout = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        canvas: document.getElementById('view')?.getBoundingClientRect().toJSON(),
        panel: document.querySelector('.panel')?.getBoundingClientRect().toJSON(),
      }));
      assert.ok(layout.scrollWidth <= width, `no sideways scrolling at ${width} px, page is ${layout.scrollWidth} px wide`);
      assert.ok(layout.canvas.bottom <= layout.panel.top, 'the panel comes below the canvas');
      assertClose(layout.canvas.width / layout.canvas.height, 4 / 3, 0.02, 'the canvas keeps the scene shape');
      assertBackingStore(await canvasSize(page), ratio);
      await assertFittedAndDrawn(page);
      await assertNoProblems(opened);
    } finally {
      await opened.close();
    }
  });
});
