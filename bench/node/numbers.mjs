// numbers.mjs: the fixed-seed random numbers and the median the Node benchmarks share.

/**
 * mulberry32: fixed-seed random numbers in [0, 1) (the same generator as tests/js/support.mjs).
 * @param {number} seed
 * @returns {() => number}
 */
export function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The median (the mean of the middle two for an even count).
 * @param {number[]} values
 */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const m = sorted.length >> 1;
  return sorted.length % 2 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
}
