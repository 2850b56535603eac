// ik2d_api_layout.js: written by scripts/boundary.mjs from the C++ description of the boundary
// (core/bindings/describe.cpp); do not edit. `npm run build` rewrites it.

// The call frame of IK2D_TWO_BONE_FRAME (frames.hpp): a constant per slot.
const twoBoneSlot_rootX = 0;
const twoBoneSlot_rootY = 1;
const twoBoneSlot_targetX = 2;
const twoBoneSlot_targetY = 3;
const twoBoneSlot_length1 = 4;
const twoBoneSlot_length2 = 5;
const twoBoneSlot_bend = 6;
const twoBoneSlot_softness = 7;
const twoBoneSlot_offsetX = 8;
const twoBoneSlot_offsetY = 9;
const twoBoneSlot_stretch = 10;
const twoBoneSlot_mix = 11;
const twoBoneSlot_poseAngle1 = 12;
const twoBoneSlot_poseAngle2 = 13;
const twoBoneSlot_jointX = 14;
const twoBoneSlot_jointY = 15;
const twoBoneSlot_endX = 16;
const twoBoneSlot_endY = 17;
const twoBoneSlot_angle1 = 18;
const twoBoneSlot_angle2 = 19;
const twoBoneSlot_distance = 20;
const twoBoneSlot_scale = 21;
const twoBoneSlot_status = 22;
const twoBoneSlot_message = 23;

// The call frame of IK2D_CHAIN_SOLVE_FRAME (frames.hpp): a constant per slot.
const chainSolveSlot_targetX = 0;
const chainSolveSlot_targetY = 1;
const chainSolveSlot_method = 2;
const chainSolveSlot_iterations = 3;
const chainSolveSlot_tolerance = 4;
const chainSolveSlot_maxStep = 5;
const chainSolveSlot_damping = 6;
const chainSolveSlot_mix = 7;
const chainSolveSlot_usePole = 8;
const chainSolveSlot_poleX = 9;
const chainSolveSlot_poleY = 10;
const chainSolveSlot_useAngle = 11;
const chainSolveSlot_angle = 12;
const chainSolveSlot_angleWeight = 13;
const chainSolveSlot_angleTolerance = 14;
const chainSolveSlot_status = 15;
const chainSolveSlot_resultIterations = 16;
const chainSolveSlot_error = 17;
const chainSolveSlot_angleError = 18;
const chainSolveSlot_message = 19;

// The call frame of IK2D_STEP_FRAME (frames.hpp): a constant per slot.
const stepSlot_kind = 0;
const stepSlot_iteration = 1;
const stepSlot_joint = 2;
const stepSlot_pivotX = 3;
const stepSlot_pivotY = 4;
const stepSlot_endBeforeX = 5;
const stepSlot_endBeforeY = 6;
const stepSlot_wanted = 7;
const stepSlot_turn = 8;
const stepSlot_error = 9;
const stepSlot_sweepEnd = 10;
const stepSlot_done = 11;
const stepSlot_resultStatus = 12;
const stepSlot_resultIterations = 13;
const stepSlot_resultError = 14;
const stepSlot_resultAngleError = 15;
const stepSlot_message = 16;
const stepSlot_resultMessage = 17;

// solveTwoBone's defaults (ik2d::TwoBoneInput's), by slot.
const twoBoneDefault_bend = 1;
const twoBoneDefault_softness = 0;
const twoBoneDefault_offsetX = 0;
const twoBoneDefault_offsetY = 0;
const twoBoneDefault_stretch = 0;
const twoBoneDefault_mix = 1;
const twoBoneDefault_poseAngle1 = 0;
const twoBoneDefault_poseAngle2 = 0;
/** Every defaulted argument of solveTwoBone at its default, in the frame. */
function writeTwoBoneDefaults(f) {
  f[twoBoneSlot_bend] = twoBoneDefault_bend;
  f[twoBoneSlot_softness] = twoBoneDefault_softness;
  f[twoBoneSlot_offsetX] = twoBoneDefault_offsetX;
  f[twoBoneSlot_offsetY] = twoBoneDefault_offsetY;
  f[twoBoneSlot_stretch] = twoBoneDefault_stretch;
  f[twoBoneSlot_mix] = twoBoneDefault_mix;
  f[twoBoneSlot_poseAngle1] = twoBoneDefault_poseAngle1;
  f[twoBoneSlot_poseAngle2] = twoBoneDefault_poseAngle2;
}

