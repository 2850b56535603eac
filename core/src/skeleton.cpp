// skeleton.cpp: the skeleton's storage, building and its checks, editing, limits and forward
// kinematics. The solve lives in skeleton_solve.cpp.
//
// Sections: messages, building, editing, forward kinematics.
#include "ik2d/skeleton.hpp"

#include <algorithm>
#include <cstdarg>

#include "chain_detail.hpp"
#include "cold.hpp"
#include "enum_name.hpp"
#include "message.hpp"

namespace ik2d {

using detail::isWithinMagnitude;

// ---- messages -----------------------------------------------------------------------------------
// Written into the skeleton's own buffer by the core's one formatter (message.hpp).

namespace {

using detail::NumberText;

bool isWholeNumber(double value) { return std::isfinite(value) && value == std::floor(value); }

}  // namespace

// `format` with %d (an int) and %s (text) filled in, into message_; returns message_.
IK2D_COLD const char* Skeleton::fail(const char* format, ...) {
  va_list arguments;
  va_start(arguments, format);
  detail::formatMessageV(message_, sizeof message_, format, arguments);
  va_end(arguments);
  return message_;
}

IK2D_COLD const char* Skeleton::checkBoneIndex(double bone, const char* field) {
  if (isWholeNumber(bone) && bone >= 0 && bone < size()) return nullptr;
  return fail("%s must be a bone of this skeleton, a whole number from 0 to %d; got %s", field, size() - 1,
              NumberText(bone).text);
}

// ---- building -----------------------------------------------------------------------------------

// Checks every bone before touching anything, so a refused reset leaves the skeleton as it was.
// Parents first means parent < index; a parent after its child is either a cycle (following
// parents from the bone comes back to it) or just out of order, and the message says which.
template <class ReadBone>
IK2D_COLD const char* Skeleton::build(Vec2 root, int count, ReadBone read) {
  if (count < 1) return fail("bones must hold at least one bone");
  if (count > kMaxBones)
    return fail("bones holds %d bones, more than a skeleton may have (%d)", count, kMaxBones);
  if (!isValid(root.x)) return fail("root.x must be a finite number, got %s", NumberText(root.x).text);
  if (!isValid(root.y)) return fail("root.y must be a finite number, got %s", NumberText(root.y).text);
  if (!isWithinMagnitude(root)) return fail("root must stay within 1e300 in magnitude");
  double total = 0;
  for (int i = 0; i < count; ++i) {
    SkeletonBone bone;
    if (const char* message = read(i, bone)) return message;
    const int parent = bone.parent;
    if (parent < -1 || parent >= count)
      return fail("bones[%d].parent must be -1 (the root) or a bone index from 0 to %d; got %d", i, count - 1,
                  parent);
    if (parent == i) return fail("bones[%d].parent is %d, the bone itself: a cycle", i, i);
    if (parent > i) {
      // Follow the parents (at most count steps): back at i is a cycle.
      int at = parent;
      for (int steps = 0; steps < count && at > i; ++steps) {
        SkeletonBone next;
        if (read(at, next) != nullptr) break;
        at = next.parent;
        if (at == i)
          return fail("bones[%d] is in a cycle of parents (bones[%d].parent leads back to it)", i, i);
        if (at < -1 || at >= count) break;
      }
      return fail("bones[%d].parent is %d, which comes after it: list every parent before its children", i,
                  parent);
    }
    if (!isValid(bone.length))
      return fail("bones[%d].length must be a finite number, got %s", i, NumberText(bone.length).text);
    if (!(bone.length > 0))
      return fail("bones[%d].length must be greater than 0, got %s", i, NumberText(bone.length).text);
    if (!isValid(bone.angle))
      return fail("bones[%d].angle must be a finite number, got %s", i, NumberText(bone.angle).text);
    total += bone.length;
  }
  if (!(total <= Chain::kMaxMagnitude)) return fail("the bone lengths must sum to at most 1e300");

  const auto bones = static_cast<size_t>(count);
  const auto points = 2 * (bones + 1);
  parents_.assign(bones, -1);
  lengths_.assign(bones, 0.0);
  angles_.assign(bones, 0.0);
  worldAngles_.assign(bones, 0.0);
  pathReach_.assign(bones, 0.0);
  for (int i = 0; i < count; ++i) {
    SkeletonBone bone;
    read(i, bone);
    const auto at = static_cast<size_t>(i);
    parents_[at] = bone.parent;
    lengths_[at] = bone.length;
    angles_[at] = wrapAngle(bone.angle);
    pathReach_[at] = bone.length + (bone.parent < 0 ? 0.0 : pathReach_[static_cast<size_t>(bone.parent)]);
  }
  // Depth-first numbering: subtree sizes from the leaves in (children come after parents), then
  // each bone takes the next free range inside its parent's.
  std::vector<int> subtree(bones, 1);
  for (int i = count - 1; i >= 0; --i) {
    if (parents_[static_cast<size_t>(i)] >= 0)
      subtree[static_cast<size_t>(parents_[static_cast<size_t>(i)])] += subtree[static_cast<size_t>(i)];
  }
  std::vector<int> nextFree(bones + 1, 0);
  enter_.assign(bones, 0);
  leave_.assign(bones, 0);
  for (int i = 0; i < count; ++i) {
    const auto bone = static_cast<size_t>(i);
    const auto start = static_cast<size_t>(parents_[bone] + 1);
    enter_[bone] = nextFree[start];
    nextFree[start] += subtree[bone];
    nextFree[bone + 1] = enter_[bone] + 1;
    leave_[bone] = enter_[bone] + subtree[bone] - 1;
  }
  limits_.reset(bones);
  positions_.assign(points, 0.0);
  backward_.assign(points, 0.0);
  sums_.assign(points, 0.0);
  before_.assign(points, 0.0);
  proposals_.assign(bones + 1, 0.0);
  branchWeight_.assign(bones + 1, 0.0);
  activeChildren_.assign(bones + 1, 0);
  onlyChild_.assign(bones + 1, -1);
  activeBones_.assign(bones, 0);
  activeCount_ = 0;
  activeStamp_.assign(bones, 0);
  effectorStamp_.assign(bones, 0);
  effectorSlot_.assign(bones, 0);
  effectors_.assign(bones, SkeletonEffector{});
  given_.assign(bones, SkeletonEffector{});
  givenSlot_.assign(bones, 0);
  effectorRow_.assign(bones, 0);
  effectorMet_.assign(bones, 0);
  errors_.assign(bones, 0.0);
  angleErrors_.assign(bones, 0.0);
  givenErrors_.assign(bones, 0.0);
  givenAngleErrors_.assign(bones, 0.0);
  const size_t rows = 3 * std::min<size_t>(bones, kMaxDlsEffectors);
  normal_.assign(rows * rows, 0.0);
  weights_.assign(rows, 0.0);
  savedAngles_.assign(bones, 0.0);
  pinned_.assign(bones, 0);
  sweepAngles_.assign(bones, 0.0);
  foundAngles_.assign(bones, 0.0);
  foundPositions_.assign(positions_.size(), 0.0);
  bestAngles_.assign(bones, 0.0);
  stamp_ = 0;
  restartsSpent_ = false;
  totalLength_ = total;
  authored_.assign(2 * bones + 2 * points, 0.0);
  springCount_ = 0;
  springs_.assign(bones, 0);
  springConstants_.assign(bones, SecondOrderConstants{});
  springDamped_.assign(bones, 0);
  springAngle_.assign(bones, 0.0);
  springVelocity_.assign(bones, 0.0);
  springGoal_.assign(bones, 0.0);
  drivenAngles_.assign(bones, 0.0);
  authoredKept_ = false;
  setPosition(0, root);
  updatePositions();
  std::copy(positions_.begin(), positions_.end(), backward_.begin());
  if (mirrored_) reflect(false);
  return nullptr;
}

IK2D_COLD const char* Skeleton::reset(Vec2 root, const SkeletonBone* bones, int count) {
  return build(root, count, [bones](int i, SkeletonBone& bone) -> const char* {
    bone = bones[i];
    return nullptr;
  });
}

IK2D_COLD const char* Skeleton::resetFromRecords(Vec2 root, const double* records, int count) {
  return build(root, count, [this, records](int i, SkeletonBone& bone) -> const char* {
    const double* record = records + 3 * static_cast<size_t>(i);
    if (!isWholeNumber(record[0]) || std::fabs(record[0]) > kMaxBones + 1.0)
      return fail("bones[%d].parent must be a whole number, -1 (the root) or a bone index; got %s", i,
                  NumberText(record[0]).text);
    bone.parent = static_cast<int>(record[0]);
    bone.length = record[1];
    bone.angle = record[2];
    return nullptr;
  });
}

// ---- editing ------------------------------------------------------------------------------------

IK2D_COLD const char* Skeleton::setRoot(Vec2 root) {
  if (!isValid(root.x)) return fail("root.x must be a finite number, got %s", NumberText(root.x).text);
  if (!isValid(root.y)) return fail("root.y must be a finite number, got %s", NumberText(root.y).text);
  if (!isWithinMagnitude(root)) return fail("root must stay within 1e300 in magnitude");
  if (size() == 0) return nullptr;
  restartsSpent_ = false;
  authoredKept_ = false;
  setPosition(0, root);
  updatePositions();
  return nullptr;
}

IK2D_COLD const char* Skeleton::setAngles(const double* angles, int count) {
  if (count != size()) return fail("angles must hold one angle per bone (%d), got %d", size(), count);
  for (int i = 0; i < count; ++i) {
    if (!isValid(angles[i]))
      return fail("angles[%d] must be a finite number, got %s", i, NumberText(angles[i]).text);
  }
  restartsSpent_ = false;
  authoredKept_ = false;
  for (int i = 0; i < count; ++i) {
    const auto bone = static_cast<size_t>(i);
    angles_[bone] = clampShown(bone, wrapAngle(angles[i]));
  }
  updatePositions();
  if (springCount_ > 0) {  // the angles given drive the spring bones, which keep showing theirs
    if (mirrored_) reflect(true);
    showSprings();
    if (mirrored_) reflect(false);
  }
  return nullptr;
}

IK2D_COLD const char* Skeleton::setLimit(int bone, double min, double max) {
  if (const char* message = checkBoneIndex(bone, "bone")) return message;
  if (!isValid(min)) return fail("bone %d: min must be a finite number, got %s", bone, NumberText(min).text);
  if (!isValid(max)) return fail("bone %d: max must be a finite number, got %s", bone, NumberText(max).text);
  if (min < -kPi) return fail("bone %d: min must be at least -pi, got %s", bone, NumberText(min).text);
  if (max > kPi) return fail("bone %d: max must be at most pi, got %s", bone, NumberText(max).text);
  if (min > max)
    return fail("bone %d: min (%s) must not be greater than max (%s)", bone, NumberText(min).text,
                NumberText(max).text);
  if (max - min >= 2 * kPi) return clearLimit(bone);  // the whole circle: no limit
  const auto at = static_cast<size_t>(bone);
  restartsSpent_ = false;
  authoredKept_ = false;
  limits_.set(at, min, max);
  angles_[at] = clampShown(at, angles_[at]);
  drivenAngles_[at] = limits_.clamp(at, drivenAngles_[at]);  // a spring's goal, authored frame
  updatePositions();
  return nullptr;
}

IK2D_COLD const char* Skeleton::clearLimit(int bone) {
  if (const char* message = checkBoneIndex(bone, "bone")) return message;
  const auto at = static_cast<size_t>(bone);
  restartsSpent_ = false;
  limits_.clear(at);
  return nullptr;
}

// ---- forward kinematics -------------------------------------------------------------------------

void Skeleton::setPosition(int index, Vec2 point) {
  positions_[2 * static_cast<size_t>(index)] = point.x;
  positions_[2 * static_cast<size_t>(index) + 1] = point.y;
}

// Parents first, so one pass does it: a bone's world angle is its parent's plus its own local
// angle, and its end is one length along that direction from its start.
void Skeleton::updatePositions() {
  for (int i = 0; i < size(); ++i) {
    const auto bone = static_cast<size_t>(i);
    const int parent = parents_[bone];
    const double world = angles_[bone] + (parent < 0 ? 0.0 : worldAngles_[static_cast<size_t>(parent)]);
    worldAngles_[bone] = world;
    setPosition(i + 1, position(parent + 1) + lengths_[bone] * direction(world));
  }
}

const char* toString(SkeletonMethod method) {
  static constexpr const char* kNames[] = {"fabrik"};
  return detail::enumName(method, kNames, "fabrik");
}

}  // namespace ik2d
