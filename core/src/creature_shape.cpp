// creature_shape.cpp: what is drawn around the creature's spine (the skin, the eyes, the fins,
// the bob) and the presets.
//
// The skin is a closed counter-clockwise polygon: the left edge from head to tail, a cap round the
// tail, the right edge back to the head, a cap round the head. Each spine point contributes a
// cross-section along its bisector normal, half as wide as its width (times 1 + bob), narrowed
// where the body bends so tightly that neighbouring cross-sections would cross: each is kept to
// 0.45 of the shorter neighbouring spacing along the segment. Then every quad between two
// cross-sections, and each cap, is a simple polygon turning the same way, so every point of the
// spine, the head and tail included, has winding number 1: inside by the nonzero rule (a canvas
// fill's default).
#include <algorithm>
#include <cmath>
#include <iterator>
#include <string_view>
#include <type_traits>

#include "cold.hpp"
#include "enum_name.hpp"
#include "follow_detail.hpp"
#include "ik2d/creature.hpp"

namespace ik2d {

namespace {
constexpr double kCapCos[] = {0.7071067811865476, 6.123233995736766e-17, -0.7071067811865476};
constexpr double kCapSin[] = {0.7071067811865476, 1.0, 0.7071067811865476};

// The signed turn at spine point `index` (0 at the ends), radians, positive counter-clockwise
// going from the head toward the tail.
double turnAt(const double* spine, int index, int count) {
  if (index <= 0 || index + 1 >= count) return 0;
  const Vec2 a{spine[2 * index] - spine[2 * index - 2], spine[2 * index + 1] - spine[2 * index - 1]};
  const Vec2 b{spine[2 * index + 2] - spine[2 * index], spine[2 * index + 3] - spine[2 * index + 1]};
  return std::atan2(cross(a, b), a.x * b.x + a.y * b.y);
}

Vec2 rotated(Vec2 v, double angle) {
  const double c = std::cos(angle), s = std::sin(angle);
  return {c * v.x - s * v.y, s * v.x + c * v.y};
}
}  // namespace

void Creature::shape() {
  const int n = options_.segments;
  const double* spine = state_.spine;

  // The bob: legged creatures rise with their stepping feet; legless ones pulse as they wind.
  if (options_.legs > 0) {
    double most = 0;
    for (int leg = 0; leg < options_.legs; ++leg) {
      if (state_.legs[leg].planted == 0) most = std::max(most, std::sin(kPi * state_.legs[leg].progress));
    }
    state_.bob = options_.bob * most;
  } else {
    const double pace = options_.speed > 0 ? std::min(1.0, state_.speed / options_.speed) : 0.0;
    state_.bob = options_.bob * pace * std::sin(2 * state_.phase);
  }

  // The skin.
  Vec2* out = state_.outline;
  const int rightStart = n + 3;  // outline index of the right edge's tail end
  for (int i = 0; i < n; ++i) {
    Vec2 forward, left;
    frameAt(spine, i, forward, left);
    const Vec2 p{spine[2 * i], spine[2 * i + 1]};
    double half = 0.5 * options_.widths[i] * (1 + state_.bob);
    if (i > 0 && i + 1 < n) {
      // |sin(turn / 2)|: how far the cross-section leans along the next segment.
      const Vec2 next = inverseSpacing_[i] * Vec2{spine[2 * i + 2] - p.x, spine[2 * i + 3] - p.y};
      const double lean = std::fabs(cross(forward, next));
      const double room = 0.45 * std::min(spacing_[i - 1], spacing_[i]);
      if (half * lean > room) half = room / lean;
    }
    out[i] = p + half * left;
    out[rightStart + (n - 1 - i)] = p - half * left;
    if (i == 0 || i == n - 1) {
      // Caps: round the head from the right edge to the left, round the tail from left to right.
      for (int k = 0; k < 3; ++k) {
        if (i == 0) {
          out[2 * n + 3 + k] = p + half * (kCapSin[k] * forward - kCapCos[k] * left);
        } else {
          out[n + k] = p + half * (kCapCos[k] * left - kCapSin[k] * forward);
        }
      }
    }
  }

  // The eyes, on the head.
  Vec2 forward0, left0;
  frameAt(spine, 0, forward0, left0);
  const Vec2 head = spinePoint(0);
  const double w0 = options_.widths[0];
  state_.eyes[0] = head + 0.2 * w0 * forward0 + 0.3 * w0 * left0;
  state_.eyes[1] = head + 0.2 * w0 * forward0 - 0.3 * w0 * left0;
  state_.eyeRadius = 0.1 * w0;

  // Fins: pectoral and pelvic pairs and two tail lobes, each swung by the bend around its point.
  if (options_.fins == 0) return;
  double widest = 0;
  for (int i = 0; i < n; ++i) widest = std::max(widest, options_.widths[i]);
  auto fin = [&](int slot, int at, double side, double angle, double length, double sway) {
    Vec2 forward, left;
    frameAt(spine, at, forward, left);
    const Vec2 p{spine[2 * at], spine[2 * at + 1]};
    const double bend = turnAt(spine, at - 1, n) + turnAt(spine, at, n) + turnAt(spine, at + 1, n);
    const Vec2 dir = rotated(-forward, side * angle + sway * bend);
    const Vec2 root = p + (side * 0.4 * options_.widths[at]) * left;
    CreatureEllipse& e = state_.fins[slot];
    e.radiusX = 0.5 * length;
    e.radiusY = 0.18 * length;
    e.center = root + e.radiusX * dir;
    e.angle = wrapAngle(std::atan2(dir.y, dir.x));
  };
  const int pectoral = std::min(n - 1, std::max(1, n / 5));
  const int pelvic = std::min(n - 1, std::max(1, n / 2));
  // Left fins turn clockwise from straight back (side +1: toward +left is -angle from -forward).
  fin(0, pectoral, 1, -0.9, 0.9 * options_.widths[pectoral], 1.2);
  fin(1, pectoral, -1, -0.9, 0.9 * options_.widths[pectoral], 1.2);
  fin(2, pelvic, 1, -0.7, 0.6 * options_.widths[pelvic], 1.2);
  fin(3, pelvic, -1, -0.7, 0.6 * options_.widths[pelvic], 1.2);
  fin(4, n - 1, 1, -0.45, 0.9 * widest, 2.0);
  fin(5, n - 1, -1, -0.45, 0.9 * widest, 2.0);
  // The tail lobes grow from the tail tip itself.
  for (int slot : {4, 5}) {
    CreatureEllipse& e = state_.fins[slot];
    const Vec2 tail = spinePoint(n - 1);
    const Vec2 dir = direction(e.angle);
    e.center = tail + e.radiusX * dir;
  }
}

// The kind option's range is written as plain numbers (its message quotes them); it covers every
// kind, up to the one before CreatureKind::Count, or this does not compile.
namespace {
constexpr double kindOptionHigh() {
#define IK2D_KIND_HIGH(name, member, type, value, low, high, doc) \
  if (std::string_view(name) == "kind") return high;
  IK2D_CREATURE_OPTIONS(IK2D_KIND_HIGH)
#undef IK2D_KIND_HIGH
  return -1;
}
static_assert(kindOptionHigh() == static_cast<int>(CreatureKind::Count) - 1,
              "the kind option's range in IK2D_CREATURE_OPTIONS must end at the last CreatureKind");
}  // namespace

const char* toString(CreatureKind kind) {
  static constexpr const char* kNames[] = {"lizard", "snake", "fish", "centipede"};
  return detail::enumName(kind, kNames, "unknown");
}

CreatureOptions creaturePreset(CreatureKind kind) {
  CreatureOptions o;  // the lizard
  o.kind = kind;
  switch (kind) {
    case CreatureKind::Lizard: break;
    case CreatureKind::Snake: {
      o.segments = 28;
      o.spacing = 10;
      o.maxBend = 0.35;
      o.speed = 140;
      o.turnRate = 3;
      o.legs = 0;
      o.bob = 0.05;
      o.wiggle = 0.7;
      for (int i = 0; i < o.segments; ++i) o.widths[i] = i == 0 ? 13 : std::max(3.0, 15 - 0.45 * i);
      break;
    }
    case CreatureKind::Fish: {
      o.segments = 10;
      o.spacing = 12;
      o.maxBend = 0.3;
      o.speed = 180;
      o.turnRate = 3.5;
      o.legs = 0;
      o.bob = 0.04;
      o.wiggle = 0.35;
      o.fins = 1;
      const double widths[] = {18, 26, 30, 28, 24, 20, 14, 9, 6, 4};
      std::copy(std::begin(widths), std::end(widths), o.widths);
      break;
    }
    case CreatureKind::Centipede: {
      o.segments = 16;
      o.spacing = 9;
      o.maxBend = 0.4;
      o.speed = 110;
      o.turnRate = 3;
      o.legs = 24;
      o.upperLength = 8;
      o.lowerLength = 10;
      o.stepThreshold = 9;
      o.stepHeight = 3;
      o.gaitGroups = 2;
      o.rearKneesForward = 0;
      o.bob = 0.03;
      o.wiggle = 0;
      for (int i = 0; i < o.segments; ++i) o.widths[i] = i == 0 ? 11 : (i >= 14 ? 7 : 12);
      for (int k = 0; k < 12; ++k) o.legAnchors[k] = 2 + k;
      break;
    }
    case CreatureKind::Count: break;  // (not a kind: the lizard's options)
  }
  return o;
}

namespace {

// `from` (its first `have` values) stretched end to end to `count` values in `to`, linearly.
template <typename T>
void stretch(const T* from, int have, int count, T* to, int capacity) {
  for (int i = 0; i < capacity; ++i) {
    if (i >= count) {
      to[i] = T{};
      continue;
    }
    const double at = count == 1 ? 0.0 : static_cast<double>(i) * (have - 1) / (count - 1);
    const int low = static_cast<int>(std::floor(at));
    const int high = std::min(have - 1, low + 1);
    const double value = from[low] + (static_cast<double>(from[high]) - from[low]) * (at - low);
    to[i] = static_cast<T>(std::is_integral_v<T> ? std::round(value) : value);
  }
}

}  // namespace

IK2D_COLD void fillPresetArrays(CreatureOptions& options, bool widths, bool legAnchors) {
  const CreatureOptions preset = creaturePreset(options.kind);
  if (!widths)
    stretch(preset.widths, preset.segments, options.segments, options.widths, kCreatureMaxSegments);
  if (!legAnchors) {
    const int have = preset.legs / 2;
    const int count = options.legs / 2;
    if (have == 0) {
      // No preset pairs to stretch (a snake or a fish given legs): the preset's array as it is.
      std::copy(std::begin(preset.legAnchors), std::end(preset.legAnchors), options.legAnchors);
      std::fill(options.legAnchors + count, std::end(options.legAnchors), 0);
    } else {
      stretch(preset.legAnchors, have, count, options.legAnchors, kCreatureMaxLegs / 2);
    }
  }
}

}  // namespace ik2d
