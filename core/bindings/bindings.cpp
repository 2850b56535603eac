// bindings.cpp: the Embind bindings, and the only file that includes Emscripten headers.
//
// The hot path crosses the boundary as plain numbers: solveTwoBone takes eight doubles and writes
// its pose into a static buffer that ik2d_api.js reads through a Float64Array view, because an
// Embind value_object costs more than the whole solve (see shared/TOOLCHAIN.md). ik2d_api.js
// turns that into the public `{status, joint, end, ...}` object and checks argument types.
//
// Chains live in C++ (ChainHandle, one per JS Chain). Arrays cross through memory, never element
// by element: JS writes lengths or angles into the shared input buffer and reads angles and
// positions straight out of the chain's own storage. Calls that can fail return 0 or 1 and leave
// the message for lastMessage().
#include <emscripten/bind.h>
#include <emscripten/em_macros.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "ik2d/ik2d.hpp"

namespace {

// Layout of the buffer solveTwoBoneFlat writes: ik2d_api.js reads the same indices.
enum TwoBoneSlot { kJointX, kJointY, kEndX, kEndY, kAngle1, kAngle2, kDistance, kSlotCount };

double twoBoneOut[kSlotCount];
const char* twoBoneMessage = nullptr;

static_assert(static_cast<int>(ik2d::TwoBoneStatus::Reached) == 0,
              "status codes index STATUS in ik2d_api.js");
static_assert(static_cast<int>(ik2d::TwoBoneStatus::OutOfReach) == 1,
              "status codes index STATUS in ik2d_api.js");
static_assert(static_cast<int>(ik2d::TwoBoneStatus::TooClose) == 2,
              "status codes index STATUS in ik2d_api.js");
static_assert(static_cast<int>(ik2d::TwoBoneStatus::Invalid) == 3,
              "status codes index STATUS in ik2d_api.js");

int solveTwoBoneFlat(double rootX, double rootY, double targetX, double targetY, double length1,
                     double length2, double bend, double softness) {
  ik2d::TwoBoneInput input;
  input.root = {rootX, rootY};
  input.target = {targetX, targetY};
  input.length1 = length1;
  input.length2 = length2;
  input.bend = bend;
  input.softness = softness;
  const ik2d::TwoBoneResult result = ik2d::solveTwoBone(input);
  twoBoneOut[kJointX] = result.joint.x;
  twoBoneOut[kJointY] = result.joint.y;
  twoBoneOut[kEndX] = result.end.x;
  twoBoneOut[kEndY] = result.end.y;
  twoBoneOut[kAngle1] = result.angle1;
  twoBoneOut[kAngle2] = result.angle2;
  twoBoneOut[kDistance] = result.distance;
  twoBoneMessage = result.message;
  return static_cast<int>(result.status);
}

}  // namespace

// The per-call hot paths as plain WebAssembly exports too: ik2d_api.js calls these directly, which
// skips Embind's argument marshalling (with DYNAMIC_EXECUTION=0 its generic invoker costs more
// than a whole two-bone solve). Same code, same buffers.
extern "C" {
EMSCRIPTEN_KEEPALIVE int ik2d_solve_two_bone(double rootX, double rootY, double targetX, double targetY,
                                             double length1, double length2, double bend, double softness) {
  return solveTwoBoneFlat(rootX, rootY, targetX, targetY, length1, length2, bend, softness);
}
}

