// chain_detail.hpp: small helpers shared by chain.cpp, ccd.cpp and fabrik.cpp (not public).
#pragma once

#include <cmath>

#include "ik2d/chain.hpp"
#include "ik2d/math.hpp"

namespace ik2d::detail {

/// `angle` if it lies in [min, max], else whichever bound is nearer around the circle.
double clampAngleToRange(double angle, double min, double max);

/// `v` scaled to length 1, or `fallback` when `v` has no direction (zero) or no finite length.
Vec2 unitOr(Vec2 v, Vec2 fallback);

/// True when both coordinates are within Chain::kMaxMagnitude.
inline bool isWithinMagnitude(Vec2 point) {
  return std::fabs(point.x) <= Chain::kMaxMagnitude && std::fabs(point.y) <= Chain::kMaxMagnitude;
}

/// Shortest vector whose direction v / |v| is exact to rounding: below it the coordinates are
/// denormal, and dividing by |v| no longer gives a unit vector (the solvers go through an angle).
inline constexpr double kSmallestDirection = 1e-290;

/// |v|: sqrt(x^2 + y^2) where the squares cannot overflow or underflow, else std::hypot (slower
/// in WebAssembly, where it is a software routine). The two agree to an ulp or so.
inline double fastLength(Vec2 v) {
  const double squared = v.x * v.x + v.y * v.y;
  return squared < 1e300 && squared > 1e-300 ? std::sqrt(squared) : length(v);
}

/// Dot product.
inline double dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }

}  // namespace ik2d::detail
