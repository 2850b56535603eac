// ik2d.d.ts: types for dist/ik2d.js, the ik2d WebAssembly module.
//
// Conventions: positions and lengths are plain numbers in any consistent unit; angles are radians
// from +x toward +y, wrapped to (-pi, pi]. No output is ever NaN or infinite: numeric input that
// is unusable gives `status: 'invalid'` and a `message` naming the field; input of the wrong type
// (a string for a number, a missing point) throws a TypeError naming the field.

/** A point or vector in the plane. */
export interface Point {
  x: number;
  y: number;
}

/** Options of {@link IK2D.solveTwoBone}. */
export interface TwoBoneOptions {
  /** Where bone 1 starts. */
  root: Point;
  /** Where the end effector should go. */
  target: Point;
  /** Length of bone 1 (root to joint), > 0. */
  length1: number;
  /** Length of bone 2 (joint to end), > 0. */
  length2: number;
  /**
   * Which side the joint bends to: +1 puts the joint where
   * cross(target - root, joint - root) >= 0, -1 on the other side. A bent arm has
   * sign(angle2) = -bend (with an offset: sign(angle2 + phi) = -bend, phi the angle of the tool
   * line from bone 2, atan2(offset.y, length2 + offset.x)).
   * @defaultValue 1
   */
  bend?: 1 | -1;
  /**
   * Spine-style soft reach, in length units, >= 0. Within `softness` of full reach the arm
   * straightens smoothly instead of snapping; values above 2 * min(length1, second side) act as that.
   * @defaultValue 0
   */
  softness?: number;
  /**
   * A tool point fixed to bone 2 (a muzzle, a toe): x along bone 2 beyond its end, y to its left
   * (+90 degrees from bone 2's direction). That point, `end`, is what reaches the target; the
   * zones use its distance from the joint, |(length2 + x, y)| (the second side), in place of
   * length2.
   * @defaultValue {x: 0, y: 0}
   */
  offset?: Point;
  /**
   * true: a target out of reach scales both bones and the offset by `scale` = d / reach so the
   * end lands on it (status stays 'out_of_reach'). With softness s the stretch starts at
   * reach - s (d / softened d) and is d / reach from reach + s on.
   * @defaultValue false
   */
  stretch?: boolean;
  /**
   * How much IK to apply over `pose`, 0 to 1: each angle is pose + mix * wrap(ik - pose), the
   * shorter way round; scale 1 + mix * (scale - 1).
   * @defaultValue 1
   */
  mix?: number;
  /**
   * The pose before IK (an animation's), blended from by `mix`.
   * @defaultValue {angle1: 0, angle2: 0}
   */
  pose?: TwoBonePose;
}

/** Angles of a two-bone pose, radians (any finite values). */
export interface TwoBonePose {
  angle1: number;
  angle2: number;
}

/**
 * - `'reached'`: |length1 - length2| <= d <= length1 + length2 (d = |target - root|); the end is on
 *   the target up to rounding (with softness > 0 it may lag near full reach: see `distance`).
 * - `'out_of_reach'`: d > length1 + length2; fully stretched toward the target, angle2 = 0.
 * - `'too_close'`: d < |length1 - length2|; folded (|angle2| = pi) with the end on the
 *   root->target line, as near the target as it can be.
 * - `'invalid'`: a non-finite number, a length <= 0, a bend other than +1/-1, a negative
 *   softness or a mix outside 0 to 1; `message` names the field.
 * With an offset, the tool point's distance from the joint takes length2's place in every zone.
 */
export type TwoBoneStatus = 'reached' | 'out_of_reach' | 'too_close' | 'invalid';

/** Result of {@link IK2D.solveTwoBone}. Every number is finite. */
export interface TwoBoneResult {
  status: TwoBoneStatus;
  /** root + scale * length1 * (cos angle1, sin angle1). */
  joint: Point;
  /**
   * The tool point: joint + scale * R(angle1 + angle2) * (length2 + offset.x, offset.y); without an
   * offset, joint + scale * length2 * (cos(angle1 + angle2), sin(angle1 + angle2)).
   */
  end: Point;
  /** World angle of bone 1, radians in (-pi, pi]. */
  angle1: number;
  /** Angle of bone 2 relative to bone 1, radians in (-pi, pi]; 0 = straight. */
  angle2: number;
  /** |end - target| after solving. */
  distance: number;
  /** How much the bones (and the offset) are stretched: 1 unless `stretch` stretched them. */
  scale: number;
  /** Present when status is 'invalid': what was wrong, naming the field. */
  message?: string;
}

/** Options of `new ik.Chain(...)`. */
export interface ChainOptions {
  /** Where bone 0 starts. */
  root: Point;
  /** One length per bone, each finite and > 0; 1 to 1024 bones. */
  lengths: ArrayLike<number>;
  /** Local angles, radians, one per bone (default: all 0, a straight chain along +x). */
  angles?: ArrayLike<number>;
  /** Start mirrored (see {@link Chain.setMirror}): the pose `angles` gives, reflected. Default false. */
  mirror?: boolean;
}

