// ik2d/rope.hpp: a rope (or chain, or hair strand) of Verlet points with pins.
//
// Each substep (at most 1/60 s: a longer step is split) moves every free point by its last move
// times (1 - damping)^(h * 60) plus gravity h^2, then pulls neighbours toward their rest spacing
// by `iterations` Gauss-Seidel passes (alternating direction). Then the lengths are made exact:
// each free end of the rope hangs from its nearest pin, point by point at its rest spacing
// (follow-the-leader), and a stretch between two pins is relaxed by FABRIK passes from both pins
// until its last segment is within 1e-5 of its rest length (or, when the passes crawl because the
// pins are nearly the rope's length apart, laid on the circular arc through both pins on which
// every segment is exactly its rest length; a stretch that needs the arc while it is settling
// stays on it until a pin or an option changes). The same every substep, so with damping a rope
// left alone comes to rest, however taut. Pinned points never move except by pin().
#pragma once

#include <cstdint>
#include <vector>

#include "ik2d/math.hpp"
#include "ik2d/option_list.hpp"

/// Rope's options: X(name, member, type, default, low, high, doc); see option_list.hpp.
#define IK2D_ROPE_OPTIONS(X)                                                                      \
  X("gravity.x", gravityX, double, 0.0, -1e12, 1e12, "gravity, units per second squared")         \
  X("gravity.y", gravityY, double, -980.0, -1e12, 1e12, "gravity, units per second squared")      \
  X("damping", damping, double, 0.02, 0, 1, "share of its speed a free point loses every 1/60 s") \
  X("iterations", iterations, int, 10, 1, 10000, "constraint passes per substep")

namespace ik2d {

/// Settings of a Rope (the members come from IK2D_ROPE_OPTIONS).
struct RopeOptions {
  IK2D_ROPE_OPTIONS(IK2D_OPTION_MEMBER)
};

/// A Verlet rope. Default-constructed it has no points: call reset() first.
class Rope {
 public:
  /// Most points a rope may have.
  static constexpr int kMaxPoints = 100000;
  /// Most steps one step() call may advance (the library's one step count range, math.hpp).
  static constexpr int kMaxSteps = kMaxStepCount;
  /// Largest coordinate magnitude accepted for a point or a pin, units.
  static constexpr double kMaxCoordinate = 1e12;
  /// Longest substep, seconds: step() splits anything longer.
  static constexpr double kMaxSubstep = 1.0 / 60;
  /// The work budget of one step() call, in point updates: steps × substeps × (iterations + 2)
  /// × points must stay within it (about a second of work); a call over it is refused up front.
  static constexpr double kMaxWork = 1.5e7;

  /// Builds the rope at rest from `count` points (2 to kMaxPoints, finite, within kMaxCoordinate,
  /// each at least 1e-100 from the one before); the rest lengths are the distances between them.
  /// Nothing is pinned. Returns nullptr or a message naming the bad field (nothing changes then).
  const char* reset(const Vec2* points, int count, const RopeOptions& options = {});
  /// Changes the options, keeping the points. Returns nullptr or a message naming the field.
  const char* setOptions(const RopeOptions& options);
  /// Holds point `index` exactly at `point` (at rest) until unpin(). Refused when `point` is
  /// farther from another pin than the rest length of the rope between them (or, for a neighbour
  /// pin, off that rest length by more than 0.5 %): the lengths could not be kept.
  const char* pin(int index, Vec2 point);
  /// Lets point `index` go (at rest). Returns nullptr or a message naming `index`.
  const char* unpin(int index);
  /// Advances `steps` (1 to kMaxSteps) steps of `dt` seconds each (greater than 0, at most 0.1).
  /// Afterwards every segment is within 1 % of its rest length and pinned points are where
  /// pinned. Returns nullptr or a message naming dt or steps (nothing changes then), or the work
  /// budget (kMaxWork).
  const char* step(double dt, int steps = 1);

  /// Number of points (0 before reset).
  int size() const { return static_cast<int>(pinned_.size()); }
  /// The points, flat: x0, y0, x1, y1, ... (2 * size() doubles).
  const double* positions() const { return xy_.data(); }
  /// Point `index` (0 to size() - 1).
  Vec2 position(int index) const;
  /// Rest length of segment `index` (between points index and index + 1), units.
  double restLength(int index) const { return rest_[static_cast<size_t>(index)]; }
  /// Whether point `index` is pinned.
  bool pinned(int index) const { return pinned_[static_cast<size_t>(index)] != 0; }
  /// The settings in force.
  const RopeOptions& options() const { return options_; }

 private:
  void substep(double h, double keep);
  void relax();
  void hangTail(int from, int to);
  void straighten(int first, int last);
  void forgetStretches();
  bool fabrikPasses(int first, int last);
  double arcRadius(int first, int last) const;
  void layArc(int first, int last, double radius, bool byGravity);
  bool segmentOff(int a) const;
  bool settling(int first, int last) const;
  double restBetween(int a, int b) const;

  RopeOptions options_;
  std::vector<double> xy_, previous_, rest_, restSum_;
  std::vector<std::uint8_t> pinned_;
  std::vector<double> arcRadius_;  // at a stretch's first pin: the arc it stays on (0: none)
  char workMessage_[128] = {};     // step's refusal, naming the budget (kMaxWork)
};

}  // namespace ik2d
