// creatures.mjs: the creatures part of `npm run bench` (`--only creatures`): 1 000 lizards, one
// 1/60 s frame at a time, stepped by the WASM `CreatureCrowd.step` (one call for all) and by the
// plain-JS port of the same algorithm (creature-js.mjs), side by side in one process.
//
//   node bench/node/creatures.mjs [--quick] [--against <another build's dist>]
//
// --against adds that build's CreatureCrowd.step as a fourth contender (two builds in one process).
//
// Both crowds start from the same place with the same options (the lizard preset, read from the
// WASM module) and get the same goals: new random ones (within ±2 000 units of the start) every
// 120 frames, so the lizards keep walking. A round is `frames` frames of one contender from a fresh
// crowd (building it is not timed; setting the goals and stepping are); rounds alternate which
// contender goes first; the first round is a warm-up and is thrown away; we report the median ms per
// frame, its ratio to ik2d's, and the median of each round's own JS-port-to-ik2d ratio (the two ran
// back to back, under the same load), which the speed target is checked on. A third row also reads every creature's state back through
// `CreatureCrowd.state(i)` each frame, as a page drawing all of them from objects would; a fourth
// reads every number of `CreatureCrowd.views()` instead (no copies), checked against READ_GOAL_MS
// and, round by round, against the JS port stepping alone. After the
// first measured round the two crowds' heads, feet and planted flags are compared (the same
// algorithm: creature-port.mjs checks it frame by frame before this runs).
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CreatureCrowdJs } from './creature-js.mjs';
import { median, random } from './numbers.mjs';
import { readViews } from './shares.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

const COUNT = 1000;
const DT = 1 / 60;
const GOAL_EVERY = 120;
const SPREAD = 2000;
/** The speed target: ik2d's crowd at least this many times the JS port's speed. */
export const SPEEDUP_GOAL = 1.5;
/** The read target: stepping the crowd and reading all of it through views(), ms a frame. */
export const READ_GOAL_MS = 1.5;

export const SIZES = {
  full: { rounds: 15, frames: 120 },
  quick: { rounds: 7, frames: 60 },
  tiny: { rounds: 1, frames: 10 },
};

/** Goal sets: x, y per lizard, one set per GOAL_EVERY frames. */
function goalSets(frames, count) {
  const next = random(20261126);
  const sets = [];
  for (let f = 0; f < frames; f += GOAL_EVERY) {
    const set = new Float64Array(2 * count);
    for (let i = 0; i < set.length; i++) set[i] = SPREAD * (2 * next() - 1);
    sets.push(set);
  }
  return sets;
}

/** What a drawing reads of every creature through views(): each number once (a sum keeps it live). */
let viewSum = 0;

const READ_NAMES = {
  none: 'ik2d CreatureCrowd.step (WASM, one call)',
  state: 'ik2d CreatureCrowd.step + state(i) of each',
  views: 'ik2d CreatureCrowd.step + views(), every number read',
};

function wasmContender(ik, options, goals, { readBack = 'none', name }) {
  let crowd;
  return {
    name: name ?? READ_NAMES[readBack],
    reset() {
      crowd?.delete();
      crowd = new ik.CreatureCrowd({ ...options, count: COUNT });
    },
    frame(f) {
      if (f % GOAL_EVERY === 0) crowd.setGoals(goals[f / GOAL_EVERY]);
      crowd.step(DT);
      if (readBack === 'state') for (let i = 0; i < COUNT; i++) crowd.state(i);
      else if (readBack === 'views') viewSum += readViews(crowd.views());
    },
    /** Head x, y, every foot x, y and planted flag, per creature. */
    snapshot() {
      const out = [];
      for (let i = 0; i < COUNT; i++) {
        const s = crowd.state(i);
        out.push([s.spine[0].x, s.spine[0].y, ...s.legs.flatMap((leg) => [leg.foot.x, leg.foot.y, leg.planted ? 1 : 0])]);
      }
      return out;
    },
    dispose() {
      crowd?.delete();
      crowd = undefined;
    },
  };
}

function jsContender(options, goals) {
  let crowd;
  return {
    name: 'JS port (same algorithm, Float64Arrays)',
    reset() {
      crowd = new CreatureCrowdJs(options, COUNT);
    },
    frame(f) {
      if (f % GOAL_EVERY === 0) crowd.setGoals(goals[f / GOAL_EVERY]);
      crowd.step(DT);
    },
    snapshot() {
      return crowd.creatures.map((c) => [c.spine[0], c.spine[1],
        ...Array.from({ length: c.legs }, (_, k) => [c.footX[k], c.footY[k], c.planted[k]]).flat()]);
    },
    dispose() {},
  };
}

/**
 * Runs the creatures row.
 * @param {{size?: 'full'|'quick'|'tiny', log?: (text: string) => void, ik?: any}} [options]
 */
