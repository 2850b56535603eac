// test_two_bone_extras.cpp: the two-bone extras (a tool offset, stretch, mix over a pose)
// against the contract in docs/api.md, over whole ranges and every scale.
//
// Sections: helpers, offset, stretch, mix and pose, invalid input.
#include <algorithm>
#include <cstring>
#include <string>

#include "test_support.hpp"

using namespace ik2d;
using test::checkContinuousSweep;
using test::checkInvariants;
using test::scaleOf;
using test::toolOf;
using test::uniform;

namespace {

double angleGap(double a, double b) { return std::fabs(wrapAngle(a - b)); }

// The triangle's second side: the tool point's distance from the joint.
double sideOf(const TwoBoneInput& in) { return length(toolOf(in)); }

// The angle the tool line makes with bone 2.
double phiOf(const TwoBoneInput& in) { return std::atan2(in.offset.y, in.length2 + in.offset.x); }

// A random limb of size `scale` with a random tool offset (anywhere within 1.5 bone-2 lengths of
// bone 2's end) and a target at `low` to `high` times the outer reach (or the inner reach).
TwoBoneInput randomOffsetLimb(double scale, double low, double high, bool relativeToInner = false) {
  TwoBoneInput in;
  in.length1 = scale * uniform(0.1, 10);
  in.length2 = scale * uniform(0.1, 10);
  in.offset = {uniform(-1.5, 1.5) * in.length2, uniform(-1.5, 1.5) * in.length2};
  in.root = {scale * uniform(-100, 100), scale * uniform(-100, 100)};
  in.bend = uniform(0, 1) < 0.5 ? 1.0 : -1.0;
  const double side = sideOf(in);
  const double base = relativeToInner ? std::fabs(in.length1 - side) : in.length1 + side;
  in.target = in.root + (base * uniform(low, high)) * direction(uniform(-kPi, kPi));
  return in;
}

// Every power of ten from 1e-300 to 1e300 in steps of 1e50, for the scale sweeps.
constexpr int kScaleSteps = 13;
double scaleAt(int step) { return std::pow(10.0, -300.0 + 50.0 * step); }

// The arm of the continuity sweeps: bones 120 and 80 from (3, -2), with a tool offset.
TwoBoneInput sweptArm(Vec2 offset) {
  TwoBoneInput in;
  in.root = {3, -2};
  in.length1 = 120;
  in.length2 = 80;
  in.offset = offset;
  return in;
}

bool sameBits(const TwoBoneResult& a, const TwoBoneResult& b) {
  return a.status == b.status && a.angle1 == b.angle1 && a.angle2 == b.angle2 && a.joint.x == b.joint.x &&
         a.joint.y == b.joint.y && a.end.x == b.end.x && a.end.y == b.end.y && a.distance == b.distance &&
         a.scale == b.scale;
}

}  // namespace

// ---- offset -------------------------------------------------------------------------------------

TEST_CASE("an offset puts the tool point on every reachable target, at every scale", "[two_bone][offset]") {
  for (int step = 0; step < kScaleSteps; ++step) {
    for (int i = 0; i < 2000; ++i) {
      const TwoBoneInput in = randomOffsetLimb(scaleAt(step), 0, 1, false);
      const double d = length(in.target - in.root);
      if (d < std::fabs(in.length1 - sideOf(in))) continue;  // the reach zone only
      const TwoBoneResult r = solveTwoBone(in);
      INFO("scale " << scaleAt(step) << " l1 " << in.length1 << " l2 " << in.length2 << " offset "
                    << in.offset.x << ", " << in.offset.y << " d " << d);
      REQUIRE(r.status == TwoBoneStatus::Reached);
      checkInvariants(in, r);
      CHECK(r.distance <= 1e-12 * scaleOf(in));
      // The joint is on the bend side of root->target; the tool line, not bone 2, turns back
      // against the bend: sign(angle2 + phi) = -bend.
      const double unit = 1 / scaleOf(in);  // the cross product of the scaled-down vectors cannot overflow
      CHECK(cross(unit * (in.target - in.root), unit * (r.joint - in.root)) * in.bend >= -1e-9);
      const double toolTurn = wrapAngle(r.angle2 + phiOf(in));
      if (std::fabs(toolTurn) > 1e-6 && std::fabs(toolTurn) < kPi - 1e-6) {
        CHECK((toolTurn > 0 ? 1.0 : -1.0) == -in.bend);
      }
    }
  }
}

