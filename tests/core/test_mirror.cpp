// test_mirror.cpp: mirrored chains and skeletons (setMirror). M reflects x about the root's x;
// solving for M(t) on a mirrored rig must give M of what the unmirrored rig gives for t.
//
// Sections: helpers, chains, skeletons.
#include <vector>

#include "skeleton_support.hpp"
#include "test_support.hpp"

using namespace ik2d;
using test::kChainMethods;
using test::uniform;

namespace {

constexpr double kMirrorTolerance = 1e-9;  // of the reach

Vec2 mirrorOf(Vec2 point, Vec2 root) { return {2 * root.x - point.x, point.y}; }

// `point` moved by an ulp or so to one whose mirror image is exact both ways (M(M(p)) == p in
// doubles), so the plain and the mirrored rig are given the very same problem: a solve that
// does not converge (limits against the target) may amplify one ulp of its target.
Vec2 exactlyMirrorable(Vec2 point, Vec2 root) {
  for (int i = 0; i < 8 && mirrorOf(mirrorOf(point, root), root).x != point.x; ++i)
    point = mirrorOf(mirrorOf(point, root), root);
  REQUIRE(mirrorOf(mirrorOf(point, root), root).x == point.x);
  return point;
}

// The largest distance between the mirrored rig's positions and M of the unmirrored rig's, over
// `points` positions, relative to `reach`.
double mirrorGap(const double* plain, const double* mirrored, int points, Vec2 root, double reach) {
  double largest = 0;
  for (int i = 0; i < points; ++i) {
    const Vec2 a = mirrorOf({plain[2 * i], plain[2 * i + 1]}, root);
    const Vec2 b{mirrored[2 * i], mirrored[2 * i + 1]};
    largest = std::max(largest, length(a - b) / reach);
  }
  return largest;
}

// A random chain: 2 to 8 bones of random lengths at a random root, limits on about half the
// joints (the root's anywhere, the others around a random middle), a random pose within them.
Chain randomLimitedChain() {
  const int bones = 2 + static_cast<int>(uniform(0, 7));
  std::vector<double> lengths;
  for (int i = 0; i < bones; ++i) lengths.push_back(uniform(0.5, 2));
  Chain chain;
  REQUIRE(chain.reset({uniform(-5, 5), uniform(-5, 5)}, lengths.data(), bones) == nullptr);
  std::vector<double> angles;
  for (int i = 0; i < bones; ++i) {
    double low = -kPi, high = kPi;
    if (uniform(0, 1) < 0.5) {
      const double middle = i == 0 ? uniform(-2.5, 2.5) : uniform(-0.8, 0.8);
      low = std::max(-kPi, middle - uniform(0.3, 1.5));
      high = std::min(kPi, middle + uniform(0.3, 1.5));
      REQUIRE(chain.setLimit(i, low, high) == nullptr);
    }
    angles.push_back(uniform(low, high));
  }
  REQUIRE(chain.setAngles(angles.data(), bones) == nullptr);
  return chain;
}

}  // namespace

// ---- chains ---------------------------------------------------------------------------------------

TEST_CASE("turning a chain's mirror on reflects its pose and nothing else", "[mirror][chain]") {
  for (int trial = 0; trial < 200; ++trial) {
    Chain plain = randomLimitedChain();
    Chain mirrored = plain;
    mirrored.setMirror(true);
    CHECK(mirrored.mirrored());
    const Vec2 root = plain.root();
    CHECK(mirrored.root().x == root.x);
    CHECK(mirrored.root().y == root.y);
    CHECK(mirrorGap(plain.positions(), mirrored.positions(), plain.size() + 1, root, plain.reach()) <= 1e-15);
    CHECK(wrapAngle(mirrored.angles()[0] - (kPi - plain.angles()[0])) == Approx(0).margin(1e-15));
    for (int i = 1; i < plain.size(); ++i)
      CHECK(mirrored.angles()[i] == Approx(-plain.angles()[i]).margin(1e-15));
    for (int i = 0; i < plain.size(); ++i) {
      CHECK(mirrored.hasLimit(i) == plain.hasLimit(i));
      CHECK(mirrored.limitMin(i) == plain.limitMin(i));
      CHECK(mirrored.limitMax(i) == plain.limitMax(i));
    }
    test::checkChainInvariants(mirrored);
    mirrored.setMirror(true);  // again: no change
    CHECK(mirrorGap(plain.positions(), mirrored.positions(), plain.size() + 1, root, plain.reach()) <= 1e-15);
    mirrored.setMirror(false);
    CHECK(!mirrored.mirrored());
    for (int i = 0; i <= plain.size(); ++i)
      CHECK(length(mirrored.position(i) - plain.position(i)) <= 1e-14 * plain.reach());
  }
}

