/**
 * Drawing helpers shared by the scenes. Positions are world points, mapped through the view;
 * sizes are CSS pixels (sizeFor() scales them with the view so pictures look alike at any size).
 *
 * Colours come from CSS custom properties on the canvas (styles/tokens.css), so light and dark themes
 * live in one place. The palette is Okabe–Ito (safe for colour-blind readers), and every state
 * that colour marks is also marked by shape or dash.
 */

/**
 * @typedef {import('../model/settings.js').Point} Point
 * @typedef {import('./view.js').View} View
 * @typedef {Record<string, string>} Theme Colour per name, e.g. theme.bone.
 */

const THEME_NAMES = [
  'background', 'grid', 'axis', 'label', 'reach', 'reach-fill', 'bone', 'bone-2', 'bone-edge',
  'joint', 'end', 'target', 'warn', 'soft', 'limit', 'limit-fill',
  'ground', 'ground-edge', 'ground-dark', 'leg-far', 'leg-far-edge', 'body', 'body-mark',
  'creature-skin', 'creature-edge', 'creature-leg', 'creature-mark', 'creature-fin',
];

/**
 * The teaching overlays' colours, used when styles/tokens.css does not set `--canvas-<name>`: Okabe–Ito
 * hues (darkened where they are text on the light background), light and dark. Each overlay also
 * tells its parts apart by dash, marker shape and a written label, never by colour alone.
 */
const OVERLAY_COLOURS = {
  light: {
    'overlay-ink': '#1d2330', 'overlay-panel': 'rgba(255, 255, 255, 0.92)', 'overlay-edge': '#c9c6bc',
    'overlay-tint': 'rgba(230, 159, 0, 0.10)', 'overlay-alpha': '#a86a00', 'overlay-beta': '#a3427a',
    'overlay-base': '#0072b2', 'overlay-step': '#d55e00', 'plot-ccd': '#0072b2', 'plot-fabrik': '#d55e00',
    'plot-dls': '#00795a',
  },
  dark: {
    'overlay-ink': '#e6e9ef', 'overlay-panel': 'rgba(20, 24, 31, 0.92)', 'overlay-edge': '#3a4250',
    'overlay-tint': 'rgba(240, 180, 60, 0.10)', 'overlay-alpha': '#f0b43c', 'overlay-beta': '#e7a6cc',
    'overlay-base': '#56b4e9', 'overlay-step': '#ef7a30', 'plot-ccd': '#56b4e9', 'plot-fabrik': '#ef7a30',
    'plot-dls': '#2fc79d',
  },
};

/**
 * Reads the canvas colours from CSS (`--canvas-<name>` custom properties), which follow the page's
 * theme (`html[data-theme]`, see page-view.js); with a transparent page the background is not filled.
 * @param {Element} canvas
 * @param {{dark: boolean, transparent: boolean}} options
 * @returns {Theme}
 */
export function readTheme(canvas, { dark, transparent }) {
  const style = getComputedStyle(canvas);
  return themeFrom((name) => style.getPropertyValue(name), { dark, transparent, font: style.fontFamily });
}

/**
 * The theme from custom properties looked up by name: readTheme()'s from CSS, and `npx ik2d render`'s
 * from the element's stylesheet (Node has no CSS).
 * @param {(property: string) => string} lookup A custom property's value ('' when not set), e.g. of "--canvas-bone".
 * @param {{dark: boolean, transparent: boolean, font: string}} options `font`: the canvas' font family.
 * @returns {Theme}
 */
export function themeFrom(lookup, { dark, transparent, font }) {
  /** @type {Theme} */
  const theme = {};
  for (const name of THEME_NAMES) {
    const key = name.replace(/-(\w)/g, (_, c) => c.toUpperCase());
    theme[key] = lookup(`--canvas-${name}`).trim() || '#888';
  }
  const overlay = dark ? OVERLAY_COLOURS.dark : OVERLAY_COLOURS.light;
  for (const [name, fallback] of Object.entries(overlay)) {
    const key = name.replace(/-(\w)/g, (_, c) => c.toUpperCase());
    theme[key] = lookup(`--canvas-${name}`).trim() || fallback;
  }
  theme.font = font || 'system-ui, sans-serif';
  // What fills the canvas: nothing on a transparent page (knock-outs still use `background`).
  theme.backdrop = transparent ? 'transparent' : theme.background;
  return theme;
}

/**
 * A size in CSS pixels that grows with the view but stays readable on small screens.
 * @param {View} view
 * @param {number} worldSize Size in world units.
 * @param {number} min Smallest size in CSS pixels.
 * @param {number} max Largest size in CSS pixels.
 */
