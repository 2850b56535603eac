/**
 * Drawing the puppet: the stick figure (bones, head, joints, the pelvis, the hair and the tail),
 * the pins it is pulled toward with the angle knob beside each, and the teaching overlay of FABRIK's
 * sub-base steps (where the last backward pass put each joint, and the centroid at the chest where
 * the head and arms meet) with each pin's weight and angle goal.
 */

import {
  drawBone, drawDot, drawLabel, drawMissLine, drawTargetHandle, fillAndEdge, sizeFor, traceCircle,
} from '../../draw/draw.js';
import { formatLength } from '../../model/format.js';
import { drawRoot } from '../chain/draw.js';
import { BONE, PUPPET_ALL_BONES, PUPPET_BONES } from './rig.js';

/**
 * @typedef {import('../../model/settings.js').Point} Point
 * @typedef {import('../../draw/view.js').View} View
 * @typedef {import('../../draw/draw.js').Theme} Theme
 * @typedef {import('../index.js').DrawUi} DrawUi
 *
 * @typedef {Object} DrawnPin One handle and what its bone's end did.
 * @property {string} name Point name (head, leftHand...).
 * @property {string} label Words for it.
 * @property {Point} target Where it is pinned.
 * @property {Point} end Where its bone's end is.
 * @property {boolean} missed The end is farther than the tolerance from the pin.
 * @property {number} error How far, world units.
 *
 * @typedef {Object} DrawnKnob A pin's angle knob.
 * @property {string} name Its handle name (rightHandAngle...).
 * @property {Point} pin The pin it turns around.
 * @property {number} x Where it is, world units.
 * @property {number} y
 * @property {boolean} held The pin holds an angle (else the knob shows the bone's direction).
 *
 * @typedef {Object} DrawnGoal What the overlay says about one pin.
 * @property {Point} end Its bone's end.
 * @property {Point} pin The pin.
 * @property {number} weight 0 to 1.
 * @property {number | null} goal The world angle its bone is to point at, radians; null: free.
 */

/**
 * Position `index` (0 the root, i + 1 the end of bone i) of a positions array.
 * @param {ArrayLike<number>} positions
 * @param {number} index
 * @returns {Point}
 */
export function pointAt(positions, index) {
  return { x: positions[2 * index], y: positions[2 * index + 1] };
}

/** Bones drawn thicker (the trunk) and the limbs in the second bone colour. */
/** @type {Set<number>} */
const TRUNK = new Set([BONE.spine, BONE.chest, BONE.neck]);

/**
 * The figure: every bone from its parent's end, the head as a circle around its bone, the joints,
 * and the pelvis (the root) as a square like the other scenes' roots.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {ArrayLike<number>} positions
 * @param {DrawUi} ui
 */
export function drawFigure(ctx, view, theme, positions, ui) {
  const width = sizeFor(view, 6, 4, 10);
  const strand = sizeFor(view, 3, 2.5, 6);
  // The tail behind the legs, the hair over the head: thinner strokes, tapering.
  const drawStrands = (/** @type {string} */ name) => PUPPET_ALL_BONES.forEach((bone, i) => {
    if (i < PUPPET_BONES.length || /** @type {{name?: string}} */ (bone).name !== name) return;
    const from = pointAt(positions, bone.parent + 1);
    const to = pointAt(positions, i + 1);
    const first = bone.parent < PUPPET_BONES.length;
    drawBone(ctx, view, from, to, first ? strand * 1.4 : strand, theme.bone2, theme.boneEdge);
  });
  drawStrands('tail');
  PUPPET_BONES.forEach((bone, i) => {
    if (i === BONE.head) return;
    const from = pointAt(positions, bone.parent + 1);
    const to = pointAt(positions, i + 1);
    const trunk = TRUNK.has(i);
    drawBone(ctx, view, from, to, trunk ? width * 1.3 : width, trunk ? theme.bone : theme.bone2, theme.boneEdge);
  });
  // The head: a circle through the neck's end and the head bone's end.
  const neck = pointAt(positions, BONE.neck + 1);
  const top = pointAt(positions, BONE.head + 1);
  ctx.beginPath();
  traceCircle(ctx, view, { x: (neck.x + top.x) / 2, y: (neck.y + top.y) / 2 }, PUPPET_BONES[BONE.head].length / 2);
  fillAndEdge(ctx, theme.bone, 2, theme.boneEdge);
  drawStrands('hair');
  ui.drawArt?.();
  const joint = sizeFor(view, 3, 2.5, 5);
  PUPPET_BONES.forEach((bone, i) => {
    if (i !== BONE.head) drawDot(ctx, view, pointAt(positions, i + 1), joint, theme.joint, theme.boneEdge, 1.5);
  });
  drawRoot(ctx, view, theme, pointAt(positions, 0), false, ui.active === 'root' || ui.hover === 'root');
}

/**
 * Every pin: a dashed line from its bone's end when the end misses it, and the target handle
 * (dashed, with its name, when missed).
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {DrawnPin[]} pins
 * @param {DrawUi} ui
 */
