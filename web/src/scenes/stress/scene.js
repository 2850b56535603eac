/**
 * The stress scene: thousands of two-bone limbs and 10-bone chains, each reaching for a target of
 * its own, all solved every simulation step by the batch API (one `ik.TwoBoneBatch.solve()` and
 * one `ik.ChainBatch.solve()`), with a meter of what solving and drawing cost per frame.
 *
 * Contents: definition (params, points, readouts) · the live instance (create). Where the limbs
 * and chains stand and what they reach for is in stress/layout.js, the meter (timing history and
 * its card) in stress/meter.js, drawing the limbs and chains in stress/draw.js.
 *
 * Settings: limbs, chains, method, iterations, draw (params); target (point, world units, y up).
 *
 * - The batches are built when `limbs` or `chains` change (the old ones deleted first) and laid out
 *   on grids, limbs above chains.
 * - Every limb and chain has its own target circling a spot above its root, pulled toward the
 *   shared `target` near it. The circling depends on simulation time alone (advance), so
 *   pause/step() give the same poses.
 * - Targets are written straight into the batches' typed-array views, re-read through the getters
 *   each step (WASM memory growth detaches old views).
 * - The meter times solving (per step) and drawing (per drawn frame); getState().meter reports it.
 */

import { formatPoint } from '../../model/format.js';
import { drawStressPopulation, drawStressTarget, groupDigits } from './draw.js';
import { FLAT_WORLD, grabRadius, methodLabel, methodOptions, readoutSpecs } from '../shared.js';
import { chainPose, INFLUENCE, layoutChains, layoutLimbs, limbPose, splitWorld, writeTargets } from './layout.js';
import {
  createHistory, drawStressMeter, meterState, record, resetHistory, timingText,
} from './meter.js';

/**
 * @typedef {import('../../model/settings.js').Settings} Settings
 * @typedef {import('../index.js').SceneInstance} SceneInstance
 * @typedef {import('../index.js').SceneDefinition} SceneDefinition
 * @typedef {import('../index.js').Readout} Readout
 * @typedef {import('../../../../core/bindings/ik2d').TwoBoneBatch} TwoBoneBatch
 * @typedef {import('../../../../core/bindings/ik2d').ChainBatch} ChainBatch
 * @typedef {import('../../../../core/bindings/ik2d').ChainBatchSolveOptions} ChainBatchSolveOptions
 *
 * @typedef {Object} StressParams The stress scene's settings (see `stress.params`).
 * @property {number} limbs Two-bone limbs, 0..MAX_LIMBS.
 * @property {number} chains 10-bone chains, 0..MAX_CHAINS.
 * @property {'fabrik' | 'ccd'} method The chains' solver.
 * @property {number} iterations Most sweeps per chain per step.
 * @property {boolean} draw Draw the limbs and chains (off: measure solving alone).
 *
 * @typedef {import('./layout.js').Orbits} Orbits
 */

/** The world rectangle. */
const WORLD = FLAT_WORLD;

/** Most limbs and chains a setting (or a link) may ask for. */
const MAX_LIMBS = 20000;
const MAX_CHAINS = 2000;

/** Bones per chain. */
const CHAIN_BONES = 10;

/** How fast the own targets circle, radians per second. */
const ANGULAR_SPEED = 1.6;

/** Distance from end to target that counts as reached for the chains, in grid cells. */
const CHAIN_TOLERANCE = 0.002;

