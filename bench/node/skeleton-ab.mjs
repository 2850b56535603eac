// skeleton-ab.mjs: two builds of the module side by side in one process on the puppet row's work
// (bench/node/skeleton.mjs: the limited puppet tracking 600 frames of a reachable dance,
// iterations 20, tolerance 1e-3, warm start from the rest pose), to see whether a change to
// Skeleton made a solve slower or faster, or changed its sweeps or the frames it meets.
//
//   node bench/node/skeleton-ab.mjs <other-dist-dir> [--rounds N]
//
// <other-dist-dir> holds another build's ik2d.js and ik2d.wasm (e.g. `npm run build` on the base
// commit, then copy dist/ aside). Rounds alternate the two builds (default 31, after one warm-up
// round each). Prints, per build, the median wall-clock ns per solve and the fastest round's CPU
// time of the process per solve (other jobs on a shared machine weigh less on the latter), then
// the ratios of this build to the other.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PUPPET_BONES, PUPPET_EFFECTORS, PUPPET_LIMITS } from '../../web/src/scenes/puppet/rig.js';
import { danceTargets } from './skeleton.mjs';
import { median } from './numbers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const other = args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a));
const rounds = Number(args[args.indexOf('--rounds') + 1]) || 31;
if (!other) {
  console.error('usage: node bench/node/skeleton-ab.mjs <other-dist-dir> [--rounds N]');
  process.exit(2);
}

const load = async (dir) => (await import(pathToFileURL(path.join(dir, 'ik2d.js')).href)).default();
const builds = [
  { name: 'this build (dist/)', ik: await load(path.join(here, '../../dist')), wall: [], cpu: [], result: null },
  { name: `the other (${other})`, ik: await load(path.resolve(other)), wall: [], cpu: [], result: null },
];

const frames = 600;
const targets = danceTargets(frames);
const pulled = PUPPET_EFFECTORS.map((effector) => effector.bone);

/** One round: a fresh puppet at rest tracks the dance; returns ns per solve and what it met. */
function round(ik) {
  const skeleton = new ik.Skeleton({ root: { x: 0, y: 0 }, bones: PUPPET_BONES });
  for (const [bone, min, max] of PUPPET_LIMITS) skeleton.setLimit(bone, min, max);
  const effectors = pulled.map((bone) => ({ bone, target: { x: 0, y: 0 } }));
  const options = { iterations: 20, tolerance: 1e-3 };
  let sweeps = 0;
  let reached = 0;
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  for (let f = 0; f < frames; f++) {
    effectors.forEach((effector, k) => {
      effector.target.x = targets[f * 2 * pulled.length + 2 * k];
      effector.target.y = targets[f * 2 * pulled.length + 2 * k + 1];
    });
    const r = skeleton.solve(effectors, options);
    sweeps += r.iterations;
    if (r.status === 'reached') reached++;
  }
  const wall = ((performance.now() - wall0) * 1e6) / frames;
  const used = process.cpuUsage(cpu0);
  const positions = skeleton.positions();
  skeleton.delete();
  return { wall, cpu: ((used.user + used.system) * 1e3) / frames, sweeps: sweeps / frames, reached, positions };
}

for (const build of builds) round(build.ik);  // warm-up
for (let r = 0; r < rounds; r++) {
  for (const build of r % 2 ? [...builds].reverse() : builds) {
    const result = round(build.ik);
    build.wall.push(result.wall);
    build.cpu.push(result.cpu);
    build.result = result;
  }
}

for (const build of builds) {
  const r = build.result;
  console.log(`${build.name}: ${median(build.wall).toFixed(0)} ns/solve (wall, median), ` +
    `${Math.min(...build.cpu).toFixed(0)} ns/solve (CPU, fastest round), ${r.sweeps.toFixed(2)} sweeps a frame, ` +
    `${r.reached} of ${frames} frames with every pin within 1e-3`);
}
const [self, base] = builds;
console.log(`this ÷ other: ${(median(self.wall) / median(base.wall)).toFixed(3)} (wall, medians), ` +
  `${(Math.min(...self.cpu) / Math.min(...base.cpu)).toFixed(3)} (CPU, fastest rounds)`);
const gap = Math.max(...self.result.positions.map((v, i) => Math.abs(v - base.result.positions[i])));
console.log(gap === 0 ? 'the last frame\'s poses are the same, bit for bit' : `the last frame's poses differ by up to ${gap.toExponential(2)}`);