TEST_CASE("a mirrored chain's limits act reflected", "[mirror][chain]") {
  Chain chain = test::makeChain(3, 1.0, {2, 1});
  REQUIRE(chain.setLimit(0, -0.5, 0.25) == nullptr);
  REQUIRE(chain.setLimit(1, 0.2, 0.9) == nullptr);
  chain.setMirror(true);
  // A straight chain along -x: the root's world angle pi reflects 0, which [-0.5, 0.25] holds.
  const double wanted[] = {kPi, 0.0, 0.0};
  REQUIRE(chain.setAngles(wanted, 3) == nullptr);
  CHECK(chain.angles()[0] == Approx(kPi));
  CHECK(chain.angles()[1] == Approx(-0.2));  // [0.2, 0.9] acts as [-0.9, -0.2]
  const double outside[] = {kPi / 2, 0.5, 0.0};
  REQUIRE(chain.setAngles(outside, 3) == nullptr);
  CHECK(chain.angles()[0] == Approx(kPi - 0.25));  // [-0.5, 0.25] acts as [pi - 0.25, pi + 0.5]
  CHECK(chain.angles()[1] == Approx(-0.2));
  REQUIRE(chain.setLimit(2, -0.3, -0.1) == nullptr);  // set while mirrored: clamps reflected
  CHECK(chain.angles()[2] == Approx(0.1));
}

TEST_CASE("a mirrored chain resets straight along -x", "[mirror][chain]") {
  Chain chain;
  chain.setMirror(true);
  const double lengths[] = {1, 2};
  REQUIRE(chain.reset({1, 1}, lengths, 2) == nullptr);
  CHECK(chain.end().x == Approx(-2));
  CHECK(chain.end().y == Approx(1));
  CHECK(chain.angles()[0] == Approx(kPi));
}

TEST_CASE("solving M(t) on a mirrored chain gives M of the plain solve, every method", "[mirror][chain]") {
  for (const ChainMethod method : kChainMethods) {
    INFO(toString(method));
    double worst = 0;
    for (int trial = 0; trial < 300; ++trial) {
      Chain plain = randomLimitedChain();
      Chain mirrored = plain;
      mirrored.setMirror(true);
      const Vec2 root = plain.root();
      ChainSolveOptions options = test::optionsFor(method, 40, 1e-6, trial % 3 == 0 ? 0.2 : HUGE_VAL);
      if (trial % 4 == 1) {
        options.usePole = true;
        options.pole = exactlyMirrorable(root + Vec2{uniform(-3, 3), uniform(-3, 3)}, root);
      }
      if (trial % 5 == 2) options.mix = 0.6;
      for (int call = 0; call < 3; ++call) {  // warm starts carry on mirrored
        const Vec2 target = exactlyMirrorable(test::randomReachableTarget(plain, 0.05, 1.2), root);
        ChainSolveOptions mirroredOptions = options;
        mirroredOptions.pole = mirrorOf(options.pole, root);
        const ChainSolveResult a = plain.solve(target, options);
        const ChainSolveResult b = mirrored.solve(mirrorOf(target, root), mirroredOptions);
        CHECK(a.status == b.status);
        CHECK(a.iterations == b.iterations);
        CHECK(b.error == Approx(a.error).margin(kMirrorTolerance * plain.reach()));
        worst = std::max(
            worst, mirrorGap(plain.positions(), mirrored.positions(), plain.size() + 1, root, plain.reach()));
        test::checkChainInvariants(mirrored);
      }
    }
    CHECK(worst <= kMirrorTolerance);
  }
}

