/**
 * The stress scene: thousands of two-bone limbs and 10-bone chains, each reaching for a target of
 * its own, all solved every simulation step by the batch API (one `ik.TwoBoneBatch.solve()` and
 * one `ik.ChainBatch.solve()`), with a meter of what solving and drawing cost per frame.
 *
 * Contents: definition (params, points, readouts) · the live instance (create) · layout · targets
 * · the meter's rolling history. Drawing is in stress-draw.js.
 *
 * Settings: limbs, chains, method, iterations, draw (params); target (point, world units, y up).
 *
 * - The batches are built when `limbs` or `chains` change (the old ones deleted first) and laid out
 *   on grids: limbs fill the upper half of the world rectangle, chains the lower half (either one
 *   takes it all when the other count is 0).
 * - Every limb and chain has its own target circling a spot above its root; the phase runs as a
 *   wave across the grid. It depends on simulation time alone (advance), so pause/step() give the
 *   same poses. Near the shared `target` (within INFLUENCE world units of a root), the own target
 *   is pulled toward the shared one, fully at the root: what is near the target reaches for it
 *   (stretched, out of reach, for most).
 * - Targets are written straight into the batches' typed-array views, re-read through the getters
 *   each step (WASM memory growth detaches old views); cos/sin of each phase are precomputed at
 *   build time, so a step costs a multiply-add per element and no allocation.
 * - The meter: solve ms = writing the targets plus both batch solves, per simulation step; draw ms
 *   = recording the limbs and chains on the canvas, per drawn frame (the browser rasterizes later:
 *   the frame rate shows the rest). The last HISTORY values of each are kept in ring buffers for
 *   the median, the max and the sparkline; getState().meter reports them.
 */

import { formatPoint } from '../format.js';
import { drawStressMeter, drawStressPopulation, drawStressTarget, groupDigits } from './stress-draw.js';

/**
 * @typedef {import('../settings.js').Settings} Settings
 * @typedef {import('../settings.js').Point} Point
 * @typedef {import('../settings.js').Rect} Rect
 * @typedef {import('./index.js').SceneInstance} SceneInstance
 * @typedef {import('./index.js').SceneDefinition} SceneDefinition
 * @typedef {import('./index.js').Readout} Readout
 * @typedef {import('../../../core/bindings/ik2d').TwoBoneBatch} TwoBoneBatch
 * @typedef {import('../../../core/bindings/ik2d').ChainBatch} ChainBatch
 * @typedef {import('../../../core/bindings/ik2d').ChainBatchSolveOptions} ChainBatchSolveOptions
 *
 * @typedef {Object} StressParams The stress scene's settings (see `stress.params`).
 * @property {number} limbs Two-bone limbs, 0..MAX_LIMBS.
 * @property {number} chains 10-bone chains, 0..MAX_CHAINS.
 * @property {'fabrik' | 'ccd'} method The chains' solver.
 * @property {number} iterations Most sweeps per chain per step.
 * @property {boolean} draw Draw the limbs and chains (off: measure solving alone).
 *
 * @typedef {Object} Orbits Where each element's own target circles, precomputed at build time.
 * @property {Float64Array} centreX Centre of the circle.
 * @property {Float64Array} centreY
 * @property {Float64Array} cos cos of the element's phase.
 * @property {Float64Array} sin sin of the element's phase.
 * @property {number} radius Of the circle, world units (the same for every element).
 * @property {number} cell Grid cell size, world units (for line widths).
 *
 * @typedef {Object} History A ring buffer of the last HISTORY timings, milliseconds.
 * @property {Float64Array} values
 * @property {number} count Values recorded so far (the newest is at (count - 1) % HISTORY).
 * @property {number} last The newest value.
 *
 * @typedef {Object} Meter What getState().meter reports (milliseconds, rounded to 0.001).
 * @property {number} solveMs Last simulation step: writing targets and both batch solves.
 * @property {number} drawMs Last drawn frame: the limbs and chains (the meter not included).
 * @property {number} medianSolveMs Over the last HISTORY steps.
 * @property {number} maxSolveMs
 * @property {number} medianDrawMs Over the last HISTORY drawn frames.
 * @property {number} maxDrawMs
 * @property {number} solves Steps measured since the batches were built.
 * @property {number} frames Frames drawn (with limbs and chains) since the batches were built.
 * @property {number} limbs
 * @property {number} chains
 * @property {number} bones Bones per chain.
 * @property {{solveMs: number[], drawMs: number[]}} history The last HISTORY values, oldest first.
 */

/** The world rectangle. */
const WORLD = { minX: -300, maxX: 300, minY: -225, maxY: 225 };

/** Most limbs and chains a setting (or a link) may ask for. */
export const MAX_LIMBS = 20000;
export const MAX_CHAINS = 2000;

