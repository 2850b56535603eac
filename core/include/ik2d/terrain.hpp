// ik2d/terrain.hpp: deterministic rolling ground for the spider, y = height(x) with y up.
#pragma once

#include <cstdint>

#include "ik2d/math.hpp"

namespace ik2d {

/// Settings of a terrain. The same settings give the same ground on every platform.
struct TerrainOptions {
  std::uint32_t seed = 1;   ///< which hills: any 32-bit value.
  double roughness = 0.5;   ///< 0 = flat, 1 = the hilliest ground; in [0, 1].
  double amplitude = 60;    ///< height of the largest hills at roughness 1, length units, >= 0.
  double wavelength = 420;  ///< typical distance between hilltops, length units, > 0.
};

/// Smooth hills from seeded 1D gradient noise (Perlin's, with the quintic fade, so height and slope
/// are continuous), three octaves whose weight grows with roughness.
class Terrain {
 public:
  /// Sets up the ground; returns nullptr or a message naming the bad field (terrain unchanged).
  const char* reset(const TerrainOptions& options);
  /// Ground height under `x`, length units; finite for any finite x.
  double height(double x) const;
  /// Slope dy/dx of the ground at `x`.
  double slope(double x) const;
  /// Unit normal of the ground at `x`, pointing up (y > 0).
  Vec2 normal(double x) const;
  /// The settings in force.
  const TerrainOptions& options() const { return options_; }

 private:
  double noise(double x, std::uint32_t octave) const;
  TerrainOptions options_;
};

}  // namespace ik2d
