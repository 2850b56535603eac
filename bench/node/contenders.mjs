// contenders.mjs: the third-party IK libraries as contenders of bench/node/run.mjs (the ik2d and
// JS reference contenders are in run.mjs), each given the same sweep cap and tolerance as ik2d.
//
// An adapter is { name, chains, frames, prepare(), reset(), frame(f), ends(xs, ys), dispose() } over
// a chain problem `p` from run.mjs (its targets, bone lengths, reach, iterations, tolerance and
// `settleIterations`); reset() puts every chain straight along +x and settles it on frame 0's target
// (untimed).
//
// - @aminere/fullik (FABRIK): one Chain2D per chain, `chain.solveForTarget(v)`; maxIteration =
//   iterations, solveDistanceThreshold = tolerance, minIterationChange = 1e-12 * reach (its stall
//   test; the default 0.01 would stop it early). Structure2D.update() is not used: it needs a global
//   THREE. Its own per-call work (cloning the bones of every improving iteration, keeping the better
//   of old and new pose) is part of what it costs.
// - three.js CCDIKSolver (CCD): one SkinnedMesh + Skeleton per chain (11 bones along x, the links
//   turn about z, plus a target bone), no limits, minAngle/maxAngle unset. CCDIKSolver has no
//   tolerance: `ik.iteration` sweeps always run (it stops only when no link turns by more than
//   1e-5 rad). Two rows: "iteration = N" (the library as is) and "+ tolerance stop" (one sweep per
//   updateOne() call, stopping when |end - target| <= tolerance, read from the effector's
//   matrixWorld, which the solver keeps current).
// - closed-chain-ik (damped least squares): Link/Joint(DOF.EZ) x 10, a Goal on X, Y, Z closing onto
//   the end link; maxIterations = iterations, translationConvergeThreshold = tolerance,
//   restPoseFactor = 0 (ik2d has no rest pose), stallThreshold = 1e-10 (ik2d stops on stalls of
//   1e-13 rad), translationErrorClamp = 0.1 * reach (its default 0.1 is sized for ~1 m robots; with a
//   10-unit chain it needs thousands of iterations for a jump: 0.1 * reach reaches 59/60 random
//   targets within 20 iterations). It keeps state in Float32Array (errors near 1e-6 are its floor)
//   and it is slow, so it runs on fewer chains and frames (its row says how many).

/** Imports the libraries; one that fails to load leaves its error message in `<name>Error`. */
export async function loadLibraries() {
  const libs = {};
  try { libs.FIK = await import('@aminere/fullik'); } catch (error) { libs.FIKError = error.message; }
  try {
    libs.THREE = await import('three');
    libs.CCDIKSolver = (await import('three/examples/jsm/animation/CCDIKSolver.js')).CCDIKSolver;
  } catch (error) { libs.THREEError = error.message; }
  try { libs.CCI = await import('closed-chain-ik/src/core/index.js'); } catch (error) { libs.CCIError = error.message; }
  return libs;
}

// ---- @aminere/fullik ------------------------------------------------------------------------------

export function fullikChains(FIK, p, chainCount) {
  const { tx, ty, count, n, lengths, reach, iterations, tolerance, settleIterations } = p;
  let chains = [];
  const v = new FIK.V2(0, 0);
  return {
    name: '@aminere/fullik (FABRIK)', chains: chainCount, frames: p.frames,
    prepare() {},
    reset() {
      chains = [];
      for (let c = 0; c < chainCount; c++) {
        const chain = new FIK.Chain2D();
        chain.addBone(new FIK.Bone2D(new FIK.V2(0, 0), null, new FIK.V2(1, 0), lengths[0]));
        for (let i = 1; i < n; i++) chain.addConsecutiveBone(new FIK.V2(1, 0), lengths[i]);
        chain.setSolveDistanceThreshold(tolerance);
        chain.setMinIterationChange(1e-12 * reach);
        chain.setMaxIterationAttempts(settleIterations);
        chain.solveForTarget(new FIK.V2(tx[c], ty[c]));
        chain.setMaxIterationAttempts(iterations);
        chains.push(chain);
      }
    },
    frame(f) {
      const base = f * count;
      for (let c = 0; c < chainCount; c++) {
        v.x = tx[base + c];
        v.y = ty[base + c];
        chains[c].solveForTarget(v);
      }
    },
    ends(xs, ys) {
      for (let c = 0; c < chainCount; c++) {
        const end = chains[c].bones[n - 1].end;
        xs[c] = end.x;
        ys[c] = end.y;
      }
    },
    dispose() {
      chains = [];
    },
  };
}

// ---- three.js CCDIKSolver -------------------------------------------------------------------------

/** three.js rigs: SkinnedMesh with bones 0..n (bone n is the effector) and bone n+1 the target. */
function threeRig(THREE, CCDIKSolver, lengths) {
  const n = lengths.length;
  const bones = [];
  let parent = null;
  for (let i = 0; i <= n; i++) {
    const bone = new THREE.Bone();
    if (i > 0) bone.position.set(lengths[i - 1], 0, 0);
    if (parent) parent.add(bone);
    bones.push(bone);
    parent = bone;
  }
  const target = new THREE.Bone();
  const mesh = new THREE.SkinnedMesh(new THREE.BufferGeometry(), new THREE.MeshBasicMaterial());
  mesh.add(bones[0]);
  mesh.add(target);
  mesh.bind(new THREE.Skeleton([...bones, target]));
  const links = [];
  for (let i = n - 1; i >= 0; i--) links.push({ index: i });
  const ik = { target: n + 1, effector: n, links, iteration: 1 };
  const solver = new CCDIKSolver(mesh, [ik]);
  mesh.updateMatrixWorld(true);
  return { bones, target, mesh, ik, solver, effector: bones[n].matrixWorld.elements };
}

