// ik2d/batch.hpp: many solves in one call, over structure-of-arrays data.
//
// For animating crowds: thousands of two-bone limbs or hundreds of chains a frame. Each field is
// one contiguous array (a structure of arrays), so the kernels load two limbs or two chains at a
// time into SIMD lanes, and JavaScript reads and writes the arrays in place through typed-array
// views of WASM memory, with no per-element conversion and no allocation per frame.
//
// The results mean what the per-call solvers' results mean (same statuses, same poses); see each
// class for the precision it keeps against them.
#pragma once

#include <cstdint>
#include <vector>

#include "ik2d/math.hpp"
#include "ik2d/two_bone.hpp"

namespace ik2d {

/// `count` two-bone limbs as arrays. Inputs default to root (0, 0), target (0, 0), lengths 1,
/// bend +1, softness 0, offset (0, 0), stretch 0, mix 1, pose (0, 0); solve() fills the outputs.
///
/// Precision: against solveTwoBone() on the same input, positions agree within 1e-12 of the limb's
/// scale (|root| + |target| + length1 + length2) and angles within 1e-12 radians (tested). Limbs
/// whose numbers lie outside [1e-70, 1e70] (or a target within 1e-70 of the root) are solved by
/// solveTwoBone() itself, as are invalid ones (`status` is then Invalid and message(i) says why)
/// and limbs that use an extra (an offset, stretch, or a mix below 1), which thus get
/// solveTwoBone()'s very numbers, at its speed.
class TwoBoneBatch {
 public:
  /// Most limbs one batch may hold.
  static constexpr int kMaxCount = 1 << 22;

  /// nullptr when `count` is from 0 to kMaxCount, else the message naming it.
  static const char* checkCount(int count);
  /// Bytes a batch of `count` limbs holds (22 doubles and a status byte each: 177 bytes).
  static double bytesFor(int count) { return count * (22.0 * sizeof(double) + 1); }
  /// Makes room for `count` limbs (0 to kMaxCount) with default inputs. Returns nullptr or a
  /// message (the batch is then unchanged).
  const char* resize(int count);
  /// Number of limbs.
  int count() const { return count_; }

  /// Input arrays, `count()` values each, as TwoBoneInput's fields: world units (bend: +1 or -1;
  /// softness >= 0; stretch: 0 or 1; mix: 0 to 1; pose angles in radians).
  double* rootX() { return field(kRootX); }
  double* rootY() { return field(kRootY); }
  double* targetX() { return field(kTargetX); }
  double* targetY() { return field(kTargetY); }
  double* length1() { return field(kLength1); }
  double* length2() { return field(kLength2); }
  double* bend() { return field(kBend); }
  double* softness() { return field(kSoftness); }
  double* offsetX() { return field(kOffsetX); }
  double* offsetY() { return field(kOffsetY); }
  double* stretch() { return field(kStretch); }
  double* mix() { return field(kMix); }
  double* poseAngle1() { return field(kPoseAngle1); }
  double* poseAngle2() { return field(kPoseAngle2); }
  /// Output arrays, `count()` values each: as TwoBoneResult's fields.
  double* jointX() { return field(kJointX); }
  double* jointY() { return field(kJointY); }
  double* endX() { return field(kEndX); }
  double* endY() { return field(kEndY); }
  double* angle1() { return field(kAngle1); }
  double* angle2() { return field(kAngle2); }
  double* distance() { return field(kDistance); }
  double* scale() { return field(kScale); }
  /// Output: one TwoBoneStatus per limb, as a byte (0 reached ... 3 invalid).
  std::uint8_t* status() { return status_.data(); }

  /// Solves every limb. Allocates nothing.
  void solve();
  /// Solves limbs [begin, end) only (0 <= begin <= end <= count()).
  void solve(int begin, int end);
  /// Why limbs [begin, end) cannot be solved, naming the count; nullptr when begin and end are
  /// whole numbers with 0 <= begin <= end <= count().
  const char* checkRange(double begin, double end);
  /// Why limb `index` is invalid (nullptr when it is not, or `index` is out of range).
  const char* message(int index);

 private:
  enum Field {
    kRootX,
    kRootY,
    kTargetX,
    kTargetY,
    kLength1,
    kLength2,
    kBend,
    kSoftness,
    kOffsetX,
    kOffsetY,
    kStretch,
    kMix,
    kPoseAngle1,
    kPoseAngle2,
    kJointX,
    kJointY,
    kEndX,
    kEndY,
    kAngle1,
    kAngle2,
    kDistance,
    kScale,
    kFieldCount
  };
  double* field(Field f) { return data_.data() + static_cast<size_t>(f) * static_cast<size_t>(count_); }
  void solveScalar(int index);
  void solveAlone(int index);

