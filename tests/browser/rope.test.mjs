// rope.test.mjs: the rope scene as a reader drives it: it loads hanging under gravity, a real
// pointer drag of the target brings the rope's end there, with follow off the end swings and the
// damping brings it to rest, arrow keys move the target, a shareLink reopens the same params,
// points and rope, and bad and hostile links give plain-text notices (load.test.mjs checks the one
// WebAssembly module each scene fetches). One page serves most of the file; each of those tests
// starts from the defaults, paused.
import assert from 'node:assert/strict';
import { assertClose, assertFreshState, dragWorld, getState, pressOnScene, pressOverlayOn, pressReset, readout, runFrames, setState, worldPerPixel } from './harness.mjs';
import { assertSameAfterSteps, inPage, shownNotices } from './engines/calls.mjs';
import { assertNoProblems, forEachEngine } from './engines/index.mjs';

/** @type {import('./engines/index.mjs').Engine} */
let engine;
/** @type {string} */
let url;
/** @type {import('./engines/page.mjs').EnginePage} */
let page;

const DEFAULT_PARAMS = {
  segments: 16, segmentLength: 16, gravity: 980, damping: 0.02, iterations: 10, follow: true, path: 'none', overlay: false,
};
const DEFAULT_TARGET = { x: 110, y: -40 };
const DEFAULT_ANCHOR = { x: 0, y: 170 };

/** The defaults (Reset rebuilds the scene), paused. */
async function reset() {
  const state = await pressReset(page);
  assert.deepEqual(state.params, DEFAULT_PARAMS, 'Reset restores the defaults');
  assert.deepEqual(state.target, DEFAULT_TARGET);
  assert.deepEqual(state.anchor, DEFAULT_ANCHOR);
}

/** Runs `frames` fixed steps now. */
function step(frames) {
  return page.evaluate((n) => window.playground.step(n), frames);
}

/**
 * Checks that every segment is within `share` of its rest length.
 * @param {{points: {x: number, y: number}[], params: {segmentLength: number}}} state
 */
function assertLengths(state, share = 0.01) {
  const rest = state.params.segmentLength;
  for (let i = 1; i < state.points.length; i += 1) {
    const [a, b] = [state.points[i - 1], state.points[i]];
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    assert.ok(Math.abs(length / rest - 1) <= share, `segment ${i - 1}: ${length.toFixed(3)} for a rest length of ${rest}`);
  }
}

