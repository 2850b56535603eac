// dls.cpp: one step of damped least squares (Levenberg-Marquardt style) on the chain's Jacobian;
// chain_solve.cpp runs one per iteration. In 2D the Jacobian is 2 x size and J J^T is 2 x 2, so
// the step is solved in closed form: no matrix library, no allocation.
#include <algorithm>

#include "chain_detail.hpp"
#include "ik2d/chain.hpp"

namespace ik2d {
namespace {
/// The most of the reach one step tries to move the end (the linear model holds only near the
/// current pose; Buss and Kim's "clamping the target distance").
constexpr double kReachPerStep = 0.5;
/// The most one step turns a joint before limits, radians.
constexpr double kMaxTurn = 0.5;
/// The same for a step with the angle row (dlsAimStep), which also caps the angle's residual at
/// it. Measured on 5 000 goals from random poses (tests/core/test_chain_angle.cpp's kind): at 0.5
/// an aimed DLS solve met 99.7 % of free and 99.2 % of limited ones within 50 sweeps, at 1 (here)
/// 100 % and 99.9 %, in fewer sweeps; the rescues (chain_rescue.cpp) gain as much.
constexpr double kAimMaxTurn = 1.0;
/// Most solves of one step: the first, then one more each time constrain() holds joints back.
constexpr int kPasses = 4;
/// A joint counts as held back when constrain() changes its turn by more than this, radians.
constexpr double kHeldBack = 1e-12;

// e = (target - end) / reach, shortened to at most kReachPerStep of the reach (the linear model
// holds only near the current pose).
inline Vec2 stepError(Vec2 target, Vec2 end, double inverseReach) {
  Vec2 error = inverseReach * (target - end);
  const double errorLength = detail::fastLength(error);
  if (errorLength > kReachPerStep) error = (kReachPerStep / errorLength) * error;
  return error;
}
}  // namespace

// Joint i's turn in this step is `wanted`, or, where constrain() holds it back, what it may do:
// then the joint is held (fixed for the passes that follow) and this returns true.
bool Chain::proposeTurn(int i, double wanted, bool constrained) {
  const auto bone = static_cast<size_t>(i);
  turns_[bone] = wanted;
  if (!constrained) return false;
  const double allowed = wrapAngle(constrain(i, angles_[bone] + wanted) - angles_[bone]);
  if (!(std::fabs(allowed - wanted) > kHeldBack)) return false;
  turns_[bone] = allowed;
  held_[bone] = 1;
  return true;
}

// Turns every joint by its turns_ (through constrain() where any constraint holds), keeps in
// turns_ the change made, and returns the largest.
double Chain::applyTurns(bool constrained) {
  double largestChange = 0;
  for (int i = 0; i < size(); ++i) {
    const auto bone = static_cast<size_t>(i);
    const double turned =
        constrained ? constrain(i, angles_[bone] + turns_[bone]) : wrapAngle(angles_[bone] + turns_[bone]);
    turns_[bone] = wrapAngle(turned - angles_[bone]);
    angles_[bone] = turned;
    largestChange = std::max(largestChange, std::fabs(turns_[bone]));
  }
  updatePositionsFrom(0);
  return largestChange;
}

// Turning joint i by d(theta) turns everything after it about p_i, so the end moves by
// perp(end - p_i) d(theta): column i of J is perp(end - p_i), perp(v) = (-v.y, v.x). The step is
//   d(theta) = J^T (J J^T + lambda^2 I)^-1 e,   e = target - end,
// with every length over the reach (u_i = (end - p_i) / reach, e / reach, lambda = damping), so
// d(theta), in radians, is the same at every scale and no square overflows or underflows. With
// a = sum u_i.y^2 + lambda^2, b = -sum u_i.x u_i.y, c = sum u_i.x^2 + lambda^2:
//   w = (c e.x - b e.y, a e.y - b e.x) / (a c - b^2),   d(theta_i) = perp(u_i) . w = cross(u_i, w).
// e is first shortened to at most kReachPerStep of the reach (the linear model holds only near
// the current pose), and each joint's new angle goes through constrain() (limits, maxStep). A
// joint that constrain() holds back is then fixed at what it may do: its share of the motion is
// taken out of e and the step is solved again over the other joints (at most kPasses times), so
// a joint against its limit does not soak up the step the others could make.
// Returns the largest change of a local angle; each one is in turns_.
double Chain::dlsStep(Vec2 target) {
  const int bones = size();
  const double inverseReach = 1.0 / reach_;
  const Vec2 end = this->end();
  const Vec2 error = stepError(target, end, inverseReach);
  const double lambda = std::max(progress_.damping, detail::kMinDamping);
  const bool constrained = anyConstraint();
  if (constrained) std::fill(held_.begin(), held_.end(), 0);
  turnsWritten_ = true;

  for (int pass = 0; pass < kPasses; ++pass) {
    double a = lambda * lambda, b = 0, c = a;
    Vec2 rest = error;  // e, less what the held joints do
    for (int i = 0; i < bones; ++i) {
      const Vec2 u = inverseReach * (end - position(i));
      if (constrained && held_[static_cast<size_t>(i)]) {
        rest = rest - turns_[static_cast<size_t>(i)] * Vec2{-u.y, u.x};
        continue;
      }
      a += u.y * u.y;
      b -= u.x * u.y;
      c += u.x * u.x;
    }
    // a c - b^2 >= lambda^2 (a + c - lambda^2) > 0 (Cauchy-Schwarz); the bound also holds where
    // rounding would lose it (a nearly straight chain with little damping): never a zero divisor.
    const double inverseDeterminant =
        1.0 / std::max(a * c - b * b, lambda * lambda * (a + c - lambda * lambda));
    const Vec2 w{(c * rest.x - b * rest.y) * inverseDeterminant,
                 (a * rest.y - b * rest.x) * inverseDeterminant};
    bool newlyHeld = false;
    for (int i = 0; i < bones; ++i) {
      const auto bone = static_cast<size_t>(i);
      if (constrained && held_[bone]) continue;
      const double wanted = std::clamp(cross(inverseReach * (end - position(i)), w), -kMaxTurn, kMaxTurn);
      newlyHeld = proposeTurn(i, wanted, constrained) || newlyHeld;
    }
    if (!newlyHeld) break;
  }
  return applyTurns(constrained);
}

}  // namespace ik2d