export function sizeFor(view, worldSize, min, max) {
  return Math.min(max, Math.max(min, worldSize * view.scale()));
}

/**
 * Fills the canvas and draws a light grid with labelled world axes.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {number} spacing Grid spacing in world units.
 * @param {boolean} [axes] Draw and label the world axes (default true).
 */
export function drawBackdrop(ctx, view, theme, spacing, axes = true) {
  const { width, height } = view.size();
  if (theme.backdrop === 'transparent') {
    ctx.clearRect(0, 0, width, height);
  } else {
    ctx.fillStyle = theme.backdrop;
    ctx.fillRect(0, 0, width, height);
  }
  const seen = view.visibleWorld();
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (let x = Math.ceil(seen.minX / spacing) * spacing; x <= seen.maxX; x += spacing) {
    const sx = Math.round(view.worldToCanvas({ x, y: 0 }).x) + 0.5;
    ctx.moveTo(sx, 0);
    ctx.lineTo(sx, height);
  }
  for (let y = Math.ceil(seen.minY / spacing) * spacing; y <= seen.maxY; y += spacing) {
    const sy = Math.round(view.worldToCanvas({ x: 0, y }).y) + 0.5;
    ctx.moveTo(0, sy);
    ctx.lineTo(width, sy);
  }
  ctx.strokeStyle = theme.grid;
  ctx.stroke();
  if (!axes) return;

  const origin = view.worldToCanvas({ x: 0, y: 0 });
  ctx.beginPath();
  ctx.moveTo(0, Math.round(origin.y) + 0.5);
  ctx.lineTo(width, Math.round(origin.y) + 0.5);
  ctx.moveTo(Math.round(origin.x) + 0.5, 0);
  ctx.lineTo(Math.round(origin.x) + 0.5, height);
  ctx.strokeStyle = theme.axis;
  ctx.stroke();

  // Axis names at the positive ends: the world is y-up.
  ctx.fillStyle = theme.label;
  ctx.font = `12px ${theme.font}`;
  ctx.textBaseline = 'bottom';
  ctx.textAlign = 'right';
  ctx.fillText('+x', width - 8, Math.round(origin.y) - 4);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  ctx.fillText('+y', Math.round(origin.x) + 6, 8);
}

/**
 * Traces a circle given in world units.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Point} centre
 * @param {number} radius World units.
 */
export function traceCircle(ctx, view, centre, radius) {
  const c = view.worldToCanvas(centre);
  ctx.moveTo(c.x + radius * view.scale(), c.y);
  ctx.arc(c.x, c.y, Math.max(0, radius * view.scale()), 0, Math.PI * 2);
}

/**
 * Traces an arc from world angle `from` to `to` (radians, y-up convention) as a polyline,
 * so that the view's y flip stays the only one.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Point} centre
 * @param {number} radius World units.
 * @param {number} from
 * @param {number} to
 * @param {boolean} [connect] Continue the current subpath (lineTo the arc's start) instead of
 *   starting a new one, e.g. for a wedge from its centre.
 */
export function traceArc(ctx, view, centre, radius, from, to, connect = false) {
  const segments = Math.max(2, Math.ceil(Math.abs(to - from) / 0.05));
  for (let i = 0; i <= segments; i += 1) {
    const angle = from + ((to - from) * i) / segments;
    const p = view.worldToCanvas({
      x: centre.x + radius * Math.cos(angle),
      y: centre.y + radius * Math.sin(angle),
    });
    if (i === 0 && !connect) ctx.moveTo(p.x, p.y);
    else ctx.lineTo(p.x, p.y);
  }
}

/**
 * Draws a bone: a rounded bar with a darker edge.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Point} from
 * @param {Point} to
 * @param {number} width CSS pixels.
 * @param {string} fill
 * @param {string} edge
 */
export function drawBone(ctx, view, from, to, width, fill, edge) {
  const a = view.worldToCanvas(from);
  const b = view.worldToCanvas(to);
  beginPart(ctx, 'bone');
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(a.x, a.y);
  ctx.lineTo(b.x, b.y);
  ctx.strokeStyle = edge;
  ctx.lineWidth = width + 2;
  ctx.stroke();
  ctx.strokeStyle = fill;
  ctx.lineWidth = width;
  ctx.stroke();
  endPart(ctx);
}

/**
 * Fills the path traced last, then strokes its edge: the look of a filled, outlined shape.
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} fill
 * @param {number} width The edge's width, CSS pixels.
 * @param {string} edge
 */
