/**
 * The arm's tool and pose ghost: what `solveTwoBone`'s `offset`, `mix` and `pose` look like, and
 * the handles that set them. Nothing here solves: the live arm is the solver's result; the ghost is
 * the pose the settings give (forward kinematics, the pose an animation would hold).
 *
 * - The tool: a barrel fixed to bone 2, from the hand (bone 2's end) to its tip at
 *   `R(angle1 + angle2)·(length2 + offsetX, offsetY)` from the joint: x along bone 2 past the
 *   hand, y to its left. Its tip is the point the solver puts on the target (`result.end`).
 * - The ghost: the pose (the scene's `pose` state, here as `pose1`, `pose2` in degrees: bone 1's
 *   world angle, bone 2's angle from bone 1), drawn dashed and hollow at the bones' own lengths, with the tool. Shown while it matters:
 *   `mix` below 1 (the arm is blended from it) or a tool (its tip is edited on the ghost, where it
 *   holds still: on the live arm it sits on the target).
 * - Handles (derived, SceneDefinition.handles): the ghost's joint turns bone 1 of the pose, its
 *   hand turns bone 2, the ghost tool's tip sets the offset in bone 2's frame.
 */

import {
  beginPart, drawDot, drawHalo, drawHaloText, endPart, sizeFor,
} from '../../draw/draw.js';
import { quantize } from '../../model/settings.js';
import { wrapAngle } from '../shared.js';

/**
 * @typedef {import('../../model/settings.js').Point} Point
 * @typedef {import('../../draw/view.js').View} View
 * @typedef {import('../../draw/draw.js').Theme} Theme
 * @typedef {import('./scene.js').ArmParams} ArmParams
 * @typedef {import('./scene.js').TwoBoneResult} TwoBoneResult
 * @typedef {import('../index.js').DrawUi} DrawUi
 *
 * @typedef {Object} ArmFigure An arm's points, world units.
 * @property {Point} root
 * @property {Point} joint
 * @property {Point} hand Bone 2's end.
 * @property {Point} tip The tool's tip (the hand when there is no tool).
 * @property {number} angle Bone 2's world angle, radians.
 */

const RADIANS = Math.PI / 180;

/** The offset's range, world units (both axes): the sliders', links' and the tip handle's. */
export const OFFSET_LIMIT = 150;

/**
 * The derived handles, most important first (a tie goes to the first).
 * @type {import('../index.js').HandleSpec[]}
 */
export const ARM_HANDLES = [
  { name: 'tool', label: 'Tool tip' },
  { name: 'poseEnd', label: 'Pose hand' },
  { name: 'poseJoint', label: 'Pose joint' },
];

/**
 * A point at `length` from `from` in direction `angle`.
 * @param {Point} from @param {number} length @param {number} angle
 * @returns {Point}
 */
function polar(from, length, angle) {
  return { x: from.x + length * Math.cos(angle), y: from.y + length * Math.sin(angle) };
}

/**
 * The second side of the arm's triangle: the tool tip's distance from the joint, |(l2 + x, y)|
 * (length2 without a tool). The solver's zones use it in place of length2.
 * @param {ArmParams} params
 */
export function toolSide(params) {
  return Math.hypot(params.length2 + params.offsetX, params.offsetY);
}

/** @param {ArmParams} params */
export function hasTool(params) {
  return params.offsetX !== 0 || params.offsetY !== 0;
}

/** The ghost is drawn (and its handles can be grabbed): mix below 1, or a tool to edit. @param {ArmParams} params */
export function ghostShown(params) {
  return params.mix < 1 || hasTool(params);
}

/**
 * The pose's figure (forward kinematics of pose1, pose2 at the bones' own lengths).
 * @param {any} ik The module (forward kinematics: figureAt).
 * @param {ArmParams} params
 * @param {Point} root
 * @returns {ArmFigure}
 */
export function poseFigure(ik, params, root) {
  return figureAt(ik, params, root, params.pose1 * RADIANS, params.pose2 * RADIANS);
}

/**
 * Forward kinematics, asked of the solver: the arm's figure for any pose. `solveTwoBone` with
 * `mix: 0` returns the pose it is given, with its joint and end (the tool's tip) placed by C++;
 * the hand (bone 2's own end) is the end of the same pose without the tool. The one place the
 * page places a pose (the ghost and the joint-space panel both use it).
 * @param {any} ik The module.
 * @param {ArmParams} params The lengths and the tool.
 * @param {Point} root
 * @param {number} angle1 Bone 1's world angle, radians.
 * @param {number} angle2 Bone 2's angle from bone 1, radians.
 * @param {number} [scale] What stretch scales the bones and the tool by (1: not stretched).
 * @returns {ArmFigure}
 */