namespace {

std::string lastTwoBoneMessage() { return twoBoneMessage ? twoBoneMessage : ""; }

std::uintptr_t twoBoneOutAddress() { return reinterpret_cast<std::uintptr_t>(twoBoneOut); }

std::string version() { return ik2d::kVersion; }

// ---- chains ---------------------------------------------------------------------------------------

const char* lastError = nullptr;
std::vector<double> inputBuffer;
double chainSolveOut[2];  // iterations, error

// Layout of the buffer ChainHandle::beginSolve and ::step write (one ik2d::ChainStep): ik2d_api.js
// reads the same indices (STEP_* constants).
enum StepSlot {
  kStepKind,
  kStepIteration,
  kStepJoint,
  kStepPivotX,
  kStepPivotY,
  kStepEndBeforeX,
  kStepEndBeforeY,
  kStepWanted,
  kStepTurn,
  kStepError,
  kStepSweepEnd,
  kStepDone,
  kStepStatus,
  kStepResultIterations,
  kStepResultError,
  kStepSlots
};
double chainStepOut[kStepSlots];

int writeStep(const ik2d::ChainStep& step) {
  chainStepOut[kStepKind] = static_cast<int>(step.kind);
  chainStepOut[kStepIteration] = step.iteration;
  chainStepOut[kStepJoint] = step.joint;
  chainStepOut[kStepPivotX] = step.pivot.x;
  chainStepOut[kStepPivotY] = step.pivot.y;
  chainStepOut[kStepEndBeforeX] = step.endBefore.x;
  chainStepOut[kStepEndBeforeY] = step.endBefore.y;
  chainStepOut[kStepWanted] = step.wanted;
  chainStepOut[kStepTurn] = step.turn;
  chainStepOut[kStepError] = step.error;
  chainStepOut[kStepSweepEnd] = step.sweepEnd ? 1 : 0;
  chainStepOut[kStepDone] = step.done ? 1 : 0;
  chainStepOut[kStepStatus] = static_cast<int>(step.result.status);
  chainStepOut[kStepResultIterations] = step.result.iterations;
  chainStepOut[kStepResultError] = step.result.error;
  lastError = step.result.message;
  return static_cast<int>(step.kind);
}

std::uintptr_t chainStepOutAddress() { return reinterpret_cast<std::uintptr_t>(chainStepOut); }

static_assert(static_cast<int>(ik2d::ChainStepKind::Invalid) == 6,
              "step kinds index STEP_KINDS in ik2d_api.js");

int report(const char* message) {
  lastError = message;
  return message == nullptr ? 0 : 1;
}

std::string lastMessage() { return lastError ? lastError : ""; }

// Room for `count` doubles of input; its address (may move: call before writing).
std::uintptr_t inputAddress(int count) {
  if (count > 0 && inputBuffer.size() < static_cast<size_t>(count))
    inputBuffer.resize(static_cast<size_t>(count));
  return reinterpret_cast<std::uintptr_t>(inputBuffer.data());
}

std::uintptr_t chainSolveOutAddress() { return reinterpret_cast<std::uintptr_t>(chainSolveOut); }

static_assert(static_cast<int>(ik2d::ChainStatus::Reached) == 0,
              "status codes index CHAIN_STATUS in ik2d_api.js");
static_assert(static_cast<int>(ik2d::ChainStatus::OutOfReach) == 1,
              "status codes index CHAIN_STATUS in ik2d_api.js");
static_assert(static_cast<int>(ik2d::ChainStatus::MaxIterations) == 2,
              "status codes index CHAIN_STATUS in ik2d_api.js");
static_assert(static_cast<int>(ik2d::ChainStatus::Invalid) == 3,
              "status codes index CHAIN_STATUS in ik2d_api.js");

class ChainHandle {
 public:
  int reset(double rootX, double rootY, int count) {
    if (count < 0 || static_cast<size_t>(count) > inputBuffer.size())
      return report("lengths were not passed in");
    return report(chain_.reset({rootX, rootY}, inputBuffer.data(), count));
  }
  int size() const { return chain_.size(); }
  int setRoot(double x, double y) { return report(chain_.setRoot({x, y})); }
  int setAngles(int count) {
    if (count < 0 || static_cast<size_t>(count) > inputBuffer.size())
      return report("angles were not passed in");
    return report(chain_.setAngles(inputBuffer.data(), count));
  }
  int setLimit(int joint, double min, double max) { return report(chain_.setLimit(joint, min, max)); }
  int clearLimit(int joint) { return report(chain_.clearLimit(joint)); }
  std::uintptr_t anglesAddress() const { return reinterpret_cast<std::uintptr_t>(chain_.angles()); }
  std::uintptr_t positionsAddress() const { return reinterpret_cast<std::uintptr_t>(chain_.positions()); }
  int solve(double targetX, double targetY, int method, int iterations, double tolerance, double maxStep) {
    ik2d::ChainSolveOptions options;
    options.method = static_cast<ik2d::ChainMethod>(method);
    options.iterations = iterations;
    options.tolerance = tolerance;
    options.maxStep = maxStep;
    const ik2d::ChainSolveResult result = chain_.solve({targetX, targetY}, options);
    chainSolveOut[0] = result.iterations;
    chainSolveOut[1] = result.error;
    lastError = result.message;
    return static_cast<int>(result.status);
  }
  int beginSolve(double targetX, double targetY, int method, int iterations, double tolerance,
                 double maxStep) {
    ik2d::ChainSolveOptions options;
    options.method = static_cast<ik2d::ChainMethod>(method);
    options.iterations = iterations;
    options.tolerance = tolerance;
    options.maxStep = maxStep;
    return writeStep(chain_.beginSolve({targetX, targetY}, options));
  }
  int step() { return writeStep(chain_.step()); }
  bool stepping() const { return chain_.stepping(); }
  std::uintptr_t backwardAddress() const {
    return reinterpret_cast<std::uintptr_t>(chain_.backwardPositions());
  }
  std::uintptr_t address() { return reinterpret_cast<std::uintptr_t>(this); }

