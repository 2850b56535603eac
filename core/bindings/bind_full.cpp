// bind_full.cpp: the full module's part of the binding, on top of bind_core.cpp: the batches, the
// spider and the skeleton. Every value check and message is the core's; indices, counts and
// iterations arrive as doubles so that C++, not JS, judges them (wholeOrInvalid, then the core's
// ranges). Arrays and records arrive in the input buffer; states and results are read by JS from
// each object's own storage through the layouts below (boundary.hpp).
#include <emscripten/bind.h>

#include <cmath>
#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

#include "boundary.hpp"
#include "ik2d/batch.hpp"
#include "ik2d/chain.hpp"
#include "ik2d/skeleton.hpp"
#include "ik2d/spider.hpp"

namespace ik2d::bind {
namespace {

// Spider state: the body, then one record per leg (`body`, `goal`, `leg`).
#define IK2D_SPIDER_BODY(X)                             \
  X(x, "body.x", "number", body.position.x)             \
  X(y, "body.y", "number", body.position.y)             \
  X(angle, "body.angle", "number", body.angle)          \
  X(velocity, "body.velocity", "number", body.velocity) \
  X(goal, "goal", "number", goal)
#define IK2D_SPIDER_LEG(X)                               \
  X(hipX, "hip.x", "number", leg.hip.x)                  \
  X(hipY, "hip.y", "number", leg.hip.y)                  \
  X(kneeX, "knee.x", "number", leg.knee.x)               \
  X(kneeY, "knee.y", "number", leg.knee.y)               \
  X(footX, "foot.x", "number", leg.foot.x)               \
  X(footY, "foot.y", "number", leg.foot.y)               \
  X(restX, "rest.x", "number", leg.rest.x)               \
  X(restY, "rest.y", "number", leg.rest.y)               \
  X(planted, "planted", "bool", leg.planted)             \
  X(nearSide, "nearSide", "bool", leg.nearSide)          \
  X(group, "group", "number", leg.group)                 \
  X(ik, "ik", "twoBoneStatus", static_cast<int>(leg.ik)) \
  X(steps, "steps", "number", leg.steps)                 \
  X(stepProgress, "stepProgress", "number", leg.stepProgress)

// Spider options, in the order SpiderHandle::reset reads them from the input buffer: X(JS name,
// where it goes, how it is read). `o` is an ik2d::SpiderOptions, whose defaults are the defaults;
// `startX` the spider's starting x (default 0). The seed was checked first (see reset()).
#define IK2D_SPIDER_OPTIONS(X)                \
  X(legs, o.legCount, whole)                  \
  X(upperLength, o.upperLength, number)       \
  X(lowerLength, o.lowerLength, number)       \
  X(bodyHeight, o.bodyHeight, number)         \
  X(speed, o.speed, number)                   \
  X(stepThreshold, o.stepThreshold, number)   \
  X(stepHeight, o.stepHeight, number)         \
  X(seed, o.terrain.seed, seed)               \
  X(roughness, o.terrain.roughness, number)   \
  X(amplitude, o.terrain.amplitude, number)   \
  X(wavelength, o.terrain.wavelength, number) \
  X(x, startX, number)

// How an option's double becomes its field.
inline double read_number(double value) { return value; }
inline int read_whole(double value) { return wholeOrInvalid(value); }
inline std::uint32_t read_seed(double value) { return static_cast<std::uint32_t>(value); }

// Skeleton.solve's result, in the skeleton's own storage (`r`, an ik2d::SkeletonSolveResult).
#define IK2D_SKELETON_RESULT(X)                                  \
  X(status, "status", "chainStatus", static_cast<int>(r.status)) \
  X(iterations, "iterations", "number", r.iterations)            \
  X(errorCount, "errorCount", "number", r.effectorCount)

// The batches' arrays, in the order fieldAddress() numbers them (and abi() lists them).
// clang-format off
#define IK2D_TWO_BONE_BATCH_FIELDS(X) \
  X(rootX) X(rootY) X(targetX) X(targetY) X(length1) X(length2) X(bend) X(softness) \
  X(offsetX) X(offsetY) X(stretch) X(mix) X(poseAngle1) X(poseAngle2) \
  X(jointX) X(jointY) X(endX) X(endY) X(angle1) X(angle2) X(distance) X(scale)
#define IK2D_CHAIN_BATCH_FIELDS(X) \
  X(rootX) X(rootY) X(targetX) X(targetY) X(lengths) X(x) X(y) X(error) X(angles)
// clang-format on

#define IK2D_OPTION_ENUM(name, value, kind) name,
IK2D_SLOTS(spiderBody, IK2D_SPIDER_BODY)
IK2D_SLOTS(spiderLeg, IK2D_SPIDER_LEG)
IK2D_SLOTS(skeletonResult, IK2D_SKELETON_RESULT)
namespace spiderOption {
enum Slot { IK2D_SPIDER_OPTIONS(IK2D_OPTION_ENUM) kSlots };
}

// ---- the full module's part of the table -------------------------------------------------------------

constexpr SlotInfo kSpiderBodySlots[] = {IK2D_SPIDER_BODY(IK2D_SLOT_INFO)};
constexpr SlotInfo kSpiderLegSlots[] = {IK2D_SPIDER_LEG(IK2D_SLOT_INFO)};
constexpr SlotInfo kSkeletonResultSlots[] = {IK2D_SKELETON_RESULT(IK2D_SLOT_INFO)};
#define IK2D_FIELD_NAME(name) #name,
constexpr const char* kTwoBoneBatchFields[] = {IK2D_TWO_BONE_BATCH_FIELDS(IK2D_FIELD_NAME)};
constexpr const char* kChainBatchFields[] = {IK2D_CHAIN_BATCH_FIELDS(IK2D_FIELD_NAME)};
#undef IK2D_FIELD_NAME

void writeFullAbi(AbiWriter& out) {
  out.enumNames<ChainOnlyOption>("chainOnlyOptions", static_cast<int>(ChainOnlyOption::Pole) + 1);
  out.enumNames<SkeletonMethod>("skeletonMethods", static_cast<int>(SkeletonMethod::Fabrik) + 1);
  const char* const batchMethods[] = {toString(ChainMethod::Ccd),
                                      toString(ChainMethod::Fabrik)};  // ChainBatchOptions::ccd
  out.names("chainBatchMethods", batchMethods, 2);
  out.slots("spiderBody", kSpiderBodySlots);
  out.slots("spiderLeg", kSpiderLegSlots);
  out.slots("skeletonResult", kSkeletonResultSlots);
  out.names("twoBoneBatchFields", kTwoBoneBatchFields, static_cast<int>(std::size(kTwoBoneBatchFields)));
  out.names("chainBatchFields", kChainBatchFields, static_cast<int>(std::size(kChainBatchFields)));
  {
    const SpiderOptions o;
    const double startX = 0;
#define IK2D_OPTION_INFO(name, value, kind) {#name, static_cast<double>(value)},
    const NamedNumber spider[] = {IK2D_SPIDER_OPTIONS(IK2D_OPTION_INFO)};
#undef IK2D_OPTION_INFO
    out.numbers("spiderOptions", spider);
  }
  const ChainBatchOptions batch;
  out.open("chainBatchSolveDefaults", '{');
  out.key("method");
  out.string(toString(batch.ccd ? ChainMethod::Ccd : ChainMethod::Fabrik));
  out.number("iterations", batch.iterations);
  out.number("tolerance", batch.tolerance);
  out.close('}');
  const SkeletonSolveOptions skeleton;
  out.open("skeletonSolveDefaults", '{');
  out.key("method");
  out.string(toString(skeleton.method));
  out.number("iterations", skeleton.iterations);
  out.number("tolerance", skeleton.tolerance);
  out.close('}');
  const NamedNumber limits[] = {{"maxBatchLimbs", TwoBoneBatch::kMaxCount},
                                {"maxBatchSlots", static_cast<double>(ChainBatch::kMaxSlots)}};
  out.numbers("batchLimits", limits);
}
[[maybe_unused]] const bool fullAbiAdded = addAbiSection(&writeFullAbi);

// ---- batches ----------------------------------------------------------------------------------------

#define IK2D_FIELD_POINTER(name) batch_.name(),

class TwoBoneBatchHandle {
 public:
  std::string resize(double count) { return messageOf(batch_.resize(wholeOrInvalid(count))); }
  int count() const { return batch_.count(); }
  std::uintptr_t fieldAddress(int field) {
    double* const fields[] = {IK2D_TWO_BONE_BATCH_FIELDS(IK2D_FIELD_POINTER)};
    if (field < 0 || field >= static_cast<int>(std::size(fields))) return 0;
    return reinterpret_cast<std::uintptr_t>(fields[field]);
  }
  std::uintptr_t statusAddress() { return reinterpret_cast<std::uintptr_t>(batch_.status()); }
  // Limbs [begin, end): "" or why the range was refused.
  std::string solve(double begin, double end) {
    if (!(begin >= 0 && begin <= end && end <= batch_.count()) || begin != std::floor(begin) ||
        end != std::floor(end))
      return "begin and end must be whole numbers with 0 <= begin <= end <= " + wholeNumber(batch_.count());
    batch_.solve(static_cast<int>(begin), static_cast<int>(end));
    return "";
  }
  std::string message(int index) { return messageOf(batch_.message(index)); }

