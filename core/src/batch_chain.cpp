// batch_chain.cpp: ChainBatch, CCD and FABRIK over many chains, four chains per step (two SIMD pairs).
//
// Sections: building, the sweeps (two lanes), angles.
//
// The sweeps work on positions, so they need no trigonometry:
//   FABRIK: the two passes of fabrik.cpp, unconstrained: each joint is put one bone length from
//           its neighbour along the line to where it was.
//   CCD:    joint p turns the bones after it by the rotation taking (end - p) to (target - p), whose
//           cosine and sine are the normalised dot and cross products; at the end of the solve
//           every bone is put back to its exact length along its direction, so rounding never
//           accumulates into the lengths from frame to frame.
// Two chains that need different numbers of sweeps share the loop; a finished lane keeps its
// values through select(), so each chain ends exactly where it would alone.
#include <algorithm>
#include <cmath>

#include "chain_rules.hpp"
#include "ik2d/batch.hpp"
#include "ik2d/chain.hpp"
#include "message.hpp"
#include "simd.hpp"

namespace ik2d {
namespace {

using simd::F64x1;
using simd::F64x2;
using simd::F64x4;

// Largest magnitude of a root, a target or a length the batch takes: squared differences of
// positions stay finite.
constexpr double kMaxMagnitude = 1e150;
// Shortest length the batch takes: positions one length apart stay normal numbers, so the unit
// vectors of the sweeps are exact to rounding.
constexpr double kMinLength = 1e-150;
// Nudge, straightness and stall: Chain's (chain_rules.hpp).

bool isUsable(double value) { return std::isfinite(value) && std::fabs(value) <= kMaxMagnitude; }

}  // namespace

// ---- building -----------------------------------------------------------------------------------

const char* ChainBatch::checkShape(int count, int bones) {
  if (count < 0) return "count must be a whole number, 0 or more";
  if (bones < 1 || bones > Chain::kMaxBones) return "bones must be a whole number from 1 to 1024";
  static_assert(kMaxSlots == 2097152, "the message below names kMaxSlots");
  if (static_cast<long long>(bones + 1) * count > kMaxSlots)
    return "count * (bones + 1) must be at most 2097152";
  return nullptr;
}

double ChainBatch::bytesFor(int count, int bones) {
  const double chains = count, perChain = bones;
  return (2 * (perChain + 1) + 2 * perChain + 5) * chains * sizeof(double) + chains * 5;
}

const char* ChainBatch::reset(int count, int bones, const double* lengths, Vec2 root) {
  if (const char* message = checkShape(count, bones)) return message;
  for (int j = 0; j < bones; ++j) {
    if (!isUsable(lengths[j]) || !(lengths[j] >= kMinLength))
      return "lengths must be finite, from 1e-150 to 1e150";
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
  scratch_.assign(4 * static_cast<size_t>(bones + 1) * 4, 0.0);  // 4 arrays of up to 4 lanes
  for (int j = 0; j < bones; ++j) {
    for (size_t c = 0; c < chains; ++c) {
      lengths_[static_cast<size_t>(j) * chains + c] = lengths[j];
      x_[static_cast<size_t>(j + 1) * chains + c] = x_[static_cast<size_t>(j) * chains + c] + lengths[j];
    }
  }
  return nullptr;
}

// ---- the sweeps ---------------------------------------------------------------------------------

namespace {

// Chain's answer to a chain lying on a line through its target: bend each joint past the first by
// rules::kNudge. Rare, so one lane at a time, on the group's lane-interleaved positions.
void unbendLane(double* px, double* py, const double* lengths, size_t stride, int bones, int lanes,
                int lane) {
  Vec2 point{px[lane], py[lane]};
  Vec2 previous = point;  // joint j where it was before the bend (px, py hold where it is now)
  double turn = 0;
  for (int j = 0; j < bones; ++j) {
    const size_t at = static_cast<size_t>(j) * static_cast<size_t>(lanes) + static_cast<size_t>(lane);
    const size_t next = at + static_cast<size_t>(lanes);
    const double l = lengths[static_cast<size_t>(j) * stride];
    const Vec2 old{px[next], py[next]};
    const Vec2 along = (1.0 / l) * (old - previous);
    previous = old;
    const Vec2 turned{along.x * std::cos(turn) - along.y * std::sin(turn),
                      along.x * std::sin(turn) + along.y * std::cos(turn)};
    point = point + l * turned;
    px[next] = point.x;
    py[next] = point.y;
    turn += rules::kNudge;
  }
}

}  // namespace

// One group of V::kLanes chains, from `first`. In order, every step masked per lane:
//   check (finite, within 1e150, lengths > 0), carry the chain to its root, settle the chains
//   that need no sweep (within tolerance already; out of reach: stretched straight at the target,
//   Chain's exact answer without limits), un-bend chains on a line through their target, then
//   sweep until every lane is within tolerance, out of sweeps, or stalled.
template <class V>
void ChainBatch::solveGroup(int first, const ChainBatchOptions& options) {
  constexpr int kLanes = V::kLanes;
  const size_t n = static_cast<size_t>(count_);
  const int bones = bones_;
  const V zero = V::splat(0.0), one = V::splat(1.0);

  // This group's positions and FABRIK's backward points, lane-interleaved: [joint * kLanes + lane].
  double* px = scratch_.data();
  double* py = px + static_cast<size_t>(bones + 1) * kLanes;
  double* bx = py + static_cast<size_t>(bones + 1) * kLanes;
  double* by = bx + static_cast<size_t>(bones + 1) * kLanes;
  auto at = [](double* base, int joint) { return base + static_cast<size_t>(joint) * kLanes; };
  auto global = [&](std::vector<double>& v, int joint) {
    return v.data() + static_cast<size_t>(joint) * n + first;
  };
  auto usable = [](V v) { return simd::maskAnd(simd::abs(v) <= V::splat(kMaxMagnitude), v == v); };

  const V rootX = V::load(rootX_.data() + first), rootY = V::load(rootY_.data() + first);
  const V tx = V::load(targetX_.data() + first), ty = V::load(targetY_.data() + first);
  auto valid =
      simd::maskAnd(simd::maskAnd(usable(rootX), usable(rootY)), simd::maskAnd(usable(tx), usable(ty)));
  V reach = zero;
  for (int j = 0; j < bones; ++j) {
    const V l = V::load(global(lengths_, j));
    valid = simd::maskAnd(valid, simd::maskAnd(l >= V::splat(kMinLength), usable(l)));
    reach = reach + l;
  }
  valid = simd::maskAnd(valid, reach <= V::splat(kMaxMagnitude));

  // Carry the chain to its root (a no-op, bit for bit, when the root has not moved).
  const V shiftX = simd::select(valid, rootX - V::load(global(x_, 0)), zero);
  const V shiftY = simd::select(valid, rootY - V::load(global(y_, 0)), zero);
  for (int j = 0; j <= bones; ++j) {
    (V::load(global(x_, j)) + shiftX).store(at(px, j));
    (V::load(global(y_, j)) + shiftY).store(at(py, j));
  }
  const V tolerance = V::splat(options.tolerance);
  auto errorNow = [&] {
    const V ex = V::load(at(px, bones)) - tx, ey = V::load(at(py, bones)) - ty;
    return simd::sqrt(ex * ex + ey * ey);
  };
  V error = simd::select(valid, errorNow(), zero);
  const V toX = tx - rootX, toY = ty - rootY;
  const V distance = simd::sqrt(toX * toX + toY * toY);
  const auto there = simd::maskAnd(valid, error <= tolerance);
  const auto far = simd::maskAnd(simd::maskAnd(valid, simd::maskNot(there)), distance > reach);
  V sweeps = simd::select(far, one, zero);
  if (simd::any(far)) {
    const V inverse = one / simd::select(far, distance, one);
    const V ux = toX * inverse, uy = toY * inverse;
    for (int j = 0; j < bones; ++j) {
      const V l = V::load(global(lengths_, j));
      simd::select(far, V::load(at(px, j)) + l * ux, V::load(at(px, j + 1))).store(at(px, j + 1));
      simd::select(far, V::load(at(py, j)) + l * uy, V::load(at(py, j + 1))).store(at(py, j + 1));
    }
    error = simd::select(far, errorNow(), error);
  }
  auto active = simd::maskAnd(valid, simd::maskNot(simd::maskOr(there, far)));

  // One CCD sweep over the lanes in `mask`; returns the largest stall measure of its turns.
  auto ccdSweep = [&](const decltype(valid)& mask) {
    V turned = zero;
    for (int j = bones - 1; j >= 0; --j) {
      const V pivotX = V::load(at(px, j)), pivotY = V::load(at(py, j));
      const V ax = V::load(at(px, bones)) - pivotX, ay = V::load(at(py, bones)) - pivotY;
      const V cx = tx - pivotX, cy = ty - pivotY;
      const V norm = simd::sqrt(ax * ax + ay * ay) * simd::sqrt(cx * cx + cy * cy);
      const auto turns = simd::maskAnd(mask, norm > zero);
      const V inverse = one / simd::select(turns, norm, one);
      const V cosine = simd::select(turns, (ax * cx + ay * cy) * inverse, one);
      const V sine = simd::select(turns, (ax * cy - ay * cx) * inverse, zero);
      turned = simd::max(turned, (one - cosine) + simd::abs(sine));  // rules::stallMeasure, lane by lane
      if (simd::all(turns)) {                                        // the common case: no lane to hold still
        for (int k = j + 1; k <= bones; ++k) {
          const V rx = V::load(at(px, k)) - pivotX, ry = V::load(at(py, k)) - pivotY;
          (pivotX + (cosine * rx - sine * ry)).store(at(px, k));
          (pivotY + (sine * rx + cosine * ry)).store(at(py, k));
        }
      } else if (simd::any(turns)) {
        for (int k = j + 1; k <= bones; ++k) {
          const V oldX = V::load(at(px, k)), oldY = V::load(at(py, k));
          const V rx = oldX - pivotX, ry = oldY - pivotY;
          simd::select(turns, pivotX + (cosine * rx - sine * ry), oldX).store(at(px, k));
          simd::select(turns, pivotY + (sine * rx + cosine * ry), oldY).store(at(py, k));
        }
      }
    }
    return turned;
  };

  // On a line through the target (within rounding), neither method can bend the chain.
  auto unbent = simd::maskAnd(active, simd::maskNot(active));  // none
  if (simd::any(active) && options.iterations > 0) {
    const V endX = V::load(at(px, bones)) - rootX, endY = V::load(at(py, bones)) - rootY;
    const V endLength = simd::sqrt(endX * endX + endY * endY);
    const auto hasEnd = endLength > zero;
    const V lineLength = simd::select(hasEnd, endLength, simd::select(distance > zero, distance, one));
    const V lineX = simd::select(hasEnd, endX, simd::select(distance > zero, toX, one)) / lineLength;
    const V lineY = simd::select(hasEnd, endY, simd::select(distance > zero, toY, zero)) / lineLength;
    const V straight = V::splat(rules::kCollinear) * reach;
    auto onLine = simd::maskAnd(active, simd::abs(lineX * toY - lineY * toX) <= straight);
    for (int j = 1; j <= bones && simd::any(onLine); ++j) {
      const V dx = V::load(at(px, j)) - rootX, dy = V::load(at(py, j)) - rootY;
      onLine = simd::maskAnd(onLine, simd::abs(lineX * dy - lineY * dx) <= straight);
    }
    for (int lane = 0; lane < kLanes; ++lane) {
      if (simd::laneOf(onLine, lane)) unbendLane(px, py, global(lengths_, 0) + lane, n, bones, kLanes, lane);
    }
    // Then, as Chain, one CCD sweep turns the bent chain round; the method's sweep follows, and
    // all of it counts as sweep 1 (which therefore never counts as stalled).
    if (simd::any(onLine)) {
      ccdSweep(onLine);
      unbent = onLine;
    }
  }
  if (options.iterations == 0) active = simd::maskAnd(active, simd::maskNot(active));
  const auto swept = active;

  const V inverseReach = one / simd::select(valid, reach, one);
  for (int sweep = 0; sweep < options.iterations && simd::any(active); ++sweep) {
    sweeps = sweeps + simd::select(active, one, zero);
    V turned = zero;       // CCD: largest (1 - cos) + |sin| of a turn in this sweep
    V largestMove = zero;  // FABRIK: largest joint move over the reach, squared
    if (options.ccd) {
      turned = ccdSweep(active);
    } else {
      // Backward: the end on the target, each joint one length from its child toward where it was
      // (coincident points keep the bone's current direction: that vector is one length long).
      tx.store(at(bx, bones));
      ty.store(at(by, bones));
      for (int j = bones - 1; j >= 0; --j) {
        const V childX = V::load(at(bx, j + 1)), childY = V::load(at(by, j + 1));
        const V jointX = V::load(at(px, j)), jointY = V::load(at(py, j));
        const V dx = jointX - childX, dy = jointY - childY;
        const V len = simd::sqrt(dx * dx + dy * dy);
        const auto has = len > zero;
        const V scale = V::load(global(lengths_, j)) / simd::select(has, len, one);
        (childX + simd::select(has, dx * scale, jointX - V::load(at(px, j + 1)))).store(at(bx, j));
        (childY + simd::select(has, dy * scale, jointY - V::load(at(py, j + 1)))).store(at(by, j));
      }
      // Forward: the root pinned, each joint one length along the line toward its backward point.
      // The largest joint move over the reach is Chain's stall measure (chain_rules.hpp).
      for (int j = 0; j < bones; ++j) {
        const V baseX = V::load(at(px, j)), baseY = V::load(at(py, j));
        const V oldX = V::load(at(px, j + 1)), oldY = V::load(at(py, j + 1));
        const V dx = V::load(at(bx, j + 1)) - baseX, dy = V::load(at(by, j + 1)) - baseY;
        const V len = simd::sqrt(dx * dx + dy * dy);
        const auto moves = simd::maskAnd(active, len > zero);
        const V scale = V::load(global(lengths_, j)) / simd::select(moves, len, one);
        const V newX = simd::select(moves, baseX + dx * scale, oldX);
        const V newY = simd::select(moves, baseY + dy * scale, oldY);
        newX.store(at(px, j + 1));
        newY.store(at(py, j + 1));
        const V moveX = inverseReach * (newX - oldX), moveY = inverseReach * (newY - oldY);
        largestMove = simd::max(largestMove, moveX * moveX + moveY * moveY);
      }
    }
    error = simd::select(active, errorNow(), error);
    auto progressing = options.ccd ? (turned > V::splat(rules::kStalled))
                                   : simd::maskNot(simd::sqrt(largestMove) < V::splat(rules::kStalled));
    if (sweep == 0) progressing = simd::maskOr(progressing, unbent);
    active = simd::maskAnd(active, simd::maskAnd(error > tolerance, progressing));
  }

  // CCD's rotations round each length by an ulp or so per sweep: put every bone back to its exact
  // length along its direction once per solve, so nothing accumulates from frame to frame.
  if (options.ccd && simd::any(swept)) {
    for (int j = 0; j < bones; ++j) {
      const V baseX = V::load(at(px, j)), baseY = V::load(at(py, j));
      const V oldX = V::load(at(px, j + 1)), oldY = V::load(at(py, j + 1));
      const V dx = oldX - baseX, dy = oldY - baseY;
      const V len = simd::sqrt(dx * dx + dy * dy);
      const auto fix = simd::maskAnd(swept, len > zero);
      const V scale = V::load(global(lengths_, j)) / simd::select(fix, len, one);
      simd::select(fix, baseX + dx * scale, oldX).store(at(px, j + 1));
      simd::select(fix, baseY + dy * scale, oldY).store(at(py, j + 1));
    }
    error = simd::select(swept, errorNow(), error);
  }

  // Write back every valid lane (an invalid lane's scratch is its input, untouched).
  for (int j = 0; j <= bones; ++j) {
    V::load(at(px, j)).store(global(x_, j));
    V::load(at(py, j)).store(global(y_, j));
  }
  error.store(error_.data() + first);
  // rules::finishedStatus, lane by lane.
  const V code =
      simd::select(simd::maskNot(valid), V::splat(static_cast<double>(ChainStatus::Invalid)),
                   simd::select(error <= tolerance, V::splat(static_cast<double>(ChainStatus::Reached)),
                                simd::select(far, V::splat(static_cast<double>(ChainStatus::OutOfReach)),
                                             V::splat(static_cast<double>(ChainStatus::MaxIterations)))));
  for (int lane = 0; lane < kLanes; ++lane) {
    const size_t c = static_cast<size_t>(first + lane);
    iterations_[c] = static_cast<std::int32_t>(sweeps.lane(lane));
    status_[c] = static_cast<std::uint8_t>(code.lane(lane));
  }
}

const char* ChainBatch::solve(const ChainBatchOptions& options) {
  const ChainMethod method = options.ccd ? ChainMethod::Ccd : ChainMethod::Fabrik;
  if (const char* message = checkSolveOptions(method, options.iterations, options.tolerance)) return message;
  // The work budget: one sweep of every chain costs `sweepCost` joint updates.
  const auto bones = static_cast<long long>(bones_);
  const long long sweepCost =
      static_cast<long long>(count_) * (options.ccd ? bones * (bones + 1) / 2 : 2 * bones);
  if (sweepCost > options.maxWork)
    return detail::formatMessage(workMessage_,
                                 "count × bones (bones + 1) / 2 (ccd) or count × 2 bones (fabrik) must be at "
                                 "most %L (the work budget of one sweep)",
                                 options.maxWork);
  ChainBatchOptions capped = options;
  if (sweepCost > 0 && options.iterations > options.maxWork / sweepCost)
    capped.iterations = static_cast<int>(options.maxWork / sweepCost);
  int c = 0;
  for (; c + 4 <= count_; c += 4) solveGroup<F64x4>(c, capped);
  for (; c + 2 <= count_; c += 2) solveGroup<F64x2>(c, capped);
  if (c < count_) solveGroup<F64x1>(c, capped);
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
