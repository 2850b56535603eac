/**
 * The chain scene: an N-bone `ik.Chain` solved by CCD, FABRIK or DLS (damped least squares), once
 * per frame, warm-started from its current pose (so `maxStepDeg` is a per-frame turning limit and
 * few iterations still converge over a few frames).
 *
 * Contents: definition (params, points, readouts) · the live instance (create: building the C++
 * chain, follow, the solve loop, drawing) · the moving target. Geometry is in chain/shape.js,
 * drawing in chain/draw.js, step-through and the overlays in chain/teaching.js.
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

import { drawDot, drawMissLine, drawTargetHandle, sizeFor } from '../../draw.js';
import { formatLength, formatPoint } from '../../format.js';
import { describeValue, quantize } from '../../settings.js';
import {
  drawBones, drawJointsAtLimit, drawLimitWedges, drawPole, drawReach, drawRoot,
} from './draw.js';
import {
  MAX_BONES, MIN_BONES, applyJointLimits, boneLengths, checkJointLimits, checkLengths, jointLimitsCodec,
  jointLimitsImplied, lengthsCodec, lengthsImplied, limitsInRadians, normalizeRig, uniformLimits,
} from './rig.js';
import { buildRigEditor } from './rig-editor.js';
import { createFollow } from './follow.js';
import { resampleAngles, startingAngles } from './shape.js';
import {
  FLAT_WORLD, SECONDARY_HANDLE, formatPose, grabRadius, methodLabel, methodOptions, parsePose, statusTone, statusWords,
} from '../shared.js';
import { createTeaching } from './teaching.js';
import { PATH_PARAM, createTargetPath } from '../target-path.js';

/** Where the target starts (its default), and where a link that plays a path puts it. */
const TARGET_START = Object.freeze({ x: 120, y: 70 });

/**
 * @typedef {import('../../settings.js').Settings} Settings
 * @typedef {import('../../settings.js').Point} Point
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

/** The world rectangle, shared by the view, the moving target's box and follow mode. */
const WORLD = FLAT_WORLD;

/** The moving target's speed along x and y, world units per second (not 1:1, so it roams). */
const TARGET_VELOCITY = { x: 130, y: 85 };

/** How far inside the world rectangle the moving target turns back, world units. */
const TARGET_MARGIN = 25;

const RADIANS = Math.PI / 180;

/** Most steps a link or setState may ask step-through to replay (as stepSolver allows). */
const MAX_REPLAY_STEPS = 10000;

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
  hints: {
    pointer: ['Drag anywhere: move the target', 'Drag the square: move the root'],
    touch: ['Tap or drag anywhere: move the target', 'Drag the square: move the root'],
  },
  world: WORLD,
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
  readouts: [
    { name: 'status', label: 'status' },
    { name: 'iterations', label: 'iterations' },
    { name: 'error', label: 'error' },
    { name: 'method', label: 'method' },
    { name: 'target', label: 'target' },
    { name: 'root', label: 'root' },
    { name: 'step', label: 'step' },
  ],
  create: createChain,
};

/**
 * The chain's params, typed (settings.js has checked each against its spec).
 * @param {Settings} settings
 * @returns {ChainParams}
 */
function chainParams(settings) {
  const params = /** @type {ChainParams} */ (/** @type {unknown} */ (settings.params));
  return params.usePole ? { ...params, poleAt: settings.points.pole } : params;
}

/**
 * Creates the live chain scene.
 * @param {any} ik The loaded ik2d module.
 * @returns {SceneInstance}
 */
