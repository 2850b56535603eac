// ik2d/creature.hpp: procedural creatures seen from above: lizards, snakes, fish, centipedes.
//
// A creature is a spine of points (head first) that follows its head like a FollowChain, a skin
// drawn around it from per-point widths, eyes, fins for a fish, and legs: each leg hangs from a
// spine point and is solved every step by the analytic two-bone solver, its foot planted on the
// ground until it drifts too far from where it should be, then carried along an arc to a new spot.
//
// Each step (split into substeps of at most 1/60 s):
// 1. The steering target eases toward the goal by second-order dynamics (SecondOrder2 with the
//    spring options). The head turns toward it by at most turnRate·dt (plus a wiggle for snakes
//    and fish) and moves along its heading by at most speed·dt, slower the more the target is off
//    to the side, and not at all within one spacing of it.
// 2. The body follows the head (spacings kept, every bend within maxBend). If that would stretch
//    a planted leg beyond its reach, the move is cut short: the body waits for the gait.
// 3. Gait: a planted foot never moves (a step() longer than a foot's step, up to 0.1 s, may hold a
//    whole step of it, lift-off to landing: its `steps` count tells). A foot whose spot (beside its hip,
//    relative to the body) is more than stepThreshold away, or whose leg is nearly out of reach, asks to
//    step; through GaitCoordinator its group lifts only while every other group is planted. A lifted foot
//    eases toward its spot (plus a lead in the direction of travel) along an arc that bulges outward by up to
//    stepHeight, and plants at the end.
// 4. Legs: two-bone solves (solveTwoBoneLimb, the kernel ik.solveTwoBone runs), the knee's side
//    chosen per side of the body so that front elbows point back and (with rearKneesForward) hind
//    knees point forward.
// 5. Skin, eyes and fins from the new spine; the skin's width pulses by `bob` with the gait.
#pragma once

#include <cstdint>
#include <vector>

#include "ik2d/gait.hpp"
#include "ik2d/math.hpp"
#include "ik2d/option_list.hpp"
#include "ik2d/second_order.hpp"

namespace ik2d {

/// The creature presets.
enum class CreatureKind {
  Lizard = 0,     ///< four legs, a long tapering tail.
  Snake = 1,      ///< no legs, a long thin body that winds as it goes.
  Fish = 2,       ///< no legs, a short body with fins that sway with its curve.
  Centipede = 3,  ///< many short legs, two per body point, in two alternating groups.
  Count = 4,      ///< how many kinds there are (not a kind).
};

/// The lower-case name of a kind ("lizard", "snake", "fish", "centipede").
const char* toString(CreatureKind kind);

/// Most spine points a creature may have.
inline constexpr int kCreatureMaxSegments = 64;
/// Most legs a creature may have (in pairs, one on each side).
inline constexpr int kCreatureMaxLegs = 48;
/// Points of the skin: two per spine point and three on each end cap.
inline constexpr int kCreatureMaxOutline = 2 * kCreatureMaxSegments + 6;
/// Most fins (a fish has six: two pectoral, two pelvic, two tail lobes).
inline constexpr int kCreatureMaxFins = 6;

}  // namespace ik2d

