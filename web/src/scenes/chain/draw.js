/**
 * Drawing the chain scene: the reach circle, the bones as tapered capsules in two alternating
 * shades with a dot per joint, the joint-limit wedges, and the root (a square base when pinned, a
 * ring when it follows). Positions are world units through the view; sizes are CSS pixels.
 */

import {
  beginPart, drawDot, drawHalo, drawHaloText, endPart, fillAndEdge, sizeFor, strokeLine, traceArc, traceCapsule, traceCircle,
  traceDiamond,
} from '../../draw/draw.js';

/**
 * @typedef {import('../../model/settings.js').Point} Point
 * @typedef {import('../../draw/view.js').View} View
 * @typedef {import('../../draw/draw.js').Theme} Theme
 */

/**
 * The circle the end can reach from the root (its total length), dashed; not filled, as it
 * covers most of the scene.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {Point} root
 * @param {number} reach
 */
export function drawReach(ctx, view, theme, root, reach) {
  ctx.beginPath();
  traceCircle(ctx, view, root, reach);
  ctx.lineWidth = 1;
  ctx.strokeStyle = theme.reach;
  ctx.setLineDash([6, 5]);
  ctx.stroke();
  ctx.setLineDash([]);
}

/**
 * Bone widths at each joint (CSS px), thinning toward the tip and never much wider than the bones
 * are long, so 32 short bones still read as a chain.
 * @param {View} view
 * @param {number[]} lengths
 * @returns {number[]} One per joint, root first, tip last (lengths.length + 1 values).
 */
function jointWidths(view, lengths) {
  const total = lengths.reduce((a, b) => a + b, 0);
  const average = (total / lengths.length) * view.scale();
  const base = Math.min(sizeFor(view, 11, 7, 16), Math.max(3, average * 0.6));
  const widths = [base];
  let along = 0;
  for (const length of lengths) {
    along += length;
    widths.push(base * (1 - 0.6 * (along / total)));
  }
  return widths;
}

/**
 * The bones, root to tip, as tapered capsules in two alternating shades, and a dot per joint.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {number[]} positions
 * @param {number[]} lengths
 * @param {() => void} [between] Drawn over the bones and under the joints' dots (the author's pictures).
 */
export function drawBones(ctx, view, theme, positions, lengths, between) {
  const widths = jointWidths(view, lengths);
  /** @type {Point[]} */
  const points = [];
  for (let i = 0; i < positions.length; i += 2) {
    points.push(view.worldToCanvas({ x: positions[i], y: positions[i + 1] }));
  }
  ctx.lineJoin = 'round';
  for (let i = 0; i < lengths.length; i += 1) {
    beginPart(ctx, 'bone');
    ctx.beginPath();
    traceCapsule(ctx, points[i], points[i + 1], widths[i] / 2, widths[i + 1] / 2);
    fillAndEdge(ctx, i % 2 === 0 ? theme.bone : theme.bone2, 1.25, theme.boneEdge);
    endPart(ctx);
  }
  between?.();
  for (let i = 1; i < lengths.length; i += 1) {
    const radius = Math.min(5, Math.max(1.5, widths[i] * 0.3));
    ctx.beginPath();
    ctx.arc(points[i].x, points[i].y, radius, 0, Math.PI * 2);
    ctx.fillStyle = theme.joint;
    ctx.fill();
    if (radius >= 2.5) {
      ctx.lineWidth = 1.25;
      ctx.strokeStyle = theme.boneEdge;
      ctx.stroke();
    }
  }
}

/**
 * The allowed range of each limited joint: a wedge from min to max around the parent bone's
 * direction (the +x axis for joint 0, whose angle is bone 0's world angle), where bone i may point,
 * drawn under the bones.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {number[]} positions
 * @param {number[]} lengths
 * @param {ArrayLike<number>} angles Local angles.
 * @param {Array<[number, number] | null>} limits Per joint, radians; null: free.
 */
