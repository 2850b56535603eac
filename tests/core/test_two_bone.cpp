// test_two_bone.cpp: the analytic two-bone solver against the contract in docs/api.md.
//
// Sections: random targets per zone, forward-kinematics round trips, boundary sweeps, soft reach,
// named edge cases, invalid input, extreme scales.
#include <algorithm>
#include <cfloat>
#include <cstring>
#include <string>
#include <vector>

#include "test_support.hpp"

using namespace ik2d;
using test::checkInvariants;
using test::distanceBetween;
using test::jointSide;
using test::uniform;

namespace {

TwoBoneInput makeInput(Vec2 root, Vec2 target, double length1, double length2, double bend = 1) {
  TwoBoneInput in;
  in.root = root;
  in.target = target;
  in.length1 = length1;
  in.length2 = length2;
  in.bend = bend;
  return in;
}

// A random limb with its target at distance `distance` from the root, in a random direction.
TwoBoneInput randomLimbAt(double distanceFactorLow, double distanceFactorHigh, double bend,
                          bool relativeToInner = false) {
  const double length1 = uniform(0.1, 10);
  const double length2 = uniform(0.1, 10);
  const Vec2 root{uniform(-100, 100), uniform(-100, 100)};
  const double base = relativeToInner ? std::fabs(length1 - length2) : length1 + length2;
  const double distance = base * uniform(distanceFactorLow, distanceFactorHigh);
  const Vec2 target = root + distance * direction(uniform(-kPi, kPi));
  return makeInput(root, target, length1, length2, bend);
}

bool contains(const char* message, const char* word) {
  return message != nullptr && std::strstr(message, word) != nullptr;
}

}  // namespace

// ---- random targets per zone --------------------------------------------------------------------

TEST_CASE("reachable targets are hit exactly, with the joint on the bend side", "[two_bone]") {
  for (double bend : {1.0, -1.0}) {
    for (int i = 0; i < 5000; ++i) {
      const double length1 = uniform(0.1, 10);
      const double length2 = uniform(0.1, 10);
      const Vec2 root{uniform(-100, 100), uniform(-100, 100)};
      const double distance = uniform(std::fabs(length1 - length2), length1 + length2);
      const Vec2 target = root + distance * direction(uniform(-kPi, kPi));
      const TwoBoneInput in = makeInput(root, target, length1, length2, bend);
      const TwoBoneResult r = solveTwoBone(in);
      INFO("bend " << bend << " l1 " << length1 << " l2 " << length2 << " d " << distance);
      REQUIRE(r.status == TwoBoneStatus::Reached);
      checkInvariants(in, r);
      CHECK(r.distance <= 1e-12 * test::scaleOf(in));
      CHECK(jointSide(in, r) * bend >= -1e-9 * test::scaleOf(in) * test::scaleOf(in));
      // A bent arm turns bone 2 back against the bend: sign(angle2) = -bend.
      if (std::fabs(r.angle2) > 1e-6 && std::fabs(r.angle2) < kPi - 1e-6) {
        CHECK((r.angle2 > 0 ? 1.0 : -1.0) == -bend);
      }
    }
  }
}

TEST_CASE("the joint angle agrees with the law of cosines", "[two_bone]") {
  for (int i = 0; i < 2000; ++i) {
    const TwoBoneInput in = randomLimbAt(0.05, 0.95, 1.0);
    const double d = distanceBetween(in.target, in.root);
    if (d < std::fabs(in.length1 - in.length2) * 1.05) continue;
    const TwoBoneResult r = solveTwoBone(in);
    const double l1 = in.length1, l2 = in.length2;
    // Interior angle at the joint: cos(beta) = (l1^2 + l2^2 - d^2) / (2 l1 l2); |angle2| = pi - beta.
    const double beta = std::acos(std::clamp((l1 * l1 + l2 * l2 - d * d) / (2 * l1 * l2), -1.0, 1.0));
    CHECK(std::fabs(r.angle2) == Approx(kPi - beta).margin(1e-7));
    // Angle at the root: cos(alpha) = (d^2 + l1^2 - l2^2) / (2 d l1), measured from root->target.
    const double alpha = std::acos(std::clamp((d * d + l1 * l1 - l2 * l2) / (2 * d * l1), -1.0, 1.0));
    const Vec2 toTarget = in.target - in.root;
    CHECK(wrapAngle(r.angle1 - std::atan2(toTarget.y, toTarget.x)) == Approx(alpha).margin(1e-7));
  }
}

