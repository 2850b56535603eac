// run.mjs: the Node part of `npm run bench`: ik2d (WASM) against hand-written JS and other IK
// libraries, in one process, alternating rounds, plus a convergence table.
//
//   node bench/node/run.mjs [--quick] [--json out.json]
//
// Every contender of a scenario gets the same fixed-seed targets, the same sweep cap (iterations)
// and the same tolerance, and starts each round from the same pose; one-off setup (building
// chains, rigs, meshes) and the first "settling" solve of a round are not timed; what a frame costs
// (feeding the new targets, solving) is. Rounds alternate contenders in a rotated order; the first
// round is a warm-up and is thrown away; we report the median ns/solve of the others and ratios
// against ik2d measured in the same run (the machine is shared and noisy: absolute numbers swing,
// ratios much less). End-effector error = |end - target| after the call, read the same way for all
// (from each contender's own state, outside the timed part).
//
// Contenders and how each is driven:
// - ik2d per call: `new ik.Chain` per chain, `chain.solve({x, y}, {method, iterations, tolerance})`
//   every frame (method 'dls' with its default damping, 0.05 of the reach); two-bone:
//   `ik.solveTwoBone({...})` per limb.
// - ik2d batched: `ik.TwoBoneBatch` / `ik.ChainBatch` (SoA in WASM memory): copy the frame's
//   targets into the views, one `solve()` call for all.
// - JS reference: reference.mjs (same algorithms and stopping rules as ik2d, on Float64Arrays).
// - @aminere/fullik, three.js CCDIKSolver, closed-chain-ik: contenders.mjs (how each is driven).
//
// The tables and the speed targets are written by report.mjs.
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import * as R from './reference.mjs';
import { dlsChains, fullikChains, loadLibraries, threeChains } from './contenders.mjs';
import { errorStats, report, targetChecks } from './report.mjs';
import { runSkeletonBench, skeletonReport } from './skeleton.mjs';
import { median, random } from './numbers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

// ---- settings -------------------------------------------------------------------------------------

const BONES = 10;
const BONE_LENGTH = 1;
const REACH = BONES * BONE_LENGTH;
const TOLERANCE = 1e-3 * REACH;      // absolute, 1e-3 of the reach
const TRACKING_ITERATIONS = 10;      // a per-frame budget; tracking moves the target 0.5-1 % of reach a frame
const JUMP_ITERATIONS = 30;          // random jumps need more: CCD takes ~29 sweeps on average from straight
const SETTLE_ITERATIONS = 300;       // the untimed first solve of a round, to start on the track

const SIZES = {
  // limbs x frames; chains x frames; the slow libraries run on the first `fullik`/`three`/`dls` chains.
  // (Random jumps run half as many frames as tracking: CCD's 30 sweeps a jump make them the slow part.)
  // (The DLS scenario runs closed-chain-ik on `dlsVersus` chains for every frame: it is the headline.)
  full: { rounds: 7, puppetFrames: 600, limbs: 10000, limbFrames: 4, chains: 1000, frames: 60, fullik: 100, three: 40, dls: 4, dlsFrames: 30, dlsVersus: 40, convergence: 1000 },
  quick: { rounds: 3, puppetFrames: 200, limbs: 2000, limbFrames: 2, chains: 200, frames: 20, fullik: 40, three: 16, dls: 2, dlsFrames: 6, dlsVersus: 10, convergence: 200 },
  tiny: { rounds: 1, puppetFrames: 10, limbs: 200, limbFrames: 1, chains: 12, frames: 4, fullik: 4, three: 3, dls: 1, dlsFrames: 2, dlsVersus: 2, convergence: 20 },
};

// The FABRIK paper (Aristidou and Lasenby, "FABRIK: A fast, iterative solver for the Inverse
// Kinematics problem", Graphical Models 73(5), 2011) compares methods on one chain with 10 joints
// and reports mean iterations to reach a target: FABRIK 15.5, CCD 26.3. What we could not check here
// (no access to the full text from this machine): the exact tolerance (we use 1e-3 of the reach),
// the link lengths (we use 10 equal bones), how targets were drawn and whether each solve started
// from the previous pose or a fixed one. Treat the comparison as order-of-magnitude.
const PAPER = { fabrik: 15.5, ccd: 26.3 };

