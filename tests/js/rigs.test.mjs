// rigs.test.mjs: rigs that turn, in the real WASM module: a mirrored Chain or Skeleton solves as
// the mirror image of the plain one (CCD, FABRIK and DLS with limits; the puppet with its limits),
// turning the mirror reflects the pose and nothing else, and a non-boolean is a TypeError.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { PUPPET_BONES, PUPPET_EFFECTORS, PUPPET_LIMITS } from '../../web/src/scenes/puppet/rig.js';
import { loadModule, randomSource } from './support.mjs';

/** @type {import('../../dist/ik2d').IK2D} */
let ik;
before(async () => {
  ik = await loadModule();
});

const MIRROR_TOLERANCE = 1e-9;  // of the reach

/** M: x reflected about the root's x. */
const mirrorOf = (point, root) => ({ x: 2 * root.x - point.x, y: point.y });

/** `point` moved by an ulp or so to one whose mirror image is exact both ways (M(M(p)) == p). */
function exactlyMirrorable(point, root) {
  let p = point;
  for (let i = 0; i < 8 && mirrorOf(mirrorOf(p, root), root).x !== p.x; i++) p = mirrorOf(mirrorOf(p, root), root);
  assert.equal(mirrorOf(mirrorOf(p, root), root).x, p.x);
  return p;
}

/** The largest distance between M of the plain positions and the mirrored ones, over `reach`. */
function mirrorGap(plain, mirrored, root, reach) {
  assert.equal(plain.length, mirrored.length);
  let worst = 0;
  for (let i = 0; i < plain.length; i += 2) {
    const m = mirrorOf({ x: plain[i], y: plain[i + 1] }, root);
    worst = Math.max(worst, Math.hypot(m.x - mirrored[i], m.y - mirrored[i + 1]) / reach);
  }
  return worst;
}

/** A random chain's spec: 2 to 8 bones at a random root, limits on about half the joints, a pose. */
function randomChainSpec(random) {
  const size = 2 + Math.floor(random.next() * 7);
  const lengths = Array.from({ length: size }, () => random.uniform(0.5, 3));
  const root = { x: random.uniform(-20, 20), y: random.uniform(-20, 20) };
  const limits = [];
  const angles = [];
  for (let i = 0; i < size; i++) {
    if (random.next() < 0.5) {
      const middle = i === 0 ? random.uniform(-2.5, 2.5) : random.uniform(-1, 1);
      const half = random.uniform(0.2, 0.6);
      limits.push([i, middle - half, middle + half]);
      angles.push(random.uniform(middle - half, middle + half));
    } else angles.push(random.uniform(-1, 1));
  }
  return { root, lengths, angles, limits, reach: lengths.reduce((a, b) => a + b, 0) };
}

/** The chain of `spec` (limits, then angles); mirrored, its pose is the spec's reflected. */
function makeChain(spec, mirror) {
  const chain = new ik.Chain({ root: spec.root, lengths: spec.lengths });
  for (const [joint, min, max] of spec.limits) chain.setLimit(joint, min, max);
  chain.setAngles(spec.angles);
  if (mirror) chain.setMirror(true);
  return chain;
}

