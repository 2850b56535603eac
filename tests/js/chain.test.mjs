// chain.test.mjs: ik.Chain in the real WASM module against API.md and the chain issue's
// "done means": reachability, limits, maxStep, lengths, out of reach, bad input, memory.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { loadModule, randomSource } from './support.mjs';

/** @type {import('../../dist/ik2d').IK2D} */
let ik;
before(async () => {
  ik = await loadModule();
});

const wrap = (a) => {
  const r = a - 2 * Math.PI * Math.floor((a + Math.PI) / (2 * Math.PI));
  return r === -Math.PI ? Math.PI : r;
};

/** Checks lengths against positions and positions against forward kinematics of the angles. */
function checkChain(chain, lengths, root) {
  const p = chain.positions();
  const a = chain.angles();
  assert.equal(p.length, 2 * (lengths.length + 1));
  assert.equal(a.length, lengths.length);
  assert.ok(p.every(Number.isFinite) && a.every(Number.isFinite), 'finite');
  assert.equal(p[0], root.x);
  assert.equal(p[1], root.y);
  let world = 0, x = root.x, y = root.y;
  for (let i = 0; i < lengths.length; i++) {
    assert.ok(a[i] >= -Math.PI && a[i] <= Math.PI, `angle ${i} wrapped`);
    const bone = Math.hypot(p[2 * i + 2] - p[2 * i], p[2 * i + 3] - p[2 * i + 1]);
    assert.ok(Math.abs(bone - lengths[i]) <= 1e-9 * lengths[i], `bone ${i} keeps its length (${bone} vs ${lengths[i]})`);
    world += a[i];
    x += lengths[i] * Math.cos(world);
    y += lengths[i] * Math.sin(world);
    assert.ok(Math.hypot(x - p[2 * i + 2], y - p[2 * i + 3]) < 1e-9, 'positions follow the local angles parents first');
  }
}

describe('done means: 10 bones, fixed-seed reachable targets from a straight start', () => {
  for (const [method, iterations] of [['fabrik', 100], ['ccd', 1000]]) {
    test(`${method} in ${iterations} iterations reaches >= 99 %`, (t) => {
      const random = randomSource(method === 'ccd' ? 11 : 12);
      const lengths = Array(10).fill(10);
      const reach = 100;
      const trials = 1000;
      let reached = 0, sweeps = 0;
      for (let trial = 0; trial < trials; trial++) {
        const chain = new ik.Chain({ root: { x: 0, y: 0 }, lengths });
        const d = reach * random.uniform(0.05, 0.95);
        const heading = random.uniform(-Math.PI, Math.PI);
        const target = { x: d * Math.cos(heading), y: d * Math.sin(heading) };
        const r = chain.solve(target, { method, iterations, tolerance: 1e-3 * reach });
        assert.ok(r.status === 'reached' || r.status === 'max_iterations', r.status);
        assert.equal(r.status === 'reached', r.error <= 1e-3 * reach);
        if (r.status === 'reached') reached++;
        sweeps += r.iterations;
        chain.delete();
      }
      t.diagnostic(`${method}: reached ${reached}/${trials}, mean iterations ${(sweeps / trials).toFixed(2)}`);
      assert.ok(reached >= 0.99 * trials, `${method} reached ${reached} of ${trials}`);
    });
  }
});

test('limits and maxStep hold and lengths never drift over many random solves', () => {
  const random = randomSource(5);
  for (const method of ['ccd', 'fabrik']) {
    const lengths = [3, 2.5, 2, 1.5, 1, 0.5];
    const root = { x: 5, y: -3 };
    const chain = new ik.Chain({ root, lengths });
    const limits = lengths.map((_, i) => (i % 2 ? [-0.8, 0.6] : null));
    limits.forEach((limit, i) => limit && chain.setLimit(i, ...limit));
    for (let call = 0; call < 2000; call++) {
      const before = chain.angles();
      const maxStep = call % 3 === 0 ? Infinity : random.uniform(0, 0.2);
      const d = 10.5 * random.uniform(0, 1.4);
      const heading = random.uniform(-Math.PI, Math.PI);
      const r = chain.solve({ x: root.x + d * Math.cos(heading), y: root.y + d * Math.sin(heading) },
        { method, iterations: Math.floor(random.uniform(0, 20)), tolerance: 1e-3, maxStep });
      assert.notEqual(r.status, 'invalid');
      assert.equal(r.status === 'out_of_reach', d > 10.5 && r.error > 1e-3);
      const after = chain.angles();
      for (let i = 0; i < lengths.length; i++) {
        if (limits[i]) assert.ok(after[i] >= limits[i][0] && after[i] <= limits[i][1], `limit ${i} held`);
        assert.ok(Math.abs(wrap(after[i] - before[i])) <= maxStep + 1e-12, `maxStep held at joint ${i}`);
      }
    }
    checkChain(chain, lengths, root);
    chain.delete();
  }
});

