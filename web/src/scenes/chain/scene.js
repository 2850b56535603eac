/**
 * The chain scene: an N-bone `ik.Chain` solved by CCD, FABRIK or DLS (damped least squares), once
 * per frame, warm-started from its current pose (so `maxStepDeg` is a per-frame turning limit and
 * few iterations still converge over a few frames).
 *
 * This file is the definition (params, points, state, readouts); the live instance (building the
 * C++ chain, the solve loop, follow, the moving target, drawing) is chain/live.js. Geometry is in
 * chain/shape.js, drawing in chain/draw.js, step-through and the overlays in chain/teaching.js.
 *
 * Settings: method, damping (DLS), mix, usePole, bones, length (total reach), taper, lengths (one
 * per bone), iterations, tolerance, maxStepDeg, limits, limitDeg, jointLimits (one per joint),
 * moving, follow, overlay, plot (params); target, root, pole (points, world units, y up). The rig (lengths, jointLimits) and
 * the v1 settings that make simple rigs are kept in agreement by chain/rig.js.
 * Its own state, carried by links and setState: `angles` (the pose, link `pose=` in degrees) and
 * `stepping` (the steps made in step-through, link `step=`).
 *
 * - The C++ chain is built only when the lengths change; the new one takes over the old one's
 *   shape (resampled along its length), so the picture does not jump.
 * - Joint limits: jointLimits[i] bounds bone i's angle relative to its parent (bone 0's world
 *   angle for i = 0), in degrees. Each allowed range is drawn as a wedge at its joint.
 * - A pose set from a link or setState stays put until something changes (settings, target,
 *   root): the chain is not solved from it until then.
 * - Moving target: it bounces inside the scene at a fixed speed, advanced only by simulation
 *   steps (deterministic under pause/step). It starts toward +x, +y whenever `moving` turns on.
 * - Follow: the root is not pinned; the tip is held on the target and the rest trails like a rope
 *   pulled by its end (chain/follow.js). Then the chain itself is solved as usual (after a pull it
 *   is on the target: this settles).
 * - A reached chain is not solved again until its settings, target or root change, so the
 *   readouts keep showing the last solve that did something.
 * - mix below 1: each frame's solve blends from the pose the chain has (`mix` of the way to the
 *   solve), so the chain eases toward the target over frames. usePole: the chain bends toward the
 *   pole point (drawn as a diamond, dragged like the root; H reaches it).
 * - Step-through (S, or playground.stepSolver()): the chain stops solving once a frame and the
 *   C++ solver is stepped instead, one CCD joint update, FABRIK half-pass or DLS step per press
 *   (chain/teaching.js, chain/steps.js); Esc (playground.runSolver()) goes back to solving.
 *   `overlay` adds joint numbers and a caption; `plot` the convergence plot (chain/plot.js).
 */

import {
  MAX_BONES, MIN_BONES, boneLengths, checkJointLimits, checkLengths, jointLimitsCodec, jointLimitsImplied, lengthsCodec,
  lengthsImplied, normalizeRig, uniformLimits,
} from './rig.js';
import { buildRigEditor } from './rig-editor.js';
import { FLAT_WORLD, TARGET_AND_ROOT_HINTS, formatPose, methodOptions, parsePose, readoutSpecs } from '../shared.js';
import { PATH_PARAM } from '../target-path.js';
import { MAX_REPLAY_STEPS, TARGET_START, createChain } from './live.js';

