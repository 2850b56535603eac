// bench-reference.test.mjs: keeps `npm run bench` honest, without timing anything: the hand-written
// JS references (bench/node/reference.mjs) compute what ik2d computes, every third-party adapter of
// bench/node/run.mjs really solves, and the benchmark script itself still runs (on a tiny size).
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import * as R from '../../bench/node/reference.mjs';
import { internals, runBench } from '../../bench/node/run.mjs';
import { loadModule, randomSource } from './support.mjs';

/** @type {any} */
let ik;
let libs;
before(async () => {
  ik = await loadModule();
  libs = await internals.loadLibraries();
});

describe('two-bone references agree with ik.solveTwoBone', () => {
  test('reachable targets: joint and end within 1e-9 of reach, same status and angles', () => {
    const rng = randomSource(11);
    for (let k = 0; k < 2000; k++) {
      const length1 = rng.uniform(0.2, 3), length2 = rng.uniform(0.2, 3);
      const root = { x: rng.uniform(-5, 5), y: rng.uniform(-5, 5) };
      const inner = Math.abs(length1 - length2), outer = length1 + length2;
      const d = rng.uniform(inner + 1e-3 * outer, outer * (1 - 1e-3));
      const a = rng.uniform(-Math.PI, Math.PI);
      const target = { x: root.x + d * Math.cos(a), y: root.y + d * Math.sin(a) };
      const bend = rng.next() < 0.5 ? 1 : -1;
      const options = { root, target, length1, length2, bend };
      const want = ik.solveTwoBone(options);
      const got = R.solveTwoBoneJs(options);
      const tol = 1e-9 * outer;
      assert.equal(got.status, want.status);
      assert.ok(Math.hypot(got.joint.x - want.joint.x, got.joint.y - want.joint.y) <= tol, `joint, case ${k}`);
      assert.ok(Math.hypot(got.end.x - want.end.x, got.end.y - want.end.y) <= tol, `end, case ${k}`);
      assert.ok(Math.abs(got.angle1 - want.angle1) <= 1e-9 && Math.abs(got.angle2 - want.angle2) <= 1e-9, `angles, case ${k}`);
      assert.ok(got.distance <= tol);
    }
  });

  test('out of reach and too close: same status, pose within 1e-6 of reach', () => {
    const rng = randomSource(12);
    for (let k = 0; k < 1000; k++) {
      const length1 = rng.uniform(0.2, 3), length2 = rng.uniform(0.2, 3);
      const inner = Math.abs(length1 - length2), outer = length1 + length2;
      const d = k % 2 ? outer * rng.uniform(1.001, 3) : inner * rng.uniform(0, 0.999);
      const a = rng.uniform(-Math.PI, Math.PI);
      const options = { root: { x: 1, y: -2 }, target: { x: 1 + d * Math.cos(a), y: -2 + d * Math.sin(a) }, length1, length2, bend: k % 3 ? 1 : -1 };
      const want = ik.solveTwoBone(options);
      const got = R.solveTwoBoneJs(options);
      assert.equal(got.status, want.status, `case ${k}`);
      assert.ok(Math.hypot(got.end.x - want.end.x, got.end.y - want.end.y) <= 1e-6 * outer, `end, case ${k}`);
      assert.ok(Math.abs(got.distance - want.distance) <= 1e-6 * outer, `distance, case ${k}`);
    }
  });

  test('the typed-array loop gives exactly the per-call results', () => {
    const p = internals.twoBoneProblem(500, 1);
    const n = p.limbs;
    const out = {
      jointX: new Float64Array(n), jointY: new Float64Array(n), endX: new Float64Array(n), endY: new Float64Array(n),
      angle1: new Float64Array(n), angle2: new Float64Array(n), distance: new Float64Array(n), status: new Uint8Array(n),
    };
    R.solveTwoBoneLoop({ rootX: p.rootX, rootY: p.rootY, targetX: p.targetX[0], targetY: p.targetY[0],
      length1: p.length1, length2: p.length2, bend: p.bend }, out, n);
    const codes = { reached: 0, out_of_reach: 1, too_close: 2 };
    for (let i = 0; i < n; i++) {
      const r = R.solveTwoBoneJs({ root: { x: p.rootX[i], y: p.rootY[i] }, target: { x: p.targetX[0][i], y: p.targetY[0][i] },
        length1: p.length1[i], length2: p.length2[i], bend: p.bend[i] });
      assert.deepEqual([out.jointX[i], out.jointY[i], out.endX[i], out.endY[i], out.angle1[i], out.angle2[i], out.distance[i], out.status[i]],
        [r.joint.x, r.joint.y, r.end.x, r.end.y, r.angle1, r.angle2, r.distance, codes[r.status]]);
    }
  });
});

