// bind_batch.cpp: the batches' part of the binding (TwoBoneBatch, ChainBatch), linked into the
// ik2d-batch module and the full ik2d. Each array is a view JS reads and writes in place (the
// field orders below); solve() returns the core's message ("" when all went well).
#include <emscripten/bind.h>

#include <cmath>
#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

#include "boundary.hpp"
#include "ik2d/batch.hpp"
#include "ik2d/chain.hpp"

namespace ik2d::bind {
namespace {

// The batches' arrays, in the order fieldAddress() numbers them (and abi() lists them).
// clang-format off
#define IK2D_TWO_BONE_BATCH_FIELDS(X) \
  X(rootX) X(rootY) X(targetX) X(targetY) X(length1) X(length2) X(bend) X(softness) \
  X(offsetX) X(offsetY) X(stretch) X(mix) X(poseAngle1) X(poseAngle2) \
  X(jointX) X(jointY) X(endX) X(endY) X(angle1) X(angle2) X(distance) X(scale)
#define IK2D_CHAIN_BATCH_FIELDS(X) \
  X(rootX, chain) X(rootY, chain) X(targetX, chain) X(targetY, chain) X(lengths, bone) \
  X(x, joint) X(y, joint) X(error, chain) X(angles, bone)
// clang-format on

// ---- the batches' part of the table ------------------------------------------------------------------

#define IK2D_FIELD_NAME(name) #name,
constexpr const char* kTwoBoneBatchFields[] = {IK2D_TWO_BONE_BATCH_FIELDS(IK2D_FIELD_NAME)};
#undef IK2D_FIELD_NAME
// A chain batch field's name, and how many values it holds per chain: one (chain), one per bone,
// one per joint (bones + 1).
#define IK2D_FIELD_NAME(name, per) #name,
#define IK2D_FIELD_PER(name, per) #per,
constexpr const char* kChainBatchFields[] = {IK2D_CHAIN_BATCH_FIELDS(IK2D_FIELD_NAME)};
constexpr const char* kChainBatchFieldPer[] = {IK2D_CHAIN_BATCH_FIELDS(IK2D_FIELD_PER)};
#undef IK2D_FIELD_NAME
#undef IK2D_FIELD_PER

void writeBatchAbi(AbiWriter& out) {
  out.enumNames<ChainOnlyOption>("chainOnlyOptions");
  out.names("twoBoneBatchFields", kTwoBoneBatchFields, static_cast<int>(std::size(kTwoBoneBatchFields)));
  out.names("chainBatchFields", kChainBatchFields, static_cast<int>(std::size(kChainBatchFields)));
  out.names("chainBatchFieldPer", kChainBatchFieldPer, static_cast<int>(std::size(kChainBatchFieldPer)));
  const ChainBatchOptions batch;
  out.open("chainBatchSolveDefaults", '{');
  out.key("method");
  out.string(toString(batch.ccd ? ChainMethod::Ccd : ChainMethod::Fabrik));
  out.number("iterations", batch.iterations);
  out.number("tolerance", batch.tolerance);
  out.close('}');
}
[[maybe_unused]] const bool batchAbiAdded = addAbiSection(&writeBatchAbi);

// ---- batches ----------------------------------------------------------------------------------------

#define IK2D_FIELD_POINTER(name) batch_.name(),
#define IK2D_CHAIN_FIELD_POINTER(name, per) batch_.name(),

class TwoBoneBatchHandle {
 public:
  std::string resize(double count) {
    const int n = wholeOrInvalid(count);
    if (const char* message = TwoBoneBatch::checkCount(n)) return message;
    if (n > batch_.count() && !canAllocate(TwoBoneBatch::bytesFor(n))) return kOutOfMemory;
    return messageOf(batch_.resize(n));
  }
  int count() const { return batch_.count(); }
  std::uintptr_t fieldAddress(int field) {
    double* const fields[] = {IK2D_TWO_BONE_BATCH_FIELDS(IK2D_FIELD_POINTER)};
    if (field < 0 || field >= static_cast<int>(std::size(fields))) return 0;
    return reinterpret_cast<std::uintptr_t>(fields[field]);
  }
  std::uintptr_t statusAddress() { return reinterpret_cast<std::uintptr_t>(batch_.status()); }
  // Limbs [begin, end): "" or why the range was refused.
  std::string solve(double begin, double end) {
    if (const char* message = batch_.checkRange(begin, end)) return message;
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
    if (const char* message = ChainBatch::checkShape(chains, perChain)) return message;
    if (!inputHolds(perChain)) return "lengths were not passed in";
    if (!canAllocate(ChainBatch::bytesFor(chains, perChain))) return kOutOfMemory;
    return messageOf(batch_.reset(chains, perChain, inputBuffer.data(), {rootX, rootY}));
  }
  int count() const { return batch_.count(); }
  int bones() const { return batch_.bones(); }
  std::uintptr_t fieldAddress(int field) {
    double* const fields[] = {IK2D_CHAIN_BATCH_FIELDS(IK2D_CHAIN_FIELD_POINTER)};
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

}  // namespace
}  // namespace ik2d::bind

EMSCRIPTEN_BINDINGS(ik2d_batch) {
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
}
