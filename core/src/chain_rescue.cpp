// chain_rescue.cpp: how an aimed solve (an end angle goal as well as the position) gets out of a
// stuck try. With three goals (x, y and the end bone's angle) and often as few joints to meet
// them, the methods' sweeps stall: CCD and FABRIK crawl when the wrist's goal lies near the
// stretch of the bones before it, and limits stop every method in a pose from which no small
// move gets nearer. chain_solve.cpp's finishSweep() asks rescue() after each sweep of an aimed
// solve whose target lies within reach:
//   try 1:  the method's own sweeps, until they stop cutting the cost (see rescue());
//   try 2:  Levenberg-Marquardt steps (damped least squares with the angle row, the damping
//           adapted step by step) from where try 1 stopped;
//   try 3+: a restart: new angles, uniform within each joint's limit and maxStep (a free joint
//           anywhere), drawn from a fixed seed, then Levenberg-Marquardt steps.
// A solve that ends without meeting its goals keeps the try that came nearest in both position
// and angle, and try 1's unless a later one is nearer in both: so a goal that cannot be met whole
// ends where the method's own weighing puts it (chain.hpp, angleWeight).
#include <algorithm>

#include "chain_detail.hpp"
#include "chain_rules.hpp"
#include "ik2d/chain.hpp"

namespace ik2d {
namespace {
/// A try that has not cut its cost to kProgress of its value within kStallSweeps sweeps is stuck.
constexpr double kProgress = 0.5;
constexpr int kStallSweeps = 3;
/// polishStep()'s damping (in reach units) starts at kPolishDamping, halves after a step that
/// cut the cost and grows fourfold after one that did not, within [detail::kMinDamping, kMaxDamping].
constexpr double kPolishDamping = 0.05;
constexpr double kMaxDamping = 1e3;
}  // namespace

// After a sweep of an aimed solve within reach that has neither met its goals nor spent its
// sweeps: true to go on (the same try, or the next), false to end the solve. The cost is
// (error / reach)^2 + angle error^2, unweighted: a goal is met only when both vanish.
bool Chain::rescue(double error, bool stalled) {
  Progress& p = progress_;
  const double relative = error / reach_, turn = angleErrorNow();
  const double cost = relative * relative + turn * turn;
  if (cost < kProgress * p.checkpoint) {
    p.checkpoint = cost;
    p.checkpointSweep = p.iteration;
  }
  if (!stalled && p.iteration - p.checkpointSweep < kStallSweeps) return true;
  settleAngles();  // (a free chain's sweeps turned positions only; the steps work on angles)
  if (p.tries == 1 || (error <= p.keptError && turn <= p.keptAngleError)) keepTry(error);
  ++p.tries;
  p.restartPending = p.tries > 2;
  p.polishing = true;
  p.polishDamping = kPolishDamping;
  p.checkpoint = HUGE_VAL;
  p.checkpointSweep = p.iteration;
  return true;
}

// The cost a polish step weighs: (error / reach)^2 + (angleWeight angle error)^2, the squares
// of the residuals dlsAimStep() works on.
double Chain::aimCost(double error) const {
  const double relative = error / reach_, turn = progress_.angleWeight * angleErrorNow();
  return relative * relative + turn * turn;
}

// One Levenberg-Marquardt step: dlsAimStep() with the adapted damping, kept when it cut the cost
// (the damping then halves), else taken back (the damping grows fourfold). Returns the largest
// change of a local angle, 0 for a step taken back.
double Chain::polishStep(Vec2 target) {
  Progress& p = progress_;
  const double before = aimCost(detail::fastLength(end() - target));
  std::copy(angles_.begin(), angles_.end(), savedAngles_.begin());
  const double change = dlsAimStep(target, p.polishDamping);
  p.refused = !(aimCost(detail::fastLength(end() - target)) < before);
  if (!p.refused) {
    p.polishDamping = std::max(0.5 * p.polishDamping, detail::kMinDamping);
    return change;
  }
  std::copy(savedAngles_.begin(), savedAngles_.end(), angles_.begin());
  std::fill(turns_.begin(), turns_.end(), 0.0);
  updatePositionsFrom(0);
  p.polishDamping = std::min(4 * p.polishDamping, kMaxDamping);
  return 0;
}

// The current pose becomes the kept one.
void Chain::keepTry(double error) {
  std::copy(angles_.begin(), angles_.end(), keptAngles_.begin());
  progress_.keptError = error;
  progress_.keptAngleError = angleErrorNow();
}

// At the end of a rescued solve that did not meet its goals: back to the kept try unless the
// current pose is at least as near in both position and angle. Returns true when the chain moved.
bool Chain::keepBetterTry(double error) {
  if (error <= progress_.keptError && angleErrorNow() <= progress_.keptAngleError) return false;
  std::copy(keptAngles_.begin(), keptAngles_.end(), angles_.begin());
  updatePositionsFrom(0);
  return true;
}

// New angles for every joint, uniform in what constrain() allows it (its limit and maxStep around
// the angle the solve started with; a joint with neither, the whole circle). Returns the largest
// change.
double Chain::restartAngles() {
  double largestChange = 0;
  for (int i = 0; i < size(); ++i) {
    const auto bone = static_cast<size_t>(i);
    const double u = nextRandom();
    double angle;
    if (!limits_.has(bone) && maxStep_ >= kPi) {
      angle = wrapAngle(kPi * (2 * u - 1));
    } else {
      const double start = startAngles_[bone];
      double low = -std::min(maxStep_, 2 * kPi), high = std::min(maxStep_, 2 * kPi);
      if (limits_.has(bone)) {
        low = std::max(low, limits_.min(bone) - start);
        high = std::min(high, limits_.max(bone) - start);
      }
      angle = constrain(i, start + std::min(low + (high - low) * u, high));
    }
    largestChange = std::max(largestChange, std::fabs(wrapAngle(angle - angles_[bone])));
    angles_[bone] = angle;
  }
  updatePositionsFrom(0);
  return largestChange;
}

// A uniform number in [0, 1) from splitmix64 (Steele, Lea and Flood 2014).
double Chain::nextRandom() {
  unsigned long long z = (progress_.random += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  z ^= z >> 31;
  return static_cast<double>(z >> 11) * 0x1.0p-53;
}

// |the end bone's world angle - the goal| from the positions, which are current whatever the
// angles' bookkeeping (a solve that ignores its angle goal, angleWeight 0, still reports it).
double Chain::endAngleErrorFromPositions() const {
  // The turn from the end bone onto the goal's direction: atan2 of their cross and dot products.
  const Vec2 along = end() - position(size() - 1), aim = progress_.aim;
  return std::fabs(detail::fastAtan2(cross(along, aim), detail::dot(along, aim)));
}

}  // namespace ik2d
