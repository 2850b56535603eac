/**
 * The creature scene: procedural animation. An `ik.CreatureCrowd` (one or many creatures of one
 * kind: lizard, snake, fish, centipede) steered by second-order dynamics toward a goal; the spine
 * follows the head within its bend limit, legs step in gait groups, and the core returns a skin
 * outline, eyes and fins to draw (docs/api.md, "new ik.Creature").
 *
 * Contents: definition (params, points, readouts) · presets per kind · the live instance (create)
 * · the crowd's goals. Drawing and the overlay are in creature/draw.js.
 *
 * Settings: kind, count, speed, maxBend (degrees), stepThreshold, gaitGroups, springFrequency,
 * springDamping, springResponse, path, overlay (params); target (point, world units, y up).
 *
 * - The crowd steps once per simulation step (advance), never per animation frame, so pause and
 *   step() make it deterministic: the same link plus the same number of steps gives the same state.
 * - Every setting but `path` and `overlay` is fixed when the crowd is built, so changing one builds
 *   a new crowd whose first creature starts where the old one's head was, facing the same way.
 * - The first creature's goal is the target. The others circle around the first one's head, each
 *   on its own ring and phase (a function of the steps taken, so deterministic), kept in the world.
 * - The others are drawn from the crowd's views() (its storage in WASM memory, no copies); the
 *   first creature's snapshot (state(0)) feeds its own drawing, the overlay and the readouts.
 * - Changing `kind` sets speed, maxBend and stepThreshold to that kind's preset (normalize), unless
 *   the same change sets them too.
 */

import { describeValue, quantize } from '../../model/settings.js';
import { parseNumberText } from '../../model/link.js';
import { FLAT_WORLD, grabRadius, readoutSpecs } from '../shared.js';
import { PATH_PARAM, createTargetPath } from '../target-path.js';
import { drawCreature, drawCreatureOverlay, drawCrowd, drawCreatureTarget, drawSpringPlot } from './draw.js';

/** Where the target starts (its default), and where a link that plays a path puts it. */
const TARGET_START = Object.freeze({ x: 150, y: 60 });

/**
 * @typedef {import('../../model/settings.js').Settings} Settings
 * @typedef {import('../../model/settings.js').Point} Point
 * @typedef {import('../index.js').SceneInstance} SceneInstance
 * @typedef {import('../index.js').SceneDefinition} SceneDefinition
 * @typedef {import('../index.js').Readout} Readout
 * @typedef {import('../../../../core/bindings/ik2d').CreatureCrowd} CreatureCrowd
 * @typedef {import('../../../../core/bindings/ik2d').CreatureState} CreatureState
 * @typedef {import('../../../../core/bindings/ik2d').CreatureSettings} CreatureSettings
 *
 * @typedef {Object} CreatureParams The creature's settings (see `creature.params`).
 * @property {'lizard' | 'snake' | 'fish' | 'centipede'} kind
 * @property {number} count How many creatures, 1..MAX_COUNT.
 * @property {number} speed The head's top speed, units per second.
 * @property {number} maxBend Largest turn between spine segments, degrees.
 * @property {number} stepThreshold How far a planted foot may drift before it steps.
 * @property {number} gaitGroups How many groups the legs lift in, one group at a time (1..4).
 * @property {number} springFrequency Steering spring's natural frequency f, Hz.
 * @property {number} springDamping Steering spring's damping ratio ζ.
 * @property {number} springResponse Steering spring's initial response r.
 * @property {'none' | 'circle' | 'figure8'} path
 * @property {boolean} overlay
 */

/** The world rectangle always visible: the flat scenes'. */
const WORLD = FLAT_WORLD;

/** Where heads may aim: the world less a margin, so a creature stays in view. */
const INNER = 30;
const TARGET_BOUNDS = Object.freeze({
  minX: WORLD.minX + INNER, maxX: WORLD.maxX - INNER, minY: WORLD.minY + INNER, maxY: WORLD.maxY - INNER,
});

/** Most creatures a link may ask for. */
const MAX_COUNT = 1000;

/** Where the first creature starts (its head), facing +x. */
const START = Object.freeze({ x: -120, y: -40, heading: 0 });

/** The kinds, in the choice's order. */
export const KINDS = /** @type {const} */ (['lizard', 'snake', 'fish', 'centipede']);

