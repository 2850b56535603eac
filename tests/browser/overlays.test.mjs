// overlays.test.mjs: the teaching overlays. The arm's math overlay (its labelled angles are the
// solver's, its labels never overlap, even in a small embed), the chain's step-through (joint by
// joint for CCD, half-pass by half-pass for FABRIK, ending on the pose an unpaused solve gives),
// and the convergence plot (the solver's errors per sweep), each in links and in the embed view.
// In every engine (engines/index.mjs), one page per engine for the file.
import assert from 'node:assert/strict';
import { assertClose, canvasFingerprint, getState, pressOnScene, readout, runFrames, setState } from './harness.mjs';
import { assertNoProblems, forEachEngine } from './engines/index.mjs';
import { withDeepQuery } from './engines/page.mjs';

/** @typedef {import('./engines/page.mjs').EnginePage} EnginePage */
/** @typedef {import('./engines/index.mjs').Engine} Engine */

/**
 * A small embed's viewport: 400×300, or 480×360 where the engine cannot open a window that narrow
 * (WebKit's MiniBrowser: engine.minWidth).
 * @param {Engine} engine
 */
const smallEmbed = (engine) => (engine.minWidth > 400 ? { width: 480, height: 360 } : { width: 400, height: 300 });

const DEGREE = Math.PI / 180;
const wrap = (angle) => Math.atan2(Math.sin(angle), Math.cos(angle));

/** The number in a label such as "α = 34.2°" or "ℓ₁ = 120" (a real minus sign allowed). */
function labelValue(labels, id) {
  const label = labels.find((l) => l.id === id);
  assert.ok(label, `a label "${id}" is drawn`);
  return Number(label.text.split('=').pop().replace('°', '').replace('\u2212', '-').trim());
}

/**
 * Fails unless no two of the boxes overlap and each is inside the canvas.
 * @param {{width: number, height: number}} size The canvas' CSS size, by name: WebKitWebDriver hands
 *   an object back with its keys in another order (height first), so never spread Object.values.
 */
function assertLaidOut(labels, { width, height }, what) {
  for (const box of labels) {
    assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.width <= width + 0.01 && box.y + box.height <= height + 0.01,
      `${what}: "${box.id}" lies inside the ${width}×${height} canvas (${JSON.stringify(box)})`);
  }
  for (let i = 0; i < labels.length; i += 1) {
    for (let j = i + 1; j < labels.length; j += 1) {
      const a = labels[i];
      const b = labels[j];
      const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
      assert.ok(apart, `${what}: "${a.id}" and "${b.id}" do not overlap (${JSON.stringify(a)} ${JSON.stringify(b)})`);
    }
  }
}

/** The arm overlay's labels and numbers agree with getState().result (the solver's values). */
function assertArmOverlayMatches(state, what) {
  const { result, overlay, params, target, root } = state;
  assert.ok(overlay, `${what}: getState().overlay is there`);
  const base = Math.atan2(target.y - root.y, target.x - root.x);
  const alpha = Math.abs(wrap(result.angle1 - base));
  const beta = Math.PI - Math.abs(result.angle2);
  assertClose(overlay.base, base, 1e-12, `${what}: θ`);
  assertClose(overlay.alpha, alpha, 1e-12, `${what}: α from angle1 and θ`);
  assertClose(overlay.beta, beta, 1e-12, `${what}: β from angle2`);
  // The labels as drawn: one decimal of a degree.
  assertClose(labelValue(overlay.labels, 'alpha'), alpha / DEGREE, 0.051, `${what}: the α label`);
  assertClose(labelValue(overlay.labels, 'beta'), beta / DEGREE, 0.051, `${what}: the β label`);
  assertClose(labelValue(overlay.labels, 'base'), base / DEGREE, 0.051, `${what}: the θ label`);
  assertClose(labelValue(overlay.labels, 'length1'), params.length1, 0.051, `${what}: the ℓ₁ label`);
  assertClose(labelValue(overlay.labels, 'length2'), params.length2, 0.051, `${what}: the ℓ₂ label`);
  assertClose(labelValue(overlay.labels, 'd'), Math.hypot(target.x - root.x, target.y - root.y), 0.051, `${what}: the d label`);
  assertClose(labelValue(overlay.labels, 'outer'), params.length1 + params.length2, 0.051, `${what}: l1 + l2`);
  // The formula ends with the solver's angle1 and angle2, in degrees.
  const formula = overlay.formula.join('\n');
  assert.ok(formula.includes(`${(result.angle1 / DEGREE).toFixed(1).replace('-', '\u2212')}°`), `${what}: the formula gives angle1 (${formula})`);
  assert.ok(formula.includes(`${(result.angle2 / DEGREE).toFixed(1).replace('-', '\u2212')}°`), `${what}: the formula gives angle2`);
}

