// ik2d/chain.hpp: N-bone chains solved by CCD, FABRIK or damped least squares, with joint limits,
// per-call step limits, a pole (bend preference) and blending over the pose the call started from.
//
// A chain hangs from `root` and stores its bones parents first: bone i has a length and a local
// angle, angles[0] is bone 0's world angle and angles[i] is bone i's angle relative to bone i-1.
// Joint i is where bone i starts (joint 0 is the root), so a joint limit on joint i bounds
// angles[i]. Positions follow by forward kinematics in one pass: position 0 is the root and
// position size() is the end effector. (After a FABRIK solve with no limit and no step limit the
// positions are where the passes put them and the angles are recovered from them, so the two agree
// to rounding rather than bit for bit.)
//
// The chain keeps every buffer it needs from reset() on: solve() allocates nothing.
#pragma once

#include <cmath>
#include <vector>

#include "ik2d/joint_limits.hpp"
#include "ik2d/math.hpp"
#include "ik2d/option_list.hpp"

namespace ik2d {

/// How Chain::solve moves the joints.
enum class ChainMethod {
  Ccd,     ///< cyclic coordinate descent: turn each joint from the tip back to the root.
  Fabrik,  ///< forward and backward reaching on positions, angles recovered from them.
  Dls,     ///< damped least squares on the 2 x size Jacobian (Levenberg-Marquardt style), one step
           ///< of every joint at once per iteration.
  Count,   ///< how many methods there are (not a method).
};

/// What happened to a chain solve.
enum class ChainStatus {
  Reached,        ///< error <= tolerance (and, with an angle goal, angle error <= angleTolerance).
  OutOfReach,     ///< the target is farther from the root than the sum of the lengths.
  MaxIterations,  ///< reachable in principle, but not within tolerance after the sweeps allowed
                  ///< (or the limits and step limit keep the end away from it).
  Invalid,        ///< a bad target or option: see `message`; the chain is left as it was.
  Count,          ///< how many statuses there are (not a status).
};

}  // namespace ik2d

/// Chain::solve's options that JS passes as they are: X(name, member, kind, default, low, high,
/// doc); see option_list.hpp. ChainBatch::solve takes the first three (checkBatchSolveOptions).
#define IK2D_CHAIN_SOLVE_OPTIONS(X)                                                                      \
  X("method", method, ChainMethod, ChainMethod::Ccd, 0, 2,                                               \
    "'ccd': cyclic coordinate descent; 'fabrik': forward and backward reaching; 'dls': damped least "    \
    "squares on the chain's Jacobian (every joint at once, one step per iteration)")                     \
  X("iterations", iterations, int, 10, 0, 100000, "at most this many sweeps")                            \
  X("tolerance", tolerance, AtLeast, 1e-3, 0, HUGE_VAL,                                                  \
    "absolute end-to-target distance that counts as reached")                                            \
  X("maxStep", maxStep, Limit, HUGE_VAL, 0, HUGE_VAL,                                                    \
    "the most any joint's local angle may change in this call, radians")                                 \
  X("damping", damping, AtLeast, 0.05, 0, HUGE_VAL,                                                      \
    "'dls' only: the damping lambda in units of the chain's reach. Smaller converges faster, larger is " \
    "steadier near a straight chain. Checked for every method")                                          \
  X("mix", mix, Fraction, 1.0, 0, 1,                                                                     \
    "blend: after solving, every local angle becomes start + mix * (solved - start), the shorter way "   \
    "round (inside a joint's limit, the way within it). 0 leaves the pose as it was. `error` and "       \
    "`status` describe the blended pose")

/// The options of Chain::solve's end angle goal, read (and checked) only with `angle`: the same shape.
#define IK2D_CHAIN_ANGLE_OPTIONS(X)                                                                     \
  X("angleWeight", angleWeight, Fraction, 1.0, 0, 1,                                                    \
    "with `angle`: how much the angle counts against the position. 0 ignores it (the solve without an " \
    "angle, "                                                                                           \
    "`angleError` still reported); 'ccd' and 'fabrik' at 1 lay the end bone along the angle first; "    \
    "'dls' weighs the angle's row by it")                                                               \
  X("angleTolerance", angleTolerance, RadiansAtLeast, 1e-3, 0, HUGE_VAL,                                \
    "with `angle`: the angle error that counts as reached (`Reached` needs the position and the angle)")

