/**
 * The stress scene's meter: ring buffers of the last HISTORY solve and draw timings with their
 * median and max, what getState().meter reports, and the meter card drawn in the top left.
 *
 * Contents: history · what getState() reports · the card.
 *
 * - solve ms = writing the targets plus both batch solves, per simulation step; draw ms = recording
 *   the limbs and chains on the canvas, per drawn frame (the browser rasterizes later: the frame
 *   rate shows the rest). The last HISTORY values of each are kept in ring buffers (no allocation
 *   per step) for the median, the max and the sparkline.
 */

import { drawCard } from '../../draw/draw.js';
import { groupDigits } from './draw.js';

/**
 * @typedef {import('../../draw/view.js').View} View
 * @typedef {import('../../draw/draw.js').Theme} Theme
 *
 * @typedef {Object} History A ring buffer of the last HISTORY timings, milliseconds.
 * @property {Float64Array} values
 * @property {number} count Values recorded so far (the newest is at (count - 1) % HISTORY).
 * @property {number} last The newest value.
 *
 * @typedef {Object} Meter What getState().meter reports (milliseconds, rounded to 0.001).
 * @property {number} solveMs Last simulation step: writing targets and both batch solves.
 * @property {number} drawMs Last drawn frame: the limbs and chains (the meter not included).
 * @property {number} medianSolveMs Over the last HISTORY steps.
 * @property {number} maxSolveMs
 * @property {number} medianDrawMs Over the last HISTORY drawn frames.
 * @property {number} maxDrawMs
 * @property {number} solves Steps measured since the batches were built.
 * @property {number} frames Frames drawn (with limbs and chains) since the batches were built.
 * @property {number} limbs
 * @property {number} chains
 * @property {number} bones Bones per chain.
 * @property {{solveMs: number[], drawMs: number[]}} history The last HISTORY values, oldest first.
 *
 * @typedef {Object} Counts What the batches hold.
 * @property {number} limbs
 * @property {number} chains
 * @property {number} bones Bones per chain.
 *
 * @typedef {Object} MeterData What the meter card shows.
 * @property {History} solve
 * @property {History} draw
 * @property {boolean} drawing The scene draws its limbs and chains.
 * @property {number} limbs
 * @property {number} chains
 * @property {number} bones
 * @property {number} reachedLimbs
 * @property {number} reachedChains
 * @property {string} method
 * @property {number} iterations
 */

/** Timings kept for the median, max and sparkline. */
const HISTORY = 120;

/** The frame budget the issue sets for solving (drawn as a dotted line on the sparkline), ms. */
export const BUDGET_MS = 4;

// History -------------------------------------------------------------------------------------

/** @returns {History} */
export function createHistory() {
  return { values: new Float64Array(HISTORY), count: 0, last: 0 };
}

/** @param {History} history */
export function resetHistory(history) {
  history.values.fill(0);
  history.count = 0;
  history.last = 0;
}

/**
 * @param {History} history
 * @param {number} ms
 */
export function record(history, ms) {
  history.values[history.count % HISTORY] = ms;
  history.count += 1;
  history.last = ms;
}

/** Scratch for median(): sorted in place, never reallocated. */
const scratch = new Float64Array(HISTORY);

/** @param {History} history */
function median(history) {
  const n = Math.min(history.count, HISTORY);
  if (n === 0) return 0;
  const part = scratch.subarray(0, n);
  part.set(history.values.subarray(0, n));
  part.sort();
  return n % 2 ? part[(n - 1) / 2] : (part[n / 2 - 1] + part[n / 2]) / 2;
}

/** @param {History} history */
function maximum(history) {
  const n = Math.min(history.count, HISTORY);
  let most = 0;
  for (let i = 0; i < n; i += 1) most = Math.max(most, history.values[i]);
  return most;
}

/**
 * The recorded values, oldest first.
 * @param {History} history
 * @returns {number[]}
 */
function historyValues(history) {
  const n = Math.min(history.count, HISTORY);
  const values = [];
  for (let k = history.count - n; k < history.count; k += 1) values.push(round3(history.values[k % HISTORY]));
  return values;
}

/** @param {number} value */
function round3(value) {
  return Math.round(value * 1000) / 1000;
}

// What getState() reports ---------------------------------------------------------------------

/**
 * The meter as getState().meter reports it.
 * @param {History} solve
 * @param {History} draw
 * @param {Counts} counts
 * @returns {Meter}
 */
export function meterState(solve, draw, counts) {
  return {
    solveMs: round3(solve.last),
    drawMs: round3(draw.last),
    medianSolveMs: round3(median(solve)),
    maxSolveMs: round3(maximum(solve)),
    medianDrawMs: round3(median(draw)),
    maxDrawMs: round3(maximum(draw)),
    solves: solve.count,
    frames: draw.count,
    limbs: counts.limbs,
    chains: counts.chains,
    bones: counts.bones,
    history: { solveMs: historyValues(solve), drawMs: historyValues(draw) },
  };
}

/**
 * A readout of one timing: "1.23 ms (median 1.20, max 2.34)".
 * @param {History} history
 */
export function timingText(history) {
  return `${history.last.toFixed(2)} ms (median ${median(history).toFixed(2)}, max ${maximum(history).toFixed(2)})`;
}

// The card ------------------------------------------------------------------------------------

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
  const { solve, draw } = data;
  const maxSolveMs = maximum(solve);
  const maxDrawMs = maximum(draw);
  const lines = [
    { label: 'solve', text: `${ms(solve.last)} ms · med ${ms(median(solve))} · max ${ms(maxSolveMs)}`, colour: theme.plotCcd, dash: /** @type {number[]} */ ([]) },
    {
      label: 'draw',
      text: data.drawing ? `${ms(draw.last)} ms · med ${ms(median(draw))} · max ${ms(maxDrawMs)}` : 'off (D turns it on)',
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

  drawCard(ctx, { x: x0, y: y0, width: boxWidth, height: boxHeight }, theme);

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

  // Sparkline: the last HISTORY values of each, the newest at the right.
  const left = x0 + pad;
  const right = x0 + boxWidth - pad;
  const top = y;
  const bottom = y + spark;
  const scaleMax = niceCeiling(Math.max(BUDGET_MS * 1.5, maxSolveMs, data.drawing ? maxDrawMs : 0));
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
  const series = data.drawing ? [[solve, lines[0]], [draw, lines[1]]] : [[solve, lines[0]]];
  for (const [history, line] of /** @type {Array<[History, typeof lines[0]]>} */ (series)) {
    const n = Math.min(history.count, HISTORY);
    if (n < 2) continue;
    ctx.beginPath();
    const step = (right - left) / (HISTORY - 1);
    for (let k = 0; k < n; k += 1) {
      const value = history.values[(history.count - n + k) % HISTORY];
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
