// chain.test.mjs: the chain scene as a reader drives it: drags with CCD and FABRIK, the method
// control, joint limits and their wedges, the step limit, follow mode, the moving target, and the
// bones slider. In every engine (engines/index.mjs): one page per engine serves the file; each test
// starts from the chain's defaults. M cycling the methods is chain-methods.test.mjs's.
import assert from 'node:assert/strict';
import { assertClose, assertFreshState, getState, pixelAt, pressOnScene, pressReset, readout, runFrames, setState, worldPerPixel, worldToClient } from './harness.mjs';
import { assertNoProblems, forEachEngine } from './engines/index.mjs';

/** @typedef {import('./engines/page.mjs').EnginePage} EnginePage */

const DEFAULT_PARAMS = {
  method: 'ccd', damping: 0.05, mix: 1, usePole: false, bones: 6, length: 320, taper: false, iterations: 10, tolerance: 0.1, maxStepDeg: 180,
  limits: false, limitDeg: 45, moving: false, path: 'none', follow: false, overlay: false, plot: false,
  // The rig the v1 settings make: six equal bones, every joint free.
  lengths: Array(6).fill(320 / 6), jointLimits: Array(6).fill(null),
};
const DEFAULT_TARGET = { x: 120, y: 70 };
const DEFAULT_ROOT = { x: -120, y: -110 };
const DEGREE = Math.PI / 180;

/** A fresh chain at its defaults, running (the Reset button rebuilds the scene). @param {EnginePage} page */
async function reset(page) {
  const state = await pressReset(page, { running: true });
  assert.deepEqual(state.params, DEFAULT_PARAMS, 'Reset restores the chain defaults');
}

/** Runs `frames` fixed steps now (deterministic; the pose is solved once per step). @param {EnginePage} page */
function step(page, frames) {
  return page.evaluate((n) => window.playground.step(n), frames);
}

/**
 * Drags with the engine's native pointer through world points, `steps` moves per leg.
 * @param {EnginePage} page
 * @param {{x: number, y: number}[]} path World points; the first is where the button goes down.
 * @param {(() => Promise<void>) | null} [onMove] Called after each leg.
 */
async function drag(page, path, onMove = null, steps = 6) {
  const first = await worldToClient(page, path[0]);
  await page.mouse.move(first.x, first.y);
  await page.mouse.down();
  for (const point of path.slice(1)) {
    const at = await worldToClient(page, point);
    await page.mouse.move(at.x, at.y, { steps });
    if (onMove) await onMove();
  }
  await page.mouse.up();
}

/**
 * Steps until the chain reports 'reached' (at most 120 frames: 2 s of simulated time).
 * @param {EnginePage} page
 * @returns {Promise<number>} Frames it took.
 */
function settle(page) {
  return page.evaluate(() => {
    let frames = 0;
    while (frames < 120 && window.playground.getState().result.status !== 'reached') {
      window.playground.step(1);
      frames += 1;
    }
    return frames;
  });
}

/** The end effector: the last two numbers of positions. */
function endOf(state) {
  const p = state.positions;
  return { x: p[p.length - 2], y: p[p.length - 1] };
}

/** Wraps an angle to (−π, π]. */
function wrap(angle) {
  return Math.atan2(Math.sin(angle), Math.cos(angle));
}

/** Local angles from positions: bone 0's world angle, then each bone relative to its parent. */
function localAngles(positions) {
  const world = [];
  for (let i = 0; i + 3 < positions.length; i += 2) {
    world.push(Math.atan2(positions[i + 3] - positions[i + 1], positions[i + 2] - positions[i]));
  }
  return world.map((angle, i) => (i === 0 ? angle : wrap(angle - world[i - 1])));
}

/** Bone lengths from positions. */
function boneLengthsOf(positions) {
  const lengths = [];
  for (let i = 0; i + 3 < positions.length; i += 2) {
    lengths.push(Math.hypot(positions[i + 2] - positions[i], positions[i + 3] - positions[i + 1]));
  }
  return lengths;
}

/** Asserts the end sits on the target within the tolerance and the status says so. */
function assertReached(state, what) {
  assert.equal(state.result.status, 'reached', `${what}: status (result ${JSON.stringify(state.result)})`);
  const end = endOf(state);
  const error = Math.hypot(end.x - state.target.x, end.y - state.target.y);
  assert.ok(error <= state.params.tolerance + 1e-9, `${what}: end within tolerance of the target, off by ${error}`);
  assertClose(state.result.error, error, 1e-9, `${what}: result.error is |end − target|`);
}

/**
 * A world point inside joint 1's wedge (±45° or wider) but clear of the bones: 20 px from the
 * joint, 38° off the parent bone's direction, on the side away from bone 1.
 * @param {EnginePage} page
 */
