/**
 * The chain's convergence plot: error against sweep for the current target, CCD, FABRIK and DLS
 * (at the scene's damping; one DLS step counts as a sweep) side by side, each solved by the C++ solver on a scratch `ik.Chain` (same root, lengths and limits)
 * from the chain's rest pose, so the plot depends on the settings alone and a link redraws it.
 * The errors are the solver's own: `beginSolve()`, then `step()` until done, recording the error
 * at the end of every sweep (iteration 0: the starting error).
 *
 * - At most PLOT_SWEEPS sweeps each, without the per-frame step limit (the plot shows how a whole
 *   solve converges), to the scene's tolerance; without mix and pole (they act once a solve ends).
 * - Recomputed only when what it depends on changes; while the target is being dragged or moves
 *   by itself, at most every few drawn frames (getState() always brings it up to date).
 */

import { drawLogPlot } from '../../draw/plot.js';
import { applyJointLimits } from './rig.js';
import { startingAngles } from './shape.js';
import { placeCornerBox } from '../overlay-layout.js';

/**
 * @typedef {import('../../model/settings.js').Point} Point
 * @typedef {import('../../draw/draw.js').Theme} Theme
 * @typedef {import('./scene.js').ChainParams} ChainParams
 * @typedef {import('../overlay-layout.js').Layout} Layout
 * @typedef {import('../../../../core/bindings/ik2d').Chain} Chain
 *
 * @typedef {Object} ConvergenceSeries One method's solve.
 * @property {number[]} errors errors[i]: |end − target| after sweep i (errors[0]: before any).
 * @property {string} status What the solve returned.
 * @property {number} iterations Sweeps it used.
 *
 * @typedef {Object} Convergence What getState().convergence holds.
 * @property {Point} target The target it was computed for.
 * @property {Point} root
 * @property {number} tolerance
 * @property {number} maxSweeps
 * @property {ConvergenceSeries} ccd
 * @property {ConvergenceSeries} fabrik
 * @property {ConvergenceSeries} dls
 * @property {number} damping DLS's damping, as a share of the reach.
 */

/** Most sweeps each method gets in the plot. */
const PLOT_SWEEPS = 100;

/** While the target moves, the plot is recomputed at most once every this many drawn frames. */
const FRAMES_BETWEEN_UPDATES = 4;

/**
 * Solves from the rest pose with each method, step by step, recording the error per sweep.
 * @param {any} ik The module.
 * @param {number[]} lengths
 * @param {ChainParams} params
 * @param {Point} root
 * @param {Point} target
 * @returns {Convergence}
 */
function computeConvergence(ik, lengths, params, root, target) {
  /** @param {'ccd' | 'fabrik' | 'dls'} method @returns {ConvergenceSeries} */
  function run(method) {
    /** @type {Chain} */
    const scratch = new ik.Chain({ root, lengths, angles: startingAngles(lengths.length) });
    try {
      applyJointLimits(scratch, params.jointLimits, '');
      let step = scratch.beginSolve(target, {
        method, iterations: PLOT_SWEEPS, tolerance: params.tolerance, maxStep: Infinity, damping: params.damping,
      });
      const errors = [step.error];
      while (!step.done) {
        step = scratch.step();
        if (step.sweepEnd) errors[step.iteration] = step.error;
      }
      const result = step.result ?? { status: 'invalid', iterations: 0 };
      return { errors: Array.from(errors, (e, i) => e ?? errors[i - 1]), status: result.status, iterations: result.iterations };
    } finally {
      scratch.delete();
    }
  }
  return {
    target: { ...target },
    root: { ...root },
    tolerance: params.tolerance,
    maxSweeps: PLOT_SWEEPS,
    ccd: run('ccd'),
    fabrik: run('fabrik'),
    dls: run('dls'),
    damping: params.damping,
  };
}

/**
 * Keeps the convergence data for the chain's settings, recomputing when they change.
 * @param {any} ik
 */
export function createConvergencePlot(ik) {
  /** @type {Convergence | null} */
  let data = null;
  let key = '';
  let framesSince = Infinity;

  /**
   * @param {number[]} lengths
   * @param {ChainParams} params
   * @param {Point} root
   * @param {Point} target
   */
  function keyOf(lengths, params, root, target) {
    return JSON.stringify([lengths, params.tolerance, params.damping, params.jointLimits, root, target]);
  }

  return {
    /**
     * The data for these settings (recomputed now if they changed).
     * @param {number[]} lengths @param {ChainParams} params @param {Point} root @param {Point} target
     * @returns {Convergence}
     */
    current(lengths, params, root, target) {
      const wanted = keyOf(lengths, params, root, target);
      if (!data || wanted !== key) {
        data = computeConvergence(ik, lengths, params, root, target);
        key = wanted;
        framesSince = 0;
      }
      return data;
    },
    /**
     * The data to draw this frame: up to date, unless the target is moving (being dragged, or
     * moving by itself) and it was recomputed only a few frames ago.
     * @param {number[]} lengths @param {ChainParams} params @param {Point} root @param {Point} target
     * @param {boolean} moving
     * @returns {Convergence}
     */
    forFrame(lengths, params, root, target, moving) {
      framesSince += 1;
      if (data && moving && framesSince < FRAMES_BETWEEN_UPDATES) return data;
      return this.current(lengths, params, root, target);
    },
    reset() {
      data = null;
      key = '';
      framesSince = Infinity;
    },
  };
}

/**
 * Places the plot in a free corner (before the labels, so they keep clear of it).
 * @param {Layout} layout
 * @returns {import('../overlay-layout.js').PlacedLabel} Its box.
 */
export function placeConvergencePlot(layout) {
  const { width, height } = layout.view.size();
  const boxWidth = Math.round(Math.min(340, Math.max(170, width * 0.4)));
  const boxHeight = Math.round(Math.min(210, Math.max(110, height * 0.36)));
  const box = placeCornerBox(layout, 'plot', boxWidth, boxHeight, ['bottom-right', 'top-right', 'bottom-left', 'top-left']);
  box.text = 'error per sweep (log)';
  return box;
}

/**
 * Draws the plot in its box.
 * @param {Layout} layout
 * @param {Theme} theme
 * @param {Convergence} data
 * @param {import('../overlay-layout.js').Box} box
 */
export function drawConvergencePlot(layout, theme, data, box) {
  drawLogPlot(layout.ctx, box, [
    { name: 'CCD', values: data.ccd.errors, colour: theme.plotCcd, dash: [], marker: 'circle' },
    { name: 'FABRIK', values: data.fabrik.errors, colour: theme.plotFabrik, dash: [7, 4], marker: 'square' },
    { name: 'DLS', values: data.dls.errors, colour: theme.plotDls, dash: [2, 3], marker: 'triangle' },
  ], {
    title: 'error per sweep (log)',
    xLabel: 'sweep',
    threshold: data.tolerance,
    thresholdLabel: 'tolerance',
    fontSize: layout.fontSize,
    font: layout.font.replace(/^600 [\d.]+px /, ''),
  }, theme);
}
