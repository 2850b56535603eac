// ab.mjs: two builds of the module side by side in one process, per-call solveTwoBone and
// Chain.solve on the same work, to see whether a change made them slower or faster (or changed
// their results).
//
//   node bench/node/ab.mjs <other-dist-dir> [--rounds N] [--module ik2d-core]
//
// <other-dist-dir> holds another build's ik2d.js and ik2d.wasm (e.g. `npm run build` on the base
// commit, then copy dist/ aside). Both builds solve run.mjs's two-bone limbs (10 000 limbs × 4
// target sets, plain options) and the same FABRIK-10 and CCD-10 tracking and
// jump targets as bench/node/run.mjs (1000 chains, tolerance 1e-3 of the reach, 10 or 30 sweeps,
// options the v1 way: method, iterations, tolerance); rounds alternate the two builds and the first
// is a warm-up. Prints the median ns per solve of each and their ratio, and whether every end
// effector came out the same, bit for bit (and if not, the largest gap between them).
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { internals } from './run.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const other = args.find((a, i) => !a.startsWith('--') && !/^\d+$/.test(a) && args[i - 1] !== '--module');
const rounds = Number(args[args.indexOf('--rounds') + 1]) || 7;
if (!other) {
  console.error('usage: node bench/node/ab.mjs <other-dist-dir> [--rounds N]');
  process.exit(2);
}

// --module ik2d-core: this build's light module (two-bone and Chain) against the other's ik2d.
const stem = args.includes('--module') ? args[args.indexOf('--module') + 1] : 'ik2d';
const load = async (dir, file = 'ik2d') => (await import(pathToFileURL(path.join(dir, `${file}.js`)).href)).default();
const builds = [
  { name: `this build (dist/${stem}.js)`, ik: await load(path.join(here, '../../dist'), stem) },
  { name: `other (${other})`, ik: await load(path.resolve(other)) },
];
const median = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];

console.log(`| scenario | ${builds.map((b) => `${b.name} ns/solve`).join(' | ')} | this ÷ other | same ends |`);
console.log('|---|---|---|---|---|');

/**
 * Times `adapters` (one per build, run.mjs's adapter shape) on frames first..last in alternating
 * rounds; prints a row.
 */
function compare(label, adapters, first, last, count) {
  const runs = adapters.map((adapter) => ({ adapter, times: [], ends: null }));
  for (const run of runs) run.adapter.prepare();
  for (let r = 0; r <= rounds; r++) {
    for (let i = 0; i < runs.length; i++) {
      const run = runs[(i + r) % runs.length];
      run.adapter.reset();
      let ms = 0;
      for (let f = first; f <= last; f++) {
        const t0 = performance.now();
        run.adapter.frame(f);
        ms += performance.now() - t0;
      }
      if (r > 0) run.times.push((ms * 1e6) / ((last - first + 1) * count));
      const xs = new Float64Array(count), ys = new Float64Array(count);
      run.adapter.ends(xs, ys);
      run.ends = [xs, ys];
    }
  }
  const [a, b] = runs.map((run) => median(run.times));
  // Bit for bit, and when not, the largest gap between the two builds' ends (the problem's units).
  let same = true, gap = 0;
  runs[0].ends.forEach((v, k) => v.forEach((x, c) => {
    const y = runs[1].ends[k][c];
    same &&= Object.is(x, y);
    gap = Math.max(gap, Math.abs(x - y));
  }));
  const ends = same ? 'yes' : `NO (largest gap ${gap.toExponential(1)})`;
  console.log(`| ${label} | ${a.toFixed(0)} | ${b.toFixed(0)} | ${(a / b).toFixed(3)} | ${ends} |`);
  for (const run of runs) run.adapter.dispose();
}

const limbs = internals.twoBoneProblem(10000, 4);
compare('two-bone per call', builds.map((b) => internals.twoBoneCall(b.name, b.ik.solveTwoBone, limbs)), 0, limbs.frames - 1, limbs.limbs);
for (const mode of ['tracking', 'random jumps']) {
  for (const method of ['fabrik', 'ccd']) {
    const p = internals.chainProblem(mode, 1000, mode === 'tracking' ? 60 : 30, method);
    // A chain's frame 0 is its untimed settling solve (run.mjs).
    compare(`${method.toUpperCase()}-10 ${mode}`, builds.map((b) => internals.ik2dCallChains(b.ik, p)), 1, p.frames, p.count);
  }
}