describe('chain references reach what ik2d reaches', () => {
  const bones = 10, reach = 10, tolerance = 1e-2;
  const lengths = new Float64Array(bones).fill(1);
  for (const [method, cap] of [['fabrik', 100], ['ccd', 1000]]) {
    test(`${method}: 300 reachable targets from a straight start, and warm`, () => {
      const rng = randomSource(method === 'fabrik' ? 21 : 22);
      const chain = new ik.Chain({ root: { x: 0, y: 0 }, lengths: Array.from(lengths) });
      const warm = new ik.Chain({ root: { x: 0, y: 0 }, lengths: Array.from(lengths) });
      const pos = new Float64Array(2 * (bones + 1)), warmPos = new Float64Array(2 * (bones + 1));
      R.straightChain(warmPos, 0, lengths, bones);
      let sweepsIk = 0, sweepsJs = 0, reachedIk = 0, reachedJs = 0, warmIk = 0, warmJs = 0;
      for (let k = 0; k < 300; k++) {
        const d = reach * rng.uniform(0.05, 0.95), a = rng.uniform(-Math.PI, Math.PI);
        const target = { x: d * Math.cos(a), y: d * Math.sin(a) };
        chain.setAngles(new Array(bones).fill(0));
        R.straightChain(pos, 0, lengths, bones);
        const s = chain.solve(target, { method, iterations: cap, tolerance });
        const used = R.solveChain(pos, 0, lengths, bones, reach, target.x, target.y, cap, tolerance, method === 'fabrik');
        sweepsIk += s.iterations;
        sweepsJs += used;
        if (s.error <= tolerance) reachedIk++;
        if (Math.hypot(pos[2 * bones] - target.x, pos[2 * bones + 1] - target.y) <= tolerance) reachedJs++;
        for (let i = 0; i < bones; i++) {
          const bone = Math.hypot(pos[2 * i + 2] - pos[2 * i], pos[2 * i + 3] - pos[2 * i + 1]);
          assert.ok(Math.abs(bone - 1) <= 1e-9, `bone ${i} keeps its length`);
        }
        assert.equal(pos[0], 0);
        assert.equal(pos[1], 0);
        // warm start: both keep their pose from the previous target
        if (warm.solve(target, { method, iterations: 10 * cap, tolerance }).error <= tolerance) warmIk++;
        R.solveChain(warmPos, 0, lengths, bones, reach, target.x, target.y, 10 * cap, tolerance, method === 'fabrik');
        if (Math.hypot(warmPos[2 * bones] - target.x, warmPos[2 * bones + 1] - target.y) <= tolerance) warmJs++;
      }
      chain.delete();
      warm.delete();
      assert.ok(reachedJs >= reachedIk - 1 && reachedJs >= 297, `JS reached ${reachedJs}, ik2d ${reachedIk}`);
      assert.ok(warmJs >= warmIk - 1 && warmJs >= 297, `warm: JS reached ${warmJs}, ik2d ${warmIk}`);
      // Same algorithm and stopping rule: the same work, up to rounding (identical when written).
      assert.ok(Math.abs(sweepsJs - sweepsIk) <= 0.05 * sweepsIk, `sweeps: JS ${sweepsJs}, ik2d ${sweepsIk}`);
    });

    test(`${method}: out of reach is one stretch sweep straight at the target, as in ik2d`, () => {
      const chain = new ik.Chain({ root: { x: 0, y: 0 }, lengths: Array.from(lengths) });
      const pos = new Float64Array(2 * (bones + 1));
      R.straightChain(pos, 0, lengths, bones);
      const target = { x: -9, y: 12 };
      const s = chain.solve(target, { method, iterations: 10, tolerance });
      const used = R.solveChain(pos, 0, lengths, bones, reach, target.x, target.y, 10, tolerance, method === 'fabrik');
      assert.equal(s.status, 'out_of_reach');
      assert.equal(used, s.iterations);
      const want = chain.positions();
      for (let i = 0; i < want.length; i++) assert.ok(Math.abs(want[i] - pos[i]) <= 1e-9 * reach);
      chain.delete();
    });
  }

  test('a chain lying on a line through its target gets off the line, as in ik2d', () => {
    for (const method of ['fabrik', 'ccd']) {
      const pos = new Float64Array(2 * (bones + 1));
      R.straightChain(pos, 0, lengths, bones);
      const used = R.solveChain(pos, 0, lengths, bones, reach, 4, 0, 1000, tolerance, method === 'fabrik');
      assert.ok(used > 0 && Math.hypot(pos[2 * bones] - 4, pos[2 * bones + 1]) <= tolerance, `${method}: reached (4, 0)`);
    }
  });
});

