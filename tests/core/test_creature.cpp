// test_creature.cpp: procedural creatures over long fixed-seed random walks, for every preset and
// at scales 1e-3 to 1e4: spacing and bends kept, the head's speed and turn limits, planted feet
// that never slide, one gait group in the air at a time, legs on their bone lengths, the skin
// around every spine point, no NaN; plus the crowd, the presets and every refusal by name.
#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

#include "test_support.hpp"

using namespace ik2d;
using test::uniform;

namespace {

constexpr double kDt = 1.0 / 60;
constexpr CreatureKind kKinds[] = {CreatureKind::Lizard, CreatureKind::Snake, CreatureKind::Fish,
                                   CreatureKind::Centipede};

// Every length of a preset times `scale`.
CreatureOptions scaled(CreatureKind kind, double scale) {
  CreatureOptions o = creaturePreset(kind);
  o.spacing *= scale;
  o.speed *= scale;
  o.upperLength *= scale;
  o.lowerLength *= scale;
  o.stepThreshold *= scale;
  o.stepHeight *= scale;
  for (double& w : o.widths) w *= scale;
  return o;
}

// Winding number of `polygon` around `p` (nonzero: inside by the nonzero rule).
int windingNumber(const Vec2* polygon, int count, Vec2 p) {
  int winding = 0;
  for (int i = 0; i < count; ++i) {
    const Vec2 a = polygon[i], b = polygon[(i + 1) % count];
    const double side = cross(b - a, p - a);
    if (a.y <= p.y) {
      if (b.y > p.y && side > 0) ++winding;
    } else if (b.y <= p.y && side < 0) {
      --winding;
    }
  }
  return winding;
}

double turnAt(const Creature& c, int i) {
  const Vec2 a = c.spinePoint(i) - c.spinePoint(i - 1), b = c.spinePoint(i + 1) - c.spinePoint(i);
  return std::atan2(cross(a, b), a.x * b.x + a.y * b.y);
}

struct Report {
  int steps = 0;
  int legSteps = 0;  // lift-offs seen
  double largestSlide = 0;
};

// REQUIRE only when the condition fails: the walks check millions of conditions, and Catch's
// bookkeeping per passing assertion would dominate their time.
#define HOLDS(condition) \
  if (!(condition)) REQUIRE(condition)

// Checks every invariant after every step; returns what was seen.
Report walk(Creature& c, int steps, double goalSpread, bool randomDt = true) {
  Report report;
  const CreatureOptions& o = c.options();
  const double reach = o.upperLength + o.lowerLength;
  std::vector<CreatureLeg> before(c.state().legs, c.state().legs + c.legCount());
  for (int k = 0; k < steps; ++k) {
    if (goalSpread > 0 && k % 150 == 0) {
      const Vec2 head = c.spinePoint(0);
      REQUIRE(c.setGoal(head + goalSpread * Vec2{uniform(-1, 1), uniform(-1, 1)}) == nullptr);
    }
    const double dt = randomDt && k % 40 == 39 ? uniform(0.02, 0.1) : kDt;
    const Vec2 head = c.spinePoint(0);
    const double heading = c.state().heading;
    REQUIRE(c.step(dt) == nullptr);
    const CreatureState& s = c.state();
    INFO("kind " << toString(o.kind) << " spacing " << o.spacing << " step " << k);
    // Finite everywhere.
    for (int i = 0; i < 2 * c.segmentCount(); ++i) HOLDS(isValid(s.spine[i]));
    for (int i = 0; i < c.outlineCount(); ++i) HOLDS(isValid(s.outline[i]));
    for (int i = 0; i < c.finCount(); ++i) {
      HOLDS(isValid(s.fins[i].center));
      HOLDS(isValid(s.fins[i].angle));
    }
    HOLDS((isValid(s.eyes[0]) && isValid(s.eyes[1]) && isValid(s.heading) && isValid(s.speed) &&
           isValid(s.bob)));
    // The head: speed and turn limits.
    HOLDS(length(c.spinePoint(0) - head) <= o.speed * dt * (1 + 1e-12) + 1e-12 * o.spacing);
    HOLDS(std::fabs(wrapAngle(s.heading - heading)) <= o.turnRate * dt + 1e-12);
    // The spine: spacings and bends.
    for (int i = 0; i + 1 < c.segmentCount(); ++i) {
      HOLDS(std::fabs(length(c.spinePoint(i + 1) - c.spinePoint(i)) - c.spacing(i)) <= 1e-9 * c.spacing(i));
      if (i > 0) HOLDS(std::fabs(turnAt(c, i)) <= o.maxBend + 1e-9);
    }
    // The skin holds every spine point.
    for (int i = 0; i < c.segmentCount(); ++i)
      HOLDS(windingNumber(s.outline, c.outlineCount(), c.spinePoint(i)) != 0);
    // Legs: bone lengths, planted feet still, one group in the air.
    int airGroup = -1;
    for (int leg = 0; leg < c.legCount(); ++leg) {
      const CreatureLeg& l = s.legs[leg];
      HOLDS((isValid(l.hip) && isValid(l.knee) && isValid(l.foot)));
      HOLDS(std::fabs(length(l.knee - l.hip) - o.upperLength) <= 1e-9 * reach);
      HOLDS(std::fabs(length(l.foot - l.knee) - o.lowerLength) <= 1e-9 * reach);
      const CreatureLeg& was = before[static_cast<size_t>(leg)];
      // Planted before and after, and no landing between (a long dt can hold a whole step).
      if (dt <= kDt && l.planted != 0 && was.planted != 0) HOLDS(l.steps == was.steps);
      if (l.planted != 0 && was.planted != 0 && l.steps == was.steps) {
        HOLDS(l.foot.x == was.foot.x);
        HOLDS(l.foot.y == was.foot.y);
      }
      if (dt <= kDt) CHECK(l.steps - was.steps <= 1);  // at 60 Hz a foot's step spans several frames
      if (l.steps != was.steps || l.planted == 0) {
        if (was.planted != 0) ++report.legSteps;
      }
      if (l.planted == 0) {
        if (airGroup < 0) airGroup = static_cast<int>(l.group);
        HOLDS(static_cast<int>(l.group) == airGroup);
      }
      before[static_cast<size_t>(leg)] = l;
    }
    ++report.steps;
  }
  return report;
}

// A value just out of range for an option of type T whose range ends at `high`.
template <class T>
T beyond(double high) {
  if constexpr (std::is_same_v<T, double>) return std::nan("");
  else return static_cast<T>(static_cast<int>(high) + 1);
}

}  // namespace

