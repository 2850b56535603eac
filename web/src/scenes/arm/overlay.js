/**
 * The arm's math overlay: the law-of-cosines triangle (sides l1, l2 and d labelled), the interior
 * angles α (at the root, between root→target and bone 1) and β (at the joint, between the bones),
 * the base angle θ from +x to the target, the labelled reach annulus, and the formulas with the
 * current numbers substituted.
 *
 * Every number shown is the solver's: α, β and θ come from the `solveTwoBone` result (angle1,
 * angle2) and the settings, never from a second solve in JS:
 *   θ = atan2(target − root),  α = |angle1 − θ| (wrapped),  β = 180° − |angle2|,
 * and the formula lines show the law of cosines giving the same values:
 *   cos α = (l1² + d² − l2²) / (2·l1·d),  cos β = (l1² + l2² − d²) / (2·l1·l2),
 *   angle1 = θ + bend·α,  angle2 = −bend·(180° − β).
 * d is |end − root|: the target's distance when it is reached, less with soft reach.
 *
 * With a tool (offset x, y on bone 2) the triangle's second side is the joint→tool-tip line,
 * ℓ₂′ = |(ℓ₂ + x, y)|, at δ = atan2(y, ℓ₂ + x) from bone 2: both drawn and labelled, ℓ₂′ takes ℓ₂'s
 * place in the formulas, β is the angle between bone 1 and that line (β = 180° − |angle2 + δ|),
 * and angle2 = ∓(180° − β) − δ. With stretch, the straight arm is scaled by d / (ℓ₁ + ℓ₂′). While
 * the arm is blended (mix < 1) the triangle is the full-IK pose's (mix 1, drawn dotted) and a
 * line shows each drawn angle as pose + mix·wrapAngle(IK − pose).
 */

import { strokeLine, traceArc, traceCircle } from '../../draw/draw.js';
import { hasTool, resultFigure, toolSide } from './tool.js';
import { formatDegrees } from '../../model/format.js';
import {
  avoidPoint, createLayout, drawPanel, drawPlacedLabel, measurePanel, placeCornerBox, placeLabel,
} from '../overlay-layout.js';
import { wrapAngle } from '../shared.js';

/**
 * @typedef {import('../../model/settings.js').Point} Point
 * @typedef {import('../../draw/view.js').View} View
 * @typedef {import('../../draw/draw.js').Theme} Theme
 * @typedef {import('./scene.js').ArmParams} ArmParams
 * @typedef {import('./scene.js').TwoBoneResult} TwoBoneResult
 * @typedef {import('../overlay-layout.js').PlacedLabel} PlacedLabel
 * @typedef {import('../overlay-layout.js').Layout} Layout
 *
 * @typedef {Object} ArmOverlayNumbers The overlay's numbers (radians and world units).
 * @property {number} base θ: world angle from the root to the target.
 * @property {number} alpha α: interior angle at the root, between root→target and bone 1, 0..π.
 * @property {number} beta β: interior angle at the joint, between the bones, 0..π.
 * @property {number} d |target − root|.
 * @property {number} reached |end − root|: the triangle's third side (d, unless out of reach,
 *   too close or softened).
 * @property {number} inner |l1 − l2|, the reach annulus' inner radius.
 * @property {number} outer l1 + l2, its outer radius.
 * @property {number} second ℓ₂′ = |(l2 + offsetX, offsetY)|, the triangle's second side (l2 without a tool).
 * @property {number} delta δ = atan2(offsetY, l2 + offsetX): from bone 2 to the joint→tip line, radians.
 * @property {number} scale The IK result's stretch (1 unless stretched).
 *
 * @typedef {ArmOverlayNumbers & {labels: PlacedLabel[], formula: string[]}} ArmOverlayState
 *   What getState().overlay holds: the numbers, each label as drawn (text and box, CSS px) and
 *   the formula lines.
 */

/**
 * A length for the overlay: one decimal at most, a real minus sign ("142.1", "120").
 * @param {number} value
 */
function short(value) {
  const text = (Math.round(value * 10) / 10).toString();
  return text === '-0' ? '0' : text.replace('-', '\u2212');
}

