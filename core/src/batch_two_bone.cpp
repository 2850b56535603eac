// batch_two_bone.cpp: TwoBoneBatch, the two-bone solver over arrays, two limbs per SIMD step.
//
// The math is two_bone.cpp's (Kahan's triangle angles, Spine's soft reach), rearranged so it
// needs no branch and no sine or cosine: with Kahan's
//   tan(C / 2) = sqrt(N / D)   (N, D from the sides, see interiorHalfTangent),
// its cosine and sine follow without trigonometry:
//   cos C = (D - N) / (D + N),   sin C = 2 sqrt(N D) / (D + N).
// The joint and the end are the root->target direction turned by those cosines and sines, and the
// two output angles are one atan2 each: angle1 of bone 1's direction, angle2 of bone 2's turn
// relative to bone 1, whose cosine and sine are -cos(beta) and -bend sin(beta). Limbs
// outside the range where that is safe at any scale go to solveTwoBone() itself.
#include <algorithm>
#include <iterator>

#include "ik2d/batch.hpp"
#include "message.hpp"
#include "simd.hpp"
#include "two_bone_joint.hpp"

namespace ik2d {

// The batch's arrays in solveTwoBoneLimb's order (inside TwoBoneBatch's members).
#define IK2D_TWO_BONE_BATCH_INPUTS                                                                        \
  rootX(), rootY(), targetX(), targetY(), length1(), length2(), bend(), softness(), offsetX(), offsetY(), \
      stretch(), mix(), poseAngle1(), poseAngle2()
#define IK2D_TWO_BONE_BATCH_OUTPUTS \
  jointX(), jointY(), endX(), endY(), angle1(), angle2(), distance(), scale()

namespace {

using simd::F64x2;
using simd::F64x4;

// Magnitudes the vector path takes without rescaling: N D, a product of four sums of sides (each
// below 1e71), stays finite, and, its smallest factor no less than an ulp of a side (1e-86), normal.
constexpr double kKernelMaxMagnitude = 1e70;
constexpr double kKernelMinMagnitude = 1e-70;

template <class V>
struct HalfTangent {
  V numerator;
  V denominator;
};

// Kahan's N and D for the angle between sides a and b opposite c (see interiorAngle in
// two_bone.cpp): with a >= b, mu = c - (a - b) if b >= c, else b - (a - c);
//   N = ((a - b) + c) max(mu, 0),   D = (a + (b + c)) max((a - c) + b, 0).
template <class V>
HalfTangent<V> interiorHalfTangent(V a, V b, V c) {
  const V big = simd::max(a, b);
  const V small = simd::min(a, b);
  const V mu = simd::select(small >= c, c - (big - small), small - (big - c));
  const V zero = V::splat(0.0);
  return {((big - small) + c) * simd::max(mu, zero),
          (big + (small + c)) * simd::max((big - c) + small, zero)};
}

template <class V>
struct Turn {
  V cosine;
  V sine;
};

// The cosine and sine of the angle whose half-angle tangent is sqrt(N / D); (1, 0) when N = D = 0.
template <class V>
Turn<V> turnOf(HalfTangent<V> t) {
  const V sum = t.numerator + t.denominator;
  const auto some = sum > V::splat(0.0);
  const V inverse = V::splat(1.0) / simd::select(some, sum, V::splat(1.0));
  return {
      simd::select(some, (t.denominator - t.numerator) * inverse, V::splat(1.0)),
      simd::select(some, V::splat(2.0) * simd::sqrt(t.numerator * t.denominator) * inverse, V::splat(0.0))};
}

// alpha, the turn at the root from root->target to bone 1 (before the bend's sign), for the
// softened distance ds: the triangle's, or its limits, stretched (0) and folded (0, or pi when bone
// 1 is the shorter).
template <class V>
Turn<V> rootTurn(V ds, V l1, V l2, V reach, V inner) {
  const V zero = V::splat(0.0), one = V::splat(1.0);
  Turn<V> alpha = turnOf(interiorHalfTangent(ds, l1, l2));
  const auto stretched = ds >= reach;
  const auto folded = simd::maskAnd(simd::maskNot(stretched), ds <= inner);
  alpha.cosine = simd::select(
      stretched, one, simd::select(folded, simd::select(l1 >= l2, one, V::splat(-1.0)), alpha.cosine));
  alpha.sine = simd::select(simd::maskOr(stretched, folded), zero, alpha.sine);
  return alpha;
}

}  // namespace

const char* TwoBoneBatch::checkCount(int count) {
  return count < 0 || count > kMaxCount ? "count must be a whole number from 0 to 4194304" : nullptr;
}

const char* TwoBoneBatch::resize(int count) {
  if (const char* message = checkCount(count)) return message;
  count_ = count;
  data_.assign(static_cast<size_t>(kFieldCount) * static_cast<size_t>(count), 0.0);
  status_.assign(static_cast<size_t>(count), 0);
  for (const Field one : {kLength1, kLength2, kBend, kMix}) std::fill(field(one), field(one) + count, 1.0);
  return nullptr;
}

namespace {

// The scalar path for one limb whose field k is at in[k][i]: solveTwoBone on the same numbers.
// stretch arrives as a double, so the one check a bool cannot carry is made here.
TwoBoneResult solveFields(const double* const* in, int i) {
  TwoBoneInput input;
  input.root = {in[0][i], in[1][i]};
  input.target = {in[2][i], in[3][i]};
  input.length1 = in[4][i];
  input.length2 = in[5][i];
  input.bend = in[6][i];
  input.softness = in[7][i];
  input.offset = {in[8][i], in[9][i]};
  input.stretch = in[10][i] == 1.0;
  input.mix = in[11][i];
  input.pose = {in[12][i], in[13][i]};
  TwoBoneResult result = solveTwoBone(input);
  if (result.status != TwoBoneStatus::Invalid && in[10][i] != 0.0 && !input.stretch) {
    result = TwoBoneResult{};
    result.message = "stretch must be 0 or 1";
    result.joint = result.end = input.root;
  }
  return result;
}

// Writes a scalar result as limb i of the output arrays out[k][i].
void storeFields(const TwoBoneResult& r, double* const* out, std::uint8_t* status, int i) {
  const double values[kTwoBoneLimbOutputs] = {r.joint.x, r.joint.y, r.end.x,    r.end.y,
                                              r.angle1,  r.angle2,  r.distance, r.scale};
  for (int k = 0; k < kTwoBoneLimbOutputs; ++k) out[k][i] = values[k];
  status[i] = static_cast<std::uint8_t>(r.status);
}

}  // namespace

const char* TwoBoneBatch::message(int index) {
  if (index < 0 || index >= count_) return nullptr;
  double* const in[] = {IK2D_TWO_BONE_BATCH_INPUTS};
  return solveFields(in, index).message;
}

void TwoBoneBatch::solveScalar(int index) {
  double* const in[] = {IK2D_TWO_BONE_BATCH_INPUTS};
  double* const out[] = {IK2D_TWO_BONE_BATCH_OUTPUTS};
  storeFields(solveFields(in, index), out, status(), index);
}

namespace {

// Solves V::kLanes limbs from index i; false when one of them needs the scalar solver. Inlined
// where it is used: the batch's fours and pairs, and solveTwoBoneLimb (the per-call
// solveTwoBone's hot path: two lanes of one limb, the field pointers folded into constant
// offsets). The batch's odd limb goes through solveTwoBoneLimb too, and every lane runs the same
// arithmetic, so a limb gets the same bits whichever way it is solved.
template <class V>
[[gnu::always_inline]] inline bool solveLanes(double* const* in, double* const* out, std::uint8_t* status,
                                              int i) {
  const V rootX = V::load(in[0] + i), rootY = V::load(in[1] + i);
  const V targetX = V::load(in[2] + i), targetY = V::load(in[3] + i);
  const V l1 = V::load(in[4] + i), l2 = V::load(in[5] + i);
  const V bend = V::load(in[6] + i), softness = V::load(in[7] + i);
  const V dx = targetX - rootX, dy = targetY - rootY;
  const V d = simd::sqrt(dx * dx + dy * dy);

  // The extras at their defaults (offset (0, 0), stretch 0, mix 1: a sum of magnitudes that is 0
  // only then, and never for a NaN) and a pose the scalar solver would accept; otherwise the
  // scalar path.
  const V extras = simd::abs(V::load(in[8] + i)) + simd::abs(V::load(in[9] + i)) +
                   simd::abs(V::load(in[10] + i)) + simd::abs(V::load(in[11] + i) - V::splat(1.0));
  const V pose = simd::abs(V::load(in[12] + i)) + simd::abs(V::load(in[13] + i));
  if (!simd::all(simd::maskAnd(extras == V::splat(0.0), pose <= V::splat(kKernelMaxMagnitude)))) return false;

  // NaN fails every comparison and a NaN or an infinity makes a sum fail its upper bound, so a
  // few comparisons check it all: every coordinate within 1e70 (their sum is), both lengths and
  // the distance in [1e-70, 1e70], softness in [0, 1e70], bend exactly +1 or -1.
  const V coordinates = simd::abs(rootX) + simd::abs(rootY) + simd::abs(targetX) + simd::abs(targetY);
  auto ok = simd::maskAnd(coordinates <= V::splat(kKernelMaxMagnitude),
                          l1 + l2 + softness <= V::splat(kKernelMaxMagnitude));
  ok = simd::maskAnd(
      ok, simd::maskAnd(simd::min(l1, l2) >= V::splat(kKernelMinMagnitude), softness >= V::splat(0.0)));
  ok = simd::maskAnd(ok,
                     simd::maskAnd(l1 >= V::splat(kKernelMinMagnitude), d >= V::splat(kKernelMinMagnitude)));
  ok = simd::maskAnd(ok, simd::abs(bend) == V::splat(1.0));
  if (!simd::all(ok)) return false;

  const V zero = V::splat(0.0), one = V::splat(1.0), pi = V::splat(kPi);
  const V reach = l1 + l2;
  const V inner = simd::abs(l1 - l2);
  const V code = simd::select(d > reach, one, simd::select(d < inner, V::splat(2.0), zero));

  // Spine's soft reach (softenedDistance in two_bone.cpp), when a lane has a softness: without
  // one, its division would only lengthen the way to every result.
  V ds = d;
  if (simd::any(softness > zero)) {
    const V soft = simd::min(softness, reach - inner);
    const V past = d - reach + soft;
    const auto softening = simd::maskAnd(soft > zero, past > zero);
    const V p = simd::min(one, past / simd::select(softening, V::splat(2.0) * soft, one)) - one;
    ds = simd::select(softening, reach - soft * p * p, d);
  }

  // alpha at the root, beta at the joint; stretched and folded are the triangle's limits.
  const Turn<V> alpha = rootTurn(ds, l1, l2, reach, inner);
  Turn<V> beta = turnOf(interiorHalfTangent(l1, l2, ds));
  const auto stretched = ds >= reach;
  const auto folded = simd::maskAnd(simd::maskNot(stretched), ds <= inner);
  beta.cosine = simd::select(stretched, V::splat(-1.0), simd::select(folded, one, beta.cosine));
  beta.sine = simd::select(simd::maskOr(stretched, folded), zero, beta.sine);

  // Bone 1 turns from root->target by bend * alpha; bone 2 by bend * (alpha + beta - pi).
  const V inverseD = one / d;
  const V ux = dx * inverseD, uy = dy * inverseD;
  const V s1 = bend * alpha.sine;
  const V dir1x = ux * alpha.cosine - uy * s1, dir1y = uy * alpha.cosine + ux * s1;
  const V c2 = beta.cosine * alpha.cosine - beta.sine * alpha.sine;           // cos(alpha + beta)
  const V s2 = bend * (alpha.sine * beta.cosine + alpha.cosine * beta.sine);  // bend sin(alpha + beta)
  const V dir2x = -(ux * c2 - uy * s2), dir2y = -(uy * c2 + ux * s2);
  const V jointX = rootX + l1 * dir1x, jointY = rootY + l1 * dir1y;
  const V endX = jointX + l2 * dir2x, endY = jointY + l2 * dir2y;
  const V ex = endX - targetX, ey = endY - targetY;

  jointX.store(out[0] + i);
  jointY.store(out[1] + i);
  endX.store(out[2] + i);
  endY.store(out[3] + i);
  // Both in [-pi, pi]; -pi (a folded arm with bend +1) is +pi, and -0 is +0.
  const V angle1 = simd::atan2(dir1y, dir1x);
  simd::select(angle1 <= -pi, pi, angle1 + zero).store(out[4] + i);
  const V angle2 = simd::atan2(-bend * beta.sine, -beta.cosine);
  simd::select(angle2 <= -pi, pi, angle2 + zero).store(out[5] + i);
  simd::sqrt(ex * ex + ey * ey).store(out[6] + i);
  one.store(out[7] + i);
  for (int lane = 0; lane < V::kLanes; ++lane) status[i + lane] = static_cast<std::uint8_t>(code.lane(lane));
  return true;
}

}  // namespace

TwoBoneStatus solveTwoBoneLimb(const double* in, double* out, const char** message) {
  // The kernel on two lanes that both hold this limb: F64x2's selects are branch-free, where
  // F64x1's (a ?: on doubles) become branches in V8's code on x64, which the zone, the bend and
  // atan2's octant make mispredict; the pair path runs the same arithmetic lane by lane, so the
  // bits are those of the batch's pairs (about 0.9x the time of a call, bench/node/ab.mjs).
  double inputs[kTwoBoneLimbInputs][2];
  double outputs[kTwoBoneLimbOutputs][2];
  double* inputLanes[kTwoBoneLimbInputs];
  double* outputLanes[kTwoBoneLimbOutputs];
  for (int k = 0; k < kTwoBoneLimbInputs; ++k) {
    inputs[k][0] = inputs[k][1] = in[k];
    inputLanes[k] = inputs[k];
  }
  for (int k = 0; k < kTwoBoneLimbOutputs; ++k) outputLanes[k] = outputs[k];
  std::uint8_t codes[2] = {0, 0};
  *message = nullptr;
  if (solveLanes<F64x2>(inputLanes, outputLanes, codes, 0)) {
    for (int k = 0; k < kTwoBoneLimbOutputs; ++k) out[k] = outputs[k][0];
    return static_cast<TwoBoneStatus>(codes[0]);
  }
  const TwoBoneResult r = solveFields(inputLanes, 0);
  for (int k = 0; k < kTwoBoneLimbOutputs; ++k) outputLanes[k] = out + k;
  storeFields(r, outputLanes, codes, 0);
  *message = r.message;
  return r.status;
}

bool twoBoneJoint(Vec2 root, Vec2 target, double length1, double length2, double bend, Vec2& joint) {
  // solveLanes' range for a limb without softness or extras; anything else goes the whole way.
  const double dx = target.x - root.x, dy = target.y - root.y;
  const double d = std::sqrt(dx * dx + dy * dy);
  const double coordinates =
      std::fabs(root.x) + std::fabs(root.y) + std::fabs(target.x) + std::fabs(target.y);
  if (!(coordinates <= kKernelMaxMagnitude && length1 + length2 <= kKernelMaxMagnitude &&
        std::min(length1, length2) >= kKernelMinMagnitude && d >= kKernelMinMagnitude &&
        std::fabs(bend) == 1.0)) {
    const double in[kTwoBoneLimbInputs] = {root.x, root.y, target.x, target.y, length1, length2, bend,
                                           0,      0,      0,        0,        1,       0,       0};
    double out[kTwoBoneLimbOutputs];
    const char* message = nullptr;
    const bool solved = solveTwoBoneLimb(in, out, &message) != TwoBoneStatus::Invalid;
    joint = {out[0], out[1]};
    return solved;
  }
  // solveLanes' arithmetic for the joint, one lane (the same operations in the same order: the
  // same bits).
  using V = simd::F64x1;
  const V l1{length1}, l2{length2};
  const Turn<V> alpha = rootTurn(V{d}, l1, l2, l1 + l2, simd::abs(l1 - l2));
  const double inverseD = 1.0 / d;
  const double ux = dx * inverseD, uy = dy * inverseD;
  const double s1 = bend * alpha.sine.v;
  joint = {root.x + length1 * (ux * alpha.cosine.v - uy * s1),
           root.y + length1 * (uy * alpha.cosine.v + ux * s1)};
  return true;
}

IK2D_COLD const char* TwoBoneBatch::checkRange(double begin, double end) {
  if (begin >= 0 && begin <= end && end <= count_ && begin == std::floor(begin) && end == std::floor(end))
    return nullptr;
  return detail::formatMessage(rangeMessage_,
                               "begin and end must be whole numbers with 0 <= begin <= end <= %d", count_);
}

void TwoBoneBatch::solve() { solve(0, count_); }

void TwoBoneBatch::solve(int begin, int end) {
  begin = std::clamp(begin, 0, count_);
  end = std::clamp(end, begin, count_);
  double* const in[] = {IK2D_TWO_BONE_BATCH_INPUTS};
  double* const out[] = {IK2D_TWO_BONE_BATCH_OUTPUTS};
  std::uint8_t* const codes = status();
  int i = begin;
  // Four limbs per step (two SIMD pairs in flight, to overlap the long sqrt/div/atan2 latencies),
  // then a pair, then one; a group with a limb outside the vector path's range goes to the scalar
  // solver limb by limb.
  for (; i + 4 <= end; i += 4) {
    if (!solveLanes<F64x4>(in, out, codes, i)) {
      for (int k = i; k < i + 4; ++k) solveScalar(k);
    }
  }
  for (; i + 2 <= end; i += 2) {
    if (!solveLanes<F64x2>(in, out, codes, i)) {
      solveScalar(i);
      solveScalar(i + 1);
    }
  }
  if (i < end) solveAlone(i);
}

void TwoBoneBatch::solveAlone(int index) {
  double* const in[] = {IK2D_TWO_BONE_BATCH_INPUTS};
  double* const out[] = {IK2D_TWO_BONE_BATCH_OUTPUTS};
  double row[kTwoBoneLimbInputs + kTwoBoneLimbOutputs];
  for (int k = 0; k < kTwoBoneLimbInputs; ++k) row[k] = in[k][index];
  const char* message = nullptr;
  status()[index] = static_cast<std::uint8_t>(solveTwoBoneLimb(row, row + kTwoBoneLimbInputs, &message));
  for (int k = 0; k < kTwoBoneLimbOutputs; ++k) out[k][index] = row[kTwoBoneLimbInputs + k];
}

}  // namespace ik2d