/** Options of {@link Chain.solve}. */
export interface ChainSolveOptions {
  // generated from IK2D_CHAIN_SOLVE_OPTIONS (ik2d/chain.hpp) by scripts/boundary.mjs: do not edit
  /**
   * 'ccd': cyclic coordinate descent; 'fabrik': forward and backward reaching; 'dls': damped least
   * squares on the chain's Jacobian (every joint at once, one step per iteration).
   * @defaultValue 'ccd'
   */
  method?: 'ccd' | 'fabrik' | 'dls';
  /**
   * At most this many sweeps. A whole number from 0 to 100000.
   * @defaultValue 10
   */
  iterations?: number;
  /**
   * Absolute end-to-target distance that counts as reached. A finite number, 0 or greater.
   * @defaultValue 0.001
   */
  tolerance?: number;
  /**
   * The most any joint's local angle may change in this call, radians. 0 or greater (Infinity for
   * no limit).
   * @defaultValue Infinity
   */
  maxStep?: number;
  /**
   * 'dls' only: the damping lambda in units of the chain's reach. Smaller converges faster, larger
   * is steadier near a straight chain. Checked for every method. A finite number, 0 or greater.
   * @defaultValue 0.05
   */
  damping?: number;
  /**
   * Blend: after solving, every local angle becomes start + mix * (solved - start), the shorter way
   * round (inside a joint's limit, the way within it). 0 leaves the pose as it was. `error` and
   * `status` describe the blended pose. A number from 0 to 1.
   * @defaultValue 1
   */
  mix?: number;
  // end of generated members
  /**
   * Bend preference (any method): after solving, when the inner joints lie on the other side of
   * the root-target line than `pole`, the chain is mirrored across that line (the end keeps its
   * distance to the target). Skipped when the mirror would break a limit or maxStep.
   */
  pole?: Point;
}

/**
 * The end angle goal of {@link Chain.solve} and {@link Chain.beginSolve}, beside
 * {@link ChainSolveOptions} (options: `ChainSolveOptions & ChainAngleGoal`).
 */
export interface ChainAngleGoal {
  /**
   * The end bone's world angle goal, radians, finite (any value: wrapped), as well as the end's
   * position goal (any method; none unless given). On a mirrored chain it is a world angle, like
   * the target. With an angle the pole does not apply. See docs/api.md, "An end angle goal".
   */
  angle?: number;
  // generated from IK2D_CHAIN_ANGLE_OPTIONS (ik2d/chain.hpp) by scripts/boundary.mjs: do not edit
  /**
   * With `angle`: how much the angle counts against the position. 0 ignores it (the solve without
   * an angle, `angleError` still reported); 'ccd' and 'fabrik' at 1 lay the end bone along the
   * angle first; 'dls' weighs the angle's row by it. A number from 0 to 1.
   * @defaultValue 1
   */
  angleWeight?: number;
  /**
   * With `angle`: the angle error that counts as reached (`Reached` needs the position and the
   * angle). A finite number of radians, 0 or greater.
   * @defaultValue 0.001
   */
  angleTolerance?: number;
  // end of generated members
}

/**
 * - `'reached'`: error <= tolerance (and, with an `angle` of weight above 0, `angleError` <=
 *   angleTolerance).
 * - `'out_of_reach'`: the target is farther from the root than the sum of the lengths; the chain
 *   points at it as far as its limits (and maxStep) allow.
 * - `'max_iterations'`: reachable, but not within tolerance after the sweeps allowed (or the limits
 *   and maxStep keep the end away).
 * - `'invalid'`: a non-finite target, an unknown method, a bad iteration count, tolerance,
 *   maxStep, damping, mix, pole, angle, angleWeight or angleTolerance; `message` says which. The
 *   chain is left as it was.
 */
export type ChainStatus = 'reached' | 'out_of_reach' | 'max_iterations' | 'invalid';

/** Result of {@link Chain.solve}. */
export interface ChainSolveResult {
  status: ChainStatus;
  /** Sweeps used (0 when the end was already within tolerance). */
  iterations: number;
  /** |end - target| after the call. */
  error: number;
  /** Present when status is 'invalid'. */
  message?: string;
}

/** What {@link Chain.solve} (and a finished step's `result`) adds to {@link ChainSolveResult}. */
export interface ChainAngleResult {
  /** With `angle`: |end bone's world angle - angle| after the call, radians (0 to pi); else 0. */
  angleError: number;
}

/**
 * What one step of a resumable solve did ({@link Chain.beginSolve}, {@link Chain.step}):
 * - 'begin': beginSolve checked the call; nothing moved yet.
 * - 'stretch': first sweep with the target out of reach: every bone pointed at it.
 * - 'unbend': first sweep with the chain on a line through the target: joints bent off the line
 *   (one CCD sweep of 'ccd_joint' steps follows, then the method's own sweep).
 * - 'ccd_joint': one CCD joint update.
 * - 'fabrik_backward': FABRIK's backward half-pass from the target (see backwardPositions()); the
 *   chain itself has not moved yet.
 * - 'fabrik_forward': FABRIK's forward half-pass from the root: the new pose.
 * - 'dls_step': one damped-least-squares step: every joint turned at once; each joint's change is
 *   in {@link Chain.stepTurns}, the largest in `turn`.
 * - 'restart': a solve with an `angle` that got stuck starts again from new angles within the
 *   limits and maxStep (drawn from a fixed seed); 'dls_step' steps follow.
 * - 'invalid': the call was refused (see message).
 */
export type ChainStepKind =
  | 'begin' | 'stretch' | 'unbend' | 'ccd_joint'
  | 'fabrik_backward' | 'fabrik_forward' | 'dls_step' | 'restart'
  | 'invalid';

/** One step of a resumable solve. Every number is finite. */
export interface ChainStep {
  kind: ChainStepKind;
  /** The sweep this step belongs to, 1-based (0 for 'begin'). */
  iteration: number;
  /** 'ccd_joint': the joint that turned (0 is the root); -1 otherwise. */
  joint: number;
  /** 'ccd_joint': that joint's position. */
  pivot: Point;
  /** 'ccd_joint': the end effector before the turn. */
  endBefore: Point;
  /** 'ccd_joint': the turn (radians) that puts the end on the line from the pivot to the target. */
  wanted: number;
  /**
   * 'ccd_joint': the local angle change made, after limits and maxStep (radians); 'dls_step': the
   * largest change of any joint (each one: {@link Chain.stepTurns}).
   */
  turn: number;
  /** |end - target| after this step. */
  error: number;
  /** This step finished a sweep. */
  sweepEnd: boolean;
  /** The solve is over: `result` is what solve() returns, and the pose is the one it leaves. */
  done: boolean;
  /** Present when done. */
  result?: ChainSolveResult & ChainAngleResult;
  /** Present when kind is 'invalid'. */
  message?: string;
}