/** @type {SceneDefinition} */
export const stress = {
  id: 'stress',
  title: 'Stress test (batch solvers)',
  tabLabel: 'Stress',
  summary: 'Thousands of two-bone limbs and 10-bone chains, each reaching for a target of its own, '
    + 'all solved every frame by one TwoBoneBatch and one ChainBatch call. The meter shows what '
    + 'solving and drawing cost per frame. Near the target you drag, everything reaches for it.',
  canvasLabel: 'Stress test: a grid of two-bone limbs above a grid of ten-bone chains, all moving, '
    + 'with a meter of solve and draw times in the top left corner. Press or drag anywhere to move '
    + 'the target; limbs and chains near it reach for it.',
  hints: {
    pointer: ['Drag anywhere: move the target'],
    touch: ['Tap or drag anywhere: move the target'],
  },
  world: WORLD,
  gridSpacing: 50,
  params: [
    {
      name: 'limbs', label: 'Limbs', kind: 'range', min: 0, max: MAX_LIMBS, step: 1000, integer: true,
      default: 10000, help: 'Two-bone limbs, solved by one TwoBoneBatch call.',
    },
    {
      name: 'chains', label: 'Chains', kind: 'range', min: 0, max: MAX_CHAINS, step: 100, integer: true,
      default: 1000, help: `${CHAIN_BONES}-bone chains, solved by one ChainBatch call.`,
    },
    {
      name: 'method', label: 'Chain method', kind: 'choice', default: 'fabrik', key: 'm',
      options: methodOptions(['fabrik', 'ccd']),
    },
    {
      name: 'iterations', label: 'Iterations', kind: 'range', min: 1, max: 50, step: 1, integer: true,
      default: 10, help: 'Most sweeps per chain per frame.',
    },
    {
      name: 'draw', label: 'Draw', kind: 'toggle', default: true, key: 'd',
      help: 'Off: solve without drawing, to measure solving alone.',
    },
  ],
  points: [
    { name: 'target', label: 'Target', default: { x: 150, y: 90 } },
  ],
  keyboardPoint: 'target',
  keyStep: 10,
  readouts: readoutSpecs(
    'solve', 'draw', ['limbs', 'limbs reached'], ['chains', 'chains reached'], 'method', 'target',
  ),
  create: createStress,
};

/**
 * The stress scene's params, typed (settings.js has checked each against its spec).
 * @param {Settings} settings
 * @returns {StressParams}
 */
function stressParams(settings) {
  return /** @type {StressParams} */ (/** @type {unknown} */ (settings.params));
}

/**
 * Creates the live stress scene.
 * @param {any} ik The loaded ik2d module.
 * @returns {SceneInstance}
 */