export function figureAt(ik, params, root, angle1, angle2, scale = 1) {
  const pose = { root, target: root, length1: params.length1 * scale, length2: params.length2 * scale, mix: 0, pose: { angle1, angle2 } };
  const bare = /** @type {TwoBoneResult} */ (ik.solveTwoBone(pose));
  const tool = hasTool(params)
    ? /** @type {TwoBoneResult} */ (ik.solveTwoBone({ ...pose, offset: { x: params.offsetX * scale, y: params.offsetY * scale } }))
    : bare;
  return { root, joint: bare.joint, hand: bare.end, tip: tool.end, angle: angle1 + angle2 };
}

/**
 * The live arm's figure, from the solver's result (its scale stretches the bones and the tool).
 * @param {ArmParams} params
 * @param {Point} root
 * @param {TwoBoneResult} result
 * @returns {ArmFigure}
 */
export function resultFigure(params, root, result) {
  const scale = result.scale;
  const angle = result.angle1 + result.angle2;
  return { root, joint: result.joint, hand: polar(result.joint, params.length2 * scale, angle), tip: result.end, angle };
}

/**
 * Where the tool's tip is: `joint + R(angle)·scale·(length2 + offsetX, offsetY)`.
 * @param {Point} joint @param {number} angle Bone 2's world angle. @param {ArmParams} params @param {number} scale
 * @returns {Point}
 */
function toolTip(joint, angle, params, scale) {
  const along = (params.length2 + params.offsetX) * scale;
  const left = params.offsetY * scale;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return { x: joint.x + along * cos - left * sin, y: joint.y + along * sin + left * cos };
}

/**
 * Where a derived handle is, or null when it is not shown.
 * @param {any} ik The module (forward kinematics: figureAt).
 * @param {string} name
 * @param {ArmParams} params
 * @param {Point} root
 * @returns {Point | null}
 */
export function armHandleAt(ik, name, params, root) {
  if (!ghostShown(params)) return null;
  const ghost = poseFigure(ik, params, root);
  if (name === 'poseJoint') return ghost.joint;
  if (name === 'poseEnd') return ghost.hand;
  if (name === 'tool') return hasTool(params) ? ghost.tip : null;
  return null;
}

/**
 * What a derived handle dragged to `world` sets: the ghost's joint turns bone 1 of the pose about
 * the root, its hand turns bone 2 about the ghost's joint (the `pose` state, radians), the tool's
 * tip moves in bone 2's frame of the pose (params, kept within OFFSET_LIMIT).
 * @param {any} ik The module (forward kinematics: figureAt).
 * @param {string} name
 * @param {Point} world
 * @param {ArmParams} params
 * @param {Point} root
 * @returns {Record<string, unknown>} A partial state.
 */
export function armDragHandle(ik, name, world, params, root) {
  const ghost = poseFigure(ik, params, root);
  if (name === 'poseJoint') {
    const angle = Math.atan2(world.y - root.y, world.x - root.x);
    return { pose: { angle1: angle, angle2: params.pose2 * RADIANS } };
  }
  if (name === 'poseEnd') {
    const angle = Math.atan2(world.y - ghost.joint.y, world.x - ghost.joint.x);
    return { pose: { angle1: params.pose1 * RADIANS, angle2: wrapAngle(angle - params.pose1 * RADIANS) } };
  }
  if (name === 'tool') {
    // The pointer in bone 2's frame (x along it, y to its left), measured from the hand.
    const dx = world.x - ghost.joint.x;
    const dy = world.y - ghost.joint.y;
    const cos = Math.cos(ghost.angle);
    const sin = Math.sin(ghost.angle);
    const clamp = (/** @type {number} */ v) => quantize(Math.max(-OFFSET_LIMIT, Math.min(OFFSET_LIMIT, v)));
    return { params: { offsetX: clamp(dx * cos + dy * sin - params.length2), offsetY: clamp(-dx * sin + dy * cos) } };
  }
  return {};
}

/**
 * The tool: a barrel from the hand to the tip with a muzzle ring, in the bones' edge colour.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {ArmFigure} figure
 * @param {{ghost?: boolean}} [style] The ghost's: dashed outline, not filled.
 */
