// test_chain_dls.cpp: the third method (damped least squares), and what every method gained with
// it: the pole (bend preference) and mix (blending from the pose the call started with).
//
// Sections: DLS reach and steps, mix, pole, invalid options.
#include <string>
#include <vector>

#include "test_support.hpp"

using namespace ik2d;
using namespace ik2d::test;

namespace {

/// A chain of 2 to 8 random lengths in a random pose (no limits).
Chain randomFreeChain() {
  const int bones = 2 + static_cast<int>(uniform(0, 7));
  std::vector<double> lengths(static_cast<size_t>(bones)), angles(static_cast<size_t>(bones));
  for (double& l : lengths) l = uniform(0.3, 2.0);
  for (double& a : angles) a = uniform(-1.2, 1.2);
  Chain chain;
  REQUIRE(chain.reset({uniform(-5, 5), uniform(-5, 5)}, lengths.data(), bones) == nullptr);
  REQUIRE(chain.setAngles(angles.data(), bones) == nullptr);
  return chain;
}

/// sum over the inner joints of cross(target - root, joint - root): which side the chain bends to.
double bendSide(const Chain& chain, Vec2 target) {
  double side = 0;
  for (int i = 1; i < chain.size(); ++i)
    side += cross(target - chain.root(), chain.position(i) - chain.root());
  return side;
}

/// The chain cannot reach nearer its root than this: a longest bone longer than all the others
/// together leaves a hole (a target inside it ends with the chain folded onto the line, no side).
double innerRadius(const Chain& chain) {
  double longest = 0;
  for (int i = 0; i < chain.size(); ++i) longest = std::max(longest, chain.boneLength(i));
  return std::max(0.0, 2 * longest - chain.reach());
}

ChainSolveOptions withPole(ChainSolveOptions options, Vec2 pole) {
  options.usePole = true;
  options.pole = pole;
  return options;
}

}  // namespace

// ---- DLS reach and steps -------------------------------------------------------------------------

// (Reach: DLS is one of the cases of "10 bones from a straight start reach >= 99% of reachable
// targets" in test_chain.cpp, within 100 steps.)

TEST_CASE("DLS keeps every limit and maxStep, and its step turns are the angle changes", "[chain][dls]") {
  for (int trial = 0; trial < 200; ++trial) {
    Chain chain = randomFreeChain();
    for (int j = 0; j < chain.size(); ++j) {
      if (uniform(0, 1) < 0.5) {
        const double low = uniform(-kPi, 0.5);
        REQUIRE(chain.setLimit(j, low, std::min(kPi, low + uniform(0.1, 3.0))) == nullptr);
      }
    }
    const double maxStep = trial % 2 ? uniform(0.01, 0.4) : HUGE_VAL;
    const std::vector<double> start(chain.angles(), chain.angles() + chain.size());
    const Vec2 target = randomReachableTarget(chain, 0.0, 1.2);
    ChainStep step = chain.beginSolve(target, optionsFor(ChainMethod::Dls, 30, 1e-6, maxStep));
    while (!step.done) {
      const std::vector<double> before(chain.angles(), chain.angles() + chain.size());
      step = chain.step();
      if (step.kind != ChainStepKind::DlsStep) continue;
      double largest = 0;
      for (int i = 0; i < chain.size(); ++i) {
        CHECK(chain.stepTurns()[i] ==
              Approx(wrapAngle(chain.angles()[i] - before[static_cast<size_t>(i)])).margin(1e-12));
        largest = std::max(largest, std::fabs(chain.stepTurns()[i]));
      }
      CHECK(step.turn == largest);
      CHECK(step.joint == -1);
    }
    checkChainInvariants(chain);
    for (int i = 0; i < chain.size(); ++i) {
      CHECK(chain.angles()[i] >= chain.limitMin(i));
      CHECK(chain.angles()[i] <= chain.limitMax(i));
      CHECK(std::fabs(wrapAngle(chain.angles()[i] - start[static_cast<size_t>(i)])) <= maxStep + 1e-12);
    }
  }
}

