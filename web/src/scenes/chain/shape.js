/**
 * The chain scene's geometry: the starting pose, carrying a pose over to other lengths, the same
 * pose seen from the tip (lengths and limits: chain/rig.js). Angles are radians, local (angles[0]
 * is bone 0's world angle, angles[i] bone i's turn from bone i-1), world y up.
 */

import { wrapAngle } from '../shared.js';

/**
 * @typedef {import('../../../../core/bindings/ik2d').Chain} Chain
 * @typedef {import('./scene.js').ChainParams} ChainParams
 */

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
    return wrapAngle(i === 0 ? angle : angle - world[i - 1]);
  });
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
    return wrapAngle(i === 0 ? angle : angle - world[i - 1]);
  });
}
