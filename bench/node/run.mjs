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
//   every frame; two-bone: `ik.solveTwoBone({...})` per limb.
// - ik2d batched: `ik.TwoBoneBatch` / `ik.ChainBatch` (SoA in WASM memory): copy the frame's
//   targets into the views, one `solve()` call for all.
// - JS reference: reference.mjs (same algorithms and stopping rules as ik2d, on Float64Arrays).
// - @aminere/fullik (FABRIK): one Chain2D per chain, `chain.solveForTarget(v)`; maxIteration =
//   iterations, solveDistanceThreshold = tolerance, minIterationChange = 1e-12 * reach (its stall
//   test; the default 0.01 would stop it early). Structure2D.update() is not used: it needs a global
//   THREE. Its own per-call work (cloning the bones of every improving iteration, keeping the better
//   of old and new pose) is part of what it costs.
// - three.js CCDIKSolver (CCD): one SkinnedMesh + Skeleton per chain (11 bones along x, the links
//   turn about z, plus a target bone), no limits, minAngle/maxAngle unset. CCDIKSolver has no
//   tolerance: `ik.iteration` sweeps always run (it stops only when no link turns by more than
//   1e-5 rad). Two rows: "iteration = N" (the library as is) and "+ tolerance stop" (one sweep per
//   updateOne() call, stopping when |end - target| <= tolerance, read from the effector's
//   matrixWorld, which the solver keeps current).
// - closed-chain-ik (damped least squares): Link/Joint(DOF.EZ) x 10, a Goal on X, Y, Z closing onto
//   the end link; maxIterations = iterations, translationConvergeThreshold = tolerance,
//   restPoseFactor = 0 (ik2d has no rest pose), stallThreshold = 1e-10 (ik2d stops on stalls of
//   1e-13 rad), translationErrorClamp = 0.1 * reach (its default 0.1 is sized for ~1 m robots; with a
//   10-unit chain it needs thousands of iterations for a jump: 0.1 * reach reaches 59/60 random
//   targets within 20 iterations). It keeps state in Float32Array (errors near 1e-6 are its floor)
//   and it is slow, so it runs on fewer chains and frames (its row says how many).
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import * as R from './reference.mjs';

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
  full: { rounds: 7, limbs: 10000, limbFrames: 4, chains: 1000, frames: 60, fullik: 100, three: 40, dls: 4, dlsFrames: 30, convergence: 1000 },
  quick: { rounds: 3, limbs: 2000, limbFrames: 2, chains: 200, frames: 20, fullik: 40, three: 16, dls: 2, dlsFrames: 6, convergence: 200 },
  tiny: { rounds: 1, limbs: 200, limbFrames: 1, chains: 12, frames: 4, fullik: 4, three: 3, dls: 1, dlsFrames: 2, convergence: 20 },
};

// The FABRIK paper (Aristidou and Lasenby, "FABRIK: A fast, iterative solver for the Inverse
// Kinematics problem", Graphical Models 73(5), 2011) compares methods on one chain with 10 joints
// and reports mean iterations to reach a target: FABRIK 15.5, CCD 26.3. What we could not check here
// (no access to the full text from this machine): the exact tolerance (we use 1e-3 of the reach),
// the link lengths (we use 10 equal bones), how targets were drawn and whether each solve started
// from the previous pose or a fixed one. Treat the comparison as order-of-magnitude.
const PAPER = { fabrik: 15.5, ccd: 26.3 };

// ---- helpers --------------------------------------------------------------------------------------

/** mulberry32: fixed-seed random numbers (same generator as tests/js/support.mjs). */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function stats(errors, count) {
  let sum = 0, max = 0, within = 0;
  for (let i = 0; i < count; i++) {
    const e = errors[i];
    sum += e;
    if (e > max) max = e;
    if (e <= TOLERANCE * (1 + 1e-9)) within++;
  }
  return { mean: sum / count, max, within: within / count };
}