export function drawLimitWedges(ctx, view, theme, positions, lengths, angles, limits) {
  let parent = 0;
  for (let joint = 0; joint < lengths.length; joint += 1) {
    const limit = limits[joint];
    if (limit) {
      const centre = { x: positions[2 * joint], y: positions[2 * joint + 1] };
      const near = joint > 0 ? Math.min(lengths[joint - 1], lengths[joint]) : lengths[joint];
      const radius = Math.min(56, Math.max(12, near * view.scale() * 0.5)) / view.scale();
      const c = view.worldToCanvas(centre);
      ctx.beginPath();
      ctx.moveTo(c.x, c.y);
      traceArc(ctx, view, centre, radius, parent + limit[0], parent + limit[1], true);
      ctx.closePath();
      fillAndEdge(ctx, theme.limitFill, 1.25, theme.limit);
    }
    parent += angles[joint];
  }
}

/**
 * Joints that sit on a limit: their dot is filled in the limit colour (the bone lies along the
 * wedge's edge as well, so this is not told by colour alone).
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {number[]} positions
 * @param {ArrayLike<number>} angles Local angles.
 * @param {Array<[number, number] | null>} limits Per joint, radians; null: free.
 */
export function drawJointsAtLimit(ctx, view, theme, positions, angles, limits) {
  const radius = sizeFor(view, 4, 3, 5);
  for (let joint = 0; joint < angles.length; joint += 1) {
    const limit = limits[joint];
    if (!limit || limit[1] - limit[0] >= 2 * Math.PI) continue;
    if (angles[joint] > limit[0] + 1e-6 && angles[joint] < limit[1] - 1e-6) continue;
    const at = { x: positions[2 * joint], y: positions[2 * joint + 1] };
    drawDot(ctx, view, at, radius, theme.limit, theme.boneEdge, 1.25);
  }
}

/**
 * The root: a square base when pinned; a ring when it follows (free).
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {Point} root
 * @param {boolean} free
 * @param {boolean} highlight
 */
export function drawRoot(ctx, view, theme, root, free, highlight) {
  const base = view.worldToCanvas(root);
  const half = sizeFor(view, 9, 7, 12);
  if (free) {
    ctx.beginPath();
    ctx.arc(base.x, base.y, half * 0.75, 0, Math.PI * 2);
    fillAndEdge(ctx, theme.background, 2.5, theme.boneEdge);
    return;
  }
  if (highlight) drawHalo(ctx, base, half * 1.9, theme.bone);
  ctx.fillStyle = theme.boneEdge;
  ctx.fillRect(base.x - half, base.y - half, half * 2, half * 2);
  drawDot(ctx, view, root, half * 0.35, theme.background);
}

/**
 * The pole (bend preference): a diamond, unlike the target's ring and cross, labelled "pole", with
 * a dotted line to it from the chain's middle joint (the side the chain bends to).
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {Point} pole
 * @param {Point} middle The chain's middle joint.
 * @param {boolean} highlight Hovered, dragged or picked for the arrow keys.
 */
export function drawPole(ctx, view, theme, pole, middle, highlight) {
  const p = view.worldToCanvas(pole);
  const m = view.worldToCanvas(middle);
  const size = sizeFor(view, 9, 8, 12);
  const colour = theme.overlayBeta;
  beginPart(ctx, 'pole');
  strokeLine(ctx, m, p, [2, 5], 1.5, colour);
  ctx.setLineDash([]);
  if (highlight) drawHalo(ctx, p, size + 8, colour);
  traceDiamond(ctx, p, size);
  fillAndEdge(ctx, theme.background, 2.5, colour);
  drawDot(ctx, view, pole, 2.5, colour);
  ctx.font = `600 12px ${theme.font}`;
  drawHaloText(ctx, theme, 'pole', { x: p.x, y: p.y + size + 4 }, colour, 'top');
  endPart(ctx);
}

