// test_chain.cpp: N-bone chains, CCD and FABRIK, against the contract in docs/api.md.
//
// Sections: helpers, building and editing, reachability, invariants under fixed-seed random use,
// out of reach, singular cases, invalid input, allocation.
#include <atomic>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

#include "test_support.hpp"

using namespace ik2d;
using test::checkChainInvariants;
using test::endFromAngles;
using test::kChainMethods;
using test::makeChain;
using test::optionsFor;
using test::randomReachableTarget;
using test::uniform;

// ---- allocation counter: replaces global operator new for this test program ---------------------

namespace ik2d::test {
std::atomic<long> allocations{0};  // declared in test_support.hpp; test_skeleton.cpp reads it too
}  // namespace ik2d::test
using ik2d::test::allocations;

// Every form of plain new and delete goes through malloc and free, so the pairs always match (the
// sanitizer build checks that).
namespace {
void* countedAllocation(std::size_t size) {
  ++allocations;
  return std::malloc(size == 0 ? 1 : size);
}
}  // namespace

void* operator new(std::size_t size) {
  if (void* memory = countedAllocation(size)) return memory;
  throw std::bad_alloc();
}
void* operator new[](std::size_t size) {
  if (void* memory = countedAllocation(size)) return memory;
  throw std::bad_alloc();
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return countedAllocation(size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return countedAllocation(size); }
void operator delete(void* memory) noexcept { std::free(memory); }
void operator delete[](void* memory) noexcept { std::free(memory); }
void operator delete(void* memory, std::size_t) noexcept { std::free(memory); }
void operator delete[](void* memory, std::size_t) noexcept { std::free(memory); }
void operator delete(void* memory, const std::nothrow_t&) noexcept { std::free(memory); }
void operator delete[](void* memory, const std::nothrow_t&) noexcept { std::free(memory); }

// ---- helpers ------------------------------------------------------------------------------------

namespace {

const char* methodName(ChainMethod method) { return toString(method); }

}  // namespace

// ---- building and editing -----------------------------------------------------------------------

TEST_CASE("a new chain lies straight along +x from its root", "[chain]") {
  Chain chain = makeChain(4, 2.0, {1, 1});
  CHECK(chain.size() == 4);
  CHECK(chain.reach() == 8.0);
  CHECK(chain.end().x == 9.0);
  CHECK(chain.end().y == 1.0);
  for (int i = 0; i < 4; ++i) CHECK(chain.angles()[i] == 0.0);
}

TEST_CASE("forward kinematics: angles are local, positions follow parents first", "[chain]") {
  Chain chain = makeChain(3);
  const double angles[] = {kPi / 2, -kPi / 2, kPi / 2};
  REQUIRE(chain.setAngles(angles, 3) == nullptr);
  CHECK(chain.position(1).x == Approx(0).margin(1e-15));
  CHECK(chain.position(1).y == Approx(1));
  CHECK(chain.position(2).x == Approx(1));
  CHECK(chain.position(2).y == Approx(1));
  CHECK(chain.position(3).x == Approx(1));
  CHECK(chain.position(3).y == Approx(2));
  REQUIRE(chain.setRoot({10, 0}) == nullptr);
  CHECK(chain.end().x == Approx(11));
  CHECK(chain.angles()[0] == kPi / 2);  // moving the root keeps the pose
}

TEST_CASE("setAngles wraps and clamps into limits, setLimit clamps the current angle", "[chain]") {
  Chain chain = makeChain(2);
  const double angles[] = {3 * kPi, 0.5};
  REQUIRE(chain.setAngles(angles, 2) == nullptr);
  CHECK(chain.angles()[0] == Approx(kPi));
  REQUIRE(chain.setLimit(1, -0.2, 0.2) == nullptr);
  CHECK(chain.angles()[1] == 0.2);
  const double more[] = {0, -1.0};
  REQUIRE(chain.setAngles(more, 2) == nullptr);
  CHECK(chain.angles()[1] == -0.2);
  REQUIRE(chain.clearLimit(1) == nullptr);
  REQUIRE(chain.setAngles(more, 2) == nullptr);
  CHECK(chain.angles()[1] == -1.0);
  REQUIRE(chain.setLimit(0, -kPi, kPi) == nullptr);  // the whole circle is no limit
  CHECK_FALSE(chain.hasLimit(0));
}

// ---- reachability ("done means" of the chain issue) ---------------------------------------------

TEST_CASE("10 bones from a straight start reach >= 99% of reachable targets", "[chain][reach]") {
  struct Case {
    ChainMethod method;
    int iterations;
  };
  // DLS within 100 steps, like FABRIK's sweeps.
  for (const Case& c :
       {Case{ChainMethod::Fabrik, 100}, Case{ChainMethod::Ccd, 1000}, Case{ChainMethod::Dls, 100}}) {
    const int trials = 1000;
    int reached = 0;
    long totalIterations = 0;
    for (int trial = 0; trial < trials; ++trial) {
      Chain chain = makeChain(10, uniform(0.5, 2.0));
      const Vec2 target = randomReachableTarget(chain);
      const ChainSolveResult r =
          chain.solve(target, optionsFor(c.method, c.iterations, 1e-3 * chain.reach()));
      REQUIRE(r.status != ChainStatus::Invalid);
      REQUIRE(r.status != ChainStatus::OutOfReach);
      CHECK(r.iterations <= c.iterations);
      if (r.status == ChainStatus::Reached) ++reached;
      totalIterations += r.iterations;
      checkChainInvariants(chain);
    }
    INFO(methodName(c.method) << ": reached " << reached << "/" << trials << ", mean iterations "
                              << static_cast<double>(totalIterations) / trials);
    CHECK(reached >= trials * 99 / 100);
  }
}

TEST_CASE("warm start: solving again for a reached target takes 0 iterations", "[chain]") {
  for (ChainMethod method : kChainMethods) {
    Chain chain = makeChain(6);
    const ChainSolveOptions options = optionsFor(method, 500, 1e-6);
    REQUIRE(chain.solve({2, 3}, options).status == ChainStatus::Reached);
    const ChainSolveResult again = chain.solve({2, 3}, options);
    CHECK(again.status == ChainStatus::Reached);
    CHECK(again.iterations == 0);
  }
}

// ---- invariants under fixed-seed random use -----------------------------------------------------

TEST_CASE("limits, maxStep and lengths hold after every solve, every method", "[chain][invariants]") {
  for (ChainMethod method : kChainMethods) {
    for (int trial = 0; trial < 100; ++trial) {
      const int bones = static_cast<int>(uniform(1, 12));
      std::vector<double> lengths;
      for (int i = 0; i < bones; ++i) lengths.push_back(uniform(0.2, 3));
      Chain chain;
      REQUIRE(chain.reset({uniform(-5, 5), uniform(-5, 5)}, lengths.data(), bones) == nullptr);
      std::vector<double> low(static_cast<size_t>(bones), -kPi), high(static_cast<size_t>(bones), kPi);
      for (int i = 0; i < bones; ++i) {
        if (uniform(0, 1) < 0.6) {
          const double a = uniform(-kPi, kPi), b = uniform(-kPi, kPi);
          low[static_cast<size_t>(i)] = std::min(a, b);
          high[static_cast<size_t>(i)] = std::max(a, b);
          REQUIRE(chain.setLimit(i, low[static_cast<size_t>(i)], high[static_cast<size_t>(i)]) == nullptr);
        }
      }
      for (int call = 0; call < 50; ++call) {
        const double maxStep = uniform(0, 1) < 0.5 ? HUGE_VAL : uniform(0, 0.3);
        const std::vector<double> before(chain.angles(), chain.angles() + bones);
        const Vec2 target = chain.root() + chain.reach() * uniform(0, 1.5) * direction(uniform(-kPi, kPi));
        const ChainSolveResult r =
            chain.solve(target, optionsFor(method, static_cast<int>(uniform(0, 30)), 1e-4, maxStep));
        REQUIRE(r.status != ChainStatus::Invalid);
        checkChainInvariants(chain);
        CHECK(r.error == Approx(length(chain.end() - target)).margin(1e-12));
        CHECK(length(endFromAngles(chain) - chain.end()) <= 1e-9 * chain.reach());
        CHECK((r.status == ChainStatus::Reached) == (r.error <= 1e-4));
        for (int i = 0; i < bones; ++i) {
          const auto b = static_cast<size_t>(i);
          CHECK(chain.angles()[i] >= low[b]);
          CHECK(chain.angles()[i] <= high[b]);
          CHECK(std::fabs(wrapAngle(chain.angles()[i] - before[b])) <= maxStep + 1e-12);
        }
      }
    }
  }
}

TEST_CASE("lengths never drift over thousands of solves", "[chain][invariants]") {
  for (ChainMethod method : kChainMethods) {
    Chain chain = makeChain(8, 1.25);
    for (int call = 0; call < 5000; ++call) {
      const Vec2 target = chain.root() + chain.reach() * uniform(0, 1.2) * direction(uniform(-kPi, kPi));
      chain.solve(target, optionsFor(method, 5, 1e-3));
    }
    checkChainInvariants(chain);
    CHECK(length(endFromAngles(chain) - chain.end()) <= 1e-9);
  }
}

// ---- out of reach -------------------------------------------------------------------------------

TEST_CASE("a target beyond reach leaves the chain straight toward it", "[chain][reach]") {
  for (ChainMethod method : kChainMethods) {
    for (int trial = 0; trial < 200; ++trial) {
      Chain chain = makeChain(10, uniform(0.5, 2));
      std::vector<double> angles;
      for (int i = 0; i < 10; ++i) angles.push_back(uniform(-1, 1));
      REQUIRE(chain.setAngles(angles.data(), 10) == nullptr);
      const double heading = uniform(-kPi, kPi);
      const Vec2 target = chain.root() + chain.reach() * uniform(1.01, 3) * direction(heading);
      const ChainSolveResult r = chain.solve(target, optionsFor(method, 10, 1e-3));
      CHECK(r.status == ChainStatus::OutOfReach);
      CHECK(wrapAngle(chain.angles()[0] - heading) == Approx(0).margin(1e-12));
      for (int i = 1; i < 10; ++i) CHECK(chain.angles()[i] == Approx(0).margin(1e-12));
      CHECK(r.error == Approx(length(target - chain.root()) - chain.reach()).epsilon(1e-12));
    }
  }
}

TEST_CASE("out of reach with limits: as straight as the limits allow", "[chain][reach]") {
  for (ChainMethod method : kChainMethods) {
    Chain chain = makeChain(3);
    REQUIRE(chain.setLimit(0, 0.5, 1.0) == nullptr);  // bone 0 may not point along +x
    const ChainSolveResult r = chain.solve({10, 0}, optionsFor(method, 50, 1e-3));
    CHECK(r.status == ChainStatus::OutOfReach);
    CHECK(chain.angles()[0] == Approx(0.5));
    CHECK(chain.angles()[0] >= 0.5);
    CHECK(chain.end().x > 2.5);  // the rest points at the target as well as it can
  }
}

// ---- singular cases -----------------------------------------------------------------------------

namespace {
// Every method, each from `start`: the chain reaches `target` and keeps its invariants.
void checkEveryMethodReaches(const Chain& start, Vec2 target) {
  for (ChainMethod method : kChainMethods) {
    Chain chain = start;
    const ChainSolveResult r = chain.solve(target, optionsFor(method, 1000, 1e-6));
    INFO(methodName(method));
    CHECK(r.status == ChainStatus::Reached);
    checkChainInvariants(chain);
  }
}
}  // namespace

TEST_CASE("singular: a straight chain pointing exactly at a target inside reach", "[chain][singular]") {
  checkEveryMethodReaches(makeChain(5), {2.5, 0});
}

TEST_CASE("singular: a straight chain pointing exactly away from the target", "[chain][singular]") {
  checkEveryMethodReaches(makeChain(5), {-3, 0});
}

TEST_CASE("singular: the target at the root", "[chain][singular]") {
  checkEveryMethodReaches(makeChain(4), {0, 0});
}

TEST_CASE("singular: the target on a joint", "[chain][singular]") {
  Chain chain = makeChain(4);
  const double angles[] = {0.3, 0.4, -0.2, 0.5};
  REQUIRE(chain.setAngles(angles, 4) == nullptr);
  checkEveryMethodReaches(chain, chain.position(2));
}

TEST_CASE("singular: a one-bone chain", "[chain][singular]") {
  for (ChainMethod method : kChainMethods) {
    Chain chain = makeChain(1, 2.0);
    CHECK(chain.solve({0, -2}, optionsFor(method, 10, 1e-9)).status == ChainStatus::Reached);
    CHECK(chain.angles()[0] == Approx(-kPi / 2));
    CHECK(chain.solve({0, 0.5}, optionsFor(method, 10, 1e-9)).status == ChainStatus::MaxIterations);
    CHECK(chain.angles()[0] == Approx(kPi / 2));  // as near as it can be
  }
}

// ---- invalid input ------------------------------------------------------------------------------

TEST_CASE("reset refuses bad lengths and roots with a message naming the field", "[chain][invalid]") {
  Chain chain;
  const double good[] = {1, 2};
  const double zero[] = {1, 0};
  const double nan[] = {std::nan(""), 1};
  const double huge[] = {1e300, 1e300};
  CHECK(std::string(chain.reset({0, 0}, good, 0)) == "lengths must hold at least one bone");
  CHECK(std::string(chain.reset({0, 0}, good, Chain::kMaxBones + 1)) ==
        "lengths holds more bones than a chain may have (1024)");
  CHECK(std::string(chain.reset({0, 0}, zero, 2)) == "lengths must all be greater than 0");
  CHECK(std::string(chain.reset({0, 0}, nan, 2)) == "lengths must all be finite numbers");
  CHECK(std::string(chain.reset({0, 0}, huge, 2)) == "lengths must sum to at most 1e300");
  CHECK(std::string(chain.reset({HUGE_VAL, 0}, good, 2)) == "root.x must be a finite number");
  CHECK(chain.size() == 0);
  CHECK(chain.solve({1, 1}, ChainSolveOptions{}).status == ChainStatus::Invalid);
}

TEST_CASE("solve refuses bad targets and options and leaves the chain as it was", "[chain][invalid]") {
  Chain chain = makeChain(3);
  const double angles[] = {0.1, 0.2, 0.3};
  REQUIRE(chain.setAngles(angles, 3) == nullptr);
  struct Case {
    Vec2 target;
    ChainSolveOptions options;
    const char* field;
  };
  ChainSolveOptions negativeIterations, nanTolerance, negativeMaxStep, nanMaxStep, tooMany, badMethod;
  negativeIterations.iterations = -1;
  tooMany.iterations = Chain::kMaxIterations + 1;
  nanTolerance.tolerance = std::nan("");
  negativeMaxStep.maxStep = -0.1;
  nanMaxStep.maxStep = std::nan("");
  badMethod.method = static_cast<ChainMethod>(7);
  const std::vector<Case> cases = {
      {{std::nan(""), 0}, {}, "target.x"},  {{0, HUGE_VAL}, {}, "target.y"},
      {{1e301, 0}, {}, "target"},           {{1, 1}, negativeIterations, "iterations"},
      {{1, 1}, tooMany, "iterations"},      {{1, 1}, nanTolerance, "tolerance"},
      {{1, 1}, negativeMaxStep, "maxStep"}, {{1, 1}, nanMaxStep, "maxStep"},
      {{1, 1}, badMethod, "method"},
  };
  for (const Case& c : cases) {
    const ChainSolveResult r = chain.solve(c.target, c.options);
    INFO(c.field);
    CHECK(r.status == ChainStatus::Invalid);
    REQUIRE(r.message != nullptr);
    CHECK(std::string(r.message).find(c.field) != std::string::npos);
    CHECK(isValid(r.error));
    CHECK(chain.angles()[2] == 0.3);
  }
  CHECK(std::string(chain.setLimit(3, 0, 1)) == "joint is not a joint of this chain");
  CHECK(std::string(chain.setLimit(0, 1, 0)) == "min must not be greater than max");
  CHECK(std::string(chain.setLimit(0, -4, 0)) == "min must be at least -pi");
  CHECK(std::string(chain.setLimit(0, 0, std::nan(""))) == "max must be a finite number");
  const double two[] = {1, 2};
  CHECK(std::string(chain.setAngles(two, 2)) == "angles must hold one angle per bone");
}

TEST_CASE("chains work at every scale from 1e-300 to 1e300", "[chain][scale]") {
  for (double scale : {1e-300, 1e-100, 1.0, 1e100, 1e299}) {
    for (ChainMethod method : kChainMethods) {
      Chain chain = makeChain(6, scale, {scale, -scale});
      const Vec2 target = chain.root() + Vec2{2 * scale, 3 * scale};
      const ChainSolveResult r = chain.solve(target, optionsFor(method, 500, 1e-6 * scale));
      INFO("scale " << scale << " " << methodName(method));
      CHECK(r.status == ChainStatus::Reached);
      checkChainInvariants(chain);
    }
  }
}

TEST_CASE("lengths 1e520 apart in one chain stay finite", "[chain][scale]") {
  // Found by fuzz_chain: FABRIK's (length / |v|) v overflowed for a bone of 4e231 whose joint sat
  // 1e-150 from its neighbour.
  std::vector<double> lengths(11, 2.56735e-289);
  lengths[1] = 3.88434e231;
  for (ChainMethod method : kChainMethods) {
    Chain chain;
    REQUIRE(chain.reset({2.56735e-289, 4.16143e-111}, lengths.data(), 11) == nullptr);
    const ChainSolveResult r = chain.solve({6.57241e-287, 2.56735e-289}, optionsFor(method, 2, 1e-3));
    INFO(methodName(method));
    CHECK(isValid(r.error));
    for (int i = 0; i <= chain.size(); ++i) CHECK(isValid(chain.position(i)));
  }
}

TEST_CASE("no solve can hang: sweeps stop at the work budget", "[chain][invalid]") {
  for (ChainMethod method : kChainMethods) {
    Chain chain = makeChain(100, 1.0);
    ChainSolveOptions options = optionsFor(method, Chain::kMaxIterations, 0.0);  // never "reached"
    const long long sweepCost = method == ChainMethod::Ccd      ? 100LL * 101 / 2
                                : method == ChainMethod::Fabrik ? 200
                                                                : 300;
    options.maxWork = 7 * sweepCost;
    const ChainSolveResult r = chain.solve({30, 40}, options);
    CHECK(r.iterations == 7);
    CHECK(r.status == ChainStatus::MaxIterations);
    checkChainInvariants(chain);
    // The default budget: the largest chain with the most sweeps still stops.
    CHECK(ChainSolveOptions{}.maxWork /
              (static_cast<long long>(Chain::kMaxBones) * (Chain::kMaxBones + 1) / 2) <
          1000);
  }
}

// ---- allocation ---------------------------------------------------------------------------------

TEST_CASE("solve allocates nothing", "[chain][allocation]") {
  for (ChainMethod method : kChainMethods) {
    Chain chain = makeChain(12);
    REQUIRE(chain.setLimit(3, -1, 1) == nullptr);
    const long before = allocations.load();
    for (int call = 0; call < 200; ++call) {
      chain.solve(randomReachableTarget(chain, 0.0, 1.3),
                  optionsFor(method, 20, 1e-4, call % 2 ? 0.1 : HUGE_VAL));
    }
    CHECK(allocations.load() == before);
  }
}
