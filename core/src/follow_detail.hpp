// follow_detail.hpp: the follow-the-leader move shared by FollowChain and Creature, and the check
// of a row of points FollowChain and Rope share. Not public.
#pragma once

#include <cmath>

#include "ik2d/math.hpp"

namespace ik2d::detail {

/// maxBend as the cosine and sine the follow compares and rotates by; inactive at pi or more.
struct BendLimit {
  double cos = -1;
  double sin = 0;
  bool active = false;
};

inline BendLimit bendLimitOf(double maxBend) {
  BendLimit limit;
  limit.active = maxBend < kPi;
  limit.cos = std::cos(maxBend);
  limit.sin = std::sin(maxBend);
  return limit;
}

/// Why `count` points cannot make a FollowChain or a Rope (nullptr when they can): 2 to
/// `maxPoints` of them, each coordinate finite and within `maxCoordinate`, each at least 1e-100
/// from the one before it.
inline const char* checkPointRow(const Vec2* points, int count, int maxPoints, double maxCoordinate) {
  if (count < 2 || count > maxPoints || points == nullptr) return "points must hold from 2 to 100000 points";
  const auto isCoordinate = [maxCoordinate](double value) {
    return isValid(value) && std::fabs(value) <= maxCoordinate;
  };
  for (int i = 0; i < count; ++i) {
    if (!isCoordinate(points[i].x) || !isCoordinate(points[i].y))
      return "points must be finite numbers within 1e12";
  }
  for (int i = 1; i < count; ++i) {
    if (!(length(points[i] - points[i - 1]) >= 1e-100))
      return "points must be apart: each at least 1e-100 from the one before it";
  }
  return nullptr;
}

/// |(x, y)| by one square root where that cannot overflow or underflow, std::hypot otherwise.
inline double norm(double x, double y) {
  const double squared = x * x + y * y;
  if (squared > 1e-280 && squared < 1e280) return std::sqrt(squared);
  return std::hypot(x, y);
}

/// Moves point 0 of `xy` (x0, y0, x1, y1, ..., `count` points) to `head`, then each following
/// point to `spacings[i - 1]` behind the point before it, along the line from that point to where
/// it was, turned to within the bend limit of the segment before. A point on top of the one before
/// keeps its old direction (or the previous segment's, or +x). No allocation, never NaN for finite
/// input.
inline void followLeader(double* xy, const double* spacings, int count, Vec2 head, BendLimit limit) {
  double oldPreviousX = xy[0], oldPreviousY = xy[1];
  double previousX = head.x, previousY = head.y;
  xy[0] = head.x;
  xy[1] = head.y;
  double ux = 1, uy = 0;  // the previous segment's direction (from the point before to this one)
  for (int i = 1; i < count; ++i) {
    const double oldX = xy[2 * i], oldY = xy[2 * i + 1];
    double dx = oldX - previousX, dy = oldY - previousY;
    double d = norm(dx, dy);
    if (!(d > 0)) {
      dx = oldX - oldPreviousX;
      dy = oldY - oldPreviousY;
      d = norm(dx, dy);
      if (!(d > 0)) dx = ux, dy = uy, d = 1;
    }
    double vx = dx / d, vy = dy / d;
    if (i > 1 && limit.active && ux * vx + uy * vy < limit.cos) {
      const double sign = ux * vy - uy * vx < 0 ? -1.0 : 1.0;
      vx = limit.cos * ux - sign * limit.sin * uy;
      vy = limit.cos * uy + sign * limit.sin * ux;
      const double unit = std::sqrt(vx * vx + vy * vy);
      vx /= unit;
      vy /= unit;
    }
    oldPreviousX = oldX;
    oldPreviousY = oldY;
    const double spacing = spacings[i - 1];
    previousX += spacing * vx;
    previousY += spacing * vy;
    xy[2 * i] = previousX;
    xy[2 * i + 1] = previousY;
    ux = vx;
    uy = vy;
  }
}

}  // namespace ik2d::detail
