// ik2d/two_bone.hpp: the analytic two-bone solver (law of cosines).
//
// A two-bone limb hangs from `root`: bone 1 (length1) from the root to the joint, bone 2
// (length2) from the joint to the end effector. Given a target, the solver finds the one pose
// with the joint on the requested side of the root->target line, or the nearest pose when the
// target cannot be reached.
//
// Extras (all off by default, so a plain call is the plain solver):
// - offset: a tool point fixed to bone 2 (a muzzle, a toe) is what reaches the target. The
//   triangle is root, joint, tool point: its second side is the tool point's distance from the
//   joint, |(length2 + offset.x, offset.y)|, and every zone uses it in place of length2.
// - stretch: a target beyond reach scales both bones (and the offset) so the end lands on it.
// - mix and pose: the result is blended from a given pose (an animation's) toward the IK pose.
#pragma once

#include "ik2d/math.hpp"

namespace ik2d {

/// What happened to a two-bone solve.
enum class TwoBoneStatus {
  Reached,     ///< |length1 - length2| <= d <= length1 + length2: the end is on the target.
  OutOfReach,  ///< d > length1 + length2: fully stretched toward the target (angle2 = 0).
  TooClose,    ///< d < |length1 - length2|: folded (|angle2| = pi) on the root->target line.
  Invalid,     ///< a non-finite number, a length <= 0, a bad bend, softness or mix: see `message`.
  Count,       ///< how many statuses there are (not a status).
};

/// The angles of a two-bone pose, as TwoBoneResult gives them (radians).
struct TwoBonePose {
  double angle1 = 0;  ///< world angle of bone 1, radians, any finite value.
  double angle2 = 0;  ///< angle of bone 2 relative to bone 1, radians, any finite value.
};

/// Input of solveTwoBone. d below is |target - root|; "the second side" is the tool point's
/// distance from the joint, |(length2 + offset.x, offset.y)| (length2 without an offset).
struct TwoBoneInput {
  Vec2 root;           ///< where bone 1 starts, any unit.
  Vec2 target;         ///< where the end effector should go, same unit.
  double length1 = 1;  ///< length of bone 1 (root -> joint), > 0.
  double length2 = 1;  ///< length of bone 2 (joint -> end), > 0.
  /// Which side the joint bends to: +1 puts the joint where cross(target - root, joint - root)
  /// >= 0, -1 on the other side. Exactly +1 or -1. With an offset this is still the joint's side
  /// of the root->target line (the triangle root, joint, tool point), so sign(angle2 + phi) =
  /// -bend for a bent arm, where phi = atan2(offset.y, length2 + offset.x) is the angle the tool
  /// line makes with bone 2.
  double bend = 1;
  /// Spine-style soft reach, in length units, >= 0. Within `softness` of full reach the arm
  /// straightens smoothly (a quadratic ease) instead of snapping straight; 0 disables it.
  /// Values above 2 * min(length1, second side) act as that maximum.
  double softness = 0;
  /// The tool point on bone 2, in bone 2's frame: x along bone 2 beyond its end, y to its left
  /// (+90 degrees from bone 2's direction); same unit as the lengths, finite. (0, 0) is the end.
  Vec2 offset;
  /// true: a target beyond reach scales both bones and the offset by scale = d / reach, so the
  /// end lands on it (status stays OutOfReach). With softness s > 0 the arm stretches by
  /// d / softened(d) from reach - s on, so the end stays on the target while the knee eases
  /// straight; from reach + s on that is d / reach.
  bool stretch = false;
  /// How much of the IK pose to apply over `pose`, 0 to 1: each result angle is
  /// pose + mix * wrap(ik - pose) (the shorter way round), the scale 1 + mix * (scale - 1).
  double mix = 1;
  /// The pose before IK (an animation's), blended from by `mix`; unused when mix is 1.
  TwoBonePose pose;
};

/// Output of solveTwoBone. Every number is finite, whatever the input.
struct TwoBoneResult {
  TwoBoneStatus status = TwoBoneStatus::Invalid;  ///< see TwoBoneStatus.
  Vec2 joint;                                     ///< root + scale * length1 * direction(angle1).
  /// The tool point: joint + scale * R(angle1 + angle2) * (length2 + offset.x, offset.y); without
  /// an offset, joint + scale * length2 * direction(angle1 + angle2).
  Vec2 end;
  double angle1 = 0;    ///< world angle of bone 1, radians in (-pi, pi].
  double angle2 = 0;    ///< angle of bone 2 relative to bone 1, radians in (-pi, pi]; 0 = straight.
  double distance = 0;  ///< |end - target| after solving, same unit as the input.
  double scale = 1;     ///< how much the bones (and the offset) are stretched: 1 unless stretched.
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
