/**
 * The rope scene: a rope of Verlet points (`ik.Rope`, docs/api.md) hanging from a draggable
 * anchor. With `follow` on, its free end is pinned where the target is (as far toward it as the
 * rope reaches): a tentacle or a tail reaching for the pointer; with it off, the end swings free
 * under gravity and comes to rest by the damping.
 *
 * Contents: definition (params, points, state, readouts) · the rope's shapes (straight, settled,
 * laid at rest) · the live instance (create). Drawing and the overlay are in rope/draw.js.
 *
 * Settings: segments, segmentLength, gravity (units/s², downward), damping, iterations, follow,
 * path, overlay (params); target, anchor (points, world units, y up); the rope's shape (state
 * `angles`, link `pose=`: each segment's direction in degrees from +x).
 *
 * - The rope steps once per simulation step (advance), never per animation frame or input, so
 *   pause and step() make it deterministic: the same link plus the same steps gives the same rope.
 * - A rope is built at rest in its settled shape for the settings (settledShape): hanging straight
 *   down, or with follow on held between the anchor and the target as the sag of its own weight
 *   leaves it. So a link of a settled rope needs no shape; any other shape is written as `pose=`
 *   and comes back at rest (a link carries no speeds).
 * - Changing segments or segmentLength builds a new rope along the old one's shape; changing
 *   gravity, damping or iterations rebuilds the same shape with the new settings, at rest.
 */

import { describeValue, quantize } from '../../model/settings.js';
import { parseNumberText } from '../../model/link.js';
import { FLAT_WORLD, SECONDARY_HANDLE, grabRadius, readoutSpecs } from '../shared.js';
import { PATH_PARAM, createTargetPath } from '../target-path.js';
import { drawRope, drawRopeOverlay, drawRopeTarget } from './draw.js';

/**
 * @typedef {import('../../model/settings.js').Settings} Settings
 * @typedef {import('../../model/settings.js').Point} Point
 * @typedef {import('../index.js').SceneInstance} SceneInstance
 * @typedef {import('../index.js').SceneDefinition} SceneDefinition
 * @typedef {import('../index.js').Readout} Readout
 * @typedef {import('../../../../core/bindings/ik2d').Rope} Rope
 *
 * @typedef {Object} RopeParams The rope's settings (see `rope.params`).
 * @property {number} segments How many segments, 2..MAX_SEGMENTS.
 * @property {number} segmentLength Rest length of each, world units.
 * @property {number} gravity Downward acceleration, units per second squared.
 * @property {number} damping Share of its speed a free point loses every 1/60 s.
 * @property {number} iterations Constraint passes per step.
 * @property {boolean} follow The free end is pinned at the target.
 * @property {'none' | 'circle' | 'figure8'} path
 * @property {boolean} overlay
 */

/** The world rectangle always visible: the flat scenes'. */
const WORLD = FLAT_WORLD;

/** Where the anchor and the target start (their defaults; a link that plays a path puts the target there). */
const ANCHOR_START = Object.freeze({ x: 0, y: 170 });
const TARGET_START = Object.freeze({ x: 110, y: -40 });

/** Most segments a rope may have. */
export const MAX_SEGMENTS = 40;

/**
 * The share of the rope's length the end is held at toward a target beyond reach: the core refuses
 * a pin farther from the anchor than the rope is long, and a rope held nearly taut between two pins
 * keeps shaking (at 0.998 of its length, points still move by up to 2 units a step after 20 s).
 */
const REACH = 0.98;

/** Steps and damping of the settling run that gives a new rope its resting shape. */
const SETTLE_STEPS = 240;
const SETTLE_DAMPING = 0.3;

/** A rope whose fastest point moves less than this (units per step) is drawn no more. */
const STILL = 1e-4;

/** Speeds below this (units/s) read as at rest. */
const REST_SPEED = 1;

/** Decimals of the degrees a link writes the shape with: the end lands within about 0.1 units. */
const POSE_DECIMALS = 2;

/** How far (units) a rope may be from its settled shape and still need no `pose=` in a link. */
const SETTLED_TOLERANCE = 0.5;

const RADIANS = Math.PI / 180;

