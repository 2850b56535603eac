// second_order.cpp: SecondOrder2, the semi-implicit update with k2 clamped for stability.
#include "ik2d/second_order.hpp"

#include <algorithm>

#include "cold.hpp"

namespace ik2d {

namespace {
bool isCoordinate(double value) { return isValid(value) && std::fabs(value) <= SecondOrder2::kMaxCoordinate; }
}  // namespace

IK2D_COLD const char* checkSecondOrderOptions(const SecondOrderOptions& options) {
  IK2D_SECOND_ORDER_OPTIONS(IK2D_OPTION_CHECK)
  return nullptr;
}

SecondOrderConstants secondOrderConstants(const SecondOrderOptions& options) {
  const double f = options.frequency, zeta = options.damping, r = options.response;
  SecondOrderConstants constants;
  constants.k1 = zeta / (kPi * f);
  constants.k2 = 1 / ((2 * kPi * f) * (2 * kPi * f));
  constants.k3 = r * zeta / (2 * kPi * f);
  return constants;
}

IK2D_COLD const char* SecondOrder2::reset(const SecondOrderOptions& options, Vec2 start) {
  if (const char* message = checkSecondOrderOptions(options)) return message;
  if (!isCoordinate(start.x)) return "start.x must be a finite number within 1e12";
  if (!isCoordinate(start.y)) return "start.y must be a finite number within 1e12";
  options_ = options;
  const SecondOrderConstants constants = secondOrderConstants(options);
  k1_ = constants.k1;
  k2_ = constants.k2;
  k3_ = constants.k3;
  position_ = start;
  velocity_ = {};
  lastTarget_ = start;
  return nullptr;
}

const char* SecondOrder2::update(double dt, Vec2 target) {
  if (!isValid(dt) || !(dt > 0) || dt > 1000)
    return "dt must be a number of seconds greater than 0, at most 1000";
  if (!isCoordinate(target.x)) return "target.x must be a finite number within 1e12";
  if (!isCoordinate(target.y)) return "target.y must be a finite number within 1e12";
  return advance(dt, target, target - lastTarget_);
}

const char* SecondOrder2::update(double dt, Vec2 target, Vec2 targetVelocity) {
  if (!isValid(dt) || !(dt > 0) || dt > 1000)
    return "dt must be a number of seconds greater than 0, at most 1000";
  if (!isCoordinate(target.x)) return "target.x must be a finite number within 1e12";
  if (!isCoordinate(target.y)) return "target.y must be a finite number within 1e12";
  if (!isCoordinate(targetVelocity.x)) return "targetVelocity.x must be a finite number within 1e12";
  if (!isCoordinate(targetVelocity.y)) return "targetVelocity.y must be a finite number within 1e12";
  return advance(dt, target, dt * targetVelocity);
}

// y += dt y';  y' += (dt (x - y - k1 y') + k3 dx) / k2', with dx = dt x' (the target's change), so
// a tiny dt never divides a change by itself. The point moves with the old velocity first, as in
// the usual formulation.
const char* SecondOrder2::advance(double dt, Vec2 target, Vec2 targetChange) {
  lastTarget_ = target;
  const double k2 = std::max({k2_, 0.5 * dt * dt + 0.5 * dt * k1_, dt * k1_});
  position_ = position_ + dt * velocity_;
  velocity_ = velocity_ + (1 / k2) * (dt * (target - position_ - k1_ * velocity_) + k3_ * targetChange);
  if (!isValid(position_) || !isValid(velocity_)) {  // out of double range: start over on the target
    position_ = target;
    velocity_ = {};
  }
  return nullptr;
}

// The same update as advance(), on one coordinate.
void secondOrderStep(const SecondOrderConstants& constants, double dt, double target, double targetChange,
                     double& position, double& velocity) {
  const double k1 = constants.k1;
  const double k2 = std::max({constants.k2, 0.5 * dt * dt + 0.5 * dt * k1, dt * k1});
  position = position + dt * velocity;
  velocity = velocity + (1 / k2) * (dt * (target - position - k1 * velocity) + constants.k3 * targetChange);
  if (!isValid(position) || !isValid(velocity)) {
    position = target;
    velocity = 0;
  }
}

}  // namespace ik2d
