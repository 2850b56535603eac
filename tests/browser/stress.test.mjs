// stress.test.mjs: the stress scene (thousands of limbs and chains solved by the batch API each
// frame): its meter, that the solvers really reach, that the picture moves and follows a mouse
// drag, the method switch, drawing off, clamped links, and that its batches are freed. Timings
// are checked for being numbers only, never against a budget (bench/browser/stress.mjs measures).
// One page per engine serves the file (engines/index.mjs: Chromium, Firefox, WebKit); each test
// starts from the scene's defaults, paused.
import assert from 'node:assert/strict';
import { canvasFingerprint, getState, pressReset, setState, worldToClient } from './harness.mjs';
import { assertNoProblems, forEachEngine } from './engines/index.mjs';

/** @type {import('./engines/index.mjs').Engine} */
let engine;
/** @type {string} */
let url;
/** @type {import('./engines/page.mjs').EnginePage} The engine's shared page (describe blocks run one after another). */
let page;

const DEFAULT_PARAMS = { limbs: 10000, chains: 1000, method: 'fabrik', iterations: 10, draw: true };
const METER_NUMBERS = ['solveMs', 'drawMs', 'medianSolveMs', 'maxSolveMs', 'medianDrawMs', 'maxDrawMs'];

/** A fresh stress scene at its defaults, paused (the Reset button rebuilds the scene). */
async function reset() {
  const state = await pressReset(page);
  assert.equal(state.scene, 'stress');
  assert.deepEqual(state.params, DEFAULT_PARAMS, 'Reset restores the stress defaults');
}

/** Runs `frames` fixed steps now (deterministic: the own targets depend on simulation time only), then lets the page draw them in its next frame. */
async function step(frames) {
  await page.evaluate((n) => window.playground.step(n), frames);
  await page.nextFrame();
}

/**
 * Drags the target with the real mouse from where it is to a world point.
 * @param {{x: number, y: number}} to
 */
async function dragTargetTo(to) {
  const from = await worldToClient(page, (await getState(page)).target);
  const at = await worldToClient(page, to);
  await page.drag([from, { x: (from.x + at.x) / 2, y: (from.y + at.y) / 2 }, at], 4);
}

