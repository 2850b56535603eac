/**
 * The puppet scene: a stick figure (an `ik.Skeleton` of 16 bones, puppet/rig.js) pulled by five
 * pins: head, both hands, both feet. Dragging one pin moves only that pin; the others stay where
 * they are, so pulling a hand makes the body lean to keep the feet and head where they were.
 *
 * The skeleton has the figure's 16 bones (rig.js, PUPPET_BONES) and after them the hair and the
 * tail (PUPPET_SPRING_BONES), which no pin pulls.
 *
 * Settings: iterations, limits, overlay, flip, springs, aim, weights (params; aims.js for the last
 * two); head, leftHand, rightHand, leftFoot, rightFoot (the pins) and root (the pelvis) (points,
 * world units, y up). Its own state, carried by links and setState: `angles` (each bone's local
 * angle as shown, radians; link `pose=`, degrees, as the chain's: the figure's 16, or all 23 when
 * the hair or tail is not at rest). Older links' `a0=`…`a15=` open the same pose.
 *
 * - Solving: each change of a pin, the root, iterations or limits solves once, warm-started from
 *   the current pose; that one solve gives the pose and its status.
 * - A pose that arrives from outside (a link, setState) is taken as it is, without moving toward
 *   the pins, even when pins arrive with it: a link reopens on the author's pose and pins, not on
 *   a re-solve (its one solve has no sweeps: it reads the status of that pose). A link with pins
 *   and no pose (written by hand) solves from the rest pose toward its pins.
 * - `flip` mirrors the skeleton across the vertical line through the pelvis (Skeleton.setMirror:
 *   the limits act mirrored) and turns the pose and the pins with it (the pin being dragged stays
 *   under the pointer and is solved toward on the next frame). A pose arriving with it (a link)
 *   is taken as shown: the pins are not turned again.
 * - `dance` moves the five pins by themselves in simulation time (dancePins), as authored facing
 *   +x and mirrored about the pelvis when flipped, so a flip mid-dance dances on the other way.
 *   Taking a pin (a drag, a press, an arrow key) ends it; a link of a dancing puppet starts the
 *   dance from its beginning (the pins where it begins, no pose).
 * - Each pin has a knob beside it (a derived handle, `<pin>Angle`): dragging it, or moving it with
 *   the arrow keys once H selected it, sets that pin's `aim`, the angle its bone's end points at.
 * - `springs` makes the hair and the tail spring bones (their constants are the rig's): they lag
 *   and swing, stepped once per simulation step until they are at rest, then set exactly at rest.
 *   A link keeps their angles as shown (not their speed): it reopens on the same figure.
 * - Nothing changes while nothing is dragged and nothing swings: an idle puppet costs no work.
 * - `overlay` draws where the last sweep's backward pass put every joint and the sub-base at the
 *   chest (the centroid of what the head and both arms asked for), and each pin's weight and angle
 *   goal.
 */

import { formatLength, formatPoint } from '../../model/format.js';
import { describeValue, quantize, withPoints } from '../../model/settings.js';
import { AIM_PARAM, WEIGHTS_PARAM, authoredAim, shownAim } from './aims.js';
import { drawAimKnobs, drawFigure, drawPinGoals, drawPins, drawSubBaseSteps, pointAt } from './draw.js';
import {
  PUPPET_ALL_BONES, PUPPET_BONES, PUPPET_EFFECTORS, PUPPET_LIMITS, PUPPET_SPRING_BONES, puppetPositions,
} from './rig.js';
import { SECONDARY_HANDLE, formatPose, grabRadius, parsePose, readoutSpecs, statusTone } from '../shared.js';

/**
 * @typedef {import('../../model/settings.js').Settings} Settings
 * @typedef {import('../../model/settings.js').Point} Point
 * @typedef {import('../index.js').SceneInstance} SceneInstance
 * @typedef {import('../index.js').SceneDefinition} SceneDefinition
 * @typedef {import('../index.js').Readout} Readout
 * @typedef {import('../index.js').SceneUpdate} SceneUpdate
 * @typedef {import('../../../../core/bindings/ik2d').SkeletonSolveResult} SkeletonSolveResult
 */

