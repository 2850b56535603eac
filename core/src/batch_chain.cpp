// batch_chain.cpp: ChainBatch, CCD and FABRIK over many chains, two chains per SIMD step.
//
// Sections: building, per-chain preparation (scalar), the sweeps (two lanes), angles.
//
// The sweeps work on positions, so they need no trigonometry:
//   FABRIK: the two passes of fabrik.cpp, unconstrained: each joint is put one bone length from
//           its neighbour along the line to where it was.
//   CCD:    joint p turns the bones after it by the rotation taking (end - p) to (target - p), whose
//           cosine and sine are the normalised dot and cross products; then every bone is put back
//           to its exact length along its direction, so rounding never accumulates into the
//           lengths.
// Two chains that need different numbers of sweeps share the loop; a finished lane keeps its
// values through select(), so each chain ends exactly where it would alone.
#include <algorithm>
#include <cmath>

#include "ik2d/batch.hpp"
#include "ik2d/chain.hpp"
#include "simd.hpp"

namespace ik2d {
namespace {

using simd::F64x1;
using simd::F64x2;

// Largest magnitude of a root, a target or a length the batch takes: squared differences of
// positions stay finite.
constexpr double kLargest = 1e150;
// A sweep that moves the end less than this fraction of the reach has stalled (Chain uses 1e-13
// radians of joint change; this is the same at the end of a straight chain).
constexpr double kStalled = 1e-13;
// How far each joint is bent to get a chain off a line through its target, radians (as Chain).
constexpr double kNudge = 0.05;

bool isUsable(double value) { return std::isfinite(value) && std::fabs(value) <= kLargest; }

}  // namespace

// ---- building -----------------------------------------------------------------------------------

const char* ChainBatch::reset(int count, int bones, const double* lengths, Vec2 root) {
  if (count < 0) return "count must be 0 or more";
  if (bones < 1 || bones > Chain::kMaxBones) return "bones must be a whole number from 1 to 1024";
  if (static_cast<long long>(bones + 1) * count > kMaxSlots)
    return "count * (bones + 1) must be at most 16777216";
  for (int j = 0; j < bones; ++j) {
    if (!isUsable(lengths[j]) || !(lengths[j] > 0))
      return "lengths must be finite, greater than 0 and at most 1e150";
  }
  if (!isUsable(root.x) || !isUsable(root.y)) return "root must be finite and at most 1e150 in magnitude";

  count_ = count;
  bones_ = bones;
  const auto chains = static_cast<size_t>(count);
  const auto slots = static_cast<size_t>(bones + 1) * chains;
  rootX_.assign(chains, root.x);
  rootY_.assign(chains, root.y);
  targetX_.assign(chains, root.x);
  targetY_.assign(chains, root.y);
  lengths_.assign(static_cast<size_t>(bones) * chains, 0.0);
  x_.assign(slots, root.x);
  y_.assign(slots, root.y);
  angles_.assign(static_cast<size_t>(bones) * chains, 0.0);
  error_.assign(chains, 0.0);
  iterations_.assign(chains, 0);
  status_.assign(chains, 0);
  pending_.assign(chains, 0);
  scratch_.assign(4 * static_cast<size_t>(bones + 1) * 2, 0.0);
  for (int j = 0; j < bones; ++j) {
    for (size_t c = 0; c < chains; ++c) {
      lengths_[static_cast<size_t>(j) * chains + c] = lengths[j];
      x_[static_cast<size_t>(j + 1) * chains + c] = x_[static_cast<size_t>(j) * chains + c] + lengths[j];
    }
  }
  for (size_t c = 0; c < chains; ++c) error_[c] = 0;
  return nullptr;
}

// ---- per-chain preparation ------------------------------------------------------------------------

double ChainBatch::reachOf(int chain) const {
  double reach = 0;
  for (int j = 0; j < bones_; ++j) {
    reach += lengths_[static_cast<size_t>(j) * static_cast<size_t>(count_) + static_cast<size_t>(chain)];
  }
  return reach;
}

// Checks one chain, carries it to its root, restores its lengths, and settles the cases that need
// no sweeps (already there, out of reach: stretched straight at the target, no sweeps allowed).
// Un-bends a chain lying on a line through its target. Returns true when it needs sweeps.
bool ChainBatch::prepareChain(int chain, double tolerance) {
  const auto n = static_cast<size_t>(count_);
  const auto c = static_cast<size_t>(chain);
  auto X = [&](int j) -> double& { return x_[static_cast<size_t>(j) * n + c]; };
  auto Y = [&](int j) -> double& { return y_[static_cast<size_t>(j) * n + c]; };
  auto L = [&](int j) { return lengths_[static_cast<size_t>(j) * n + c]; };
  const Vec2 root{rootX_[c], rootY_[c]};
  const Vec2 target{targetX_[c], targetY_[c]};
  bool valid = isUsable(root.x) && isUsable(root.y) && isUsable(target.x) && isUsable(target.y);
  for (int j = 0; j < bones_ && valid; ++j) valid = isUsable(L(j)) && L(j) > 0;
  iterations_[c] = 0;
  if (!valid) {
    status_[c] = static_cast<std::uint8_t>(ChainStatus::Invalid);
    error_[c] = 0;
    return false;
  }

  // The pose as directions from the root, each bone at its exact length (positions written by
  // hand, or a moved root, are taken as directions only).
  Vec2 previous = root;
  Vec2 heading{1, 0};
  X(0) = root.x;
  Y(0) = root.y;
  for (int j = 0; j < bones_; ++j) {
    const Vec2 along{X(j + 1) - X(j), Y(j + 1) - Y(j)};
    const double l = length(along);
    if (l > 0 && std::isfinite(l)) heading = (1.0 / l) * along;
    previous = previous + L(j) * heading;
    X(j + 1) = previous.x;
    Y(j + 1) = previous.y;
  }
  // Restoring lengths moved the chain when positions were off: keep what the loop wrote.

  const double reach = reachOf(chain);
  const Vec2 toTarget = target - root;
  const double distance = length(toTarget);
  double error = length(Vec2{X(bones_), Y(bones_)} - target);
  if (error <= tolerance) {
    status_[c] = static_cast<std::uint8_t>(ChainStatus::Reached);
    error_[c] = error;
    return false;
  }
  if (distance > reach) {
    // Out of reach: the exact answer without limits is every bone pointing at the target.
    const Vec2 along = (1.0 / distance) * toTarget;
    Vec2 point = root;
    for (int j = 0; j < bones_; ++j) {
      point = point + L(j) * along;
      X(j + 1) = point.x;
      Y(j + 1) = point.y;
    }
    error = length(point - target);
    iterations_[c] = 1;
    status_[c] =
        static_cast<std::uint8_t>(error <= tolerance ? ChainStatus::Reached : ChainStatus::OutOfReach);
    error_[c] = error;
    return false;
  }

  // On a line through the target (within rounding), neither method can bend the chain: bend each
  // joint past the first by kNudge, as Chain does.
  const Vec2 end{X(bones_), Y(bones_)};
  Vec2 line = end - root;
  line = length(line) > 0 ? (1.0 / length(line)) * line
                          : (distance > 0 ? (1.0 / distance) * toTarget : Vec2{1, 0});
  const double straight = 1e-9 * reach;
  bool collinear = std::fabs(cross(line, toTarget)) <= straight;
  for (int j = 1; j <= bones_ && collinear; ++j)
    collinear = std::fabs(cross(line, Vec2{X(j), Y(j)} - root)) <= straight;
  if (collinear) {
    Vec2 point = root;
    double turn = 0;
    for (int j = 0; j < bones_; ++j) {
      const Vec2 along = (1.0 / L(j)) * Vec2{X(j + 1) - X(j), Y(j + 1) - Y(j)};
      const Vec2 turned = {along.x * std::cos(turn) - along.y * std::sin(turn),
                           along.x * std::sin(turn) + along.y * std::cos(turn)};
      point = point + L(j) * turned;
      X(j + 1) = point.x;
      Y(j + 1) = point.y;
      turn += kNudge;
    }
  }
  error_[c] = length(Vec2{X(bones_), Y(bones_)} - target);
  return true;
}

// ---- the sweeps ---------------------------------------------------------------------------------

template <class V>
void ChainBatch::solveGroup(int first, const ChainBatchOptions& options) {
  constexpr int kLanes = V::kLanes;
  const size_t n = static_cast<size_t>(count_);
  const int bones = bones_;
  double lanes[kLanes];
  for (int lane = 0; lane < kLanes; ++lane)
    lanes[lane] = pending_[static_cast<size_t>(first + lane)] ? 1.0 : 0.0;
  const V zero = V::splat(0.0), one = V::splat(1.0);
  auto active = V::load(lanes) > zero;
  if (!simd::any(active)) return;

  // This group's positions and FABRIK's backward points, lane-interleaved: [joint * kLanes + lane].
  double* px = scratch_.data();
  double* py = px + static_cast<size_t>(bones + 1) * kLanes;
  double* bx = py + static_cast<size_t>(bones + 1) * kLanes;
  double* by = bx + static_cast<size_t>(bones + 1) * kLanes;
  auto at = [](double* base, int joint) { return base + static_cast<size_t>(joint) * kLanes; };
  auto global = [&](std::vector<double>& v, int joint) {
    return v.data() + static_cast<size_t>(joint) * n + first;
  };
  for (int j = 0; j <= bones; ++j) {
    V::load(global(x_, j)).store(at(px, j));
    V::load(global(y_, j)).store(at(py, j));
  }
  const V tx = V::load(targetX_.data() + first), ty = V::load(targetY_.data() + first);
  V reach = zero;
  for (int j = 0; j < bones; ++j) reach = reach + V::load(global(lengths_, j));
  const V tolerance = V::splat(options.tolerance);
  const V stalled = V::splat(kStalled) * reach;
  V error = V::load(error_.data() + first);
  V sweeps = zero;

  for (int sweep = 0; sweep < options.iterations && simd::any(active); ++sweep) {
    sweeps = sweeps + simd::select(active, one, zero);
    const V endX0 = V::load(at(px, bones)), endY0 = V::load(at(py, bones));
    V turned = zero;  // CCD: largest (1 - cos) + |sin| of a turn in this sweep
    if (options.ccd) {
      for (int j = bones - 1; j >= 0; --j) {
        const V pivotX = V::load(at(px, j)), pivotY = V::load(at(py, j));
        const V ax = V::load(at(px, bones)) - pivotX, ay = V::load(at(py, bones)) - pivotY;
        const V cx = tx - pivotX, cy = ty - pivotY;
        const V norm = simd::sqrt(ax * ax + ay * ay) * simd::sqrt(cx * cx + cy * cy);
        const auto turns = simd::maskAnd(active, norm > zero);
        const V safe = simd::select(turns, norm, one);
        const V cosine = simd::select(turns, (ax * cx + ay * cy) / safe, one);
        const V sine = simd::select(turns, (ax * cy - ay * cx) / safe, zero);
        turned = simd::max(turned, (one - cosine) + simd::abs(sine));
        for (int k = j + 1; k <= bones; ++k) {
          const V rx = V::load(at(px, k)) - pivotX, ry = V::load(at(py, k)) - pivotY;
          simd::select(turns, pivotX + (cosine * rx - sine * ry), V::load(at(px, k))).store(at(px, k));
          simd::select(turns, pivotY + (sine * rx + cosine * ry), V::load(at(py, k))).store(at(py, k));
        }
      }
      // Put every bone back to its exact length along its direction.
      for (int j = 0; j < bones; ++j) {
        const V baseX = V::load(at(px, j)), baseY = V::load(at(py, j));
        const V oldX = V::load(at(px, j + 1)), oldY = V::load(at(py, j + 1));
        const V dx = oldX - baseX, dy = oldY - baseY;
        const V len = simd::sqrt(dx * dx + dy * dy);
        const auto fix = simd::maskAnd(active, len > zero);
        const V scale = V::load(global(lengths_, j)) / simd::select(fix, len, one);
        simd::select(fix, baseX + dx * scale, oldX).store(at(px, j + 1));
        simd::select(fix, baseY + dy * scale, oldY).store(at(py, j + 1));
      }
    } else {
      // Backward: the end on the target, each joint one length from its child toward where it was.
      tx.store(at(bx, bones));
      ty.store(at(by, bones));
      for (int j = bones - 1; j >= 0; --j) {
        const V childX = V::load(at(bx, j + 1)), childY = V::load(at(by, j + 1));
        const V l = V::load(global(lengths_, j));
        V dx = V::load(at(px, j)) - childX, dy = V::load(at(py, j)) - childY;
        const V len = simd::sqrt(dx * dx + dy * dy);
        const auto has = len > zero;
        // Coincident points: keep the bone's current direction.
        dx = simd::select(has, dx / simd::select(has, len, one),
                          (V::load(at(px, j)) - V::load(at(px, j + 1))) / l);
        dy = simd::select(has, dy / simd::select(has, len, one),
                          (V::load(at(py, j)) - V::load(at(py, j + 1))) / l);
        (childX + l * dx).store(at(bx, j));
        (childY + l * dy).store(at(by, j));
      }
      // Forward: the root pinned, each joint one length along the line toward its backward point.
      for (int j = 0; j < bones; ++j) {
        const V baseX = V::load(at(px, j)), baseY = V::load(at(py, j));
        const V oldX = V::load(at(px, j + 1)), oldY = V::load(at(py, j + 1));
        const V l = V::load(global(lengths_, j));
        V dx = V::load(at(bx, j + 1)) - baseX, dy = V::load(at(by, j + 1)) - baseY;
        const V len = simd::sqrt(dx * dx + dy * dy);
        const auto has = len > zero;
        dx = simd::select(has, dx / simd::select(has, len, one), (oldX - baseX) / l);
        dy = simd::select(has, dy / simd::select(has, len, one), (oldY - baseY) / l);
        simd::select(active, baseX + l * dx, oldX).store(at(px, j + 1));
        simd::select(active, baseY + l * dy, oldY).store(at(py, j + 1));
      }
    }
    const V endX = V::load(at(px, bones)), endY = V::load(at(py, bones));
    const V ex = endX - tx, ey = endY - ty;
    error = simd::select(active, simd::sqrt(ex * ex + ey * ey), error);
    const V moved = simd::abs(endX - endX0) + simd::abs(endY - endY0);
    const auto progressing = options.ccd ? (turned > V::splat(kStalled)) : (moved > stalled);
    active = simd::maskAnd(active, simd::maskAnd(error > tolerance, progressing));
  }

  for (int j = 1; j <= bones; ++j) {
    V::load(at(px, j)).store(global(x_, j));
    V::load(at(py, j)).store(global(y_, j));
  }
  error.store(error_.data() + first);
  for (int lane = 0; lane < kLanes; ++lane) {
    const size_t c = static_cast<size_t>(first + lane);
    if (!pending_[c]) continue;
    iterations_[c] = static_cast<std::int32_t>(sweeps.lane(lane));
    status_[c] = static_cast<std::uint8_t>(error_[c] <= options.tolerance ? ChainStatus::Reached
                                                                          : ChainStatus::MaxIterations);
  }
}

const char* ChainBatch::solve(const ChainBatchOptions& options) {
  if (options.iterations < 0 || options.iterations > Chain::kMaxIterations)
    return "iterations must be a whole number from 0 to 100000";
  if (!std::isfinite(options.tolerance) || options.tolerance < 0)
    return "tolerance must be a finite number, 0 or greater";
  for (int c = 0; c < count_; ++c) {
    const bool needs = prepareChain(c, options.tolerance);
    if (needs && options.iterations == 0) {
      status_[static_cast<size_t>(c)] = static_cast<std::uint8_t>(ChainStatus::MaxIterations);
    }
    pending_[static_cast<size_t>(c)] = needs && options.iterations > 0;
  }
  int c = 0;
  for (; c + 2 <= count_; c += 2) solveGroup<F64x2>(c, options);
  if (c < count_) solveGroup<F64x1>(c, options);
  return nullptr;
}

// ---- angles -------------------------------------------------------------------------------------

namespace {

template <class V>
void anglesOf(const double* x, const double* y, double* angles, size_t count, int bones, size_t c) {
  V previous = V::splat(0.0);
  for (int j = 0; j < bones; ++j) {
    const size_t at = static_cast<size_t>(j) * count + c;
    const V dx = V::load(x + at + count) - V::load(x + at);
    const V dy = V::load(y + at + count) - V::load(y + at);
    const V world = simd::atan2(dy, dx);
    simd::wrapNear(world - previous).store(angles + at);
    previous = world;
  }
}

}  // namespace

void ChainBatch::computeAngles() {
  const auto n = static_cast<size_t>(count_);
  size_t c = 0;
  for (; c + 2 <= n; c += 2) anglesOf<F64x2>(x_.data(), y_.data(), angles_.data(), n, bones_, c);
  if (c < n) anglesOf<F64x1>(x_.data(), y_.data(), angles_.data(), n, bones_, c);
}

}  // namespace ik2d
