// simd.hpp: double-precision vectors for the batch kernels (not public).
//
// The batch kernels are templates over a vector type V: F64x2 (two lanes: WebAssembly SIMD128 with
// -msimd128, SSE2 on x86-64, two plain doubles elsewhere), F64x4 and F64x8 (two and four F64x2 side
// by side, to keep more chains in flight), and F64x1 (one double) for an element left at the end.
// All offer the same operations: arithmetic, sqrt, min/max, comparisons giving a mask,
// select(mask, a, b), and atan2. atan2 is Cephes' atan (Moshier), accurate to about 1e-16
// relative, evaluated without branches so every lane runs the same instructions.
#pragma once

#include <cmath>
#include <cstdint>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#define IK2D_SIMD_WASM 1
#elif defined(__SSE2__)
#include <emmintrin.h>
#define IK2D_SIMD_SSE2 1
#endif

namespace ik2d::simd {

// ---- one lane -----------------------------------------------------------------------------------

struct F64x1 {
  static constexpr int kLanes = 1;
  double v;
  using Mask = bool;
  static F64x1 splat(double x) { return {x}; }
  static F64x1 load(const double* p) { return {*p}; }
  void store(double* p) const { *p = v; }
  double lane(int) const { return v; }
  friend F64x1 operator+(F64x1 a, F64x1 b) { return {a.v + b.v}; }
  friend F64x1 operator-(F64x1 a, F64x1 b) { return {a.v - b.v}; }
  friend F64x1 operator*(F64x1 a, F64x1 b) { return {a.v * b.v}; }
  friend F64x1 operator/(F64x1 a, F64x1 b) { return {a.v / b.v}; }
  friend F64x1 operator-(F64x1 a) { return {-a.v}; }
  friend Mask operator<(F64x1 a, F64x1 b) { return a.v < b.v; }
  friend Mask operator<=(F64x1 a, F64x1 b) { return a.v <= b.v; }
  friend Mask operator>(F64x1 a, F64x1 b) { return a.v > b.v; }
  friend Mask operator>=(F64x1 a, F64x1 b) { return a.v >= b.v; }
  friend Mask operator==(F64x1 a, F64x1 b) { return a.v == b.v; }
};
inline F64x1 sqrt(F64x1 a) { return {std::sqrt(a.v)}; }
inline F64x1 abs(F64x1 a) { return {std::fabs(a.v)}; }
inline F64x1 min(F64x1 a, F64x1 b) { return {b.v < a.v ? b.v : a.v}; }
inline F64x1 max(F64x1 a, F64x1 b) { return {a.v < b.v ? b.v : a.v}; }
inline F64x1 select(bool m, F64x1 a, F64x1 b) { return m ? a : b; }
inline bool maskAnd(bool a, bool b) { return a && b; }
inline bool maskOr(bool a, bool b) { return a || b; }
inline bool maskNot(bool a) { return !a; }
inline bool any(bool m) { return m; }
inline bool all(bool m) { return m; }
inline bool laneOf(bool m, int) { return m; }
inline unsigned bits(bool m) { return m ? 1u : 0u; }

// ---- two lanes ----------------------------------------------------------------------------------

#if defined(IK2D_SIMD_WASM)
struct F64x2 {
  static constexpr int kLanes = 2;
  v128_t v;
  struct Mask {
    v128_t m;
  };
  static F64x2 splat(double x) { return {wasm_f64x2_splat(x)}; }
  static F64x2 load(const double* p) { return {wasm_v128_load(p)}; }
  void store(double* p) const { wasm_v128_store(p, v); }
  double lane(int i) const { return i == 0 ? wasm_f64x2_extract_lane(v, 0) : wasm_f64x2_extract_lane(v, 1); }
  friend F64x2 operator+(F64x2 a, F64x2 b) { return {wasm_f64x2_add(a.v, b.v)}; }
  friend F64x2 operator-(F64x2 a, F64x2 b) { return {wasm_f64x2_sub(a.v, b.v)}; }
  friend F64x2 operator*(F64x2 a, F64x2 b) { return {wasm_f64x2_mul(a.v, b.v)}; }
  friend F64x2 operator/(F64x2 a, F64x2 b) { return {wasm_f64x2_div(a.v, b.v)}; }
  friend F64x2 operator-(F64x2 a) { return {wasm_f64x2_neg(a.v)}; }
  friend Mask operator<(F64x2 a, F64x2 b) { return {wasm_f64x2_lt(a.v, b.v)}; }
  friend Mask operator<=(F64x2 a, F64x2 b) { return {wasm_f64x2_le(a.v, b.v)}; }
  friend Mask operator>(F64x2 a, F64x2 b) { return {wasm_f64x2_gt(a.v, b.v)}; }
  friend Mask operator>=(F64x2 a, F64x2 b) { return {wasm_f64x2_ge(a.v, b.v)}; }
  friend Mask operator==(F64x2 a, F64x2 b) { return {wasm_f64x2_eq(a.v, b.v)}; }
};
inline F64x2 sqrt(F64x2 a) { return {wasm_f64x2_sqrt(a.v)}; }
inline F64x2 abs(F64x2 a) { return {wasm_f64x2_abs(a.v)}; }
// pmin/pmax: b < a ? b : a, like F64x1 (no NaN reaches the kernels).
inline F64x2 min(F64x2 a, F64x2 b) { return {wasm_f64x2_pmin(a.v, b.v)}; }
inline F64x2 max(F64x2 a, F64x2 b) { return {wasm_f64x2_pmax(a.v, b.v)}; }
inline F64x2 select(F64x2::Mask m, F64x2 a, F64x2 b) { return {wasm_v128_bitselect(a.v, b.v, m.m)}; }
inline F64x2::Mask maskAnd(F64x2::Mask a, F64x2::Mask b) { return {wasm_v128_and(a.m, b.m)}; }
inline F64x2::Mask maskOr(F64x2::Mask a, F64x2::Mask b) { return {wasm_v128_or(a.m, b.m)}; }
inline F64x2::Mask maskNot(F64x2::Mask a) { return {wasm_v128_not(a.m)}; }
inline bool any(F64x2::Mask m) { return wasm_v128_any_true(m.m); }
inline bool all(F64x2::Mask m) { return wasm_i64x2_all_true(m.m); }
inline bool laneOf(F64x2::Mask m, int i) {
  return (i == 0 ? wasm_i64x2_extract_lane(m.m, 0) : wasm_i64x2_extract_lane(m.m, 1)) != 0;
}
inline unsigned bits(F64x2::Mask m) {
  return static_cast<unsigned>(wasm_i64x2_extract_lane(m.m, 0) & 1) |
         static_cast<unsigned>(wasm_i64x2_extract_lane(m.m, 1) & 2);
}
#elif defined(IK2D_SIMD_SSE2)
struct F64x2 {
  static constexpr int kLanes = 2;
  __m128d v;
  struct Mask {
    __m128d m;
  };
  static F64x2 splat(double x) { return {_mm_set1_pd(x)}; }
  static F64x2 load(const double* p) { return {_mm_loadu_pd(p)}; }
  void store(double* p) const { _mm_storeu_pd(p, v); }
  double lane(int i) const { return i == 0 ? _mm_cvtsd_f64(v) : _mm_cvtsd_f64(_mm_unpackhi_pd(v, v)); }
  friend F64x2 operator+(F64x2 a, F64x2 b) { return {_mm_add_pd(a.v, b.v)}; }
  friend F64x2 operator-(F64x2 a, F64x2 b) { return {_mm_sub_pd(a.v, b.v)}; }
  friend F64x2 operator*(F64x2 a, F64x2 b) { return {_mm_mul_pd(a.v, b.v)}; }
  friend F64x2 operator/(F64x2 a, F64x2 b) { return {_mm_div_pd(a.v, b.v)}; }
  friend F64x2 operator-(F64x2 a) { return {_mm_xor_pd(a.v, _mm_set1_pd(-0.0))}; }
  friend Mask operator<(F64x2 a, F64x2 b) { return {_mm_cmplt_pd(a.v, b.v)}; }
  friend Mask operator<=(F64x2 a, F64x2 b) { return {_mm_cmple_pd(a.v, b.v)}; }
  friend Mask operator>(F64x2 a, F64x2 b) { return {_mm_cmpgt_pd(a.v, b.v)}; }
  friend Mask operator>=(F64x2 a, F64x2 b) { return {_mm_cmpge_pd(a.v, b.v)}; }
  friend Mask operator==(F64x2 a, F64x2 b) { return {_mm_cmpeq_pd(a.v, b.v)}; }
};
inline F64x2 sqrt(F64x2 a) { return {_mm_sqrt_pd(a.v)}; }
inline F64x2 abs(F64x2 a) { return {_mm_andnot_pd(_mm_set1_pd(-0.0), a.v)}; }
// _mm_min_pd(a, b) is a < b ? a : b; swapped to give b < a ? b : a, like F64x1.
inline F64x2 min(F64x2 a, F64x2 b) { return {_mm_min_pd(b.v, a.v)}; }
inline F64x2 max(F64x2 a, F64x2 b) { return {_mm_max_pd(b.v, a.v)}; }
inline F64x2 select(F64x2::Mask m, F64x2 a, F64x2 b) {
  return {_mm_or_pd(_mm_and_pd(m.m, a.v), _mm_andnot_pd(m.m, b.v))};
}
inline F64x2::Mask maskAnd(F64x2::Mask a, F64x2::Mask b) { return {_mm_and_pd(a.m, b.m)}; }
inline F64x2::Mask maskOr(F64x2::Mask a, F64x2::Mask b) { return {_mm_or_pd(a.m, b.m)}; }
inline F64x2::Mask maskNot(F64x2::Mask a) { return {_mm_xor_pd(a.m, _mm_castsi128_pd(_mm_set1_epi32(-1)))}; }
inline bool any(F64x2::Mask m) { return _mm_movemask_pd(m.m) != 0; }
inline bool all(F64x2::Mask m) { return _mm_movemask_pd(m.m) == 3; }
inline bool laneOf(F64x2::Mask m, int i) { return ((_mm_movemask_pd(m.m) >> i) & 1) != 0; }
inline unsigned bits(F64x2::Mask m) { return static_cast<unsigned>(_mm_movemask_pd(m.m)); }
#else
struct F64x2 {
  static constexpr int kLanes = 2;
  double v[2];
  struct Mask {
    bool m[2];
  };
  static F64x2 splat(double x) { return {{x, x}}; }
  static F64x2 load(const double* p) { return {{p[0], p[1]}}; }
  void store(double* p) const { p[0] = v[0], p[1] = v[1]; }
  double lane(int i) const { return v[i]; }
  friend F64x2 operator+(F64x2 a, F64x2 b) { return {{a.v[0] + b.v[0], a.v[1] + b.v[1]}}; }
  friend F64x2 operator-(F64x2 a, F64x2 b) { return {{a.v[0] - b.v[0], a.v[1] - b.v[1]}}; }
  friend F64x2 operator*(F64x2 a, F64x2 b) { return {{a.v[0] * b.v[0], a.v[1] * b.v[1]}}; }
  friend F64x2 operator/(F64x2 a, F64x2 b) { return {{a.v[0] / b.v[0], a.v[1] / b.v[1]}}; }
  friend F64x2 operator-(F64x2 a) { return {{-a.v[0], -a.v[1]}}; }
  friend Mask operator<(F64x2 a, F64x2 b) { return {{a.v[0] < b.v[0], a.v[1] < b.v[1]}}; }
  friend Mask operator<=(F64x2 a, F64x2 b) { return {{a.v[0] <= b.v[0], a.v[1] <= b.v[1]}}; }
  friend Mask operator>(F64x2 a, F64x2 b) { return {{a.v[0] > b.v[0], a.v[1] > b.v[1]}}; }
  friend Mask operator>=(F64x2 a, F64x2 b) { return {{a.v[0] >= b.v[0], a.v[1] >= b.v[1]}}; }
  friend Mask operator==(F64x2 a, F64x2 b) { return {{a.v[0] == b.v[0], a.v[1] == b.v[1]}}; }
};
inline F64x2 sqrt(F64x2 a) { return {{std::sqrt(a.v[0]), std::sqrt(a.v[1])}}; }
inline F64x2 abs(F64x2 a) { return {{std::fabs(a.v[0]), std::fabs(a.v[1])}}; }
inline F64x2 min(F64x2 a, F64x2 b) {
  return {{b.v[0] < a.v[0] ? b.v[0] : a.v[0], b.v[1] < a.v[1] ? b.v[1] : a.v[1]}};
}
inline F64x2 max(F64x2 a, F64x2 b) {
  return {{a.v[0] < b.v[0] ? b.v[0] : a.v[0], a.v[1] < b.v[1] ? b.v[1] : a.v[1]}};
}
inline F64x2 select(F64x2::Mask m, F64x2 a, F64x2 b) {
  return {{m.m[0] ? a.v[0] : b.v[0], m.m[1] ? a.v[1] : b.v[1]}};
}
inline F64x2::Mask maskAnd(F64x2::Mask a, F64x2::Mask b) { return {{a.m[0] && b.m[0], a.m[1] && b.m[1]}}; }
inline F64x2::Mask maskOr(F64x2::Mask a, F64x2::Mask b) { return {{a.m[0] || b.m[0], a.m[1] || b.m[1]}}; }
inline F64x2::Mask maskNot(F64x2::Mask a) { return {{!a.m[0], !a.m[1]}}; }
inline bool any(F64x2::Mask m) { return m.m[0] || m.m[1]; }
inline bool all(F64x2::Mask m) { return m.m[0] && m.m[1]; }
inline bool laneOf(F64x2::Mask m, int i) { return m.m[i]; }
inline unsigned bits(F64x2::Mask m) { return (m.m[0] ? 1u : 0u) | (m.m[1] ? 2u : 0u); }
#endif

// ---- four and eight lanes: vectors side by side ---------------------------------------------------

// Not wider hardware: two independent vectors in flight (F64x4 is two F64x2, F64x8 two F64x4). The
// chain kernels are chains of dependent square roots and divisions (each joint waits for the one
// before), so their speed is set by latency; interleaving groups of chains lets the CPU overlap them.
template <class HalfMask, int kHalf>
struct PairMask {
  HalfMask a, b;
};

template <class Half>
struct Pair {
  static constexpr int kLanes = 2 * Half::kLanes;
  Half a, b;
  using Mask = PairMask<typename Half::Mask, Half::kLanes>;
  static Pair splat(double x) { return {Half::splat(x), Half::splat(x)}; }
  static Pair load(const double* p) { return {Half::load(p), Half::load(p + Half::kLanes)}; }
  void store(double* p) const { a.store(p), b.store(p + Half::kLanes); }
  double lane(int i) const { return i < Half::kLanes ? a.lane(i) : b.lane(i - Half::kLanes); }
  friend Pair operator+(Pair x, Pair y) { return {x.a + y.a, x.b + y.b}; }
  friend Pair operator-(Pair x, Pair y) { return {x.a - y.a, x.b - y.b}; }
  friend Pair operator*(Pair x, Pair y) { return {x.a * y.a, x.b * y.b}; }
  friend Pair operator/(Pair x, Pair y) { return {x.a / y.a, x.b / y.b}; }
  friend Pair operator-(Pair x) { return {-x.a, -x.b}; }
  friend Mask operator<(Pair x, Pair y) { return {x.a < y.a, x.b < y.b}; }
  friend Mask operator<=(Pair x, Pair y) { return {x.a <= y.a, x.b <= y.b}; }
  friend Mask operator>(Pair x, Pair y) { return {x.a > y.a, x.b > y.b}; }
  friend Mask operator>=(Pair x, Pair y) { return {x.a >= y.a, x.b >= y.b}; }
  friend Mask operator==(Pair x, Pair y) { return {x.a == y.a, x.b == y.b}; }
};
template <class H>
Pair<H> sqrt(Pair<H> x) {
  return {sqrt(x.a), sqrt(x.b)};
}
template <class H>
Pair<H> abs(Pair<H> x) {
  return {abs(x.a), abs(x.b)};
}
template <class H>
Pair<H> min(Pair<H> x, Pair<H> y) {
  return {min(x.a, y.a), min(x.b, y.b)};
}
template <class H>
Pair<H> max(Pair<H> x, Pair<H> y) {
  return {max(x.a, y.a), max(x.b, y.b)};
}
template <class H>
Pair<H> select(typename Pair<H>::Mask m, Pair<H> x, Pair<H> y) {
  return {select(m.a, x.a, y.a), select(m.b, x.b, y.b)};
}
template <class M, int K>
PairMask<M, K> maskAnd(PairMask<M, K> x, PairMask<M, K> y) {
  return {maskAnd(x.a, y.a), maskAnd(x.b, y.b)};
}
template <class M, int K>
PairMask<M, K> maskOr(PairMask<M, K> x, PairMask<M, K> y) {
  return {maskOr(x.a, y.a), maskOr(x.b, y.b)};
}
template <class M, int K>
PairMask<M, K> maskNot(PairMask<M, K> x) {
  return {maskNot(x.a), maskNot(x.b)};
}
// One test of the halves combined, not a branch per half.
template <class M, int K>
bool any(PairMask<M, K> m) {
  return any(maskOr(m.a, m.b));
}
template <class M, int K>
bool all(PairMask<M, K> m) {
  return all(maskAnd(m.a, m.b));
}
template <class M, int K>
bool laneOf(PairMask<M, K> m, int i) {
  return i < K ? laneOf(m.a, i) : laneOf(m.b, i - K);
}
// Bit i set when lane i is.
template <class M, int K>
unsigned bits(PairMask<M, K> m) {
  return bits(m.a) | bits(m.b) << K;
}

using F64x4 = Pair<F64x2>;
using F64x8 = Pair<F64x4>;

// ---- atan, atan2 --------------------------------------------------------------------------------

// atan(n / m) for 0 <= n <= m, m > 0 (Cephes atan.c): above tan(pi/8) (n > 0.66 m) use
// atan(x) = pi/4 + atan((x - 1) / (x + 1)), where (x - 1) / (x + 1) = (n - m) / (n + m) takes
// one division from n and m directly; then a degree-4/5 rational approximation in x^2.
template <class V>
V atanRatio(V n, V m) {
  const auto reduce = n > V::splat(0.66) * m;
  const V reduced = simd::select(reduce, n - m, n) / simd::select(reduce, n + m, m);
  const V offset = select(reduce, V::splat(0.78539816339744830962), V::splat(0.0));
  const V extra = select(reduce, V::splat(0.5 * 6.123233995736765886130E-17), V::splat(0.0));
  const V z = reduced * reduced;
  // Both polynomials by Estrin's scheme (pairs of terms, then powers of z^2): three steps deep
  // instead of five, on the way to every angle.
  const V z2 = z * z;
  const V p = (V::splat(-6.485021904942025371773E1) + V::splat(-1.228866684490136173410E2) * z) +
              z2 * ((V::splat(-7.500855792314704667340E1) + V::splat(-1.615753718733365076637E1) * z) +
                    z2 * V::splat(-8.750608600031904122785E-1));
  const V q = (V::splat(1.945506571482613964425E2) + V::splat(4.853903996359136964868E2) * z) +
              z2 * ((V::splat(4.328810604912902668951E2) + V::splat(1.650270098316988542046E2) * z) +
                    z2 * (V::splat(2.485846490142306297962E1) + z));
  return offset + (reduced + (reduced * z * p / q + extra));
}

// atan2(y, x) in [-pi, pi]: atan of min(|x|,|y|) / max(|x|,|y|), then mirrored into its octant.
// (0, 0) gives 0.
template <class V>
V atan2(V y, V x) {
  const V ax = abs(x);
  const V ay = abs(y);
  const V big = max(ax, ay);
  const V small = min(ax, ay);
  const auto some = big > V::splat(0.0);
  V r = atanRatio(select(some, small, V::splat(0.0)), select(some, big, V::splat(1.0)));
  r = select(ay > ax, V::splat(1.57079632679489661923) - r, r);
  r = select(x < V::splat(0.0), V::splat(3.14159265358979323846) - r, r);
  return select(y < V::splat(0.0), -r, r);
}

// Wraps an angle in (-3 pi, 3 pi] into (-pi, pi], as ik2d::wrapAngle does for that range.
template <class V>
V wrapNear(V a) {
  const V twoPi = V::splat(6.28318530717958647692);
  a = select(a > V::splat(3.14159265358979323846), a - twoPi, a);
  a = select(a <= V::splat(-3.14159265358979323846), a + twoPi, a);
  return a + V::splat(0.0);  // -0 -> +0
}

}  // namespace ik2d::simd