async function besideJoint1(page) {
  const { positions } = await getState(page);
  const [parent, child] = localAngles(positions);
  const angle = parent + (child >= 0 ? -1 : 1) * 38 * DEGREE;
  const radius = 20 * (await worldPerPixel(page));
  return { x: positions[2] + radius * Math.cos(angle), y: positions[3] + radius * Math.sin(angle) };
}

forEachEngine({
  once: 'the chain\'s methods, limits, follow mode and moving target are the page\'s own JS and the core; input reaching the page is checked in every engine by input.test.mjs and engines/reader.test.mjs',
  prefer: 'firefox',
  page: '?scene=chain',
}, ({ name, test }) => {
  test('?scene=chain loads cleanly and getState describes the chain', async ({ page }) => {
    // The chain converges over a few running frames (warm start, 10 sweeps a frame); on a busy
    // machine readiness can come before those frames have run.
    await page.waitForFunction(() => window.playground.getState().result?.status === 'reached', null, { timeout: 15000 });
    const state = await getState(page);
    assertFreshState(state, 'chain', { params: DEFAULT_PARAMS, target: DEFAULT_TARGET, root: DEFAULT_ROOT });
    assert.ok(Array.isArray(state.positions), 'positions is a plain array');
    assert.equal(state.positions.length, 2 * (6 + 1), 'x, y for the root, each joint and the end');
    assert.deepEqual(state.positions.slice(0, 2), [DEFAULT_ROOT.x, DEFAULT_ROOT.y], 'positions start at the root');
    for (const length of boneLengthsOf(state.positions)) assertClose(length, 320 / 6, 1e-9, 'equal bones');
    assertReached(state, 'the default target');
    assert.ok(Number.isInteger(state.result.iterations), 'result.iterations');
    assert.equal(await page.getAttribute('html', 'data-scene'), 'chain');
    assert.equal(await readout(page, 'status'), 'reached');
    assert.equal(await readout(page, 'method'), 'CCD');
    assert.match(await readout(page, 'iterations'), /^\d+ of 10$/);
    const middle = { x: (state.positions[0] + state.positions[2]) / 2, y: (state.positions[1] + state.positions[3]) / 2 };
    const bone = await pixelAt(page, middle);
    assert.ok(0.2126 * bone[0] + 0.7152 * bone[1] + 0.0722 * bone[2] < 110, `bone 0 is drawn dark, got ${bone}`);
    const target = await pixelAt(page, state.target);
    assert.ok(target[2] > target[0] + 60, `the reached target is drawn blue, got ${target}`);
    await runFrames(page); // Some running frames, then no console problems.
    await assertNoProblems(page);
  });

  test('mouse drags reach the target with CCD, then with FABRIK picked on the method control', async ({ page }) => {
    await reset(page);
    await drag(page, [DEFAULT_TARGET, { x: 0, y: 120 }, { x: -90, y: 60 }]);
    await step(page, 3);
    let state = await getState(page);
    const perPixel = await worldPerPixel(page);
    assertClose(state.target.x, -90, perPixel, 'target.x follows the mouse');
    assertClose(state.target.y, 60, perPixel, 'target.y follows the mouse');
    assert.equal(state.params.method, 'ccd');
    assertReached(state, 'CCD after a drag');

    await page.getByRole('radio', { name: 'FABRIK' }).click();
    state = await getState(page);
    assert.equal(state.params.method, 'fabrik', 'the method control sets params.method');
    assert.equal(await page.getByRole('radio', { name: 'FABRIK' }).isChecked(), true);
    assert.equal(await readout(page, 'method'), 'FABRIK');
    await drag(page, [state.target, { x: 60, y: -40 }, { x: 150, y: -120 }]);
    await step(page, 3);
    state = await getState(page);
    assertClose(state.target.x, 150, perPixel, 'target.x after the FABRIK drag');
    assertReached(state, 'FABRIK after a drag');

    await assertNoProblems(page);
  });

  test('joint limits: every joint stays within ±limitDeg during a drag, and the wedges are drawn', async ({ page }) => {
    await reset(page);
    await page.getByRole('switch', { name: /Joint limits/ }).click();
    assert.equal((await getState(page)).params.limits, true, 'the switch turns limits on');
    // The wedge at joint 1 tints the canvas beside the joint, on the side away from bone 1.
    const wedge = await besideJoint1(page);
    const tinted = ([r, , b]) => r - b > 20;
    assert.ok(tinted(await pixelAt(page, wedge)), `joint 1's allowed arc is drawn at ${JSON.stringify(wedge)}`);

    assert.deepEqual(await setState(page, { params: { limitDeg: 30 } }), []);
    const limit = 30 * DEGREE;
    const checkLimits = async () => {
      const state = await getState(page);
      localAngles(state.positions).slice(1).forEach((angle, i) => {
        assert.ok(Math.abs(angle) <= limit + 1e-6,
          `joint ${i + 1} at ${(angle / DEGREE).toFixed(3)}° is outside ±30° `
          + `(target ${JSON.stringify(state.target)})`);
      });
    };
    await checkLimits();
    const path = [DEFAULT_TARGET, { x: -40, y: 150 }, { x: -250, y: 0 }, { x: 0, y: -200 }, { x: 200, y: 150 }];
    await drag(page, path, checkLimits);
    await step(page, 5);
    await checkLimits();

    await pressOnScene(page, 'l');
    assert.equal((await getState(page)).params.limits, false, 'L toggles limits');
    const off = await besideJoint1(page);
    assert.ok(!tinted(await pixelAt(page, off)), 'no wedges with limits off');
    await assertNoProblems(page);
  });

  test('step limit: after a big target jump no joint turns more than maxStepDeg per frame', async ({ page }) => {
    await reset(page);
    await page.evaluate(() => window.playground.pause());
    await page.getByRole('slider', { name: /Step limit/ }).fill('4');
    assert.equal((await getState(page)).params.maxStepDeg, 4);
    assert.equal(await page.textContent('#param-maxStepDeg-value'), '4°');
    // The jump and the frames after it, with nothing else in between (one evaluate).
    const frames = await page.evaluate(() => {
      const poses = [window.playground.getState()];
      window.playground.setState({ target: { x: -200, y: 60 } });
      poses.push(window.playground.getState());
      for (let i = 0; i < 40; i += 1) {
        window.playground.step(1);
        poses.push(window.playground.getState());
      }
      return poses.map((s) => ({ positions: s.positions, status: s.result.status }));
    });
    let largest = 0;
    for (let i = 1; i < frames.length; i += 1) {
      const before = localAngles(frames[i - 1].positions);
      const after = localAngles(frames[i].positions);
      after.forEach((angle, joint) => {
        const turn = Math.abs(wrap(angle - before[joint]));
        largest = Math.max(largest, turn);
        assert.ok(turn <= 4 * DEGREE + 1e-6, `frame ${i}: joint ${joint} turned ${(turn / DEGREE).toFixed(3)}° > 4°`);
      });
    }
    assert.ok(largest > 3 * DEGREE, `the chain does turn toward the new target (largest turn ${largest / DEGREE}°)`);
    assert.notEqual(frames[1].status, 'reached', 'one frame is not enough to get there');
    assert.equal(frames[frames.length - 1].status, 'reached', 'forty frames are');
    assert.equal(await page.textContent('#param-maxStepDeg-value'), '4°');
    await page.getByRole('slider', { name: /Step limit/ }).press('End');
    assert.equal(await page.textContent('#param-maxStepDeg-value'), 'no limit', '180 reads as no limit');
  });

  test('follow: dragging the target beyond reach pulls the root along', async ({ page }) => {
    await reset(page);
    await page.getByRole('switch', { name: /Follow/ }).click();
    assert.equal((await getState(page)).params.follow, true);
    // Pressing on the free root does not pick it up: the press moves the target there instead.
    const perPixel = await worldPerPixel(page);
    const rootAt = await worldToClient(page, DEFAULT_ROOT);
    await page.mouse.click(rootAt.x, rootAt.y);
    let state = await getState(page);
    assertClose(state.target.x, DEFAULT_ROOT.x, perPixel, 'the press moved the target (x)');
    assertClose(state.target.y, DEFAULT_ROOT.y, perPixel, 'the press moved the target (y)');
    await drag(page, [state.target, { x: 0, y: 0 }, { x: 150, y: 100 }, { x: 280, y: 200 }]);
    await step(page, 2);
    state = await getState(page);
    assert.ok(Math.hypot(state.root.x - DEFAULT_ROOT.x, state.root.y - DEFAULT_ROOT.y) > 100,
      `the root was pulled, now at ${JSON.stringify(state.root)}`);
    assertClose(state.target.x, 280, perPixel, 'the target went where the mouse did');
    assert.deepEqual(state.positions.slice(0, 2), [state.root.x, state.root.y], 'the chain starts at the moved root');
    assertReached(state, 'the pulled chain');
    for (const length of boneLengthsOf(state.positions)) assertClose(length, 320 / 6, 1e-9, 'bones keep their length');
    assert.match(await readout(page, 'root'), /\(free\)$/);
    // Slack, the rope does not push its tail: the target 4 units back toward the root leaves it there.
    await page.keyboard.press('ArrowLeft');
    await settle(page);
    const slack = await getState(page);
    assert.deepEqual(slack.root, state.root, 'a slack chain leaves its root in place');
    assertReached(slack, 'the slack chain');
    state = slack;
    // The link carries the moved root.
    const link = new URL(await page.evaluate(() => window.playground.shareLink()));
    assert.equal(link.searchParams.get('root'), `${state.root.x},${state.root.y}`);
    await assertNoProblems(page);
  });

  test('moving target: it moves only with simulation time, deterministically', async ({ page }) => {
    await reset(page);
    const run = () => page.evaluate(() => {
      const p = window.playground;
      p.pause();
      // Leaving and re-entering the scene starts it afresh: the same pose, the same heading.
      p.setState({ scene: 'arm' });
      p.setState({ scene: 'chain', params: { moving: true, maxStepDeg: 8, bones: 8 }, target: { x: 0, y: 50 } });
      const start = p.getState();
      p.step(60);
      return { start, end: p.getState() };
    });
    const first = await run();
    assert.deepEqual(first.start.target, { x: 0, y: 50 });
    const moved = Math.hypot(first.end.target.x - 0, first.end.target.y - 50);
    assert.ok(moved > 100, `a second of steps moves the target (by ${moved})`);
    await runFrames(page);
    assert.deepEqual((await getState(page)).target, first.end.target, 'paused: the target stands still');
    const second = await run();
    assert.deepEqual(second.start, { ...first.start, time: second.start.time }, 'the same starting state');
    assert.deepEqual({ ...second.end, time: 0 }, { ...first.end, time: 0 }, 'the same steps give the same result');
    // Running, it bounces around inside the scene.
    await page.evaluate(() => window.playground.resume());
    // Waits for frames rather than a fixed time: WebKit on a loaded machine drew none in 300 ms.
    await page.waitForFunction((paused) => {
      const { target } = window.playground.getState();
      return target.x !== paused.x || target.y !== paused.y;
    }, first.end.target);
    const running = await getState(page);
    assert.notDeepEqual(running.target, first.end.target, 'running: the target moves');
    assert.ok(Math.abs(running.target.x) <= 300 && Math.abs(running.target.y) <= 225, 'and stays in the scene');
    await page.getByRole('switch', { name: /Moving target/ }).click();
    const stopped = (await getState(page)).target;
    await runFrames(page);
    assert.deepEqual((await getState(page)).target, stopped, 'switched off, it stops');
  });

  test('bones: the slider goes to 32, setState to 2, and taper keeps the reach', async ({ page }) => {
    await reset(page);
    const slider = page.getByRole('slider', { name: /Bones/ });
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    let state = await getState(page);
    assert.equal(state.params.bones, 7);
    assert.equal(state.positions.length, 16);
    await page.keyboard.press('End');
    // Ten CCD sweeps a frame: 32 bones may take a few frames from the resampled pose.
    await settle(page);
    state = await getState(page);
    assert.equal(state.params.bones, 32);
    assert.equal(state.positions.length, 66, '32 bones: 33 points');
    assertReached(state, '32 bones');
    assert.equal(await page.textContent('#param-bones-value'), '32');

    assert.deepEqual(await setState(page, { params: { bones: 2 } }), []);
    await settle(page); // CCD creeps near full stretch: the target is 300 away, the reach 320.
    state = await getState(page);
    assert.equal(state.positions.length, 6);
    assertReached(state, '2 bones');
    assert.equal(await slider.inputValue(), '2', 'the slider follows setState');

    assert.deepEqual(await setState(page, { params: { bones: 5, taper: true } }), []);
    state = await getState(page);
    const lengths = boneLengthsOf(state.positions);
    assertClose(lengths.reduce((a, b) => a + b, 0), 320, 1e-9, 'tapered bones keep the total reach');
    assertClose(lengths[0] / lengths[4], 2, 1e-9, 'the root bone is twice the tip bone');
    for (let i = 1; i < 5; i += 1) assert.ok(lengths[i] < lengths[i - 1], 'lengths shrink toward the tip');
    assert.equal(await page.getByRole('switch', { name: /Tapered/ }).isChecked(), true);

    const notices = await setState(page, { params: { bones: 6.5, iterations: 0, method: 'FABRIK', taper: 'yes' } });
    assert.deepEqual(notices, [
      'Rounded bones=6.5 to 7 (whole numbers only)',
      'Clamped iterations=0 to 1 (allowed 1 to 200)',
      'Ignored taper: expected true or false, got a string',
    ]);
    state = await getState(page);
    assert.equal(state.params.bones, 7);
    assert.equal(state.params.method, 'fabrik', 'a choice is read case-insensitively');
    assert.equal(state.params.taper, true);
    await assertNoProblems(page);
  });
});