 private:
  ik2d::Chain chain_;
};

}  // namespace

extern "C" {
// ChainHandle::solve for the handle at `address` (from ChainHandle::address()): see ik2d_solve_two_bone.
EMSCRIPTEN_KEEPALIVE int ik2d_chain_solve(std::uintptr_t address, double targetX, double targetY, int method,
                                          int iterations, double tolerance, double maxStep) {
  return reinterpret_cast<ChainHandle*>(address)->solve(targetX, targetY, method, iterations, tolerance,
                                                        maxStep);
}
}

namespace {

// ---- batches ------------------------------------------------------------------------------------

// TwoBoneBatch's arrays, in the order ik2d_api.js names them (TWO_BONE_BATCH_FIELDS).
class TwoBoneBatchHandle {
 public:
  int resize(int count) { return report(batch_.resize(count)); }
  int count() const { return batch_.count(); }
  std::uintptr_t fieldAddress(int field) {
    double* const fields[] = {batch_.rootX(),   batch_.rootY(),   batch_.targetX(), batch_.targetY(),
                              batch_.length1(), batch_.length2(), batch_.bend(),    batch_.softness(),
                              batch_.jointX(),  batch_.jointY(),  batch_.endX(),    batch_.endY(),
                              batch_.angle1(),  batch_.angle2(),  batch_.distance()};
    if (field < 0 || field >= 15) return 0;
    return reinterpret_cast<std::uintptr_t>(fields[field]);
  }
  std::uintptr_t statusAddress() { return reinterpret_cast<std::uintptr_t>(batch_.status()); }
  void solve(int begin, int end) { batch_.solve(begin, end); }
  std::string message(int index) {
    const char* message = batch_.message(index);
    return message ? message : "";
  }

 private:
  ik2d::TwoBoneBatch batch_;
};

// ChainBatch; reset() takes the lengths from the input buffer.
class ChainBatchHandle {
 public:
  int reset(int count, int bones, double rootX, double rootY) {
    if (bones < 0 || static_cast<size_t>(bones) > inputBuffer.size())
      return report("lengths were not passed in");
    return report(batch_.reset(count, bones, inputBuffer.data(), {rootX, rootY}));
  }
  int count() const { return batch_.count(); }
  int bones() const { return batch_.bones(); }
  std::uintptr_t fieldAddress(int field) {
    double* const fields[] = {batch_.rootX(),   batch_.rootY(),   batch_.targetX(),
                              batch_.targetY(), batch_.lengths(), batch_.x(),
                              batch_.y(),       batch_.error(),   batch_.angles()};
    if (field < 0 || field >= 9) return 0;
    return reinterpret_cast<std::uintptr_t>(fields[field]);
  }
  std::uintptr_t iterationsAddress() { return reinterpret_cast<std::uintptr_t>(batch_.iterations()); }
  std::uintptr_t statusAddress() { return reinterpret_cast<std::uintptr_t>(batch_.status()); }
  int solve(int ccd, int iterations, double tolerance) {
    ik2d::ChainBatchOptions options;
    options.ccd = ccd != 0;
    options.iterations = iterations;
    options.tolerance = tolerance;
    return report(batch_.solve(options));
  }
  void computeAngles() { batch_.computeAngles(); }