// ---- helpers --------------------------------------------------------------------------------------

// ---- problems -------------------------------------------------------------------------------------

/** Two-bone limbs: random roots, lengths and bends, and `frames` sets of targets (70 % reachable, 15 % out of reach, 15 % too close). */
function twoBoneProblem(limbs, frames) {
  const next = random(20240601);
  const rootX = new Float64Array(limbs), rootY = new Float64Array(limbs);
  const length1 = new Float64Array(limbs), length2 = new Float64Array(limbs), bend = new Float64Array(limbs);
  for (let i = 0; i < limbs; i++) {
    rootX[i] = 10 * next() - 5;
    rootY[i] = 10 * next() - 5;
    length1[i] = 0.5 + 1.5 * next();
    length2[i] = 0.5 + 1.5 * next();
    bend[i] = next() < 0.5 ? 1 : -1;
  }
  const targetX = [], targetY = [], reachable = [];
  for (let f = 0; f < frames; f++) {
    const tx = new Float64Array(limbs), ty = new Float64Array(limbs), ok = new Uint8Array(limbs);
    for (let i = 0; i < limbs; i++) {
      const inner = Math.abs(length1[i] - length2[i]), outer = length1[i] + length2[i];
      const kind = next();
      let d;
      if (kind < 0.7) d = inner + (outer - inner) * (0.01 + 0.98 * next());
      else if (kind < 0.85) d = outer * (1.01 + 0.5 * next());
      else d = inner * 0.98 * next();
      const a = 2 * Math.PI * next();
      tx[i] = rootX[i] + d * Math.cos(a);
      ty[i] = rootY[i] + d * Math.sin(a);
      ok[i] = d >= inner && d <= outer ? 1 : 0;
    }
    targetX.push(tx);
    targetY.push(ty);
    reachable.push(ok);
  }
  return { limbs, frames, rootX, rootY, length1, length2, bend, targetX, targetY, reachable };
}

/**
 * Chain targets, chain-fastest: target of chain c at frame f is [f * count + c], frames 0..frames
 * (frame 0 is the untimed settling solve). Tracking: each chain follows its own smooth curve (radius
 * 15-85 % of reach, 0.5-1 % of reach a frame). Jumps: independent targets at 5-95 % of reach.
 * `settleIterations` is the sweep cap of that settling solve.
 */
function chainProblem(mode, count, frames, method) {
  const next = random(mode === 'tracking' ? 777 : 4242);
  const n = (frames + 1) * count;
  const tx = new Float64Array(n), ty = new Float64Array(n);
  if (mode === 'tracking') {
    const phase = new Float64Array(count), speed = new Float64Array(count), wobble = new Float64Array(count);
    for (let c = 0; c < count; c++) {
      phase[c] = 2 * Math.PI * next();
      speed[c] = (0.6 + 0.4 * next()) * (next() < 0.5 ? 1 : -1) * (2 * Math.PI / 600);
      wobble[c] = 2 * Math.PI * next();
    }
    for (let f = 0; f <= frames; f++) {
      for (let c = 0; c < count; c++) {
        const r = REACH * (0.5 + 0.35 * Math.sin(wobble[c] + f * (2 * Math.PI / 400)));
        const a = phase[c] + speed[c] * f;
        tx[f * count + c] = r * Math.cos(a);
        ty[f * count + c] = r * Math.sin(a);
      }
    }
  } else {
    for (let i = 0; i < n; i++) {
      const r = REACH * (0.05 + 0.9 * next());
      const a = 2 * Math.PI * next();
      tx[i] = r * Math.cos(a);
      ty[i] = r * Math.sin(a);
    }
  }
  const lengths = new Float64Array(BONES).fill(BONE_LENGTH);
  return {
    mode, method, count, frames, tx, ty, n: BONES, lengths, reach: REACH,
    iterations: mode === 'tracking' ? TRACKING_ITERATIONS : JUMP_ITERATIONS, tolerance: TOLERANCE,
    settleIterations: SETTLE_ITERATIONS,
  };
}

// ---- contenders: chains -----------------------------------------------------------------------------
// Each: { name, chains, frames, prepare(), reset(), frame(f), ends(xs, ys), dispose() } (the third-party
// ones, built the same way, are in contenders.mjs).
// reset() puts every chain straight along +x and settles it on frame 0's target (untimed).

