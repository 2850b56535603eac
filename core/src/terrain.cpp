// terrain.cpp: seeded 1D gradient noise for the spider's ground.
#include "ik2d/terrain.hpp"

#include <cmath>

namespace ik2d {
namespace {

// splitmix64's finaliser: a well-mixed 64-bit hash of the lattice point, seed and octave.
std::uint64_t mix(std::uint64_t value) {
  value += 0x9e3779b97f4a7c15ULL;
  value = (value ^ (value >> 30)) * 0xbf58476d1ce4e5b9ULL;
  value = (value ^ (value >> 27)) * 0x94d049bb133111ebULL;
  return value ^ (value >> 31);
}

// Gradient in [-1, 1] at integer lattice point `cell`.
double gradientAt(std::int64_t cell, std::uint32_t seed, std::uint32_t octave) {
  const std::uint64_t key = static_cast<std::uint64_t>(cell) ^ (static_cast<std::uint64_t>(seed) << 32) ^
                            (static_cast<std::uint64_t>(octave) * 0x632be59bd9b4e019ULL);
  return static_cast<double>(mix(key) >> 11) * (2.0 / 9007199254740992.0) - 1.0;  // 53 bits -> [-1, 1)
}

// Quintic fade 6t^5 - 15t^4 + 10t^3: value, slope and curvature match at the lattice points.
double fade(double t) { return t * t * t * (t * (t * 6 - 15) + 10); }

constexpr int kOctaves = 3;
// Lattice coordinates are wrapped into this range so that huge x cannot lose the fraction.
constexpr double kPeriod = 1 << 24;

}  // namespace

const char* Terrain::reset(const TerrainOptions& options) {
  if (!isValid(options.roughness) || options.roughness < 0 || options.roughness > 1) {
    return "roughness must be a number from 0 to 1";
  }
  if (!isValid(options.amplitude) || options.amplitude < 0)
    return "amplitude must be a finite number, 0 or greater";
  if (!isValid(options.wavelength) || !(options.wavelength > 0))
    return "wavelength must be a finite number greater than 0";
  options_ = options;
  return nullptr;
}

// 1D gradient noise: each lattice point i has a gradient g_i; between i and i+1 (t = x - i) the
// value blends the two ramps g_i t and g_{i+1} (t - 1) with the quintic fade. Range about [-0.5, 0.5].
double Terrain::noise(double x, std::uint32_t octave) const {
  const double wrapped = std::fmod(x, kPeriod);
  const double cellStart = std::floor(wrapped);
  const double t = wrapped - cellStart;
  const auto cell = static_cast<std::int64_t>(cellStart);
  const double left = gradientAt(cell, options_.seed, octave) * t;
  const double right = gradientAt(cell + 1, options_.seed, octave) * (t - 1);
  return left + fade(t) * (right - left);
}

// height = A r sum_k (r^k / 2^k-ish weights) noise(x / wavelength * 2^k): the first octave makes the
// hills, the finer ones (weighted by roughness) make them uneven.
double Terrain::height(double x) const {
  if (!isValid(x)) return 0;
  const double r = options_.roughness;
  double frequency = 1.0 / options_.wavelength;
  double weight = 1.0;
  double sum = 0;
  for (int octave = 0; octave < kOctaves; ++octave) {
    sum += weight * noise(x * frequency, static_cast<std::uint32_t>(octave));
    frequency *= 2.3;
    weight *= 0.35 + 0.25 * r;
  }
  return 2.0 * options_.amplitude * r * sum;
}

double Terrain::slope(double x) const {
  const double h = 1e-4 * options_.wavelength;
  return (height(x + h) - height(x - h)) / (2 * h);
}

Vec2 Terrain::normal(double x) const {
  const double s = slope(x);
  const double n = std::hypot(s, 1.0);
  return {-s / n, 1.0 / n};
}

}  // namespace ik2d
