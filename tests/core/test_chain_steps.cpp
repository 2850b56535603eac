// test_chain_steps.cpp: the resumable solve (Chain::beginSolve / Chain::step) against solve().
// A stepped solve must be the solve: the same steps in the same order, ending in the same bits.
#include <string>
#include <vector>

#include "test_support.hpp"

using namespace ik2d;
using namespace ik2d::test;

namespace {

bool same(Vec2 a, Vec2 b) { return a.x == b.x && a.y == b.y; }

Vec2 unit(Vec2 v) { return (1.0 / length(v)) * v; }

// A random pose, random limits on some joints, and a target anywhere from the root to twice the
// reach: every path through the solve (stretch, singular, limits, maxStep) comes up.
Chain randomChain(int bones) {
  std::vector<double> lengths(static_cast<size_t>(bones));
  for (double& l : lengths) l = uniform(0.5, 2.0);
  Chain chain;
  REQUIRE(chain.reset({uniform(-5, 5), uniform(-5, 5)}, lengths.data(), bones) == nullptr);
  std::vector<double> angles(static_cast<size_t>(bones));
  const bool straight = uniform(0, 1) < 0.2;
  for (double& a : angles) a = straight ? 0.0 : uniform(-1.5, 1.5);
  REQUIRE(chain.setAngles(angles.data(), bones) == nullptr);
  for (int j = 0; j < bones; ++j) {
    if (uniform(0, 1) < 0.3) {
      const double low = uniform(-kPi, 0.5);
      REQUIRE(chain.setLimit(j, low, std::min(kPi, low + uniform(0.2, 3.0))) == nullptr);
    }
  }
  return chain;
}

// Copies a chain's pose, lengths and limits into a second chain.
Chain copyOf(const Chain& chain) {
  std::vector<double> lengths;
  for (int i = 0; i < chain.size(); ++i) lengths.push_back(chain.boneLength(i));
  Chain copy;
  REQUIRE(copy.reset(chain.root(), lengths.data(), chain.size()) == nullptr);
  for (int j = 0; j < chain.size(); ++j) {
    if (chain.hasLimit(j)) REQUIRE(copy.setLimit(j, chain.limitMin(j), chain.limitMax(j)) == nullptr);
  }
  REQUIRE(copy.setAngles(chain.angles(), chain.size()) == nullptr);
  return copy;
}

}  // namespace

TEST_CASE("stepping to the end gives the pose and result of solve, bit for bit", "[chain][steps]") {
  for (int trial = 0; trial < 400; ++trial) {
    const int bones = 1 + static_cast<int>(uniform(0, 12));
    Chain solved = randomChain(bones);
    Chain stepped = copyOf(solved);
    const ChainMethod method = kChainMethods[trial % 3];
    const double maxStep = trial % 4 == 0 ? uniform(0.01, 0.5) : HUGE_VAL;
    ChainSolveOptions options = optionsFor(method, 1 + trial % 40, 1e-4 * solved.reach(), maxStep);
    // Every 5th trial blends (mix) and every 4th bends toward a pole: both happen in the last step.
    if (trial % 5 == 1) options.mix = uniform(0, 1);
    if (trial % 4 == 1) {
      options.usePole = true;
      options.pole = solved.root() + solved.reach() * direction(uniform(-kPi, kPi));
    }
    options.damping = trial % 6 == 2 ? uniform(0, 1) : options.damping;
    // Every 7th trial: a straight chain pointing at a target on its line (the singular start).
    Vec2 target = solved.root() + solved.reach() * uniform(0, 2) * direction(uniform(-kPi, kPi));
    if (trial % 7 == 0) {
      std::vector<double> zeros(static_cast<size_t>(bones), 0.0);
      for (int j = 0; j < bones; ++j) {
        solved.clearLimit(j);
        stepped.clearLimit(j);
      }
      solved.setAngles(zeros.data(), bones);
      stepped.setAngles(zeros.data(), bones);
      target = solved.root() + Vec2{solved.reach() * 0.5, 0};
    }
    INFO("trial " << trial << ", " << bones << " bones");

    const ChainSolveResult expected = solved.solve(target, options);
    ChainStep step = stepped.beginSolve(target, options);
    REQUIRE(step.kind == ChainStepKind::Begin);
    int steps = 0;
    while (!step.done) {
      REQUIRE(stepped.stepping());
      step = stepped.step();
      REQUIRE(isValid(step.error));
      ++steps;
    }
    CHECK_FALSE(stepped.stepping());
    CHECK(step.result.status == expected.status);
    CHECK(step.result.iterations == expected.iterations);
    CHECK(step.result.error == expected.error);
    for (int i = 0; i < 2 * (bones + 1); ++i) CHECK(stepped.positions()[i] == solved.positions()[i]);
    for (int i = 0; i < bones; ++i) CHECK(stepped.angles()[i] == solved.angles()[i]);
    if (expected.iterations > 0) CHECK(steps >= expected.iterations);
  }
}

