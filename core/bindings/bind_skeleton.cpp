// bind_skeleton.cpp: the skeleton's part of the binding, linked into the ik2d-skeleton module and
// the full ik2d. Bones cross as records of three numbers and effectors of six in the input buffer; a
// solve's numbers go into the skeleton's own result storage (IK2D_SKELETON_RESULT at
// resultAddress), which JS reads back before the call returns.
#include <emscripten/bind.h>

#include <cmath>
#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

#include "boundary.hpp"
#include "ik2d/chain.hpp"
#include "ik2d/second_order.hpp"
#include "ik2d/skeleton.hpp"

namespace ik2d::bind {
namespace {

// Skeleton.solve's result, in the skeleton's own storage (`r`, an ik2d::SkeletonSolveResult).
#define IK2D_SKELETON_RESULT(X)                                  \
  X(status, "status", "chainStatus", static_cast<int>(r.status)) \
  X(iterations, "iterations", "number", r.iterations)            \
  X(errorCount, "errorCount", "number", r.effectorCount)

IK2D_SLOTS(skeletonResult, IK2D_SKELETON_RESULT)

// ---- the skeleton's part of the table -------------------------------------------------------------

constexpr SlotInfo kSkeletonResultSlots[] = {IK2D_SKELETON_RESULT(IK2D_SLOT_INFO)};

void writeSkeletonAbi(AbiWriter& out) {
  out.enumNames<SkeletonMethod>("skeletonMethods");
  out.slots("skeletonResult", kSkeletonResultSlots);
  const SkeletonSolveOptions skeleton;
  out.open("skeletonSolveDefaults", '{');
  out.key("method");
  out.string(toString(skeleton.method));
  out.number("iterations", skeleton.iterations);
  out.number("tolerance", skeleton.tolerance);
  out.close('}');
  const SkeletonEffector effector;
  out.open("skeletonEffectorDefaults", '{');
  out.number("weight", effector.weight);
  out.close('}');
  const SecondOrderOptions spring;
  out.open("springDefaults", '{');
  out.number("frequency", spring.frequency);
  out.number("damping", spring.damping);
  out.number("response", spring.response);
  out.close('}');
}
[[maybe_unused]] const bool skeletonAbiAdded = addAbiSection(&writeSkeletonAbi);

// ---- skeletons --------------------------------------------------------------------------------------
// Bones cross as records of three numbers, effectors of six, in the input buffer. A solve's numbers go
// into the skeleton's own result storage (IK2D_SKELETON_RESULT at resultAddress), which JS reads
// back before the call returns.

class SkeletonHandle {
 public:
  std::string reset(double rootX, double rootY, double count) {
    const int bones = wholeOrInvalid(count);
    // (A count the core refuses is refused before any record is read: JS passes none then.)
    const bool counted = bones >= 1 && bones <= Skeleton::kMaxBones;
    if (bones < 0 || (counted && !inputHolds(3.0 * bones))) return "bones were not passed in";
    return messageOf(skeleton_.resetFromRecords({rootX, rootY}, inputBuffer.data(), bones));
  }
  int size() const { return skeleton_.size(); }
  std::string setRoot(double x, double y) { return messageOf(skeleton_.setRoot({x, y})); }
  std::string setAngles(double count) {
    const int angles = wholeOrInvalid(count);
    if (angles == skeleton_.size() && !inputHolds(angles)) return "angles were not passed in";
    return messageOf(skeleton_.setAngles(inputBuffer.data(), angles));
  }
  std::string setLimit(double bone, double min, double max) {
    if (const char* message = skeleton_.checkBoneIndex(bone, "bone")) return message;
    return messageOf(skeleton_.setLimit(static_cast<int>(bone), min, max));
  }
  std::string clearLimit(double bone) {
    if (const char* message = skeleton_.checkBoneIndex(bone, "bone")) return message;
    return messageOf(skeleton_.clearLimit(static_cast<int>(bone)));
  }
  std::string setSpring(double bone, double frequency, double damping, double response) {
    if (const char* message = skeleton_.checkBoneIndex(bone, "bone")) return message;
    SecondOrderOptions options;
    options.frequency = frequency;
    options.damping = damping;
    options.response = response;
    return messageOf(skeleton_.setSpring(static_cast<int>(bone), options));
  }
  std::string clearSpring(double bone) {
    if (const char* message = skeleton_.checkBoneIndex(bone, "bone")) return message;
    return messageOf(skeleton_.clearSpring(static_cast<int>(bone)));
  }
  std::string step(double dt, double steps) {
    if (const char* message = skeleton_.checkStep(dt, steps)) return message;
    return messageOf(skeleton_.step(dt, static_cast<int>(steps)));
  }
  void setMirror(bool on) { skeleton_.setMirror(on); }
  bool mirrored() const { return skeleton_.mirrored(); }
  std::uintptr_t anglesAddress() const { return reinterpret_cast<std::uintptr_t>(skeleton_.angles()); }
  std::uintptr_t positionsAddress() const { return reinterpret_cast<std::uintptr_t>(skeleton_.positions()); }
  std::uintptr_t backwardAddress() const {
    return reinterpret_cast<std::uintptr_t>(skeleton_.backwardPositions());
  }
  // Effector records (bone, x, y, useAngle, angle, weight) in the input buffer; `method` an index into
  // skeletonMethods (-1 for a name JS did not know: the core names the methods it knows). The result into
  // resultAddress(), the errors at errorsAddress().
  std::string solve(double count, int method, double iterations, double tolerance) {
    const int effectors = wholeOrInvalid(count);
    SkeletonSolveResult r;
    if (effectors < 0 || (effectors <= skeleton_.size() && !inputHolds(6.0 * effectors))) {
      r.status = ChainStatus::Invalid;
      writeResult(r);
      return "effectors were not passed in";
    }
    SkeletonSolveOptions options;
    options.method = static_cast<SkeletonMethod>(method);
    options.iterations = wholeOrInvalid(iterations);
    options.tolerance = tolerance;
    r = skeleton_.solveFromRecords(inputBuffer.data(), effectors, options, 6);
    writeResult(r);
    errors_ = r.errors;
    return messageOf(r.message);
  }
  std::uintptr_t resultAddress() const { return reinterpret_cast<std::uintptr_t>(result_); }
  std::uintptr_t errorsAddress() const { return reinterpret_cast<std::uintptr_t>(errors_); }

 private:
  void writeResult(const SkeletonSolveResult& r) {
#define IK2D_RESULT_WRITE(name, path, type, value) result_[skeletonResult::name] = static_cast<double>(value);
    IK2D_SKELETON_RESULT(IK2D_RESULT_WRITE)
#undef IK2D_RESULT_WRITE
  }

  Skeleton skeleton_;
  const double* errors_ = nullptr;
  double result_[skeletonResult::kSlots] = {};
};

}  // namespace
}  // namespace ik2d::bind

EMSCRIPTEN_BINDINGS(ik2d_skeleton) {
  using namespace ik2d::bind;
  bindPose(emscripten::class_<SkeletonHandle>("SkeletonHandle").constructor<>())
      .function("setSpring", &SkeletonHandle::setSpring)
      .function("clearSpring", &SkeletonHandle::clearSpring)
      .function("step", &SkeletonHandle::step)
      .function("solve", &SkeletonHandle::solve)
      .function("resultAddress", &SkeletonHandle::resultAddress)
      .function("errorsAddress", &SkeletonHandle::errorsAddress);
}