describe('Chain mirror', () => {
  for (const method of ['ccd', 'fabrik', 'dls']) {
    test(`${method}: solving for M(t) on a mirrored chain gives M of the plain solve, with limits`, () => {
      const random = randomSource(0x5eed + method.length);
      let worst = 0;
      let solves = 0;
      for (let c = 0; c < 60; c++) {
        const spec = randomChainSpec(random);
        const plain = makeChain(spec, false);
        const mirrored = makeChain(spec, true);
        assert.equal(plain.mirror, false);
        assert.equal(mirrored.mirror, true);
        assert.ok(mirrorGap(plain.positions(), mirrored.positions(), spec.root, spec.reach) <= 1e-15);
        for (let s = 0; s < 3; s++) {
          const angle = random.uniform(-Math.PI, Math.PI);
          const distance = random.uniform(0.05, 1.2) * spec.reach;
          const target = exactlyMirrorable(
            { x: spec.root.x + distance * Math.cos(angle), y: spec.root.y + distance * Math.sin(angle) }, spec.root);
          const options = { method, iterations: 40 };
          const a = plain.solve(target, options);
          const b = mirrored.solve(mirrorOf(target, spec.root), options);
          assert.equal(b.status, a.status);
          assert.equal(b.iterations, a.iterations);
          worst = Math.max(worst, mirrorGap(plain.positions(), mirrored.positions(), spec.root, spec.reach));
          solves++;
        }
        plain.delete();
        mirrored.delete();
      }
      assert.equal(solves, 180);
      assert.ok(worst <= MIRROR_TOLERANCE, `worst mirror gap ${worst} of the reach`);
    });
  }

  test('turning the mirror reflects the pose and nothing else', () => {
    const spec = randomChainSpec(randomSource(77));
    const chain = makeChain(spec, false);
    const before = chain.positions();
    chain.setMirror(true);
    assert.equal(chain.mirror, true);
    const after = chain.positions();
    assert.ok(mirrorGap(before, after, spec.root, spec.reach) <= 1e-15);
    // Lengths hold, and the root stays.
    assert.equal(after[0], spec.root.x);
    assert.equal(after[1], spec.root.y);
    for (let i = 0; i < spec.lengths.length; i++) {
      const length = Math.hypot(after[2 * i + 2] - after[2 * i], after[2 * i + 3] - after[2 * i + 1]);
      assert.ok(Math.abs(length - spec.lengths[i]) <= 1e-12 * spec.reach);
    }
    chain.setMirror(true);  // already on: nothing changes
    assert.deepEqual(chain.positions(), after);
    chain.setMirror(false);
    assert.equal(chain.mirror, false);
    const back = chain.positions();
    for (let i = 0; i < back.length; i++) assert.ok(Math.abs(back[i] - before[i]) <= 1e-15 * spec.reach);
    chain.delete();
  });

  test('mirror: true in the constructor is setMirror(true) after it', () => {
    const spec = randomChainSpec(randomSource(91));
    const built = new ik.Chain({ root: spec.root, lengths: spec.lengths, angles: spec.angles, mirror: true });
    const turned = new ik.Chain({ root: spec.root, lengths: spec.lengths, angles: spec.angles });
    turned.setMirror(true);
    assert.equal(built.mirror, true);
    assert.deepEqual(built.positions(), turned.positions());
    assert.deepEqual(built.angles(), turned.angles());
    const target = exactlyMirrorable({ x: spec.root.x - 0.5 * spec.reach, y: spec.root.y + 0.25 }, spec.root);
    assert.deepEqual(built.solve(target, { method: 'dls' }), turned.solve(target, { method: 'dls' }));
    assert.deepEqual(built.positions(), turned.positions());
    built.delete();
    turned.delete();
  });

  test('a non-boolean is a TypeError naming the call', () => {
    const chain = new ik.Chain({ root: { x: 0, y: 0 }, lengths: [1, 1] });
    for (const bad of [1, 'yes', null, undefined, {}]) {
      assert.throws(() => chain.setMirror(bad), (e) => e instanceof TypeError && /^Chain\.setMirror: on must be true or false/.test(e.message));
    }
    assert.throws(() => new ik.Chain({ root: { x: 0, y: 0 }, lengths: [1], mirror: 1 }),
      (e) => e instanceof TypeError && /^Chain: mirror must be true or false, got 1/.test(e.message));
    chain.delete();
    assert.throws(() => chain.setMirror(true), /Chain\.setMirror: this chain was deleted/);
  });
});

/** The longest root-to-end path of a tree. */
function largestReach(bones) {
  const reach = [];
  bones.forEach((bone, i) => { reach[i] = bone.length + (bone.parent < 0 ? 0 : reach[bone.parent]); });
  return Math.max(...reach);
}

describe('Skeleton mirror', () => {
  const root = { x: 3.25, y: -7.5 };
  const reach = largestReach(PUPPET_BONES);
  const makePuppet = (mirror) => {
    const skeleton = new ik.Skeleton({ root, bones: PUPPET_BONES.map((b) => ({ ...b })), mirror });
    for (const [bone, min, max] of PUPPET_LIMITS) skeleton.setLimit(bone, min, max);
    return skeleton;
  };

  test('the puppet: solving for M(targets) when mirrored gives M of the plain solve', () => {
    const random = randomSource(0xfa11);
    const plain = makePuppet(false);
    const mirrored = makePuppet(true);
    assert.equal(mirrored.mirror, true);
    assert.equal(plain.mirror, false);
    const rest = plain.angles();
    assert.ok(mirrorGap(plain.positions(), mirrored.positions(), root, reach) <= 1e-15);
    // Targets from random poses within the limits, taken by a third puppet.
    const poser = makePuppet(false);
    let worst = 0;
    for (let s = 0; s < 20; s++) {
      poser.setAngles(Array.from(rest, (a) => a + random.uniform(-0.6, 0.6)));
      const at = poser.positions();
      const effectors = PUPPET_EFFECTORS.map(({ bone }) => ({
        bone, target: exactlyMirrorable({ x: at[2 * bone + 2], y: at[2 * bone + 3] }, root),
      }));
      const a = plain.solve(effectors, { iterations: 30 });
      const b = mirrored.solve(effectors.map((e) => ({ bone: e.bone, target: mirrorOf(e.target, root) })), { iterations: 30 });
      assert.equal(b.status, a.status);
      assert.equal(b.iterations, a.iterations);
      worst = Math.max(worst, mirrorGap(plain.positions(), mirrored.positions(), root, reach));
    }
    assert.ok(worst <= MIRROR_TOLERANCE, `worst mirror gap ${worst} of the reach`);
    for (const s of [plain, mirrored, poser]) s.delete();
  });

  test('turning the mirror reflects the pose and nothing else; TypeError for a non-boolean', () => {
    const skeleton = makePuppet(false);
    const before = skeleton.positions();
    skeleton.setMirror(true);
    assert.equal(skeleton.mirror, true);
    assert.ok(mirrorGap(before, skeleton.positions(), root, reach) <= 1e-15);
    skeleton.setMirror(false);
    assert.equal(skeleton.mirror, false);
    const back = skeleton.positions();
    for (let i = 0; i < back.length; i++) assert.ok(Math.abs(back[i] - before[i]) <= 1e-15 * reach);
    for (const bad of [0, 'true', null, undefined]) {
      assert.throws(() => skeleton.setMirror(bad), (e) => e instanceof TypeError && /^Skeleton\.setMirror: on must be true or false/.test(e.message));
    }
    assert.throws(() => new ik.Skeleton({ root, bones: [{ parent: -1, length: 1 }], mirror: 'yes' }),
      (e) => e instanceof TypeError && /^Skeleton: mirror must be true or false/.test(e.message));
    skeleton.delete();
  });
});