/// Creature's scalar options: X(name, member, type, default, low, high, doc); see option_list.hpp.
/// The defaults are the lizard's (creaturePreset(CreatureKind::Lizard) == CreatureOptions{}).
#define IK2D_CREATURE_OPTIONS(X)                                                                         \
  X("kind", kind, CreatureKind, CreatureKind::Lizard, 0, 3, "the preset every other option defaults to") \
  X("x", x, double, 0.0, -1e9, 1e9, "the head's start, x, units")                                        \
  X("y", y, double, 0.0, -1e9, 1e9, "the head's start, y, units")                                        \
  X("heading", heading, double, 0.0, -1000, 1000, "the start heading, radians; the body trails behind")  \
  X("segments", segments, int, 14, 2, 64, "spine points, head first")                                    \
  X("spacing", spacing, double, 12.0, 1e-6, 1e6, "distance between spine points, units")                 \
  X("maxBend", maxBend, double, 0.45, 0, 3.141592653589793,                                              \
    "largest turn between consecutive spine segments, radians")                                          \
  X("speed", speed, double, 160.0, 0, 1e9, "the head's top speed, units per second")                     \
  X("turnRate", turnRate, double, 4.0, 0, 1000, "the head's fastest turn, radians per second")           \
  X("legs", legs, int, 4, 0, 48, "legs, an even number: pairs, left (+1) then right (-1)")               \
  X("upperLength", upperLength, double, 16.0, 1e-6, 1e6, "hip to knee, units")                           \
  X("lowerLength", lowerLength, double, 16.0, 1e-6, 1e6, "knee to foot, units")                          \
  X("stepThreshold", stepThreshold, double, 18.0, 1e-6, 1e6,                                             \
    "how far a planted foot may drift from its spot before it steps, units")                             \
  X("stepHeight", stepHeight, double, 5.0, 0, 1e6, "how far a stepping foot's arc bulges out, units")    \
  X("gaitGroups", gaitGroups, int, 2, 1, 16,                                                             \
    "gait groups: a group lifts only while every other group is planted")                                \
  X("rearKneesForward", rearKneesForward, int, 1, 0, 1,                                                  \
    "1: legs in the rear half bend their knees forward (a lizard's hind legs); 0: all back")             \
  X("bob", bob, double, 0.06, 0, 0.5, "how much the skin's width pulses with the gait, a fraction")      \
  X("wiggle", wiggle, double, 0.12, 0, 1.5, "amplitude of the head's side-to-side winding, radians")     \
  X("fins", fins, int, 0, 0, 1, "1: grow fins (the fish's preset); 0: none")                             \
  X("springFrequency", springFrequency, double, 2.0, 0.001, 1000,                                        \
    "the steering target's spring: natural frequency f, Hz")                                             \
  X("springDamping", springDamping, double, 1.0, 0, 100,                                                 \
    "the steering target's damping ratio zeta (below 1 it overshoots)")                                  \
  X("springResponse", springResponse, double, 0.0, -100, 100,                                            \
    "the steering target's initial response r (above 1 it overshoots at once, below 0 it anticipates)")

/// Creature's per-point and per-pair arrays: X(name, member, type, capacity, doc). Only the first
/// `segments` (widths), `segments - 1` (spacings) or `legs / 2` (legAnchors) entries are read.
#define IK2D_CREATURE_ARRAYS(X)                                                                         \
  X("spacings", spacings, double, kCreatureMaxSegments, "gap from point i to i + 1, units; 0: spacing") \
  X("widths", widths, double, kCreatureMaxSegments, "full body width at point i, units, 1e-6 to 1e6")   \
  X("legAnchors", legAnchors, int, kCreatureMaxLegs / 2, "the spine point leg pair k hangs from")

namespace ik2d {

/// Settings of a creature. Scalars come from IK2D_CREATURE_OPTIONS; the arrays are below.
struct CreatureOptions {
  IK2D_CREATURE_OPTIONS(IK2D_OPTION_MEMBER)
  /// Gap from spine point i to i + 1, units (1e-6 to 1e6), or 0 for `spacing`.
  double spacings[kCreatureMaxSegments] = {};
  /// Full body width at spine point i, units, 1e-6 to 1e6: the skin and where hips sit.
  double widths[kCreatureMaxSegments] = {18, 15, 20, 26, 28, 28, 26, 22, 16, 12, 9, 7, 5, 3};
  /// The spine point (0 to segments - 1) leg pair k (legs 2k left, 2k + 1 right) hangs from.
  int legAnchors[kCreatureMaxLegs / 2] = {3, 7};
};

/// nullptr when every scalar option of `options` (IK2D_CREATURE_OPTIONS) is within its range, else
/// the message naming the first that is not. (Creature::reset checks these and the arrays; a
/// binding asks this first, before it sizes anything by segments or legs.)
const char* checkCreatureScalars(const CreatureOptions& options);

/// The preset for `kind`: every field filled (at scale 1: lengths in units of about a pixel).
CreatureOptions creaturePreset(CreatureKind kind);

/// Fills the arrays of `options` that the caller left out (`widths`, `legAnchors`: false) from the
/// preset of `options.kind`, stretched end to end to `options.segments` widths and `options.legs / 2`
/// anchors (an anchor rounded to a whole spine point; as the preset's when the counts are the
/// preset's). The arrays past those counts become 0. Scalars must be in range
/// (checkCreatureScalars) first.
void fillPresetArrays(CreatureOptions& options, bool widths, bool legAnchors);

/// One leg, as last solved. Every member is a double so that the state is one flat array of
/// doubles (see CreatureState).
struct CreatureLeg {
  Vec2 hip;             ///< where the leg joins the body, beside its spine point.
  Vec2 knee;            ///< the two-bone joint: upperLength from the hip, lowerLength from the foot.
  Vec2 foot;            ///< the foot; fixed while planted.
  double planted = 1;   ///< 1 while planted, 0 while stepping.
  double group = 0;     ///< gait group, 0 to gaitGroups - 1.
  double side = 1;      ///< +1: on the left of the body (counter-clockwise of its heading), -1: right.
  double lift = 0;      ///< how far the foot is off the ground in its arc, units (0 when planted).
  double progress = 0;  ///< 0 to 1 through the current step (0 when planted).
  double anchor = 0;    ///< the spine point it hangs from.
  double steps = 0;     ///< how many times it has landed.
  Vec2 rest;            ///< where the foot rests for the body as it is now: a step aims here (and ahead).
};

/// An ellipse (a fin), angle radians from +x.
struct CreatureEllipse {
  Vec2 center;         ///< its centre, units.
  double radiusX = 0;  ///< half its length along `angle`, units.
  double radiusY = 0;  ///< half its width, units.
  double angle = 0;    ///< direction of its long axis, radians in (-pi, pi].
};

/// Everything a drawing needs, as plain doubles in one block (a JS view can read it in place).
/// Only the first Creature::segmentCount() spine points, legCount() legs, outlineCount() outline
/// points and finCount() fins are in use.
struct CreatureState {
  double heading = 0;    ///< where the head points, radians in (-pi, pi].
  double speed = 0;      ///< how fast the head moved in the last substep, units per second.
  double bob = 0;        ///< the skin's width pulse now, a fraction (0 to the `bob` option).
  double phase = 0;      ///< the winding phase, radians (grows with distance travelled).
  Vec2 goal;             ///< the goal set by setGoal (or the start).
  Vec2 target;           ///< the steering target easing toward the goal.
  Vec2 eyes[2];          ///< the eyes, left then right, units.
  double eyeRadius = 0;  ///< the eyes' radius, units.
  double spine[2 * kCreatureMaxSegments] = {};  ///< x0, y0, x1, y1, ...: head first.
  CreatureLeg legs[kCreatureMaxLegs];           ///< the legs, pairs left then right.
  Vec2 outline[kCreatureMaxOutline];            ///< the skin: a closed polygon, counter-clockwise.
  CreatureEllipse fins[kCreatureMaxFins];       ///< the fins, if any.
};

/// A procedural creature (see the file comment). Default-constructed it is the default lizard at
/// the origin. Holds no heap memory: a vector of creatures is one block.
class Creature {
 public:
  /// Largest coordinate magnitude accepted for a goal, units.
  static constexpr double kMaxCoordinate = 1e9;
  /// Longest substep, seconds: step() splits anything longer.
  static constexpr double kMaxSubstep = 1.0 / 60;