TEST_CASE("stepping a mirrored chain mirrors the plain chain's steps", "[mirror][chain]") {
  for (const ChainMethod method : kChainMethods) {
    INFO(toString(method));
    for (int trial = 0; trial < 100; ++trial) {
      Chain plain = randomLimitedChain();
      Chain mirrored = plain;
      mirrored.setMirror(true);
      const Vec2 root = plain.root();
      const Vec2 target = exactlyMirrorable(test::randomReachableTarget(plain, 0.05, 1.1), root);
      const ChainSolveOptions options = test::optionsFor(method, 20, 1e-6);
      ChainStep a = plain.beginSolve(target, options);
      ChainStep b = mirrored.beginSolve(mirrorOf(target, root), options);
      int steps = 0;
      while (!a.done && !b.done && steps < 100000) {
        a = plain.step();
        b = mirrored.step();
        ++steps;
        REQUIRE(a.kind == b.kind);
        CHECK(b.joint == a.joint);
        if (a.kind == ChainStepKind::CcdJoint) {
          CHECK(length(b.pivot - mirrorOf(a.pivot, root)) <= kMirrorTolerance * plain.reach());
          CHECK(b.turn == Approx(-a.turn).margin(kMirrorTolerance));
        }
        CHECK(mirrorGap(plain.positions(), mirrored.positions(), plain.size() + 1, root, plain.reach()) <=
              kMirrorTolerance);
        CHECK(mirrorGap(plain.backwardPositions(), mirrored.backwardPositions(), plain.size() + 1, root,
                        plain.reach()) <= kMirrorTolerance);
      }
      CHECK(a.done == b.done);
      CHECK(a.result.status == b.result.status);
    }
  }
}

TEST_CASE("a mirrored chain keeps maxStep even for a bone too short for its positions", "[mirror][chain]") {
  // 1e-37 next to 100: the bone's two ends are one point, so its direction lives in its angle
  // alone; both frames must agree on it or the next solve turns it from another start.
  const double lengths[] = {100, 1e-37};
  Chain chain;
  REQUIRE(chain.reset({-1, 0}, lengths, 2) == nullptr);
  chain.setMirror(true);
  ChainSolveOptions fabrik;
  fabrik.method = ChainMethod::Fabrik;
  chain.solve({0, 0}, fabrik);
  const std::vector<double> start(chain.angles(), chain.angles() + 2);
  ChainSolveOptions ccd;
  ccd.method = ChainMethod::Ccd;
  ccd.maxStep = 1e-8;
  chain.solve({0, 0}, ccd);
  for (int i = 0; i < 2; ++i)
    CHECK(std::fabs(wrapAngle(chain.angles()[i] - start[static_cast<size_t>(i)])) <= 1e-8 + 1e-15);
}

TEST_CASE("a mirrored solve allocates nothing", "[mirror][chain]") {
  Chain chain = randomLimitedChain();
  chain.setMirror(true);
  const long before = test::allocations;
  for (const ChainMethod method : kChainMethods)
    chain.solve(test::randomReachableTarget(chain), test::optionsFor(method, 20, 1e-6));
  CHECK(test::allocations == before);
}

// ---- skeletons ------------------------------------------------------------------------------------

TEST_CASE("turning a skeleton's mirror on reflects its pose and nothing else", "[mirror][skeleton]") {
  Skeleton plain = test::makePuppet({3.5, -2});
  Skeleton mirrored = plain;
  mirrored.setMirror(true);
  const Vec2 root = plain.root();
  const double reach = test::largestReach(plain);
  CHECK(mirrorGap(plain.positions(), mirrored.positions(), plain.size() + 1, root, reach) <= 1e-15);
  for (int i = 0; i < plain.size(); ++i) {
    const double expected = plain.parent(i) < 0 ? kPi - plain.angles()[i] : -plain.angles()[i];
    CHECK(wrapAngle(mirrored.angles()[i] - expected) == Approx(0).margin(1e-15));
    CHECK(mirrored.limitMin(i) == plain.limitMin(i));
  }
  mirrored.setMirror(false);
  for (int i = 0; i <= plain.size(); ++i)
    CHECK(length(mirrored.position(i) - plain.position(i)) == 0);  // the authored pose, kept exactly
}

