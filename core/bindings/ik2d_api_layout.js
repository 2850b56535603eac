// ik2d_api_layout.js: written by scripts/boundary.mjs from the C++ description of the boundary
// (core/bindings/describe.cpp); do not edit. `npm run build` rewrites it.

// Chain.solve's call frame (bind_core.cpp, IK2D_CHAIN_SOLVE_FRAME): a constant per slot.
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

const chainSolveOptionsNames = ["method","iterations","tolerance","maxStep","damping","mix"];
/** ChainSolveOptions into the frame when every one is absent or of its JS type (C++ checks the values); false, writing nothing, otherwise. */
function writeChainSolveOptionsFast(f, options, names) {
  const { method = "ccd", iterations = 10, tolerance = 0.001, maxStep = Infinity, damping = 0.05, mix = 1 } = options;
  if (typeof method !== 'string' || typeof iterations !== 'number' || typeof tolerance !== 'number' || typeof maxStep !== 'number' || typeof damping !== 'number' || typeof mix !== 'number') return false;
  f[chainSolveSlot_method] = names.chainMethods.indexOf(method);
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

/** ChainSolveResult, read from the frame after the call. */
function readChainSolveResult(f, names, text) {
  const result = { status: names.chainStatus[f[chainSolveSlot_status]], iterations: f[chainSolveSlot_resultIterations], error: f[chainSolveSlot_error], angleError: f[chainSolveSlot_angleError] };
  if (f[chainSolveSlot_message] !== 0) result.message = text(f[chainSolveSlot_message]);
  return result;
}