  /// The default lizard (CreatureOptions{}) at the origin, facing +x.
  Creature();
  /// Rebuilds the creature: the head at (x, y) facing `heading`, the body straight behind it,
  /// every foot planted on its spot, the goal on the head. Returns nullptr or a message naming the
  /// bad field (the creature is then left unchanged).
  const char* reset(const CreatureOptions& options);
  /// Where the creature goes (finite, within kMaxCoordinate). Returns nullptr or a message.
  const char* setGoal(Vec2 goal);
  /// Advances `dt` seconds (greater than 0, at most 0.1). Returns nullptr or a message naming dt.
  /// Never allocates.
  const char* step(double dt);

  /// The state: spine, legs, skin, eyes, fins.
  const CreatureState& state() const { return state_; }
  /// The settings in force.
  const CreatureOptions& options() const { return options_; }
  /// Spine point `index` (0 = the head, to segmentCount() - 1).
  Vec2 spinePoint(int index) const { return {state_.spine[2 * index], state_.spine[2 * index + 1]}; }
  /// Gap between spine points `index` and `index + 1`, units.
  double spacing(int index) const { return spacing_[index]; }
  /// Number of spine points.
  int segmentCount() const { return options_.segments; }
  /// Number of legs.
  int legCount() const { return options_.legs; }
  /// Number of points of the skin (state().outline).
  int outlineCount() const { return 2 * options_.segments + 6; }
  /// Number of fins (state().fins).
  int finCount() const { return options_.fins ? kCreatureMaxFins : 0; }

 private:
  void substep(double h);
  bool moveHead(double h, Vec2& head);
  bool plantedLegsFit(const double* spine) const;
  double stepDuration() const;
  // The body's frame at spine point `index` of `spine`: kept up to date for the creature's own
  // spine, worked out for any other (a trial move's).
  void frameAt(const double* spine, int index, Vec2& forward, Vec2& left) const {
    if (spine == state_.spine) {
      forward = forward_[index];
      left = left_[index];
    } else {
      computeFrame(spine, index, forward, left);
    }
  }
  void computeFrame(const double* spine, int index, Vec2& forward, Vec2& left) const;
  void updateFrames();
  Vec2 hipOf(const double* spine, int leg, Vec2& forward, Vec2& left) const;
  Vec2 hipBeside(const double* spine, int leg, Vec2 left) const;
  Vec2 spotOf(int leg, Vec2 hip, Vec2 forward, Vec2 left) const;
  Vec2 withinReach(Vec2 hip, Vec2 foot, Vec2 outward) const;
  void updateGait(double h);
  void solveLegs();
  void shape();

