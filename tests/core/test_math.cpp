// test_math.cpp: the conventions of ik2d/math.hpp.
#include "test_support.hpp"

using namespace ik2d;

TEST_CASE("wrapAngle maps every angle into the range from -pi (excluded) to pi (included)", "[math]") {
  CHECK(wrapAngle(0.0) == 0.0);
  CHECK(wrapAngle(kPi) == kPi);
  CHECK(wrapAngle(-kPi) == kPi);
  CHECK(wrapAngle(3 * kPi) == Approx(kPi));
  CHECK(wrapAngle(-3 * kPi) == Approx(kPi));
  CHECK(wrapAngle(2 * kPi) == Approx(0.0).margin(1e-15));
  CHECK(wrapAngle(-kPi / 2) == -kPi / 2);
  CHECK(wrapAngle(2.5 * kPi) == Approx(0.5 * kPi));
}

TEST_CASE("wrapAngle keeps the direction of any finite angle", "[math]") {
  for (int i = 0; i < 10000; ++i) {
    const double angle = test::uniform(-1e6, 1e6);
    const double wrapped = wrapAngle(angle);
    REQUIRE(wrapped > -kPi);
    REQUIRE(wrapped <= kPi);
    CHECK(std::cos(wrapped) == Approx(std::cos(angle)).margin(1e-9));
    CHECK(std::sin(wrapped) == Approx(std::sin(angle)).margin(1e-9));
  }
  CHECK(std::isfinite(wrapAngle(1e300)));
  CHECK(wrapAngle(1e300) <= kPi);
}

TEST_CASE("wrapAngle turns non-finite angles into 0 so NaN cannot spread", "[math]") {
  CHECK(wrapAngle(std::nan("")) == 0.0);
  CHECK(wrapAngle(HUGE_VAL) == 0.0);
  CHECK(wrapAngle(-HUGE_VAL) == 0.0);
}

TEST_CASE("cross is positive when b lies counter-clockwise of a", "[math]") {
  CHECK(cross({1, 0}, {0, 1}) == 1.0);
  CHECK(cross({0, 1}, {1, 0}) == -1.0);
  CHECK(cross({2, 2}, {1, 1}) == 0.0);
}

TEST_CASE("wrapAngle returns +0 for -0, so a straight arm reads angle2 = 0", "[math]") {
  CHECK(!std::signbit(wrapAngle(-0.0)));
}