/**
 * An N-bone chain that lives in WASM memory. Angles are local: angles[0] is bone 0's world angle,
 * angles[i] is bone i's angle relative to bone i-1. Call delete() when done (chains that are
 * garbage-collected are freed as well, but later and at the engine's discretion).
 */
export interface Chain {
  /** Number of bones. */
  readonly size: number;
  /** True while the chain is mirrored ({@link Chain.setMirror}). */
  readonly mirror: boolean;
  /**
   * Mirrors the chain across the vertical line through its root (true) or turns it back (false):
   * reflects the current pose and nothing else (each x becomes 2 root.x - x). Limits stay as set
   * and act mirrored ([a, b] as [-b, -a]; on joint 0 as [pi - b, pi - a]). Solving for M(t) gives
   * M of what the unmirrored chain gives for t (M reflects x about the root's x); targets and
   * poles are given in the world. Ends a stepped solve. TypeError for a non-boolean.
   */
  setMirror(on: boolean): void;
  /** Moves the root; the angles stay. */
  setRoot(root: Point): void;
  /** Sets the local angles (one per bone); each is wrapped to (-pi, pi] and clamped into its limit. */
  setAngles(angles: ArrayLike<number>): void;
  /** Local angles, a fresh array of `size` values. */
  angles(): Float64Array;
  /** x0, y0 (the root), x1, y1, ..., the end effector last: a fresh array of 2 (size + 1) values. */
  positions(): Float64Array;
  /** Limits joint `joint`'s local angle to [min, max], -pi <= min <= max <= pi; clamps the current angle. */
  setLimit(joint: number, min: number, max: number): void;
  /** Removes joint `joint`'s limit. */
  clearLimit(joint: number): void;
  /**
   * Moves the end toward `target` from the current pose (warm start). Never changes a length,
   * always keeps every limit and maxStep.
   */
  solve(target: Point, options?: ChainSolveOptions & ChainAngleGoal): ChainSolveResult & ChainAngleResult;
  /**
   * Starts a resumable solve: checks the call like solve() and returns a 'begin' step (done at once
   * when the end is already within tolerance) or an 'invalid' one. Each step() then makes one CCD
   * joint update or one FABRIK half-pass: the very steps solve() makes, in its order, so stepping
   * until `done` leaves exactly the pose solve() would. Any other call that changes the chain
   * (setRoot, setAngles, setLimit, clearLimit, solve) ends the solve in progress.
   */
  beginSolve(target: Point, options?: ChainSolveOptions & ChainAngleGoal): ChainStep;
  /** Makes the next step; throws an Error when no solve is in progress. */
  step(): ChainStep;
  /** True while a solve begun by beginSolve() has steps left. */
  readonly stepping: boolean;
  /** Where FABRIK's last backward half-pass put each joint: x0, y0, ..., 2 (size + 1) values. */
  backwardPositions(): Float64Array;
  /**
   * Each joint's local angle change (radians, after limits and maxStep) made by the last
   * 'dls_step' of the solve in progress or just finished: a fresh array of `size` values, zeros
   * before the first.
   */
  stepTurns(): Float64Array;
  /** Frees the C++ chain; safe to call twice. Any other call afterwards throws. */
  delete(): void;
}

/** Options of `new ik.Spider(...)`; every field is optional. World units, y up. */
export interface SpiderOptions {
  /**
   * Number of legs: even, 4 to 16; half on the near side, half on the far side.
   * @defaultValue 8
   */
  legs?: number;
  /**
   * Hip to knee, > 0.
   * @defaultValue 50
   */
  upperLength?: number;
  /**
   * Knee to foot, > 0.
   * @defaultValue 60
   */
  lowerLength?: number;
  /**
   * Body centre above the ground: below 90 % of upper + lower, at least 1.2 |upper - lower|.
   * @defaultValue 55
   */
  bodyHeight?: number;
  /**
   * Top walking speed, units per second, >= 0.
   * @defaultValue 90
   */
  speed?: number;
  /**
   * Drift of a planted foot from its rest spot that makes its group step, > 0.
   * @defaultValue 28
   */
  stepThreshold?: number;
  /**
   * How high a stepping foot lifts, >= 0.
   * @defaultValue 22
   */
  stepHeight?: number;
  /**
   * Terrain seed, a whole number from 0 to 4294967295: the same seed gives the same ground.
   * @defaultValue 1
   */
  seed?: number;
  /**
   * Terrain roughness, 0 (flat) to 1.
   * @defaultValue 0.5
   */
  roughness?: number;
  /**
   * Height of the biggest hills at roughness 1, >= 0.
   * @defaultValue 60
   */
  amplitude?: number;
  /**
   * Typical distance between hilltops, > 0.
   * @defaultValue 420
   */
  wavelength?: number;
  /**
   * Where the spider starts, world x within ±1e9.
   * @defaultValue 0
   */
  x?: number;
}

/** One leg of a spider, as last solved. */
export interface SpiderLeg {
  hip: Point;
  knee: Point;
  /** On the ground while planted (exactly: foot.y = groundHeight(foot.x)). */
  foot: Point;
  /** The foot's rest spot on the ground below and beside its hip. */
  rest: Point;
  planted: boolean;
  /** Drawn in front of the body (true) or behind it. */
  nearSide: boolean;
  /** Gait group, 0 or 1: a group lifts only while the other is planted. */
  group: number;
  /** This leg's two-bone status ('reached' unless a setting makes the leg unable to reach). */
  ik: TwoBoneStatus;
  /** How many times this leg has landed. */
  steps: number;
  /** 0..1 through the current step; 0 while planted. */
  stepProgress: number;
}