/** @type {SceneDefinition} */
export const rope = {
  id: 'rope',
  title: 'Rope and tentacle',
  tabLabel: 'Rope',
  summary: 'A rope of points joined by fixed lengths, hanging from its anchor under gravity. With follow on, '
    + 'its free end holds the target like a tentacle; with it off, the end swings free and the damping brings it to rest.',
  canvasLabel: 'A rope hanging from an anchor whose free end reaches for the target. Press or drag anywhere to '
    + 'move the target; drag the anchor to carry the rope.',
  hints: {
    pointer: ['Drag anywhere: move the target; the rope’s end follows it', 'Drag the square anchor: carry the rope'],
    touch: ['Tap or drag anywhere: move the target', 'Drag the square anchor: carry the rope'],
  },
  world: WORLD,
  gridSpacing: 50,
  params: [
    {
      name: 'segments', label: 'Segments', kind: 'range', min: 2, max: MAX_SEGMENTS, step: 1, integer: true, default: 16,
      help: 'How many segments, each a point joined to the next by a fixed length.',
    },
    {
      name: 'segmentLength', label: 'Segment length', kind: 'range', min: 4, max: 20, step: 1, default: 16,
      help: 'Rest length of each segment, world units.',
    },
    {
      name: 'gravity', label: 'Gravity', kind: 'range', min: 0, max: 3000, step: 10, default: 980, unit: ' units/s²',
      help: 'Pull downward on every free point.',
    },
    {
      name: 'damping', label: 'Damping', kind: 'range', min: 0, max: 1, step: 0.01, default: 0.02,
      help: 'Share of its speed a free point loses every 1/60 s: 0 swings for ever.',
    },
    {
      name: 'iterations', label: 'Iterations', kind: 'range', min: 1, max: 50, step: 1, integer: true, default: 10,
      help: 'Constraint passes per step: fewer stretch the rope before the exact pass.',
    },
    {
      name: 'follow', label: 'Follow the target', kind: 'toggle', default: true, key: 'f',
      help: 'The free end holds the target; off, it swings free.',
    },
    PATH_PARAM,
    {
      name: 'overlay', label: 'Overlay', kind: 'toggle', default: false, key: 'o',
      help: 'Rest lengths, each segment’s error, the pins and the gravity vector.',
    },
  ],
  points: [
    { name: 'target', label: 'Target', default: TARGET_START },
    { name: 'anchor', label: 'Anchor', default: ANCHOR_START },
  ],
  keyboardPoint: 'target',
  keyStep: 8,
  state: [{ name: 'angles', linkKey: 'pose', parse: parseShape, format: formatShape }],
  readouts: readoutSpecs(
    'status', ['length', 'rope'], ['stretch', 'largest error'], ['speed', 'fastest point'],
  ),
  create: createRope,
};

/**
 * The rope's params, typed (settings.js has checked each against its spec).
 * @param {Settings} settings
 * @returns {RopeParams}
 */
function ropeParams(settings) {
  return /** @type {RopeParams} */ (/** @type {unknown} */ (settings.params));
}

/**
 * Reads a link's shape (`pose=`): the first segment's direction, then each segment's turn from the
 * one before, in degrees (turns are short numbers: a link stays short); into directions, radians.
 * @param {string} text
 * @returns {{value?: number[], reason?: string}}
 */
export function parseShape(text) {
  const parts = text.split(',');
  if (parts.length > MAX_SEGMENTS) return { reason: `${parts.length} angles; a rope has at most ${MAX_SEGMENTS} segments` };
  const degrees = parts.map((part) => parseNumberText(part).value ?? NaN);
  const bad = degrees.findIndex((value) => !Number.isFinite(value) || Math.abs(value) > 360);
  if (bad >= 0) return { reason: `angle ${bad + 1} is not a number of degrees from -360 to 360` };
  let direction = 0;
  return { value: degrees.map((d) => (direction += d * RADIANS)) };
}

/**
 * Writes a shape for a link (see parseShape).
 * @param {number[]} angles Directions, radians.
 */
export function formatShape(angles) {
  let before = 0;
  return angles.map((angle) => {
    // The turn wrapped to (-180°, 180°], so a rope that coils writes small numbers too.
    const turn = Math.atan2(Math.sin(angle - before), Math.cos(angle - before));
    before += turn;
    return String(Number((turn / RADIANS).toFixed(POSE_DECIMALS)) || 0);
  }).join(',');
}

/** @param {RopeParams} params */
const ropeLength = (params) => params.segments * params.segmentLength;

/**
 * Where the end is held for a target: the target, or as far toward it as the rope reaches.
 * @param {Point} anchor
 * @param {Point} target
 * @param {number} length The rope's length.
 * @returns {{at: Point, reached: boolean}}
 */
