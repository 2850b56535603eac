// test_spider.cpp: the procedural spider's invariants over long fixed-seed random walks.
#include <string>
#include <vector>

#include "test_support.hpp"

using namespace ik2d;

namespace {

constexpr double kDt = 1.0 / 60;

struct WalkReport {
  int frames = 0;
  int fewestPlanted = 1000;
  int unreachedPlanted = 0;
  double largestSlide = 0;
  double largestGroundError = 0;
  double lowestClearance = 1e300;
};

// Steps the spider `frames` times and checks every invariant at every frame.
WalkReport walk(Spider& spider, int frames, const std::vector<double>& goals = {}) {
  WalkReport report;
  std::vector<Vec2> previousFoot;
  std::vector<bool> previousPlanted;
  for (const SpiderLeg& leg : spider.legs()) {
    previousFoot.push_back(leg.foot);
    previousPlanted.push_back(leg.planted);
  }
  const double reach = spider.options().upperLength + spider.options().lowerLength;
  for (int frame = 0; frame < frames; ++frame) {
    if (!goals.empty() && frame % 240 == 0) {
      REQUIRE(spider.setGoal(goals[static_cast<size_t>(frame / 240) % goals.size()]) == nullptr);
    }
    REQUIRE(spider.step(kDt) == nullptr);
    const SpiderBody& body = spider.body();
    REQUIRE(isValid(body.position));
    REQUIRE(isValid(body.angle));
    int planted = 0;
    for (size_t i = 0; i < spider.legs().size(); ++i) {
      const SpiderLeg& leg = spider.legs()[i];
      REQUIRE(isValid(leg.hip));
      REQUIRE(isValid(leg.knee));
      REQUIRE(isValid(leg.foot));
      // The leg is drawn from hip through knee to the foot: the bones keep their lengths.
      CHECK(length(leg.knee - leg.hip) == Approx(spider.options().upperLength));
      if (leg.planted) {
        ++planted;
        const double groundError = std::fabs(leg.foot.y - spider.terrain().height(leg.foot.x));
        report.largestGroundError = std::max(report.largestGroundError, groundError);
        if (previousPlanted[i])
          report.largestSlide = std::max(report.largestSlide, length(leg.foot - previousFoot[i]));
        if (leg.ik != TwoBoneStatus::Reached) ++report.unreachedPlanted;
      } else {
        // A stepping foot is kept within the leg's reach, so the drawn leg always ends on it.
        CHECK(length(leg.foot - leg.hip) <= reach);
      }
      previousFoot[i] = leg.foot;
      previousPlanted[i] = leg.planted;
    }
    report.fewestPlanted = std::min(report.fewestPlanted, planted);
    report.lowestClearance =
        std::min(report.lowestClearance, body.position.y - spider.terrain().height(body.position.x));
    ++report.frames;
  }
  return report;
}

Spider makeSpider(const SpiderOptions& options, double x = 0) {
  Spider spider;
  const char* message = spider.reset(options, x);
  INFO((message ? message : ""));
  REQUIRE(message == nullptr);
  return spider;
}

}  // namespace

TEST_CASE("done means: 900 frames toward a target 15 leg lengths away", "[spider]") {
  for (std::uint32_t seed : {1u, 2u, 3u, 99u}) {
    for (double roughness : {0.0, 0.5, 1.0}) {
      SpiderOptions options;
      options.terrain.seed = seed;
      options.terrain.roughness = roughness;
      Spider spider = makeSpider(options);
      const double legLength = options.upperLength + options.lowerLength;
      REQUIRE(spider.setGoal(15 * legLength) == nullptr);
      const WalkReport report = walk(spider, 900);
      INFO("seed " << seed << " roughness " << roughness);
      CHECK(spider.body().position.x >= 5 * legLength);
      CHECK(report.largestSlide == 0.0);                     // planted feet never move
      CHECK(report.largestGroundError <= 1e-9 * legLength);  // and sit on the ground
      CHECK(report.fewestPlanted * 2 >= options.legCount);   // at least half planted, always
      CHECK(report.unreachedPlanted <= report.frames * options.legCount / 1000);
      CHECK(report.lowestClearance > 0);                                 // the body never sinks
      for (const SpiderLeg& leg : spider.legs()) CHECK(leg.steps >= 3);  // every leg plants several times
    }
  }
}

