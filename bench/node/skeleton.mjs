// skeleton.mjs: the puppet row of `npm run bench`: ik.Skeleton (WASM) against the hand-written JS
// reference of the same algorithm (skeleton-reference.mjs), side by side in one process.
//
// The puppet (web/src/scenes/puppet/rig.js: 16 bones with their limits, 5 effectors: head, hands,
// ankles) tracks a dance: each frame's targets are the effector ends of a smoothly animated pose
// (every angle swings inside its limit), so every target set is reachable together and moves a
// little per frame, as when a reader drags. iterations 20, tolerance 1e-3 (world units; the
// puppet is about 200 tall), warm start. Each round starts both contenders from the rest pose;
// rounds alternate which goes first; the first round is a warm-up and is thrown away; we report
// the median ns per solve, mean sweeps, and the share of frames with every effector in tolerance.
import { performance } from 'node:perf_hooks';
import { PUPPET_BONES, PUPPET_EFFECTORS, PUPPET_LIMITS, puppetPositions } from '../../web/src/scenes/puppet/rig.js';
import { createSkeletonJs } from './skeleton-reference.mjs';
import { median } from './numbers.mjs';

const ITERATIONS = 20;
const TOLERANCE = 1e-3;
const ROOT = { x: 0, y: 0 };
const EFFECTOR_BONES = PUPPET_EFFECTORS.map((effector) => effector.bone);

/** Targets of `frames` frames of the dance: x, y per effector per frame. */
export function danceTargets(frames) {
  const targets = new Float64Array(frames * 2 * EFFECTOR_BONES.length);
  const limits = new Map(PUPPET_LIMITS.map(([bone, min, max]) => [bone, [min, max]]));
  const angles = new Float64Array(PUPPET_BONES.length);
  for (let f = 0; f < frames; f++) {
    PUPPET_BONES.forEach((bone, i) => {
      const [min, max] = limits.get(i) ?? [bone.angle - 0.6, bone.angle + 0.6];
      const middle = (min + max) / 2, half = (max - min) / 2;
      angles[i] = middle + 0.8 * half * Math.sin(0.02 * f * (1 + 0.37 * i) + i);
    });
    const positions = puppetPositions(ROOT, angles);
    EFFECTOR_BONES.forEach((bone, k) => {
      targets[f * 2 * EFFECTOR_BONES.length + 2 * k] = positions[2 * bone + 2];
      targets[f * 2 * EFFECTOR_BONES.length + 2 * k + 1] = positions[2 * bone + 3];
    });
  }
  return targets;
}

function ik2dContender(ik, targets, frames) {
  let skeleton;
  const effectors = EFFECTOR_BONES.map((bone) => ({ bone, target: { x: 0, y: 0 } }));
  const options = { iterations: ITERATIONS, tolerance: TOLERANCE };
  return {
    name: 'ik2d Skeleton (WASM)',
    reset() {
      skeleton?.delete();
      skeleton = new ik.Skeleton({ root: ROOT, bones: PUPPET_BONES });
      for (const [bone, min, max] of PUPPET_LIMITS) skeleton.setLimit(bone, min, max);
    },
    frame(f) {
      const at = f * 2 * effectors.length;
      effectors.forEach((effector, k) => {
        effector.target.x = targets[at + 2 * k];
        effector.target.y = targets[at + 2 * k + 1];
      });
      const r = skeleton.solve(effectors, options);
      return { reached: r.status === 'reached', iterations: r.iterations };
    },
    dispose: () => skeleton?.delete(),
    frames,
  };
}

function jsContender(targets, frames) {
  let skeleton;
  const frameTargets = new Float64Array(2 * EFFECTOR_BONES.length);
  return {
    name: 'JS reference (same algorithm)',
    reset() {
      skeleton = createSkeletonJs(ROOT, PUPPET_BONES);
      for (const [bone, min, max] of PUPPET_LIMITS) skeleton.setLimit(bone, min, max);
    },
    frame(f) {
      frameTargets.set(targets.subarray(f * frameTargets.length, (f + 1) * frameTargets.length));
      return skeleton.solve(EFFECTOR_BONES, frameTargets, ITERATIONS, TOLERANCE);
    },
    frames,
  };
}

/**
 * Runs the puppet row.
 * @param {any} ik the loaded module
 * @param {{rounds: number, frames: number}} size
 */
export function runSkeletonBench(ik, { rounds, frames }) {
  const targets = danceTargets(frames);
  const contenders = [ik2dContender(ik, targets, frames), jsContender(targets, frames)];
  const rows = contenders.map((k) => ({ name: k.name, times: [], sweeps: 0, reached: 0, solves: 0 }));
  for (let r = 0; r <= rounds; r++) {
    for (let i = 0; i < contenders.length; i++) {
      const index = (i + r) % contenders.length;
      const k = contenders[index], row = rows[index];
      k.reset();
      let ms = 0;
      for (let f = 0; f < frames; f++) {
        const t0 = performance.now();
        const result = k.frame(f);
        ms += performance.now() - t0;
        if (r === 1) {
          row.sweeps += result.iterations;
          row.reached += result.reached ? 1 : 0;
          row.solves++;
        }
      }
      if (r > 0) row.times.push((ms * 1e6) / frames);
    }
  }
  for (const k of contenders) k.dispose?.();
  for (const row of rows) {
    row.ns = median(row.times);
    row.meanSweeps = row.sweeps / row.solves;
    row.reachedShare = row.reached / row.solves;
  }
  return { bones: PUPPET_BONES.length, effectors: EFFECTOR_BONES.length, iterations: ITERATIONS, tolerance: TOLERANCE, frames, rounds, rows };
}

/** The markdown table for the puppet row. */
export function skeletonReport(result) {
  const base = result.rows[0].ns;
  const lines = [
    `### puppet: ${result.bones} bones with limits, ${result.effectors} effectors, ${result.frames} frames of a dance, iterations ${result.iterations}, tolerance ${result.tolerance}, warm start`,
    '',
    '| contender | ns / solve (median) | rounds min–max | mean sweeps | frames all reached | ÷ ik2d |',
    '|---|---|---|---|---|---|',
  ];
  for (const row of result.rows) {
    lines.push(`| ${row.name} | ${row.ns.toFixed(0)} | ${Math.min(...row.times).toFixed(0)}–${Math.max(...row.times).toFixed(0)} | ` +
      `${row.meanSweeps.toFixed(2)} | ${(100 * row.reachedShare).toFixed(1)} % | ${(row.ns / base).toFixed(2)} |`);
  }
  return lines.join('\n');
}