/**
 * The overlay's numbers, from the solver's result and the settings.
 * @param {ArmParams} params
 * @param {Point} root
 * @param {Point} target
 * @param {TwoBoneResult} result
 * @returns {ArmOverlayNumbers}
 */
function armOverlayNumbers(params, root, target, result) {
  const base = Math.atan2(target.y - root.y, target.x - root.x);
  const second = toolSide(params);
  const delta = Math.atan2(params.offsetY, params.length2 + params.offsetX);
  return {
    base,
    alpha: Math.abs(wrapAngle(result.angle1 - base)),
    beta: Math.PI - Math.abs(wrapAngle(result.angle2 + delta)),
    d: Math.hypot(target.x - root.x, target.y - root.y),
    reached: Math.hypot(result.end.x - root.x, result.end.y - root.y),
    inner: Math.abs(params.length1 - second),
    outer: params.length1 + second,
    second,
    delta,
    scale: result.scale,
  };
}

/**
 * The formula lines, numbers substituted.
 * @param {ArmParams} params
 * @param {Point} root
 * @param {Point} target
 * @param {TwoBoneResult} result The full-IK result (mix 1): the triangle's.
 * @param {ArmOverlayNumbers} n
 * @param {boolean} wide There is room: also write each law of cosines with letters, one line per
 *   substitution; otherwise the numbers only, in short lines.
 * @param {TwoBoneResult} [shown] The arm as drawn, when blended (mix < 1).
 * @returns {string[]}
 */
function armFormula(params, root, target, result, n, wide, shown = result) {
  const tool = hasTool(params);
  const l1 = short(params.length1);
  // With a tool, the second side is the joint→tip line ℓ₂′.
  const l2 = short(tool ? n.second : params.length2);
  const side2 = tool ? 'ℓ₂′' : 'ℓ₂';
  const plus = params.bend > 0 ? '+' : '\u2212';
  const lines = [`θ = atan2(${short(target.y - root.y)}, ${short(target.x - root.x)}) = ${formatDegrees(n.base)}`];
  if (tool) {
    const sum = `${short(params.length2)} + ${short(params.offsetX)}`;
    if (wide) {
      lines.push(`ℓ₂′ = |(ℓ₂ + x, y)| = |(${sum}, ${short(params.offsetY)})| = ${l2}`);
      lines.push(`δ = atan2(y, ℓ₂ + x) = atan2(${short(params.offsetY)}, ${short(params.length2 + params.offsetX)}) = ${formatDegrees(n.delta)}`);
    } else {
      lines.push(`ℓ₂′ = |(${sum}, ${short(params.offsetY)})| = ${l2}, δ = ${formatDegrees(n.delta)}`);
    }
  }
  if (result.status === 'out_of_reach') {
    lines.push(`d = ${short(n.d)} > ℓ₁ + ${side2} = ${short(n.outer)}: out of reach`);
    if (n.scale > 1) lines.push(`stretch: scale = d / (ℓ₁ + ${side2}) = ${short(n.d)} / ${short(n.outer)} = ×${n.scale.toFixed(3)}`);
    lines.push(`straight: α = ${formatDegrees(n.alpha)}, β = ${formatDegrees(n.beta)}`);
  } else if (result.status === 'too_close') {
    lines.push(`d = ${short(n.d)} < |ℓ₁ − ${side2}| = ${short(n.inner)}: too close`);
    lines.push(`folded: α = ${formatDegrees(n.alpha)}, β = ${formatDegrees(n.beta)}`);
  } else {
    const d = short(n.reached);
    if (Math.abs(n.reached - n.d) > 0.05) lines.push(`d = ${short(n.d)}, softened to ${d}`);
    else if (wide) lines.push(`d = |target − root| = ${d}`);
    const alpha = `(${l1}² + ${d}² − ${l2}²)`;
    const beta = `(${l1}² + ${l2}² − ${d}²)`;
    if (wide) {
      lines.push(`cos α = (ℓ₁² + d² − ${side2}²) / (2·ℓ₁·d)`);
      lines.push(`      = ${alpha} / (2·${l1}·${d}) → α = ${formatDegrees(n.alpha)}`);
      lines.push(`cos β = (ℓ₁² + ${side2}² − d²) / (2·ℓ₁·${side2})`);
      lines.push(`      = ${beta} / (2·${l1}·${l2}) → β = ${formatDegrees(n.beta)}`);
    } else {
      // Narrow canvases (embeds): the numbers only, each division over two short lines.
      lines.push(`cos α = ${alpha}`, `      / (2·${l1}·${d}) → α = ${formatDegrees(n.alpha)}`);
      lines.push(`cos β = ${beta}`, `      / (2·${l1}·${l2}) → β = ${formatDegrees(n.beta)}`);
    }
  }
  const bendWord = params.bend > 0 ? '\u2212' : '';
  const angle1 = `angle1 = θ ${plus} α = ${formatDegrees(result.angle1)}`;
  const angle2 = `angle2 = ${bendWord}(180° − β)${tool ? ' − δ' : ''} = ${formatDegrees(result.angle2)}`;
  if (wide) lines.push(`${angle1},  ${angle2}`);
  else lines.push(angle1, angle2);
  if (shown !== result) {
    // Blended: each drawn angle is the pose's plus mix times the shorter way to the IK angle.
    const m = String(params.mix);
    lines.push(`mix ${m}: angle = pose + mix·wrapAngle(IK − pose)`);
    if (!wide) return lines;
    for (const [name, pose, ik, drawn] of /** @type {const} */ ([
      ['angle1', params.pose1, result.angle1, shown.angle1], ['angle2', params.pose2, result.angle2, shown.angle2]])) {
      const poseText = formatDegrees(pose * Math.PI / 180);
      lines.push(`${name} = ${poseText} + ${m}·wrapAngle(${formatDegrees(ik)} − ${poseText}) = ${formatDegrees(drawn)}`);
    }
  }
  return lines;
}