TEST_CASE("DLS: any damping from 0 up, including 0 on a straight chain, never NaN", "[chain][dls]") {
  for (double damping : {0.0, 1e-9, 0.01, 0.1, 1.0, 100.0, 1e300}) {
    Chain chain = makeChain(5);
    ChainSolveOptions options = optionsFor(ChainMethod::Dls, 50, 1e-9);
    options.damping = damping;
    for (const Vec2 target : {Vec2{3, 0}, Vec2{-2, 0}, Vec2{0, 0}, Vec2{2, 2}, Vec2{5, 0}, Vec2{0, -4.9}}) {
      const ChainSolveResult r = chain.solve(target, options);
      INFO("damping " << damping << " target " << target.x << ", " << target.y);
      CHECK(r.status != ChainStatus::Invalid);
      CHECK(isValid(r.error));
      checkChainInvariants(chain);
    }
  }
}

// ---- mix -----------------------------------------------------------------------------------------

TEST_CASE("mix 0 keeps the pose, 1 is the plain solve, 0.5 is half-way the shorter way round",
          "[chain][mix]") {
  for (ChainMethod method : kChainMethods) {
    for (int trial = 0; trial < 100; ++trial) {
      Chain chain = randomFreeChain();
      const std::vector<double> start(chain.angles(), chain.angles() + chain.size());
      const Vec2 target = randomReachableTarget(chain, 0.05, 1.2);
      ChainSolveOptions options = optionsFor(method, 20, 1e-4);

      Chain plain = chain;
      const ChainSolveResult full = plain.solve(target, options);
      options.mix = 1;
      Chain one = chain;
      CHECK(one.solve(target, options).error == full.error);
      for (int i = 0; i < chain.size(); ++i) CHECK(one.angles()[i] == plain.angles()[i]);

      options.mix = 0;
      Chain zero = chain;
      const ChainSolveResult none = zero.solve(target, options);
      for (int i = 0; i < chain.size(); ++i) CHECK(zero.angles()[i] == start[static_cast<size_t>(i)]);
      CHECK(none.error == Approx(length(chain.end() - target)).margin(1e-12));

      options.mix = 0.5;
      Chain half = chain;
      const ChainSolveResult blended = half.solve(target, options);
      CHECK(blended.iterations == full.iterations);
      CHECK(blended.error == Approx(length(half.end() - target)).margin(1e-12));
      CHECK((blended.status == ChainStatus::Reached) == (blended.error <= 1e-4));
      for (int i = 0; i < chain.size(); ++i) {
        const auto b = static_cast<size_t>(i);
        const double way = wrapAngle(plain.angles()[i] - start[b]);  // the shorter way, |way| <= pi
        CHECK(wrapAngle(half.angles()[i] - (start[b] + 0.5 * way)) == Approx(0).margin(1e-12));
        CHECK(std::fabs(wrapAngle(half.angles()[i] - start[b])) <= kPi / 2 + 1e-12);
      }
      checkChainInvariants(half);
    }
  }
}

TEST_CASE("mix across the branch cut goes the short way, and inside a limit the way within it",
          "[chain][mix]") {
  Chain chain = makeChain(1);
  const double start[] = {3.0};
  REQUIRE(chain.setAngles(start, 1) == nullptr);
  ChainSolveOptions options = optionsFor(ChainMethod::Ccd, 5, 1e-9);
  options.mix = 0.5;
  chain.solve(direction(-3.0), options);  // solved -3: 0.28 rad the short way, across pi
  CHECK(chain.angles()[0] == Approx(wrapAngle(3.0 + 0.5 * (2 * kPi - 6.0))).margin(1e-12));

  REQUIRE(chain.setAngles(start, 1) == nullptr);
  REQUIRE(chain.setLimit(0, -3.1, 3.1) == nullptr);
  Chain plain = chain;
  options.mix = 1;
  plain.solve(direction(-3.0), options);
  REQUIRE(plain.angles()[0] < -3.0);  // inside the limit, the way to it is through 0
  options.mix = 0.5;
  chain.solve(direction(-3.0), options);
  CHECK(chain.angles()[0] == Approx(3.0 + 0.5 * (plain.angles()[0] - 3.0)).margin(1e-12));
  CHECK(std::fabs(chain.angles()[0]) < 0.1);
}

// ---- pole ----------------------------------------------------------------------------------------

