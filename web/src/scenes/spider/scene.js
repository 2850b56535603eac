/**
 * The spider scene: an `ik.Spider` walking on seeded terrain toward the target's x, every leg
 * solved by the two-bone solver each simulation step (the gait itself is in the core; docs/api.md
 * "new ik.Spider").
 *
 * Contents: definition (params, points, readouts) · seeds · the live instance (create) · camera.
 * Drawing is in spider/draw.js.
 *
 * Settings: speed, legs, stepThreshold, stepHeight, upperLength, lowerLength, roughness, seed,
 * debug (params); target (point, world units, y up).
 *
 * - The spider steps once per simulation step (advance), never per animation frame, so pause and
 *   step() make it deterministic: the same link plus the same number of steps gives the same state.
 * - Every setting but `debug` is fixed when an ik.Spider is built, so changing one builds a new
 *   spider (the old one is deleted) at the body's current x. Steps taken carry over.
 * - The body rides at half the leg reach (`bodyHeight` = (upperLength + lowerLength) / 2); the leg
 *   ranges (40 to 80 each) keep that valid and the gait walking.
 * - The goal is target.x; target.y only places the handle, kept on or above the ground.
 * - The world is 40000 units wide: the camera follows the body (see followBody()).
 */

import { formatLength } from '../../model/format.js';
import { parseNumberText } from '../../model/link.js';
import { describeValue, quantize } from '../../model/settings.js';
import { grabRadius, readoutSpecs } from '../shared.js';
import {
  drawBody, drawDebugLegend, drawDebugRestSpots, drawLegs, drawSpiderTarget, drawTerrain,
} from './draw.js';

/**
 * @typedef {import('../../model/settings.js').Settings} Settings
 * @typedef {import('../../model/settings.js').Point} Point
 * @typedef {import('../index.js').SceneInstance} SceneInstance
 * @typedef {import('../index.js').SceneDefinition} SceneDefinition
 * @typedef {import('../index.js').Readout} Readout
 * @typedef {import('../../../../core/bindings/ik2d').Spider} Spider
 * @typedef {import('../../../../core/bindings/ik2d').SpiderState} SpiderState
 *
 * @typedef {Object} SpiderParams The spider's settings (see `spider.params`).
 * @property {number} speed Top walking speed, units per second.
 * @property {number} legs Even, 4..16.
 * @property {number} stepThreshold Drift of a planted foot from its rest spot that makes it step.
 * @property {number} stepHeight How high a stepping foot lifts.
 * @property {number} upperLength Hip to knee.
 * @property {number} lowerLength Knee to foot.
 * @property {number} roughness Terrain roughness, 0 (flat) to 1.
 * @property {number} seed Terrain seed, 0..4294967295.
 * @property {boolean} debug Show rest spots, step thresholds and gait groups.
 */

/** The world rectangle always visible (it moves with the camera). */
const WORLD = { minX: -240, maxX: 240, minY: -120, maxY: 240 };

/** Where the target may go: far along x (the spider walks there), the visible height along y. */
const TARGET_BOUNDS = { minX: -20000, maxX: 20000, minY: WORLD.minY, maxY: WORLD.maxY };

/** Largest terrain seed the core takes. */
const MAX_SEED = 4294967295;

/** Seeds "New terrain" picks are 1..SEED_RANGE: short enough to read and type. */
const SEED_RANGE = 999999;

/** The camera's lag behind where it aims, seconds (exponential smoothing). */
const CAMERA_LAG = 0.5;

/** The camera aims ahead of the body by its velocity times this, seconds... */
const CAMERA_LEAD_TIME = 0.8;

/** ...but never more than this many world units (a quarter of the world's width). */
const CAMERA_MAX_LEAD = 120;

