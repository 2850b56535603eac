// Types of dist/ik2d-core.js, the light module (package export `ik2d/core`): solveTwoBone, Chain
// and stats(), bit for bit the same results as the full module (dist/ik2d.js, `ik2d`). Every type
// is the full module's (ik2d.d.ts); this file names the part of the API this module has.

import type { IK2D, ModuleOptions } from './ik2d.js';

export type {
  Point,
  TwoBoneOptions,
  TwoBonePose,
  TwoBoneStatus,
  TwoBoneResult,
  ChainOptions,
  ChainSolveOptions,
  ChainStatus,
  ChainSolveResult,
  ChainStepKind,
  ChainStep,
  Chain,
  IK2DStats,
  ModuleOptions,
} from './ik2d.js';

/** The light module's API: the full module's version, solveTwoBone, Chain and stats(). */
export type IK2DCore = Pick<IK2D, 'version' | 'solveTwoBone' | 'Chain' | 'stats'>;

/**
 * Loads ik2d-core.wasm (beside ik2d-core.js in browsers; from disk in Node >= 18) and returns the API.
 * @example
 *   import createIK2D from './ik2d-core.js';
 *   const ik = await createIK2D();
 *   const r = ik.solveTwoBone({ root: { x: 0, y: 0 }, target: { x: 100, y: 60 }, length1: 120, length2: 80 });
 */
export default function createIK2D(options?: ModuleOptions): Promise<IK2DCore>;