TEST_CASE("Creature: long random walks keep every invariant, every preset, scales 1e-3 to 1e4",
          "[creature]") {
  for (CreatureKind kind : kKinds) {
    for (double scale : {1e-3, 1.0, 1e4}) {
      CreatureOptions o = scaled(kind, scale);
      o.x = uniform(-100, 100) * scale;
      o.y = uniform(-100, 100) * scale;
      o.heading = uniform(-3, 3);
      Creature c;
      REQUIRE(c.reset(o) == nullptr);
      const Report report = walk(c, 2400, 40 * o.spacing);
      if (o.legs > 0) CHECK(report.legSteps >= 20 * o.legs / 2);  // the legs do walk
    }
  }
}

TEST_CASE("Creature: random options within range keep every invariant", "[creature]") {
  for (int trial = 0; trial < 40; ++trial) {
    CreatureOptions o = creaturePreset(kKinds[trial % 4]);
    o.segments = static_cast<int>(uniform(2, 40.99));
    o.spacing = uniform(1, 30);
    for (int i = 0; i < o.segments; ++i) {
      o.widths[i] = uniform(0.5, 3) * o.spacing;
      o.spacings[i] = uniform(0, 1) < 0.3 ? uniform(0.3, 2) * o.spacing : 0;
    }
    o.maxBend = uniform(0, kPi);
    o.speed = uniform(0, 400);
    o.turnRate = uniform(0, 10);
    o.legs = 2 * static_cast<int>(uniform(0, std::min(24, o.segments) + 0.99));
    for (int k = 0; k < o.legs / 2; ++k) o.legAnchors[k] = static_cast<int>(uniform(0, o.segments - 0.01));
    o.upperLength = uniform(0.2, 3) * o.spacing;
    o.lowerLength = uniform(0.2, 3) * o.spacing;
    o.stepThreshold = uniform(0.1, 2) * o.spacing;
    o.stepHeight = uniform(0, 1) * o.spacing;
    o.gaitGroups = o.legs > 0 ? static_cast<int>(uniform(1, std::min(o.legs, 6) + 0.99)) : 2;
    o.rearKneesForward = uniform(0, 1) < 0.5;
    o.wiggle = uniform(0, 1.5);
    o.fins = uniform(0, 1) < 0.5;
    o.springFrequency = uniform(0.2, 10);
    o.springDamping = uniform(0, 2);
    o.springResponse = uniform(-2, 3);
    Creature c;
    INFO("trial " << trial);
    REQUIRE(c.reset(o) == nullptr);
    walk(c, 1200, 30 * o.spacing);
  }
}

