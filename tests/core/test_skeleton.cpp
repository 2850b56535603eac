// test_skeleton.cpp: trees of bones with several effectors (ik2d/skeleton.hpp).
//
// Sections: helpers, building, reaching, Chain parity, invariants, settling, scale and budget,
// refusals, allocation. One fixed seed per test case, so a case reproduces alone.
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "skeleton_support.hpp"
#include "test_support.hpp"

using namespace ik2d;
using namespace ik2d::test;

namespace {

// ---- helpers ------------------------------------------------------------------------------------

SkeletonSolveOptions solveOptions(int iterations, double tolerance) {
  SkeletonSolveOptions options;
  options.iterations = iterations;
  options.tolerance = tolerance;
  return options;
}

// Every bone keeps its length (to rounding), every angle is finite, wrapped and inside its limit,
// and the positions are forward kinematics of the angles.
void checkSkeleton(const Skeleton& skeleton) {
  double world[Skeleton::kMaxBones];
  for (int i = 0; i < skeleton.size(); ++i) {
    const double angle = skeleton.angles()[i];
    REQUIRE(isValid(angle));
    REQUIRE(angle >= -kPi);
    REQUIRE(angle <= kPi);
    if (skeleton.hasLimit(i)) {
      REQUIRE(angle >= skeleton.limitMin(i));
      REQUIRE(angle <= skeleton.limitMax(i));
    }
    const int parent = skeleton.parent(i);
    world[i] = angle + (parent < 0 ? 0.0 : world[parent]);
    const Vec2 start = skeleton.position(parent + 1);
    const Vec2 end = skeleton.position(i + 1);
    REQUIRE(isValid(end));
    const Vec2 expected = start + skeleton.boneLength(i) * direction(world[i]);
    REQUIRE(length(end - expected) <= 1e-12 * skeleton.totalLength());
    REQUIRE(std::fabs(length(end - start) - skeleton.boneLength(i)) <= 1e-12 * skeleton.totalLength());
  }
}

std::vector<SkeletonEffector> effectorsAtEnds(const Skeleton& skeleton, const std::vector<int>& bones) {
  std::vector<SkeletonEffector> effectors;
  for (int bone : bones) effectors.push_back({bone, skeleton.position(bone + 1)});
  return effectors;
}

std::vector<int> uniqueEnds(const std::vector<int>& ends) {
  std::vector<int> unique;
  for (int end : ends) {
    if (std::find(unique.begin(), unique.end(), end) == unique.end()) unique.push_back(end);
  }
  return unique;
}

}  // namespace

// ---- building -----------------------------------------------------------------------------------

TEST_CASE("skeleton: positions are forward kinematics of local angles, parents first", "[skeleton]") {
  const SkeletonBone bones[] = {{-1, 2, 0}, {0, 1, kPi / 2}, {0, 1, -kPi / 2}, {-1, 3, kPi}};
  Skeleton skeleton;
  REQUIRE(skeleton.reset({1, 1}, bones, 4) == nullptr);
  CHECK(skeleton.size() == 4);
  CHECK(length(skeleton.position(1) - Vec2{3, 1}) < 1e-15);
  CHECK(length(skeleton.position(2) - Vec2{3, 2}) < 1e-15);
  CHECK(length(skeleton.position(3) - Vec2{3, 0}) < 1e-15);
  CHECK(length(skeleton.position(4) - Vec2{-2, 1}) < 1e-15);
  CHECK(skeleton.pathReach(1) == 3);
  CHECK(skeleton.pathReach(3) == 3);
  REQUIRE(skeleton.setRoot({0, 0}) == nullptr);
  CHECK(length(skeleton.position(2) - Vec2{2, 1}) < 1e-15);
  checkSkeleton(skeleton);
}

TEST_CASE("skeleton: setAngles wraps and clamps, setLimit clamps the current angle", "[skeleton]") {
  Skeleton skeleton = makePuppet();
  checkSkeleton(skeleton);
  std::vector<double> angles(kPuppetBones, 7.0);
  REQUIRE(skeleton.setAngles(angles.data(), kPuppetBones) == nullptr);
  checkSkeleton(skeleton);
  CHECK(skeleton.angles()[kLeftForearm] == 0.7168146928204138);  // 7 - 2 pi, inside [0, 2.6]
  CHECK(skeleton.angles()[kRightForearm] == 0.0);                // clamped to the nearer bound
  REQUIRE(skeleton.clearLimit(kRightForearm) == nullptr);
  CHECK_FALSE(skeleton.hasLimit(kRightForearm));
  REQUIRE(skeleton.setLimit(kChest, 0.1, 0.2) == nullptr);
  CHECK(skeleton.angles()[kChest] == 0.2);
}

