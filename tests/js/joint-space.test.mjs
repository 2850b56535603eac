// joint-space.test.mjs: the arm's joint-space panel (web/src/scenes/arm/joint-space.js) on the
// real module, over fixed-seed random arms (with and without a tool) and targets: each solution it
// shows is a pose whose end (forward kinematics, asked of the solver) lies on the target, on one of
// the band's lines (the poses at the target's distance) and on the curve of poses that point at
// the target, so the two answers are the two crossings; out of reach there is one, at full reach.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { jointSpaceFigure, towardCurve } from '../../web/src/scenes/arm/joint-space.js';
import { figureAt, toolSide } from '../../web/src/scenes/arm/tool.js';
import { loadModule, randomSource } from './support.mjs';

const ik = await loadModule('ik2d-core');
const wrap = (angle) => Math.atan2(Math.sin(angle), Math.cos(angle));

/** An arm's params as the scene holds them. */
const armParams = (length1, length2, offsetX, offsetY) => ({
  length1, length2, softness: 0, bend: 1, stretch: false, mix: 1, offsetX, offsetY, overlay: false, path: 'none',
  pose1: 0, pose2: 0, jointSpace: true,
});

test('each solution shown puts the end on the target and is a crossing of the band and the curve', () => {
  const random = randomSource(27);
  const u = random.uniform;
  const counts = { reached: 0, outOfReach: 0, tooClose: 0 };
  for (let i = 0; i < 400; i++) {
    const tool = random.next() < 0.4;
    const params = armParams(u(20, 150), u(20, 150), tool ? u(-20, 40) : 0, tool ? u(-30, 30) : 0);
    const root = { x: u(-50, 50), y: u(-50, 50) };
    const reach = params.length1 + toolSide(params);
    const direction = u(-Math.PI, Math.PI);
    const distance = u(0, 1.3) * reach;
    const target = { x: root.x + distance * Math.cos(direction), y: root.y + distance * Math.sin(direction) };
    const offset = { x: params.offsetX, y: params.offsetY };
    const answers = [1, -1].map((bend) => ik.solveTwoBone({ root, target, length1: params.length1, length2: params.length2, bend, offset }));
    const figure = jointSpaceFigure(params, root, target, answers[0], answers);
    const status = answers[0].status;
    const base = Math.atan2(target.y - root.y, target.x - root.x);
    if (status === 'reached') {
      counts.reached++;
      assert.ok(figure.solutions.length >= 1 && figure.solutions.length <= 2, `case ${i}: one or two solutions`);
      for (const [angle1, angle2] of figure.solutions) {
        const { tip } = figureAt(ik, params, root, angle1, angle2);
        assert.ok(Math.hypot(tip.x - target.x, tip.y - target.y) <= 1e-9 * reach, `case ${i}: the end is on the target`);
        assert.ok(figure.levels.some((level) => Math.abs(wrap(level - angle2)) < 1e-9), `case ${i}: angle2 is on the band's line`);
        // On the curve of poses that point at the target: angle1 = base − the end's direction at angle1 = 0.
        const { tip: at0 } = figureAt(ik, params, { x: 0, y: 0 }, 0, angle2);
        assert.ok(Math.abs(wrap(angle1 - (base - Math.atan2(at0.y, at0.x)))) < 1e-9, `case ${i}: on the curve`);
      }
      assert.ok(towardCurve(ik, params, root, target).length >= 1, `case ${i}: the curve is drawn`);
    } else if (status === 'out_of_reach') {
      counts.outOfReach++;
      assert.equal(figure.solutions.length, 1, `case ${i}: out of reach, one answer`);
      assert.equal(figure.limit?.kind, 'full reach');
      assert.ok(Math.abs(wrap(figure.solutions[0][1] - figure.limit.angle2)) < 1e-9, `case ${i}: at full reach`);
    } else if (status === 'too_close') {
      counts.tooClose++;
      assert.equal(figure.limit?.kind, 'folded', `case ${i}: too close, the folded line`);
    }
  }
  assert.ok(counts.reached > 200 && counts.outOfReach > 20, JSON.stringify(counts));
});