export function fillAndEdge(ctx, fill, width, edge) {
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = width;
  ctx.strokeStyle = edge;
  ctx.stroke();
}

/**
 * Strokes one straight line between two canvas points, with its own dash, width and colour (the
 * dash stays set).
 * @param {CanvasRenderingContext2D} ctx
 * @param {{x: number, y: number}} a Canvas (CSS) pixels.
 * @param {{x: number, y: number}} b
 * @param {number[]} dash
 * @param {number} width CSS pixels.
 * @param {string} colour
 */
export function strokeLine(ctx, a, b, dash, width, colour) {
  ctx.beginPath();
  ctx.moveTo(a.x, a.y);
  ctx.lineTo(b.x, b.y);
  ctx.setLineDash(dash);
  ctx.lineWidth = width;
  ctx.strokeStyle = colour;
  ctx.stroke();
}

/**
 * Names what is drawn next (a bone, the target) for an exported SVG, which groups it as
 * `<g data-part="…">` (svg-context.js); a canvas context has no parts and ignores this.
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} name
 */
export function beginPart(ctx, name) {
  if ('beginPart' in ctx) /** @type {{beginPart: (name: string) => void}} */ (/** @type {unknown} */ (ctx)).beginPart(name);
}

/**
 * Ends the part beginPart() began.
 * @param {CanvasRenderingContext2D} ctx
 */
export function endPart(ctx) {
  if ('endPart' in ctx) /** @type {{endPart: () => void}} */ (/** @type {unknown} */ (ctx)).endPart();
}

/**
 * Starts a path and traces a diamond (a square on its corner) around `centre`, `half` from the
 * centre to each corner, in canvas pixels: the chain's pole and the spider's rest marks.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Point} centre
 * @param {number} half
 */
export function traceDiamond(ctx, centre, half) {
  ctx.beginPath();
  ctx.moveTo(centre.x, centre.y - half);
  ctx.lineTo(centre.x + half, centre.y);
  ctx.lineTo(centre.x, centre.y + half);
  ctx.lineTo(centre.x - half, centre.y);
  ctx.closePath();
}

/**
 * Traces a tapered capsule around the segment a→b (canvas px) with end radii ra, rb.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Point} a
 * @param {Point} b
 * @param {number} ra
 * @param {number} rb
 */
export function traceCapsule(ctx, a, b, ra, rb) {
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  if (length < 1e-6) {
    ctx.arc(a.x, a.y, Math.max(ra, rb), 0, Math.PI * 2);
    return;
  }
  // Normal to a→b; the caps go round the far side of each end.
  const normal = Math.atan2(b.x - a.x, -(b.y - a.y));
  const nx = Math.cos(normal);
  const ny = Math.sin(normal);
  ctx.moveTo(a.x + nx * ra, a.y + ny * ra);
  ctx.lineTo(b.x + nx * rb, b.y + ny * rb);
  ctx.arc(b.x, b.y, rb, normal, normal - Math.PI, true);
  ctx.lineTo(a.x - nx * ra, a.y - ny * ra);
  ctx.arc(a.x, a.y, ra, normal + Math.PI, normal, true);
  ctx.closePath();
}

/**
 * Draws a filled dot with an optional ring.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Point} at
 * @param {number} radius CSS pixels.
 * @param {string} fill
 * @param {string} [ring]
 * @param {number} [ringWidth]
 */