// ---- reaching -----------------------------------------------------------------------------------

TEST_CASE("skeleton: >= 99% of reachable random multi-target sets met within 100 sweeps",
          "[skeleton][reach]") {
  std::mt19937_64 random(1601);
  int reached = 0;
  int total = 0;
  SECTION("random trees of 2-6 branches of 3-6 bones, no limits, targets from a random pose") {
    for (int trial = 0; trial < 600; ++trial) {
      std::vector<int> ends;
      const std::vector<SkeletonBone> bones = randomTree(random, 2 + static_cast<int>(random() % 5), ends);
      Skeleton skeleton;
      REQUIRE(skeleton.reset({0, 0}, bones.data(), static_cast<int>(bones.size())) == nullptr);
      const std::vector<double> goal = randomPose(skeleton, random, kPi);
      REQUIRE(skeleton.setAngles(goal.data(), skeleton.size()) == nullptr);
      const std::vector<SkeletonEffector> effectors = effectorsAtEnds(skeleton, uniqueEnds(ends));
      const std::vector<double> start = randomPose(skeleton, random, 1.0);
      REQUIRE(skeleton.setAngles(start.data(), skeleton.size()) == nullptr);
      const SkeletonSolveResult r =
          skeleton.solve(effectors.data(), static_cast<int>(effectors.size()), solveOptions(100, 1e-3));
      REQUIRE(r.status != ChainStatus::Invalid);
      reached += r.status == ChainStatus::Reached;
      ++total;
      checkSkeleton(skeleton);
    }
  }
  SECTION("the puppet without limits, five targets from a random pose") {
    for (int trial = 0; trial < 600; ++trial) {
      Skeleton skeleton = makePuppet();
      for (int i = 0; i < kPuppetBones; ++i) REQUIRE(skeleton.clearLimit(i) == nullptr);
      const std::vector<double> goal = randomPose(skeleton, random, 1.0);
      REQUIRE(skeleton.setAngles(goal.data(), skeleton.size()) == nullptr);
      const std::vector<SkeletonEffector> effectors = effectorsAtEnds(
          skeleton, std::vector<int>(std::begin(kPuppetEffectors), std::end(kPuppetEffectors)));
      const std::vector<double> start = randomPose(skeleton, random, 1.0);
      REQUIRE(skeleton.setAngles(start.data(), skeleton.size()) == nullptr);
      const SkeletonSolveResult r = skeleton.solve(effectors.data(), 5, solveOptions(100, 1e-3));
      reached += r.status == ChainStatus::Reached;
      ++total;
      checkSkeleton(skeleton);
    }
  }
  INFO(reached << " of " << total << " reached");
  CHECK(reached >= 0.99 * total);
}

