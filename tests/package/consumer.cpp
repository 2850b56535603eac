// A C++ program that uses ik2d as a package would: one include, one solve, prints the result.
#include <cstdio>
#include <ik2d/ik2d.hpp>

int main() {
  ik2d::TwoBoneInput input;
  input.root = {0.0, 0.0};
  input.target = {100.0, 60.0};
  input.length1 = 120.0;
  input.length2 = 80.0;
  const ik2d::TwoBoneResult result = ik2d::solveTwoBone(input);
  std::printf("%s %.3f %.3f\n", result.status == ik2d::TwoBoneStatus::Reached ? "reached" : "other",
              result.end.x, result.end.y);
  return result.status == ik2d::TwoBoneStatus::Reached ? 0 : 1;
}