 private:
  ik2d::ChainBatch batch_;
};

// ---- spiders ------------------------------------------------------------------------------------

// Layout of SpiderHandle::stateAddress(): the body, then one record per leg. ik2d_api.js reads the
// same indices (SPIDER_* constants).
enum SpiderSlot { kBodyX, kBodyY, kBodyAngle, kBodyVelocity, kGoal, kBodySlots };
enum LegSlot {
  kHipX,
  kHipY,
  kKneeX,
  kKneeY,
  kFootX,
  kFootY,
  kRestX,
  kRestY,
  kPlanted,
  kNearSide,
  kGroup,
  kLegIk,
  kSteps,
  kStepProgress,
  kLegSlots
};
// Layout of the options passed in the input buffer to SpiderHandle::reset.
enum SpiderOption {
  kLegCount,
  kUpperLength,
  kLowerLength,
  kBodyHeight,
  kSpeed,
  kStepThreshold,
  kStepHeight,
  kSeed,
  kRoughness,
  kAmplitude,
  kWavelength,
  kStartX,
  kOptionCount
};

class SpiderHandle {
 public:
  int reset() {
    if (inputBuffer.size() < kOptionCount) return report("spider options were not passed in");
    const double* in = inputBuffer.data();
    ik2d::SpiderOptions options;
    options.legCount = static_cast<int>(in[kLegCount]);
    options.upperLength = in[kUpperLength];
    options.lowerLength = in[kLowerLength];
    options.bodyHeight = in[kBodyHeight];
    options.speed = in[kSpeed];
    options.stepThreshold = in[kStepThreshold];
    options.stepHeight = in[kStepHeight];
    options.terrain.seed = static_cast<std::uint32_t>(in[kSeed]);
    options.terrain.roughness = in[kRoughness];
    options.terrain.amplitude = in[kAmplitude];
    options.terrain.wavelength = in[kWavelength];
    if (const char* message = spider_.reset(options, in[kStartX])) return report(message);
    state_.assign(kBodySlots + kLegSlots * static_cast<size_t>(options.legCount), 0.0);
    writeState();
    return report(nullptr);
  }
  int setGoal(double x) {
    if (const char* message = spider_.setGoal(x)) return report(message);
    writeState();  // state().goal answers at once, not after the next step
    return report(nullptr);
  }
  int step(double dt, int count) {
    for (int i = 0; i < count; ++i) {
      if (const char* message = spider_.step(dt)) return report(message);
    }
    writeState();
    return report(nullptr);
  }
  double groundHeight(double x) const { return spider_.terrain().height(x); }
  double groundSlope(double x) const { return spider_.terrain().slope(x); }
  std::uintptr_t stateAddress() const { return reinterpret_cast<std::uintptr_t>(state_.data()); }

 private:
  void writeState() {
    const ik2d::SpiderBody& body = spider_.body();
    state_[kBodyX] = body.position.x;
    state_[kBodyY] = body.position.y;
    state_[kBodyAngle] = body.angle;
    state_[kBodyVelocity] = body.velocity;
    state_[kGoal] = spider_.goal();
    double* record = state_.data() + kBodySlots;
    for (const ik2d::SpiderLeg& leg : spider_.legs()) {
      record[kHipX] = leg.hip.x;
      record[kHipY] = leg.hip.y;
      record[kKneeX] = leg.knee.x;
      record[kKneeY] = leg.knee.y;
      record[kFootX] = leg.foot.x;
      record[kFootY] = leg.foot.y;
      record[kRestX] = leg.rest.x;
      record[kRestY] = leg.rest.y;
      record[kPlanted] = leg.planted ? 1 : 0;
      record[kNearSide] = leg.nearSide ? 1 : 0;
      record[kGroup] = leg.group;
      record[kLegIk] = static_cast<int>(leg.ik);
      record[kSteps] = leg.steps;
      record[kStepProgress] = leg.stepProgress;
      record += kLegSlots;
    }
  }