namespace {

// Targets from random poses inside the limits (each limited angle uniform within its limit, a free
// one anywhere: the targets are the effector bones' ends there), solved from the rest pose within
// `sweeps`, tolerance 1e-3 of the largest reach. Checks every solve (lengths, limits, forward
// kinematics, finite, 'reached' iff every error is within tolerance); returns how many met every
// target. `make` builds a skeleton at rest and names its effectors.
template <class Make>
int reachedFromRest(int sets, int sweeps, Make make) {
  std::mt19937_64& generator = ik2d::test::random();
  int reached = 0;
  for (int set = 0; set < sets; ++set) {
    std::vector<int> pulled;
    Skeleton skeleton = make(generator, pulled);
    const std::vector<double> rest(skeleton.angles(), skeleton.angles() + skeleton.size());
    const std::vector<double> goal = randomPose(skeleton, generator, kPi);
    REQUIRE(skeleton.setAngles(goal.data(), skeleton.size()) == nullptr);
    const std::vector<SkeletonEffector> effectors = effectorsAtEnds(skeleton, pulled);
    REQUIRE(skeleton.setAngles(rest.data(), skeleton.size()) == nullptr);
    const double tolerance = 1e-3 * largestReach(skeleton);
    const SkeletonSolveResult r =
        skeleton.solve(effectors.data(), static_cast<int>(effectors.size()), solveOptions(sweeps, tolerance));
    REQUIRE(r.status != ChainStatus::Invalid);
    REQUIRE(r.iterations <= sweeps);
    bool all = true;
    for (int k = 0; k < r.effectorCount; ++k) {
      REQUIRE(isValid(r.errors[k]));
      all = all && r.errors[k] <= tolerance;
    }
    REQUIRE((r.status == ChainStatus::Reached) == all);
    checkSkeleton(skeleton);
    reached += all;
  }
  return reached;
}

Skeleton puppetWithEffectors(std::vector<int>& pulled, bool limits) {
  pulled.assign(std::begin(kPuppetEffectors), std::end(kPuppetEffectors));
  Skeleton puppet = makePuppet();
  if (!limits) {
    for (int i = 0; i < kPuppetBones; ++i) REQUIRE(puppet.clearLimit(i) == nullptr);
  }
  return puppet;
}

}  // namespace

// Limits trap the sweeps in local minima (a knee clamped straight when the target needs it bent
// the way it cannot go from there); stuck tries restart their branches (skeleton_solve.cpp).
TEST_CASE("skeleton: the limited puppet from rest meets >= 95% of target sets within 50 sweeps",
          "[skeleton][reach][limits]") {
  const int reached = reachedFromRest(
      600, 50, [](std::mt19937_64&, std::vector<int>& pulled) { return puppetWithEffectors(pulled, true); });
  INFO(reached << " of 600 reached");
  CHECK(reached >= 0.95 * 600);
}

TEST_CASE("skeleton: random limited trees from rest meet >= 95% of target sets within 50 sweeps",
          "[skeleton][reach][limits]") {
  const int reached = reachedFromRest(600, 50, [](std::mt19937_64& generator, std::vector<int>& pulled) {
    return randomLimitedTree(generator, pulled);
  });
  INFO(reached << " of 600 reached");
  CHECK(reached >= 0.95 * 600);
}

TEST_CASE("skeleton: without limits from rest >= 99% of target sets are met within 50 sweeps",
          "[skeleton][reach]") {
  const int puppet = reachedFromRest(
      600, 50, [](std::mt19937_64&, std::vector<int>& pulled) { return puppetWithEffectors(pulled, false); });
  const int trees = reachedFromRest(600, 50, [](std::mt19937_64& generator, std::vector<int>& pulled) {
    Skeleton tree = randomLimitedTree(generator, pulled);  // its rest angles, without its limits
    for (int i = 0; i < tree.size(); ++i) REQUIRE(tree.clearLimit(i) == nullptr);
    return tree;
  });
  INFO("the puppet: " << puppet << " of 600, random trees: " << trees << " of 600 reached");
  CHECK(puppet >= 0.99 * 600);
  CHECK(trees >= 0.99 * 600);
}

// From random starts too: a start on the far side of a limit from the goal pose is one more stuck try.
TEST_CASE("skeleton: the limited puppet meets >= 95% of reachable random target sets", "[skeleton][reach]") {
  std::mt19937_64 random(1601);
  int reached = 0;
  for (int trial = 0; trial < 600; ++trial) {
    Skeleton skeleton = makePuppet();
    const std::vector<double> goal = randomPose(skeleton, random, 1.0);
    REQUIRE(skeleton.setAngles(goal.data(), skeleton.size()) == nullptr);
    const std::vector<SkeletonEffector> effectors =
        effectorsAtEnds(skeleton, std::vector<int>(std::begin(kPuppetEffectors), std::end(kPuppetEffectors)));
    const std::vector<double> start = randomPose(skeleton, random, 1.0);
    REQUIRE(skeleton.setAngles(start.data(), skeleton.size()) == nullptr);
    reached += skeleton.solve(effectors.data(), 5, solveOptions(100, 1e-3)).status == ChainStatus::Reached;
    checkSkeleton(skeleton);
  }
  INFO(reached << " of 600 reached");
  CHECK(reached >= 0.95 * 600);
}