namespace ik2d {

static_assert(static_cast<int>(ChainMethod::Count) == 3, "the method's message and range name three methods");

/// Options of Chain::solve: the lists above, the goals (pole, angle) and maxWork.
///
/// - iterations: 0 to kMaxIterations, and within maxWork.
/// - maxStep: infinity = no limit.
/// - damping ('dls'): in units of the chain's reach (so one value works at every scale). 0 is the
///   pseudo-inverse (Gauss-Newton); larger is steadier near a straight chain and slower to converge.
///   Ignored by the other methods (but still checked).
/// - mix: 0 leaves the pose unchanged, 1 (the default, exactly the unblended solve) is the IK pose.
///   error and status describe the pose the chain is left in.
/// - angleWeight: 0 ignores the angle: the solve is exactly the one without an angle goal (its
///   status too), and angleError still reports the angle's distance. CCD and FABRIK at 1 meet the
///   angle first (the end bone is laid along it and the rest of the chain brings it to the target);
///   DLS weighs the angle's row (radians) by it against the position's (units of the reach). A goal
///   that cannot be met whole ends nearer the angle the heavier it weighs.
///
///   With a target within reach, a try that stops getting nearer gives way to Levenberg-Marquardt
///   steps with the angle row, then to restarts from new angles within the limits and maxStep,
///   drawn from a fixed seed (every solve the same), until the goals are met or the sweeps are
///   spent (kind Restart in a stepped solve). A solve that does not meet them ends on the method's
///   own try unless a later one came nearer in both position and angle. Goals from random poses
///   within the limits are met within 50 sweeps in at least 99 % of cases by every method.
struct ChainSolveOptions {
  IK2D_CHAIN_SOLVE_OPTIONS(IK2D_OPTION_MEMBER)
  /// Most joint updates this call may make (a CCD sweep costs about size^2 / 2, a FABRIK sweep
  /// 2 size); at least one sweep always runs. The default keeps every call under a second.
  long long maxWork = 500'000'000;
  /// With usePole, the side to bend toward (see `pole`).
  bool usePole = false;
  /// Bend preference, finite, within kMaxMagnitude. After solving, when the inner joints lie on
  /// the other side of the root-target line than the pole (sum over joints 1..size-1 of
  /// cross(target - root, joint - root) against cross(target - root, pole - root)), they are
  /// mirrored across that line: the end keeps its distance to the target, the lengths hold. The
  /// mirror is skipped when a mirrored angle would leave its limit or exceed maxStep.
  Vec2 pole{};
  /// With useAngle, the end bone's world angle goal as well as the end's position goal.
  bool useAngle = false;
  /// The end bone's world angle goal, radians, finite (any value: wrapped). Mirrored chains take
  /// it in the world, like the target. With an angle goal the pole does not apply (its mirror
  /// would turn the end bone away from the angle).
  double angle = 0;
  IK2D_CHAIN_ANGLE_OPTIONS(IK2D_OPTION_MEMBER)
};

/// Result of Chain::solve. Every number is finite.
struct ChainSolveResult {
  ChainStatus status = ChainStatus::Invalid;  ///< see ChainStatus.
  int iterations = 0;                         ///< sweeps used, 0 when the end was already there.
  double error = 0;                           ///< |end - target| after the call, length units.
  /// With an angle goal (useAngle, at any weight), |end bone's world angle - angle| after the
  /// call, radians (0 to pi); else 0.
  double angleError = 0;
  /// Why the call was refused (status Invalid), naming the field; nullptr otherwise. Static storage.
  const char* message = nullptr;
};

/// What one step of a resumable solve did (Chain::beginSolve, Chain::step).
enum class ChainStepKind {
  Begin,           ///< beginSolve() checked the call and set up; nothing moved yet.
  Stretch,         ///< first sweep, target out of reach: every bone pointed at it, root outward.
  Unbend,          ///< first sweep, chain on a line through the target: joints bent off the line.
  CcdJoint,        ///< one CCD joint update: `joint` turned by `turn` toward the target.
  FabrikBackward,  ///< FABRIK's backward half-pass, from the target in (see backwardPositions()).
  FabrikForward,   ///< FABRIK's forward half-pass, from the root out, constrained: the new pose.
  DlsStep,         ///< one damped-least-squares step: every joint turned at once (Chain::stepTurns()).
  Restart,         ///< an aimed solve that got stuck starts again from new angles within the limits
                   ///< (and maxStep), drawn from a fixed seed; damped least squares steps follow.
  Invalid,         ///< the call was refused (see `message`), or step() had no solve in progress.
  Count,           ///< how many kinds there are (not a kind).
};

/// One step of a resumable solve: the same steps, in the same order, that solve() makes, so
/// stepping until `done` leaves exactly the pose solve() would. Every number is finite.
struct ChainStep {
  ChainStepKind kind = ChainStepKind::Invalid;  ///< see ChainStepKind.
  int iteration = 0;                            ///< the sweep this step belongs to, 1-based (0 for Begin).
  int joint = -1;           ///< CcdJoint: the joint that turned, 0 (the root) to size() - 1; else -1.
  Vec2 pivot{};             ///< CcdJoint: that joint's position.
  Vec2 endBefore{};         ///< CcdJoint: the end effector before the turn.
  double wanted = 0;        ///< CcdJoint: the turn that puts the end on the pivot-target line, radians.
  double turn = 0;          ///< CcdJoint: the local angle change made (after limits, maxStep), radians;
                            ///< DlsStep: the largest change of any joint (each: stepTurns()).
  double error = 0;         ///< |end - target| after this step, length units.
  bool sweepEnd = false;    ///< this step finished a sweep.
  bool done = false;        ///< the solve is over; `result` holds what solve() returns.
  ChainSolveResult result;  ///< valid when done (status, sweeps, error, message).
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

