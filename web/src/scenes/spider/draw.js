/**
 * Drawing the spider scene: the terrain (filled ground under a surface line), the legs (near and
 * far in two shades, far ones behind the body) with a marker per foot (filled when planted, a ring
 * while stepping), the body, the target with its plumb line to the ground, and the debug overlay
 * (each rest spot with a ±stepThreshold bracket, solid for gait group A, dashed for group B).
 *
 * Positions are world units through the view; sizes are CSS pixels (sizeFor), so the picture
 * looks alike at any canvas size. Nothing here flips y: angles on the canvas are measured from
 * mapped points.
 */

import {
  drawDot, drawTargetHandle, fillAndEdge, sizeFor, strokeLine, traceCapsule, traceDiamond,
} from '../../draw/draw.js';
import { formatWhole } from '../../model/format.js';

/**
 * @typedef {import('../../model/settings.js').Point} Point
 * @typedef {import('../../draw/view.js').View} View
 * @typedef {import('../../draw/draw.js').Theme} Theme
 * @typedef {import('../../../../core/bindings/ik2d').SpiderLeg} SpiderLeg
 * @typedef {import('../../../../core/bindings/ik2d').SpiderState} SpiderState
 */

/** Spacing of the terrain samples, CSS pixels (the surface is a polyline through them). */
const TERRAIN_SAMPLE = 3;

/**
 * The ground: filled from its surface to the bottom of the canvas, a darker layer a little below
 * the surface, and the surface line on top.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {(x: number) => number} groundHeight World x → terrain height.
 */
export function drawTerrain(ctx, view, theme, groundHeight) {
  const { width, height } = view.size();
  /** @type {Point[]} */
  const surface = [];
  for (let cx = -TERRAIN_SAMPLE; cx <= width + TERRAIN_SAMPLE; cx += TERRAIN_SAMPLE) {
    const x = view.canvasToWorld({ x: cx, y: 0 }).x;
    surface.push(view.worldToCanvas({ x, y: groundHeight(x) }));
  }
  const first = surface[0];
  const last = surface[surface.length - 1];

  /** @param {number} drop CSS pixels below the surface. */
  function traceBelow(drop) {
    ctx.beginPath();
    ctx.moveTo(first.x, height + 2);
    for (const p of surface) ctx.lineTo(p.x, p.y + drop);
    ctx.lineTo(last.x, height + 2);
    ctx.closePath();
  }

  traceBelow(0);
  ctx.fillStyle = theme.ground;
  ctx.fill();
  traceBelow(sizeFor(view, 26, 12, 40));
  ctx.fillStyle = theme.groundDark;
  ctx.fill();

  ctx.beginPath();
  surface.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
  ctx.lineJoin = 'round';
  ctx.lineWidth = 2.5;
  ctx.strokeStyle = theme.groundEdge;
  ctx.setLineDash([]);
  ctx.stroke();
}

/**
 * One side's legs (near or far): hip → knee → foot as tapered capsules with a knee knob, then a
 * marker at each foot. Far legs are lighter and drawn before the body.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {SpiderLeg[]} legs
 * @param {number} reach upperLength + lowerLength, world units.
 * @param {boolean} near Draw the near side (else the far side).
 */
