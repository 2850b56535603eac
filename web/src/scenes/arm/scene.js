/**
 * The arm scene: one two-bone limb solved analytically by `ik.solveTwoBone` (law of cosines).
 *
 * Settings: length1, length2, softness, bend, stretch, mix, offsetX, offsetY, overlay, path
 * (params); target, root (points, world units, y up). Its own state, carried by links and setState:
 * `pose` (the pose ghost, `{angle1, angle2}` in radians; link `pose=` in degrees, as the chain's).
 * Older links' `pose1=`, `pose2=` open the same pose. Draws the reach annulus, the angles, both bones, the joint, the end effector and the
 * target; a target the arm cannot reach is drawn dashed, in the warning colour, with a label and a
 * dashed line from the end effector. With `overlay` on, the law-of-cosines triangle, its angles and
 * the formulas are drawn as well (arm/overlay.js) and reported in getState().overlay.
 * The tool (offset), the pose ghost (pose, mix) and their handles are in arm/tool.js; with mix
 * below 1 the arm is solved a second time with mix 1 to draw the full-IK pose it blends toward.
 */

import {
  drawBone, drawDot, drawHalo, drawMissLine, drawTargetHandle, sizeFor, traceArc, traceCircle,
} from '../../draw/draw.js';
import { formatDegrees, formatLength } from '../../model/format.js';
import { describeValue } from '../../model/settings.js';
import { drawArmOverlay } from './overlay.js';
import {
  JOINT_SPACE_HANDLE, JOINT_SPACE_PARAM, SQUARE, cardRect, describeJointSpace, dragPose, drawJointSpace, inside, jointSpaceFigure,
  jointSpaceLayout, panelBox, poseToWorld, towardCurve,
} from './joint-space.js';
import {
  ARM_HANDLES, OFFSET_LIMIT, armDragHandle, armHandleAt, drawGhost, drawIkOutline, drawTool, ghostShown, hasTool,
  poseFigure, resultFigure, toolSide,
} from './tool.js';
import {
  FLAT_WORLD, SECONDARY_HANDLE, TARGET_AND_ROOT_HINTS, formatPose, grabRadius, parsePose, readoutSpecs, statusWords,
  wrapAngle,
} from '../shared.js';
import { PATH_PARAM, createTargetPath } from '../target-path.js';

/** Where the target starts (its default), and where a link that plays a path puts it. */
const TARGET_START = Object.freeze({ x: 110, y: 90 });

/**
 * @typedef {import('../../model/settings.js').Settings} Settings
 * @typedef {import('../../model/settings.js').Point} Point
 * @typedef {import('../index.js').SceneInstance} SceneInstance
 * @typedef {import('../index.js').SceneDefinition} SceneDefinition
 * @typedef {import('../../draw/view.js').View} View
 * @typedef {import('../../draw/draw.js').Theme} Theme
 *
 * @typedef {Object} ArmParams The arm's settings (see `arm.params`).
 * @property {number} length1
 * @property {number} length2
 * @property {number} softness
 * @property {1 | -1} bend
 * @property {boolean} stretch Out of reach, the bones (and the tool) scale to land on the target.
 * @property {number} mix 0: the pose; 1: full IK; between, each angle the shorter way round.
 * @property {number} offsetX The tool's tip along bone 2 past its end, world units (0, 0: no tool).
 * @property {number} offsetY The tool's tip to bone 2's left, world units.
 * @property {number} pose1 The pose (the scene's own state): bone 1's world angle, degrees.
 * @property {number} pose2 The pose: bone 2's angle from bone 1, degrees.
 * @property {boolean} overlay Draw the math overlay.
 * @property {boolean} jointSpace Draw the joint-space panel (arm/joint-space.js).
 * @property {'none' | 'circle' | 'figure8'} path The target moves along it by itself (target-path.js).
 *
 * @typedef {import('../../../../core/bindings/ik2d').TwoBoneResult} TwoBoneResult What `ik.solveTwoBone` returns.
 */