TEST_CASE("out_of_reach: stretched straight at the target", "[two_bone]") {
  for (double bend : {1.0, -1.0}) {
    for (int i = 0; i < 3000; ++i) {
      const TwoBoneInput in = randomLimbAt(1.0 + 1e-9, 20, bend);
      const TwoBoneResult r = solveTwoBone(in);
      REQUIRE(r.status == TwoBoneStatus::OutOfReach);
      checkInvariants(in, r);
      CHECK(r.angle2 == 0.0);
      const Vec2 toTarget = in.target - in.root;
      CHECK(r.angle1 == Approx(std::atan2(toTarget.y, toTarget.x)).margin(1e-15));
      const double reach = in.length1 + in.length2;
      CHECK(distanceBetween(r.end, in.root) == Approx(reach).epsilon(1e-12));
      CHECK(r.distance == Approx(length(toTarget) - reach).margin(1e-12 * test::scaleOf(in)));
    }
  }
}

TEST_CASE("too_close: folded on the root->target line, the end as near the target as it can be",
          "[two_bone]") {
  for (double bend : {1.0, -1.0}) {
    for (int i = 0; i < 3000; ++i) {
      const TwoBoneInput in = randomLimbAt(0.0, 1.0 - 1e-9, bend, /*relativeToInner=*/true);
      const double d = distanceBetween(in.target, in.root);
      const double inner = std::fabs(in.length1 - in.length2);
      if (!(d < inner)) continue;
      const TwoBoneResult r = solveTwoBone(in);
      REQUIRE(r.status == TwoBoneStatus::TooClose);
      checkInvariants(in, r);
      CHECK(std::fabs(r.angle2) == kPi);
      // The end lies at distance |l1 - l2| from the root, on the ray toward the target.
      const Vec2 expectedEnd = in.root + (inner / d) * (in.target - in.root);
      CHECK(distanceBetween(r.end, expectedEnd) <= 1e-12 * test::scaleOf(in));
      CHECK(r.distance == Approx(inner - d).margin(1e-12 * test::scaleOf(in)));
    }
  }
}

// ---- forward-kinematics round trips -------------------------------------------------------------

TEST_CASE("solving for a pose's own end recovers that pose", "[two_bone]") {
  for (int i = 0; i < 5000; ++i) {
    const double length1 = uniform(0.1, 10);
    const double length2 = uniform(0.1, 10);
    const Vec2 root{uniform(-50, 50), uniform(-50, 50)};
    const double angle1 = uniform(-kPi, kPi);
    const double angle2 = uniform(0.01, kPi - 0.01) * (uniform(0, 1) < 0.5 ? -1.0 : 1.0);
    const Vec2 joint = root + length1 * direction(angle1);
    const Vec2 end = joint + length2 * direction(angle1 + angle2);
    const double bend = angle2 > 0 ? -1.0 : 1.0;
    const TwoBoneInput in = makeInput(root, end, length1, length2, bend);
    const TwoBoneResult r = solveTwoBone(in);
    INFO("angle1 " << angle1 << " angle2 " << angle2);
    REQUIRE(r.status == TwoBoneStatus::Reached);
    CHECK(wrapAngle(r.angle1 - angle1) == Approx(0.0).margin(test::kAngleTolerance * 100));
    CHECK(r.angle2 == Approx(angle2).margin(test::kAngleTolerance * 100));
    CHECK(distanceBetween(r.joint, joint) <= 1e-8 * test::scaleOf(in));
  }
}

// ---- boundary sweeps ----------------------------------------------------------------------------

