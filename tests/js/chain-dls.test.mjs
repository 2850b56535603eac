// chain-dls.test.mjs: the chain's third method ('dls'), mix and pole, through the real WASM module:
// the same properties as tests/core/test_chain_dls.cpp, plus what only the JS face does (types,
// defaults from C++, stepTurns(), ChainBatch's refusals).
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { cross, loadModule, randomSource } from './support.mjs';

/** @type {import('../../dist/ik2d').IK2D} */
let ik;
before(async () => {
  ik = await loadModule();
});

const METHODS = ['ccd', 'fabrik', 'dls'];
const wrap = (a) => Math.atan2(Math.sin(a), Math.cos(a));
const point = (p, i) => ({ x: p[2 * i], y: p[2 * i + 1] });
const sub = (a, b) => ({ x: a.x - b.x, y: a.y - b.y });

/** sum over the inner joints of cross(target - root, joint - root). */
function bendSide(chain, target) {
  const p = chain.positions();
  const root = point(p, 0);
  let side = 0;
  for (let i = 1; i < chain.size; i++) side += cross(sub(target, root), sub(point(p, i), root));
  return side;
}

function randomChain(rng) {
  const bones = 2 + Math.floor(rng.uniform(0, 7));
  const lengths = Array.from({ length: bones }, () => rng.uniform(0.3, 2));
  const angles = Array.from({ length: bones }, () => rng.uniform(-1.2, 1.2));
  const root = { x: rng.uniform(-5, 5), y: rng.uniform(-5, 5) };
  const reach = lengths.reduce((s, l) => s + l, 0);
  return { chain: new ik.Chain({ root, lengths, angles }), root, lengths, reach };
}

function targetAround(rng, root, reach, low, high) {
  const r = reach * rng.uniform(low, high), a = rng.uniform(-Math.PI, Math.PI);
  return { x: root.x + r * Math.cos(a), y: root.y + r * Math.sin(a) };
}

test('dls reaches >= 99% of 1000 targets (5-95% of reach) within 100 steps, keeping lengths', () => {
  const rng = randomSource(1501);
  let reached = 0;
  for (let trial = 0; trial < 1000; trial++) {
    const length = rng.uniform(0.5, 2);
    const lengths = new Array(10).fill(length);
    const chain = new ik.Chain({ root: { x: 0, y: 0 }, lengths });
    const target = targetAround(rng, { x: 0, y: 0 }, 10 * length, 0.05, 0.95);
    const r = chain.solve(target, { method: 'dls', iterations: 100, tolerance: 1e-3 * 10 * length });
    assert.notEqual(r.status, 'invalid');
    assert.ok(r.iterations <= 100);
    if (r.status === 'reached') reached++;
    const p = chain.positions();
    for (let i = 0; i < 10; i++) {
      const bone = Math.hypot(p[2 * i + 2] - p[2 * i], p[2 * i + 3] - p[2 * i + 1]);
      assert.ok(Math.abs(bone - length) <= 1e-9 * length);
    }
    chain.delete();
  }
  assert.ok(reached >= 990, `reached ${reached}/1000`);
});

test('dls keeps limits and maxStep; stepping equals solve and stepTurns() are the changes', () => {
  const rng = randomSource(1502);
  for (let trial = 0; trial < 100; trial++) {
    const { chain, lengths, root, reach } = randomChain(rng);
    const limits = lengths.map(() => (rng.next() < 0.5 ? null : [rng.uniform(-Math.PI, 0.5), 0]));
    limits.forEach((limit, i) => {
      if (limit) chain.setLimit(i, limit[0], (limit[1] = Math.min(Math.PI, limit[0] + rng.uniform(0.1, 3))));
    });
    const twin = new ik.Chain({ root, lengths, angles: chain.angles() });
    limits.forEach((limit, i) => limit && twin.setLimit(i, limit[0], limit[1]));
    const start = chain.angles();
    const maxStep = trial % 2 ? rng.uniform(0.01, 0.4) : Infinity;
    const target = targetAround(rng, root, reach, 0, 1.2);
    const options = { method: 'dls', iterations: 30, tolerance: 1e-6, maxStep, damping: rng.uniform(0, 0.5) };
    const expected = chain.solve(target, options);
    let step = twin.beginSolve(target, options);
    assert.deepEqual(Array.from(twin.stepTurns()), new Array(lengths.length).fill(0));
    while (!step.done) {
      const before = twin.angles();
      step = twin.step();
      if (step.kind !== 'dls_step') continue;
      const turns = twin.stepTurns(), after = twin.angles();
      for (let i = 0; i < lengths.length; i++) assert.ok(Math.abs(turns[i] - wrap(after[i] - before[i])) < 1e-12);
      assert.equal(step.turn, Math.max(...Array.from(turns, Math.abs)));
    }
    assert.deepEqual(step.result, expected);
    assert.deepEqual(twin.positions(), chain.positions());
    const angles = chain.angles();
    limits.forEach((limit, i) => {
      if (limit) assert.ok(angles[i] >= limit[0] && angles[i] <= limit[1], `joint ${i} within its limit`);
      assert.ok(Math.abs(wrap(angles[i] - start[i])) <= maxStep + 1e-12, `joint ${i} within maxStep`);
    });
    chain.delete();
    twin.delete();
  }
});

