// fuzz_skeleton.cpp: a skeleton built from random records (parents, lengths, angles: cycles,
// out-of-order parents, NaN and all), then random edits (mirror and spring bones among them) and
// solves with random effectors (with angle goals and weights or not; some
// solved twice in a row). After every call: finite state, limits and lengths kept, a message
// exactly when refused, a refused call changes nothing, 'reached' iff every error is within
// tolerance.
#include <algorithm>
#include <vector>

#include "fuzz_support.hpp"
#include "ik2d/ik2d.hpp"

using namespace ik2d;
using fuzz::require;

namespace {

void checkSkeleton(const Skeleton& skeleton) {
  for (int i = 0; i < skeleton.size(); ++i) {
    const double angle = skeleton.angles()[i];
    require(isValid(angle), "angles are finite");
    require(angle >= -kPi && angle <= kPi, "angles wrapped");
    if (skeleton.hasLimit(i)) {
      fuzz::requireWithinLimit(angle, skeleton.mirrored(), skeleton.parent(i) < 0, skeleton.limitMin(i),
                               skeleton.limitMax(i));
    }
    const Vec2 start = skeleton.position(skeleton.parent(i) + 1);
    const Vec2 end = skeleton.position(i + 1);
    require(isValid(end), "positions are finite");
    // Positions are only as fine as the double grid where the skeleton is.
    const double grid = 4e-16 * (length(start) + length(end));
    require(std::fabs(length(end - start) - skeleton.boneLength(i)) <=
                1e-9 * skeleton.totalLength() + grid + 1e-300,
            "lengths kept");
  }
}

double record(FuzzedDataProvider& data, double low, double high) {
  return data.ConsumeBool() ? data.ConsumeFloatingPointInRange(low, high) : fuzz::anyDouble(data);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, size_t size) {
  FuzzedDataProvider data(bytes, size);
  const int count = data.ConsumeIntegralInRange<int>(0, 24);
  std::vector<double> records;
  for (int i = 0; i < count; ++i) {
    records.push_back(data.ConsumeBool() ? data.ConsumeIntegralInRange<int>(-1, i - 1)
                                         : record(data, -2, count + 1));
    records.push_back(record(data, 0.01, 10.0));
    records.push_back(record(data, -7.0, 7.0));
  }
  Skeleton skeleton;
  const char* message =
      skeleton.resetFromRecords({record(data, -50, 50), record(data, -50, 50)}, records.data(), count);
  if (message != nullptr) {
    require(skeleton.size() == 0, "a refused reset leaves no bones");
    return 0;
  }
  checkSkeleton(skeleton);

  for (int operation = 0; operation < 16 && data.remaining_bytes() > 0; ++operation) {
    switch (data.ConsumeIntegralInRange<int>(0, 7)) {
      case 4: skeleton.setMirror(data.ConsumeBool()); break;
      case 5: {
        SecondOrderOptions spring;
        spring.frequency = record(data, 0.001, 1000);
        spring.damping = record(data, 0, 100);
        spring.response = record(data, -100, 100);
        const int bone = data.ConsumeIntegralInRange<int>(-1, count);
        if (data.ConsumeBool()) skeleton.setSpring(bone, spring);
        else skeleton.clearSpring(bone);
        break;
      }
      case 6: skeleton.step(record(data, 0, 1000), data.ConsumeIntegralInRange<int>(-1, 8)); break;
      case 0:
        skeleton.setLimit(data.ConsumeIntegralInRange<int>(-1, count), record(data, -kPi, 0.0),
                          record(data, 0.0, kPi));
        break;
      case 1: skeleton.clearLimit(data.ConsumeIntegralInRange<int>(-1, count)); break;
      case 2: {
        std::vector<double> angles;
        for (int i = 0; i < count; ++i) angles.push_back(record(data, -7.0, 7.0));
        skeleton.setAngles(angles.data(), data.ConsumeBool() ? count : count - 1);
        break;
      }
      case 3: skeleton.setRoot({record(data, -50, 50), record(data, -50, 50)}); break;
      default: {
        const int effectorCount = data.ConsumeIntegralInRange<int>(0, count + 1);
        std::vector<double> effectors;
        const int recordSize = data.ConsumeBool() ? 6 : 3;  // with angle goals and weights
        for (int k = 0; k < effectorCount; ++k) {
          effectors.push_back(data.ConsumeBool() ? data.ConsumeIntegralInRange<int>(0, count - 1)
                                                 : record(data, -1, count));
          effectors.push_back(record(data, -100, 100));
          effectors.push_back(record(data, -100, 100));
          if (recordSize == 6) {
            effectors.push_back(data.ConsumeBool() ? 1.0 : 0.0);
            effectors.push_back(record(data, -7, 7));
            effectors.push_back(data.ConsumeBool() ? 1.0 : record(data, 0, 1));
          }
        }
        SkeletonSolveOptions options;
        options.iterations = data.ConsumeIntegralInRange<int>(-2, 64);
        options.tolerance = data.ConsumeBool() ? 1e-3 : fuzz::anyDouble(data);
        // The same call twice: the second one sees the first's spent restarts.
        if (data.ConsumeBool()) {
          skeleton.solveFromRecords(effectors.data(), effectorCount, options, recordSize);
          checkSkeleton(skeleton);
        }
        // An invalid call leaves the skeleton as that call found it (after any first call).
        const std::vector<double> before(skeleton.positions(), skeleton.positions() + 2 * (count + 1));
        const SkeletonSolveResult r =
            skeleton.solveFromRecords(effectors.data(), effectorCount, options, recordSize);
        require((r.status == ChainStatus::Invalid) == (r.message != nullptr),
                "a message exactly when invalid");
        require(r.iterations >= 0 && r.iterations <= std::max(options.iterations, 0),
                "iterations within the limit");
        if (r.status == ChainStatus::Invalid) {
          for (size_t i = 0; i < before.size(); ++i)
            require(skeleton.positions()[i] == before[i], "invalid leaves the skeleton");
        } else {
          require(r.effectorCount == effectorCount, "one error per effector");
          bool all = true;
          for (int k = 0; k < r.effectorCount; ++k) {
            require(isValid(r.errors[k]) && r.errors[k] >= 0, "errors are finite");
            require(isValid(r.angleErrors[k]) && r.angleErrors[k] >= 0, "angle errors are finite");
            const double* effector = effectors.data() + static_cast<size_t>(recordSize * k);
            if (recordSize == 6 && effector[5] == 0) continue;  // weight 0: not an effector
            all = all && r.errors[k] <= options.tolerance && r.angleErrors[k] <= options.angleTolerance;
          }
          require((r.status == ChainStatus::Reached) == all, "reached iff every error <= tolerance");
        }
        break;
      }
    }
    checkSkeleton(skeleton);
  }
  return 0;
}
