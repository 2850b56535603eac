// shares.mjs: where a frame's time goes, for the creature crowd and the chain batch, in WASM under
// Node: how much is math, how much memory traffic, how much crossing the JS–WASM boundary.
// Measures, never asserts. Not part of `npm run bench` (docs/benchmarks.md, "Where the time goes").
//
//   node bench/node/shares.mjs [--before <dist of a build whose crowd does not pack its views>]
//
// Each quantity is the difference of two contenders timed back to back, rounds alternating (the
// first a warm-up), medians of the rounds:
// Crowd (1 000 lizards, 60 frames of 1/60 s a round):
// - step: CreatureCrowd.step(), the math of every creature plus packing its drawing (spine, legs,
//   skin, flags, fins) into the views' arrays; with --before, that build's step (no packing): the
//   packing is the difference (memory traffic inside WASM).
// - views: step + reading every number of views() in JS (memory traffic on the JS side, one call).
// - state(i): step + state(i) of every creature (1 000 boundary calls, each building objects).
// Batch (ChainBatch, 1 000 chains of 10 bones, FABRIK, the tracking targets of bench/node/run.mjs,
// 60 frames a round):
// - call: copying the frame's targets into the views and one solve() of an empty batch (the same
//   call, no chain): the boundary.
// - setup: solve with iterations 0: every chain loaded, checked, carried to its root, its error
//   measured and written back, no sweep: the memory traffic of a solve (and its checks).
// - full: solve with up to 10 sweeps; the sweeps (math) are full − setup.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { median, random } from './numbers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROUNDS = 11;
const FRAMES = 60;
const LIZARDS = 1000;
const CHAINS = 1000;

/**
 * Times `frame(f)` for FRAMES frames per round, contenders alternating in rotated order; returns
 * each contender's ms a frame, round by round (the warm-up round dropped).
 */
function race(contenders) {
  const times = contenders.map(() => []);
  for (let r = 0; r <= ROUNDS; r++) {
    for (let i = 0; i < contenders.length; i++) {
      const index = (i + r) % contenders.length;
      const k = contenders[index];
      k.reset();
      const t0 = performance.now();
      for (let f = 0; f < FRAMES; f++) k.frame(f);
      if (r > 0) times[index].push((performance.now() - t0) / FRAMES);
    }
  }
  return times;
}

/** The median over rounds of a − b, each round's two taken back to back (one machine load). */
const gap = (a, b) => median(a.map((value, r) => value - b[r]));

let sink = 0;

/** Every number of a crowd's views, summed (one loop per array type keeps each loop monomorphic). */
export function readViews({ spine, legs, outline, planted, fins }) {
  const sumF64 = (/** @type {Float64Array} */ a) => {
    let sum = 0;
    for (let k = 0; k < a.length; k++) sum += a[k];
    return sum;
  };
  let sum = sumF64(spine) + sumF64(legs) + sumF64(outline) + sumF64(fins);
  for (let k = 0; k < planted.length; k++) sum += planted[k];
  return sum;
}

function crowdContender(ik, read, goals) {
  let crowd;
  return {
    reset() {
      crowd?.delete();
      crowd = new ik.CreatureCrowd({ kind: 'lizard', count: LIZARDS });
      crowd.setGoals(goals);
    },
    frame() {
      crowd.step(1 / 60);
      if (read === 'views') {
        sink += readViews(crowd.views());
      } else if (read === 'state') {
        for (let i = 0; i < LIZARDS; i++) sink += crowd.state(i).heading;
      }
    },
  };
}

