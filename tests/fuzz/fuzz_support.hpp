// fuzz_support.hpp: turning libFuzzer's bytes into solver input, and the checks every fuzzer uses.
#pragma once

#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

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

/// Aborts (so libFuzzer saves the input) when `condition` is false.
inline void require(bool condition, const char* what) {
  if (!condition) {
    std::fprintf(stderr, "invariant broken: %s\n", what);
    std::abort();
  }
}

}  // namespace ik2d::fuzz