/**
 * @typedef {Object} Manipulability The end's manipulability ellipse, from J·Jᵀ.
 * @property {number} major The long semi-axis: √ of J·Jᵀ's larger eigenvalue, world units per radian.
 * @property {number} minor The short one: √ of the smaller eigenvalue (0 at a singular pose).
 * @property {number} ratio minor / major, 0..1: 1 moves alike every way, 0 cannot move one way.
 * @property {number} angle World direction of the long axis, radians.
 * @property {number} displayScale World units drawn per world unit per radian: the straight chain's
 *   long axis is drawn at 0.3 of the reach, so sizes compare across poses of a rig.
 */

/**
 * The manipulability ellipse of a chain's end: J is the 2×n Jacobian of the end over the joint
 * angles, column i = perp(end − joint i) (a turn of joint i moves the end at right angles to the
 * line from the joint to the end, by its length); the ellipse's axes are J·Jᵀ's eigenvectors scaled
 * by the square roots of its eigenvalues: how far the end goes, each way, for joint turns of norm 1.
 * @param {ArrayLike<number>} positions x0, y0, …, the end last.
 * @returns {Manipulability}
 */
export function manipulability(positions) {
  const count = positions.length / 2 - 1;
  const ex = positions[2 * count];
  const ey = positions[2 * count + 1];
  let a = 0;
  let b = 0;
  let d = 0;
  let straight = 0;
  let along = 0;
  for (let i = count - 1; i >= 0; i -= 1) {
    // Column i of J: perp(end − joint i) = (−(ey − yi), ex − xi).
    const cx = -(ey - positions[2 * i + 1]);
    const cy = ex - positions[2 * i];
    a += cx * cx;
    b += cx * cy;
    d += cy * cy;
    along += Math.hypot(positions[2 * i + 2] - positions[2 * i], positions[2 * i + 3] - positions[2 * i + 1]);
    straight += along * along;
  }
  const mean = (a + d) / 2;
  const spread = Math.hypot((a - d) / 2, b);
  const major = Math.sqrt(Math.max(0, mean + spread));
  const minor = Math.sqrt(Math.max(0, mean - spread));
  return {
    major,
    minor,
    ratio: major > 0 ? minor / major : 0,
    angle: 0.5 * Math.atan2(2 * b, a - d),
    displayScale: straight > 0 ? (0.3 * along) / Math.sqrt(straight) : 0,
  };
}

/**
 * Draws the manipulability ellipse at the end: a tinted ellipse and its two axes (the long one
 * solid, the short one dashed), at the ellipse's display scale.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {Point} end
 * @param {Manipulability} m
 */
export function drawManipulability(ctx, view, theme, end, m) {
  const c = view.worldToCanvas(end);
  const px = view.scale() * m.displayScale;
  const rx = Math.max(0.5, m.major * px);
  const ry = Math.max(0.5, m.minor * px);
  // World angle → canvas angle: y flips.
  const rotation = -m.angle;
  beginPart(ctx, 'manipulability');
  ctx.beginPath();
  ctx.ellipse(c.x, c.y, rx, ry, rotation, 0, Math.PI * 2);
  ctx.setLineDash([]);
  fillAndEdge(ctx, theme.overlayTint, 2, theme.overlayBeta);
  const ux = Math.cos(rotation);
  const uy = Math.sin(rotation);
  ctx.beginPath();
  ctx.moveTo(c.x - ux * rx, c.y - uy * rx);
  ctx.lineTo(c.x + ux * rx, c.y + uy * rx);
  ctx.lineWidth = 2;
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(c.x + uy * ry, c.y - ux * ry);
  ctx.lineTo(c.x - uy * ry, c.y + ux * ry);
  ctx.setLineDash([4, 3]);
  ctx.stroke();
  ctx.setLineDash([]);
  endPart(ctx);
}
