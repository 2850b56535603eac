// skeleton.test.mjs: ik.Skeleton in the real WASM module: reaching random reachable multi-target
// sets, lengths and limits, settling, the messages C++ writes, JS type errors, memory.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { loadModule, randomSource } from './support.mjs';

/** @type {import('../../dist/ik2d').IK2D} */
let ik;
before(async () => {
  ik = await loadModule();
});

// The puppet of tests/core/skeleton_support.hpp (y up), without its limits: pelvis at the root;
// spine, chest, neck, head; collar, upper arm, forearm on each side; thigh, shin, foot per leg.
const figure = () => [
  { parent: -1, length: 32, angle: Math.PI / 2 }, { parent: 0, length: 30 }, { parent: 1, length: 10 }, { parent: 2, length: 18 },
  { parent: 1, length: 10, angle: 1.45 }, { parent: 4, length: 28, angle: 1.49 }, { parent: 5, length: 26, angle: 0.3 },
  { parent: 1, length: 10, angle: -1.45 }, { parent: 7, length: 28, angle: -1.49 }, { parent: 8, length: 26, angle: -0.3 },
  { parent: -1, length: 40, angle: -1.75 }, { parent: 10, length: 38, angle: -0.2 }, { parent: 11, length: 12, angle: -1.4 },
  { parent: -1, length: 40, angle: -1.39 }, { parent: 13, length: 38, angle: 0.2 }, { parent: 14, length: 12, angle: 1.4 },
];
const pulled = [3, 6, 9, 11, 14];  // head, hands, ankles

/** Lengths from positions, and every number finite. */
function checkLengths(skeleton, bones) {
  const p = skeleton.positions();
  assert.ok(p.every(Number.isFinite) && skeleton.angles().every(Number.isFinite));
  bones.forEach((bone, i) => {
    const s = 2 * (bone.parent + 1);
    const length = Math.hypot(p[2 * i + 2] - p[s], p[2 * i + 3] - p[s + 1]);
    assert.ok(Math.abs(length - bone.length) <= 1e-9 * bone.length, `bone ${i} keeps its length`);
  });
}

