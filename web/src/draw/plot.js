/**
 * A small line plot on the canvas with a logarithmic y axis: series of values against their index
 * (error against iteration), each with its own colour, dash and marker shape and named in a
 * legend, so they stay apart for colour-blind readers and in greyscale. Sizes are CSS pixels.
 */

import { drawCard } from './draw.js';

/**
 * @typedef {import('./draw.js').Theme} Theme
 * @typedef {{x: number, y: number, width: number, height: number}} Box
 *
 * @typedef {Object} PlotSeries
 * @property {string} name Shown in the legend, e.g. "CCD".
 * @property {number[]} values values[i] is drawn at x = i; values ≤ 0 are drawn at the floor.
 * @property {string} colour
 * @property {number[]} dash Line dash ([] = solid).
 * @property {'circle' | 'square' | 'triangle'} marker
 *
 * @typedef {Object} PlotOptions
 * @property {string} title Written above the plot.
 * @property {string} xLabel Under the x axis, e.g. "sweep".
 * @property {number} [threshold] A dotted horizontal line (e.g. the tolerance), labelled `thresholdLabel`.
 * @property {string} [thresholdLabel]
 * @property {number} fontSize CSS px.
 * @property {string} font Font family.
 */

/** The smallest value drawn: anything below sits on the floor. */
const FLOOR = 1e-9;

/**
 * Draws the plot inside `box` (a card with the title, axes, series and legend).
 * @param {CanvasRenderingContext2D} ctx
 * @param {Box} box
 * @param {PlotSeries[]} series
 * @param {PlotOptions} options
 * @param {Theme} theme
 * @returns {{minExponent: number, maxExponent: number, sweeps: number}} The axes' ranges.
 */
export function drawLogPlot(ctx, box, series, options, theme) {
  const { fontSize } = options;
  const small = Math.max(9, fontSize * 0.85);
  const pad = Math.round(fontSize * 0.55);
  ctx.save();
  drawCard(ctx, box, theme);

  // Ranges: whole decades around every value (and the threshold).
  const all = series.flatMap((s) => s.values).map((v) => Math.max(FLOOR, v));
  if (options.threshold !== undefined) all.push(Math.max(FLOOR, options.threshold));
  let minExponent = Math.floor(Math.log10(Math.min(...all, 1)));
  let maxExponent = Math.ceil(Math.log10(Math.max(...all, 1)));
  if (maxExponent === minExponent) maxExponent += 1;
  const sweeps = Math.max(1, ...series.map((s) => s.values.length - 1));

  // Title and legend on top, the x label at the bottom, tick labels at the left.
  ctx.font = `600 ${fontSize}px ${options.font}`;
  ctx.fillStyle = theme.overlayInk;
  ctx.textBaseline = 'top';
  ctx.textAlign = 'left';
  ctx.fillText(options.title, box.x + pad, box.y + pad);
  const legendY = box.y + pad + fontSize * 1.35;
  ctx.font = `${small}px ${options.font}`;
  let legendX = box.x + pad;
  for (const s of series) {
    drawSample(ctx, legendX, legendY + small / 2, s, small);
    ctx.fillStyle = theme.overlayInk;
    ctx.textBaseline = 'middle';
    ctx.fillText(s.name, legendX + small * 2.6, legendY + small / 2);
    legendX += small * 2.6 + ctx.measureText(s.name).width + small * 1.2;
  }
  const tickWidth = ctx.measureText('1e-10').width;
  const area = {
    x: box.x + pad + tickWidth + 4,
    y: legendY + small * 1.6,
    width: 0,
    height: 0,
  };
  area.width = box.x + box.width - pad - area.x;
  area.height = box.y + box.height - pad - small * 1.4 - area.y;
  const xAt = (/** @type {number} */ i) => area.x + (i / sweeps) * area.width;
  const yAt = (/** @type {number} */ v) => {
    const e = Math.log10(Math.max(FLOOR, v));
    return area.y + ((maxExponent - e) / (maxExponent - minExponent)) * area.height;
  };

  // Axes, decade grid lines and their labels.
  ctx.lineWidth = 1;
  ctx.strokeStyle = theme.overlayEdge;
  ctx.fillStyle = theme.overlayInk;
  ctx.textAlign = 'right';
  ctx.textBaseline = 'middle';
  const every = Math.ceil((maxExponent - minExponent) / Math.max(1, Math.floor(area.height / (small * 1.3))));
  for (let e = minExponent; e <= maxExponent; e += 1) {
    const y = yAt(10 ** e);
    ctx.beginPath();
    ctx.moveTo(area.x, y);
    ctx.lineTo(area.x + area.width, y);
    ctx.stroke();
    if ((maxExponent - e) % every === 0) ctx.fillText(decade(e), area.x - 3, y);
  }
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  const bottom = area.y + area.height + 2;
  ctx.fillText('0', xAt(0), bottom);
  ctx.fillText(String(sweeps), xAt(sweeps), bottom);
  ctx.fillText(options.xLabel, area.x + area.width / 2, bottom);

  if (options.threshold !== undefined) {
    const y = yAt(options.threshold);
    ctx.beginPath();
    ctx.moveTo(area.x, y);
    ctx.lineTo(area.x + area.width, y);
    ctx.setLineDash([1, 3]);
    ctx.strokeStyle = theme.overlayInk;
    ctx.stroke();
    ctx.setLineDash([]);
    if (options.thresholdLabel) {
      // At the left, under the line: the series start high there, so the words stay clear.
      ctx.textAlign = 'left';
      ctx.textBaseline = 'top';
      ctx.fillText(options.thresholdLabel, area.x + 3, y + 1);
    }
  }

  for (const s of series) {
    ctx.beginPath();
    s.values.forEach((v, i) => {
      if (i === 0) ctx.moveTo(xAt(i), yAt(v));
      else ctx.lineTo(xAt(i), yAt(v));
    });
    ctx.setLineDash(s.dash);
    ctx.lineWidth = 2;
    ctx.strokeStyle = s.colour;
    ctx.stroke();
    ctx.setLineDash([]);
    // Markers, thinned out so that they stay apart.
    const stride = Math.max(1, Math.ceil(s.values.length / Math.max(1, area.width / 9)));
    s.values.forEach((v, i) => {
      if (i % stride === 0 || i === s.values.length - 1) drawMarker(ctx, xAt(i), yAt(v), s, small * 0.32);
    });
  }
  ctx.restore();
  return { minExponent, maxExponent, sweeps };
}