export function holdPoint(anchor, target, length) {
  const dx = target.x - anchor.x;
  const dy = target.y - anchor.y;
  const d = Math.hypot(dx, dy);
  const most = REACH * length;
  if (d <= most) return { at: { x: target.x, y: target.y }, reached: true };
  return { at: { x: anchor.x + (dx / d) * most, y: anchor.y + (dy / d) * most }, reached: false };
}

// The rope's shapes ----------------------------------------------------------------------------

/**
 * Points laid from the anchor, segment by segment at the rest length, along the given directions.
 * @param {Point} anchor
 * @param {ArrayLike<number>} angles Radians from +x, one per segment.
 * @param {number} length Segment length.
 * @returns {Point[]}
 */
function layOut(anchor, angles, length) {
  const points = [{ x: anchor.x, y: anchor.y }];
  for (let k = 0; k < angles.length; k += 1) {
    const p = points[k];
    points.push({ x: p.x + length * Math.cos(angles[k]), y: p.y + length * Math.sin(angles[k]) });
  }
  return points;
}

/**
 * Each segment's direction (radians from +x) of flat positions x0, y0, x1, y1, ...
 * @param {ArrayLike<number>} xy
 * @returns {number[]}
 */
function directions(xy) {
  const angles = [];
  for (let i = 2; i < xy.length; i += 2) {
    const dx = xy[i] - xy[i - 2];
    const dy = xy[i + 1] - xy[i - 1];
    angles.push(dx === 0 && dy === 0 ? -Math.PI / 2 : Math.atan2(dy, dx));
  }
  return angles;
}

/**
 * `count` directions along an old shape of other directions, by the share of the way along it (a
 * rope of a new number of segments keeps the old one's shape).
 * @param {number[]} old
 * @param {number} count
 */
function resample(old, count) {
  return Array.from({ length: count }, (_, k) => old[Math.min(old.length - 1, Math.floor(((k + 0.5) / count) * old.length))]);
}

/**
 * The rope's options for the core.
 * @param {RopeParams} params
 * @param {number} [damping] Instead of the params' (the settling run's).
 */
function ropeOptions(params, damping = params.damping) {
  return { gravity: { x: 0, y: -params.gravity }, damping, iterations: params.iterations };
}

/**
 * Pins the anchor and, with follow on, the end where it is held for the target.
 * @param {Rope} live
 * @param {RopeParams} params
 * @param {Point} anchor
 * @param {Point} target
 * @param {boolean} endPinned Whether the end is pinned now.
 * @returns {boolean} Whether it is pinned afterwards.
 */
function pinEnds(live, params, anchor, target, endPinned) {
  const last = params.segments;
  // The anchor may move beyond the old hold: a pinned end lets go first (a free one keeps its speed).
  if (endPinned) live.pin(last, null);
  live.pin(0, anchor);
  if (params.follow) live.pin(last, holdPoint(anchor, target, ropeLength(params)).at);
  return params.follow;
}

/**
 * The shape a rope settles in for these settings: straight down from the anchor; with follow on
 * (and a target that is not straight below), what a heavily damped run of the same rope between
 * the anchor and the target leaves. Directions, radians.
 * @param {any} ik
 * @param {RopeParams} params
 * @param {Point} anchor
 * @param {Point} target
 * @returns {number[]}
 */
function settledShape(ik, params, anchor, target) {
  const down = Array.from({ length: params.segments }, () => -Math.PI / 2);
  if (!params.follow) return down;
  /** @type {Rope} */
  const trial = new ik.Rope({ points: layOut(anchor, down, params.segmentLength), ...ropeOptions(params, SETTLE_DAMPING) });
  try {
    pinEnds(trial, params, anchor, target, false);
    trial.step(1 / 60, SETTLE_STEPS);
    return directions(trial.positions());
  } finally {
    trial.delete();
  }
}

// The live scene ------------------------------------------------------------------------------

/**
 * Creates the live rope scene.
 * @param {any} ik The loaded ik2d-creature module.
 * @returns {SceneInstance}
 */
