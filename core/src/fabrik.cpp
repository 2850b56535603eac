// fabrik.cpp: the two half-passes of a FABRIK iteration (Aristidou and Lasenby, 2011),
// constrained while reaching. chain_solve.cpp runs them in turn.
#include <algorithm>

#include "chain_detail.hpp"
#include "ik2d/chain.hpp"
#include "simd.hpp"

namespace ik2d {

// Backward pass, in scratch: put the end on the target, then each joint back toward the root
// along the line to where it was, one bone length from its child:
//   q[n] = t,   q[i] = q[i+1] + l_i * unit(q[i] - q[i+1]).
// A limited joint i+1 also bends bone i so the angle between bones i and i+1 stays in its limit.
// Coincident points have no direction: the bone keeps the one it had.
//
// With no limit anywhere (the common case) the pass is one tight loop. Each joint waits for the
// one before it, so the way from one joint to the next is kept short: the next joint's
//   v = old[i-1] - q[i]   is worked out as   (old[i-1] - q[i+1]) - along_i,
// equal to rounding, whose first difference does not wait for q[i].
void Chain::backwardPass(Vec2 target) {
  // On raw arrays, without a copy of the positions: scratch i is read only once written, and
  // where the pass needs joint i's old place it reads positions_.
  const int bones = size();
  const double* old = positions_.data();
  const double* length = lengths_.data();
  double* back = scratch_.data();
  double childX = target.x, childY = target.y;
  back[2 * bones] = childX;
  back[2 * bones + 1] = childY;
  if (limits_.count() == 0) {
    double toJointX = old[2 * bones - 2] - childX, toJointY = old[2 * bones - 1] - childY;
    // Joint i placed `along` from its child, and the way to the next joint worked out.
    const auto place = [&](int i, Vec2 along) {
      const auto at = 2 * static_cast<size_t>(i);
      const double x = childX + along.x, y = childY + along.y;
      back[at] = x;
      back[at + 1] = y;
      if (i > 0) {
        toJointX = (old[at - 2] - childX) - along.x;
        toJointY = (old[at - 1] - childY) - along.y;
      }
      childX = x;
      childY = y;
    };
    // The end bone of an aimed solve first, turned toward the angle goal by its weight: the loop
    // asks nothing of it.
    int i = bones - 1;
    if (aiming_) {
      place(i, -(length[i] * aimDirection({-toJointX, -toJointY})));
      --i;
    }
    for (; i >= 0; --i) {
      Vec2 along;
      if (!detail::alongOf({toJointX, toJointY}, length[i], along))
        along = keptBoneBackward(i, {toJointX, toJointY});
      place(i, along);
    }
    return;
  }
  for (int i = bones - 1; i >= 0; --i) {
    const auto at = 2 * static_cast<size_t>(i);
    const Vec2 child{childX, childY};
    const Vec2 toJoint{old[at] - childX, old[at + 1] - childY};
    const bool limited = i + 1 < bones && limits_.has(static_cast<size_t>(i) + 1);
    Vec2 along;
    if (aiming_ && i + 1 == bones) {  // the end bone, turned toward the angle goal by its weight
      const Vec2 placed = child - length[i] * aimDirection(-1.0 * toJoint);
      childX = placed.x;
      childY = placed.y;
    } else if (!limited && detail::alongOf(toJoint, length[i], along)) {
      childX = childX + along.x;  // no angle needed
      childY = childY + along.y;
    } else {
      const Vec2 backward = keptDirectionBackward(i, toJoint);
      double world = std::atan2(-backward.y, -backward.x);  // bone i's direction, joint i -> joint i+1
      if (limited) {
        const Vec2 childBone = Vec2{back[at + 4], back[at + 5]} - child;
        if (ik2d::length(childBone) > 0) {
          const auto joint = static_cast<size_t>(i) + 1;
          const double childWorld = std::atan2(childBone.y, childBone.x);
          const double local = detail::clampAngleToRange(wrapAngle(childWorld - world), limits_.min(joint),
                                                         limits_.max(joint));
          world = childWorld - local;
        }
      }
      const Vec2 placed = child - length[i] * direction(world);
      childX = placed.x;
      childY = placed.y;
    }
    back[at] = childX;
    back[at + 1] = childY;
  }
}

// Joint i's unit direction from its child in the backward pass: along toJoint, or, when the
// points coincide and it has none, bone i's own, reversed (from the positions, which are current
// even while the angles wait for syncAngles()).
Vec2 Chain::keptDirectionBackward(int i, Vec2 toJoint) const {
  return detail::unitOr(toJoint, (-1.0 / lengths_[static_cast<size_t>(i)]) * (position(i + 1) - position(i)));
}

// Where an unlimited joint i goes from its child, when alongOf() finds no direction: one length
// along its bone's own direction, reversed.
Vec2 Chain::keptBoneBackward(int i, Vec2 toJoint) const {
  const Vec2 backward = keptDirectionBackward(i, toJoint);
  const double world = std::atan2(-backward.y, -backward.x);
  return -(lengths_[static_cast<size_t>(i)] * direction(world));
}

// Forward pass, on the chain itself: pin the root and re-place each bone along the line toward its
// backward position; the local angle this asks for goes through constrain() (limits and maxStep),
// so every length, limit and step holds after every pass, and the angles are exact by construction.
// Returns the largest change of a local angle.
//
// With no limit and no step limit anywhere, nothing needs an angle: each joint goes one length
// along the line, v / |v| with no trigonometry, and the angles are recovered once, when the solve
// are next needed (syncAngles(): when read, or when another call needs them); positions and angles
// then agree to rounding, not bit for bit. The change returned is then the largest
// joint displacement over the reach, which a turn of that many radians at the chain's far end would make.
double Chain::forwardPass() {
  if (!holdsJoints()) {
    double largestMove = 0;  // squared, over the reach squared
    const double inverseReach = 1.0 / reach_;
    double* position = positions_.data();
    const double* length = lengths_.data();
    const double* back = scratch_.data();
    const int bones = size();
    double baseX = position[0], baseY = position[1], oldBaseX = baseX, oldBaseY = baseY;
    // Toward joint i + 1's backward point; for the next joint (b[i+2] - p[i]) - along_i, as in
    // the backward pass.
    double towardX = back[2] - baseX, towardY = back[3] - baseY;
    // Bone i laid `along` from the joint before it, its move counted.
    const auto place = [&](size_t at, double oldX, double oldY, Vec2 along) {
      const double placedX = baseX + along.x, placedY = baseY + along.y;
      const double moveX = inverseReach * (placedX - oldX);  // relative, so no square underflows
      const double moveY = inverseReach * (placedY - oldY);
      largestMove = std::max(largestMove, moveX * moveX + moveY * moveY);
      oldBaseX = oldX;
      oldBaseY = oldY;
      position[at] = baseX = placedX;
      position[at + 1] = baseY = placedY;
    };
    // The end bone of an aimed solve is laid after the loop (it turns toward the angle goal by
    // its weight), so the loop asks nothing of it.
    const int along_the_way = aiming_ ? bones - 1 : bones;
    for (int i = 0; i < along_the_way; ++i) {
      const auto at = 2 * static_cast<size_t>(i + 1);
      const double oldX = position[at], oldY = position[at + 1];
      Vec2 along;
      // No direction (the backward point on the joint): the bone keeps its own.
      if (!detail::alongOf({towardX, towardY}, length[i], along)) along = {oldX - oldBaseX, oldY - oldBaseY};
      if (i + 1 < bones) {
        towardX = (back[at + 2] - baseX) - along.x;
        towardY = (back[at + 3] - baseY) - along.y;
      }
      place(at, oldX, oldY, along);
    }
    if (along_the_way < bones) {
      const int i = bones - 1;
      const auto at = 2 * static_cast<size_t>(bones);
      place(at, position[at], position[at + 1],
            length[i] * aimDirection({back[at] - baseX, back[at + 1] - baseY}));
    }
    anglesStale_ = true;
    return std::sqrt(largestMove);
  }
  double largestChange = 0;
  double parentWorld = 0;
  for (int i = 0; i < size(); ++i) {
    Vec2 toward{scratch_[2 * static_cast<size_t>(i + 1)], scratch_[2 * static_cast<size_t>(i + 1) + 1]};
    if (aiming_ && i + 1 == size()) toward = position(i) + aimDirection(toward - position(i));
    largestChange = std::max(largestChange, placeBoneToward(i, toward, parentWorld));
  }
  return largestChange;
}

// With an angle goal, the end bone's direction in a pass: the unit vector along `toTarget` (the
// way the pass would lay it) and the goal's (cos alpha, sin alpha), mixed by the angle's weight:
// w = 1 lays the bone along alpha, so the passes bring its start to the wrist's goal. Opposite
// halves (no direction): the heavier one. At w = 1, the goal's direction as it is.
Vec2 Chain::aimDirection(Vec2 toTarget) const {
  const double weight = progress_.angleWeight;
  const Vec2 goal = progress_.aim;
  if (weight == 1) return goal;  // (the common case: no direction to work out)
  const Vec2 along = detail::unitOr(toTarget, goal);
  return detail::unitOr((1 - weight) * along + weight * goal, weight >= 0.5 ? goal : along);
}

}  // namespace ik2d
