// chain_detail.hpp: small helpers shared by chain.cpp, ccd.cpp and fabrik.cpp (not public).
#pragma once

#include "ik2d/math.hpp"

namespace ik2d::detail {

/// `angle` if it lies in [min, max], else whichever bound is nearer around the circle.
double clampAngleToRange(double angle, double min, double max);

/// `v` scaled to length 1, or `fallback` when `v` has no direction (zero) or no finite length.
Vec2 unitOr(Vec2 v, Vec2 fallback);

/// Dot product.
inline double dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }

}  // namespace ik2d::detail