function batchContender(ik, mode, p) {
  let batch;
  const empty = new ik.ChainBatch({ count: 0, bones: p.n, length: 1 });
  const options = { method: 'fabrik', iterations: mode === 'setup' ? 0 : p.iterations, tolerance: p.tolerance };
  const frame = (f) => [p.tx.subarray(f * p.count, (f + 1) * p.count), p.ty.subarray(f * p.count, (f + 1) * p.count)];
  return {
    reset() {
      batch?.delete();
      batch = new ik.ChainBatch({ count: p.count, bones: p.n, length: 1 });
      const [x, y] = frame(0);
      batch.targetX.set(x);
      batch.targetY.set(y);
      batch.solve({ method: 'fabrik', iterations: p.settleIterations, tolerance: p.tolerance });
    },
    frame(f) {
      const [x, y] = frame(f + 1);
      batch.targetX.set(x);
      batch.targetY.set(y);
      (mode === 'call' ? empty : batch).solve(options);
    },
  };
}

async function load(dist, stem) {
  const { default: create } = await import(pathToFileURL(path.resolve(dist, `${stem}.js`)).href);
  return create();
}

const pct = (part, whole) => `${((100 * part) / whole).toFixed(0)} %`;

export async function runShares({ before, log = console.log } = {}) {
  const dist = path.join(here, '../../dist');
  const creature = await load(dist, 'ik2d-creature');
  const next = random(7);
  const goals = Float64Array.from({ length: 2 * LIZARDS }, () => 2000 * (2 * next() - 1));
  const crowd = [crowdContender(creature, 'none', goals), crowdContender(creature, 'views', goals), crowdContender(creature, 'state', goals)];
  if (before) crowd.push(crowdContender(await load(before, 'ik2d-creature'), 'none', goals));
  const [step, views, state, stepBefore] = race(crowd);
  const total = median(views);
  const lines = [`Crowd, ${LIZARDS} lizards, ms a frame (medians of ${ROUNDS} rounds of ${FRAMES} frames; a difference is the median of each round's own):`, ''];
  lines.push('| part | ms / frame | share of step + views |', '|---|---:|---:|');
  const row = (name, ms) => lines.push(`| ${name} | ${ms.toFixed(3)} | ${pct(ms, total)} |`);
  if (stepBefore) {
    row('math: stepping every creature (the build before: step without packing)', median(stepBefore));
    row('memory in WASM: packing the views (step − step before)', gap(step, stepBefore));
  } else {
    row('math + packing the views: step()', median(step));
  }
  row('memory in JS: reading every number of views() (step + views − step)', gap(views, step));
  row('step + views, in all', total);
  lines.push(`| instead of views: state(i) of every creature (step + state − step) | ${gap(state, step).toFixed(3)} | ${pct(gap(state, step), total)} |`);

  const batchIk = await load(dist, 'ik2d-batch');
  const { internals } = await import(pathToFileURL(path.join(here, 'run.mjs')).href);
  const p = internals.chainProblem('tracking', CHAINS, FRAMES, 'fabrik');
  const [call, setup, full] = race(['call', 'setup', 'full'].map((mode) => batchContender(batchIk, mode, p)));
  const whole = median(full);
  lines.push('', `Batch, ChainBatch of ${CHAINS} chains × ${p.n} bones, FABRIK-10 tracking (the Node bench's targets, ≤ ${p.iterations} sweeps), µs a frame:`, '');
  lines.push('| part | µs / frame | share |', '|---|---:|---:|');
  const batchRow = (name, ms) => lines.push(`| ${name} | ${(1000 * ms).toFixed(1)} | ${pct(ms, whole)} |`);
  batchRow('boundary: the targets into the views + one solve() call', median(call));
  batchRow('memory: load, check, carry, error, write back (iterations 0 − boundary)', gap(setup, call));
  batchRow('math: the sweeps (full − iterations 0)', gap(full, setup));
  batchRow('the whole frame', whole);
  const text = lines.join('\n');
  log(text);
  return { text, sink };
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--before');
  if (at >= 0 && !args[at + 1]) {
    console.error('usage: node bench/node/shares.mjs [--before <dist>]');
    process.exit(2);
  }
  runShares({ before: at >= 0 ? args[at + 1] : undefined }).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
