// ik2d/second_order.hpp: second-order dynamics that make a point follow a target with a chosen
// frequency, damping and initial response (a spring for cameras, heads, goals, hands).
//
// The point y follows the target x by  y + k1 y' + k2 y'' = x + k3 x',  with
//   k1 = zeta / (pi f),   k2 = 1 / (2 pi f)^2,   k3 = r zeta / (2 pi f),
// integrated by semi-implicit Euler with k2 raised to max(k2, dt^2/2 + dt k1/2, dt k1), which
// keeps every step stable whatever dt is (a long step then acts as a stiffer-damped one).
// f (Hz) is how fast it responds, zeta how it settles (0 vibrates forever, below 1 overshoots,
// 1 and above settles without overshoot), r how it starts (0 eases in, 1 follows at once, above 1
// overshoots at the start, below 0 anticipates: it first moves away).
#pragma once

#include "ik2d/math.hpp"
#include "ik2d/option_list.hpp"

/// SecondOrder2's options: X(name, member, type, default, low, high, doc); see option_list.hpp.
#define IK2D_SECOND_ORDER_OPTIONS(X)                                                              \
  X("frequency", frequency, double, 1.0, 0.001, 1000, "natural frequency f, Hz")                  \
  X("damping", damping, double, 1.0, 0, 100, "damping ratio zeta: < 1 overshoots, >= 1 does not") \
  X("response", response, double, 0.0, -100, 100, "initial response r: > 1 overshoots, < 0 anticipates")

namespace ik2d {

/// Settings of a SecondOrder2 (the members come from IK2D_SECOND_ORDER_OPTIONS).
struct SecondOrderOptions {
  IK2D_SECOND_ORDER_OPTIONS(IK2D_OPTION_MEMBER)
};

/// The constants of the model for `options` (already checked): k1, k2, k3 of the file comment.
struct SecondOrderConstants {
  double k1 = 0, k2 = 0, k3 = 0;  ///< see the file comment.
};
/// nullptr, or a message naming the first option out of its range.
const char* checkSecondOrderOptions(const SecondOrderOptions& options);
/// k1, k2 and k3 of `options`.
SecondOrderConstants secondOrderConstants(const SecondOrderOptions& options);
/// One step of the model on one coordinate, as SecondOrder2 makes on each of its two: `position`
/// and `velocity` advance `dt` seconds (> 0) toward `target`, which changed by `targetChange`
/// since the last step. Start over on the target if a value leaves the double range.
void secondOrderStep(const SecondOrderConstants& constants, double dt, double target, double targetChange,
                     double& position, double& velocity);

/// A point that follows a moving target by second-order dynamics (see the file comment).
/// Default-constructed it sits at (0, 0) with the default options.
class SecondOrder2 {
 public:
  /// Largest coordinate magnitude accepted for a target or a start, units.
  static constexpr double kMaxCoordinate = 1e12;

  /// Sets the options and puts the point, at rest, on `start` (also the last target). Returns
  /// nullptr or a message naming the bad field (the state is then left unchanged).
  const char* reset(const SecondOrderOptions& options, Vec2 start);
  /// Advances `dt` seconds (greater than 0, at most 1000) toward `target`; the target's velocity
  /// is taken from its change since the last update. Returns nullptr or a message naming the
  /// field (dt, target.x, target.y); nothing changes then.
  const char* update(double dt, Vec2 target);
  /// The same with the target's velocity given (units per second, finite, within 1e12).
  const char* update(double dt, Vec2 target, Vec2 targetVelocity);

  /// Where the point is, units.
  Vec2 position() const { return position_; }
  /// How fast it moves, units per second.
  Vec2 velocity() const { return velocity_; }
  /// The settings in force.
  const SecondOrderOptions& options() const { return options_; }

 private:
  const char* advance(double dt, Vec2 target, Vec2 targetChange);

  SecondOrderOptions options_;
  double k1_ = 1 / kPi, k2_ = 1 / (4 * kPi * kPi), k3_ = 0;
  Vec2 position_, velocity_, lastTarget_;
};

}  // namespace ik2d
