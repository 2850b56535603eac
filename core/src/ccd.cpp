// ccd.cpp: one joint update of cyclic coordinate descent (a sweep runs it from the tip back to the
// root; see chain_solve.cpp).
#include <algorithm>
#include <cmath>

#include "chain_detail.hpp"
#include "chain_rules.hpp"
#include "ik2d/chain.hpp"

namespace ik2d {
namespace {
// (cos, sin) of the turn from `toEnd` to `toTarget`: dot and cross over |e - p| |t - p|, one square
// root where the squares are safe, else of the two unit vectors (either zero: no direction, (0, 0):
// no turn).
[[gnu::always_inline]] inline Vec2 turnBetween(Vec2 toEnd, Vec2 toTarget) {
  const double endSquared = detail::dot(toEnd, toEnd), targetSquared = detail::dot(toTarget, toTarget);
  if (endSquared > 1e-150 && endSquared < 1e150 && targetSquared > 1e-150 && targetSquared < 1e150) {
    const double inverse = 1.0 / std::sqrt(endSquared * targetSquared);
    return {detail::dot(toEnd, toTarget) * inverse, cross(toEnd, toTarget) * inverse};
  }
  const Vec2 endUnit = detail::unitOr(toEnd, {0, 0}), targetUnit = detail::unitOr(toTarget, {0, 0});
  return {detail::dot(endUnit, targetUnit), cross(endUnit, targetUnit)};
}

// A joint's pending turns (cos, sin) followed by one more rotation (cosine, sine).
void composeTurn(double* pending, double cosine, double sine) {
  const double pendingCos = pending[0] * cosine - pending[1] * sine;
  pending[1] = pending[1] * cosine + pending[0] * sine;
  pending[0] = pendingCos;
}
}  // namespace

// Turn joint p by the angle between (end - p) and (target - p), as far as its constraints allow:
//   turn = atan2(cross(e - p, t - p), dot(e - p, t - p)),
// which is 0 when either vector vanishes (the joint cannot help). Turning a joint turns every bone
// after it rigidly, so only its own local angle changes; the positions after it turn about the
// joint by the change (one sine and cosine, not one per bone; chain_solve.cpp recomputes them
// exactly from the angles at the end of each sweep). Both vectors are scaled to unit length first
// so their products cannot overflow at any scale.
//
// Unconstrained, the turn is the wanted one and its rotation is (cosine, sine) itself: no angle is
// needed while the solve runs. The rotation joins the joint's pending turns (a product of
// rotations), and settleAngles() adds their angle to the joint's once, when the angles are next
// needed (one arctangent per joint and solve, not per turn; chain.cpp); the turn is measured in radians only
// for a stepped solve's record. Returns the sweep's stall measure of the turn made, (1 - cos) + |sin|
// (chain_rules.hpp; 0 for no turn); `step` records what the joint saw and did.
//
// With an angle goal alpha of weight w (the angles are then current: it counts as a constraint),
// the last joint turns by (1 - w) (its turn toward the target) + w (alpha - the end bone's world
// angle), and every other joint brings the point a fraction 1 - w along the end bone (w = 1: its
// start, the wrist) to the same point of the goal bone, the bone at angle alpha ending on the
// target: t - w l_last (cos alpha, sin alpha). At w = 1 that is CCD of the rest of the chain to
// the wrist's goal, with the end bone laid along alpha.
double Chain::turnJointToward(int joint, Vec2 target, ChainStep& step) {
  const auto bone = static_cast<size_t>(joint);
  const Vec2 pivot = position(joint);
  const Vec2 endBefore = end();
  const int last = size() - 1;
  Vec2 moved = endBefore, goal = target;
  if (aiming_ && joint < last) {
    const double weight = progress_.angleWeight;
    const Vec2 wrist = position(last);
    moved = wrist + (1 - weight) * (endBefore - wrist);
    goal = progress_.wristGoal;
  }
  const Vec2 turn = turnBetween(moved - pivot, goal - pivot);
  const double cosine = turn.x, sine = turn.y;
  step.kind = ChainStepKind::CcdJoint;
  step.joint = joint;
  step.pivot = pivot;
  step.endBefore = endBefore;
  step.wanted = 0;
  step.turn = 0;
  const bool free = !holdsJoints();
  const bool aimsLast = aiming_ && joint == last;
  // atan2's zero: no turn (a turn by pi has sine 0 and cosine -1).
  if (sine == 0 && !(cosine < 0) && !aimsLast) return 0;
  Vec2 rotation{cosine, sine};
  if (free && aimsLast) {
    // The end bone's turn onto alpha from the positions: (dot, cross) of its unit direction and
    // (cos alpha, sin alpha); below weight 1 the two turns mix as angles.
    const Vec2 along = detail::unitOr(endBefore - pivot, progress_.aim);
    const Vec2 onto{detail::dot(along, progress_.aim), cross(along, progress_.aim)};
    const double weight = progress_.angleWeight;
    if (weight == 1) {
      rotation = onto;
    } else {
      const double toward = sine == 0 && !(cosine < 0) ? 0.0 : detail::fastAtan2(sine, cosine);
      rotation = direction((1 - weight) * toward + weight * detail::fastAtan2(onto.y, onto.x));
    }
    if (rotation.y == 0 && !(rotation.x < 0)) return 0;
  }
  if (free) {
    if (progress_.detailed) step.wanted = step.turn = detail::fastAtan2(rotation.y, rotation.x);
    composeTurn(pendingTurns_.data() + 2 * bone, rotation.x, rotation.y);
    turnsPending_ = true;
    shownStale_ = true;
  } else {
    double wanted = sine == 0 && !(cosine < 0) ? 0.0 : detail::fastAtan2(sine, cosine);
    if (aimsLast) {
      const double weight = progress_.angleWeight;
      wanted = (1 - weight) * wanted + weight * wrapAngle(progress_.angle - worldAngles_[bone]);
    }
    step.wanted = wanted;
    const double turned = constrain(joint, angles_[bone] + wanted);
    const double change = wrapAngle(turned - angles_[bone]);
    if (change == 0) return 0;
    step.turn = change;
    angles_[bone] = turned;
    rotation = direction(change);
    for (int k = joint; k < size(); ++k) worldAngles_[static_cast<size_t>(k)] += change;
  }
  double* position = positions_.data();
  const int bones = size();
  // Free and aimed at weight 1, a joint before the last keeps the end bone along the goal angle the
  // last joint laid it on: the last joint turns back by the same rotation, so the end bone moves
  // with the wrist without turning, and each sweep is CCD of the bones before it to the wrist's goal.
  const bool keepsEndBone = free && aiming_ && joint < last && progress_.angleWeight == 1;
  const int turned = keepsEndBone ? last : bones;
  const auto wrist = 2 * static_cast<size_t>(last);
  const Vec2 wristBefore = keepsEndBone ? Vec2{position[wrist], position[wrist + 1]} : Vec2{};
  for (int k = joint; k < turned; ++k) {
    const auto at = 2 * static_cast<size_t>(k + 1);
    const double armX = position[at] - pivot.x, armY = position[at + 1] - pivot.y;
    position[at] = pivot.x + (rotation.x * armX - rotation.y * armY);
    position[at + 1] = pivot.y + (rotation.y * armX + rotation.x * armY);
  }
  if (keepsEndBone) {
    const auto at = 2 * static_cast<size_t>(bones);
    position[at] += position[wrist] - wristBefore.x;
    position[at + 1] += position[wrist + 1] - wristBefore.y;
    composeTurn(pendingTurns_.data() + 2 * static_cast<size_t>(last), rotation.x, -rotation.y);
  }
  return rules::stallMeasure(rotation.x, rotation.y);
}

// One whole CCD sweep of a free chain with no angle goal, from the tip back to the root, as
// solve() runs it: turnJointToward()'s free path, the same arithmetic in the same order (so the
// same bits), without a step record per joint or the branches of the constrained and aimed paths.
// The common call runs here: per call, CCD is as fast as it was before the angle goal came in.
// Returns the sweep's largest stall measure.
double Chain::freeCcdSweep(Vec2 target) {
  double* position = positions_.data();
  double* pending = pendingTurns_.data();
  const int bones = size();
  double change = 0;
  bool turned = false;
  for (int joint = bones - 1; joint >= 0; --joint) {
    const auto at = 2 * static_cast<size_t>(joint);
    const Vec2 pivot{position[at], position[at + 1]};
    const auto last = 2 * static_cast<size_t>(bones);
    const Vec2 turn = turnBetween({position[last] - pivot.x, position[last + 1] - pivot.y}, target - pivot);
    const double cosine = turn.x, sine = turn.y;
    if (sine == 0 && !(cosine < 0)) continue;  // atan2's zero: no turn
    composeTurn(pending + at, cosine, sine);
    turned = true;
    for (int k = joint; k < bones; ++k) {
      const auto next = 2 * static_cast<size_t>(k + 1);
      const double armX = position[next] - pivot.x, armY = position[next + 1] - pivot.y;
      position[next] = pivot.x + (cosine * armX - sine * armY);
      position[next + 1] = pivot.y + (sine * armX + cosine * armY);
    }
    change = std::max(change, rules::stallMeasure(cosine, sine));
  }
  if (turned) {
    turnsPending_ = true;
    shownStale_ = true;
  }
  return change;
}

// After an unconstrained CCD sweep: each bone back to its exact length along its direction (the
// rotations round the lengths by an ulp or so), and the world angles summed afresh. The bones are
// normalised first, independently (so the square roots overlap), then laid end to end. With
// constraints the sweep ends in exact forward kinematics from the angles instead.
void Chain::settleTurnedBones() {
  if (holdsJoints()) {
    updatePositionsFrom(0);
    return;
  }
  double* position = positions_.data();
  const double* length = lengths_.data();
  double* bone = boneVectors_.data();
  const int bones = size();
  for (int i = 0; i < bones; ++i) {
    const auto at = 2 * static_cast<size_t>(i);
    Vec2 unit;
    if (detail::directionOf({position[at + 2] - position[at], position[at + 3] - position[at + 1]}, unit)) {
      bone[at] = length[i] * unit.x;
      bone[at + 1] = length[i] * unit.y;
    } else {
      bone[at] = position[at + 2] - position[at];
      bone[at + 1] = position[at + 3] - position[at + 1];
    }
  }
  double world = 0;
  for (int i = 0; i < bones; ++i) {
    const auto at = 2 * static_cast<size_t>(i);
    position[at + 2] = position[at] + bone[at];
    position[at + 3] = position[at + 1] + bone[at + 1];
    if (!anglesCurrent()) continue;  // turned joints: the angles, world ones too, wait (chain.cpp)
    world += angles_[static_cast<size_t>(i)];
    worldAngles_[static_cast<size_t>(i)] = world;
  }
}

}  // namespace ik2d
