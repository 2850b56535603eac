/**
 * The chain's step-through: one CCD joint update, one FABRIK half-pass or one DLS step (every
 * joint at once: Δθ = Jᵀ(J·Jᵀ + λ²I)⁻¹·e) at a time, taken from the
 * C++ solver itself (`chain.beginSolve()` then `chain.step()`: the very steps `solve()` makes, so
 * stepping to the end leaves the pose an unpaused solve would). Nothing here solves in JS.
 *
 * Contents: the stepper (state) · words for a step · drawing a step
 *
 * - The first step of a solve is 'begin' (nothing moves), then each press makes one step until
 *   `done`. A step after `done` for the same settings replays the solve from its starting pose.
 * - Settings that change (target, root, bones, method...) start a new solve at the next step,
 *   from the pose the chain has then.
 */

import { drawDot, sizeFor, strokeLine, traceArc } from '../../draw/draw.js';
import { formatDegrees, formatLength } from '../../model/format.js';
import { avoidPoint, drawPanel, drawPlacedLabel, measurePanel, placeCornerBox, placeLabel } from '../overlay-layout.js';
import { methodLabel, statusWords } from '../shared.js';

/**
 * @typedef {import('../../model/settings.js').Point} Point
 * @typedef {import('../../draw/view.js').View} View
 * @typedef {import('../../draw/draw.js').Theme} Theme
 * @typedef {import('../overlay-layout.js').Layout} Layout
 * @typedef {import('../../../../core/bindings/ik2d').Chain} Chain
 * @typedef {import('../../../../core/bindings/ik2d').ChainStep} ChainStep
 * @typedef {import('../../../../core/bindings/ik2d').ChainSolveOptions} ChainSolveOptions
 *
 * @typedef {Object} SteppingState What getState().stepping holds while the chain steps through.
 * @property {ChainStep['kind']} kind The last step made.
 * @property {number} iteration Its sweep, 1-based (0 for 'begin').
 * @property {number} joint 'ccd_joint': the joint that turned; -1 otherwise.
 * @property {number} turn 'ccd_joint': how far it turned, radians (after limits and maxStep).
 * @property {number} wanted 'ccd_joint': the turn that would put the end on the pivot→target line.
 * @property {Point} pivot 'ccd_joint': the joint's position.
 * @property {Point} endBefore 'ccd_joint': the end effector before the turn.
 * @property {number} error |end − target| after the step.
 * @property {boolean} sweepEnd The step finished a sweep.
 * @property {boolean} done The solve is over (`result` is what solve() returned).
 * @property {import('../../../../core/bindings/ik2d').ChainSolveResult} [result]
 * @property {string} [message] Kind 'invalid': why.
 * @property {number} count Steps made in this solve, 'begin' being 1.
 * @property {'ccd' | 'fabrik' | 'dls'} method
 * @property {number} [damping] DLS: λ as a share of the reach.
 * @property {number[]} [turns] 'dls_step': each joint's local angle change, radians (after limits
 *   and maxStep), root first.
 * @property {number} iterations Most sweeps this solve may use.
 * @property {number[]} startAngles Local angles the solve started from (to replay or check it).
 * @property {number[]} [backward] 'fabrik_backward' and 'fabrik_forward': the backward
 *   half-pass' points, x0, y0, ... (from the target back toward the root).
 * @property {string} description The step in words, as the canvas and the readouts show it.
 */

// The stepper ----------------------------------------------------------------------------------

/**
 * Creates a stepper. It remembers the solve in progress and what the last step did.
 */