TEST_CASE("skeleton: warm start: a met set of targets solves again in 0 sweeps", "[skeleton][reach]") {
  std::mt19937_64 random(1602);
  Skeleton skeleton = makePuppet();
  std::vector<SkeletonEffector> effectors =
      effectorsAtEnds(skeleton, std::vector<int>(std::begin(kPuppetEffectors), std::end(kPuppetEffectors)));
  effectors[1].target = effectors[1].target + Vec2{-10, 25};  // lift the left hand
  const SkeletonSolveResult first = skeleton.solve(effectors.data(), 5, solveOptions(100, 1e-6));
  REQUIRE(first.status == ChainStatus::Reached);
  CHECK(first.iterations > 0);
  const SkeletonSolveResult again = skeleton.solve(effectors.data(), 5, solveOptions(100, 1e-6));
  CHECK(again.status == ChainStatus::Reached);
  CHECK(again.iterations == 0);
  for (int k = 0; k < 5; ++k) CHECK(again.errors[k] <= 1e-6);
}

TEST_CASE("skeleton: 'reached' iff every error is within tolerance, out_of_reach for far targets",
          "[skeleton][reach]") {
  Skeleton skeleton = makePuppet();
  std::vector<SkeletonEffector> effectors =
      effectorsAtEnds(skeleton, std::vector<int>(std::begin(kPuppetEffectors), std::end(kPuppetEffectors)));
  effectors[0].target = {0, 1000};  // the head, far above
  const SkeletonSolveResult r = skeleton.solve(effectors.data(), 5, solveOptions(50, 1e-3));
  CHECK(r.status == ChainStatus::OutOfReach);
  REQUIRE(r.effectorCount == 5);
  CHECK(r.errors[0] > 900);
  checkSkeleton(skeleton);
  // Pulled as far up as the limits let it: the head is above where it started.
  CHECK(skeleton.position(kHead + 1).y > 85);
}

// ---- Chain parity -------------------------------------------------------------------------------

TEST_CASE("skeleton: a one-branch skeleton solves like Chain with FABRIK", "[skeleton][chain]") {
  std::mt19937_64 random(1603);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  int compared = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const int count = 2 + static_cast<int>(unit(random) * 12);
    std::vector<double> lengths(static_cast<size_t>(count));
    std::vector<SkeletonBone> bones(static_cast<size_t>(count));
    for (int i = 0; i < count; ++i) {
      lengths[static_cast<size_t>(i)] = 0.2 + 2 * unit(random);
      bones[static_cast<size_t>(i)] = {i - 1, lengths[static_cast<size_t>(i)], 0};
    }
    const Vec2 root{20 * unit(random) - 10, 20 * unit(random) - 10};
    Chain chain;
    Skeleton skeleton;
    REQUIRE(chain.reset(root, lengths.data(), count) == nullptr);
    REQUIRE(skeleton.reset(root, bones.data(), count) == nullptr);
    // The target: the end of a random pose; the start: another random pose.
    const std::vector<double> goal = randomPose(skeleton, random, kPi);
    REQUIRE(skeleton.setAngles(goal.data(), count) == nullptr);
    const SkeletonEffector effector{count - 1, skeleton.position(count)};
    const std::vector<double> start = randomPose(skeleton, random, kPi);
    REQUIRE(skeleton.setAngles(start.data(), count) == nullptr);
    REQUIRE(chain.setAngles(start.data(), count) == nullptr);
    const int iterations = 1 + static_cast<int>(unit(random) * 40);
    const ChainSolveResult c =
        chain.solve(effector.target, optionsFor(ChainMethod::Fabrik, iterations, 1e-6));
    const SkeletonSolveResult s = skeleton.solve(&effector, 1, solveOptions(iterations, 1e-6));
    CHECK(s.status == c.status);
    CHECK(s.iterations == c.iterations);
    for (int i = 0; i <= count; ++i) {
      REQUIRE(length(skeleton.position(i) - chain.position(i)) <= 1e-9 * chain.reach());
    }
    ++compared;
  }
  CHECK(compared == 300);
}

// ---- invariants ---------------------------------------------------------------------------------

