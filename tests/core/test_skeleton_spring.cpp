// test_skeleton_spring.cpp: spring bones (Skeleton::setSpring, clearSpring, step).
//
// Sections: helpers, following, the model's promises, mirrored, invalid input.
#include <string>
#include <vector>

#include "skeleton_support.hpp"
#include "test_support.hpp"

using namespace ik2d;

namespace {

// A body bone on the root and a strand of three hair bones hanging from its end.
Skeleton makeStrand() {
  const SkeletonBone bones[] = {{-1, 2, 0}, {0, 1, -1.2}, {1, 1, 0.2}, {2, 1, 0.2}};
  Skeleton skeleton;
  REQUIRE(skeleton.reset({1, 2}, bones, 4) == nullptr);
  return skeleton;
}

SecondOrderOptions springOptions(double frequency, double damping, double response = 0) {
  SecondOrderOptions options;
  options.frequency = frequency;
  options.damping = damping;
  options.response = response;
  return options;
}

void setStrandSprings(Skeleton& skeleton, const SecondOrderOptions& options) {
  for (int bone = 1; bone < 4; ++bone) REQUIRE(skeleton.setSpring(bone, options) == nullptr);
}

// Turns the body bone to `angle` (world), the hair's driven angles as they were (reflected, when
// `mirrored`: the hair's local angles change sign).
void turnBody(Skeleton& skeleton, double angle, bool mirrored = false) {
  const double sign = mirrored ? -1 : 1;
  const double angles[] = {angle, sign * -1.2, sign * 0.2, sign * 0.2};
  REQUIRE(skeleton.setAngles(angles, 4) == nullptr);
}

}  // namespace

// ---- following ------------------------------------------------------------------------------------

TEST_CASE("a spring bone keeps its world angle when its parent turns, then follows", "[skeleton][spring]") {
  Skeleton skeleton = makeStrand();
  const std::vector<double> before(skeleton.positions(), skeleton.positions() + 10);
  setStrandSprings(skeleton, springOptions(2, 0.5));
  for (int i = 0; i < 10; ++i) CHECK(skeleton.positions()[i] == before[static_cast<size_t>(i)]);  // no jump
  REQUIRE(skeleton.step(1.0 / 60) == nullptr);
  for (int i = 0; i < 10; ++i)
    CHECK(skeleton.positions()[i] == Approx(before[static_cast<size_t>(i)]).margin(1e-12));
  turnBody(skeleton, 0.8);
  CHECK(skeleton.angles()[0] == Approx(0.8));
  CHECK(skeleton.angles()[1] == Approx(-1.2 - 0.8));  // the hair's world angle has not moved yet
  double largestSwing = 0;
  for (int frame = 0; frame < 600; ++frame) {
    REQUIRE(skeleton.step(1.0 / 60) == nullptr);
    largestSwing = std::max(largestSwing, skeleton.angles()[1] - (-1.2));  // overshoot past the driven angle
  }
  CHECK(largestSwing > 0.05);  // damping 0.5 swings past
  for (int bone = 1; bone < 4; ++bone) {
    const double driven = bone == 1 ? -1.2 : 0.2;
    CHECK(std::fabs(skeleton.angles()[bone] - driven) <= 1e-6);
  }
}

TEST_CASE("a solve drives the spring bones; they follow and come to rest", "[skeleton][spring]") {
  Skeleton puppet = test::makePuppet();
  const SecondOrderOptions options = springOptions(3, 1);
  REQUIRE(puppet.setSpring(test::kHead, options) == nullptr);
  REQUIRE(puppet.setSpring(test::kLeftForearm, options) == nullptr);
  CHECK(puppet.hasSpring(test::kHead));
  CHECK(!puppet.hasSpring(test::kNeck));
  const SkeletonEffector effectors[] = {{test::kLeftForearm, {-40, 60}}};
  SkeletonSolveOptions solveOptions;
  solveOptions.iterations = 50;
  const SkeletonSolveResult result = puppet.solve(effectors, 1, solveOptions);
  REQUIRE(result.message == nullptr);
  Skeleton settled = puppet;
  for (int frame = 0; frame < 1200; ++frame) REQUIRE(settled.step(1.0 / 60) == nullptr);
  // At rest the shown pose is the solved one: the hand on its target (as the solve reported).
  const Vec2 hand = settled.position(test::kLeftForearm + 1);
  CHECK(length(hand - Vec2{-40, 60}) == Approx(result.errors[0]).margin(1e-5));
  REQUIRE(settled.clearSpring(test::kHead) == nullptr);
  CHECK(!settled.hasSpring(test::kHead));
}

// ---- the model's promises ---------------------------------------------------------------------------

TEST_CASE("spring bones with damping >= 1 never overshoot their driven angle", "[skeleton][spring]") {
  for (const double damping : {1.0, 1.3, 3.0}) {
    for (const double frequency : {0.5, 2.0, 8.0}) {
      for (const double dt : {1.0 / 120, 1.0 / 60, 1.0 / 20, 0.5}) {
        INFO("damping " << damping << " frequency " << frequency << " dt " << dt);
        Skeleton skeleton = makeStrand();
        REQUIRE(skeleton.setSpring(1, springOptions(frequency, damping)) == nullptr);
        turnBody(skeleton, 1.0);
        // The hair's shown local angle starts 1 rad below its driven one and must approach it
        // from below only.
        double worst = -HUGE_VAL;
        for (int frame = 0; frame < static_cast<int>(60 / dt); ++frame) {  // a minute
          REQUIRE(skeleton.step(dt) == nullptr);
          worst = std::max(worst, skeleton.angles()[1] - (-1.2));
        }
        CHECK(worst <= 1e-12);
        CHECK(std::fabs(skeleton.angles()[1] + 1.2) <= 1e-6);
      }
    }
  }
}