namespace {

// The limb (length1, length2, bend) hanging from (3, -2), swept from `fromDistance` to
// `toDistance` (test::checkContinuousSweep).
void checkContinuousSweep(double length1, double length2, double fromDistance, double toDistance,
                          double bend) {
  test::checkContinuousSweep(makeInput({3, -2}, {3, -2}, length1, length2, bend), fromDistance, toDistance);
}

}  // namespace

TEST_CASE("the pose is continuous across the outer boundary (reached -> out_of_reach)", "[two_bone][sweep]") {
  for (double bend : {1.0, -1.0}) {
    checkContinuousSweep(120, 80, 190, 210, bend);
    checkContinuousSweep(1, 7, 7.5, 8.5, bend);
  }
}

TEST_CASE("the pose is continuous across the inner boundary, with no flip (too_close -> reached)",
          "[two_bone][sweep]") {
  for (double bend : {1.0, -1.0}) {
    checkContinuousSweep(120, 60, 0.5, 90, bend);     // longer first bone (d = 0 has no direction)
    checkContinuousSweep(60, 120, 0.5, 90, bend);     // longer second bone: bone 1 points away when folded
    checkContinuousSweep(5, 4.999, 1e-4, 0.5, bend);  // a needle-thin reach zone
  }
}

TEST_CASE("a target circling the root moves the arm continuously", "[two_bone][sweep]") {
  for (double distance : {0.0 + 10, 45.0, 150.0, 199.99, 260.0}) {
    const int samples = 20000;
    Vec2 previousJoint{};
    double largestJump = 0;
    for (int i = 0; i <= samples; ++i) {
      const Vec2 target = distance * direction(2 * kPi * i / samples);
      const TwoBoneResult r = solveTwoBone(makeInput({0, 0}, target, 120, 80));
      if (i > 0) largestJump = std::max(largestJump, distanceBetween(r.joint, previousJoint));
      previousJoint = r.joint;
    }
    // One step of the circle is 2 pi / samples radians; the joint moves at most 120 times that.
    CHECK(largestJump <= 120 * 2 * kPi / samples * 1.01);
  }
}

// ---- soft reach ---------------------------------------------------------------------------------

TEST_CASE("softness eases into full reach smoothly (C1) instead of snapping", "[two_bone][soft]") {
  const double length1 = 3, length2 = 2, softness = 0.5, reach = 5;
  const int samples = 100000;
  double previousReach = 0, previousSlope = 1;
  double largestSlopeChange = 0;
  for (int i = 0; i <= samples; ++i) {
    const double d = 3.5 + 3.0 * i / samples;
    TwoBoneInput in = makeInput({0, 0}, {d, 0}, length1, length2);
    in.softness = softness;
    const TwoBoneResult r = solveTwoBone(in);
    checkInvariants(in, r);
    CHECK(r.status == (d <= reach ? TwoBoneStatus::Reached : TwoBoneStatus::OutOfReach));
    const double endReach = length(r.end);
    CHECK(endReach <= d + 1e-12);
    if (d <= reach - softness) CHECK(endReach == Approx(d).epsilon(1e-12));
    if (d >= reach + softness) CHECK(endReach == Approx(reach).epsilon(1e-12));
    if (d > reach - softness && d < reach + softness) {
      CHECK(endReach < std::min(d, reach));  // the end lags: visibly soft
      CHECK(r.distance > 0);
    }
    if (i > 0) {
      const double slope = (endReach - previousReach) / (3.0 / samples);
      CHECK(slope >= -1e-6);  // never pulls back as the target moves away
      if (i > 1) largestSlopeChange = std::max(largestSlopeChange, std::fabs(slope - previousSlope));
      previousSlope = slope;
    }
    previousReach = endReach;
  }
  CHECK(largestSlopeChange < 0.01);  // no kink: the slope goes from 1 to 0 gradually
}