 private:
  TwoBoneBatch batch_;
};

// ChainBatch; reset() takes the lengths from the input buffer.
class ChainBatchHandle {
 public:
  std::string reset(double count, double bones, double rootX, double rootY) {
    const int chains = wholeOrInvalid(count), perChain = wholeOrInvalid(bones);
    if (perChain > 0 && !inputHolds(perChain)) return "lengths were not passed in";
    return messageOf(batch_.reset(chains, perChain, inputBuffer.data(), {rootX, rootY}));
  }
  int count() const { return batch_.count(); }
  int bones() const { return batch_.bones(); }
  std::uintptr_t fieldAddress(int field) {
    double* const fields[] = {IK2D_CHAIN_BATCH_FIELDS(IK2D_FIELD_POINTER)};
    if (field < 0 || field >= static_cast<int>(std::size(fields))) return 0;
    return reinterpret_cast<std::uintptr_t>(fields[field]);
  }
  std::uintptr_t iterationsAddress() { return reinterpret_cast<std::uintptr_t>(batch_.iterations()); }
  std::uintptr_t statusAddress() { return reinterpret_cast<std::uintptr_t>(batch_.status()); }
  // The options as Chain.solve takes them (method code, -1 for a name JS did not know), and the
  // first Chain-only option given (its index in abi().chainOnlyOptions, 0 for none): "" or why
  // they were refused (Chain::solve's checks and messages, then ChainBatch's refusals).
  std::string solve(int method, double iterations, double tolerance, int chainOnlyOption) {
    const int sweeps = wholeOrInvalid(iterations);
    if (const char* message = checkBatchSolveOptions(static_cast<ChainMethod>(method), sweeps, tolerance,
                                                     static_cast<ChainOnlyOption>(chainOnlyOption)))
      return message;
    ChainBatchOptions options;
    options.ccd = method == static_cast<int>(ChainMethod::Ccd);
    options.iterations = sweeps;
    options.tolerance = tolerance;
    return messageOf(batch_.solve(options));
  }
  void computeAngles() { batch_.computeAngles(); }

