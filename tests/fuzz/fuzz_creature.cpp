// fuzz_creature.cpp: creatures, follow chains and ropes with random options, goals, pins and time
// steps. After every accepted call: finite state; for a creature, planted feet that never slide,
// one gait group in the air, the head's speed limit and legs on their bone lengths; for a chain,
// the head exactly on its point; for a rope, pins exactly where pinned.
#include <vector>

#include "fuzz_support.hpp"
#include "ik2d/ik2d.hpp"

using namespace ik2d;
using fuzz::require;

namespace {

double moderateOrAny(FuzzedDataProvider& data, double low, double high) {
  return data.ConsumeBool() ? data.ConsumeFloatingPointInRange(low, high) : fuzz::anyDouble(data);
}

int moderateOrAnyInt(FuzzedDataProvider& data, int low, int high) {
  return data.ConsumeBool() ? data.ConsumeIntegralInRange(low, high) : data.ConsumeIntegral<int>();
}

double timeStep(FuzzedDataProvider& data) {
  return data.ConsumeIntegralInRange<int>(0, 20) == 0 ? fuzz::anyDouble(data)
                                                      : data.ConsumeFloatingPointInRange(0.001, 0.1);
}

void fuzzCreature(FuzzedDataProvider& data) {
  CreatureOptions o = creaturePreset(static_cast<CreatureKind>(data.ConsumeIntegralInRange(0, 3)));
  if (data.ConsumeBool()) o.kind = static_cast<CreatureKind>(data.ConsumeIntegral<int>());
  const double scale = std::pow(10.0, data.ConsumeFloatingPointInRange(-3.0, 4.0));
  o.x = moderateOrAny(data, -1e3, 1e3) * scale;
  o.y = moderateOrAny(data, -1e3, 1e3) * scale;
  o.heading = moderateOrAny(data, -10, 10);
  o.segments = moderateOrAnyInt(data, 2, 64);
  o.spacing = moderateOrAny(data, 1, 30) * scale;
  o.maxBend = moderateOrAny(data, 0, kPi);
  o.speed = moderateOrAny(data, 0, 500) * scale;
  o.turnRate = moderateOrAny(data, 0, 20);
  o.legs = moderateOrAnyInt(data, 0, 48);
  o.upperLength = moderateOrAny(data, 1, 40) * scale;
  o.lowerLength = moderateOrAny(data, 1, 40) * scale;
  o.stepThreshold = moderateOrAny(data, 0.5, 40) * scale;
  o.stepHeight = moderateOrAny(data, 0, 20) * scale;
  o.gaitGroups = moderateOrAnyInt(data, 1, 8);
  o.rearKneesForward = data.ConsumeIntegralInRange(0, 1);
  o.bob = moderateOrAny(data, 0, 0.5);
  o.wiggle = moderateOrAny(data, 0, 1.5);
  o.fins = data.ConsumeIntegralInRange(0, 1);
  o.springFrequency = moderateOrAny(data, 0.01, 50);
  o.springDamping = moderateOrAny(data, 0, 5);
  o.springResponse = moderateOrAny(data, -5, 5);
  const int perPoint = data.ConsumeIntegralInRange(0, 3);
  for (int i = 0; i < kCreatureMaxSegments; ++i) {
    if (perPoint == 1) o.widths[i] = moderateOrAny(data, 1, 40) * scale;
    if (perPoint == 2) o.spacings[i] = data.ConsumeBool() ? 0.0 : moderateOrAny(data, 1, 30) * scale;
  }
  for (int k = 0; k < kCreatureMaxLegs / 2; ++k) o.legAnchors[k] = data.ConsumeIntegralInRange(-1, 64);

  Creature c;
  if (c.reset(o) != nullptr) {
    require(c.segmentCount() == 14, "a refused reset leaves the creature as it was");
    return;
  }
  const CreatureOptions& kept = c.options();
  const double reach = kept.upperLength + kept.lowerLength;
  std::vector<CreatureLeg> before(c.state().legs, c.state().legs + c.legCount());
  for (int frame = 0; frame < 400 && data.remaining_bytes() > 0; ++frame) {
    if (data.ConsumeIntegralInRange(0, 30) == 0) {
      const Vec2 goal{moderateOrAny(data, -1e3, 1e3) * scale, moderateOrAny(data, -1e3, 1e3) * scale};
      c.setGoal(goal);
    }
    const Vec2 head = c.spinePoint(0);
    const double dt = timeStep(data);
    if (c.step(dt) != nullptr) continue;  // a refused dt changes nothing
    const CreatureState& s = c.state();
    for (int i = 0; i < 2 * c.segmentCount(); ++i) require(isValid(s.spine[i]), "spine is finite");
    for (int i = 0; i < c.outlineCount(); ++i) require(isValid(s.outline[i]), "outline is finite");
    for (int i = 0; i < c.finCount(); ++i) require(isValid(s.fins[i].center), "fins are finite");
    require(isValid(s.heading) && isValid(s.speed) && isValid(s.bob), "heading, speed and bob are finite");
    const double magnitude = std::fabs(head.x) + std::fabs(head.y);
    // Subnormal numbers (below about 1e-308) carry few digits: 1e-300 covers their rounding.
    require(length(c.spinePoint(0) - head) <= kept.speed * dt * (1 + 1e-12) + 1e-12 * magnitude + 1e-300,
            "the head keeps its speed limit");
    int airGroup = -1;
    for (int leg = 0; leg < c.legCount(); ++leg) {
      const CreatureLeg& l = s.legs[leg];
      require(isValid(l.hip) && isValid(l.knee) && isValid(l.foot), "legs are finite");
      const double tolerance = 1e-9 * reach + 1e-12 * (std::fabs(l.hip.x) + std::fabs(l.hip.y));
      require(std::fabs(length(l.knee - l.hip) - kept.upperLength) <= tolerance,
              "upper bone keeps its length");
      require(std::fabs(length(l.foot - l.knee) - kept.lowerLength) <= tolerance,
              "lower bone keeps its length");
      const CreatureLeg& was = before[static_cast<size_t>(leg)];
      if (l.planted != 0 && was.planted != 0 && l.steps == was.steps)
        require(l.foot.x == was.foot.x && l.foot.y == was.foot.y, "planted feet never slide");
      if (l.planted == 0) {
        if (airGroup < 0) airGroup = static_cast<int>(l.group);
        require(static_cast<int>(l.group) == airGroup, "one gait group in the air");
      }
      before[static_cast<size_t>(leg)] = l;
    }
  }
}

std::vector<Vec2> points(FuzzedDataProvider& data) {
  std::vector<Vec2> result(static_cast<size_t>(data.ConsumeIntegralInRange(0, 40)));
  const double scale = std::pow(10.0, data.ConsumeFloatingPointInRange(-3.0, 4.0));
  Vec2 at{};
  for (Vec2& p : result) {
    at = at + scale * Vec2{moderateOrAny(data, -2, 2), moderateOrAny(data, -2, 2)};
    p = at;
  }
  return result;
}

void fuzzFollowChain(FuzzedDataProvider& data) {
  const std::vector<Vec2> start = points(data);
  FollowChainOptions options;
  options.maxBend = moderateOrAny(data, 0, kPi);
  FollowChain chain;
  if (chain.reset(start.data(), static_cast<int>(start.size()), options) != nullptr) return;
  for (int k = 0; k < 300 && data.remaining_bytes() > 0; ++k) {
    const Vec2 head{moderateOrAny(data, -1e3, 1e3), moderateOrAny(data, -1e3, 1e3)};
    if (chain.follow(head) != nullptr) continue;
    require(chain.position(0).x == head.x && chain.position(0).y == head.y, "the head is on its point");
    for (int i = 0; i < 2 * chain.size(); ++i) require(isValid(chain.positions()[i]), "chain is finite");
  }
}

void fuzzRope(FuzzedDataProvider& data) {
  const std::vector<Vec2> start = points(data);
  RopeOptions options;
  options.gravityX = moderateOrAny(data, -1e3, 1e3);
  options.gravityY = moderateOrAny(data, -1e3, 1e3);
  options.damping = moderateOrAny(data, 0, 1);
  options.iterations = moderateOrAnyInt(data, 1, 30);
  Rope rope;
  if (rope.reset(start.data(), static_cast<int>(start.size()), options) != nullptr) return;
  std::vector<Vec2> pins(start.size());
  std::vector<bool> pinned(start.size());
  for (int k = 0; k < 300 && data.remaining_bytes() > 0; ++k) {
    const int index = data.ConsumeIntegralInRange(-1, rope.size());
    switch (data.ConsumeIntegralInRange(0, 3)) {
      case 0: {
        const Vec2 to{moderateOrAny(data, -1e3, 1e3), moderateOrAny(data, -1e3, 1e3)};
        if (rope.pin(index, to) == nullptr)
          pins[static_cast<size_t>(index)] = to, pinned[static_cast<size_t>(index)] = true;
        break;
      }
      case 1:
        if (rope.unpin(index) == nullptr) pinned[static_cast<size_t>(index)] = false;
        break;
      default: rope.step(timeStep(data), data.ConsumeIntegralInRange(0, 3)); break;
    }
    for (int i = 0; i < rope.size(); ++i) {
      require(isValid(rope.position(i)), "rope is finite");
      if (pinned[static_cast<size_t>(i)])
        require(rope.position(i).x == pins[static_cast<size_t>(i)].x &&
                    rope.position(i).y == pins[static_cast<size_t>(i)].y,
                "pins are exact");
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, size_t size) {
  FuzzedDataProvider data(bytes, size);
  switch (data.ConsumeIntegralInRange(0, 2)) {
    case 0: fuzzCreature(data); break;
    case 1: fuzzFollowChain(data); break;
    default: fuzzRope(data); break;
  }
  return 0;
}
