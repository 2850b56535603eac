// The plain-JS port of Creature::step (bench/node/creature-js.mjs), the creatures row's contender
// in `npm run bench`, is the same algorithm as the WASM CreatureCrowd: from the same start with the
// same goals, frame after frame, both give the same spine, heading, steering target, knees, feet,
// planted flags, step counts, skin and eyes. They may differ by the last bits of sin, cos and
// atan2 (V8's and the C library's), so positions are compared to 1e-9 units (coordinates are in
// the thousands) and flags exactly.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CreatureCrowdJs } from '../../bench/node/creature-js.mjs';
import { loadModule, randomSource } from './support.mjs';

const ik = await loadModule('ik2d-creature');

const TOLERANCE = 1e-9;

/**
 * Steps `count` creatures of `kind` in both for `frames` frames of `dt`, new random goals every
 * `every` frames (a few creatures get a goal on their own head: they stop), and returns the
 * largest gap seen and how many feet stepped.
 */
function compare({ kind, count, frames, dt, every, seed }) {
  const { next } = randomSource(seed);
  const place = () => 1600 * next() - 800;
  const origins = new Float64Array(2 * count).map(place);
  // A crowd of one per creature, so each starts at its own place, facing its own way.
  const probe = new ik.Creature({ kind });
  const options = probe.options;
  probe.delete();
  const crowdsWasm = [], crowdsJs = [];
  for (let i = 0; i < count; i++) {
    const placed = { ...options, x: origins[2 * i], y: origins[2 * i + 1], heading: 2 * next() - 1 };
    crowdsWasm.push(new ik.CreatureCrowd({ ...placed, count: 1 }));
    crowdsJs.push(new CreatureCrowdJs(placed, 1));
  }
  let worst = 0, landings = 0;
  const goal = new Float64Array(2);
  const gap = (a, b, what) => {
    const d = Math.abs(a - b);
    assert.ok(d <= TOLERANCE, `${kind}: ${what}: ${a} (WASM) against ${b} (JS), ${d} apart`);
    if (d > worst) worst = d;
  };
  try {
    for (let f = 0; f < frames; f++) {
      if (f % every === 0) {
        for (let i = 0; i < count; i++) {
          const head = crowdsJs[i].creatures[0].spine;
          const stay = next() < 0.1;
          goal[0] = stay ? head[0] : place();
          goal[1] = stay ? head[1] : place();
          crowdsWasm[i].setGoals(goal);
          crowdsJs[i].setGoals(goal);
        }
      }
      for (let i = 0; i < count; i++) {
        crowdsWasm[i].step(dt);
        crowdsJs[i].step(dt);
        const s = crowdsWasm[i].state(0);
        const c = crowdsJs[i].creatures[0];
        const at = `creature ${i}, frame ${f}`;
        gap(s.heading, c.heading, `${at}: heading`);
        gap(s.target.x, c.targetX, `${at}: target.x`);
        gap(s.target.y, c.targetY, `${at}: target.y`);
        gap(s.speed * dt, c.speed * dt, `${at}: speed × dt`);
        gap(s.bob, c.bob, `${at}: bob`);
        s.spine.forEach((p, k) => {
          gap(p.x, c.spine[2 * k], `${at}: spine[${k}].x`);
          gap(p.y, c.spine[2 * k + 1], `${at}: spine[${k}].y`);
        });
        s.legs.forEach((leg, k) => {
          assert.equal(leg.planted, c.planted[k] === 1, `${kind}: ${at}: legs[${k}].planted`);
          assert.equal(leg.steps, c.steps[k], `${kind}: ${at}: legs[${k}].steps`);
          gap(leg.foot.x, c.footX[k], `${at}: legs[${k}].foot.x`);
          gap(leg.foot.y, c.footY[k], `${at}: legs[${k}].foot.y`);
          gap(leg.knee.x, c.kneeX[k], `${at}: legs[${k}].knee.x`);
          gap(leg.knee.y, c.kneeY[k], `${at}: legs[${k}].knee.y`);
          gap(leg.hip.x, c.hipX[k], `${at}: legs[${k}].hip.x`);
          gap(leg.lift, c.lift[k], `${at}: legs[${k}].lift`);
        });
        s.outline.forEach((p, k) => {
          gap(p.x, c.outline[2 * k], `${at}: outline[${k}].x`);
          gap(p.y, c.outline[2 * k + 1], `${at}: outline[${k}].y`);
        });
        s.eyes.forEach((eye, k) => {
          gap(eye.x, c.eyes[2 * k], `${at}: eyes[${k}].x`);
          gap(eye.y, c.eyes[2 * k + 1], `${at}: eyes[${k}].y`);
        });
        if (f === frames - 1) landings += s.legs.reduce((sum, leg) => sum + leg.steps, 0);
      }
    }
  } finally {
    for (const crowd of crowdsWasm) crowd.delete();
  }
  return { worst, landings };
}

test('the JS port steps lizards as the WASM crowd does, frame for frame', () => {
  const { worst, landings } = compare({ kind: 'lizard', count: 12, frames: 400, dt: 1 / 60, every: 90, seed: 11 });
  assert.ok(landings > 12 * 4 * 10, `the lizards walked (${landings} landings)`);
  assert.ok(worst <= TOLERANCE);
});

test('the JS port agrees with substeps too (dt 0.05: three substeps a step)', () => {
  compare({ kind: 'lizard', count: 6, frames: 150, dt: 0.05, every: 40, seed: 12 });
});

test('the JS port agrees on the other walkers and crawlers: centipede and snake', () => {
  const { landings } = compare({ kind: 'centipede', count: 4, frames: 300, dt: 1 / 60, every: 80, seed: 13 });
  assert.ok(landings > 4 * 24 * 5, `the centipedes walked (${landings} landings)`);
  compare({ kind: 'snake', count: 4, frames: 300, dt: 1 / 60, every: 80, seed: 14 });
});

test('the JS port refuses what it does not port, and bad steps', () => {
  const fish = new ik.Creature({ kind: 'fish' });
  try {
    assert.throws(() => new CreatureCrowdJs(fish.options, 1), /fins/);
  } finally {
    fish.delete();
  }
  const lizard = new ik.Creature();
  try {
    const crowd = new CreatureCrowdJs(lizard.options, 2);
    assert.throws(() => crowd.step(0), RangeError);
    assert.throws(() => crowd.step(0.2), RangeError);
    assert.throws(() => crowd.creatures[0].setGoal(Number.NaN, 0), RangeError);
  } finally {
    lizard.delete();
  }
});