TEST_CASE("skeleton: lengths and limits hold, never NaN, whatever the targets", "[skeleton][invariants]") {
  std::mt19937_64 random(1604);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<int> ends;
    const std::vector<SkeletonBone> bones = randomTree(random, 1 + static_cast<int>(random() % 6), ends);
    Skeleton skeleton;
    REQUIRE(skeleton.reset({0, 0}, bones.data(), static_cast<int>(bones.size())) == nullptr);
    for (int i = 0; i < skeleton.size(); ++i) {
      if (unit(random) < 0.5) {
        const double low = -kPi + 2 * kPi * unit(random);
        REQUIRE(skeleton.setLimit(i, low, low + (kPi - low) * unit(random)) == nullptr);
      }
    }
    checkSkeleton(skeleton);
    std::vector<SkeletonEffector> effectors;
    for (int end : uniqueEnds(ends)) {
      // Near, far, on the root, or on another effector's target: conflicts on purpose.
      const double pick = unit(random);
      const Vec2 target = pick < 0.1 ? Vec2{0, 0}
                          : pick < 0.2 && !effectors.empty()
                              ? effectors.back().target
                              : Vec2{60 * unit(random) - 30, 60 * unit(random) - 30};
      effectors.push_back({end, target});
    }
    for (int frame = 0; frame < 5; ++frame) {
      const SkeletonSolveResult r =
          skeleton.solve(effectors.data(), static_cast<int>(effectors.size()), solveOptions(20, 1e-3));
      REQUIRE(r.status != ChainStatus::Invalid);
      bool all = true;
      for (int k = 0; k < r.effectorCount; ++k) {
        REQUIRE(isValid(r.errors[k]));
        all = all && r.errors[k] <= 1e-3;
      }
      CHECK((r.status == ChainStatus::Reached) == all);
      checkSkeleton(skeleton);
    }
  }
}

TEST_CASE("skeleton: bones no effector pulls keep their local angles", "[skeleton][invariants]") {
  Skeleton skeleton = makePuppet();
  const std::vector<double> before(skeleton.angles(), skeleton.angles() + skeleton.size());
  const SkeletonEffector hand{kLeftForearm, skeleton.position(kLeftForearm + 1) + Vec2{5, 20}};
  REQUIRE(skeleton.solve(&hand, 1, solveOptions(50, 1e-6)).status == ChainStatus::Reached);
  for (int bone :
       {kNeck, kHead, kRightCollar, kRightUpperArm, kRightForearm, kLeftThigh, kLeftShin, kLeftFoot})
    CHECK(skeleton.angles()[bone] == before[static_cast<size_t>(bone)]);
}

TEST_CASE("skeleton: a straight branch pointing at a target inside its reach bends", "[skeleton][singular]") {
  const SkeletonBone bones[] = {{-1, 1, 0}, {0, 1, 0}, {1, 1, 0}, {0, 1, 0.5}, {3, 1, 0}};
  Skeleton skeleton;
  REQUIRE(skeleton.reset({0, 0}, bones, 5) == nullptr);
  const SkeletonEffector effectors[] = {{2, {1.5, 0}}, {4, skeleton.position(5)}};
  const SkeletonSolveResult r = skeleton.solve(effectors, 2, solveOptions(100, 1e-6));
  CHECK(r.status == ChainStatus::Reached);
  checkSkeleton(skeleton);
}

// ---- settling -----------------------------------------------------------------------------------

TEST_CASE("skeleton: conflicting targets settle: the pose change between frames goes to 0",
          "[skeleton][settle]") {
  std::mt19937_64 random(1605);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int trial = 0; trial < 60; ++trial) {
    Skeleton skeleton = makePuppet();
    if (trial % 3 == 0) {
      for (int i = 0; i < kPuppetBones; ++i) REQUIRE(skeleton.clearLimit(i) == nullptr);
    }
    // Five targets scattered far and wide: most cannot all be met at once.
    std::vector<SkeletonEffector> effectors;
    for (int bone : kPuppetEffectors)
      effectors.push_back({bone, {400 * unit(random) - 200, 400 * unit(random) - 200}});
    std::vector<double> previous(skeleton.positions(), skeleton.positions() + 2 * (kPuppetBones + 1));
    double change = 0;
    for (int frame = 0; frame < 600; ++frame) {
      const SkeletonSolveResult r = skeleton.solve(effectors.data(), 5, solveOptions(20, 1e-3));
      REQUIRE(r.status != ChainStatus::Invalid);
      change = 0;
      for (size_t i = 0; i < previous.size(); ++i) {
        change = std::max(change, std::fabs(skeleton.positions()[i] - previous[i]));
        previous[i] = skeleton.positions()[i];
      }
    }
    INFO("trial " << trial);
    CHECK(change <= 1e-9);
    checkSkeleton(skeleton);
  }
}

