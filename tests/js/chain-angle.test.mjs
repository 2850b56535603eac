// chain-angle.test.mjs: Chain.solve's end angle goal (angle, angleWeight, angleTolerance, the
// result's angleError) through the real WASM module: goals met, 'reached' needing both, weight 0
// as no angle, stepping with restarts, the mirror, and bad input (tests/core/test_chain_angle.cpp
// holds the C++ side to the same).
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { loadModule, randomSource } from './support.mjs';

/** @type {import('../../dist/ik2d').IK2D} */
let ik;
before(async () => {
  ik = await loadModule();
});

const METHODS = ['ccd', 'fabrik', 'dls'];
const wrap = (a) => Math.atan2(Math.sin(a), Math.cos(a));
const reachOf = (lengths) => lengths.reduce((sum, l) => sum + l, 0);

/** The end bone's world angle, from the positions. */
function endAngle(chain) {
  const p = chain.positions();
  const n = chain.size;
  return Math.atan2(p[2 * n + 1] - p[2 * n - 1], p[2 * n] - p[2 * n - 2]);
}

function endOf(chain) {
  const p = chain.positions();
  return { x: p[2 * chain.size], y: p[2 * chain.size + 1] };
}

/** A chain of 3 to 7 bones with, when `limited`, about two of three joints past the root limited. */
function randomChain(rng, limited) {
  const bones = 3 + Math.floor(rng.uniform(0, 5));
  const lengths = Array.from({ length: bones }, () => rng.uniform(0.5, 1.5));
  const chain = new ik.Chain({ root: { x: 0, y: 0 }, lengths });
  const limits = [[-Math.PI, Math.PI]];
  for (let i = 1; i < bones; i++) {
    if (!limited || rng.next() < 1 / 3) {
      limits.push([-Math.PI, Math.PI]);
      continue;
    }
    const middle = rng.uniform(-0.8, 0.8);
    const limit = [Math.max(-Math.PI, middle - rng.uniform(0.6, 2)), Math.min(Math.PI, middle + rng.uniform(0.6, 2))];
    chain.setLimit(i, limit[0], limit[1]);
    limits.push(limit);
  }
  const pose = () => limits.map(([min, max]) => rng.uniform(min, max));
  return { chain, lengths, limits, pose };
}

/** A goal from a random pose within the limits, the chain set to another: the goal's end and angle. */
function randomGoal(rng, limited) {
  const { chain, lengths, pose } = randomChain(rng, limited);
  chain.setAngles(pose());
  const target = endOf(chain), angle = endAngle(chain);
  chain.setAngles(pose());
  return { chain, reach: reachOf(lengths), target, angle };
}

test('angle goals from random poses are met within 50 sweeps, every method, free and limited', () => {
  for (const method of METHODS) {
    for (const limited of [false, true]) {
      const rng = randomSource(limited ? 71 : 70);
      let met = 0;
      const goals = 300;
      for (let g = 0; g < goals; g++) {
        const { chain, reach, target, angle } = randomGoal(rng, limited);
        const r = chain.solve(target, { method, iterations: 50, tolerance: 1e-3 * reach, angle });
        const end = endOf(chain);
        const error = Math.hypot(end.x - target.x, end.y - target.y);
        const angleError = Math.abs(wrap(endAngle(chain) - angle));
        assert.ok(Math.abs(r.error - error) <= 1e-12 * reach, `${method}: error is the end's distance`);
        assert.ok(Math.abs(r.angleError - angleError) <= 1e-9, `${method}: angleError is the end bone's`);
        assert.ok(r.iterations <= 50);
        const both = error <= 1e-3 * reach && angleError <= 1e-3;
        assert.equal(r.status === 'reached', both, `${method}: 'reached' exactly when both hold`);
        if (both) met++;
        chain.delete();
      }
      assert.ok(met / goals >= 0.99, `${method} ${limited ? 'limited' : 'free'}: ${met} of ${goals} met`);
    }
  }
});

test("'reached' needs the angle too; without an angle, angleError is 0", () => {
  for (const method of METHODS) {
    const chain = new ik.Chain({ root: { x: 0, y: 0 }, lengths: [1, 1, 1] });
    const plain = chain.solve({ x: 3, y: 0 }, { method });
    assert.deepEqual(plain, { status: 'reached', iterations: 0, error: 0, angleError: 0 });
    assert.equal(chain.solve({ x: 3, y: 0 }, { method, angle: 0 }).status, 'reached');
    // Stretched straight at the target, the end bone cannot turn in place.
    const turned = chain.solve({ x: 3, y: 0 }, { method, angle: 0.5 });
    assert.notEqual(turned.status, 'reached', method);
    assert.ok(turned.error + turned.angleError > 1e-3, method);
    // Within a tolerance that wide, the same pose counts as reached.
    const straight = new ik.Chain({ root: { x: 0, y: 0 }, lengths: [1, 1, 1] });
    const wide = straight.solve({ x: 3, y: 0 }, { method, angle: 0.5, angleTolerance: 0.6 });
    assert.equal(wide.status, 'reached');
    assert.equal(wide.iterations, 0);
    assert.ok(Math.abs(wide.angleError - 0.5) < 1e-12);
    chain.delete();
    straight.delete();
  }
});