export function drawPins(ctx, view, theme, pins, ui) {
  for (const pin of pins) {
    if (pin.missed) drawMissLine(ctx, view, theme, pin.end, pin.target, true);
  }
  for (const pin of pins) {
    drawTargetHandle(ctx, view, theme, pin.target, {
      highlight: ui.active === pin.name || ui.hover === pin.name,
      warning: pin.missed ? `${pin.label}: ${formatLength(pin.error)} off` : undefined,
      away: pin.end,
    });
  }
}

/**
 * The sub-base overlay: the last backward pass's points (hollow rings joined by dashed lines, one
 * per pulled bone) and, at the chest where three branches meet, the centroid they were averaged
 * to, labelled.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {ArrayLike<number>} backward backwardPositions(), laid out like positions
 */
export function drawSubBaseSteps(ctx, view, theme, backward) {
  ctx.save();
  ctx.setLineDash([4, 4]);
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = theme.overlayStep;
  ctx.beginPath();
  PUPPET_BONES.forEach((bone, i) => {
    const a = view.worldToCanvas(pointAt(backward, bone.parent + 1));
    const b = view.worldToCanvas(pointAt(backward, i + 1));
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
  });
  ctx.stroke();
  ctx.setLineDash([]);
  const ring = sizeFor(view, 3, 3, 5);
  for (let i = 1; i <= PUPPET_BONES.length; i++) {
    const c = view.worldToCanvas(pointAt(backward, i));
    ctx.beginPath();
    ctx.arc(c.x, c.y, ring, 0, Math.PI * 2);
    ctx.stroke();
  }
  const subBase = pointAt(backward, BONE.chest + 1);
  const c = view.worldToCanvas(subBase);
  ctx.beginPath();
  ctx.rect(c.x - ring * 2, c.y - ring * 2, ring * 4, ring * 4);
  ctx.lineWidth = 2;
  ctx.strokeStyle = theme.overlayBase;
  ctx.stroke();
  ctx.restore();
  // Below the chest, away from the head and arms it summarises.
  const above = { x: subBase.x, y: subBase.y + 1 };
  drawLabel(ctx, view, subBase, 'sub-base: centroid of head and arms', theme.overlayBase, theme, ring * 2 + 4, above);
}

/**
 * The knob beside each pin: a short stem from the pin and a small dot, filled when the pin holds an
 * angle (the knob points where its bone is to point), hollow when free (it shows where the bone
 * points now).
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {DrawnKnob[]} knobs
 * @param {DrawUi} ui
 */
export function drawAimKnobs(ctx, view, theme, knobs, ui) {
  const radius = sizeFor(view, 3, 4, 7);
  for (const knob of knobs) {
    const lit = ui.active === knob.name || ui.hover === knob.name;
    const pin = view.worldToCanvas(knob.pin);
    const at = view.worldToCanvas(knob);
    ctx.save();
    ctx.lineWidth = lit ? 2.5 : 1.5;
    ctx.strokeStyle = knob.held ? theme.target : theme.soft;
    if (!knob.held) ctx.setLineDash([3, 3]);
    ctx.beginPath();
    ctx.moveTo(pin.x, pin.y);
    ctx.lineTo(at.x, at.y);
    ctx.stroke();
    ctx.restore();
    drawDot(ctx, view, knob, lit ? radius * 1.35 : radius, knob.held ? theme.target : theme.background,
      knob.held ? theme.boneEdge : theme.target, lit ? 2.5 : 2);
  }
}

/**
 * The overlay's word on each pin: a ring around the bone's end as thick as the pin's weight, the
 * weight written beside it, and the angle goal as a short ray from the bone's end (free pins: no ray).
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {DrawnGoal[]} goals
 */
export function drawPinGoals(ctx, view, theme, goals) {
  const ring = sizeFor(view, 6, 7, 12);
  const ray = sizeFor(view, 26, 22, 44);  // the goal ray, CSS px
  for (const goal of goals) {
    const c = view.worldToCanvas(goal.end);
    ctx.save();
    ctx.strokeStyle = theme.overlayBase;
    if (goal.weight > 0) {
      ctx.lineWidth = 1 + 4 * goal.weight;
      ctx.beginPath();
      ctx.arc(c.x, c.y, ring, 0, Math.PI * 2);
      ctx.stroke();
    }
    if (goal.goal !== null) {
      // y up in the world, down on the canvas.
      ctx.strokeStyle = theme.overlayStep;
      ctx.lineWidth = 2.5;
      ctx.beginPath();
      ctx.moveTo(c.x, c.y);
      ctx.lineTo(c.x + ray * Math.cos(goal.goal), c.y - ray * Math.sin(goal.goal));
      ctx.stroke();
    }
    ctx.restore();
    const shown = goal.goal === null ? 0 : Math.atan2(Math.sin(goal.goal), Math.cos(goal.goal));
    const degrees = goal.goal === null ? '' : ` · ${Math.round((shown * 180) / Math.PI)}°`;
    drawLabel(ctx, view, goal.end, `w ${formatWeight(goal.weight)}${degrees}`, theme.overlayBase, theme, ring + 4, goal.pin);
  }
}

/** A weight as the overlay writes it: "1", "0.5", "0.25". @param {number} weight */
function formatWeight(weight) {
  return String(Math.round(weight * 100) / 100);
}
