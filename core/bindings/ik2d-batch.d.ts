// Types of dist/ik2d-batch.js (package export `ik2d/batch`): the light core (solveTwoBone, Chain,
// stats()) and TwoBoneBatch and ChainBatch: many two-bone limbs or chains as arrays, solved in one call. Bit for bit the same results as the full module
// (dist/ik2d.js, `ik2d`); every type is the full module's (ik2d.d.ts).

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
  BatchSolveOutcome,
  TwoBoneBatch,
  ChainBatchOptions,
  ChainBatchSolveOptions,
  ChainBatch,
} from './ik2d.js';

/** This module's API: the full module's version, solveTwoBone, Chain, stats() and TwoBoneBatch and ChainBatch. */
export type IK2DBatch = Pick<IK2D, 'version' | 'solveTwoBone' | 'Chain' | 'stats' | 'TwoBoneBatch' | 'ChainBatch'>;

/**
 * Loads ik2d-batch.wasm (beside ik2d-batch.js in browsers; from disk in Node >= 18) and returns the API.
 */
export default function createIK2D(options?: ModuleOptions): Promise<IK2DBatch>;