function ik2dCallChains(ik, p) {
  const opts = { method: p.method, iterations: p.iterations, tolerance: p.tolerance };
  const settle = { method: p.method, iterations: SETTLE_ITERATIONS, tolerance: p.tolerance };
  const zeros = new Array(p.n).fill(0);
  const lengths = Array.from(p.lengths);
  let chains = [];
  const { tx, ty, count } = p;
  return {
    name: 'ik2d per call', chains: count, frames: p.frames,
    prepare() {
      for (let c = 0; c < count; c++) chains.push(new ik.Chain({ root: { x: 0, y: 0 }, lengths }));
    },
    reset() {
      for (let c = 0; c < count; c++) {
        chains[c].setAngles(zeros);
        chains[c].solve({ x: tx[c], y: ty[c] }, settle);
      }
    },
    frame(f) {
      const base = f * count;
      for (let c = 0; c < count; c++) chains[c].solve({ x: tx[base + c], y: ty[base + c] }, opts);
    },
    ends(xs, ys) {
      for (let c = 0; c < count; c++) {
        const q = chains[c].positions();
        xs[c] = q[q.length - 2];
        ys[c] = q[q.length - 1];
      }
    },
    dispose() {
      for (const chain of chains) chain.delete();
      chains = [];
    },
  };
}

function ik2dBatchChains(ik, p) {
  const opts = { method: p.method, iterations: p.iterations, tolerance: p.tolerance };
  const settle = { method: p.method, iterations: SETTLE_ITERATIONS, tolerance: p.tolerance };
  const { tx, ty, count, n } = p;
  const frameX = [], frameY = [];
  for (let f = 0; f <= p.frames; f++) {
    frameX.push(tx.subarray(f * count, (f + 1) * count));
    frameY.push(ty.subarray(f * count, (f + 1) * count));
  }
  let batch;
  return {
    name: 'ik2d batched', chains: count, frames: p.frames,
    prepare() {
      batch = new ik.ChainBatch({ count, bones: n, length: BONE_LENGTH, root: { x: 0, y: 0 } });
    },
    reset() {
      batch.rootX.fill(0);
      batch.rootY.fill(0);
      const x = batch.x, y = batch.y;
      for (let j = 0; j <= n; j++) {
        x.fill(j * BONE_LENGTH, j * count, (j + 1) * count);
        y.fill(0, j * count, (j + 1) * count);
      }
      batch.targetX.set(frameX[0]);
      batch.targetY.set(frameY[0]);
      batch.solve(settle);
    },
    frame(f) {
      batch.targetX.set(frameX[f]);
      batch.targetY.set(frameY[f]);
      batch.solve(opts);
    },
    ends(xs, ys) {
      const x = batch.x, y = batch.y, at = n * count;
      for (let c = 0; c < count; c++) {
        xs[c] = x[at + c];
        ys[c] = y[at + c];
      }
    },
    dispose() {
      batch?.delete();
      batch = undefined;
    },
  };
}

function jsChains(p) {
  const { tx, ty, count, n, lengths, reach, iterations, tolerance } = p;
  const stride = 2 * (n + 1);
  const pos = new Float64Array(stride * count);
  const solve = p.method === 'fabrik' ? R.solveFabrik : R.solveCcd;
  return {
    name: 'JS reference', chains: count, frames: p.frames,
    prepare() {},
    reset() {
      for (let c = 0; c < count; c++) {
        R.straightChain(pos, c * stride, lengths, n);
        solve(pos, c * stride, lengths, n, reach, tx[c], ty[c], SETTLE_ITERATIONS, tolerance);
      }
    },
    frame(f) {
      const base = f * count;
      for (let c = 0, o = 0; c < count; c++, o += stride) {
        solve(pos, o, lengths, n, reach, tx[base + c], ty[base + c], iterations, tolerance);
      }
    },
    ends(xs, ys) {
      for (let c = 0; c < count; c++) {
        xs[c] = pos[c * stride + 2 * n];
        ys[c] = pos[c * stride + 2 * n + 1];
      }
    },
    dispose() {},
  };
}

// ---- contenders: two-bone -----------------------------------------------------------------------

