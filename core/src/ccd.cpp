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
  const Vec2 toEnd = detail::unitOr(endBefore - pivot, {0, 0});
  const Vec2 toTarget = detail::unitOr(target - pivot, {0, 0});
  const double cosine = detail::dot(toEnd, toTarget);
  const double sine = cross(toEnd, toTarget);
  const double wanted = std::atan2(sine, cosine);
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
    world[k] += change;
    const auto at = 2 * static_cast<size_t>(k + 1);
    const double armX = position[at] - pivot.x, armY = position[at + 1] - pivot.y;
    position[at] = pivot.x + (rotation.x * armX - rotation.y * armY);
    position[at + 1] = pivot.y + (rotation.y * armX + rotation.x * armY);
  }
  return std::fabs(change);
}

// After an unconstrained CCD sweep: each bone back to its exact length along its direction (the
// rotations round the lengths by an ulp or so), and the world angles summed afresh. With
// constraints the sweep ends in exact forward kinematics from the angles instead.
void Chain::settleTurnedBones() {
  if (anyConstraint()) {
    updatePositionsFrom(0);
    return;
  }
  double* position = positions_.data();
  const double* length = lengths_.data();
  double world = 0;
  for (int i = 0; i < size(); ++i) {
    const auto at = 2 * static_cast<size_t>(i);
    world += angles_[static_cast<size_t>(i)];
    worldAngles_[static_cast<size_t>(i)] = world;
    Vec2 unit;
    if (detail::directionOf({position[at + 2] - position[at], position[at + 3] - position[at + 1]}, unit)) {
      position[at + 2] = position[at] + length[i] * unit.x;
      position[at + 3] = position[at + 1] + length[i] * unit.y;
    }
  }
}

}  // namespace ik2d
