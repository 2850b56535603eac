// chain_mirror.cpp: a mirrored chain (setMirror). The chain stores its pose as shown, reflected
// across the vertical line through its root. A solve reflects the pose into the frame its limits
// were authored in, solves there, and reflects the result back: a mirrored solve is the mirror
// image of the unmirrored one (to rounding) whatever the method, the limits, the pole or the
// stepping, and the deterministic choices (the bend off a line, the first turn) mirror too.
#include <algorithm>

#include "chain_detail.hpp"
#include "ik2d/chain.hpp"

namespace ik2d {
namespace {
// M(p): x reflected about the line x = axis, given as 2 axis (exact), so every reflection of one
// pose rounds alike.
Vec2 reflectPoint(Vec2 point, double twiceAxis) { return {twiceAxis - point.x, point.y}; }

ChainSolveOptions reflectOptions(const ChainSolveOptions& options, double twiceAxis) {
  ChainSolveOptions authored = options;
  if (options.usePole) authored.pole = reflectPoint(options.pole, twiceAxis);
  if (options.useAngle) authored.angle = detail::reflectAngle(true, options.angle);  // a world angle
  return authored;
}
}  // namespace

void Chain::setMirror(bool on) {
  progress_.active = false;
  if (on == mirrored_) return;
  if (size() > 0) reflect(!on);
  mirrored_ = on;
}

// Reflects everything that describes the pose, the solve's bookkeeping included: positions (and
// FABRIK's backward ones) about the root's x; bone 0's world angle a to pi - a, every other local
// angle, each pending turn (cos, sin) -> (cos, -sin) and each DLS change to its negative; world
// angles w to pi - w (the same reflected direction, unwrapped as they are kept). Into the authored
// frame, a limited joint's angle is put back inside its limit: reflected twice it may have picked
// up a rounding error or the other name of a bound at +-pi (pi for -pi), and the solve measures
// its turns from where the angle stands within [min, max].
void Chain::reflect(bool toAuthored) {
  if (toAuthored && authoredKept_) {  // nothing edited the pose since it was reflected out
    std::copy(authored_.begin(), authored_.end(), storage_.begin());
    anglesStale_ = authoredStale_;
    turnsPending_ = authoredPending_;
    shownStale_ = authoredShownStale_;
    authoredKept_ = false;
    return;
  }
  if (!toAuthored) {
    // Angles still to be recovered from the positions are recovered here, in the authored frame,
    // and reflected with the rest: a bone too short for the positions to show its direction
    // would be recovered otherwise in each frame (atan2 of a zero vector, its zeros' signs
    // flipped by the reflection), and the two frames would disagree about its angle. (Pending
    // turns stay pending: folding them in here would round a stepped solve otherwise than solve().)
    syncAngles();
    std::copy(storage_.begin(), storage_.end(), authored_.begin());
    authoredStale_ = anglesStale_;
    authoredPending_ = turnsPending_;
    authoredShownStale_ = shownStale_;
    authoredKept_ = true;
  }
  const double twiceAxis = 2 * positions_[0];
  const auto bones = static_cast<size_t>(size());
  for (size_t i = 0; i <= bones; ++i) {
    positions_[2 * i] = twiceAxis - positions_[2 * i];
    scratch_[2 * i] = twiceAxis - scratch_[2 * i];
  }
  for (size_t i = 0; i < bones; ++i) {
    const bool onRoot = i == 0;
    angles_[i] = detail::reflectAngle(onRoot, angles_[i]);
    startAngles_[i] = detail::reflectAngle(onRoot, startAngles_[i]);
    keptAngles_[i] = detail::reflectAngle(onRoot, keptAngles_[i]);
    if (toAuthored && limits_.has(i)) {
      angles_[i] = limits_.clamp(i, angles_[i]);
      startAngles_[i] = limits_.clamp(i, startAngles_[i]);
      keptAngles_[i] = limits_.clamp(i, keptAngles_[i]);
    }
    shownAngles_[i] = detail::reflectAngle(onRoot, shownAngles_[i]);
    worldAngles_[i] = kPi - worldAngles_[i];
    pendingTurns_[2 * i + 1] = -pendingTurns_[2 * i + 1];
    boneVectors_[2 * i] = -boneVectors_[2 * i];
    turns_[i] = -turns_[i];
  }
}

// A point within kMaxMagnitude may reflect to one beyond it (the root far the other way): such a
// call is refused before anything is reflected, so it changes nothing.
const char* Chain::checkMirroredSolve(Vec2 target, const ChainSolveOptions& options) const {
  const double twiceAxis = 2 * positions_[0];
  if (!detail::isWithinMagnitude(reflectPoint(target, twiceAxis)) ||
      (options.usePole && !detail::isWithinMagnitude(reflectPoint(options.pole, twiceAxis))))
    return "target and pole, mirrored about the root, must stay within 1e300 in magnitude";
  return nullptr;
}

ChainSolveResult Chain::solve(Vec2 target, const ChainSolveOptions& options) {
  // A refused call changes nothing and names the caller's own field: no reflection.
  if (!mirrored_ || checkSolve(target, options)) return solveAuthored(target, options);
  if (const char* message = checkMirroredSolve(target, options)) {
    ChainSolveResult refused;
    refused.message = message;
    refused.error = detail::fastLength(end() - target);
    if (!isValid(refused.error)) refused.error = 0;
    return refused;
  }
  const double twiceAxis = 2 * positions_[0];
  reflect(true);
  const ChainSolveResult result =
      solveAuthored(reflectPoint(target, twiceAxis), reflectOptions(options, twiceAxis));
  reflect(false);
  return result;
}

ChainStep Chain::beginSolve(Vec2 target, const ChainSolveOptions& options) {
  if (!mirrored_ || checkSolve(target, options)) return begin(target, options, needsAngles(options));
  if (const char* message = checkMirroredSolve(target, options)) {
    progress_.active = false;
    ChainStep refused;
    refused.kind = ChainStepKind::Invalid;
    refused.done = true;
    refused.result.message = message;
    const double error = detail::fastLength(end() - target);
    refused.error = refused.result.error = isValid(error) ? error : 0;
    return refused;
  }
  const double twiceAxis = 2 * positions_[0];
  const ChainSolveOptions authored = reflectOptions(options, twiceAxis);
  reflect(true);
  const ChainStep step = begin(reflectPoint(target, twiceAxis), authored, needsAngles(authored));
  reflect(false);
  return step;
}

ChainStep Chain::step() {
  if (!mirrored_ || !progress_.active) return stepAuthored();
  const double twiceAxis = 2 * positions_[0];
  reflect(true);
  ChainStep step = stepAuthored();
  reflect(false);
  if (step.kind == ChainStepKind::CcdJoint) {
    step.pivot = reflectPoint(step.pivot, twiceAxis);
    step.endBefore = reflectPoint(step.endBefore, twiceAxis);
    step.wanted = -step.wanted;
    step.turn = -step.turn;
  }
  return step;
}

}  // namespace ik2d