const RADIANS = Math.PI / 180;


/** The pose ghost at rest: both angles 0. */
/** @type {Readonly<{angle1: number, angle2: number}>} */
const NO_POSE = Object.freeze({ angle1: 0, angle2: 0 });

/**
 * The arm's params, typed (settings.js has checked each against its spec), with the pose.
 * @param {Settings} settings
 * @param {{angle1: number, angle2: number}} [pose] The pose ghost, radians.
 * @returns {ArmParams}
 */
function armParams(settings, pose = NO_POSE) {
  return /** @type {ArmParams} */ (/** @type {unknown} */ ({ ...settings.params, pose1: pose.angle1 / RADIANS, pose2: pose.angle2 / RADIANS }));
}

/**
 * Reads a link's pose ghost: bone 1's world angle and bone 2's angle from bone 1, degrees.
 * @param {string} text
 * @returns {{value?: {angle1: number, angle2: number}, reason?: string}}
 */
function parseArmPose(text) {
  const { value, reason } = parsePose(text, { least: 2, most: 2, of: 'the arm' });
  return value ? { value: { angle1: value[0], angle2: value[1] } } : { reason };
}

/** @type {SceneDefinition} */
export const arm = {
  id: 'arm',
  title: 'Two-bone arm',
  tabLabel: 'Two-bone arm',
  summary: 'Drag the target. ik2d places the joint with the law of cosines; bend picks the side.',
  canvasLabel: 'Two-bone arm. Press or drag anywhere to move the target, or drag the square to move the root.',
  hints: TARGET_AND_ROOT_HINTS,
  world: FLAT_WORLD,
  gridSpacing: 50,
  params: [
    {
      name: 'length1', label: 'Upper bone', kind: 'range', min: 10, max: 250, step: 1, default: 120,
    },
    {
      name: 'length2', label: 'Lower bone', kind: 'range', min: 10, max: 250, step: 1, default: 80,
    },
    {
      name: 'softness', label: 'Softness', kind: 'range', min: 0, max: 100, step: 1, default: 0,
      help: 'Eases the last bit of reach instead of snapping straight.',
    },
    {
      name: 'bend', label: 'Bend', kind: 'sign', default: 1, key: 'b',
      signLabels: ['+1 · joint left of root→target', '−1 · joint right of root→target'],
    },
    {
      name: 'stretch', label: 'Stretch', kind: 'toggle', default: false, key: 't',
      help: 'Out of reach, the bones scale to land on the target (readout: scale).',
    },
    {
      name: 'mix', label: 'IK mix', kind: 'range', min: 0, max: 1, step: 0.01, default: 1,
      help: '0: the pose (dashed ghost; drag its joint and hand), 1: full IK.',
    },
    {
      name: 'offsetX', label: 'Tool along', kind: 'range', min: -OFFSET_LIMIT, max: OFFSET_LIMIT, step: 1, default: 0,
      help: 'A tool on bone 2 whose tip reaches the target; drag the tip on the ghost to reshape it.',
    },
    {
      name: 'offsetY', label: 'Tool across', kind: 'range', min: -OFFSET_LIMIT, max: OFFSET_LIMIT, step: 1, default: 0,
    },
    {
      name: 'overlay', label: 'Math overlay', kind: 'toggle', default: false, key: 'o',
      help: 'The law-of-cosines triangle, its angles and the formula with these numbers.',
    },
    JOINT_SPACE_PARAM,
    PATH_PARAM,
  ],
  points: [
    { name: 'target', label: 'Target', default: TARGET_START },
    { name: 'root', label: 'Root', default: { x: 0, y: 0 } },
  ],
  handles: [...ARM_HANDLES, JOINT_SPACE_HANDLE],
  state: [{
    name: 'pose', linkKey: 'pose', parse: parseArmPose, format: ({ angle1, angle2 }) => formatPose([angle1, angle2]),
    legacy: { keys: ['pose1', 'pose2'], fill: () => '0' },
  }],
  keyboardPoint: 'target',
  readouts: readoutSpecs('status', 'angle1', 'angle2', 'distance', 'scale', 'target'),
  create: createArm,
};