const RADIANS = Math.PI / 180;
const WORLD = { minX: -140, maxX: 140, minY: -105, maxY: 105 };
const ROOT = { x: 0, y: -5 };
/** Distance from a bone's end to its pin that counts as reached, world units (well under a pixel). */
const TOLERANCE = 0.05;

/** The rest pose on the link's 0.01° grid (every bone), and the pins where it puts the five ends. */
const REST_DEGREES = PUPPET_ALL_BONES.map((bone) => quantize(bone.angle / RADIANS));
const REST_ANGLES = REST_DEGREES.map((d) => d * RADIANS);
const REST_POSITIONS = puppetPositions(ROOT, REST_ANGLES);

/** Bones of the figure (the pose a link must have), and every bone (with the hair and the tail). */
const FIGURE = PUPPET_BONES.length;
const ALL = PUPPET_ALL_BONES.length;
/** The hair and tail bones' indices. */
const SPRINGS = PUPPET_SPRING_BONES.map((_, k) => FIGURE + k);

/** The rest pose as a link writes it: a pose that writes the same is at rest. */
const REST_POSE = formatPose(REST_ANGLES);

/** A knob's distance from its pin, world units. */
const KNOB = 20;
/** A spring bone is at rest once a step turns it less than this and it is this near its rest, radians. */
const SETTLED = 1e-7;

/** The knob handles: one per pin, after the pins (a press near both grabs the pin). */
const KNOBS = PUPPET_EFFECTORS.map((e) => ({ name: `${e.name}Angle`, label: `${e.label[0].toUpperCase()}${e.label.slice(1)} angle` }));

/**
 * Wraps radians into (-pi, pi].
 * @param {number} a
 */
const wrap = (a) => a - 2 * Math.PI * Math.floor((a + Math.PI) / (2 * Math.PI));

/**
 * A bone's local angle at rest as shown: mirrored, a bone on the root points at pi − its angle and
 * the others turn the other way.
 * @param {number} i
 * @param {boolean} flipped
 */
function restShown(i, flipped) {
  if (!flipped) return REST_ANGLES[i];
  return PUPPET_ALL_BONES[i].parent < 0 ? wrap(Math.PI - REST_ANGLES[i]) : -REST_ANGLES[i];
}

/**
 * A pin mirrored across the vertical line through the root, kept inside the world.
 * @param {Point} point
 * @param {Point} root
 * @returns {Point}
 */
function mirrorPoint(point, root) {
  return { x: quantize(Math.min(WORLD.maxX, Math.max(WORLD.minX, 2 * root.x - point.x))), y: point.y };
}

/** The puppet's own words for each status (every pin at once); tones as every scene's (shared.js). */
const STATUS_WORDS = { reached: 'every pin reached', out_of_reach: 'out of reach', max_iterations: 'compromise', invalid: 'invalid' };

/** The pins grab within this share of the usual radius (shared.js): they sit close together. */
const PIN_GRAB = 0.9;

/** Seconds one loop of the dance takes; a link with `dance=1` starts it from its beginning. */
const DANCE_PERIOD = 1.6;

/**
 * Where the dance puts the five pins t seconds after it started: a march in place that swings the
 * arms and lifts the feet in turn, leaning and reaching forward (+x as authored; mirrored about
 * the pelvis when flipped, so it goes on the other way). Around the pins' defaults, moved with the
 * pelvis; on the settings' 0.01 grid.
 * @param {number} t
 * @param {Point} root
 * @param {boolean} flip
 * @returns {Record<string, Point>}
 */