const fmt = (v, digits = 3) => {
  if (v === undefined || v === null || Number.isNaN(v)) return '–';
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e5 || a < 1e-3) return v.toExponential(2);
  if (a >= 100) return v.toFixed(0);
  return v.toPrecision(digits);
};
const pct = (v) => `${(100 * v).toFixed(1)} %`;

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
  };
}

// ---- contenders: chains -----------------------------------------------------------------------------
// Each: { name, chains, frames, prepare(), reset(), frame(f), ends(xs, ys), dispose() }.
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

function fullikChains(FIK, p, chainCount) {
  const { tx, ty, count, n, iterations, tolerance } = p;
  let chains = [];
  const v = new FIK.V2(0, 0);
  return {
    name: '@aminere/fullik (FABRIK)', chains: chainCount, frames: p.frames,
    prepare() {},
    reset() {
      chains = [];
      for (let c = 0; c < chainCount; c++) {
        const chain = new FIK.Chain2D();
        chain.addBone(new FIK.Bone2D(new FIK.V2(0, 0), null, new FIK.V2(1, 0), BONE_LENGTH));
        for (let i = 1; i < n; i++) chain.addConsecutiveBone(new FIK.V2(1, 0), BONE_LENGTH);
        chain.setSolveDistanceThreshold(tolerance);
        chain.setMinIterationChange(1e-12 * REACH);
        chain.setMaxIterationAttempts(SETTLE_ITERATIONS);
        chain.solveForTarget(new FIK.V2(tx[c], ty[c]));
        chain.setMaxIterationAttempts(iterations);
        chains.push(chain);
      }
    },
    frame(f) {
      const base = f * count;
      for (let c = 0; c < chainCount; c++) {
        v.x = tx[base + c];
        v.y = ty[base + c];
        chains[c].solveForTarget(v);
      }
    },
    ends(xs, ys) {
      for (let c = 0; c < chainCount; c++) {
        const end = chains[c].bones[n - 1].end;
        xs[c] = end.x;
        ys[c] = end.y;
      }
    },
    dispose() {
      chains = [];
    },
  };
}

/** three.js rigs: SkinnedMesh with bones 0..n (bone n is the effector) and bone n+1 the target. */
function threeRig(THREE, CCDIKSolver, n) {
  const bones = [];
  let parent = null;
  for (let i = 0; i <= n; i++) {
    const bone = new THREE.Bone();
    if (i > 0) bone.position.set(BONE_LENGTH, 0, 0);
    if (parent) parent.add(bone);
    bones.push(bone);
    parent = bone;
  }
  const target = new THREE.Bone();
  const mesh = new THREE.SkinnedMesh(new THREE.BufferGeometry(), new THREE.MeshBasicMaterial());
  mesh.add(bones[0]);
  mesh.add(target);
  mesh.bind(new THREE.Skeleton([...bones, target]));
  const links = [];
  for (let i = n - 1; i >= 0; i--) links.push({ index: i });
  const ik = { target: n + 1, effector: n, links, iteration: 1 };
  const solver = new CCDIKSolver(mesh, [ik]);
  mesh.updateMatrixWorld(true);
  return { bones, target, mesh, ik, solver, effector: bones[n].matrixWorld.elements };
}

/** Sweeps one rig toward (x, y): `iterations` CCDIKSolver sweeps, or fewer with a tolerance stop. */
function threeSolve(rig, x, y, iterations, tolerance) {
  rig.target.position.set(x, y, 0);
  rig.target.updateMatrixWorld();
  if (tolerance < 0) {
    rig.ik.iteration = iterations;
    rig.solver.update();
    return;
  }
  rig.ik.iteration = 1;
  const e = rig.effector, tol2 = tolerance * tolerance;
  for (let k = 0; k < iterations; k++) {
    const dx = e[12] - x, dy = e[13] - y;
    if (dx * dx + dy * dy <= tol2) return;
    rig.solver.updateOne(rig.ik);
  }
}