/** The canvas' CSS size. */
function canvasSize(p) {
  return p.evaluate(withDeepQuery(() => {
    const rect = deepQuery('#view').getBoundingClientRect();
    return { width: rect.width, height: rect.height };
  }));
}

// The chain ----------------------------------------------------------------------------------

/**
 * A second module in the page, to solve the same chain unpaused. `options` leaves maxStep at its
 * default, Infinity (no limit, as the scene's 180°): WebDriver hands arguments over as JSON, where
 * Infinity would arrive as null.
 * @param {EnginePage} p
 */
async function solveUnpaused(p, setup) {
  return p.evaluate(async ({ root, lengths, angles, target, options, limit }) => {
    const { default: createIK2D } = await import(new URL('ik2d.js', location.href).href);
    const ik = await createIK2D();
    const chain = new ik.Chain({ root, lengths, angles });
    if (limit) for (let j = 1; j < lengths.length; j += 1) chain.setLimit(j, -limit, limit);
    const result = chain.solve(target, options);
    const positions = Array.from(chain.positions());
    chain.delete();
    return { result, positions };
  }, setup);
}

/** The chain scene's tapered bone lengths (2:1, reach 320), computed as the page does. */
function taperedLengths(bones) {
  const weights = Array.from({ length: bones }, (_, i) => 2 - i / (bones - 1));
  const total = weights.reduce((sum, w) => sum + w, 0);
  return weights.map((w) => (320 * w) / total);
}

/** Steps a paused chain through a solve with `method`; returns every step and the end state. */
async function stepThrough(p, { method, target, limits = false }) {
  await p.evaluate(() => { window.playground.runSolver(); window.playground.pause(); });
  await setState(p, { scene: 'chain', params: { method, limits, limitDeg: 45, bones: 6, taper: true, overlay: true, plot: false }, target: { x: -200, y: 120 } });
  await p.evaluate(() => window.playground.step(30));
  assert.equal((await p.evaluate(() => window.playground.stepSolver(0))).kind, 'paused', 'stepSolver(0) pauses the chain');
  const start = await getState(p);
  assert.deepEqual(await setState(p, { target }), []);
  assert.deepEqual((await getState(p)).positions, start.positions, 'paused: a new target does not move the chain');
  const steps = [];
  const prints = new Set([await canvasFingerprint(p)]);
  for (let i = 0; i < 2000; i += 1) {
    const s = await p.evaluate(() => window.playground.stepSolver(1));
    steps.push(s);
    if (i < 12) prints.add(await canvasFingerprint(p));
    if (s.done) break;
  }
  return { start, steps, prints, end: await getState(p) };
}

/** Same status and sweeps; the error equal up to rounding (the unpaused chain is rebuilt from the
 *  start angles, whose forward kinematics match the scene chain's pose to rounding, not bit for bit). */
function assertSameResult(actual, expected, what) {
  assert.equal(actual.status, expected.status, `${what}: status`);
  assert.equal(actual.iterations, expected.iterations, `${what}: iterations`);
  assertClose(actual.error, expected.error, 1e-9, `${what}: error`);
}