function dancePins(t, root, flip) {
  const phase = (2 * Math.PI * t) / DANCE_PERIOD;
  const swing = Math.sin(phase);
  /** @type {Record<string, [number, number]>} Offsets from each pin's default, facing +x. */
  const offsets = {
    head: [3 + 1.5 * Math.sin(2 * phase), -1 - 1.5 * Math.sin(2 * phase)],
    leftHand: [8 + 18 * swing, 12 * Math.max(0, swing)],
    rightHand: [8 - 18 * swing, 12 * Math.max(0, -swing)],
    leftFoot: [2 - 6 * swing, 7 * Math.max(0, -swing)],
    rightFoot: [2 + 6 * swing, 7 * Math.max(0, swing)],
  };
  /** @type {Record<string, Point>} */
  const pins = {};
  for (const e of PUPPET_EFFECTORS) {
    const home = pointAt(REST_POSITIONS, e.bone + 1);
    const [dx, dy] = offsets[e.name];
    // On the grid first, then mirrored: a flipped dance's pins are exactly the plain one's, turned.
    const authored = quantize(root.x + (home.x - ROOT.x) + dx);
    const y = root.y + (home.y - ROOT.y) + dy;
    pins[e.name] = {
      x: quantize(Math.min(WORLD.maxX, Math.max(WORLD.minX, flip ? 2 * root.x - authored : authored))),
      y: quantize(Math.min(WORLD.maxY, Math.max(WORLD.minY, y))),
    };
  }
  return pins;
}

/** @type {SceneDefinition} */
export const puppet = {
  id: 'puppet',
  title: 'Puppet (skeleton, five pins)',
  tabLabel: 'Puppet',
  summary: 'Drag a hand, a foot or the head. The other pins stay put, so the body leans and bends to '
    + 'keep them: one ik.Skeleton, FABRIK with sub-bases, elbows and knees bending one way.',
  canvasLabel: 'Stick figure pulled by five pins: head, hands and feet. Drag a pin to move it; the others '
    + 'stay pinned. Drag the small knob beside a pin to set the angle of that hand, foot or head. Press '
    + 'elsewhere to move the right hand there.',
  hints: {
    pointer: ['Drag a ring: move that pin', 'Drag the small knob beside it: set its angle', 'Drag the square: move the pelvis',
      'Drop a picture file on a bone: it is drawn along it'],
    touch: ['Drag a ring: move that pin', 'Drag the small knob beside it: set its angle', 'Drag the square: move the pelvis'],
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
      help: 'Where the last backward pass put each joint, the chest as the centroid of head and arms; '
        + 'each pin\'s weight and angle goal.',
    },
    {
      name: 'flip', label: 'Flip', kind: 'toggle', default: false, key: 'f',
      help: 'Turns the puppet around the pelvis: the pose, the pins and the joint limits mirrored.',
    },
    {
      name: 'dance', label: 'Dance', kind: 'toggle', default: false, key: 'd',
      help: 'The pins step in a loop by themselves, the way the puppet faces, until you take one.',
    },
    {
      name: 'springs', label: 'Hair and tail swing', kind: 'toggle', default: false, key: 'w',
      help: 'Spring bones: the hair and the tail lag behind and swing when the body moves.',
    },
    AIM_PARAM,
    WEIGHTS_PARAM,
  ],
  points: [
    ...PUPPET_EFFECTORS.map((effector) => ({
      name: effector.name,
      label: effector.label[0].toUpperCase() + effector.label.slice(1),
      default: pointAt(Array.from(REST_POSITIONS, quantize), effector.bone + 1),
    })),
    { name: 'root', label: 'Pelvis', default: ROOT },
  ],
  handles: KNOBS,
  keyboardPoint: 'rightHand',
  state: [{
    name: 'angles', linkKey: 'pose', format: formatPose,
    parse: (text) => {
      const count = text.split(',').length;
      if (count !== FIGURE && count !== ALL) {
        return { reason: `${count} angles; the puppet has ${FIGURE} bones, ${ALL} with its hair and tail` };
      }
      return parsePose(text, { least: count, most: count, of: 'the puppet' });
    },
    legacy: { keys: PUPPET_BONES.map((_, i) => `a${i}`), fill: (i) => String(REST_DEGREES[i]) },
  }],
  readouts: readoutSpecs(
    'status', ['worst', 'worst miss'], ['iterations', 'sweeps'], ['rightHand', 'right hand'],
  ),
  create: createPuppet,
};

/**
 * Creates the live puppet.
 * @param {any} ik The loaded ik2d module.
 * @returns {SceneInstance}
 */
