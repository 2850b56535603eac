// creature_frames.cpp: the workload of the benchmark row creature/lizards1000_frame (1 000 default
// lizards at fixed-seed places, new fixed-seed goals every 120 frames, one 1/60 s step a frame) for
// a fixed number of frames, so that instruction counts compare between builds:
//
//   valgrind --tool=callgrind --toggle-collect='ik2d::CreatureCrowd::step*' creature_frames 300
//
// Prints the CPU time per frame and the first lizard's head at the end (the same bits in a build
// that steps the same).
#include <cstdio>
#include <cstdlib>
#include <ctime>

#include "lizard_crowd.hpp"

int main(int argc, char** argv) {
  const int frames = argc > 1 ? std::atoi(argv[1]) : 300;
  ik2d::bench::LizardCrowd lizards;
  if (lizards.reset() != nullptr) return 1;
  double ms = 0;
  for (int frame = 0; frame < frames; ++frame) {
    if (ik2d::bench::LizardCrowd::newGoalsAt(frame)) lizards.newGoals();
    timespec before{}, after{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &before);
    lizards.step();
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &after);
    ms += 1e3 * static_cast<double>(after.tv_sec - before.tv_sec) +
          1e-6 * static_cast<double>(after.tv_nsec - before.tv_nsec);
  }
  const ik2d::Vec2 head = lizards.crowd().creature(0).spinePoint(0);
  std::printf("%d frames, %.4f ms CPU per frame; lizard 0's head %.17g %.17g\n", frames, ms / frames, head.x,
              head.y);
  return 0;
}
