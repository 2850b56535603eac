// two_bone.cpp: the analytic two-bone solver.
//
// Sections: validation, triangle angle, soft reach, blending, solveTwoBone.
#include "ik2d/two_bone.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "enum_name.hpp"

namespace ik2d {
namespace {

// ---- validation --------------------------------------------------------------------------------

constexpr const char* kOverflowMessage =
    "the pose overflows: coordinates plus lengths must stay below 1e307 in magnitude";

// The first problem with the input, as a message naming the field; nullptr when it is valid.
const char* findInvalidField(const TwoBoneInput& input) {
  if (!isValid(input.root.x)) return "root.x must be a finite number";
  if (!isValid(input.root.y)) return "root.y must be a finite number";
  if (!isValid(input.target.x)) return "target.x must be a finite number";
  if (!isValid(input.target.y)) return "target.y must be a finite number";
  if (!isValid(input.length1)) return "length1 must be a finite number";
  if (!(input.length1 > 0)) return "length1 must be greater than 0";
  if (!isValid(input.length2)) return "length2 must be a finite number";
  if (!(input.length2 > 0)) return "length2 must be greater than 0";
  if (input.bend != 1.0 && input.bend != -1.0) return "bend must be +1 or -1";
  if (!isValid(input.softness)) return "softness must be a finite number";
  if (input.softness < 0) return "softness must be 0 or greater";
  if (!isValid(input.offset.x)) return "offset.x must be a finite number";
  if (!isValid(input.offset.y)) return "offset.y must be a finite number";
  if (!(input.mix >= 0 && input.mix <= 1)) return "mix must be from 0 to 1";
  if (!isValid(input.pose.angle1)) return "pose.angle1 must be a finite number";
  if (!isValid(input.pose.angle2)) return "pose.angle2 must be a finite number";
  return nullptr;
}

TwoBoneResult invalidResult(const TwoBoneInput& input, const char* message) {
  TwoBoneResult result;
  result.status = TwoBoneStatus::Invalid;
  result.message = message;
  // Keep the pose finite and predictable: everything collapsed onto the root when it is usable.
  if (isValid(input.root)) {
    result.joint = input.root;
    result.end = input.root;
  }
  return result;
}

// ---- triangle angle ----------------------------------------------------------------------------

// The interior angle between sides `a` and `b` of a triangle whose third side is `c`, in [0, pi].
// Kahan's formula ("Miscalculating Area and Angles of a Needle-like Triangle"): with a >= b,
//   mu = c - (a - b)  if b >= c,   mu = b - (a - c)  otherwise,
//   C  = 2 atan( sqrt( ((a - b) + c) mu / ((a + (b + c)) ((a - c) + b)) ) ),
// accurate to a few ulps even for needle-thin triangles, where acos of the law of cosines loses
// half its digits. Rounding can leave the sides a hair outside the triangle inequality, so the
// factors are clamped at 0; c = a + b (a straight angle) gives pi.
double interiorAngle(double a, double b, double c) {
  if (a < b) std::swap(a, b);
  const double mu = (b >= c) ? c - (a - b) : b - (a - c);
  const double numerator = ((a - b) + c) * std::max(mu, 0.0);
  const double denominator = (a + (b + c)) * std::max((a - c) + b, 0.0);
  if (denominator <= 0.0) return numerator > 0.0 ? kPi : 0.0;
  return 2.0 * std::atan(std::sqrt(numerator / denominator));
}

// |v| as sqrt(x^2 + y^2) after scaling by a power of two near the larger coordinate (exact in
// binary), so no square overflows or underflows needlessly. Not std::hypot: TwoBoneBatch
// computes this same expression on its vector path, and must get the same bits, because the
// angles near full stretch and full fold go as sqrt(reach - d): one ulp of d moves them by 1e-8.
[[gnu::noinline]] double scaledLength(Vec2 v) {
  const double largest = std::max(std::fabs(v.x), std::fabs(v.y));
  if (!(largest > 0.0)) return 0.0;
  int exponent = 0;
  std::frexp(largest, &exponent);
  const double x = std::ldexp(v.x, -exponent);
  const double y = std::ldexp(v.y, -exponent);
  return std::ldexp(std::sqrt(x * x + y * y), exponent);
}

// ---- soft reach --------------------------------------------------------------------------------

// The distance the arm actually reaches for, given the true distance, as in Spine's IK
// constraint. With reach = l1 + l2 and s = softness, once distance > reach - s:
//   sd = distance - reach + s,  p = min(1, sd / 2s) - 1,  softened = reach - s p^2,
// which meets the identity at distance = reach - s with slope 1 (C1) and flattens onto full
// reach at distance = reach + s. s is capped at reach - |l1 - l2| so the ease never starts
// inside the folded zone.
double softenedDistance(double distance, double length1, double length2, double softness) {
  const double reach = length1 + length2;
  const double soft = std::min(softness, reach - std::fabs(length1 - length2));
  if (!(soft > 0.0)) return distance;
  const double past = distance - reach + soft;
  if (past <= 0.0) return distance;
  const double p = std::min(1.0, past / (2.0 * soft)) - 1.0;
  return reach - soft * p * p;
}

// ---- blending ------------------------------------------------------------------------------------

// From `pose` toward `ik` by `mix`, the shorter way round: pose + mix * wrap(ik - pose), wrapped.
double blendAngle(double pose, double ik, double mix) { return wrapAngle(pose + mix * wrapAngle(ik - pose)); }

}  // namespace

// ---- solveTwoBone ------------------------------------------------------------------------------

TwoBoneResult solveTwoBone(const TwoBoneInput& input) {
  if (const char* message = findInvalidField(input)) return invalidResult(input, message);

  const Vec2 toTarget = input.target - input.root;
  if (!isValid(toTarget)) {
    return invalidResult(input, "target - root overflows: coordinates must stay below 1e307 in magnitude");
  }

  // The tool point in bone 2's frame, `tool`; the triangle's second side is its length (length2
  // itself without an offset), and phi, the angle the tool line makes with bone 2, turns the
  // triangle's answer for the tool line back into bone 2's angle.
  const Vec2 tool{input.length2 + input.offset.x, input.offset.y};
  if (!isValid(tool)) return invalidResult(input, kOverflowMessage);
  const double phi = input.offset.y != 0.0 ? std::atan2(tool.y, tool.x) : (tool.x < 0.0 ? kPi : 0.0);

  // The pose depends only on the triangle (d, l1, l2: the second side) and on the direction to
  // the target. Every vector is scaled by a power of two near the largest of their coordinates
  // (exact in binary) before it is measured, so that no intermediate overflows or underflows
  // needlessly, at any scale from 1e-300 to 1e300 (denormal lengths included: a stretch divides
  // by the reach, so the reach must not round away).
  int exponent = 0;
  std::frexp(std::max({std::fabs(toTarget.x), std::fabs(toTarget.y), input.length1, std::fabs(tool.x),
                       std::fabs(tool.y)}),
             &exponent);
  const auto down = [exponent](Vec2 v) {
    return Vec2{std::ldexp(v.x, -exponent), std::ldexp(v.y, -exponent)};
  };
  const double d = scaledLength(down(toTarget));
  const double baseAngle = d > 0.0 ? std::atan2(toTarget.y, toTarget.x) : 0.0;
  const double l1 = std::ldexp(input.length1, -exponent);
  const double l2 = scaledLength(down(tool));
  const double softness = std::ldexp(input.softness, -exponent);
  const double reach = l1 + l2;
  const double innerReach = std::fabs(l1 - l2);

  TwoBoneResult result;
  if (d > reach) result.status = TwoBoneStatus::OutOfReach;
  else if (d < innerReach) result.status = TwoBoneStatus::TooClose;
  else result.status = TwoBoneStatus::Reached;

  // alpha: angle at the root between root->target and root->joint.
  // beta: interior angle at the joint between joint->root and joint->end.
  // Stretched (ds >= reach): alpha = 0, beta = pi. Folded (ds <= |l1 - l2|): beta = 0, and bone 1
  // points at the target when it is the longer bone (alpha = 0) or away from it (alpha = pi); these
  // are the limits of the triangle case at both boundaries, so the pose never jumps.
  const double ds = softenedDistance(d, l1, l2, softness);
  double alpha = 0.0;
  double beta = kPi;
  if (ds <= innerReach) {
    alpha = l1 >= l2 ? 0.0 : kPi;
    beta = 0.0;
  } else if (ds < reach) {
    alpha = interiorAngle(ds, l1, l2);
    beta = interiorAngle(l1, l2, ds);
  }

  // Stretch: the unscaled arm puts its end at distance reached = min(ds, reach) along the line;
  // scaling every length by d / reached (the angles unchanged) puts it on the target. Without
  // softness that is d / reach beyond reach and nothing within it.
  const double reached = std::min(ds, reach);
  double scale = 1.0;
  if (input.stretch && d > reached) {
    scale = d / reached;  // reached = 0 (lengths below 1e-323 of d) gives infinity too
    if (!isValid(scale)) {
      return invalidResult(
          input, "stretch overflows: the target is too far for lengths this small (d / reach above 1e308)");
    }
  }

  // bend = +1 turns bone 1 counter-clockwise of root->target by alpha, so
  // cross(target - root, joint - root) >= 0; the tool line then turns back by pi - beta, and
  // bone 2 by phi less.
  double angle1 = wrapAngle(baseAngle + input.bend * alpha);
  double angle2 = wrapAngle(-input.bend * (kPi - beta) - phi);
  if (input.mix != 1.0) {
    angle1 = blendAngle(input.pose.angle1, angle1, input.mix);
    angle2 = blendAngle(input.pose.angle2, angle2, input.mix);
    scale = 1.0 + input.mix * (scale - 1.0);
  }
  result.angle1 = angle1;
  result.angle2 = angle2;
  result.scale = scale;
  result.joint = input.root + (scale * input.length1) * direction(angle1);
  const Vec2 bone2 = direction(angle1 + angle2);
  const Vec2 scaledTool = scale * tool;
  result.end = result.joint + Vec2{bone2.x * scaledTool.x - bone2.y * scaledTool.y,
                                   bone2.y * scaledTool.x + bone2.x * scaledTool.y};
  result.distance = length(result.end - input.target);

  if (!isValid(result.joint) || !isValid(result.end) || !isValid(result.distance)) {
    return invalidResult(input, kOverflowMessage);
  }
  return result;
}

const char* toString(TwoBoneStatus status) {
  static constexpr const char* kNames[] = {"reached", "out_of_reach", "too_close", "invalid"};
  return detail::enumName(status, kNames, "invalid");
}

}  // namespace ik2d
