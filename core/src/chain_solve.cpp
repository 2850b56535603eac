// chain_solve.cpp: the solve driver. solve() and the resumable beginSolve()/step() run the same
// state machine, one step at a time, so a stepped solve ends in exactly the pose of an unpaused one.
//
// A solve is a series of sweeps. A sweep is, by method:
//   CCD:     one joint update per joint, from the last joint back to the root (ccd.cpp);
//   FABRIK:  the backward half-pass, then the forward half-pass (fabrik.cpp);
//   DLS:     one damped-least-squares step of every joint at once (dls.cpp).
// The first sweep is special when the target is out of reach (every bone points at it: the FABRIK
// paper's answer) or when the chain lies on a line through the target (bent off the line, then one
// CCD sweep, then the method's own sweep). The solve stops when the end is within tolerance, after
// the sweeps allowed, or when a sweep moved nothing (more sweeps cannot help). The step that ends
// it also bends toward the pole and blends by mix (chain_finish.cpp), when asked to.
#include <algorithm>
#include <string_view>

#include "chain_detail.hpp"
#include "chain_rules.hpp"
#include "enum_name.hpp"
#include "ik2d/chain.hpp"

namespace ik2d {
namespace {

// The upper end of the list's range for the option `wanted` (its numbers are written out for the
// messages; these tie them to the constants).
constexpr double listedHigh(std::string_view wanted) {
  double found = -1;
#define IK2D_PICK_HIGH(name, member, kind, value, low, high, doc) \
  if (wanted == name) found = high;
  IK2D_CHAIN_SOLVE_OPTIONS(IK2D_PICK_HIGH)
#undef IK2D_PICK_HIGH
  return found;
}
static_assert(listedHigh("iterations") == Chain::kMaxIterations, "iterations ends at kMaxIterations");
static_assert(listedHigh("method") == static_cast<int>(ChainMethod::Count) - 1,
              "method ends at the last method");

}  // namespace

const char* checkSolveOptions(ChainMethod method, int iterations, double tolerance) {
  // The list's checks, in its order, on these three with every other option at its (valid) default.
  ChainSolveOptions options;
  options.method = method;
  options.iterations = iterations;
  options.tolerance = tolerance;
  IK2D_CHAIN_SOLVE_OPTIONS(IK2D_OPTION_CHECK)
  return nullptr;
}

const char* checkBatchSolveOptions(ChainMethod method, int iterations, double tolerance,
                                   ChainOnlyOption given) {
  if (const char* message = checkSolveOptions(method, iterations, tolerance)) return message;
  if (method == ChainMethod::Dls)
    return "method 'dls' is for Chain.solve only: ChainBatch solves with 'ccd' or 'fabrik'";
  switch (given) {
    case ChainOnlyOption::Damping: return "damping is for Chain.solve only: ChainBatch has no 'dls'";
    case ChainOnlyOption::Mix:
      return "mix is for Chain.solve only: ChainBatch keeps no starting pose to blend from";
    case ChainOnlyOption::Pole: return "pole is for Chain.solve only: ChainBatch does not mirror its chains";
    case ChainOnlyOption::Angle: return "angle is for Chain.solve only: ChainBatch has no end angle goal";
    case ChainOnlyOption::None:
    case ChainOnlyOption::Count: break;
  }
  return nullptr;
}

const char* toString(ChainOnlyOption option) {
  static constexpr const char* kNames[] = {"", "damping", "mix", "pole", "angle"};  // None: ""
  return detail::enumName(option, kNames, "");
}

const char* Chain::checkSolve(Vec2 target, const ChainSolveOptions& options) const {
  if (size() == 0) return "the chain has no bones";
  if (!isValid(target.x)) return "target.x must be a finite number";
  if (!isValid(target.y)) return "target.y must be a finite number";
  if (!detail::isWithinMagnitude(target)) return "target must stay within 1e300 in magnitude";
  IK2D_CHAIN_SOLVE_OPTIONS(IK2D_OPTION_CHECK)
  if (options.usePole) {
    if (!isValid(options.pole.x)) return "pole.x must be a finite number";
    if (!isValid(options.pole.y)) return "pole.y must be a finite number";
    if (!detail::isWithinMagnitude(options.pole)) return "pole must stay within 1e300 in magnitude";
  }
  if (options.useAngle) {
    if (!isValid(options.angle)) return "angle must be a finite number of radians";
    IK2D_CHAIN_ANGLE_OPTIONS(IK2D_OPTION_CHECK)
  }
  return nullptr;
}

// Unconstrained FABRIK and CCD need no angle until they are read: they skip bringing them up to
// date at the start (readyAngles() does it for the first sweep's special cases, before anything
// has moved), an angle goal alone included (the free paths aim on positions; a rescue settles the
// angles when it begins). The pole and mix need the starting angles, so they take the angle path. solve() and
// beginSolve() decide alike, so a stepped solve keeps exactly an unpaused one's angles.
bool Chain::needsAngles(const ChainSolveOptions& options) const {
  return options.method == ChainMethod::Dls || holdsJoints(options.maxStep) || options.usePole ||
         options.mix != 1;
}

void Chain::readyAngles() {
  if (anglesCurrent()) return;
  settleAngles();
  std::copy(angles_.begin(), angles_.end(), startAngles_.begin());
}

ChainStep Chain::begin(Vec2 target, const ChainSolveOptions& options, bool withAngles) {
  progress_.active = false;
  ChainStep step;
  // A refused call changes nothing, not even how the angles are kept (settling them would round
  // pending turns into them).
  if (const char* message = checkSolve(target, options)) {
    step.kind = ChainStepKind::Invalid;
    step.done = true;
    step.result.message = message;
    if (size() > 0) {
      const double error = length(end() - (isValid(target) ? target : position(0)));
      step.result.error = step.error = isValid(error) ? error : 0;
    }
    return step;
  }
  // A CCD solve never starts on angles FABRIK left behind: its stepped twin recovers them after
  // every step, and both must end on the same angles.
  if (withAngles) settleAngles();
  else if (options.method == ChainMethod::Ccd) syncAngles();

  maxStep_ = options.maxStep;
  aiming_ = aims(options);
  // Without angles now, readyAngles() copies them when (and if) they are first needed.
  if (anglesCurrent()) std::copy(angles_.begin(), angles_.end(), startAngles_.begin());

  // No call may hang: a CCD sweep costs about size^2 / 2 joint updates (each turn re-places the
  // bones after it), a FABRIK sweep about 2 size; a solve stops after options.maxWork of them
  // (by default a 1024-bone chain gets about 950 CCD sweeps, a 10-bone chain any number).
  const auto bones = static_cast<long long>(size());
  // A DLS step costs about 3 size (two passes over the joints and forward kinematics).
  // An aimed solve may end in damped least squares steps (rescue()), about 4 size each.
  const long long methodCost = options.method == ChainMethod::Ccd      ? bones * (bones + 1) / 2
                               : options.method == ChainMethod::Fabrik ? 2 * bones
                                                                       : 3 * bones;
  const long long sweepCost = aiming_ ? std::max(methodCost, 4 * bones) : methodCost;
  // (A product first: the division, a slow one in 64 bits, only when the sweeps asked for cost more.)
  const int affordableSweeps =
      options.iterations * sweepCost <= options.maxWork
          ? kMaxIterations
          : static_cast<int>(std::min<long long>(kMaxIterations, std::max(1LL, options.maxWork / sweepCost)));

  progress_ = Progress{};
  progress_.target = target;
  progress_.method = options.method;
  progress_.tolerance = options.tolerance;
  progress_.sweeps = std::min(options.iterations, affordableSweeps);
  progress_.outOfReach = detail::fastLength(target - position(0)) > reach_;
  progress_.damping = options.damping;
  progress_.mix = options.mix;
  progress_.usePole = options.usePole;
  progress_.pole = options.pole;
  if (options.useAngle) {  // (else Progress's 0, (1, 0) and none: nothing reads them; no trig per call)
    progress_.angle = wrapAngle(options.angle);
    progress_.aim = direction(progress_.angle);
    progress_.wristGoal =
        target - (options.angleWeight * lengths_[static_cast<size_t>(size() - 1)]) * progress_.aim;
  }
  progress_.angleWeight = options.angleWeight;
  progress_.angleTolerance = options.angleTolerance;
  progress_.reportsAngle = options.useAngle;
  // A free chain aimed at weight 1 by CCD or FABRIK whose wrist goal (the goal bone's start) lies beyond the
  // reach of the bones before the end bone cannot meet both goals: the methods' sweeps end stretched toward
  // it with the end bone along the goal, so the first sweep lays that pose and the solve ends there.
  const double wristReach = reach_ - lengths_[static_cast<size_t>(size() - 1)];
  progress_.wristOutOfReach = aiming_ && options.method != ChainMethod::Dls && !holdsJoints() &&
                              options.angleWeight == 1 && !progress_.outOfReach &&
                              detail::fastLength(progress_.wristGoal - position(0)) > wristReach;
  progress_.rescues = aiming_ && !progress_.outOfReach && !progress_.wristOutOfReach;
  progress_.checkpoint = HUGE_VAL;
  progress_.random = rules::kRestartSeed;
  if (turnsWritten_) {  // (only after a DLS step: most solves need not touch them)
    std::fill(turns_.begin(), turns_.end(), 0.0);
    turnsWritten_ = false;
  }

  step.kind = ChainStepKind::Begin;
  step.error = detail::fastLength(end() - target);
  if (!aimMet(step.error) && progress_.sweeps > 0) {
    progress_.active = true;
  } else {
    step.done = true;
    step.result.iterations = 0;
    finishSolve(step);
  }
  return step;
}

// The end of a solve, in the step that ends it: the pole and mix (chain_finish.cpp) when asked
// for, then the result, which describes the pose the chain is left in.
void Chain::finishSolve(ChainStep& step) {
  Progress& p = progress_;
  if (p.usePole || p.mix != 1) {
    settleAngles();
    bool moved = p.usePole && !aiming_ && mirrorTowardPole();
    if (p.mix != 1) {
      blendFromStart();
      moved = true;
    }
    if (moved) step.error = detail::fastLength(end() - p.target);
  }
  step.result.error = step.error;
  step.result.angleError = aiming_ ? angleErrorNow() : p.reportsAngle ? endAngleErrorFromPositions() : 0;
  step.result.status = rules::finishedStatus(aimMet(step.error), p.outOfReach);
}

// |the end bone's world angle - the goal|, radians: from the world angles when a limit or a step
// limit keeps them current, else from the positions (the free paths turn positions only, and a
// stepped solve, whose angles are recovered after every step, must measure alike).
double Chain::angleErrorNow() const {
  if (!holdsJoints()) return endAngleErrorFromPositions();
  return std::fabs(wrapAngle(worldAngles_[static_cast<size_t>(size() - 1)] - progress_.angle));
}

// The end within tolerance and, with an angle goal, the end bone's angle within its tolerance.
bool Chain::aimMet(double error) const {
  return error <= progress_.tolerance && (!aiming_ || angleErrorNow() <= progress_.angleTolerance);
}

// Ends a sweep: measures the error, and finishes the solve when the end is within tolerance, the
// sweeps are spent, or more sweeps cannot help (stretched straight at a target out of reach is
// the exact answer when nothing constrains the joints; a sweep that moved nothing will not either).
void Chain::finishSweep(ChainStep& step) {
  Progress& p = progress_;
  step.sweepEnd = true;
  step.error = detail::fastLength(end() - p.target);
  p.phase = Phase::StartSweep;
  const bool stalled =
      (p.outOfReach && !anyConstraint()) || p.wristOutOfReach || (p.change < rules::kStalled && !p.refused);
  const bool met = aimMet(step.error);
  if (!met && p.iteration < p.sweeps && (p.rescues ? rescue(step.error, stalled) : !stalled)) return;
  p.active = false;
  step.done = true;
  step.result.iterations = p.iteration;
  if (!met && p.tries > 1 && keepBetterTry(step.error)) step.error = detail::fastLength(end() - p.target);
  finishSolve(step);
}

// The phase of the method's own sweeps.
Chain::Phase Chain::methodPhase() const {
  if (progress_.polishing) return Phase::Polish;
  switch (progress_.method) {
    case ChainMethod::Ccd: return Phase::Ccd;
    case ChainMethod::Fabrik: return Phase::FabrikBackward;
    case ChainMethod::Dls: return Phase::Dls;
    case ChainMethod::Count: break;
  }
  return Phase::Ccd;
}

ChainStep Chain::stepAuthored() {
  ChainStep step;
  Progress& p = progress_;
  if (!p.active) {
    step.kind = ChainStepKind::Invalid;
    step.done = true;
    step.result.message = "no solve in progress: call beginSolve first";
    return step;
  }
  if (p.phase == Phase::StartSweep) {
    ++p.iteration;
    p.change = 0;
    if (p.iteration == 1 && (p.outOfReach || p.wristOutOfReach)) {
      readyAngles();  // (a free solve began without them)
      step.iteration = p.iteration;
      step.kind = ChainStepKind::Stretch;
      p.change = stretchToward(p.target);
      finishSweep(step);
      return step;
    }
    // A step of the solve's own before the method's sweeps: its kind, the change it made and the
    // phase that follows it.
    const auto ownStep = [&](ChainStepKind kind, double change, Phase next) {
      step.iteration = p.iteration;
      step.kind = kind;
      p.change = change;
      p.phase = next;
      if (p.detailed) step.error = detail::fastLength(end() - p.target);
      return step;
    };
    if (p.restartPending) {
      p.restartPending = false;
      return ownStep(ChainStepKind::Restart, restartAngles(), Phase::Polish);
    }
    p.nextJoint = size() - 1;
    if (p.iteration == 1 && isCollinearWith(p.target)) {
      // Singular start: bend off the line, then let one CCD sweep turn the chain around (FABRIK
      // alone crawls out of a chain folded back on itself).
      readyAngles();
      return ownStep(ChainStepKind::Unbend, nudgeOffLine(), Phase::UnbendCcd);
    }
    p.phase = methodPhase();
  }

  step.iteration = p.iteration;
  switch (p.phase) {
    case Phase::UnbendCcd:
      p.change = std::max(p.change, turnJointToward(p.nextJoint, p.target, step));
      if (--p.nextJoint < 0) {
        settleTurnedBones();
        p.phase = methodPhase();
        p.nextJoint = size() - 1;
      }
      if (p.detailed) step.error = detail::fastLength(end() - p.target);
      break;
    case Phase::Ccd:
      p.change = std::max(p.change, turnJointToward(p.nextJoint, p.target, step));
      if (--p.nextJoint < 0) {
        settleTurnedBones();
        finishSweep(step);
      } else if (p.detailed) step.error = detail::fastLength(end() - p.target);
      break;
    case Phase::FabrikBackward:
      step.kind = ChainStepKind::FabrikBackward;
      backwardPass(p.target);
      p.phase = Phase::FabrikForward;
      if (p.detailed) step.error = detail::fastLength(end() - p.target);
      break;
    case Phase::FabrikForward:
      step.kind = ChainStepKind::FabrikForward;
      p.change = std::max(p.change, forwardPass());
      finishSweep(step);
      break;
    case Phase::Dls:
      step.kind = ChainStepKind::DlsStep;
      step.turn = p.change = aiming_ ? dlsAimStep(p.target, p.damping) : dlsStep(p.target);
      finishSweep(step);
      break;
    case Phase::Polish:
      step.kind = ChainStepKind::DlsStep;
      step.turn = p.change = polishStep(p.target);
      finishSweep(step);
      break;
    case Phase::StartSweep: break;  // handled above
  }
  // A stepped solve shows current angles after every step (recovering them touches no position,
  // so the steps stay exactly solve()'s).
  if (p.detailed && p.active) syncAngles();
  return step;
}

ChainSolveResult Chain::solveAuthored(Vec2 target, const ChainSolveOptions& options) {
  ChainStep step = begin(target, options, needsAngles(options));
  Progress& p = progress_;
  p.detailed = false;  // only the result is wanted: skip measuring between sweeps
  while (!step.done) {
    // The first sweep's special cases (stretch, unbend) and any half-finished sweep go through
    // step(); every other sweep runs here whole, with step()'s arithmetic in step()'s order,
    // minus a ChainStep per joint update.
    const bool special =
        (p.iteration == 0 && (p.outOfReach || p.wristOutOfReach || isCollinearWith(p.target))) ||
        p.restartPending;
    if (p.phase != Phase::StartSweep || special) {
      step = stepAuthored();
      continue;
    }
    ++p.iteration;
    p.change = 0;
    if (p.polishing) {
      p.change = polishStep(p.target);
    } else if (p.method == ChainMethod::Fabrik) {
      backwardPass(p.target);
      p.change = forwardPass();
    } else if (p.method == ChainMethod::Dls) {
      p.change = aiming_ ? dlsAimStep(p.target, p.damping) : dlsStep(p.target);
    } else if (!aiming_ && !holdsJoints()) {
      p.change = freeCcdSweep(p.target);  // (the common call: turnJointToward's free path, whole)
      settleTurnedBones();
    } else {
      for (int joint = size() - 1; joint >= 0; --joint)
        p.change = std::max(p.change, turnJointToward(joint, p.target, step));
      settleTurnedBones();
    }
    finishSweep(step);
  }
  return step.result;
}

}  // namespace ik2d