  int count_ = 0;
  char rangeMessage_[96] = {};  // checkRange's message
  std::vector<double> data_;
  std::vector<std::uint8_t> status_;
};

/// Number of input fields of solveTwoBoneLimb (TwoBoneBatch's input arrays, in their order).
inline constexpr int kTwoBoneLimbInputs = 14;
/// Number of output fields of solveTwoBoneLimb (TwoBoneBatch's output arrays, in their order).
inline constexpr int kTwoBoneLimbOutputs = 8;

/// Solves one limb with TwoBoneBatch's kernel (no sine or cosine; see batch_two_bone.cpp): `in`
/// holds rootX, rootY, targetX, targetY, length1, length2, bend, softness, offsetX, offsetY,
/// stretch (0 or 1), mix, poseAngle1, poseAngle2; `out` receives jointX, jointY, endX, endY,
/// angle1, angle2, distance, scale. The results are a batch of one's: within 1e-12 of
/// solveTwoBone's (limbs the kernel does not take go to solveTwoBone itself). Returns the status;
/// `*message` is set to why the limb is invalid, or nullptr.
TwoBoneStatus solveTwoBoneLimb(const double* in, double* out, const char** message);

/// Options of ChainBatch::solve, shared by every chain of the batch.
struct ChainBatchOptions {
  bool ccd = false;         ///< true: CCD; false: FABRIK.
  int iterations = 10;      ///< at most this many sweeps per chain, 0 to 100000.
  double tolerance = 1e-3;  ///< absolute end-to-target distance that counts as reached, >= 0.
  /// Most joint updates one solve may make over the whole batch (a sweep of one chain costs about
  /// bones (bones + 1) / 2 for CCD, 2 bones for FABRIK), as Chain's maxWork: the sweeps beyond it
  /// are not made (chains not reached end max_iterations), and a batch whose single sweep is over
  /// it is refused. The default keeps every call under a second.
  long long maxWork = 50'000'000;
};

/// `count` chains of `bones` bones each, as arrays in chain-fastest order: the value of chain c at
/// joint (or bone) j is at [j * count + c]. The state is the joint positions (x, y), root first;
/// solving warm-starts from them. No joint limits or step limits here: those are Chain's.
///
/// Per chain, status, iterations and error mean what Chain::solve's do, with the same out-of-reach
/// answer (straight at the target) and the same handling of a chain lying on a line through its
/// target. The sweeps run on positions rather than angles, so a pose agrees with Chain's to
/// rounding, not bit for bit; every bone ends each solve at its exact length (FABRIK places joints
/// one length apart; CCD's rotations are followed by a length fix), so nothing drifts (tested).
/// Positions may be written too (to pose a chain): a sweep restores their lengths along their
/// directions; a chain already within tolerance is left as written. A chain's answer does not depend
/// on the other chains of the batch: it is bit for bit the answer of a batch of one (tested).
class ChainBatch {
 public:
  /// Most joint slots ((bones + 1) * count) one batch may hold: 68 MB at 1023 bones (102 MB at one
  /// bone), built (memory grown, allocated and filled) within about a second.
  static constexpr long long kMaxSlots = 1LL << 21;

  /// nullptr when `count` (0 or more) and `bones` (1 to 1024) fit kMaxSlots, else the message naming
  /// the field.
  static const char* checkShape(int count, int bones);
  /// Bytes a batch of this shape holds (positions, lengths, angles, per-chain values and the
  /// sweeps' scratch).
  static double bytesFor(int count, int bones);
  /// Rebuilds the batch: `count` chains of `bones` bones (1 to 1024) with lengths `lengths`
  /// (`bones` values, each from 1e-150 to 1e150) straight along +x from `root`. Returns nullptr or a message.
  const char* reset(int count, int bones, const double* lengths, Vec2 root);
  int count() const { return count_; }  ///< number of chains.
  int bones() const { return bones_; }  ///< bones per chain.

  double* rootX() { return rootX_.data(); }      ///< `count()` roots; a moved root carries its chain.
  double* rootY() { return rootY_.data(); }      ///< see rootX().
  double* targetX() { return targetX_.data(); }  ///< `count()` targets.
  double* targetY() { return targetY_.data(); }  ///< see targetX().
  double* lengths() { return lengths_.data(); }  ///< bones() * count() lengths, [bone * count + chain].
  double* x() { return x_.data(); }          ///< (bones() + 1) * count() joint x, [joint * count + chain].
  double* y() { return y_.data(); }          ///< see x().
  double* error() { return error_.data(); }  ///< per chain: |end - target| after solve().
  std::int32_t* iterations() { return iterations_.data(); }  ///< per chain: sweeps used.
  std::uint8_t* status() { return status_.data(); }          ///< per chain: a ChainStatus as a byte.
  /// Local angles, bones() * count(), [bone * count + chain], as Chain::angles(); filled by
  /// computeAngles().
  double* angles() { return angles_.data(); }

  /// Solves every chain toward its target. A chain whose root, target or lengths are not finite,
  /// or beyond 1e150 in magnitude, or whose lengths are outside [1e-150, 1e150], is left as it was with
  /// status Invalid. Returns nullptr, or a message for bad options (nothing solved). Allocates nothing.
  const char* solve(const ChainBatchOptions& options);
  /// Fills angles() from the positions.
  void computeAngles();

 private:
  template <class V>
  bool settleGroup(int first, const ChainBatchOptions& options, int& queued);
  void sweepFirstInPlace(int first, const ChainBatchOptions& options, int& queued);
  template <class V>
  void sweepQueued(int queued, const ChainBatchOptions& options);

  int count_ = 0;
  int bones_ = 0;
  std::vector<double> rootX_, rootY_, targetX_, targetY_, lengths_, x_, y_, error_, angles_;
  std::vector<std::int32_t> iterations_;
  std::vector<std::uint8_t> status_;
  std::vector<std::int32_t> queue_;  // solve(): the chains left to sweep (2 c, + 1 if just un-bent)
  std::vector<double> scratch_;      // solve(): the sweeping lanes' chains, lane-interleaved
  char workMessage_[160] = {};       // solve's refusal, naming the budget in force
};

}  // namespace ik2d