TEST_CASE("Creature: legs far from even (a short thigh on a long shin) keep their lengths", "[creature]") {
  // The reachable ring is then thin: [lower - upper, lower + upper], 2 % of the reach wide here.
  for (double upper : {1.0, 100.0}) {
    CreatureOptions o = creaturePreset(CreatureKind::Centipede);
    o.upperLength = upper;
    o.lowerLength = 101 - upper;
    o.stepThreshold = 1;
    Creature c;
    REQUIRE(c.reset(o) == nullptr);
    walk(c, 1500, 30 * o.spacing);
  }
}

TEST_CASE("Creature: heads for the goal and stops within one spacing of it", "[creature]") {
  for (CreatureKind kind : kKinds) {
    for (double scale : {1e-3, 1.0, 1e4}) {
      const CreatureOptions o = scaled(kind, scale);
      Creature c;
      REQUIRE(c.reset(o) == nullptr);
      const Vec2 goal{30 * o.spacing, -20 * o.spacing};
      REQUIRE(c.setGoal(goal) == nullptr);
      walk(c, 60 * 20, 0, false);
      INFO("kind " << toString(kind) << " scale " << scale);
      CHECK(length(c.spinePoint(0) - goal) <= c.spacing(0));
      walk(c, 60, 0, false);
      CHECK(c.state().speed == 0);  // it stays stopped
    }
  }
}

TEST_CASE("Creature: each foot's rest spot moves with the body, a fixed reach from its hip", "[creature]") {
  for (CreatureKind kind : kKinds) {
    Creature c;
    REQUIRE(c.reset(creaturePreset(kind)) == nullptr);
    INFO("kind " << toString(kind));
    std::vector<double> reach;
    for (int leg = 0; leg < c.legCount(); ++leg) {
      const CreatureLeg& l = c.state().legs[leg];
      CHECK(l.foot.x == l.rest.x);  // a new creature stands on its rest spots
      CHECK(l.foot.y == l.rest.y);
      reach.push_back(length(l.rest - l.hip));
    }
    REQUIRE(c.setGoal({40 * c.spacing(0), -25 * c.spacing(0)}) == nullptr);
    Vec2 first{};
    for (int k = 0; k < 600; ++k) {
      REQUIRE(c.step(kDt) == nullptr);
      for (int leg = 0; leg < c.legCount(); ++leg) {
        const CreatureLeg& l = c.state().legs[leg];
        CHECK(length(l.rest - l.hip) == Approx(reach[static_cast<size_t>(leg)]).epsilon(1e-12));
        if (leg == 0 && k == 0) first = l.rest;
      }
    }
    if (c.legCount() > 0)
      CHECK(length(c.state().legs[0].rest - first) > 10 * c.spacing(0));  // it walked along
  }
}

TEST_CASE("Creature: the same options and steps give the same creature, bit for bit", "[creature]") {
  Creature a, b;
  REQUIRE(a.reset(creaturePreset(CreatureKind::Centipede)) == nullptr);
  REQUIRE(b.reset(creaturePreset(CreatureKind::Centipede)) == nullptr);
  for (Creature* c : {&a, &b}) {
    REQUIRE(c->setGoal({300, 200}) == nullptr);
    for (int k = 0; k < 500; ++k) REQUIRE(c->step(kDt) == nullptr);
  }
  for (int i = 0; i < 2 * a.segmentCount(); ++i) CHECK(a.state().spine[i] == b.state().spine[i]);
  for (int leg = 0; leg < a.legCount(); ++leg)
    CHECK(a.state().legs[leg].knee.x == b.state().legs[leg].knee.x);
}