TEST_CASE("with an offset, out of reach puts the tool line straight at the target, too close folds it",
          "[two_bone][offset]") {
  for (int step = 0; step < kScaleSteps; ++step) {
    for (int i = 0; i < 1000; ++i) {
      const bool far = i % 2 == 0;
      const TwoBoneInput in =
          far ? randomOffsetLimb(scaleAt(step), 1.0001, 5) : randomOffsetLimb(scaleAt(step), 0, 0.9999, true);
      const TwoBoneResult r = solveTwoBone(in);
      INFO("scale " << scaleAt(step) << " far " << far);
      REQUIRE(r.status == (far ? TwoBoneStatus::OutOfReach : TwoBoneStatus::TooClose));
      checkInvariants(in, r);
      const double toolTurn = wrapAngle(r.angle2 + phiOf(in));
      CHECK(std::fabs(toolTurn) == Approx(far ? 0.0 : kPi).margin(1e-12));
      // The end on the root->target line, as near the target as the arm can be.
      const double d = length(in.target - in.root);
      const Vec2 along = (1.0 / d) * (in.target - in.root);
      CHECK(std::fabs(cross(along, r.end - in.root)) <= 1e-12 * scaleOf(in));
      const double nearest = far ? in.length1 + sideOf(in) : std::fabs(in.length1 - sideOf(in));
      CHECK(r.distance == Approx(std::fabs(d - nearest)).margin(1e-12 * scaleOf(in)));
    }
  }
}

TEST_CASE("with an offset the pose is continuous across both zone boundaries", "[two_bone][offset][sweep]") {
  // Sampled coarser than the plain solver's sweeps (4000 and 64000 steps): 18 sweeps here.
  const Vec2 offsets[] = {{30, 25}, {-100, 10}, {0, -60}};
  for (const Vec2 offset : offsets) {
    for (double bend : {1.0, -1.0}) {
      TwoBoneInput in = sweptArm(offset);
      in.bend = bend;
      const double side = sideOf(in);
      const double reach = in.length1 + side, inner = std::fabs(in.length1 - side);
      checkContinuousSweep(in, reach - 10, reach + 10, 4000);
      checkContinuousSweep(in, std::max(inner - 10, 0.5), inner + 10, 4000);
      in.softness = 15;
      checkContinuousSweep(in, reach - 20, reach + 20, 4000);
    }
  }
}

TEST_CASE("a tool point on the joint (an offset cancelling bone 2) stays finite",
          "[two_bone][offset][edge]") {
  TwoBoneInput in;
  in.length1 = 2;
  in.length2 = 1;
  in.offset = {-1, 0};
  for (double d : {0.0, 0.5, 2.0, 3.0}) {
    in.target = {d, 0};
    const TwoBoneResult r = solveTwoBone(in);
    INFO("d " << d);
    checkInvariants(in, r);
    CHECK(r.end.x == r.joint.x);
    CHECK(r.end.y == r.joint.y);
    CHECK(r.status == (d == 2.0 ? TwoBoneStatus::Reached
                       : d > 2  ? TwoBoneStatus::OutOfReach
                                : TwoBoneStatus::TooClose));
  }
}

TEST_CASE("the extras at their defaults are the plain solver, bit for bit", "[two_bone]") {
  for (int step = 0; step < kScaleSteps; ++step) {
    for (int i = 0; i < 500; ++i) {
      TwoBoneInput in = randomOffsetLimb(scaleAt(step), 0, 2);
      in.softness = uniform(0, 1) < 0.5 ? 0 : scaleAt(step) * uniform(0, 3);
      in.offset = {};
      const TwoBoneResult plain = solveTwoBone(in);
      in.offset = {-0.0, 0.0};
      in.stretch = false;
      in.mix = 1;
      in.pose = {uniform(-10, 10), uniform(-10, 10)};  // unused at mix 1
      CHECK(sameBits(solveTwoBone(in), plain));
    }
  }
}

// ---- stretch ------------------------------------------------------------------------------------

TEST_CASE("stretch puts the end on far targets with scale = d / reach, at every scale",
          "[two_bone][stretch]") {
  for (int step = 0; step < kScaleSteps; ++step) {
    for (int i = 0; i < 1000; ++i) {
      TwoBoneInput in = randomOffsetLimb(scaleAt(step), 0, 5);
      if (i % 2) in.offset = {};
      const TwoBoneResult unstretched = solveTwoBone(in);
      in.stretch = true;
      const TwoBoneResult r = solveTwoBone(in);
      const double d = length(in.target - in.root), reach = in.length1 + sideOf(in);
      INFO("scale " << scaleAt(step) << " d / reach " << d / reach);
      checkInvariants(in, r);
      if (unstretched.status == TwoBoneStatus::OutOfReach) {
        CHECK(r.status == TwoBoneStatus::OutOfReach);
        CHECK(r.scale == Approx(d / reach).epsilon(1e-12));
        CHECK(r.distance <= 1e-12 * scaleOf(in) * r.scale);
        CHECK(angleGap(r.angle1, unstretched.angle1) <= 1e-12);  // straight at the target, as before
        CHECK(angleGap(r.angle2, unstretched.angle2) <= 1e-12);
      } else {
        CHECK(sameBits(r, unstretched));  // within reach stretch changes nothing
      }
    }
  }
}

