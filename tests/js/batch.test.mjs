// batch.test.mjs: ik.TwoBoneBatch and ik.ChainBatch in the real WASM module (SIMD build): the
// same answers as the per-call API, views that survive memory growth, and clear errors.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { loadModule, randomSource } from './support.mjs';

/** @type {import('../../dist/ik2d').IK2D} */
let ik;
before(async () => {
  ik = await loadModule();
});

const STATUS = ['reached', 'out_of_reach', 'too_close', 'invalid'];
const CHAIN_STATUS = ['reached', 'out_of_reach', 'max_iterations', 'invalid'];
const angleGap = (a, b) => Math.abs(Math.atan2(Math.sin(a - b), Math.cos(a - b)));

/**
 * Loads `inputs` (solveTwoBone options) into a new TwoBoneBatch, solves it, and checks it limb by
 * limb against solveTwoBone: the same status and message, positions within 1e-12 of the limb's
 * scale (stretch included), angles within 1e-12 rad, the same scale. Returns the batch.
 */
function checkAgainstPerCall(inputs) {
  const limbs = new ik.TwoBoneBatch(inputs.length);
  inputs.forEach((input, i) => {
    limbs.rootX[i] = input.root.x; limbs.rootY[i] = input.root.y;
    limbs.targetX[i] = input.target.x; limbs.targetY[i] = input.target.y;
    limbs.length1[i] = input.length1; limbs.length2[i] = input.length2;
    limbs.bend[i] = input.bend; limbs.softness[i] = input.softness;
    if (input.offset) { limbs.offsetX[i] = input.offset.x; limbs.offsetY[i] = input.offset.y; }
    if (input.stretch) limbs.stretch[i] = 1;
    if (input.mix !== undefined) limbs.mix[i] = input.mix;
    if (input.pose) { limbs.poseAngle1[i] = input.pose.angle1; limbs.poseAngle2[i] = input.pose.angle2; }
  });
  limbs.solve();
  let worstPosition = 0, worstAngle = 0;
  inputs.forEach((input, i) => {
    const r = ik.solveTwoBone(input);
    assert.equal(STATUS[limbs.status[i]], r.status, `limb ${i} status`);
    assert.equal(limbs.message(i), r.message ?? '');
    if (r.status === 'invalid') return;
    const scale = (Math.abs(input.root.x) + Math.abs(input.root.y) + Math.abs(input.target.x) + Math.abs(input.target.y) +
      input.length1 + input.length2 + Math.abs(input.offset?.x ?? 0) + Math.abs(input.offset?.y ?? 0)) * r.scale;
    worstPosition = Math.max(worstPosition, Math.abs(limbs.jointX[i] - r.joint.x) / scale,
      Math.abs(limbs.jointY[i] - r.joint.y) / scale, Math.abs(limbs.endX[i] - r.end.x) / scale,
      Math.abs(limbs.endY[i] - r.end.y) / scale, Math.abs(limbs.distance[i] - r.distance) / scale);
    worstAngle = Math.max(worstAngle, angleGap(limbs.angle1[i], r.angle1), angleGap(limbs.angle2[i], r.angle2));
    assert.ok(Math.abs(limbs.scale[i] - r.scale) <= 1e-12 * r.scale, `limb ${i} scale`);
  });
  assert.ok(worstPosition <= 1e-12, `positions within 1e-12 of the scale (worst ${worstPosition})`);
  assert.ok(worstAngle <= 1e-12, `angles within 1e-12 rad (worst ${worstAngle})`);
  return limbs;
}

/** A random limb of a random size from 1e-3 to 1e3, its target up to `far` times its reach away. */
function randomLimb(uniform, i, far) {
  const scale = 10 ** uniform(-3, 3);
  const length1 = scale * uniform(0.1, 2), length2 = scale * uniform(0.1, 2);
  const d = (length1 + length2) * uniform(0, far), heading = uniform(-Math.PI, Math.PI);
  const root = { x: scale * uniform(-2, 2), y: scale * uniform(-2, 2) };
  return {
    root, target: { x: root.x + d * Math.cos(heading), y: root.y + d * Math.sin(heading) }, length1, length2,
    bend: i % 2 ? 1 : -1, softness: i % 7 === 0 ? scale * uniform(0, 0.5) : 0,
  };
}

