// chain-steps.test.mjs: the resumable solve (chain.beginSolve / chain.step) through the real
// module: the same steps as solve(), in order, ending in the same pose, with the step details the
// playground's step-through mode draws.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { loadModule, randomSource } from './support.mjs';

/** @type {import('../../dist/ik2d').IK2D} */
let ik;
before(async () => {
  ik = await loadModule();
});

function twin(lengths, angles, limits = []) {
  return [0, 1].map(() => {
    const chain = new ik.Chain({ root: { x: 1, y: -2 }, lengths, angles });
    for (const [joint, min, max] of limits) chain.setLimit(joint, min, max);
    chain.setAngles(angles);
    return chain;
  });
}

test('stepping to the end leaves the pose and result of solve(), for both methods', () => {
  const random = randomSource(7).next;
  for (let trial = 0; trial < 200; trial++) {
    const bones = 2 + Math.floor(random() * 10);
    const lengths = Array.from({ length: bones }, () => 0.5 + random() * 1.5);
    const angles = lengths.map(() => random() * 2 - 1);
    const limits = trial % 3 === 0 ? [[1, -0.5, 0.7]] : [];
    const [solved, stepped] = twin(lengths, angles, limits);
    const reach = lengths.reduce((a, b) => a + b);
    const heading = random() * 2 * Math.PI;
    const target = { x: 1 + reach * 1.3 * random() * Math.cos(heading), y: -2 + reach * 1.3 * random() * Math.sin(heading) };
    const options = { method: trial % 2 ? 'ccd' : 'fabrik', iterations: 1 + (trial % 30), tolerance: 1e-4, maxStep: trial % 4 === 0 ? 0.2 : Infinity };

    const expected = solved.solve(target, options);
    let step = stepped.beginSolve(target, options);
    assert.equal(step.kind, 'begin');
    let count = 0;
    while (!step.done) {
      assert.equal(stepped.stepping, true);
      step = stepped.step();
      count++;
      assert.ok(Number.isFinite(step.error));
    }
    assert.equal(stepped.stepping, false);
    assert.deepEqual(step.result, expected);
    assert.deepEqual(stepped.positions(), solved.positions());
    assert.deepEqual(stepped.angles(), solved.angles());
    assert.ok(count >= expected.iterations);
    solved.delete();
    stepped.delete();
  }
});

test('CCD steps: one joint at a time from the tip, with the turn made and the vectors seen', () => {
  const chain = new ik.Chain({ root: { x: 0, y: 0 }, lengths: [1, 1, 1], angles: [0.3, 0.3, 0.3] });
  const target = { x: 0.5, y: 2 };
  let step = chain.beginSolve(target, { method: 'ccd', iterations: 2, tolerance: 0 });
  const seen = [];
  while (!step.done) {
    const before = chain.angles();
    const end = chain.positions().slice(-2);
    step = chain.step();
    assert.equal(step.kind, 'ccd_joint');
    seen.push(`${step.iteration}:${step.joint}${step.sweepEnd ? '|' : ''}`);
    assert.deepEqual([step.endBefore.x, step.endBefore.y], [...end]);
    const after = chain.angles();
    const delta = after[step.joint] - before[step.joint];
    assert.ok(Math.abs(delta - step.turn) < 1e-12, 'the joint turned by `turn`');
    assert.ok(Math.abs(step.turn - step.wanted) < 1e-12, 'no limits: it turned as much as it wanted');
    const p = chain.positions();
    assert.deepEqual([step.pivot.x, step.pivot.y], [p[2 * step.joint], p[2 * step.joint + 1]]);
  }
  assert.deepEqual(seen, ['1:2', '1:1', '1:0|', '2:2', '2:1', '2:0|']);
  assert.equal(step.result.status, 'max_iterations');
  chain.delete();
});

