// test_rope.cpp: the Verlet rope keeps pins exact and segments within 1 %, comes to rest with
// damping, never NaN at any scale, and refuses bad input by name.
#include <string>
#include <vector>

#include "test_support.hpp"

using namespace ik2d;
using test::uniform;

namespace {

Rope makeRope(int count, double spacing, RopeOptions options = {}) {
  std::vector<Vec2> points;
  for (int i = 0; i < count; ++i) points.push_back({spacing * i, 0});
  Rope rope;
  REQUIRE(rope.reset(points.data(), count, options) == nullptr);
  return rope;
}

double largestStretch(const Rope& rope) {
  double largest = 0;
  for (int i = 0; i + 1 < rope.size(); ++i) {
    const double d = length(rope.position(i + 1) - rope.position(i));
    largest = std::max(largest, std::fabs(d - rope.restLength(i)) / rope.restLength(i));
  }
  return largest;
}

}  // namespace

TEST_CASE("Rope: pins exact and segments within 1 % over random drags, at every scale", "[rope]") {
  for (double scale : {1e-3, 1.0, 1e4}) {
    for (int pins : {0, 1, 2, 3}) {
      RopeOptions options;
      options.gravityY = -980 * scale;
      Rope rope = makeRope(24, 10 * scale, options);
      std::vector<int> pinned;
      if (pins >= 1) pinned.push_back(0);
      if (pins >= 2) pinned.push_back(23);
      if (pins >= 3) pinned.push_back(11);
      std::vector<Vec2> at(24);
      for (int p : pinned) {
        at[static_cast<size_t>(p)] = rope.position(p);
        REQUIRE(rope.pin(p, rope.position(p)) == nullptr);
      }
      for (int step = 0; step < 2000; ++step) {
        // Drag one pin to a random spot the rope allows (pin refuses the others).
        if (!pinned.empty() && step % 7 == 0) {
          const int p = pinned[static_cast<size_t>(step / 7) % pinned.size()];
          const Vec2 to = rope.position(p) + scale * Vec2{uniform(-20, 20), uniform(-20, 20)};
          if (rope.pin(p, to) == nullptr) at[static_cast<size_t>(p)] = to;
        }
        const double dt = step % 50 == 0 ? 0.1 : 1.0 / 60;
        REQUIRE(rope.step(dt) == nullptr);
        INFO("scale " << scale << " pins " << pins << " step " << step);
        for (int i = 0; i < rope.size(); ++i) REQUIRE(isValid(rope.position(i)));
        for (int p : pinned) {
          REQUIRE(rope.position(p).x == at[static_cast<size_t>(p)].x);
          REQUIRE(rope.position(p).y == at[static_cast<size_t>(p)].y);
        }
        REQUIRE(largestStretch(rope) <= 0.01);
      }
    }
  }
}

TEST_CASE("Rope: a hanging rope comes to rest with damping, and swings on without it", "[rope]") {
  for (double scale : {1e-3, 1.0, 1e4}) {
    RopeOptions options;
    options.gravityY = -980 * scale;
    Rope rope = makeRope(16, 10 * scale, options);  // horizontal: it falls and swings
    REQUIRE(rope.pin(0, rope.position(0)) == nullptr);
    for (int i = 0; i < 60 * 30; ++i) REQUIRE(rope.step(1.0 / 60) == nullptr);
    std::vector<Vec2> before;
    for (int i = 0; i < rope.size(); ++i) before.push_back(rope.position(i));
    REQUIRE(rope.step(1.0 / 60) == nullptr);
    double moved = 0;
    for (int i = 0; i < rope.size(); ++i)
      moved = std::max(moved, length(rope.position(i) - before[static_cast<size_t>(i)]));
    INFO("scale " << scale);
    CHECK(moved <= 1e-6 * scale);
    // It hangs straight down from the pin.
    CHECK(rope.position(15).y == Approx(-150 * scale).epsilon(0.01));
  }
  RopeOptions undamped;
  undamped.damping = 0;
  Rope rope = makeRope(16, 10, undamped);
  REQUIRE(rope.pin(0, rope.position(0)) == nullptr);
  for (int i = 0; i < 60 * 5; ++i) REQUIRE(rope.step(1.0 / 60) == nullptr);
  const Vec2 a = rope.position(15);
  REQUIRE(rope.step(1.0 / 60) == nullptr);
  CHECK(length(rope.position(15) - a) > 0.1);
}

TEST_CASE("Rope: pinned at both ends, slack or nearly taut, it comes to rest with damping", "[rope]") {
  // The exact pass (straightening between pins) must neither kick the rope (its correction is not
  // speed) nor nudge a stretch at rest back and forth, however taut and however damped.
  for (double scale : {1e-3, 1.0, 1e4}) {
    for (int segments : {3, 16, 40}) {
      if (segments != 16 && scale != 1.0) continue;  // every scale once; the ends of the range at 1
      for (double damping : {0.02, 0.3, 0.8}) {
        for (double apart : {0.3, 0.9, 0.97, 0.995, 0.999}) {
          RopeOptions options;
          options.gravityY = -980 * scale;
          options.damping = damping;
          const double spacing = 256 * scale / segments;
          Rope rope = makeRope(segments + 1, spacing, options);
          REQUIRE(rope.pin(0, {0, 0}) == nullptr);
          REQUIRE(rope.pin(segments, {256 * scale * apart, 0}) == nullptr);
          // Heavily damped, it creeps (overdamped) rather than swings, and takes longer to stop.
          REQUIRE(rope.step(1.0 / 60, damping > 0.5 ? 60 * 90 : 60 * 30) == nullptr);
          std::vector<Vec2> before;
          for (int i = 0; i < rope.size(); ++i) before.push_back(rope.position(i));
          REQUIRE(rope.step(1.0 / 60, 3) == nullptr);
          double moved = 0;
          for (int i = 0; i < rope.size(); ++i)
            moved = std::max(moved, length(rope.position(i) - before[static_cast<size_t>(i)]));
          INFO("scale " << scale << ", " << segments << " segments, damping " << damping << ", pins " << apart
                        << " of the length apart");
          CHECK(moved <= 1e-6 * scale);
          CHECK(largestStretch(rope) <= 0.01);
          CHECK(rope.position(segments / 2).y < 0);  // it sags
        }
      }
    }
  }
}