/**
 * Each kind's preset for the params a kind change resets (the core's presets; maxBend rounded to
 * whole degrees).
 */
export const PRESETS = Object.freeze({
  lizard: { speed: 160, maxBend: 26, stepThreshold: 18 },
  snake: { speed: 140, maxBend: 20, stepThreshold: 18 },
  fish: { speed: 180, maxBend: 17, stepThreshold: 18 },
  centipede: { speed: 110, maxBend: 23, stepThreshold: 9 },
});

/** How fast the others' places around the first creature turn, radians per second. */
const WANDER_RATE = 0.35;

/**
 * A preset param's value for the kind the params have: what a link may leave out (ParamSpec.linkDefault).
 * @param {'speed' | 'maxBend' | 'stepThreshold'} name
 */
const presetOf = (name) => (/** @type {Record<string, unknown>} */ params) => (
  PRESETS[/** @type {keyof typeof PRESETS} */ (params.kind)] ?? PRESETS.lizard)[name];

/** @param {Record<string, unknown>} params */
const hasLegs = (params) => params.kind === 'lizard' || params.kind === 'centipede';

/** @type {SceneDefinition} */
export const creature = {
  id: 'creature',
  title: 'Procedural creature',
  tabLabel: 'Creature',
  summary: 'Drag the target: the creature follows it. Its head steers by a damped spring, the spine '
    + 'follows within a bend limit, and each leg is a two-bone limb that steps when its foot drifts too far.',
  canvasLabel: 'A creature seen from above that crawls or swims after the target. Press or drag anywhere to '
    + 'move the target.',
  hints: {
    pointer: ['Drag anywhere: move the target; the creature follows it'],
    touch: ['Tap or drag anywhere: move the target; the creature follows it'],
  },
  world: WORLD,
  gridSpacing: 50,
  params: [
    {
      name: 'kind', label: 'Kind', kind: 'choice', default: 'lizard',
      options: KINDS.map((value) => ({ value, label: value })),
      help: 'Each kind has its own body, legs and pace.',
    },
    {
      name: 'count', label: 'Creatures', kind: 'range', min: 1, max: MAX_COUNT, step: 1, integer: true, default: 1,
      help: 'The first follows the target; the others roam around it.',
    },
    {
      name: 'speed', label: 'Speed', kind: 'range', min: 10, max: 400, step: 1, default: PRESETS.lizard.speed, linkDefault: presetOf('speed'),
      docDefault: `the kind's: ${PRESETS.lizard.speed} for the lizard`, help: 'The head’s top speed, units per second.',
    },
    {
      name: 'maxBend', label: 'Bend limit', kind: 'range', min: 1, max: 90, step: 1, integer: true,
      default: PRESETS.lizard.maxBend, linkDefault: presetOf('maxBend'), unit: '°',
      docDefault: `the kind's: ${PRESETS.lizard.maxBend} for the lizard`, help: 'Most the spine turns between two segments.',
    },
    {
      name: 'stepThreshold', label: 'Step threshold', kind: 'range', min: 2, max: 40, step: 1,
      default: PRESETS.lizard.stepThreshold, linkDefault: presetOf('stepThreshold'), shownWhen: hasLegs,
      docDefault: `the kind's: ${PRESETS.lizard.stepThreshold} for the lizard`,
      help: 'How far a planted foot may drift from its rest spot before it steps.',
    },
    {
      name: 'gaitGroups', label: 'Gait groups', kind: 'range', min: 1, max: 4, step: 1, integer: true, default: 2,
      shownWhen: hasLegs,
      help: 'The legs lift in this many groups, one group at a time (2: diagonal pairs; more: a wave).',
    },
    {
      name: 'springFrequency', label: 'Spring f', kind: 'range', min: 0.1, max: 10, step: 0.1, default: 2,
      unit: ' Hz', help: 'How fast the steering target follows the goal.',
    },
    {
      name: 'springDamping', label: 'Spring ζ', kind: 'range', min: 0, max: 3, step: 0.05, default: 1,
      help: 'Damping: below 1 the steering target overshoots.',
    },
    {
      name: 'springResponse', label: 'Spring r', kind: 'range', min: -3, max: 3, step: 0.1, default: 0,
      help: 'Initial response: above 1 it overshoots at once, below 0 it anticipates.',
    },
    PATH_PARAM,
    {
      name: 'overlay', label: 'Overlay', kind: 'toggle', default: false, key: 'o',
      help: 'Spacing circles, bend limits, foot rest spots, gait groups and the spring’s response.',
    },
  ],
  points: [
    { name: 'target', label: 'Target', default: TARGET_START, bounds: TARGET_BOUNDS },
  ],
  keyboardPoint: 'target',
  keyStep: 8,
  normalize(params, before, changed) {
    if (!changed.has('kind')) return [];
    const preset = PRESETS[/** @type {keyof typeof PRESETS} */ (params.kind)];
    if (!preset) return [];
    for (const [name, value] of Object.entries(preset)) {
      if (!changed.has(name)) params[name] = value;
    }
    return [];
  },
  state: [{
    name: 'head',
    linkKey: 'at',
    parse(text) {
      const parts = text.split(',');
      if (parts.length !== 3) return { reason: 'expected the head as x,y,heading' };
      const values = parts.map((part) => parseNumberText(part));
      const bad = values.find((value) => value.reason);
      if (bad) return { reason: `${bad.reason}: expected the head as x,y,heading` };
      const [x, y, heading] = values.map((value) => /** @type {number} */ (value.value));
      return { value: { x, y, heading } };
    },
    format: (head) => [head.x, head.y, head.heading].map((v) => String(quantize(v))).join(','),
  }],
  readouts: readoutSpecs(
    'status', 'kind', ['count', 'creatures'], 'speed', ['planted', 'legs planted'], 'heading',
  ),
  create: createCreature,
};

