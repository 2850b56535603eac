// batch_chain.cpp: ChainBatch, CCD and FABRIK over many chains, eight chains per step (four SIMD pairs).
//
// Sections: building, the sweeps, angles.
//
// The sweeps work on positions, so they need no trigonometry:
//   FABRIK: the two passes of fabrik.cpp, unconstrained: each joint is put one bone length from
//           its neighbour along the line to where it was.
//   CCD:    joint p turns the bones after it by the rotation taking (end - p) to (target - p), whose
//           cosine and sine are the normalised dot and cross products; at the end of the solve
//           every bone is put back to its exact length along its direction, so rounding never
//           accumulates into the lengths from frame to frame.
// A solve runs in two passes. settleGroup() takes four chains at a time through what needs no sweep
// (checks, the carry to the root, the chains already there or out of reach, un-bending) and queues
// the rest; sweepQueued() sweeps the queue eight lanes at a time, and a lane whose chain is done
// takes the next one at once, so a chain that needs many sweeps never holds idle lanes with it.
// (Eight FABRIK chains in a row that all need sweeping first make one sweep where they lie:
// sweepFirstInPlace().) Every operation is lane by lane, so each chain ends exactly where it would
// alone.
#include <algorithm>
#include <cmath>

#include "chain_rules.hpp"
#include "cold.hpp"
#include "ik2d/batch.hpp"
#include "ik2d/chain.hpp"
#include "message.hpp"
#include "simd.hpp"