TEST_CASE("pole: every method bends toward it, reachable targets, no limits", "[chain][pole]") {
  for (ChainMethod method : kChainMethods) {
    int wrongSide = 0;
    for (int trial = 0; trial < 300; ++trial) {
      Chain chain = randomFreeChain();
      const Vec2 target = randomReachableTarget(chain, 0.05, 0.95);
      const Vec2 pole = chain.root() + chain.reach() * uniform(0.1, 2.0) * direction(uniform(-kPi, kPi));
      const double poleSide = cross(target - chain.root(), pole - chain.root());
      if (poleSide == 0 || length(target - chain.root()) <= innerRadius(chain) + 0.01 * chain.reach())
        continue;
      const ChainSolveResult r =
          chain.solve(target, withPole(optionsFor(method, 100, 1e-3 * chain.reach()), pole));
      REQUIRE(r.status != ChainStatus::Invalid);
      CHECK(r.error == Approx(length(chain.end() - target)).margin(1e-12 * chain.reach()));
      checkChainInvariants(chain);
      if (!(bendSide(chain, target) * poleSide > 0)) ++wrongSide;
    }
    INFO(toString(method));
    CHECK(wrongSide == 0);
  }
}

TEST_CASE("pole: the mirror keeps the error and yields to limits and maxStep", "[chain][pole]") {
  // A bent 3-bone chain reaching (2, 0) on the +y side; the pole below asks for the other side.
  Chain chain = makeChain(3);
  const Vec2 target{2, 0};
  REQUIRE(chain.solve(target, withPole(optionsFor(ChainMethod::Fabrik, 50, 1e-9), {1, 5})).status ==
          ChainStatus::Reached);
  REQUIRE(bendSide(chain, target) > 0);
  const double before = length(chain.end() - target);
  Chain mirrored = chain;
  const ChainSolveResult r =
      mirrored.solve(target, withPole(optionsFor(ChainMethod::Ccd, 50, 1e-9), {1, -5}));
  CHECK(r.iterations == 0);  // already there: only the mirror moved it
  CHECK(bendSide(mirrored, target) < 0);
  CHECK(r.error == Approx(before).margin(1e-12));
  checkChainInvariants(mirrored);

  Chain stepLimited = chain;
  stepLimited.solve(target, withPole(optionsFor(ChainMethod::Ccd, 50, 1e-9, 0.1), {1, -5}));
  CHECK(bendSide(stepLimited, target) > 0);  // a mirror would turn joints by far more than 0.1

  Chain limited = chain;
  REQUIRE(chain.angles()[1] > 0.1);
  REQUIRE(limited.setLimit(1, -0.1, kPi) == nullptr);  // joint 1 cannot bend the other way
  CHECK(limited.solve(target, withPole(optionsFor(ChainMethod::Ccd, 50, 1e-9), {1, -5})).iterations == 0);
  CHECK(bendSide(limited, target) > 0);  // the mirror would put joint 1 at -angle > 0.1: skipped
}

// ---- invalid options -----------------------------------------------------------------------------

TEST_CASE("damping, mix and pole are checked, with messages naming them", "[chain][invalid]") {
  Chain chain = makeChain(3);
  struct Case {
    ChainSolveOptions options;
    const char* message;
  };
  ChainSolveOptions negativeDamping, infiniteDamping, nanMix, bigMix, negativeMix, poleX, poleY, farPole;
  negativeDamping.damping = -0.1;
  infiniteDamping.damping = HUGE_VAL;
  nanMix.mix = std::nan("");
  bigMix.mix = 1.5;
  negativeMix.mix = -0.01;
  poleX = withPole({}, {std::nan(""), 0});
  poleY = withPole({}, {0, -HUGE_VAL});
  farPole = withPole({}, {0, 2e300});
  const std::vector<Case> cases = {
      {negativeDamping, "damping must be a finite number, 0 or greater"},
      {infiniteDamping, "damping must be a finite number, 0 or greater"},
      {nanMix, "mix must be a number from 0 to 1"},
      {bigMix, "mix must be a number from 0 to 1"},
      {negativeMix, "mix must be a number from 0 to 1"},
      {poleX, "pole.x must be a finite number"},
      {poleY, "pole.y must be a finite number"},
      {farPole, "pole must stay within 1e300 in magnitude"},
  };
  for (const Case& c : cases) {
    const ChainSolveResult r = chain.solve({1, 1}, c.options);
    CHECK(r.status == ChainStatus::Invalid);
    REQUIRE(r.message != nullptr);
    CHECK(std::string(r.message) == c.message);
    const ChainStep step = chain.beginSolve({1, 1}, c.options);
    CHECK(step.kind == ChainStepKind::Invalid);
    CHECK(std::string(step.result.message) == c.message);
  }
  ChainSolveOptions unusedPole;
  unusedPole.pole = {std::nan(""), 0};  // usePole false: no pole, nothing to check
  CHECK(chain.solve({1, 1}, unusedPole).status != ChainStatus::Invalid);
}
