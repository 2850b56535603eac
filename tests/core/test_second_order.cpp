// test_second_order.cpp: SecondOrder2 settles on a still target, overshoots with zeta < 1,
// anticipates with r < 0, stays finite for any dt, and refuses bad input by name.
#include <string>

#include "test_support.hpp"

using namespace ik2d;

namespace {
SecondOrder2 makeSpring(double f, double zeta, double r, Vec2 start = {}) {
  SecondOrder2 spring;
  SecondOrderOptions options;
  options.frequency = f;
  options.damping = zeta;
  options.response = r;
  REQUIRE(spring.reset(options, start) == nullptr);
  return spring;
}
}  // namespace

TEST_CASE("SecondOrder2: converges to a still target", "[second_order]") {
  for (double zeta : {0.3, 1.0, 2.5}) {
    for (double r : {-1.0, 0.0, 2.0}) {
      for (double scale : {1e-3, 1.0, 1e4}) {
        SecondOrder2 spring = makeSpring(2, zeta, r);
        const Vec2 target{3 * scale, -2 * scale};
        for (int i = 0; i < 60 * 20; ++i) REQUIRE(spring.update(1.0 / 60, target) == nullptr);
        INFO("zeta " << zeta << " r " << r << " scale " << scale);
        CHECK(length(spring.position() - target) <= 1e-6 * scale);
        CHECK(length(spring.velocity()) <= 1e-5 * scale);
      }
    }
  }
}

TEST_CASE("SecondOrder2: overshoots with zeta < 1, not with zeta >= 1", "[second_order]") {
  for (double zeta : {0.2, 0.5, 1.0, 2.0}) {
    SecondOrder2 spring = makeSpring(1.5, zeta, 0);
    double largest = 0;
    for (int i = 0; i < 600; ++i) {
      spring.update(1.0 / 60, {1, 0});
      largest = std::max(largest, spring.position().x);
    }
    INFO("zeta " << zeta);
    if (zeta < 1) CHECK(largest > 1.01);
    else CHECK(largest <= 1 + 1e-9);
  }
}

TEST_CASE("SecondOrder2: anticipates with r < 0, jumps ahead with r > 1", "[second_order]") {
  SecondOrder2 anticipating = makeSpring(1.5, 1, -1.5), eager = makeSpring(1.5, 1, 2);
  anticipating.update(1.0 / 60, {0, 0});
  eager.update(1.0 / 60, {0, 0});
  double lowest = 0, highest = 0;
  for (int i = 0; i < 10; ++i) {
    anticipating.update(1.0 / 60, {1, 0});
    eager.update(1.0 / 60, {1, 0});
    lowest = std::min(lowest, anticipating.position().x);
    highest = std::max(highest, eager.velocity().x);
  }
  CHECK(lowest < -0.01);  // it first moves away from the target
  // r = 2 starts faster than r = 0 would.
  SecondOrder2 plain = makeSpring(1.5, 1, 0);
  plain.update(1.0 / 60, {0, 0});
  plain.update(1.0 / 60, {1, 0});
  plain.update(1.0 / 60, {1, 0});
  CHECK(highest > 2 * plain.velocity().x);
}

TEST_CASE("SecondOrder2: stays finite and stable for any dt and wild targets", "[second_order]") {
  for (double dt : {1e-300, 1e-9, 0.1, 1.0, 1000.0}) {
    SecondOrder2 spring = makeSpring(1000, 0.01, 100);
    for (int i = 0; i < 2000; ++i) {
      const Vec2 target{test::uniform(-1e12, 1e12), test::uniform(-1e12, 1e12)};
      REQUIRE(spring.update(dt, target) == nullptr);
      REQUIRE(isValid(spring.position()));
      REQUIRE(isValid(spring.velocity()));
    }
  }
  // Steps far longer than the period on a still target stay bounded instead of blowing up.
  SecondOrder2 spring = makeSpring(50, 0.5, 0);
  for (int i = 0; i < 2000; ++i) {
    spring.update(0.5, {10, 10});
    REQUIRE(length(spring.position() - Vec2{10, 10}) <= 2 * length(Vec2{10, 10}));
  }
}

TEST_CASE("SecondOrder2: bad options, dt and targets are refused by name", "[second_order][invalid]") {
  SecondOrder2 spring;
  SecondOrderOptions options;
  options.frequency = 0;
  CHECK(std::string(spring.reset(options, {})) == "frequency must be a finite number from 0.001 to 1000");
  options = {};
  options.damping = -1;
  CHECK(std::string(spring.reset(options, {})) == "damping must be a finite number from 0 to 100");
  options = {};
  options.response = std::nan("");
  CHECK(std::string(spring.reset(options, {})) == "response must be a finite number from -100 to 100");
  CHECK(std::string(spring.reset({}, {HUGE_VAL, 0})).find("start.x") == 0);
  for (double dt : {0.0, -1.0, 1001.0, std::nan("")})
    CHECK(std::string(spring.update(dt, {})).find("dt must be") == 0);
  CHECK(std::string(spring.update(0.1, {0, std::nan("")})).find("target.y") == 0);
  CHECK(std::string(spring.update(0.1, {}, {HUGE_VAL, 0})).find("targetVelocity.x") == 0);
}
