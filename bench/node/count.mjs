// count.mjs: two builds of the module compared by the instructions their solves execute, counted
// by valgrind (callgrind), not by a clock: the same build, work and flags give the same count to a
// few parts in a hundred thousand whatever else the machine is doing, so a change of 1 % shows
// where ab.mjs's timings, on a shared machine, swing by more.
//
//   node bench/node/count.mjs <other-dist-dir> [--scenario fabrik-tracking,ccd-jumps,...]
//
// Each scenario is ab.mjs's work (run.mjs's problems: two-bone limbs, FABRIK-10 and CCD-10
// chains tracking or jumping), run by one build in a Node process of its own under callgrind, once
// for a few frames and once for many more; the difference between the two counts is the work of
// the extra frames alone (start-up, compiling the module and building the problem cancel out),
// divided by the solves they made. V8 runs single-threaded and predictable, compiling every
// WebAssembly function with its optimizing compiler up front (no baseline tier, no tier-up at a
// moment that depends on timing), so both builds run the code they would run once warm.
// What it counts is instructions, not time: a build that executes fewer of slower ones (a
// division for two multiplications) can count less and run slower; ab.mjs stays the judge of time.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { internals } from './run.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const self = fileURLToPath(import.meta.url);

/** The node flags that make V8's work the same from run to run. */
const NODE_FLAGS = ['--single-threaded', '--predictable', '--no-liftoff', '--no-wasm-dynamic-tiering'];

/** The chains of a chain scenario, and the limbs of the two-bone one (as ab.mjs). */
const CHAINS = 1000;
const LIMBS = 10000;

/** Frames of the short and the long run: the long one's extra frames are what is counted. */
const FRAMES = { short: 20, long: 420 };

/** Scenario name → how many solves a frame makes and how to run `frames` frames on a module. */
const SCENARIOS = {
  'two-bone': {
    solves: LIMBS,
    run(ik, frames) {
      const p = internals.twoBoneProblem(LIMBS, 4);
      const call = internals.twoBoneCall('count', ik.solveTwoBone, p);
      for (let f = 0; f < frames; f++) call.frame(f % p.frames);
    },
  },
  ...Object.fromEntries(['fabrik', 'ccd'].flatMap((method) => ['tracking', 'jumps'].map((mode) => [`${method}-${mode}`, {
    solves: CHAINS,
    run(ik, frames) {
      const p = internals.chainProblem(mode === 'jumps' ? 'random jumps' : 'tracking', CHAINS, mode === 'jumps' ? 30 : 60, method);
      const chains = internals.ik2dCallChains(ik, p);
      chains.prepare();
      chains.reset();
      // Frame 0 is the chains' settling solve (run.mjs); the frames after it repeat the problem's.
      for (let f = 0; f < frames; f++) chains.frame((f % p.frames) + 1);
      chains.dispose();
    },
  }]))),
};

/** The instructions callgrind counts while one build runs `frames` frames of a scenario. */
function instructions(dist, scenario, frames) {
  const run = spawnSync('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null',
    process.execPath, ...NODE_FLAGS, self, '--run', dist, scenario, String(frames)], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const match = /Collected : (\d+)/.exec(run.stderr ?? '');
  if (run.status !== 0 || !match) {
    throw new Error(`${scenario} on ${dist} under valgrind failed (${run.error?.message ?? `exit ${run.status}`}):\n${(run.stderr ?? '').slice(-2000)}`);
  }
  return Number(match[1]);
}

const args = process.argv.slice(2);
if (args[0] === '--run') {
  // One run, in the process callgrind watches: the build's module, the scenario, the frames.
  const [, dist, scenario, frames] = args;
  const ik = await (await import(pathToFileURL(path.join(path.resolve(dist), 'ik2d.js')).href)).default();
  SCENARIOS[scenario].run(ik, Number(frames));
} else {
  const other = args.find((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--scenario');
  if (!other) {
    console.error('usage: node bench/node/count.mjs <other-dist-dir> [--scenario name,...]');
    process.exit(2);
  }
  const at = args.indexOf('--scenario');
  const scenarios = at >= 0 ? args[at + 1].split(',') : Object.keys(SCENARIOS);
  const unknown = scenarios.filter((name) => !(name in SCENARIOS));
  if (unknown.length) {
    console.error(`unknown scenario ${unknown.join(', ')}: the scenarios are ${Object.keys(SCENARIOS).join(', ')}`);
    process.exit(2);
  }
  const builds = [path.join(here, '../../dist'), path.resolve(other)];
  console.log(`| scenario | this build (dist/) instructions/solve | other (${other}) | this ÷ other |`);
  console.log('|---|---|---|---|');
  for (const scenario of scenarios) {
    const { solves } = SCENARIOS[scenario];
    const perSolve = builds.map((dist) => {
      const [short, long] = [FRAMES.short, FRAMES.long].map((frames) => instructions(dist, scenario, frames));
      return (long - short) / ((FRAMES.long - FRAMES.short) * solves);
    });
    console.log(`| ${scenario} | ${perSolve[0].toFixed(0)} | ${perSolve[1].toFixed(0)} | ${(perSolve[0] / perSolve[1]).toFixed(3)} |`);
  }
}
