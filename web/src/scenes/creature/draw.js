/**
 * Drawing the creature scene: legs under the body (two segments with rounded joints, a dot per
 * foot: filled when planted, a ring while stepping), the fish's fins (ellipses under the body), the
 * skin (the core's outline polygon smoothed by a closed Catmull-Rom curve), a back stripe, the eyes,
 * and the overlay: spacing circles and bend cones on the spine, each foot's rest spot and step
 * threshold, legs coloured (and dashed) by gait group, and a plot of the steering spring.
 *
 * Positions are world units through the view; sizes are CSS pixels (sizeFor). y is flipped by the
 * view, so angles on the canvas are measured from mapped points.
 */

import { drawCard, drawTargetHandle, fillAndEdge, sizeFor, strokeLine } from '../../draw/draw.js';

/**
 * @typedef {import('../../model/settings.js').Point} Point
 * @typedef {import('../../draw/view.js').View} View
 * @typedef {import('../../draw/draw.js').Theme} Theme
 * @typedef {import('../../../../core/bindings/ik2d').CreatureState} CreatureState
 * @typedef {import('../../../../core/bindings/ik2d').CreatureSettings} CreatureSettings
 * @typedef {import('../../../../core/bindings/ik2d').CreatureCrowdViews} CreatureCrowdViews
 * @typedef {import('../../../../core/bindings/ik2d').CreatureCrowdLayout} CreatureCrowdLayout
 */

/**
 * The gait groups' colours (Okabe–Ito through the overlay palette); odd groups are also dashed.
 * @param {Theme} theme
 */
function groupColours(theme) {
  return [theme.overlayBase, theme.overlayStep, theme.overlayBeta, theme.overlayAlpha];
}

/**
 * Traces a closed smooth curve through canvas points (Catmull-Rom as cubic Béziers).
 * @param {CanvasRenderingContext2D} ctx
 * @param {Point[]} points
 */
function traceClosedCurve(ctx, points) {
  const n = points.length;
  ctx.beginPath();
  if (n < 3) return;
  ctx.moveTo(points[0].x, points[0].y);
  for (let i = 0; i < n; i += 1) {
    const p0 = points[(i - 1 + n) % n];
    const p1 = points[i];
    const p2 = points[(i + 1) % n];
    const p3 = points[(i + 2) % n];
    ctx.bezierCurveTo(
      p1.x + (p2.x - p0.x) / 6, p1.y + (p2.y - p0.y) / 6,
      p2.x - (p3.x - p1.x) / 6, p2.y - (p3.y - p1.y) / 6,
      p2.x, p2.y,
    );
  }
  ctx.closePath();
}

/**
 * One creature: legs, fins, skin, back stripe, eyes.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {CreatureState} state
 * @param {CreatureSettings} options
 * @param {{groups: boolean}} how `groups`: legs coloured by gait group (the overlay).
 */
