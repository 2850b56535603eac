// two_bone_joint.hpp: the two-bone kernel's joint alone, for callers that draw only the joint (the
// creature's knees). Not public.
#pragma once

#include "ik2d/math.hpp"

namespace ik2d {

/// The joint solveTwoBoneLimb gives a plain limb (no softness, offset, stretch, mix or pose),
/// bit for bit, without the angles, the end and the distance it also works out. Sets `joint`;
/// false when the limb is invalid (then `joint` is solveTwoBoneLimb's).
bool twoBoneJoint(Vec2 root, Vec2 target, double length1, double length2, double bend, Vec2& joint);

}  // namespace ik2d