TEST_CASE("CCD steps turn one joint at a time, tip to root, and report the turn they made",
          "[chain][steps]") {
  Chain chain = makeChain(5);
  const double start[] = {0.3, 0.4, -0.2, 0.5, 0.1};
  REQUIRE(chain.setAngles(start, 5) == nullptr);
  const Vec2 target{1.5, 2.5};
  ChainStep step = chain.beginSolve(target, optionsFor(ChainMethod::Ccd, 3, 1e-9));
  REQUIRE_FALSE(step.done);
  for (int sweep = 1; sweep <= 3 && !step.done; ++sweep) {
    for (int joint = 4; joint >= 0; --joint) {
      std::vector<double> before(chain.angles(), chain.angles() + 5);
      const Vec2 pivot = chain.position(joint);
      const Vec2 endBefore = chain.end();
      step = chain.step();
      REQUIRE(step.kind == ChainStepKind::CcdJoint);
      CHECK(step.iteration == sweep);
      CHECK(step.joint == joint);
      CHECK(same(step.pivot, pivot));
      CHECK(same(step.endBefore, endBefore));
      CHECK(step.sweepEnd == (joint == 0));
      CHECK(step.error == Approx(length(chain.end() - target)).margin(1e-15));
      // Only this joint's local angle moved, by `turn`; unconstrained, turn is the wanted turn.
      for (int i = 0; i < 5; ++i) {
        if (i == joint)
          CHECK(wrapAngle(chain.angles()[i] - before[static_cast<size_t>(i)]) ==
                Approx(step.turn).margin(1e-15));
        else CHECK(chain.angles()[i] == before[static_cast<size_t>(i)]);
      }
      CHECK(step.turn == Approx(step.wanted).margin(1e-15));
      // After the turn, the end lies on the line from the pivot toward the target.
      CHECK(std::fabs(cross(unit(chain.end() - pivot), unit(target - pivot))) < 1e-12);
      if (step.done) break;
    }
  }
}

TEST_CASE("CCD steps on a limited joint turn less than wanted", "[chain][steps]") {
  Chain chain = makeChain(3);
  REQUIRE(chain.setLimit(2, -0.1, 0.1) == nullptr);
  ChainStep step = chain.beginSolve({0.5, 2.0}, optionsFor(ChainMethod::Ccd, 1, 0));
  step = chain.step();
  REQUIRE(step.joint == 2);
  CHECK(std::fabs(step.wanted) > 0.1);
  CHECK(step.turn == Approx(0.1 * (step.wanted > 0 ? 1 : -1)));
  CHECK(chain.angles()[2] == Approx(step.turn));
}

TEST_CASE("FABRIK steps alternate backward and forward half-passes", "[chain][steps]") {
  Chain chain = makeChain(4, 1.5);
  const double start[] = {0.2, 0.3, 0.3, 0.3};
  REQUIRE(chain.setAngles(start, 4) == nullptr);
  const Vec2 target{2.0, 3.0};
  ChainStep step = chain.beginSolve(target, optionsFor(ChainMethod::Fabrik, 20, 1e-10));
  for (int sweep = 1; !step.done; ++sweep) {
    std::vector<double> before(chain.positions(), chain.positions() + 10);
    step = chain.step();
    REQUIRE(step.kind == ChainStepKind::FabrikBackward);
    CHECK(step.iteration == sweep);
    CHECK_FALSE(step.sweepEnd);
    CHECK_FALSE(step.done);
    // The chain itself has not moved; the backward points end on the target, one length apart.
    for (int i = 0; i < 10; ++i) CHECK(chain.positions()[i] == before[static_cast<size_t>(i)]);
    const double* back = chain.backwardPositions();
    CHECK(back[8] == target.x);
    CHECK(back[9] == target.y);
    for (int i = 0; i < 4; ++i) {
      const Vec2 a{back[2 * i], back[2 * i + 1]};
      const Vec2 b{back[2 * i + 2], back[2 * i + 3]};
      CHECK(length(b - a) == Approx(1.5).epsilon(1e-12));
    }
    step = chain.step();
    REQUIRE(step.kind == ChainStepKind::FabrikForward);
    CHECK(step.sweepEnd);
    CHECK(same(chain.root(), Vec2{0, 0}));
    CHECK(step.error == length(chain.end() - target));
  }
  CHECK(step.result.status == ChainStatus::Reached);
}