const chainSolveOptionsNames = ["method","iterations","tolerance","maxStep","damping","mix"];
/** ChainSolveOptions into the frame when every one is absent or of its JS type (C++ checks the values); false, writing nothing, otherwise. */
function writeChainSolveOptionsFast(f, options) {
  const { method = "ccd", iterations = 10, tolerance = 0.001, maxStep = Infinity, damping = 0.05, mix = 1 } = options;
  if (typeof method !== 'string' || typeof iterations !== 'number' || typeof tolerance !== 'number' || typeof maxStep !== 'number' || typeof damping !== 'number' || typeof mix !== 'number') return false;
  f[chainSolveSlot_method] = method === "ccd" ? 0 : method === "fabrik" ? 1 : method === "dls" ? 2 : -1;
  f[chainSolveSlot_iterations] = iterations;
  f[chainSolveSlot_tolerance] = tolerance;
  f[chainSolveSlot_maxStep] = maxStep;
  f[chainSolveSlot_damping] = damping;
  f[chainSolveSlot_mix] = mix;
  return true;
}
/** ChainSolveOptions into the frame, the caller's value or the default; a TypeError names a value of the wrong JS type. */
function writeChainSolveOptionsChecked(f, options, fn, names) {
  let value;
  value = options.method;
  f[chainSolveSlot_method] = value === undefined ? names.chainMethods.indexOf("ccd") : requireName(value, 'method', fn, names.chainMethods);
  value = options.iterations;
  f[chainSolveSlot_iterations] = value === undefined ? 10 : requireNumber(value, 'iterations', fn);
  value = options.tolerance;
  f[chainSolveSlot_tolerance] = value === undefined ? 0.001 : requireNumber(value, 'tolerance', fn);
  value = options.maxStep;
  f[chainSolveSlot_maxStep] = value === undefined ? Infinity : requireNumber(value, 'maxStep', fn);
  value = options.damping;
  f[chainSolveSlot_damping] = value === undefined ? 0.05 : requireNumber(value, 'damping', fn);
  value = options.mix;
  f[chainSolveSlot_mix] = value === undefined ? 1 : requireNumber(value, 'mix', fn);
}

const chainAngleOptionsNames = ["angleWeight","angleTolerance"];
/** ChainAngleOptions into the frame, the caller's value or the default; a TypeError names a value of the wrong JS type. */
function writeChainAngleOptionsChecked(f, options, fn, names) {
  let value;
  value = options.angleWeight;
  f[chainSolveSlot_angleWeight] = value === undefined ? 1 : requireNumber(value, 'angleWeight', fn);
  value = options.angleTolerance;
  f[chainSolveSlot_angleTolerance] = value === undefined ? 0.001 : requireNumber(value, 'angleTolerance', fn);
}

/** TwoBoneResult, read from the frame after the call. */
function readTwoBoneResult(f, names, text) {
  const out = { joint: { x: f[twoBoneSlot_jointX], y: f[twoBoneSlot_jointY] }, end: { x: f[twoBoneSlot_endX], y: f[twoBoneSlot_endY] }, angle1: f[twoBoneSlot_angle1], angle2: f[twoBoneSlot_angle2], distance: f[twoBoneSlot_distance], scale: f[twoBoneSlot_scale], status: names.twoBoneStatus[f[twoBoneSlot_status]] };
  if (f[twoBoneSlot_message] !== 0) out.message = text(f[twoBoneSlot_message]);
  return out;
}

/** ChainSolveResult, read from the frame after the call. */
function readChainSolveResult(f, names, text) {
  const out = { status: names.chainStatus[f[chainSolveSlot_status]], iterations: f[chainSolveSlot_resultIterations], error: f[chainSolveSlot_error], angleError: f[chainSolveSlot_angleError] };
  if (f[chainSolveSlot_message] !== 0) out.message = text(f[chainSolveSlot_message]);
  return out;
}

/** ChainStep, read from the frame after the call. */
function readChainStep(f, names, text) {
  const out = { kind: names.stepKind[f[stepSlot_kind]], iteration: f[stepSlot_iteration], joint: f[stepSlot_joint], pivot: { x: f[stepSlot_pivotX], y: f[stepSlot_pivotY] }, endBefore: { x: f[stepSlot_endBeforeX], y: f[stepSlot_endBeforeY] }, wanted: f[stepSlot_wanted], turn: f[stepSlot_turn], error: f[stepSlot_error], sweepEnd: f[stepSlot_sweepEnd] === 1, done: f[stepSlot_done] === 1 };
  if (out.done) {
    out.result = { status: names.chainStatus[f[stepSlot_resultStatus]], iterations: f[stepSlot_resultIterations], error: f[stepSlot_resultError], angleError: f[stepSlot_resultAngleError] };
    if (f[stepSlot_resultMessage] !== 0) out.result.message = text(f[stepSlot_resultMessage]);
  }
  if (f[stepSlot_message] !== 0) out.message = text(f[stepSlot_message]);
  return out;
}
