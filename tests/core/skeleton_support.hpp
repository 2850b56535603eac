// skeleton_support.hpp: skeletons the core tests, the fuzzer's seeds and the native benchmark share:
// the puppet (the playground's stick figure, y up), random trees, and random poses.
#pragma once

#include <algorithm>
#include <random>
#include <vector>

#include "ik2d/skeleton.hpp"

namespace ik2d::test {

/// The puppet: the pelvis at the root; spine, chest, neck and head up; two arms from the chest;
/// two legs from the pelvis. 16 bones, y up, lengths in the playground's world units.
enum PuppetBone {
  kSpine,
  kChest,
  kNeck,
  kHead,
  kLeftCollar,
  kLeftUpperArm,
  kLeftForearm,
  kRightCollar,
  kRightUpperArm,
  kRightForearm,
  kLeftThigh,
  kLeftShin,
  kLeftFoot,
  kRightThigh,
  kRightShin,
  kRightFoot,
  kPuppetBones
};

/// The five bones the reader pulls: head, both hands (forearm ends), both ankles (shin ends).
inline constexpr int kPuppetEffectors[] = {kHead, kLeftForearm, kRightForearm, kLeftShin, kRightShin};

/// The puppet's bones at rest, parents first.
inline std::vector<SkeletonBone> puppetBones() {
  constexpr double up = 1.5707963267948966;
  return {
      {-1, 32, up},
      {kSpine, 30, 0},
      {kChest, 10, 0},
      {kNeck, 18, 0},
      {kChest, 10, 1.45},
      {kLeftCollar, 28, 1.49},
      {kLeftUpperArm, 26, 0.3},  //
      {kChest, 10, -1.45},
      {kRightCollar, 28, -1.49},
      {kRightUpperArm, 26, -0.3},
      {-1, 40, -1.75},
      {kLeftThigh, 38, -0.2},
      {kLeftShin, 12, -1.4},  //
      {-1, 40, -1.39},
      {kRightThigh, 38, 0.2},
      {kRightShin, 12, 1.4},
  };
}

/// Joint limits that look human: [min, max] of each bone's local angle, radians.
struct PuppetLimit {
  int bone;
  double min, max;
};
inline constexpr PuppetLimit kPuppetLimits[] = {
    {kSpine, 0.9, 2.2},        {kChest, -0.5, 0.5},        {kNeck, -0.6, 0.6},
    {kHead, -0.5, 0.5},        {kLeftCollar, 1.2, 1.7},    {kRightCollar, -1.7, -1.2},
    {kLeftForearm, 0.0, 2.6},  {kRightForearm, -2.6, 0.0},  // elbows bend one way
    {kLeftShin, -2.5, 0.0},    {kRightShin, 0.0, 2.5},      // knees too
    {kLeftFoot, -1.8, -1.0},   {kRightFoot, 1.0, 1.8},     {kLeftThigh, -2.6, -0.9},
    {kRightThigh, -2.2, -0.5},
};

/// The puppet, built at `root`, with its limits.
inline Skeleton makePuppet(Vec2 root = {0, 0}) {
  const std::vector<SkeletonBone> bones = puppetBones();
  Skeleton puppet;
  puppet.reset(root, bones.data(), static_cast<int>(bones.size()));
  for (const PuppetLimit& limit : kPuppetLimits) puppet.setLimit(limit.bone, limit.min, limit.max);
  return puppet;
}

/// A random tree of `branches` branches, each 3 to 6 bones (lengths 0.5 to 1.5) hanging from the
/// root or from the end of any earlier bone. `ends` receives each branch's last bone.
inline std::vector<SkeletonBone> randomTree(std::mt19937_64& random, int branches, std::vector<int>& ends) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<SkeletonBone> bones;
  ends.clear();
  for (int b = 0; b < branches; ++b) {
    int parent =
        bones.empty() ? -1 : static_cast<int>(unit(random) * (static_cast<double>(bones.size()) + 1)) - 1;
    const int count = 3 + static_cast<int>(unit(random) * 4);
    for (int j = 0; j < count; ++j) {
      bones.push_back({parent, 0.5 + unit(random), 0.0});
      parent = static_cast<int>(bones.size()) - 1;
    }
    ends.push_back(parent);
  }
  return bones;
}

/// A random limited tree, built at the origin: randomTree's bones with rest angles drawn (a bone on
/// the root anywhere, the others within +-0.8 rad), and limits on about 70 % of the bones: half of
/// them hinges that bend one way ([0, w] or [-w, 0], w from 1.5 to 2.8 rad, like an elbow or a
/// knee), half a range around a middle angle (anywhere for a bone on the root, else within +-0.8),
/// 0.3 to 1.2 rad to each side, within [-pi, pi]. setLimit clamps each rest angle into its limit.
/// `effectors` receives each branch's last bone, once.
inline Skeleton randomLimitedTree(std::mt19937_64& random, std::vector<int>& effectors) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  constexpr double pi = 3.141592653589793;
  std::vector<int> ends;
  std::vector<SkeletonBone> bones = randomTree(random, 2 + static_cast<int>(random() % 5), ends);
  for (SkeletonBone& bone : bones)
    bone.angle = bone.parent < 0 ? pi * (2 * unit(random) - 1) : 1.6 * unit(random) - 0.8;
  Skeleton skeleton;
  skeleton.reset({0, 0}, bones.data(), static_cast<int>(bones.size()));
  for (int i = 0; i < skeleton.size(); ++i) {
    const double kind = unit(random);
    if (kind < 0.35) {
      const double width = 1.5 + 1.3 * unit(random);
      if (unit(random) < 0.5) skeleton.setLimit(i, 0, width);
      else skeleton.setLimit(i, -width, 0);
    } else if (kind < 0.7) {
      const bool onRoot = bones[static_cast<size_t>(i)].parent < 0;
      const double middle = onRoot ? pi * (2 * unit(random) - 1) : 1.6 * unit(random) - 0.8;
      const double low = std::max(-pi, middle - 0.3 - 0.9 * unit(random));
      skeleton.setLimit(i, low, std::min(pi, middle + 0.3 + 0.9 * unit(random)));
    }
  }
  effectors.clear();
  for (int end : ends) {
    if (std::find(effectors.begin(), effectors.end(), end) == effectors.end()) effectors.push_back(end);
  }
  return skeleton;
}

/// The largest distance any bone's end can get from the root: what reach tolerances are relative to.
inline double largestReach(const Skeleton& skeleton) {
  double largest = 0;
  for (int i = 0; i < skeleton.size(); ++i) largest = std::max(largest, skeleton.pathReach(i));
  return largest;
}

/// A random pose: each angle uniform within its limit, or within [-spread, spread] when it has none.
inline std::vector<double> randomPose(const Skeleton& skeleton, std::mt19937_64& random, double spread) {
  std::vector<double> angles(static_cast<size_t>(skeleton.size()));
  for (int i = 0; i < skeleton.size(); ++i) {
    const double low = skeleton.hasLimit(i) ? skeleton.limitMin(i) : -spread;
    const double high = skeleton.hasLimit(i) ? skeleton.limitMax(i) : spread;
    angles[static_cast<size_t>(i)] = std::uniform_real_distribution<double>(low, high)(random);
  }
  return angles;
}

}  // namespace ik2d::test