/**
 * @typedef {import('../../model/settings.js').Settings} Settings
 * @typedef {import('../../model/settings.js').Point} Point
 * @typedef {import('../index.js').SceneInstance} SceneInstance
 * @typedef {import('../index.js').SceneDefinition} SceneDefinition
 * @typedef {import('../index.js').Readout} Readout
 * @typedef {import('../../../../core/bindings/ik2d').Chain} Chain
 * @typedef {import('../../../../core/bindings/ik2d').ChainSolveResult} ChainSolveResult
 * @typedef {import('../../../../core/bindings/ik2d').ChainSolveOptions} ChainSolveOptions
 *
 * @typedef {Required<Omit<ChainSolveOptions, 'pole'>> & Pick<ChainSolveOptions, 'pole'>} SceneSolveOptions
 *   What the scene passes to every solve: each option but the pole (present only while in use).
 *
 * @typedef {Object} ChainParams The chain's settings (see `chain.params`).
 * @property {'ccd' | 'fabrik' | 'dls'} method
 * @property {number} damping DLS: λ as a share of the reach.
 * @property {number} mix 0..1: how far each solve goes from the pose it starts from (1: all the way).
 * @property {boolean} usePole Bend toward the `pole` point.
 * @property {Point} [poleAt] The pole point while usePole is on (chainParams() joins it in from the
 *   points, so the solve options and every settings key see it).
 * @property {number} bones Whole number, 2..32.
 * @property {number[]} lengths One per bone, summing to `length`.
 * @property {import('./rig.js').JointLimit[]} jointLimits One per joint, degrees, or null.
 * @property {number} length Total length of the bones (the reach), world units.
 * @property {boolean} taper Lengths shrink linearly toward the tip, 2:1, same total.
 * @property {number} iterations Most sweeps per solve.
 * @property {number} tolerance End-to-target distance that counts as reached, world units.
 * @property {number} maxStepDeg Most a joint turns per frame, degrees; 180 = no limit.
 * @property {boolean} limits Limit joints 1..n-1 to ±limitDeg.
 * @property {number} limitDeg Degrees.
 * @property {boolean} moving The target bounces around the scene.
 * @property {'none' | 'circle' | 'figure8'} path The target moves along it (target-path.js); wins over moving.
 * @property {boolean} follow The root is not pinned: the chain is pulled by its end.
 * @property {boolean} overlay Joint numbers and a caption (step-through shows its own).
 * @property {boolean} plot The convergence plot.
 */

/** The v1 settings the default rig is made from (one source for the params' defaults). */
const DEFAULT_RIG = { bones: 6, length: 320, taper: false, limits: false, limitDeg: 45 };

/**
 * Reads a link's step count.
 * @param {string} text
 * @returns {{value?: number, reason?: string}}
 */
