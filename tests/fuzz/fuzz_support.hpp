// fuzz_support.hpp: turning libFuzzer's bytes into solver input, and the checks every fuzzer uses.
#pragma once

#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "ik2d/math.hpp"
#include "ik2d/two_bone.hpp"

namespace ik2d::fuzz {

/// A double that is, by turns, any bit pattern (NaN, infinities, denormals), a value from an
/// "interesting" list (0, -0, 1, pi, 1e-300, 1e300, the largest double...) or a plain moderate value.
inline double anyDouble(FuzzedDataProvider& data) {
  static constexpr double kInteresting[] = {
      0.0,    -0.0,    1.0,   -1.0,   0.5,    3.141592653589793,      -3.141592653589793,
      1e-300, -1e-300, 1e300, -1e300, 5e-324, 1.7976931348623157e308, -1.7976931348623157e308,
      1e-9,   1e9,     2.0,   100.0};
  switch (data.ConsumeIntegralInRange<int>(0, 3)) {
    case 0: {
      const std::uint64_t bits = data.ConsumeIntegral<std::uint64_t>();
      double value;
      std::memcpy(&value, &bits, sizeof value);
      return value;
    }
    case 1:
      return kInteresting[data.ConsumeIntegralInRange<size_t>(
          0, sizeof kInteresting / sizeof *kInteresting - 1)];
    case 2: return data.ConsumeFloatingPointInRange<double>(-1e3, 1e3);
    default: return data.ConsumeFloatingPoint<double>();
  }
}

/// A two-bone extra's value: by turns its default and anything anyDouble gives.
inline double defaultOrAny(FuzzedDataProvider& data, double fallback) {
  return data.ConsumeBool() ? fallback : anyDouble(data);
}

/// A limb with any root, target, lengths, bend (often +-1) and softness (often 0), the extras at
/// their defaults.
inline TwoBoneInput anyLimb(FuzzedDataProvider& data) {
  TwoBoneInput in;
  in.root = {anyDouble(data), anyDouble(data)};
  in.target = {anyDouble(data), anyDouble(data)};
  in.length1 = anyDouble(data);
  in.length2 = anyDouble(data);
  in.bend = data.ConsumeBool() ? (data.ConsumeBool() ? 1.0 : -1.0) : anyDouble(data);
  in.softness = data.ConsumeBool() ? 0.0 : anyDouble(data);
  return in;
}

/// Aborts (so libFuzzer saves the input) when `condition` is false.
inline void require(bool condition, const char* what) {
  if (!condition) {
    std::fprintf(stderr, "invariant broken: %s\n", what);
    std::abort();
  }
}

/// Requires a limited joint's solved angle within its limit [low, high]. Mirrored, the limit holds
/// the reflected angle (pi - angle on a joint at the root, -angle elsewhere), to rounding; a bound
/// at +-pi has two names.
inline void requireWithinLimit(double angle, bool mirrored, bool onRoot, double low, double high) {
  const double authored = !mirrored ? angle : wrapAngle(onRoot ? kPi - angle : -angle);
  const double slack = mirrored ? 1e-12 : 0;
  require((authored >= low - slack && authored <= high + slack) ||
              std::fabs(wrapAngle(authored - low)) <= slack || std::fabs(wrapAngle(authored - high)) <= slack,
          "limits kept");
}

}  // namespace ik2d::fuzz
