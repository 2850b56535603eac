/**
 * The puppet's rig, the one JS source for it (the puppet scene, the Node benchmark and the Node
 * tests read it; tests/core/skeleton_support.hpp holds the same figure for the C++ tests).
 *
 * A stick figure, y up, world units: the pelvis at the root; spine, chest, neck and head up; a
 * collar, upper arm and forearm on each side of the chest; a thigh, shin and foot per leg. Angles
 * are local (relative to the parent; world for a bone on the root), radians. Limits look human:
 * elbows and knees bend one way, the head nods a little, the spine leans but does not fold.
 */

/** Bone indices by name. */
export const BONE = Object.freeze({
  spine: 0, chest: 1, neck: 2, head: 3,
  leftCollar: 4, leftUpperArm: 5, leftForearm: 6,
  rightCollar: 7, rightUpperArm: 8, rightForearm: 9,
  leftThigh: 10, leftShin: 11, leftFoot: 12,
  rightThigh: 13, rightShin: 14, rightFoot: 15,
});

/** The bones at rest, parents first: `{ parent, length, angle }`. */
export const PUPPET_BONES = Object.freeze([
  { parent: -1, length: 32, angle: Math.PI / 2 }, { parent: BONE.spine, length: 30, angle: 0 },
  { parent: BONE.chest, length: 10, angle: 0 }, { parent: BONE.neck, length: 18, angle: 0 },
  { parent: BONE.chest, length: 10, angle: 1.45 }, { parent: BONE.leftCollar, length: 28, angle: 1.49 },
  { parent: BONE.leftUpperArm, length: 26, angle: 0.3 },
  { parent: BONE.chest, length: 10, angle: -1.45 }, { parent: BONE.rightCollar, length: 28, angle: -1.49 },
  { parent: BONE.rightUpperArm, length: 26, angle: -0.3 },
  { parent: -1, length: 40, angle: -1.75 }, { parent: BONE.leftThigh, length: 38, angle: -0.2 },
  { parent: BONE.leftShin, length: 12, angle: -1.4 },
  { parent: -1, length: 40, angle: -1.39 }, { parent: BONE.rightThigh, length: 38, angle: 0.2 },
  { parent: BONE.rightShin, length: 12, angle: 1.4 },
].map((bone) => Object.freeze(bone)));

/**
 * The follow-through bones the scene adds after PUPPET_BONES (bones 16 on): a ponytail of two
 * strands from the top of the head and a tail from the pelvis, both toward the back (-x: the figure
 * faces +x, so `flip` shows them on the other side). No pin pulls them; with `springs` on each is a
 * spring bone (`spring`: Skeleton.setSpring's constants), so they lag and swing when the body moves.
 * The hair is quicker and stiffer than the heavier tail; both are underdamped, so they overshoot
 * once or twice and settle, as Spine's physics constraints do by default.
 */
const HAIR_SPRING = Object.freeze({ frequency: 1.6, damping: 0.35, response: 0 });
const TAIL_SPRING = Object.freeze({ frequency: 1.1, damping: 0.3, response: 0 });
const HAIR = 16;     // the first strand's first bone
const TAIL = 20;     // the tail's first bone
export const PUPPET_SPRING_BONES = Object.freeze([
  { name: 'hair', parent: BONE.head, length: 16, angle: 2.2, spring: HAIR_SPRING },
  { name: 'hair', parent: HAIR, length: 14, angle: 0.45, spring: HAIR_SPRING },
  { name: 'hair', parent: BONE.head, length: 13, angle: 2.6, spring: HAIR_SPRING },
  { name: 'hair', parent: HAIR + 2, length: 11, angle: 0.4, spring: HAIR_SPRING },
  { name: 'tail', parent: -1, length: 18, angle: -2.75, spring: TAIL_SPRING },
  { name: 'tail', parent: TAIL, length: 16, angle: -0.5, spring: TAIL_SPRING },
  { name: 'tail', parent: TAIL + 1, length: 13, angle: -0.65, spring: TAIL_SPRING },
].map((bone) => Object.freeze(bone)));

/** Every bone of the scene's skeleton: the figure, then the hair and the tail. */
export const PUPPET_ALL_BONES = Object.freeze([...PUPPET_BONES, ...PUPPET_SPRING_BONES]);

/** Joint limits, `[bone, min, max]` of the local angle, radians. */
export const PUPPET_LIMITS = Object.freeze([
  [BONE.spine, 0.9, 2.2], [BONE.chest, -0.5, 0.5], [BONE.neck, -0.6, 0.6], [BONE.head, -0.5, 0.5],
  [BONE.leftCollar, 1.2, 1.7], [BONE.rightCollar, -1.7, -1.2],
  [BONE.leftForearm, 0, 2.6], [BONE.rightForearm, -2.6, 0],
  [BONE.leftShin, -2.5, 0], [BONE.rightShin, 0, 2.5],
  [BONE.leftFoot, -1.8, -1.0], [BONE.rightFoot, 1.0, 1.8],
  [BONE.leftThigh, -2.6, -0.9], [BONE.rightThigh, -2.2, -0.5],
].map((limit) => Object.freeze(limit)));

/** The handles the reader pulls: the end of each of these bones (head top, hands, ankles). */
export const PUPPET_EFFECTORS = Object.freeze([
  Object.freeze({ name: 'head', bone: BONE.head, label: 'head' }),
  Object.freeze({ name: 'leftHand', bone: BONE.leftForearm, label: 'left hand' }),
  Object.freeze({ name: 'rightHand', bone: BONE.rightForearm, label: 'right hand' }),
  Object.freeze({ name: 'leftFoot', bone: BONE.leftShin, label: 'left foot' }),
  Object.freeze({ name: 'rightFoot', bone: BONE.rightShin, label: 'right foot' }),
]);

/**
 * Forward kinematics of `angles` (local) from `root`: positions x, y of the root, then of the end
 * of bone i at 2 (i + 1), as ik.Skeleton lays them out.
 * @param {{x: number, y: number}} root
 * @param {ArrayLike<number>} angles
 * @param {ReadonlyArray<{parent: number, length: number}>} [bones] PUPPET_BONES unless given.
 * @returns {Float64Array}
 */
export function puppetPositions(root, angles, bones = PUPPET_BONES) {
  const positions = new Float64Array(2 * (bones.length + 1));
  const world = new Float64Array(bones.length);
  positions[0] = root.x;
  positions[1] = root.y;
  bones.forEach((bone, i) => {
    world[i] = angles[i] + (bone.parent < 0 ? 0 : world[bone.parent]);
    const s = 2 * (bone.parent + 1);
    positions[2 * i + 2] = positions[s] + bone.length * Math.cos(world[i]);
    positions[2 * i + 3] = positions[s + 1] + bone.length * Math.sin(world[i]);
  });
  return positions;
}