/**
 * The creature's params, typed (settings.js has checked each against its spec).
 * @param {Settings} settings
 * @returns {CreatureParams}
 */
function creatureParams(settings) {
  return /** @type {CreatureParams} */ (/** @type {unknown} */ (settings.params));
}

/**
 * The options a crowd is built with for these params, its first head at `head`.
 * @param {CreatureParams} params
 * @param {{x: number, y: number, heading: number}} head
 */
function crowdOptions(params, head) {
  return {
    kind: params.kind,
    count: params.count,
    x: head.x,
    y: head.y,
    heading: head.heading,
    speed: params.speed,
    maxBend: (params.maxBend * Math.PI) / 180,
    stepThreshold: params.stepThreshold,
    gaitGroups: params.gaitGroups,
    springFrequency: params.springFrequency,
    springDamping: params.springDamping,
    springResponse: params.springResponse,
  };
}

/**
 * Where creature `i` (1..count-1) of `count` heads for at time t: on a disc around the leader's
 * head (a sunflower's spiral, so they spread evenly), turning slowly, kept in the target bounds.
 * @param {number} i
 * @param {number} count
 * @param {number} t Seconds since the crowd was built.
 * @param {Point} leader
 * @returns {Point}
 */
function wanderGoal(i, count, t, leader) {
  const golden = Math.PI * (3 - Math.sqrt(5));
  const radius = 70 + 170 * Math.sqrt(i / Math.max(1, count - 1));
  const angle = i * golden + (i % 2 ? 1 : -1) * WANDER_RATE * t;
  const x = leader.x + radius * Math.cos(angle);
  const y = leader.y + radius * Math.sin(angle);
  return {
    x: Math.min(TARGET_BOUNDS.maxX, Math.max(TARGET_BOUNDS.minX, x)),
    y: Math.min(TARGET_BOUNDS.maxY, Math.max(TARGET_BOUNDS.minY, y)),
  };
}

// The live scene ------------------------------------------------------------------------------

/** Samples of the spring plot: the last ~2 s at 60 steps a second. */
const PLOT_SAMPLES = 120;

/**
 * Creates the live creature scene.
 * @param {any} ik The loaded ik2d-creature module.
 * @returns {SceneInstance}
 */