export function drawLegs(ctx, view, theme, legs, reach, near) {
  const fill = near ? theme.bone : theme.legFar;
  const edge = near ? theme.boneEdge : theme.legFarEdge;
  const hipWidth = sizeFor(view, reach * 0.07, 3.5, 12);
  const kneeWidth = hipWidth * 0.7;
  const footWidth = Math.max(2, hipWidth * 0.3);
  ctx.lineJoin = 'round';
  for (const leg of legs) {
    if (leg.nearSide !== near) continue;
    const hip = view.worldToCanvas(leg.hip);
    const knee = view.worldToCanvas(leg.knee);
    const foot = view.worldToCanvas(leg.foot);
    ctx.beginPath();
    traceCapsule(ctx, knee, foot, kneeWidth / 2, footWidth / 2);
    traceCapsule(ctx, hip, knee, hipWidth / 2, kneeWidth / 2);
    fillAndEdge(ctx, fill, 1.25, edge);
    ctx.beginPath();
    ctx.arc(knee.x, knee.y, kneeWidth * 0.62, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
  }
  for (const leg of legs) {
    if (leg.nearSide === near) drawFootMarker(ctx, view, theme, leg, near);
  }
}

/**
 * A planted foot: a filled dot in the end-effector colour on a short ground mark; a stepping foot:
 * a ring (shape tells them apart, not only colour).
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {SpiderLeg} leg
 * @param {boolean} near
 */
function drawFootMarker(ctx, view, theme, leg, near) {
  const radius = sizeFor(view, 3.2, 2.5, 4.5) * (near ? 1 : 0.8);
  if (leg.planted) {
    drawDot(ctx, view, leg.foot, radius, theme.end, near ? theme.boneEdge : theme.legFarEdge, 1.25);
    return;
  }
  const at = view.worldToCanvas(leg.foot);
  ctx.beginPath();
  ctx.arc(at.x, at.y, radius, 0, Math.PI * 2);
  fillAndEdge(ctx, theme.background, 1.5, theme.end);
}

/**
 * Traces an ellipse centred at a world point, its first axis along `direction` (a world angle).
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Point} centre World units.
 * @param {number} along Half-axis along `direction`, world units.
 * @param {number} across Half-axis across it, world units.
 * @param {number} direction World angle, radians.
 */
function traceEllipse(ctx, view, centre, along, across, direction) {
  const c = view.worldToCanvas(centre);
  const tip = view.worldToCanvas({ x: centre.x + Math.cos(direction), y: centre.y + Math.sin(direction) });
  const rotation = Math.atan2(tip.y - c.y, tip.x - c.x);
  ctx.ellipse(c.x, c.y, along * view.scale(), across * view.scale(), rotation, 0, Math.PI * 2);
}

/**
 * A point on the body: `forward` along the body axis toward where it faces, `up` across it.
 * @param {SpiderState['body']} body
 * @param {number} facing +1 or -1.
 * @param {number} forward World units.
 * @param {number} up World units.
 * @returns {Point}
 */
function onBody(body, facing, forward, up) {
  const c = Math.cos(body.angle);
  const s = Math.sin(body.angle);
  return {
    x: body.x + c * forward * facing - s * up,
    y: body.y + s * forward * facing + c * up,
  };
}

/**
 * The body, tilted with the ground: the head-and-thorax where the legs join, the abdomen behind
 * it (away from where the spider walks), a mark on the abdomen and two eyes in front.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {SpiderState['body']} body
 * @param {number} reach upperLength + lowerLength, world units.
 * @param {number} facing +1 (toward +x) or -1.
 */
export function drawBody(ctx, view, theme, body, reach, facing) {
  const abdomen = onBody(body, facing, -0.42 * reach, 0.08 * reach);
  const thorax = onBody(body, facing, 0.02 * reach, 0.01 * reach);
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = theme.boneEdge;
  ctx.fillStyle = theme.body;
  ctx.beginPath();
  traceEllipse(ctx, view, abdomen, 0.27 * reach, 0.2 * reach, body.angle);
  ctx.fill();
  ctx.stroke();

  // A chevron mark along the abdomen's back.
  ctx.beginPath();
  for (const [forward, up] of [[-0.56, 0.15], [-0.42, 0.2], [-0.28, 0.15]]) {
    const p = view.worldToCanvas(onBody(body, facing, forward * reach, up * reach));
    if (forward === -0.56) ctx.moveTo(p.x, p.y);
    else ctx.lineTo(p.x, p.y);
  }
  ctx.lineWidth = sizeFor(view, 0.03 * reach, 1.5, 4);
  ctx.lineCap = 'round';
  ctx.strokeStyle = theme.bodyMark;
  ctx.stroke();

  ctx.beginPath();
  traceEllipse(ctx, view, thorax, 0.24 * reach, 0.13 * reach, body.angle);
  fillAndEdge(ctx, theme.body, 1.5, theme.boneEdge);

  const eye = sizeFor(view, 0.022 * reach, 1.5, 3.5);
  for (const up of [0.07, 0.02]) {
    drawDot(ctx, view, onBody(body, facing, 0.2 * reach, up * reach), eye, theme.bodyMark);
  }
}

/**
 * The target: a dashed plumb line from the handle to the ground under it (the goal is its x) and a
 * tick there, then the usual handle. A target outside the canvas is shown by an arrow at the
 * nearer edge with how far it is.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {Point} target
 * @param {number} groundY Terrain height under target.x.
 * @param {{highlight: boolean}} options
 */
export function drawSpiderTarget(ctx, view, theme, target, groundY, { highlight }) {
  const { width } = view.size();
  const t = view.worldToCanvas(target);
  const g = view.worldToCanvas({ x: target.x, y: groundY });
  if (t.x < 0 || t.x > width) {
    drawOffscreenTarget(ctx, view, theme, target, t.x < 0 ? -1 : 1);
    return;
  }
  strokeLine(ctx, t, g, [4, 4], 1.5, theme.target);
  ctx.setLineDash([]);
  const tick = sizeFor(view, 9, 6, 12);
  ctx.beginPath();
  ctx.moveTo(g.x - tick, g.y);
  ctx.lineTo(g.x + tick, g.y);
  ctx.lineWidth = 3;
  ctx.stroke();
  drawTargetHandle(ctx, view, theme, target, { highlight });
}

/**
 * An arrow at the left or right edge of the canvas, at the target's height, labelled with the
 * target's x in world units (what the link and the readouts call it).
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {Point} target
 * @param {-1 | 1} side
 */
function drawOffscreenTarget(ctx, view, theme, target, side) {
  const { width, height } = view.size();
  const y = Math.min(height - 20, Math.max(20, view.worldToCanvas(target).y));
  const tipX = side > 0 ? width - 8 : 8;
  const size = 10;
  ctx.beginPath();
  ctx.moveTo(tipX, y);
  ctx.lineTo(tipX - side * size * 1.4, y - size);
  ctx.lineTo(tipX - side * size * 1.4, y + size);
  ctx.closePath();
  ctx.fillStyle = theme.target;
  ctx.fill();
  const text = `target x = ${formatWhole(target.x)}`;
  ctx.font = `600 12px ${theme.font}`;
  ctx.textAlign = side > 0 ? 'right' : 'left';
  ctx.textBaseline = 'middle';
  const textX = tipX - side * (size * 1.4 + 6);
  ctx.lineJoin = 'round';
  ctx.lineWidth = 4;
  ctx.strokeStyle = theme.background;
  ctx.strokeText(text, textX, y);
  ctx.fillStyle = theme.target;
  ctx.fillText(text, textX, y);
}

/**
 * Debug: each leg's rest spot (a diamond on the ground) with a bracket ±stepThreshold around it
 * that follows the ground a few pixels under the surface, solid for gait group A (0), dashed for
 * group B (1); near legs' brackets just under the surface, far legs' a little lower. A planted
 * foot is joined to its rest spot along the bracket by a thick bar: its drift.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {SpiderLeg[]} legs
 * @param {number} threshold World units.
 * @param {(x: number) => number} groundHeight World x → terrain height.
 */
export function drawDebugRestSpots(ctx, view, theme, legs, threshold, groundHeight) {
  const tick = 5;
  const samples = 12;
  /**
   * Canvas points along the ground from x0 to x1, `drop` pixels below it.
   * @param {number} x0 @param {number} x1 @param {number} drop
   */
  function underGround(x0, x1, drop) {
    /** @type {Point[]} */
    const points = [];
    for (let i = 0; i <= samples; i += 1) {
      const x = x0 + ((x1 - x0) * i) / samples;
      const p = view.worldToCanvas({ x, y: groundHeight(x) });
      points.push({ x: p.x, y: p.y + drop });
    }
    return points;
  }
  ctx.strokeStyle = theme.limit;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'butt';
  for (const leg of legs) {
    const drop = leg.nearSide ? 8 : 16;
    const bracket = underGround(leg.rest.x - threshold, leg.rest.x + threshold, drop);
    const first = bracket[0];
    const last = bracket[bracket.length - 1];
    ctx.setLineDash(leg.group === 0 ? [] : [4, 3]);
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.moveTo(first.x, first.y - tick);
    for (const p of bracket) ctx.lineTo(p.x, p.y);
    ctx.lineTo(last.x, last.y - tick);
    ctx.stroke();
    ctx.setLineDash([]);
    if (leg.planted) {
      ctx.beginPath();
      const drift = underGround(leg.rest.x, leg.foot.x, drop);
      drift.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
      ctx.lineWidth = 3;
      ctx.stroke();
    }
    const rest = view.worldToCanvas(leg.rest);
    const half = 4;
    traceDiamond(ctx, rest, half);
    ctx.fillStyle = leg.group === 0 ? theme.limit : theme.background;
    ctx.fill();
    ctx.lineWidth = 1.5;
    ctx.stroke();
  }
}

/**
 * Debug: a key to the overlay in the top-left corner.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Theme} theme
 */
export function drawDebugLegend(ctx, theme) {
  const lines = [
    '◆ rest spot, bracket: ± step threshold',
    'thick bar: drift of a planted foot',
    'gait group A solid, group B dashed',
  ];
  ctx.font = `12px ${theme.font}`;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  ctx.lineJoin = 'round';
  lines.forEach((line, i) => {
    ctx.lineWidth = 4;
    ctx.strokeStyle = theme.background;
    ctx.strokeText(line, 10, 10 + i * 16);
    ctx.fillStyle = theme.limit;
    ctx.fillText(line, 10, 10 + i * 16);
  });
}
