// ik2d/skeleton.hpp: trees of bones with several end effectors, solved by FABRIK with sub-bases.
//
// A skeleton hangs from `root` and lists its bones parents first: bone i has a parent (-1 for the
// root, else an index below i), a length and a local angle (relative to its parent's world angle;
// a bone on the root has its world angle). An optional limit bounds a bone's local angle.
// Position 0 is the root and position i + 1 is the end of bone i; bone i starts at its parent's
// end (or at the root). Positions follow from the angles by forward kinematics in one pass.
//
// solve() takes one target per effector bone (any bones, leaves or not) and moves the pose toward
// them from the current angles. The skeleton keeps every buffer it needs from reset() on: solve()
// allocates nothing. Messages name the bone or effector at fault and live in the skeleton's own
// buffer until its next call.
#pragma once

#include <vector>

#include "ik2d/chain.hpp"
#include "ik2d/joint_limits.hpp"
#include "ik2d/math.hpp"
#include "ik2d/second_order.hpp"

namespace ik2d {

/// One bone of a skeleton as reset() takes it.
struct SkeletonBone {
  int parent = -1;      ///< index of the parent bone, below this bone's own index; -1 hangs it from the root.
  double length = 1.0;  ///< length units, finite and > 0.
  double angle = 0.0;   ///< local angle, radians (relative to the parent; world for a bone on the root).
};

/// One end effector of a solve: bone `bone`'s end should reach `target` (and, with useAngle, the
/// bone's world angle `angle`).
struct SkeletonEffector {
  int bone = 0;   ///< the bone whose end is pulled, 0 to size() - 1; each bone at most once per solve.
  Vec2 target{};  ///< where that end should go, finite.
  bool useAngle = false;  ///< with an angle goal: the bone's world angle should become `angle`.
  double angle = 0;       ///< the world angle goal, radians, finite (wrapped); in the world when mirrored.
  /// How much this effector counts when the goals conflict, 0 to 1 (1: the default). The heavier
  /// effector ends nearer its goal; 0 is the same as leaving the effector out (its error is still
  /// reported).
  double weight = 1;
};

/// How Skeleton::solve moves the bones.
enum class SkeletonMethod {
  /// FABRIK with sub-bases: backward per branch, centroid at each branch point, forward. With two
  /// or more effectors (up to kMaxDlsEffectors), or a limit on a bone that moves, each sweep ends
  /// with one damped least squares step.
  Fabrik,
  Count,  ///< how many methods there are (not a method).
};

/// The method's name as the JS API spells it ("fabrik").
const char* toString(SkeletonMethod method);

/// Options of Skeleton::solve.
struct SkeletonSolveOptions {
  SkeletonMethod method = SkeletonMethod::Fabrik;  ///< which solver.
  int iterations = 20;      ///< at most this many sweeps, 0 to Skeleton::kMaxIterations.
  double tolerance = 1e-3;  ///< largest end-to-target distance that counts as reached, >= 0.
  /// Most bone placements this call may make (a sweep costs twice the bones between the root and
  /// the effectors); at least one sweep always runs. The default keeps every call under a second.
  long long maxWork = 500'000'000;
  /// The angle error that counts as reached for an effector with an angle goal, radians, >= 0.
  double angleTolerance = 1e-3;
};

/// Result of Skeleton::solve. Every number is finite. The status names are Chain's: `Reached` iff
/// every effector of weight > 0 has its error <= tolerance (and, with an angle goal, its angle
/// error <= angleTolerance); `OutOfReach` when, not reached, some target lies farther
/// from the root than the summed lengths from the root to its bone's end; `MaxIterations` otherwise
/// (the sweeps ran out, or the targets conflict and the pose settled on a compromise); `Invalid`
/// when the call was refused (see `message`; the skeleton is then left as it was).
struct SkeletonSolveResult {
  ChainStatus status = ChainStatus::Invalid;  ///< see above.
  int iterations = 0;                         ///< sweeps used, 0 when every end was already there.
  /// |end - target| per effector, in the order given: `effectorCount` values in the skeleton's own
  /// storage (valid until its next call); none when the call was refused.
  const double* errors = nullptr;
  int effectorCount = 0;  ///< number of values in `errors`.
  /// |bone's world angle - angle| per effector, radians, in the order given (0 for an effector
  /// without an angle goal); like `errors`, valid until the skeleton's next call.
  const double* angleErrors = nullptr;
  /// Why the call was refused, naming the effector or field; nullptr otherwise. Valid until the next call.
  const char* message = nullptr;
};

/// A tree of bones. Default-constructed it has no bones: call reset() first.
class Skeleton {
 public:
  /// Most bones a skeleton may have (every bone may be an effector, so also the most effectors):
  /// Chain's bound.
  static constexpr int kMaxBones = Chain::kMaxBones;
  /// Most sweeps one solve may ask for: Chain's bound.
  static constexpr int kMaxIterations = Chain::kMaxIterations;
  /// Most effectors the damped least squares step of a FABRIK sweep handles (its linear system has
  /// two rows per effector); a solve with more runs FABRIK alone.
  static constexpr int kMaxDlsEffectors = 64;