/** Bones per chain. */
export const CHAIN_BONES = 10;

/** Within this distance of the shared target (world units) a root's own target is pulled to it. */
export const INFLUENCE = 80;

/** How fast the own targets circle, radians per second. */
const ANGULAR_SPEED = 1.6;

/** Timings kept for the median, max and sparkline. */
export const HISTORY = 120;

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
    + 'the target; limbs and chains near it reach for it. Arrow keys move it 10 units, Shift+arrow 50; '
    + 'M switches between FABRIK and CCD, D turns drawing on and off.',
  hints: [
    'Drag anywhere: move the target',
    'Arrow keys: 10 units (Shift: 50)',
    'M: FABRIK/CCD',
    'D: drawing on/off',
  ],
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
      name: 'method', label: 'Chain method', kind: 'choice', default: 'fabrik',
      options: [{ value: 'fabrik', label: 'FABRIK' }, { value: 'ccd', label: 'CCD' }],
    },
    {
      name: 'iterations', label: 'Iterations', kind: 'range', min: 1, max: 50, step: 1, integer: true,
      default: 10, help: 'Most sweeps per chain per frame.',
    },
    {
      name: 'draw', label: 'Draw', kind: 'toggle', default: true,
      help: 'Off: solve without drawing, to measure solving alone.',
    },
  ],
  points: [
    { name: 'target', label: 'Target', default: { x: 150, y: 90 } },
  ],
  keyboardPoint: 'target',
  keyStep: 10,
  readouts: [
    { name: 'solve', label: 'solve' },
    { name: 'draw', label: 'draw' },
    { name: 'limbs', label: 'limbs reached' },
    { name: 'chains', label: 'chains reached' },
    { name: 'method', label: 'method' },
    { name: 'target', label: 'target' },
  ],
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
    const split = WORLD.minY + (WORLD.maxY - WORLD.minY) / 2;
    const limbRect = params.chains > 0 ? { ...WORLD, minY: split } : WORLD;
    const chainRect = params.limbs > 0 ? { ...WORLD, maxY: split } : WORLD;
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

  /** @returns {Meter} */
  function meter() {
    return {
      solveMs: round3(solveTimes.last),
      drawMs: round3(drawTimes.last),
      medianSolveMs: round3(median(solveTimes)),
      maxSolveMs: round3(maximum(solveTimes)),
      medianDrawMs: round3(median(drawTimes)),
      maxDrawMs: round3(maximum(drawTimes)),
      solves: solveTimes.count,
      frames: drawTimes.count,
      limbs: limbs ? limbs.count : 0,
      chains: chains ? chains.count : 0,
      bones: CHAIN_BONES,
      history: { solveMs: historyValues(solveTimes), drawMs: historyValues(drawTimes) },
    };
  }

  /** The limb and the chain nearest the shared target, as drawn (for tests). */
  function closest() {
    /** @type {Record<string, unknown>} */
    const near = {};
    if (limbs && closestLimb >= 0) {
      const i = closestLimb;
      near.limb = {
        index: i,
        root: { x: limbs.rootX[i], y: limbs.rootY[i] },
        joint: { x: limbs.jointX[i], y: limbs.jointY[i] },
        end: { x: limbs.endX[i], y: limbs.endY[i] },
        target: { x: limbs.targetX[i], y: limbs.targetY[i] },
        status: limbs.status[i],
      };
    }
    if (chains && closestChain >= 0) {
      const i = closestChain;
      const n = chains.count;
      const tip = CHAIN_BONES * n + i;
      near.chain = {
        index: i,
        root: { x: chains.rootX[i], y: chains.rootY[i] },
        end: { x: chains.x[tip], y: chains.y[tip] },
        target: { x: chains.targetX[i], y: chains.targetY[i] },
        status: chains.status[i],
      };
    }
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
        meter: meter(), reachedLimbs, reachedChains, closest: closest(),
      }));
    },

    readouts(settings) {
      const params = stressParams(settings);
      /** @type {Record<string, Readout>} */
      const values = {};
      if (!solved) return values;
      values.solve = { text: `${solveTimes.last.toFixed(2)} ms (median ${median(solveTimes).toFixed(2)}, max ${maximum(solveTimes).toFixed(2)})` };
      values.draw = params.draw
        ? { text: `${drawTimes.last.toFixed(2)} ms (median ${median(drawTimes).toFixed(2)}, max ${maximum(drawTimes).toFixed(2)})` }
        : { text: 'off' };
      const limbCount = limbs ? limbs.count : 0;
      const chainCount = chains ? chains.count : 0;
      values.limbs = { text: `${groupDigits(reachedLimbs)} of ${groupDigits(limbCount)}` };
      values.chains = { text: `${groupDigits(reachedChains)} of ${groupDigits(chainCount)} (${CHAIN_BONES} bones)` };
      values.method = { text: `${params.method === 'fabrik' ? 'FABRIK' : 'CCD'}, ${params.iterations} iteration${params.iterations === 1 ? '' : 's'}` };
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
        solve: solveTimes, draw: drawTimes, drawing: params.draw, history: HISTORY,
        solveMs: solveTimes.last, drawMs: drawTimes.last,
        medianSolveMs: median(solveTimes), maxSolveMs: maximum(solveTimes),
        medianDrawMs: median(drawTimes), maxDrawMs: maximum(drawTimes),
        limbs: limbs ? limbs.count : 0, chains: chains ? chains.count : 0, bones: CHAIN_BONES,
        reachedLimbs, reachedChains,
        method: params.method === 'fabrik' ? 'FABRIK' : 'CCD', iterations: params.iterations,
      });
    },

    hitRadius(name, pointerType) {
      return name === 'target' ? (pointerType === 'touch' ? 28 : 18) : 0;
    },

    shortcut(key, settings) {
      const params = stressParams(settings);
      switch (key.toLowerCase()) {
        case 'm': return { params: { method: params.method === 'fabrik' ? 'ccd' : 'fabrik' } };
        case 'd': return { params: { draw: !params.draw } };
        default: return null;
      }
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

// Layout --------------------------------------------------------------------------------------

/**
 * Columns, rows and cell size of a grid of `count` cells filling `rect` (cells close to square).
 * @param {number} count
 * @param {Rect} rect
 */
function grid(count, rect) {
  const width = rect.maxX - rect.minX;
  const height = rect.maxY - rect.minY;
  const cols = Math.max(1, Math.ceil(Math.sqrt((count * width) / height)));
  const rows = Math.max(1, Math.ceil(count / cols));
  return { cols, rows, cellWidth: width / cols, cellHeight: height / rows };
}

/**
 * Orbits for `count` elements on a grid: each element's cell centre and phase (a wave running
 * diagonally across the grid), filled row by row from the top.
 * @param {number} count
 * @param {Rect} rect
 * @param {number} rise How far above the cell centre the circle's centre is, in cells.
 * @param {number} radius Of the circle, in cells.
 * @param {(i: number, x: number, y: number, cell: number) => void} place Puts element i's root
 *   given its cell centre.
 * @returns {Orbits}
 */
function makeOrbits(count, rect, rise, radius, place) {
  const { cols, rows, cellWidth, cellHeight } = grid(count, rect);
  const cell = Math.min(cellWidth, cellHeight);
  const orbits = {
    centreX: new Float64Array(count),
    centreY: new Float64Array(count),
    cos: new Float64Array(count),
    sin: new Float64Array(count),
    radius: radius * cell,
    cell,
  };
  // Left to right and top to bottom the phase turns ~1.3 times across the grid.
  const alongCols = (2.6 * Math.PI) / Math.max(cols, 1);
  const alongRows = (1.4 * Math.PI) / Math.max(rows, 1);
  for (let i = 0; i < count; i += 1) {
    const col = i % cols;
    const row = Math.floor(i / cols);
    const x = rect.minX + (col + 0.5) * cellWidth;
    const y = rect.maxY - (row + 0.5) * cellHeight;
    place(i, x, y, cell);
    orbits.centreX[i] = x;
    orbits.centreY[i] = y + rise * cell;
    const phase = col * alongCols + row * alongRows;
    orbits.cos[i] = Math.cos(phase);
    orbits.sin[i] = Math.sin(phase);
  }
  return orbits;
}

/**
 * Roots, lengths and bends of every limb; returns their orbits.
 * The limb's root is low in its cell; its reach is 0.8 cell; its target circles 0.5 cell above
 * the root at 0.25 cell: always between the inner and outer reach, so every limb away from the
 * shared target is 'reached'.
 * @param {TwoBoneBatch} batch
 * @param {Rect} rect
 * @returns {Orbits}
 */
function layoutLimbs(batch, rect) {
  const count = batch.count;
  // Views are read after the batch exists and nothing else allocates while they are used.
  const rootX = batch.rootX;
  const rootY = batch.rootY;
  const length1 = batch.length1;
  const length2 = batch.length2;
  const bend = batch.bend;
  const orbits = makeOrbits(count, rect, 0.15, 0.25, (i, x, y, cell) => {
    rootX[i] = x;
    rootY[i] = y - 0.35 * cell;
    length1[i] = 0.42 * cell;
    length2[i] = 0.38 * cell;
    bend[i] = i % 2 === 0 ? 1 : -1;
  });
  return orbits;
}

/**
 * Roots and straight-up starting poses of every chain; returns their orbits.
 * A chain reaches 0.85 cell from a root low in its cell; its target circles 0.5 cell above the
 * root at 0.28 cell.
 * @param {ChainBatch} batch
 * @param {Rect} rect
 * @returns {Orbits}
 */
function layoutChains(batch, rect) {
  const count = batch.count;
  const bones = batch.bones;
  const rootX = batch.rootX;
  const rootY = batch.rootY;
  const lengths = batch.lengths;
  const x = batch.x;
  const y = batch.y;
  return makeOrbits(count, rect, 0.05, 0.28, (i, cx, cy, cell) => {
    const bone = (0.85 * cell) / bones;
    const rx = cx;
    const ry = cy - 0.45 * cell;
    rootX[i] = rx;
    rootY[i] = ry;
    for (let j = 0; j < bones; j += 1) lengths[j * count + i] = bone;
    // Straight up to start with (the batch starts every chain along +x from (0, 0)).
    for (let j = 0; j <= bones; j += 1) {
      x[j * count + i] = rx;
      y[j * count + i] = ry + j * bone;
    }
  });
}

// Targets --------------------------------------------------------------------------------------

/**
 * Writes every element's target for this step: its own circle at phase (time + its phase),
 * pulled toward the shared target within INFLUENCE of the root (smoothstep, fully at the root).
 * @param {Orbits} orbits
 * @param {Float64Array} rootX
 * @param {Float64Array} rootY
 * @param {Float64Array} targetX Written.
 * @param {Float64Array} targetY Written.
 * @param {number} c cos(angular speed × time).
 * @param {number} s sin(angular speed × time).
 * @param {Point} shared The user's target.
 * @returns {number} Index of the element whose root is nearest the shared target (-1: none).
 */
function writeTargets(orbits, rootX, rootY, targetX, targetY, c, s, shared) {
  const { centreX, centreY, cos, sin, radius } = orbits;
  const count = centreX.length;
  const sx = shared.x;
  const sy = shared.y;
  const reach2 = INFLUENCE * INFLUENCE;
  let nearest = -1;
  let nearest2 = Infinity;
  for (let i = 0; i < count; i += 1) {
    // cos/sin(a + b) from the precomputed phase: no trigonometry per element.
    let x = centreX[i] + radius * (c * cos[i] - s * sin[i]);
    let y = centreY[i] + radius * (s * cos[i] + c * sin[i]);
    const dx = sx - rootX[i];
    const dy = sy - rootY[i];
    const d2 = dx * dx + dy * dy;
    if (d2 < reach2) {
      if (d2 < nearest2) {
        nearest2 = d2;
        nearest = i;
      }
      const u = 1 - Math.sqrt(d2) / INFLUENCE;
      const w = u * u * (3 - 2 * u);
      x += (sx - x) * w;
      y += (sy - y) * w;
    }
    targetX[i] = x;
    targetY[i] = y;
  }
  return nearest;
}

/**
 * How many entries are 0 (status 'reached').
 * @param {Uint8Array} status
 */
function countZeros(status) {
  let zeros = 0;
  for (let i = 0; i < status.length; i += 1) if (status[i] === 0) zeros += 1;
  return zeros;
}

// History -------------------------------------------------------------------------------------

/** @returns {History} */
function createHistory() {
  return { values: new Float64Array(HISTORY), count: 0, last: 0 };
}

/** @param {History} history */
function resetHistory(history) {
  history.values.fill(0);
  history.count = 0;
  history.last = 0;
}

/**
 * @param {History} history
 * @param {number} ms
 */
function record(history, ms) {
  history.values[history.count % HISTORY] = ms;
  history.count += 1;
  history.last = ms;
}

/** Scratch for median(): sorted in place, never reallocated. */
const scratch = new Float64Array(HISTORY);

/** @param {History} history */
function median(history) {
  const n = Math.min(history.count, HISTORY);
  if (n === 0) return 0;
  const part = scratch.subarray(0, n);
  part.set(history.values.subarray(0, n));
  part.sort();
  return n % 2 ? part[(n - 1) / 2] : (part[n / 2 - 1] + part[n / 2]) / 2;
}

/** @param {History} history */
function maximum(history) {
  const n = Math.min(history.count, HISTORY);
  let most = 0;
  for (let i = 0; i < n; i += 1) most = Math.max(most, history.values[i]);
  return most;
}

/**
 * The recorded values, oldest first.
 * @param {History} history
 * @returns {number[]}
 */
export function historyValues(history) {
  const n = Math.min(history.count, HISTORY);
  const values = [];
  for (let k = history.count - n; k < history.count; k += 1) values.push(round3(history.values[k % HISTORY]));
  return values;
}

/** @param {number} value */
function round3(value) {
  return Math.round(value * 1000) / 1000;
}

