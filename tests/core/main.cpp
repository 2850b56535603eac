// main.cpp: Catch2's main(), in a file of its own so the test files compile quickly, and the
// listener that gives every test case its own fixed-seed generator (test_support.hpp).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

#include "test_support.hpp"

namespace {

// Reseeds ik2d::test::random() as each test case starts: a case reproduces alone
// (`ik2d_tests "case name"`), whatever ran before it.
struct SeedPerTestCase : Catch::TestEventListenerBase {
  using TestEventListenerBase::TestEventListenerBase;
  void testCaseStarting(const Catch::TestCaseInfo& info) override {
    ik2d::test::random().seed(ik2d::test::seedFor(info.name));
  }
};

}  // namespace

CATCH_REGISTER_LISTENER(SeedPerTestCase)
