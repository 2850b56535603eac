// ik2d/chain.hpp: N-bone chains solved by CCD or FABRIK, with joint limits and per-call step limits.
//
// A chain hangs from `root` and stores its bones parents first: bone i has a length and a local
// angle, angles[0] is bone 0's world angle and angles[i] is bone i's angle relative to bone i-1.
// Joint i is where bone i starts (joint 0 is the root), so a joint limit on joint i bounds
// angles[i]. Positions follow by forward kinematics in one pass: position 0 is the root and
// position size() is the end effector.
//
// The chain keeps every buffer it needs from reset() on: solve() allocates nothing.
#pragma once

#include <cmath>
#include <vector>

#include "ik2d/math.hpp"

namespace ik2d {

/// How Chain::solve moves the joints.
enum class ChainMethod {
  Ccd,     ///< cyclic coordinate descent: turn each joint from the tip back to the root.
  Fabrik,  ///< forward and backward reaching on positions, angles recovered from them.
};

/// What happened to a chain solve.
enum class ChainStatus {
  Reached,        ///< error <= tolerance.
  OutOfReach,     ///< the target is farther from the root than the sum of the lengths.
  MaxIterations,  ///< reachable in principle, but not within tolerance after the sweeps allowed
                  ///< (or the limits and step limit keep the end away from it).
  Invalid,        ///< a bad target or option: see `message`; the chain is left as it was.
};

/// Options of Chain::solve.
struct ChainSolveOptions {
  ChainMethod method = ChainMethod::Ccd;  ///< which solver.
  int iterations = 10;      ///< at most this many sweeps, 0 to kMaxIterations (and within kMaxWorkPerSolve).
  double tolerance = 1e-3;  ///< absolute end-to-target distance that counts as reached, >= 0.
  /// The most any joint's local angle may change in this call, radians, >= 0; infinity = no limit.
  double maxStep = HUGE_VAL;
  /// Most joint updates this call may make (a CCD sweep costs about size^2 / 2, a FABRIK sweep
  /// 2 size); at least one sweep always runs. The default keeps every call under a second.
  long long maxWork = 500'000'000;
};

/// Result of Chain::solve. Every number is finite.
struct ChainSolveResult {
  ChainStatus status = ChainStatus::Invalid;  ///< see ChainStatus.
  int iterations = 0;                         ///< sweeps used, 0 when the end was already there.
  double error = 0;                           ///< |end - target| after the call, length units.
  /// Why the call was refused (status Invalid), naming the field; nullptr otherwise. Static storage.
  const char* message = nullptr;
};

/// An N-bone chain. Default-constructed it has no bones: call reset() first.
class Chain {
 public:
  /// Most bones a chain may have: CCD costs size^2 per sweep, and this keeps every call bounded.
  static constexpr int kMaxBones = 1024;
  /// Most sweeps one solve may ask for.
  static constexpr int kMaxIterations = 100000;
  /// Largest magnitude of a coordinate or of the summed lengths, so no difference can overflow.
  static constexpr double kMaxMagnitude = 1e300;

  /// Rebuilds the chain: `count` bones with `lengths` (each finite and > 0), straight along +x
  /// from `root`, no limits. Returns nullptr, or a message naming the bad field (the chain is then
  /// left unchanged).
  const char* reset(Vec2 root, const double* lengths, int count);

  /// Number of bones.
  int size() const { return static_cast<int>(lengths_.size()); }

  /// Moves the root; the pose (the angles) stays. Returns nullptr or a message.
  const char* setRoot(Vec2 root);
  /// The root, position 0.
  Vec2 root() const { return position(0); }

  /// Sets the local angles (radians, `count` must equal size()); each is wrapped and, where the
  /// joint has a limit, clamped into it. Returns nullptr or a message (chain unchanged).
  const char* setAngles(const double* angles, int count);
  /// Local angles, size() values in (-pi, pi] (a limit of exactly -pi may hold -pi).
  const double* angles() const { return angles_.data(); }

  /// Limits joint `joint`'s local angle to [min, max], -pi <= min <= max <= pi, and clamps the
  /// current angle into it. A limit spanning the whole circle is no limit. Returns nullptr or a
  /// message.
  const char* setLimit(int joint, double min, double max);
  /// Removes joint `joint`'s limit. Returns nullptr or a message.
  const char* clearLimit(int joint);
  /// True when joint `joint` has a limit (false for an index out of range).
  bool hasLimit(int joint) const;
  /// The limit of joint `joint` as set (-pi, pi when it has none).
  double limitMin(int joint) const;
  double limitMax(int joint) const;  ///< see limitMin.

  /// Positions x0, y0, x1, y1, ...: 2 * (size() + 1) values, the root first, the end effector last.
  const double* positions() const { return positions_.data(); }
  /// Position `index`, 0 (the root) to size() (the end effector).
  Vec2 position(int index) const {
    const auto at = 2 * static_cast<size_t>(index);
    return {positions_[at], positions_[at + 1]};
  }
  /// The end effector, position size().
  Vec2 end() const { return position(size()); }
  /// Length of bone `bone`.
  double boneLength(int bone) const { return lengths_[static_cast<size_t>(bone)]; }
  /// Sum of the lengths: the chain's reach.
  double reach() const { return reach_; }

  /// Moves the end toward `target`, starting from the current angles (warm start). Never changes a
  /// length, always keeps every limit and options.maxStep. Allocates nothing.
  ChainSolveResult solve(Vec2 target, const ChainSolveOptions& options);

 private:
  double constrain(int joint, double desired) const;
  void updatePositionsFrom(int bone);
  void setPosition(int index, Vec2 point);
  bool isCollinearWith(Vec2 target) const;
  double nudgeOffLine();
  double placeBoneToward(int bone, Vec2 toward, double& parentWorld);
  double stretchToward(Vec2 target);
  double sweepCcd(Vec2 target);
  double sweepFabrik(Vec2 target);
  bool anyConstraint() const;

  std::vector<double> lengths_;
  std::vector<double> angles_;
  std::vector<double> positions_;    // 2 * (size + 1), interleaved x, y
  std::vector<double> worldAngles_;  // bone i's world angle, the running sum of the local angles
  std::vector<double> limitMin_;
  std::vector<double> limitMax_;
  std::vector<unsigned char> hasLimit_;
  std::vector<double> startAngles_;  // the angles when solve() began, for maxStep
  std::vector<double> scratch_;      // FABRIK's backward pass, 2 * (size + 1)
  double reach_ = 0;
  double maxStep_ = HUGE_VAL;  // of the solve in progress
};

/// The lower-case name of a status as the JS API spells it ("reached", "max_iterations", ...).
const char* toString(ChainStatus status);

}  // namespace ik2d
