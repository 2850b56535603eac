// test_support.hpp: shared helpers for the core tests: named tolerances, a fixed-seed random
// source, and the invariants every two-bone result must keep.
#pragma once

#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "ik2d/ik2d.hpp"

namespace ik2d::test {

/// Allocations made through global operator new so far (test_chain.cpp replaces it and counts).
extern std::atomic<long> allocations;

/// Relative tolerance for positions that come out of a handful of floating-point operations.
inline constexpr double kPositionTolerance = 1e-12;
/// Tolerance for angles recovered by a round trip, radians.
inline constexpr double kAngleTolerance = 1e-9;

/// The tests' generator. main.cpp reseeds it at the start of every test case from the case's
/// name (seedFor), so each case sees the same numbers whether it runs alone or after others.
inline std::mt19937_64& random() {
  static std::mt19937_64 generator(20261122);
  return generator;
}

/// The fixed seed of a test case: 20261122 mixed with an FNV-1a hash of its name.
inline std::uint64_t seedFor(const std::string& testCaseName) {
  std::uint64_t hash = 1469598103934665603ULL;
  for (const char c : testCaseName) hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
  return 20261122ULL ^ hash;
}

inline double uniform(double low, double high) {
  return std::uniform_real_distribution<double>(low, high)(random());
}

/// The scale of a problem: what "relative" tolerances are relative to.
inline double scaleOf(const TwoBoneInput& in) {
  return std::fabs(in.root.x) + std::fabs(in.root.y) + std::fabs(in.target.x) + std::fabs(in.target.y) +
         in.length1 + in.length2 + std::fabs(in.offset.x) + std::fabs(in.offset.y);
}

inline double distanceBetween(Vec2 a, Vec2 b) { return length(a - b); }

/// The tool point in bone 2's frame: (length2 + offset.x, offset.y); (length2, 0) without offset.
inline Vec2 toolOf(const TwoBoneInput& in) { return {in.length2 + in.offset.x, in.offset.y}; }

/// The invariants every successful result keeps: finite, angles wrapped, forward kinematics
/// consistent with the returned angles and scale (the tool point at the end), bone lengths kept
/// (times the scale), distance as defined.
inline void checkInvariants(const TwoBoneInput& in, const TwoBoneResult& r) {
  const double tolerance = kPositionTolerance * scaleOf(in) * r.scale;
  REQUIRE(isValid(r.joint));
  REQUIRE(isValid(r.end));
  REQUIRE(isValid(r.angle1));
  REQUIRE(isValid(r.angle2));
  REQUIRE(isValid(r.distance));
  REQUIRE(isValid(r.scale));
  CHECK(r.scale >= 1);
  if (!in.stretch) CHECK(r.scale == 1);
  CHECK(r.angle1 > -kPi);
  CHECK(r.angle1 <= kPi);
  CHECK(r.angle2 > -kPi);
  CHECK(r.angle2 <= kPi);
  const Vec2 tool = r.scale * toolOf(in);
  const Vec2 bone2 = direction(r.angle1 + r.angle2);
  const Vec2 joint = in.root + (r.scale * in.length1) * direction(r.angle1);
  const Vec2 end = r.joint + Vec2{bone2.x * tool.x - bone2.y * tool.y, bone2.y * tool.x + bone2.x * tool.y};
  CHECK(distanceBetween(r.joint, joint) <= tolerance);
  CHECK(distanceBetween(r.end, end) <= tolerance);
  CHECK(std::fabs(distanceBetween(r.joint, in.root) - r.scale * in.length1) <= tolerance);
  CHECK(std::fabs(distanceBetween(r.end, r.joint) - length(tool)) <= tolerance);
  CHECK(std::fabs(r.distance - distanceBetween(r.end, in.target)) <= tolerance);
  CHECK(r.message == nullptr);
}

/// Which side of the root->target line the joint is on: + for counter-clockwise (bend +1).
inline double jointSide(const TwoBoneInput& in, const TwoBoneResult& r) {
  return cross(in.target - in.root, r.joint - in.root);
}

/// Moves in.target radially from `from` to `to` (distances from in.root, along a fixed heading) in
/// `samples` steps; checks that the joint never crosses to the other side of the root->target line
/// (no flip) and that the zone changes exactly once, and returns the largest step of the joint or
/// the end between samples.
inline double radialSweep(TwoBoneInput in, double from, double to, int samples) {
  const Vec2 heading = direction(0.7);
  Vec2 previousJoint{}, previousEnd{};
  double largest = 0;
  int changes = 0;
  TwoBoneStatus previous = TwoBoneStatus::Invalid;
  for (int i = 0; i <= samples; ++i) {
    const double d = from + (to - from) * i / samples;
    in.target = in.root + d * heading;
    const TwoBoneResult r = solveTwoBone(in);
    // Asserted only when it fails: a Catch2 assertion and its message per sample made these sweeps
    // most of the suite's time under the sanitizers.
    const bool sideKept = jointSide(in, r) * in.bend >= -1e-12 * (d + 1) * in.length1;
    if (r.status == TwoBoneStatus::Invalid || !isValid(r.joint) || !sideKept) {
      INFO("d " << d << " side " << jointSide(in, r));
      REQUIRE(r.status != TwoBoneStatus::Invalid);
      REQUIRE(isValid(r.joint));
      REQUIRE(sideKept);
    }
    if (i > 0) {
      largest =
          std::max({largest, distanceBetween(r.joint, previousJoint), distanceBetween(r.end, previousEnd)});
      if (r.status != previous) ++changes;
    }
    previousJoint = r.joint;
    previousEnd = r.end;
    previous = r.status;
  }
  CHECK(changes == 1);
  return largest;
}

/// Continuity by refinement: near a zone boundary the joint angle goes like the square root of the
/// distance to it, so sampling 16 times finer must shrink the largest step about 4 times. A jump
/// (a flip, a snap) would not shrink at all. `samples` is the coarse sweep's.
inline void checkContinuousSweep(const TwoBoneInput& in, double from, double to, int samples = 20000) {
  INFO("l1 " << in.length1 << " l2 " << in.length2 << " offset " << in.offset.x << ", " << in.offset.y
             << " bend " << in.bend << " stretch " << in.stretch << " softness " << in.softness);
  const double coarse = radialSweep(in, from, to, samples);
  const double fine = radialSweep(in, from, to, 16 * samples);
  CHECK(fine < coarse / 3);
  CHECK(fine < 0.1 * std::max(in.length1, length(toolOf(in))));
}

/// A chain of `bones` equal bones, straight along +x from `root`.
inline Chain makeChain(int bones, double boneLength = 1.0, Vec2 root = {0, 0}) {
  std::vector<double> lengths(static_cast<size_t>(bones), boneLength);
  Chain chain;
  REQUIRE(chain.reset(root, lengths.data(), bones) == nullptr);
  return chain;
}

/// Every method of Chain::solve, for tests that hold all of them to the same contract.
inline constexpr ChainMethod kChainMethods[] = {ChainMethod::Ccd, ChainMethod::Fabrik, ChainMethod::Dls};

/// Chain::solve options in one expression.
inline ChainSolveOptions optionsFor(ChainMethod method, int iterations, double tolerance,
                                    double maxStep = HUGE_VAL) {
  ChainSolveOptions options;
  options.method = method;
  options.iterations = iterations;
  options.tolerance = tolerance;
  options.maxStep = maxStep;
  return options;
}

/// Every bone keeps its length, every position is finite, every angle is wrapped.
inline void checkChainInvariants(const Chain& chain) {
  for (int i = 0; i < chain.size(); ++i) {
    REQUIRE(isValid(chain.position(i + 1)));
    REQUIRE(isValid(chain.angles()[i]));
    CHECK(chain.angles()[i] >= -kPi);
    CHECK(chain.angles()[i] <= kPi);
    CHECK(length(chain.position(i + 1) - chain.position(i)) ==
          Approx(chain.boneLength(i)).epsilon(1e-12).margin(1e-12 * chain.reach()));
  }
}

/// Forward kinematics from the angles alone, to compare against positions().
inline Vec2 endFromAngles(const Chain& chain) {
  Vec2 point = chain.root();
  double world = 0;
  for (int i = 0; i < chain.size(); ++i) {
    world += chain.angles()[i];
    point = point + chain.boneLength(i) * direction(world);
  }
  return point;
}

/// A target at a random direction, `low` to `high` of the reach from the root.
inline Vec2 randomReachableTarget(const Chain& chain, double low = 0.05, double high = 0.95) {
  return chain.root() + chain.reach() * uniform(low, high) * direction(uniform(-kPi, kPi));
}

}  // namespace ik2d::test
