// rope.cpp: the Verlet rope: checks, pins, integration, constraint passes and the exact pass.
//
// Sections: building and pins, step, constraints.
#include "ik2d/rope.hpp"

#include <algorithm>

#include "cold.hpp"
#include "follow_detail.hpp"
#include "message.hpp"

namespace ik2d {

namespace {

constexpr double kNeighbourPinTolerance = 0.005;  // a neighbour pin may be 0.5 % off its rest length
// The passes go on until the last segment is this close to its rest length (relative): where they
// stop then hardly depends on where they started, so a stretch at rest is not nudged back and forth.
constexpr double kPassTolerance = 1e-5;
// A stretch whose points move less than this share of a segment per substep is settling: if it
// needs the arc then, it stays on it (rather than switching between the arc and FABRIK's shape).
constexpr double kSettlingMove = 0.01;
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
  arcRadius_.assign(n, 0);
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
  forgetStretches();
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
    if (d > rest || (std::abs(j - index) == 1 && d < (1 - kNeighbourPinTolerance) * rest))
      return "point must be within the rope's rest length of every other pin (and a neighbour pin at it)";
  }
  const auto i = static_cast<size_t>(index);
  pinned_[i] = 1;
  forgetStretches();
  xy_[2 * i] = previous_[2 * i] = point.x;
  xy_[2 * i + 1] = previous_[2 * i + 1] = point.y;
  return nullptr;
}

IK2D_COLD const char* Rope::unpin(int index) {
  if (index < 0 || index >= size()) return "index must be a point of this rope, from 0 to size() - 1";
  const auto i = static_cast<size_t>(index);
  pinned_[i] = 0;
  forgetStretches();
  previous_[2 * i] = xy_[2 * i];
  previous_[2 * i + 1] = xy_[2 * i + 1];
  return nullptr;
}

// A pin or an option changed: every stretch between pins is judged afresh.
void Rope::forgetStretches() { std::fill(arcRadius_.begin(), arcRadius_.end(), 0.0); }

Vec2 Rope::position(int index) const {
  return {xy_[2 * static_cast<size_t>(index)], xy_[2 * static_cast<size_t>(index) + 1]};
}

// ---- step ---------------------------------------------------------------------------------------