TEST_CASE("step(dt, n) is n calls of step(dt), bit for bit", "[skeleton][spring]") {
  for (const bool mirror : {false, true}) {
    Skeleton once = makeStrand();
    once.setMirror(mirror);
    setStrandSprings(once, springOptions(1.7, 0.3, 0.5));
    turnBody(once, mirror ? kPi - 1.1 : 1.1, mirror);
    Skeleton many = once;
    REQUIRE(once.step(1.0 / 60, 37) == nullptr);
    for (int i = 0; i < 37; ++i) REQUIRE(many.step(1.0 / 60) == nullptr);
    for (int i = 0; i < 10; ++i) CHECK(once.positions()[i] == many.positions()[i]);
    for (int i = 0; i < 4; ++i) CHECK(once.angles()[i] == many.angles()[i]);
  }
}

TEST_CASE("spring bones stay finite for any dt and options", "[skeleton][spring]") {
  for (int trial = 0; trial < 300; ++trial) {
    Skeleton skeleton = makeStrand();
    setStrandSprings(
        skeleton, springOptions(test::uniform(0.001, 1000), test::uniform(0, 100), test::uniform(-100, 100)));
    for (int frame = 0; frame < 20; ++frame) {
      turnBody(skeleton, test::uniform(-10, 10));
      REQUIRE(skeleton.step(test::uniform(1e-6, 1000), 1 + static_cast<int>(test::uniform(0, 5))) == nullptr);
      for (int i = 0; i < 10; ++i) REQUIRE(isValid(skeleton.positions()[i]));
    }
  }
}

// ---- mirrored ---------------------------------------------------------------------------------------

TEST_CASE("a mirrored rig's springs swing as the mirror image of the plain rig's",
          "[skeleton][spring][mirror]") {
  Skeleton plain = makeStrand();
  setStrandSprings(plain, springOptions(2, 0.4, 0.3));
  Skeleton mirrored = plain;
  mirrored.setMirror(true);
  const double rootX = plain.root().x;
  for (int frame = 0; frame < 240; ++frame) {
    const double body = std::sin(frame * 0.05);
    turnBody(plain, body);
    turnBody(mirrored, kPi - body, true);
    REQUIRE(plain.step(1.0 / 60) == nullptr);
    REQUIRE(mirrored.step(1.0 / 60) == nullptr);
    for (int i = 0; i <= 4; ++i) {
      CHECK(mirrored.position(i).x == Approx(2 * rootX - plain.position(i).x).margin(1e-9));
      CHECK(mirrored.position(i).y == Approx(plain.position(i).y).margin(1e-9));
    }
  }
}

TEST_CASE("a limit set on a spring bone holds its goal too: cleared, the bone stays inside",
          "[skeleton][spring]") {
  for (const bool mirrored : {false, true}) {
    Skeleton skeleton = makeStrand();
    skeleton.setMirror(mirrored);
    setStrandSprings(skeleton, springOptions(2, 1));
    // The hair's driven angle is -1.2; a limit set afterwards excludes it.
    REQUIRE(skeleton.setLimit(1, 0, 0.5) == nullptr);
    REQUIRE(skeleton.clearSpring(1) == nullptr);
    const double authored = mirrored ? -skeleton.angles()[1] : skeleton.angles()[1];
    CHECK(authored >= 0);
    CHECK(authored <= 0.5);
  }
}

// ---- invalid input ----------------------------------------------------------------------------------

TEST_CASE("bad spring calls are refused by name", "[skeleton][spring]") {
  Skeleton skeleton = makeStrand();
  CHECK(std::string(skeleton.setSpring(4, springOptions(1, 1))) ==
        "bone must be a bone of this skeleton, a whole number from 0 to 3; got 4");
  CHECK(std::string(skeleton.setSpring(1, springOptions(0, 1))) ==
        "spring of bone 1: frequency must be a finite number from 0.001 to 1000");
  CHECK(std::string(skeleton.setSpring(1, springOptions(1, -1))) ==
        "spring of bone 1: damping must be a finite number from 0 to 100");
  CHECK(std::string(skeleton.step(0)) ==
        "dt must be a number of seconds greater than 0, at most 1000; got 0");
  CHECK(std::string(skeleton.step(NAN)) ==
        "dt must be a number of seconds greater than 0, at most 1000; got NaN");
  CHECK(std::string(skeleton.step(0.1, 0)) == "steps must be a whole number from 1 to 100000; got 0");
  CHECK(std::string(skeleton.clearSpring(-1)) ==
        "bone must be a bone of this skeleton, a whole number from 0 to 3; got -1");
  CHECK(!skeleton.hasSpring(1));
}

TEST_CASE("stepping springs allocates nothing", "[skeleton][spring]") {
  Skeleton skeleton = makeStrand();
  setStrandSprings(skeleton, springOptions(2, 0.5));
  turnBody(skeleton, 0.5);
  const long before = test::allocations;
  REQUIRE(skeleton.step(1.0 / 60, 10) == nullptr);
  CHECK(test::allocations == before);
}