namespace ik2d {

// With an angle goal alpha of weight w, the step also works the end bone's world angle phi toward
// alpha: a third row, w for every joint (turning any joint turns the end bone as much), with the
// residual w (alpha - phi) (at most kAimMaxTurn). Column i of J is (-u_i.y, u_i.x, w), J J^T is
// 3 x 3, symmetric and, with lambda^2 on its diagonal, positive definite: solved by cofactors.
// d(theta_i) = cross(u_i, (y1, y2)) + w y3. Held joints as in dlsStep.
double Chain::dlsAimStep(Vec2 target, double damping) {
  const int bones = size();
  const double inverseReach = 1.0 / reach_;
  const Vec2 end = this->end();
  const Vec2 error = stepError(target, end, inverseReach);
  const double weight = progress_.angleWeight;
  const double angleError =
      weight * std::clamp(wrapAngle(progress_.angle - worldAngles_[static_cast<size_t>(bones - 1)]),
                          -kAimMaxTurn, kAimMaxTurn);
  const double lambda = std::max(damping, detail::kMinDamping);
  // (anyConstraint() counts the angle goal itself: only limits and maxStep hold a joint back.)
  const bool constrained = holdsJoints();
  if (constrained) std::fill(held_.begin(), held_.end(), 0);
  turnsWritten_ = true;

  for (int pass = 0; pass < kPasses; ++pass) {
    const double squared = lambda * lambda;
    double a = squared, b = 0, c = squared, d = 0, f = 0, g = squared;
    Vec2 rest = error;
    double restAngle = angleError;
    for (int i = 0; i < bones; ++i) {
      const Vec2 u = inverseReach * (end - position(i));
      if (constrained && held_[static_cast<size_t>(i)]) {
        const double turn = turns_[static_cast<size_t>(i)];
        rest = rest - turn * Vec2{-u.y, u.x};
        restAngle -= turn * weight;
        continue;
      }
      a += u.y * u.y;
      b -= u.x * u.y;
      c += u.x * u.x;
      d -= weight * u.y;
      f += weight * u.x;
      g += weight * weight;
    }
    // The inverse of [[a, b, d], [b, c, f], [d, f, g]] by cofactors.
    const double c11 = c * g - f * f, c12 = d * f - b * g, c13 = b * f - c * d;
    const double c22 = a * g - d * d, c23 = b * d - a * f, c33 = a * c - b * b;
    const double determinant = a * c11 + b * c12 + d * c13;
    const double inverse = determinant > 0 ? 1.0 / determinant : 0.0;
    const double y1 = (c11 * rest.x + c12 * rest.y + c13 * restAngle) * inverse;
    const double y2 = (c12 * rest.x + c22 * rest.y + c23 * restAngle) * inverse;
    const double y3 = (c13 * rest.x + c23 * rest.y + c33 * restAngle) * inverse;
    bool newlyHeld = false;
    for (int i = 0; i < bones; ++i) {
      const auto bone = static_cast<size_t>(i);
      if (constrained && held_[bone]) continue;
      const Vec2 u = inverseReach * (end - position(i));
      const double wanted = std::clamp(cross(u, Vec2{y1, y2}) + weight * y3, -kAimMaxTurn, kAimMaxTurn);
      newlyHeld = proposeTurn(i, wanted, constrained) || newlyHeld;
    }
    if (!newlyHeld) break;
  }
  return applyTurns(constrained);
}

}  // namespace ik2d
