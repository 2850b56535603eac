/**
 * The puppet scene: a stick figure (an `ik.Skeleton` of 16 bones, puppet/rig.js) pulled by five
 * pins: head, both hands, both feet. Dragging one pin moves only that pin; the others stay where
 * they are, so pulling a hand makes the body lean to keep the feet and head where they were.
 *
 * Settings: iterations, limits, overlay (params), and the pose `a0`..`a15` (hidden params: each
 * bone's local angle in degrees, 0.01° steps, kept by the scene); head, leftHand, rightHand,
 * leftFoot, rightFoot (the pins) and root (the pelvis) (points, world units, y up).
 *
 * - Solving: each change of a pin, the root, iterations or limits solves once, warm-started from
 *   the current pose, and the new pose is written back into the hidden params, on the 0.01° grid
 *   (the skeleton is set to exactly those angles, so what a link carries is what is drawn).
 * - A pose that arrives from outside (a link, setState) is taken as it is, without solving, even
 *   when pins arrive with it: a link reopens on the author's pose and pins, not on a re-solve. A
 *   link with pins and no pose (written by hand) solves from the rest pose toward its pins.
 * - Nothing changes while nothing is dragged: an idle puppet costs no work per frame.
 * - `overlay` draws where the last sweep's backward pass put every joint and the sub-base at the
 *   chest (the centroid of what the head and both arms asked for).
 */

import { formatLength, formatPoint } from '../../format.js';
import { quantize } from '../../settings.js';
import { drawFigure, drawPins, drawSubBaseSteps, pointAt } from './draw.js';
import { PUPPET_BONES, PUPPET_EFFECTORS, PUPPET_LIMITS, puppetPositions } from './rig.js';
import { SECONDARY_HANDLE, grabRadius, statusTone } from '../shared.js';

/**
 * @typedef {import('../../settings.js').Settings} Settings
 * @typedef {import('../../settings.js').Point} Point
 * @typedef {import('../../settings.js').ParamSpec} ParamSpec
 * @typedef {import('../index.js').SceneInstance} SceneInstance
 * @typedef {import('../index.js').SceneDefinition} SceneDefinition
 * @typedef {import('../index.js').Readout} Readout
 * @typedef {import('../../../../core/bindings/ik2d').SkeletonSolveResult} SkeletonSolveResult
 */

const RADIANS = Math.PI / 180;
const WORLD = { minX: -140, maxX: 140, minY: -105, maxY: 105 };
const ROOT = { x: 0, y: -5 };
/** Distance from a bone's end to its pin that counts as reached, world units (well under a pixel). */
const TOLERANCE = 0.05;

/**
 * The hidden param holding bone i's local angle, degrees.
 * @param {number} i
 */
const poseParam = (i) => `a${i}`;

/** The rest pose on the link's 0.01° grid, and the pins where it puts the five ends. */
const REST_DEGREES = PUPPET_BONES.map((bone) => quantize(bone.angle / RADIANS));
const REST_POSITIONS = puppetPositions(ROOT, REST_DEGREES.map((d) => d * RADIANS));

/** @type {ParamSpec[]} */
const POSE_PARAMS = PUPPET_BONES.map((_, i) => ({
  name: poseParam(i), label: `Bone ${i} angle`, kind: 'range', min: -180, max: 180, step: 0.01,
  unit: '°', default: REST_DEGREES[i], hidden: true,
}));

/** The puppet's own words for each status (every pin at once); tones as every scene's (shared.js). */
const STATUS_WORDS = { reached: 'every pin reached', out_of_reach: 'out of reach', max_iterations: 'compromise', invalid: 'invalid' };

/** The pins grab within this share of the usual radius (shared.js): they sit close together. */
const PIN_GRAB = 0.9;

/** @type {SceneDefinition} */
export const puppet = {
  id: 'puppet',
  title: 'Puppet (skeleton, five pins)',
  tabLabel: 'Puppet',
  summary: 'Drag a hand, a foot or the head. The other pins stay put, so the body leans and bends to '
    + 'keep them: one ik.Skeleton, FABRIK with sub-bases, elbows and knees bending one way.',
  canvasLabel: 'Stick figure pulled by five pins: head, hands and feet. Drag a pin to move it; the others '
    + 'stay pinned. Press elsewhere to move the right hand there.',
  hints: {
    pointer: ['Drag a ring: move that pin', 'Drag the square: move the pelvis'],
    touch: ['Drag a ring: move that pin', 'Drag the square: move the pelvis'],
  },
  world: WORLD,
  gridSpacing: 40,
  params: [
    {
      name: 'iterations', label: 'Iterations', kind: 'range', min: 1, max: 100, step: 1, integer: true,
      default: 20, help: 'Most sweeps per change.',
    },
    {
      name: 'limits', label: 'Joint limits', kind: 'toggle', default: true, key: 'l',
      help: 'Elbows and knees bend one way; head, spine and hips turn a little.',
    },
    {
      name: 'overlay', label: 'Sub-base overlay', kind: 'toggle', default: false, key: 'o',
      help: 'Where the last backward pass put each joint; the chest is the centroid of head and arms.',
    },
    ...POSE_PARAMS,
  ],
  points: [
    ...PUPPET_EFFECTORS.map((effector) => ({
      name: effector.name,
      label: effector.label[0].toUpperCase() + effector.label.slice(1),
      default: pointAt(Array.from(REST_POSITIONS, quantize), effector.bone + 1),
    })),
    { name: 'root', label: 'Pelvis', default: ROOT },
  ],
  keyboardPoint: 'rightHand',
  readouts: [
    { name: 'status', label: 'status' },
    { name: 'worst', label: 'worst miss' },
    { name: 'iterations', label: 'sweeps' },
    { name: 'rightHand', label: 'right hand' },
  ],
  create: createPuppet,
};