TEST_CASE("the special first sweeps are steps of their own", "[chain][steps]") {
  SECTION("out of reach: one stretch step ends the solve") {
    Chain chain = makeChain(3);
    ChainStep step = chain.beginSolve({0, 10}, optionsFor(ChainMethod::Fabrik, 10, 1e-6));
    step = chain.step();
    CHECK(step.kind == ChainStepKind::Stretch);
    CHECK(step.sweepEnd);
    CHECK(step.done);
    CHECK(step.result.status == ChainStatus::OutOfReach);
    CHECK(step.error == Approx(7));
  }
  SECTION("on a line through the target: unbend, a CCD sweep, then the method's sweep") {
    Chain chain = makeChain(3);
    ChainStep step = chain.beginSolve({1.5, 0}, optionsFor(ChainMethod::Fabrik, 10, 1e-6));
    step = chain.step();
    CHECK(step.kind == ChainStepKind::Unbend);
    CHECK(step.iteration == 1);
    for (int joint = 2; joint >= 0; --joint) {
      step = chain.step();
      CHECK(step.kind == ChainStepKind::CcdJoint);
      CHECK(step.joint == joint);
      CHECK_FALSE(step.sweepEnd);
    }
    CHECK(chain.step().kind == ChainStepKind::FabrikBackward);
    step = chain.step();
    CHECK(step.kind == ChainStepKind::FabrikForward);
    CHECK(step.iteration == 1);
    CHECK(step.sweepEnd);
  }
}

TEST_CASE("a solve already there, a refused call, and edits end the stepping", "[chain][steps]") {
  Chain chain = makeChain(3);
  ChainStep step = chain.beginSolve({3, 0}, optionsFor(ChainMethod::Ccd, 10, 1e-9));
  CHECK(step.done);
  CHECK(step.result.status == ChainStatus::Reached);
  CHECK(step.result.iterations == 0);
  CHECK_FALSE(chain.stepping());

  step = chain.beginSolve({std::nan(""), 0}, optionsFor(ChainMethod::Ccd, 10, 1e-9));
  CHECK(step.kind == ChainStepKind::Invalid);
  CHECK(step.done);
  CHECK(std::string(step.result.message) == "target.x must be a finite number");

  step = chain.step();
  CHECK(step.kind == ChainStepKind::Invalid);
  CHECK(std::string(step.result.message) == "no solve in progress: call beginSolve first");

  const double angles[] = {0.1, 0.1, 0.1};
  for (int edit = 0; edit < 5; ++edit) {
    chain.setAngles(angles, 3);
    step = chain.beginSolve({0, 2}, optionsFor(ChainMethod::Ccd, 10, 1e-9));
    REQUIRE(chain.stepping());
    switch (edit) {
      case 0: chain.setAngles(angles, 3); break;
      case 1: chain.setRoot({1, 1}); break;
      case 2: chain.setLimit(1, -1, 1); break;
      case 3: chain.clearLimit(1); break;
      case 4: chain.solve({0, 1}, optionsFor(ChainMethod::Fabrik, 5, 1e-6)); break;
    }
    CHECK_FALSE(chain.stepping());
    CHECK(chain.step().kind == ChainStepKind::Invalid);
  }
}

TEST_CASE("after any solve the pose is forward kinematics of the angles, to rounding", "[chain][steps]") {
  for (const ChainMethod method : kChainMethods) {
    Chain chain = makeChain(7, 1.3);
    for (int frame = 0; frame < 50; ++frame) {
      const Vec2 target = chain.reach() * uniform(0.1, 0.9) * direction(uniform(-kPi, kPi));
      chain.solve(target, optionsFor(method, 1 + frame % 5, 1e-6));
      Chain rebuilt = makeChain(7, 1.3);
      REQUIRE(rebuilt.setAngles(chain.angles(), 7) == nullptr);
      for (int i = 0; i < 16; ++i)
        CHECK(rebuilt.positions()[i] == Approx(chain.positions()[i]).margin(1e-14 * chain.reach()));
    }
  }
}