TEST_CASE("stretch with softness keeps the end on the target and grows the scale smoothly",
          "[two_bone][stretch][soft]") {
  TwoBoneInput in;
  in.length1 = 3;
  in.length2 = 2;
  in.softness = 0.5;
  in.stretch = true;
  const double reach = 5;
  const int samples = 100000;
  double previousScale = 1, previousSlope = 0, largestSlopeChange = 0;
  Vec2 previousJoint{};
  double largestJointStep = 0;
  for (int i = 0; i <= samples; ++i) {
    const double d = 3.5 + 3.0 * i / samples;
    in.target = {d, 0};
    const TwoBoneResult r = solveTwoBone(in);
    INFO("d " << d);
    checkInvariants(in, r);
    CHECK(r.status == (d <= reach ? TwoBoneStatus::Reached : TwoBoneStatus::OutOfReach));
    CHECK(r.distance <= 1e-12 * d);  // on the target everywhere
    if (d <= reach - in.softness) CHECK(r.scale == 1);
    if (d >= reach + in.softness) CHECK(r.scale == Approx(d / reach).epsilon(1e-12));
    if (d > reach - in.softness + 1e-3 && d < reach + in.softness) CHECK(r.scale > 1);
    if (i > 0) {
      const double slope = (r.scale - previousScale) / (3.0 / samples);
      CHECK(slope >= -1e-9);  // the scale never shrinks as the target moves away
      if (i > 1) largestSlopeChange = std::max(largestSlopeChange, std::fabs(slope - previousSlope));
      previousSlope = slope;
      largestJointStep = std::max(largestJointStep, length(r.joint - previousJoint));
    }
    previousScale = r.scale;
    previousJoint = r.joint;
  }
  CHECK(largestSlopeChange < 0.01);               // C1: no kink where the stretch starts or ends
  CHECK(largestJointStep < 100 * 3.0 / samples);  // the knee moves smoothly too
}

TEST_CASE("stretch is continuous across the outer boundary, with and without an offset",
          "[two_bone][stretch][sweep]") {
  for (const Vec2 offset : {Vec2{0, 0}, Vec2{30, 25}, Vec2{-100, 10}}) {
    for (double softness : {0.0, 15.0}) {
      TwoBoneInput in = sweptArm(offset);
      in.softness = softness;
      in.stretch = true;
      const double reach = in.length1 + sideOf(in);
      checkContinuousSweep(in, reach - 30, reach + 30, 4000);
    }
  }
}

// ---- mix and pose -------------------------------------------------------------------------------

TEST_CASE("mix 0 returns the pose, mix 1 the IK pose, 0.5 the half-way angles the shorter way round",
          "[two_bone][mix]") {
  for (int step = 0; step < kScaleSteps; ++step) {
    for (int i = 0; i < 1000; ++i) {
      TwoBoneInput in = randomOffsetLimb(scaleAt(step), 0, 2);
      if (i % 3 == 0) in.offset = {};
      in.stretch = i % 2 == 0;
      in.softness = i % 5 == 0 ? scaleAt(step) * uniform(0, 2) : 0;
      const TwoBoneResult ik = solveTwoBone(in);
      in.pose = {uniform(-3 * kPi, 3 * kPi), uniform(-3 * kPi, 3 * kPi)};
      INFO("scale " << scaleAt(step) << " pose " << in.pose.angle1 << ", " << in.pose.angle2);

      in.mix = 1;
      CHECK(sameBits(solveTwoBone(in), ik));

      in.mix = 0;
      const TwoBoneResult pose = solveTwoBone(in);
      checkInvariants(in, pose);
      CHECK(pose.status == ik.status);
      CHECK(pose.angle1 == wrapAngle(in.pose.angle1));
      CHECK(pose.angle2 == wrapAngle(in.pose.angle2));
      CHECK(pose.scale == 1);

      for (double mix : {0.5, uniform(0, 1)}) {
        in.mix = mix;
        const TwoBoneResult r = solveTwoBone(in);
        checkInvariants(in, r);
        CHECK(r.status == ik.status);
        const double way1 = wrapAngle(ik.angle1 - in.pose.angle1),
                     way2 = wrapAngle(ik.angle2 - in.pose.angle2);
        CHECK(wrapAngle(r.angle1 - in.pose.angle1) == Approx(mix * way1).margin(1e-12));
        CHECK(wrapAngle(r.angle2 - in.pose.angle2) == Approx(mix * way2).margin(1e-12));
        CHECK(r.scale == Approx(1 + mix * (ik.scale - 1)).epsilon(1e-15));
        if (mix == 0.5) {  // the shorter way round: never more than half a turn from the pose
          CHECK(angleGap(r.angle1, in.pose.angle1) <= kPi / 2 + 1e-12);
          CHECK(angleGap(r.angle2, in.pose.angle2) <= kPi / 2 + 1e-12);
        }
      }
    }
  }
}