/**
 * Creates the live arm scene.
 * @param {any} ik The loaded ik2d module.
 * @returns {SceneInstance}
 */
function createArm(ik) {
  /** @type {TwoBoneResult | null} */
  let result = null;
  /** @type {TwoBoneResult | null} The full-IK pose (mix 1) while the arm is blended (mix < 1). */
  let ikResult = null;

  /** The settings of the last solve: the pose is a function of them and `pose` alone. */
  /** @type {Settings | null} */
  let solved = null;
  /** The pose ghost (the scene's own state): radians, each in (−π, π]. */
  let pose = NO_POSE;

  /** @type {import('./overlay.js').ArmOverlayState | null} What the overlay drew last. */
  let overlay = null;

  /** @type {TwoBoneResult[]} With `jointSpace`: the solver's answers with bend +1 and −1 (mix 1). */
  let answers = [];
  /** @type {import('./joint-space.js').JointSpaceFigure | null} The joint-space panel's content. */
  let figure = null;
  /** @type {Array<Array<[number, number]>>} The curve of poses whose end points toward the target. */
  let curve = [];
  /** @type {{key: string, layout: import('./joint-space.js').JointSpaceLayout} | null} */
  let placed = null;

  /**
   * Where the joint-space panel goes on a canvas of this size (kept for the last size).
   * @param {{width: number, height: number}} size
   */
  function layoutFor(size) {
    const key = `${size.width}x${size.height}`;
    if (!placed || placed.key !== key) placed = { key, layout: jointSpaceLayout(FLAT_WORLD, size) };
    return placed.layout;
  }

  /** The pose as getState() and setState() have it: radians. */
  function poseState() {
    return { angle1: pose.angle1, angle2: pose.angle2 };
  }

  /** The target's path (`path`), around the world's centre. */
  const targetPath = createTargetPath({ x: 0, y: 0 }, TARGET_START);

  return {
    take: targetPath.take,

    /** The scene's own state in links: restored from one, and what one must carry. */
    link: {
      settings: targetPath.linkSettings,

      restore(values) {
        const given = /** @type {{angle1?: unknown, angle2?: unknown} | null} */ (values.pose);
        if (typeof given !== 'object' || given === null || !Number.isFinite(given.angle1) || !Number.isFinite(given.angle2)) {
          return [`Ignored pose=${describeValue(values.pose)}: expected {angle1, angle2}, two finite angles in radians`];
        }
        pose = Object.freeze({ angle1: wrapAngle(/** @type {number} */ (given.angle1)), angle2: wrapAngle(/** @type {number} */ (given.angle2)) });
        solved = null;
        return [];
      },

      state() {
        return formatPose([pose.angle1, pose.angle2]) === '0,0' ? {} : { pose: poseState() };
      },
    },

    advance(dt, settings) {
      // Only the target's path moves with time; the pose depends on the settings alone.
      const target = targetPath.advance(dt, armParams(settings, pose).path);
      return target ? { moved: { target } } : null;
    },

    solve(settings) {
      if (settings === solved) return null;
      solved = settings;
      const { points } = settings;
      const params = armParams(settings, pose);
      const limb = {
        root: points.root,
        target: points.target,
        length1: params.length1,
        length2: params.length2,
        bend: params.bend,
        softness: params.softness,
        offset: { x: params.offsetX, y: params.offsetY },
        stretch: params.stretch,
        pose: { angle1: pose.angle1, angle2: pose.angle2 },
      };
      result = ik.solveTwoBone({ ...limb, mix: params.mix });
      ikResult = params.mix < 1 ? ik.solveTwoBone({ ...limb, mix: 1 }) : null;
      answers = [];
      figure = null;
      curve = [];
      if (params.jointSpace && result) {
        // Both answers from the module, bend +1 then −1; the panel draws where they lie.
        answers = [1, -1].map((bend) => ik.solveTwoBone({ ...limb, bend, mix: 1 }));
        figure = jointSpaceFigure(params, points.root, points.target, result, answers);
        curve = towardCurve(ik, params, points.root, points.target);
      }
      return {};
    },

    state(settings) {
      if (!result) return {};
      /** @type {Record<string, unknown>} */
      const state = { result: copyResult(result), pose: poseState() };
      if (ikResult) state.ikPose = copyResult(ikResult);
      const params = armParams(settings, pose);
      if (ghostShown(params)) {
        // Where the ghost (the pose) and its handles are drawn, world units.
        const { joint, hand, tip } = poseFigure(ik, params, settings.points.root);
        state.ghost = { joint, hand, tip };
      }
      if (overlay) state.overlay = overlay;
      if (figure && placed) {
        const { square, side } = placed.layout;
        state.jointSpace = {
          pose: [...figure.pose],
          solutions: figure.solutions.map((s) => [...s]),
          bends: [...figure.bends],
          levels: [...figure.levels],
          limit: figure.limit ? { ...figure.limit } : null,
          square: { ...square },
          side,
        };
      }
      return state;
    },

    /**
     * The joint-space panel beside or below the arm: the view it needs, the stage's shape, a press
     * on its marks.
     */
    panel: {
      fit(settings, size) {
        return armParams(settings, pose).jointSpace ? layoutFor(size).fit : null;
      },

      stageShape(settings) {
        return armParams(settings, pose).jointSpace ? 'tall' : '';
      },

      press(world, settings, grab) {
        const params = armParams(settings, pose);
        if (!params.jointSpace || !figure || !placed) return null;
        const { square } = placed.layout;
        // The card around the square (its margins): a press there is the panel's, not the target's.
        if (!inside(cardRect(placed.layout), world)) return null;
        const radius = grabRadius(grab.pointerType) * grab.perPixel;
        const other = figure.solutions.findIndex((s, i) => figure?.bends[i] !== params.bend
          && Math.hypot(poseToWorld(square, s[0], s[1]).x - world.x, poseToWorld(square, s[0], s[1]).y - world.y) <= radius);
        if (other >= 0 && figure.solutions.length > 1) {
          return { change: { params: { bend: -params.bend } }, drag: JOINT_SPACE_HANDLE.name };
        }
        if (!inside(square, world, SQUARE * 0.01)) return {};
        return { drag: JOINT_SPACE_HANDLE.name, jump: true };
      },
    },

    describe() {
      return figure ? describeJointSpace(figure) : '';
    },

    readouts(settings) {
      /** @type {Record<string, import('../index.js').Readout>} */
      const values = {};
      if (!result) return values;
      const { x, y } = settings.points.target;
      const status = result.status === 'invalid'
        ? `invalid: ${result.message ?? 'bad input'}`
        : statusWords(result.status);
      values.status = { text: status, tone: result.status === 'reached' ? 'ok' : 'warn' };
      const { mix } = armParams(settings, pose);
      if (mix < 1 && result.status !== 'invalid') {
        // The status is the IK pose's; the arm drawn is blended from the pose.
        values.status = { text: `blended (mix ${mix}); IK ${status}`, tone: 'pending' };
      }
      values.angle1 = { text: formatDegrees(result.angle1) };
      values.angle2 = { text: formatDegrees(result.angle2) };
      values.distance = { text: formatLength(result.distance) };
      values.scale = { text: armParams(settings, pose).stretch ? `×${result.scale.toFixed(3)}` : '1 (stretch off)' };
      values.target = { text: `${formatLength(x)}, ${formatLength(y)}` };
      return values;
    },

    draw(ctx, view, theme, settings, ui) {
      overlay = null;
      drawReach(ctx, view, theme, settings);
      if (!result || result.status === 'invalid') return;
      const warn = result.status === 'out_of_reach' || result.status === 'too_close';
      const params = armParams(settings, pose);
      const { root } = settings.points;
      if (ghostShown(params)) drawGhost(ik, ctx, view, theme, params, root, ui);
      if (ikResult && ikResult.status !== 'invalid') drawIkOutline(ctx, view, theme, resultFigure(params, root, ikResult));
      /** @type {(() => void) | null} Draws the overlay's labels and formula over the arm. */
      let finishOverlay = null;
      if (params.overlay) {
        const ghost = ghostShown(params) ? poseFigure(ik, params, root) : null;
        const drawn = drawArmOverlay(ctx, view, theme, params, root, settings.points.target, ikResult ?? result, result,
          ghost ? [ghost.joint, ghost.hand, ghost.tip] : [], figure ? [panelBox(view, layoutFor(view.size()))] : []);
        overlay = drawn.state;
        finishOverlay = drawn.finish;
      } else {
        drawAngles(ctx, view, theme, settings.points.root, result);
      }
      if (warn || result.distance > 0.5 / view.scale()) {
        // An unreachable target, or soft reach lagging: a line from the end to the target.
        drawMissLine(ctx, view, theme, result.end, settings.points.target, warn);
      }
      drawLimb(ctx, view, theme, params, root, result, ui);
      drawTargetHandle(ctx, view, theme, settings.points.target, {
        highlight: ui.active === 'target' || ui.hover === 'target',
        warning: warn ? statusWords(result.status) : undefined,
        away: result.end,
      });
      if (finishOverlay) finishOverlay();
      if (figure) {
        drawJointSpace(ctx, view, theme, layoutFor(view.size()), figure, curve, ui, params.bend);
      }
    },

    bones(settings) {
      if (!result || result.status === 'invalid') return [];
      const { root, joint, hand } = resultFigure(armParams(settings, pose), settings.points.root, result);
      return [
        { x0: root.x, y0: root.y, x1: joint.x, y1: joint.y },
        { x0: joint.x, y0: joint.y, x1: hand.x, y1: hand.y },
      ];
    },

    /** Its derived handles (the definition's `handles`): where each is, what dragging one changes. */
    handles: {
      at(name, settings) {
        if (name === JOINT_SPACE_HANDLE.name) {
          return armParams(settings, pose).jointSpace && figure && placed
            ? poseToWorld(placed.layout.square, figure.pose[0], figure.pose[1]) : null;
        }
        return armHandleAt(ik, name, armParams(settings, pose), settings.points.root);
      },

      drag(name, world, settings) {
        if (name === JOINT_SPACE_HANDLE.name) {
          return placed ? dragPose(ik, placed.layout.square, world, armParams(settings, pose), settings.points.root) : {};
        }
        return armDragHandle(ik, name, world, armParams(settings, pose), settings.points.root);
      },
    },

    hitRadius(name, pointerType) {
      // Generous for fingers; the root is smaller so it doesn't shadow a target near it.
      return name === 'target' ? grabRadius(pointerType) : grabRadius(pointerType) * SECONDARY_HANDLE;
    },

    dispose() {
      result = null;
      ikResult = null;
      solved = null;
      overlay = null;
      answers = [];
      figure = null;
      curve = [];
      placed = null;
    },
  };
}

