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
   * Which side the joint bends to: +1 (default) puts the joint where
   * cross(target - root, joint - root) >= 0, -1 on the other side. A bent arm has
   * sign(angle2) = -bend.
   */
  bend?: 1 | -1;
  /**
   * Spine-style soft reach, in length units, >= 0 (default 0). Within `softness` of full reach the
   * arm straightens smoothly instead of snapping; values above 2 * min(length1, length2) act as that.
   */
  softness?: number;
}

/**
 * - `'reached'`: |length1 - length2| <= d <= length1 + length2 (d = |target - root|); the end is on
 *   the target up to rounding (with softness > 0 it may lag near full reach: see `distance`).
 * - `'out_of_reach'`: d > length1 + length2; fully stretched toward the target, angle2 = 0.
 * - `'too_close'`: d < |length1 - length2|; folded (|angle2| = pi) with the end on the
 *   root->target line, as near the target as it can be.
 * - `'invalid'`: a non-finite number, a length <= 0, a bend other than +1/-1 or a negative
 *   softness; `message` names the field.
 */
export type TwoBoneStatus = 'reached' | 'out_of_reach' | 'too_close' | 'invalid';

/** Result of {@link IK2D.solveTwoBone}. Every number is finite. */
export interface TwoBoneResult {
  status: TwoBoneStatus;
  /** root + length1 * (cos angle1, sin angle1). */
  joint: Point;
  /** joint + length2 * (cos(angle1 + angle2), sin(angle1 + angle2)). */
  end: Point;
  /** World angle of bone 1, radians in (-pi, pi]. */
  angle1: number;
  /** Angle of bone 2 relative to bone 1, radians in (-pi, pi]; 0 = straight. */
  angle2: number;
  /** |end - target| after solving. */
  distance: number;
  /** Present when status is 'invalid': what was wrong, naming the field. */
  message?: string;
}

/** The loaded module. */
export interface IK2D {
  /** Library version, "major.minor.patch". */
  readonly version: string;
  /** Solves a two-bone limb analytically (law of cosines). Throws TypeError on wrong argument types. */
  solveTwoBone(options: TwoBoneOptions): TwoBoneResult;
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