function createCreature(ik) {
  /** @type {CreatureCrowd | null} */
  let crowd = null;
  /** The settings (as JSON) the crowd was built with. */
  let builtKey = '';
  /** @type {CreatureSettings | null} */
  let options = null;
  /** @type {CreatureState | null} The first creature after the last build or step. */
  let snapshot = null;
  /** Steps since the crowd was built (the others' goals are a function of it). */
  let steps = 0;
  /** The goals handed to setGoals, x, y each: kept between steps. */
  let flatGoals = new Float64Array(0);
  /** The goal last given to the first creature. @type {Point | null} */
  let goal = null;
  /** Distances |goal − steering target| and |goal − head| over the last PLOT_SAMPLES steps. */
  /** @type {Array<{target: number, head: number}>} */
  let history = [];
  const targetPath = createTargetPath({ x: 0, y: 0 }, TARGET_START);

  /**
   * Builds the crowd for these params, its first head at `head` (default: where the current first
   * creature's head is, facing its way; START for the first build).
   * @param {CreatureParams} params
   * @param {string} key
   * @param {{x: number, y: number, heading: number}} [head]
   */
  function build(params, key, head) {
    const at = head ?? (snapshot
      ? { x: snapshot.spine[0].x, y: snapshot.spine[0].y, heading: snapshot.heading }
      : START);
    crowd?.delete();
    /** @type {CreatureCrowd} */
    const created = new ik.CreatureCrowd(crowdOptions(params, at));
    crowd = created;
    builtKey = key;
    options = created.options;
    steps = 0;
    goal = null;
    history = [];
    snapshot = created.state(0);
    return created;
  }

  /** @param {CreatureParams} params */
  function buildKey(params) {
    return JSON.stringify([
      params.kind, params.count, params.speed, params.maxBend, params.stepThreshold, params.gaitGroups,
      params.springFrequency, params.springDamping, params.springResponse,
    ]);
  }

  /**
   * Gives every creature its goal: the first the target, the others their places around it.
   * @param {CreatureCrowd} current
   * @param {Point} target
   * @param {number} count
   */
  function setGoals(current, target, count) {
    goal = { x: target.x, y: target.y };
    if (count === 1) {
      current.setGoal(0, goal);
      return;
    }
    const leader = snapshot ? snapshot.spine[0] : goal;
    const t = steps / 60;
    if (flatGoals.length !== 2 * count) flatGoals = new Float64Array(2 * count);
    const flat = flatGoals;
    flat[0] = goal.x;
    flat[1] = goal.y;
    for (let i = 1; i < count; i += 1) {
      const p = wanderGoal(i, count, t, leader);
      flat[2 * i] = p.x;
      flat[2 * i + 1] = p.y;
    }
    current.setGoals(flat);
  }

  return {
    /** The scene's own state in links: restored from one, and what one must carry. */
    link: {
      /** The first creature's head from a link (`at=x,y,heading`) or setState (`head`). */
      restore(values, settings) {
        const given = /** @type {Record<string, unknown> | null} */ (values.head);
        const ok = typeof given === 'object' && given !== null
          && ['x', 'y', 'heading'].every((k) => typeof given[k] === 'number' && Number.isFinite(given[k]))
          && /** @type {number} */ (given.x) >= WORLD.minX && /** @type {number} */ (given.x) <= WORLD.maxX
          && /** @type {number} */ (given.y) >= WORLD.minY && /** @type {number} */ (given.y) <= WORLD.maxY
          && Math.abs(/** @type {number} */ (given.heading)) <= 10;
        if (!ok || !given) {
          return [`Ignored head=${describeValue(values.head)}: expected {x, y, heading} with x from ${WORLD.minX} to ${WORLD.maxX}, y from ${WORLD.minY} to ${WORLD.maxY} and heading in radians from -10 to 10`];
        }
        const params = creatureParams(settings);
        build(params, buildKey(params), {
          x: quantize(/** @type {number} */ (given.x)),
          y: quantize(/** @type {number} */ (given.y)),
          heading: quantize(/** @type {number} */ (given.heading)),
        });
        return [];
      },

      state() {
        if (!snapshot) return {};
        const head = { x: snapshot.spine[0].x, y: snapshot.spine[0].y, heading: snapshot.heading };
        const same = quantize(head.x) === START.x && quantize(head.y) === START.y
          && quantize(head.heading) === START.heading;
        return same ? {} : { head };
      },

      settings: targetPath.linkSettings,
    },

    solve(settings) {
      const params = creatureParams(settings);
      const key = buildKey(params);
      if (!crowd || key !== builtKey) {
        build(params, key);
        return {};
      }
      const { target } = settings.points;
      return !goal || goal.x !== target.x || goal.y !== target.y ? {} : null;
    },

    take: targetPath.take,

    advance(dt, settings) {
      if (!crowd || !snapshot) return null;
      const params = creatureParams(settings);
      const onPath = targetPath.advance(dt, params.path);
      const target = onPath ?? settings.points.target;
      setGoals(crowd, target, params.count);
      crowd.step(dt, 1);
      steps += 1;
      const previous = snapshot;
      snapshot = crowd.state(0);
      history.push({
        target: Math.hypot(snapshot.target.x - snapshot.goal.x, snapshot.target.y - snapshot.goal.y),
        head: Math.hypot(snapshot.spine[0].x - snapshot.goal.x, snapshot.spine[0].y - snapshot.goal.y),
      });
      if (history.length > PLOT_SAMPLES) history.shift();
      if (onPath) return { moved: { target: onPath } };
      return params.count > 1 || !samePose(previous, snapshot) ? {} : null;
    },

    state() {
      if (!snapshot) return {};
      return {
        creature: snapshot,
        head: { x: snapshot.spine[0].x, y: snapshot.spine[0].y, heading: snapshot.heading },
      };
    },

    readouts(settings) {
      /** @type {Record<string, Readout>} */
      const values = {};
      if (!snapshot) return values;
      const params = creatureParams(settings);
      // The head stops within one spacing of its goal (docs/api.md, "new ik.Creature").
      const head = snapshot.spine[0];
      const goalNow = goal ?? snapshot.goal;
      const spacing = options ? (typeof options.spacing === 'number' ? options.spacing : options.spacing[0]) : 12;
      const near = Math.hypot(goalNow.x - head.x, goalNow.y - head.y) <= 1.5 * spacing;
      values.status = near && snapshot.speed < 1
        ? { text: 'at the target', tone: 'ok' }
        : { text: 'following', tone: 'pending' };
      values.kind = { text: params.kind };
      values.count = { text: String(params.count) };
      values.speed = { text: `${snapshot.speed.toFixed(1)} units/s` };
      const { legs } = snapshot;
      values.planted = { text: legs.length ? `${legs.filter((leg) => leg.planted).length} of ${legs.length}` : 'no legs' };
      values.heading = { text: `${Math.round((snapshot.heading * 180) / Math.PI)}°` };
      return values;
    },

    describe(settings) {
      const { count, kind } = creatureParams(settings);
      return count === 1
        ? `One ${kind}.`
        : `${count} creatures (${kind}): the first follows the target, the others roam around it.`;
    },

    draw(ctx, view, theme, settings, ui) {
      if (!crowd || !snapshot || !options) return;
      const params = creatureParams(settings);
      // The others first (lighter), the first creature on top. views() every frame: it answers
      // the same views until a memory growth detaches them, then fresh ones (never stale ones).
      drawCrowd(ctx, view, theme, crowd.views(), crowd.layout, options, 1);
      if (params.overlay) drawCreatureOverlay(ctx, view, theme, snapshot, options);
      drawCreature(ctx, view, theme, snapshot, options, { groups: params.overlay });
      drawCreatureTarget(ctx, view, theme, settings.points.target, snapshot, {
        highlight: ui.active === 'target' || ui.hover === 'target',
      });
      if (params.overlay) drawSpringPlot(ctx, view, theme, history, PLOT_SAMPLES);
    },

    hitRadius(name, pointerType) {
      return name === 'target' ? grabRadius(pointerType) : 0;
    },

    dispose() {
      crowd?.delete();
      crowd = null;
      snapshot = null;
      options = null;
      builtKey = '';
    },
  };
}

/**
 * True when nothing drawn moved between two snapshots (a creature resting at its goal).
 * @param {CreatureState} a
 * @param {CreatureState} b
 */
function samePose(a, b) {
  if (a.outline.length !== b.outline.length) return false;
  for (let i = 0; i < a.outline.length; i += 1) {
    if (a.outline[i].x !== b.outline[i].x || a.outline[i].y !== b.outline[i].y) return false;
  }
  return a.legs.every((leg, i) => leg.foot.x === b.legs[i].foot.x && leg.foot.y === b.legs[i].foot.y
    && leg.knee.x === b.legs[i].knee.x && leg.knee.y === b.legs[i].knee.y)
    && a.target.x === b.target.x && a.target.y === b.target.y;
}