describe('Skeleton spring bones', () => {
  /** A root bone and two spring bones hanging off it, as hair or a tail. */
  const makeTail = (spring, mirror = false) => {
    const skeleton = new ik.Skeleton({
      root: { x: 1.5, y: 2 },
      bones: [{ parent: -1, length: 2, angle: 0.5 }, { parent: 0, length: 1 }, { parent: 1, length: 1 }],
      mirror,
    });
    skeleton.setSpring(1, spring);
    skeleton.setSpring(2, spring);
    return skeleton;
  };

  test('step(dt, n) is n calls of step(dt), bit for bit, plain and mirrored', () => {
    for (const mirror of [false, true]) {
      const spring = { frequency: 2.5, damping: 0.4, response: 0.3 };
      const [a, b] = [makeTail(spring, mirror), makeTail(spring, mirror)];
      for (const s of [a, b]) s.setAngles([1.2, -0.4, 0.8]);
      a.step(1 / 60, 37);
      for (let i = 0; i < 37; i++) b.step(1 / 60);
      assert.deepEqual(a.angles(), b.angles());
      assert.deepEqual(a.positions(), b.positions());
      assert.notDeepEqual(a.angles(), Float64Array.from([1.2, -0.4, 0.8]), 'the springs lag');
      a.delete();
      b.delete();
    }
  });

  test('damping >= 1 never passes the goal and comes to rest within 1e-6 rad', () => {
    const goal = 1;
    for (const damping of [1, 1.5, 3]) {
      for (const frequency of [0.5, 2, 8]) {
        for (const dt of [1 / 120, 1 / 30, 0.5]) {
          const tail = makeTail({ frequency, damping, response: 0 });
          tail.setAngles([0.5, goal, 0]);
          assert.equal(tail.angles()[1], 0, 'the spring bone starts where it was');
          let previous = 0;
          const steps = Math.ceil(60 / dt);
          for (let i = 0; i < steps; i++) {
            tail.step(dt);
            const angle = tail.angles()[1];
            assert.ok(angle <= goal, `damping ${damping}, ${frequency} Hz, dt ${dt}: ${angle} passed ${goal}`);
            assert.ok(angle >= previous, `damping ${damping}, ${frequency} Hz, dt ${dt}: turned back at step ${i}`);
            previous = angle;
          }
          assert.ok(Math.abs(tail.angles()[1] - goal) <= 1e-6, `damping ${damping}, ${frequency} Hz, dt ${dt}: ${tail.angles()[1]}`);
          tail.clearSpring(1);
          assert.equal(tail.angles()[1], goal);
          tail.delete();
        }
      }
    }
  });

  test('bad input: RangeError or TypeError naming the call and the field', () => {
    const tail = makeTail({ frequency: 2, damping: 1, response: 0 });
    const range = (fn, pattern) => assert.throws(fn, (e) => e instanceof RangeError && pattern.test(e.message), String(pattern));
    const type = (fn, pattern) => assert.throws(fn, (e) => e instanceof TypeError && pattern.test(e.message), String(pattern));
    range(() => tail.step(0), /^Skeleton\.step: dt must be a number of seconds greater than 0, at most 1000; got 0$/);
    range(() => tail.step(NaN), /^Skeleton\.step: dt must be/);
    range(() => tail.step(1 / 60, 1.5), /^Skeleton\.step: steps must be a whole number from 1 to 100000; got 1\.5$/);
    range(() => tail.step(1 / 60, 1e9), /^Skeleton\.step: steps must be a whole number from 1 to 100000; got /);
    range(() => tail.setSpring(0, { frequency: -1 }), /^Skeleton\.setSpring: spring of bone 0: frequency must/);
    range(() => tail.setSpring(0, { damping: Infinity }), /^Skeleton\.setSpring: spring of bone 0: damping must/);
    range(() => tail.setSpring(3, {}), /^Skeleton\.setSpring: bone must be a bone of this skeleton, a whole number from 0 to 2; got 3$/);
    range(() => tail.clearSpring(-1), /^Skeleton\.clearSpring: bone must be a bone of this skeleton/);
    type(() => tail.step('1'), /^Skeleton\.step: dt must be a number/);
    type(() => tail.step(1, '2'), /^Skeleton\.step: steps must be a number/);
    type(() => tail.setSpring(0, { response: '1' }), /^Skeleton\.setSpring: response must be a number/);
    type(() => tail.setSpring(0, null), /^Skeleton\.setSpring: options/);
    type(() => tail.setSpring('0', {}), /^Skeleton\.setSpring: bone must be a number/);
    tail.setAngles([0.5, 0.3, 0.2]);
    const waiting = tail.angles();
    range(() => tail.step(-1), /dt must/);
    assert.deepEqual(tail.angles(), waiting, 'a refused step moves nothing');
    tail.step(1 / 60, 5);
    assert.notDeepEqual(tail.angles(), waiting, 'steps move the springs');
    tail.delete();
  });
});