/**
 * One frame of per-call solves, `solve({root, target, length1, length2, bend})` per limb, as a
 * function of its own for each contender: V8 keeps call feedback per function literal, so one loop
 * shared by two libraries would make every call in it polymorphic (and keep either from being
 * inlined), which no user's loop is. `new Function` compiles a fresh literal per contender (the
 * name in its source keeps V8 from reusing a cached one).
 */
function perCallTwoBoneFrame(name, solve) {
  const source = `// ${JSON.stringify(name)}: one frame of per-call two-bone solves
    return function frame(rootX, rootY, targetX, targetY, length1, length2, bend, endX, endY, limbs) {
      for (let i = 0; i < limbs; i++) {
        const r = solve({
          root: { x: rootX[i], y: rootY[i] }, target: { x: targetX[i], y: targetY[i] },
          length1: length1[i], length2: length2[i], bend: bend[i],
        });
        endX[i] = r.end.x;
        endY[i] = r.end.y;
      }
    };`;
  return new Function('solve', source)(solve);
}

function twoBoneCall(name, solveFn, p) {
  const { limbs, rootX, rootY, length1, length2, bend, targetX, targetY } = p;
  const endX = new Float64Array(limbs), endY = new Float64Array(limbs);
  const solveFrame = perCallTwoBoneFrame(name, solveFn);
  return {
    name, chains: limbs, frames: p.frames,
    prepare() {}, reset() {}, dispose() {},
    frame(f) {
      solveFrame(rootX, rootY, targetX[f], targetY[f], length1, length2, bend, endX, endY, limbs);
    },
    ends(xs, ys) {
      xs.set(endX);
      ys.set(endY);
    },
  };
}

function twoBoneJsLoop(p) {
  const { limbs } = p;
  const out = {
    jointX: new Float64Array(limbs), jointY: new Float64Array(limbs), endX: new Float64Array(limbs),
    endY: new Float64Array(limbs), angle1: new Float64Array(limbs), angle2: new Float64Array(limbs),
    distance: new Float64Array(limbs), status: new Uint8Array(limbs),
  };
  const inputs = p.targetX.map((tx, f) => ({
    rootX: p.rootX, rootY: p.rootY, targetX: tx, targetY: p.targetY[f],
    length1: p.length1, length2: p.length2, bend: p.bend,
  }));
  return {
    name: 'JS typed-array loop', chains: limbs, frames: p.frames,
    prepare() {}, reset() {}, dispose() {},
    frame(f) {
      R.solveTwoBoneLoop(inputs[f], out, limbs);
    },
    ends(xs, ys) {
      xs.set(out.endX);
      ys.set(out.endY);
    },
  };
}

function twoBoneBatch(ik, p) {
  let limbs;
  return {
    name: 'ik2d batched', chains: p.limbs, frames: p.frames,
    prepare() {
      limbs = new ik.TwoBoneBatch(p.limbs);
    },
    reset() {
      limbs.rootX.set(p.rootX);
      limbs.rootY.set(p.rootY);
      limbs.length1.set(p.length1);
      limbs.length2.set(p.length2);
      limbs.bend.set(p.bend);
      limbs.softness.fill(0);
    },
    frame(f) {
      limbs.targetX.set(p.targetX[f]);
      limbs.targetY.set(p.targetY[f]);
      limbs.solve();
    },
    ends(xs, ys) {
      xs.set(limbs.endX);
      ys.set(limbs.endY);
    },
    dispose() {
      limbs?.delete();
      limbs = undefined;
    },
  };
}

// ---- rounds -------------------------------------------------------------------------------------------

/**
 * Runs every contender `rounds + 1` times (the first is a warm-up), alternating and rotating the
 * order, and returns a row per contender: median ns/solve and error stats.
 * `targetOf(f, c)` gives the target of solve (frame f, chain c); frames are 1..frames for chains
 * (0 is the settle) or 0..frames-1 for limbs (`firstFrame`).
 */