/**
 * "1e-3", "1", "10", "1e3" for a power of ten.
 * @param {number} exponent
 */
function decade(exponent) {
  if (exponent === 0) return '1';
  if (exponent === 1) return '10';
  return `1e${exponent < 0 ? '\u2212' : ''}${Math.abs(exponent)}`;
}

/**
 * A series' marker.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x
 * @param {number} y
 * @param {PlotSeries} s
 * @param {number} size Half-size, CSS px.
 */
function drawMarker(ctx, x, y, s, size) {
  ctx.beginPath();
  if (s.marker === 'square') ctx.rect(x - size, y - size, 2 * size, 2 * size);
  else if (s.marker === 'triangle') {
    const r = size * 1.35;
    ctx.moveTo(x, y - r);
    ctx.lineTo(x + r * 0.87, y + r * 0.5);
    ctx.lineTo(x - r * 0.87, y + r * 0.5);
    ctx.closePath();
  } else ctx.arc(x, y, size * 1.1, 0, Math.PI * 2);
  ctx.fillStyle = s.colour;
  ctx.fill();
}

/**
 * A legend sample: a short line in the series' dash with its marker.
 * @param {CanvasRenderingContext2D} ctx
 * @param {number} x Left.
 * @param {number} y Middle.
 * @param {PlotSeries} s
 * @param {number} size Font size.
 */
function drawSample(ctx, x, y, s, size) {
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.lineTo(x + size * 2.2, y);
  ctx.setLineDash(s.dash.map((d) => d * 0.7));
  ctx.lineWidth = 2;
  ctx.strokeStyle = s.colour;
  ctx.stroke();
  ctx.setLineDash([]);
  drawMarker(ctx, x + size * 1.1, y, s, size * 0.32);
}
