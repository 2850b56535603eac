/**
 * Drawing the rope scene: the rope as a line thinning from the anchor to its end with a dot per
 * point, the anchor (a square base), the end (a ring while it holds the target, a dot when free),
 * the target, and the overlay: at each point the arc where the next one belongs (its rest length),
 * the pins marked and labelled, the gravity vector, and a card of each segment's length error.
 *
 * Positions are world units through the view; sizes are CSS pixels (sizeFor). y is flipped by the
 * view, so angles on the canvas are measured from mapped points.
 */

import {
  beginPart, drawCard, drawDot, drawHalo, drawHaloText, drawMissLine, drawTargetHandle, endPart, sizeFor, strokeLine,
} from '../../draw/draw.js';

/**
 * @typedef {import('../../model/settings.js').Point} Point
 * @typedef {import('../../draw/view.js').View} View
 * @typedef {import('../../draw/draw.js').Theme} Theme
 * @typedef {import('./scene.js').RopeParams} RopeParams
 */

/** The share of rest length the core keeps every segment within after a step (docs/api.md). */
const CORE_TOLERANCE = 0.01;

/**
 * The rope, its anchor and its end.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {Point[]} points Anchor first.
 * @param {{follow: boolean, anchor: Point, anchorHighlight: boolean}} how `anchor`: the handle (where
 *   the rope is pinned from the next step on).
 */
export function drawRope(ctx, view, theme, points, { follow, anchor, anchorHighlight }) {
  const canvas = points.map((p) => view.worldToCanvas(p));
  const thick = sizeFor(view, 7, 4, 9);
  const thin = Math.max(2, thick * 0.35);
  const width = (/** @type {number} */ i) => thick + (thin - thick) * (i / Math.max(1, canvas.length - 2));
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.setLineDash([]);
  beginPart(ctx, 'rope');
  // An edge under the whole rope, then the rope over it, segment by segment as it thins.
  for (const [colour, extra] of /** @type {const} */ ([[theme.boneEdge, 2.5], [theme.bone, 0]])) {
    for (let i = 0; i + 1 < canvas.length; i += 1) {
      ctx.beginPath();
      ctx.moveTo(canvas[i].x, canvas[i].y);
      ctx.lineTo(canvas[i + 1].x, canvas[i + 1].y);
      ctx.lineWidth = width(i) + extra;
      ctx.strokeStyle = colour;
      ctx.stroke();
    }
  }
  // A dot per point between the ends: where the simulation's masses are.
  const dot = Math.max(1.2, thin * 0.45);
  for (let i = 1; i + 1 < points.length; i += 1) drawDot(ctx, view, points[i], dot, theme.joint);
  endPart(ctx);

  // The end: a ring while it holds the target (pinned), a dot when it hangs free.
  const end = points[points.length - 1];
  const r = sizeFor(view, 5, 4, 7);
  if (follow) drawDot(ctx, view, end, r, theme.background, theme.end, 2.5);
  else drawDot(ctx, view, end, r, theme.end, theme.boneEdge, 1.5);

  // The anchor: a square base, as the chain's pinned root.
  const base = view.worldToCanvas(anchor);
  const half = sizeFor(view, 9, 7, 12);
  beginPart(ctx, 'anchor');
  if (anchorHighlight) drawHalo(ctx, base, half * 1.9, theme.bone);
  ctx.fillStyle = theme.boneEdge;
  ctx.fillRect(base.x - half, base.y - half, half * 2, half * 2);
  drawDot(ctx, view, anchor, half * 0.35, theme.background);
  endPart(ctx);
  ctx.restore();
}

/**
 * The target; beyond the rope's reach dashed, labelled, with a line from the end.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {Point} target
 * @param {Point} end The rope's end.
 * @param {{highlight: boolean, warning?: string}} how
 */
export function drawRopeTarget(ctx, view, theme, target, end, { highlight, warning }) {
  if (warning) drawMissLine(ctx, view, theme, end, target, true);
  drawTargetHandle(ctx, view, theme, target, { highlight, warning, away: end });
}

/**
 * The overlay: at each point the arc (±25°) where the next point belongs at its rest length, the
 * pins (a ring and "pin"), the gravity vector from the rope's middle, and a card with a bar per
 * segment of its length error in % of its rest length, the core's 1 % bound dashed.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {Point[]} points Anchor first.
 * @param {RopeParams} params
 * @param {number[]} errors Each segment's length / rest length − 1.
 */