const char* Rope::step(double dt, int steps) {
  if (xy_.empty()) return "the rope has no points: reset it first";
  if (!isValid(dt) || !(dt > 0) || dt > 0.1)
    return "dt must be a number of seconds greater than 0, at most 0.1";
  if (const char* refused = stepCountMessage(steps)) return refused;
  const int split = std::max(1, static_cast<int>(std::ceil(dt / kMaxSubstep - 1e-9)));
  if (static_cast<double>(steps) * split * (options_.iterations + 2) * static_cast<double>(size()) > kMaxWork)
    return detail::formatMessage(
        workMessage_, "steps × substeps × (iterations + 2) × points must be at most %L (the work budget)",
        static_cast<long long>(kMaxWork));
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

// Whether segment `a` is off its rest length by more than kPassTolerance (relative).
bool Rope::segmentOff(int a) const {
  const auto i = static_cast<size_t>(a);
  const double d = detail::norm(xy_[2 * i + 2] - xy_[2 * i], xy_[2 * i + 3] - xy_[2 * i + 1]);
  return std::fabs(d - rest_[i]) > kPassTolerance * rest_[i];
}

// FABRIK between two pins (first < last, at most their rest length apart), on every substep: a pass
// from `last` back to `first` and one forward again leave every segment exact but the last, which
// shrinks toward its rest length; repeated until it is within kPassTolerance. (Run only when a
// segment was off, or stopped at a looser tolerance, it switched a stretch between two shapes and
// kept one near full length jittering for ever.) Where the passes crawl (nearly taut), the stretch
// is laid on an arc; if it was settling, it stays on that arc, bulging the way gravity pulls,
// until a pin or an option changes.
void Rope::straighten(int first, int last) {
  const auto f = static_cast<size_t>(first);
  if (arcRadius_[f] > 0) {
    layArc(first, last, arcRadius_[f], true);
    return;
  }
  if (fabrikPasses(first, last)) return;
  const double radius = arcRadius(first, last);
  layArc(first, last, radius, false);
  if (settling(first, last)) arcRadius_[f] = radius;
}

// Whether every point of the stretch moved less than kSettlingMove of its segment this substep.
bool Rope::settling(int first, int last) const {
  for (int i = first + 1; i < last; ++i) {
    const auto k = static_cast<size_t>(i);
    const double moved = detail::norm(xy_[2 * k] - previous_[2 * k], xy_[2 * k + 1] - previous_[2 * k + 1]);
    if (!(moved < kSettlingMove * rest_[k])) return false;
  }
  return true;
}

// Up to kMaxStraightenPasses FABRIK passes; whether they left the stretch within tolerance.
bool Rope::fabrikPasses(int first, int last) {
  for (int pass = 0; pass < kMaxStraightenPasses; ++pass) {
    double fx = 1, fy = 0;
    for (int i = last; i > first + 1; --i)
      place(xy_.data(), static_cast<size_t>(i), static_cast<size_t>(i - 1), rest_[static_cast<size_t>(i - 1)],
            fx, fy);
    fx = 1, fy = 0;
    for (int i = first; i < last - 1; ++i)
      place(xy_.data(), static_cast<size_t>(i), static_cast<size_t>(i + 1), rest_[static_cast<size_t>(i)], fx,
            fy);
    if (!segmentOff(last - 1)) return true;
  }
  return false;
}

// The radius of the circular arc through both pins on which every segment is a chord of exactly its
// rest length (found by bisection); 0 when there is none to lay (pins on top of each other).
double Rope::arcRadius(int first, int last) const {
  const auto a = static_cast<size_t>(first), b = static_cast<size_t>(last);
  const double chord = detail::norm(xy_[2 * b] - xy_[2 * a], xy_[2 * b + 1] - xy_[2 * a + 1]);
  auto turnFor = [&](double radius) {  // the arc's total angle for `radius`
    double total = 0;
    for (int i = first; i < last; ++i)
      total += 2 * std::asin(std::min(1.0, rest_[static_cast<size_t>(i)] / (2 * radius)));
    return total;
  };
  double longest = 0;
  for (int i = first; i < last; ++i) longest = std::max(longest, rest_[static_cast<size_t>(i)]);
  auto chordFor = [&](double radius) { return 2 * radius * std::sin(0.5 * turnFor(radius)); };
  double low = 0.5 * longest, high = 1e9 * restBetween(first, last);
  if (turnFor(low) > 2 * kPi) {  // start where the arc closes into a full circle (chord 0)
    double inner = low, outer = high;
    for (int k = 0; k < 200; ++k) {
      const double mid = std::sqrt(inner * outer);
      (turnFor(mid) > 2 * kPi ? inner : outer) = mid;
    }
    low = outer;
  }
  // From there on the chord grows with the radius, toward the rope's length.
  if (!(chord > 0) || chordFor(low) > chord) return 0;  // no such arc: pins too close for it
  for (int k = 0; k < 200; ++k) {
    const double mid = std::sqrt(low * high);
    (chordFor(mid) < chord ? low : high) = mid;
  }
  return isValid(turnFor(high)) ? high : 0;
}

// Lays the stretch on the arc of `radius` through both pins, bulging to the side the rope sags to
// now or, `byGravity`, to the side gravity pulls (when it pulls across the chord).
void Rope::layArc(int first, int last, double radius, bool byGravity) {
  if (!(radius > 0)) return;
  const auto a = static_cast<size_t>(first), b = static_cast<size_t>(last);
  const Vec2 from{xy_[2 * a], xy_[2 * a + 1]}, to{xy_[2 * b], xy_[2 * b + 1]};
  const double chord = length(to - from);
  if (!(chord > 0)) return;
  const Vec2 middle{xy_[2 * ((a + b) / 2)], xy_[2 * ((a + b) / 2) + 1]};
  const double pull = cross(to - from, Vec2{options_.gravityX, options_.gravityY});
  const double sag = byGravity && pull != 0 ? pull : cross(to - from, middle - from);
  const double side = sag < 0 ? -1.0 : 1.0;
  double turn = 0;
  for (int i = first; i < last; ++i)
    turn += 2 * std::asin(std::min(1.0, rest_[static_cast<size_t>(i)] / (2 * radius)));
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