export function drawCreature(ctx, view, theme, state, options, { groups }) {
  const scale = view.scale();
  ctx.save();
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.setLineDash([]);

  // Legs, under the body.
  const colours = groupColours(theme);
  for (const leg of state.legs) {
    // As thick as a share of the body's width where the leg hangs.
    const legWidth = sizeFor(view, 0.22 * (options.widths[leg.anchor] ?? 10), 2.5, 12);
    const hip = view.worldToCanvas(leg.hip);
    const knee = view.worldToCanvas(leg.knee);
    const foot = view.worldToCanvas(leg.foot);
    const colour = groups ? colours[leg.group % colours.length] : theme.creatureLeg;
    ctx.beginPath();
    ctx.moveTo(hip.x, hip.y);
    ctx.lineTo(knee.x, knee.y);
    ctx.lineTo(foot.x, foot.y);
    ctx.strokeStyle = theme.creatureEdge;
    ctx.lineWidth = legWidth + 2;
    ctx.stroke();
    ctx.strokeStyle = colour;
    ctx.lineWidth = legWidth;
    ctx.setLineDash(groups && leg.group % 2 ? [legWidth * 0.9, legWidth * 0.9] : []);
    ctx.stroke();
    ctx.setLineDash([]);
    // The foot: a dot when planted, a ring while it steps.
    const r = Math.max(2.2, legWidth * 0.6);
    ctx.beginPath();
    ctx.arc(foot.x, foot.y, r, 0, Math.PI * 2);
    if (leg.planted) {
      ctx.fillStyle = theme.creatureEdge;
      ctx.fill();
    } else {
      fillAndEdge(ctx, theme.background, 1.5, theme.creatureEdge);
    }
  }

  // Fins, under the body.
  for (const fin of state.fins) {
    const c = view.worldToCanvas(fin.center);
    ctx.beginPath();
    ctx.ellipse(c.x, c.y, Math.max(1, fin.radiusX * scale), Math.max(1, fin.radiusY * scale), -fin.angle, 0, Math.PI * 2);
    fillAndEdge(ctx, theme.creatureFin, 1.5, theme.creatureEdge);
  }

  // The skin.
  const outline = state.outline.map((p) => view.worldToCanvas(p));
  traceClosedCurve(ctx, outline);
  fillAndEdge(ctx, theme.creatureSkin, sizeFor(view, 2, 1.5, 2.5), theme.creatureEdge);

  // A stripe down the back, thinning toward the tail.
  const spine = state.spine.map((p) => view.worldToCanvas(p));
  const widths = options.widths;
  for (let i = 1; i + 1 < spine.length; i += 1) {
    ctx.beginPath();
    ctx.moveTo(spine[i].x, spine[i].y);
    ctx.lineTo(spine[i + 1].x, spine[i + 1].y);
    ctx.lineWidth = Math.max(1, widths[i] * scale * 0.18);
    ctx.strokeStyle = theme.creatureMark;
    ctx.stroke();
  }

  // Eyes: white with a dark pupil a little forward.
  const forward = { x: Math.cos(state.heading), y: -Math.sin(state.heading) };
  for (const eye of state.eyes) {
    const c = view.worldToCanvas(eye);
    const r = Math.max(3, eye.radius * scale * 1.5);
    ctx.beginPath();
    ctx.arc(c.x, c.y, r, 0, Math.PI * 2);
    fillAndEdge(ctx, '#ffffff', 1, theme.creatureEdge);
    ctx.beginPath();
    ctx.arc(c.x + forward.x * r * 0.3, c.y + forward.y * r * 0.3, r * 0.55, 0, Math.PI * 2);
    ctx.fillStyle = '#141820';
    ctx.fill();
  }
  ctx.restore();
}

/** Most legs of a crowd drawn at their own width; more are drawn one pixel wide. */
const CROWD_WIDE_LEGS = 1000;

/**
 * Most others of a crowd whose skins and fins are filled; more are outlined. A CPU rasterizer
 * spends about 20 µs filling a lizard's skin and a few outlining it: 1 000 filled lizards held the
 * page at 25 to 37 frames a second, outlined at 60 (docs/benchmarks.md).
 */
const CROWD_FILLED = 400;

/** A crowd's many legs' and outlines' width in device pixels: under one, so they are hairlines. */
const CROWD_HAIRLINE = 0.9;

/**
 * Readies the context for a crowd's shapes in `colour`, filled or outlined `hairline` wide, and
 * returns what paints a path of them so.
 * @param {CanvasRenderingContext2D} ctx
 * @param {string} colour
 * @param {boolean} outlined
 * @param {number} hairline
 */
function crowdPaint(ctx, colour, outlined, hairline) {
  if (!outlined) {
    ctx.fillStyle = colour;
    return () => ctx.fill();
  }
  ctx.strokeStyle = colour;
  ctx.lineWidth = hairline;
  return () => ctx.stroke();
}

/**
 * One device pixel in the canvas's current units.
 * @param {CanvasRenderingContext2D} ctx
 */
function devicePixelOf(ctx) {
  const t = ctx.getTransform();
  return 1 / Math.max(Math.hypot(t.a, t.b), Math.hypot(t.c, t.d), 1e-9);
}

/**
 * Legs in one stroke, fins in one fill: a path of thousands costs the CPU rasterizer several times
 * as much as the same shapes in paths of a few dozen (200 fish: 44 ms a frame against 11).
 */
const CROWD_SHAPES_PER_PATH = 48;

/**
 * Paths of `size` shapes each: call added() after each shape's subpath, end() after the last;
 * `paint` strokes or fills the path so far.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} size
 * @param {() => void} paint
 */
