// chain_detail.hpp: small helpers shared by chain.cpp, ccd.cpp and fabrik.cpp (not public).
#pragma once

#include <cmath>

#include "chain_rules.hpp"
#include "ik2d/chain.hpp"
#include "ik2d/math.hpp"

namespace ik2d::detail {

/// Damped least squares' lambda never goes below this (in reach units): damping 0 cannot divide by
/// zero on a straight chain, whose J J^T is singular (dls.cpp, and the rescue's steps).
inline constexpr double kMinDamping = 1e-6;

/// `angle` if it lies in [min, max], else whichever bound is nearer around the circle.
double clampAngleToRange(double angle, double min, double max);

/// atan2(y, x): the branch-free Cephes atan2 of simd.hpp, within an ulp or so of std::atan2 and
/// faster in WebAssembly (one out-of-line copy, for the module's size).
double fastAtan2(double y, double x);

/// `v` scaled to length 1, or `fallback` when `v` has no direction (zero) or no finite length.
Vec2 unitOr(Vec2 v, Vec2 fallback);

/// True when both coordinates are within Chain::kMaxMagnitude.
inline bool isWithinMagnitude(Vec2 point) {
  return std::fabs(point.x) <= Chain::kMaxMagnitude && std::fabs(point.y) <= Chain::kMaxMagnitude;
}

/// |v|: sqrt(x^2 + y^2) where the squares cannot overflow or underflow, else std::hypot (slower
/// in WebAssembly, where it is a software routine). The two agree to an ulp or so.
inline double fastLength(Vec2 v) {
  const double squared = v.x * v.x + v.y * v.y;
  return squared < 1e300 && squared > 1e-300 ? std::sqrt(squared) : length(v);
}

/// v / |v| into `unit`, exact to rounding at any scale (tiny vectors, denormal ones included, are
/// first scaled by a power of two, which is exact); false when v is zero or not finite.
inline bool directionOf(Vec2 v, Vec2& unit) {
  const double squared = v.x * v.x + v.y * v.y;
  if (squared < 1e300 && squared > 1e-300) {
    const double inverse = 1.0 / std::sqrt(squared);
    unit = {v.x * inverse, v.y * inverse};
    return true;
  }
  const double largest = std::fmax(std::fabs(v.x), std::fabs(v.y));
  if (!(largest > 0) || !std::isfinite(largest)) return false;
  const int exponent = std::ilogb(largest);
  const Vec2 scaled{std::ldexp(v.x, -exponent), std::ldexp(v.y, -exponent)};
  const double length = std::sqrt(scaled.x * scaled.x + scaled.y * scaled.y);
  unit = {scaled.x / length, scaled.y / length};
  return true;
}

/// `v` scaled to `length` into `out`: (v length) / |v|, as ChainBatch's passes compute it;
/// false when v is zero or not finite. FABRIK's passes are a chain of these, each waiting for the
/// one before, so the products overlap the square root and only a division follows it
/// (rules::alongOf). Outside the range where that cannot overflow or underflow, directionOf's way.
inline bool alongOf(Vec2 v, double length, Vec2& out) {
  if (rules::alongOf(v.x, v.y, length, out.x, out.y)) return true;
  Vec2 unit;
  if (!directionOf(v, unit)) return false;
  out = {length * unit.x, length * unit.y};
  return true;
}

/// An angle of a rig reflected across a vertical line: a world angle a (a bone on the root) becomes
/// pi - a, a local angle (relative to a parent, itself reflected) changes sign; wrapped. Its own
/// inverse (to rounding).
inline double reflectAngle(bool onRoot, double angle) { return wrapAngle(onRoot ? kPi - angle : -angle); }

/// Dot product.
inline double dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }

}  // namespace ik2d::detail
