// fixed-cost.mjs: what a Chain.solve costs when there is nothing to solve (the end already within
// tolerance: 0 sweeps), against the JS reference's, i.e. the per-call overhead a FABRIK tracking
// solve pays on top of its sweeps (docs/benchmarks.md, 2026-11-25).
//
//   node bench/node/fixed-cost.mjs [dist-dir ...]     (default: this checkout's dist/)
//
// 1000 chains of 10 unit bones, each settled on its own target, then solved toward its own end
// 100 times a round; best of 9 rounds, ns per solve. Each extra dist-dir (another build's
// ik2d.js and ik2d.wasm) adds a row, for before/after.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as R from './reference.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dirs = process.argv.slice(2);
if (dirs.length === 0) dirs.push(path.join(here, '../../dist'));
const bones = 10, count = 1000, reps = 100, rounds = 9;
const targetOf = (c) => ({ x: 6 * Math.cos(c * 0.001), y: 6 * Math.sin(c * 0.001) });

/** Best-of-rounds ns per call of `frame()`, which makes `count` solves. */
function best(frame) {
  let ns = Infinity;
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now();
    for (let k = 0; k < reps; k++) frame();
    ns = Math.min(ns, ((performance.now() - t0) * 1e6) / (reps * count));
  }
  return ns;
}

async function ik2dRow(dir) {
  const ik = await (await import(pathToFileURL(path.join(path.resolve(dir), 'ik2d.js')).href)).default();
  const lengths = new Array(bones).fill(1);
  const chains = [], ends = [];
  for (let c = 0; c < count; c++) {
    const chain = new ik.Chain({ root: { x: 0, y: 0 }, lengths });
    chain.solve(targetOf(c), { method: 'fabrik', iterations: 100, tolerance: 1e-6 });
    const q = chain.positions();
    ends.push({ x: q[2 * bones], y: q[2 * bones + 1] });
    chains.push(chain);
  }
  const options = { method: 'fabrik', iterations: 10, tolerance: 0.01 };
  const ns = best(() => { for (let c = 0; c < count; c++) chains[c].solve(ends[c], options); });
  for (const chain of chains) chain.delete();
  return [`ik2d Chain.solve (${dir})`, ns];
}

function referenceRow() {
  const stride = 2 * (bones + 1), lengths = new Float64Array(bones).fill(1);
  const pos = new Float64Array(stride * count), ex = new Float64Array(count), ey = new Float64Array(count);
  for (let c = 0, o = 0; c < count; c++, o += stride) {
    const t = targetOf(c);
    R.straightChain(pos, o, lengths, bones);
    R.solveFabrik(pos, o, lengths, bones, bones, t.x, t.y, 100, 1e-6);
    ex[c] = pos[o + 2 * bones];
    ey[c] = pos[o + 2 * bones + 1];
  }
  const ns = best(() => {
    for (let c = 0, o = 0; c < count; c++, o += stride) R.solveFabrik(pos, o, lengths, bones, bones, ex[c], ey[c], 10, 0.01);
  });
  return ['JS reference (bench/node/reference.mjs)', ns];
}

const rows = [];
for (const dir of dirs) rows.push(await ik2dRow(dir));
rows.push(referenceRow());
console.log('| a FABRIK-10 solve with 0 sweeps | ns / solve (best of 9) |\n|---|---|');
for (const [name, ns] of rows) console.log(`| ${name} | ${ns.toFixed(1)} |`);
