/**
 * The arm's joint-space panel (`jointSpace`): the space of poses, angle1 across and angle2 up, each
 * −180°…180° (a torus cut open: the edges wrap), drawn beside the arm (below it on a tall, narrow
 * canvas).
 *
 * What it shows, and why the solutions are where two curves cross:
 * - The end's distance from the root depends on angle2 alone: with ℓ₂′ = |(ℓ₂ + x, y)| and
 *   δ = atan2(y, ℓ₂ + x) for a tool at (x, y) on bone 2 (0, 0: none),
 *   |end − root|² = ℓ₁² + ℓ₂′² + 2·ℓ₁·ℓ₂′·cos(angle2 + δ). The poses whose end is at the target's
 *   distance d are two horizontal lines, angle2 = −δ ± acos((d² − ℓ₁² − ℓ₂′²) / (2·ℓ₁·ℓ₂′)); the band
 *   between them (around the straight arm, angle2 = −δ) holds the poses that reach at least as far.
 *   Out of reach there is no line: the straight arm (a dashed "full reach" line) comes closest; too
 *   close, the folded arm (a dashed "folded" line).
 * - Turning angle1 turns the whole arm about the root, so the poses whose end points toward the
 *   target are a curve angle1 = θ − atan2(end at angle1 = 0), one angle1 for each angle2.
 * - The solutions are where the curve crosses the lines: `ik.solveTwoBone` with bend +1 and −1
 *   (the module's answers, not a second solver here), drawn as rings; the arm's pose is the dot.
 *
 * The panel's square is 360 world units (one per degree) so that the playground's pointer, arrow
 * keys and handles work in it as anywhere else: the pose dot is a derived handle ('jointPose'), a
 * drag in the panel sets the target to the dragged pose's end (forward kinematics: figureAt) and
 * the bend to the side that pose bends to, so the solver gives back that pose; a press on the
 * other solution's ring flips the bend.
 */

import { beginPart, drawDot, drawHalo, endPart, fillAndEdge } from '../../draw/draw.js';
import { figureAt, toolSide } from './tool.js';
import { quantize } from '../../model/settings.js';
import { wrapAngle } from '../shared.js';

/**
 * @typedef {import('../../model/settings.js').Point} Point
 * @typedef {import('../../model/settings.js').Rect} Rect
 * @typedef {import('../../draw/view.js').View} View
 * @typedef {import('../../draw/draw.js').Theme} Theme
 * @typedef {import('./scene.js').ArmParams} ArmParams
 * @typedef {import('./scene.js').TwoBoneResult} TwoBoneResult
 * @typedef {import('../index.js').DrawUi} DrawUi
 *
 * @typedef {Object} JointSpaceLayout Where the panel goes for a canvas size.
 * @property {'beside' | 'below'} side
 * @property {Rect} square The torus square, world units (360 on a side: one per degree).
 * @property {Rect} fit The world rectangle the view fits: the arm's world and the panel.
 * @property {number} scale CSS px per world unit the fit gives.
 * @property {number} fontSize The panel's text, CSS px.
 * @property {string[]} caption The caption's lines as wrapped for this size (none when the square
 *   would be under 190 px: a small embed has no room; the accessible description still says it all).
 * @property {boolean} compact A small canvas: short axis titles, no caption.
 *
 * @typedef {Object} JointSpaceFigure The panel's content, from the settings and the solver.
 * @property {[number, number]} pose The arm as drawn: [angle1, angle2], radians.
 * @property {Array<[number, number]>} solutions `solveTwoBone` with bend +1 then −1, radians; one
 *   when both give the same pose (out of reach, too close).
 * @property {Array<1 | -1>} bends The bend of each solution.
 * @property {number[]} levels angle2 of the poses whose end is at the target's distance, radians
 *   (two lines; none out of reach or too close).
 * @property {{kind: 'full reach' | 'folded', angle2: number} | null} limit Out of reach or too close:
 *   the line of poses that come closest.
 * @property {number} straight −δ: angle2 of the straight arm (the band's middle), radians.
 * @property {string} status The IK result's status.
 * @property {number} scale The stretch of the solution (1 unless stretched).
 */

const DEGREES = 180 / Math.PI;

/** The square's side, world units: one per degree. */
export const SQUARE = 360;

/** World units between the arm's world and the panel. */
const GAP = 24;

