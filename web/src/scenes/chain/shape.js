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
 * Local angles of the same bones taken tip first, from the chain's own local angles (no positions,
 * no atan2): bone k of the reversed chain is bone n−1−k turned round, so its first angle is the
 * tip bone's world angle plus π, and joint k bends by minus the original joint n−k. Each wrapped
 * to (−π, π].
 * @param {ArrayLike<number>} angles Local angles, radians, root first.
 * @returns {number[]}
 */
export function reversedAngles(angles) {
  const count = angles.length;
  let world = 0;
  for (let i = 0; i < count; i += 1) world += angles[i];
  /** @type {number[]} */
  const reversed = [wrapAngle(world + Math.PI)];
  for (let k = 1; k < count; k += 1) reversed.push(wrapAngle(-angles[count - k]));
  return reversed;
}
