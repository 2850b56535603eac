// rope.cpp: the Verlet rope: checks, pins, integration, constraint passes and the exact pass.
//
// Sections: building and pins, step, constraints.
#include "ik2d/rope.hpp"

#include <algorithm>

#include "cold.hpp"
#include "follow_detail.hpp"

namespace ik2d {

namespace {

constexpr double kExactTolerance = 0.005;  // the exact pass leaves segments within 0.5 %
constexpr int kMaxStraightenPasses = 100;

bool isCoordinate(double value) { return isValid(value) && std::fabs(value) <= Rope::kMaxCoordinate; }

// Puts point `to` at `rest` from point `from`, along the line from `from` to where `to` is; a point
// on top of `from` goes along `fallback` (a unit vector) instead.
void place(double* xy, size_t from, size_t to, double rest, double& fallbackX, double& fallbackY) {
  double dx = xy[2 * to] - xy[2 * from], dy = xy[2 * to + 1] - xy[2 * from + 1];
  double d = detail::norm(dx, dy);
  if (!(d > 0)) dx = fallbackX, dy = fallbackY, d = 1;
  fallbackX = dx / d;
  fallbackY = dy / d;
  xy[2 * to] = xy[2 * from] + rest * fallbackX;
  xy[2 * to + 1] = xy[2 * from + 1] + rest * fallbackY;
}

}  // namespace

// ---- building and pins --------------------------------------------------------------------------

IK2D_COLD const char* Rope::reset(const Vec2* points, int count, const RopeOptions& options) {
  if (count < 2 || count > kMaxPoints || points == nullptr) return "points must hold from 2 to 100000 points";
  IK2D_ROPE_OPTIONS(IK2D_OPTION_CHECK)
  if (const char* message = detail::checkPointRow(points, count, kMaxPoints, kMaxCoordinate)) return message;
  options_ = options;
  const auto n = static_cast<size_t>(count);
  xy_.resize(2 * n);
  rest_.resize(n - 1);
  restSum_.resize(n);
  pinned_.assign(n, 0);
  restSum_[0] = 0;
  for (size_t i = 0; i < n; ++i) {
    xy_[2 * i] = points[i].x;
    xy_[2 * i + 1] = points[i].y;
    if (i > 0) {
      rest_[i - 1] = length(points[i] - points[i - 1]);
      restSum_[i] = restSum_[i - 1] + rest_[i - 1];
    }
  }
  previous_ = xy_;
  return nullptr;
}

IK2D_COLD const char* Rope::setOptions(const RopeOptions& options) {
  IK2D_ROPE_OPTIONS(IK2D_OPTION_CHECK)
  options_ = options;
  return nullptr;
}

double Rope::restBetween(int a, int b) const {
  return std::fabs(restSum_[static_cast<size_t>(b)] - restSum_[static_cast<size_t>(a)]);
}

IK2D_COLD const char* Rope::pin(int index, Vec2 point) {
  if (index < 0 || index >= size()) return "index must be a point of this rope, from 0 to size() - 1";
  if (!isCoordinate(point.x)) return "point.x must be a finite number within 1e12";
  if (!isCoordinate(point.y)) return "point.y must be a finite number within 1e12";
  for (int j = 0; j < size(); ++j) {
    if (j == index || !pinned(j)) continue;
    const double rest = restBetween(index, j);
    const double d = length(point - position(j));
    if (d > rest || (std::abs(j - index) == 1 && d < (1 - kExactTolerance) * rest))
      return "point must be within the rope's rest length of every other pin (and a neighbour pin at it)";
  }
  const auto i = static_cast<size_t>(index);
  pinned_[i] = 1;
  xy_[2 * i] = previous_[2 * i] = point.x;
  xy_[2 * i + 1] = previous_[2 * i + 1] = point.y;
  return nullptr;
}

IK2D_COLD const char* Rope::unpin(int index) {
  if (index < 0 || index >= size()) return "index must be a point of this rope, from 0 to size() - 1";
  const auto i = static_cast<size_t>(index);
  pinned_[i] = 0;
  previous_[2 * i] = xy_[2 * i];
  previous_[2 * i + 1] = xy_[2 * i + 1];
  return nullptr;
}

Vec2 Rope::position(int index) const {
  return {xy_[2 * static_cast<size_t>(index)], xy_[2 * static_cast<size_t>(index) + 1]};
}

// ---- step ---------------------------------------------------------------------------------------

const char* Rope::step(double dt, int steps) {
  if (xy_.empty()) return "the rope has no points: reset it first";
  if (!isValid(dt) || !(dt > 0) || dt > 0.1)
    return "dt must be a number of seconds greater than 0, at most 0.1";
  if (steps < 1 || steps > 100000) return "steps must be a whole number from 1 to 100000";
  const int split = std::max(1, static_cast<int>(std::ceil(dt / kMaxSubstep - 1e-9)));
  const double h = dt / split;
  // The share of its speed a free point keeps over one substep: (1 - damping) per 1/60 s.
  const double keep = std::pow(1 - options_.damping, h * 60);
  for (int s = 0; s < steps; ++s) {
    for (int k = 0; k < split; ++k) substep(h, keep);
  }
  return nullptr;
}

void Rope::substep(double h, double keep) {
  const double gx = options_.gravityX * h * h, gy = options_.gravityY * h * h;
  const size_t n = pinned_.size();
  for (size_t i = 0; i < n; ++i) {
    const double x = xy_[2 * i], y = xy_[2 * i + 1];
    if (pinned_[i]) {
      previous_[2 * i] = x;
      previous_[2 * i + 1] = y;
      continue;
    }
    xy_[2 * i] = x + (x - previous_[2 * i]) * keep + gx;
    xy_[2 * i + 1] = y + (y - previous_[2 * i + 1]) * keep + gy;
    previous_[2 * i] = x;
    previous_[2 * i + 1] = y;
  }
  relax();
  // The exact pass: free ends hang from their nearest pin; stretches between pins are straightened.
  int first = -1, last = -1;
  for (size_t i = 0; i < n; ++i) {
    if (!pinned_[i]) continue;
    const int index = static_cast<int>(i);
    if (first < 0) first = index;
    if (last >= 0 && index > last + 1) straighten(last, index);
    last = index;
  }
  if (first < 0) {
    hangTail(0, static_cast<int>(n) - 1);  // nothing pinned: the rope hangs from its first point
  } else {
    hangTail(first, 0);
    hangTail(last, static_cast<int>(n) - 1);
  }
  // A point that left double range (a free fall over astronomical times) starts over at rest.
  for (size_t i = 0; i < 2 * n; ++i) {
    if (!isValid(xy_[i]) || !isValid(previous_[i])) xy_[i] = previous_[i] = 0;
  }
}

// ---- constraints --------------------------------------------------------------------------------

// Gauss-Seidel passes: each segment moves its free ends (half each, or all on the free one) to its
// rest length; passes alternate direction so that neither end of the rope is favoured.
void Rope::relax() {
  const int segments = static_cast<int>(rest_.size());
  for (int pass = 0; pass < options_.iterations; ++pass) {
    const bool forward = pass % 2 == 0;
    for (int k = 0; k < segments; ++k) {
      const auto a = static_cast<size_t>(forward ? k : segments - 1 - k), b = a + 1;
      const double wa = pinned_[a] ? 0.0 : 1.0, wb = pinned_[b] ? 0.0 : 1.0;
      if (wa + wb == 0) continue;
      const double dx = xy_[2 * b] - xy_[2 * a], dy = xy_[2 * b + 1] - xy_[2 * a + 1];
      const double d = detail::norm(dx, dy);
      if (!(d > 0)) continue;
      // Along the unit direction, so that a segment squeezed to a denormal length moves its free
      // ends by a finite amount (dividing by d·(wa + wb) there overflows), and a pinned end never
      // takes part in the arithmetic (0 · ∞ would make it NaN).
      const double ux = dx / d, uy = dy / d;
      const double move = (d - rest_[a]) / (wa + wb);
      if (wa > 0) {
        xy_[2 * a] += move * ux;
        xy_[2 * a + 1] += move * uy;
      }
      if (wb > 0) {
        xy_[2 * b] -= move * ux;
        xy_[2 * b + 1] -= move * uy;
      }
    }
  }
}

// Points from `from` (excluded) to `to`, one by one, each at its rest length from the one before.
void Rope::hangTail(int from, int to) {
  if (from == to) return;
  const int direction = to > from ? 1 : -1;
  double fx = 0, fy = direction > 0 ? -1.0 : 1.0;
  for (int i = from; i != to; i += direction) {
    const int next = i + direction;
    const double rest = rest_[static_cast<size_t>(std::min(i, next))];
    place(xy_.data(), static_cast<size_t>(i), static_cast<size_t>(next), rest, fx, fy);
  }
}

// FABRIK between two pins (first < last, at most their rest length apart): a pass from `last` back
// to `first` and one forward again leave every segment exact but the last, which shrinks toward its
// rest length; repeated while it is off by more than 0.5 %. Skipped when every segment already is.
void Rope::straighten(int first, int last) {
  auto lastOff = [&](int a) {
    const auto i = static_cast<size_t>(a);
    const double d = detail::norm(xy_[2 * i + 2] - xy_[2 * i], xy_[2 * i + 3] - xy_[2 * i + 1]);
    return std::fabs(d - rest_[i]) > kExactTolerance * rest_[i];
  };
  bool off = false;
  for (int a = first; a < last && !off; ++a) off = lastOff(a);
  if (!off) return;
  for (int pass = 0; pass < kMaxStraightenPasses; ++pass) {
    double fx = 1, fy = 0;
    for (int i = last; i > first + 1; --i)
      place(xy_.data(), static_cast<size_t>(i), static_cast<size_t>(i - 1), rest_[static_cast<size_t>(i - 1)],
            fx, fy);
    fx = 1, fy = 0;
    for (int i = first; i < last - 1; ++i)
      place(xy_.data(), static_cast<size_t>(i), static_cast<size_t>(i + 1), rest_[static_cast<size_t>(i)], fx,
            fy);
    if (!lastOff(last - 1)) return;
  }
  // Not there yet: the pins are nearly the rope's length apart and the passes crawl. Lay the
  // stretch on the circular arc through both pins on which every segment is a chord of exactly its
  // rest length (the radius found by bisection), bulging to the side the rope sags to now.
  const auto a = static_cast<size_t>(first), b = static_cast<size_t>(last);
  const Vec2 from{xy_[2 * a], xy_[2 * a + 1]}, to{xy_[2 * b], xy_[2 * b + 1]};
  const double chord = length(to - from);
  auto turnFor = [&](double radius) {  // the arc's total angle for `radius`
    double total = 0;
    for (int i = first; i < last; ++i)
      total += 2 * std::asin(std::min(1.0, rest_[static_cast<size_t>(i)] / (2 * radius)));
    return total;
  };
  double longest = 0;
  for (int i = first; i < last; ++i) longest = std::max(longest, rest_[static_cast<size_t>(i)]);
  double low = 0.5 * longest, high = 1e9 * restBetween(first, last);
  if (turnFor(low) > kPi) {  // start where the arc is a half circle
    double inner = low, outer = high;
    for (int k = 0; k < 200; ++k) {
      const double mid = std::sqrt(inner * outer);
      (turnFor(mid) > kPi ? inner : outer) = mid;
    }
    low = outer;
  }
  for (int k = 0; k < 200; ++k) {  // chord(radius) = 2 radius sin(turn / 2) grows with the radius
    const double mid = std::sqrt(low * high);
    (2 * mid * std::sin(0.5 * turnFor(mid)) < chord ? low : high) = mid;
  }
  const double radius = high, turn = turnFor(radius);
  const Vec2 middle{xy_[2 * ((a + b) / 2)], xy_[2 * ((a + b) / 2) + 1]};
  const double side = cross(to - from, middle - from) < 0 ? -1.0 : 1.0;  // the way it sags
  if (!(chord > 0) || !isValid(turn)) return;
  const Vec2 along = (1 / chord) * (to - from);
  // The start direction leaves the chord by half the turn toward the sag side; each segment turns by
  // its own chord angle the other way.
  double heading = std::atan2(along.y, along.x) + side * 0.5 * turn;
  Vec2 point = from;
  for (int i = first; i + 1 < last; ++i) {
    const double angle = 2 * std::asin(std::min(1.0, rest_[static_cast<size_t>(i)] / (2 * radius)));
    point = point + rest_[static_cast<size_t>(i)] * direction(heading - side * 0.5 * angle);
    heading -= side * angle;
    xy_[2 * static_cast<size_t>(i + 1)] = point.x;
    xy_[2 * static_cast<size_t>(i + 1) + 1] = point.y;
  }
}

}  // namespace ik2d