test('FABRIK steps: backward then forward half-passes; the backward points end on the target', () => {
  const chain = new ik.Chain({ root: { x: 0, y: 0 }, lengths: [2, 2, 2], angles: [0.4, 0.4, 0.4] });
  const target = { x: 1, y: 3 };
  let step = chain.beginSolve(target, { method: 'fabrik', iterations: 3, tolerance: 0 });
  const kinds = [];
  while (!step.done) {
    step = chain.step();
    kinds.push(step.kind);
    if (step.kind === 'fabrik_backward') {
      const back = chain.backwardPositions();
      assert.equal(back.length, 8);
      assert.deepEqual([back[6], back[7]], [1, 3]);
    }
  }
  assert.deepEqual(kinds, ['fabrik_backward', 'fabrik_forward', 'fabrik_backward', 'fabrik_forward', 'fabrik_backward', 'fabrik_forward']);
  chain.delete();
});

test('bad calls: refused with a message, step() without a solve throws, edits end the stepping', () => {
  const chain = new ik.Chain({ root: { x: 0, y: 0 }, lengths: [1, 1], angles: [0.5, 0.5] });
  assert.throws(() => chain.step(), /Chain.step: no solve in progress/);
  assert.throws(() => chain.beginSolve({ x: 'a', y: 0 }), /Chain.beginSolve: target.x must be a number/);
  chain.beginSolve({ x: 0, y: 1 }, { iterations: 5 });
  assert.equal(chain.stepping, true);
  const refused = chain.beginSolve({ x: 0, y: 1 }, { method: 'newton' });
  assert.equal(refused.kind, 'invalid');
  assert.equal(refused.done, true);
  assert.match(refused.message, /method must be 'ccd', 'fabrik' or 'dls', got the string "newton"/);
  assert.equal(chain.stepping, false, 'a refused beginSolve ends the solve in progress');
  const nan = chain.beginSolve({ x: NaN, y: 1 });
  assert.equal(nan.kind, 'invalid');
  assert.equal(nan.message, 'target.x must be a finite number');
  chain.beginSolve({ x: 0, y: 1 }, { iterations: 5 });
  chain.setAngles([0.1, 0.1]);
  assert.equal(chain.stepping, false);
  assert.throws(() => chain.step(), /no solve in progress/);
  chain.delete();
  assert.throws(() => chain.beginSolve({ x: 0, y: 0 }), /deleted/);
});

test('reading the angles between and during solves changes nothing that follows, whatever the method order', () => {
  // Unconstrained solves leave the angles to be brought up to date when read (CCD's turns are kept
  // as one rotation per joint; FABRIK moves positions only): a read must not change what follows.
  const random = randomSource(23).next;
  const methods = ['ccd', 'fabrik', 'ccd', 'ccd', 'dls', 'ccd', 'fabrik', 'fabrik', 'ccd'];
  for (let trial = 0; trial < 40; trial++) {
    const bones = 2 + Math.floor(random() * 9);
    const lengths = Array.from({ length: bones }, () => 0.2 + random() * 2);
    const angles = lengths.map(() => random() * 2 - 1);
    const [read, unread] = twin(lengths, angles);
    const reach = lengths.reduce((a, b) => a + b);
    for (const [k, method] of methods.entries()) {
      const heading = random() * 2 * Math.PI, r = reach * (0.1 + random());
      const target = { x: 1 + r * Math.cos(heading), y: -2 + r * Math.sin(heading) };
      const options = { method, iterations: 1 + Math.floor(random() * 20), tolerance: 1e-6 };
      if (k % 2) {
        let step = read.beginSolve(target, options);
        while (!step.done) {
          read.angles();
          step = read.step();
        }
      } else {
        read.solve(target, options);
      }
      read.angles();
      unread.solve(target, options);
    }
    assert.deepEqual(read.positions(), unread.positions(), `trial ${trial}: positions`);
    assert.deepEqual(read.angles(), unread.angles(), `trial ${trial}: angles`);
    read.delete();
    unread.delete();
  }
});