/** A snapshot of a spider. */
export interface SpiderState {
  body: { x: number; y: number; angle: number; velocity: number };
  goal: number;
  legs: SpiderLeg[];
}

/** A procedural spider walking on seeded terrain, every leg solved by the two-bone solver each step. */
export interface Spider {
  /** The settings in force, defaults filled in. */
  readonly options: Readonly<Required<SpiderOptions>>;
  /** Walk toward world x (it stops a short distance from it); within ±1e9. */
  setGoal(x: number): void;
  /**
   * Advances `steps` (default 1, a whole number from 1 to 100000) fixed steps of `dt` seconds
   * (default 1/60, 0 < dt <= 0.1).
   */
  step(dt?: number, steps?: number): void;
  /** Body, goal and every leg. */
  state(): SpiderState;
  /** Terrain height under world x. */
  groundHeight(x: number): number;
  /** Unit terrain normal at world x, pointing up. */
  groundNormal(x: number): Point;
  /** Frees the C++ spider; safe to call twice. Any other call afterwards throws. */
  delete(): void;
}

/** Resource counters from {@link IK2D.stats}, for leak checks. */
export interface IK2DStats {
  /** Size of the module's WebAssembly memory, bytes (it only grows). */
  wasmMemoryBytes: number;
  /** Chains created and not yet deleted (or garbage-collected). */
  liveChains: number;
  /** Spiders created and not yet deleted (or garbage-collected). */
  liveSpiders: number;
  /** TwoBoneBatch and ChainBatch objects created and not yet deleted (or garbage-collected). */
  liveBatches: number;
  /** Skeletons created and not yet deleted (or garbage-collected). */
  liveSkeletons: number;
  /** Creatures, crowds, follow chains, ropes and second-order points alive. */
  liveCreatures: number;
  /** JS values Embind holds for C++ (should stay flat). */
  embindHandles: number;
}

/**
 * What a batch solve returns: `'solved'`, or `'invalid'` with C++'s message when the call's own
 * values (a range, an option) were refused; nothing is solved then. Problems of one limb or chain
 * are its `status` instead. Solve calls never throw for a bad value (TypeError for a wrong type).
 */
export type BatchSolveOutcome = { status: 'solved' } | { status: 'invalid'; message: string };

/**
 * `count` two-bone limbs as arrays in WASM memory (a structure of arrays), solved in one call.
 * Every array is a live view of WASM memory: write inputs into it, call solve(), read the outputs.
 * Read the properties again after anything that may grow WASM memory (creating objects): they
 * return fresh views then, and the old ones read as empty.
 *
 * Results equal solveTwoBone's (positions within 1e-12 of the limb's scale, angles within 1e-12
 * rad); limbs with numbers beyond [1e-70, 1e70] are handed to the per-call solver itself.
 */
export interface TwoBoneBatch {
  readonly count: number;
  /**
   * Inputs (defaults: root (0, 0), target (0, 0), lengths 1, bend +1, softness 0, offset (0, 0),
   * stretch 0, mix 1, pose (0, 0)), as TwoBoneOptions' fields; stretch is 0 or 1.
   */
  readonly rootX: Float64Array;
  readonly rootY: Float64Array;
  readonly targetX: Float64Array;
  readonly targetY: Float64Array;
  readonly length1: Float64Array;
  readonly length2: Float64Array;
  readonly bend: Float64Array;
  readonly softness: Float64Array;
  readonly offsetX: Float64Array;
  readonly offsetY: Float64Array;
  readonly stretch: Float64Array;
  readonly mix: Float64Array;
  readonly poseAngle1: Float64Array;
  readonly poseAngle2: Float64Array;
  /** Outputs, as TwoBoneResult's fields. */
  readonly jointX: Float64Array;
  readonly jointY: Float64Array;
  readonly endX: Float64Array;
  readonly endY: Float64Array;
  readonly angle1: Float64Array;
  readonly angle2: Float64Array;
  readonly distance: Float64Array;
  readonly scale: Float64Array;
  /** 0 reached, 1 out_of_reach, 2 too_close, 3 invalid (see message(i)). */
  readonly status: Uint8Array;
  /** Solves limbs [begin, end), all by default (whole numbers, 0 <= begin <= end <= count). Allocates nothing. */
  solve(begin?: number, end?: number): BatchSolveOutcome;
  /** Why limb `index` (a whole number from 0 to count - 1; else a TypeError or RangeError) is invalid, or '' when it is not. */
  message(index: number): string;
  /** Frees the arrays; safe to call twice. */
  delete(): void;
}

/** Options of `new ik.ChainBatch(...)`. */
export interface ChainBatchOptions {
  /** Number of chains, >= 0. */
  count: number;
  /** Bones per chain, 1 to 1024. (bones + 1) * count is at most 2 097 152. */
  bones: number;
  /** One length for every bone (default 1)... */
  length?: number;
  /** ...or `bones` lengths, the same for every chain (per-chain lengths: write `lengths` after). */
  lengths?: ArrayLike<number>;
  /** Where every chain starts, straight along +x (default (0, 0)). */
  root?: Point;
}

/**
 * Options of ChainBatch.solve, shared by every chain. Chain.solve's 'dls', damping, mix, pole and
 * angle are refused (status 'invalid', with a message): the batch sweeps positions, with no
 * Jacobian, no starting angles and no end angle goal.
 */
export interface ChainBatchSolveOptions {
  /**
   * The batch's methods (no 'dls').
   * @defaultValue 'fabrik'
   */
  method?: 'ccd' | 'fabrik';
  /**
   * Most sweeps per chain.
   * @defaultValue 10
   */
  iterations?: number;
  /**
   * Absolute end-to-target distance that counts as reached.
   * @defaultValue 1e-3
   */
  tolerance?: number;
}