  Chain() = default;
  /// A copy with storage of its own (the arrays point into it).
  Chain(const Chain& other);
  Chain& operator=(const Chain& other);

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
  const double* angles() const;

  /// Limits joint `joint`'s local angle to [min, max], -pi <= min <= max <= pi, and clamps the
  /// current angle into it. A limit spanning the whole circle is no limit. Returns nullptr or a
  /// message.
  const char* setLimit(int joint, double min, double max);
  /// Removes joint `joint`'s limit. Returns nullptr or a message.
  const char* clearLimit(int joint);
  /// True when joint `joint` has a limit (false for an index out of range).
  bool hasLimit(int joint) const { return limits_.hasAt(joint); }
  /// The limit of joint `joint` as set (-pi, pi when it has none).
  double limitMin(int joint) const { return limits_.minAt(joint); }
  double limitMax(int joint) const { return limits_.maxAt(joint); }  ///< see limitMin.

  /// Mirrors the chain across the vertical line through its root (on) or turns it back (off).
  /// Turning it reflects the current pose and nothing else: every position's x becomes
  /// 2 root.x - x, bone 0's world angle a becomes pi - a (the reflected direction) and every other
  /// local angle changes sign. Limits stay as set and act mirrored: a limit [a, b] on joint i > 0
  /// acts as [-b, -a], on joint 0 as [pi - b, pi - a] (its world angle reflected). A mirrored
  /// chain solves in the frame the limits were authored in: solving for M(t) gives M of what the
  /// unmirrored chain gives for t (M reflects x about the root's x), poles and steps included.
  /// reset() keeps the setting (a mirrored chain starts straight along -x). Ends a stepped solve.
  void setMirror(bool on);
  /// True while the chain is mirrored (setMirror).
  bool mirrored() const { return mirrored_; }

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

  /// Starts a resumable solve: checks the call as solve() does and returns a Begin step (done at
  /// once when the end is already within tolerance, or an Invalid step with a message). Then each
  /// step() makes one joint update (CCD) or one half-pass (FABRIK). Any other call that changes
  /// the chain (reset, setRoot, setAngles, setLimit, clearLimit, solve) ends the solve in progress.
  ChainStep beginSolve(Vec2 target, const ChainSolveOptions& options);
  /// Makes the next step of the solve begun by beginSolve(); an Invalid step when none is running.
  ChainStep step();
  /// True while a solve begun by beginSolve() has steps left.
  bool stepping() const { return progress_.active; }
  /// Where FABRIK's last backward half-pass put each joint: 2 * (size() + 1) values like positions().
  const double* backwardPositions() const { return scratch_.data(); }
  /// The local angle change of each joint (size() values, radians, after limits and maxStep) made
  /// by the last DlsStep of the solve in progress or just finished; zeros before its first.
  const double* stepTurns() const { return turns_.data(); }