function batches(ctx, size, paint) {
  let count = 0;
  ctx.beginPath();
  return {
    added() {
      count += 1;
      if (count % size === 0) {
        paint();
        ctx.beginPath();
      }
    },
    end() {
      if (count % size !== 0) paint();
    },
  };
}

/**
 * The world → canvas map as an affine one (canvas = origin + x·ex + y·ey), read off
 * view.worldToCanvas (which keeps the one y flip), so that thousands of points cost no objects.
 * @param {View} view
 */
function affineOf(view) {
  const o = view.worldToCanvas({ x: 0, y: 0 });
  const ex = view.worldToCanvas({ x: 1, y: 0 });
  const ey = view.worldToCanvas({ x: 0, y: 1 });
  return { ox: o.x, oy: o.y, xx: ex.x - o.x, xy: ex.y - o.y, yx: ey.x - o.x, yy: ey.y - o.y };
}

/**
 * Traces `count` points (x, y pairs of `values` from `start`) through the affine map `m` as one
 * open line, or, when `closed`, back to the first point by lineTo (see drawCrowd's skins).
 * @param {CanvasRenderingContext2D} ctx
 * @param {ReturnType<typeof affineOf>} m
 * @param {Float64Array} values
 * @param {number} start
 * @param {number} count
 * @param {boolean} closed
 */
function traceMapped(ctx, m, values, start, count, closed) {
  const last = closed ? count : count - 1;
  for (let k = 0; k <= last; k += 1) {
    const at = start + 2 * (k % count);
    const x = values[at], y = values[at + 1];
    const cx = m.ox + x * m.xx + y * m.yx, cy = m.oy + x * m.xy + y * m.yy;
    if (k === 0) ctx.moveTo(cx, cy);
    else ctx.lineTo(cx, cy);
  }
}

/**
 * The others of a crowd (creatures `first` to layout.size - 1, the last drawn first), read from
 * CreatureCrowd.views() without a copy: lighter and simpler than the first creature, as
 * silhouettes. Legs are stroked and fins filled a few dozen to a path, and each skin is a polygon
 * through the outline, filled without an edge, stripe or eyes; over CROWD_FILLED others, skins
 * and fins are hairline outlines a few dozen to a stroke. Drawn the way the first one is
 * (about 40 strokes and fills for a lizard), 200 lizards ran at 17 frames a second with the canvas
 * rasterized on the CPU, most of it strokes; like this, at 60 (docs/benchmarks.md). Points go
 * through one affine map (affineOf), so a frame of 1 000 lizards makes no objects.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {CreatureCrowdViews} views
 * @param {CreatureCrowdLayout} layout
 * @param {CreatureSettings} options
 * @param {number} first
 */