function createPuppet(ik) {
  const skeleton = new ik.Skeleton({ root: ROOT, bones: PUPPET_ALL_BONES });
  /** @type {boolean | null} Whether the limits are set on the skeleton now. */
  let limited = null;
  /** Whether the hair and tail are spring bones now. */
  let sprung = false;
  /** Whether they may still be moving (stepped by advance until they are at rest). */
  let swinging = false;
  /** Simulation steps since the dance started (time = steps × dt, no running sum), or -1: not dancing. */
  let danceSteps = -1;
  /** @type {Settings | null} */
  let solved = null;
  skeleton.setAngles(REST_ANGLES);
  /** @type {number[] | null} A pose from a link or setState (radians), taken as it is by the next solve. */
  let given = null;
  let solvedPins = '';  // pins, root, goals and solve params of the last solve, joined
  /** @type {SkeletonSolveResult | null} */
  let result = null;
  let positions = skeleton.positions();

  /** @param {Settings} settings */
  const flipped = (settings) => Boolean(settings.params.flip);
  /** @param {Settings} settings @param {number} k */
  const aimOf = (settings, k) => {
    const aim = /** @type {(number | null)[]} */ (settings.params.aim);
    return Array.isArray(aim) && typeof aim[k] === 'number' ? aim[k] : null;
  };
  /** @param {Settings} settings @param {number} k */
  const weightOf = (settings, k) => {
    const weights = /** @type {number[]} */ (settings.params.weights);
    return Array.isArray(weights) && typeof weights[k] === 'number' ? weights[k] : 1;
  };

  /** @param {Settings} settings */
  const effectorsOf = (settings) => PUPPET_EFFECTORS.map((e, k) => {
    const aim = aimOf(settings, k);
    return {
      bone: e.bone, target: settings.points[e.name], weight: weightOf(settings, k),
      ...(aim === null ? {} : { angle: shownAim(aim, flipped(settings)) }),
    };
  });

  /** @param {boolean} on */
  function setLimits(on) {
    if (limited === on) return;
    limited = on;
    for (const [bone, min, max] of PUPPET_LIMITS) {
      if (on) skeleton.setLimit(bone, min, max);
      else skeleton.clearLimit(bone);
    }
  }

  /** Makes the hair and tail spring bones (or plain ones again); true if that changed. @param {boolean} on */
  function setSprings(on) {
    if (sprung === on) return false;
    sprung = on;
    SPRINGS.forEach((bone, k) => {
      if (on) skeleton.setSpring(bone, PUPPET_SPRING_BONES[k].spring);
      else skeleton.clearSpring(bone);
    });
    swinging = on;
    return true;
  }

  /**
   * Takes a pose from outside as shown. The hair and tail are driven to rest; sprung, they keep
   * showing the pose's angles and swing from there (at rest speed).
   * @param {number[]} angles FIGURE or ALL radians.
   * @param {boolean} flip
   */
  function takePose(angles, flip) {
    const rest = SPRINGS.map((i) => restShown(i, flip));
    const shown = angles.length === ALL ? angles : [...angles, ...rest];
    if (!sprung) {
      skeleton.setAngles(shown);
      return;
    }
    for (const bone of SPRINGS) skeleton.clearSpring(bone);
    skeleton.setAngles(shown);
    SPRINGS.forEach((bone, k) => skeleton.setSpring(bone, PUPPET_SPRING_BONES[k].spring));
    skeleton.setAngles([...shown.slice(0, FIGURE), ...rest]);
    swinging = true;
  }

  /** @param {Settings} settings */
  function pinsKey(settings) {
    const { params, points } = settings;
    return [...PUPPET_EFFECTORS.map((e) => formatPoint(points[e.name])), formatPoint(points.root),
      params.iterations, params.limits, params.flip, String(params.aim), String(params.weights)].join(';');
  }

  /**
   * Where a pin's knob is: beside the pin, toward its angle goal, or toward its bone's direction
   * now when it has none.
   * @param {Settings} settings
   * @param {number} k
   */
  function knobAt(settings, k) {
    const e = PUPPET_EFFECTORS[k];
    const pin = settings.points[e.name];
    const aim = aimOf(settings, k);
    let angle;
    if (aim !== null) angle = shownAim(aim, flipped(settings));
    else {
      const from = pointAt(positions, PUPPET_ALL_BONES[e.bone].parent + 1);
      const to = pointAt(positions, e.bone + 1);
      angle = Math.atan2(to.y - from.y, to.x - from.x);
    }
    return { x: pin.x + KNOB * Math.cos(angle), y: pin.y + KNOB * Math.sin(angle), angle, held: aim !== null };
  }

  /** The spring bones' angles now. */
  const springAngles = () => {
    const angles = skeleton.angles();
    return SPRINGS.map((i) => angles[i]);
  };

  /**
   * One step of the hair and tail while they swing; null when they are at rest.
   * @param {number} dt
   * @returns {SceneUpdate | null}
   */
  function advanceSprings(dt) {
    if (!sprung || !swinging) return null;
    const before = springAngles();
    skeleton.step(dt);
    const after = springAngles();
    const flip = skeleton.mirror;
    const still = after.every((a, k) => Math.abs(wrap(a - before[k])) < SETTLED
      && Math.abs(wrap(a - restShown(SPRINGS[k], flip))) < 10 * SETTLED);
    if (still) {
      // Exactly at rest (a spring bone cleared takes its driven angle), so that a link of the
      // settled figure writes the figure's pose alone.
      SPRINGS.forEach((bone, k) => {
        skeleton.clearSpring(bone);
        skeleton.setSpring(bone, PUPPET_SPRING_BONES[k].spring);
      });
      swinging = false;
    }
    positions = skeleton.positions();
    return {};
  }

  return {
    advance(dt, settings) {
      /** @type {SceneUpdate | null} */
      let update = null;
      if (settings.params.dance) {
        danceSteps += 1;
        update = { moved: dancePins(danceSteps * dt, settings.points.root, flipped(settings)) };
      } else danceSteps = -1;
      const swung = advanceSprings(dt);
      return update ?? swung;
    },

    take(name, settings) {
      // Taking a pin (or the pelvis) ends the dance; a knob turns a dancing pin's angle.
      return settings.params.dance ? { params: { dance: false } } : null;
    },

    /** The scene's own state in links: restored from one, and what one must carry. */
    link: {
      settings(settings) {
        // A dancing puppet's link starts the dance: its pins where the dance begins.
        return settings.params.dance ? withPoints(settings, dancePins(0, settings.points.root, flipped(settings))) : settings;
      },

      restore(values) {
        const angles = values.angles;
        if (!Array.isArray(angles) || (angles.length !== FIGURE && angles.length !== ALL)
          || !angles.every((a) => Number.isFinite(a))) {
          const got = Array.isArray(angles) ? `${angles.length} values` : describeValue(angles);
          return [`Ignored angles: expected ${FIGURE} finite numbers (radians, one per bone), or ${ALL} with the `
            + `hair and tail, got ${got}`];
        }
        given = angles;
        return [];
      },

      state(settings) {
        if (settings.params.dance) return {};  // the link starts the dance from the rest pose
        const angles = Array.from(skeleton.angles());
        if (formatPose(angles) === REST_POSE) return {};
        const flip = skeleton.mirror;
        const rest = formatPose(SPRINGS.map((i) => restShown(i, flip)));
        return { angles: formatPose(angles.slice(FIGURE)) === rest ? angles.slice(0, FIGURE) : angles };
      },
    },

    solve(settings) {
      if (settings === solved && !given) return null;
      solved = settings;
      let changed = setSprings(Boolean(settings.params.springs));
      setLimits(Boolean(settings.params.limits));
      skeleton.setRoot(settings.points.root);
      /** @type {Record<string, Point> | null} Pins turned with the figure (flip by hand). */
      let turned = null;
      const flip = flipped(settings);
      if (skeleton.mirror !== flip) {
        skeleton.setMirror(flip);
        changed = true;
        if (!given) {
          turned = {};
          for (const e of PUPPET_EFFECTORS) turned[e.name] = mirrorPoint(settings.points[e.name], settings.points.root);
        }
      }
      const aimed = turned ? withPoints(settings, turned) : settings;
      const pins = pinsKey(aimed);
      if (!given && !changed && pins === solvedPins) return null;
      solvedPins = pins;
      // A pose from outside is taken as it is, and so is a pose just turned around: no sweeps, the
      // solve only says how it meets the pins.
      if (given) takePose(given, flip);
      result = skeleton.solve(effectorsOf(aimed), {
        iterations: given || turned ? 0 : Number(settings.params.iterations), tolerance: TOLERANCE,
      });
      given = null;
      if (sprung) swinging = true;
      positions = skeleton.positions();
      return turned ? { moved: turned } : {};
    },

    state(settings) {
      if (!result) return {};
      return {
        result: { status: result.status, iterations: result.iterations, errors: [...result.errors] },
        angles: Array.from(skeleton.angles()),
        positions: Array.from(positions),
        mirrored: skeleton.mirror,
        swinging: sprung && swinging,
        effectors: PUPPET_EFFECTORS.map((e, k) => {
          const from = pointAt(positions, PUPPET_ALL_BONES[e.bone].parent + 1);
          const end = pointAt(positions, e.bone + 1);
          const aim = aimOf(settings, k);
          return {
            name: e.name, bone: e.bone, target: { ...settings.points[e.name] },
            end, error: result?.errors[k] ?? 0, weight: weightOf(settings, k),
            angle: Math.atan2(end.y - from.y, end.x - from.x),
            goal: aim === null ? null : wrap(shownAim(aim, flipped(settings))),
          };
        }),
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
      const knobs = PUPPET_EFFECTORS.map((e, k) => ({ ...knobAt(settings, k), name: KNOBS[k].name, pin: settings.points[e.name] }));
      if (settings.params.overlay) drawSubBaseSteps(ctx, view, theme, skeleton.backwardPositions());
      drawFigure(ctx, view, theme, positions, ui);
      drawAimKnobs(ctx, view, theme, knobs, ui);
      drawPins(ctx, view, theme, PUPPET_EFFECTORS.map((e, k) => ({
        name: e.name, label: e.label, target: settings.points[e.name],
        end: pointAt(positions, e.bone + 1), missed: (result?.errors[k] ?? 0) > TOLERANCE, error: result?.errors[k] ?? 0,
      })), ui);
      if (settings.params.overlay) {
        drawPinGoals(ctx, view, theme, PUPPET_EFFECTORS.map((e, k) => ({
          end: pointAt(positions, e.bone + 1), pin: settings.points[e.name], weight: weightOf(settings, k),
          goal: knobs[k].held ? knobs[k].angle : null,
        })));
      }
    },

    bones() {
      if (!result) return [];
      return PUPPET_ALL_BONES.map((bone, i) => {
        const from = pointAt(positions, bone.parent + 1);
        const to = pointAt(positions, i + 1);
        return { x0: from.x, y0: from.y, x1: to.x, y1: to.y };
      });
    },

    /** Its derived handles (the definition's `handles`): where each is, what dragging one changes. */
    handles: {
      at(name, settings) {
        const k = KNOBS.findIndex((knob) => knob.name === name);
        if (k < 0 || !result) return null;
        const { x, y } = knobAt(settings, k);
        return { x, y };
      },

      drag(name, world, settings) {
        const k = KNOBS.findIndex((knob) => knob.name === name);
        if (k < 0) return {};
        const pin = settings.points[PUPPET_EFFECTORS[k].name];
        const dx = world.x - pin.x;
        const dy = world.y - pin.y;
        if (Math.hypot(dx, dy) < 1e-9) return {};  // on the pin: no direction
        const aim = [.../** @type {(number | null)[]} */ (settings.params.aim)];
        aim[k] = authoredAim(Math.atan2(dy, dx), flipped(settings));
        return { params: { aim } };
      },
    },

    hitRadius(name, pointerType) {
      // A little tighter than the other scenes' handles: five pins sit close together.
      const base = grabRadius(pointerType) * PIN_GRAB;
      return name === 'root' || name.endsWith('Angle') ? base * SECONDARY_HANDLE : base;
    },

    dispose() {
      skeleton.delete();
      result = null;
      solved = null;
    },
  };
}
