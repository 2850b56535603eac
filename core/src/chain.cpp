// chain.cpp: the chain's storage, forward kinematics, limits, and the moves the solve driver
// (chain_solve.cpp) shares between CCD (ccd.cpp), FABRIK (fabrik.cpp) and DLS (dls.cpp).
//
// Sections: helpers, building and editing, constraints, shared moves.
#include "ik2d/chain.hpp"

#include <algorithm>

#include "chain_detail.hpp"
#include "chain_rules.hpp"
#include "enum_name.hpp"
#include "simd.hpp"

namespace ik2d {
using detail::isWithinMagnitude;

namespace detail {

double clampAngleToRange(double angle, double min, double max) {
  if (angle >= min && angle <= max) return angle;
  // Outside [min, max]: take the bound nearer around the circle.
  const double toMin = std::fabs(wrapAngle(angle - min));
  const double toMax = std::fabs(wrapAngle(angle - max));
  return toMin <= toMax ? min : max;
}

double fastAtan2(double y, double x) { return simd::atan2(simd::F64x1{y}, simd::F64x1{x}).v; }

Vec2 unitOr(Vec2 v, Vec2 fallback) {
  const double length = fastLength(v);
  if (!(length > 0) || !std::isfinite(length)) return fallback;
  return {v.x / length, v.y / length};
}

}  // namespace detail

double JointLimits::clampAngle(double angle, double min, double max) {
  return detail::clampAngleToRange(angle, min, max);
}

// ---- the angles' bookkeeping -----------------------------------------------------------------------
//
// The positions are always current. Unconstrained solves leave the angles behind, two ways:
// - FABRIK's passes move only positions (anglesStale_): syncAngles() recovers every angle from
//   them, world_i = atan2 of bone i, local_i = world_i - world_(i-1), wrapped. A pure function
//   of the positions, so when it runs changes nothing that follows.
// - CCD's turns are rotations (cos, sin) (turnsPending_): each joint keeps the product of its
//   turns, and settleAngles() adds that product's angle to the joint's, wrapped: one arctangent
//   per joint when the angles are needed, not one per turn. Reading the angles does not settle
//   them (angles() shows the sum without storing it), so a stepped solve, read after every step,
//   ends in exactly the angles of an unpaused one.

void Chain::syncAngles() const {
  if (anglesStale_) rebuildAngles(true);
}

void Chain::settleAngles() {
  if (anglesStale_ || turnsPending_) rebuildAngles(anglesStale_);
}

// Every local and world angle afresh: from the positions, or each joint's own with its pending
// turns added; either way nothing is left pending.
void Chain::rebuildAngles(bool fromPositions) const {
  double parentWorld = 0;
  for (int i = 0; i < size(); ++i) {
    const auto bone = static_cast<size_t>(i);
    if (fromPositions) {
      const Vec2 along = position(i + 1) - position(i);
      angles_[bone] = wrapAngle(detail::fastAtan2(along.y, along.x) - parentWorld);
    } else {
      angles_[bone] = turnedAngle(i);
    }
    pendingTurns_[2 * bone] = 1;
    pendingTurns_[2 * bone + 1] = 0;
    parentWorld += angles_[bone];
    worldAngles_[bone] = parentWorld;
  }
  anglesStale_ = false;
  turnsPending_ = false;
}

// Joint i's angle with its pending turns, wrapped.
double Chain::turnedAngle(int joint) const {
  const auto bone = static_cast<size_t>(joint);
  const double cosine = pendingTurns_[2 * bone], sine = pendingTurns_[2 * bone + 1];
  return cosine == 1 && sine == 0 ? angles_[bone]
                                  : wrapAngle(angles_[bone] + detail::fastAtan2(sine, cosine));
}

const double* Chain::angles() const {
  syncAngles();
  if (!turnsPending_) return angles_.data();
  // Shown, not stored (see above); worked out once per batch of turns, however often read.
  if (shownStale_) {
    for (int i = 0; i < size(); ++i) shownAngles_[static_cast<size_t>(i)] = turnedAngle(i);
    shownStale_ = false;
  }
  return shownAngles_.data();
}

// ---- building and editing -----------------------------------------------------------------------

// Carves storage_ (16 bones + 4 doubles) into the per-bone arrays, the first a sweep reads first.
void Chain::layOut(size_t bones) {
  double* next = storage_.data();
  const auto take = [&next](size_t count) {
    const Slots slots{next, count};
    next += count;
    return slots;
  };
  positions_ = take(2 * (bones + 1));
  scratch_ = take(2 * (bones + 1));
  lengths_ = take(bones);
  angles_ = take(bones);
  worldAngles_ = take(bones);
  startAngles_ = take(bones);
  pendingTurns_ = take(2 * bones);
  shownAngles_ = take(bones);
  boneVectors_ = take(2 * bones);
  turns_ = take(bones);
  keptAngles_ = take(bones);
  savedAngles_ = take(bones);
}

Chain::Chain(const Chain& other) { *this = other; }

Chain& Chain::operator=(const Chain& other) {
  if (this == &other) return *this;
  storage_ = other.storage_;
  layOut(other.lengths_.size());
  reach_ = other.reach_;
  maxStep_ = other.maxStep_;
  anglesStale_ = other.anglesStale_;
  turnsPending_ = other.turnsPending_;
  shownStale_ = other.shownStale_;
  turnsWritten_ = other.turnsWritten_;
  limits_ = other.limits_;
  held_ = other.held_;
  mirrored_ = other.mirrored_;
  aiming_ = other.aiming_;
  authored_ = other.authored_;
  authoredKept_ = other.authoredKept_;
  authoredStale_ = other.authoredStale_;
  authoredPending_ = other.authoredPending_;
  authoredShownStale_ = other.authoredShownStale_;
  progress_ = other.progress_;
  return *this;
}

const char* Chain::reset(Vec2 root, const double* lengths, int count) {
  if (count < 1) return "lengths must hold at least one bone";
  if (count > kMaxBones) return "lengths holds more bones than a chain may have (1024)";
  if (!isValid(root.x)) return "root.x must be a finite number";
  if (!isValid(root.y)) return "root.y must be a finite number";
  if (!isWithinMagnitude(root)) return "root must stay within 1e300 in magnitude";
  double reach = 0;
  for (int i = 0; i < count; ++i) {
    if (!isValid(lengths[i])) return "lengths must all be finite numbers";
    if (!(lengths[i] > 0)) return "lengths must all be greater than 0";
    reach += lengths[i];
  }
  if (!(reach <= kMaxMagnitude)) return "lengths must sum to at most 1e300";

  progress_.active = false;
  anglesStale_ = false;
  turnsPending_ = false;
  const auto bones = static_cast<size_t>(count);
  storage_.assign(16 * bones + 4, 0.0);
  authored_.assign(storage_.size(), 0.0);
  authoredKept_ = false;
  layOut(bones);
  std::copy(lengths, lengths + count, lengths_.begin());
  for (size_t i = 0; i < bones; ++i) pendingTurns_[2 * i] = 1.0;
  limits_.reset(bones);
  turnsWritten_ = false;
  held_.assign(bones, 0);
  reach_ = reach;
  setPosition(0, root);
  updatePositionsFrom(0);
  if (mirrored_) reflect(false);
  return nullptr;
}

const char* Chain::setRoot(Vec2 root) {
  if (!isValid(root.x)) return "root.x must be a finite number";
  if (!isValid(root.y)) return "root.y must be a finite number";
  if (!isWithinMagnitude(root)) return "root must stay within 1e300 in magnitude";
  if (size() == 0) return nullptr;
  progress_.active = false;
  authoredKept_ = false;
  settleAngles();
  setPosition(0, root);
  updatePositionsFrom(0);
  return nullptr;
}

const char* Chain::setAngles(const double* angles, int count) {
  if (count != size()) return "angles must hold one angle per bone";
  for (int i = 0; i < count; ++i) {
    if (!isValid(angles[i])) return "angles must all be finite numbers";
  }
  progress_.active = false;
  authoredKept_ = false;
  settleAngles();
  for (int i = 0; i < count; ++i) {
    const auto bone = static_cast<size_t>(i);
    const double wrapped = wrapAngle(angles[i]);
    angles_[bone] = clampShown(bone, wrapped);
  }
  updatePositionsFrom(0);
  return nullptr;
}

const char* Chain::setLimit(int joint, double min, double max) {
  if (joint < 0 || joint >= size()) return "joint is not a joint of this chain";
  if (!isValid(min)) return "min must be a finite number";
  if (!isValid(max)) return "max must be a finite number";
  if (min < -kPi) return "min must be at least -pi";
  if (max > kPi) return "max must be at most pi";
  if (min > max) return "min must not be greater than max";
  const auto bone = static_cast<size_t>(joint);
  if (max - min >= 2 * kPi) return clearLimit(joint);  // the whole circle: no limit
  progress_.active = false;
  authoredKept_ = false;
  settleAngles();
  limits_.set(bone, min, max);
  angles_[bone] = clampShown(bone, angles_[bone]);
  updatePositionsFrom(joint);
  return nullptr;
}

const char* Chain::clearLimit(int joint) {
  if (joint < 0 || joint >= size()) return "joint is not a joint of this chain";
  progress_.active = false;
  settleAngles();
  const auto bone = static_cast<size_t>(joint);
  limits_.clear(bone);
  return nullptr;
}

void Chain::setPosition(int index, Vec2 point) {
  positions_[2 * static_cast<size_t>(index)] = point.x;
  positions_[2 * static_cast<size_t>(index) + 1] = point.y;
}

// Forward kinematics from bone `bone` on, parents first: each bone's world angle is its parent's
// plus its own local angle, and it ends one length along that direction.
void Chain::updatePositionsFrom(int bone) {
  double world = bone == 0 ? 0.0 : worldAngles_[static_cast<size_t>(bone - 1)];
  for (int i = bone; i < size(); ++i) {
    const auto index = static_cast<size_t>(i);
    world += angles_[index];
    worldAngles_[index] = world;
    setPosition(i + 1, position(i) + lengths_[index] * direction(world));
  }
}

// ---- constraints --------------------------------------------------------------------------------

// A stored (shown) local angle clamped into its joint's limit: as set, or, mirrored, as the limit
// acts on the reflected angle (the authored angle clamped, then reflected back).
double Chain::clampShown(size_t bone, double angle) const {
  if (!limits_.has(bone)) return angle;
  if (!mirrored_) return limits_.clamp(bone, angle);
  const double authored = detail::reflectAngle(bone == 0, angle);
  const double clamped = limits_.clamp(bone, authored);
  return clamped == authored ? angle : detail::reflectAngle(bone == 0, clamped);
}

// An angle goal counts as a constraint: its sweeps need current angles, as limits do.
bool Chain::anyConstraint(double maxStep) const { return holdsJoints(maxStep) || aiming_; }

// The allowed local angle for `joint` nearest to `desired`. Measured as a change from the angle the
// solve started with, the allowed set is one interval that holds 0:
//   [-maxStep, maxStep]  intersected, for a limited joint, with  [min - start, max - start].
double Chain::constrain(int joint, double desired) const {
  const auto bone = static_cast<size_t>(joint);
  const double start = startAngles_[bone];
  double low = -maxStep_;
  double high = maxStep_;
  if (limits_.has(bone)) {
    low = std::max(low, limits_.min(bone) - start);
    high = std::min(high, limits_.max(bone) - start);
  }
  const double change = detail::clampAngleToRange(wrapAngle(desired - start), low, high);
  // A limited joint stays inside [min, max] as computed (no wrap that could turn -pi into pi).
  return limits_.has(bone) ? std::clamp(start + change, limits_.min(bone), limits_.max(bone))
                           : wrapAngle(start + change);
}

// ---- shared moves -------------------------------------------------------------------------------

// True when every position and the target lie on one line (within rounding): the singular pose in
// which neither CCD nor FABRIK can bend the chain by itself.
bool Chain::isCollinearWith(Vec2 target) const {
  const Vec2 root = position(0);
  // Along the end, else toward the target, else +x; the fallback measured only when needed (a unit
  // vector is never (0, 0)).
  Vec2 line = detail::unitOr(end() - root, {0, 0});
  if (line.x == 0 && line.y == 0) line = detail::unitOr(target - root, {1, 0});
  const double tolerance = rules::kCollinear * reach_;
  if (std::fabs(cross(line, target - root)) > tolerance) return false;
  for (int i = 1; i <= size(); ++i) {
    if (std::fabs(cross(line, position(i) - root)) > tolerance) return false;
  }
  return true;
}

// Bends every joint past the first a little (within the limits and maxStep), so the sweeps have a
// side to work with. Deterministic: the same direction every time.
double Chain::nudgeOffLine() {
  double largestChange = 0;
  for (int i = 1; i < size(); ++i) {
    const auto bone = static_cast<size_t>(i);
    double bent = constrain(i, angles_[bone] + rules::kNudge);
    if (bent == angles_[bone]) bent = constrain(i, angles_[bone] - rules::kNudge);
    largestChange = std::max(largestChange, std::fabs(wrapAngle(bent - angles_[bone])));
    angles_[bone] = bent;
  }
  updatePositionsFrom(0);
  return largestChange;
}

// Re-places bone `bone`, whose start is already in place, along the line toward `toward`, as far as
// constrain() lets it turn; positions and world angles follow. `parentWorld` is the parent bone's
// world angle on entry and this bone's on return. Returns how much the local angle changed.
double Chain::placeBoneToward(int bone, Vec2 toward, double& parentWorld) {
  const auto index = static_cast<size_t>(bone);
  const Vec2 from = position(bone);
  const Vec2 along = toward - from;
  Vec2 unit;
  const bool hasDirection = detail::directionOf(along, unit);
  const double desiredWorld = hasDirection ? std::atan2(along.y, along.x) : worldAngles_[index];
  const double local = constrain(bone, desiredWorld - parentWorld);
  const double change = std::fabs(wrapAngle(local - angles_[index]));
  angles_[index] = local;
  parentWorld += local;
  worldAngles_[index] = parentWorld;
  // Unconstrained, the bone lies along `along` itself: no sine or cosine needed.
  const bool free = hasDirection && !limits_.has(index) && maxStep_ >= kPi;
  setPosition(bone + 1,
              free ? from + lengths_[index] * unit : from + lengths_[index] * direction(parentWorld));
  return change;
}

// The FABRIK paper's answer for a target out of reach: every bone, from the root out, points
// straight at the target (as far as its constraints let it). With the wrist goal out of reach
// (chain_solve.cpp), every bone but the end one points at the wrist goal, the end one along the goal.
double Chain::stretchToward(Vec2 target) {
  double largestChange = 0;
  double parentWorld = 0;
  const int last = size() - 1;
  for (int i = 0; i < size(); ++i) {
    Vec2 toward = target;
    if (progress_.wristOutOfReach) toward = i < last ? progress_.wristGoal : position(i) + progress_.aim;
    largestChange = std::max(largestChange, placeBoneToward(i, toward, parentWorld));
  }
  return largestChange;
}

const char* toString(ChainStatus status) {
  static constexpr const char* kNames[] = {"reached", "out_of_reach", "max_iterations", "invalid"};
  return detail::enumName(status, kNames, "invalid");
}

const char* toString(ChainMethod method) {
  static constexpr const char* kNames[] = {"ccd", "fabrik", "dls"};
  return detail::enumName(method, kNames, "ccd");
}

const char* toString(ChainStepKind kind) {
  static constexpr const char* kNames[] = {"begin",     "stretch",         "unbend",
                                           "ccd_joint", "fabrik_backward", "fabrik_forward",
                                           "dls_step",  "restart",         "invalid"};
  return detail::enumName(kind, kNames, "invalid");
}

}  // namespace ik2d