TEST_CASE("skeleton: targets the limits forbid: restarts run once, not again on every call",
          "[skeleton][settle]") {
  std::mt19937_64& generator = ik2d::test::random();
  int checked = 0;
  long sweeps = 0;
  long calls = 0;
  for (int trial = 0; trial < 40; ++trial) {
    // Targets from a pose without limits: within reach, but rarely all met with them.
    Skeleton unlimited = makePuppet();
    for (int i = 0; i < kPuppetBones; ++i) REQUIRE(unlimited.clearLimit(i) == nullptr);
    const std::vector<double> goal = randomPose(unlimited, generator, kPi);
    REQUIRE(unlimited.setAngles(goal.data(), kPuppetBones) == nullptr);
    const std::vector<SkeletonEffector> effectors = effectorsAtEnds(
        unlimited, std::vector<int>(std::begin(kPuppetEffectors), std::end(kPuppetEffectors)));
    Skeleton skeleton = makePuppet();
    const SkeletonSolveResult first = skeleton.solve(effectors.data(), 5, solveOptions(20, 1e-3));
    if (first.status == ChainStatus::Reached || first.iterations < 20) continue;  // no restart ran
    ++checked;
    // The same targets again from the pose the restarts left: no new restarts, so most calls stop
    // after a few sweeps (restarts would fill every call's 20).
    for (int frame = 0; frame < 50; ++frame) {
      const SkeletonSolveResult r = skeleton.solve(effectors.data(), 5, solveOptions(20, 1e-3));
      INFO("trial " << trial << " frame " << frame);
      CHECK(r.status == ChainStatus::MaxIterations);
      sweeps += r.iterations;
      ++calls;
      checkSkeleton(skeleton);
    }
    // An edit in between: the next solve restarts again.
    const std::vector<double> angles(skeleton.angles(), skeleton.angles() + kPuppetBones);
    REQUIRE(skeleton.setAngles(angles.data(), kPuppetBones) == nullptr);
    CHECK(skeleton.solve(effectors.data(), 5, solveOptions(20, 1e-3)).iterations == 20);
  }
  INFO(sweeps << " sweeps in " << calls << " calls");
  CHECK(checked >= 20);
  CHECK(sweeps <= 4 * calls);
}

// ---- scale and budget ---------------------------------------------------------------------------

TEST_CASE("skeleton: 256 bones and 32 effectors, and the work budget bounds every call",
          "[skeleton][scale]") {
  std::mt19937_64 random(1606);
  std::vector<int> ends;
  std::vector<SkeletonBone> bones = randomTree(random, 60, ends);
  bones.resize(std::min<size_t>(bones.size(), 256));
  while (bones.size() < 256) bones.push_back({static_cast<int>(bones.size()) - 1, 1, 0});
  Skeleton skeleton;
  REQUIRE(skeleton.reset({0, 0}, bones.data(), 256) == nullptr);
  const std::vector<double> goal = randomPose(skeleton, random, 1.0);
  REQUIRE(skeleton.setAngles(goal.data(), 256) == nullptr);
  std::vector<int> pulled;
  for (int bone = 255; bone >= 0 && pulled.size() < 32; bone -= 8) pulled.push_back(bone);
  const std::vector<SkeletonEffector> effectors = effectorsAtEnds(skeleton, pulled);
  const std::vector<double> start = randomPose(skeleton, random, 1.0);
  REQUIRE(skeleton.setAngles(start.data(), 256) == nullptr);
  const SkeletonSolveResult r = skeleton.solve(effectors.data(), 32, solveOptions(100, 1e-3));
  CHECK(r.status != ChainStatus::Invalid);
  CHECK(r.effectorCount == 32);
  checkSkeleton(skeleton);

  SkeletonSolveOptions budget = solveOptions(Skeleton::kMaxIterations, 0);
  budget.maxWork = 1;  // one sweep, whatever iterations asks
  const SkeletonSolveResult bounded = skeleton.solve(effectors.data(), 32, budget);
  CHECK(bounded.iterations == 1);
}

