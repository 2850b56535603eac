// math.cpp: angle wrapping for the conventions stated in ik2d/math.hpp.
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

}  // namespace ik2d
