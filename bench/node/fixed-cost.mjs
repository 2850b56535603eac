// fixed-cost.mjs: what a Chain.solve costs when there is nothing to solve (the end already within
// tolerance: 0 sweeps), against the JS reference's, i.e. the per-call overhead a FABRIK tracking
// solve pays on top of its sweeps (docs/benchmarks.md, 2026-11-25).
//
//   node bench/node/fixed-cost.mjs [dist-dir ...]     (default: this checkout's dist/)
//
// run.mjs's FABRIK-10 tracking problem and contenders (the same calls as `npm run bench`), with
// every frame's targets held at frame 0's: reset() settles each chain on them, so each timed solve
// finds its end already there. Best of 9 rounds, ns per solve. Each extra dist-dir (another
// build's ik2d.js and ik2d.wasm) adds a row, for before/after.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { internals } from './run.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dirs = process.argv.slice(2);
if (dirs.length === 0) dirs.push(path.join(here, '../../dist'));
const rounds = 9, frames = 100;

const p = internals.chainProblem('tracking', 1000, frames, 'fabrik');
for (let f = 1; f <= frames; f++) {
  p.tx.copyWithin(f * p.count, 0, p.count);
  p.ty.copyWithin(f * p.count, 0, p.count);
}

const contenders = [];
for (const dir of dirs) {
  const ik = await (await import(pathToFileURL(path.join(path.resolve(dir), 'ik2d.js')).href)).default();
  contenders.push({ name: `ik2d Chain.solve (${dir})`, adapter: internals.ik2dCallChains(ik, p) });
}
contenders.push({ name: 'JS reference (bench/node/reference.mjs)', adapter: internals.jsChains(p) });

console.log('| a FABRIK-10 solve with nothing to do | ns / solve (best of 9) |\n|---|---|');
for (const { name, adapter } of contenders) {
  adapter.prepare();
  let best = Infinity;
  const before = [new Float64Array(p.count), new Float64Array(p.count)];
  const after = [new Float64Array(p.count), new Float64Array(p.count)];
  for (let r = 0; r < rounds; r++) {
    adapter.reset();
    adapter.ends(...before);
    const t0 = performance.now();
    for (let f = 1; f <= frames; f++) adapter.frame(f);
    best = Math.min(best, ((performance.now() - t0) * 1e6) / (frames * p.count));
    adapter.ends(...after);
  }
  // Nothing to do means nothing moved: a chain that did move took a sweep, and the row says so.
  const moved = before[0].filter((x, c) => x !== after[0][c] || before[1][c] !== after[1][c]).length;
  console.log(`| ${name} | ${best.toFixed(1)}${moved ? ` (${moved} chains moved)` : ''} |`);
  adapter.dispose();
}