// ---- refusals -----------------------------------------------------------------------------------

namespace {

std::string resetMessage(const std::vector<SkeletonBone>& bones, Vec2 root = {0, 0}) {
  Skeleton skeleton;
  const char* message = skeleton.reset(root, bones.data(), static_cast<int>(bones.size()));
  return message ? message : "";
}

}  // namespace

TEST_CASE("skeleton: reset refuses bad bones with a message naming the bone", "[skeleton][invalid]") {
  CHECK(resetMessage({}) == "bones must hold at least one bone");
  CHECK(resetMessage({{-1, 1, 0}, {2, 1, 0}, {1, 1, 0}}) ==
        "bones[1] is in a cycle of parents (bones[1].parent leads back to it)");
  CHECK(resetMessage({{-1, 1, 0}, {2, 1, 0}, {0, 1, 0}}) ==
        "bones[1].parent is 2, which comes after it: list every parent before its children");
  CHECK(resetMessage({{-1, 1, 0}, {1, 1, 0}}) == "bones[1].parent is 1, the bone itself: a cycle");
  CHECK(resetMessage({{-1, 1, 0}, {-2, 1, 0}}) ==
        "bones[1].parent must be -1 (the root) or a bone index from 0 to 1; got -2");
  CHECK(resetMessage({{-1, 1, 0}, {0, 0, 0}}) == "bones[1].length must be greater than 0, got 0");
  CHECK(resetMessage({{-1, -3, 0}}) == "bones[0].length must be greater than 0, got -3");
  CHECK(resetMessage({{-1, NAN, 0}}) == "bones[0].length must be a finite number, got NaN");
  CHECK(resetMessage({{-1, 1, HUGE_VAL}}) == "bones[0].angle must be a finite number, got Infinity");
  CHECK(resetMessage({{-1, 1, 0}}, {NAN, 0}) == "root.x must be a finite number, got NaN");
  CHECK(resetMessage({{-1, 1e300, 0}, {0, 1e300, 0}}) == "the bone lengths must sum to at most 1e300");
  CHECK(resetMessage(std::vector<SkeletonBone>(Skeleton::kMaxBones + 1)) ==
        "bones holds 1025 bones, more than a skeleton may have (1024)");

  Skeleton skeleton;
  const double records[] = {-1, 1, 0, 0.5, 1, 0};
  CHECK(std::string(skeleton.resetFromRecords({0, 0}, records, 2)) ==
        "bones[1].parent must be a whole number, -1 (the root) or a bone index; got 0.5");
  CHECK(skeleton.size() == 0);  // a refused reset leaves the skeleton as it was
}

TEST_CASE("skeleton: edits refuse bad values with a message naming the bone", "[skeleton][invalid]") {
  Skeleton skeleton = makePuppet();
  CHECK(std::string(skeleton.setLimit(3, 1, 0.5)) == "bone 3: min (1) must not be greater than max (0.5)");
  CHECK(std::string(skeleton.setLimit(3, -4, 0)) == "bone 3: min must be at least -pi, got -4");
  CHECK(std::string(skeleton.setLimit(3, 0, NAN)) == "bone 3: max must be a finite number, got NaN");
  CHECK(std::string(skeleton.setLimit(16, 0, 1)) ==
        "bone must be a bone of this skeleton, a whole number from 0 to 15; got 16");
  CHECK(std::string(skeleton.clearLimit(-1)) ==
        "bone must be a bone of this skeleton, a whole number from 0 to 15; got -1");
  CHECK(std::string(skeleton.checkBoneIndex(2.5, "bone")) ==
        "bone must be a bone of this skeleton, a whole number from 0 to 15; got 2.5");
  CHECK(skeleton.checkBoneIndex(15, "bone") == nullptr);
  const double angles[] = {0, 1};
  CHECK(std::string(skeleton.setAngles(angles, 2)) == "angles must hold one angle per bone (16), got 2");
  std::vector<double> bad(kPuppetBones, 0.0);
  bad[4] = NAN;
  CHECK(std::string(skeleton.setAngles(bad.data(), kPuppetBones)) ==
        "angles[4] must be a finite number, got NaN");
  CHECK(std::string(skeleton.setRoot({0, HUGE_VAL})) == "root.y must be a finite number, got Infinity");
}

