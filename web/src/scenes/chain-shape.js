/**
 * The chain scene's geometry: bone lengths, the starting pose, carrying a pose over to other
 * lengths, the same pose seen from the tip, and joint limits. Angles are radians, local (angles[0]
 * is bone 0's world angle, angles[i] bone i's turn from bone i-1), world y up.
 */

/**
 * @typedef {import('../../../core/bindings/ik2d').Chain} Chain
 * @typedef {import('./chain.js').ChainParams} ChainParams
 */

const RADIANS = Math.PI / 180;

/**
 * Bone lengths summing to `length`: equal, or tapered linearly from 2 (root) to 1 (tip).
 * @param {ChainParams} params
 * @returns {number[]}
 */
export function boneLengths({ bones, length, taper }) {
  const weights = Array.from({ length: bones }, (_, i) => (taper ? 2 - i / (bones - 1) : 1));
  const total = weights.reduce((sum, w) => sum + w, 0);
  return weights.map((w) => (length * w) / total);
}

/**
 * The pose of a new chain: rising from the root and curling gently to the right (a quarter turn
 * over the whole chain), so the first solve visibly bends it.
 * @param {number} count
 * @returns {number[]} Local angles.
 */
export function startingAngles(count) {
  return Array.from({ length: count }, (_, i) => (i === 0 ? Math.PI / 2 : -Math.PI / 2 / count));
}

/**
 * Local angles for new bone lengths that follow the old chain's shape: each new bone takes the
 * world direction of the old bone found at the same fraction of the length (at its middle).
 * @param {ArrayLike<number>} oldAngles Local angles.
 * @param {number[]} oldLengths
 * @param {number[]} newLengths
 * @returns {number[]} Local angles.
 */
export function resampleAngles(oldAngles, oldLengths, newLengths) {
  /** @type {number[]} */
  const oldWorld = [];
  let sum = 0;
  for (let i = 0; i < oldLengths.length; i += 1) {
    sum += oldAngles[i];
    oldWorld.push(sum);
  }
  const oldTotal = oldLengths.reduce((a, b) => a + b, 0);
  const newTotal = newLengths.reduce((a, b) => a + b, 0);
  /** @type {number[]} */
  const world = [];
  let start = 0;
  for (const length of newLengths) {
    const fraction = (start + length / 2) / newTotal;
    let along = fraction * oldTotal;
    let bone = 0;
    while (bone < oldLengths.length - 1 && along > oldLengths[bone]) {
      along -= oldLengths[bone];
      bone += 1;
    }
    world.push(oldWorld[bone]);
    start += length;
  }
  // World → local, each wrapped to (−π, π].
  return world.map((angle, i) => {
    const local = i === 0 ? angle : angle - world[i - 1];
    return Math.atan2(Math.sin(local), Math.cos(local));
  });
}

/**
 * Sets or clears the ±limitDeg limits of joints 1..n-1 when they differ from `current`
 * (setLimit clamps the pose). Symmetric limits read the same on the reversed chain.
 * @param {Chain} chainBones
 * @param {ChainParams} params
 * @param {string} current What the chain has now ('' when new).
 * @returns {string} What it has after.
 */
export function applyLimits(chainBones, params, current) {
  const key = params.limits ? `${params.limitDeg}` : 'off';
  if (key === current) return key;
  const limit = params.limitDeg * RADIANS;
  for (let joint = 1; joint < chainBones.size; joint += 1) {
    if (params.limits) chainBones.setLimit(joint, -limit, limit);
    else chainBones.clearLimit(joint);
  }
  return key;
}

/**
 * Local angles of the same bones taken tip first: bone k runs from point n−k to point n−k−1.
 * (Joint k of the reversed chain bends by minus the original joint n−k.)
 * @param {ArrayLike<number>} positions x0, y0, ..., xn, yn.
 * @returns {number[]}
 */
export function reversedAngles(positions) {
  const count = positions.length / 2 - 1;
  /** @type {number[]} */
  const world = [];
  for (let k = 0; k < count; k += 1) {
    const from = 2 * (count - k);
    const to = from - 2;
    world.push(Math.atan2(positions[to + 1] - positions[from + 1], positions[to] - positions[from]));
  }
  return world.map((angle, i) => {
    const local = i === 0 ? angle : angle - world[i - 1];
    return Math.atan2(Math.sin(local), Math.cos(local));
  });
}