 private:
  ChainBatch batch_;
};

// ---- spiders ----------------------------------------------------------------------------------------

class SpiderHandle {
 public:
  // The options from the input buffer, in IK2D_SPIDER_OPTIONS order.
  std::string reset() {
    if (!inputHolds(spiderOption::kSlots)) return "spider options were not passed in";
    const double* in = inputBuffer.data();
    if (!(in[spiderOption::seed] >= 0 && in[spiderOption::seed] <= 4294967295.0) ||
        in[spiderOption::seed] != std::floor(in[spiderOption::seed]))
      return "seed must be a whole number from 0 to 4294967295";
    SpiderOptions o;
    double startX = 0;
#define IK2D_OPTION_READ(name, field, kind) field = read_##kind(in[spiderOption::name]);
    IK2D_SPIDER_OPTIONS(IK2D_OPTION_READ)
#undef IK2D_OPTION_READ
    if (const char* message = spider_.reset(o, startX)) return message;
    state_.assign(spiderBody::kSlots + spiderLeg::kSlots * static_cast<size_t>(o.legCount), 0.0);
    writeState();
    return "";
  }
  std::string setGoal(double x) {
    if (const char* message = spider_.setGoal(x)) return message;
    writeState();  // state().goal answers at once, not after the next step
    return "";
  }
  std::string step(double dt, double count) {
    if (!(count >= 0 && count <= 100000) || count != std::floor(count))
      return "steps must be a whole number from 0 to 100000";
    for (int i = 0; i < static_cast<int>(count); ++i) {
      if (const char* message = spider_.step(dt)) return message;
    }
    writeState();
    return "";
  }
  double groundHeight(double x) const { return spider_.terrain().height(x); }
  double groundSlope(double x) const { return spider_.terrain().slope(x); }
  std::uintptr_t stateAddress() const { return reinterpret_cast<std::uintptr_t>(state_.data()); }