export function createStepper() {
  /** @type {SteppingState | null} */
  let last = null;
  /** @type {number[]} Positions before the last step (drawn as a ghost). */
  let before = [];
  /** The settings (as JSON) the solve in progress was begun for. */
  let solveKey = '';

  return {
    /**
     * Makes one step of the solve toward `target`, beginning one when there is none for these
     * settings (or replaying the finished one).
     * @param {Chain} chain
     * @param {Point} target
     * @param {import('./scene.js').SceneSolveOptions} options
     * @param {string} key The settings the solve is for.
     * @returns {SteppingState}
     */
    step(chain, target, options, key) {
      before = Array.from(chain.positions());
      /** @type {ChainStep} */
      let made;
      let startAngles = last?.startAngles ?? [];
      let count = last?.count ?? 0;
      if (key === solveKey && last && chain.stepping) {
        made = chain.step();
      } else {
        if (key === solveKey && last && last.done) {
          chain.setAngles(last.startAngles); // Replay the finished solve from where it began.
          before = Array.from(chain.positions());
        }
        startAngles = Array.from(chain.angles());
        made = chain.beginSolve(target, options);
        count = 0;
        solveKey = key;
      }
      /** @type {SteppingState} */
      const state = {
        kind: made.kind,
        iteration: made.iteration,
        joint: made.joint,
        turn: made.turn,
        wanted: made.wanted,
        pivot: { x: made.pivot.x, y: made.pivot.y },
        endBefore: { x: made.endBefore.x, y: made.endBefore.y },
        error: made.error,
        sweepEnd: made.sweepEnd,
        done: made.done,
        count: count + 1,
        method: /** @type {'ccd' | 'fabrik' | 'dls'} */ (options.method),
        iterations: options.iterations,
        startAngles,
        description: '',
      };
      if (made.result) {
        const { status, iterations, error, message } = made.result;
        state.result = message ? { status, iterations, error, message } : { status, iterations, error };
      }
      if (made.message) state.message = made.message;
      if (options.method === 'dls') state.damping = options.damping;
      if (made.kind === 'dls_step') state.turns = Array.from(chain.stepTurns());
      if (made.kind === 'fabrik_backward') state.backward = Array.from(chain.backwardPositions());
      else if (made.kind === 'fabrik_forward' && last?.backward) state.backward = last.backward;
      state.description = describeStep(state);
      last = state;
      return state;
    },
    /** The last step, or null before the first. @returns {SteppingState | null} */
    current: () => last,
    /** The settings (as JSON) the solve in progress was begun for ('' before the first step). */
    solveKey: () => solveKey,
    /** Positions before the last step. */
    before: () => before,
    /** Forgets everything (leaving step-through). */
    reset() {
      last = null;
      before = [];
      solveKey = '';
    },
  };
}

// Words for a step -------------------------------------------------------------------------------

/**
 * One line saying what a step did.
 * @param {SteppingState} s
 * @returns {string}
 */
function describeStep(s) {
  let what;
  switch (s.kind) {
    case 'begin': what = `start: error ${formatLength(s.error)}`; break;
    case 'stretch': what = 'out of reach: every bone points at the target'; break;
    case 'unbend': what = 'on a line through the target: bent off it'; break;
    case 'ccd_joint': {
      const clamped = Math.abs(s.wanted - s.turn) > 1e-9;
      what = `joint ${s.joint} turned ${formatDegrees(s.turn)}${clamped ? ` (wanted ${formatDegrees(s.wanted)})` : ''}`;
      break;
    }
    case 'fabrik_backward': what = 'backward half-pass, from the target'; break;
    case 'fabrik_forward': what = 'forward half-pass, from the root'; break;
    case 'dls_step': what = `every joint turned at once, up to ${formatDegrees(s.turn)}`; break;
    default: what = `invalid: ${s.message ?? 'bad input'}`;
  }
  if (s.done && s.result && s.kind !== 'invalid') {
    what += ` · done: ${statusWords(s.result.status)}, ${s.result.iterations} sweep${s.result.iterations === 1 ? '' : 's'}`;
  }
  return what;
}

// Drawing a step ---------------------------------------------------------------------------------

/**
 * A chain's points as a thin dashed polyline with hollow joints (a ghost pose).
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {ArrayLike<number>} points x0, y0, ...
 * @param {string} colour
 * @param {number[]} dash
 * @param {'circle' | 'square'} marker
 */
function drawGhost(ctx, view, points, colour, dash, marker) {
  ctx.beginPath();
  for (let i = 0; i < points.length; i += 2) {
    const p = view.worldToCanvas({ x: points[i], y: points[i + 1] });
    if (i === 0) ctx.moveTo(p.x, p.y);
    else ctx.lineTo(p.x, p.y);
  }
  ctx.setLineDash(dash);
  ctx.lineWidth = 2;
  ctx.strokeStyle = colour;
  ctx.stroke();
  ctx.setLineDash([]);
  const size = sizeFor(view, 3.5, 3, 4.5);
  for (let i = 0; i < points.length; i += 2) {
    const p = view.worldToCanvas({ x: points[i], y: points[i + 1] });
    ctx.beginPath();
    if (marker === 'square') ctx.rect(p.x - size, p.y - size, 2 * size, 2 * size);
    else ctx.arc(p.x, p.y, size, 0, Math.PI * 2);
    ctx.lineWidth = 1.5;
    ctx.stroke();
  }
}

/**
 * Draws what the last step did, under the chain: the pose before it (a ghost), and for a CCD
 * joint update the vectors from the joint to the end and to the target and the angle it turned;
 * for FABRIK the backward half-pass' points.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {SteppingState} s
 * @param {number[]} before Positions before the step.
 * @param {Point} target
 * @param {Layout} layout Labels are placed here (drawn by the caller, over the chain).
 * @returns {Array<[import('../overlay-layout.js').PlacedLabel, string]>} Labels and colours.
 */