test('TwoBoneBatch answers as solveTwoBone does, limb by limb (odd count, all zones, bad limbs)', () => {
  const { uniform } = randomSource(11);
  const inputs = Array.from({ length: 5001 }, (_, i) => randomLimb(uniform, i, 1.5));
  for (let i = 3; i < inputs.length; i += 1000) {
    inputs[i].length2 = -1;                                       // invalid
    inputs[i + 1].target.x = NaN;                                 // invalid
    inputs[i + 2].target = { ...inputs[i + 2].root };             // at the root
  }
  const limbs = checkAgainstPerCall(inputs);
  assert.equal(limbs.message(4), 'target.x must be a finite number');
  limbs.delete();
});

test('TwoBoneBatch answers as solveTwoBone does with offset, stretch, mix and pose, limb by limb', () => {
  const { uniform } = randomSource(15);
  const inputs = Array.from({ length: 3001 }, (_, i) => ({
    ...randomLimb(uniform, i, 2.5),
    offset: i % 3 ? { x: uniform(-1, 1), y: uniform(-1, 1) } : { x: 0, y: 0 },
    stretch: i % 5 < 2, mix: i % 4 ? uniform(0, 1) : 1, pose: { angle1: uniform(-4, 4), angle2: uniform(-4, 4) },
  }));
  for (const input of inputs) {
    input.offset.x *= input.length2;
    input.offset.y *= input.length2;
  }
  inputs[6].mix = 2;                  // invalid
  inputs[7].offset.y = Infinity;      // invalid
  const limbs = checkAgainstPerCall(inputs);
  assert.equal(limbs.message(6), 'mix must be from 0 to 1');
  limbs.stretch[0] = 0.5;
  limbs.solve(0, 1);
  assert.equal(STATUS[limbs.status[0]], 'invalid');
  assert.equal(limbs.message(0), 'stretch must be 0 or 1');
  limbs.delete();
});

test('views follow WASM memory growth; solve(begin, end) solves only that range', () => {
  const limbs = new ik.TwoBoneBatch(3);
  const old = limbs.targetX;
  limbs.targetX.set([1.5, 1.5, 1.5]);
  const big = new ik.ChainBatch({ count: 50000, bones: 40 });  // ~33 MB: the memory grows
  assert.equal(old.length, 0, 'the old view was detached by the growth');
  assert.deepEqual([...limbs.targetX], [1.5, 1.5, 1.5], 'a fresh view reads the same numbers');
  limbs.solve(1, 2);
  assert.equal(limbs.jointX[0], 0, 'limb 0 untouched');
  assert.ok(limbs.jointX[1] > 0, 'limb 1 solved');
  assert.equal(limbs.jointX[2], 0, 'limb 2 untouched');
  // A solve call refuses bad values with a result, as Chain.solve does (docs/api.md, "Errors").
  const refused = limbs.solve(2, 1);
  assert.equal(refused.status, 'invalid');
  assert.match(refused.message, /begin and end must be whole numbers with 0 <= begin <= end <= 3/);
  assert.deepEqual(limbs.solve(0, 3), { status: 'solved' });
  big.delete();
  limbs.delete();
});

