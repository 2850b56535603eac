// fuzz_sizes.cpp: hostile sizes and counts against every check that comes before an allocation or
// a loop: whatever the number (negative, huge, the int limits), the check answers without
// allocating in proportion to it, an accepted size is within its documented ceiling, and an
// accepted step is within its work budget (the objects built here stay small, so the fuzzer runs
// many inputs a second).
#include <algorithm>
#include <climits>
#include <cmath>
#include <iterator>
#include <vector>

#include "fuzz_support.hpp"
#include "ik2d/batch.hpp"
#include "ik2d/creature.hpp"
#include "ik2d/rope.hpp"

using ik2d::fuzz::anyDouble;
using ik2d::fuzz::require;

namespace {

int anyCount(FuzzedDataProvider& data) {
  static constexpr int kInteresting[] = {
      0,       1,       -1,     2, 63, 64, 65, 1023, 1024, 1025, 10000, 10001, 100000, 1 << 22, (1 << 22) + 1,
      1 << 24, INT_MAX, INT_MIN};
  return data.ConsumeBool()
             ? kInteresting[data.ConsumeIntegralInRange<size_t>(0, std::size(kInteresting) - 1)]
             : data.ConsumeIntegral<int>();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, size_t size) {
  FuzzedDataProvider data(bytes, size);

  // Batch shapes: accepted only within the ceilings, and then the bytes they hold are bounded.
  const int count = anyCount(data), bones = anyCount(data);
  if (!ik2d::ChainBatch::checkShape(count, bones)) {
    require(count >= 0 && bones >= 1 && bones <= 1024, "a chain batch shape within its ranges");
    require(static_cast<long long>(bones + 1) * count <= ik2d::ChainBatch::kMaxSlots,
            "slots within kMaxSlots");
    require(ik2d::ChainBatch::bytesFor(count, bones) <= 600.0 * 1024 * 1024, "a chain batch within 600 MB");
  }
  if (!ik2d::TwoBoneBatch::checkCount(count)) {
    require(count >= 0 && count <= ik2d::TwoBoneBatch::kMaxCount, "limbs within kMaxCount");
    require(ik2d::TwoBoneBatch::bytesFor(count) <= 750.0 * 1024 * 1024, "a two-bone batch within 750 MB");
  }
  if (!ik2d::CreatureCrowd::checkCount(count))
    require(count >= 0 && count <= ik2d::CreatureCrowd::kMaxCount, "a crowd within kMaxCount");

  // Creature scalars: any segments and legs; accepted only within the arrays' capacities.
  ik2d::CreatureOptions options;
  options.segments = anyCount(data);
  options.legs = anyCount(data);
  options.gaitGroups = data.ConsumeIntegralInRange<int>(-2, 20);
  options.spacing = anyDouble(data);
  if (!ik2d::checkCreatureScalars(options)) {
    require(options.segments >= 2 && options.segments <= ik2d::kCreatureMaxSegments,
            "segments within capacity");
    require(options.legs >= 0 && options.legs <= ik2d::kCreatureMaxLegs, "legs within capacity");
  }

  // A small rope stepped with hostile steps, dt and iterations: accepted only within the budget.
  const int points = data.ConsumeIntegralInRange<int>(2, 64);
  std::vector<ik2d::Vec2> at(static_cast<size_t>(points));
  for (int i = 0; i < points; ++i) at[static_cast<size_t>(i)] = {static_cast<double>(i), 0.0};
  ik2d::RopeOptions ropeOptions;
  ropeOptions.iterations = data.ConsumeIntegralInRange<int>(1, 10000);
  ik2d::Rope rope;
  if (!rope.reset(at.data(), points, ropeOptions)) {
    const double dt =
        data.ConsumeBool() ? data.ConsumeFloatingPointInRange<double>(1e-6, 0.1) : anyDouble(data);
    const int steps = anyCount(data);
    // Only what the budget lets through runs: at most kMaxWork point updates.
    if (steps >= 1 && steps <= 100000 && dt > 0 && dt <= 0.1) {
      const double substeps = std::ceil(dt / ik2d::Rope::kMaxSubstep - 1e-9);
      const double work = steps * std::max(1.0, substeps) * (ropeOptions.iterations + 2) * points;
      // (Accepted steps run only while small: the fuzzer's time goes to many inputs.)
      if (work > ik2d::Rope::kMaxWork)
        require(rope.step(dt, steps) != nullptr, "a rope step over its budget refused");
      else if (work <= 1e5)
        require(rope.step(dt, steps) == nullptr, "a rope step within its budget accepted");
    } else {
      require(rope.step(dt, steps) != nullptr, "a bad dt or steps refused");
    }
  }
  return 0;
}