 private:
  void writeState() {
    const SpiderBody& body = spider_.body();
    const double goal = spider_.goal();
    double* record = state_.data();
#define IK2D_RECORD_WRITE(name, path, type, value) record[Slot::name] = static_cast<double>(value);
    {
      using Slot = spiderBody::Slot;
      IK2D_SPIDER_BODY(IK2D_RECORD_WRITE)
    }
    record += spiderBody::kSlots;
    for (const SpiderLeg& leg : spider_.legs()) {
      using Slot = spiderLeg::Slot;
      IK2D_SPIDER_LEG(IK2D_RECORD_WRITE)
      record += spiderLeg::kSlots;
    }
#undef IK2D_RECORD_WRITE
  }

  Spider spider_;
  std::vector<double> state_;
};

// ---- skeletons --------------------------------------------------------------------------------------
// Bones and effectors cross as records of three numbers in the input buffer. A solve's numbers go
// into the skeleton's own result storage (IK2D_SKELETON_RESULT at resultAddress), which JS reads
// back before the call returns.

class SkeletonHandle {
 public:
  std::string reset(double rootX, double rootY, double count) {
    const int bones = wholeOrInvalid(count);
    if (bones < 0 || !inputHolds(3.0 * bones)) return "bones were not passed in";
    return messageOf(skeleton_.resetFromRecords({rootX, rootY}, inputBuffer.data(), bones));
  }
  int size() const { return skeleton_.size(); }
  std::string setRoot(double x, double y) { return messageOf(skeleton_.setRoot({x, y})); }
  std::string setAngles(double count) {
    const int angles = wholeOrInvalid(count);
    if (!inputHolds(angles)) return "angles were not passed in";
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
  std::uintptr_t anglesAddress() const { return reinterpret_cast<std::uintptr_t>(skeleton_.angles()); }
  std::uintptr_t positionsAddress() const { return reinterpret_cast<std::uintptr_t>(skeleton_.positions()); }
  std::uintptr_t backwardAddress() const {
    return reinterpret_cast<std::uintptr_t>(skeleton_.backwardPositions());
  }
  // Effector records (bone, x, y) in the input buffer; `method` an index into skeletonMethods (-1
  // for a name JS did not know: the core names the methods it knows). The result into
  // resultAddress(), the errors at errorsAddress().
  std::string solve(double count, int method, double iterations, double tolerance) {
    const int effectors = wholeOrInvalid(count);
    SkeletonSolveResult r;
    if (effectors < 0 || !inputHolds(3.0 * effectors)) {
      r.status = ChainStatus::Invalid;
      writeResult(r);
      return "effectors were not passed in";
    }
    SkeletonSolveOptions options;
    options.method = static_cast<SkeletonMethod>(method);
    options.iterations = wholeOrInvalid(iterations);
    options.tolerance = tolerance;
    r = skeleton_.solveFromRecords(inputBuffer.data(), effectors, options);
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

EMSCRIPTEN_BINDINGS(ik2d_full) {
  using namespace ik2d::bind;
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
      .function("resultAddress", &SkeletonHandle::resultAddress)
      .function("errorsAddress", &SkeletonHandle::errorsAddress);
}