TEST_CASE("softness 0 is the hard solver, and oversized softness is capped", "[two_bone][soft]") {
  for (int i = 0; i < 1000; ++i) {
    TwoBoneInput in = randomLimbAt(0.0, 1.5, 1.0);
    const TwoBoneResult hard = solveTwoBone(in);
    in.softness = 0;
    const TwoBoneResult zero = solveTwoBone(in);
    CHECK(hard.angle1 == zero.angle1);
    CHECK(hard.angle2 == zero.angle2);
    in.softness = 1e6;
    const TwoBoneResult huge = solveTwoBone(in);
    in.softness = 2 * std::min(in.length1, in.length2);
    const TwoBoneResult capped = solveTwoBone(in);
    checkInvariants(in, huge);
    CHECK(huge.angle1 == Approx(capped.angle1).margin(1e-12));
    CHECK(huge.angle2 == Approx(capped.angle2).margin(1e-12));
  }
}

// ---- named edge cases ---------------------------------------------------------------------------

TEST_CASE("target exactly at the root with equal bones: folded onto the root, reached", "[two_bone][edge]") {
  const TwoBoneInput in = makeInput({5, 5}, {5, 5}, 2, 2);
  const TwoBoneResult r = solveTwoBone(in);
  CHECK(r.status == TwoBoneStatus::Reached);
  checkInvariants(in, r);
  CHECK(r.angle1 == 0.0);  // the fixed direction: +x
  CHECK(std::fabs(r.angle2) == kPi);
  CHECK(r.distance <= 1e-15);
}

TEST_CASE("target exactly at the root with unequal bones: too_close, a fixed direction", "[two_bone][edge]") {
  for (double bend : {1.0, -1.0}) {
    const TwoBoneInput longFirst = makeInput({0, 0}, {0, 0}, 3, 1, bend);
    const TwoBoneResult a = solveTwoBone(longFirst);
    CHECK(a.status == TwoBoneStatus::TooClose);
    checkInvariants(longFirst, a);
    CHECK(a.angle1 == 0.0);
    CHECK(a.end.x == Approx(2.0));
    CHECK(a.end.y == Approx(0.0).margin(1e-15));
    const TwoBoneInput longSecond = makeInput({0, 0}, {0, 0}, 1, 3, bend);
    const TwoBoneResult b = solveTwoBone(longSecond);
    CHECK(b.status == TwoBoneStatus::TooClose);
    checkInvariants(longSecond, b);
    CHECK(b.angle1 == kPi);
    CHECK(b.end.x == Approx(2.0));
    CHECK(b.distance == Approx(2.0));
  }
}

TEST_CASE("target exactly on the outer boundary: reached, straight", "[two_bone][edge]") {
  const TwoBoneInput in = makeInput({0, 0}, {0, 5}, 3, 2);
  const TwoBoneResult r = solveTwoBone(in);
  CHECK(r.status == TwoBoneStatus::Reached);
  checkInvariants(in, r);
  CHECK(r.angle2 == 0.0);
  CHECK(r.angle1 == Approx(kPi / 2));
  CHECK(r.distance <= 1e-15);
}

TEST_CASE("target exactly on the inner boundary: reached, folded", "[two_bone][edge]") {
  const TwoBoneInput in = makeInput({0, 0}, {-1, 0}, 3, 2);
  const TwoBoneResult r = solveTwoBone(in);
  CHECK(r.status == TwoBoneStatus::Reached);
  checkInvariants(in, r);
  CHECK(std::fabs(r.angle2) == kPi);
  CHECK(r.distance <= 1e-15);
}

TEST_CASE("target on a bone's line at a joint's distance", "[two_bone][edge]") {
  // d = l1: the end sits on the circle through the joint; any clean triangle, no degeneracy.
  const TwoBoneInput in = makeInput({0, 0}, {4, 0}, 4, 4);
  const TwoBoneResult r = solveTwoBone(in);
  CHECK(r.status == TwoBoneStatus::Reached);
  checkInvariants(in, r);
  CHECK(r.angle1 == Approx(kPi / 3));
  CHECK(r.angle2 == Approx(-2 * kPi / 3));
}