function threeChains(THREE, CCDIKSolver, p, chainCount, withTolerance) {
  const { tx, ty, count, n, iterations, tolerance } = p;
  let rigs = [];
  const tol = withTolerance ? tolerance : -1;
  return {
    name: withTolerance ? 'three CCDIKSolver + tolerance stop' : `three CCDIKSolver (iteration = ${iterations})`,
    chains: chainCount, frames: p.frames,
    prepare() {
      for (let c = 0; c < chainCount; c++) rigs.push(threeRig(THREE, CCDIKSolver, n));
    },
    reset() {
      for (let c = 0; c < chainCount; c++) {
        const rig = rigs[c];
        for (const bone of rig.bones) bone.quaternion.identity();
        rig.mesh.updateMatrixWorld(true);
        threeSolve(rig, tx[c], ty[c], SETTLE_ITERATIONS, tolerance);
      }
    },
    frame(f) {
      const base = f * count;
      for (let c = 0; c < chainCount; c++) threeSolve(rigs[c], tx[base + c], ty[base + c], iterations, tol);
    },
    ends(xs, ys) {
      for (let c = 0; c < chainCount; c++) {
        xs[c] = rigs[c].effector[12];
        ys[c] = rigs[c].effector[13];
      }
    },
    dispose() {
      rigs = [];
    },
  };
}

function dlsRig(CCI, n, iterations, tolerance) {
  const { Solver, Joint, Link, Goal, DOF } = CCI;
  const root = new Link();
  let previous = root;
  for (let i = 0; i < n; i++) {
    const joint = new Joint();
    joint.setDoF(DOF.EZ);
    if (i > 0) joint.setPosition(BONE_LENGTH, 0, 0);
    previous.addChild(joint);
    const link = new Link();
    joint.addChild(link);
    previous = link;
  }
  const endJoint = new Joint();
  endJoint.setPosition(BONE_LENGTH, 0, 0);
  previous.addChild(endJoint);
  const endLink = new Link();
  endJoint.addChild(endLink);
  const goal = new Goal();
  goal.setGoalDoF(DOF.X, DOF.Y, DOF.Z);
  goal.setPosition(REACH, 0, 0);
  goal.makeClosure(endLink);
  const solver = new Solver(root);
  solver.maxIterations = iterations;
  solver.translationConvergeThreshold = tolerance;
  solver.restPoseFactor = 0;
  solver.stallThreshold = 1e-10;
  solver.translationErrorClamp = 0.1 * REACH;
  return { solver, goal, endLink };
}

function dlsChains(CCI, p, chainCount, frames) {
  const { tx, ty, count, n, iterations, tolerance } = p;
  let rigs = [];
  const end = new Float32Array(3);
  return {
    name: 'closed-chain-ik (DLS)', chains: chainCount, frames,
    prepare() {},
    reset() {
      rigs = [];
      for (let c = 0; c < chainCount; c++) {
        const rig = dlsRig(CCI, n, SETTLE_ITERATIONS, tolerance);
        rig.goal.setPosition(tx[c], ty[c], 0);
        rig.solver.solve();
        rig.solver.maxIterations = iterations;
        rigs.push(rig);
      }
    },
    frame(f) {
      const base = f * count;
      for (let c = 0; c < chainCount; c++) {
        const rig = rigs[c];
        rig.goal.setPosition(tx[base + c], ty[base + c], 0);
        rig.solver.solve();
      }
    },
    ends(xs, ys) {
      for (let c = 0; c < chainCount; c++) {
        rigs[c].endLink.getWorldPosition(end);
        xs[c] = end[0];
        ys[c] = end[1];
      }
    },
    dispose() {
      rigs = [];
    },
  };
}

// ---- contenders: two-bone -----------------------------------------------------------------------

