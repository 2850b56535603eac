// scene-work.test.mjs: the scenes do each change's work once, on the real module: the puppet calls
// Skeleton.solve once per change (none when nothing changed), and the chain's follow mode turns a
// pose round from the chain's own angles, as the positions say it should.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { reversedAngles } from '../../web/src/scenes/chain/shape.js';
import { SCENES } from '../../web/src/scenes/index.js';
import { wrapAngle } from '../../web/src/scenes/shared.js';
import { applyPartial, defaultSettings } from '../../web/src/model/settings.js';
import { loadModule, randomSource } from './support.mjs';

/** @type {any} */
let ik;
before(async () => {
  ik = await loadModule('ik2d-skeleton');
});

test('the puppet solves once per change of its pins, and not at all when nothing changed', () => {
  const puppet = SCENES.find((scene) => scene.id === 'puppet');
  assert.ok(puppet);
  const prototype = ik.Skeleton.prototype;
  const solve = prototype.solve;
  let calls = 0;
  prototype.solve = function counted(...args) {
    calls += 1;
    return solve.apply(this, args);
  };
  const live = puppet.create(ik);
  try {
    let settings = defaultSettings(puppet);
    live.solve(settings);
    assert.equal(calls, 1, 'the first solve');
    const random = randomSource(7).next;
    for (let i = 0; i < 40; i += 1) {
      const hand = settings.points.rightHand;
      settings = applyPartial(puppet, settings, { rightHand: { x: hand.x + (random() - 0.5) * 20, y: hand.y + (random() - 0.5) * 20 } }).settings;
      calls = 0;
      assert.ok(live.solve(settings), `change ${i} moved the figure`);
      assert.equal(calls, 1, `change ${i}: one Skeleton.solve`);
      calls = 0;
      assert.equal(live.solve(settings), null, `change ${i}: the same settings again need no solve`);
      assert.equal(calls, 0);
    }
    // A pose from a link: one solve, of no sweeps.
    calls = 0;
    live.link.restore({ angles: Array.from({ length: 16 }, () => 0.1) }, settings);
    live.solve(settings);
    assert.equal(calls, 1, 'a restored pose: one solve');
    assert.equal(/** @type {any} */ (live.state(settings)).result.iterations, 0, 'of no sweeps');
  } finally {
    live.dispose();
    prototype.solve = solve;
  }
});

test('follow mode\'s turned-round pose, from the angles alone, is the one the positions give', () => {
  const random = randomSource(11).next;
  for (let trial = 0; trial < 200; trial += 1) {
    const count = 1 + Math.floor(random() * 12);
    const lengths = Array.from({ length: count }, () => 5 + random() * 60);
    const angles = Array.from({ length: count }, () => (random() * 2 - 1) * Math.PI);
    const chain = new ik.Chain({ root: { x: random() * 100, y: random() * 100 }, lengths, angles });
    try {
      const positions = chain.positions();
      const reversed = reversedAngles(chain.angles());
      // From the positions: bone k of the turned-round chain runs from point n−k to n−k−1.
      let previous = 0;
      for (let k = 0; k < count; k += 1) {
        const from = 2 * (count - k);
        const to = from - 2;
        const world = Math.atan2(positions[to + 1] - positions[from + 1], positions[to] - positions[from]);
        const local = k === 0 ? world : world - previous;
        previous = world;
        assert.ok(Math.abs(wrapAngle(reversed[k] - local)) < 1e-9, `trial ${trial}, bone ${k}: ${reversed[k]} vs ${local}`);
        assert.ok(reversed[k] > -Math.PI && reversed[k] <= Math.PI, 'wrapped to (−π, π]');
      }
    } finally {
      chain.delete();
    }
  }
});