TEST_CASE("the same input always gives the same bits", "[two_bone][edge]") {
  for (int i = 0; i < 100; ++i) {
    TwoBoneInput in = randomLimbAt(0, 2, 1);
    in.softness = uniform(0, 1);
    const TwoBoneResult a = solveTwoBone(in);
    const TwoBoneResult b = solveTwoBone(in);
    CHECK(std::memcmp(&a.joint, &b.joint, sizeof a.joint) == 0);
    CHECK(std::memcmp(&a.end, &b.end, sizeof a.end) == 0);
    CHECK(a.angle1 == b.angle1);
    CHECK(a.angle2 == b.angle2);
  }
}

// ---- invalid input ------------------------------------------------------------------------------

TEST_CASE("every non-finite field is refused with a message naming it", "[two_bone][invalid]") {
  struct Field {
    const char* name;
    double TwoBoneInput::*member;
    double Vec2::*coordinate;
  };
  const std::vector<Field> fields = {
      {"root.x", nullptr, &Vec2::x},
      {"root.y", nullptr, &Vec2::y},
      {"target.x", nullptr, &Vec2::x},
      {"target.y", nullptr, &Vec2::y},
      {"length1", &TwoBoneInput::length1, nullptr},
      {"length2", &TwoBoneInput::length2, nullptr},
      {"bend", &TwoBoneInput::bend, nullptr},
      {"softness", &TwoBoneInput::softness, nullptr},
  };
  for (double bad : {std::nan(""), HUGE_VAL, -HUGE_VAL}) {
    for (const Field& field : fields) {
      TwoBoneInput in = makeInput({1, 2}, {3, 4}, 2, 3);
      if (field.member) in.*field.member = bad;
      else if (std::strncmp(field.name, "root", 4) == 0) in.root.*field.coordinate = bad;
      else in.target.*field.coordinate = bad;
      const TwoBoneResult r = solveTwoBone(in);
      INFO(field.name << " = " << bad << ": " << (r.message ? r.message : "(no message)"));
      CHECK(r.status == TwoBoneStatus::Invalid);
      CHECK(contains(r.message, field.name));
      CHECK(isValid(r.joint));
      CHECK(isValid(r.end));
      CHECK(isValid(r.angle1));
      CHECK(isValid(r.angle2));
      CHECK(isValid(r.distance));
    }
  }
}

TEST_CASE("zero and negative lengths are refused", "[two_bone][invalid]") {
  for (double bad : {0.0, -0.0, -1.0, -1e300, -5e-324}) {
    const TwoBoneResult a = solveTwoBone(makeInput({0, 0}, {1, 1}, bad, 1));
    CHECK(a.status == TwoBoneStatus::Invalid);
    CHECK(std::string(a.message) == "length1 must be greater than 0");
    const TwoBoneResult b = solveTwoBone(makeInput({0, 0}, {1, 1}, 1, bad));
    CHECK(b.status == TwoBoneStatus::Invalid);
    CHECK(std::string(b.message) == "length2 must be greater than 0");
    CHECK(b.joint.x == 0.0);  // collapsed onto the root, finite
  }
}

TEST_CASE("bend must be exactly +1 or -1, softness must be >= 0", "[two_bone][invalid]") {
  for (double bad : {0.0, 2.0, 0.5, -3.0}) {
    TwoBoneInput in = makeInput({0, 0}, {1, 1}, 1, 1, bad);
    const TwoBoneResult r = solveTwoBone(in);
    CHECK(r.status == TwoBoneStatus::Invalid);
    CHECK(std::string(r.message) == "bend must be +1 or -1");
  }
  TwoBoneInput in = makeInput({0, 0}, {1, 1}, 1, 1);
  in.softness = -0.1;
  const TwoBoneResult r = solveTwoBone(in);
  CHECK(r.status == TwoBoneStatus::Invalid);
  CHECK(std::string(r.message) == "softness must be 0 or greater");
}