TEST_CASE("long random walks keep every invariant, for any leg count and gait setting", "[spider]") {
  std::mt19937_64 generator(7);  // its own fixed seed: the same trials whichever tests run before
  auto uniform = [&generator](double low, double high) {
    return std::uniform_real_distribution<double>(low, high)(generator);
  };
  for (int trial = 0; trial < 24; ++trial) {
    SpiderOptions options;
    options.legCount = 4 + 2 * static_cast<int>(uniform(0, 6.99));
    options.upperLength = uniform(30, 80);
    options.lowerLength = uniform(30, 80);
    options.bodyHeight = std::max(uniform(0.3, 0.6) * (options.upperLength + options.lowerLength),
                                  1.2 * std::fabs(options.upperLength - options.lowerLength));
    options.speed = uniform(0, 200);
    options.stepThreshold = uniform(0.1, 0.35) * (options.upperLength + options.lowerLength);
    options.stepHeight = uniform(0, 40);
    options.terrain.seed = static_cast<std::uint32_t>(uniform(0, 1e9));
    options.terrain.roughness = uniform(0, 1);
    Spider spider = makeSpider(options, uniform(-1000, 1000));
    std::vector<double> goals;
    for (int i = 0; i < 8; ++i) goals.push_back(uniform(-3000, 3000));
    const WalkReport report = walk(spider, 1800, goals);
    INFO("trial " << trial << " legs " << options.legCount << " speed " << options.speed << " upper "
                  << options.upperLength << " lower " << options.lowerLength << " height "
                  << options.bodyHeight << " threshold " << options.stepThreshold << " roughness "
                  << options.terrain.roughness);
    CHECK(report.largestSlide == 0.0);
    CHECK(report.largestGroundError <= 1e-9 * options.upperLength);
    CHECK(report.fewestPlanted * 2 >= options.legCount);
    CHECK(report.lowestClearance > 0);
    // Planted legs reach their feet. On the most extreme random settings (a short thigh on a long
    // shin under a low, fast body) the never-sink lift can still cost a frame, which the leg then
    // reports as its IK status: allow 1 leg-frame in 1000.
    CHECK(report.unreachedPlanted <= report.frames * options.legCount / 1000);
  }
}

TEST_CASE("walks left as well as right, and stands still at the goal", "[spider]") {
  SpiderOptions options;
  options.terrain.roughness = 0.6;
  Spider spider = makeSpider(options, 500);
  REQUIRE(spider.setGoal(-700) == nullptr);
  walk(spider, 1200);
  CHECK(spider.body().position.x < -500);
  REQUIRE(spider.setGoal(spider.body().position.x) == nullptr);
  walk(spider, 300);
  const double x = spider.body().position.x;
  CHECK(spider.body().velocity == Approx(0).margin(1e-9));
  const WalkReport still = walk(spider, 120);
  CHECK(spider.body().position.x == Approx(x).margin(1e-9));
  CHECK(still.fewestPlanted == options.legCount);  // settled: every foot down
}

TEST_CASE("the same settings and steps give the same spider, bit for bit", "[spider]") {
  SpiderOptions options;
  options.terrain.seed = 1234;
  options.terrain.roughness = 0.8;
  Spider a = makeSpider(options), b = makeSpider(options);
  for (Spider* spider : {&a, &b}) {
    REQUIRE(spider->setGoal(2000) == nullptr);
    for (int frame = 0; frame < 700; ++frame) REQUIRE(spider->step(kDt) == nullptr);
  }
  CHECK(a.body().position.x == b.body().position.x);
  CHECK(a.body().position.y == b.body().position.y);
  CHECK(a.body().angle == b.body().angle);
  for (size_t i = 0; i < a.legs().size(); ++i) {
    CHECK(a.legs()[i].foot.x == b.legs()[i].foot.x);
    CHECK(a.legs()[i].foot.y == b.legs()[i].foot.y);
    CHECK(a.legs()[i].knee.x == b.legs()[i].knee.x);
  }
}

TEST_CASE("bad spider settings, goals and time steps are refused by name", "[spider][invalid]") {
  Spider spider;
  CHECK(std::string(spider.step(kDt)) == "the spider has no legs: reset it first");
  SpiderOptions options;
  for (int legs : {0, 3, 5, 18, -2}) {
    options.legCount = legs;
    CHECK(std::string(spider.reset(options, 0)) == "legs must be an even whole number from 4 to 16");
  }
  options = SpiderOptions{};
  options.upperLength = -1;
  CHECK(std::string(spider.reset(options, 0)).find("upperLength") == 0);
  options = SpiderOptions{};
  options.lowerLength = std::nan("");
  CHECK(std::string(spider.reset(options, 0)).find("lowerLength") == 0);
  options = SpiderOptions{};
  options.bodyHeight = 200;
  CHECK(std::string(spider.reset(options, 0)).find("bodyHeight") == 0);
  options = SpiderOptions{};
  options.upperLength = 20;
  options.lowerLength = 90;
  options.bodyHeight = 60;  // under 1.2 x 70: a foot under the hip would be too close to reach
  CHECK(std::string(spider.reset(options, 0)).find("bodyHeight must be at least 1.2 times") == 0);
  options = SpiderOptions{};
  options.speed = HUGE_VAL;
  CHECK(std::string(spider.reset(options, 0)).find("speed") == 0);
  options = SpiderOptions{};
  options.stepThreshold = 0;
  CHECK(std::string(spider.reset(options, 0)).find("stepThreshold") == 0);
  options = SpiderOptions{};
  options.stepHeight = -3;
  CHECK(std::string(spider.reset(options, 0)).find("stepHeight") == 0);
  options = SpiderOptions{};
  options.terrain.roughness = -0.1;
  CHECK(std::string(spider.reset(options, 0)).find("roughness") == 0);
  CHECK(std::string(spider.reset(SpiderOptions{}, 1e10)).find("x must") == 0);
  REQUIRE(spider.reset(SpiderOptions{}, 0) == nullptr);
  for (double dt : {0.0, -kDt, 0.5, std::nan(""), HUGE_VAL}) {
    CHECK(std::string(spider.step(dt)) == "dt must be a number of seconds greater than 0, at most 0.1");
  }
  CHECK(std::string(spider.setGoal(std::nan(""))) == "goal must be a finite number within 1e9");
  CHECK(std::string(spider.setGoal(2e9)) == "goal must be a finite number within 1e9");
  CHECK(spider.body().position.x == 0.0);  // nothing moved
}
