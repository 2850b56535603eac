/**
 * The chain scene's teaching layer: step-through mode (the chain is stepped by hand instead of
 * solved once a frame) and what the step-through, `overlay` and `plot` draw over the chain.
 * chain/scene.js owns the C++ chain and the solve loop; this module drives the same chain through the
 * host it is given. The steps themselves (the stepper, words, shapes) are in chain/steps.js, the
 * plot in chain/plot.js.
 *
 * Contents: step-through mode (sync, step, run, what getState() and the readouts say) · the
 * overlay layer (under the chain: the step's shapes; over it: labels, caption, plot).
 *
 * - Step-through (S, or playground.stepSolver()): the chain follows the settings (shape, limits,
 *   root) but is not solved; each step is one CCD joint update or FABRIK half-pass of the C++
 *   solver. Esc (playground.runSolver()) leaves it.
 * - The overlay layer is laid out once a frame: panels in corners first (the caption, the plot),
 *   then labels around them, all drawn over the chain; getState().overlay lists what was placed.
 */

import { formatLength } from '../../model/format.js';
import { createConvergencePlot, drawConvergencePlot, placeConvergencePlot } from './plot.js';
import { drawManipulability, manipulability } from './draw.js';
import { createStepper, drawStepShapes, placeStepCaption } from './steps.js';
import { methodLabel } from '../shared.js';
import {
  avoidPoint, createLayout, drawPanel, drawPlacedLabel, measurePanel, placeCornerBox, placeLabel,
} from '../overlay-layout.js';

/**
 * @typedef {import('../../model/settings.js').Point} Point
 * @typedef {import('../../draw/view.js').View} View
 * @typedef {import('../../draw/draw.js').Theme} Theme
 * @typedef {import('../index.js').DrawUi} DrawUi
 * @typedef {import('./scene.js').ChainParams} ChainParams
 * @typedef {import('./steps.js').SteppingState} SteppingState
 * @typedef {import('../overlay-layout.js').PlacedLabel} PlacedLabel
 * @typedef {import('../../../../core/bindings/ik2d').Chain} Chain
 * @typedef {import('../../../../core/bindings/ik2d').ChainSolveResult} ChainSolveResult
 * @typedef {import('../../../../core/bindings/ik2d').ChainSolveOptions} ChainSolveOptions
 *
 * @typedef {Object} TeachingHost What the teaching layer needs of the chain scene.
 * @property {() => Chain | null} chain The C++ chain, if built.
 * @property {(params: ChainParams, root: Point) => Chain} prepare The C++ chain for these
 *   settings, built if its shape changed, with their joint limits applied.
 * @property {() => number[]} lengths The chain's bone lengths.
 * @property {(params: ChainParams) => import('./scene.js').SceneSolveOptions} optionsOf The solve options.
 *
 * @typedef {Object} OverlayFrame What the chain is drawn with this frame.
 * @property {ChainParams} params
 * @property {Point} target
 * @property {Point} root
 * @property {Point} end The end effector.
 * @property {number[]} positions x0, y0, ..., the end effector last.
 * @property {number[]} lengths
 * @property {ChainSolveResult} result The last frame's result.
 * @property {DrawUi} ui
 */

/** What getState().stepping and the readout say before the first step. */
const PAUSED_DESCRIPTION = 'paused: Step (S) makes the first step';

/**
 * Creates the chain's teaching layer.
 * @param {any} ik The loaded ik2d module (for the convergence plot's scratch chains).
 * @param {TeachingHost} host
 */
