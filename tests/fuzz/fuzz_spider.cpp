// fuzz_spider.cpp: spiders with random settings, goals and time steps. After every step: finite
// state, at least half the legs planted, planted feet on the ground and never sliding.
#include <vector>

#include "fuzz_support.hpp"
#include "ik2d/ik2d.hpp"

using namespace ik2d;
using fuzz::require;

namespace {
double moderateOrAny(FuzzedDataProvider& data, double low, double high) {
  return data.ConsumeBool() ? data.ConsumeFloatingPointInRange(low, high) : fuzz::anyDouble(data);
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, size_t size) {
  FuzzedDataProvider data(bytes, size);
  SpiderOptions options;
  options.legCount =
      data.ConsumeBool() ? 2 * data.ConsumeIntegralInRange<int>(2, 8) : data.ConsumeIntegral<int>();
  options.upperLength = moderateOrAny(data, 10, 100);
  options.lowerLength = moderateOrAny(data, 10, 100);
  options.bodyHeight = moderateOrAny(data, 10, 100);
  options.speed = moderateOrAny(data, 0, 400);
  options.stepThreshold = moderateOrAny(data, 1, 60);
  options.stepHeight = moderateOrAny(data, 0, 50);
  options.terrain.seed = data.ConsumeIntegral<std::uint32_t>();
  options.terrain.roughness = moderateOrAny(data, 0, 1);
  Spider spider;
  if (spider.reset(options, moderateOrAny(data, -1e4, 1e4)) != nullptr) {
    require(spider.legs().empty(), "a refused reset leaves no legs");
    return 0;
  }
  const auto legCount = spider.legs().size();
  std::vector<Vec2> feet(legCount);
  std::vector<bool> planted(legCount);
  for (size_t i = 0; i < legCount; ++i) {
    feet[i] = spider.legs()[i].foot;
    planted[i] = spider.legs()[i].planted;
  }
  const double reach = spider.options().upperLength + spider.options().lowerLength;
  for (int frame = 0; frame < 600 && data.remaining_bytes() > 0; ++frame) {
    if (data.ConsumeIntegralInRange<int>(0, 30) == 0) spider.setGoal(moderateOrAny(data, -3e3, 3e3));
    const double dt = data.ConsumeIntegralInRange<int>(0, 50) == 0 ? fuzz::anyDouble(data) : 1.0 / 60;
    if (spider.step(dt) != nullptr) continue;  // a refused dt changes nothing
    require(isValid(spider.body().position) && isValid(spider.body().angle), "body is finite");
    size_t down = 0;
    for (size_t i = 0; i < legCount; ++i) {
      const SpiderLeg& leg = spider.legs()[i];
      require(isValid(leg.hip) && isValid(leg.knee) && isValid(leg.foot), "legs are finite");
      if (leg.planted) {
        ++down;
        require(std::fabs(leg.foot.y - spider.terrain().height(leg.foot.x)) <= 1e-9 * reach,
                "planted on the ground");
        if (planted[i])
          require(leg.foot.x == feet[i].x && leg.foot.y == feet[i].y, "planted feet never slide");
      }
      feet[i] = leg.foot;
      planted[i] = leg.planted;
    }
    require(2 * down >= legCount, "at least half the legs planted");
  }
  return 0;
}