  CreatureOptions options_;
  CreatureState state_;
  SecondOrder2 steer_;
  GaitCoordinator gait_;
  double spacing_[kCreatureMaxSegments] = {};
  double inverseSpacing_[kCreatureMaxSegments] = {};
  double trial_[2 * kCreatureMaxSegments] = {};
  Vec2 forward_[kCreatureMaxSegments];  // the body's frame at each spine point (see frameAt)
  Vec2 left_[kCreatureMaxSegments];
  Vec2 stepFrom_[kCreatureMaxLegs];
  double reachBefore_[kCreatureMaxLegs] = {};  // each planted leg's hip-foot distance before a move
  int hipsReach_ = 0;                          // spine points up to one past the last hip
  double legCos_[kCreatureMaxLegs] = {};       // each leg's spot direction: forward, sideways parts
  double legSin_[kCreatureMaxLegs] = {};
  double legBend_[kCreatureMaxLegs] = {};  // the two-bone bend, +1 or -1
  double stepTime_ = 0.1;                  // duration of the current steps, seconds
  double bendCos_ = -1, bendSin_ = 0;
  bool bendActive_ = false;
  double reach_ = 0, restDistance_ = 0;
  double plantedLow_ = 0, plantedHigh_ = 0;    // planted feet stay this far from their hips
  double airborneLow_ = 0, airborneHigh_ = 0;  // stepping feet are kept this far
  double strainedLow_ = 0, strainedHigh_ = 0;  // a planted foot beyond these must step
};

/// Many creatures of one kind in one contiguous block, stepped together.
class CreatureCrowd {
 public:
  /// Most creatures in a crowd: 10 000 of the largest creature (about 16.6 KB each) take 166 MB.
  static constexpr int kMaxCount = 10000;
  /// nullptr when `count` is from 0 to kMaxCount, else the message naming it (asked before
  /// anything proportional to it is made).
  static const char* checkCount(int count);
  /// Makes `count` (0 to kMaxCount) creatures from `options`, creature i with its head at
  /// origins[i] (or all at options.x, options.y when origins is null), its goal on its head.
  /// Returns nullptr or a message naming the bad field (the crowd is then left unchanged).
  const char* reset(const CreatureOptions& options, int count, const Vec2* origins = nullptr);
  /// Sets creature `index`'s goal. Returns nullptr or a message naming index or goal.
  const char* setGoal(int index, Vec2 goal);
  /// Advances every creature by `dt` seconds (greater than 0, at most 0.1). Never allocates.
  const char* step(double dt);
  /// Number of creatures.
  int size() const { return static_cast<int>(creatures_.size()); }
  /// Creature `index` (0 to size() - 1).
  const Creature& creature(int index) const { return creatures_[static_cast<size_t>(index)]; }

  /// Points a leg has in legPoints(): hip, knee, foot.
  static constexpr int kLegPoints = 3;
  /// What a drawing of the crowd reads, packed creature after creature (all creatures of a crowd
  /// have the same counts, those of creature(0)), copied from each creature's state by reset() and
  /// every step(): the arrays move only on reset(). Spine: x, y pairs, creature i's
  /// segmentCount() points from pair i·segmentCount().
  const double* spinePoints() const { return spine_.data(); }
  /// Legs: kLegPoints x, y pairs a leg (hip, knee, foot), creature i's legCount() legs from leg
  /// i·legCount().
  const double* legPoints() const { return legs_.data(); }
  /// Skin: x, y pairs, creature i's outlineCount() points from pair i·outlineCount().
  const double* outlinePoints() const { return outline_.data(); }
  /// 1 for a planted foot, 0 for one in the air, a byte a leg, in legPoints()' order.
  const std::uint8_t* plantedFlags() const { return planted_.data(); }
  /// Numbers a fin has in finValues(): centre x, y, radiusX, radiusY, angle (CreatureEllipse's).
  static constexpr int kFinValues = 5;
  /// Fins: kFinValues numbers a fin, creature i's finCount() fins from fin i·finCount().
  const double* finValues() const { return fins_.data(); }

 private:
  void pack(int index);

  std::vector<Creature> creatures_;
  std::vector<double> spine_, legs_, outline_, fins_;
  std::vector<std::uint8_t> planted_;
};

}  // namespace ik2d