function twoBoneCall(name, solveFn, p) {
  const { limbs, rootX, rootY, length1, length2, bend, targetX, targetY } = p;
  const endX = new Float64Array(limbs), endY = new Float64Array(limbs);
  return {
    name, chains: limbs, frames: p.frames,
    prepare() {}, reset() {}, dispose() {},
    frame(f) {
      const tx = targetX[f], ty = targetY[f];
      for (let i = 0; i < limbs; i++) {
        const r = solveFn({
          root: { x: rootX[i], y: rootY[i] }, target: { x: tx[i], y: ty[i] },
          length1: length1[i], length2: length2[i], bend: bend[i],
        });
        endX[i] = r.end.x;
        endY[i] = r.end.y;
      }
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
      const s = stats(row.errors, row.errors.length);
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

/** ik2d per call's error stats on the same (chain, frame) subset as `row`. */
function baselineOn(row, base) {
  if (!base || base.skipped || row.skipped) return undefined;
  const errors = new Float64Array(row.chains * row.frames);
  for (let f = 0; f < row.frames; f++) {
    for (let c = 0; c < row.chains; c++) errors[f * row.chains + c] = base.errors[f * base.chains + c];
  }
  return stats(errors, errors.length);
}

// ---- scenarios ------------------------------------------------------------------------------------

async function loadLibraries() {
  const libs = {};
  try { libs.FIK = await import('@aminere/fullik'); } catch (error) { libs.FIKError = error.message; }
  try {
    libs.THREE = await import('three');
    libs.CCDIKSolver = (await import('three/examples/jsm/animation/CCDIKSolver.js')).CCDIKSolver;
  } catch (error) { libs.THREEError = error.message; }
  try { libs.CCI = await import('closed-chain-ik/src/core/index.js'); } catch (error) { libs.CCIError = error.message; }
  return libs;
}

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
  if (typeof ik.ChainBatch === 'function') contenders.push(ik2dBatchChains(ik, p));
  contenders.push(jsChains(p));
  if (method === 'fabrik') {
    if (libs.FIK) contenders.push(fullikChains(libs.FIK, p, Math.min(size.fullik, p.count)));
    else notes.push(`@aminere/fullik did not load: ${libs.FIKError}`);
  } else if (libs.THREE) {
    contenders.push(threeChains(libs.THREE, libs.CCDIKSolver, p, Math.min(size.three, p.count), false));
    contenders.push(threeChains(libs.THREE, libs.CCDIKSolver, p, Math.min(size.three, p.count), true));
  } else {
    notes.push(`three did not load: ${libs.THREEError}`);
  }
  if (libs.CCI) contenders.push(dlsChains(libs.CCI, p, Math.min(size.dls, p.count), Math.min(size.dlsFrames, frames)));
  else notes.push(`closed-chain-ik did not load: ${libs.CCIError}`);
  const rows = runScenario(contenders, {
    rounds: size.rounds, firstFrame: 1,
    targetX: (f) => p.tx.subarray(f * p.count, (f + 1) * p.count),
    targetY: (f) => p.ty.subarray(f * p.count, (f + 1) * p.count),
  });
  return {
    name: `${method === 'fabrik' ? 'FABRIK' : 'CCD'}-${BONES} ${mode}`, method, mode,
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
  for (const method of ['fabrik', 'ccd']) {
    for (const [set, targets] of Object.entries(sets)) {
      for (const start of ['straight', 'warm']) {
        const solvers = [['ik2d Chain', false]];
        if (set === 'unreachable') solvers.push(['plain (JS, no shortcut)', true]);
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
  return { cap, tolerance: TOLERANCE, rows };
}

// ---- report ---------------------------------------------------------------------------------------

function scenarioTable(scenario, lines) {
  const rows = scenario.rows;
  const call = rows.find((r) => r.name === 'ik2d per call' && !r.skipped);
  const batch = rows.find((r) => r.name === 'ik2d batched' && !r.skipped);
  const twoBone = scenario.name === 'two-bone';
  if (twoBone) {
    lines.push(`### two-bone: ${scenario.limbs} limbs × ${scenario.frames} target sets (70 % reachable, 15 % out of reach, 15 % too close)`);
  } else {
    lines.push(`### ${scenario.name}: ${scenario.chains} chains × ${scenario.frames} frames, ${BONES} bones of ${BONE_LENGTH}, iterations ${scenario.iterations}, tolerance ${scenario.tolerance} (1e-3 of reach), warm start`);
  }
  lines.push('');
  const head = ['contender', 'solves / round', 'ns / solve (median)', 'rounds min–max', 'mean err', 'max err',
    twoBone ? 'max err (reachable)' : 'within tol', '÷ ik2d per call', '÷ ik2d batched'];
  if (!twoBone) head.push('ik2d per call on same solves: mean / max err, within tol');
  lines.push(`| ${head.join(' | ')} |`);
  lines.push(`|${head.map(() => '---').join('|')}|`);
  for (const r of rows) {
    if (r.skipped) {
      lines.push(`| ${r.name} | ${r.skipped} |${' |'.repeat(head.length - 2)}`);
      continue;
    }
    const cells = [
      r.name, `${r.chains} × ${r.frames}`, fmt(r.ns), `${fmt(r.nsMin)}–${fmt(r.nsMax)}`, fmt(r.meanError), fmt(r.maxError),
      twoBone ? fmt(r.maxReachableError) : pct(r.within),
      call ? fmt(r.ns / call.ns) : '–', batch ? fmt(r.ns / batch.ns) : '–',
    ];
    if (!twoBone) {
      const b = baselineOn(r, call);
      cells.push(b ? `${fmt(b.mean)} / ${fmt(b.max)}, ${pct(b.within)}` : '–');
    }
    lines.push(`| ${cells.join(' | ')} |`);
  }
  lines.push('');
}

function convergenceTable(conv, lines) {
  lines.push(`### Convergence: sweeps to reach ${conv.tolerance} (1e-3 of reach; for targets out of reach: within that of d − reach), ${BONES} equal bones, cap ${conv.cap}`);
  lines.push('');
  lines.push('| method | targets | start | solver | mean sweeps | median | max | converged | FABRIK paper (10 joints) |');
  lines.push('|---|---|---|---|---|---|---|---|---|');
  for (const r of conv.rows) {
    lines.push(`| ${r.method.toUpperCase()} | ${r.count} ${r.targets} (${r.targets === 'reachable' ? '5–95' : '105–200'} % of reach) | ${r.start} | ${r.solver} | ${fmt(r.mean)} | ${r.median} | ${r.max} | ${pct(r.converged)} | ${r.paper ?? ''} |`);
  }
  lines.push('');
  lines.push('Mean sweeps count a target that never converged at the cap. ik2d answers a target out of reach with one stretch sweep (the FABRIK paper\'s rule); "plain" iterates the algorithm instead. Paper: Aristidou & Lasenby 2011, mean iterations on a 10-joint chain; its tolerance, link lengths and start poses are not known here.');
  lines.push('');
}

/** The issue's targets, each met or missed, with the numbers. */
function targetChecks(scenarios) {
  const find = (scenario, name) => scenario?.rows.find((r) => r.name === name && !r.skipped);
  const checks = [];
  const speedup = (slow, fast) => (slow && fast ? slow.ns / fast.ns : undefined);
  const check = (what, value, goal, detail = '') => {
    if (value === undefined) checks.push({ what, status: 'not measured', detail });
    else checks.push({ what, value, goal, status: value >= goal ? 'met' : 'missed', detail });
  };
  const tb = scenarios.find((s) => s.name === 'two-bone');
  check('two-bone: batched vs JS per call (≥ 5×)', speedup(find(tb, 'JS per call'), find(tb, 'ik2d batched')), 5);
  check('two-bone: batched vs JS typed-array loop (> 1×)', speedup(find(tb, 'JS typed-array loop'), find(tb, 'ik2d batched')), 1.0000001);
  const errorNote = (ours, theirs) => {
    if (!ours || !theirs) return '';
    // On the same solves: as many within tolerance (half a percentage point of slack: CCD that has
    // not converged is chaotic, rounding alone moves a few solves across the line) and a mean error
    // no more than 10 % above theirs, or within the tolerance anyway.
    const base = baselineOn(theirs, ours);
    const ok = base.within >= theirs.within - 0.005 && (base.mean <= 1.1 * theirs.meanError || base.mean <= TOLERANCE);
    return `${ok ? 'equal or better' : 'WORSE'}: ik2d ${pct(base.within)} within tol, mean ${fmt(base.mean)}, max ${fmt(base.max)}; ` +
      `theirs ${pct(theirs.within)}, mean ${fmt(theirs.meanError)}, max ${fmt(theirs.maxError)}`;
  };
  for (const mode of ['tracking', 'random jumps']) {
    const fab = scenarios.find((s) => s.name === `FABRIK-${BONES} ${mode}`);
    const call = find(fab, 'ik2d per call'), batch = find(fab, 'ik2d batched'), js = find(fab, 'JS reference');
    const fullik = find(fab, '@aminere/fullik (FABRIK)');
    const strict = mode === 'tracking' ? '' : ' (jumps: for information)';
    check(`FABRIK-10 ${mode}: batched vs JS reference (≥ 1.5×)${strict}`, speedup(js, batch), 1.5, errorNote(batch, js));
    check(`FABRIK-10 ${mode}: per call vs JS reference (≥ 1×)${strict}`, speedup(js, call), 1, errorNote(call, js));
    check(`FABRIK-10 ${mode}: per call vs @aminere/fullik (≥ 10×)${strict}`, speedup(fullik, call), 10, errorNote(call, fullik));
    check(`FABRIK-10 ${mode}: batched vs @aminere/fullik (≥ 10×)${strict}`, speedup(fullik, batch), 10, errorNote(batch, fullik));
    const ccd = scenarios.find((s) => s.name === `CCD-${BONES} ${mode}`);
    const ccall = find(ccd, 'ik2d per call'), cbatch = find(ccd, 'ik2d batched');
    for (const name of [`three CCDIKSolver (iteration = ${ccd?.iterations})`, 'three CCDIKSolver + tolerance stop']) {
      const three = find(ccd, name);
      check(`CCD-10 ${mode}: per call vs ${name} (≥ 20×)`, speedup(three, ccall), 20, errorNote(ccall, three));
      check(`CCD-10 ${mode}: batched vs ${name} (≥ 20×)`, speedup(three, cbatch), 20, errorNote(cbatch, three));
    }
  }
  return checks;
}

function report(result) {
  const lines = [];
  lines.push(`## ik2d ${result.version} in Node ${process.version}: ${result.size} run, ${result.rounds} rounds (+1 warm-up), median ns per solve`);
  lines.push('');
  lines.push('Ratios are time ÷ ik2d\'s time in the same run: above 1 means ik2d is faster by that factor. Errors are |end − target| after the call.');
  lines.push('');
  for (const note of result.notes) lines.push(`> note: ${note}`);
  if (result.notes.length) lines.push('');
  for (const s of result.scenarios) scenarioTable(s, lines);
  convergenceTable(result.convergence, lines);
  lines.push('### Targets (issue 6), from this run');
  lines.push('');
  lines.push('| target | measured | result | errors |');
  lines.push('|---|---|---|---|');
  for (const c of result.checks) {
    lines.push(`| ${c.what} | ${c.value === undefined ? '–' : `${fmt(c.value)}×`} | ${c.status} | ${c.detail} |`);
  }
  lines.push('');
  return lines.join('\n');
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
    for (const method of ['fabrik', 'ccd']) scenarios.push(chainScenario(ik, libs, sizes, method, mode, notes));
  }
  const conv = convergence(ik, sizes.convergence);
  const result = {
    version: ik.version, node: process.version, size, rounds: sizes.rounds, sizes, notes: [...new Set(notes)],
    settings: { bones: BONES, boneLength: BONE_LENGTH, tolerance: TOLERANCE, trackingIterations: TRACKING_ITERATIONS, jumpIterations: JUMP_ITERATIONS },
    scenarios, convergence: conv,
  };
  result.checks = targetChecks(scenarios);
  result.seconds = (performance.now() - started) / 1000;
  const text = report(result);
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
  SIZES, TOLERANCE, REACH, BONES, loadLibraries, chainProblem, twoBoneProblem,
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
