/**
 * Drawing the stress scene: thousands of limbs and chains in a handful of paths (one per colour,
 * no style change per element, world → canvas mapped inline without objects), the shared target
 * with its circle of influence, and the meter card (solve and draw ms, counts, a sparkline).
 */

import { drawTargetHandle } from '../draw.js';

/**
 * @typedef {import('../settings.js').Point} Point
 * @typedef {import('../view.js').View} View
 * @typedef {import('../draw.js').Theme} Theme
 *
 * @typedef {Object} LimbArrays Views of a TwoBoneBatch.
 * @property {Float64Array} rootX
 * @property {Float64Array} rootY
 * @property {Float64Array} jointX
 * @property {Float64Array} jointY
 * @property {Float64Array} endX
 * @property {Float64Array} endY
 *
 * @typedef {Object} ChainArrays Views of a ChainBatch (chain-fastest: [joint * count + chain]).
 * @property {number} bones
 * @property {Float64Array} x
 * @property {Float64Array} y
 *
 * @typedef {Object} Population
 * @property {'limbs' | 'chains'} kind
 * @property {number} count
 * @property {number} cell Grid cell size, world units.
 * @property {Uint8Array} status 0 = reached.
 * @property {LimbArrays} [limbs]
 * @property {ChainArrays} [chains]
 *
 * @typedef {Object} TimingHistory
 * @property {Float64Array} values Ring buffer.
 * @property {number} count Values recorded (the newest at (count - 1) % length).
 *
 * @typedef {Object} MeterData
 * @property {TimingHistory} solve
 * @property {TimingHistory} draw
 * @property {boolean} drawing The scene draws its limbs and chains.
 * @property {number} history Length of the ring buffers.
 * @property {number} solveMs
 * @property {number} drawMs
 * @property {number} medianSolveMs
 * @property {number} maxSolveMs
 * @property {number} medianDrawMs
 * @property {number} maxDrawMs
 * @property {number} limbs
 * @property {number} chains
 * @property {number} bones
 * @property {number} reachedLimbs
 * @property {number} reachedChains
 * @property {string} method
 * @property {number} iterations
 */

/** The frame budget the issue sets for solving (drawn as a dotted line on the sparkline), ms. */
export const BUDGET_MS = 4;

/**
 * Strokes every limb (root → joint → end) or every chain (root → ... → end) in two paths: those
 * that reached their targets in the bone colour, the others (stretched toward the shared target)
 * in the warning colour.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {Population} population
 */
