/**
 * Drawing the stress scene: thousands of limbs and chains in a handful of paths (one per colour,
 * no style change per element, world → canvas mapped inline without objects) and the shared target
 * with its circle of influence. The meter card is in stress/meter.js.
 */

import { drawTargetHandle } from '../../draw/draw.js';

/**
 * @typedef {import('../../model/settings.js').Point} Point
 * @typedef {import('../../draw/view.js').View} View
 * @typedef {import('../../draw/draw.js').Theme} Theme
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
 */

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
