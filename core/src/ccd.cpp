// ccd.cpp: one joint update of cyclic coordinate descent (a sweep runs it from the tip back to the
// root; see chain_solve.cpp).
#include "chain_detail.hpp"
#include "ik2d/chain.hpp"

namespace ik2d {

// Turn joint p by the angle between (end - p) and (target - p), as far as its constraints allow:
//   turn = atan2(cross(e - p, t - p), dot(e - p, t - p)),
// which is 0 when either vector vanishes (the joint cannot help). Turning a joint turns every bone
// after it rigidly, so only its own local angle changes; the positions after it turn about the
// joint by the change (one sine and cosine, not one per bone; chain_solve.cpp recomputes them
// exactly from the angles at the end of each sweep). Both vectors are scaled to unit length first so their
// products cannot overflow at any scale. Returns how much the local angle changed; `step` records what the
// joint saw and did.
double Chain::turnJointToward(int joint, Vec2 target, ChainStep& step) {
  const auto bone = static_cast<size_t>(joint);
  const Vec2 pivot = position(joint);
  const Vec2 endBefore = end();
  // cos and sin of the turn: dot and cross over |e - p| |t - p|, one square root where the squares
  // are safe, else of the two unit vectors (either zero: no direction, no turn).
  const Vec2 toEnd = endBefore - pivot, toTarget = target - pivot;
  const double endSquared = detail::dot(toEnd, toEnd), targetSquared = detail::dot(toTarget, toTarget);
  double cosine = 0, sine = 0;
  if (endSquared > 1e-150 && endSquared < 1e150 && targetSquared > 1e-150 && targetSquared < 1e150) {
    const double inverse = 1.0 / std::sqrt(endSquared * targetSquared);
    cosine = detail::dot(toEnd, toTarget) * inverse;
    sine = cross(toEnd, toTarget) * inverse;
  } else {
    const Vec2 endUnit = detail::unitOr(toEnd, {0, 0}), targetUnit = detail::unitOr(toTarget, {0, 0});
    cosine = detail::dot(endUnit, targetUnit);
    sine = cross(endUnit, targetUnit);
  }
  const double wanted = detail::fastAtan2(sine, cosine);
  step.kind = ChainStepKind::CcdJoint;
  step.joint = joint;
  step.pivot = pivot;
  step.endBefore = endBefore;
  step.wanted = wanted;
  step.turn = 0;
  if (wanted == 0) return 0;
  const bool free = !anyConstraint();
  // Unconstrained, the turn is the wanted one and the rotation is (cosine, sine) itself: no sine
  // or cosine to compute (settleTurnedBones() restores the lengths at the end of the sweep).
  const double turned = free ? wrapAngle(angles_[bone] + wanted) : constrain(joint, angles_[bone] + wanted);
  const double change = free ? wanted : wrapAngle(turned - angles_[bone]);
  if (change == 0) return 0;
  step.turn = change;
  angles_[bone] = turned;
  const Vec2 rotation = free ? Vec2{cosine, sine} : direction(change);
  double* position = positions_.data();
  double* world = worldAngles_.data();
  const int bones = size();
  for (int k = joint; k < bones; ++k) {
    if (!free) world[k] += change;  // free: summed afresh by settleTurnedBones()
    const auto at = 2 * static_cast<size_t>(k + 1);
    const double armX = position[at] - pivot.x, armY = position[at + 1] - pivot.y;
    position[at] = pivot.x + (rotation.x * armX - rotation.y * armY);
    position[at + 1] = pivot.y + (rotation.y * armX + rotation.x * armY);
  }
  return std::fabs(change);
}

// After an unconstrained CCD sweep: each bone back to its exact length along its direction (the
// rotations round the lengths by an ulp or so), and the world angles summed afresh. The bones are
// normalised first, independently (so the square roots overlap), then laid end to end. With
// constraints the sweep ends in exact forward kinematics from the angles instead.
void Chain::settleTurnedBones() {
  if (anyConstraint()) {
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
    world += angles_[static_cast<size_t>(i)];
    worldAngles_[static_cast<size_t>(i)] = world;
  }
}

}  // namespace ik2d