TEST_CASE("skeleton: solve refuses bad effectors and options, naming them, and changes nothing",
          "[skeleton][invalid]") {
  Skeleton skeleton = makePuppet();
  const std::vector<double> before(skeleton.positions(), skeleton.positions() + 2 * (kPuppetBones + 1));
  auto message = [&](std::vector<SkeletonEffector> effectors,
                     SkeletonSolveOptions options = solveOptions(20, 1e-3)) {
    const SkeletonSolveResult r =
        skeleton.solve(effectors.data(), static_cast<int>(effectors.size()), options);
    CHECK(r.status == ChainStatus::Invalid);
    CHECK(r.effectorCount == 0);
    for (size_t i = 0; i < before.size(); ++i) REQUIRE(skeleton.positions()[i] == before[i]);
    return std::string(r.message ? r.message : "");
  };
  CHECK(message({{3, {0, 0}}, {16, {0, 0}}}) ==
        "effectors[1].bone must be a bone of this skeleton, a whole number from 0 to 15; got 16");
  CHECK(message({{3, {0, 0}}, {5, {1, 1}}, {3, {2, 2}}}) ==
        "effectors[2] pulls bone 3, as effectors[0] already does: one target per bone");
  CHECK(message({{3, {NAN, 0}}}) == "effectors[0].target.x must be a finite number");
  CHECK(message({{3, {0, HUGE_VAL}}}) == "effectors[0].target.y must be a finite number");
  CHECK(message({{3, {0, 1e301}}}) == "effectors[0].target must stay within 1e300 in magnitude");
  CHECK(message({{3, {0, 0}}}, solveOptions(-1, 1e-3)) ==
        "iterations must be a whole number from 0 to 100000");
  CHECK(message({{3, {0, 0}}}, solveOptions(5, -1)) == "tolerance must be a finite number, 0 or greater");
  SkeletonSolveOptions unknown = solveOptions(5, 1e-3);
  unknown.method = static_cast<SkeletonMethod>(7);
  CHECK(message({{3, {0, 0}}}, unknown) == "method must be 'fabrik'");
  CHECK(message(std::vector<SkeletonEffector>(17)) ==
        "effectors lists 17 effectors but the skeleton has 16 bones: at most one per bone");
  const double records[] = {3, 0, 0, 1.5, 0, 0};
  const SkeletonSolveResult r = skeleton.solveFromRecords(records, 2, solveOptions(5, 1e-3));
  CHECK(std::string(r.message) ==
        "effectors[1].bone must be a bone of this skeleton, a whole number from 0 to 15");
  Skeleton empty;
  const SkeletonEffector one{0, {0, 0}};
  CHECK(std::string(empty.solve(&one, 1, solveOptions(5, 1e-3)).message) == "the skeleton has no bones");
  // No effectors: nothing to meet.
  const SkeletonSolveResult none = skeleton.solve(nullptr, 0, solveOptions(5, 1e-3));
  CHECK(none.status == ChainStatus::Reached);
  CHECK(none.effectorCount == 0);
}

// ---- allocation ---------------------------------------------------------------------------------

TEST_CASE("skeleton: solve allocates nothing", "[skeleton][allocation]") {
  std::mt19937_64 random(1607);
  Skeleton skeleton = makePuppet();
  std::vector<SkeletonEffector> effectors =
      effectorsAtEnds(skeleton, std::vector<int>(std::begin(kPuppetEffectors), std::end(kPuppetEffectors)));
  std::uniform_real_distribution<double> offset(-30.0, 30.0);
  const long before = allocations.load();
  for (int call = 0; call < 200; ++call) {
    for (SkeletonEffector& effector : effectors)
      effector.target = effector.target + Vec2{offset(random), offset(random)};
    skeleton.solve(effectors.data(), 5, solveOptions(20, 1e-3));
  }
  CHECK(allocations.load() == before);
}
