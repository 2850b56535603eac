// ik2d/math.hpp: the one place the library's conventions are stated.
//
// Conventions (all of ik2d):
// - Positions and lengths are plain doubles in any consistent unit.
// - Angles are radians, measured from the +x axis toward the +y axis, and every angle the library
//   returns is wrapped to (-pi, pi]. On a y-down canvas that turns clockwise on screen; the core
//   does not care which way y points.
// - Outputs are never NaN or infinite. Bad input is reported through a status and a message that
//   names the offending field; the core never throws and needs neither exceptions nor RTTI.
#pragma once

#include <cmath>

namespace ik2d {

/// pi, to double precision.
inline constexpr double kPi = 3.14159265358979323846;

/// A point or a vector in the plane.
struct Vec2 {
  double x = 0.0;  ///< x coordinate, any unit.
  double y = 0.0;  ///< y coordinate, same unit as x.
};

inline Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
inline Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
inline Vec2 operator-(Vec2 v) { return {-v.x, -v.y}; }
inline Vec2 operator*(double s, Vec2 v) { return {s * v.x, s * v.y}; }

/// z component of the cross product a x b: positive when b lies counter-clockwise of a
/// (toward +y from +x).
inline double cross(Vec2 a, Vec2 b) { return a.x * b.y - a.y * b.x; }

/// Euclidean length without intermediate overflow or underflow (std::hypot).
inline double length(Vec2 v) { return std::hypot(v.x, v.y); }

/// Unit vector at `angle` radians from +x toward +y.
inline Vec2 direction(double angle) { return {std::cos(angle), std::sin(angle)}; }

/// True when `value` is neither NaN nor infinite.
inline bool isValid(double value) { return std::isfinite(value); }

/// True when both coordinates are finite.
inline bool isValid(Vec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); }

/// `angle` wrapped to (-pi, pi]. A non-finite angle maps to 0 so that no NaN can spread.
double wrapAngle(double angle);

/// Most fixed steps one step(dt, steps) call may advance: the one range, 1 to kMaxStepCount, of
/// Rope::step, Skeleton::step and the bindings' Creature, CreatureCrowd and Spider step counts.
inline constexpr int kMaxStepCount = 100000;

/// Why `steps` is refused as a step count (not a whole number from 1 to kMaxStepCount), or nullptr:
/// the one check and message for every step(dt, steps). A double, so a binding passes what JS gave.
const char* stepCountMessage(double steps);

}  // namespace ik2d