/**
 * A copy of a result for getState() (plain numbers and points).
 * @param {TwoBoneResult} from
 * @returns {TwoBoneResult}
 */
function copyResult({ status, joint, end, angle1, angle2, distance, scale, message }) {
  /** @type {TwoBoneResult} */
  const copy = {
    status, joint: { x: joint.x, y: joint.y }, end: { x: end.x, y: end.y }, angle1, angle2, distance, scale,
  };
  if (message) copy.message = message;
  return copy;
}

/**
 * Where the end can reach: the annulus between |l1 − l2| and l1 + l2 around the root, and the
 * circle where softness starts easing the reach (l1 + l2 − softness).
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {Settings} settings
 */
function drawReach(ctx, view, theme, settings) {
  const params = armParams(settings);
  const { points } = settings;
  // The zones use the tool tip's distance from the joint in place of length2.
  const second = toolSide(params);
  const outer = params.length1 + second;
  const inner = Math.abs(params.length1 - second);
  ctx.beginPath();
  traceCircle(ctx, view, points.root, outer);
  traceCircle(ctx, view, points.root, inner);
  ctx.fillStyle = theme.reachFill;
  ctx.fill('evenodd');
  ctx.lineWidth = 1;
  ctx.strokeStyle = theme.reach;
  ctx.setLineDash([6, 5]);
  ctx.stroke();
  if (params.softness > 0 && outer - params.softness > inner) {
    ctx.beginPath();
    traceCircle(ctx, view, points.root, outer - params.softness);
    ctx.strokeStyle = theme.soft;
    ctx.setLineDash([2, 4]);
    ctx.stroke();
  }
  ctx.setLineDash([]);
}