export function drawTool(ctx, view, theme, { hand, tip }, { ghost = false } = {}) {
  const a = view.worldToCanvas(hand);
  const b = view.worldToCanvas(tip);
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  if (length < 0.5) return;
  const width = sizeFor(view, 5, 4, 8);
  const ux = (b.x - a.x) / length;
  const uy = (b.y - a.y) / length;
  beginPart(ctx, ghost ? 'pose-tool' : 'tool');
  ctx.lineCap = 'butt';
  ctx.setLineDash(ghost ? [5, 4] : []);
  ctx.beginPath();
  ctx.moveTo(a.x, a.y);
  ctx.lineTo(b.x, b.y);
  ctx.strokeStyle = ghost ? theme.label : theme.boneEdge;
  ctx.lineWidth = ghost ? 2 : width;
  ctx.stroke();
  // The muzzle: a short bar across the tip.
  const half = width * (ghost ? 0.9 : 1.1);
  ctx.setLineDash([]);
  ctx.beginPath();
  ctx.moveTo(b.x - uy * half - ux * 2, b.y + ux * half - uy * 2);
  ctx.lineTo(b.x + uy * half - ux * 2, b.y - ux * half - uy * 2);
  ctx.lineWidth = ghost ? 2 : 3;
  ctx.stroke();
  ctx.lineCap = 'round';
  endPart(ctx);
}

/**
 * The ghost: the pose, dashed and hollow, with its tool and the handles that set it (rings; a
 * halo on the one hovered, dragged or picked for the arrow keys), and a "pose" label.
 * @param {any} ik The module (forward kinematics: figureAt).
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {ArmParams} params
 * @param {Point} root
 * @param {DrawUi} ui
 */
export function drawGhost(ik, ctx, view, theme, params, root, ui) {
  const ghost = poseFigure(ik, params, root);
  const r = view.worldToCanvas(ghost.root);
  const j = view.worldToCanvas(ghost.joint);
  const h = view.worldToCanvas(ghost.hand);
  beginPart(ctx, 'pose');
  ctx.beginPath();
  ctx.moveTo(r.x, r.y);
  ctx.lineTo(j.x, j.y);
  ctx.lineTo(h.x, h.y);
  ctx.setLineDash([7, 5]);
  ctx.lineWidth = sizeFor(view, 4, 3, 6);
  ctx.strokeStyle = theme.label;
  ctx.stroke();
  ctx.setLineDash([]);
  endPart(ctx);
  if (hasTool(params)) drawTool(ctx, view, theme, ghost, { ghost: true });
  const ring = sizeFor(view, 5, 5, 8);
  for (const spec of ARM_HANDLES) {
    const at = armHandleAt(ik, spec.name, params, root);
    if (!at) continue;
    const c = view.worldToCanvas(at);
    const colour = spec.name === 'tool' ? theme.end : theme.label;
    if (ui.active === spec.name || ui.hover === spec.name) drawHalo(ctx, c, ring + 9, colour);
    drawDot(ctx, view, at, spec.name === 'tool' ? ring : ring * 0.8, theme.background, colour, 2);
  }
  // "pose" beside the ghost's joint, on the side away from its bones.
  const out = Math.atan2(j.y - (r.y + h.y) / 2, j.x - (r.x + h.x) / 2);
  const gap = ring + 14;
  ctx.font = `600 12px ${theme.font}`;
  drawHaloText(ctx, theme, 'pose', { x: j.x + gap * Math.cos(out), y: j.y + gap * Math.sin(out) }, theme.label, 'middle');
}

/**
 * The full-IK pose (what `mix: 1` gives) as a thin dotted outline, while the arm is blended.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {ArmFigure} figure
 */
export function drawIkOutline(ctx, view, theme, figure) {
  const points = [figure.root, figure.joint, figure.hand, figure.tip].map((p) => view.worldToCanvas(p));
  beginPart(ctx, 'ik-pose');
  ctx.beginPath();
  points.forEach((p, i) => (i ? ctx.lineTo(p.x, p.y) : ctx.moveTo(p.x, p.y)));
  ctx.setLineDash([2, 4]);
  ctx.lineWidth = 2;
  ctx.strokeStyle = theme.bone2;
  ctx.stroke();
  ctx.setLineDash([]);
  endPart(ctx);
}