describe('every benchmark contender really solves', () => {
  /** Runs an adapter over a short easy track and returns the largest end error. */
  function drive(adapter, problem, chains) {
    adapter.prepare();
    adapter.reset();
    const xs = new Float64Array(adapter.chains), ys = new Float64Array(adapter.chains);
    let worst = 0;
    for (let f = 1; f <= problem.frames; f++) {
      adapter.frame(f);
      adapter.ends(xs, ys);
      for (let c = 0; c < chains; c++) {
        worst = Math.max(worst, Math.hypot(xs[c] - problem.tx[f * problem.count + c], ys[c] - problem.ty[f * problem.count + c]));
      }
    }
    adapter.dispose();
    return worst;
  }

  // Tracking moves the target a little each frame: every working solver stays on it. Generous
  // iteration caps so CCD keeps up too (the benchmark's 10 sweeps do not always).
  const track = (method) => ({ ...internals.chainProblem('tracking', 3, 8, method), iterations: 200 });

  test('ik2d per call, JS reference', () => {
    for (const method of ['fabrik', 'ccd']) {
      const p = track(method);
      assert.ok(drive(internals.ik2dCallChains(ik, p), p, 3) <= p.tolerance, `ik2d ${method}`);
      assert.ok(drive(internals.jsChains(p), p, 3) <= p.tolerance, `JS ${method}`);
    }
  });

  test('@aminere/fullik (FABRIK)', () => {
    assert.ok(libs.FIK, libs.FIKError);
    const p = track('fabrik');
    assert.ok(drive(internals.fullikChains(libs.FIK, p, 3), p, 3) <= p.tolerance);
  });

  test('three CCDIKSolver (CCD), as is and with the tolerance stop', () => {
    assert.ok(libs.THREE, libs.THREEError);
    const p = track('ccd');
    assert.ok(drive(internals.threeChains(libs.THREE, libs.CCDIKSolver, p, 3, false), p, 3) <= p.tolerance);
    assert.ok(drive(internals.threeChains(libs.THREE, libs.CCDIKSolver, p, 3, true), p, 3) <= p.tolerance);
  });

  test('closed-chain-ik (damped least squares)', () => {
    assert.ok(libs.CCI, libs.CCIError);
    const p = { ...track('ccd'), frames: 3 };
    assert.ok(drive(internals.dlsChains(libs.CCI, p, 2, 3), p, 2) <= p.tolerance);
  });

  test('ik2d batched', () => {
    // The whole module always has the batch API: its absence is a broken build, not a reason to skip.
    assert.equal(typeof ik.ChainBatch, 'function', 'dist/ik2d.js has ik.ChainBatch (rebuild with npm run build)');
    assert.equal(typeof ik.TwoBoneBatch, 'function', 'dist/ik2d.js has ik.TwoBoneBatch (rebuild with npm run build)');
    for (const method of ['fabrik', 'ccd']) {
      const p = track(method);
      assert.ok(drive(internals.ik2dBatchChains(ik, p), p, 3) <= p.tolerance, `batched ${method}`);
    }
    const p = internals.twoBoneProblem(300, 1);
    const batch = internals.twoBoneBatch(ik, p);
    batch.prepare();
    batch.reset();
    batch.frame(0);
    const xs = new Float64Array(p.limbs), ys = new Float64Array(p.limbs);
    batch.ends(xs, ys);
    batch.dispose();
    for (let i = 0; i < p.limbs; i++) {
      const r = ik.solveTwoBone({ root: { x: p.rootX[i], y: p.rootY[i] }, target: { x: p.targetX[0][i], y: p.targetY[0][i] },
        length1: p.length1[i], length2: p.length2[i], bend: p.bend[i] });
      assert.ok(Math.hypot(xs[i] - r.end.x, ys[i] - r.end.y) <= 1e-9 * (p.length1[i] + p.length2[i]), `limb ${i}`);
    }
  });
});

test('the benchmark script runs end to end (tiny size; numbers not checked)', async () => {
  const result = await runBench({ size: 'tiny', log: () => {}, ik });
  assert.equal(result.scenarios.length, 7);  // two-bone, then FABRIK, CCD and DLS, tracking and jumps
  const dls = result.scenarios.find((s) => s.name === 'DLS-10 tracking');
  assert.deepEqual(dls.rows.map((r) => r.name), ['ik2d per call', 'closed-chain-ik (DLS)']);
  for (const scenario of result.scenarios) {
    for (const row of scenario.rows) {
      assert.ok(!row.skipped, `${scenario.name}: ${row.name}: ${row.skipped}`);
      assert.ok(Number.isFinite(row.ns) && row.ns > 0, `${scenario.name}: ${row.name} timed`);
      assert.ok(Number.isFinite(row.meanError) && Number.isFinite(row.maxError));
    }
  }
  assert.equal(result.convergence.rows.length, 16);  // 12 for FABRIK and CCD, 4 for DLS (no plain row)
  assert.deepEqual(result.convergence.within.rows.map((r) => r.method), ['fabrik', 'ccd', 'dls']);
  assert.ok(result.convergence.within.rows.every((r) => r.share.every((v, k) => v >= 0 && v <= 1 && (k === 0 || v >= r.share[k - 1]))), 'the share within tolerance grows with k');
  assert.ok(result.convergence.rows.every((r) => r.converged > 0.9), 'convergence rows converge');
  assert.ok(result.checks.length > 0);
  assert.match(result.text, /### Convergence/);
});
