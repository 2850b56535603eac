// ik2d/spider.hpp: a procedural side-view spider whose legs stay planted on uneven terrain and
// step with an alternating gait, every leg solved by the analytic two-bone solver each step.
//
// Gait: each foot has a rest spot on the ground below and beside its hip. A planted foot stays
// exactly where it is until it drifts more than `stepThreshold` from its rest spot (or its leg
// would over-extend); then its whole group lifts and each foot moves along an arc to a spot ahead
// of its rest spot (where the body will be when it lands) and is set down on the ground. The legs
// form two alternating groups and a group may only lift while the other is fully planted, so at
// least half the legs are planted at every moment.
#pragma once

#include <cstdint>
#include <vector>

#include "ik2d/gait.hpp"
#include "ik2d/math.hpp"
#include "ik2d/terrain.hpp"
#include "ik2d/two_bone.hpp"

namespace ik2d {

/// Settings of a spider. Lengths in world units (y up), times in seconds.
struct SpiderOptions {
  /// Legs: even, 4 to 16; half on the near side, half on the far side (`legs` in JS and messages).
  int legCount = 8;
  double upperLength = 50;    ///< hip to knee, > 0.
  double lowerLength = 60;    ///< knee to foot, > 0.
  double bodyHeight = 55;     ///< body centre above the ground at rest, > 0, below the leg reach.
  double speed = 90;          ///< most the body moves per second, >= 0.
  double stepThreshold = 28;  ///< drift from the rest spot that triggers a step, > 0.
  double stepHeight = 22;     ///< how high a stepping foot lifts, >= 0.
  TerrainOptions terrain;     ///< the ground.
};

/// One leg, as last solved.
struct SpiderLeg {
  Vec2 hip;                                   ///< where the leg joins the body.
  Vec2 knee;                                  ///< the two-bone joint.
  Vec2 foot;                                  ///< the foot: on the ground while planted.
  Vec2 rest;                                  ///< the rest spot on the ground for this hip.
  bool planted = true;                        ///< false while stepping.
  bool nearSide = true;                       ///< drawn in front of the body (true) or behind it.
  int group = 0;                              ///< gait group, 0 or 1.
  double stepProgress = 0;                    ///< 0..1 through the current step (0 when planted).
  TwoBoneStatus ik = TwoBoneStatus::Reached;  ///< the leg's two-bone status this step.
  int steps = 0;                              ///< how many times this leg has landed.
};

/// The body: centre and tilt.
struct SpiderBody {
  Vec2 position;        ///< centre, world units.
  double angle = 0;     ///< tilt, radians, +x toward +y.
  double velocity = 0;  ///< signed horizontal speed, units per second.
};

/// A walking spider. Default-constructed it has no legs: call reset() first.
class Spider {
 public:
  /// Rebuilds the spider standing at `x` with every foot planted on its rest spot. Returns nullptr
  /// or a message naming the bad field (the spider is then left unchanged).
  const char* reset(const SpiderOptions& options, double x);
  /// Where the spider walks to: it stops within a short distance of `x`. Returns nullptr or a message.
  const char* setGoal(double x);
  /// Advances by `dt` seconds (0 < dt <= 0.1; callers use a fixed step for determinism).
  const char* step(double dt);

  const SpiderBody& body() const { return body_; }
  const std::vector<SpiderLeg>& legs() const { return legs_; }
  const Terrain& terrain() const { return terrain_; }
  const SpiderOptions& options() const { return options_; }
  double goal() const { return goal_; }
  /// Half the body's length: hips spread over [-bodyHalfLength, bodyHalfLength] along the body.
  double bodyHalfLength() const;

 private:
  Vec2 hipOf(int leg, const SpiderBody& body) const;
  double plantedStrain(const SpiderBody& body) const;
  Vec2 restSpotOf(int leg, double lead) const;
  double restOffsetOf(int leg) const;
  Vec2 reachableSpot(int leg, Vec2 spot, const SpiderBody& landing) const;
  double stepDuration() const;
  void moveBody(double dt);
  void settleBody(double dt);
  void updateGait(double dt);
  void solveLegs();

  SpiderOptions options_;
  Terrain terrain_;
  SpiderBody body_;
  std::vector<SpiderLeg> legs_;
  std::vector<Vec2> stepFrom_;
  std::vector<Vec2> stepTo_;
  std::vector<double> stepTime_;  // duration of each leg's current step, seconds
  GaitCoordinator gait_;          // two groups: which one lifts
  double goal_ = 0;
};

}  // namespace ik2d
