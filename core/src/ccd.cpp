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
  const double wanted = std::atan2(cross(toEnd, toTarget), detail::dot(toEnd, toTarget));
  step.kind = ChainStepKind::CcdJoint;
  step.joint = joint;
  step.pivot = pivot;
  step.endBefore = endBefore;
  step.wanted = wanted;
  step.turn = 0;
  if (wanted == 0) return 0;
  const double turned = constrain(joint, angles_[bone] + wanted);
  const double change = wrapAngle(turned - angles_[bone]);
  if (change == 0) return 0;
  step.turn = change;
  angles_[bone] = turned;
  const Vec2 rotation = direction(change);
  for (int k = joint; k < size(); ++k) {
    worldAngles_[static_cast<size_t>(k)] += change;
    const Vec2 arm = position(k + 1) - pivot;
    setPosition(k + 1, pivot + Vec2{rotation.x * arm.x - rotation.y * arm.y,
                                    rotation.y * arm.x + rotation.x * arm.y});
  }
  return std::fabs(change);
}

}  // namespace ik2d