 private:
  double constrain(int joint, double desired) const;
  void updatePositionsFrom(int bone);
  void setPosition(int index, Vec2 point);
  bool isCollinearWith(Vec2 target) const;
  double nudgeOffLine();
  double placeBoneToward(int bone, Vec2 toward, double& parentWorld);
  double stretchToward(Vec2 target);
  double turnJointToward(int joint, Vec2 target, ChainStep& step);
  double freeCcdSweep(Vec2 target);
  void settleTurnedBones();
  void backwardPass(Vec2 target);
  Vec2 keptDirectionBackward(int i, Vec2 toJoint) const;
  Vec2 keptBoneBackward(int i, Vec2 toJoint) const;
  double forwardPass();
  void syncAngles() const;
  void settleAngles();
  void rebuildAngles(bool fromPositions) const;
  double turnedAngle(int joint) const;
  void finishSweep(ChainStep& step);
  double dlsStep(Vec2 target);
  double dlsAimStep(Vec2 target, double damping);
  bool proposeTurn(int i, double wanted, bool constrained);
  double applyTurns(bool constrained);
  double polishStep(Vec2 target);
  double aimCost(double error) const;
  bool rescue(double error, bool stalled);
  bool keepBetterTry(double error);
  void keepTry(double error);
  double restartAngles();
  double nextRandom();
  double endAngleErrorFromPositions() const;
  static bool aims(const ChainSolveOptions& options) { return options.useAngle && options.angleWeight > 0; }
  double angleErrorNow() const;
  bool aimMet(double error) const;
  Vec2 aimDirection(Vec2 toTarget) const;
  void finishSolve(ChainStep& step);
  bool mirrorTowardPole();
  void blendFromStart();
  void reflect(bool toAuthored);
  double clampShown(size_t bone, double angle) const;
  const char* checkMirroredSolve(Vec2 target, const ChainSolveOptions& options) const;
  ChainSolveResult solveAuthored(Vec2 target, const ChainSolveOptions& options);
  ChainStep stepAuthored();
  const char* checkSolve(Vec2 target, const ChainSolveOptions& options) const;
  ChainStep begin(Vec2 target, const ChainSolveOptions& options, bool withAngles);
  bool needsAngles(const ChainSolveOptions& options) const;
  void readyAngles();
  bool anyConstraint() const { return anyConstraint(maxStep_); }
  bool anyConstraint(double maxStep) const;
  /// A limit or a step limit holds some joint back (anyConstraint() without the angle goal): an
  /// aimed solve of a chain with neither runs CCD's and FABRIK's free paths, on positions only.
  bool holdsJoints() const { return holdsJoints(maxStep_); }
  bool holdsJoints(double maxStep) const { return maxStep < kPi || limits_.count() > 0; }

  // A run of doubles inside storage_, used like the std::vector it replaces.
  struct Slots {
    double* first = nullptr;
    size_t count = 0;
    double* data() const { return first; }
    double* begin() const { return first; }
    double* end() const { return first + count; }
    size_t size() const { return count; }
    double& operator[](size_t i) const { return first[i]; }
  };
  void layOut(size_t bones);

  // Every per-bone array of doubles lives in one allocation, storage_, laid out by layOut() with
  // what a sweep reads first (positions, FABRIK's backward points, lengths): a solve of one chain
  // among a thousand then touches a few neighbouring cache lines, not a dozen scattered ones.
  std::vector<double> storage_;
  Slots positions_;  // 2 * (size + 1), interleaved x, y
  Slots scratch_;    // FABRIK's backward pass, 2 * (size + 1)
  Slots lengths_;
  double reach_ = 0;
  double maxStep_ = HUGE_VAL;  // of the solve in progress
  // The angles' bookkeeping (chain.cpp): angles_ lag the positions after unconstrained solves.
  mutable bool anglesStale_ = false;   // FABRIK moved positions only: syncAngles() recovers the angles
  mutable bool turnsPending_ = false;  // some joint has a pending turn: settleAngles() adds them
  mutable bool shownStale_ = true;     // a turn came since shownAngles_ was worked out
  bool turnsWritten_ = false;          // turns_ holds a DLS step's changes (begin() clears them)
  bool anglesCurrent() const { return !anglesStale_ && !turnsPending_; }
  Slots angles_;        // recovered lazily (through the pointer, from const methods), see syncAngles()
  Slots worldAngles_;   // bone i's world angle, the running sum of the local angles
  Slots startAngles_;   // the angles when solve() began, for maxStep
  Slots pendingTurns_;  // CCD: each joint's turns as one rotation (cos, sin), 2 * size
  Slots shownAngles_;   // angles() with the pending turns, when there are some
  Slots boneVectors_;   // settleTurnedBones(): each bone's settled vector, 2 * size
  Slots turns_;         // dlsStep(): each joint's change in the last step
  Slots keptAngles_;    // an aimed solve's first try, where it got stuck (see rescue())
  Slots savedAngles_;   // polishStep(): the angles before the step, put back when it made things worse
  JointLimits limits_;  // joint i's limit (count() makes anyConstraint() O(1))
  std::vector<unsigned char> held_;  // dlsStep(): joints constrain() held back in this step
  bool aiming_ = false;              // the solve in progress has an angle goal (a constraint)
  bool mirrored_ = false;            // setMirror(): the stored pose is the authored one reflected
  // Mirrored: the authored state (storage_ and the bookkeeping flags) as it was before it was
  // last reflected out, restored bit for bit on the way back in unless the pose was edited since
  // (chain_mirror.cpp), so that a mirrored chain's solves are the plain chain's, reflected once.
  std::vector<double> authored_;
  bool authoredKept_ = false;
  bool authoredStale_ = false, authoredPending_ = false, authoredShownStale_ = true;