test('angleWeight 0 is the solve without an angle, bit for bit, with the angle error reported', () => {
  const rng = randomSource(72);
  for (const method of METHODS) {
    for (let trial = 0; trial < 30; trial++) {
      const { chain, target, angle } = randomGoal(rng, true);
      const start = chain.angles();
      const a = chain.solve(target, { method, angle: angle + 1, angleWeight: 0, tolerance: 1e-6 });
      const after = chain.positions();
      chain.setAngles(start);
      const b = chain.solve(target, { method, tolerance: 1e-6 });
      assert.deepEqual({ ...a, angleError: 0 }, b);
      assert.deepEqual(chain.positions(), after);
      assert.ok(Math.abs(a.angleError - Math.abs(wrap(endAngle(chain) - angle - 1))) < 1e-9);
      chain.delete();
    }
  }
});

test("an aimed beginSolve/step ends on solve()'s pose and result, restarts included", () => {
  const rng = randomSource(73);
  let restarts = 0;
  for (const method of METHODS) {
    for (let trial = 0; trial < 60; trial++) {
      const { chain, reach, target, angle } = randomGoal(rng, true);
      const start = chain.angles();
      const options = { method, iterations: 50, tolerance: 1e-6 * reach, angle };
      const solved = chain.solve(target, options);
      const pose = chain.positions();
      chain.setAngles(start);
      let step = chain.beginSolve(target, options);
      while (!step.done) {
        step = chain.step();
        if (step.kind === 'restart') restarts++;
      }
      assert.deepEqual(step.result, solved);
      assert.deepEqual(chain.positions(), pose);
      chain.delete();
    }
  }
  assert.ok(restarts > 0, 'some tries got stuck and restarted');
});

/** An angle `a` near `angle` whose reflection back and forth is exact: pi - (pi - a) === a. */
function exactlyMirrorable(angle) {
  let a = angle;
  for (let i = 0; i < 8 && Math.PI - (Math.PI - a) !== a; i++) a = Math.PI - (Math.PI - a);
  assert.equal(Math.PI - (Math.PI - a), a);
  return a;
}

test("a mirrored chain's angle goal is the mirror image of the plain one's", () => {
  const rng = randomSource(74);
  for (const method of METHODS) {
    for (let trial = 0; trial < 30; trial++) {
      const { chain, lengths, limits, pose } = randomChain(rng, true);
      chain.setAngles(pose());
      // The same rig (limits, then the pose), then mirrored: it solves in the plain one's frame.
      const mirrored = new ik.Chain({ root: { x: 0, y: 0 }, lengths });
      limits.forEach(([min, max], i) => { if (max - min < 2 * Math.PI) mirrored.setLimit(i, min, max); });
      mirrored.setAngles(chain.angles());
      mirrored.setMirror(true);
      const target = { x: rng.uniform(-2, 2), y: rng.uniform(-2, 2) };
      const angle = exactlyMirrorable(rng.uniform(0.1, Math.PI - 0.1));
      const a = chain.solve(target, { method, angle, iterations: 50 });
      const b = mirrored.solve({ x: -target.x, y: target.y }, { method, angle: Math.PI - angle, iterations: 50 });
      assert.equal(b.status, a.status);
      assert.equal(b.iterations, a.iterations);
      assert.ok(Math.abs(b.angleError - a.angleError) <= 1e-9);
      const p = chain.positions(), q = mirrored.positions();
      const reach = reachOf(lengths);
      for (let k = 0; k < p.length; k += 2) {
        assert.ok(Math.abs(q[k] + p[k]) <= 1e-9 * reach, `${method}: x mirrored`);
        assert.ok(Math.abs(q[k + 1] - p[k + 1]) <= 1e-9 * reach, `${method}: y kept`);
      }
      mirrored.delete();
      chain.delete();
    }
  }
});

test('bad angle options: TypeErrors for types, invalid results with the C++ messages for values', () => {
  const chain = new ik.Chain({ root: { x: 0, y: 0 }, lengths: [1, 1, 1] });
  const target = { x: 1, y: 1 };
  assert.throws(() => chain.solve(target, { angle: '1' }),
    { name: 'TypeError', message: 'Chain.solve: angle must be a number, got the string "1"' });
  assert.throws(() => chain.solve(target, { angle: 1, angleWeight: null }),
    { name: 'TypeError', message: 'Chain.solve: angleWeight must be a number, got null' });
  assert.throws(() => chain.beginSolve(target, { angle: 1, angleTolerance: {} }),
    { name: 'TypeError', message: 'Chain.beginSolve: angleTolerance must be a number, got an object' });
  const before = chain.positions();
  const cases = [
    [{ angle: NaN }, 'angle must be a finite number of radians, got NaN'],
    [{ angle: Infinity }, 'angle must be a finite number of radians, got Infinity'],
    [{ angle: 1, angleWeight: 1.5 }, 'angleWeight must be a number from 0 to 1, got 1.5'],
    [{ angle: 1, angleWeight: -0.1 }, 'angleWeight must be a number from 0 to 1, got -0.1'],
    [{ angle: 1, angleTolerance: -1 }, 'angleTolerance must be a finite number of radians, 0 or greater, got -1'],
  ];
  for (const [options, message] of cases) {
    const r = chain.solve(target, options);
    assert.equal(r.status, 'invalid');
    assert.equal(r.message, message);
  }
  assert.deepEqual(chain.positions(), before, 'refused calls leave the chain');
  // Not read without an angle.
  assert.equal(chain.solve(target, { angleWeight: 7 }).status, 'reached');
  chain.delete();
});
