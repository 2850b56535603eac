// skeleton_mirror.cpp: a mirrored skeleton (setMirror), as a mirrored chain (chain_mirror.cpp):
// the pose is stored as shown, reflected across the vertical line through the root; a solve
// reflects it into the frame the limits were authored in, solves there and reflects back. The
// authored state is kept when it is reflected out and restored bit for bit on the way in unless
// the pose was edited since, so a mirrored skeleton's solves are the plain one's, reflected once.
#include <algorithm>

#include "chain_detail.hpp"
#include "ik2d/skeleton.hpp"

namespace ik2d {

void Skeleton::setMirror(bool on) {
  if (on == mirrored_) return;
  if (size() > 0) reflect(!on);
  mirrored_ = on;
}

// A shown local angle clamped into its bone's limit: as set or, mirrored, as it acts reflected.
double Skeleton::clampShown(size_t bone, double angle) const {
  if (!limits_.has(bone)) return angle;
  if (!mirrored_) return limits_.clamp(bone, angle);
  const bool onRoot = parents_[bone] < 0;
  const double authored = detail::reflectAngle(onRoot, angle);
  const double clamped = limits_.clamp(bone, authored);
  return clamped == authored ? angle : detail::reflectAngle(onRoot, clamped);
}

// Positions (and the backward pass's) about the root's x; a bone on the root's world angle a to
// pi - a, every other local angle to its negative, world angles w to pi - w. Into the authored
// frame a limited bone's angle is put back inside its limit (a reflection twice may round
// outside it, or name a bound at +-pi by its other name).
void Skeleton::reflect(bool toAuthored) {
  const size_t bones = angles_.size(), points = positions_.size();
  double* kept = authored_.data();
  const auto keep = [&kept](std::vector<double>& values, bool restore) {
    if (restore) std::copy(kept, kept + values.size(), values.begin());
    else std::copy(values.begin(), values.end(), kept);
    kept += values.size();
  };
  if (toAuthored && authoredKept_) {
    for (auto* values : {&angles_, &worldAngles_, &positions_, &backward_}) keep(*values, true);
    authoredKept_ = false;
    return;
  }
  if (!toAuthored) {
    for (auto* values : {&angles_, &worldAngles_, &positions_, &backward_}) keep(*values, false);
    authoredKept_ = true;
  }
  const double twiceAxis = 2 * positions_[0];
  for (size_t i = 0; i < points; i += 2) {
    positions_[i] = twiceAxis - positions_[i];
    backward_[i] = twiceAxis - backward_[i];
  }
  for (size_t i = 0; i < bones; ++i) {
    angles_[i] = detail::reflectAngle(parents_[i] < 0, angles_[i]);
    if (toAuthored) angles_[i] = limits_.clamp(i, angles_[i]);
    worldAngles_[i] = kPi - worldAngles_[i];
  }
}

}  // namespace ik2d