function createRope(ik) {
  /** @type {Rope | null} */
  let live = null;
  /** The params (as JSON) the rope was built with, and its shape's (segments and length). */
  let builtKey = '';
  let shapeKey = '';
  /** The flat positions after the last build or step, and two steps before (speeds). */
  /** @type {Float64Array} */
  let xy = new Float64Array(0);
  /** @type {Float64Array[]} */
  let earlier = [];
  /** Where the ends were pinned, and whether the end was (the pins are set again when they change). */
  let pinnedKey = '';
  let endPinned = false;
  /** Where the end is held now (follow on), and whether that is the target. */
  /** @type {{at: Point, reached: boolean} | null} */
  let hold = null;
  /** The settled shape last worked out, by the settings it is for (links ask for it often). */
  let settledCache = { key: '', angles: /** @type {number[]} */ ([]) };
  const targetPath = createTargetPath({ x: 0, y: 0 }, TARGET_START);

  /** @param {RopeParams} params */
  const paramsKey = (params) => JSON.stringify([params.segments, params.segmentLength, params.gravity, params.damping, params.iterations]);
  /** @param {RopeParams} params */
  const segmentsKey = (params) => `${params.segments}x${params.segmentLength}`;

  /**
   * @param {RopeParams} params
   * @param {Point} anchor
   * @param {Point} target
   */
  function settled(params, anchor, target) {
    const key = JSON.stringify([paramsKey(params), params.follow, anchor, target]);
    if (settledCache.key !== key) settledCache = { key, angles: settledShape(ik, params, anchor, target) };
    return settledCache.angles;
  }

  /**
   * Builds the rope at rest, laid along `angles` from the anchor. Its pins are set by the next
   * step, like every move of the rope: a rope laid out while paused is drawn as laid out, not with
   * its end pulled to the target and its last segment stretched.
   * @param {RopeParams} params
   * @param {Settings} settings
   * @param {number[]} angles
   */
  function build(params, settings, angles) {
    const { anchor, target } = settings.points;
    live?.delete();
    live = null;
    /** @type {Rope} */
    const created = new ik.Rope({ points: layOut(anchor, angles, params.segmentLength), ...ropeOptions(params) });
    live = created;
    endPinned = false;
    pinnedKey = '';
    hold = params.follow ? holdPoint(anchor, target, ropeLength(params)) : null;
    builtKey = paramsKey(params);
    shapeKey = segmentsKey(params);
    xy = created.positions();
    earlier = [xy, xy];
  }

  /**
   * Sets the pins for the settings when they changed.
   * @param {Rope} current
   * @param {RopeParams} params
   * @param {Point} anchor
   * @param {Point} target
   */
  function pin(current, params, anchor, target) {
    const key = JSON.stringify([params.follow, anchor, params.follow ? target : null]);
    if (key === pinnedKey) return;
    pinnedKey = key;
    endPinned = pinEnds(current, params, anchor, target, endPinned);
    hold = params.follow ? holdPoint(anchor, target, ropeLength(params)) : null;
  }

  /**
   * The fastest point's move per step, units, over the last two steps: between two pins with few
   * iterations the core can leave the rope flipping between two shapes a fraction of a unit apart,
   * step after step, which is no motion to show (nor to redraw for).
   */
  function fastestMove() {
    const [before] = earlier;
    let most = 0;
    if (!before || before.length !== xy.length) return 0;
    for (let i = 0; i < xy.length; i += 2) most = Math.max(most, Math.hypot(xy[i] - before[i], xy[i + 1] - before[i + 1]));
    return most / 2;
  }

  /**
   * Each segment's length less its rest length, as a share of it.
   * @param {RopeParams} params
   */
  function errors(params) {
    const out = [];
    for (let i = 2; i < xy.length; i += 2) {
      out.push(Math.hypot(xy[i] - xy[i - 2], xy[i + 1] - xy[i - 1]) / params.segmentLength - 1);
    }
    return out;
  }

  /** The points as {x, y}. */
  function pointList() {
    const out = [];
    for (let i = 0; i < xy.length; i += 2) out.push({ x: xy[i], y: xy[i + 1] });
    return out;
  }

  return {
    /** The scene's own state in links: restored from one, and what one must carry. */
    link: {
      /** The rope's shape from a link (`pose=`, degrees) or setState (`angles`, radians). */
      restore(values, settings) {
        const params = ropeParams(settings);
        const given = values.angles;
        const ok = Array.isArray(given) && given.length === params.segments
          && given.every((a) => typeof a === 'number' && Number.isFinite(a));
        if (!ok) {
          const got = Array.isArray(given) ? `${given.length} values` : describeValue(given);
          return [`Ignored angles: expected ${params.segments} finite numbers (radians, one direction per segment), got ${got}`];
        }
        build(params, settings, /** @type {number[]} */ (given));
        return [];
      },

      state(settings) {
        // A moving rope's link is the shape it comes to rest in (a link carries no speeds).
        if (!live || fastestMove() * 60 >= REST_SPEED) return {};
        const params = ropeParams(settings);
        const { anchor, target } = settings.points;
        const points = layOut(anchor, settled(params, anchor, target), params.segmentLength);
        const off = points.some((p, i) => Math.hypot(p.x - xy[2 * i], p.y - xy[2 * i + 1]) > SETTLED_TOLERANCE);
        return off ? { angles: directions(xy) } : {};
      },

      settings: targetPath.linkSettings,
    },

    solve(settings) {
      const params = ropeParams(settings);
      const key = paramsKey(params);
      if (live && key === builtKey) return null;
      const { anchor, target } = settings.points;
      if (!live) build(params, settings, settled(params, anchor, target));
      else if (segmentsKey(params) === shapeKey) build(params, settings, directions(xy));
      else build(params, settings, resample(directions(xy), params.segments));
      return {};
    },

    take: targetPath.take,

    advance(dt, settings) {
      if (!live) return null;
      const params = ropeParams(settings);
      const onPath = targetPath.advance(dt, params.path);
      const target = onPath ?? settings.points.target;
      pin(live, params, settings.points.anchor, target);
      live.step(dt, 1);
      earlier = [earlier[1], xy];
      xy = live.positions();
      if (onPath) return { moved: { target: onPath } };
      return fastestMove() > STILL ? {} : null;
    },

    state(settings) {
      if (!live) return {};
      const params = ropeParams(settings);
      const stretch = errors(params);
      return {
        points: pointList(),
        angles: directions(xy),
        pinned: params.follow ? [0, params.segments] : [0],
        end: { x: xy[xy.length - 2], y: xy[xy.length - 1] },
        reached: hold ? hold.reached : null,
        stretch: Math.max(...stretch.map(Math.abs)),
        speed: fastestMove() * 60,
      };
    },

    readouts(settings) {
      /** @type {Record<string, Readout>} */
      const values = {};
      if (!live) return values;
      const params = ropeParams(settings);
      const speed = fastestMove() * 60;
      const end = { x: xy[xy.length - 2], y: xy[xy.length - 1] };
      const { target } = settings.points;
      if (params.follow && hold && !hold.reached) values.status = { text: 'out of reach', tone: 'warn' };
      else if (params.follow) {
        const there = Math.hypot(end.x - target.x, end.y - target.y) < 0.5;
        values.status = there ? { text: 'holding the target', tone: 'ok' } : { text: 'reaching', tone: 'pending' };
      } else {
        values.status = speed < REST_SPEED ? { text: 'at rest', tone: 'ok' } : { text: 'swinging', tone: 'pending' };
      }
      values.length = { text: `${params.segments} × ${params.segmentLength} = ${quantize(ropeLength(params))} units` };
      const stretch = Math.max(...errors(params).map(Math.abs));
      values.stretch = { text: `${(100 * stretch).toFixed(2)} %` };
      values.speed = { text: `${speed.toFixed(1)} units/s` };
      return values;
    },

    describe(settings) {
      const params = ropeParams(settings);
      const { anchor, target } = settings.points;
      const from = `A rope of ${params.segments} segments hangs from the anchor at (${quantize(anchor.x)}, ${quantize(anchor.y)})`;
      if (!params.follow) return `${from}; its free end swings under gravity.`;
      return hold && !hold.reached
        ? `${from}; its end reaches toward the target at (${quantize(target.x)}, ${quantize(target.y)}), beyond its length.`
        : `${from}; its end holds the target at (${quantize(target.x)}, ${quantize(target.y)}).`;
    },

    draw(ctx, view, theme, settings, ui) {
      if (!live) return;
      const params = ropeParams(settings);
      const points = pointList();
      const highlight = (/** @type {string} */ name) => ui.active === name || ui.hover === name;
      if (params.overlay) drawRopeOverlay(ctx, view, theme, points, params, errors(params));
      drawRope(ctx, view, theme, points, { follow: params.follow, anchor: settings.points.anchor, anchorHighlight: highlight('anchor') });
      drawRopeTarget(ctx, view, theme, settings.points.target, points[points.length - 1], {
        highlight: highlight('target'),
        warning: params.follow && hold && !hold.reached ? 'out of reach' : undefined,
      });
    },

    hitRadius(name, pointerType) {
      if (name === 'target') return grabRadius(pointerType);
      return name === 'anchor' ? grabRadius(pointerType) * SECONDARY_HANDLE : 0;
    },

    dispose() {
      live?.delete();
      live = null;
      builtKey = '';
      pinnedKey = '';
    },
  };
}
