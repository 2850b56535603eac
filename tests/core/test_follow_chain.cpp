// test_follow_chain.cpp: FollowChain keeps its spacings and bends over long random follows, at
// every scale, and refuses bad input by name.
#include <string>
#include <vector>

#include "test_support.hpp"

using namespace ik2d;
using test::uniform;

namespace {

// The turn from segment i-1 to segment i of a flat x0, y0, ... array, radians.
double turnAt(const double* xy, int i) {
  const Vec2 a{xy[2 * i] - xy[2 * i - 2], xy[2 * i + 1] - xy[2 * i - 1]};
  const Vec2 b{xy[2 * i + 2] - xy[2 * i], xy[2 * i + 3] - xy[2 * i + 1]};
  return std::atan2(cross(a, b), a.x * b.x + a.y * b.y);
}

void checkChain(const FollowChain& chain, Vec2 head) {
  const double* xy = chain.positions();
  REQUIRE(xy[0] == head.x);
  REQUIRE(xy[1] == head.y);
  for (int i = 0; i + 1 < chain.size(); ++i) {
    REQUIRE(isValid(chain.position(i + 1)));
    const double d = length(chain.position(i + 1) - chain.position(i));
    REQUIRE(std::fabs(d - chain.spacing(i)) <= 1e-9 * chain.spacing(i));
    if (i > 0) REQUIRE(std::fabs(turnAt(xy, i)) <= chain.options().maxBend + 1e-9);
  }
}

}  // namespace

TEST_CASE("FollowChain: the head lands exactly, spacings and bends hold over random follows", "[follow]") {
  for (double scale : {1e-3, 1.0, 1e4}) {
    for (double maxBend : {0.0, 0.2, 0.6, 1.5, kPi}) {
      std::vector<Vec2> points;
      for (int i = 0; i < 20; ++i)
        points.push_back({-scale * i * uniform(0.5, 2), scale * uniform(-0.3, 0.3)});
      FollowChain chain;
      FollowChainOptions options;
      options.maxBend = maxBend;
      REQUIRE(chain.reset(points.data(), static_cast<int>(points.size()), options) == nullptr);
      Vec2 head = points[0];
      for (int step = 0; step < 3000; ++step) {
        // Mostly small moves, sometimes a jump back over the body.
        const double reach = step % 97 == 0 ? 30 * scale : 2 * scale;
        head = head + Vec2{uniform(-reach, reach), uniform(-reach, reach)};
        REQUIRE(chain.follow(head) == nullptr);
        INFO("scale " << scale << " maxBend " << maxBend << " step " << step);
        checkChain(chain, head);
      }
    }
  }
}

TEST_CASE("FollowChain: a straight chain pulled along its line stays straight", "[follow]") {
  const Vec2 points[] = {{0, 0}, {-1, 0}, {-2, 0}, {-3, 0}};
  FollowChain chain;
  REQUIRE(chain.reset(points, 4, {}) == nullptr);
  REQUIRE(chain.follow({0.5, 0}) == nullptr);
  for (int i = 0; i < 4; ++i) {
    CHECK(chain.position(i).x == Approx(0.5 - i));
    CHECK(chain.position(i).y == 0);
  }
  // A head on top of point 1 keeps the old direction for it: no NaN, spacing kept.
  REQUIRE(chain.follow(chain.position(1)) == nullptr);
  checkChain(chain, chain.position(0));
}

TEST_CASE("FollowChain: follow does not allocate", "[follow]") {
  const Vec2 points[] = {{0, 0}, {-1, 0}, {-2, 0}, {-3, 0}};
  FollowChain chain;
  REQUIRE(chain.reset(points, 4, {}) == nullptr);
  const long before = test::allocations.load();
  for (int i = 0; i < 100; ++i) chain.follow({0.1 * i, 0.05 * i});
  CHECK(test::allocations.load() == before);
}

TEST_CASE("FollowChain: bad points, maxBend and follow points are refused by name", "[follow][invalid]") {
  FollowChain chain;
  CHECK(std::string(chain.follow({0, 0})) == "the chain has no points: reset it first");
  const Vec2 one[] = {{0, 0}};
  CHECK(std::string(chain.reset(one, 1, {})).find("points must hold") == 0);
  const Vec2 twins[] = {{0, 0}, {0, 0}};
  CHECK(std::string(chain.reset(twins, 2, {})).find("points must be apart") == 0);
  const Vec2 bad[] = {{0, 0}, {std::nan(""), 0}};
  CHECK(std::string(chain.reset(bad, 2, {})).find("points must be finite") == 0);
  const Vec2 good[] = {{0, 0}, {1, 0}, {2, 0}};
  for (double maxBend : {-0.1, 3.2, HUGE_VAL, std::nan("")}) {
    FollowChainOptions options;
    options.maxBend = maxBend;
    CHECK(std::string(chain.reset(good, 3, options)) ==
          "maxBend must be a finite number from 0 to 3.141592653589793");
  }
  REQUIRE(chain.reset(good, 3, {}) == nullptr);
  CHECK(std::string(chain.follow({HUGE_VAL, 0})).find("point.x") == 0);
  CHECK(std::string(chain.follow({0, 2e12})).find("point.y") == 0);
  CHECK(chain.position(0).x == 0);  // a refused follow changes nothing
}