  /// Rebuilds the skeleton from `count` bones, parents first, no limits. Returns nullptr, or a
  /// message naming the bone at fault (a parent after its child, a cycle, a bad length...); the
  /// skeleton is then left unchanged.
  const char* reset(Vec2 root, const SkeletonBone* bones, int count);
  /// reset() from `count` records of three numbers each: parent, length, angle (the form the
  /// bindings pass). A parent that is not a whole number is refused by name.
  const char* resetFromRecords(Vec2 root, const double* records, int count);

  /// Number of bones.
  int size() const { return static_cast<int>(lengths_.size()); }
  /// Parent of bone `bone` (-1: the root).
  int parent(int bone) const { return parents_[static_cast<size_t>(bone)]; }
  /// Length of bone `bone`.
  double boneLength(int bone) const { return lengths_[static_cast<size_t>(bone)]; }
  /// Summed lengths from the root to the end of bone `bone`: how far that end can get from the root.
  double pathReach(int bone) const { return pathReach_[static_cast<size_t>(bone)]; }
  /// Sum of every length: the scale of the skeleton.
  double totalLength() const { return totalLength_; }

  /// Moves the root; the angles stay. Returns nullptr or a message.
  const char* setRoot(Vec2 root);
  /// The root, position 0.
  Vec2 root() const { return position(0); }

  /// Sets the local angles (radians, `count` must equal size()); each is wrapped and clamped into
  /// its bone's limit. Returns nullptr or a message (skeleton unchanged).
  const char* setAngles(const double* angles, int count);
  /// Local angles, size() values in (-pi, pi] (a limit of exactly -pi may hold -pi).
  const double* angles() const { return angles_.data(); }

  /// Limits bone `bone`'s local angle to [min, max], -pi <= min <= max <= pi, and clamps the
  /// current angle into it. Returns nullptr or a message naming the bone.
  const char* setLimit(int bone, double min, double max);
  /// Removes bone `bone`'s limit. Returns nullptr or a message.
  const char* clearLimit(int bone);
  /// True when bone `bone` has a limit (false for an index out of range).
  bool hasLimit(int bone) const { return limits_.hasAt(bone); }
  /// The limit of bone `bone` as set (-pi, pi when it has none).
  double limitMin(int bone) const { return limits_.minAt(bone); }
  double limitMax(int bone) const { return limits_.maxAt(bone); }  ///< see limitMin.

  /// A message for a bone index that is not a whole number from 0 to size() - 1 (nullptr when it
  /// is one): the one check of a bone index, for callers whose indices arrive as doubles as well
  /// as for an int. `field` names the argument.
  const char* checkBoneIndex(double bone, const char* field);

  /// Mirrors the skeleton across the vertical line through its root (on) or turns it back (off),
  /// as Chain::setMirror does: turning it reflects the current pose and nothing else (each x
  /// becomes 2 root.x - x, a bone on the root's world angle a becomes pi - a, every other local
  /// angle changes sign). Limits stay as set and act mirrored ([a, b] as [-b, -a]; on a bone on
  /// the root as [pi - b, pi - a]); effector targets and angles are taken as given, in the world.
  /// Solving for M(t) gives M of what the unmirrored skeleton gives for t (M reflects x about
  /// the root's x). reset() keeps the setting and reflects the bones' rest angles.
  void setMirror(bool on);
  /// True while the skeleton is mirrored (setMirror).
  bool mirrored() const { return mirrored_; }

  /// Most steps one step() call may make.
  static constexpr int kMaxSpringSteps = kMaxStepCount;

