// Types of dist/ik2d-creature.js (package export `ik2d/creature`): the light core (solveTwoBone,
// Chain, stats()) and the creatures: Creature, CreatureCrowd, FollowChain, Rope, SecondOrder. Bit
// for bit the same results as the full module (dist/ik2d.js, `ik2d`); every type is the full
// module's (ik2d.d.ts).

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
  CreatureKind,
  CreatureOptions,
  CreatureSettings,
  CreatureLeg,
  CreatureFin,
  CreatureState,
  Creature,
  CreatureCrowdOptions,
  CreatureCrowd,
  FollowChainOptions,
  FollowChain,
  RopeOptions,
  Rope,
  SecondOrderOptions,
  SecondOrder,
} from './ik2d.js';

/** This module's API: the full module's version, solveTwoBone, Chain, stats() and the creatures' classes. */
export type IK2DCreature = Pick<IK2D, 'version' | 'solveTwoBone' | 'Chain' | 'stats' | 'Creature' | 'CreatureCrowd' | 'FollowChain' | 'Rope' | 'SecondOrder'>;

/**
 * Loads ik2d-creature.wasm (beside ik2d-creature.js in browsers; from disk in Node >= 18) and returns the API.
 */
export default function createIK2D(options?: ModuleOptions): Promise<IK2DCreature>;