/**
 * `count` chains of `bones` bones as arrays in WASM memory, solved in one call. Chain-fastest
 * layout: the value of chain c at joint (or bone) j is at [j * count + c]. The state is the
 * joint positions (warm start); a moved root carries its chain at the next solve. No joint limits
 * or step limits (those are Chain's). Status, iterations and error per chain mean what
 * Chain.solve's do; the same views-after-growth rule as TwoBoneBatch applies.
 */
export interface ChainBatch {
  readonly count: number;
  readonly bones: number;
  readonly rootX: Float64Array;
  readonly rootY: Float64Array;
  readonly targetX: Float64Array;
  readonly targetY: Float64Array;
  /** bones * count lengths. */
  readonly lengths: Float64Array;
  /** (bones + 1) * count joint positions, the root first. */
  readonly x: Float64Array;
  readonly y: Float64Array;
  /** |end - target| per chain after solve(). */
  readonly error: Float64Array;
  /** Sweeps per chain in the last solve(). */
  readonly iterations: Int32Array;
  /** 0 reached, 1 out_of_reach, 2 max_iterations, 3 invalid (a non-finite or huge root, target or length). */
  readonly status: Uint8Array;
  /** Solves every chain toward its target; bad options are refused as Chain.solve refuses them. */
  solve(options?: ChainBatchSolveOptions): BatchSolveOutcome;
  /** Local angles, bones * count, [bone * count + chain], computed from the positions now. */
  angles(): Float64Array;
  /** Frees the arrays; safe to call twice. */
  delete(): void;
}

/** One bone of `new ik.Skeleton(...)`. */
export interface SkeletonBoneSpec {
  /** Index of the parent bone, below this bone's own index (parents first); -1 hangs it from the root. */
  parent: number;
  /** Length, finite and > 0. */
  length: number;
  /** Local angle, radians (relative to the parent; world for a bone on the root). Default 0. */
  angle?: number;
}

/** Options of `new ik.Skeleton(...)`. */
export interface SkeletonOptions {
  root: Point;
  /** 1 to 1024 bones, parents first. */
  bones: SkeletonBoneSpec[];
  /** Start mirrored (see {@link Skeleton.setMirror}): the bones' pose, reflected. Default false. */
  mirror?: boolean;
}

/** One end effector of {@link Skeleton.solve}: bone `bone`'s end should reach `target`. */
export interface SkeletonEffector {
  /** A bone index, 0 to size - 1; each bone at most once per call. */
  bone: number;
  target: Point;
  /**
   * The bone's world angle goal, radians (wrapped), as well as its end on `target`; in the world
   * when mirrored. 'reached' then needs the angle within 1e-3 rad too. None unless given.
   */
  angle?: number;
  /** How much this effector counts when the goals conflict, 0 to 1 (default 1); 0 is no effector (its error is still reported). */
  weight?: number;
}

/** Options of {@link Skeleton.setSpring}: the second-order model's constants (as SecondOrder's). */
export interface SkeletonSpringOptions {
  /** Natural frequency, Hz, 0.001 to 1000 (default 1). */
  frequency?: number;
  /** Damping ratio, 0 to 100 (default 1): below 1 it overshoots, 1 and above it never passes its goal. */
  damping?: number;
  /** Initial response, -100 to 100 (default 0): above 1 it overshoots at the start, below 0 anticipates. */
  response?: number;
}

/** Options of {@link Skeleton.solve}. */
export interface SkeletonSolveOptions {
  /**
   * FABRIK with sub-bases (the only method).
   * @defaultValue 'fabrik'
   */
  method?: 'fabrik';
  /**
   * At most this many sweeps, 0 to 100000.
   * @defaultValue 20
   */
  iterations?: number;
  /**
   * Largest end-to-target distance that counts as reached, >= 0.
   * @defaultValue 1e-3
   */
  tolerance?: number;
}

/** Result of {@link Skeleton.solve}. */
export interface SkeletonSolveResult {
  /**
   * 'reached' iff every error <= tolerance; 'out_of_reach' when not, and some target is farther
   * from the root than the lengths from the root to its bone's end add up to; 'max_iterations'
   * otherwise (sweeps spent, or conflicting targets settled on a compromise); 'invalid': see message.
   */
  status: ChainStatus;
  /** Sweeps used, 0 when every end was already there. */
  iterations: number;
  /** |end - target| per effector, in the order given; empty when invalid. */
  errors: number[];
  /** Why the call was refused, naming the effector or option. */
  message?: string;
}

/** A tree of bones with several end effectors that lives in WASM memory. */
export interface Skeleton {
  /** Number of bones. */
  readonly size: number;
  /** Local angles (radians), a fresh Float64Array(size). */
  angles(): Float64Array;
  /** Sets the local angles; each is wrapped and clamped into its limit (RangeError for a bad count or value). */
  setAngles(angles: ArrayLike<number>): void;
  /** Limits bone i's local angle to [min, max], -pi <= min <= max <= pi (RangeError naming the bone). */
  setLimit(bone: number, min: number, max: number): void;
  clearLimit(bone: number): void;
  /** True while the skeleton is mirrored ({@link Skeleton.setMirror}). */
  readonly mirror: boolean;
  /**
   * Mirrors the skeleton across the vertical line through its root (true) or turns it back
   * (false), as {@link Chain.setMirror} does: reflects the current pose and nothing else; limits
   * act mirrored; effector targets are given in the world. TypeError for a non-boolean.
   */
  setMirror(on: boolean): void;
  /**
   * Makes bone `bone` a spring bone: from now on its local angle follows the one solving or
   * setAngles gives it, by second-order dynamics, as step() advances it. Starts at rest on the
   * current pose. RangeError naming the bone or the option.
   */
  setSpring(bone: number, options?: SkeletonSpringOptions): void;
  /** Bone `bone` follows its driven angle at once again (and takes it now). */
  clearSpring(bone: number): void;
  /**
   * Advances every spring bone by `steps` steps of `dt` seconds (0 < dt <= 1000; steps a whole
   * number from 1 to 100000), parents first: step(dt, n) is n calls of step(dt), bit for bit.
   * RangeError naming the field; a refused call moves nothing.
   */
  step(dt: number, steps?: number): void;
  /** Moves the root; the angles stay. */
  setRoot(root: Point): void;
  /** x, y of the root, then of the end of bone i at 2 (i + 1): Float64Array(2 (size + 1)). */
  positions(): Float64Array;
  /** Where the last solve's last backward pass put each position (sub-base centroids included). */
  backwardPositions(): Float64Array;
  /** Moves the effectors' ends toward their targets from the current pose; keeps lengths and limits. */
  solve(effectors: SkeletonEffector[], options?: SkeletonSolveOptions): SkeletonSolveResult;
  /** Frees the C++ skeleton. Safe to call twice; any other call afterwards throws. */
  delete(): void;
}