  ik2d::Spider spider_;
  std::vector<double> state_;
};

// ---- skeletons ----------------------------------------------------------------------------------
// Self-contained: every value check and message is the core's (ik2d::Skeleton); indices, counts and
// iterations arrive as doubles so that C++, not JS, judges them. Bones and effectors cross as
// records of three numbers in the input buffer.

// A whole number in [low, high] as an int, or `fallback` (which the core then refuses by name).
int wholeOr(double value, int low, int high, int fallback) {
  return std::isfinite(value) && value == std::floor(value) && value >= low && value <= high
             ? static_cast<int>(value)
             : fallback;
}

double skeletonSolveOut[2];  // iterations, number of errors

class SkeletonHandle {
 public:
  int reset(double rootX, double rootY, double count) {
    const int bones = wholeOr(count, 0, ik2d::Skeleton::kMaxBones + 1, -1);
    if (bones < 0 || 3 * static_cast<size_t>(bones) > inputBuffer.size())
      return report("bones were not passed in");
    return report(skeleton_.resetFromRecords({rootX, rootY}, inputBuffer.data(), bones));
  }
  int size() const { return skeleton_.size(); }
  int setRoot(double x, double y) { return report(skeleton_.setRoot({x, y})); }
  int setAngles(double count) {
    const int angles = wholeOr(count, 0, ik2d::Skeleton::kMaxBones + 1, -1);
    if (angles < 0 || static_cast<size_t>(angles) > inputBuffer.size())
      return report("angles were not passed in");
    return report(skeleton_.setAngles(inputBuffer.data(), angles));
  }
  int setLimit(double bone, double min, double max) {
    if (const char* message = skeleton_.checkBoneIndex(bone, "bone")) return report(message);
    return report(skeleton_.setLimit(static_cast<int>(bone), min, max));
  }
  int clearLimit(double bone) {
    if (const char* message = skeleton_.checkBoneIndex(bone, "bone")) return report(message);
    return report(skeleton_.clearLimit(static_cast<int>(bone)));
  }
  std::uintptr_t anglesAddress() const { return reinterpret_cast<std::uintptr_t>(skeleton_.angles()); }
  std::uintptr_t positionsAddress() const { return reinterpret_cast<std::uintptr_t>(skeleton_.positions()); }
  std::uintptr_t backwardAddress() const {
    return reinterpret_cast<std::uintptr_t>(skeleton_.backwardPositions());
  }
  // Effector records (bone, x, y) in the input buffer; `method` from skeletonMethodCode. Writes
  // iterations and the error count to skeletonSolveOut; errors at errorsAddress().
  int solve(double count, int method, double iterations, double tolerance) {
    const int effectors = wholeOr(count, 0, ik2d::Skeleton::kMaxBones + 1, -1);
    if (effectors < 0 || 3 * static_cast<size_t>(effectors) > inputBuffer.size()) {
      skeletonSolveOut[0] = skeletonSolveOut[1] = 0;
      report("effectors were not passed in");
      return static_cast<int>(ik2d::ChainStatus::Invalid);
    }
    ik2d::SkeletonSolveOptions options;
    options.method = static_cast<ik2d::SkeletonMethod>(method);
    options.iterations = wholeOr(iterations, 0, ik2d::Skeleton::kMaxIterations, -1);
    options.tolerance = tolerance;
    const ik2d::SkeletonSolveResult result =
        skeleton_.solveFromRecords(inputBuffer.data(), effectors, options);
    skeletonSolveOut[0] = result.iterations;
    skeletonSolveOut[1] = result.effectorCount;
    errors_ = result.errors;
    lastError = result.message;
    return static_cast<int>(result.status);
  }
  std::uintptr_t errorsAddress() const { return reinterpret_cast<std::uintptr_t>(errors_); }

 private:
  ik2d::Skeleton skeleton_;
  const double* errors_ = nullptr;
};

// The method's code for SkeletonHandle::solve, or -1 (the core then names the methods it knows).
int skeletonMethodCode(const std::string& name) { return name == "fabrik" ? 0 : -1; }
std::uintptr_t skeletonSolveOutAddress() { return reinterpret_cast<std::uintptr_t>(skeletonSolveOut); }
// The defaults of SkeletonSolveOptions, so JS fills in an omitted option with C++'s value.
double skeletonDefaultIterations() { return ik2d::SkeletonSolveOptions{}.iterations; }
double skeletonDefaultTolerance() { return ik2d::SkeletonSolveOptions{}.tolerance; }

}  // namespace

