// chain_rules.hpp: the constants and decisions Chain (chain.cpp, chain_solve.cpp) and ChainBatch
// (batch_chain.cpp) share, so the twin solvers cannot drift apart (not public). A change here
// changes both; tests/core/test_batch.cpp holds them to the same statuses and sweep counts,
// singular starts included. What only Chain has (method Dls, damping, mix, pole) ChainBatch
// refuses by name: checkBatchSolveOptions (ik2d/chain.hpp), after the checks both share.
#pragma once

#include <cmath>

#include "ik2d/chain.hpp"

namespace ik2d::rules {

/// How far each joint past the first is bent to get a chain off a line through its target,
/// radians. Bone j's direction turns by j * kNudge; then one CCD sweep turns the chain round
/// (FABRIK alone crawls out of a chain folded back on itself), then the method's own sweep: all
/// of it is sweep 1.
inline constexpr double kNudge = 0.05;

/// A chain lies on a line through its target when every joint and the target are within this
/// fraction of the reach of the line from the root along the end (or, the end on the root,
/// toward the target; both on the root, along +x).
inline constexpr double kCollinear = 1e-9;

/// A sweep has stalled (more sweeps cannot help) when its largest change is below this: for CCD,
/// stallMeasure() of a joint's turn (its size in radians, for the small turns that decide it); for
/// FABRIK, a joint's move over the reach (the same at the far end of a straight chain).
inline constexpr double kStalled = 1e-13;

/// The seed of the restarts of an aimed Chain solve: every solve draws the same angles, so a solve
/// depends only on its inputs.
inline constexpr unsigned long long kRestartSeed = 0x2545F4914F6CDD1DULL;

/// The size of a CCD turn by (cosine, sine) as a stall measure, with no arctangent: (1 - cos) +
/// |sin|, which grows with the turn from 0 to 2 and equals its size in radians (to rounding) below
/// about 1e-8 radians, where 1 - cos is 0.
inline double stallMeasure(double cosine, double sine) { return (1.0 - cosine) + std::fabs(sine); }

/// FABRIK's step, one joint one bone length along v: (v length) / |v| into (outX, outY), when
/// |v|^2 is within (1e-300, 1e300) and length within [1e-150, 1e150], where no product or
/// quotient on the way can overflow or lose digits to underflow; false elsewhere (the caller takes
/// a slower way, see detail::alongOf). The products overlap the square root, so only a division
/// follows it: FABRIK's passes are a chain of these steps, each waiting for the one before.
inline bool alongOf(double vx, double vy, double length, double& outX, double& outY) {
  const double squared = vx * vx + vy * vy;
  if (!(squared < 1e300 && squared > 1e-300 && length <= 1e150 && length >= 1e-150)) return false;
  const double norm = std::sqrt(squared);
  outX = (vx * length) / norm;
  outY = (vy * length) / norm;
  return true;
}

/// The status a finished solve reports: the one rule for both solvers.
inline ChainStatus finishedStatus(bool reached, bool outOfReach) {
  return reached ? ChainStatus::Reached : outOfReach ? ChainStatus::OutOfReach : ChainStatus::MaxIterations;
}

}  // namespace ik2d::rules