export function drawCrowd(ctx, view, theme, views, layout, options, first) {
  if (layout.size <= first) return;
  const scale = view.scale();
  const m = affineOf(view);
  ctx.save();
  ctx.globalAlpha = 0.55;
  ctx.lineJoin = 'bevel';
  ctx.lineCap = 'butt';
  ctx.setLineDash([]);

  // Legs, under the bodies: one width for all, the first leg's (as drawCreature sizes it), or,
  // when there are many, just under one device pixel: a CPU rasterizer draws such hairlines several
  // times faster than any wider line (a crowd of centipedes went from 24 to 60 frames a second).
  const outlined = layout.size - first > CROWD_FILLED;
  const hairline = CROWD_HAIRLINE * devicePixelOf(ctx);
  const legsEach = layout.legs.count;
  if (legsEach > 0) {
    const anchor = options.legAnchors[0] ?? 0;
    ctx.strokeStyle = theme.creatureLeg;
    ctx.lineWidth = legsEach * (layout.size - first) > CROWD_WIDE_LEGS
      ? hairline
      : sizeFor(view, 0.22 * (options.widths[anchor] ?? 10), 2.5, 12);
    const { legs } = views;
    const pointsEach = layout.legPoints;
    const legBatch = batches(ctx, CROWD_SHAPES_PER_PATH, () => ctx.stroke());
    for (let i = layout.size - 1; i >= first; i -= 1) {
      const start = layout.legs.offsets[i];
      for (let k = 0; k < legsEach; k += 1) {
        traceMapped(ctx, m, legs, start + 2 * k * pointsEach, pointsEach, false); // hip, knee, foot
        legBatch.added();
      }
    }
    legBatch.end();
  }

  // Fins, under the bodies.
  const finsEach = layout.fins.count;
  if (finsEach > 0) {
    const { fins } = views;
    const finBatch = batches(ctx, CROWD_SHAPES_PER_PATH, crowdPaint(ctx, theme.creatureFin, outlined, hairline));
    // The angle on the canvas: the world's, mirrored by the map's y flip.
    const flip = m.xx * m.yy - m.xy * m.yx < 0 ? -1 : 1;
    for (let i = layout.size - 1; i >= first; i -= 1) {
      for (let k = 0; k < finsEach; k += 1) {
        const at = layout.fins.offsets[i] + k * layout.finValues;
        const x = fins[at], y = fins[at + 1];
        const cx = m.ox + x * m.xx + y * m.yx, cy = m.oy + x * m.xy + y * m.yy;
        const rx = Math.max(1, fins[at + 2] * scale);
        const angle = flip * fins[at + 4];
        // Each ellipse starts where its path begins, so no line joins it to the last one.
        ctx.moveTo(cx + rx * Math.cos(angle), cy + rx * Math.sin(angle));
        ctx.ellipse(cx, cy, rx, Math.max(1, fins[at + 3] * scale), angle, 0, Math.PI * 2);
        finBatch.added();
      }
    }
    finBatch.end();
  }

  // Skins: up to CROWD_FILLED each filled on its own, so that one over another shows; more
  // as hairline outlines, a few dozen to a stroke.
  const { outline } = views;
  const pointsEach = layout.outline.count;
  if (pointsEach >= 3) {
    const skinBatch = batches(ctx, outlined ? CROWD_SHAPES_PER_PATH : 1, crowdPaint(ctx, theme.creatureSkin, outlined, hairline));
    for (let i = layout.size - 1; i >= first; i -= 1) {
      // Back to the first point by lineTo, not closePath: in a path of many outlines Chromium's
      // closePath took 9 % of a 1 000-lizard page's CPU profile and held it at 48-53 fps.
      traceMapped(ctx, m, outline, layout.outline.offsets[i], pointsEach, true);
      skinBatch.added();
    }
    skinBatch.end();
  }
  ctx.restore();
}

/**
 * The target handle.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {Point} target
 * @param {CreatureState} state
 * @param {{highlight: boolean}} how
 */
export function drawCreatureTarget(ctx, view, theme, target, state, { highlight }) {
  drawTargetHandle(ctx, view, theme, target, { highlight, away: state.spine[0] });
}

/**
 * The spacing between spine points i and i + 1.
 * @param {CreatureSettings} options
 * @param {number} i
 */
function spacingAt(options, i) {
  const { spacing } = options;
  return typeof spacing === 'number' ? spacing : (spacing[i] || spacing[0]);
}

/**
 * The overlay under the first creature: spacing circles on the spine points, the bend cone at each
 * joint (where the next segment may point), each foot's rest spot with its step threshold circle
 * in its gait group's colour (dashed for odd groups), and the steering target.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {CreatureState} state
 * @param {CreatureSettings} options
 */