/** The creature presets. */
export type CreatureKind = 'lizard' | 'snake' | 'fish' | 'centipede';

/**
 * Options of `new ik.Creature(...)`: every field is optional and defaults to the preset of `kind`
 * (the @defaultValue tags give the lizard's). Lengths in units (about a pixel at scale 1), y up.
 */
export interface CreatureOptions {
  // generated from IK2D_CREATURE_OPTIONS (ik2d/creature.hpp) by scripts/boundary.mjs: do not edit
  /**
   * The preset every other option defaults to.
   * @defaultValue 'lizard'
   */
  kind?: CreatureKind;
  /**
   * The head's start, x, units. A finite number from -1e9 to 1e9.
   * @defaultValue 0
   */
  x?: number;
  /**
   * The head's start, y, units. A finite number from -1e9 to 1e9.
   * @defaultValue 0
   */
  y?: number;
  /**
   * The start heading, radians; the body trails behind. A finite number from -1000 to 1000.
   * @defaultValue 0
   */
  heading?: number;
  /**
   * Spine points, head first. A whole number from 2 to 64.
   * @defaultValue 14
   */
  segments?: number;
  /**
   * Distance between spine points, units. A finite number from 1e-6 to 1e6. Or one per gap:
   * segments - 1 values, 0 for the preset's.
   * @defaultValue 12
   */
  spacing?: number | ArrayLike<number>;
  /**
   * Largest turn between consecutive spine segments, radians. A finite number from 0 to
   * 3.141592653589793.
   * @defaultValue 0.45
   */
  maxBend?: number;
  /**
   * The head's top speed, units per second. A finite number from 0 to 1e9.
   * @defaultValue 160
   */
  speed?: number;
  /**
   * The head's fastest turn, radians per second. A finite number from 0 to 1000.
   * @defaultValue 4
   */
  turnRate?: number;
  /**
   * Legs, an even number: pairs, left (+1) then right (-1). A whole number from 0 to 48.
   * @defaultValue 4
   */
  legs?: number;
  /**
   * Hip to knee, units. A finite number from 1e-6 to 1e6.
   * @defaultValue 16
   */
  upperLength?: number;
  /**
   * Knee to foot, units. A finite number from 1e-6 to 1e6.
   * @defaultValue 16
   */
  lowerLength?: number;
  /**
   * How far a planted foot may drift from its spot before it steps, units. A finite number from
   * 1e-6 to 1e6.
   * @defaultValue 18
   */
  stepThreshold?: number;
  /**
   * How far a stepping foot's arc bulges out, units. A finite number from 0 to 1e6.
   * @defaultValue 5
   */
  stepHeight?: number;
  /**
   * Gait groups: a group lifts only while every other group is planted. A whole number from 1 to
   * 16.
   * @defaultValue 2
   */
  gaitGroups?: number;
  /**
   * 1: legs in the rear half bend their knees forward (a lizard's hind legs); 0: all back. A whole
   * number from 0 to 1.
   * @defaultValue 1
   */
  rearKneesForward?: number;
  /**
   * How much the skin's width pulses with the gait, a fraction. A finite number from 0 to 0.5.
   * @defaultValue 0.06
   */
  bob?: number;
  /**
   * Amplitude of the head's side-to-side winding, radians. A finite number from 0 to 1.5.
   * @defaultValue 0.12
   */
  wiggle?: number;
  /**
   * 1: grow fins (the fish's preset); 0: none. A whole number from 0 to 1.
   * @defaultValue 0
   */
  fins?: number;
  /**
   * The steering target's spring: natural frequency f, Hz. A finite number from 0.001 to 1000.
   * @defaultValue 2
   */
  springFrequency?: number;
  /**
   * The steering target's damping ratio zeta (below 1 it overshoots). A finite number from 0 to
   * 100.
   * @defaultValue 1
   */
  springDamping?: number;
  /**
   * The steering target's initial response r (above 1 it overshoots at once, below 0 it
   * anticipates). A finite number from -100 to 100.
   * @defaultValue 0
   */
  springResponse?: number;
  // end of generated members
  /** Full body width at each spine point (the skin), 1e-6 to 1e6; the preset's, stretched to `segments`, when left out. */
  widths?: ArrayLike<number>;
  /** The spine point each leg pair hangs from; the preset's, spread over `legs`, when left out. */
  legAnchors?: ArrayLike<number>;
}

/** The settings a creature runs with: every option, the preset filled in. */
export interface CreatureSettings extends Required<Omit<CreatureOptions, 'spacing' | 'widths' | 'legAnchors'>> {
  /** One number, or one per gap when given so. */
  spacing: number | number[];
  widths: number[];
  legAnchors: number[];
}