function runScenario(contenders, { rounds, firstFrame, targetX, targetY, reachableOf }) {
  const live = [];
  const rows = new Map();
  for (const k of contenders) {
    try {
      k.prepare();
      live.push(k);
      rows.set(k, { name: k.name, chains: k.chains, frames: k.frames, times: [], errors: new Float64Array(k.chains * k.frames) });
    } catch (error) {
      rows.set(k, { name: k.name, skipped: `failed to set up: ${error.message}` });
    }
  }
  for (let r = 0; r <= rounds; r++) {
    for (let i = 0; i < live.length; i++) {
      const k = live[(i + r) % live.length];
      const row = rows.get(k);
      if (row.skipped) continue;
      try {
        k.reset();
        const xs = new Float64Array(k.chains), ys = new Float64Array(k.chains);
        let ms = 0;
        for (let f = 0; f < k.frames; f++) {
          const frame = f + firstFrame;
          const t0 = performance.now();
          k.frame(frame);
          ms += performance.now() - t0;
          k.ends(xs, ys);
          const tx = targetX(frame), ty = targetY(frame);
          for (let c = 0; c < k.chains; c++) {
            row.errors[f * k.chains + c] = Math.hypot(xs[c] - tx[c], ys[c] - ty[c]);
          }
        }
        if (r > 0) row.times.push((ms * 1e6) / (k.frames * k.chains));
      } catch (error) {
        row.skipped = `failed: ${error.message}`;
      }
    }
  }
  for (const k of contenders) k.dispose?.();
  const out = [];
  for (const k of contenders) {
    const row = rows.get(k);
    if (!row.skipped) {
      row.ns = median(row.times);
      row.nsMin = Math.min(...row.times);
      row.nsMax = Math.max(...row.times);
      const s = errorStats(row.errors, row.errors.length, TOLERANCE);
      Object.assign(row, { meanError: s.mean, maxError: s.max, within: s.within });
      if (reachableOf) {
        let max = 0;
        for (let f = 0; f < k.frames; f++) {
          const ok = reachableOf(f + firstFrame);
          for (let c = 0; c < k.chains; c++) if (ok[c] && row.errors[f * k.chains + c] > max) max = row.errors[f * k.chains + c];
        }
        row.maxReachableError = max;
      }
    }
    out.push(row);
  }
  return out;
}

// ---- scenarios ------------------------------------------------------------------------------------

function twoBoneScenario(ik, size, notes) {
  const p = twoBoneProblem(size.limbs, size.limbFrames);
  const contenders = [
    twoBoneCall('ik2d per call', ik.solveTwoBone, p),
    twoBoneCall('JS per call', R.solveTwoBoneJs, p),
    twoBoneJsLoop(p),
  ];
  if (typeof ik.TwoBoneBatch === 'function') contenders.splice(1, 0, twoBoneBatch(ik, p));
  else notes.push('ik.TwoBoneBatch is not in dist/ik2d.js yet: the batched two-bone row is skipped.');
  const rows = runScenario(contenders, {
    rounds: size.rounds, firstFrame: 0,
    targetX: (f) => p.targetX[f], targetY: (f) => p.targetY[f], reachableOf: (f) => p.reachable[f],
  });
  return { name: 'two-bone', limbs: p.limbs, frames: p.frames, rows };
}

function chainScenario(ik, libs, size, method, mode, notes) {
  const frames = mode === 'tracking' ? size.frames : Math.max(1, size.frames >> 1);
  const p = chainProblem(mode, size.chains, frames, method);
  const contenders = [ik2dCallChains(ik, p)];
  if (method === 'dls') {
    // DLS is Chain's only (ChainBatch refuses it) and has no JS reference: ik2d against the DLS
    // library, on the same chains' targets, every frame.
    if (libs.CCI) contenders.push(dlsChains(libs.CCI, p, Math.min(size.dlsVersus, p.count), frames));
    else notes.push(`closed-chain-ik did not load: ${libs.CCIError}`);
  }
  if (method !== 'dls' && typeof ik.ChainBatch === 'function') contenders.push(ik2dBatchChains(ik, p));
  if (method !== 'dls') contenders.push(jsChains(p));
  if (method === 'dls') {
    // (closed-chain-ik is above)
  } else if (method === 'fabrik') {
    if (libs.FIK) contenders.push(fullikChains(libs.FIK, p, Math.min(size.fullik, p.count)));
    else notes.push(`@aminere/fullik did not load: ${libs.FIKError}`);
  } else if (libs.THREE) {
    contenders.push(threeChains(libs.THREE, libs.CCDIKSolver, p, Math.min(size.three, p.count), false));
    contenders.push(threeChains(libs.THREE, libs.CCDIKSolver, p, Math.min(size.three, p.count), true));
  } else {
    notes.push(`three did not load: ${libs.THREEError}`);
  }
  if (method !== 'dls') {
    if (libs.CCI) contenders.push(dlsChains(libs.CCI, p, Math.min(size.dls, p.count), Math.min(size.dlsFrames, frames)));
    else notes.push(`closed-chain-ik did not load: ${libs.CCIError}`);
  }
  const rows = runScenario(contenders, {
    rounds: size.rounds, firstFrame: 1,
    targetX: (f) => p.tx.subarray(f * p.count, (f + 1) * p.count),
    targetY: (f) => p.ty.subarray(f * p.count, (f + 1) * p.count),
  });
  return {
    name: `${method.toUpperCase()}-${BONES} ${mode}`, method, mode,
    iterations: p.iterations, tolerance: p.tolerance, chains: p.count, frames: p.frames, rows,
  };
}

