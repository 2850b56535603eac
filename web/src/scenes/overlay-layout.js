/**
 * Text layout for the teaching overlays: a font size that scales with the canvas, labels placed
 * beside their anchors without overlapping each other or the points they describe, and boxes of
 * text (the formula, a caption, the plot) in the emptiest corner. Boxes are CSS pixels from the
 * canvas' top left; the scenes report them in getState() so tests can check nothing overlaps.
 *
 * Contents: sizes · boxes · placing labels · placing corner boxes · drawing text
 */

import { drawCard } from '../draw/draw.js';

/**
 * @typedef {import('../model/settings.js').Point} Point
 * @typedef {import('../draw/view.js').View} View
 * @typedef {import('../draw/draw.js').Theme} Theme
 *
 * @typedef {Object} Box A rectangle in canvas CSS pixels.
 * @property {number} x Left.
 * @property {number} y Top.
 * @property {number} width
 * @property {number} height
 *
 * @typedef {Object} PlacedLabel A label as drawn, for getState() and tests.
 * @property {string} id What it labels, e.g. "alpha".
 * @property {string} text What it says, e.g. "α = 34.2°".
 * @property {number} x Left, CSS px.
 * @property {number} y Top, CSS px.
 * @property {number} width
 * @property {number} height
 *
 * @typedef {Object} Layout Everything placed so far on one frame.
 * @property {View} view
 * @property {CanvasRenderingContext2D} ctx
 * @property {number} fontSize CSS px.
 * @property {string} font CSS font for labels.
 * @property {Array<Box & {weight?: number}>} avoid Points and lines' key spots labels should not
 *   cover; `weight` (default 1) says how much worse covering one is.
 * @property {Box[]} blocked Page elements laid over the canvas (the embed view's "open in
 *   playground" link): nothing is placed under them.
 * @property {PlacedLabel[]} placed Labels and boxes placed so far.
 */

// Sizes --------------------------------------------------------------------------------------

/**
 * The overlay font size: 13 px at the world's natural size, never below 10 px (a 400×300 embed)
 * nor above 15 px.
 * @param {View} view
 * @returns {number}
 */
function overlayFontSize(view) {
  return Math.round(Math.min(15, Math.max(10, 13 * view.scale())) * 2) / 2;
}

/**
 * A fresh layout for one frame.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @returns {Layout}
 */
export function createLayout(ctx, view, theme) {
  const fontSize = overlayFontSize(view);
  return {
    view, ctx, fontSize, font: `600 ${fontSize}px ${theme.font}`, avoid: [], blocked: coveringElements(ctx.canvas), placed: [],
  };
}

/**
 * Boxes of the visible elements laid over the canvas (its siblings in the stage), in canvas px;
 * none for a context without a page canvas (the SVG export's, in a browser or in Node).
 * @param {HTMLCanvasElement | OffscreenCanvas | null} canvas
 * @returns {Box[]}
 */
function coveringElements(canvas) {
  if (typeof HTMLCanvasElement === 'undefined' || !(canvas instanceof HTMLCanvasElement) || !canvas.parentElement) return [];
  const origin = canvas.getBoundingClientRect();
  /** @type {Box[]} */
  const boxes = [];
  for (const sibling of canvas.parentElement.children) {
    if (sibling === canvas || !(sibling instanceof HTMLElement) || sibling.hidden) continue;
    const rect = sibling.getBoundingClientRect();
    if (rect.width > 0 && rect.height > 0) {
      boxes.push({ x: rect.left - origin.left, y: rect.top - origin.top, width: rect.width, height: rect.height });
    }
  }
  return boxes;
}

// Boxes ------------------------------------------------------------------------------------------

/**
 * Area two boxes share (0 when apart).
 * @param {Box} a
 * @param {Box} b
 */
