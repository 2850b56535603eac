// math.cpp: angle wrapping and the step count check for the conventions stated in ik2d/math.hpp.
#include "ik2d/math.hpp"

namespace ik2d {

double wrapAngle(double angle) {
  if (!std::isfinite(angle)) return 0.0;
  // Adding +0.0 turns -0 into +0, so a straight arm reports angle2 = 0, not -0.
  if (angle > -kPi && angle <= kPi) return angle + 0.0;
  // remainder() by 2*pi (exactly twice kPi in binary) lands in [-kPi, kPi]; -kPi maps to kPi so
  // that the interval is half-open on the negative side.
  double wrapped = std::remainder(angle, 2.0 * kPi);
  if (wrapped <= -kPi) wrapped += 2.0 * kPi;
  return wrapped;
}

const char* stepCountMessage(double steps) {
  static_assert(kMaxStepCount == 100000, "the message below names kMaxStepCount");
  if (!(steps >= 1 && steps <= kMaxStepCount) || steps != std::floor(steps))
    return "steps must be a whole number from 1 to 100000";
  return nullptr;
}

}  // namespace ik2d