describe('ik.Skeleton', () => {
  test('>= 99% of reachable random target sets (from random poses) are met within 100 sweeps', () => {
    const random = randomSource(16);
    const bones = figure();
    const skeleton = new ik.Skeleton({ root: { x: 0, y: 0 }, bones });
    let reached = 0;
    for (let trial = 0; trial < 300; trial++) {
      skeleton.setAngles(bones.map(() => random.uniform(-1, 1)));
      const p = skeleton.positions();
      const effectors = pulled.map((bone) => ({ bone, target: { x: p[2 * bone + 2], y: p[2 * bone + 3] } }));
      skeleton.setAngles(bones.map(() => random.uniform(-1, 1)));
      const r = skeleton.solve(effectors, { iterations: 100, tolerance: 1e-3 });
      assert.equal(r.errors.length, 5);
      assert.equal(r.status === 'reached', r.errors.every((e) => e <= 1e-3));
      if (r.status === 'reached') reached++;
      checkLengths(skeleton, bones);
    }
    assert.ok(reached >= 0.99 * 300, `${reached} of 300 reached`);
    skeleton.delete();
  });

  test('limits hold; conflicting targets settle (no change between frames)', () => {
    const bones = figure();
    const skeleton = new ik.Skeleton({ root: { x: 0, y: 0 }, bones });
    skeleton.setLimit(6, 0, 2.6);
    skeleton.setLimit(11, -2.5, 0);
    const effectors = pulled.map((bone, k) => ({ bone, target: { x: 300 * Math.cos(k * 1.3), y: 300 * Math.sin(k * 1.3) } }));
    let previous = skeleton.positions();
    let change = Infinity;
    for (let frame = 0; frame < 300; frame++) {
      const r = skeleton.solve(effectors);
      assert.equal(r.status, 'out_of_reach');
      const now = skeleton.positions();
      change = Math.max(...now.map((v, i) => Math.abs(v - previous[i])));
      previous = now;
      const a = skeleton.angles();
      assert.ok(a[6] >= 0 && a[6] <= 2.6 && a[11] >= -2.5 && a[11] <= 0, 'limits hold');
    }
    assert.ok(change <= 1e-9, `pose still moving by ${change}`);
    checkLengths(skeleton, bones);
    skeleton.delete();
  });

  test('C++ names the bone or effector at fault; JS throws TypeError only for wrong types', () => {
    const make = (bones) => () => new ik.Skeleton({ root: { x: 0, y: 0 }, bones });
    assert.throws(make([{ parent: -1, length: 1 }, { parent: 2, length: 1 }, { parent: 1, length: 1 }]),
      { name: 'RangeError', message: 'Skeleton: bones[1] is in a cycle of parents (bones[1].parent leads back to it)' });
    assert.throws(make([{ parent: -1, length: 1 }, { parent: 2, length: 1 }, { parent: 0, length: 1 }]),
      { name: 'RangeError', message: 'Skeleton: bones[1].parent is 2, which comes after it: list every parent before its children' });
    assert.throws(make([{ parent: -1, length: 0 }]), { name: 'RangeError', message: 'Skeleton: bones[0].length must be greater than 0, got 0' });
    assert.throws(make([{ parent: 0.5, length: 1 }]), /bones\[0\]\.parent must be a whole number/);
    assert.throws(make([{ parent: '0', length: 1 }]), { name: 'TypeError', message: 'Skeleton: bones[0].parent must be a number, got the string "0"' });
    assert.throws(make('bones'), TypeError);

    const skeleton = new ik.Skeleton({ root: { x: 0, y: 0 }, bones: figure() });
    const refused = (effectors, options) => {
      const before = skeleton.positions();
      const r = skeleton.solve(effectors, options);
      assert.equal(r.status, 'invalid');
      assert.deepEqual(r.errors, []);
      assert.deepEqual(skeleton.positions(), before, 'a refused solve changes nothing');
      return r.message;
    };
    assert.equal(refused([{ bone: 16, target: { x: 0, y: 0 } }]), 'effectors[0].bone must be a bone of this skeleton, a whole number from 0 to 15; got 16');
    assert.equal(refused([{ bone: 3, target: { x: 0, y: 0 } }, { bone: 3, target: { x: 1, y: 0 } }]),
      'effectors[1] pulls bone 3, as effectors[0] already does: one target per bone');
    assert.equal(refused([{ bone: 3, target: { x: NaN, y: 0 } }]), 'effectors[0].target.x must be a finite number');
    assert.equal(refused([], { method: 'ccd' }), "method must be 'fabrik'");
    assert.equal(refused([], { iterations: 1.5 }), 'iterations must be a whole number from 0 to 100000');
    assert.equal(refused([], { tolerance: -1 }), 'tolerance must be a finite number, 0 or greater');
    assert.throws(() => skeleton.solve([{ bone: 3 }]), { name: 'TypeError', message: 'Skeleton.solve: effectors[0].target must be a point {x, y}, got nothing' });
    assert.throws(() => skeleton.setLimit(2.5, 0, 1), { name: 'RangeError', message: 'Skeleton.setLimit: bone must be a bone of this skeleton, a whole number from 0 to 15; got 2.5' });
    assert.throws(() => skeleton.setLimit(2, 1, 0), { name: 'RangeError', message: 'Skeleton.setLimit: bone 2: min (1) must not be greater than max (0)' });
    assert.throws(() => skeleton.setAngles([1, 2]), { name: 'RangeError', message: 'Skeleton.setAngles: angles must hold one angle per bone (16), got 2' });
    skeleton.delete();
    assert.throws(() => skeleton.positions(), /this skeleton was deleted/);
  });

  test('solving many times does not grow memory or leak skeletons', () => {
    const start = ik.stats();
    const skeleton = new ik.Skeleton({ root: { x: 0, y: 0 }, bones: figure() });
    const random = randomSource(17);
    for (let i = 0; i < 2000; i++) {
      skeleton.solve(pulled.map((bone) => ({ bone, target: { x: random.uniform(-80, 80), y: random.uniform(-80, 80) } })));
    }
    skeleton.delete();
    const end = ik.stats();
    assert.equal(end.liveSkeletons, start.liveSkeletons);
    assert.equal(end.wasmMemoryBytes, start.wasmMemoryBytes);
  });
});

describe('the benchmark reference (bench/node/skeleton-reference.mjs) computes what ik.Skeleton does', () => {
  test('the puppet dance: the same poses to 1e-9 on >= 95% of frames, the same sweeps', async () => {
    const { createSkeletonJs } = await import('../../bench/node/skeleton-reference.mjs');
    const { danceTargets } = await import('../../bench/node/skeleton.mjs');
    const { PUPPET_BONES, PUPPET_LIMITS, PUPPET_EFFECTORS } = await import('../../web/src/scenes/puppet/rig.js');
    const frames = 400;
    const targets = danceTargets(frames);
    const bones = PUPPET_EFFECTORS.map((e) => e.bone);
    const skeleton = new ik.Skeleton({ root: { x: 0, y: 0 }, bones: PUPPET_BONES });
    const reference = createSkeletonJs({ x: 0, y: 0 }, PUPPET_BONES);
    for (const [bone, min, max] of PUPPET_LIMITS) {
      skeleton.setLimit(bone, min, max);
      reference.setLimit(bone, min, max);
    }
    let same = 0;
    for (let f = 0; f < frames; f++) {
      const t = targets.subarray(f * 10, f * 10 + 10);
      const r = skeleton.solve(bones.map((bone, k) => ({ bone, target: { x: t[2 * k], y: t[2 * k + 1] } })), { iterations: 20, tolerance: 1e-3 });
      const q = reference.solve(bones, t, 20, 1e-3);
      const p = skeleton.positions();
      const worst = Math.max(...p.map((v, i) => Math.abs(v - reference.positions[i])));
      if (worst <= 1e-9 && r.iterations === q.iterations) same++;
      reference.setAngles(skeleton.angles());  // a frame where rounding tipped a decision does not carry over
    }
    assert.ok(same >= 0.95 * frames, `${same} of ${frames} frames the same`);
    skeleton.delete();
  });
});
