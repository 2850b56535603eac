// skeleton_polish.cpp: the damped least squares step that ends each FABRIK sweep of a skeleton
// with two or more effectors or a limit (skeleton_solve.cpp says why), and the restarts that draw
// new angles for the branches a stuck try leaves short of their targets.
#include <algorithm>

#include "chain_detail.hpp"
#include "cold.hpp"
#include "ik2d/skeleton.hpp"

namespace ik2d {
namespace {

// Largest turn of one angle in one step (radians): the linear model is trusted this far.
constexpr double kMaxTurn = 0.5;
// The damping stays within [kMinDamping, kMaxDamping] (relative to the solve's scale).
constexpr double kMinDamping = 1e-6;
constexpr double kMaxDamping = 1e3;
// Every solve draws the same sequence of restart angles: a solve depends only on its inputs.
constexpr unsigned long long kRestartSeed = 0x2545F4914F6CDD1DULL;

}  // namespace

// perp(e - pivot) for the end of bone `bone`, scaled: the Jacobian column entry of a turn about pivot.
Vec2 Skeleton::perpendicularArm(int bone, Vec2 pivot) const {
  const Vec2 arm = inverseScale_ * (position(bone + 1) - pivot);
  return {-arm.y, arm.x};
}

// Effector k's rows of the Jacobian column of bone j (turned about `pivot`), into `column`: the
// weight times perp(e_k - p_j), and with an angle goal the weight times the bone's length (a turn
// of the bone's world angle moves its end by its length per radian), all over the scale. Returns
// the number of rows, 0 when j is not above k.
int Skeleton::effectorColumn(int k, int j, Vec2 pivot, double column[3]) const {
  const SkeletonEffector& effector = effectors_[static_cast<size_t>(k)];
  if (!inSubtree(j, effector.bone)) return 0;
  const Vec2 arm = perpendicularArm(effector.bone, pivot);
  column[0] = effector.weight * arm.x;
  column[1] = effector.weight * arm.y;
  if (!effector.useAngle) return 2;
  column[2] = effector.weight * lengths_[static_cast<size_t>(effector.bone)] * inverseScale_;
  return 3;
}

// Summed squared errors, weighted, in units of the solve's scale (an angle error as the move of
// its bone's end it makes).
double Skeleton::sumOfSquaredErrors(int count) const {
  double sum = 0;
  for (int k = 0; k < count; ++k) {
    const SkeletonEffector& effector = effectors_[static_cast<size_t>(k)];
    const Vec2 r = inverseScale_ * (effector.target - position(effector.bone + 1));
    double squared = r.x * r.x + r.y * r.y;
    if (effector.useAngle) {
      const double turn = lengths_[static_cast<size_t>(effector.bone)] * inverseScale_ *
                          wrapAngle(effector.angle - worldAngles_[static_cast<size_t>(effector.bone)]);
      squared += turn * turn;
    }
    sum += effector.weight * effector.weight * squared;
  }
  return sum;
}

// One Levenberg-Marquardt step on the active angles. J is the Jacobian of the effectors' ends in
// the angles: turning bone j about its start p_j moves effector k's end e_k by perp(e_k - p_j) per
// radian when j is above k (perp(v) = (-v.y, v.x)), else not at all. With r = t - e,
//   (J J^T + d^2 I) w = r,   turn_j = (J^T w)_j, capped at kMaxTurn and clamped into the limit.
// J J^T is 2 rows per effector square; entry (k, l) sums perp(e_k - p_j) perp(e_l - p_j)^T over
// the bones j above both. The step is kept when the summed squared error fell (the damping then
// halves), else the angles go back and the damping quadruples: the error never grows, so fixed
// targets settle. Everything is scaled by inverseScale_ so no product overflows. Returns true
// when the step was kept.
bool Skeleton::polish(int count, double& damping) {
  const double before = sumOfSquaredErrors(count);
  for (int a = 0; a < activeCount_; ++a)
    pinned_[static_cast<size_t>(activeBones_[static_cast<size_t>(a)])] = 0;
  if (!solveNormalEquations(count, damping)) return false;
  // A bone at its limit that the step would push past it is pinned there and the step solved
  // again without it (one round of an active set), so the other bones make up for it.
  bool pinnedAny = false;
  for (int a = 0; a < activeCount_; ++a) {
    const int j = activeBones_[static_cast<size_t>(a)];
    const auto bone = static_cast<size_t>(j);
    if (!limits_.has(bone)) continue;
    const double turn = polishTurn(j, count);
    const bool pushesDown = turn < 0 && angles_[bone] - limits_.min(bone) <= -turn;
    const bool pushesUp = turn > 0 && limits_.max(bone) - angles_[bone] <= turn;
    if (pushesDown || pushesUp) pinned_[bone] = 1;
    pinnedAny = pinnedAny || pinned_[bone];
  }
  if (pinnedAny && !solveNormalEquations(count, damping)) return false;

  std::copy(angles_.begin(), angles_.end(), savedAngles_.begin());
  for (int a = 0; a < activeCount_; ++a) {
    const int j = activeBones_[static_cast<size_t>(a)];
    const auto bone = static_cast<size_t>(j);
    if (pinned_[bone]) continue;
    double turned = wrapAngle(angles_[bone] + std::clamp(polishTurn(j, count), -kMaxTurn, kMaxTurn));
    if (limits_.has(bone)) turned = detail::clampAngleToRange(turned, limits_.min(bone), limits_.max(bone));
    angles_[bone] = turned;
  }
  updatePositions();
  if (sumOfSquaredErrors(count) < before) {
    damping = std::max(damping * 0.5, kMinDamping);
    return true;
  }
  std::copy(savedAngles_.begin(), savedAngles_.end(), angles_.begin());
  updatePositions();
  damping = std::min(damping * 4, kMaxDamping);
  return false;
}

// (J J^T + d^2 I) w = r into weights_, leaving out the pinned bones' columns. False only if the
// factorisation fails, which d > 0 rules out but which is checked so no NaN can spread.
IK2D_COLD bool Skeleton::solveNormalEquations(int count, double damping) {
  const auto rows = static_cast<size_t>(rowCount_);
  for (int k = 0; k < count; ++k) {
    const SkeletonEffector& effector = effectors_[static_cast<size_t>(k)];
    const auto row = static_cast<size_t>(effectorRow_[static_cast<size_t>(k)]);
    const Vec2 r = inverseScale_ * (effector.target - position(effector.bone + 1));
    weights_[row] = effector.weight * r.x;
    weights_[row + 1] = effector.weight * r.y;
    if (effector.useAngle) {
      weights_[row + 2] = effector.weight * lengths_[static_cast<size_t>(effector.bone)] * inverseScale_ *
                          wrapAngle(effector.angle - worldAngles_[static_cast<size_t>(effector.bone)]);
    }
  }
  auto entry = [this, rows](size_t row, size_t column) -> double& { return normal_[row * rows + column]; };
  std::fill(normal_.begin(), normal_.begin() + static_cast<std::ptrdiff_t>(rows * rows), 0.0);
  for (int a = 0; a < activeCount_; ++a) {
    const int j = activeBones_[static_cast<size_t>(a)];
    if (pinned_[static_cast<size_t>(j)]) continue;
    const Vec2 pivot = position(parents_[static_cast<size_t>(j)] + 1);
    for (int k = 0; k < count; ++k) {
      double columnK[3];
      const int rowsK = effectorColumn(k, j, pivot, columnK);
      if (rowsK == 0) continue;
      const auto rowK = static_cast<size_t>(effectorRow_[static_cast<size_t>(k)]);
      for (int l = 0; l <= k; ++l) {  // the lower triangle is all Cholesky reads
        double columnL[3];
        const int rowsL = effectorColumn(l, j, pivot, columnL);
        const auto rowL = static_cast<size_t>(effectorRow_[static_cast<size_t>(l)]);
        for (int p = 0; p < rowsK; ++p) {
          for (int q = 0; q < rowsL; ++q)
            entry(rowK + static_cast<size_t>(p), rowL + static_cast<size_t>(q)) += columnK[p] * columnL[q];
        }
      }
    }
  }
  for (size_t r = 0; r < rows; ++r) entry(r, r) += damping * damping;

  // Cholesky, L L^T, in the lower triangle; then L z = r and L^T w = z, in weights_.
  for (size_t c = 0; c < rows; ++c) {
    double diagonal = entry(c, c);
    for (size_t m = 0; m < c; ++m) diagonal -= entry(c, m) * entry(c, m);
    if (!(diagonal > 0) || !std::isfinite(diagonal)) return false;
    const double root = std::sqrt(diagonal);
    entry(c, c) = root;
    for (size_t r = c + 1; r < rows; ++r) {
      double value = entry(r, c);
      for (size_t m = 0; m < c; ++m) value -= entry(r, m) * entry(c, m);
      entry(r, c) = value / root;
    }
  }
  for (size_t r = 0; r < rows; ++r) {
    double value = weights_[r];
    for (size_t m = 0; m < r; ++m) value -= entry(r, m) * weights_[m];
    weights_[r] = value / entry(r, r);
  }
  for (size_t r = rows; r-- > 0;) {
    double value = weights_[r];
    for (size_t m = r + 1; m < rows; ++m) value -= entry(m, r) * weights_[m];
    weights_[r] = value / entry(r, r);
  }
  return true;
}

// Bone j's turn in the step: (J^T w)_j, the sum over the effectors under it; 0 if not finite.
double Skeleton::polishTurn(int j, int count) const {
  const Vec2 pivot = position(parents_[static_cast<size_t>(j)] + 1);
  double turn = 0;
  for (int k = 0; k < count; ++k) {
    double column[3];
    const int rows = effectorColumn(k, j, pivot, column);
    const auto row = static_cast<size_t>(effectorRow_[static_cast<size_t>(k)]);
    for (int p = 0; p < rows; ++p) turn += column[p] * weights_[row + static_cast<size_t>(p)];
  }
  return std::isfinite(turn) ? turn : 0.0;
}

// A uniform number in [0, 1) from splitmix64 (Steele, Lea and Flood 2014).
double Skeleton::nextRandom() {
  unsigned long long z = (randomState_ += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  z ^= z >> 31;
  return static_cast<double>(z >> 11) * 0x1.0p-53;
}

// Restart `round` (1, 2, ...) of a solve: for every effector beyond tolerance (effectorMet_ is
// current), new angles, uniform within each limit (anywhere for a free bone), for the bones of its
// branch: up to its nearest sub-base in odd rounds, all the way to the root in even ones (then the
// bones it shares with other effectors move too). The other bones keep their angles.
IK2D_COLD void Skeleton::restartFailing(int count, int round) {
  if (round == 1) randomState_ = kRestartSeed;
  const bool toRoot = round % 2 == 0;
  for (int k = 0; k < count; ++k) {
    if (effectorMet_[static_cast<size_t>(k)]) continue;
    const int effector = effectors_[static_cast<size_t>(k)].bone;
    for (int bone = effector; bone >= 0; bone = parents_[static_cast<size_t>(bone)]) {
      const auto at = static_cast<size_t>(bone);
      if (!toRoot && bone != effector && activeChildren_[at + 1] > 1) break;  // a sub-base
      const double u = nextRandom();
      angles_[at] = limits_.has(at)
                        ? std::min(limits_.min(at) + (limits_.max(at) - limits_.min(at)) * u, limits_.max(at))
                        : wrapAngle(kPi * (2 * u - 1));
    }
  }
  updatePositions();
}

}  // namespace ik2d