forEachEngine({
  once: 'the rope scene is the page\'s own JS and the core, the same in every engine',
  prefer: 'firefox',
  page: '?scene=rope', assign: (env) => ({ engine, url, page } = env),
}, ({ test }) => {
  test('?scene=rope loads a rope of 16 segments from the anchor to the target, its lengths within 1 %', async () => {
    // The pins are set by a step (a new rope is laid out at exact rest lengths, its end within a
    // fraction of a unit of the target), so read it a step in.
    await page.evaluate(() => window.playground.pause());
    await step(1);
    const state = await getState(page);
    assertFreshState(state, 'rope', { params: DEFAULT_PARAMS });
    assert.equal(state.points.length, 17);
    assert.deepEqual(state.points[0], DEFAULT_ANCHOR, 'pinned at the anchor');
    assert.deepEqual(state.pinned, [0, 16]);
    assertClose(state.end.x, DEFAULT_TARGET.x, 1e-9, 'the end holds the target');
    assertClose(state.end.y, DEFAULT_TARGET.y, 1e-9, 'the end holds the target');
    assertLengths(state);
    for (const p of state.points.slice(1)) assert.ok(p.y < DEFAULT_ANCHOR.y, `every point below the anchor: ${JSON.stringify(p)}`);
    assert.equal(await page.getAttribute('html', 'data-scene'), 'rope');
    assert.equal(await page.textContent('#scene-title'), 'Rope and tentacle');
    assert.equal(await readout(page, 'status'), 'holding the target');
    assert.equal(await readout(page, 'length'), '16 × 16 = 256 units');
    assert.match(await readout(page, 'stretch'), /^\d+\.\d\d %$/);
    assert.match(await readout(page, 'speed'), /^\d+\.\d units\/s$/);
    assert.equal(await page.isVisible('#notices'), false);
    await assertNoProblems(page);
  });

  test('with follow off the rope hangs straight down under gravity; the end swings and comes to rest', async () => {
    await reset();
    // Off to the side, then let go: the end swings down and back, and the damping stops it.
    await setState(page, { params: { follow: false, damping: 0.05 } });
    await step(20);
    let state = await getState(page);
    assert.deepEqual(state.pinned, [0]);
    assert.ok(state.speed > 50, `just let go, the end swings (${state.speed.toFixed(1)} units/s)`);
    assert.equal(await readout(page, 'status'), 'swinging');
    const xs = [];
    for (let i = 0; i < 30; i += 1) {
      await step(4);
      xs.push((await getState(page)).end.x);
    }
    assert.ok(xs.some((x) => x < -5), `the end swings past the middle (x from ${Math.min(...xs).toFixed(1)} to ${Math.max(...xs).toFixed(1)})`);
    await step(1200);
    state = await getState(page);
    assert.ok(state.speed < 1, `at rest after 20 s (${state.speed.toFixed(3)} units/s)`);
    assert.equal(await readout(page, 'status'), 'at rest');
    assertLengths(state);
    state.points.forEach((p, i) => {
      assertClose(p.x, DEFAULT_ANCHOR.x, 0.5, `point ${i} hangs under the anchor`);
      if (i > 0) assert.ok(p.y < state.points[i - 1].y, `point ${i} below the one before`);
    });
    assertClose(state.end.y, DEFAULT_ANCHOR.y - 256, 1, 'the whole length straight down');
    await assertNoProblems(page);
  });

  test('a real pointer drag of the target brings the end there; paused, the rope waits for steps', async () => {
    await reset();
    const perPixel = await worldPerPixel(page);
    const start = await getState(page);
    await dragWorld(page, DEFAULT_TARGET, { x: -150, y: 40 }, 6);
    let state = await getState(page);
    assertClose(state.target.x, -150, 2 * perPixel, 'target.x follows the mouse');
    assertClose(state.target.y, 40, 2 * perPixel, 'target.y follows the mouse');
    assert.deepEqual(state.points, start.points, 'paused: the rope has not moved yet');
    await step(1);
    state = await getState(page);
    assertClose(state.end.x, state.target.x, 1e-9, 'a step later the end holds the target');
    assertClose(state.end.y, state.target.y, 1e-9, 'a step later the end holds the target');
    assertLengths(state);
    await step(240);
    state = await getState(page);
    assertLengths(state);
    assert.equal(await readout(page, 'status'), 'holding the target');
    // The anchor is a handle too: dragging it carries the rope.
    await dragWorld(page, DEFAULT_ANCHOR, { x: -60, y: 150 }, 4);
    await step(2);
    state = await getState(page);
    assertClose(state.anchor.x, -60, 2 * perPixel, 'the anchor follows the mouse');
    assert.deepEqual(state.points[0], state.anchor, 'the rope hangs from it');
    await assertNoProblems(page);
  });

  test('a target beyond the rope’s length: the end reaches toward it, the status says so', async () => {
    await reset();
    await setState(page, { target: { x: 280, y: -200 } });
    await step(120);
    const state = await getState(page);
    const reach = Math.hypot(state.end.x - DEFAULT_ANCHOR.x, state.end.y - DEFAULT_ANCHOR.y);
    assert.ok(reach > 0.95 * 256 && reach <= 256, `held near the rope's length (${reach.toFixed(1)})`);
    const along = ((state.end.x - DEFAULT_ANCHOR.x) * 280 + (state.end.y - DEFAULT_ANCHOR.y) * (-200 - 170)) / (reach * Math.hypot(280, -370));
    assert.ok(along > 0.9999, 'on the line from the anchor to the target');
    assert.equal(state.reached, false);
    assert.equal(await readout(page, 'status'), 'out of reach');
    assertLengths(state);
  });

  test('arrow keys move the target; path=circle moves it; the same link and steps give the same rope', async () => {
    await reset();
    await pressOnScene(page, 'ArrowLeft');
    await page.keyboard.press('Shift+ArrowUp');
    assert.deepEqual((await getState(page)).target, { x: DEFAULT_TARGET.x - 8, y: DEFAULT_TARGET.y + 40 });
    await step(1);
    const held = await getState(page);
    assertClose(held.end.x, DEFAULT_TARGET.x - 8, 1e-9, 'the end follows the keys');
    await page.keyboard.press('f');
    assert.equal((await getState(page)).params.follow, false, 'F turns follow off');
    await page.keyboard.press('f');
    await setState(page, { params: { path: 'circle' } });
    await step(30);
    const a = await getState(page);
    assert.notDeepEqual(a.target, held.target, 'the path moves the target');
    const link = await page.evaluate(() => window.playground.shareLink());
    await assertSameAfterSteps(engine, link, 90, (state) => state.points, 'rope');
    await assertNoProblems(page);
  });

  test('a shareLink reopens the same params, points and rope', async () => {
    await reset();
    // A rope at rest in a shape of its own (no gravity) travels as pose=; a settled one needs none.
    await setState(page, { params: { segments: 12, segmentLength: 14, gravity: 0, damping: 0.5, iterations: 20, follow: false }, anchor: { x: -80, y: 120 } });
    await setState(page, { angles: Array.from({ length: 12 }, (_, i) => -0.3 * i) });
    const state = await getState(page);
    const link = await page.evaluate(() => window.playground.shareLink());
    assert.ok(new URL(link).searchParams.get('pose'), `the link carries the shape: ${link}`);
    await inPage(engine, `${link}&play=paused`, async (copy) => {
      const copied = await getState(copy);
      assert.deepEqual(copied.params, state.params);
      assert.deepEqual(copied.target, state.target);
      assert.deepEqual(copied.anchor, state.anchor);
      copied.points.forEach((p, i) => {
        const q = state.points[i];
        assert.ok(Math.hypot(p.x - q.x, p.y - q.y) <= 0.1, `point ${i}: ${JSON.stringify(q)} → ${JSON.stringify(p)}`);
      });
      assert.equal(await copy.isVisible('#notices'), false, 'a shared link has nothing to complain about');
      const back = new URL(await copy.evaluate(() => window.playground.shareLink())).searchParams;
      back.delete('play');
      assert.equal(back.toString(), new URL(link).searchParams.toString(), 'and links back to itself');
      await assertNoProblems(copy);
    });
    // With gravity, the link of a settled rope has no shape: it opens settled.
    await reset();
    await setState(page, { params: { segments: 20, segmentLength: 12 }, target: { x: -90, y: 20 } });
    await step(600);
    const settled = await getState(page);
    const plain = await page.evaluate(() => window.playground.shareLink());
    assert.equal(new URL(plain).searchParams.get('pose'), null, `no shape: ${plain}`);
    await inPage(engine, `${plain}&play=paused`, async (reopened) => {
      const points = (await getState(reopened)).points;
      points.forEach((p, i) => {
        const q = settled.points[i];
        assert.ok(Math.hypot(p.x - q.x, p.y - q.y) <= 1, `point ${i}: ${JSON.stringify(q)} → ${JSON.stringify(p)}`);
      });
    });
  });

  test('bad and hostile values give plain-text notices and a working rope', async () => {
    const hostile = await engine.openPage(`${url}?scene=rope&segments=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&gravity=NaN&follow=maybe&pose=1,x`);
    try {
      const notices = await shownNotices(hostile);
      assert.equal(notices.length, 4, notices.join(' | '));
      assert.ok(notices.some((text) => text.startsWith('Ignored segments=<img src=x onerror=alert(1)>')), notices.join(' | '));
      assert.ok(notices.some((text) => /^Ignored gravity=NaN/.test(text)), notices.join(' | '));
      assert.ok(notices.some((text) => /^Ignored follow=maybe/.test(text)), notices.join(' | '));
      assert.ok(notices.some((text) => /^Ignored pose=1,x: angle 2 is not a number of degrees/.test(text)), notices.join(' | '));
      assert.equal(await hostile.$$eval('#notice-list img', (images) => images.length), 0, 'notices are plain text');
      const state = await getState(hostile);
      assert.deepEqual(state.params, DEFAULT_PARAMS, 'nothing changed');
      assert.equal(state.points.length, 17);
      assert.ok(state.points.every((p) => Number.isFinite(p.x) && Number.isFinite(p.y)), 'no NaN');
      // setState checks the same way.
      assert.deepEqual(await setState(hostile, { params: { segments: 500 } }), ['Clamped segments=500 to 40 (allowed 2 to 40)']);
      assert.deepEqual(await setState(hostile, { angles: [1, 2] }),
        ['Ignored angles: expected 40 finite numbers (radians, one direction per segment), got 2 values']);
      assert.deepEqual(await setState(hostile, { params: { damping: -1 } }), ['Clamped damping=-1 to 0 (allowed 0 to 1)']);
      await hostile.evaluate(() => window.playground.step(30));
      const after = await getState(hostile);
      assert.equal(after.points.length, 41);
      assert.ok(after.points.every((p) => Number.isFinite(p.x) && Number.isFinite(p.y)), 'no NaN');
      assert.doesNotMatch(await hostile.evaluate(() => document.getElementById('readouts')?.textContent ?? ''), /NaN|undefined|Infinity/);
      await assertNoProblems(hostile);
    } finally {
      await hostile.close();
    }
    // A shape of the wrong length for the rope, and one beyond the most segments.
    for (const [query, pattern] of [
      ['segments=4&pose=0,0,0', /^Ignored angles: expected 4 finite numbers/],
      [`pose=${Array.from({ length: 41 }, () => 0).join(',')}`, /^Ignored pose=.*: 41 angles; a rope has at most 40 segments/],
      ['target=1e999,5', /^Ignored target/],
    ]) {
      await inPage(engine, `${url}?scene=rope&${query}`, async (visit) => {
        const notices = await shownNotices(visit);
        assert.equal(notices.length, 1, `${query}: ${notices.join(' | ')}`);
        assert.match(notices[0], pattern);
        await assertNoProblems(visit);
      });
    }
  });

  test('the overlay (key O) draws without page errors, and the SVG export has the rope', async () => {
    await reset();
    await pressOverlayOn(page);
    await step(30);
    await setState(page, { params: { follow: false } });
    await step(30);
    const svg = await page.evaluate(async () => (await window.playground.exportImage('svg')).text());
    assert.match(svg, /data-part="rope"/);
    assert.match(svg, /data-part="anchor"/);
    assert.match(svg, /data-part="target"/);
    assert.match(svg, /segment error/);
    await page.evaluate(() => window.playground.resume());
    await runFrames(page);
    await assertNoProblems(page);
  });
});