function parseStepCount(text) {
  const count = /^\d{1,5}$/.test(text.trim()) ? Number(text) : NaN;
  return count <= MAX_REPLAY_STEPS ? { value: count } : { reason: `expected a whole number of steps from 0 to ${MAX_REPLAY_STEPS}` };
}
/** @type {SceneDefinition} */
export const chain = {
  id: 'chain',
  title: 'Chain (CCD / FABRIK / DLS)',
  tabLabel: 'Chain',
  summary: 'Drag the target. An N-bone chain reaches for it, solved once a frame from its last pose by '
    + 'CCD, FABRIK or DLS, within joint limits and a per-frame step limit if you set them; a pole picks the bend.',
  canvasLabel: 'Chain of bones. Press or drag anywhere to move the target, or drag the square to move the root. '
    + 'Step goes through the solver one joint update or half-pass at a time; Run solves again.',
  hints: TARGET_AND_ROOT_HINTS,
  world: FLAT_WORLD,
  gridSpacing: 50,
  params: [
    {
      name: 'method', label: 'Method', kind: 'choice', default: 'ccd', key: 'm',
      options: methodOptions(['ccd', 'fabrik', 'dls']),
    },
    {
      name: 'damping', label: 'Damping λ', kind: 'range', min: 0, max: 1, step: 0.01, default: 0.05,
      shownWhen: (params) => params.method === 'dls',
      help: 'DLS: λ as a share of the reach. More is steadier near a straight chain, less converges faster.',
    },
    {
      name: 'mix', label: 'IK mix', kind: 'range', min: 0, max: 1, step: 0.01, default: 1,
      help: 'How far each frame\'s solve goes from the pose it starts from: below 1 eases in.',
    },
    {
      name: 'usePole', label: 'Pole', kind: 'toggle', default: false, key: 'k',
      help: 'The chain bends toward the pole (drag the diamond).',
    },
    {
      name: 'bones', label: 'Bones', kind: 'range', min: MIN_BONES, max: MAX_BONES, step: 1, integer: true,
      default: DEFAULT_RIG.bones, implied: (params) => !lengthsImplied(params),
    },
    {
      name: 'length', label: 'Reach', kind: 'range', min: 60, max: 500, step: 1, default: DEFAULT_RIG.length,
      help: 'Total length of the bones.', implied: (params) => !lengthsImplied(params),
    },
    {
      name: 'taper', label: 'Tapered bones', kind: 'toggle', default: DEFAULT_RIG.taper,
      help: 'Bones shrink toward the tip (2:1), same reach.', implied: (params) => !lengthsImplied(params),
    },
    {
      name: 'lengths', label: 'Bone lengths', kind: 'custom', default: boneLengths(DEFAULT_RIG),
      check: checkLengths, ...lengthsCodec, implied: lengthsImplied, editor: buildRigEditor,
      doc: 'one length per bone, 1–500 each, adding up to 60–500: `lengths=150,100,50` (sets `bones` and `length`)',
      docDefault: 'made from `bones`, `length`, `taper`',
    },
    {
      name: 'iterations', label: 'Iterations', kind: 'range', min: 1, max: 200, step: 1, integer: true,
      default: 10, help: 'Most sweeps per frame.',
    },
    {
      name: 'tolerance', label: 'Tolerance', kind: 'range', min: 0.01, max: 10, step: 0.01, default: 0.1,
      help: 'Distance from end to target that counts as reached.',
    },
    {
      name: 'maxStepDeg', label: 'Step limit', kind: 'range', min: 1, max: 180, step: 1, integer: true,
      default: 180, unit: '°', maxLabel: 'no limit', help: 'Most a joint may turn in one frame.',
    },
    {
      name: 'limits', label: 'Joint limits', kind: 'toggle', default: DEFAULT_RIG.limits, key: 'l',
      implied: (params) => !jointLimitsImplied(params),
    },
    {
      name: 'limitDeg', label: 'Limit ±', kind: 'range', min: 5, max: 180, step: 1, integer: true,
      default: DEFAULT_RIG.limitDeg, unit: '°', dependsOn: 'limits', implied: (params) => !jointLimitsImplied(params),
      help: 'Each bone within this angle of its parent (joints 1 to n−1).',
    },
    {
      name: 'jointLimits', label: 'Joint limits, one by one', kind: 'custom', default: uniformLimits(DEFAULT_RIG),
      check: checkJointLimits, ...jointLimitsCodec, implied: jointLimitsImplied,
      doc: 'one per joint, `min:max` in degrees within ±180, empty for a free joint: `jointLimits=,0:150,` (sets `limits`)',
      docDefault: 'made from `limits`, `limitDeg`',
    },
    { name: 'moving', label: 'Moving target', kind: 'toggle', default: false },
    PATH_PARAM,
    {
      name: 'follow', label: 'Follow', kind: 'toggle', default: false, key: 'f',
      help: 'Free root: the chain is pulled along by its end.',
    },
    {
      name: 'overlay', label: 'Math overlay', kind: 'toggle', default: false, key: 'o',
      help: 'Joint numbers and what the solver did; S steps through it.',
    },
    {
      name: 'plot', label: 'Convergence plot', kind: 'toggle', default: false, key: 'p',
      help: 'Error per sweep, CCD and FABRIK, from the rest pose to this target.',
    },
  ],
  points: [
    { name: 'target', label: 'Target', default: TARGET_START },
    { name: 'root', label: 'Root', default: { x: -120, y: -110 } },
    { name: 'pole', label: 'Pole', default: { x: 150, y: -150 } },
  ],
  keyboardPoint: 'target',
  normalize: normalizeRig,
  state: [
    { name: 'angles', linkKey: 'pose', parse: (text) => parsePose(text, { least: 1, most: MAX_BONES, of: 'a chain' }), format: formatPose },
    { name: 'stepping', linkKey: 'step', parse: parseStepCount, format: String },
  ],
  readouts: readoutSpecs('status', 'iterations', 'error', 'method', 'target', 'root', 'step'),
  create: createChain,
};