/** One leg of a creature, as last solved. */
export interface CreatureLeg {
  hip: Point;
  knee: Point;
  /** Fixed while planted. */
  foot: Point;
  planted: boolean;
  /** Its gait group: every leg in the air at one moment has the same group. */
  group: number;
  /** +1: on the body's left, -1: right. */
  side: number;
  /** How far the foot is off the ground in its arc (0 when planted). */
  lift: number;
  /** 0 to 1 through the current step (0 when planted). */
  progress: number;
  /** The spine point it hangs from. */
  anchor: number;
  /** How many times it has landed. */
  steps: number;
  /** Where the foot rests for the body as it is now; a step aims here (and a little ahead). */
  rest: Point;
}

/** A fin: an ellipse, angle radians from +x. */
export interface CreatureFin {
  center: Point;
  radiusX: number;
  radiusY: number;
  angle: number;
}

/** A creature's state, everything a drawing needs. */
export interface CreatureState {
  /** Spine points, head first; consecutive points keep their spacing, every turn within maxBend. */
  spine: Point[];
  /** Where the head points, radians. */
  heading: number;
  /** How fast the head moved in the last substep, units per second. */
  speed: number;
  /** The skin's width pulse now, a fraction. */
  bob: number;
  /** The winding phase, radians. */
  phase: number;
  /** Where setGoal said to go. */
  goal: Point;
  /** The steering target, easing toward the goal (second-order dynamics). */
  target: Point;
  legs: CreatureLeg[];
  /** The skin: a closed polygon around every spine point, counter-clockwise. */
  outline: Point[];
  /** Left then right. */
  eyes: Array<Point & { radius: number }>;
  /** The fish's fins (none for the other presets). */
  fins: CreatureFin[];
}

/** A procedural creature: a spine that follows its head, legs with a gait, a skin. */
export interface Creature {
  /** The settings in force, the preset filled in. */
  readonly options: CreatureSettings;
  /** Where the head heads for; it stops within one spacing of it. */
  setGoal(point: Point): void;
  /** Advances `steps` × `dt` seconds (0 < dt <= 0.1; steps 1 to 100000; defaults 1/60 and 1). */
  step(dt?: number, steps?: number): void;
  state(): CreatureState;
  /** Frees the C++ creature. Safe to call twice; any other call afterwards throws. */
  delete(): void;
}

/** Options of `new ik.CreatureCrowd(...)`: the creatures' options and how many. */
export interface CreatureCrowdOptions extends CreatureOptions {
  /** How many creatures, 0 to 10000 (166 MB at the largest), all starting at (x, y). */
  count: number;
}

/** Many creatures of one kind, stepped in one call. */
export interface CreatureCrowd {
  readonly size: number;
  readonly options: CreatureSettings;
  setGoal(index: number, point: Point): void;
  /** Goals for creatures 0, 1, ...: points, or flat x, y pairs. */
  setGoals(goals: Point[] | Float64Array): void;
  /** Advances every creature `steps` × `dt` seconds (0 < dt <= 0.1; steps 1 to 100000; defaults 1/60 and 1). */
  step(dt?: number, steps?: number): void;
  state(index: number): CreatureState;
  /** Where each creature's part of `views()` starts and how much it holds. */
  readonly layout: CreatureCrowdLayout;
  /**
   * Every creature's spine, legs, skin, planted flags and fins, viewing the crowd's storage in WASM
   * memory (no copy): `step()` rewrites them in place, equal to `state(i)` bit for bit. They stay
   * valid across `step`, `setGoal`, `state`, `size`, `options` and `layout`; `delete()` ends them,
   * and so does any growth of WASM memory (a growth detaches them: length 0), which a call that
   * allocates inside the module can cause (`setGoals`, constructing or resetting any ik2d object).
   * Calling `views()` again is always right: it returns the same object while memory has not
   * grown (a comparison, no allocation), new views after a growth, and throws after `delete()`.
   */
  views(): CreatureCrowdViews;
  delete(): void;
}

/** Views into a crowd's storage (see `CreatureCrowd.views()`); read them, never write them. */
export interface CreatureCrowdViews {
  /** x, y pairs: creature i's `layout.spine.count` points, head first, from `layout.spine.offsets[i]`. */
  readonly spine: Float64Array;
  /** x, y pairs: `layout.legPoints` (hip, knee, foot) a leg, creature i's legs from `layout.legs.offsets[i]`. */
  readonly legs: Float64Array;
  /** x, y pairs: creature i's skin (a closed polygon) from `layout.outline.offsets[i]`. */
  readonly outline: Float64Array;
  /** 1 for a planted foot, 0 for one in the air: creature i's legs from `layout.planted.offsets[i]`. */
  readonly planted: Uint8Array;
  /**
   * `layout.finValues` (centre x, y, radiusX, radiusY, angle) a fin, creature i's fins from
   * `layout.fins.offsets[i]` (empty unless the creatures have fins).
   */
  readonly fins: Float64Array;
}

/** One array of `CreatureCrowd.views()`: per creature, what it holds and where it starts. */
export interface CreatureCrowdPart {
  /** Items a creature: spine points, legs, skin points or planted flags. */
  readonly count: number;
  /** Array elements a creature. */
  readonly stride: number;
  /** offsets[i]: the array element where creature i's part starts. */
  readonly offsets: Int32Array;
}

/** The layout of `CreatureCrowd.views()`. */
export interface CreatureCrowdLayout {
  /** Number of creatures. */
  readonly size: number;
  /** Points a leg has in `views().legs`: 3 (hip, knee, foot). */
  readonly legPoints: number;
  /** Numbers a fin has in `views().fins`: 5 (centre x, y, radiusX, radiusY, angle). */
  readonly finValues: number;
  readonly spine: CreatureCrowdPart;
  readonly legs: CreatureCrowdPart;
  readonly outline: CreatureCrowdPart;
  readonly planted: CreatureCrowdPart;
  readonly fins: CreatureCrowdPart;
}

