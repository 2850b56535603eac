// Types of dist/ik2d-skeleton.js (package export `ik2d/skeleton`): the light core (solveTwoBone, Chain,
// stats()) and Skeleton: trees of bones pulled by many effectors. Bit for bit the same results as the full module
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
  SkeletonBoneSpec,
  SkeletonOptions,
  SkeletonEffector,
  SkeletonSolveOptions,
  SkeletonSolveResult,
  Skeleton,
} from './ik2d.js';

/** This module's API: the full module's version, solveTwoBone, Chain, stats() and Skeleton. */
export type IK2DSkeleton = Pick<IK2D, 'version' | 'solveTwoBone' | 'Chain' | 'stats' | 'Skeleton'>;

/**
 * Loads ik2d-skeleton.wasm (beside ik2d-skeleton.js in browsers; from disk in Node >= 18) and returns the API.
 */
export default function createIK2D(options?: ModuleOptions): Promise<IK2DSkeleton>;
