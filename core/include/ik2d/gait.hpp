// ik2d/gait.hpp: the gait rule the walkers share: legs form groups, and a group lifts only while
// every other group is planted.
//
// Each step the walker tells the coordinator about every leg (its group, whether it is in the
// air, and for a planted leg how much it wants to step: its drift from where it should be, or
// HUGE_VAL when it must step). groupToLift() then names the one group that may lift now: none
// while any leg is in the air; otherwise the group with the largest wish, if that is above the
// trigger (the lowest group number on a tie). The walker lifts that group's legs.
#pragma once

namespace ik2d {

/// Decides which gait group lifts. Groups are numbered 0 to groups() - 1. No allocation.
class GaitCoordinator {
 public:
  /// Most groups a coordinator handles.
  static constexpr int kMaxGroups = 16;

  /// Sets the number of groups (1 to kMaxGroups) and clears. Returns nullptr or a message naming
  /// `groups`.
  const char* reset(int groups);
  /// Starts a new decision: no leg in the air, no wish.
  void clear();
  /// Reports one leg: its group (0 to groups() - 1; others are ignored), whether it is in the
  /// air, and for a planted leg its wish to step (any non-negative number, HUGE_VAL to insist).
  void addLeg(int group, bool airborne, double wish);
  /// The group that lifts now: -1 while any leg is in the air, else the group whose largest wish
  /// is the largest of all and above `trigger` (the lowest number on a tie), or -1 if none is.
  int groupToLift(double trigger) const;
  /// Whether a leg of `group` is in the air (as reported since clear()).
  bool groupInAir(int group) const;
  /// Whether any leg is in the air (as reported since clear()).
  bool anyInAir() const { return airborneLegs_ > 0; }
  /// The number of groups.
  int groups() const { return groups_; }

 private:
  int groups_ = 2;
  int airborneLegs_ = 0;
  int airborne_[kMaxGroups] = {};
  double wish_[kMaxGroups] = {};
};

}  // namespace ik2d