TEST_CASE("a mirrored skeleton's limits act reflected", "[mirror][skeleton]") {
  Skeleton skeleton = test::makePuppet();
  skeleton.setMirror(true);
  std::vector<double> angles(static_cast<size_t>(skeleton.size()), 0.0);
  angles[test::kLeftForearm] = 1.0;  // the elbow bends one way: [0, 2.6] acts as [-2.6, 0]
  REQUIRE(skeleton.setAngles(angles.data(), skeleton.size()) == nullptr);
  CHECK(skeleton.angles()[test::kLeftForearm] == Approx(0).margin(1e-15));
  angles[test::kLeftForearm] = -1.0;
  angles[test::kSpine] = kPi / 2;  // [0.9, 2.2] on the root acts as [pi - 2.2, pi - 0.9]
  REQUIRE(skeleton.setAngles(angles.data(), skeleton.size()) == nullptr);
  CHECK(skeleton.angles()[test::kLeftForearm] == Approx(-1.0));
  CHECK(skeleton.angles()[test::kSpine] == Approx(kPi / 2));
  angles[test::kSpine] = 0.2;
  REQUIRE(skeleton.setAngles(angles.data(), skeleton.size()) == nullptr);
  CHECK(skeleton.angles()[test::kSpine] == Approx(kPi - 2.2));
}

TEST_CASE("solving M(t) on a mirrored skeleton gives M of the plain solve", "[mirror][skeleton]") {
  double worst = 0;
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<int> ends;
    Skeleton plain = trial % 2 == 0 ? test::makePuppet({uniform(-50, 50), uniform(-50, 50)})
                                    : test::randomLimitedTree(test::random(), ends);
    if (trial % 2 == 0) ends.assign(std::begin(test::kPuppetEffectors), std::end(test::kPuppetEffectors));
    Skeleton mirrored = plain;
    mirrored.setMirror(true);
    const Vec2 root = plain.root();
    const double reach = test::largestReach(plain);
    for (int call = 0; call < 3; ++call) {
      // Targets from a random pose within the limits (reachable), one in five pulled farther.
      Skeleton posed = plain;
      const std::vector<double> pose = test::randomPose(posed, test::random(), 1.0);
      posed.setAngles(pose.data(), posed.size());
      std::vector<SkeletonEffector> plainEffectors, mirroredEffectors;
      const int count =
          1 + static_cast<int>(uniform(0, static_cast<double>(std::min<size_t>(ends.size(), 3))));
      for (int k = 0; k < count; ++k) {
        const int bone = ends[static_cast<size_t>(k)];
        Vec2 target = posed.position(bone + 1);
        if (uniform(0, 1) < 0.2) target = root + 1.3 * (target - root);
        target = exactlyMirrorable(target, root);
        plainEffectors.push_back({bone, target});
        mirroredEffectors.push_back({bone, mirrorOf(target, root)});
      }
      SkeletonSolveOptions options;
      options.iterations = 50;
      const SkeletonSolveResult a = plain.solve(plainEffectors.data(), count, options);
      const SkeletonSolveResult b = mirrored.solve(mirroredEffectors.data(), count, options);
      CHECK(a.status == b.status);
      CHECK(a.iterations == b.iterations);
      for (int k = 0; k < count; ++k)
        CHECK(b.errors[k] == Approx(a.errors[k]).margin(kMirrorTolerance * reach));
      worst =
          std::max(worst, mirrorGap(plain.positions(), mirrored.positions(), plain.size() + 1, root, reach));
      for (int i = 0; i < mirrored.size(); ++i) {
        if (!mirrored.hasLimit(i)) continue;
        const double authored =
            mirrored.parent(i) < 0 ? wrapAngle(kPi - mirrored.angles()[i]) : -mirrored.angles()[i];
        CHECK(wrapAngle(authored - plain.angles()[i]) == Approx(0).margin(1e-9));
      }
    }
  }
  CHECK(worst <= kMirrorTolerance);
}

TEST_CASE("a mirrored skeleton solve allocates nothing", "[mirror][skeleton]") {
  Skeleton skeleton = test::makePuppet();
  skeleton.setMirror(true);
  const SkeletonEffector effectors[] = {{test::kLeftForearm, {-30, 40}}, {test::kRightShin, {10, -60}}};
  const long before = test::allocations;
  skeleton.solve(effectors, 2, SkeletonSolveOptions{});
  CHECK(test::allocations == before);
}