test('ChainBatch reaches what Chain reaches, in the same sweeps, and keeps every length', () => {
  const { uniform } = randomSource(5);
  const count = 201, bones = 10;
  const lengths = Array.from({ length: bones }, () => uniform(0.5, 2));
  const reach = lengths.reduce((a, b) => a + b);
  for (const method of ['fabrik', 'ccd']) {
    const chains = new ik.ChainBatch({ count, bones, lengths, root: { x: 1, y: 2 } });
    const singles = [];
    for (let c = 0; c < count; c++) {
      const heading = uniform(-Math.PI, Math.PI), d = reach * uniform(0.05, c % 10 === 9 ? 1.5 : 0.95);
      chains.targetX[c] = 1 + d * Math.cos(heading);
      chains.targetY[c] = 2 + d * Math.sin(heading);
      singles.push(new ik.Chain({ root: { x: 1, y: 2 }, lengths }));
    }
    const options = { method, iterations: method === 'ccd' ? 300 : 100, tolerance: 1e-4 * reach };
    chains.solve(options);
    let sameSweeps = 0;
    for (let c = 0; c < count; c++) {
      const r = singles[c].solve({ x: chains.targetX[c], y: chains.targetY[c] }, options);
      assert.equal(CHAIN_STATUS[chains.status[c]], r.status, `${method} chain ${c}`);
      if (chains.iterations[c] === r.iterations) sameSweeps++;
      const p = singles[c].positions();
      for (let j = 0; j <= bones; j++) {
        assert.ok(Math.hypot(chains.x[j * count + c] - p[2 * j], chains.y[j * count + c] - p[2 * j + 1]) < 1e-9 * reach);
        if (j > 0) {
          const bone = Math.hypot(chains.x[j * count + c] - chains.x[(j - 1) * count + c], chains.y[j * count + c] - chains.y[(j - 1) * count + c]);
          assert.ok(Math.abs(bone - lengths[j - 1]) < 1e-12 * reach);
        }
      }
      singles[c].delete();
    }
    assert.ok(sameSweeps >= count - 3, `${method}: same sweeps for ${sameSweeps}/${count}`);
    // Angles: forward kinematics from them gives the positions back.
    const angles = chains.angles();
    for (let c = 0; c < count; c += 20) {
      let world = 0, x = 1, y = 2;
      for (let j = 0; j < bones; j++) {
        world += angles[j * count + c];
        x += lengths[j] * Math.cos(world);
        y += lengths[j] * Math.sin(world);
        assert.ok(Math.hypot(x - chains.x[(j + 1) * count + c], y - chains.y[(j + 1) * count + c]) < 1e-9 * reach);
      }
    }
    chains.delete();
  }
});

test('batches refuse bad input by name and free what they hold', () => {
  const before = ik.stats().liveBatches;
  assert.throws(() => new ik.TwoBoneBatch(-1), /TwoBoneBatch: count must be a whole number from 0 to 4194304, got -1/);
  assert.throws(() => new ik.TwoBoneBatch('9'), /TwoBoneBatch: count must be a number, got the string "9"/);
  assert.throws(() => new ik.ChainBatch({ count: 2, bones: 0 }), /ChainBatch: bones must be a whole number from 1 to 1024, got 0/);
  assert.throws(() => new ik.ChainBatch({ count: 2, bones: 3, lengths: [1, 2] }), /ChainBatch: lengths must hold one length per bone \(3\), got 2/);
  assert.throws(() => new ik.ChainBatch({ count: 2, bones: 3, length: -1 }), /ChainBatch: lengths must be finite, from 1e-150 to 1e150/);
  assert.throws(() => new ik.ChainBatch({ count: 1e7, bones: 10 }), /count \* \(bones \+ 1\) must be at most 2097152/);
  const chains = new ik.ChainBatch({ count: 3, bones: 2 });
  // Bad options: the same result and message as Chain.solve's (docs/api.md, "Errors"); nothing solved.
  assert.deepEqual(chains.solve({ method: 'newton' }), { status: 'invalid', message: `method must be 'ccd', 'fabrik' or 'dls', got the string "newton"` });
  assert.match(chains.solve({ iterations: 1.5 }).message, /iterations must be a whole number from 0 to 100000, got 1.5/);
  assert.throws(() => chains.solve({ method: 3 }), (e) => e instanceof TypeError && /method must be a string/.test(e.message));
  chains.rootX[1] = Infinity;
  chains.targetX[2] = 1;
  chains.solve();
  assert.deepEqual([...chains.status].map((s) => CHAIN_STATUS[s]), ['reached', 'invalid', 'reached']);
  assert.ok([...chains.x, ...chains.y, ...chains.error].every(Number.isFinite) || chains.rootX[1] === Infinity);
  assert.equal(ik.stats().liveBatches, before + 1);
  chains.delete();
  chains.delete();
  assert.throws(() => chains.x, /ChainBatch.x: this batch was deleted/);
  assert.equal(ik.stats().liveBatches, before);
});