  /// Makes bone `bone` a spring bone: from now on its local angle follows, with the second-order
  /// dynamics of SecondOrder2 (`options`: frequency, damping, response), the local angle that
  /// solving or setAngles gives it (its driven angle). The spring works on the bone's world angle,
  /// so it lags behind when its parent turns (hair, a tail) and comes to rest on the driven angle;
  /// step() advances it. Starts at rest on the current pose. A spring bone's shown angle is
  /// clamped into its limit. With damping >= 1 (and response <= 1) it never swings past its goal,
  /// however long a step. Returns nullptr or a message naming the bone or the option.
  const char* setSpring(int bone, const SecondOrderOptions& options);
  /// Bone `bone` follows its driven angle at once again (and takes it now). nullptr or a message.
  const char* clearSpring(int bone);
  /// True when bone `bone` is a spring bone (false for an index out of range).
  bool hasSpring(int bone) const;
  /// Advances every spring bone by `steps` steps of `dt` seconds (dt > 0, at most 1000; steps a
  /// whole number from 1 to kMaxSpringSteps), parents first within each step: step(dt, n) is n
  /// calls of step(dt), bit for bit. Returns nullptr or a message (nothing moves then).
  const char* step(double dt, int steps = 1);
  /// step()'s check of its arguments, for callers whose step count arrives as a double: nullptr
  /// or the message step() gives (dt named first).
  const char* checkStep(double dt, double steps);

  /// Positions x, y: 2 * (size() + 1) values, the root first, then the end of bone i at 2 (i + 1).
  const double* positions() const { return positions_.data(); }
  /// Position `index`: 0 the root, i + 1 the end of bone i.
  Vec2 position(int index) const {
    const auto at = 2 * static_cast<size_t>(index);
    return {positions_[at], positions_[at + 1]};
  }
  /// Where the last solve's last backward pass put each position (the sub-base centroids among
  /// them), laid out like positions(); positions no effector pulled are left where they were.
  const double* backwardPositions() const { return backward_.data(); }

  /// Moves the effectors' ends toward their targets from the current angles (warm start). Keeps
  /// every length and limit; allocates nothing; a call that is refused changes nothing.
  SkeletonSolveResult solve(const SkeletonEffector* effectors, int count,
                            const SkeletonSolveOptions& options);
  /// solve() from `count` records of three numbers each: bone, target x, target y; with
  /// `recordSize` 6: bone, target x, target y, useAngle (0 or 1), angle, weight.
  SkeletonSolveResult solveFromRecords(const double* records, int count, const SkeletonSolveOptions& options,
                                       int recordSize = 3);

 private:
  template <class ReadBone>
  const char* build(Vec2 root, int count, ReadBone read);
  template <class ReadEffector>
  SkeletonSolveResult solveMirrored(int count, const SkeletonSolveOptions& options, ReadEffector read);
  void reflect(bool toAuthored);
  void driveSprings();
  void showSprings();
  void stepSprings(double dt);
  double clampShown(size_t bone, double angle) const;
  template <class ReadEffector>
  SkeletonSolveResult solveWith(int count, const SkeletonSolveOptions& options, ReadEffector read);
  const char* checkOptions(int count, const SkeletonSolveOptions& options);
  void markActive(int count);
  bool startsOnALine(int count) const;
  void nudgeOffLine();
  void backwardPass();
  void forwardPass();
  bool polish(int count, double& damping);
  bool solveNormalEquations(int count, double damping);
  double polishTurn(int bone, int count) const;
  void restartFailing(int count, int round);
  double nextRandom();
  Vec2 perpendicularArm(int bone, Vec2 pivot) const;
  double sumOfSquaredErrors(int count) const;
  double largestMoveInSweep() const;
  bool inSubtree(int ancestor, int bone) const {
    return enter_[static_cast<size_t>(ancestor)] <= enter_[static_cast<size_t>(bone)] &&
           leave_[static_cast<size_t>(bone)] <= leave_[static_cast<size_t>(ancestor)];
  }
  void rebuildAngles();
  void updatePositions();
  bool measureErrors(int count, double tolerance);
  double angleErrorOf(const SkeletonEffector& effector) const;
  int effectorColumn(int k, int j, Vec2 pivot, double column[3]) const;
  const char* fail(const char* format, ...);
  void setPosition(int index, Vec2 point);
  Vec2 pointIn(const std::vector<double>& points, int index) const {
    const auto at = 2 * static_cast<size_t>(index);
    return {points[at], points[at + 1]};
  }