export function drawRopeOverlay(ctx, view, theme, points, params, errors) {
  const scale = view.scale();
  const rest = params.segmentLength * scale;
  const spread = (25 * Math.PI) / 180;
  ctx.save();
  ctx.lineCap = 'butt';
  // Rest-length arcs, around where the segment points.
  ctx.setLineDash([3, 3]);
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = theme.overlayBase;
  for (let i = 0; i + 1 < points.length; i += 1) {
    const a = view.worldToCanvas(points[i]);
    const b = view.worldToCanvas(points[i + 1]);
    const axis = Math.atan2(b.y - a.y, b.x - a.x);
    ctx.beginPath();
    ctx.arc(a.x, a.y, rest, axis - spread, axis + spread);
    ctx.stroke();
  }
  ctx.setLineDash([]);

  // The pins: a ring around each pinned point, labelled.
  const pinned = params.follow ? [0, points.length - 1] : [0];
  ctx.font = `600 12px ${theme.font}`;
  for (const i of pinned) {
    const c = view.worldToCanvas(points[i]);
    const ring = sizeFor(view, 16, 13, 20);
    ctx.beginPath();
    ctx.arc(c.x, c.y, ring, 0, Math.PI * 2);
    ctx.lineWidth = 2;
    ctx.strokeStyle = theme.overlayStep;
    ctx.stroke();
    const label = i === 0 ? 'pin (anchor)' : 'pin (end)';
    // On the side the rope does not leave from.
    const next = view.worldToCanvas(points[i === 0 ? 1 : i - 1]);
    const side = next.x > c.x ? -1 : 1;
    drawHaloText(ctx, theme, label, { x: c.x + side * (ring + 4 + ctx.measureText(label).width / 2), y: c.y }, theme.overlayInk, 'middle');
  }

  // Gravity: an arrow down beside the rope's middle point, as long as g in a fixed scale.
  if (params.gravity > 0) {
    const at = view.worldToCanvas(points[Math.floor(points.length / 2)]);
    const middle = { x: at.x + 24, y: at.y };
    const length = Math.min(120, 20 + (params.gravity / 3000) * 100);
    const tip = { x: middle.x, y: middle.y + length };
    strokeLine(ctx, middle, tip, [], 2.5, theme.overlayAlpha);
    ctx.beginPath();
    ctx.moveTo(tip.x, tip.y + 2);
    ctx.lineTo(tip.x - 6, tip.y - 8);
    ctx.lineTo(tip.x + 6, tip.y - 8);
    ctx.closePath();
    ctx.fillStyle = theme.overlayAlpha;
    ctx.fill();
    const label = `g = ${params.gravity} units/s²`;
    drawHaloText(ctx, theme, label, { x: tip.x + 8 + ctx.measureText(label).width / 2, y: tip.y - 6 }, theme.overlayInk, 'middle');
  }
  // The card goes in the bottom corner on the side the rope is not.
  const middleX = points.reduce((sum, p) => sum + p.x, 0) / points.length;
  drawErrorCard(ctx, view, theme, errors, view.worldToCanvas({ x: middleX, y: 0 }).x < view.size().width / 2 ? 'right' : 'left');
  ctx.restore();
}

/** A segment error this small (a share of the rest length) is rounding noise: the segment is at rest. */
const REST_NOISE = 1e-12;

/**
 * A card, bottom left: a bar per segment (anchor first) of its length error in % of its rest
 * length, up when stretched and down when squeezed, and the core's ±1 % bound dashed.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {number[]} errors
 * @param {'left' | 'right'} side
 */
function drawErrorCard(ctx, view, theme, errors, side) {
  const { width: canvasWidth, height } = view.size();
  // Narrower on a narrow canvas, so that it leaves room for the rope.
  const width = Math.max(150, Math.min(200, 0.3 * canvasWidth));
  const box = { x: side === 'left' ? 10 : canvasWidth - width - 10, y: height - 84, width, height: 74 };
  drawCard(ctx, box, theme);
  ctx.font = `11px ${theme.font}`;
  ctx.fillStyle = theme.overlayInk;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  ctx.fillText('segment error, %', box.x + 8, box.y + 6);
  const plot = { x: box.x + 8, y: box.y + 24, width: box.width - 16, height: box.height - 34 };
  const largest = Math.max(...errors.map(Math.abs));
  // The scale: the 1 % bound halfway up (and down) unless an error is larger.
  const top = Math.max(2 * CORE_TOLERANCE, largest * 1.1);
  const zero = plot.y + plot.height / 2;
  const perShare = plot.height / 2 / top;
  ctx.lineWidth = 1;
  ctx.strokeStyle = theme.overlayEdge;
  ctx.beginPath();
  ctx.moveTo(plot.x, zero);
  ctx.lineTo(plot.x + plot.width, zero);
  ctx.stroke();
  ctx.setLineDash([4, 3]);
  ctx.strokeStyle = theme.overlayStep;
  for (const sign of [1, -1]) {
    const y = zero - sign * CORE_TOLERANCE * perShare;
    ctx.beginPath();
    ctx.moveTo(plot.x, y);
    ctx.lineTo(plot.x + plot.width, y);
    ctx.stroke();
  }
  ctx.setLineDash([]);
  const slot = plot.width / errors.length;
  ctx.fillStyle = theme.overlayBase;
  errors.forEach((error, i) => {
    // At least a pixel, so that a segment at its rest length still shows as a mark on the line,
    // above it whatever the sign of the rounding noise (Math.hypot's last bit differs between
    // browsers: the SVG export is the same in each).
    const bar = Math.max(1, Math.abs(error) * perShare);
    ctx.fillRect(plot.x + i * slot + slot * 0.15, error >= -REST_NOISE ? zero - bar : zero, Math.max(1, slot * 0.7), bar);
  });
  ctx.fillStyle = theme.overlayInk;
  ctx.textAlign = 'right';
  ctx.fillText('±1 %', box.x + box.width - 8, box.y + 6);
}
