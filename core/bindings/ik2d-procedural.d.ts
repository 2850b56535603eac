// Types of dist/ik2d-procedural.js (package export `ik2d/procedural`): the light core (solveTwoBone, Chain,
// stats()) and Spider: procedural animation: the spider that walks on seeded terrain. Bit for bit the same results as the full module
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
  SpiderOptions,
  SpiderLeg,
  SpiderState,
  Spider,
} from './ik2d.js';

/** This module's API: the full module's version, solveTwoBone, Chain, stats() and Spider. */
export type IK2DProcedural = Pick<IK2D, 'version' | 'solveTwoBone' | 'Chain' | 'stats' | 'Spider'>;

/**
 * Loads ik2d-procedural.wasm (beside ik2d-procedural.js in browsers; from disk in Node >= 18) and returns the API.
 */
export default function createIK2D(options?: ModuleOptions): Promise<IK2DProcedural>;
