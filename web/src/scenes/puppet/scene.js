/**
 * The puppet scene: a stick figure (an `ik.Skeleton` of 16 bones, puppet/rig.js) pulled by five
 * pins: head, both hands, both feet. Dragging one pin moves only that pin; the others stay where
 * they are, so pulling a hand makes the body lean to keep the feet and head where they were.
 *
 * Settings: iterations, limits, overlay (params); head, leftHand, rightHand, leftFoot, rightFoot
 * (the pins) and root (the pelvis) (points, world units, y up). Its own state, carried by links
 * and setState: `angles` (each bone's local angle, radians; link `pose=`, degrees, as the chain's).
 * Older links' `a0=`…`a15=` open the same pose.
 *
 * - Solving: each change of a pin, the root, iterations or limits solves once, warm-started from
 *   the current pose; that one solve gives the pose and its status.
 * - A pose that arrives from outside (a link, setState) is taken as it is, without moving toward
 *   the pins, even when pins arrive with it: a link reopens on the author's pose and pins, not on
 *   a re-solve (its one solve has no sweeps: it reads the status of that pose). A link with pins
 *   and no pose (written by hand) solves from the rest pose toward its pins.
 * - Nothing changes while nothing is dragged: an idle puppet costs no work per frame.
 * - `overlay` draws where the last sweep's backward pass put every joint and the sub-base at the
 *   chest (the centroid of what the head and both arms asked for).
 */

import { formatLength, formatPoint } from '../../format.js';
import { describeValue, quantize } from '../../settings.js';
import { drawFigure, drawPins, drawSubBaseSteps, pointAt } from './draw.js';
import { PUPPET_BONES, PUPPET_EFFECTORS, PUPPET_LIMITS, puppetPositions } from './rig.js';
import { SECONDARY_HANDLE, formatPose, grabRadius, parsePose, statusTone } from '../shared.js';

/**
 * @typedef {import('../../settings.js').Settings} Settings
 * @typedef {import('../../settings.js').Point} Point
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

/** The rest pose on the link's 0.01° grid, and the pins where it puts the five ends. */
const REST_DEGREES = PUPPET_BONES.map((bone) => quantize(bone.angle / RADIANS));
const REST_POSITIONS = puppetPositions(ROOT, REST_DEGREES.map((d) => d * RADIANS));

/** The rest pose as a link writes it: a pose that writes the same is at rest. */
const REST_POSE = formatPose(REST_DEGREES.map((d) => d * RADIANS));

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
    pointer: ['Drag a ring: move that pin', 'Drag the square: move the pelvis', 'Drop a picture file on a bone: it is drawn along it'],
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
  state: [{
    name: 'angles', linkKey: 'pose', format: formatPose,
    parse: (text) => parsePose(text, { least: PUPPET_BONES.length, most: PUPPET_BONES.length, of: 'the puppet' }),
    legacy: { keys: PUPPET_BONES.map((_, i) => `a${i}`), fill: (i) => String(REST_DEGREES[i]) },
  }],
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
  /** @type {number[] | null} A pose from a link or setState (radians), taken as it is by the next solve. */
  let given = null;
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
      if (settings === solved && !given) return null;
      solved = settings;
      const pins = pinsKey(settings);
      if (!given && pins === solvedPins) return null;
      solvedPins = pins;
      setLimits(Boolean(settings.params.limits));
      skeleton.setRoot(settings.points.root);
      // A pose from outside is taken as it is: no sweeps, the solve only says how it meets the pins.
      if (given) skeleton.setAngles(given);
      result = skeleton.solve(effectorsOf(settings), {
        iterations: given ? 0 : Number(settings.params.iterations), tolerance: TOLERANCE,
      });
      given = null;
      positions = skeleton.positions();
      return {};
    },

    restore(values) {
      const angles = values.angles;
      if (!Array.isArray(angles) || angles.length !== PUPPET_BONES.length || !angles.every((a) => Number.isFinite(a))) {
        const got = Array.isArray(angles) ? `${angles.length} values` : describeValue(angles);
        return [`Ignored angles: expected ${PUPPET_BONES.length} finite numbers (radians, one per bone), got ${got}`];
      }
      given = angles;
      return [];
    },

    linkState() {
      const angles = skeleton.angles();
      return formatPose(angles) === REST_POSE ? {} : { angles: Array.from(angles) };
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

    bones() {
      if (!result) return [];
      return PUPPET_BONES.map((bone, i) => {
        const from = pointAt(positions, bone.parent + 1);
        const to = pointAt(positions, i + 1);
        return { x0: from.x, y0: from.y, x1: to.x, y1: to.y };
      });
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