export function drawStressPopulation(ctx, view, theme, population) {
  const origin = view.worldToCanvas({ x: 0, y: 0 });
  const k = view.scale();
  const ox = origin.x;
  const oy = origin.y;
  const { status, count } = population;
  ctx.save();
  ctx.lineCap = 'butt';
  ctx.lineJoin = 'miter';
  ctx.setLineDash([]);
  // Many segments: under one pixel wide. Chromium's software rasterizer then draws hairlines
  // instead of stroking outlines with a join at every vertex, 3 to 6 times faster with 10 000 limbs
  // and 1 000 chains (packed that tightly, they could not be wider anyway).
  const segments = count * (population.chains ? population.chains.bones : 2);
  const widest = segments <= 4000 ? 2.5 : population.kind === 'limbs' ? 0.7 : 0.95;
  ctx.lineWidth = Math.min(widest, Math.max(0.5, population.cell * k * 0.08));
  for (const reached of [true, false]) {
    ctx.beginPath();
    if (population.limbs) {
      const { rootX, rootY, jointX, jointY, endX, endY } = population.limbs;
      for (let i = 0; i < count; i += 1) {
        if ((status[i] === 0) !== reached) continue;
        ctx.moveTo(ox + rootX[i] * k, oy - rootY[i] * k);
        ctx.lineTo(ox + jointX[i] * k, oy - jointY[i] * k);
        ctx.lineTo(ox + endX[i] * k, oy - endY[i] * k);
      }
    } else if (population.chains) {
      const { bones, x, y } = population.chains;
      for (let i = 0; i < count; i += 1) {
        if ((status[i] === 0) !== reached) continue;
        ctx.moveTo(ox + x[i] * k, oy - y[i] * k);
        for (let j = 1, at = count + i; j <= bones; j += 1, at += count) ctx.lineTo(ox + x[at] * k, oy - y[at] * k);
      }
    }
    if (reached) ctx.strokeStyle = population.kind === 'limbs' ? theme.bone : theme.bone2;
    else ctx.strokeStyle = theme.warn;
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * The shared target: its circle of influence (dashed) and the usual handle.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {Point} target
 * @param {number} influence Radius, world units.
 * @param {boolean} highlight Hovered or dragged.
 */
export function drawStressTarget(ctx, view, theme, target, influence, highlight) {
  const at = view.worldToCanvas(target);
  ctx.save();
  ctx.beginPath();
  ctx.arc(at.x, at.y, influence * view.scale(), 0, Math.PI * 2);
  ctx.setLineDash([6, 5]);
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = theme.reach;
  ctx.stroke();
  ctx.restore();
  drawTargetHandle(ctx, view, theme, target, { highlight });
}

/**
 * Digit groups with a narrow no-break space: 10000 → "10 000".
 * @param {number} value
 */
export function groupDigits(value) {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
}

/**
 * The meter card in the top left: solve and draw ms (last, median, max over the history), the
 * counts, how many reached and the chain method, and a sparkline of both timings with the 4 ms budget dotted.
 * Solve is a solid line, draw a dashed one (each with its own colour as well).
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {MeterData} data
 */
export function drawStressMeter(ctx, view, theme, data) {
  const { width, height } = view.size();
  const size = Math.round(Math.min(13, Math.max(10, Math.min(width / 62, height / 42))) * 2) / 2;
  const font = `${size}px ${theme.font}`;
  const bold = `600 ${size}px ${theme.font}`;
  const pad = Math.round(size * 0.6);
  const lineHeight = Math.ceil(size * 1.4);
  const key = size * 1.6; // The legend's line sample before "solve" / "draw".
  const ms = (/** @type {number} */ v) => v.toFixed(2);
  const lines = [
    { label: 'solve', text: `${ms(data.solveMs)} ms · med ${ms(data.medianSolveMs)} · max ${ms(data.maxSolveMs)}`, colour: theme.plotCcd, dash: /** @type {number[]} */ ([]) },
    {
      label: 'draw',
      text: data.drawing ? `${ms(data.drawMs)} ms · med ${ms(data.medianDrawMs)} · max ${ms(data.maxDrawMs)}` : 'off (D turns it on)',
      colour: theme.plotFabrik,
      dash: [3, 2],
    },
  ];
  const counts = `${groupDigits(data.limbs)} limbs · ${groupDigits(data.reachedLimbs)} reached`;
  const method = `${groupDigits(data.chains)} chains × ${data.bones} · ${groupDigits(data.reachedChains)} reached · ${data.method}`;

  ctx.save();
  ctx.font = bold;
  const labelWidth = Math.max(ctx.measureText('solve').width, ctx.measureText('draw').width) + size * 0.5;
  ctx.font = font;
  const template = `${ms(88.88)} ms · med ${ms(88.88)} · max ${ms(88.88)}`;
  const textWidth = Math.max(
    key + size * 0.4 + labelWidth + Math.max(ctx.measureText(template).width, ...lines.map((l) => ctx.measureText(l.text).width)),
    ctx.measureText(counts).width,
    ctx.measureText(method).width,
  );
  const spark = Math.round(size * 2.6);
  const boxWidth = Math.ceil(Math.min(textWidth + 2 * pad, width - 16));
  const boxHeight = pad * 2 + lineHeight * 4 + spark + pad * 0.5;
  const x0 = 8;
  const y0 = 8;

  ctx.beginPath();
  ctx.roundRect(x0, y0, boxWidth, boxHeight, 6);
  ctx.fillStyle = theme.overlayPanel;
  ctx.fill();
  ctx.lineWidth = 1;
  ctx.strokeStyle = theme.overlayEdge;
  ctx.stroke();

  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  let y = y0 + pad + lineHeight / 2;
  for (const line of lines) {
    ctx.beginPath();
    ctx.moveTo(x0 + pad, y);
    ctx.lineTo(x0 + pad + key, y);
    ctx.setLineDash(line.dash);
    ctx.lineWidth = 2;
    ctx.strokeStyle = line.colour;
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.font = bold;
    ctx.fillStyle = theme.overlayInk;
    ctx.fillText(line.label, x0 + pad + key + size * 0.4, y);
    ctx.font = font;
    ctx.fillText(line.text, x0 + pad + key + size * 0.4 + labelWidth, y);
    y += lineHeight;
  }
  ctx.fillText(counts, x0 + pad, y);
  y += lineHeight;
  ctx.fillText(method, x0 + pad, y);
  y += lineHeight / 2 + pad * 0.5;

  // Sparkline: the last `history` values of each, the newest at the right.
  const left = x0 + pad;
  const right = x0 + boxWidth - pad;
  const top = y;
  const bottom = y + spark;
  const scaleMax = niceCeiling(Math.max(BUDGET_MS * 1.5, data.maxSolveMs, data.drawing ? data.maxDrawMs : 0));
  const toY = (/** @type {number} */ v) => bottom - (Math.min(v, scaleMax) / scaleMax) * (bottom - top);
  ctx.beginPath();
  ctx.moveTo(left, bottom + 0.5);
  ctx.lineTo(right, bottom + 0.5);
  ctx.lineWidth = 1;
  ctx.strokeStyle = theme.overlayEdge;
  ctx.stroke();
  const budgetY = Math.round(toY(BUDGET_MS)) + 0.5;
  ctx.beginPath();
  ctx.moveTo(left, budgetY);
  ctx.lineTo(right, budgetY);
  ctx.setLineDash([1, 3]);
  ctx.strokeStyle = theme.overlayInk;
  ctx.stroke();
  ctx.setLineDash([]);
  // Scale labels on the left: the newest values, at the right, are where spikes show.
  ctx.font = `${Math.max(9, size - 2)}px ${theme.font}`;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'bottom';
  ctx.fillStyle = theme.overlayInk;
  ctx.fillText(`${BUDGET_MS} ms`, left, budgetY - 1);
  ctx.textBaseline = 'top';
  ctx.fillText(`${scaleMax} ms`, left + ctx.measureText(`${BUDGET_MS} ms`).width + size, top - 1);
  const series = data.drawing ? [[data.solve, lines[0]], [data.draw, lines[1]]] : [[data.solve, lines[0]]];
  for (const [history, line] of /** @type {Array<[TimingHistory, typeof lines[0]]>} */ (series)) {
    const n = Math.min(history.count, data.history);
    if (n < 2) continue;
    ctx.beginPath();
    const step = (right - left) / (data.history - 1);
    for (let k = 0; k < n; k += 1) {
      const value = history.values[(history.count - n + k) % data.history];
      const px = right - (n - 1 - k) * step;
      if (k === 0) ctx.moveTo(px, toY(value));
      else ctx.lineTo(px, toY(value));
    }
    ctx.setLineDash(line.dash);
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = line.colour;
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * The smallest of 6, 8, 12, 16, 24, 32, ... ms at or above `value`.
 * @param {number} value
 */
function niceCeiling(value) {
  let nice = 6;
  while (nice < value && nice < 1e6) nice = nice % 3 === 0 ? (nice / 3) * 4 : (nice / 4) * 6;
  return nice;
}