export function drawStepShapes(ctx, view, theme, s, before, target, layout) {
  /** @type {Array<[import('../overlay-layout.js').PlacedLabel, string]>} */
  const labels = [];
  const gap = layout.fontSize * 0.5;
  if (s.kind !== 'begin' && s.kind !== 'fabrik_backward' && before.length) {
    drawGhost(ctx, view, before, theme.label, [3, 4], 'circle');
  }
  if (s.backward && (s.kind === 'fabrik_backward' || s.kind === 'fabrik_forward')) {
    const colour = theme.plotFabrik;
    drawGhost(ctx, view, s.backward, colour, s.kind === 'fabrik_backward' ? [] : [6, 4], 'square');
    const first = view.worldToCanvas({ x: s.backward[0], y: s.backward[1] });
    for (let i = 0; i < s.backward.length; i += 2) avoidPoint(layout, { x: s.backward[i], y: s.backward[i + 1] }, 6);
    const text = s.kind === 'fabrik_backward' ? 'backward pass' : 'after the backward pass';
    labels.push([placeLabel(layout, 'backward', text, first, Math.PI / 2, gap), colour]);
  }
  if (s.kind === 'dls_step' && s.turns) {
    labels.push(...drawJointTurns(ctx, view, theme, s.turns, before, layout));
    return labels;
  }
  if (s.kind !== 'ccd_joint') return labels;

  const pivot = view.worldToCanvas(s.pivot);
  const end = view.worldToCanvas(s.endBefore);
  const goal = view.worldToCanvas(target);
  avoidPoint(layout, s.pivot, 12);
  avoidPoint(layout, s.endBefore, 8);
  // To the end (dashed) and to the target (solid), from the joint.
  strokeLine(ctx, pivot, end, [6, 4], 2, theme.overlayInk);
  strokeLine(ctx, pivot, goal, [], 2, theme.overlayBase);
  drawDot(ctx, view, s.endBefore, sizeFor(view, 3.5, 3, 5), theme.background, theme.overlayInk, 1.5);
  // The turn made (solid) and, when a limit or maxStep cut it short, the turn wanted (dotted).
  const from = Math.atan2(s.endBefore.y - s.pivot.y, s.endBefore.x - s.pivot.x);
  const reach = Math.min(Math.hypot(s.endBefore.x - s.pivot.x, s.endBefore.y - s.pivot.y),
    Math.hypot(target.x - s.pivot.x, target.y - s.pivot.y));
  const radius = Math.max(16 / view.scale(), Math.min(reach * 0.45, 70 / view.scale()));
  ctx.strokeStyle = theme.overlayStep;
  if (Math.abs(s.wanted - s.turn) > 1e-9) {
    ctx.setLineDash([2, 3]);
    ctx.lineWidth = 2;
    ctx.beginPath();
    traceArc(ctx, view, s.pivot, radius * 1.15, from, from + s.wanted);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  ctx.lineWidth = 3;
  ctx.beginPath();
  traceArc(ctx, view, s.pivot, radius, from, from + s.turn);
  ctx.stroke();
  // The joint: a thick ring.
  ctx.beginPath();
  ctx.arc(pivot.x, pivot.y, sizeFor(view, 9, 8, 12), 0, Math.PI * 2);
  ctx.lineWidth = 3;
  ctx.stroke();

  const mid = from + s.turn / 2;
  const arcMid = view.worldToCanvas({ x: s.pivot.x + radius * Math.cos(mid), y: s.pivot.y + radius * Math.sin(mid) });
  labels.push([placeLabel(layout, 'turn', `turn ${formatDegrees(s.turn)}`, arcMid, -mid, gap), theme.overlayStep]);
  labels.push([placeLabel(layout, 'joint', `joint ${s.joint}`, pivot, Math.PI / 2 + Math.PI / 4, gap * 2), theme.overlayStep]);
  const endMid = { x: (pivot.x + end.x) / 2, y: (pivot.y + end.y) / 2 };
  labels.push([placeLabel(layout, 'to-end', 'to end', endMid, Math.atan2(end.y - pivot.y, end.x - pivot.x) + Math.PI / 2, gap), theme.overlayInk]);
  const goalMid = { x: (pivot.x + goal.x) / 2, y: (pivot.y + goal.y) / 2 };
  labels.push([placeLabel(layout, 'to-target', 'to target', goalMid, Math.atan2(goal.y - pivot.y, goal.x - pivot.x) - Math.PI / 2, gap), theme.overlayBase]);
  return labels;
}

/**
 * The caption: method, sweep, the step in words, and the keys, in a corner panel.
 * @param {Layout} layout
 * @param {SteppingState} s
 * @returns {{box: import('../overlay-layout.js').PlacedLabel, lines: string[], draw: (theme: Theme) => void}}
 */
export function placeStepCaption(layout, s) {
  const method = methodLabel(s.method);
  const sweep = s.kind === 'begin' ? 'before sweep 1' : `sweep ${s.iteration} of ${s.iterations}`;
  const wide = layout.view.size().width >= 640;
  const lines = [
    `${wide ? 'Step-through · ' : ''}${method} · ${sweep} · step ${s.count}`,
    s.description,
    `error ${formatLength(s.error)} · S: next${wide ? ' step' : ''} · Esc: run`,
  ];
  if (s.method === 'dls') {
    // The Jacobian step, in words: what each joint's turn comes from.
    const lambda = `λ = ${s.damping ?? 0}·reach`;
    lines.splice(2, 0, wide
      ? `Δθ = Jᵀ(J·Jᵀ + λ²I)⁻¹·e, ${lambda}: e = target − end, J = ∂end/∂θ`
      : `Δθ = Jᵀ(JJᵀ + λ²I)⁻¹e, ${lambda}`);
    if (wide) lines.splice(3, 0, 'column i of J: joint i → end, turned 90°');
  }
  const metrics = measurePanel(layout, lines, 0.92);
  const box = placeCornerBox(layout, 'caption', metrics.width, metrics.height, ['top-left', 'top-right', 'bottom-left', 'bottom-right']);
  box.text = lines.join('\n');
  return {
    box,
    lines,
    draw(theme) {
      drawPanel(layout.ctx, box, lines.map((text, i) => ({ text, colour: i === 1 ? theme.overlayStep : undefined })), metrics, theme);
    },
  };
}

export { drawPlacedLabel };

/**
 * A DLS step: at each joint, an arrowed arc of the angle it turned, from its bone's direction
 * before the step, and the value beside it (for chains of up to 12 bones, turns of 0.05° and more).
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {number[]} turns Each joint's local angle change, radians.
 * @param {number[]} before Positions before the step.
 * @param {Layout} layout
 * @returns {Array<[import('../overlay-layout.js').PlacedLabel, string]>}
 */
function drawJointTurns(ctx, view, theme, turns, before, layout) {
  /** @type {Array<[import('../overlay-layout.js').PlacedLabel, string]>} */
  const labels = [];
  const gap = layout.fontSize * 0.4;
  const shown = turns.length <= 12;
  ctx.strokeStyle = theme.overlayStep;
  ctx.fillStyle = theme.overlayStep;
  ctx.lineWidth = 2.5;
  ctx.setLineDash([]);
  for (let i = 0; i < turns.length && 2 * i + 3 < before.length; i += 1) {
    const turn = turns[i];
    if (Math.abs(turn) < 1e-4) continue;
    const pivot = { x: before[2 * i], y: before[2 * i + 1] };
    const next = { x: before[2 * i + 2], y: before[2 * i + 3] };
    const bone = Math.hypot(next.x - pivot.x, next.y - pivot.y);
    const from = Math.atan2(next.y - pivot.y, next.x - pivot.x);
    const radius = Math.max(12 / view.scale(), Math.min(bone * 0.45, 34 / view.scale()));
    ctx.beginPath();
    traceArc(ctx, view, pivot, radius, from, from + turn);
    ctx.stroke();
    // An arrowhead at the arc's end, pointing along the turn (screen y is down: world angles flip).
    const tip = view.worldToCanvas({ x: pivot.x + radius * Math.cos(from + turn), y: pivot.y + radius * Math.sin(from + turn) });
    const heading = -(from + turn) - Math.sign(turn) * Math.PI / 2;
    const head = 7;
    ctx.beginPath();
    ctx.moveTo(tip.x + head * Math.cos(heading), tip.y + head * Math.sin(heading));
    ctx.lineTo(tip.x + head * 0.8 * Math.cos(heading + 2.4), tip.y + head * 0.8 * Math.sin(heading + 2.4));
    ctx.lineTo(tip.x + head * 0.8 * Math.cos(heading - 2.4), tip.y + head * 0.8 * Math.sin(heading - 2.4));
    ctx.closePath();
    ctx.fill();
    if (!shown || Math.abs(turn) < 0.05 * Math.PI / 180) continue;
    const mid = from + turn / 2;
    const anchor = view.worldToCanvas({ x: pivot.x + radius * Math.cos(mid), y: pivot.y + radius * Math.sin(mid) });
    const sign = turn > 0 ? '+' : '';
    labels.push([placeLabel(layout, `turn-${i}`, `${sign}${formatDegrees(turn)}`, anchor, -mid, gap), theme.overlayStep]);
  }
  return labels;
}