namespace ik2d {
namespace {

using simd::F64x1;
using simd::F64x2;
using simd::F64x4;
using simd::F64x8;

// The vector sweepQueued() keeps in flight: eight chains, as four SIMD pairs (simd.hpp).
using SweepVector = F64x8;
constexpr int kSweepLanes = SweepVector::kLanes;
// Per-lane values of sweepQueued()'s scratch besides the joints: target x and y, 1 / reach,
// error, sweeps, un-bent, live.
constexpr int kLaneValues = 7;

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

IK2D_COLD const char* ChainBatch::checkShape(int count, int bones) {
  if (count < 0) return "count must be a whole number, 0 or more";
  if (bones < 1 || bones > Chain::kMaxBones) return "bones must be a whole number from 1 to 1024";
  static_assert(kMaxSlots == 2097152, "the message below names kMaxSlots");
  if (static_cast<long long>(bones + 1) * count > kMaxSlots)
    return "count * (bones + 1) must be at most 2097152";
  return nullptr;
}

namespace {

// Doubles of sweepQueued()'s scratch: positions and backward points (4 per joint), lengths (1 per
// bone) and the per-lane values, for each of kSweepLanes lanes.
size_t scratchSize(int bones) {
  return (4 * static_cast<size_t>(bones + 1) + static_cast<size_t>(bones) + kLaneValues) * kSweepLanes;
}

}  // namespace

IK2D_COLD double ChainBatch::bytesFor(int count, int bones) {
  const double chains = count, perChain = bones;
  return (2 * (perChain + 1) + 2 * perChain + 5) * chains * sizeof(double) + chains * 9 +
         static_cast<double>(scratchSize(bones)) * sizeof(double);
}

IK2D_COLD const char* ChainBatch::reset(int count, int bones, const double* lengths, Vec2 root) {
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
  queue_.assign(chains, 0);
  scratch_.assign(scratchSize(bones), 0.0);
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

// Chains side by side: joint j of chain (lane) i at [j * stride + i], x and y apart, bone j's length
// at lengths[j * stride + i]. The batch's own arrays are such a view (stride count()); so is the
// sweeping scratch (stride: its number of lanes).
struct Lanes {
  double* x;
  double* y;
  const double* lengths;
  size_t stride;
  int bones;
  double* atX(int joint) const { return x + static_cast<size_t>(joint) * stride; }
  double* atY(int joint) const { return y + static_cast<size_t>(joint) * stride; }
  const double* length(int bone) const { return lengths + static_cast<size_t>(bone) * stride; }
};

// |end - target| of every lane.
template <class V>
V endError(const Lanes& s, V tx, V ty) {
  const V ex = V::load(s.atX(s.bones)) - tx, ey = V::load(s.atY(s.bones)) - ty;
  return simd::sqrt(ex * ex + ey * ey);
}

// Chain's answer to a chain lying on a line through its target: bend each joint past the first by
// rules::kNudge. Rare: one chain (the view's lane 0) at a time.
IK2D_COLD void unbendLane(const Lanes& s) {
  Vec2 point{s.x[0], s.y[0]};
  Vec2 previous = point;  // joint j where it was before the bend (x, y hold where it is now)
  double turn = 0;
  for (int j = 0; j < s.bones; ++j) {
    double* x = s.atX(j + 1);
    double* y = s.atY(j + 1);
    const double l = *s.length(j);
    const Vec2 old{*x, *y};
    const Vec2 along = (1.0 / l) * (old - previous);
    previous = old;
    const Vec2 turned{along.x * std::cos(turn) - along.y * std::sin(turn),
                      along.x * std::sin(turn) + along.y * std::cos(turn)};
    point = point + l * turned;
    *x = point.x;
    *y = point.y;
    turn += rules::kNudge;
  }
}

// One CCD sweep over the lanes in `mask`; returns the largest stall measure of its turns.
template <class V>
V ccdSweep(const Lanes& s, V tx, V ty, typename V::Mask mask) {
  const V zero = V::splat(0.0), one = V::splat(1.0);
  const int bones = s.bones;
  V turned = zero;
  for (int j = bones - 1; j >= 0; --j) {
    const V pivotX = V::load(s.atX(j)), pivotY = V::load(s.atY(j));
    const V ax = V::load(s.atX(bones)) - pivotX, ay = V::load(s.atY(bones)) - pivotY;
    const V cx = tx - pivotX, cy = ty - pivotY;
    const V norm = simd::sqrt(ax * ax + ay * ay) * simd::sqrt(cx * cx + cy * cy);
    const auto turns = simd::maskAnd(mask, norm > zero);
    const V inverse = one / simd::select(turns, norm, one);
    const V cosine = simd::select(turns, (ax * cx + ay * cy) * inverse, one);
    const V sine = simd::select(turns, (ax * cy - ay * cx) * inverse, zero);
    turned = simd::max(turned, (one - cosine) + simd::abs(sine));  // rules::stallMeasure, lane by lane
    if (simd::all(turns)) {                                        // the common case: no lane to hold still
      for (int k = j + 1; k <= bones; ++k) {
        const V rx = V::load(s.atX(k)) - pivotX, ry = V::load(s.atY(k)) - pivotY;
        (pivotX + (cosine * rx - sine * ry)).store(s.atX(k));
        (pivotY + (sine * rx + cosine * ry)).store(s.atY(k));
      }
    } else if (simd::any(turns)) {
      for (int k = j + 1; k <= bones; ++k) {
        const V oldX = V::load(s.atX(k)), oldY = V::load(s.atY(k));
        const V rx = oldX - pivotX, ry = oldY - pivotY;
        simd::select(turns, pivotX + (cosine * rx - sine * ry), oldX).store(s.atX(k));
        simd::select(turns, pivotY + (sine * rx + cosine * ry), oldY).store(s.atY(k));
      }
    }
  }
  return turned;
}

// One FABRIK sweep of every lane (sweepQueued's idle lanes hold no chain: what they compute is
// never read), with `back` (its own stride, no lengths) for the backward points; returns the
// largest joint move over the reach, squared (Chain's stall measure, chain_rules.hpp).
template <class V>
V fabrikSweep(const Lanes& s, const Lanes& back, V tx, V ty, V inverseReach) {
  const V zero = V::splat(0.0), one = V::splat(1.0);
  const int bones = s.bones;
  auto atBackX = [&](int joint) { return back.atX(joint); };
  auto atBackY = [&](int joint) { return back.atY(joint); };
  // Backward: the end on the target, each joint one length from its child toward where it was
  // (coincident points keep the bone's current direction: that vector is one length long). The
  // root's backward point is never used (the forward pass pins the root), so it is not computed.
  // The child stays in registers from one joint to the next; the selects for coincident points
  // are taken only when a lane has them.
  V childX = tx, childY = ty;
  for (int j = bones - 1; j >= 1; --j) {
    const V jointX = V::load(s.atX(j)), jointY = V::load(s.atY(j));
    const V dx = jointX - childX, dy = jointY - childY;
    const V len = simd::sqrt(dx * dx + dy * dy);
    const auto has = len > zero;
    if (simd::all(has)) {
      const V scale = V::load(s.length(j)) / len;
      childX = childX + dx * scale;
      childY = childY + dy * scale;
    } else {
      const V scale = V::load(s.length(j)) / simd::select(has, len, one);
      childX = childX + simd::select(has, dx * scale, jointX - V::load(s.atX(j + 1)));
      childY = childY + simd::select(has, dy * scale, jointY - V::load(s.atY(j + 1)));
    }
    childX.store(atBackX(j));
    childY.store(atBackY(j));
  }
  // Forward: the root pinned, each joint one length along the line toward its backward point.
  V largestMove = zero;
  V baseX = V::load(s.atX(0)), baseY = V::load(s.atY(0));
  for (int j = 0; j < bones; ++j) {
    const V oldX = V::load(s.atX(j + 1)), oldY = V::load(s.atY(j + 1));
    const V towardX = j + 1 == bones ? tx : V::load(atBackX(j + 1));
    const V towardY = j + 1 == bones ? ty : V::load(atBackY(j + 1));
    const V dx = towardX - baseX, dy = towardY - baseY;
    const V len = simd::sqrt(dx * dx + dy * dy);
    const auto moves = len > zero;
    V newX, newY;
    if (simd::all(moves)) {
      const V scale = V::load(s.length(j)) / len;
      newX = baseX + dx * scale;
      newY = baseY + dy * scale;
    } else {
      const V scale = V::load(s.length(j)) / simd::select(moves, len, one);
      newX = simd::select(moves, baseX + dx * scale, oldX);
      newY = simd::select(moves, baseY + dy * scale, oldY);
    }
    newX.store(s.atX(j + 1));
    newY.store(s.atY(j + 1));
    const V moveX = inverseReach * (newX - oldX), moveY = inverseReach * (newY - oldY);
    largestMove = simd::max(largestMove, moveX * moveX + moveY * moveY);
    baseX = newX, baseY = newY;
  }
  return largestMove;
}

// The lanes a FABRIK sweep moved, from fabrikSweep()'s largest move (Chain's stall rule).
template <class V>
typename V::Mask fabrikMoved(V largestMove) {
  return simd::maskNot(simd::sqrt(largestMove) < V::splat(rules::kStalled));
}

// One sweep of either method; true in the lanes still progressing (not stalled). CCD turns only
// the lanes in `turnable`.
template <class V>
typename V::Mask sweepOnce(const Lanes& s, const Lanes& back, V tx, V ty, V inverseReach,
                           typename V::Mask turnable, bool ccd) {
  if (ccd) return ccdSweep(s, tx, ty, turnable) > V::splat(rules::kStalled);
  return fabrikMoved(fabrikSweep(s, back, tx, ty, inverseReach));
}

// CCD's rotations round each length by an ulp or so per sweep: at the end of a solve every bone of
// the lanes in `mask` is put back to its exact length along its direction, so nothing accumulates
// from frame to frame.
template <class V>
void fixLengths(const Lanes& s, typename V::Mask mask) {
  const V zero = V::splat(0.0), one = V::splat(1.0);
  for (int j = 0; j < s.bones; ++j) {
    const V baseX = V::load(s.atX(j)), baseY = V::load(s.atY(j));
    const V oldX = V::load(s.atX(j + 1)), oldY = V::load(s.atY(j + 1));
    const V dx = oldX - baseX, dy = oldY - baseY;
    const V len = simd::sqrt(dx * dx + dy * dy);
    const auto fix = simd::maskAnd(mask, len > zero);
    const V scale = V::load(s.length(j)) / simd::select(fix, len, one);
    simd::select(fix, baseX + dx * scale, oldX).store(s.atX(j + 1));
    simd::select(fix, baseY + dy * scale, oldY).store(s.atY(j + 1));
  }
}

}  // namespace

// Settles one group of V::kLanes chains, from `first`, in place; every step masked per lane:
//   check (finite, within 1e150, lengths > 0), carry the chain to its root, settle the chains
//   that need no sweep (within tolerance already; out of reach: stretched straight at the target,
//   Chain's exact answer without limits), un-bend chains on a line through their target, and
//   queue the chains left for sweepQueued() (queue_ entry 2c, or 2c + 1 for a chain just un-bent).
//   Returns whether every chain of the group was queued, none of them just un-bent.
template <class V>
bool ChainBatch::settleGroup(int first, const ChainBatchOptions& options, int& queued) {
  constexpr int kLanes = V::kLanes;
  const size_t n = static_cast<size_t>(count_);
  const int bones = bones_;
  const V zero = V::splat(0.0), one = V::splat(1.0);
  const Lanes group{x_.data() + first, y_.data() + first, lengths_.data() + first, n, bones};
  auto usable = [](V v) { return simd::maskAnd(simd::abs(v) <= V::splat(kMaxMagnitude), v == v); };

  const V rootX = V::load(rootX_.data() + first), rootY = V::load(rootY_.data() + first);
  const V tx = V::load(targetX_.data() + first), ty = V::load(targetY_.data() + first);
  auto valid =
      simd::maskAnd(simd::maskAnd(usable(rootX), usable(rootY)), simd::maskAnd(usable(tx), usable(ty)));
  V reach = zero;
  for (int j = 0; j < bones; ++j) {
    const V l = V::load(group.length(j));
    valid = simd::maskAnd(valid, simd::maskAnd(l >= V::splat(kMinLength), usable(l)));
    reach = reach + l;
  }
  valid = simd::maskAnd(valid, reach <= V::splat(kMaxMagnitude));

  // Carry the chain to its root (a no-op, bit for bit, when the root has not moved; an invalid
  // lane keeps its input).
  const V shiftX = simd::select(valid, rootX - V::load(group.atX(0)), zero);
  const V shiftY = simd::select(valid, rootY - V::load(group.atY(0)), zero);
  for (int j = 0; j <= bones; ++j) {
    (V::load(group.atX(j)) + shiftX).store(group.atX(j));
    (V::load(group.atY(j)) + shiftY).store(group.atY(j));
  }
  const V tolerance = V::splat(options.tolerance);
  V error = simd::select(valid, endError(group, tx, ty), zero);
  const V toX = tx - rootX, toY = ty - rootY;
  const V distance = simd::sqrt(toX * toX + toY * toY);
  const auto there = simd::maskAnd(valid, error <= tolerance);
  const auto far = simd::maskAnd(simd::maskAnd(valid, simd::maskNot(there)), distance > reach);
  if (simd::any(far)) {
    const V inverse = one / simd::select(far, distance, one);
    const V ux = toX * inverse, uy = toY * inverse;
    for (int j = 0; j < bones; ++j) {
      const V l = V::load(group.length(j));
      simd::select(far, V::load(group.atX(j)) + l * ux, V::load(group.atX(j + 1))).store(group.atX(j + 1));
      simd::select(far, V::load(group.atY(j)) + l * uy, V::load(group.atY(j + 1))).store(group.atY(j + 1));
    }
    error = simd::select(far, endError(group, tx, ty), error);
  }
  auto active = simd::maskAnd(valid, simd::maskNot(simd::maskOr(there, far)));
  if (options.iterations == 0) active = simd::maskAnd(active, simd::maskNot(active));

  // On a line through the target (within rounding), neither method can bend the chain.
  auto unbent = simd::maskAnd(active, simd::maskNot(active));  // none
  if (simd::any(active)) {
    const V endX = V::load(group.atX(bones)) - rootX, endY = V::load(group.atY(bones)) - rootY;
    const V endLength = simd::sqrt(endX * endX + endY * endY);
    const auto hasEnd = endLength > zero;
    const V lineLength = simd::select(hasEnd, endLength, simd::select(distance > zero, distance, one));
    const V lineX = simd::select(hasEnd, endX, simd::select(distance > zero, toX, one)) / lineLength;
    const V lineY = simd::select(hasEnd, endY, simd::select(distance > zero, toY, zero)) / lineLength;
    const V straight = V::splat(rules::kCollinear) * reach;
    auto onLine = simd::maskAnd(active, simd::abs(lineX * toY - lineY * toX) <= straight);
    for (int j = 1; j <= bones && simd::any(onLine); ++j) {
      const V dx = V::load(group.atX(j)) - rootX, dy = V::load(group.atY(j)) - rootY;
      onLine = simd::maskAnd(onLine, simd::abs(lineX * dy - lineY * dx) <= straight);
    }
    // Then, as Chain, one CCD sweep turns the bent chain round; the method's sweep follows, and
    // all of it counts as sweep 1 (which therefore never counts as stalled). Rare: lane by lane.
    for (int lane = 0; lane < kLanes; ++lane) {
      if (!simd::laneOf(onLine, lane)) continue;
      const auto at = static_cast<size_t>(lane);
      const Lanes chain{group.x + at, group.y + at, group.lengths + at, n, bones};
      unbendLane(chain);
      ccdSweep(chain, F64x1{tx.lane(lane)}, F64x1{ty.lane(lane)}, true);
    }
    unbent = onLine;
  }

  error.store(error_.data() + first);
  // rules::finishedStatus, lane by lane (a queued chain's is set when its sweeps end).
  const V code =
      simd::select(simd::maskNot(valid), V::splat(static_cast<double>(ChainStatus::Invalid)),
                   simd::select(error <= tolerance, V::splat(static_cast<double>(ChainStatus::Reached)),
                                simd::select(far, V::splat(static_cast<double>(ChainStatus::OutOfReach)),
                                             V::splat(static_cast<double>(ChainStatus::MaxIterations)))));
  double codes[kLanes];
  code.store(codes);
  const unsigned farLanes = simd::bits(far), activeLanes = simd::bits(active),
                 unbentLanes = simd::bits(unbent);
  for (int lane = 0; lane < kLanes; ++lane) {
    const int c = first + lane;
    iterations_[static_cast<size_t>(c)] = static_cast<std::int32_t>(farLanes >> lane & 1);
    status_[static_cast<size_t>(c)] = static_cast<std::uint8_t>(codes[lane]);
    if (activeLanes >> lane & 1)
      queue_[static_cast<size_t>(queued++)] = 2 * c + static_cast<int>(unbentLanes >> lane & 1);
  }
  return activeLanes == (1u << kLanes) - 1 && unbentLanes == 0;
}

// FABRIK: the first sweep of kSweepLanes chains from `first`, settled and all queued (the last
// entries of the queue), none just un-bent, in place: the batch's arrays are lane-interleaved already. Only
// the chains that need more sweeps stay queued: most chains that track a target need one sweep, and are done
// without a copy to sweepQueued()'s lanes. (CCD's chains mostly need many sweeps, which run faster
// on that compact copy.)
void ChainBatch::sweepFirstInPlace(int first, const ChainBatchOptions& options, int& queued) {
  using V = SweepVector;
  constexpr int kLanes = V::kLanes;
  const int bones = bones_;
  const V zero = V::splat(0.0), one = V::splat(1.0);
  const Lanes group{x_.data() + first, y_.data() + first, lengths_.data() + first,
                    static_cast<size_t>(count_), bones};
  const Lanes back{scratch_.data(), scratch_.data() + static_cast<size_t>(bones + 1) * kLanes, nullptr,
                   kLanes, bones};
  queued -= kLanes;
  V reach = zero;
  for (int j = 0; j < bones; ++j) reach = reach + V::load(group.length(j));
  const V tx = V::load(targetX_.data() + first), ty = V::load(targetY_.data() + first);
  const auto progressing = fabrikMoved(fabrikSweep(group, back, tx, ty, one / reach));
  const V error = endError(group, tx, ty);
  const auto going = simd::maskAnd(simd::maskAnd(error > V::splat(options.tolerance), progressing),
                                   one < V::splat(static_cast<double>(options.iterations)));
  error.store(error_.data() + first);
  const unsigned goingLanes = simd::bits(going);
  for (int lane = 0; lane < kLanes; ++lane) {
    const auto c = static_cast<size_t>(first + lane);
    iterations_[c] = 1;
    if (goingLanes >> lane & 1) queue_[static_cast<size_t>(queued++)] = 2 * (first + lane);
    else
      status_[c] = static_cast<std::uint8_t>(error_[c] <= options.tolerance ? ChainStatus::Reached
                                                                            : ChainStatus::MaxIterations);
  }
}

// Sweeps the queued chains, V::kLanes at a time, until each is within tolerance, out of sweeps, or
// stalled. A lane whose chain is done takes the next chain of the queue at once, so no lane idles
// while chains that need more sweeps than its own keep the others going; every operation is lane
// by lane, so each chain ends exactly where it would alone.
template <class V>
void ChainBatch::sweepQueued(int queued, const ChainBatchOptions& options) {
  constexpr int kLanes = V::kLanes;
  const size_t n = static_cast<size_t>(count_);
  const int bones = bones_;
  const size_t joints = static_cast<size_t>(bones + 1);
  const V zero = V::splat(0.0), one = V::splat(1.0);

  // The lanes' chains, lane-interleaved: positions, FABRIK's backward points, lengths, and per lane
  // the target, 1 / reach, |end - target|, the sweeps made, 1 while the first sweep follows an
  // un-bending, and 1 while the lane holds a chain.
  double* px = scratch_.data();
  double* py = px + joints * kLanes;
  double* bx = py + joints * kLanes;
  double* by = bx + joints * kLanes;
  double* pl = by + joints * kLanes;
  double* laneTx = pl + static_cast<size_t>(bones) * kLanes;
  double* laneTy = laneTx + kLanes;
  double* laneInverseReach = laneTy + kLanes;
  double* laneError = laneInverseReach + kLanes;
  double* laneSweeps = laneError + kLanes;
  double* laneUnbent = laneSweeps + kLanes;
  double* laneLive = laneUnbent + kLanes;
  const Lanes lanes{px, py, pl, kLanes, bones};
  const Lanes back{bx, by, nullptr, kLanes, bones};
  int chainOf[kLanes];
  int next = 0;

  // Puts the next chain of the queue in the lane; once the queue is empty, a copy of its first
  // chain, which the lane sweeps idly (so the sweeps need no mask for idle lanes).
  auto take = [&](int lane) {
    const auto i = static_cast<size_t>(lane);
    const bool idle = next == queued;
    const int entry = queue_[idle ? 0 : static_cast<size_t>(next++)];
    const auto c = static_cast<size_t>(entry >> 1);
    chainOf[i] = entry >> 1;
    double reach = 0;
    for (size_t j = 0; j < joints; ++j) {
      px[j * kLanes + i] = x_[j * n + c];
      py[j * kLanes + i] = y_[j * n + c];
      if (j + 1 < joints) {
        pl[j * kLanes + i] = lengths_[j * n + c];
        reach = reach + lengths_[j * n + c];
      }
    }
    laneTx[i] = targetX_[c];
    laneTy[i] = targetY_[c];
    laneInverseReach[i] = 1.0 / reach;
    laneError[i] = error_[c];
    laneSweeps[i] = iterations_[c];
    laneUnbent[i] = static_cast<double>(entry & 1);
    laneLive[i] = idle ? 0 : 1;
  };
  // Writes the lane's chain back (CCD's after fixLengths()).
  auto give = [&](int lane) {
    const auto i = static_cast<size_t>(lane);
    const auto c = static_cast<size_t>(chainOf[i]);
    if (options.ccd) {
      const Lanes chain{px + i, py + i, pl + i, kLanes, bones};
      fixLengths<F64x1>(chain, true);
      laneError[i] = endError(chain, F64x1{laneTx[i]}, F64x1{laneTy[i]}).v;
    }
    for (size_t j = 0; j < joints; ++j) {
      x_[j * n + c] = px[j * kLanes + i];
      y_[j * n + c] = py[j * kLanes + i];
    }
    error_[c] = laneError[i];
    iterations_[c] = static_cast<std::int32_t>(laneSweeps[i]);
    status_[c] = static_cast<std::uint8_t>(laneError[i] <= options.tolerance ? ChainStatus::Reached
                                                                             : ChainStatus::MaxIterations);
  };

  for (int lane = 0; lane < kLanes; ++lane) take(lane);
  const V tolerance = V::splat(options.tolerance);
  const V cap = V::splat(static_cast<double>(options.iterations));
  for (;;) {
    const auto live = V::load(laneLive) == one;
    if (!simd::any(live)) break;
    const V tx = V::load(laneTx), ty = V::load(laneTy);
    auto progressing = sweepOnce(lanes, back, tx, ty, V::load(laneInverseReach), zero == zero, options.ccd);
    progressing = simd::maskOr(progressing, V::load(laneUnbent) == one);
    zero.store(laneUnbent);
    const V error = simd::select(live, endError(lanes, tx, ty), V::load(laneError));
    const V sweeps = V::load(laneSweeps) + simd::select(live, one, zero);
    error.store(laneError);
    sweeps.store(laneSweeps);
    const auto going = simd::maskAnd(simd::maskAnd(error > tolerance, progressing), sweeps < cap);
    const auto done = simd::maskAnd(live, simd::maskNot(going));
    if (const unsigned doneLanes = simd::bits(done)) {
      for (int lane = 0; lane < kLanes; ++lane) {
        if (doneLanes >> lane & 1) {
          give(lane);
          take(lane);
        }
      }
    }
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
  int queued = 0;
  int c = 0;
  for (; c + kSweepLanes <= count_; c += kSweepLanes) {
    bool all = true;
    for (int group = c; group < c + kSweepLanes; group += 4)
      all = settleGroup<F64x4>(group, capped, queued) && all;
    if (all && !capped.ccd) sweepFirstInPlace(c, capped, queued);
  }
  for (; c + 4 <= count_; c += 4) settleGroup<F64x4>(c, capped, queued);
  for (; c < count_; ++c) settleGroup<F64x1>(c, capped, queued);
  // Fewer chains than the lanes take one SIMD pair: idle lanes cost little while a few chains'
  // sweeps wait on latency, but the arithmetic of eight lanes would be paid for one or two results.
  if (queued >= kSweepLanes) sweepQueued<SweepVector>(queued, capped);
  else if (queued > 0) sweepQueued<F64x2>(queued, capped);
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
