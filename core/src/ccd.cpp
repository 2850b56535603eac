// ccd.cpp: one sweep of cyclic coordinate descent.
#include <algorithm>

#include "chain_detail.hpp"
#include "ik2d/chain.hpp"

namespace ik2d {

// From the last joint back to the root, turn each joint by the angle between (end - joint) and
// (target - joint), as far as its constraints allow:
//   turn = atan2(cross(e - p, t - p), dot(e - p, t - p)),
// which is 0 when either vector vanishes (the joint cannot help). Turning a joint turns every bone
// after it rigidly, so only its own local angle changes; positions are recomputed from that joint.
// Both vectors are scaled to unit length first so their products cannot overflow at any scale.
double Chain::sweepCcd(Vec2 target) {
  double largestChange = 0;
  for (int i = size() - 1; i >= 0; --i) {
    const auto bone = static_cast<size_t>(i);
    const Vec2 joint = position(i);
    const Vec2 toEnd = detail::unitOr(end() - joint, {0, 0});
    const Vec2 toTarget = detail::unitOr(target - joint, {0, 0});
    const double turn = std::atan2(cross(toEnd, toTarget), detail::dot(toEnd, toTarget));
    if (turn == 0) continue;
    const double turned = constrain(i, angles_[bone] + turn);
    const double change = std::fabs(wrapAngle(turned - angles_[bone]));
    if (change == 0) continue;
    largestChange = std::max(largestChange, change);
    angles_[bone] = turned;
    updatePositionsFrom(i);
  }
  return largestChange;
}

}  // namespace ik2d