export function drawCreatureOverlay(ctx, view, theme, state, options) {
  const scale = view.scale();
  const { spine } = state;
  ctx.save();
  ctx.setLineDash([]);
  // Bend cones: at joint i, the segment to i + 1 stays within maxBend of the one from i - 1.
  for (let i = 1; i + 1 < spine.length; i += 1) {
    const a = view.worldToCanvas(spine[i - 1]);
    const b = view.worldToCanvas(spine[i]);
    const axis = Math.atan2(b.y - a.y, b.x - a.x);
    const r = spacingAt(options, i) * scale;
    ctx.beginPath();
    ctx.moveTo(b.x, b.y);
    ctx.arc(b.x, b.y, r, axis - options.maxBend, axis + options.maxBend);
    ctx.closePath();
    fillAndEdge(ctx, theme.limitFill, 1, theme.limit);
  }
  // Spacing circles.
  ctx.setLineDash([3, 3]);
  ctx.lineWidth = 1;
  ctx.strokeStyle = theme.soft;
  for (let i = 0; i + 1 < spine.length; i += 1) {
    const c = view.worldToCanvas(spine[i]);
    ctx.beginPath();
    ctx.arc(c.x, c.y, spacingAt(options, i) * scale, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.setLineDash([]);
  // Feet: rest spot, step threshold, a line to where the foot is.
  const colours = groupColours(theme);
  state.legs.forEach((leg) => {
    const colour = colours[leg.group % colours.length];
    const spot = view.worldToCanvas(leg.rest);
    const foot = view.worldToCanvas(leg.foot);
    ctx.setLineDash(leg.group % 2 ? [4, 3] : []);
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = colour;
    ctx.beginPath();
    ctx.arc(spot.x, spot.y, options.stepThreshold * scale, 0, Math.PI * 2);
    ctx.stroke();
    strokeLine(ctx, spot, foot, [2, 3], 1.5, colour);
    ctx.setLineDash([]);
    ctx.beginPath();
    ctx.moveTo(spot.x - 4, spot.y - 4);
    ctx.lineTo(spot.x + 4, spot.y + 4);
    ctx.moveTo(spot.x - 4, spot.y + 4);
    ctx.lineTo(spot.x + 4, spot.y - 4);
    ctx.stroke();
  });
  // The steering target (where the head steers, easing toward the goal) and the head's pull to it.
  const head = view.worldToCanvas(spine[0]);
  const steer = view.worldToCanvas(state.target);
  strokeLine(ctx, head, steer, [2, 4], 1.5, theme.overlayStep);
  ctx.setLineDash([]);
  ctx.beginPath();
  ctx.arc(steer.x, steer.y, 4, 0, Math.PI * 2);
  ctx.fillStyle = theme.overlayStep;
  ctx.fill();
  ctx.restore();
}

/**
 * A small plot, bottom left: the distance from the goal to the steering target (solid) and to the
 * head (dashed) over the last ~2 s, so the spring's second-order response (lag, overshoot) shows.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {Array<{target: number, head: number}>} history Oldest first.
 * @param {number} samples How many samples the plot's width holds.
 */
export function drawSpringPlot(ctx, view, theme, history, samples) {
  const { height } = view.size();
  const box = { x: 10, y: height - 104, width: 200, height: 94 };
  ctx.save();
  drawCard(ctx, box, theme);
  const font = 11;
  ctx.font = `${font}px ${theme.font}`;
  ctx.fillStyle = theme.overlayInk;
  ctx.textBaseline = 'top';
  ctx.fillText('distance to goal, last 2 s', box.x + 8, box.y + 6);
  const plot = { x: box.x + 8, y: box.y + 22, width: box.width - 16, height: box.height - 48 };
  const top = Math.max(10, ...history.map((h) => Math.max(h.target, h.head)));
  ctx.lineWidth = 1;
  ctx.strokeStyle = theme.overlayEdge;
  ctx.beginPath();
  ctx.moveTo(plot.x, plot.y + plot.height);
  ctx.lineTo(plot.x + plot.width, plot.y + plot.height);
  ctx.stroke();
  /** @param {'target' | 'head'} key @param {string} colour @param {number[]} dash */
  const line = (key, colour, dash) => {
    ctx.beginPath();
    history.forEach((h, i) => {
      const x = plot.x + ((i + samples - history.length) / (samples - 1)) * plot.width;
      const y = plot.y + plot.height * (1 - h[key] / top);
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    });
    ctx.setLineDash(dash);
    ctx.lineWidth = 2;
    ctx.strokeStyle = colour;
    ctx.stroke();
    ctx.setLineDash([]);
  };
  line('head', theme.overlayBase, [4, 3]);
  line('target', theme.overlayStep, []);
  const legend = box.y + box.height - 20;
  ctx.fillStyle = theme.overlayStep;
  ctx.fillRect(box.x + 8, legend + 5, 14, 2);
  ctx.fillStyle = theme.overlayInk;
  ctx.fillText('steering', box.x + 26, legend);
  ctx.setLineDash([4, 3]);
  ctx.strokeStyle = theme.overlayBase;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(box.x + 88, legend + 6);
  ctx.lineTo(box.x + 102, legend + 6);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.fillText('head', box.x + 106, legend);
  ctx.textAlign = 'right';
  ctx.fillText(`${Math.round(top)}`, box.x + box.width - 8, box.y + 6);
  ctx.restore();
}