EMSCRIPTEN_BINDINGS(ik2d_skeleton) {
  emscripten::function("skeletonMethodCode", &skeletonMethodCode);
  emscripten::function("skeletonSolveOutAddress", &skeletonSolveOutAddress);
  emscripten::function("skeletonDefaultIterations", &skeletonDefaultIterations);
  emscripten::function("skeletonDefaultTolerance", &skeletonDefaultTolerance);
  emscripten::class_<SkeletonHandle>("SkeletonHandle")
      .constructor<>()
      .function("reset", &SkeletonHandle::reset)
      .function("size", &SkeletonHandle::size)
      .function("setRoot", &SkeletonHandle::setRoot)
      .function("setAngles", &SkeletonHandle::setAngles)
      .function("setLimit", &SkeletonHandle::setLimit)
      .function("clearLimit", &SkeletonHandle::clearLimit)
      .function("anglesAddress", &SkeletonHandle::anglesAddress)
      .function("positionsAddress", &SkeletonHandle::positionsAddress)
      .function("backwardAddress", &SkeletonHandle::backwardAddress)
      .function("solve", &SkeletonHandle::solve)
      .function("errorsAddress", &SkeletonHandle::errorsAddress);
}

EMSCRIPTEN_BINDINGS(ik2d) {
  emscripten::function("version", &version);
  emscripten::function("solveTwoBoneFlat", &solveTwoBoneFlat);
  emscripten::function("lastTwoBoneMessage", &lastTwoBoneMessage);
  emscripten::function("twoBoneOutAddress", &twoBoneOutAddress);
  emscripten::function("lastMessage", &lastMessage);
  emscripten::function("inputAddress", &inputAddress);
  emscripten::function("chainSolveOutAddress", &chainSolveOutAddress);
  emscripten::function("chainStepOutAddress", &chainStepOutAddress);
  emscripten::class_<ChainHandle>("ChainHandle")
      .constructor<>()
      .function("reset", &ChainHandle::reset)
      .function("size", &ChainHandle::size)
      .function("setRoot", &ChainHandle::setRoot)
      .function("setAngles", &ChainHandle::setAngles)
      .function("setLimit", &ChainHandle::setLimit)
      .function("clearLimit", &ChainHandle::clearLimit)
      .function("anglesAddress", &ChainHandle::anglesAddress)
      .function("positionsAddress", &ChainHandle::positionsAddress)
      .function("solve", &ChainHandle::solve)
      .function("beginSolve", &ChainHandle::beginSolve)
      .function("step", &ChainHandle::step)
      .function("stepping", &ChainHandle::stepping)
      .function("backwardAddress", &ChainHandle::backwardAddress)
      .function("address", &ChainHandle::address);
  emscripten::class_<TwoBoneBatchHandle>("TwoBoneBatchHandle")
      .constructor<>()
      .function("resize", &TwoBoneBatchHandle::resize)
      .function("count", &TwoBoneBatchHandle::count)
      .function("fieldAddress", &TwoBoneBatchHandle::fieldAddress)
      .function("statusAddress", &TwoBoneBatchHandle::statusAddress)
      .function("solve", &TwoBoneBatchHandle::solve)
      .function("message", &TwoBoneBatchHandle::message);
  emscripten::class_<ChainBatchHandle>("ChainBatchHandle")
      .constructor<>()
      .function("reset", &ChainBatchHandle::reset)
      .function("count", &ChainBatchHandle::count)
      .function("bones", &ChainBatchHandle::bones)
      .function("fieldAddress", &ChainBatchHandle::fieldAddress)
      .function("iterationsAddress", &ChainBatchHandle::iterationsAddress)
      .function("statusAddress", &ChainBatchHandle::statusAddress)
      .function("solve", &ChainBatchHandle::solve)
      .function("computeAngles", &ChainBatchHandle::computeAngles);
  emscripten::class_<SpiderHandle>("SpiderHandle")
      .constructor<>()
      .function("reset", &SpiderHandle::reset)
      .function("setGoal", &SpiderHandle::setGoal)
      .function("step", &SpiderHandle::step)
      .function("groundHeight", &SpiderHandle::groundHeight)
      .function("groundSlope", &SpiderHandle::groundSlope)
      .function("stateAddress", &SpiderHandle::stateAddress);
}