TEST_CASE("Creature: stepping never allocates", "[creature]") {
  Creature c;
  REQUIRE(c.reset(creaturePreset(CreatureKind::Centipede)) == nullptr);
  REQUIRE(c.setGoal({500, -300}) == nullptr);
  const long before = test::allocations.load();
  for (int k = 0; k < 200; ++k) REQUIRE(c.step(k % 10 == 0 ? 0.1 : kDt) == nullptr);
  CHECK(test::allocations.load() == before);
}

TEST_CASE("Creature: the presets, the lizard as the default, knees the natural way", "[creature]") {
  const CreatureOptions lizard = creaturePreset(CreatureKind::Lizard), plain;
#define IK2D_SAME(name, member, type, value, low, high, doc) CHECK(lizard.member == plain.member);
  IK2D_CREATURE_OPTIONS(IK2D_SAME)
#undef IK2D_SAME
  CHECK(creaturePreset(CreatureKind::Snake).legs == 0);
  CHECK(creaturePreset(CreatureKind::Fish).fins == 1);
  CHECK(creaturePreset(CreatureKind::Centipede).legs >= 20);
  CHECK(std::string(toString(CreatureKind::Centipede)) == "centipede");
  // A lizard facing +x: front elbows behind their hips, hind knees in front of theirs.
  Creature c;
  REQUIRE(c.reset(lizard) == nullptr);
  for (int leg = 0; leg < 4; ++leg) {
    const CreatureLeg& l = c.state().legs[leg];
    INFO("leg " << leg);
    if (leg < 2) CHECK(l.knee.x < l.hip.x);
    else CHECK(l.knee.x > l.hip.x);
    CHECK(l.side == (leg % 2 == 0 ? 1.0 : -1.0));
    CHECK((l.foot.y - c.spinePoint(static_cast<int>(l.anchor)).y) * l.side > 0);  // feet on their own side
  }
}

TEST_CASE("CreatureCrowd: steps every creature as it would step alone", "[creature]") {
  std::vector<Vec2> origins;
  for (int i = 0; i < 40; ++i) origins.push_back({uniform(-500, 500), uniform(-500, 500)});
  CreatureCrowd crowd;
  const CreatureOptions lizard = creaturePreset(CreatureKind::Lizard);
  REQUIRE(crowd.reset(lizard, 40, origins.data()) == nullptr);
  Creature alone;
  CreatureOptions first = lizard;
  first.x = origins[0].x;
  first.y = origins[0].y;
  REQUIRE(alone.reset(first) == nullptr);
  for (int k = 0; k < 400; ++k) {
    if (k % 100 == 0) {
      for (int i = 0; i < crowd.size(); ++i)
        REQUIRE(crowd.setGoal(i, {uniform(-500, 500), uniform(-500, 500)}) == nullptr);
      REQUIRE(alone.setGoal(crowd.creature(0).state().goal) == nullptr);
    }
    REQUIRE(crowd.step(kDt) == nullptr);
    REQUIRE(alone.step(kDt) == nullptr);
  }
  for (int i = 0; i < 2 * alone.segmentCount(); ++i)
    CHECK(crowd.creature(0).state().spine[i] == alone.state().spine[i]);
  const long before = test::allocations.load();
  REQUIRE(crowd.step(kDt) == nullptr);
  CHECK(test::allocations.load() == before);
  CHECK(std::string(crowd.setGoal(40, {0, 0})).find("index") == 0);
  CHECK(std::string(crowd.reset(lizard, -1)).find("count") == 0);
  const Vec2 bad[] = {{std::nan(""), 0}};
  CHECK(std::string(crowd.reset(lizard, 1, bad)).find("origins") == 0);
}

