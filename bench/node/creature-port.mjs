// The plain-JS port of Creature::step (bench/node/creature-js.mjs), the creatures row's contender
// in `npm run bench`, is the same algorithm as the WASM CreatureCrowd: from the same start with the
// same goals, frame after frame, both give the same spine, heading, steering target, knees, feet,
// planted flags, step counts, skin and eyes. They may differ by the last bits of sin, cos and
// atan2 (V8's and the C library's), so positions are compared to 1e-9 units (coordinates are in
// the thousands) and flags exactly.
//
// A contender is only worth timing while it does the same work: the creatures bench runs this check
// before it times anything (scripts/bench.mjs) and stops when they disagree. It is no part of
// npm test: C++ is the creature's one truth there; the port is a benchmark's.
import assert from 'node:assert/strict';
import { CreatureCrowdJs } from './creature-js.mjs';

/** mulberry32: a small fixed-seed generator, so every run sees the same random cases. @param {number} seed */
function randomSource(seed) {
  let state = seed >>> 0;
  return {
    next() {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}

const TOLERANCE = 1e-9;

/**
 * Steps `count` creatures of `kind` in both for `frames` frames of `dt`, new random goals every
 * `every` frames (a few creatures get a goal on their own head: they stop), and returns the
 * largest gap seen and how many feet stepped.
 * @param {any} ik The loaded ik2d-creature module.
 * @param {{kind: string, count: number, frames: number, dt: number, every: number, seed: number}} run
 */
function compare(ik, { kind, count, frames, dt, every, seed }) {
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

/**
 * Checks that the port steps lizards (with and without substeps), centipedes and snakes as the
 * WASM crowd does, and refuses what it does not port; throws an AssertionError naming the first
 * gap otherwise.
 * @param {any} ik The loaded ik2d-creature module.
 * @returns {{worst: number}} The largest gap seen.
 */
export function checkCreaturePort(ik) {
  const lizards = compare(ik, { kind: 'lizard', count: 12, frames: 400, dt: 1 / 60, every: 90, seed: 11 });
  assert.ok(lizards.landings > 12 * 4 * 10, `the lizards walked (${lizards.landings} landings)`);
  const substeps = compare(ik, { kind: 'lizard', count: 6, frames: 150, dt: 0.05, every: 40, seed: 12 });
  const centipedes = compare(ik, { kind: 'centipede', count: 4, frames: 300, dt: 1 / 60, every: 80, seed: 13 });
  assert.ok(centipedes.landings > 4 * 24 * 5, `the centipedes walked (${centipedes.landings} landings)`);
  const snakes = compare(ik, { kind: 'snake', count: 4, frames: 300, dt: 1 / 60, every: 80, seed: 14 });

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
  return { worst: Math.max(lizards.worst, substeps.worst, centipedes.worst, snakes.worst) };
}