function createStress(ik) {
  /** @type {TwoBoneBatch | null} */
  let limbs = null;
  /** @type {ChainBatch | null} */
  let chains = null;
  /** @type {Orbits | null} */
  let limbOrbits = null;
  /** @type {Orbits | null} */
  let chainOrbits = null;
  /** limbs|chains the batches were built for. */
  let builtKey = '';
  /** Simulation time, seconds. */
  let time = 0;
  let reachedLimbs = 0;
  let reachedChains = 0;
  /** Index of the limb (chain) whose root is nearest the shared target; -1 when there is none. */
  let closestLimb = -1;
  let closestChain = -1;
  let solved = false;
  const solveTimes = createHistory();
  const drawTimes = createHistory();
  /** @type {Required<ChainBatchSolveOptions>} Reused every step: no allocation. */
  const options = { method: 'fabrik', iterations: 10, tolerance: CHAIN_TOLERANCE };

  /** Frees both batches. */
  function free() {
    limbs?.delete();
    chains?.delete();
    limbs = null;
    chains = null;
    limbOrbits = null;
    chainOrbits = null;
    builtKey = '';
  }

  /**
   * Builds the batches when the counts changed and lays them out.
   * @param {StressParams} params
   */
  function ensureBatches(params) {
    const key = `${params.limbs}|${params.chains}`;
    if (key === builtKey) return;
    free();
    const { limbRect, chainRect } = splitWorld(WORLD, params.limbs, params.chains);
    if (params.limbs > 0) {
      const batch = /** @type {TwoBoneBatch} */ (new ik.TwoBoneBatch(params.limbs));
      limbs = batch;
      limbOrbits = layoutLimbs(batch, limbRect);
    }
    if (params.chains > 0) {
      const batch = /** @type {ChainBatch} */ (new ik.ChainBatch({ count: params.chains, bones: CHAIN_BONES }));
      chains = batch;
      chainOrbits = layoutChains(batch, chainRect);
    }
    builtKey = key;
    resetHistory(solveTimes);
    resetHistory(drawTimes);
    solved = false;
  }

  /** @param {Settings} settings */
  function solve(settings) {
    const params = stressParams(settings);
    ensureBatches(params);
    const { target } = settings.points;
    options.method = params.method;
    options.iterations = params.iterations;
    const started = performance.now();
    const c = Math.cos(ANGULAR_SPEED * time);
    const s = Math.sin(ANGULAR_SPEED * time);
    if (limbs && limbOrbits) {
      closestLimb = writeTargets(limbOrbits, limbs.rootX, limbs.rootY, limbs.targetX, limbs.targetY, c, s, target);
      limbs.solve();
    }
    if (chains && chainOrbits) {
      closestChain = writeTargets(chainOrbits, chains.rootX, chains.rootY, chains.targetX, chains.targetY, c, s, target);
      options.tolerance = CHAIN_TOLERANCE * chainOrbits.cell;
      chains.solve(options);
    }
    record(solveTimes, performance.now() - started);
    reachedLimbs = limbs ? countZeros(limbs.status) : 0;
    reachedChains = chains ? countZeros(chains.status) : 0;
    solved = true;
    return {};
  }

  /** How many limbs and chains the batches hold. */
  function counts() {
    return { limbs: limbs ? limbs.count : 0, chains: chains ? chains.count : 0, bones: CHAIN_BONES };
  }

  /** The limb and the chain nearest the shared target, as drawn (for tests). */
  function closest() {
    /** @type {Record<string, unknown>} */
    const near = {};
    if (limbs && closestLimb >= 0) near.limb = limbPose(limbs, closestLimb);
    if (chains && closestChain >= 0) near.chain = chainPose(chains, closestChain);
    return near;
  }

  return {
    advance(dt) {
      time += dt;
      return null; // The shared target stays; solve() moves the own targets.
    },

    solve,

    state() {
      if (!solved) return {};
      return JSON.parse(JSON.stringify({
        meter: meterState(solveTimes, drawTimes, counts()), reachedLimbs, reachedChains, closest: closest(),
      }));
    },

    readouts(settings) {
      const params = stressParams(settings);
      /** @type {Record<string, Readout>} */
      const values = {};
      if (!solved) return values;
      values.solve = { text: timingText(solveTimes) };
      values.draw = { text: params.draw ? timingText(drawTimes) : 'off' };
      const { limbs: limbCount, chains: chainCount } = counts();
      values.limbs = { text: `${groupDigits(reachedLimbs)} of ${groupDigits(limbCount)}` };
      values.chains = { text: `${groupDigits(reachedChains)} of ${groupDigits(chainCount)} (${CHAIN_BONES} bones)` };
      values.method = { text: `${methodLabel(params.method)}, ${params.iterations} iteration${params.iterations === 1 ? '' : 's'}` };
      values.target = { text: formatPoint(settings.points.target) };
      return values;
    },

    draw(ctx, view, theme, settings, ui) {
      const params = stressParams(settings);
      const { target } = settings.points;
      if (params.draw && solved) {
        const started = performance.now();
        if (limbs && limbOrbits) {
          drawStressPopulation(ctx, view, theme, {
            kind: 'limbs', count: limbs.count, cell: limbOrbits.cell, status: limbs.status,
            limbs: {
              rootX: limbs.rootX, rootY: limbs.rootY, jointX: limbs.jointX, jointY: limbs.jointY,
              endX: limbs.endX, endY: limbs.endY,
            },
          });
        }
        if (chains && chainOrbits) {
          drawStressPopulation(ctx, view, theme, {
            kind: 'chains', count: chains.count, cell: chainOrbits.cell, status: chains.status,
            chains: { bones: CHAIN_BONES, x: chains.x, y: chains.y },
          });
        }
        record(drawTimes, performance.now() - started);
      }
      drawStressTarget(ctx, view, theme, target, INFLUENCE, ui.active === 'target' || ui.hover === 'target');
      drawStressMeter(ctx, view, theme, {
        solve: solveTimes, draw: drawTimes, drawing: params.draw, ...counts(), reachedLimbs, reachedChains,
        method: methodLabel(params.method), iterations: params.iterations,
      });
    },

    hitRadius(name, pointerType) {
      return name === 'target' ? grabRadius(pointerType) : 0;
    },

    dispose() {
      free();
      solved = false;
      time = 0;
      resetHistory(solveTimes);
      resetHistory(drawTimes);
    },
  };
}

// Status --------------------------------------------------------------------------------------

/**
 * How many entries are 0 (status 'reached').
 * @param {Uint8Array} status
 */
function countZeros(status) {
  let zeros = 0;
  for (let i = 0; i < status.length; i += 1) if (status[i] === 0) zeros += 1;
  return zeros;
}
