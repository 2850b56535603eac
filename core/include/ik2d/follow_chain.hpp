// ik2d/follow_chain.hpp: a follow-the-leader spine (a snake's body, a tail, a rope of beads).
//
// The chain is a row of points with fixed spacings between neighbours. follow(point) puts point 0
// exactly on the given point; every other point is then pulled along the line to it from the
// point before it (already moved), so it keeps its spacing behind that point, and is turned, if
// needed, so that the turn between consecutive segments stays within maxBend.
#pragma once

#include <vector>

#include "ik2d/math.hpp"
#include "ik2d/option_list.hpp"

/// FollowChain's options: X(name, member, type, default, low, high, doc); see option_list.hpp.
#define IK2D_FOLLOW_CHAIN_OPTIONS(X)                                     \
  X("maxBend", maxBend, double, 3.141592653589793, 0, 3.141592653589793, \
    "largest turn between consecutive segments, radians, 0 (straight) to pi (any)")

namespace ik2d {

/// Settings of a FollowChain (the members come from IK2D_FOLLOW_CHAIN_OPTIONS).
struct FollowChainOptions {
  IK2D_FOLLOW_CHAIN_OPTIONS(IK2D_OPTION_MEMBER)
};

/// A follow-the-leader chain. Default-constructed it has no points: call reset() first.
class FollowChain {
 public:
  /// Most points a chain may have.
  static constexpr int kMaxPoints = 100000;
  /// Largest coordinate magnitude accepted, units (keeps every difference finite).
  static constexpr double kMaxCoordinate = 1e12;

  /// Builds the chain from `count` points (2 to kMaxPoints, finite, within kMaxCoordinate, each
  /// at least 1e-100 from the one before it); the spacings are the distances between them.
  /// Returns nullptr or a message naming the bad field (the chain is then left unchanged).
  const char* reset(const Vec2* points, int count, const FollowChainOptions& options = {});
  /// Moves point 0 exactly to `point` and drags the rest after it (see the file comment). Each
  /// spacing is kept to 1e-9 of itself while the coordinates stay within 1e6 spacings of the
  /// origin; every turn between consecutive segments is within maxBend (to 1e-12 radians).
  /// Returns nullptr, or a message naming `point` (the chain is then left unchanged).
  const char* follow(Vec2 point);

  /// Number of points (0 before reset).
  int size() const { return static_cast<int>(spacings_.size()) + (xy_.empty() ? 0 : 1); }
  /// The points, flat: x0, y0, x1, y1, ... (2 * size() doubles, head first).
  const double* positions() const { return xy_.data(); }
  /// Point `index` (0 to size() - 1).
  Vec2 position(int index) const;
  /// Spacing between point `index` and `index + 1` (0 to size() - 2), units.
  double spacing(int index) const { return spacings_[static_cast<size_t>(index)]; }
  /// The settings in force.
  const FollowChainOptions& options() const { return options_; }

 private:
  FollowChainOptions options_;
  std::vector<double> xy_;
  std::vector<double> spacings_;
};

}  // namespace ik2d
