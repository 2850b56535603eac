// skeleton_solve.cpp: FABRIK with sub-bases for a tree of bones (Aristidou and Lasenby, 2011,
// "multiple end effectors"), generalised from one branch point to any tree.
//
// Only the bones between the root and an effector take part (the active bones); the others keep
// their local angles and follow. A sweep is:
//   backward, from the effectors in: each active bone's end goes to the centroid of the points
//     proposed for it (its target if it is an effector, and one point per active child bone: the
//     child's end, moved back one child length toward where the child's start was). A branch
//     point (a sub-base) thus sits at the centroid of what its branches ask for; a position with
//     one proposal takes it exactly, which is the one-chain FABRIK backward pass.
//   forward, from the root out: each active bone turns to point at its end's backward position
//     (within its limit) and keeps its length.
//   polish (two or more effectors, or any limit on the way): one damped least squares step on the
//     angles (skeleton_polish.cpp).
// Averaging at the sub-bases converges slowly when branches pull apart (measured: 61-92 % of
// reachable random multi-target sets met within 100 plain sweeps, 97-99.7 % with the step, in
// about 6-9 sweeps); limits stop FABRIK early too (one limited puppet leg: 441 of 600 reachable
// targets met with FABRIK alone, 499 with the step). A free chain with one effector has no sub-base
// and no limit and gets plain FABRIK, exactly as Chain does.
// With limits the sweeps also settle in local minima no step leaves (a knee clamped straight when
// the target needs it bent the other way), so a polished solve whose targets are all within reach
// restarts a stuck try: the branches still short get new angles within their limits
// (skeleton_polish.cpp) and the later tries run the damped least squares step alone, since the
// FABRIK passes clamp such a hinge straight again; the best try is kept. From the rest pose, 50
// sweeps, targets from random poses inside the limits: the limited puppet met 52 % without
// restarts, 99.4 % with them; random limited trees 68 % and 99.3 % (docs/skeleton.md).
// After the sweeps the local angles are rebuilt from the positions (clamped into their limits) and
// the positions from the angles, so every length and limit holds exactly as forward kinematics.
//
// Sections: checks, setup, the passes, the driver.
#include <algorithm>

#include "chain_detail.hpp"
#include "cold.hpp"
#include "ik2d/skeleton.hpp"

