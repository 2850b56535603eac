// test_math.cpp: the conventions of ik2d/math.hpp.
#include "test_support.hpp"

using namespace ik2d;

TEST_CASE("wrapAngle maps every angle into the range from -pi (excluded) to pi (included)", "[math]") {
  CHECK(wrapAngle(0.0) == 0.0);
  CHECK(wrapAngle(kPi) == kPi);
  CHECK(wrapAngle(-kPi) == kPi);
  CHECK(wrapAngle(3 * kPi) == Approx(kPi));
  CHECK(wrapAngle(-3 * kPi) == Approx(kPi));
  CHECK(wrapAngle(2 * kPi) == Approx(0.0).margin(1e-15));
  CHECK(wrapAngle(-kPi / 2) == -kPi / 2);
  CHECK(wrapAngle(2.5 * kPi) == Approx(0.5 * kPi));
}

TEST_CASE("wrapAngle keeps the direction of any finite angle", "[math]") {
  for (int i = 0; i < 10000; ++i) {
    const double angle = test::uniform(-1e6, 1e6);
    const double wrapped = wrapAngle(angle);
    REQUIRE(wrapped > -kPi);
    REQUIRE(wrapped <= kPi);
    CHECK(std::cos(wrapped) == Approx(std::cos(angle)).margin(1e-9));
    CHECK(std::sin(wrapped) == Approx(std::sin(angle)).margin(1e-9));
  }
  CHECK(std::isfinite(wrapAngle(1e300)));
  CHECK(wrapAngle(1e300) <= kPi);
}

TEST_CASE("wrapAngle turns non-finite angles into 0 so NaN cannot spread", "[math]") {
  CHECK(wrapAngle(std::nan("")) == 0.0);
  CHECK(wrapAngle(HUGE_VAL) == 0.0);
  CHECK(wrapAngle(-HUGE_VAL) == 0.0);
}

TEST_CASE("cross is positive when b lies counter-clockwise of a", "[math]") {
  CHECK(cross({1, 0}, {0, 1}) == 1.0);
  CHECK(cross({0, 1}, {1, 0}) == -1.0);
  CHECK(cross({2, 2}, {1, 1}) == 0.0);
}

TEST_CASE("wrapAngle returns +0 for -0, so a straight arm reads angle2 = 0", "[math]") {
  CHECK(!std::signbit(wrapAngle(-0.0)));
}

namespace {
// Every value of an enum, 0 up to its closing Count, has a name of its own (what abi() lists for
// JS); ChainOnlyOption::None is named "" on purpose (no option given) and is skipped.
template <class Enum>
std::vector<std::string> namesOf(int from = 0) {
  std::vector<std::string> names;
  for (int i = from; i < static_cast<int>(Enum::Count); ++i)
    names.emplace_back(toString(static_cast<Enum>(i)));
  return names;
}

bool distinctAndNamed(std::vector<std::string> names) {
  for (const std::string& name : names)
    if (name.empty()) return false;
  std::sort(names.begin(), names.end());
  return std::adjacent_find(names.begin(), names.end()) == names.end();
}
}  // namespace

TEST_CASE("each enum ends in Count, and each of its values before it has a name of its own", "[math]") {
  CHECK(namesOf<TwoBoneStatus>() ==
        std::vector<std::string>{"reached", "out_of_reach", "too_close", "invalid"});
  CHECK(namesOf<ChainStatus>() ==
        std::vector<std::string>{"reached", "out_of_reach", "max_iterations", "invalid"});
  CHECK(namesOf<ChainMethod>() == std::vector<std::string>{"ccd", "fabrik", "dls"});
  CHECK(namesOf<SkeletonMethod>() == std::vector<std::string>{"fabrik"});
  CHECK(namesOf<CreatureKind>() == std::vector<std::string>{"lizard", "snake", "fish", "centipede"});
  CHECK(namesOf<ChainOnlyOption>(1) == std::vector<std::string>{"damping", "mix", "pole", "angle"});
  CHECK(distinctAndNamed(namesOf<ChainStepKind>()));
  CHECK(namesOf<ChainStepKind>().size() == 9);
  // The creature's kind option takes every kind and nothing past them.
  CreatureOptions options;
  options.kind = CreatureKind::Centipede;
  CHECK(checkCreatureScalars(options) == nullptr);
  options.kind = CreatureKind::Count;
  CHECK(std::string(checkCreatureScalars(options)) ==
        "kind must be a creature kind, a whole number from 0 to 3");
}
