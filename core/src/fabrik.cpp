// fabrik.cpp: the two half-passes of a FABRIK iteration (Aristidou and Lasenby, 2011),
// constrained while reaching. chain_solve.cpp runs them in turn.
#include <algorithm>

#include "chain_detail.hpp"
#include "ik2d/chain.hpp"

namespace ik2d {

// Backward pass, in scratch: put the end on the target, then each joint back toward the root
// along the line to where it was, one bone length from its child:
//   q[n] = t,   q[i] = q[i+1] + l_i * unit(q[i] - q[i+1]).
// A limited joint i+1 also bends bone i so the angle between bones i and i+1 stays in its limit.
// Coincident points have no direction: the bone keeps the one it had.
void Chain::backwardPass(Vec2 target) {
  const int bones = size();
  std::copy(positions_.begin(), positions_.end(), scratch_.begin());
  auto scratchAt = [this](int index) {
    return Vec2{scratch_[2 * static_cast<size_t>(index)], scratch_[2 * static_cast<size_t>(index) + 1]};
  };
  auto setScratch = [this](int index, Vec2 p) {
    scratch_[2 * static_cast<size_t>(index)] = p.x;
    scratch_[2 * static_cast<size_t>(index) + 1] = p.y;
  };

  setScratch(bones, target);
  for (int i = bones - 1; i >= 0; --i) {
    const auto bone = static_cast<size_t>(i);
    const Vec2 child = scratchAt(i + 1);
    const Vec2 toJoint = scratchAt(i) - child;
    const double distance = detail::fastLength(toJoint);
    const bool limited = i + 1 < bones && hasLimit_[bone + 1];
    if (!limited && distance > detail::kSmallestDirection && std::isfinite(distance)) {
      setScratch(
          i, child + lengths_[bone] * Vec2{toJoint.x / distance, toJoint.y / distance});  // no angle needed
      continue;
    }
    const Vec2 backward = detail::unitOr(toJoint, -1.0 * direction(worldAngles_[bone]));
    double world = std::atan2(-backward.y, -backward.x);  // bone i's direction, joint i -> joint i+1
    if (limited) {
      const Vec2 childBone = scratchAt(i + 2) - child;
      if (length(childBone) > 0) {
        const double childWorld = std::atan2(childBone.y, childBone.x);
        const double local = detail::clampAngleToRange(wrapAngle(childWorld - world), limitMin_[bone + 1],
                                                       limitMax_[bone + 1]);
        world = childWorld - local;
      }
    }
    setScratch(i, child - lengths_[bone] * direction(world));
  }
}

// Forward pass, on the chain itself: pin the root and re-place each bone along the line toward its
// backward position; the local angle this asks for goes through constrain() (limits and maxStep),
// so every length, limit and step holds after every pass, and the angles are exact by construction.
// Returns the largest change of a local angle.
double Chain::forwardPass() {
  double largestChange = 0;
  double parentWorld = 0;
  for (int i = 0; i < size(); ++i) {
    const Vec2 toward{scratch_[2 * static_cast<size_t>(i + 1)], scratch_[2 * static_cast<size_t>(i + 1) + 1]};
    largestChange = std::max(largestChange, placeBoneToward(i, toward, parentWorld));
  }
  return largestChange;
}

}  // namespace ik2d