export function drawDot(ctx, view, at, radius, fill, ring, ringWidth = 2) {
  const c = view.worldToCanvas(at);
  ctx.beginPath();
  ctx.arc(c.x, c.y, radius, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
  if (ring) {
    ctx.lineWidth = ringWidth;
    ctx.strokeStyle = ring;
    ctx.setLineDash([]);
    ctx.stroke();
  }
}

/**
 * Writes a label centred above or below a world point, kept inside the canvas, on a halo.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Point} at
 * @param {string} text
 * @param {string} colour
 * @param {Theme} theme
 * @param {number} gap CSS pixels between the point and the text.
 * @param {Point} [away] A world point the label should not face (e.g. where a line comes from).
 */
export function drawLabel(ctx, view, at, text, colour, theme, gap, away) {
  const c = view.worldToCanvas(at);
  const { width, height } = view.size();
  ctx.font = `600 13px ${theme.font}`;
  const half = ctx.measureText(text).width / 2;
  const fromAbove = away ? view.worldToCanvas(away).y < c.y : false;
  let below = fromAbove;
  if (below && c.y + gap + 16 > height) below = false;
  if (!below && c.y - gap - 16 < 0) below = true;
  const x = Math.min(width - half - 6, Math.max(half + 6, c.x));
  const y = below ? c.y + gap + 8 : c.y - gap - 8;
  drawHaloText(ctx, theme, text, { x, y }, colour, 'middle');
}

/**
 * Writes text centred at a canvas point on a halo of the background colour (the font is set
 * already), so it reads over lines and fills.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Theme} theme
 * @param {string} text
 * @param {Point} at Canvas CSS pixels.
 * @param {string} colour
 * @param {CanvasTextBaseline} baseline 'middle': centred on `at`; 'top': hanging below it.
 */
export function drawHaloText(ctx, theme, text, at, colour, baseline) {
  ctx.textAlign = 'center';
  ctx.textBaseline = baseline;
  ctx.lineJoin = 'round';
  ctx.lineWidth = 4;
  ctx.strokeStyle = theme.background;
  ctx.setLineDash([]);
  ctx.strokeText(text, at.x, at.y);
  ctx.fillStyle = colour;
  ctx.fillText(text, at.x, at.y);
}

/**
 * A soft disc under a handle the mouse is over or drags.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Point} centre Canvas CSS pixels.
 * @param {number} radius CSS pixels.
 * @param {string} colour
 */
export function drawHalo(ctx, centre, radius, colour) {
  ctx.save();
  ctx.globalAlpha = 0.18;
  ctx.beginPath();
  ctx.arc(centre.x, centre.y, radius, 0, Math.PI * 2);
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.restore();
}

/**
 * The target handle: a ring with a cross, solid in the target colour; with a `warning`, dashed,
 * in the warning colour and labelled with it (shape and words, not colour alone).
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {Point} target
 * @param {Object} options
 * @param {boolean} options.highlight The handle is hovered or dragged.
 * @param {string} [options.warning] Why the target is not reached, e.g. "out of reach".
 * @param {Point} [options.away] Where a line to the target comes from (the label avoids it).
 */
export function drawTargetHandle(ctx, view, theme, target, { highlight, warning, away }) {
  const colour = warning ? theme.warn : theme.target;
  const t = view.worldToCanvas(target);
  const ring = sizeFor(view, 10, 10, 15);
  beginPart(ctx, 'target');
  if (highlight) drawHalo(ctx, t, ring + 7, colour);
  ctx.beginPath();
  ctx.arc(t.x, t.y, ring, 0, Math.PI * 2);
  ctx.lineWidth = 2.5;
  ctx.strokeStyle = colour;
  ctx.setLineDash(warning ? [5, 4] : []);
  ctx.stroke();
  ctx.setLineDash([]);
  const tick = ring + 5;
  const gap = ring * 0.45;
  ctx.beginPath();
  ctx.moveTo(t.x - tick, t.y);
  ctx.lineTo(t.x - gap, t.y);
  ctx.moveTo(t.x + gap, t.y);
  ctx.lineTo(t.x + tick, t.y);
  ctx.moveTo(t.x, t.y - tick);
  ctx.lineTo(t.x, t.y - gap);
  ctx.moveTo(t.x, t.y + gap);
  ctx.lineTo(t.x, t.y + tick);
  ctx.lineWidth = 2;
  ctx.stroke();
  drawDot(ctx, view, target, 3, colour);
  endPart(ctx);
  if (warning) drawLabel(ctx, view, target, warning, theme.warn, theme, ring + 2, away);
}

/**
 * Draws a card: the rounded, edged panel that overlays (formula, captions, plots, meters) sit on.
 * @param {CanvasRenderingContext2D} ctx
 * @param {{x: number, y: number, width: number, height: number}} box CSS pixels.
 * @param {Theme} theme
 */
export function drawCard(ctx, box, theme) {
  ctx.beginPath();
  ctx.roundRect(box.x, box.y, box.width, box.height, 6);
  fillAndEdge(ctx, theme.overlayPanel, 1, theme.overlayEdge);
}

/**
 * A line from the end effector to a target it does not sit on: dashed in the warning colour
 * (cannot get there), dotted in the soft colour (lagging: still converging or easing in).
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {Point} from
 * @param {Point} to
 * @param {boolean} warning
 */
export function drawMissLine(ctx, view, theme, from, to, warning) {
  const colour = warning ? theme.warn : theme.soft;
  strokeLine(ctx, view.worldToCanvas(from), view.worldToCanvas(to), warning ? [7, 5] : [2, 4], 2, colour);
  ctx.setLineDash([]);
}