/** Options of `new ik.FollowChain(...)`. */
export interface FollowChainOptions {
  /** 2 to 100000 points, each apart from the one before it; the spacings are their distances. */
  points: Point[];
  // generated from IK2D_FOLLOW_CHAIN_OPTIONS (ik2d/follow_chain.hpp) by scripts/boundary.mjs: do not edit
  /**
   * Largest turn between consecutive segments, radians, 0 (straight) to pi (any). A finite number
   * from 0 to 3.141592653589793.
   * @defaultValue 3.141592653589793
   */
  maxBend?: number;
  // end of generated members
}

/** A follow-the-leader chain (a spine, a tail, beads). */
export interface FollowChain {
  readonly size: number;
  readonly options: { maxBend: number };
  /** Point 0 goes exactly to `point`; every other keeps its spacing behind the one before it. */
  follow(point: Point): void;
  /** x0, y0, x1, y1, ...: a fresh Float64Array(2 size). */
  positions(): Float64Array;
  delete(): void;
}

/** Options of `new ik.Rope(...)`. */
export interface RopeOptions {
  /** 2 to 100000 points; the rest lengths are their distances. */
  points: Point[];
  // generated from IK2D_ROPE_OPTIONS (ik2d/rope.hpp) by scripts/boundary.mjs: do not edit
  /**
   * Gravity, units per second squared. Each coordinate a finite number from -1e12 to 1e12.
   * @defaultValue {x: 0, y: -980}
   */
  gravity?: Point;
  /**
   * Share of its speed a free point loses every 1/60 s. A finite number from 0 to 1.
   * @defaultValue 0.02
   */
  damping?: number;
  /**
   * Constraint passes per substep. A whole number from 1 to 10000.
   * @defaultValue 10
   */
  iterations?: number;
  // end of generated members
}

/** A rope of Verlet points with pins. */
export interface Rope {
  readonly size: number;
  readonly options: { gravity: Point; damping: number; iterations: number };
  /** Holds point `index` exactly at `point`, or lets it go (null). */
  pin(index: number, point: Point | null): void;
  /** Advances `steps` × `dt` seconds (0 < dt <= 0.1; steps a whole number from 1 to 100000). */
  step(dt?: number, steps?: number): void;
  positions(): Float64Array;
  delete(): void;
}

/** Options of `new ik.SecondOrder(...)`. */
export interface SecondOrderOptions {
  // generated from IK2D_SECOND_ORDER_OPTIONS (ik2d/second_order.hpp) by scripts/boundary.mjs: do not edit
  /**
   * Natural frequency f, Hz. A finite number from 0.001 to 1000.
   * @defaultValue 1
   */
  frequency?: number;
  /**
   * Damping ratio zeta: < 1 overshoots, >= 1 does not. A finite number from 0 to 100.
   * @defaultValue 1
   */
  damping?: number;
  /**
   * Initial response r: > 1 overshoots, < 0 anticipates. A finite number from -100 to 100.
   * @defaultValue 0
   */
  response?: number;
  // end of generated members
  /** Where the point starts (default the origin). */
  start?: Point;
}

/** A point that follows a target with second-order dynamics. */
export interface SecondOrder {
  readonly options: { frequency: number; damping: number; response: number };
  /** Moves `dt` seconds toward `target`; returns the new position. */
  update(dt: number, target: Point): Point;
  readonly position: Point;
  readonly velocity: Point;
  delete(): void;
}

/** The loaded module. */
export interface IK2D {
  /** Library version, "major.minor.patch". */
  readonly version: string;
  /** Solves a two-bone limb analytically (law of cosines). Throws TypeError on wrong argument types. */
  solveTwoBone(options: TwoBoneOptions): TwoBoneResult;
  /** Creates a chain. Throws TypeError on wrong types and RangeError on bad lengths or angles. */
  readonly Chain: new (options: ChainOptions) => Chain;
  /** Creates a spider. Throws TypeError on wrong types and RangeError on bad settings. */
  readonly Spider: new (options?: SpiderOptions) => Spider;
  /** Creates `count` two-bone limbs as arrays (RangeError for a bad count). */
  readonly TwoBoneBatch: new (count: number) => TwoBoneBatch;
  /** Creates `count` chains as arrays (TypeError/RangeError for bad options). */
  readonly ChainBatch: new (options: ChainBatchOptions) => ChainBatch;
  /** Creates a skeleton. Throws TypeError on wrong types and RangeError naming the bone at fault. */
  readonly Skeleton: new (options: SkeletonOptions) => Skeleton;
  /** Creates a creature from a preset. TypeError on wrong types, RangeError naming a bad field. */
  readonly Creature: new (options?: CreatureOptions) => Creature;
  /** Creates many creatures of one kind. */
  readonly CreatureCrowd: new (options: CreatureCrowdOptions) => CreatureCrowd;
  /** Creates a follow-the-leader chain. */
  readonly FollowChain: new (options: FollowChainOptions) => FollowChain;
  /** Creates a rope. */
  readonly Rope: new (options: RopeOptions) => Rope;
  /** Creates a second-order follower. */
  readonly SecondOrder: new (options?: SecondOrderOptions) => SecondOrder;
  /** Resource counters, for leak checks (the soak test watches them stay flat). */
  stats(): IK2DStats;
}

/** Advanced options passed through to Emscripten's module factory. */
export interface ModuleOptions {
  /** The bytes of ik2d.wasm, when you load them yourself. */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Maps a file the module asks for ("ik2d.wasm") to the URL to fetch it from. */
  locateFile?: (path: string, scriptDirectory: string) => string;
  [option: string]: unknown;
}

/**
 * Loads ik2d.wasm (beside ik2d.js in browsers; from disk in Node >= 18) and returns the API.
 * @example
 *   import createIK2D from './ik2d.js';
 *   const ik = await createIK2D();
 *   const r = ik.solveTwoBone({ root: { x: 0, y: 0 }, target: { x: 100, y: 60 }, length1: 120, length2: 80 });
 */
export default function createIK2D(options?: ModuleOptions): Promise<IK2D>;