function createChain(ik) {
  /** @type {Chain | null} */
  let bones = null;
  /** Follow mode (chain/follow.js). */
  const follow = createFollow(ik, WORLD);
  /** @type {number[]} Bone lengths of `bones`. */
  let lengths = [];
  /** The lengths the chains were built for, and the limits each has. */
  let shapeKey = '';
  let limitKey = '';
  /** @type {ChainSolveResult | null} The last frame's result (iterations of every solve in it). */
  let result = null;
  /** @type {number[]} x0, y0, ..., end effector last, after the last solve. */
  let positions = [];
  /** Settings (as JSON) the chain last reached; solving them again would change nothing. */
  let settledKey = '';
  /**
   * The settings (as JSON) while the chain has been solved toward nothing else since it was built
   * at its starting pose; '' once anything else happened (a change, a pose set, step-through).
   * A page opened on a link with these settings alone comes to the same pose, so the link need not
   * carry it (and a default chain's link stays `?v=1&scene=chain`).
   */
  let pristineKey = '';
  /** The moving target's direction along x and y (+1 or -1). */
  let heading = { x: 1, y: 1 };
  let wasMoving = false;
  /** The target's path (`path`), around the world's centre. */
  const targetPath = createTargetPath({ x: 0, y: 0 }, TARGET_START);
  let following = false;
  /** Whether the pole is on (its handle can be grabbed), as of the last solve. */
  let poleInUse = false;
  /** Step-through and the overlays (chain/teaching.js). */
  const teaching = createTeaching(ik, {
    chain: () => bones,
    prepare(params, root) {
      const chainBones = ensureChain(params, root);
      limitKey = applyJointLimits(chainBones, params.jointLimits, limitKey);
      return chainBones;
    },
    lengths: () => lengths,
    optionsOf,
  });

  /**
   * Builds the C++ chain when the lengths changed, carrying the old shape over.
   * @param {ChainParams} params
   * @param {Point} root
   * @returns {Chain}
   */
  function ensureChain(params, root) {
    const key = JSON.stringify(params.lengths);
    if (bones && key === shapeKey) return bones;
    const nextLengths = params.lengths.slice();
    const angles = bones ? resampleAngles(bones.angles(), lengths, nextLengths) : startingAngles(params.bones);
    bones?.delete();
    follow.reset();
    /** @type {Chain} */
    const created = new ik.Chain({ root, lengths: nextLengths, angles });
    bones = created;
    lengths = nextLengths;
    shapeKey = key;
    limitKey = '';
    return created;
  }

  /**
   * The solve options of the settings.
   * @param {ChainParams} params
   * @returns {SceneSolveOptions}
   */
  function optionsOf(params) {
    /** @type {SceneSolveOptions} */
    const options = {
      method: params.method,
      iterations: params.iterations,
      tolerance: params.tolerance,
      maxStep: params.maxStepDeg >= 180 ? Infinity : params.maxStepDeg * RADIANS,
      damping: params.damping,
      mix: params.mix,
    };
    if (params.poleAt) options.pole = { ...params.poleAt };
    return options;
  }

  /**
   * Makes `count` steps of the C++ solver (step-through; entered if not yet).
   * @param {Settings} settings
   * @param {number} count
   */
  function stepSolver(settings, count) {
    following = false;
    const { target, root } = settings.points;
    const made = teaching.step(chainParams(settings), target, root, count);
    if (made.result) result = made.result;
    positions = made.positions;
    settledKey = '';
    pristineKey = '';
  }

  /** Leaves step-through: the chain solves once a frame again. */
  function runSolver() {
    teaching.run();
    settledKey = '';
  }

  /**
   * What a pose says by itself, without solving (a pose set from a link stays put): its error,
   * and reached, out of reach or not reached, as C++ judges a finished solve (a solve of no
   * sweeps moves nothing).
   * @param {Chain} chainBones @param {ChainParams} params @param {Point} target
   * @returns {ChainSolveResult}
   */
  function poseResult(chainBones, params, target) {
    return chainBones.solve(target, { method: params.method, iterations: 0, tolerance: params.tolerance });
  }

  /**
   * Sets the scene's own state from a link or setState: the pose (`angles`, radians, one per bone)
   * and step-through (`stepping`: how many steps to make from that pose). Returns notices.
   * @param {Record<string, unknown>} values
   * @param {Settings} settings
   * @returns {string[]}
   */
  function restore(values, settings) {
    const params = chainParams(settings);
    const { target, root } = settings.points;
    /** @type {string[]} */
    const notices = [];
    /** @type {number[] | null} */
    let angles = null;
    if ('angles' in values) {
      const given = values.angles;
      if (Array.isArray(given) && given.length === params.bones && given.every((a) => typeof a === 'number' && Number.isFinite(a))) {
        angles = given;
      } else {
        const got = Array.isArray(given) ? `${given.length} values` : describeValue(given);
        notices.push(`Ignored angles: expected ${params.bones} finite numbers (radians, one per bone), got ${got}`);
      }
    }
    /** @type {number | null} */
    let count = null;
    if ('stepping' in values) {
      const given = values.stepping;
      const steps = typeof given === 'object' && given !== null ? /** @type {{count?: unknown}} */ (given).count : given;
      if (typeof steps === 'number' && Number.isInteger(steps) && steps >= 0 && steps <= MAX_REPLAY_STEPS) count = steps;
      else notices.push(`Ignored stepping=${describeValue(given)}: expected a whole number of steps from 0 to ${MAX_REPLAY_STEPS}`);
    }
    if (angles) {
      const chainBones = ensureChain(params, root);
      limitKey = applyJointLimits(chainBones, params.jointLimits, limitKey);
      chainBones.setRoot(root);
      chainBones.setAngles(angles);
      positions = Array.from(chainBones.positions());
      result = poseResult(chainBones, params, target);
      settledKey = JSON.stringify([params, target, root]);
      pristineKey = '';
    }
    if (count !== null) stepSolver(settings, count);
    return notices;
  }

  /** @param {Settings} settings */
  function solve(settings) {
    poleInUse = chainParams(settings).usePole;
    if (teaching.isStepping()) {
      // Step-through: the chain follows the settings but is not solved.
      const synced = teaching.sync(chainParams(settings), settings.points.root);
      if (!synced) return null;
      positions = synced;
      return {};
    }
    const params = chainParams(settings);
    const { target, root } = settings.points;
    following = params.follow;
    const key = JSON.stringify([params, target, root]);
    if (key === settledKey && bones) return null;
    if (!bones) pristineKey = key;
    else if (key !== pristineKey) pristineKey = '';
    const chainBones = ensureChain(params, root);
    limitKey = applyJointLimits(chainBones, params.jointLimits, limitKey);
    const options = optionsOf(params);
    let iterations = 0;
    /** @type {Point} */
    let rootNow = root;
    chainBones.setRoot(root);
    if (params.follow) {
      const pulled = follow.pull(chainBones, lengths, params, target, root, options);
      rootNow = pulled.root;
      iterations += pulled.iterations;
    }
    // After a pull the tip is on the target already (up to 0.01): this settles and reports.
    const solved = chainBones.solve(target, options);
    result = { ...solved, iterations: iterations + solved.iterations };
    positions = Array.from(chainBones.positions());
    settledKey = solved.status === 'reached' ? JSON.stringify([params, target, rootNow]) : '';
    const moved = rootNow.x !== root.x || rootNow.y !== root.y;
    return moved ? { moved: { root: rootNow } } : {};
  }

  return {
    take: targetPath.take,

    linkSettings: targetPath.linkSettings,

    advance(dt, settings) {
      const params = chainParams(settings);
      const onPath = targetPath.advance(dt, teaching.isStepping() ? 'none' : params.path);
      if (onPath) return { moved: { target: onPath } };
      if (!params.moving || teaching.isStepping()) {
        wasMoving = false;
        return null;
      }
      if (!wasMoving) heading = { x: 1, y: 1 };
      wasMoving = true;
      const moved = bounce(settings.points.target, heading, dt);
      return { moved: { target: moved } };
    },

    solve,

    stepSolver,

    runSolver,

    state(settings) {
      if (!result) return {};
      /** @type {ChainSolveResult} */
      const copy = { status: result.status, iterations: result.iterations, error: result.error };
      if (result.message) copy.message = result.message;
      /** @type {Record<string, unknown>} */
      const state = { positions: positions.slice(), angles: bones ? Array.from(bones.angles()) : [], result: copy };
      const taught = settings
        ? { params: chainParams(settings), target: settings.points.target, root: settings.points.root }
        : null;
      Object.assign(state, teaching.state(taught, lengths));
      return JSON.parse(JSON.stringify(state));
    },

    readouts(settings) {
      /** @type {Record<string, Readout>} */
      const values = {};
      if (!result) return values;
      const params = chainParams(settings);
      const words = statusWords(result.status);
      values.status = {
        text: result.status === 'invalid' ? `invalid: ${result.message ?? 'bad input'}` : words,
        tone: statusTone(result.status),
      };
      values.iterations = { text: `${result.iterations} of ${params.iterations}` };
      values.error = { text: formatLength(result.error) };
      values.method = { text: methodLabel(params.method) };
      values.target = { text: formatPoint(settings.points.target) };
      values.root = { text: `${formatPoint(settings.points.root)}${params.follow ? ' (free)' : ''}` };
      values.step = { text: teaching.stepReadout() };
      return values;
    },

    draw(ctx, view, theme, settings, ui) {
      if (!result || positions.length < 4) {
        teaching.clearDrawn();
        return;
      }
      const params = chainParams(settings);
      const { target, root } = settings.points;
      drawReach(ctx, view, theme, root, params.length);
      const angles = bones ? bones.angles() : new Float64Array(0);
      const limits = limitsInRadians(params.jointLimits);
      drawLimitWedges(ctx, view, theme, positions, lengths, angles, limits);
      const end = { x: positions[positions.length - 2], y: positions[positions.length - 1] };
      const warn = !teaching.isStepping() && (result.status === 'out_of_reach' || result.status === 'invalid');
      // The step-through's shapes go under the chain; labels, captions and the plot over it.
      const drawOver = teaching.drawUnder(ctx, view, theme, {
        params, target, root, end, positions, lengths, result, ui,
      });
      if (Math.hypot(end.x - target.x, end.y - target.y) > 0.5 / view.scale()) {
        drawMissLine(ctx, view, theme, end, target, warn);
      }
      drawBones(ctx, view, theme, positions, lengths);
      drawJointsAtLimit(ctx, view, theme, positions, angles, limits);
      drawRoot(ctx, view, theme, root, params.follow, ui.active === 'root' || ui.hover === 'root');
      if (params.poleAt) {
        const middle = Math.floor(lengths.length / 2);
        drawPole(ctx, view, theme, params.poleAt, { x: positions[2 * middle], y: positions[2 * middle + 1] },
          ui.active === 'pole' || ui.hover === 'pole');
      }
      drawDot(ctx, view, end, sizeFor(view, 4, 3.5, 6), theme.end, theme.boneEdge, 1.5);
      drawTargetHandle(ctx, view, theme, target, {
        highlight: ui.active === 'target' || ui.hover === 'target',
        warning: warn ? statusWords(result.status) : undefined,
        away: end,
      });
      drawOver?.();
    },

    hitRadius(name, pointerType) {
      if (name === 'target') return grabRadius(pointerType);
      // The pole is a handle only while it is in use.
      if (name === 'pole') return poleInUse ? grabRadius(pointerType) * SECONDARY_HANDLE : 0;
      // A following root is moved by the chain, not by hand: pressing there moves the target.
      return following ? 0 : grabRadius(pointerType) * SECONDARY_HANDLE;
    },

    isStepping: () => teaching.isStepping(),

    restore,

    linkState(settings) {
      if (!bones) return {};
      const params = chainParams(settings);
      const { target, root } = settings.points;
      if (teaching.isStepping()) {
        const replay = teaching.replay(params, target, root);
        return replay ? { angles: replay.startAngles, stepping: replay.count } : { angles: Array.from(bones.angles()), stepping: 0 };
      }
      const pristine = !params.follow && !params.moving && pristineKey === JSON.stringify([params, target, root]);
      return pristine ? {} : { angles: Array.from(bones.angles()) };
    },

    dispose() {
      bones?.delete();
      follow.dispose();
      bones = null;
      result = null;
      positions = [];
      settledKey = '';
      pristineKey = '';
      teaching.dispose();
    },
  };
}

// Moving target ------------------------------------------------------------------------------

/**
 * One step of the bouncing target: constant speed, turning back at the box's edges.
 * @param {Point} from
 * @param {{x: number, y: number}} heading Updated in place when it bounces.
 * @param {number} dt Seconds.
 * @returns {Point} Kept to the settings' 0.01.
 */
function bounce(from, heading, dt) {
  /** @param {number} value @param {'x' | 'y'} axis @param {number} min @param {number} max */
  function along(value, axis, min, max) {
    let next = value + heading[axis] * TARGET_VELOCITY[axis] * dt;
    if (next > max) {
      next = Math.max(min, 2 * max - next);
      heading[axis] = -1;
    } else if (next < min) {
      next = Math.min(max, 2 * min - next);
      heading[axis] = 1;
    }
    return quantize(next);
  }
  return {
    x: along(from.x, 'x', WORLD.minX + TARGET_MARGIN, WORLD.maxX - TARGET_MARGIN),
    y: along(from.y, 'y', WORLD.minY + TARGET_MARGIN, WORLD.maxY - TARGET_MARGIN),
  };
}