function sharedArea(a, b) {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * Marks a world point (a joint, a target) as something labels must not cover.
 * @param {Layout} layout
 * @param {Point} at World point.
 * @param {number} radius CSS px.
 * @param {number} [weight] How much worse covering it is than covering an ordinary spot (1).
 */
export function avoidPoint(layout, at, radius, weight = 1) {
  const c = layout.view.worldToCanvas(at);
  layout.avoid.push({ x: c.x - radius, y: c.y - radius, width: 2 * radius, height: 2 * radius, weight });
}

/**
 * How badly a box fits: outside the canvas, over other labels (worst), over avoided spots.
 * @param {Layout} layout
 * @param {Box} box
 */
function misfit(layout, box) {
  const { width, height } = layout.view.size();
  const inside = { x: 2, y: 2, width: width - 4, height: height - 4 };
  let cost = box.width * box.height - sharedArea(box, inside);
  for (const other of layout.placed) cost += 1000 * sharedArea(box, other);
  for (const other of layout.blocked) cost += 1000 * sharedArea(box, other);
  for (const other of layout.avoid) cost += (other.weight ?? 1) * sharedArea(box, other);
  return cost;
}

// Placing labels -------------------------------------------------------------------------------

/** Turns tried away from a label's preferred direction, radians. */
const TURNS = [0, 1, -1, 2, -2, 3, -3, 4, 6, -6, 8, 10, -10, 12].map((k) => (k * Math.PI) / 12);

/** Distances tried, as multiples of the gap. */
const REACHES = [1, 1.6, 2.4, 3.5, 5, 8, 12, 18];

/**
 * Places a label near a canvas point: in the direction `angle` at `gap` if it fits, else the
 * candidate (turned, farther) that covers least, a small turn or step away being preferred.
 * Labels never cover each other when any candidate avoids it. Records the label.
 * @param {Layout} layout
 * @param {string} id
 * @param {string} text
 * @param {Point} anchor Canvas CSS px.
 * @param {number} angle Preferred direction on screen, radians (0 = right, π/2 = down).
 * @param {number} gap CSS px between the anchor and the nearest point of the box.
 * @returns {PlacedLabel}
 */
export function placeLabel(layout, id, text, anchor, angle, gap) {
  const { ctx } = layout;
  ctx.font = layout.font;
  const width = Math.ceil(ctx.measureText(text).width) + 6;
  const height = Math.ceil(layout.fontSize * 1.3);
  /** @type {Box | null} */
  let best = null;
  let bestCost = Infinity;
  for (const reach of REACHES) {
    for (const turn of TURNS) {
      const direction = angle + turn;
      const dx = Math.cos(direction);
      const dy = Math.sin(direction);
      // The box's centre sits so that its nearest edge is gap·reach from the anchor.
      const along = gap * reach + Math.min(Math.abs(width / 2 / (dx || 1e-9)), Math.abs(height / 2 / (dy || 1e-9)));
      const box = {
        x: anchor.x + dx * along - width / 2, y: anchor.y + dy * along - height / 2, width, height,
      };
      // Pixels covered, plus a little per radian turned and per gap moved away.
      const cost = misfit(layout, box) + height * (6 * Math.abs(turn) + 4 * (reach - 1));
      if (cost < bestCost) {
        best = box;
        bestCost = cost;
      }
    }
  }
  const box = /** @type {Box} */ (best);
  const label = {
    id, text, x: round(box.x), y: round(box.y), width, height,
  };
  layout.placed.push(label);
  return label;
}

/** @param {number} value */
function round(value) {
  return Math.round(value * 100) / 100;
}

// Placing corner boxes -------------------------------------------------------------------------

/**
 * Places a box of the given size in the canvas corner where it covers the least (of the avoided
 * spots and the labels so far); corners in `order` are preferred on a tie. Records it.
 * @param {Layout} layout
 * @param {string} id
 * @param {number} width CSS px.
 * @param {number} height CSS px.
 * @param {Array<'top-left' | 'top-right' | 'bottom-left' | 'bottom-right'>} [order]
 * @returns {PlacedLabel}
 */
export function placeCornerBox(layout, id, width, height, order = ['top-left', 'bottom-left', 'top-right', 'bottom-right']) {
  const size = layout.view.size();
  const margin = Math.max(6, layout.fontSize * 0.6);
  /** @type {Box | null} */
  let best = null;
  let bestCost = Infinity;
  for (const corner of order) {
    const x = corner.endsWith('left') ? margin : size.width - margin - width;
    const y = corner.startsWith('top') ? margin : size.height - margin - height;
    const box = { x, y, width, height };
    const cost = misfit(layout, box);
    if (cost < bestCost) {
      best = box;
      bestCost = cost;
    }
  }
  const box = /** @type {Box} */ (best);
  const placed = {
    id, text: '', x: round(box.x), y: round(box.y), width: round(width), height: round(height),
  };
  layout.placed.push(placed);
  return placed;
}

// Drawing text -----------------------------------------------------------------------------------

/**
 * Draws a placed label: its text centred in its box, on a halo of the background colour.
 * @param {Layout} layout
 * @param {PlacedLabel} label
 * @param {string} colour
 * @param {Theme} theme
 */
export function drawPlacedLabel(layout, label, colour, theme) {
  const { ctx } = layout;
  ctx.font = layout.font;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  ctx.setLineDash([]);
  ctx.lineWidth = 4;
  ctx.strokeStyle = theme.background;
  const x = label.x + label.width / 2;
  const y = label.y + label.height / 2 + 0.5;
  ctx.strokeText(label.text, x, y);
  ctx.fillStyle = colour;
  ctx.fillText(label.text, x, y);
}

/**
 * Measures lines of text for a panel: its size with padding.
 * @param {Layout} layout
 * @param {string[]} lines
 * @param {number} [scale] Font size relative to the labels' (e.g. 0.92 for formula text).
 * @returns {{width: number, height: number, lineHeight: number, font: string, padding: number}}
 */
export function measurePanel(layout, lines, scale = 1) {
  const { ctx, fontSize } = layout;
  const size = Math.max(10, Math.round(fontSize * scale * 2) / 2);
  const font = `${size}px ${layout.font.replace(/^600 [\d.]+px /, '')}`;
  ctx.font = font;
  const padding = Math.round(size * 0.6);
  const lineHeight = Math.ceil(size * 1.35);
  const textWidth = Math.max(...lines.map((line) => ctx.measureText(line).width));
  return {
    width: Math.ceil(textWidth) + 2 * padding, height: lineHeight * lines.length + 2 * padding, lineHeight, font, padding,
  };
}

/**
 * Draws a panel of text lines in a box (a rounded, nearly opaque card with a thin edge).
 * @param {CanvasRenderingContext2D} ctx
 * @param {Box} box
 * @param {{text: string, colour?: string}[]} lines
 * @param {{lineHeight: number, font: string, padding: number}} metrics From measurePanel().
 * @param {Theme} theme
 */
export function drawPanel(ctx, box, lines, metrics, theme) {
  ctx.save();
  drawCard(ctx, box, theme);
  ctx.font = metrics.font;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  lines.forEach((line, i) => {
    ctx.fillStyle = line.colour ?? theme.overlayInk;
    const y = box.y + metrics.padding + metrics.lineHeight * (i + 0.5);
    ctx.fillText(line.text, box.x + metrics.padding, y);
  });
  ctx.restore();
}
