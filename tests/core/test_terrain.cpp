// test_terrain.cpp: the spider's ground: deterministic, smooth, bounded, flat at roughness 0.
#include <cstring>
#include <string>

#include "test_support.hpp"

using namespace ik2d;

namespace {
Terrain makeTerrain(std::uint32_t seed, double roughness) {
  TerrainOptions options;
  options.seed = seed;
  options.roughness = roughness;
  Terrain terrain;
  REQUIRE(terrain.reset(options) == nullptr);
  return terrain;
}
}  // namespace

TEST_CASE("the same seed gives the same ground, another seed other ground", "[terrain]") {
  const Terrain a = makeTerrain(42, 0.7), b = makeTerrain(42, 0.7), c = makeTerrain(43, 0.7);
  double differences = 0;
  for (double x = -5000; x <= 5000; x += 7.3) {
    const double ha = a.height(x), hb = b.height(x);
    CHECK(std::memcmp(&ha, &hb, sizeof ha) == 0);
    differences += std::fabs(ha - c.height(x));
  }
  CHECK(differences > 100);
}

TEST_CASE("roughness 0 is flat ground at height 0", "[terrain]") {
  const Terrain flat = makeTerrain(9, 0.0);
  for (double x = -1000; x <= 1000; x += 13) {
    CHECK(flat.height(x) == 0.0);
    CHECK(flat.slope(x) == 0.0);
    CHECK(flat.normal(x).y == 1.0);
  }
}

TEST_CASE("hills are smooth and bounded, the normal is a unit vector pointing up", "[terrain]") {
  const Terrain hills = makeTerrain(5, 1.0);
  double previous = hills.height(-3000), previousSlope = hills.slope(-3000);
  double highest = 0;
  for (double x = -3000; x <= 3000; x += 0.5) {
    const double h = hills.height(x);
    const double slope = hills.slope(x);
    highest = std::max(highest, std::fabs(h));
    CHECK(std::fabs(h - previous) <= 0.5 * (std::fabs(slope) + std::fabs(previousSlope)) + 1e-3);
    CHECK(std::fabs(slope - previousSlope) < 0.05);  // no kinks
    const Vec2 n = hills.normal(x);
    CHECK(length(n) == Approx(1.0));
    CHECK(n.y > 0);
    previous = h;
    previousSlope = slope;
  }
  CHECK(highest > 10);                              // there are hills
  CHECK(highest <= 3 * hills.options().amplitude);  // and they are bounded
}

TEST_CASE("any finite x gives a finite height, and bad options are refused by name", "[terrain]") {
  const Terrain hills = makeTerrain(1, 0.5);
  for (double x : {1e300, -1e300, 1e15, -7.5e9, 0.0}) CHECK(std::isfinite(hills.height(x)));
  CHECK(hills.height(std::nan("")) == 0.0);
  Terrain terrain;
  TerrainOptions bad;
  bad.roughness = 1.5;
  CHECK(std::string(terrain.reset(bad)) == "roughness must be a number from 0 to 1");
  bad = TerrainOptions{};
  bad.wavelength = 0;
  CHECK(std::string(terrain.reset(bad)) == "wavelength must be a finite number greater than 0");
  bad = TerrainOptions{};
  bad.amplitude = std::nan("");
  CHECK(std::string(terrain.reset(bad)) == "amplitude must be a finite number, 0 or greater");
}