TEST_CASE("Rope: a long step is the same as its 1/60 s substeps, bit for bit", "[rope]") {
  Rope a = makeRope(12, 3), b = makeRope(12, 3);
  REQUIRE(a.pin(0, {0, 0}) == nullptr);
  REQUIRE(b.pin(0, {0, 0}) == nullptr);
  for (int i = 0; i < 20; ++i) {
    REQUIRE(a.step(0.1) == nullptr);
    REQUIRE(b.step(1.0 / 60, 6) == nullptr);
  }
  for (int i = 0; i < a.size(); ++i) {
    CHECK(a.position(i).x == b.position(i).x);
    CHECK(a.position(i).y == b.position(i).y);
  }
}

TEST_CASE("Rope: a pin stays exact when its segment is squeezed to a denormal length", "[rope]") {
  // Found by fuzzing: a point pinned 1e-308 from its neighbour, a million units of rest length
  // apart. The relaxation divided by that length and overflowed; 0 · ∞ then made the pin NaN.
  const std::vector<Vec2> points{{0, 1.5086396843931327e-312}, {-0.002195316599103925, 1097692.0601653405}};
  Rope rope;
  REQUIRE(rope.reset(points.data(), 2, RopeOptions{}) == nullptr);
  const Vec2 pin{2.7461126836176592e-315, 6.6752218137909515e-308};
  REQUIRE(rope.pin(1, pin) == nullptr);
  REQUIRE(rope.step(1.0727e-317, 3) == nullptr);
  CHECK(rope.position(1).x == pin.x);
  CHECK(rope.position(1).y == pin.y);
  CHECK(isValid(rope.position(0)));
  CHECK(length(rope.position(0) - pin) == Approx(length(points[1] - points[0])).epsilon(1e-9));
}

TEST_CASE("Rope: step does not allocate and long steps split", "[rope]") {
  Rope rope = makeRope(10, 1);
  REQUIRE(rope.pin(0, {0, 0}) == nullptr);
  const long before = test::allocations.load();
  for (int i = 0; i < 50; ++i) REQUIRE(rope.step(0.1, 2) == nullptr);
  CHECK(test::allocations.load() == before);
  CHECK(largestStretch(rope) <= 0.01);
}

TEST_CASE("Rope: bad points, options, pins and time steps are refused by name", "[rope][invalid]") {
  Rope rope;
  CHECK(std::string(rope.step(0.01)) == "the rope has no points: reset it first");
  rope = makeRope(5, 1);
  for (double dt : {0.0, -0.01, 0.11, HUGE_VAL, std::nan("")})
    CHECK(std::string(rope.step(dt)) == "dt must be a number of seconds greater than 0, at most 0.1");
  CHECK(std::string(rope.step(0.01, 0)) == "steps must be a whole number from 1 to 100000");
  // One range and one message for every refused count, as a binding passes it (a double).
  for (double steps : {0.0, -1.0, 1.5, 100001.0, 1e300, HUGE_VAL, std::nan("")})
    CHECK(std::string(stepCountMessage(steps)) == "steps must be a whole number from 1 to 100000");
  CHECK(stepCountMessage(1) == nullptr);
  CHECK(stepCountMessage(kMaxStepCount) == nullptr);
  CHECK(Rope::kMaxSteps == kMaxStepCount);
  RopeOptions options;
  options.damping = 1.5;
  CHECK(std::string(rope.setOptions(options)) == "damping must be a finite number from 0 to 1");
  options = {};
  options.iterations = 0;
  CHECK(std::string(rope.setOptions(options)) == "iterations must be a whole number from 1 to 10000");
  options = {};
  options.gravityY = std::nan("");
  CHECK(std::string(rope.setOptions(options)) == "gravity.y must be a finite number from -1e12 to 1e12");
  CHECK(std::string(rope.pin(5, {0, 0})).find("index") == 0);
  CHECK(std::string(rope.unpin(-1)).find("index") == 0);
  CHECK(std::string(rope.pin(0, {std::nan(""), 0})).find("point.x") == 0);
  REQUIRE(rope.pin(0, {0, 0}) == nullptr);
  CHECK(std::string(rope.pin(4, {4.5, 0})).find("point must be within") == 0);  // beyond 4 units of rope
  CHECK(std::string(rope.pin(1, {0.5, 0})).find("point must be within") == 0);  // a neighbour off its length
  CHECK(rope.pin(4, {0, 3}) == nullptr);
}

TEST_CASE("Rope: a step over the work budget is refused up front, one within it runs", "[rope][invalid]") {
  RopeOptions options;
  options.iterations = 10000;
  Rope rope = makeRope(1000, 1, options);
  const std::vector<double> before(rope.positions(), rope.positions() + 2 * rope.size());
  // 2 steps × 1 substep × 10002 × 1000 points: over 1.5e7.
  CHECK(std::string(rope.step(1.0 / 60, 2)) ==
        "steps × substeps × (iterations + 2) × points must be at most 15000000 (the work budget)");
  CHECK(std::vector<double>(rope.positions(), rope.positions() + 2 * rope.size()) == before);
  // 1 step: 1.0002e7, within it.
  CHECK(rope.step(1.0 / 60, 1) == nullptr);
}