TEST_CASE("mix fades from the pose to IK continuously", "[two_bone][mix][sweep]") {
  for (int i = 0; i < 200; ++i) {
    TwoBoneInput in = randomOffsetLimb(1, 0, 2);
    in.stretch = true;
    in.pose = {uniform(-kPi, kPi), uniform(-kPi, kPi)};
    const int samples = 1000;
    TwoBoneResult previous{};
    for (int k = 0; k <= samples; ++k) {
      in.mix = static_cast<double>(k) / samples;
      const TwoBoneResult r = solveTwoBone(in);
      if (k > 0) {
        // Each angle covers at most half a turn over the whole fade.
        CHECK(angleGap(r.angle1, previous.angle1) <= kPi / samples * (1 + 1e-9));
        CHECK(angleGap(r.angle2, previous.angle2) <= kPi / samples * (1 + 1e-9));
      }
      previous = r;
    }
  }
}

// ---- invalid input ------------------------------------------------------------------------------

TEST_CASE("bad extras are refused with a message naming the field", "[two_bone][invalid]") {
  const double nan = std::nan(""), inf = HUGE_VAL;
  struct Case {
    void (*set)(TwoBoneInput&, double);
    double value;
    const char* message;
  };
  const Case cases[] = {
      {[](TwoBoneInput& in, double v) { in.offset.x = v; }, nan, "offset.x must be a finite number"},
      {[](TwoBoneInput& in, double v) { in.offset.x = v; }, -inf, "offset.x must be a finite number"},
      {[](TwoBoneInput& in, double v) { in.offset.y = v; }, inf, "offset.y must be a finite number"},
      {[](TwoBoneInput& in, double v) { in.mix = v; }, -0.01, "mix must be from 0 to 1"},
      {[](TwoBoneInput& in, double v) { in.mix = v; }, 1.0000001, "mix must be from 0 to 1"},
      {[](TwoBoneInput& in, double v) { in.mix = v; }, nan, "mix must be from 0 to 1"},
      {[](TwoBoneInput& in, double v) { in.pose.angle1 = v; }, inf, "pose.angle1 must be a finite number"},
      {[](TwoBoneInput& in, double v) { in.pose.angle2 = v; }, nan, "pose.angle2 must be a finite number"},
      {[](TwoBoneInput& in, double v) { in.offset.x = v; }, 1.7e308, "the pose overflows"},
  };
  for (const Case& c : cases) {
    TwoBoneInput in;
    in.root = {1, 2};
    in.target = {2, 3};
    in.length2 = 1.5e308;
    c.set(in, c.value);
    const TwoBoneResult r = solveTwoBone(in);
    INFO(c.message);
    CHECK(r.status == TwoBoneStatus::Invalid);
    REQUIRE(r.message != nullptr);
    CHECK(std::strncmp(r.message, c.message, std::strlen(c.message)) == 0);
    CHECK(r.joint.x == 1);
    CHECK(r.end.y == 2);
    CHECK(r.scale == 1);
  }
  // A stretch whose scale would overflow is refused, naming stretch; one just below is fine.
  TwoBoneInput far;
  far.target = {1e300, 0};
  far.length1 = far.length2 = 1e-10;
  far.stretch = true;
  CHECK(std::strncmp(solveTwoBone(far).message, "stretch overflows", 17) == 0);
  far.length1 = far.length2 = 1e-7;
  const TwoBoneResult stretched = solveTwoBone(far);
  CHECK(stretched.status == TwoBoneStatus::OutOfReach);
  CHECK(stretched.scale == Approx(5e306).epsilon(1e-12));
  CHECK(stretched.distance <= 1e-12 * 1e300);
  // The ends of mix's range are fine.
  for (double mix : {0.0, 1.0}) {
    TwoBoneInput in;
    in.target = {1, 1};
    in.mix = mix;
    CHECK(solveTwoBone(in).status == TwoBoneStatus::Reached);
  }
}
