// golden.test.mjs: the per-call solvers against what they returned before their fast paths
// (fixtures/per-call-golden.json, written by fixtures/make-golden.mjs at commit 28363a9): from the
// same starting pose, the same statuses and sweep counts, and every number within 1e-12 of the
// problem's scale. In both modules that have them: ik2d and the light ik2d-core.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { chainScenarios, replay, twoBoneCases } from './fixtures/make-golden.mjs';
import { loadModule, repoRoot } from './support.mjs';

const golden = JSON.parse(readFileSync(path.join(repoRoot, 'tests', 'js', 'fixtures', 'per-call-golden.json'), 'utf8'));
const TOLERANCE = 1e-12;

function near(actual, expected, scale, what) {
  const gap = Math.abs(actual - expected);
  assert.ok(gap <= TOLERANCE * scale, `${what}: ${actual} vs ${expected} (off by ${gap}, scale ${scale})`);
}

for (const stem of ['ik2d', 'ik2d-core']) {
  const ik = await loadModule(stem);

  test(`${stem}: solveTwoBone returns what it returned before, within 1e-12 of the limb scale`, () => {
    const cases = twoBoneCases();
    assert.equal(cases.length, golden.twoBone.length);
    cases.forEach((c, i) => {
      const r = ik.solveTwoBone(c);
      const [status, ...numbers] = golden.twoBone[i];
      assert.equal(r.status, status, `case ${i} status`);
      const scale = Math.abs(c.root.x) + Math.abs(c.root.y) + Math.abs(c.target.x) + Math.abs(c.target.y) + c.length1 + c.length2;
      const actual = [r.joint.x, r.joint.y, r.end.x, r.end.y, r.angle1, r.angle2, r.distance];
      actual.forEach((v, k) => near(v, numbers[k], k === 4 || k === 5 ? 1 : scale, `case ${i} field ${k}`));
    });
  });

  for (const scenario of chainScenarios()) {
    test(`${stem}: Chain.solve, ${scenario.name}: same statuses and sweeps, poses within 1e-12`, () => {
      const expected = golden.chains.find((c) => c.name === scenario.name);
      assert.ok(expected, 'the fixture has this scenario');
      const root = scenario.root ?? { x: 0, y: 0 };
      const scale = Math.abs(root.x) + Math.abs(root.y) + scenario.lengths.reduce((a, b) => a + b, 0);
      replay(ik, scenario, (i, r, chain) => {
        const [, status, iterations, error, ...pose] = expected.solves[i];
        assert.equal(r.status, status, `solve ${i} status`);
        assert.equal(r.iterations, iterations, `solve ${i} sweeps`);
        near(r.error, error, scale, `solve ${i} error`);
        if (pose.length === 0) return;
        const positions = chain.positions(), angles = chain.angles();
        positions.forEach((v, k) => near(v, pose[k], scale, `solve ${i} position ${k}`));
        angles.forEach((v, k) => near(Math.abs(v - pose[positions.length + k]) > Math.PI ? -v : v, pose[positions.length + k], 1, `solve ${i} angle ${k}`));
      }, (i) => expected.solves[i][0]);
    });
  }
}