// ---- convergence ----------------------------------------------------------------------------------

/**
 * Sweeps to converge (|end - target| <= 1e-3 of reach, or for a target out of reach within that of
 * the best possible distance d - reach), ik2d Chain vs the JS reference without ik2d's out-of-reach
 * shortcut ("plain"), 10 equal bones, cap 1000 sweeps, straight and warm starts.
 */
function convergence(ik, count) {
  const next = random(99);
  const cap = 1000;
  const sets = {
    reachable: Array.from({ length: count }, () => [REACH * (0.05 + 0.9 * next()), 2 * Math.PI * next()]),
    unreachable: Array.from({ length: count }, () => [REACH * (1.05 + 0.95 * next()), 2 * Math.PI * next()]),
  };
  const lengths = new Float64Array(BONES).fill(BONE_LENGTH);
  const zeros = new Array(BONES).fill(0);
  const rows = [];
  for (const method of ['fabrik', 'ccd', 'dls']) {
    for (const [set, targets] of Object.entries(sets)) {
      for (const start of ['straight', 'warm']) {
        const solvers = [['ik2d Chain', false]];
        if (set === 'unreachable' && method !== 'dls') solvers.push(['plain (JS, no shortcut)', true]);
        for (const [who, plain] of solvers) {
          const sweeps = [];
          let converged = 0;
          const chain = plain ? null : new ik.Chain({ root: { x: 0, y: 0 }, lengths: Array.from(lengths) });
          const pos = new Float64Array(2 * (BONES + 1));
          R.straightChain(pos, 0, lengths, BONES);
          for (const [d, a] of targets) {
            const tx = d * Math.cos(a), ty = d * Math.sin(a);
            const goal = Math.max(0, d - REACH) + TOLERANCE;
            let used, error;
            if (!plain) {
              if (start === 'straight') chain.setAngles(zeros);
              const s = chain.solve({ x: tx, y: ty }, { method, iterations: cap, tolerance: TOLERANCE });
              used = s.iterations;
              error = s.error;
            } else {
              if (start === 'straight') R.straightChain(pos, 0, lengths, BONES);
              used = 0;
              error = Math.hypot(pos[2 * BONES] - tx, pos[2 * BONES + 1] - ty);
              while (error > goal && used < cap) {
                const moved = R.solveChain(pos, 0, lengths, BONES, REACH, tx, ty, 1, TOLERANCE, method === 'fabrik', false);
                used++;
                error = Math.hypot(pos[2 * BONES] - tx, pos[2 * BONES + 1] - ty);
                if (moved === 0) break;
              }
            }
            sweeps.push(used);
            if (error <= goal * (1 + 1e-12)) converged++;
          }
          chain?.delete();
          rows.push({
            method, targets: set, start, solver: who, count: targets.length,
            mean: sweeps.reduce((a, b) => a + b, 0) / sweeps.length, median: median(sweeps), max: Math.max(...sweeps),
            converged: converged / targets.length, paper: set === 'reachable' ? PAPER[method] : undefined,
          });
        }
      }
    }
  }
  return { cap, tolerance: TOLERANCE, rows, within: withinAfter(ik, sets.reachable) };
}

/** Steps (DLS) or sweeps (CCD, FABRIK) allowed, for the "within tolerance after k" table. */
const AFTER = [1, 2, 3, 5, 10, 20, 50, 100];