test('a target beyond reach leaves the chain straight toward it', () => {
  for (const method of ['ccd', 'fabrik']) {
    const chain = new ik.Chain({ root: { x: 1, y: 2 }, lengths: [1, 2, 3, 4], angles: [0.5, -0.4, 0.3, 0.9] });
    const r = chain.solve({ x: 1 - 30, y: 2 + 40 }, { method });
    assert.equal(r.status, 'out_of_reach');
    const a = chain.angles();
    assert.ok(Math.abs(wrap(a[0] - Math.atan2(40, -30))) < 1e-12);
    for (let i = 1; i < 4; i++) assert.ok(Math.abs(a[i]) < 1e-12, 'straight');
    assert.ok(Math.abs(r.error - 40) < 1e-9);
    chain.delete();
  }
});

test('the singular cases resolve: pointing at, pointing away, at the root, at a joint', () => {
  for (const method of ['ccd', 'fabrik']) {
    const lengths = [1, 1, 1, 1, 1];
    for (const target of [{ x: 2.5, y: 0 }, { x: -3, y: 0 }, { x: 0, y: 0 }, { x: 2, y: 0 }]) {
      const chain = new ik.Chain({ root: { x: 0, y: 0 }, lengths });
      const r = chain.solve(target, { method, iterations: 1000, tolerance: 1e-6 });
      assert.equal(r.status, 'reached', `${method} toward ${JSON.stringify(target)}: ${JSON.stringify(r)}`);
      checkChain(chain, lengths, { x: 0, y: 0 });
      chain.delete();
    }
  }
});

test('warm start, setRoot and setAngles', () => {
  const chain = new ik.Chain({ root: { x: 0, y: 0 }, lengths: [2, 2], angles: [Math.PI / 2, -Math.PI / 2] });
  assert.deepEqual([...chain.positions()].map((v) => Math.round(v * 1e12) / 1e12), [0, 0, 0, 2, 2, 2]);
  chain.setRoot({ x: 10, y: 0 });
  assert.ok(Math.abs(chain.positions()[4] - 12) < 1e-12, 'moving the root keeps the pose');
  const first = chain.solve({ x: 12, y: 1 }, { method: 'fabrik', iterations: 100, tolerance: 1e-9 });
  assert.equal(first.status, 'reached');
  assert.equal(chain.solve({ x: 12, y: 1 }, { tolerance: 1e-9 }).iterations, 0, 'already there: 0 iterations');
  chain.setAngles(new Float64Array([7, 0]));
  assert.ok(Math.abs(chain.angles()[0] - wrap(7)) < 1e-12, 'wrapped');
  chain.delete();
});

