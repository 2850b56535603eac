// skeleton_spring.cpp: spring bones. A spring bone's world angle y follows the world angle its
// driven local angle gives it (its parent's world angle, as shown, plus the angle solving or
// setAngles gave it) by the second-order model of SecondOrder2 (second_order.cpp), one step per
// dt; its shown local angle is y less its parent's world angle, clamped into its limit. Working
// on the world angle is what makes hair and tails follow through: when the parent turns, the goal
// moves and y lags. The goal is unwrapped next to y (y + wrap(goal - y)) so that no step sees a
// jump of 2 pi. With damping >= 1 and response <= 1 a step never carries the angle past its goal
// (the continuous model would not; a long step of the discrete one could). Everything here runs in the
// authored frame (skeleton_mirror.cpp), so a mirrored skeleton's springs are the mirror image of the plain
// one's.
#include <cmath>

#include "cold.hpp"
#include "ik2d/skeleton.hpp"
#include "message.hpp"

namespace ik2d {

IK2D_COLD const char* Skeleton::setSpring(int bone, const SecondOrderOptions& options) {
  if (const char* message = checkBoneIndex(bone, "bone")) return message;
  if (const char* message = checkSecondOrderOptions(options))
    return fail("spring of bone %d: %s", bone, message);
  if (mirrored_) reflect(true);
  const auto at = static_cast<size_t>(bone);
  if (!springs_[at]) {
    springs_[at] = 1;
    ++springCount_;
    springAngle_[at] = worldAngles_[at];
    springGoal_[at] = wrapAngle(worldAngles_[at]);
    springVelocity_[at] = 0;
    drivenAngles_[at] = angles_[at];
  }
  springConstants_[at] = secondOrderConstants(options);
  springDamped_[at] = options.damping >= 1 && options.response <= 1;
  if (mirrored_) reflect(false);
  return nullptr;
}

IK2D_COLD const char* Skeleton::clearSpring(int bone) {
  if (const char* message = checkBoneIndex(bone, "bone")) return message;
  const auto at = static_cast<size_t>(bone);
  if (!springs_[at]) return nullptr;
  if (mirrored_) reflect(true);
  springs_[at] = 0;
  --springCount_;
  angles_[at] = limits_.clamp(at, drivenAngles_[at]);
  updatePositions();
  if (mirrored_) reflect(false);
  return nullptr;
}

bool Skeleton::hasSpring(int bone) const {
  return bone >= 0 && bone < size() && springs_[static_cast<size_t>(bone)] != 0;
}

IK2D_COLD const char* Skeleton::checkStep(double dt, double steps) {
  if (!isValid(dt) || !(dt > 0) || dt > 1000)
    return fail("dt must be a number of seconds greater than 0, at most 1000; got %s",
                detail::NumberText(dt).text);
  if (const char* refused = stepCountMessage(steps))
    return fail("%s; got %s", refused, detail::NumberText(steps).text);
  return nullptr;
}

const char* Skeleton::step(double dt, int steps) {
  if (const char* message = checkStep(dt, steps)) return message;
  if (springCount_ == 0 || size() == 0) return nullptr;
  if (mirrored_) reflect(true);
  for (int i = 0; i < steps; ++i) stepSprings(dt);
  updatePositions();
  if (mirrored_) reflect(false);
  return nullptr;
}

// One step of every spring bone, parents first, so a spring bone's goal moves with its parent's
// shown angle in the same step (a chain of spring bones swings as a whole).
void Skeleton::stepSprings(double dt) {
  for (int i = 0; i < size(); ++i) {
    const auto bone = static_cast<size_t>(i);
    const int parent = parents_[bone];
    const double parentWorld = parent < 0 ? 0.0 : worldAngles_[static_cast<size_t>(parent)];
    if (springs_[bone]) {
      const double goal = wrapAngle(parentWorld + drivenAngles_[bone]);
      double angle = springAngle_[bone];
      const double change = wrapAngle(goal - springGoal_[bone]);
      const double unwrappedGoal = angle + wrapAngle(goal - angle);
      const bool below = angle < unwrappedGoal;
      secondOrderStep(springConstants_[bone], dt, unwrappedGoal, change, angle, springVelocity_[bone]);
      // The model for damping >= 1 (and response <= 1) does not overshoot in continuous time; a
      // step long against 1 / frequency can, so a step that would cross the goal stops on it.
      if (springDamped_[bone] && (below ? angle > unwrappedGoal : angle < unwrappedGoal)) {
        angle = unwrappedGoal;
        springVelocity_[bone] = 0;
      }
      springGoal_[bone] = goal;
      springAngle_[bone] = wrapAngle(angle);
      angles_[bone] = limits_.clamp(bone, wrapAngle(springAngle_[bone] - parentWorld));
    }
    worldAngles_[bone] = parentWorld + angles_[bone];
  }
}

// Before a solve: the spring bones take their driven angles, so the solve works on the pose the
// springs follow.
void Skeleton::driveSprings() {
  for (size_t bone = 0; bone < springs_.size(); ++bone) {
    if (springs_[bone]) angles_[bone] = drivenAngles_[bone];
  }
  updatePositions();
}

// After a solve or setAngles: each spring bone's angle becomes its driven angle, and it shows its
// spring's angle instead.
void Skeleton::showSprings() {
  for (int i = 0; i < size(); ++i) {
    const auto bone = static_cast<size_t>(i);
    const int parent = parents_[bone];
    const double parentWorld = parent < 0 ? 0.0 : worldAngles_[static_cast<size_t>(parent)];
    if (springs_[bone]) {
      drivenAngles_[bone] = angles_[bone];
      angles_[bone] = limits_.clamp(bone, wrapAngle(springAngle_[bone] - parentWorld));
    }
    worldAngles_[bone] = parentWorld + angles_[bone];
  }
  updatePositions();
}

}  // namespace ik2d