describe('mix', () => {
  for (const method of METHODS) {
    test(`${method}: 0 keeps the pose, 1 is the plain solve, 0.5 half-way the shorter way round`, () => {
      const rng = randomSource(1503);
      for (let trial = 0; trial < 50; trial++) {
        const { chain, lengths, root, reach } = randomChain(rng);
        const start = chain.angles();
        const target = targetAround(rng, root, reach, 0.05, 1.2);
        const copies = [0, 0.5, 1].map(() => new ik.Chain({ root, lengths, angles: start }));
        const full = chain.solve(target, { method, iterations: 20, tolerance: 1e-4 });
        const [none, half, one] = [0, 0.5, 1].map((mix, k) => copies[k].solve(target, { method, iterations: 20, tolerance: 1e-4, mix }));
        assert.deepEqual(one, full);
        assert.deepEqual(copies[2].angles(), chain.angles());
        assert.deepEqual(copies[0].angles(), start);
        assert.equal(none.iterations, full.iterations);
        const solved = chain.angles(), blended = copies[1].angles();
        for (let i = 0; i < lengths.length; i++) {
          assert.ok(Math.abs(wrap(blended[i] - (start[i] + 0.5 * wrap(solved[i] - start[i])))) < 1e-12);
        }
        const end = point(copies[1].positions(), lengths.length);
        assert.ok(Math.abs(half.error - Math.hypot(end.x - target.x, end.y - target.y)) < 1e-12);
        assert.equal(half.status === 'reached', half.error <= 1e-4);
        for (const c of [chain, ...copies]) c.delete();
      }
    });
  }
});

describe('pole', () => {
  for (const method of METHODS) {
    test(`${method}: a reachable target without limits bends the chain toward the pole`, () => {
      const rng = randomSource(1504);
      for (let trial = 0; trial < 200; trial++) {
        const { chain, root, reach, lengths } = randomChain(rng);
        const target = targetAround(rng, root, reach, 0.05, 0.95);
        const pole = targetAround(rng, root, reach, 0.1, 2);
        const poleSide = cross(sub(target, root), sub(pole, root));
        // Reachable: not inside the hole a longest bone longer than the others together leaves.
        const inner = Math.max(0, 2 * Math.max(...lengths) - reach);
        if (Math.hypot(target.x - root.x, target.y - root.y) <= inner + 0.01 * reach) {
          chain.delete();
          continue;
        }
        const r = chain.solve(target, { method, iterations: 100, tolerance: 1e-3 * reach, pole });
        assert.notEqual(r.status, 'invalid');
        assert.ok(bendSide(chain, target) * poleSide > 0, `trial ${trial}: bends toward the pole`);
        chain.delete();
      }
    });
  }
});