  std::vector<int> parents_;
  std::vector<double> lengths_;
  std::vector<double> angles_;
  std::vector<double> worldAngles_;  // bone i's world angle: its parent's plus its own local angle
  JointLimits limits_;               // bone i's limit on its local angle
  std::vector<double> pathReach_;
  std::vector<double> positions_;  // 2 * (size + 1), interleaved x, y
  double totalLength_ = 0;

  // Solve state, sized by reset() so that solve() allocates nothing.
  std::vector<double> backward_;      // backward-pass positions, 2 * (size + 1)
  std::vector<double> sums_;          // per position: sum of the points proposed for it
  std::vector<double> proposals_;     // per position: the summed weight of the points proposed
  std::vector<double> branchWeight_;  // per position: the heaviest effector weight at or beyond it
  std::vector<double> before_;        // positions before a forward pass
  std::vector<int> activeBones_;      // bones between the root and an effector, parents first
  int activeCount_ = 0;
  int effectorCount_ = 0;
  std::vector<unsigned> activeStamp_;        // == stamp_: bone is active in this solve
  std::vector<unsigned> effectorStamp_;      // == stamp_: bone is an effector in this solve
  std::vector<int> effectorSlot_;            // bone -> its index in effectors_
  std::vector<int> activeChildren_;          // per position: active bones starting there
  std::vector<int> onlyChild_;               // per position: the last active bone starting there
  std::vector<SkeletonEffector> effectors_;  // this solve's effectors of weight > 0, in order
  std::vector<SkeletonEffector> given_;      // the effectors as given
  std::vector<int> givenSlot_;               // effectors_[j] is given_[givenSlot_[j]]
  std::vector<int> effectorRow_;             // polish: effector j's first row (2 or 3 rows each)
  std::vector<unsigned char> effectorMet_;   // effector j within its tolerances
  std::vector<double> errors_;
  std::vector<double> angleErrors_;
  std::vector<double> givenErrors_, givenAngleErrors_;  // per effector as given
  int rowCount_ = 0;
  int givenCount_ = 0;
  bool anyAngle_ = false;
  double angleTolerance_ = 0;
  std::vector<int> enter_, leave_;      // depth-first order: bone b is under a iff enter/leave nest
  double inverseScale_ = 1;             // 1 / the solve's scale, so no product overflows
  std::vector<double> normal_;          // polish: J J^T + damping^2 I, then its Cholesky factor
  std::vector<double> weights_;         // polish: targets - ends, then the solved weights
  std::vector<double> savedAngles_;     // polish: the angles before a trial step
  std::vector<double> sweepAngles_;     // the angles when a polished sweep began
  std::vector<double> foundAngles_;     // a mirrored or sprung solve's pose as it found it
  std::vector<double> foundPositions_;  // (put back exactly when the call is refused)
  std::vector<double> bestAngles_;      // restarts: the angles with the least error so far
  unsigned long long randomState_ = 0;  // restarts: the generator, reseeded by every solve
  // The last solve restarted and still missed a target, and nothing was edited since: the same
  // targets again are not restarted (their tries would find nothing better).
  bool restartsSpent_ = false;
  std::vector<unsigned char> pinned_;  // polish: bone held at its limit, left out of the step
  unsigned stamp_ = 0;
  char message_[256] = {};
  // Mirror (skeleton_mirror.cpp): the pose is stored as shown; a solve runs in the authored frame,
  // whose state is kept from when it was last reflected out and restored bit for bit unless the
  // pose was edited since.
  bool mirrored_ = false;
  bool authoredKept_ = false;
  // Spring bones (skeleton_spring.cpp), in the authored frame: per bone whether it springs, its
  // constants, its world angle and velocity, the goal it had at the last step, its driven angle.
  int springCount_ = 0;
  std::vector<unsigned char> springs_;
  std::vector<SecondOrderConstants> springConstants_;
  std::vector<unsigned char> springDamped_;  // damping >= 1, response <= 1: never past the goal
  std::vector<double> springAngle_, springVelocity_, springGoal_, drivenAngles_;
  std::vector<double> authored_;  // angles, world angles, positions, backward positions
};

}  // namespace ik2d