forEachEngine({
  once: 'the stress scene is the page\'s own JS and the batch core, the same in every engine',
  prefer: 'chromium',
  page: '?scene=stress', assign: (env) => ({ engine, url, page } = env),
}, ({ name, test }) => {
  test('the meter reports finite timings and counts; most limbs and chains reach their targets', async () => {
    await reset();
    await step(30);
    const state = await getState(page);
    const { meter } = state;
    assert.ok(meter, 'getState().meter exists');
    for (const name of METER_NUMBERS) {
      assert.ok(Number.isFinite(meter[name]) && meter[name] >= 0, `meter.${name} is a finite number ≥ 0 (${meter[name]})`);
    }
    assert.equal(meter.limbs, 10000);
    assert.equal(meter.chains, 1000);
    assert.equal(meter.bones, 10);
    assert.ok(meter.solves >= 30, `one solve per step at least (${meter.solves})`);
    assert.ok(meter.frames >= 1, 'drawn');
    assert.equal(meter.history.solveMs.length, Math.min(meter.solves, 120));
    assert.ok(meter.history.solveMs.every(Number.isFinite));
    assert.ok(meter.maxSolveMs >= meter.medianSolveMs);
    assert.ok(state.reachedLimbs > 0.5 * 10000, `most limbs reached (${state.reachedLimbs})`);
    assert.ok(state.reachedChains > 0.5 * 1000, `most chains reached (${state.reachedChains})`);
    assert.ok(state.reachedLimbs < 10000, 'the limbs near the target stretch toward it, out of reach');
    // The readouts panel says the same.
    assert.match(await page.textContent('[data-readout="solve"]') ?? '', /^\d+\.\d\d ms \(median \d+\.\d\d, max \d+\.\d\d\)$/);
    assert.match(await page.textContent('[data-readout="limbs"]') ?? '', /^[\d\u202f]+ of 10\u202f000$/);
    await assertNoProblems(page);
  });

  test('the picture moves from step to step, and the same steps give the same poses', async () => {
    await reset();
    await step(1);
    const first = await canvasFingerprint(page);
    const closestFirst = (await getState(page)).closest;
    await step(10);
    const later = await canvasFingerprint(page);
    assert.notEqual(later, first, 'the own targets circle: the canvas changes between frames');
    // Deterministic: a fresh scene stepped alike is at the same pose.
    await reset();
    await step(1);
    assert.deepEqual((await getState(page)).closest, closestFirst, 'pause/step is deterministic');
    await assertNoProblems(page);
  });

  test('dragging the target with the mouse: the limbs and chains near it reach for it', async () => {
    await reset();
    await step(2);
    const before = await canvasFingerprint(page);
    const stateBefore = await getState(page);

    // Into the limbs (upper half): the limb nearest the target puts its end on it.
    const overLimbs = { x: -160, y: 130 };
    await dragTargetTo(overLimbs);
    await step(1);
    let state = await getState(page);
    assert.ok(Math.hypot(state.target.x - overLimbs.x, state.target.y - overLimbs.y) < 2, `the target followed the mouse (${JSON.stringify(state.target)})`);
    const limb = state.closest.limb;
    assert.ok(limb, 'a limb is near the target');
    assert.equal(limb.status, 0, 'it reaches');
    assert.ok(Math.hypot(limb.end.x - state.target.x, limb.end.y - state.target.y) < 0.2,
      `its end is on the target: ${JSON.stringify(limb.end)} vs ${JSON.stringify(state.target)}`);
    assert.notEqual(await canvasFingerprint(page), before, 'the picture changed');
    assert.notEqual(state.reachedLimbs, stateBefore.reachedLimbs, 'other limbs stretch toward it now');

    // Into the chains (lower half): the nearest chain's end gets onto it within a few frames.
    const overChains = { x: 40, y: -120 };
    await dragTargetTo(overChains);
    await step(5);
    state = await getState(page);
    const chain = state.closest.chain;
    assert.ok(chain, 'a chain is near the target');
    assert.equal(chain.status, 0, 'it reaches');
    assert.ok(Math.hypot(chain.end.x - state.target.x, chain.end.y - state.target.y) < 0.2,
      `its end is on the target: ${JSON.stringify(chain.end)} vs ${JSON.stringify(state.target)}`);
    assert.equal(state.closest.limb, undefined, 'no limb is within reach of the target down there');

    // The arrow keys move it too.
    await page.locator('#view').focus();
    await page.keyboard.press('ArrowRight');
    assert.equal((await getState(page)).target.x, state.target.x + 10);
    await assertNoProblems(page);
  });

  test('CCD, fewer counts and drawing off: solved every step, drawn only when on', async () => {
    await reset();
    await page.getByRole('radio', { name: 'CCD' }).click();
    assert.deepEqual(await setState(page, { params: { limbs: 3000, chains: 500 } }), []);
    await step(30);
    let state = await getState(page);
    assert.equal(state.params.method, 'ccd');
    assert.equal(state.meter.limbs, 3000);
    assert.equal(state.meter.chains, 500);
    assert.ok(state.reachedChains > 0.5 * 500, `CCD reaches too (${state.reachedChains})`);
    assert.ok(state.reachedLimbs > 0.5 * 3000, `${state.reachedLimbs}`);

    // M switches back; D turns drawing off: steps still solve, nothing more is drawn.
    await page.locator('#view').focus();
    await page.keyboard.press('m');
    await page.keyboard.press('d');
    state = await getState(page);
    assert.equal(state.params.method, 'fabrik');
    assert.equal(state.params.draw, false);
    const { solves, frames } = state.meter;
    await step(10);
    state = await getState(page);
    assert.ok(state.meter.solves >= solves + 10, 'still solving');
    assert.equal(state.meter.frames, frames, 'not drawing');
    assert.match(await page.textContent('[data-readout="draw"]') ?? '', /^off$/);

    // Zero of either is fine.
    assert.deepEqual(await setState(page, { params: { limbs: 0, chains: 200, draw: true } }), []);
    await step(5);
    state = await getState(page);
    assert.equal(state.meter.limbs, 0);
    assert.equal(state.reachedLimbs, 0);
    assert.ok(state.reachedChains > 100);
    await assertNoProblems(page);
  });

  test('the scene frees its batches: switching away, changing counts and coming back', async () => {
    await reset();
    const stats = () => page.evaluate(() => window.playground.stats());
    assert.equal((await stats()).liveBatches, 2, 'one TwoBoneBatch and one ChainBatch');
    for (const limbs of [1000, 5000, 20000, 10000]) await setState(page, { params: { limbs } });
    assert.equal((await stats()).liveBatches, 2, 'a rebuild deletes the old batches');
    await setState(page, { scene: 'arm' });
    assert.equal((await stats()).liveBatches, 0, 'dispose() deletes them');
    await setState(page, { scene: 'stress' });
    await step(3);
    assert.equal((await stats()).liveBatches, 2);
    assert.ok((await getState(page)).reachedLimbs > 5000, 'and it works again');
    await assertNoProblems(page);
  });

  test('a link asking for absurd counts is clamped, with notices, and works', async () => {
    const visit = await engine.openPage(`${url}?scene=stress&limbs=999999999&chains=-5&iterations=1e9&method=gpu`);
    try {
      const notices = await visit.$$eval('#notice-list li', (items) => items.map((item) => item.textContent ?? ''));
      assert.deepEqual(notices.sort(), [
        'Clamped chains=-5 to 0 (allowed 0 to 2000)',
        'Clamped iterations=1000000000 to 50 (allowed 1 to 50)',
        'Clamped limbs=999999999 to 20000 (allowed 0 to 20000)',
        'Ignored method=gpu: must be one of fabrik, ccd',
      ]);
      await visit.evaluate(() => window.playground.pause());
      await visit.evaluate(() => window.playground.step(3));
      const state = await getState(visit);
      assert.deepEqual(state.params, { limbs: 20000, chains: 0, method: 'fabrik', iterations: 50, draw: true });
      assert.equal(state.meter.limbs, 20000);
      assert.equal(state.meter.chains, 0);
      assert.ok(state.reachedLimbs > 10000, `${state.reachedLimbs}`);
      await assertNoProblems(visit);
    } finally {
      await visit.close();
    }
  });
});