export function createTeaching(ik, host) {
  /** Step-through: the chain is stepped by hand instead of solved once a frame. */
  let stepMode = false;
  /** What the chain was last synced to in step-through (settings as JSON). */
  let syncedKey = '';
  const stepper = createStepper();
  const convergence = createConvergencePlot(ik);
  /** @type {PlacedLabel[] | null} Overlay labels last drawn. */
  let drawnLabels = null;
  /** @type {import('./draw.js').Manipulability | null} The ellipse last drawn (DLS with the overlay). */
  let drawnEllipse = null;

  /**
   * getState().stepping: the last step, or a paused state before the first.
   * @returns {SteppingState | {kind: 'paused', count: 0, description: string}}
   */
  function steppingState() {
    const made = stepper.current();
    if (made) return made;
    return { kind: 'paused', count: 0, description: PAUSED_DESCRIPTION };
  }

  /**
   * Step-through: the chain follows the settings (shape, limits, root) but is not solved.
   * @param {ChainParams} params
   * @param {Point} root
   * @returns {number[] | null} The chain's positions now, or null when nothing changed.
   */
  function sync(params, root) {
    const key = JSON.stringify([params, root]);
    if (key === syncedKey && host.chain()) return null;
    syncedKey = key;
    const chainBones = host.prepare(params, root);
    const at = chainBones.positions();
    // setRoot ends the C++ solve in progress: only when the root moved.
    if (at[0] !== root.x || at[1] !== root.y) chainBones.setRoot(root);
    return Array.from(chainBones.positions());
  }

  /**
   * The settings a stepped solve is for (a new one begins when they change).
   * @param {ChainParams} params @param {Point} target @param {Point} root
   */
  function solveKeyOf(params, target, root) {
    return JSON.stringify([params, target, root, host.lengths()]);
  }

  /**
   * Makes `count` steps of the C++ solver (step-through; entered if not yet).
   * @param {ChainParams} params
   * @param {Point} target
   * @param {Point} root
   * @param {number} count
   * @returns {{positions: number[], result: ChainSolveResult | null}} The chain's positions after
   *   the steps, and the solve's result if a step finished it (else null).
   */
  function step(params, target, root, count) {
    stepMode = true;
    sync(params, root);
    const chainBones = /** @type {Chain} */ (host.chain());
    const key = solveKeyOf(params, target, root);
    /** @type {ChainSolveResult | null} */
    let result = null;
    for (let i = 0; i < count; i += 1) {
      const made = stepper.step(chainBones, target, host.optionsOf(params), key);
      if (made.done && made.result) result = made.result;
    }
    syncedKey = '';
    return { positions: Array.from(chainBones.positions()), result };
  }

  /** Leaves step-through: the chain solves once a frame again. */
  function run() {
    stepMode = false;
    stepper.reset();
    syncedKey = '';
  }

  /**
   * Draws what goes under the chain (the last step's shapes) and lays out what goes over it.
   * @param {CanvasRenderingContext2D} ctx
   * @param {View} view
   * @param {Theme} theme
   * @param {OverlayFrame} frame
   * @returns {(() => void) | null} Draws the overlays over the chain (call it after the chain), or
   *   null when there are none this frame.
   */
  function drawUnder(ctx, view, theme, frame) {
    drawnLabels = null;
    drawnEllipse = null;
    const { params, target, root, end, positions, lengths, result, ui } = frame;
    // Overlays: panels in corners first, then labels around them; drawn over the chain.
    const made = stepMode ? stepper.current() : null;
    const layout = params.overlay || params.plot || stepMode ? createLayout(ctx, view, theme) : null;
    if (!layout) return null;
    /** @type {Array<() => void>} */
    const over = [];
    for (let i = 0; i < positions.length; i += 2) avoidPoint(layout, { x: positions[i], y: positions[i + 1] }, 8);
    // The root, the end and the target matter most: panels go elsewhere if they can.
    avoidPoint(layout, root, 12, 20);
    avoidPoint(layout, end, 10, 20);
    avoidPoint(layout, target, 16, 20);
    if (params.poleAt) avoidPoint(layout, params.poleAt, 14, 20);
    if (stepMode) {
      const caption = placeStepCaption(layout, made ?? /** @type {any} */ ({
        kind: 'begin', method: params.method, iteration: 0, iterations: params.iterations, count: 0,
        description: PAUSED_DESCRIPTION, error: Math.hypot(end.x - target.x, end.y - target.y),
      }));
      over.push(() => caption.draw(theme));
    } else if (params.overlay) {
      const lines = [
        `${methodLabel(params.method)} · ${result.iterations} sweep${result.iterations === 1 ? '' : 's'} last frame · error ${formatLength(result.error)}`,
        'Step (S) goes through the solve',
      ];
      const metrics = measurePanel(layout, lines, 0.92);
      const box = placeCornerBox(layout, 'caption', metrics.width, metrics.height, ['top-left', 'top-right', 'bottom-left', 'bottom-right']);
      box.text = lines.join('\n');
      over.push(() => drawPanel(ctx, box, lines.map((text) => ({ text })), metrics, theme));
    }
    if (params.overlay && params.method === 'dls') {
      // The end's manipulability ellipse (J·Jᵀ), in step-through too: DLS inverts that matrix.
      const ellipse = manipulability(positions);
      drawManipulability(ctx, view, theme, end, ellipse);
      drawnEllipse = ellipse;
      const wide = view.size().width >= 640;
      const meaning = 'Ellipse (J·Jᵀ): how far the end moves each way per unit of joint turns;';
      const flat = 'it flattens near full stretch, where DLS needs more steps';
      const numbers = `axes ${formatLength(ellipse.major)} and ${formatLength(ellipse.minor)} per radian · ratio ${ellipse.ratio.toFixed(3)}`;
      // Narrow canvases (a phone, an embed): the same words in short lines.
      const lines = wide ? [`${meaning} ${flat}`, numbers] : [
        'Ellipse (J·Jᵀ): how far the end moves each way', 'per unit of joint turns; it flattens near full',
        `stretch, where DLS needs more steps · ratio ${ellipse.ratio.toFixed(3)}`];
      const metrics = measurePanel(layout, lines, 0.88);
      const box = placeCornerBox(layout, 'manipulability', metrics.width, metrics.height,
        ['bottom-left', 'bottom-right', 'top-right', 'top-left']);
      box.text = lines.join('\n');
      over.push(() => drawPanel(ctx, box, lines.map((text) => ({ text, colour: theme.overlayBeta })), metrics, theme));
    }
    if (params.plot) {
      const box = placeConvergencePlot(layout);
      const moving = ui.active === 'target' || ui.active === 'root' || (params.moving && !stepMode);
      const data = convergence.forFrame(lengths, params, root, target, moving);
      over.push(() => drawConvergencePlot(layout, theme, data, box));
    }
    /** @type {Array<[PlacedLabel, string]>} */
    const labels = [];
    if (made) labels.push(...drawStepShapes(ctx, view, theme, made, stepper.before(), target, layout));

    return () => {
      if (params.overlay && lengths.length <= 12) {
        // Joint numbers, as the step captions name them (0 is the root).
        for (let joint = 0; joint < lengths.length; joint += 1) {
          const at = view.worldToCanvas({ x: positions[2 * joint], y: positions[2 * joint + 1] });
          const next = view.worldToCanvas({ x: positions[2 * joint + 2], y: positions[2 * joint + 3] });
          const along = Math.atan2(next.y - at.y, next.x - at.x);
          labels.push([placeLabel(layout, `joint-${joint}`, String(joint), at, along + Math.PI * 0.75, layout.fontSize * 0.5), theme.overlayInk]);
        }
      }
      for (const [label, colour] of labels) drawPlacedLabel(layout, label, colour, theme);
      for (const drawOver of over) drawOver();
      drawnLabels = layout.placed.map((label) => ({ ...label }));
    };
  }

  return {
    /** True while the chain is stepped by hand. */
    isStepping: () => stepMode,

    sync,

    step,

    run,

    /**
     * What the teaching layer adds to getState(): `stepping` (in step-through), `convergence`
     * (with `plot`), `overlay` (the labels last drawn).
     * @param {{params: ChainParams, target: Point, root: Point} | null} settings Null when
     *   getState() is called without settings.
     * @param {number[]} lengths
     * @returns {Record<string, unknown>}
     */
    state(settings, lengths) {
      /** @type {Record<string, unknown>} */
      const state = {};
      if (stepMode) state.stepping = steppingState();
      if (settings?.params.plot) {
        state.convergence = convergence.current(lengths, settings.params, settings.root, settings.target);
      }
      if (drawnLabels) state.overlay = { labels: drawnLabels };
      if (drawnLabels && drawnEllipse) state.overlay = { labels: drawnLabels, manipulability: { ...drawnEllipse } };
      return state;
    },

    /**
     * How to replay the step-through to where it is (for links): the pose its solve began from
     * and the steps made since; null when not stepping, before the first step, or when the
     * settings changed since (the next step begins a new solve from the pose as it is).
     * @param {ChainParams} params @param {Point} target @param {Point} root
     * @returns {{startAngles: number[], count: number} | null}
     */
    replay(params, target, root) {
      const last = stepper.current();
      if (!stepMode || !last || stepper.solveKey() !== solveKeyOf(params, target, root)) return null;
      return { startAngles: last.startAngles, count: last.count };
    },

    /** The `step` readout's text. */
    stepReadout: () => (stepMode ? steppingState().description : 'running'),

    drawUnder,

    /** Nothing was drawn this frame (getState() then reports no overlay). */
    clearDrawn() {
      drawnLabels = null;
      drawnEllipse = null;
    },

    dispose() {
      stepMode = false;
      stepper.reset();
      convergence.reset();
      drawnLabels = null;
      drawnEllipse = null;
    },
  };
}