/**
 * Marks points every ~12 px along a segment as spots labels should not cover.
 * @param {Layout} layout
 * @param {Point} from World.
 * @param {Point} to World.
 * @param {number} radius CSS px.
 */
function avoidSegment(layout, from, to, radius) {
  const pixels = Math.hypot(to.x - from.x, to.y - from.y) * layout.view.scale();
  const count = Math.max(1, Math.ceil(pixels / 12));
  for (let i = 0; i <= count; i += 1) {
    const t = i / count;
    avoidPoint(layout, { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t }, radius);
  }
}

/**
 * Screen direction (radians, y down) of a world direction.
 * @param {number} worldAngle
 */
function screenAngle(worldAngle) {
  return -worldAngle;
}

/**
 * A world point at `radius` world units from `centre` in direction `angle`.
 * @param {Point} centre
 * @param {number} radius
 * @param {number} angle
 * @returns {Point}
 */
function polar(centre, radius, angle) {
  return { x: centre.x + radius * Math.cos(angle), y: centre.y + radius * Math.sin(angle) };
}

/**
 * Draws the overlay's lines and arcs (under the arm) and returns what it shows (for
 * getState().overlay) with `finish`, which draws its labels and formula (over the arm).
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {ArmParams} params
 * @param {Point} root
 * @param {Point} target
 * @param {TwoBoneResult} result The full-IK result (mix 1): the triangle drawn is its.
 * @param {TwoBoneResult} [shown] The arm as drawn (blended, when mix < 1).
 * @param {Point[]} [others] More points the labels and the card keep clear of (the pose ghost's).
 * @param {import('../overlay-layout.js').Box[]} [blocked] Canvas boxes nothing may be placed on (the
 *   joint-space panel).
 * @returns {{state: ArmOverlayState, finish: () => void}}
 */