// Every packed point and flag equals the creature's own state, exactly.
static void checkPacked(const CreatureCrowd& crowd) {
  for (int i = 0; i < crowd.size(); ++i) {
    const Creature& c = crowd.creature(i);
    const CreatureState& s = c.state();
    const double* spine = crowd.spinePoints() + 2 * i * c.segmentCount();
    for (int k = 0; k < 2 * c.segmentCount(); ++k) REQUIRE(spine[k] == s.spine[k]);
    const double* outline = crowd.outlinePoints() + 2 * i * c.outlineCount();
    for (int k = 0; k < c.outlineCount(); ++k) {
      REQUIRE(outline[2 * k] == s.outline[k].x);
      REQUIRE(outline[2 * k + 1] == s.outline[k].y);
    }
    for (int k = 0; k < c.legCount(); ++k) {
      const double* leg = crowd.legPoints() + 2 * CreatureCrowd::kLegPoints * (i * c.legCount() + k);
      const CreatureLeg& l = s.legs[k];
      const Vec2 points[] = {l.hip, l.knee, l.foot};
      for (int p = 0; p < CreatureCrowd::kLegPoints; ++p) {
        REQUIRE(leg[2 * p] == points[p].x);
        REQUIRE(leg[2 * p + 1] == points[p].y);
      }
      REQUIRE(crowd.plantedFlags()[i * c.legCount() + k] == (l.planted != 0 ? 1 : 0));
    }
    for (int k = 0; k < c.finCount(); ++k) {
      const double* fin = crowd.finValues() + CreatureCrowd::kFinValues * (i * c.finCount() + k);
      const CreatureEllipse& e = s.fins[k];
      const double values[] = {e.center.x, e.center.y, e.radiusX, e.radiusY, e.angle};
      for (int v = 0; v < CreatureCrowd::kFinValues; ++v) REQUIRE(fin[v] == values[v]);
    }
  }
}

TEST_CASE("CreatureCrowd: the packed drawing equals every creature's state", "[creature]") {
  for (const CreatureKind kind : {CreatureKind::Lizard, CreatureKind::Centipede, CreatureKind::Fish}) {
    CAPTURE(toString(kind));
    std::vector<Vec2> origins;
    for (int i = 0; i < 12; ++i) origins.push_back({uniform(-300, 300), uniform(-300, 300)});
    CreatureCrowd crowd;
    REQUIRE(crowd.reset(creaturePreset(kind), 12, origins.data()) == nullptr);
    checkPacked(crowd);
    const double* spine = crowd.spinePoints();
    for (int k = 0; k < 240; ++k) {
      if (k % 60 == 0) {
        for (int i = 0; i < crowd.size(); ++i)
          REQUIRE(crowd.setGoal(i, {uniform(-300, 300), uniform(-300, 300)}) == nullptr);
      }
      REQUIRE(crowd.step(k % 7 == 0 ? 0.05 : kDt) == nullptr);
      checkPacked(crowd);
    }
    CHECK(crowd.spinePoints() == spine);  // stepping never moves the arrays
  }
}

TEST_CASE("Creature: every bad option, goal and dt is refused by name", "[creature][invalid]") {
  Creature c;
  // Each scalar just out of its range: the message starts with its name.
#define IK2D_OUT(name, member, type, fallback, low, high, doc) \
  {                                                            \
    CreatureOptions o;                                         \
    o.member = beyond<type>(high);                             \
    const char* message = c.reset(o);                          \
    REQUIRE(message != nullptr);                               \
    CHECK(std::string(message).find(name " must be") == 0);    \
  }
  IK2D_CREATURE_OPTIONS(IK2D_OUT)
#undef IK2D_OUT
  CreatureOptions o;
  o.maxBend = 4;
  CHECK(std::string(c.reset(o)) == "maxBend must be a finite number from 0 to 3.141592653589793");
  o = {};
  o.legs = 3;
  CHECK(std::string(c.reset(o)) == "legs must be an even whole number from 0 to 48");
  o = {};
  o.gaitGroups = 5;
  CHECK(std::string(c.reset(o)) == "gaitGroups must be a whole number from 1 to legs");
  o = {};
  o.widths[3] = 0;
  CHECK(std::string(c.reset(o)).find("widths must") == 0);
  o = {};
  o.spacings[2] = -1;
  CHECK(std::string(c.reset(o)).find("spacings must") == 0);
  o = {};
  o.legAnchors[1] = 14;
  CHECK(std::string(c.reset(o)).find("legAnchors must") == 0);
  CHECK(std::string(c.setGoal({HUGE_VAL, 0})).find("goal.x") == 0);
  CHECK(std::string(c.setGoal({0, 2e9})).find("goal.y") == 0);
  for (double dt : {0.0, -1.0, 0.2, std::nan("")})
    CHECK(std::string(c.step(dt)) == "dt must be a number of seconds greater than 0, at most 0.1");
  CHECK(c.segmentCount() == 14);  // refused resets left the default lizard
}

