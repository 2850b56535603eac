// usage.ts: compiled (never run) by `tsc -p tsconfig.json` in npm test, so ik2d.d.ts stays valid
// and describes the API the way a TypeScript user calls it. The @ts-expect-error lines must fail
// to type-check: they prove the types reject misuse.
import createIK2D, {
  type Chain,
  type ChainSolveResult,
  type ChainAngleGoal,
  type ChainAngleResult,
  type ChainStep,
  type Spider,
  type SpiderState,
  type IK2D,
  type TwoBonePose,
  type TwoBoneResult,
  type TwoBoneStatus,
} from '../../core/bindings/ik2d';

async function example(): Promise<number> {
  const ik: IK2D = await createIK2D();
  const version: string = ik.version;
  const result: TwoBoneResult = ik.solveTwoBone({
    root: { x: 0, y: 0 },
    target: { x: 100, y: 60 },
    length1: 120,
    length2: 80,
    bend: -1,
    softness: 5,
  });
  const status: TwoBoneStatus = result.status;
  const message: string | undefined = result.message;
  // @ts-expect-error bend is +1 or -1
  ik.solveTwoBone({ root: { x: 0, y: 0 }, target: { x: 1, y: 1 }, length1: 1, length2: 1, bend: 2 });
  // @ts-expect-error length2 is required
  ik.solveTwoBone({ root: { x: 0, y: 0 }, target: { x: 1, y: 1 }, length1: 1 });
  // The extras: a tool offset, stretch, and mix over an animated pose; every result has a scale.
  const pose: TwoBonePose = { angle1: 0.3, angle2: -0.2 };
  const rubber = ik.solveTwoBone({
    root: { x: 0, y: 0 },
    target: { x: 400, y: 0 },
    length1: 120,
    length2: 80,
    offset: { x: 30, y: 8 },
    stretch: true,
    mix: 0.5,
    pose,
  });
  const scale: number = rubber.scale + result.scale;
  // @ts-expect-error stretch is a boolean
  ik.solveTwoBone({ root: { x: 0, y: 0 }, target: { x: 1, y: 1 }, length1: 1, length2: 1, stretch: 1 });
  // @ts-expect-error a pose has both angles
  ik.solveTwoBone({ root: { x: 0, y: 0 }, target: { x: 1, y: 1 }, length1: 1, length2: 1, pose: { angle1: 1 } });
  // @ts-expect-error version is read-only
  ik.version = '2';
  await createIK2D({ wasmBinary: new Uint8Array(8) });
  const chain: Chain = new ik.Chain({ root: { x: 0, y: 0 }, lengths: [1, 2, 3], angles: new Float64Array(3) });
  chain.setLimit(1, -1, 1);
  const solved: ChainSolveResult = chain.solve({ x: 1, y: 1 }, { method: 'fabrik', iterations: 20, maxStep: 0.1 });
  const positions: Float64Array = chain.positions();
  // @ts-expect-error method is 'ccd', 'fabrik' or 'dls'
  chain.solve({ x: 1, y: 1 }, { method: 'jacobian' });
  const dls: ChainSolveResult = chain.solve({ x: 1, y: 1 }, { method: 'dls', damping: 0.05, mix: 0.5, pole: { x: 0, y: 3 } });
  const dlsStep: ChainStep = chain.beginSolve({ x: 1, y: 1 }, { method: 'dls' });
  if (dlsStep.kind === 'dls_step') dlsStep.turn.toFixed(2);
  const turns: Float64Array = chain.stepTurns();
  // @ts-expect-error pole is a point
  chain.solve({ x: 1, y: 1 }, { pole: 3 });
  const goal: ChainAngleGoal = { angle: 0.5, angleWeight: 0.8, angleTolerance: 1e-4 };
  const aimed: ChainSolveResult & ChainAngleResult = chain.solve({ x: 1, y: 1 }, { method: 'ccd', ...goal });
  aimed.angleError.toFixed(3);
  const aimedStep: ChainStep = chain.beginSolve({ x: 1, y: 1 }, { angle: 0.5 });
  if (aimedStep.kind === 'restart' && aimedStep.result) aimedStep.result.angleError.toFixed(3);
  // @ts-expect-error angle is a number of radians
  chain.solve({ x: 1, y: 1 }, { angle: { x: 1, y: 0 } });
  // @ts-expect-error ChainBatch has no 'dls'
  new ik.ChainBatch({ count: 1, bones: 2 }).solve({ method: 'dls' });
  // @ts-expect-error size is read-only
  chain.size = 3;
  chain.delete();
  const spider: Spider = new ik.Spider({ legs: 6, roughness: 0.3, seed: 9 });
  spider.setGoal(500);
  spider.step(1 / 60, 10);
  const state: SpiderState = spider.state();
  const planted: boolean = state.legs[0].planted;
  // @ts-expect-error options are read-only
  spider.options.legs = 4;
  spider.delete();
  return version.length + status.length + (message?.length ?? 0) + result.joint.x + result.angle1 + solved.error + positions[0] + (planted ? 1 : 0) + scale;
}

void example;

// Batches: arrays in WASM memory.
export async function batchUsage(): Promise<number> {
  const ik = await createIK2D();
  const limbs = new ik.TwoBoneBatch(4);
  limbs.targetX[0] = 1.5;
  limbs.offsetX[0] = 0.2;
  limbs.stretch[1] = 1;
  limbs.mix[2] = 0.5;
  limbs.poseAngle1[2] = 1;
  limbs.solve();
  const stretched: number = limbs.scale[1];
  const status: number = limbs.status[0];
  const joint: number = limbs.jointX[0] + limbs.angle2[0];
  limbs.delete();
  const chains = new ik.ChainBatch({ count: 2, bones: 10, length: 1 });
  chains.targetX[1] = 3;
  const outcome = chains.solve({ method: 'ccd', iterations: 10, tolerance: 1e-3 });
  if (outcome.status === 'invalid') throw new RangeError(outcome.message);
  const angles: Float64Array = chains.angles();
  const sweeps = chains.iterations[0];
  chains.delete();
  return status + joint + angles[0] + sweeps + ik.stats().liveBatches + stretched;
}

// Skeletons: trees of bones with several effectors.
export async function skeletonUsage(): Promise<number> {
  const ik = await createIK2D();
  const skeleton = new ik.Skeleton({
    root: { x: 0, y: 0 },
    bones: [{ parent: -1, length: 50, angle: 1.57 }, { parent: 0, length: 40 }, { parent: 0, length: 40, angle: -1 }],
  });
  skeleton.setLimit(1, -1, 1);
  const result = skeleton.solve([{ bone: 1, target: { x: 10, y: 80 } }, { bone: 2, target: { x: 30, y: 20 } }], {
    iterations: 20,
    tolerance: 1e-3,
  });
  const errors: number[] = result.errors;
  const status: 'reached' | 'out_of_reach' | 'max_iterations' | 'invalid' = result.status;
  // @ts-expect-error an effector needs a target
  skeleton.solve([{ bone: 1 }]);
  // @ts-expect-error 'fabrik' is the only method
  skeleton.solve([], { method: 'ccd' });
  const positions: Float64Array = skeleton.positions();
  skeleton.delete();
  return errors.length + status.length + positions[0] + skeleton.size + ik.stats().liveSkeletons;
}