/**
 * The two angles the readouts report: angle1 from +x at the root, angle2 from bone 1's
 * extension at the joint, each as an arc beside a dashed reference line.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {Point} root
 * @param {TwoBoneResult} result
 */
function drawAngles(ctx, view, theme, root, { joint, angle1, angle2 }) {
  const radius = 26 / view.scale();
  const reference = 40 / view.scale();
  const lines = [
    [root, { x: root.x + reference, y: root.y }],
    [joint, { x: joint.x + reference * Math.cos(angle1), y: joint.y + reference * Math.sin(angle1) }],
  ];
  ctx.lineWidth = 1.25;
  ctx.strokeStyle = theme.label;
  ctx.setLineDash([3, 3]);
  ctx.beginPath();
  for (const [from, to] of lines) {
    const a = view.worldToCanvas(from);
    const b = view.worldToCanvas(to);
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
  }
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.beginPath();
  traceArc(ctx, view, root, radius, 0, angle1);
  traceArc(ctx, view, joint, radius, angle1, angle1 + angle2);
  ctx.stroke();
}

/**
 * Both bones, the tool, the root's square base, the joint's hinge and the end effector (the
 * tool's tip when there is a tool).
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Theme} theme
 * @param {ArmParams} params
 * @param {Point} root
 * @param {TwoBoneResult} result
 * @param {import('../index.js').DrawUi} ui
 */
function drawLimb(ctx, view, theme, params, root, result, ui) {
  const figure = resultFigure(params, root, result);
  const { joint, tip: end } = figure;
  const boneWidth = sizeFor(view, 9, 5, 14);
  drawBone(ctx, view, root, joint, boneWidth, theme.bone, theme.boneEdge);
  drawBone(ctx, view, joint, figure.hand, boneWidth * 0.8, theme.bone2, theme.boneEdge);
  ui.drawArt?.();
  if (hasTool(params)) drawTool(ctx, view, theme, figure);
  const base = view.worldToCanvas(root);
  const half = sizeFor(view, 9, 7, 12);
  if (ui.active === 'root' || ui.hover === 'root') drawHalo(ctx, base, half * 1.9, theme.bone);
  ctx.fillStyle = theme.boneEdge;
  ctx.fillRect(base.x - half, base.y - half, half * 2, half * 2);
  drawDot(ctx, view, root, half * 0.35, theme.background);
  drawDot(ctx, view, joint, sizeFor(view, 5, 4, 7), theme.joint, theme.boneEdge, 2);
  drawDot(ctx, view, end, sizeFor(view, 4, 3.5, 6), theme.end, theme.boneEdge, 1.5);
}