export async function runCreatureBench({ size = 'full', log = console.log, ik, against } = {}) {
  const { rounds, frames } = SIZES[size];
  if (!ik) {
    const { default: createIK2D } = await import(pathToFileURL(path.join(here, '../../dist/ik2d-creature.js')).href);
    ik = await createIK2D();
  }
  const probe = new ik.Creature({ kind: 'lizard' });
  const options = probe.options;
  probe.delete();
  const goals = goalSets(frames, COUNT);
  const contenders = [
    wasmContender(ik, options, goals, {}),
    jsContender(options, goals),
    wasmContender(ik, options, goals, { readBack: 'state' }),
  ];
  // A build without views() (an older one under --against) has no views row.
  const hasViews = typeof ik.CreatureCrowd.prototype.views === 'function';
  if (hasViews) contenders.push(wasmContender(ik, options, goals, { readBack: 'views' }));
  if (against) {
    const { default: createOther } = await import(pathToFileURL(path.resolve(against, 'ik2d-creature.js')).href);
    contenders.push(wasmContender(await createOther(), options, goals, { name: `CreatureCrowd.step of ${against}` }));
  }
  const rows = contenders.map((k) => ({ name: k.name, times: [] }));
  let gap = 0, flags = 0;
  for (let r = 0; r <= rounds; r++) {
    const snapshots = [];
    for (let i = 0; i < contenders.length; i++) {
      const index = (i + r) % contenders.length;
      const k = contenders[index];
      k.reset();
      let ms = 0;
      for (let f = 0; f < frames; f++) {
        const t0 = performance.now();
        k.frame(f);
        ms += performance.now() - t0;
      }
      if (r > 0) rows[index].times.push(ms / frames);
      if (r === 1 && index < 2) snapshots[index] = k.snapshot();
    }
    if (r === 1) {
      // The same algorithm: after `frames` frames the heads and feet agree, and every planted flag.
      snapshots[0].forEach((a, c) => a.forEach((value, j) => {
        const b = snapshots[1][c][j];
        if ((j - 2) % 3 === 2) flags += value === b ? 0 : 1;
        else gap = Math.max(gap, Math.abs(value - b));
      }));
    }
  }
  for (const k of contenders) k.dispose();
  for (const row of rows) {
    row.ms = median(row.times);
    row.msMin = Math.min(...row.times);
    row.msMax = Math.max(...row.times);
  }
  const base = rows[0].ms;
  // Each round runs the contenders back to back, so its own ratio sees one machine load: the
  // median of those is the figure the target is checked on.
  const speedup = median(rows[1].times.map((ms, r) => ms / rows[0].times[r]));
  const viewsRow = hasViews ? rows[3] : undefined;
  // The JS port against step + views, round by round as above.
  const viewsSpeedup = viewsRow ? median(rows[1].times.map((ms, r) => ms / viewsRow.times[r])) : NaN;
  const lines = [
    `### creatures: ${COUNT} lizards, one ${DT.toFixed(4)} s frame a call, new goals every ${GOAL_EVERY} frames; ${frames} frames a round, ${rounds} rounds after a warm-up`,
    '',
    '| contender | ms / frame (median) | rounds min–max | µs / lizard | ÷ ik2d |',
    '|---|---|---|---|---|',
    ...rows.map((row) => `| ${row.name} | ${row.ms.toFixed(3)} | ${row.msMin.toFixed(3)}–${row.msMax.toFixed(3)} | `
      + `${((1000 * row.ms) / COUNT).toFixed(3)} | ${(row.ms / base).toFixed(2)} |`),
    '',
    `Same algorithm: after ${frames} frames the heads and feet of the two crowds are at most ${gap.toExponential(1)} apart, `
      + `${flags} planted flag${flags === 1 ? '' : 's'} of ${COUNT * options.legs} differ.`,
    `Target: ik2d's crowd at least ${SPEEDUP_GOAL}× the JS port: ${speedup.toFixed(2)}× (the median of the rounds' own ratios), `
      + `${speedup >= SPEEDUP_GOAL ? 'met' : 'missed'}.`,
  ];
  if (viewsRow) {
    lines.push(`Target: step + views() of ${COUNT} lizards at most ${READ_GOAL_MS} ms a frame: ${viewsRow.ms.toFixed(3)} ms, `
      + `${viewsRow.ms <= READ_GOAL_MS ? 'met' : 'missed'}; the JS port (stepping alone) takes ${viewsSpeedup.toFixed(2)}× `
      + `as long (at least ${SPEEDUP_GOAL}×: ${viewsSpeedup >= SPEEDUP_GOAL ? 'met' : 'missed'}).`);
  }
  const text = lines.join('\n');
  log(text);
  return { count: COUNT, frames, rounds, rows, speedup, viewsSpeedup, viewSum, gap, flags, text };
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const args = process.argv.slice(2);
  const size = args.includes('--tiny') ? 'tiny' : args.includes('--quick') ? 'quick' : 'full';
  const at = args.indexOf('--against');
  const against = at >= 0 ? args[at + 1] : undefined;
  if (at >= 0 && !against) {
    console.error('usage: node bench/node/creatures.mjs [--quick] [--against <dist>]');
    process.exit(2);
  }
  runCreatureBench({ size, against }).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
