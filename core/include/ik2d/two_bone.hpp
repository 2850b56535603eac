// ik2d/two_bone.hpp: the analytic two-bone solver (law of cosines).
//
// A two-bone limb hangs from `root`: bone 1 (length1) from the root to the joint, bone 2
// (length2) from the joint to the end effector. Given a target, the solver finds the one pose
// with the joint on the requested side of the root->target line, or the nearest pose when the
// target cannot be reached.
#pragma once

#include "ik2d/math.hpp"

namespace ik2d {

/// What happened to a two-bone solve.
enum class TwoBoneStatus {
  Reached,     ///< |length1 - length2| <= d <= length1 + length2: the end is on the target.
  OutOfReach,  ///< d > length1 + length2: fully stretched toward the target (angle2 = 0).
  TooClose,    ///< d < |length1 - length2|: folded (|angle2| = pi) on the root->target line.
  Invalid,     ///< a non-finite number, a length <= 0, a bad bend or softness: see `message`.
};

/// Input of solveTwoBone. d below is |target - root|.
struct TwoBoneInput {
  Vec2 root;           ///< where bone 1 starts, any unit.
  Vec2 target;         ///< where the end effector should go, same unit.
  double length1 = 1;  ///< length of bone 1 (root -> joint), > 0.
  double length2 = 1;  ///< length of bone 2 (joint -> end), > 0.
  /// Which side the joint bends to: +1 puts the joint where cross(target - root, joint - root)
  /// >= 0, -1 on the other side. Exactly +1 or -1.
  double bend = 1;
  /// Spine-style soft reach, in length units, >= 0. Within `softness` of full reach the arm
  /// straightens smoothly (a quadratic ease) instead of snapping straight; 0 disables it.
  /// Values above 2 * min(length1, length2) act as that maximum.
  double softness = 0;
};

/// Output of solveTwoBone. Every number is finite, whatever the input.
struct TwoBoneResult {
  TwoBoneStatus status = TwoBoneStatus::Invalid;  ///< see TwoBoneStatus.
  Vec2 joint;                                     ///< root + length1 * direction(angle1).
  Vec2 end;                                       ///< joint + length2 * direction(angle1 + angle2).
  double angle1 = 0;                              ///< world angle of bone 1, radians in (-pi, pi].
  double angle2 = 0;    ///< angle of bone 2 relative to bone 1, radians in (-pi, pi]; 0 = straight.
  double distance = 0;  ///< |end - target| after solving, same unit as the input.
  /// Why the input was refused (status Invalid), naming the field; nullptr otherwise. Points to
  /// static storage.
  const char* message = nullptr;
};

/// Solves a two-bone limb analytically. Never NaN, never throws; see TwoBoneStatus for the zones.
/// A target exactly at the root is taken to lie in the +x direction.
TwoBoneResult solveTwoBone(const TwoBoneInput& input);

/// The lower-case name of a status as the JS API spells it ("reached", "out_of_reach", ...).
const char* toString(TwoBoneStatus status);

}  // namespace ik2d