/** Sweeps one rig toward (x, y): `iterations` CCDIKSolver sweeps, or fewer with a tolerance stop. */
function threeSolve(rig, x, y, iterations, tolerance) {
  rig.target.position.set(x, y, 0);
  rig.target.updateMatrixWorld();
  if (tolerance < 0) {
    rig.ik.iteration = iterations;
    rig.solver.update();
    return;
  }
  rig.ik.iteration = 1;
  const e = rig.effector, tol2 = tolerance * tolerance;
  for (let k = 0; k < iterations; k++) {
    const dx = e[12] - x, dy = e[13] - y;
    if (dx * dx + dy * dy <= tol2) return;
    rig.solver.updateOne(rig.ik);
  }
}

export function threeChains(THREE, CCDIKSolver, p, chainCount, withTolerance) {
  const { tx, ty, count, lengths, iterations, tolerance, settleIterations } = p;
  let rigs = [];
  const tol = withTolerance ? tolerance : -1;
  return {
    name: withTolerance ? 'three CCDIKSolver + tolerance stop' : `three CCDIKSolver (iteration = ${iterations})`,
    chains: chainCount, frames: p.frames,
    prepare() {
      for (let c = 0; c < chainCount; c++) rigs.push(threeRig(THREE, CCDIKSolver, lengths));
    },
    reset() {
      for (let c = 0; c < chainCount; c++) {
        const rig = rigs[c];
        for (const bone of rig.bones) bone.quaternion.identity();
        rig.mesh.updateMatrixWorld(true);
        threeSolve(rig, tx[c], ty[c], settleIterations, tolerance);
      }
    },
    frame(f) {
      const base = f * count;
      for (let c = 0; c < chainCount; c++) threeSolve(rigs[c], tx[base + c], ty[base + c], iterations, tol);
    },
    ends(xs, ys) {
      for (let c = 0; c < chainCount; c++) {
        xs[c] = rigs[c].effector[12];
        ys[c] = rigs[c].effector[13];
      }
    },
    dispose() {
      rigs = [];
    },
  };
}

// ---- closed-chain-ik -------------------------------------------------------------------------------

/** closed-chain-ik rigs: a Joint (EZ) and Link a bone, then an end link closed onto a Goal on X, Y, Z. */
function dlsRig(CCI, lengths, reach, iterations, tolerance) {
  const n = lengths.length;
  const { Solver, Joint, Link, Goal, DOF } = CCI;
  const root = new Link();
  let previous = root;
  for (let i = 0; i < n; i++) {
    const joint = new Joint();
    joint.setDoF(DOF.EZ);
    if (i > 0) joint.setPosition(lengths[i - 1], 0, 0);
    previous.addChild(joint);
    const link = new Link();
    joint.addChild(link);
    previous = link;
  }
  const endJoint = new Joint();
  endJoint.setPosition(lengths[n - 1], 0, 0);
  previous.addChild(endJoint);
  const endLink = new Link();
  endJoint.addChild(endLink);
  const goal = new Goal();
  goal.setGoalDoF(DOF.X, DOF.Y, DOF.Z);
  goal.setPosition(reach, 0, 0);
  goal.makeClosure(endLink);
  const solver = new Solver(root);
  solver.maxIterations = iterations;
  solver.translationConvergeThreshold = tolerance;
  solver.restPoseFactor = 0;
  solver.stallThreshold = 1e-10;
  solver.translationErrorClamp = 0.1 * reach;
  return { solver, goal, endLink };
}

export function dlsChains(CCI, p, chainCount, frames) {
  const { tx, ty, count, lengths, reach, iterations, tolerance, settleIterations } = p;
  let rigs = [];
  const end = new Float32Array(3);
  return {
    name: 'closed-chain-ik (DLS)', chains: chainCount, frames,
    prepare() {},
    reset() {
      rigs = [];
      for (let c = 0; c < chainCount; c++) {
        const rig = dlsRig(CCI, lengths, reach, settleIterations, tolerance);
        rig.goal.setPosition(tx[c], ty[c], 0);
        rig.solver.solve();
        rig.solver.maxIterations = iterations;
        rigs.push(rig);
      }
    },
    frame(f) {
      const base = f * count;
      for (let c = 0; c < chainCount; c++) {
        const rig = rigs[c];
        rig.goal.setPosition(tx[base + c], ty[base + c], 0);
        rig.solver.solve();
      }
    },
    ends(xs, ys) {
      for (let c = 0; c < chainCount; c++) {
        rigs[c].endLink.getWorldPosition(end);
        xs[c] = end[0];
        ys[c] = end[1];
      }
    },
    dispose() {
      rigs = [];
    },
  };
}