/**
 * Creates the live puppet.
 * @param {any} ik The loaded ik2d module.
 * @returns {SceneInstance}
 */
function createPuppet(ik) {
  const skeleton = new ik.Skeleton({ root: ROOT, bones: PUPPET_BONES });
  /** @type {boolean | null} Whether the limits are set on the skeleton now. */
  let limited = null;
  /** @type {Settings | null} */
  let solved = null;
  skeleton.setAngles(REST_DEGREES.map((d) => d * RADIANS));
  let shownPose = REST_DEGREES.join(',');  // the pose params the skeleton holds, joined
  let solvedPins = '';  // pins, root and solve params of the last solve, joined
  /** @type {SkeletonSolveResult | null} */
  let result = null;
  let positions = skeleton.positions();

  /** @param {Settings} settings */
  const effectorsOf = (settings) => PUPPET_EFFECTORS.map((e) => ({ bone: e.bone, target: settings.points[e.name] }));

  /** @param {boolean} on */
  function setLimits(on) {
    if (limited === on) return;
    limited = on;
    for (const [bone, min, max] of PUPPET_LIMITS) {
      if (on) skeleton.setLimit(bone, min, max);
      else skeleton.clearLimit(bone);
    }
  }

  /** @param {Settings} settings */
  function pinsKey(settings) {
    const { params, points } = settings;
    return [...PUPPET_EFFECTORS.map((e) => formatPoint(points[e.name])), formatPoint(points.root),
      params.iterations, params.limits].join(';');
  }

  return {
    advance() {
      return null;  // nothing moves by itself
    },

    solve(settings) {
      if (settings === solved) return null;
      solved = settings;
      const degrees = PUPPET_BONES.map((_, i) => Number(settings.params[poseParam(i)]));
      const pose = degrees.join(',');
      const pins = pinsKey(settings);
      if (pose === shownPose && pins === solvedPins) return null;
      const outside = pose !== shownPose;  // a link or setState set the pose: take it as it is
      solvedPins = pins;
      setLimits(Boolean(settings.params.limits));
      skeleton.setRoot(settings.points.root);
      const effectors = effectorsOf(settings);
      let iterations = 0;
      if (outside) skeleton.setAngles(degrees.map((d) => d * RADIANS));
      else iterations = skeleton.solve(effectors, { iterations: Number(settings.params.iterations), tolerance: TOLERANCE }).iterations;
      // Onto the link's grid, so the pose drawn is exactly the pose a link carries.
      const written = Array.from(skeleton.angles(), (a) => quantize(a / RADIANS));
      skeleton.setAngles(written.map((d) => d * RADIANS));
      result = { ...skeleton.solve(effectors, { iterations: 0, tolerance: TOLERANCE }), iterations };
      positions = skeleton.positions();
      shownPose = written.join(',');
      /** @type {Record<string, number>} */
      const params = {};
      written.forEach((d, i) => {
        if (d !== degrees[i]) params[poseParam(i)] = d;
      });
      return { params };
    },

    state(settings) {
      if (!result) return {};
      return {
        result: { status: result.status, iterations: result.iterations, errors: [...result.errors] },
        angles: Array.from(skeleton.angles()),
        positions: Array.from(positions),
        effectors: PUPPET_EFFECTORS.map((e, k) => ({
          name: e.name, bone: e.bone, target: { ...settings.points[e.name] },
          end: pointAt(positions, e.bone + 1), error: result?.errors[k] ?? 0,
        })),
      };
    },

    readouts(settings) {
      /** @type {Record<string, Readout>} */
      const values = {};
      if (!result) return values;
      values.status = { text: STATUS_WORDS[result.status] ?? result.status, tone: statusTone(result.status) };
      const worst = Math.max(...result.errors);
      const at = result.errors.indexOf(worst);
      values.worst = { text: worst <= TOLERANCE ? '0' : `${formatLength(worst)} (${PUPPET_EFFECTORS[at].label})` };
      values.iterations = { text: `${result.iterations} of ${settings.params.iterations}` };
      values.rightHand = { text: formatPoint(settings.points.rightHand) };
      return values;
    },

    draw(ctx, view, theme, settings, ui) {
      if (!result) return;
      if (settings.params.overlay) drawSubBaseSteps(ctx, view, theme, skeleton.backwardPositions());
      drawFigure(ctx, view, theme, positions, ui);
      drawPins(ctx, view, theme, PUPPET_EFFECTORS.map((e, k) => ({
        name: e.name, label: e.label, target: settings.points[e.name],
        end: pointAt(positions, e.bone + 1), missed: (result?.errors[k] ?? 0) > TOLERANCE, error: result?.errors[k] ?? 0,
      })), ui);
    },

    hitRadius(name, pointerType) {
      // A little tighter than the other scenes' handles: five pins sit close together.
      const base = grabRadius(pointerType) * PIN_GRAB;
      return name === 'root' ? base * SECONDARY_HANDLE : base;
    },

    dispose() {
      skeleton.delete();
      result = null;
      solved = null;
    },
  };
}