/** @type {SceneDefinition} */
export const spider = {
  id: 'spider',
  title: 'Spider on terrain',
  tabLabel: 'Spider',
  summary: 'Drag the target: the spider walks to it. Each leg is a two-bone limb solved every step; '
    + 'a planted foot stays put until it drifts too far from its rest spot, then its gait group steps.',
  canvasLabel: 'A spider walking on hilly ground. Press or drag anywhere to move the target; the spider '
    + 'walks to its x.',
  hints: {
    pointer: ['Drag anywhere: move the target; the spider walks to it', 'Drop a picture file on a bone: it is drawn along it'],
    touch: ['Tap or drag anywhere: move the target; the spider walks to it'],
  },
  world: WORLD,
  gridSpacing: 50,
  axes: false,
  params: [
    {
      name: 'speed', label: 'Speed', kind: 'range', min: 10, max: 300, step: 1, default: 90,
      help: 'Top walking speed, units per second.',
    },
    {
      name: 'legs', label: 'Legs', kind: 'range', min: 4, max: 16, step: 2, integer: true, multipleOf: 2,
      default: 8, help: 'Half on the near side, half on the far side.',
    },
    {
      name: 'stepThreshold', label: 'Step threshold', kind: 'range', min: 8, max: 60, step: 1, default: 28,
      help: 'How far a planted foot may drift from its rest spot before its group steps.',
    },
    {
      name: 'stepHeight', label: 'Step height', kind: 'range', min: 0, max: 60, step: 1, default: 22,
      help: 'How high a stepping foot lifts.',
    },
    {
      name: 'upperLength', label: 'Upper leg', kind: 'range', min: 40, max: 80, step: 1, default: 50,
    },
    {
      name: 'lowerLength', label: 'Lower leg', kind: 'range', min: 40, max: 80, step: 1, default: 60,
      help: 'The body rides at half the leg reach.',
    },
    {
      name: 'roughness', label: 'Terrain roughness', kind: 'range', min: 0, max: 1, step: 0.01, default: 0.5,
      help: '0 is flat ground.',
    },
    {
      name: 'seed', label: 'Terrain seed', kind: 'seed', min: 0, max: MAX_SEED, integer: true, default: 1, key: 'n',
      buttonLabel: 'New terrain', next: nextSeed, help: 'The same seed gives the same ground.',
    },
    {
      name: 'debug', label: 'Debug overlay', kind: 'toggle', default: false, key: 'd',
      help: 'Rest spots, ±step threshold and gait groups.',
    },
  ],
  points: [
    { name: 'target', label: 'Target', default: { x: 600, y: 60 }, bounds: TARGET_BOUNDS },
  ],
  keyboardPoint: 'target',
  state: [{
    name: 'body',
    linkKey: 'at',
    parse(text) {
      const parsed = parseNumberText(text);
      return parsed.reason ? { reason: `${parsed.reason}: expected the body's x` } : { value: { x: parsed.value } };
    },
    format: (body) => String(quantize(body.x)),
  }],
  keyStep: 20,
  readouts: readoutSpecs('status', ['body', 'body x'], 'speed', 'planted', 'steps', 'seed'),
  create: createSpider,
};

/**
 * The spider's params, typed (settings.js has checked each against its spec).
 * @param {Settings} settings
 * @returns {SpiderParams}
 */
function spiderParams(settings) {
  return /** @type {SpiderParams} */ (/** @type {unknown} */ (settings.params));
}

// Seeds ---------------------------------------------------------------------------------------

/**
 * The seed "New terrain" picks after `seed`: a 32-bit integer hash (MurmurHash3's finaliser) of
 * it, folded into 1..SEED_RANGE. Deterministic, so a link plus the same clicks gives the same
 * ground; never `seed` itself.
 * @param {number} seed
 * @returns {number}
 */
function nextSeed(seed) {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h = (h ^ (h >>> 16)) >>> 0;
  const next = (h % SEED_RANGE) + 1;
  return next === seed ? (next % SEED_RANGE) + 1 : next;
}

// The live scene ------------------------------------------------------------------------------

/**
 * Creates the live spider scene.
 * @param {any} ik The loaded ik2d module.
 * @returns {SceneInstance}
 */