TEST_CASE("a non-finite root still gives a finite invalid result", "[two_bone][invalid]") {
  const TwoBoneResult r = solveTwoBone(makeInput({std::nan(""), 0}, {1, 1}, 1, 1));
  CHECK(r.status == TwoBoneStatus::Invalid);
  CHECK(r.joint.x == 0.0);
  CHECK(r.joint.y == 0.0);
  CHECK(r.end.x == 0.0);
}

TEST_CASE("status names match the JS API", "[two_bone]") {
  CHECK(std::string(toString(TwoBoneStatus::Reached)) == "reached");
  CHECK(std::string(toString(TwoBoneStatus::OutOfReach)) == "out_of_reach");
  CHECK(std::string(toString(TwoBoneStatus::TooClose)) == "too_close");
  CHECK(std::string(toString(TwoBoneStatus::Invalid)) == "invalid");
}

// ---- extreme scales -----------------------------------------------------------------------------

TEST_CASE("every zone works at any scale from 1e-300 to 1e300", "[two_bone][scale]") {
  for (double scale : {1e-300, 1e-200, 1e-100, 1e-10, 1.0, 1e10, 1e100, 1e200, 1e300}) {
    for (double bend : {1.0, -1.0}) {
      struct Case {
        double x, y;
        TwoBoneStatus status;
      };
      for (const Case& c : {Case{0.6, 0.8, TwoBoneStatus::Reached}, Case{3, 4, TwoBoneStatus::OutOfReach},
                            Case{0.3, 0.4, TwoBoneStatus::TooClose}, Case{0, 0, TwoBoneStatus::TooClose}}) {
        const TwoBoneInput in =
            makeInput({-scale, 2 * scale}, {-scale + c.x * scale, 2 * scale + c.y * scale}, 1.2 * scale,
                      0.5 * scale, bend);
        const TwoBoneResult r = solveTwoBone(in);
        INFO("scale " << scale << " target offset " << c.x << "," << c.y);
        REQUIRE(r.status == c.status);
        checkInvariants(in, r);
        if (c.status == TwoBoneStatus::Reached) CHECK(r.distance <= 1e-12 * test::scaleOf(in));
      }
    }
  }
}

TEST_CASE("mixed scales: tiny limbs far away, huge limbs near, denormal lengths", "[two_bone][scale]") {
  const std::vector<TwoBoneInput> inputs = {
      makeInput({1e300, -1e300}, {1e300, -1e300}, 1e-300, 1e-300),
      makeInput({1e300, 1e300}, {-1e300, -1e300}, 1e-300, 2e-300),
      makeInput({0, 0}, {1e-300, 0}, 1e300, 1e300),
      makeInput({0, 0}, {1e300, 0}, 1e-300, 1e300),
      makeInput({0, 0}, {1e-320, 1e-320}, 5e-324, 5e-324),
      makeInput({0, 0}, {1, 1}, 5e-324, 1e308),
      makeInput({1e300, 0}, {1e300 + 1e290, 0}, 1e290, 1e290),
  };
  for (const TwoBoneInput& in : inputs) {
    const TwoBoneResult r = solveTwoBone(in);
    INFO("root " << in.root.x << " l1 " << in.length1 << " l2 " << in.length2);
    REQUIRE(r.status != TwoBoneStatus::Invalid);
    checkInvariants(in, r);
  }
}

TEST_CASE("coordinates near the largest double are refused instead of overflowing", "[two_bone][scale]") {
  const TwoBoneResult apart = solveTwoBone(makeInput({-DBL_MAX, 0}, {DBL_MAX, 0}, 1, 1));
  CHECK(apart.status == TwoBoneStatus::Invalid);
  CHECK(contains(apart.message, "target - root"));
  CHECK(isValid(apart.joint));
  const TwoBoneResult longArm = solveTwoBone(makeInput({DBL_MAX, 0}, {DBL_MAX, 0}, DBL_MAX, DBL_MAX));
  CHECK(longArm.status == TwoBoneStatus::Invalid);
  CHECK(contains(longArm.message, "overflows"));
  CHECK(isValid(longArm.end));
  CHECK(isValid(longArm.distance));
}
