// skeleton-limits.test.mjs: ik.Skeleton with joint limits in the real WASM module: from the rest
// pose, targets taken from random poses inside the limits are met within 50 sweeps (the rate
// tests/core/test_skeleton.cpp asserts on more sets), and every solve keeps lengths and limits.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { PUPPET_BONES, PUPPET_EFFECTORS, PUPPET_LIMITS } from '../../web/src/scenes/puppet/rig.js';
import { loadModule, randomSource } from './support.mjs';

/** @type {import('../../dist/ik2d').IK2D} */
let ik;
before(async () => {
  ik = await loadModule();
});

const SWEEPS = 50;

/** The largest distance a bone's end can get from the root. */
function largestReach(bones) {
  const reach = [];
  bones.forEach((bone, i) => { reach[i] = bone.length + (bone.parent < 0 ? 0 : reach[bone.parent]); });
  return Math.max(...reach);
}

/** A random tree with limits, as tests/core/skeleton_support.hpp's randomLimitedTree draws them. */
function randomLimitedTree(random) {
  const bones = [];
  const ends = [];
  const branches = 2 + Math.floor(random.next() * 5);
  for (let b = 0; b < branches; b++) {
    let parent = bones.length === 0 ? -1 : Math.floor(random.next() * (bones.length + 1)) - 1;
    const count = 3 + Math.floor(random.next() * 4);
    for (let j = 0; j < count; j++) {
      bones.push({ parent, length: random.uniform(0.5, 1.5), angle: parent < 0 ? random.uniform(-Math.PI, Math.PI) : random.uniform(-0.8, 0.8) });
      parent = bones.length - 1;
    }
    if (!ends.includes(parent)) ends.push(parent);
  }
  const limits = [];
  bones.forEach((bone, i) => {
    const kind = random.next();
    if (kind < 0.35) {
      const width = random.uniform(1.5, 2.8);
      limits.push(random.next() < 0.5 ? [i, 0, width] : [i, -width, 0]);
    } else if (kind < 0.7) {
      const middle = bone.parent < 0 ? random.uniform(-Math.PI, Math.PI) : random.uniform(-0.8, 0.8);
      limits.push([i, Math.max(-Math.PI, middle - random.uniform(0.3, 1.2)), Math.min(Math.PI, middle + random.uniform(0.3, 1.2))]);
    }
  });
  return { bones, limits, effectors: ends };
}

/**
 * Solves `sets` target sets from the rest pose; returns how many met every target.
 * @param {() => {bones: any[], limits: number[][], effectors: number[]}} make
 */
function reachedFromRest(random, sets, make) {
  let reached = 0;
  for (let set = 0; set < sets; set++) {
    const { bones, limits, effectors } = make();
    const skeleton = new ik.Skeleton({ root: { x: 0, y: 0 }, bones });
    for (const [bone, min, max] of limits) skeleton.setLimit(bone, min, max);
    const rest = skeleton.angles();
    const range = new Map(limits.map(([bone, min, max]) => [bone, [min, max]]));
    skeleton.setAngles(bones.map((_, i) => random.uniform(...(range.get(i) ?? [-Math.PI, Math.PI]))));
    const p = skeleton.positions();
    const targets = effectors.map((bone) => ({ bone, target: { x: p[2 * bone + 2], y: p[2 * bone + 3] } }));
    skeleton.setAngles(rest);
    const tolerance = 1e-3 * largestReach(bones);
    const r = skeleton.solve(targets, { iterations: SWEEPS, tolerance });
    assert.notEqual(r.status, 'invalid');
    assert.ok(r.iterations <= SWEEPS);
    assert.equal(r.status === 'reached', r.errors.every((e) => e <= tolerance));
    const angles = skeleton.angles();
    const q = skeleton.positions();
    assert.ok(q.every(Number.isFinite) && angles.every(Number.isFinite) && r.errors.every(Number.isFinite));
    for (const [bone, min, max] of limits) assert.ok(angles[bone] >= min && angles[bone] <= max, `bone ${bone} within its limit`);
    bones.forEach((bone, i) => {
      const s = 2 * (bone.parent + 1);
      const length = Math.hypot(q[2 * i + 2] - q[s], q[2 * i + 3] - q[s + 1]);
      assert.ok(Math.abs(length - bone.length) <= 1e-9 * bone.length, `bone ${i} keeps its length`);
    });
    if (r.status === 'reached') reached++;
    skeleton.delete();
  }
  return reached;
}

describe('ik.Skeleton with joint limits, from the rest pose', () => {
  test('the puppet with its limits meets >= 95% of target sets from random poses within 50 sweeps', () => {
    const puppet = { bones: PUPPET_BONES, limits: PUPPET_LIMITS, effectors: PUPPET_EFFECTORS.map((e) => e.bone) };
    const reached = reachedFromRest(randomSource(1618), 200, () => puppet);
    assert.ok(reached >= 0.95 * 200, `${reached} of 200 reached`);
  });

  test('random limited trees meet >= 95% of target sets from random poses within 50 sweeps', () => {
    const random = randomSource(1619);
    const reached = reachedFromRest(random, 200, () => randomLimitedTree(random));
    assert.ok(reached >= 0.95 * 200, `${reached} of 200 reached`);
  });
});