function createSpider(ik) {
  /** @type {Spider | null} */
  let walker = null;
  /** The settings (as JSON) the spider was built with. */
  let builtKey = '';
  /** The goal passed to setGoal (NaN: none yet for this spider). */
  let goal = NaN;
  /** @type {SpiderState | null} The spider after the last build or step. */
  let snapshot = null;
  /** Landings of the spiders this scene built before the current one. */
  let earlierSteps = 0;
  /** Which way the body faces: +1 (toward +x) or -1; kept while it stands. */
  let facing = 1;
  /** @type {Point} The camera offset (see followBody()). */
  let camera = { x: 0, y: 0 };

  /**
   * Builds the spider for these settings at body x `x` (default: where the current one stands,
   * 0 for the first), standing, feet on the ground.
   * @param {SpiderParams} params
   * @param {string} key
   * @param {number} [x]
   */
  function build(params, key, x = snapshot ? snapshot.body.x : 0) {
    if (walker && snapshot) {
      earlierSteps += landings(snapshot);
      walker.delete();
    }
    /** @type {Spider} */
    const created = new ik.Spider({
      legs: params.legs,
      upperLength: params.upperLength,
      lowerLength: params.lowerLength,
      bodyHeight: (params.upperLength + params.lowerLength) / 2,
      speed: params.speed,
      stepThreshold: params.stepThreshold,
      stepHeight: params.stepHeight,
      seed: params.seed,
      roughness: params.roughness,
      x,
    });
    walker = created;
    builtKey = key;
    goal = NaN;
    snapshot = created.state();
    return created;
  }

  /**
   * The camera aims a little ahead of the body (by its velocity, capped) and eases toward that
   * with an exponential lag, one simulation step at a time: smooth, and a function of the steps
   * taken, so deterministic. It follows x only; the ground stays within the world's height.
   * @param {SpiderState} state
   * @param {number} dt
   */
  function followBody(state, dt) {
    const lead = Math.max(-CAMERA_MAX_LEAD, Math.min(CAMERA_MAX_LEAD, state.body.velocity * CAMERA_LEAD_TIME));
    const aim = state.body.x + lead;
    const next = camera.x + (aim - camera.x) * (1 - Math.exp(-dt / CAMERA_LAG));
    const x = Math.abs(aim - next) < 1e-3 ? aim : next;
    if (x === camera.x) return false;
    camera = { x, y: 0 };
    return true;
  }

  /** The settings the C++ spider is built from (as JSON). @param {SpiderParams} params */
  function buildKey(params) {
    return JSON.stringify([
      params.legs, params.upperLength, params.lowerLength, params.speed, params.stepThreshold,
      params.stepHeight, params.seed, params.roughness,
    ]);
  }

  return {
    /** The scene's own state in links: restored from one, and what one must carry. */
    link: {
      /**
       * The spider's place from a link (`at=`) or setState (`body: {x}`): it stands there, feet on
       * the ground, and the camera with it; then it walks on toward the target.
       */
      restore(values, settings) {
        const given = /** @type {{x?: unknown} | null} */ (values.body);
        const x = typeof given === 'object' && given !== null ? given.x : undefined;
        if (typeof x !== 'number' || !Number.isFinite(x) || x < TARGET_BOUNDS.minX || x > TARGET_BOUNDS.maxX) {
          return [`Ignored body=${describeValue(values.body)}: expected {x} with x a finite number from ${TARGET_BOUNDS.minX} to ${TARGET_BOUNDS.maxX}`];
        }
        const params = spiderParams(settings);
        build(params, buildKey(params), quantize(x));
        camera = { x: quantize(x), y: 0 };
        return [];
      },

      state() {
        return snapshot && quantize(snapshot.body.x) !== 0 ? { body: { x: snapshot.body.x } } : {};
      },
    },

    solve(settings) {
      const params = spiderParams(settings);
      const { target } = settings.points;
      const key = buildKey(params);
      let changed = false;
      let current = walker;
      if (!current || key !== builtKey) {
        current = build(params, key);
        changed = true;
      }
      if (goal !== target.x) {
        current.setGoal(target.x);
        goal = target.x;
        changed = true;
      }
      // The handle sits on or above the ground (kept to the settings' 0.01, rounded up).
      const floor = Math.ceil(current.groundHeight(target.x) * 100) / 100;
      if (target.y < floor) return { kept: { target: { x: target.x, y: floor } } };
      return changed ? {} : null;
    },

    advance(dt) {
      if (!walker || !snapshot) return null;
      walker.step(dt, 1);
      const previous = snapshot;
      snapshot = walker.state();
      if (Math.abs(snapshot.body.velocity) > 1) facing = Math.sign(snapshot.body.velocity);
      const panned = followBody(snapshot, dt);
      return panned || !samePose(previous, snapshot) ? {} : null;
    },

    state() {
      if (!snapshot) return {};
      const { body, legs } = snapshot;
      return {
        body: { x: body.x, y: body.y, angle: body.angle, velocity: body.velocity },
        // The goal as set (the core's state().goal only catches up at the next step).
        goal: Number.isNaN(goal) ? snapshot.goal : goal,
        legs: legs.map((leg) => ({
          hip: { x: leg.hip.x, y: leg.hip.y },
          knee: { x: leg.knee.x, y: leg.knee.y },
          foot: { x: leg.foot.x, y: leg.foot.y },
          planted: leg.planted,
          rest: { x: leg.rest.x, y: leg.rest.y },
          nearSide: leg.nearSide,
          group: leg.group,
          steps: leg.steps,
          stepProgress: leg.stepProgress,
          ik: leg.ik,
        })),
        camera: { x: camera.x, y: camera.y },
      };
    },

    readouts(settings) {
      /** @type {Record<string, Readout>} */
      const values = {};
      if (!snapshot) return values;
      const { body, legs } = snapshot;
      const params = spiderParams(settings);
      // It stops within a tenth of the leg reach of its goal (docs/api.md, "new ik.Spider").
      const reach = params.upperLength + params.lowerLength;
      const toGo = (Number.isNaN(goal) ? body.x : goal) - body.x;
      values.status = body.velocity === 0 && Math.abs(toGo) <= 0.1 * reach + 0.01
        ? { text: 'at the target', tone: 'ok' }
        : { text: (body.velocity || toGo) > 0 ? 'walking right' : 'walking left', tone: 'pending' };
      values.body = { text: formatLength(body.x) };
      values.speed = { text: `${Math.abs(body.velocity).toFixed(1)} units/s` };
      values.planted = { text: `${legs.filter((leg) => leg.planted).length} of ${legs.length}` };
      values.steps = { text: String(earlierSteps + landings(snapshot)) };
      values.seed = { text: String(params.seed) };
      return values;
    },

    draw(ctx, view, theme, settings, ui) {
      if (!walker || !snapshot) return;
      const params = spiderParams(settings);
      const reach = params.upperLength + params.lowerLength;
      const ground = walker.groundHeight.bind(walker);
      drawTerrain(ctx, view, theme, ground);
      if (params.debug) drawDebugRestSpots(ctx, view, theme, snapshot.legs, params.stepThreshold, ground);
      const { legs } = snapshot;
      // The author's pictures: two per leg (upper, lower), each with its leg's side of the body.
      drawLegs(ctx, view, theme, legs, reach, false);
      ui.drawArt?.((bone) => !legs[bone >> 1].nearSide);
      drawBody(ctx, view, theme, snapshot.body, reach, facing);
      drawLegs(ctx, view, theme, legs, reach, true);
      ui.drawArt?.((bone) => legs[bone >> 1].nearSide);
      drawSpiderTarget(ctx, view, theme, settings.points.target, ground(settings.points.target.x), {
        highlight: ui.active === 'target' || ui.hover === 'target',
      });
      if (params.debug) drawDebugLegend(ctx, theme);
    },

    bones() {
      if (!snapshot) return [];
      return snapshot.legs.flatMap(({ hip, knee, foot }) => [
        { x0: hip.x, y0: hip.y, x1: knee.x, y1: knee.y },
        { x0: knee.x, y0: knee.y, x1: foot.x, y1: foot.y },
      ]);
    },

    hitRadius(name, pointerType) {
      return name === 'target' ? grabRadius(pointerType) : 0;
    },

    groundHeight(x) {
      return walker ? walker.groundHeight(x) : 0;
    },

    camera() {
      return { x: camera.x, y: camera.y };
    },

    dispose() {
      walker?.delete();
      walker = null;
      snapshot = null;
      builtKey = '';
    },
  };
}

/**
 * Landings of every leg so far.
 * @param {SpiderState} state
 */
function landings(state) {
  return state.legs.reduce((sum, leg) => sum + leg.steps, 0);
}

/**
 * True when nothing drawn moved between two snapshots (a spider standing at its goal).
 * @param {SpiderState} a
 * @param {SpiderState} b
 */
function samePose(a, b) {
  if (a.body.x !== b.body.x || a.body.y !== b.body.y || a.body.angle !== b.body.angle) return false;
  if (a.legs.length !== b.legs.length) return false;
  return a.legs.every((leg, i) => {
    const other = b.legs[i];
    return leg.foot.x === other.foot.x && leg.foot.y === other.foot.y
      && leg.knee.x === other.knee.x && leg.knee.y === other.knee.y && leg.planted === other.planted;
  });
}
