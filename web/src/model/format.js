/**
 * How numbers read in the panel: a real minus sign ("−12.5°"), never "-0", fixed decimals so
 * that columns of readouts line up.
 */

const DEGREES = 180 / Math.PI;

/**
 * Formats radians as degrees with one decimal ("−12.5°").
 * @param {number} radians
 */
export function formatDegrees(radians) {
  const text = (radians * DEGREES).toFixed(1);
  return `${text === '-0.0' ? '0.0' : text.replace('-', '\u2212')}°`;
}

/**
 * Formats a length or coordinate with two decimals ("−3.50").
 * @param {number} value
 */
export function formatLength(value) {
  const text = value.toFixed(2);
  return text === '-0.00' ? '0.00' : text.replace('-', '\u2212');
}

/**
 * Formats a point as "x, y" with two decimals each.
 * @param {{x: number, y: number}} point
 */
export function formatPoint(point) {
  return `${formatLength(point.x)}, ${formatLength(point.y)}`;
}

/**
 * Formats a coordinate rounded to a whole number ("−145"), for labels on the canvas.
 * @param {number} value
 */
export function formatWhole(value) {
  const rounded = Math.round(value);
  return rounded === 0 ? '0' : String(rounded).replace('-', '\u2212');
}
