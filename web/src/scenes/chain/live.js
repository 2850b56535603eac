/**
 * The live chain scene (chain/scene.js has its definition): it builds the C++ chain for the
 * settings, solves once a frame warm-started from its last pose, follows (chain/follow.js), moves
 * the bouncing target, steps through the solver (chain/teaching.js), reports, draws, and carries its
 * pose and step count through links (link.restore, link.state).
 */

import { chainBones } from '../../draw/bone-art.js';
import { drawDot, drawMissLine, drawTargetHandle, sizeFor } from '../../draw/draw.js';
import { formatLength, formatPoint } from '../../model/format.js';
import { describeValue, quantize } from '../../model/settings.js';
import {
  drawBones, drawJointsAtLimit, drawLimitWedges, drawPole, drawReach, drawRoot,
} from './draw.js';
import { applyJointLimits, limitsInRadians } from './rig.js';
import { createFollow } from './follow.js';
import { resampleAngles, startingAngles } from './shape.js';
import {
  FLAT_WORLD, SECONDARY_HANDLE, grabRadius, methodLabel, statusTone, statusWords,
} from '../shared.js';
import { createTeaching } from './teaching.js';
import { createTargetPath } from '../target-path.js';


/** Where the target starts (its default), and where a link that plays a path puts it. */
export const TARGET_START = Object.freeze({ x: 120, y: 70 });

/**
 * @typedef {import('../../model/settings.js').Settings} Settings
 * @typedef {import('../../model/settings.js').Point} Point
 * @typedef {import('../index.js').SceneInstance} SceneInstance
 * @typedef {import('../index.js').Readout} Readout
 * @typedef {import('../../../../core/bindings/ik2d').Chain} Chain
 * @typedef {import('../../../../core/bindings/ik2d').ChainSolveResult} ChainSolveResult
 * @typedef {import('./scene.js').ChainParams} ChainParams
 * @typedef {import('./scene.js').SceneSolveOptions} SceneSolveOptions
 */

/** The world rectangle, shared by the view, the moving target's box and follow mode. */
const WORLD = FLAT_WORLD;

/** The moving target's speed along x and y, world units per second (not 1:1, so it roams). */
const TARGET_VELOCITY = { x: 130, y: 85 };

/** How far inside the world rectangle the moving target turns back, world units. */
const TARGET_MARGIN = 25;

const RADIANS = Math.PI / 180;

/** Most steps a link or setState may ask step-through to replay (as stepSolver allows). */
export const MAX_REPLAY_STEPS = 10000;

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
export function createChain(ik) {
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

    /** The scene's own state in links: restored from one, and what one must carry. */
    link: {
      settings: targetPath.linkSettings,

      restore,

      state(settings) {
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
    },

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

    stepping: {
      step: stepSolver,
      run: runSolver,
      active: () => teaching.isStepping(),
    },

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
      drawBones(ctx, view, theme, positions, lengths, ui.drawArt);
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

    bones() {
      return result ? chainBones(positions) : [];
    },

    hitRadius(name, pointerType) {
      if (name === 'target') return grabRadius(pointerType);
      // The pole is a handle only while it is in use.
      if (name === 'pole') return poleInUse ? grabRadius(pointerType) * SECONDARY_HANDLE : 0;
      // A following root is moved by the chain, not by hand: pressing there moves the target.
      return following ? 0 : grabRadius(pointerType) * SECONDARY_HANDLE;
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