/** The caption: what the lines mean, in one sentence. */
const CAPTION = 'Each point is a pose (dot: the arm); on the solid lines the end is as far from the root as the '
  + 'target, on the dashed curve it points at the target, so they cross at the solutions (rings: click or tap one to flip the bend).';

/** The toggle that shows the panel (link `jointSpace=1`). */
export const JOINT_SPACE_PARAM = {
  name: 'jointSpace', label: 'Joint space', kind: /** @type {const} */ ('toggle'), default: false, key: 'j',
  help: 'Every pose as a point (angle1, angle2): the two solutions are where two curves cross.',
};

/** The derived handle of the pose dot. */
export const JOINT_SPACE_HANDLE = { name: 'jointPose', label: 'Joint-space pose' };

/**
 * The panel's font size for a canvas, CSS px: 10 on a phone or a small embed, up to 13.
 * @param {{width: number, height: number}} size
 */
function panelFont(size) {
  return Math.round(Math.min(13, Math.max(10, Math.min(size.width, size.height * 1.4) / 62)) * 2) / 2;
}

/**
 * Wraps text into lines of at most `chars` characters, at spaces.
 * @param {string} text @param {number} chars
 */
function wrapWords(text, chars) {
  /** @type {string[]} */
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > chars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The panel's margins around the square, CSS px: tick labels left and below, the axis titles,
 * the caption under it all.
 * @param {number} font @param {number} captionLines
 */
function margins(font, captionLines) {
  return {
    left: Math.ceil(font * 3.4), right: Math.ceil(font * 1.8), top: Math.ceil(font * 2.2),
    bottom: Math.ceil(font * (3.4 + 1.3 * captionLines + 0.6)),
  };
}

/**
 * Where the panel goes: beside the arm's world or below it, whichever leaves the arm larger.
 * @param {Rect} world The arm's world rectangle.
 * @param {{width: number, height: number}} size The canvas, CSS px.
 * @returns {JointSpaceLayout}
 */
export function jointSpaceLayout(world, size) {
  const width = Math.max(1, size.width);
  const height = Math.max(1, size.height);
  const font = panelFont(size);

  const worldWidth = world.maxX - world.minX;
  const worldHeight = world.maxY - world.minY;
  /** @param {number} lines */
  const scales = (lines) => {
    const m = margins(font, lines);
    const across = m.left + m.right;
    const up = m.top + m.bottom;
    return {
      m,
      beside: Math.min((width - across) / (worldWidth + GAP + SQUARE), (height - up) / SQUARE, height / worldHeight),
      below: Math.min(width / worldWidth, (width - across) / SQUARE, (height - up) / (worldHeight + GAP + SQUARE)),
    };
  };
  // The caption wraps to the panel's width, which depends on the scale: fit twice. A square under
  // 190 px even without a caption (a small embed) is compact: short titles, no caption.
  let fit = scales(0);
  let side = /** @type {'beside' | 'below'} */ (fit.beside >= fit.below ? 'beside' : 'below');
  let scale = Math.max(1e-3, fit[side]);
  const compact = SQUARE * scale < 190;
  let lines = 4;
  fit = scales(lines);
  side = fit.beside >= fit.below ? 'beside' : 'below';
  scale = Math.max(1e-3, fit[side]);
  const chars = Math.max(20, Math.floor((SQUARE * scale + fit.m.left) / (font * 0.92 * 0.52)));
  const caption = compact ? [] : wrapWords(CAPTION, chars);
  lines = caption.length;
  fit = scales(lines);
  side = fit.beside >= fit.below ? 'beside' : 'below';
  scale = Math.max(1e-3, fit[side]);
  const m = fit.m;
  const { left, right, top, bottom } = { left: m.left / scale, right: m.right / scale, top: m.top / scale, bottom: m.bottom / scale };
  /** @type {Rect} */
  let square;
  /** @type {Rect} */
  let whole;
  if (side === 'beside') {
    const minX = world.maxX + GAP + left;
    // The panel (square and margins) centred on the world's middle height.
    const middle = (world.minY + world.maxY) / 2;
    const minY = middle - (SQUARE + top + bottom) / 2 + bottom;
    square = { minX, maxX: minX + SQUARE, minY, maxY: minY + SQUARE };
    whole = {
      minX: world.minX, maxX: square.maxX + right,
      minY: Math.min(world.minY, minY - bottom), maxY: Math.max(world.maxY, square.maxY + top),
    };
  } else {
    const centre = (world.minX + world.maxX) / 2 + (left - right) / 2;
    const maxY = world.minY - GAP - top;
    square = { minX: centre - SQUARE / 2, maxX: centre + SQUARE / 2, minY: maxY - SQUARE, maxY };
    whole = {
      minX: Math.min(world.minX, square.minX - left), maxX: Math.max(world.maxX, square.maxX + right),
      minY: square.minY - bottom, maxY: world.maxY,
    };
  }
  return { side, square, fit: whole, scale, fontSize: font, caption, compact };
}

/**
 * The world point of a pose in the square.
 * @param {Rect} square @param {number} angle1 @param {number} angle2 Radians.
 * @returns {Point}
 */
export function poseToWorld(square, angle1, angle2) {
  return { x: square.minX + SQUARE / 2 + wrapAngle(angle1) * DEGREES, y: square.minY + SQUARE / 2 + wrapAngle(angle2) * DEGREES };
}

/**
 * The pose (radians) at a world point of the square, clamped to it.
 * @param {Rect} square @param {Point} world
 * @returns {[number, number]}
 */
function worldToPose(square, world) {
  const clamp = (/** @type {number} */ v) => Math.max(-180, Math.min(180, v));
  return [clamp(world.x - square.minX - SQUARE / 2) / DEGREES, clamp(world.y - square.minY - SQUARE / 2) / DEGREES];
}

/** @param {Rect} rect @param {Point} p @param {number} [margin] */
export function inside(rect, p, margin = 0) {
  return p.x >= rect.minX - margin && p.x <= rect.maxX + margin && p.y >= rect.minY - margin && p.y <= rect.maxY + margin;
}

/**
 * The panel's content: the lines, the solutions (the solver's, bend +1 and −1) and the pose.
 * @param {ArmParams} params
 * @param {Point} root
 * @param {Point} target
 * @param {TwoBoneResult} shown The arm as drawn.
 * @param {TwoBoneResult[]} answers `solveTwoBone` with bend +1 and −1 (mix 1).
 * @returns {JointSpaceFigure}
 */
export function jointSpaceFigure(params, root, target, shown, answers) {
  const second = toolSide(params);
  const delta = Math.atan2(params.offsetY, params.length2 + params.offsetX);
  const d = Math.hypot(target.x - root.x, target.y - root.y);
  const l1 = params.length1;
  const c = (d * d - l1 * l1 - second * second) / (2 * l1 * second);
  /** @type {number[]} */
  const levels = [];
  /** @type {JointSpaceFigure['limit']} */
  let limit = null;
  if (c > 1) limit = { kind: 'full reach', angle2: wrapAngle(-delta) };
  else if (c < -1) limit = { kind: 'folded', angle2: wrapAngle(Math.PI - delta) };
  else {
    const half = Math.acos(c);
    levels.push(wrapAngle(-delta + half), wrapAngle(-delta - half));
  }
  /** @type {Array<[number, number]>} */
  const solutions = [];
  /** @type {Array<1 | -1>} */
  const bends = [];
  answers.forEach((answer, i) => {
    if (answer.status === 'invalid') return;
    const pose = /** @type {[number, number]} */ ([answer.angle1, answer.angle2]);
    const same = solutions.some((s) => Math.abs(wrapAngle(s[0] - pose[0])) < 1e-9 && Math.abs(wrapAngle(s[1] - pose[1])) < 1e-9);
    if (same) return;
    solutions.push(pose);
    bends.push(i === 0 ? 1 : -1);
  });
  return {
    pose: [shown.angle1, shown.angle2], solutions, bends, levels, limit, straight: wrapAngle(-delta),
    status: answers[0]?.status ?? shown.status, scale: answers[0]?.scale ?? 1,
  };
}

/**
 * The curve of poses whose end points toward the target: for each angle2, angle1 = θ − the end's
 * direction at angle1 = 0 (forward kinematics), in pieces that break where it wraps.
 * @param {any} ik The module (forward kinematics: figureAt).
 * @param {ArmParams} params
 * @param {Point} root
 * @param {Point} target
 * @returns {Array<Array<[number, number]>>} Pieces of [angle1, angle2], radians.
 */
export function towardCurve(ik, params, root, target) {
  const base = Math.atan2(target.y - root.y, target.x - root.x);
  const origin = { x: 0, y: 0 };
  const reach = params.length1 + toolSide(params);
  const count = 720;
  /** @type {Array<Array<[number, number]>>} */
  const pieces = [];
  /** @type {Array<[number, number]>} */
  let piece = [];
  for (let k = 0; k <= count; k += 1) {
    const angle2 = -Math.PI + (2 * Math.PI * k) / count;
    const { tip } = figureAt(ik, params, origin, 0, angle2);
    if (Math.hypot(tip.x, tip.y) < reach * 1e-6) {
      // The end on the root: it points nowhere.
      if (piece.length > 1) pieces.push(piece);
      piece = [];
      continue;
    }
    const angle1 = wrapAngle(base - Math.atan2(tip.y, tip.x));
    const last = piece[piece.length - 1];
    if (last && Math.abs(angle1 - last[0]) > Math.PI) {
      // Across the square's edge: finish this piece at the edge, start the next at the other.
      const edge = angle1 < last[0] ? Math.PI : -Math.PI;
      piece.push([edge, angle2]);
      pieces.push(piece);
      piece = [[-edge, angle2]];
    }
    piece.push([angle1, angle2]);
  }
  if (piece.length > 1) pieces.push(piece);
  return pieces;
}

/**
 * Where a drag in the panel to `world` takes the arm: the target on the end of that pose (forward
 * kinematics, with the tool) and the bend that pose has, so that the solver gives it back.
 * @param {any} ik The module (forward kinematics: figureAt).
 * @param {Rect} square
 * @param {Point} world
 * @param {ArmParams} params
 * @param {Point} root
 * @returns {Record<string, unknown>} A partial state.
 */
export function dragPose(ik, square, world, params, root) {
  const [angle1, angle2] = worldToPose(square, world);
  const { tip } = figureAt(ik, params, root, angle1, angle2);
  const delta = Math.atan2(params.offsetY, params.length2 + params.offsetX);
  // bend +1 puts the joint left of root→target: angle2 + δ ≤ 0.
  const bend = wrapAngle(angle2 + delta) > 0 ? -1 : 1;
  return { target: { x: quantize(tip.x), y: quantize(tip.y) }, params: { bend, path: 'none' } };
}

/**
 * The panel's words for screen readers and the readouts' neighbours: the pose and the solutions.
 * @param {JointSpaceFigure} figure
 */
export function describeJointSpace(figure) {
  const deg = (/** @type {number} */ a) => `${(a * DEGREES).toFixed(1).replace('-', '\u2212')}°`;
  const pair = (/** @type {[number, number]} */ p) => `(${deg(p[0])}, ${deg(p[1])})`;
  const answers = figure.solutions.map((s, i) => `${pair(s)} with bend ${figure.bends[i] > 0 ? '+1' : '−1'}`);
  const where = figure.limit
    ? `the target is ${figure.limit.kind === 'full reach' ? 'out of reach' : 'too close'}, so one pose comes closest: ${answers.join(' and ')}`
    : `two poses put the end on the target: ${answers.join(' and ')}`;
  return `Joint space (angle1 across, angle2 up): the arm's pose is ${pair(figure.pose)}; ${where}.`;
}

/**
 * The panel's card (the square and its margins) in world units: a press there is the panel's.
 * @param {JointSpaceLayout} layout
 * @returns {Rect}
 */
export function cardRect(layout) {
  const { square, scale } = layout;
  const m = margins(layout.fontSize, layout.caption.length);
  return {
    minX: square.minX - m.left / scale, maxX: square.maxX + m.right / scale,
    minY: square.minY - m.bottom / scale, maxY: square.maxY + m.top / scale,
  };
}

/**
 * The panel's card (the square and its margins) on the canvas, CSS px: what overlays keep clear of.
 * @param {View} view
 * @param {JointSpaceLayout} layout
 * @returns {{x: number, y: number, width: number, height: number}}
 */
export function panelBox(view, layout) {
  const { square, fontSize: font } = layout;
  const topLeft = view.worldToCanvas({ x: square.minX, y: square.maxY });
  const side = view.worldToCanvas({ x: square.maxX, y: square.minY }).x - topLeft.x;
  const m = margins(font, layout.caption.length);
  return { x: topLeft.x - m.left + 2, y: topLeft.y - m.top + 2, width: side + m.left + m.right - 2, height: side + m.top + m.bottom - 4 };
}

/**
 * Draws the panel (over everything else).
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {JointSpaceLayout} layout
 * @param {JointSpaceFigure} figure
 * @param {Array<Array<[number, number]>>} curve
 * @param {DrawUi} ui
 * @param {1 | -1} bend The arm's bend (its solution is the current one).
 */
export function drawJointSpace(ctx, view, theme, layout, figure, curve, ui, bend) {
  const { square, fontSize: font } = layout;
  const topLeft = view.worldToCanvas({ x: square.minX, y: square.maxY });
  const bottomRight = view.worldToCanvas({ x: square.maxX, y: square.minY });
  const side = bottomRight.x - topLeft.x;
  const m = margins(font, layout.caption.length);
  const at = (/** @type {number} */ a1, /** @type {number} */ a2) => view.worldToCanvas(poseToWorld(square, a1, a2));
  /** angle2 (radians) → canvas y. */
  const yOf = (/** @type {number} */ a2) => at(0, a2).y;

  beginPart(ctx, 'joint-space');
  // The card: the square and its margins.
  const card = panelBox(view, layout);
  ctx.beginPath();
  ctx.roundRect(card.x, card.y, card.width, card.height, 6);
  // Opaque: the grid and the world's axis labels must not show through the panel.
  ctx.fillStyle = theme.background;
  ctx.fill();
  ctx.setLineDash([]);
  fillAndEdge(ctx, theme.overlayPanel, 1, theme.overlayEdge);
  ctx.fillStyle = theme.background;
  ctx.fillRect(topLeft.x, topLeft.y, side, side);

  // The band: poses that reach at least as far as the target (around the straight arm).
  if (figure.levels.length === 2) {
    const half = Math.abs(wrapAngle(figure.levels[0] - figure.straight));
    ctx.fillStyle = theme.reachFill;
    for (const [lo, hi] of wrappedRanges(figure.straight - half, figure.straight + half)) {
      ctx.fillRect(topLeft.x, yOf(hi), side, yOf(lo) - yOf(hi));
    }
  }

  // The grid every 90°, and the square's edge.
  ctx.beginPath();
  for (const tick of [-90, 0, 90]) {
    const p = at(tick / DEGREES, tick / DEGREES);
    ctx.moveTo(p.x, topLeft.y);
    ctx.lineTo(p.x, bottomRight.y);
    ctx.moveTo(topLeft.x, p.y);
    ctx.lineTo(bottomRight.x, p.y);
  }
  ctx.lineWidth = 1;
  ctx.strokeStyle = theme.axis;
  ctx.stroke();
  ctx.beginPath();
  ctx.rect(topLeft.x, topLeft.y, side, side);
  ctx.stroke();

  // The lines: the end at the target's distance (solid), or the pose that comes closest (dashed).
  ctx.strokeStyle = theme.overlayBase;
  ctx.lineWidth = 2.5;
  for (const level of figure.levels) {
    const y = yOf(level);
    ctx.beginPath();
    ctx.moveTo(topLeft.x, y);
    ctx.lineTo(bottomRight.x, y);
    ctx.stroke();
  }
  ctx.font = `600 ${font}px ${theme.font}`;
  if (figure.limit) {
    const y = yOf(figure.limit.angle2);
    ctx.beginPath();
    ctx.moveTo(topLeft.x, y);
    ctx.lineTo(bottomRight.x, y);
    ctx.setLineDash([6, 4]);
    ctx.lineWidth = 2;
    ctx.stroke();
    ctx.setLineDash([]);
    haloText(ctx, theme, figure.limit.kind, bottomRight.x - 4, y + (y < topLeft.y + font * 1.5 ? font * 0.9 : -font * 0.9), 'right', theme.overlayBase);
  }

  // The curve: the end points toward the target (dashed).
  ctx.beginPath();
  for (const piece of curve) {
    piece.forEach(([a1, a2], i) => {
      const p = at(a1, a2);
      // The edges themselves: at() wraps +180° to −180°, so place them by hand.
      const x = Math.abs(a1) >= Math.PI - 1e-12 ? (a1 > 0 ? bottomRight.x : topLeft.x) : p.x;
      if (i === 0) ctx.moveTo(x, p.y);
      else ctx.lineTo(x, p.y);
    });
  }
  ctx.setLineDash([7, 4]);
  ctx.lineWidth = 2.5;
  ctx.strokeStyle = theme.overlayStep;
  ctx.stroke();
  ctx.setLineDash([]);

  // The solutions: rings, labelled with their bend; the arm's pose: a filled dot.
  const ring = Math.max(7, font * 0.75);
  figure.solutions.forEach(([a1, a2], i) => {
    const p = at(a1, a2);
    if (figure.bends[i] !== bend && figure.solutions.length > 1 && ui.active === null) {
      // The other answer: a click flips the bend to it.
      drawHalo(ctx, p, ring + 5, theme.overlayBeta);
    }
    ctx.beginPath();
    ctx.arc(p.x, p.y, ring, 0, Math.PI * 2);
    ctx.lineWidth = 2.5;
    ctx.strokeStyle = theme.overlayBeta;
    ctx.stroke();
    const label = figure.solutions.length === 1 ? 'closest' : `bend ${figure.bends[i] > 0 ? '+1' : '\u22121'}`;
    const right = p.x + ring + 3 + font * 4.5 < bottomRight.x;
    haloText(ctx, theme, label, right ? p.x + ring + 3 : p.x - ring - 3, p.y - ring, right ? 'left' : 'right', theme.overlayBeta);
  });
  const pose = at(figure.pose[0], figure.pose[1]);
  if (ui.active === JOINT_SPACE_HANDLE.name || ui.hover === JOINT_SPACE_HANDLE.name) drawHalo(ctx, pose, ring + 9, theme.end);
  drawDot(ctx, view, poseToWorld(square, figure.pose[0], figure.pose[1]), ring * 0.62, theme.end, theme.boneEdge, 1.5);

  // Axes: ticks in degrees, the titles, and the caption.
  ctx.font = `${font}px ${theme.font}`;
  ctx.fillStyle = theme.overlayInk;
  ctx.textBaseline = 'top';
  ctx.textAlign = 'center';
  const ticks = side >= font * 16 ? [-180, -90, 0, 90, 180] : [-180, 0, 180];
  for (const tick of ticks) {
    const x = topLeft.x + ((tick + 180) / 360) * side;
    ctx.fillText(signed(tick), x, bottomRight.y + font * 0.45);
  }
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  for (const tick of ticks) {
    const y = bottomRight.y - ((tick + 180) / 360) * side;
    ctx.fillText(signed(tick), topLeft.x - font * 0.3, y);
  }
  ctx.font = `600 ${font}px ${theme.font}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  ctx.fillText(layout.compact ? 'angle1 →' : 'angle1 (bone 1 from +x) →', topLeft.x + side / 2, bottomRight.y + font * 1.7);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'bottom';
  ctx.fillText(layout.compact ? '↑ angle2' : '↑ angle2 (bone 2 from bone 1)', topLeft.x - m.left + font * 0.6, topLeft.y - font * 0.45);
  ctx.font = `${Math.max(10, font * 0.92)}px ${theme.font}`;
  ctx.textBaseline = 'top';
  layout.caption.forEach((line, i) => {
    ctx.fillText(line, topLeft.x - m.left + font * 0.6, bottomRight.y + font * (3.4 + 1.3 * i));
  });
  endPart(ctx);
}

/** @param {number} degrees */
function signed(degrees) {
  return `${degrees < 0 ? '\u2212' : ''}${Math.abs(degrees)}°`;
}

/**
 * Text on a halo of the background, aligned as asked.
 * @param {CanvasRenderingContext2D} ctx @param {Theme} theme @param {string} text
 * @param {number} x @param {number} y @param {CanvasTextAlign} align @param {string} colour
 */
function haloText(ctx, theme, text, x, y, align, colour) {
  ctx.textAlign = align;
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  ctx.lineWidth = 4;
  ctx.strokeStyle = theme.background;
  ctx.strokeText(text, x, y);
  ctx.fillStyle = colour;
  ctx.fillText(text, x, y);
}

/**
 * An interval of angles (radians, may pass ±π) as pieces within [−π, π].
 * @param {number} lo @param {number} hi
 * @returns {Array<[number, number]>}
 */
function wrappedRanges(lo, hi) {
  if (hi - lo >= 2 * Math.PI) return [[-Math.PI, Math.PI]];
  const shift = Math.floor((lo + Math.PI) / (2 * Math.PI)) * 2 * Math.PI;
  const a = lo - shift;
  const b = hi - shift;
  if (b <= Math.PI) return [[a, b]];
  return [[a, Math.PI], [-Math.PI, b - 2 * Math.PI]];
}