/**
 * The share of `targets` ([distance, angle]) within tolerance after at most k sweeps or steps,
 * each solved from a straight chain, for every method and every k in AFTER.
 */
function withinAfter(ik, targets) {
  const chain = new ik.Chain({ root: { x: 0, y: 0 }, lengths: new Array(BONES).fill(BONE_LENGTH) });
  const zeros = new Array(BONES).fill(0);
  const rows = [];
  for (const method of ['fabrik', 'ccd', 'dls']) {
    const share = AFTER.map((k) => {
      let reached = 0;
      for (const [d, a] of targets) {
        chain.setAngles(zeros);
        if (chain.solve({ x: d * Math.cos(a), y: d * Math.sin(a) }, { method, iterations: k, tolerance: TOLERANCE }).status === 'reached') reached++;
      }
      return reached / targets.length;
    });
    rows.push({ method, count: targets.length, share });
  }
  chain.delete();
  return { after: AFTER, rows };
}

// ---- entry ----------------------------------------------------------------------------------------

/**
 * Runs the whole Node benchmark.
 * @param {{size?: 'full'|'quick'|'tiny', json?: string, log?: (text: string) => void, ik?: object}} [options]
 * @returns {Promise<object>} the results (also written to `json` when given)
 */
export async function runBench({ size = 'full', json, log = console.log, ik } = {}) {
  const sizes = SIZES[size];
  if (!sizes) throw new Error(`unknown size ${size}`);
  if (!ik) {
    const { default: createIK2D } = await import(pathToFileURL(path.join(here, '../../dist/ik2d.js')).href);
    ik = await createIK2D();
  }
  const libs = await loadLibraries();
  const notes = [];
  if (typeof ik.ChainBatch !== 'function') notes.push('ik.ChainBatch is not in dist/ik2d.js yet: the batched chain rows are skipped.');
  const started = performance.now();
  const scenarios = [twoBoneScenario(ik, sizes, notes)];
  for (const mode of ['tracking', 'random jumps']) {
    for (const method of ['fabrik', 'ccd', 'dls']) scenarios.push(chainScenario(ik, libs, sizes, method, mode, notes));
  }
  const conv = convergence(ik, sizes.convergence);
  const puppet = typeof ik.Skeleton === 'function' ? runSkeletonBench(ik, { rounds: sizes.rounds, frames: sizes.puppetFrames }) : null;
  if (!puppet) notes.push('ik.Skeleton is not in dist/ik2d.js yet: the puppet row is skipped.');
  const result = {
    version: ik.version, node: process.version, size, rounds: sizes.rounds, sizes, notes: [...new Set(notes)],
    settings: { bones: BONES, boneLength: BONE_LENGTH, tolerance: TOLERANCE, trackingIterations: TRACKING_ITERATIONS, jumpIterations: JUMP_ITERATIONS },
    scenarios, convergence: conv, puppet,
  };
  result.checks = targetChecks(scenarios, result.settings);
  result.seconds = (performance.now() - started) / 1000;
  const text = puppet ? `${report(result)}\n\n${skeletonReport(puppet)}\n` : report(result);
  log(text);
  log(`(${result.seconds.toFixed(1)} s)`);
  if (json) {
    const plain = JSON.parse(JSON.stringify(result, (key, value) => (key === 'errors' ? undefined : value)));
    writeFileSync(json, JSON.stringify(plain, null, 2));
  }
  result.text = text;
  return result;
}

/** The pieces, for tests/js/bench-reference.test.mjs (it checks every adapter really solves). */
export const internals = {
  SIZES, TOLERANCE, REACH, BONES, loadLibraries, chainProblem, twoBoneProblem, twoBoneCall,
  ik2dCallChains, ik2dBatchChains, jsChains, fullikChains, threeChains, dlsChains, twoBoneBatch,
};

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
if (isMain) {
  const args = process.argv.slice(2);
  const jsonAt = args.indexOf('--json');
  const json = jsonAt >= 0 ? args[jsonAt + 1] : undefined;
  if (jsonAt >= 0 && !json) {
    console.error('usage: node bench/node/run.mjs [--quick] [--json out.json]');
    process.exit(2);
  }
  const size = args.includes('--tiny') ? 'tiny' : args.includes('--quick') ? 'quick' : 'full';
  runBench({ size, json }).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
