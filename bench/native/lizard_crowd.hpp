// lizard_crowd.hpp: the workload of the benchmark row creature/lizards1000_frame, in one place for
// bench_ik2d.cpp and creature_frames.cpp (whose instruction counts stand for that row): 1 000
// default lizards at fixed-seed places, new fixed-seed goals every 120 frames (2 s), one 1/60 s
// step a frame.
#pragma once

#include <random>
#include <vector>

#include "ik2d/creature.hpp"

namespace ik2d::bench {

class LizardCrowd {
 public:
  static constexpr int kLizards = 1000;

  // Places the lizards; nullptr, or the crowd's message if it refused.
  const char* reset() {
    std::vector<Vec2> origins(kLizards);
    for (Vec2& origin : origins) origin = {place_(random_), place_(random_)};
    return crowd_.reset(CreatureOptions{}, kLizards, origins.data());
  }

  // Whether frame `frame` (from 0) starts by giving every lizard a new goal (newGoals()).
  static bool newGoalsAt(long frame) { return frame % 120 == 0; }

  void newGoals() {
    for (int i = 0; i < kLizards; ++i) crowd_.setGoal(i, {place_(random_), place_(random_)});
  }

  // One frame's step.
  void step() { crowd_.step(1.0 / 60); }

  const CreatureCrowd& crowd() const { return crowd_; }

 private:
  std::mt19937_64 random_{7};
  std::uniform_real_distribution<double> place_{-2000, 2000};
  CreatureCrowd crowd_;
};

}  // namespace ik2d::bench