  // Where the solve in progress stands (solve() and beginSolve()/step() share it).
  enum class Phase { StartSweep, UnbendCcd, Ccd, FabrikBackward, FabrikForward, Dls, Polish };
  Phase methodPhase() const;
  struct Progress {
    bool active = false;
    Vec2 target{};
    ChainMethod method = ChainMethod::Ccd;
    double tolerance = 0;
    int sweeps = 0;                // sweeps allowed (options and the work budget)
    bool outOfReach = false;       // target farther than the reach
    bool wristOutOfReach = false;  // aimed, free, weight 1: the goal bone's start beyond the rest's reach
    int iteration = 0;             // sweeps started
    double change = 0;             // largest joint change in this sweep, radians
    Phase phase = Phase::StartSweep;
    int nextJoint = 0;     // CCD: the joint the next step turns
    bool detailed = true;  // measure the error after every step, not just after each sweep
    double damping = 0;    // Dls: lambda over the reach
    double mix = 1;        // blend applied when the solve finishes
    bool usePole = false;  // mirror toward `pole` when the solve finishes
    Vec2 pole{};
    double angle = 0;           // the end bone's world angle goal (with aiming_)
    Vec2 aim{1, 0};             // its direction, (cos angle, sin angle)
    Vec2 wristGoal{};           // target - angleWeight l_last aim: CCD's goal for all but the last joint
    double angleWeight = 1;     // how much it counts, 0 to 1
    double angleTolerance = 0;  // reached within
    // An aimed solve within reach gets out of a stuck try (chain_rescue.cpp).
    bool rescues = false;                      // it may
    int tries = 1;                             // 1: the method's own sweeps; then polish, then restarts
    bool polishing = false;                    // the sweeps are damped least squares steps with the angle row
    bool restartPending = false;               // the next sweep starts with new angles
    double checkpoint = 0;                     // the cost the try must cut to kProgress of
    int checkpointSweep = 0;                   // the sweep that set it
    unsigned long long random = 0;             // splitmix64 state of the restarts
    double keptError = 0, keptAngleError = 0;  // of keptAngles_
    double polishDamping = 0;                  // polishStep()'s lambda, adapted step by step
    bool refused = false;       // the last polish step was taken back (not a stall: the damping grew)
    bool reportsAngle = false;  // useAngle (at weight 0 the solve ignores it but reports its error)
  };
  Progress progress_;
};

/// Checks the options Chain::solve and ChainBatch::solve share: nullptr, or a message naming the
/// first bad field (the one set of checks and messages for both).
const char* checkSolveOptions(ChainMethod method, int iterations, double tolerance);

/// The options of Chain::solve that ChainBatch::solve does not take: its sweeps run on positions,
/// so it has no Jacobian to damp, no starting angles to blend from or mirror, and no end angle goal.
enum class ChainOnlyOption {
  None,     ///< none was given.
  Damping,  ///< ChainSolveOptions::damping.
  Mix,      ///< ChainSolveOptions::mix.
  Pole,     ///< ChainSolveOptions::pole.
  Angle,    ///< ChainSolveOptions::angle (useAngle).
  Count,    ///< how many there are (not an option).
};

/// ChainBatch::solve's checks: checkSolveOptions(), then a refusal of method Dls and of the first
/// Chain-only option given (`given`). nullptr, or the message.
const char* checkBatchSolveOptions(ChainMethod method, int iterations, double tolerance,
                                   ChainOnlyOption given);

/// The lower-case name of a status as the JS API spells it ("reached", "max_iterations", ...).
const char* toString(ChainStatus status);
/// The name of a method as the JS API spells it ("ccd", "fabrik", "dls").
const char* toString(ChainMethod method);
/// The name of a Chain-only option as the JS API spells it ("damping", "mix", "pole", "angle"; ""
/// for None).
const char* toString(ChainOnlyOption option);
/// The name of a step kind as the JS API spells it ("begin", "ccd_joint", ...).
const char* toString(ChainStepKind kind);

}  // namespace ik2d