export function drawArmOverlay(ctx, view, theme, params, root, target, result, shown = result, others = [], blocked = []) {
  const n = armOverlayNumbers(params, root, target, result);
  const formula = armFormula(params, root, target, result, n, view.size().width >= 640, shown);
  const { joint, end, angle1, angle2 } = result;
  const figure = resultFigure(params, root, result);
  const tool = hasTool(params);
  const scale = view.scale();
  const layout = createLayout(ctx, view, theme);
  layout.blocked.push(...blocked);
  for (const point of [root, joint, end, target, shown.joint, shown.end]) avoidPoint(layout, point, 12, 20);
  for (const point of others) avoidPoint(layout, point, 10, 20);
  if (shown !== result) avoidSegment(layout, shown.joint, shown.end, 6);
  avoidSegment(layout, root, joint, 6);
  avoidSegment(layout, joint, end, 6);
  avoidSegment(layout, root, target, 5);

  // The triangle root, joint, end: a light tint, and the d side dashed from the root to the target.
  const r = view.worldToCanvas(root);
  const j = view.worldToCanvas(joint);
  const e = view.worldToCanvas(end);
  const t = view.worldToCanvas(target);
  ctx.beginPath();
  ctx.moveTo(r.x, r.y);
  ctx.lineTo(j.x, j.y);
  ctx.lineTo(e.x, e.y);
  ctx.closePath();
  ctx.fillStyle = theme.overlayTint;
  ctx.fill();
  strokeLine(ctx, r, t, [8, 4], 1.5, theme.overlayInk);

  // θ: a dotted +x reference and a dotted arc from it to root→target, outside the α arc.
  const bone1Pixels = params.length1 * scale;
  const alphaRadius = Math.max(20, Math.min(44, bone1Pixels * 0.38)) / scale;
  const baseRadius = alphaRadius * 1.6;
  strokeLine(ctx, r, view.worldToCanvas(polar(root, baseRadius * 1.3, 0)), [2, 3], 1.5, theme.overlayBase);
  ctx.beginPath();
  traceArc(ctx, view, root, baseRadius, 0, n.base);
  ctx.setLineDash([5, 3]);
  ctx.lineWidth = 2;
  ctx.stroke();

  // α: solid arc at the root from root→target to bone 1.
  const alphaTurn = wrapAngle(angle1 - n.base);
  ctx.setLineDash([]);
  ctx.lineWidth = 2.5;
  ctx.strokeStyle = theme.overlayAlpha;
  ctx.beginPath();
  traceArc(ctx, view, root, alphaRadius, n.base, n.base + alphaTurn);
  ctx.stroke();

  // β: a double arc at the joint from joint→root to the second side (bone 2, or the tool line).
  const back = angle1 + Math.PI;
  const betaTurn = wrapAngle(angle1 + angle2 + n.delta - back);
  const betaRadius = Math.max(14, Math.min(26, params.length2 * scale * 0.3)) / scale;
  ctx.strokeStyle = theme.overlayBeta;
  ctx.lineWidth = 2;
  ctx.beginPath();
  traceArc(ctx, view, joint, betaRadius, back, back + betaTurn);
  traceArc(ctx, view, joint, betaRadius + 4 / scale, back, back + betaTurn);
  ctx.stroke();

  // With a tool: the second side ℓ₂′ (joint→tip, dashed) and δ, from bone 2 to it, at the joint.
  const deltaRadius = Math.max(30, Math.min(60, params.length2 * scale * 0.55)) / scale;
  if (tool) {
    strokeLine(ctx, j, e, [4, 3], 2, theme.overlayStep);
    ctx.setLineDash([]);
    ctx.beginPath();
    traceArc(ctx, view, joint, deltaRadius, angle1 + angle2, angle1 + angle2 + n.delta);
    ctx.lineWidth = 2.5;
    ctx.stroke();
    avoidSegment(layout, joint, figure.hand, 6);
  }

  // The reach annulus' radii, written on its circles away from the target.
  ctx.beginPath();
  traceCircle(ctx, view, root, n.outer);
  if (n.inner > 0) traceCircle(ctx, view, root, n.inner);
  ctx.setLineDash([6, 5]);
  ctx.lineWidth = 1.25;
  ctx.strokeStyle = theme.reach;
  ctx.stroke();
  ctx.setLineDash([]);

  const panelLines = formula;
  const metrics = measurePanel(layout, panelLines, 0.9);
  const formulaBox = placeCornerBox(layout, 'formula', metrics.width, metrics.height,
    ['bottom-left', 'top-left', 'bottom-right', 'top-right']);

  const gap = layout.fontSize * 0.5;
  /** @type {Array<[string, string, Point, number, string]>} id, text, anchor (canvas), direction, colour */
  const wanted = [];
  const alphaMid = n.base + alphaTurn / 2;
  wanted.push(['alpha', `α = ${formatDegrees(n.alpha)}`, view.worldToCanvas(polar(root, alphaRadius, alphaMid)),
    screenAngle(alphaMid), theme.overlayAlpha]);
  const betaMid = back + betaTurn / 2;
  wanted.push(['beta', `β = ${formatDegrees(n.beta)}`, view.worldToCanvas(polar(joint, betaRadius + 4 / scale, betaMid)),
    screenAngle(betaMid), theme.overlayBeta]);
  /** Perpendicular to a→b on screen, on the side away from `away`. */
  const side = (/** @type {Point} */ a, /** @type {Point} */ b, /** @type {Point} */ away) => {
    const normal = Math.atan2(b.y - a.y, b.x - a.x) + Math.PI / 2;
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    const facing = Math.cos(normal) * (away.x - mid.x) + Math.sin(normal) * (away.y - mid.y);
    return { mid, angle: facing > 0 ? normal + Math.PI : normal };
  };
  const s1 = side(r, j, e);
  wanted.push(['length1', `ℓ₁ = ${short(params.length1)}`, s1.mid, s1.angle, theme.overlayInk]);
  const s2 = side(j, e, r);
  if (tool) {
    wanted.push(['second', `ℓ₂′ = ${short(n.second)}`, s2.mid, s2.angle, theme.overlayStep]);
    const deltaMid = angle1 + angle2 + n.delta / 2;
    wanted.push(['delta', `δ = ${formatDegrees(n.delta)}`, view.worldToCanvas(polar(joint, deltaRadius, deltaMid)),
      screenAngle(deltaMid), theme.overlayStep]);
    const hand = view.worldToCanvas(figure.hand);
    const sb = side(j, hand, e);
    wanted.push(['length2', `ℓ₂ = ${short(params.length2)}`, sb.mid, sb.angle, theme.overlayInk]);
  } else {
    wanted.push(['length2', `ℓ₂ = ${short(params.length2)}`, s2.mid, s2.angle, theme.overlayInk]);
  }
  const sd = side(r, t, j);
  wanted.push(['d', `d = ${short(n.d)}`, sd.mid, sd.angle, theme.overlayInk]);
  const baseMid = n.base / 2;
  wanted.push(['base', `θ = ${formatDegrees(n.base)}`, view.worldToCanvas(polar(root, baseRadius, baseMid)),
    screenAngle(baseMid), theme.overlayBase]);
  // The annulus labels sit on their circles opposite the target.
  const away = n.base + Math.PI;
  const side2 = tool ? 'ℓ₂′' : 'ℓ₂';
  wanted.push(['outer', `ℓ₁ + ${side2} = ${short(n.outer)}`, view.worldToCanvas(polar(root, n.outer, away)),
    screenAngle(away), theme.overlayInk]);
  if (n.inner > 0) {
    wanted.push(['inner', `|ℓ₁ − ${side2}| = ${short(n.inner)}`, view.worldToCanvas(polar(root, n.inner, away - 0.6)),
      screenAngle(away - 0.6), theme.overlayInk]);
  }
  /** @type {Array<[PlacedLabel, string]>} */
  const drawn = wanted.map(([id, text, anchor, direction, colour]) => [
    placeLabel(layout, id, text, anchor, direction, gap), colour]);
  formulaBox.text = panelLines.join('\n');
  return {
    state: { ...n, labels: layout.placed.map((label) => ({ ...label })), formula },
    finish() {
      for (const [label, colour] of drawn) drawPlacedLabel(layout, label, colour, theme);
      drawPanel(ctx, formulaBox, panelLines.map((text) => ({ text })), metrics, theme);
    },
  };
}