describe('Skeleton effector angle goals and weights', () => {
  const root = { x: 0, y: 0 };
  const makePuppet = () => {
    const skeleton = new ik.Skeleton({ root, bones: PUPPET_BONES.map((b) => ({ ...b })) });
    for (const [bone, min, max] of PUPPET_LIMITS) skeleton.setLimit(bone, min, max);
    return skeleton;
  };

  test('an effector of weight 0 is the same solve as leaving it out (its error still reported)', () => {
    const random = randomSource(0x3e16);
    const [a, b] = [makePuppet(), makePuppet()];
    const poser = makePuppet();
    const rest = poser.angles();
    for (let s = 0; s < 10; s++) {
      poser.setAngles(Array.from(rest, (v) => v + random.uniform(-0.6, 0.6)));
      const at = poser.positions();
      const effectors = PUPPET_EFFECTORS.map(({ bone }) => ({ bone, target: { x: at[2 * bone + 2] + 5, y: at[2 * bone + 3] } }));
      const ignored = effectors[1 + (s % 4)];
      const withZero = a.solve(effectors.map((e) => (e === ignored ? { ...e, weight: 0 } : e)), { iterations: 30 });
      const without = b.solve(effectors.filter((e) => e !== ignored), { iterations: 30 });
      assert.deepEqual(a.angles(), b.angles(), `solve ${s}`);
      assert.equal(withZero.iterations, without.iterations);
      assert.equal(withZero.errors.length, effectors.length);
      const k = effectors.indexOf(ignored);
      const end = { x: a.positions()[2 * ignored.bone + 2], y: a.positions()[2 * ignored.bone + 3] };
      const distance = Math.hypot(end.x - ignored.target.x, end.y - ignored.target.y);
      assert.ok(Math.abs(withZero.errors[k] - distance) <= 1e-12 * distance, `${withZero.errors[k]} against ${distance}`);
    }
    for (const s of [a, b, poser]) s.delete();
  });

  test('an angle goal turns the bone to it; bad types are TypeErrors naming the field', () => {
    const arm = new ik.Skeleton({ root, bones: [{ parent: -1, length: 2 }, { parent: 0, length: 1 }, { parent: 1, length: 1 }] });
    const result = arm.solve([{ bone: 2, target: { x: 2, y: 1.5 }, angle: Math.PI / 2 }], { iterations: 100, tolerance: 1e-9 });
    assert.equal(result.status, 'reached', JSON.stringify(result));
    const p = arm.positions();
    assert.ok(Math.abs(Math.atan2(p[7] - p[5], p[6] - p[4]) - Math.PI / 2) <= 1e-3);
    assert.throws(() => arm.solve([{ bone: 2, target: { x: 1, y: 1 }, angle: '1' }]),
      (e) => e instanceof TypeError && /^Skeleton\.solve: effectors\[0\]\.angle must be a number/.test(e.message));
    assert.throws(() => arm.solve([{ bone: 2, target: { x: 1, y: 1 }, weight: null }]),
      (e) => e instanceof TypeError && /^Skeleton\.solve: effectors\[0\]\.weight must be a number/.test(e.message));
    const refused = arm.solve([{ bone: 2, target: { x: 1, y: 1 }, weight: 2 }]);
    assert.equal(refused.status, 'invalid');
    assert.match(refused.message, /weight/);
    arm.delete();
  });
});
