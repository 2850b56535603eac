// ik2d/joint_limits.hpp: the joint-limit store Chain and Skeleton share. Each owner checks the
// values it is given and writes its own messages; the store holds them and clamps angles into them.
#pragma once

#include <cstddef>
#include <vector>

#include "ik2d/math.hpp"

namespace ik2d {

/// Per joint (a chain's joint, a skeleton's bone): a range [min, max] of its local angle, radians,
/// -pi <= min <= max <= pi, or none.
class JointLimits {
 public:
  /// `count` joints, none limited.
  void reset(size_t count) {
    min_.assign(count, -kPi);
    max_.assign(count, kPi);
    has_.assign(count, 0);
    count_ = 0;
  }
  /// Limits joint `i` to [min, max] (already checked by the owner).
  void set(size_t i, double min, double max) {
    min_[i] = min;
    max_[i] = max;
    if (!has_[i]) ++count_;
    has_[i] = 1;
  }
  /// Removes joint `i`'s limit.
  void clear(size_t i) {
    min_[i] = -kPi;
    max_[i] = kPi;
    if (has_[i]) --count_;
    has_[i] = 0;
  }
  /// True when joint `i` is limited.
  bool has(size_t i) const { return has_[i] != 0; }
  /// Joint `i`'s range as set (-pi, pi without a limit).
  double min(size_t i) const { return min_[i]; }
  double max(size_t i) const { return max_[i]; }  ///< see min().
  /// has(), min() and max() for an index as an owner's API takes it (an int, perhaps no joint):
  /// false, -pi and pi when `i` is no joint.
  bool hasAt(int i) const {
    return i >= 0 && static_cast<size_t>(i) < has_.size() && has(static_cast<size_t>(i));
  }
  double minAt(int i) const { return hasAt(i) ? min(static_cast<size_t>(i)) : -kPi; }
  double maxAt(int i) const { return hasAt(i) ? max(static_cast<size_t>(i)) : kPi; }  ///< see minAt().
  /// How many joints are limited.
  int count() const { return count_; }
  /// `angle` (wrapped to (-pi, pi]) inside joint `i`'s limit, the nearer end when outside;
  /// `angle` itself without a limit.
  double clamp(size_t i, double angle) const { return has_[i] ? clampAngle(angle, min_[i], max_[i]) : angle; }

 private:
  static double clampAngle(double angle, double min, double max);

  std::vector<double> min_;
  std::vector<double> max_;
  std::vector<unsigned char> has_;
  int count_ = 0;
};

}  // namespace ik2d