TEST_CASE("Creature and CreatureCrowd: counts and scalars are checked before anything is sized",
          "[creature][invalid]") {
  CHECK(CreatureCrowd::checkCount(0) == nullptr);
  CHECK(CreatureCrowd::checkCount(CreatureCrowd::kMaxCount) == nullptr);
  for (int count : {-1, CreatureCrowd::kMaxCount + 1, 2147483647})
    CHECK(std::string(CreatureCrowd::checkCount(count)) == "count must be a whole number from 0 to 10000");
  CreatureCrowd crowd;
  CHECK(std::string(crowd.reset(CreatureOptions{}, 100000)) ==
        "count must be a whole number from 0 to 10000");
  CHECK(crowd.size() == 0);
  CreatureOptions options;
  CHECK(checkCreatureScalars(options) == nullptr);
  options.segments = 1 << 30;
  CHECK(std::string(checkCreatureScalars(options)) == "segments must be a whole number from 2 to 64");
  options = {};
  options.legs = -2;
  CHECK(std::string(checkCreatureScalars(options)) == "legs must be a whole number from 0 to 48");
}

TEST_CASE("fillPresetArrays: the preset's widths and leg anchors stretched end to end", "[creature]") {
  for (int k = 0; k < 4; ++k) {
    const CreatureOptions preset = creaturePreset(static_cast<CreatureKind>(k));
    CAPTURE(k);
    // The preset's own counts: its arrays as they are.
    CreatureOptions same = preset;
    std::fill(std::begin(same.widths), std::end(same.widths), 0.0);
    fillPresetArrays(same, false, preset.legs == 0);
    for (int i = 0; i < preset.segments; ++i) CHECK(same.widths[i] == preset.widths[i]);
    for (int i = preset.segments; i < kCreatureMaxSegments; ++i) CHECK(same.widths[i] == 0.0);
    for (int segments : {2, 5, 23, kCreatureMaxSegments}) {
      CreatureOptions o = preset;
      o.segments = segments;
      fillPresetArrays(o, false, true);
      CAPTURE(segments);
      // End to end: the first and last are the preset's; each between on the line between two.
      CHECK(o.widths[0] == preset.widths[0]);
      CHECK(o.widths[segments - 1] == preset.widths[preset.segments - 1]);
      for (int i = 0; i < segments; ++i) {
        const double at = static_cast<double>(i) * (preset.segments - 1) / (segments - 1);
        const int low = static_cast<int>(at);
        const double lo = preset.widths[low], hi = preset.widths[std::min(preset.segments - 1, low + 1)];
        CHECK(o.widths[i] >= std::min(lo, hi) - 1e-12);
        CHECK(o.widths[i] <= std::max(lo, hi) + 1e-12);
      }
      for (int i = segments; i < kCreatureMaxSegments; ++i) CHECK(o.widths[i] == 0.0);
    }
  }
  // Leg anchors: whole spine points, first and last pair where the preset's are.
  const CreatureOptions centipede = creaturePreset(CreatureKind::Centipede);
  CreatureOptions o = centipede;
  o.legs = 6;
  fillPresetArrays(o, true, false);
  CHECK(o.legAnchors[0] == centipede.legAnchors[0]);
  CHECK(o.legAnchors[2] == centipede.legAnchors[centipede.legs / 2 - 1]);
  // Halfway between the preset's 6th and 7th pairs (spine points 7 and 8): 7.5, rounded.
  CHECK(o.legAnchors[1] == 8);
  for (int k = 3; k < kCreatureMaxLegs / 2; ++k) CHECK(o.legAnchors[k] == 0);
  // Given arrays are left as they are.
  CreatureOptions kept = centipede;
  kept.widths[0] = 99;
  kept.legAnchors[0] = 5;
  fillPresetArrays(kept, true, true);
  CHECK(kept.widths[0] == 99);
  CHECK(kept.legAnchors[0] == 5);
}