forEachEngine({
  once: 'the overlays\' math and label placement are the page\'s own JS and the core, the same in every engine',
  prefer: 'chromium',
  page: '?scene=arm',
}, ({ name, test }) => {
  test('arm: the math overlay draws the triangle with the solver\'s angles, and O toggles it', async ({ page }) => {
    assert.deepEqual(await setState(page, { params: { overlay: false } }), []);
    let state = await getState(page);
    assert.equal(state.params.overlay, false, 'off by default');
    assert.equal(state.overlay, undefined, 'no overlay state while it is off');
    const off = await canvasFingerprint(page);
    await page.getByRole('switch', { name: /Math overlay/ }).click();
    state = await getState(page);
    assert.equal(state.params.overlay, true, 'the switch turns it on');
    assert.notEqual(await canvasFingerprint(page), off, 'the overlay changes the picture');
    assertArmOverlayMatches(state, 'defaults');
    // The law of cosines gives the same α and β as the solver, when the target is reached.
    const { length1: l1, length2: l2 } = state.params;
    const d = state.overlay.d;
    assertClose(state.overlay.alpha, Math.acos((l1 * l1 + d * d - l2 * l2) / (2 * l1 * d)), 1e-9, 'α by the law of cosines');
    assertClose(state.overlay.beta, Math.acos((l1 * l1 + l2 * l2 - d * d) / (2 * l1 * l2)), 1e-9, 'β by the law of cosines');
    assertClose(wrap(state.overlay.base + state.overlay.alpha), state.result.angle1, 1e-9, 'angle1 = θ + α (bend +1)');
    assertClose(state.result.angle2, -(Math.PI - state.overlay.beta), 1e-9, 'angle2 = −(180° − β)');
    // The readout shows the same angle1 as the formula.
    const angle1Readout = await readout(page, 'angle1');
    assert.ok(state.overlay.formula.some((line) => line.includes(`angle1 = θ + α = ${angle1Readout}`)), 'the formula\'s angle1 is the readout\'s');

    for (const [what, partial] of [
      ['bend −1', { params: { bend: -1 }, target: { x: -150, y: -60 } }],
      ['out of reach', { params: { bend: 1 }, target: { x: 250, y: 180 } }],
      ['too close', { target: { x: 20, y: 10 } }],
      ['soft reach', { params: { softness: 60 }, target: { x: 170, y: 90 } }],
      ['moved root', { params: { softness: 0, length1: 200, length2: 60 }, root: { x: -100, y: -50 }, target: { x: 100, y: 20 } }],
    ]) {
      const before = await canvasFingerprint(page);
      assert.deepEqual(await setState(page, partial), []);
      state = await getState(page);
      assertArmOverlayMatches(state, what);
      assert.notEqual(await canvasFingerprint(page), before, `${what}: the picture changes`);
      assertLaidOut(state.overlay.labels, await canvasSize(page), what);
    }
    assert.equal((await getState(page)).result.status, 'reached');
    await pressOnScene(page, 'o');
    state = await getState(page);
    assert.equal(state.params.overlay, false, 'O turns it off');
    assert.equal(state.overlay, undefined);
    await page.keyboard.press('O');
    assert.equal((await getState(page)).params.overlay, true, 'and on');
    await assertNoProblems(page);
  });

  test('arm: the overlay is in the link, and readable in a small embed (400×300) with nothing overlapping', async ({ engine, url, page }) => {
    await setState(page, { params: { overlay: true, length1: 120, length2: 80, softness: 0, bend: 1 }, root: { x: 0, y: 0 }, target: { x: 110, y: 90 } });
    const link = await page.evaluate(() => window.playground.shareLink());
    assert.match(link, /[?&]overlay=1(&|$)/, 'the link carries overlay=1');
    const wide = await getState(page);
    const small = smallEmbed(engine);
    const embed = await engine.openPage(`${url}${new URL(link).search}&embed=1`, { viewport: small });
    try {
      const state = await getState(embed);
      assert.equal(await embed.evaluate(() => document.documentElement.dataset.embed), 'true', 'the embed view');
      assert.deepEqual(state.params, wide.params, 'the link round-trips the params');
      assertArmOverlayMatches(state, 'embed');
      assert.deepEqual(state.overlay.labels.map((l) => l.text).filter((t) => !t.includes('\n')),
        wide.overlay.labels.map((l) => l.text).filter((t) => !t.includes('\n')), 'the same labels');
      const size = await canvasSize(embed);
      assert.ok(size.width <= small.width && size.height <= small.height);
      assertLaidOut(state.overlay.labels, size, `embed ${small.width}×${small.height}`);
      for (const label of state.overlay.labels) assert.ok(label.height >= 13, `"${label.id}" is at least 10 px text`);
      // Nothing under the embed's "open in playground" link.
      const covered = await embed.evaluate(withDeepQuery(() => {
        const link = deepQuery('#open-playground');
        const canvas = deepQuery('#view').getBoundingClientRect();
        if (!link || link.hidden) return null;
        const r = link.getBoundingClientRect();
        return { id: 'link', x: r.left - canvas.left, y: r.top - canvas.top, width: r.width, height: r.height };
      }));
      if (covered) assertLaidOut([...state.overlay.labels, covered].filter((b) => b.y + b.height <= size.height), size, 'the link');
      // Text scales with the canvas: smaller in the embed than on the wide page, never below 10 px.
      const wideHeight = wide.overlay.labels.find((l) => l.id === 'alpha').height;
      assert.ok(state.overlay.labels.find((l) => l.id === 'alpha').height < wideHeight, 'smaller text in the small embed');
      await assertNoProblems(embed);
    } finally {
      await embed.close();
    }
  });

  test('chain: CCD steps joint by joint, tip to root, to the pose an unpaused solve gives', async ({ page }) => {
    await setState(page, { scene: 'chain' });
    const target = { x: 90, y: 40 };
    const { start, steps, prints, end } = await stepThrough(page, { method: 'ccd', target, limits: true });
    assert.equal(steps[0].kind, 'begin');
    const joints = steps.filter((s) => s.kind === 'ccd_joint');
    assert.ok(joints.length >= 6, `at least a sweep of joint updates (${joints.length})`);
    for (let k = 0; k < joints.length; k += 1) {
      assert.equal(joints[k].joint, 5 - (k % 6), 'one joint per step, tip first');
      assert.equal(joints[k].iteration, Math.floor(k / 6) + 1, 'six joint updates per sweep');
      if (k < joints.length - 1) assert.equal(joints[k].sweepEnd, k % 6 === 5, 'the root joint ends the sweep');
    }
    assert.ok(prints.size >= 10, `each step changes the picture (${prints.size} distinct)`);
    const last = steps[steps.length - 1];
    assert.equal(last.done, true);
    assert.deepEqual(end.result, last.result, 'getState().result is the stepped solve\'s');
    assert.equal(end.stepping.count, steps.length);
    assert.equal(await readout(page, 'step'), end.stepping.description, 'the readout says what the canvas says');
    const unpaused = await solveUnpaused(page, {
      root: start.root, lengths: taperedLengths(6), angles: steps[0].startAngles, target,
      options: { method: 'ccd', iterations: 10, tolerance: 0.1 }, limit: 45 * DEGREE,
    });
    assertSameResult(unpaused.result, last.result, 'the same result as solve()');
    unpaused.positions.forEach((v, i) => assertClose(end.positions[i], v, 1e-9, `position ${i}`));
    assertLaidOut(end.overlay.labels, await canvasSize(page), 'CCD step labels');
    await assertNoProblems(page);
  });

  test('chain: FABRIK steps half-pass by half-pass (backward from the target, forward from the root)', async ({ page }) => {
    const target = { x: 120, y: -40 };
    const { start, steps, end } = await stepThrough(page, { method: 'fabrik', target });
    const passes = steps.slice(1);
    assert.ok(passes.length >= 4, `a few sweeps (${passes.length} half-passes)`);
    passes.forEach((s, k) => {
      assert.equal(s.kind, k % 2 === 0 ? 'fabrik_backward' : 'fabrik_forward', 'backward then forward');
      assert.equal(s.iteration, Math.floor(k / 2) + 1, 'two half-passes per sweep');
      assert.equal(s.sweepEnd, k % 2 === 1);
    });
    const backward = passes[0].backward;
    assert.equal(backward.length, 14, 'the backward pass has every joint');
    assertClose(backward[12], target.x, 1e-9, 'the backward pass starts with the end on the target (x)');
    assertClose(backward[13], target.y, 1e-9, '(y)');
    const unpaused = await solveUnpaused(page, {
      root: start.root, lengths: taperedLengths(6), angles: steps[0].startAngles, target,
      options: { method: 'fabrik', iterations: 10, tolerance: 0.1 },
    });
    assertSameResult(unpaused.result, steps[steps.length - 1].result, 'the same result as solve()');
    unpaused.positions.forEach((v, i) => assertClose(end.positions[i], v, 1e-9, `position ${i}`));
    // Another step replays the solve from its start.
    const replay = await page.evaluate(() => window.playground.stepSolver(1));
    assert.equal(replay.kind, 'begin');
    assert.deepEqual(replay.startAngles, steps[0].startAngles, 'a replay starts where the solve did');
  });

  test('chain: S and Esc on the canvas step and run; the readout and caption follow', async ({ page }) => {
    await page.evaluate(() => { window.playground.runSolver(); window.playground.resume(); });
    await setState(page, { scene: 'chain', params: { method: 'ccd', overlay: false }, target: { x: 60, y: 120 } });
    await pressOnScene(page, 's');
    let state = await getState(page);
    assert.ok(state.stepping, 'S enters step-through');
    const frozen = state.positions;
    await page.keyboard.press('ArrowLeft'); // A new target: the next step begins a new solve.
    await runFrames(page);
    assert.deepEqual((await getState(page)).positions, frozen, 'stepping: the chain waits for S');
    await page.keyboard.press('s');
    assert.equal((await getState(page)).stepping.kind, 'begin');
    await page.keyboard.press('s');
    state = await getState(page);
    assert.equal(state.stepping.kind, 'ccd_joint');
    assert.equal(state.stepping.joint, 5);
    assert.match(await readout(page, 'step'), /^joint 5 turned/);
    assert.ok(state.overlay.labels.some((l) => l.id === 'caption' && l.text.includes('joint 5 turned')), 'the caption says it too');
    await page.keyboard.press('Escape');
    state = await getState(page);
    assert.equal(state.stepping, undefined, 'Esc runs the solver again');
    // Running frames reach the target (waited for, not a fixed time: WebKit under load is slow).
    await page.waitForFunction(() => window.playground.getState().result.status === 'reached');
    await setState(page, { scene: 'arm' });
    const error = await page.evaluate(() => { try { window.playground.stepSolver(1); return ''; } catch (e) { return e.message; } });
    assert.match(error, /arm scene has no step-through/);
    await setState(page, { scene: 'chain' });
    await assertNoProblems(page);
  });

  test('chain: the convergence plot shows the solver\'s error per sweep for both methods', async ({ engine, url, page }) => {
    await setState(page, { scene: 'chain', params: { bones: 8, taper: false, plot: false, overlay: false, tolerance: 0.05 }, target: { x: 60, y: 80 } });
    assert.equal((await getState(page)).convergence, undefined);
    const off = await canvasFingerprint(page);
    await page.getByRole('switch', { name: /Convergence plot/ }).click();
    let state = await getState(page);
    assert.notEqual(await canvasFingerprint(page), off, 'the plot changes the picture');
    const { convergence } = state;
    assert.deepEqual(convergence.target, state.target, 'for the current target');
    for (const method of ['ccd', 'fabrik']) {
      const series = convergence[method];
      assert.equal(series.errors.length, series.iterations + 1, `${method}: one error per sweep, plus the start`);
      const rest = Array.from({ length: 8 }, (_, i) => (i === 0 ? Math.PI / 2 : -Math.PI / 16));
      const check = await solveUnpaused(page, {
        root: state.root, lengths: Array(8).fill(40), angles: rest, target: state.target,
        options: { method, iterations: series.iterations, tolerance: 0.05 },
      });
      assert.equal(check.result.status, series.status, `${method}: the same status as solve()`);
      assertClose(series.errors[series.errors.length - 1], check.result.error, 1e-12, `${method}: the last error is solve()'s`);
      assert.ok(series.errors.every(Number.isFinite));
    }
    assert.equal(convergence.fabrik.errors[0], convergence.ccd.errors[0], 'both start from the same pose');
    assert.ok(convergence.ccd.errors[0] > 1, 'from a start away from the target');
    const plot = state.overlay.labels.find((l) => l.id === 'plot');
    assert.ok(plot, 'the plot has a place on the canvas');
    // Moving the target redraws it.
    const before = await canvasFingerprint(page);
    await pressOnScene(page, 'ArrowDown');
    state = await getState(page);
    assert.deepEqual(state.convergence.target, state.target);
    assert.notDeepEqual(state.convergence.ccd.errors, convergence.ccd.errors, 'new numbers for the new target');
    assert.notEqual(await canvasFingerprint(page), before);
    // In the link, and in a small embed with the overlay and a step-through on top.
    const link = await page.evaluate(() => window.playground.shareLink());
    assert.match(link, /plot=1/);
    const viewport = smallEmbed(engine);
    const embed = await engine.openPage(`${url}${new URL(link).search}&overlay=1&embed=1`, { viewport });
    try {
      let small = await getState(embed);
      assert.deepEqual(small.convergence, state.convergence, 'the link redraws the same plot');
      await embed.locator('#view').focus();
      await embed.keyboard.press('s'); // Step-through; the chain is on the target already.
      assert.equal((await getState(embed)).stepping.result.iterations, 0, 'nothing to do yet');
      await embed.keyboard.press('Shift+ArrowUp'); // A new target, 20 units up.
      for (let i = 0; i < 3; i += 1) await embed.keyboard.press('s');
      small = await getState(embed);
      assert.equal(small.stepping.count, 3, 'S steps inside the embed');
      const size = await canvasSize(embed);
      assertLaidOut(small.overlay.labels, size, `chain embed ${viewport.width}×${viewport.height}`);
      await assertNoProblems(embed);
    } finally {
      await embed.close();
    }
    await setState(page, { params: { plot: false } });
    await assertNoProblems(page);
  });
});
