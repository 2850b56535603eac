// gait.cpp: GaitCoordinator, the rule "a group lifts only while every other group is planted".
#include "ik2d/gait.hpp"

namespace ik2d {

const char* GaitCoordinator::reset(int groups) {
  if (groups < 1 || groups > kMaxGroups) return "gaitGroups must be a whole number from 1 to 16";
  groups_ = groups;
  clear();
  return nullptr;
}

void GaitCoordinator::clear() {
  airborneLegs_ = 0;
  for (int g = 0; g < kMaxGroups; ++g) {
    airborne_[g] = 0;
    wish_[g] = 0;
  }
}

void GaitCoordinator::addLeg(int group, bool airborne, double wish) {
  if (group < 0 || group >= groups_) return;
  if (airborne) {
    ++airborne_[group];
    ++airborneLegs_;
  } else if (wish > wish_[group]) {
    wish_[group] = wish;
  }
}

int GaitCoordinator::groupToLift(double trigger) const {
  if (airborneLegs_ > 0) return -1;
  int best = 0;
  for (int g = 1; g < groups_; ++g) {
    if (wish_[g] > wish_[best]) best = g;
  }
  return wish_[best] > trigger ? best : -1;
}

bool GaitCoordinator::groupInAir(int group) const {
  return group >= 0 && group < groups_ && airborne_[group] > 0;
}

}  // namespace ik2d