test('defaults come from C++, and bad damping, mix and pole are refused by name', () => {
  const chain = new ik.Chain({ root: { x: 0, y: 0 }, lengths: [1, 1, 1] });
  const twin = new ik.Chain({ root: { x: 0, y: 0 }, lengths: [1, 1, 1] });
  assert.deepEqual(chain.solve({ x: 1, y: 2 }, { method: 'dls' }), twin.solve({ x: 1, y: 2 }, { method: 'dls', damping: 0.05, mix: 1 }));
  const refused = [
    [{ damping: -1 }, 'damping must be a finite number, 0 or greater, got -1'],
    [{ damping: Infinity }, 'damping must be a finite number, 0 or greater, got Infinity'],
    [{ mix: 1.5 }, 'mix must be a number from 0 to 1, got 1.5'],
    [{ mix: NaN }, 'mix must be a number from 0 to 1, got NaN'],
    [{ pole: { x: NaN, y: 0 } }, 'pole.x must be a finite number'],
    [{ pole: { x: 0, y: Infinity } }, 'pole.y must be a finite number'],
    [{ pole: { x: 2e300, y: 0 } }, 'pole must stay within 1e300 in magnitude'],
  ];
  const before = chain.angles();
  for (const [options, message] of refused) {
    const r = chain.solve({ x: 1, y: 1 }, { method: 'dls', ...options });
    assert.equal(r.status, 'invalid');
    assert.equal(r.message, message);
    const step = chain.beginSolve({ x: 1, y: 1 }, options);
    assert.equal(step.kind, 'invalid');
    assert.equal(step.message, message);
  }
  assert.deepEqual(chain.angles(), before);
  assert.throws(() => chain.solve({ x: 1, y: 1 }, { damping: '1' }), (e) => e instanceof TypeError && /damping must be a number/.test(e.message));
  assert.throws(() => chain.solve({ x: 1, y: 1 }, { mix: null }), (e) => e instanceof TypeError && /mix must be a number/.test(e.message));
  assert.throws(() => chain.solve({ x: 1, y: 1 }, { pole: 3 }), (e) => e instanceof TypeError && /pole must be a point/.test(e.message));
  assert.throws(() => chain.solve({ x: 1, y: 1 }, { pole: { x: 1 } }), (e) => e instanceof TypeError && /pole\.y must be a number/.test(e.message));
  chain.delete();
  twin.delete();
  assert.throws(() => chain.stepTurns(), /this chain was deleted/);
});

test('ChainBatch refuses dls, damping, mix, pole and angle with messages that say why', () => {
  const chains = new ik.ChainBatch({ count: 2, bones: 3 });
  const cases = [
    [{ method: 'dls' }, "method 'dls' is for Chain.solve only: ChainBatch solves with 'ccd' or 'fabrik'"],
    [{ damping: 0.1 }, "damping is for Chain.solve only: ChainBatch has no 'dls'"],
    [{ mix: 0.5 }, 'mix is for Chain.solve only: ChainBatch keeps no starting pose to blend from'],
    [{ pole: { x: 0, y: 1 } }, 'pole is for Chain.solve only: ChainBatch does not mirror its chains'],
    [{ angle: 0.5 }, 'angle is for Chain.solve only: ChainBatch has no end angle goal'],
  ];
  for (const [options, message] of cases) assert.deepEqual(chains.solve(options), { status: 'invalid', message });
  // Nothing was solved: the chains are still straight along +x.
  assert.deepEqual(Array.from(chains.y), new Array(8).fill(0));
  assert.deepEqual(chains.solve({ method: 'ccd' }), { status: 'solved' });
  chains.delete();
});

test('a plain solve after one with every option set solves as on a fresh chain, bit for bit', () => {
  // Chain.solve writes its arguments into the call frame by a short path for plain options and a
  // checked one otherwise (ik2d_api.js): neither may leave the other's options behind.
  const rng = randomSource(1717);
  for (let i = 0; i < 60; i++) {
    const { chain: spare, lengths, root, reach } = randomChain(rng);
    spare.delete();
    const target = targetAround(rng, root, reach, 0.2, 0.9);
    const plain = { method: METHODS[i % 3], iterations: 20, tolerance: 1e-6 * reach };
    const used = new ik.Chain({ root, lengths }), fresh = new ik.Chain({ root, lengths });
    used.solve(targetAround(rng, root, reach, 0.2, 0.9), { method: 'dls', iterations: 3, tolerance: 0, maxStep: 0.1, damping: 0.5, mix: 0.5, pole: { x: root.x + 1, y: root.y + 1 } });
    used.setAngles(fresh.angles());
    const a = used.solve(target, plain), b = fresh.solve(target, plain);
    assert.deepEqual(a, b, `chain ${i}`);
    assert.deepEqual(Array.from(used.positions()), Array.from(fresh.positions()), `chain ${i}: the same pose`);
    used.delete();
    fresh.delete();
  }
});