namespace ik2d {
namespace {

// A sweep that moved no position by more than this, relative to the total length, has settled:
// more sweeps cannot help (Chain uses the same bound).
constexpr double kSettledMove = 1e-13;
// How far each active joint is bent to get a branch off a straight line through its target (radians).
constexpr double kNudge = 0.05;
// Damping a solve's first damped least squares step starts with, relative to the solve's scale.
constexpr double kStartDamping = 0.1;
// A try that has not cut the summed squared error to kProgress of its value within kStallSweeps
// sweeps is stuck, and the next try starts. The first try (from the caller's pose) goes on while
// it gains 0.1 % every kStallSweeps sweeps: a compromise that converges slowly (targets dragged
// where the limits forbid) is not cut short for restarts that rarely beat it.
constexpr double kProgress = 0.5;
constexpr double kFirstProgress = 0.999;
constexpr int kStallSweeps = 3;
// A restarted try replaces the best pose so far only when its summed squared error is below
// kRestartGain of the best's (a clearly better basin), or when it meets every target. So a set of
// targets that cannot be met settles: the same pose wins frame after frame.
constexpr double kRestartGain = 0.5;

}  // namespace

using detail::directionOf;
using detail::fastLength;

// ---- checks -------------------------------------------------------------------------------------

IK2D_COLD const char* Skeleton::checkOptions(int count, const SkeletonSolveOptions& options) {
  if (size() == 0) return fail("the skeleton has no bones");
  if (options.method != SkeletonMethod::Fabrik) return fail("method must be 'fabrik'");
  if (options.iterations < 0 || options.iterations > kMaxIterations)
    return fail("iterations must be a whole number from 0 to %d", kMaxIterations);
  if (!isValid(options.tolerance) || options.tolerance < 0)
    return fail("tolerance must be a finite number, 0 or greater");
  if (count < 0) return fail("effectors must hold 0 or more effectors");
  if (count > size())
    return fail("effectors lists %d effectors but the skeleton has %d bones: at most one per bone", count,
                size());
  return nullptr;
}

// ---- setup --------------------------------------------------------------------------------------

// Marks the active bones (each effector and its ancestors), lists them parents first, and counts
// the active bones starting at each position (more than one: a sub-base).
void Skeleton::markActive(int count) {
  for (int k = 0; k < count; ++k) {
    for (int bone = effectors_[static_cast<size_t>(k)].bone;
         bone >= 0 && activeStamp_[static_cast<size_t>(bone)] != stamp_;
         bone = parents_[static_cast<size_t>(bone)])
      activeStamp_[static_cast<size_t>(bone)] = stamp_;
  }
  activeCount_ = 0;
  activeChildren_[0] = 0;
  for (int i = 0; i < size(); ++i) {
    const auto bone = static_cast<size_t>(i);
    if (activeStamp_[bone] != stamp_) continue;
    activeBones_[static_cast<size_t>(activeCount_++)] = i;
    activeChildren_[bone + 1] = 0;  // parents first: reset before any child counts itself here
    const auto start = static_cast<size_t>(parents_[bone] + 1);
    ++activeChildren_[start];
    onlyChild_[start] = i;
  }
}

// True when, for some effector within its reach, the root, every position on its branch and its
// target lie on one line (within rounding): the singular pose FABRIK cannot bend out of.
IK2D_COLD bool Skeleton::startsOnALine(int count) const {
  const Vec2 origin = root();
  for (int k = 0; k < count; ++k) {
    const SkeletonEffector& effector = effectors_[static_cast<size_t>(k)];
    if (fastLength(effector.target - origin) > pathReach(effector.bone)) continue;
    const Vec2 line = detail::unitOr(position(effector.bone + 1) - origin,
                                     detail::unitOr(effector.target - origin, {1, 0}));
    const double tolerance = 1e-9 * pathReach(effector.bone);
    bool onLine = std::fabs(cross(line, effector.target - origin)) <= tolerance;
    for (int bone = effector.bone; onLine && bone >= 0; bone = parent(bone))
      onLine = std::fabs(cross(line, position(bone + 1) - origin)) <= tolerance;
    if (onLine) return true;
  }
  return false;
}

// Bends every active bone that has an active parent a little (within its limit), the same way every
// time, so the passes have a side to work with.
IK2D_COLD void Skeleton::nudgeOffLine() {
  for (int a = 0; a < activeCount_; ++a) {
    const auto bone = static_cast<size_t>(activeBones_[static_cast<size_t>(a)]);
    if (parents_[bone] < 0) continue;
    auto bent = [&](double by) {
      const double angle = wrapAngle(angles_[bone] + by);
      return limits_.clamp(bone, angle);
    };
    const double up = bent(kNudge);
    angles_[bone] = up != angles_[bone] ? up : bent(-kNudge);
  }
  updatePositions();
}

// ---- the passes ---------------------------------------------------------------------------------

// Backward pass into backward_ (see the top of the file). Weighted: an effector's target counts by
// its weight, and a branch's proposal by its heaviest effector's, in each centroid. For bone i with end q
// (already final: its children come later in the list, so were handled first) and start s, the proposal for s
// is
//   q + l_i * unit(s - q),
// or, when i's end has one active child c with a limit, the point that keeps the angle between i
// and c inside c's limit (as Chain's backward pass does). No direction (s on q): i keeps its own.
void Skeleton::backwardPass() {
  backward_[0] = positions_[0];
  backward_[1] = positions_[1];
  for (int a = 0; a < activeCount_; ++a) {
    const int i = activeBones_[static_cast<size_t>(a)];
    const auto end = static_cast<size_t>(i + 1);
    const bool pulled = effectorStamp_[static_cast<size_t>(i)] == stamp_;
    const SkeletonEffector* effector =
        pulled ? &effectors_[static_cast<size_t>(effectorSlot_[static_cast<size_t>(i)])] : nullptr;
    const double weight = pulled ? effector->weight : 0.0;
    sums_[2 * end] = pulled ? weight * effector->target.x : 0.0;
    sums_[2 * end + 1] = pulled ? weight * effector->target.y : 0.0;
    proposals_[end] = weight;
    branchWeight_[end] = weight;
  }
  for (int a = activeCount_ - 1; a >= 0; --a) {
    const int i = activeBones_[static_cast<size_t>(a)];
    const auto bone = static_cast<size_t>(i);
    const int start = parents_[bone] + 1;
    const Vec2 end = (1.0 / proposals_[bone + 1]) * pointIn(sums_, i + 1);
    backward_[2 * (bone + 1)] = end.x;
    backward_[2 * (bone + 1) + 1] = end.y;
    if (start == 0) continue;  // the root stays where it is

    const double boneLength = lengths_[bone];
    const Vec2 toStart = position(start) - end;
    const int child = activeChildren_[bone + 1] == 1 ? onlyChild_[bone + 1] : -1;
    const bool limited = child >= 0 && limits_.has(static_cast<size_t>(child));
    const bool aimed =
        effectorStamp_[bone] == stamp_ && effectors_[static_cast<size_t>(effectorSlot_[bone])].useAngle;
    Vec2 proposal;
    Vec2 unit;
    if (aimed) {  // an angle goal lays the bone along it, as Chain's FABRIK does
      proposal = end - boneLength * direction(effectors_[static_cast<size_t>(effectorSlot_[bone])].angle);
    } else if (!limited && directionOf(toStart, unit)) {
      proposal = end + boneLength * unit;
    } else {
      const Vec2 backward =
          detail::unitOr(toStart, (-1.0 / boneLength) * (position(i + 1) - position(start)));
      double world = std::atan2(-backward.y, -backward.x);  // bone i's direction, start -> end
      const Vec2 childBone = pointIn(backward_, child + 1) - end;
      if (limited && length(childBone) > 0) {
        const auto c = static_cast<size_t>(child);
        const double childWorld = std::atan2(childBone.y, childBone.x);
        world = childWorld -
                detail::clampAngleToRange(wrapAngle(childWorld - world), limits_.min(c), limits_.max(c));
      }
      proposal = end - boneLength * direction(world);
    }
    // A branch's proposal counts as much as the heaviest effector on it (1 each when every weight is 1).
    const auto at = static_cast<size_t>(start);
    const double carried = branchWeight_[bone + 1];
    sums_[2 * at] += carried * proposal.x;
    sums_[2 * at + 1] += carried * proposal.y;
    proposals_[at] += carried;
    branchWeight_[at] = std::max(branchWeight_[at], carried);
  }
}

// Forward pass, on the positions: from the root out, each active bone points at its end's backward
// position from its (already placed) start, one length long. A limited bone turns only as far as
// its limit lets it, measured from its parent's new direction. before_ keeps the sweep's start.
void Skeleton::forwardPass() {
  std::copy(positions_.begin(), positions_.end(), before_.begin());
  for (int a = 0; a < activeCount_; ++a) {
    const int i = activeBones_[static_cast<size_t>(a)];
    const auto bone = static_cast<size_t>(i);
    const int parentBone = parents_[bone];
    const Vec2 from = position(parentBone + 1);
    const Vec2 along = pointIn(backward_, i + 1) - from;
    const Vec2 oldBone = pointIn(before_, i + 1) - pointIn(before_, parentBone + 1);
    Vec2 unit;
    const bool hasDirection = directionOf(along, unit);
    Vec2 placed;
    if (!limits_.has(bone)) {
      placed = hasDirection ? from + lengths_[bone] * unit : from + oldBone;  // no angle needed
    } else {
      const Vec2 parentAlong =
          parentBone < 0 ? Vec2{1, 0} : from - position(parents_[static_cast<size_t>(parentBone)] + 1);
      const double parentWorld = std::atan2(parentAlong.y, parentAlong.x);
      const double desired = hasDirection ? std::atan2(along.y, along.x) : std::atan2(oldBone.y, oldBone.x);
      const double local =
          detail::clampAngleToRange(wrapAngle(desired - parentWorld), limits_.min(bone), limits_.max(bone));
      placed = from + lengths_[bone] * direction(parentWorld + local);
    }
    setPosition(i + 1, placed);
  }
}

// The largest move of an active bone's end in this sweep, over the total length.
double Skeleton::largestMoveInSweep() const {
  double largest = 0;  // squared
  const double inverseTotal = 1.0 / totalLength_;
  for (int a = 0; a < activeCount_; ++a) {
    const int end = activeBones_[static_cast<size_t>(a)] + 1;
    const Vec2 move = inverseTotal * (position(end) - pointIn(before_, end));
    largest = std::max(largest, move.x * move.x + move.y * move.y);
  }
  return std::sqrt(largest);
}

// The local angles from the positions the passes left, parents first: world_i = atan2 of bone i,
// local_i = world_i - world_parent, wrapped and clamped into the limit (which it already is, to
// rounding). updatePositions() then makes the positions exact forward kinematics again.
void Skeleton::rebuildAngles() {
  for (int a = 0; a < activeCount_; ++a) {
    const auto bone = static_cast<size_t>(activeBones_[static_cast<size_t>(a)]);
    const int parentBone = parents_[bone];
    const Vec2 along = position(static_cast<int>(bone) + 1) - position(parentBone + 1);
    const double parentWorld = parentBone < 0 ? 0.0 : worldAngles_[static_cast<size_t>(parentBone)];
    double local = wrapAngle(std::atan2(along.y, along.x) - parentWorld);
    if (limits_.has(bone)) local = detail::clampAngleToRange(local, limits_.min(bone), limits_.max(bone));
    angles_[bone] = local;
    worldAngles_[bone] = parentWorld + local;
  }
}

// errors_[k] = |end of effector k's bone - its target| and angleErrors_[k] its angle's error;
// true when every one is within its tolerance.
bool Skeleton::measureErrors(int count, double tolerance) {
  bool all = true;
  for (int k = 0; k < count; ++k) {
    const auto at = static_cast<size_t>(k);
    const SkeletonEffector& effector = effectors_[at];
    const double error = fastLength(position(effector.bone + 1) - effector.target);
    errors_[at] = error;
    angleErrors_[at] = effector.useAngle ? angleErrorOf(effector) : 0.0;
    effectorMet_[at] = error <= tolerance && angleErrors_[at] <= angleTolerance_;
    all = all && effectorMet_[at];
  }
  return all;
}

// |the effector bone's world angle - its goal|, radians (the world angles are current).
double Skeleton::angleErrorOf(const SkeletonEffector& effector) const {
  return std::fabs(wrapAngle(worldAngles_[static_cast<size_t>(effector.bone)] - effector.angle));
}

// ---- the driver ---------------------------------------------------------------------------------

template <class ReadEffector>
SkeletonSolveResult Skeleton::solveWith(int count, const SkeletonSolveOptions& options, ReadEffector read) {
  SkeletonSolveResult result;
  if ((result.message = checkOptions(count, options)) != nullptr) return result;
  if (++stamp_ == 0) {  // wrapped: old marks could match again
    std::fill(activeStamp_.begin(), activeStamp_.end(), 0u);
    std::fill(effectorStamp_.begin(), effectorStamp_.end(), 0u);
    stamp_ = 1;
  }
  // Whether these are the last solve's effectors, bone for bone and target for target.
  const bool spent = restartsSpent_;
  restartsSpent_ = false;  // a refused call leaves effectors_ half rewritten
  bool sameEffectors = spent && count == givenCount_;
  if (!isValid(options.angleTolerance) || options.angleTolerance < 0) {
    result.message = fail("angleTolerance must be a finite number of radians, 0 or greater");
    return result;
  }
  for (int k = 0; k < count; ++k) {
    SkeletonEffector effector;
    if ((result.message = read(k, effector)) != nullptr) return result;
    if (effector.bone < 0 || effector.bone >= size()) {
      result.message =
          fail("effectors[%d].bone must be a bone of this skeleton, a whole number from 0 to %d; got %d", k,
               size() - 1, effector.bone);
      return result;
    }
    const auto bone = static_cast<size_t>(effector.bone);
    if (effectorStamp_[bone] == stamp_) {
      result.message = fail("effectors[%d] pulls bone %d, as effectors[%d] already does: one target per bone",
                            k, effector.bone, effectorSlot_[bone]);
      return result;
    }
    if (!isValid(effector.target.x) || !isValid(effector.target.y)) {
      result.message =
          fail("effectors[%d].target.%s must be a finite number", k, isValid(effector.target.x) ? "y" : "x");
      return result;
    }
    if (!detail::isWithinMagnitude(effector.target)) {
      result.message = fail("effectors[%d].target must stay within 1e300 in magnitude", k);
      return result;
    }
    if (!(effector.weight >= 0 && effector.weight <= 1)) {
      result.message = fail("effectors[%d].weight must be a number from 0 to 1", k);
      return result;
    }
    if (effector.useAngle && !isValid(effector.angle)) {
      result.message = fail("effectors[%d].angle must be a finite number of radians", k);
      return result;
    }
    if (effector.useAngle) effector.angle = wrapAngle(effector.angle);
    const SkeletonEffector& last = given_[static_cast<size_t>(k)];
    sameEffectors = sameEffectors && last.bone == effector.bone && last.target.x == effector.target.x &&
                    last.target.y == effector.target.y && last.useAngle == effector.useAngle &&
                    last.angle == effector.angle && last.weight == effector.weight;
    effectorStamp_[bone] = stamp_;
    effectorSlot_[bone] = k;
    given_[static_cast<size_t>(k)] = effector;
  }
  // The effectors of weight 0 drop out here: the solve is exactly the one without them.
  const int givenCount = count;
  givenCount_ = givenCount;
  angleTolerance_ = options.angleTolerance;
  count = 0;
  rowCount_ = 0;
  anyAngle_ = false;
  for (int k = 0; k < givenCount; ++k) {
    const SkeletonEffector& effector = given_[static_cast<size_t>(k)];
    const auto bone = static_cast<size_t>(effector.bone);
    if (effector.weight == 0) {
      effectorStamp_[bone] = 0;  // (stamp_ is never 0)
      continue;
    }
    const auto slot = static_cast<size_t>(count);
    effectors_[slot] = effector;
    givenSlot_[slot] = k;
    effectorSlot_[bone] = count;
    effectorRow_[slot] = rowCount_;
    rowCount_ += effector.useAngle ? 3 : 2;
    anyAngle_ = anyAngle_ || effector.useAngle;
    ++count;
  }
  markActive(count);
  effectorCount_ = count;
  bool outOfReach = false;
  double farthest = 0;
  for (int k = 0; k < count; ++k) {
    const SkeletonEffector& effector = effectors_[static_cast<size_t>(k)];
    const double distance = fastLength(effector.target - root());
    outOfReach = outOfReach || distance > pathReach(effector.bone);
    farthest = std::max(farthest, distance);
  }
  inverseScale_ = 1.0 / (totalLength_ + farthest);

  // No call may hang: a sweep places each active bone twice and measures each effector once; the
  // damped least squares step adds a pass over bone-effector pairs and a Cholesky factorisation.
  const long long pairs = static_cast<long long>(count) * count;
  const long long sweepCost =
      2LL * activeCount_ + count + 1 + (count >= 2 ? activeCount_ * (pairs + count) + 3 * pairs * count : 0);
  const int sweeps =
      static_cast<int>(std::min<long long>(options.iterations, std::max(1LL, options.maxWork / sweepCost)));
  bool reached = measureErrors(count, options.tolerance);
  // The polish where FABRIK alone falls short: sub-bases (two or more effectors) or limits.
  bool limited = false;
  for (int a = 0; a < activeCount_; ++a)
    limited = limited || limits_.has(static_cast<size_t>(activeBones_[static_cast<size_t>(a)]));
  const bool polished = (count >= 2 || (count == 1 && (limited || anyAngle_))) && count <= kMaxDlsEffectors;
  // Restarts where the polish runs and every target lies within reach (see restartFailing), unless
  // the last solve already spent them on the same targets from this very pose.
  const bool restarts = polished && !outOfReach && !sameEffectors;
  double damping = kStartDamping;
  int iteration = 0;
  int tries = 1;
  double best = HUGE_VAL;        // the summed squared error of bestAngles_
  double checkpoint = HUGE_VAL;  // the error the current try must cut to kProgress of
  int checkpointSweep = 0;
  while (!reached && iteration < sweeps) {
    ++iteration;
    if (iteration == 1 && startsOnALine(count)) nudgeOffLine();
    if (polished) std::copy(angles_.begin(), angles_.end(), sweepAngles_.begin());
    const double errorBefore = polished ? sumOfSquaredErrors(count) : 0;
    if (tries == 1) {
      backwardPass();
      forwardPass();
    } else {
      std::copy(positions_.begin(), positions_.end(), before_.begin());  // the polish alone
    }
    if (polished) {
      if (tries == 1) {
        rebuildAngles();
        updatePositions();
        // Keep the FABRIK passes only when they did not make things worse: so the summed squared
        // error never grows from sweep to sweep (or frame to frame), and fixed targets settle.
        if (sumOfSquaredErrors(count) > errorBefore) {
          std::copy(sweepAngles_.begin(), sweepAngles_.end(), angles_.begin());
          updatePositions();
        }
      }
      polish(count, damping);
    }
    reached = measureErrors(count, options.tolerance);
    const bool settled = largestMoveInSweep() < kSettledMove;
    if (!restarts) {
      if (settled) break;
      continue;
    }
    // Within a try the error never grows, so a stuck try ends on its best pose.
    const double error = sumOfSquaredErrors(count);
    if (error < (tries == 1 ? kFirstProgress : kProgress) * checkpoint) {
      checkpoint = error;
      checkpointSweep = iteration;
    }
    // A polish-only sweep that moved nothing had its step refused (the damping grew): not stuck yet.
    const bool stuck = iteration - checkpointSweep >= kStallSweeps || (tries == 1 && settled);
    if (reached || !stuck) continue;
    if (tries == 1 || error < kRestartGain * best) {
      best = error;
      std::copy(angles_.begin(), angles_.end(), bestAngles_.begin());
    }
    if (iteration == sweeps) break;
    restartFailing(count, tries++);
    damping = kStartDamping;
    checkpoint = HUGE_VAL;
    checkpointSweep = iteration;
  }
  // The sweeps ran out, or the last try stalled: keep the best try.
  if (restarts && !reached && tries > 1 && !(sumOfSquaredErrors(count) < kRestartGain * best)) {
    std::copy(bestAngles_.begin(), bestAngles_.end(), angles_.begin());
    updatePositions();
  }
  if (iteration > 0) {
    rebuildAngles();
    updatePositions();
    reached = measureErrors(count, options.tolerance);
  }
  restartsSpent_ = !reached && (tries > 1 || sameEffectors);
  // Every effector's errors in the order given, those of weight 0 included.
  for (int k = 0; k < givenCount; ++k) {
    const SkeletonEffector& effector = given_[static_cast<size_t>(k)];
    givenErrors_[static_cast<size_t>(k)] = fastLength(position(effector.bone + 1) - effector.target);
    givenAngleErrors_[static_cast<size_t>(k)] = effector.useAngle ? angleErrorOf(effector) : 0.0;
  }
  result.iterations = iteration;
  result.errors = givenErrors_.data();
  result.angleErrors = givenAngleErrors_.data();
  result.effectorCount = givenCount;
  result.status = reached      ? ChainStatus::Reached
                  : outOfReach ? ChainStatus::OutOfReach
                               : ChainStatus::MaxIterations;
  return result;
}

// Mirrored: the solve runs in the authored frame (skeleton_mirror.cpp) on the targets reflected as
// they are read; a refused call reflects back to exactly the pose it found. With spring bones it
// runs on their driven angles, which it then replaces (skeleton_spring.cpp).
template <class ReadEffector>
SkeletonSolveResult Skeleton::solveMirrored(int count, const SkeletonSolveOptions& options,
                                            ReadEffector read) {
  if (!mirrored_ && springCount_ == 0) return solveWith(count, options, read);
  const double twiceAxis = 2 * positions_[0];
  std::copy(angles_.begin(), angles_.end(), foundAngles_.begin());
  std::copy(positions_.begin(), positions_.end(), foundPositions_.begin());
  if (mirrored_) reflect(true);
  // Spring bones solve from their driven angles; a refused call puts the shown ones back.
  if (springCount_ > 0) {
    std::copy(angles_.begin(), angles_.end(), sweepAngles_.begin());
    driveSprings();
  }
  const SkeletonSolveResult result =
      !mirrored_
          ? solveWith(count, options, read)
          : solveWith(count, options, [&read, twiceAxis](int k, SkeletonEffector& effector) -> const char* {
              if (const char* message = read(k, effector)) return message;
              effector.target.x = twiceAxis - effector.target.x;
              if (effector.useAngle)
                effector.angle = detail::reflectAngle(true, effector.angle);  // a world angle
              return nullptr;
            });
  if (springCount_ > 0 && result.message != nullptr) {
    std::copy(sweepAngles_.begin(), sweepAngles_.end(), angles_.begin());
    updatePositions();
  } else if (springCount_ > 0) {
    showSprings();
  }
  if (mirrored_) reflect(false);
  if (result.message != nullptr) {
    // Refused: the pose exactly as the call found it (reflecting or redriving may round).
    std::copy(foundAngles_.begin(), foundAngles_.end(), angles_.begin());
    std::copy(foundPositions_.begin(), foundPositions_.end(), positions_.begin());
  }
  return result;
}

SkeletonSolveResult Skeleton::solve(const SkeletonEffector* effectors, int count,
                                    const SkeletonSolveOptions& options) {
  return solveMirrored(count, options, [effectors](int k, SkeletonEffector& effector) -> const char* {
    effector = effectors[k];
    return nullptr;
  });
}

SkeletonSolveResult Skeleton::solveFromRecords(const double* records, int count,
                                               const SkeletonSolveOptions& options, int recordSize) {
  const size_t stride = recordSize == 6 ? 6 : 3;
  return solveMirrored(
      count, options, [this, records, stride](int k, SkeletonEffector& effector) -> const char* {
        const double* record = records + stride * static_cast<size_t>(k);
        if (!std::isfinite(record[0]) || record[0] != std::floor(record[0]) ||
            std::fabs(record[0]) > kMaxBones)
          return fail("effectors[%d].bone must be a bone of this skeleton, a whole number from 0 to %d", k,
                      size() - 1);
        effector.bone = static_cast<int>(record[0]);
        effector.target = {record[1], record[2]};
        if (stride == 6) {
          effector.useAngle = record[3] != 0;
          effector.angle = record[4];
          effector.weight = record[5];
        }
        return nullptr;
      });
}

}  // namespace ik2d