describe('bad input', () => {
  test('constructor: TypeError for types, RangeError for values, naming the field', () => {
    const cases = [
      [undefined, TypeError, /expected an options object/], [{ lengths: [1] }, TypeError, /root must be a point/],
      [{ root: { x: 0, y: 0 } }, TypeError, /lengths must be an array of numbers, got nothing/],
      [{ root: { x: 0, y: 0 }, lengths: [1, '2'] }, TypeError, /lengths\[1\] must be a number/],
      [{ root: { x: 0, y: 0 }, lengths: [] }, RangeError, /lengths must hold 1 to 1024 bones, got 0/],
      [{ root: { x: 0, y: 0 }, lengths: Array(5000).fill(1) }, RangeError, /1 to 1024 bones, got 5000/],
      [{ root: { x: 0, y: 0 }, lengths: [1, 0] }, RangeError, /lengths must all be greater than 0/],
      [{ root: { x: 0, y: 0 }, lengths: [1, NaN] }, RangeError, /lengths must all be finite numbers/],
      [{ root: { x: Infinity, y: 0 }, lengths: [1] }, RangeError, /root\.x must be a finite number/],
      [{ root: { x: 0, y: 0 }, lengths: [1, 2], angles: [0] }, RangeError, /one angle per bone \(2\), got 1/],
      [{ root: { x: 0, y: 0 }, lengths: [1], angles: [NaN] }, RangeError, /angles must all be finite numbers/],
    ];
    for (const [options, type, pattern] of cases) {
      assert.throws(() => new ik.Chain(options), (e) => e instanceof type && pattern.test(e.message), JSON.stringify(options)?.slice(0, 60));
    }
  });

  test('solve: status invalid with a message for bad values, TypeError for types; the pose is kept', () => {
    const chain = new ik.Chain({ root: { x: 0, y: 0 }, lengths: [1, 1], angles: [0.3, 0.4] });
    const before = chain.angles();
    const invalid = [
      [{ x: NaN, y: 0 }, {}, /target\.x must be a finite number/], [{ x: 0, y: -Infinity }, {}, /target\.y must be a finite number/],
      [{ x: 1, y: 1 }, { method: 'jacobian' }, /method must be 'ccd', 'fabrik' or 'dls'/],
      [{ x: 1, y: 1 }, { iterations: -1 }, /iterations must be a whole number/], [{ x: 1, y: 1 }, { iterations: 2.5 }, /iterations must be a whole number/],
      [{ x: 1, y: 1 }, { iterations: 1e9 }, /iterations must be a whole number from 0 to 100000/],
      [{ x: 1, y: 1 }, { tolerance: NaN }, /tolerance must be a finite number/], [{ x: 1, y: 1 }, { tolerance: -1 }, /tolerance/],
      [{ x: 1, y: 1 }, { maxStep: -0.5 }, /maxStep must be 0 or greater/], [{ x: 1, y: 1 }, { maxStep: NaN }, /maxStep/],
    ];
    for (const [target, options, pattern] of invalid) {
      const r = chain.solve(target, options);
      assert.equal(r.status, 'invalid');
      assert.match(r.message, pattern);
      assert.ok(Number.isFinite(r.error));
      assert.deepEqual(chain.angles(), before, 'the chain is left as it was');
    }
    const types = [
      [() => chain.solve(), /target must be a point/], [() => chain.solve({ x: '1', y: 0 }), /target\.x must be a number/],
      [() => chain.solve({ x: 1, y: 0 }, { method: 1 }), /method must be a string/],
      [() => chain.solve({ x: 1, y: 0 }, { iterations: '10' }), /iterations must be a number/],
      [() => chain.solve({ x: 1, y: 0 }, 5), /options must be an object/],
    ];
    for (const [call, pattern] of types) assert.throws(call, (e) => e instanceof TypeError && pattern.test(e.message));
    chain.delete();
  });

  test('limits and angles: clear errors', () => {
    const chain = new ik.Chain({ root: { x: 0, y: 0 }, lengths: [1, 1, 1] });
    assert.throws(() => chain.setLimit(3, 0, 1), /joint must be a whole number from 0 to 2, got 3/);
    assert.throws(() => chain.setLimit(0.5, 0, 1), /joint must be a whole number/);
    assert.throws(() => chain.setLimit(0, 1, 0), /min must not be greater than max/);
    assert.throws(() => chain.setLimit(0, -4, 0), /min must be at least -pi/);
    assert.throws(() => chain.setLimit(0, 0, NaN), /max must be a finite number/);
    assert.throws(() => chain.setLimit('0', 0, 1), TypeError);
    assert.throws(() => chain.setAngles([1, 2]), /one angle per bone \(3\), got 2/);
    assert.throws(() => chain.setRoot({ x: NaN, y: 0 }), /root\.x must be a finite number/);
    chain.setLimit(0, -Math.PI, Math.PI);
    chain.delete();
    chain.delete();
    assert.throws(() => chain.angles(), /this chain was deleted/);
  });
});

test('chains stay correct after WASM memory grows (views re-created)', () => {
  const first = new ik.Chain({ root: { x: 0, y: 0 }, lengths: [1, 2, 3] });
  first.solve({ x: 2, y: 3 }, { method: 'fabrik', iterations: 100, tolerance: 1e-9 });
  const expected = first.positions();
  const many = [];
  for (let i = 0; i < 300; i++) many.push(new ik.Chain({ root: { x: i, y: 0 }, lengths: Array(1024).fill(1) }));
  assert.deepEqual(first.positions(), expected, 'positions read after growth match');
  assert.equal(first.solve({ x: 2, y: 3 }, { tolerance: 1e-9 }).iterations, 0);
  const r = ik.solveTwoBone({ root: { x: 0, y: 0 }, target: { x: 3, y: 4 }, length1: 3, length2: 2 });
  assert.equal(r.end.y, 4, 'two-bone results read after growth are right');
  for (const chain of many) chain.delete();
  first.delete();
});
