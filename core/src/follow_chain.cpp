// follow_chain.cpp: FollowChain's checks and storage; the move itself is follow_detail.hpp's.
#include "ik2d/follow_chain.hpp"

#include "cold.hpp"
#include "follow_detail.hpp"

namespace ik2d {

namespace {
bool isCoordinate(double value) { return isValid(value) && std::fabs(value) <= FollowChain::kMaxCoordinate; }
}  // namespace

IK2D_COLD const char* FollowChain::reset(const Vec2* points, int count, const FollowChainOptions& options) {
  if (count < 2 || count > kMaxPoints || points == nullptr) return "points must hold from 2 to 100000 points";
  IK2D_FOLLOW_CHAIN_OPTIONS(IK2D_OPTION_CHECK)
  if (const char* message = detail::checkPointRow(points, count, kMaxPoints, kMaxCoordinate)) return message;
  options_ = options;
  xy_.resize(2 * static_cast<size_t>(count));
  spacings_.resize(static_cast<size_t>(count) - 1);
  for (int i = 0; i < count; ++i) {
    xy_[2 * static_cast<size_t>(i)] = points[i].x;
    xy_[2 * static_cast<size_t>(i) + 1] = points[i].y;
    if (i > 0) spacings_[static_cast<size_t>(i) - 1] = length(points[i] - points[i - 1]);
  }
  return nullptr;
}

const char* FollowChain::follow(Vec2 point) {
  if (xy_.empty()) return "the chain has no points: reset it first";
  if (!isCoordinate(point.x)) return "point.x must be a finite number within 1e12";
  if (!isCoordinate(point.y)) return "point.y must be a finite number within 1e12";
  detail::followLeader(xy_.data(), spacings_.data(), size(), point, detail::bendLimitOf(options_.maxBend));
  return nullptr;
}

Vec2 FollowChain::position(int index) const {
  return {xy_[2 * static_cast<size_t>(index)], xy_[2 * static_cast<size_t>(index) + 1]};
}

}  // namespace ik2d
