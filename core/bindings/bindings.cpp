// bindings.cpp: the Embind bindings, and the only file that includes Emscripten headers.
//
// Sections: the ABI table, the call frame (hot paths), chains, batches, spiders, registration.
//
// One boundary, two kinds of call (docs/architecture.md, "The boundary"):
//   - Hot paths (solveTwoBone, Chain.solve, Chain.beginSolve/step) go through the call frame: JS
//     writes the arguments into `frame` (a Float64Array view of it), calls a raw export that takes
//     at most a handle address, and reads every result, the message included (as the address of a
//     static C string), back from the frame before it returns. Nothing is left for a later call.
//   - Everything else is an Embind method that returns what it has to say: a message as a
//     std::string ("" when all went well), a number, an address of the object's own storage.
// Arrays cross through memory, never element by element: JS writes lengths or angles into the
// shared input buffer (inputAddress) and reads angles, positions and states straight out of the
// objects' storage.
//
// Every name, slot, limit and default JS needs is in the table abi() returns (JSON, read once by
// ik2d_api.js): the slot lists below are the only copy of each layout.
#include <emscripten/bind.h>
#include <emscripten/em_macros.h>

#include <cmath>
#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

#include "ik2d/ik2d.hpp"

namespace {

// ---- slot layouts ---------------------------------------------------------------------------------
// X(name, JS path, JS type, value): the JS path is where ik2d_api.js puts the value in the object it
// builds ("pivot.x" makes {pivot: {x}}); the type says how to read the double: "number", "bool",
// "chainStatus", "twoBoneStatus", "stepKind" (index into that name list) or "message" (address of a
// C string, absent when 0). Adding a field to a step or a spider state is one line here.

// solveTwoBone: arguments, then results.
#define IK2D_TWO_BONE_FRAME(X)              \
  X(rootX, "root.x", "number", 0)           \
  X(rootY, "root.y", "number", 0)           \
  X(targetX, "target.x", "number", 0)       \
  X(targetY, "target.y", "number", 0)       \
  X(length1, "length1", "number", 0)        \
  X(length2, "length2", "number", 0)        \
  X(bend, "bend", "number", 0)              \
  X(softness, "softness", "number", 0)      \
  X(offsetX, "offset.x", "number", 0)       \
  X(offsetY, "offset.y", "number", 0)       \
  X(stretch, "stretch", "bool", 0)          \
  X(mix, "mix", "number", 0)                \
  X(poseAngle1, "pose.angle1", "number", 0) \
  X(poseAngle2, "pose.angle2", "number", 0) \
  X(jointX, "joint.x", "number", 0)         \
  X(jointY, "joint.y", "number", 0)         \
  X(endX, "end.x", "number", 0)             \
  X(endY, "end.y", "number", 0)             \
  X(angle1, "angle1", "number", 0)          \
  X(angle2, "angle2", "number", 0)          \
  X(distance, "distance", "number", 0)      \
  X(scale, "scale", "number", 0)            \
  X(status, "status", "twoBoneStatus", 0)   \
  X(message, "message", "message", 0)

// Chain.solve: arguments, then results.
#define IK2D_CHAIN_SOLVE_FRAME(X)                \
  X(targetX, "target.x", "number", 0)            \
  X(targetY, "target.y", "number", 0)            \
  X(method, "method", "number", 0)               \
  X(iterations, "iterations", "number", 0)       \
  X(tolerance, "tolerance", "number", 0)         \
  X(maxStep, "maxStep", "number", 0)             \
  X(damping, "damping", "number", 0)             \
  X(mix, "mix", "number", 0)                     \
  X(usePole, "usePole", "bool", 0)               \
  X(poleX, "pole.x", "number", 0)                \
  X(poleY, "pole.y", "number", 0)                \
  X(status, "status", "chainStatus", 0)          \
  X(resultIterations, "iterations", "number", 0) \
  X(error, "error", "number", 0)                 \
  X(message, "message", "message", 0)

// Chain.beginSolve / Chain.step: one ik2d::ChainStep (`s`). The result.* slots count when `done`.
#define IK2D_STEP_FRAME(X)                                                             \
  X(kind, "kind", "stepKind", static_cast<int>(s.kind))                                \
  X(iteration, "iteration", "number", s.iteration)                                     \
  X(joint, "joint", "number", s.joint)                                                 \
  X(pivotX, "pivot.x", "number", s.pivot.x)                                            \
  X(pivotY, "pivot.y", "number", s.pivot.y)                                            \
  X(endBeforeX, "endBefore.x", "number", s.endBefore.x)                                \
  X(endBeforeY, "endBefore.y", "number", s.endBefore.y)                                \
  X(wanted, "wanted", "number", s.wanted)                                              \
  X(turn, "turn", "number", s.turn)                                                    \
  X(error, "error", "number", s.error)                                                 \
  X(sweepEnd, "sweepEnd", "bool", s.sweepEnd)                                          \
  X(done, "done", "bool", s.done)                                                      \
  X(resultStatus, "result.status", "chainStatus", static_cast<int>(s.result.status))   \
  X(resultIterations, "result.iterations", "number", s.result.iterations)              \
  X(resultError, "result.error", "number", s.result.error)                             \
  X(message, "message", "message", reinterpret_cast<std::uintptr_t>(s.result.message)) \
  X(resultMessage, "result.message", "message", reinterpret_cast<std::uintptr_t>(s.result.message))

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

// Spider options, in the order SpiderHandle::reset reads them from the input buffer, with the JS
// names (`o` is an ik2d::SpiderOptions, whose defaults are the defaults).
#define IK2D_SPIDER_OPTIONS(X)        \
  X(legs, o.legCount)                 \
  X(upperLength, o.upperLength)       \
  X(lowerLength, o.lowerLength)       \
  X(bodyHeight, o.bodyHeight)         \
  X(speed, o.speed)                   \
  X(stepThreshold, o.stepThreshold)   \
  X(stepHeight, o.stepHeight)         \
  X(seed, o.terrain.seed)             \
  X(roughness, o.terrain.roughness)   \
  X(amplitude, o.terrain.amplitude)   \
  X(wavelength, o.terrain.wavelength) \
  X(x, startX)

// The batches' arrays, in the order fieldAddress() numbers them (and abi() lists them).
// clang-format off
#define IK2D_TWO_BONE_BATCH_FIELDS(X) \
  X(rootX) X(rootY) X(targetX) X(targetY) X(length1) X(length2) X(bend) X(softness) \
  X(offsetX) X(offsetY) X(stretch) X(mix) X(poseAngle1) X(poseAngle2) \
  X(jointX) X(jointY) X(endX) X(endY) X(angle1) X(angle2) X(distance) X(scale)
#define IK2D_CHAIN_BATCH_FIELDS(X) \
  X(rootX) X(rootY) X(targetX) X(targetY) X(lengths) X(x) X(y) X(error) X(angles)
// clang-format on
#define IK2D_SLOT_ENUM(name, path, type, value) name,
#define IK2D_OPTION_ENUM(name, value) name,
// The slot indices of each list, as an enum in a namespace of its own (twoBone::rootX, ...).
#define IK2D_SLOTS(space, list, item) \
  namespace space {                   \
  enum Slot { list(item) kSlots };    \
  }
IK2D_SLOTS(twoBone, IK2D_TWO_BONE_FRAME, IK2D_SLOT_ENUM)
IK2D_SLOTS(chainSolve, IK2D_CHAIN_SOLVE_FRAME, IK2D_SLOT_ENUM)
IK2D_SLOTS(stepFrame, IK2D_STEP_FRAME, IK2D_SLOT_ENUM)
IK2D_SLOTS(spiderBody, IK2D_SPIDER_BODY, IK2D_SLOT_ENUM)
IK2D_SLOTS(spiderLeg, IK2D_SPIDER_LEG, IK2D_SLOT_ENUM)
IK2D_SLOTS(spiderOption, IK2D_SPIDER_OPTIONS, IK2D_OPTION_ENUM)
#undef IK2D_SLOTS

/// Size of the call frame, in doubles (abi() tells JS).
constexpr int kFrameSlots = 32;

// ---- the ABI table --------------------------------------------------------------------------------
// Tables of plain data (the slot lists above, expanded), written out by one small loop as JSON:
// code size matters here (the module's payload), so no JSON library, no printf.

struct SlotInfo {
  const char* name;
  const char* path;
  const char* type;
};
#define IK2D_SLOT_INFO(name, path, type, value) {#name, path, type},
constexpr SlotInfo kTwoBoneSlots[] = {IK2D_TWO_BONE_FRAME(IK2D_SLOT_INFO)};
constexpr SlotInfo kChainSolveSlots[] = {IK2D_CHAIN_SOLVE_FRAME(IK2D_SLOT_INFO)};
constexpr SlotInfo kStepSlots[] = {IK2D_STEP_FRAME(IK2D_SLOT_INFO)};
constexpr SlotInfo kSpiderBodySlots[] = {IK2D_SPIDER_BODY(IK2D_SLOT_INFO)};
constexpr SlotInfo kSpiderLegSlots[] = {IK2D_SPIDER_LEG(IK2D_SLOT_INFO)};
#undef IK2D_SLOT_INFO
#define IK2D_FIELD_NAME(name) #name,
constexpr const char* kTwoBoneBatchFields[] = {IK2D_TWO_BONE_BATCH_FIELDS(IK2D_FIELD_NAME)};
constexpr const char* kChainBatchFields[] = {IK2D_CHAIN_BATCH_FIELDS(IK2D_FIELD_NAME)};
#undef IK2D_FIELD_NAME

struct NamedNumber {
  const char* name;
  double value;
};

// A whole number in decimal, without std::to_string (which would link printf: kilobytes).
std::string wholeNumber(long long value) {
  char digits[24];
  char* at = digits + sizeof digits;
  *--at = '\0';
  const bool negative = value < 0;
  unsigned long long left =
      negative ? 0ULL - static_cast<unsigned long long>(value) : static_cast<unsigned long long>(value);
  do {
    *--at = static_cast<char>('0' + left % 10);
    left /= 10;
  } while (left > 0);
  if (negative) *--at = '-';
  return at;
}

class AbiWriter {
 public:
  // "name": value, with a comma before all but the first member of an object or array.
  void key(const char* name) {
    text_ += comma_ ? ",\"" : "\"";
    text_ += name;
    text_ += "\":";
    comma_ = false;
  }
  void open(const char* name, char bracket) {
    if (name) key(name);
    else if (comma_) text_ += ',';
    text_ += bracket;
    comma_ = false;
  }
  void close(char bracket) {
    text_ += bracket;
    comma_ = true;
  }
  void string(const char* value) {
    if (comma_) text_ += ',';
    text_ += '"';
    text_ += value;
    text_ += '"';
    comma_ = true;
  }
  // The table's numbers are whole or short decimals (1e-3, 0.5): n * 10^-k with n whole.
  // Infinity as 1e999, which JSON.parse reads as Infinity.
  void number(const char* name, double value) {
    key(name);
    int exponent = 0;
    double scaled = value;
    while (std::isfinite(scaled) && scaled != std::floor(scaled) && exponent < 17) {
      scaled *= 10;
      ++exponent;
    }
    if (std::isinf(value)) text_ += value > 0 ? "1e999" : "-1e999";
    else
      text_ += wholeNumber(static_cast<long long>(scaled)) + (exponent ? "e-" + wholeNumber(exponent) : "");
    comma_ = true;
  }
  void names(const char* name, const char* const* values, int count) {
    open(name, '[');
    for (int i = 0; i < count; ++i) string(values[i]);
    close(']');
  }
  // {"name": {"slot": i, "path": "...", "type": "..."}, ...}: slot i is the i-th entry.
  void slots(const char* name, const SlotInfo* slots, size_t count) {
    open(name, '{');
    for (size_t i = 0; i < count; ++i) {
      open(slots[i].name, '{');
      number("slot", static_cast<double>(i));
      key("path");
      string(slots[i].path);
      key("type");
      string(slots[i].type);
      close('}');
    }
    close('}');
  }
  void numbers(const char* name, const NamedNumber* values, int count) {
    open(name, '{');
    for (int i = 0; i < count; ++i) number(values[i].name, values[i].value);
    close('}');
  }
  const std::string& text() const { return text_; }

 private:
  std::string text_;
  bool comma_ = false;
};

template <class Enum, int Count>
void enumNames(AbiWriter& out, const char* name) {
  const char* values[Count];
  for (int i = 0; i < Count; ++i) values[i] = ik2d::toString(static_cast<Enum>(i));
  out.names(name, values, Count);
}

std::string abi() {
  AbiWriter out;
  out.open(nullptr, '{');
  out.key("version");
  out.string(ik2d::kVersion);
  out.number("frameSlots", kFrameSlots);
  enumNames<ik2d::TwoBoneStatus, static_cast<int>(ik2d::TwoBoneStatus::Invalid) + 1>(out, "twoBoneStatus");
  enumNames<ik2d::ChainStatus, static_cast<int>(ik2d::ChainStatus::Invalid) + 1>(out, "chainStatus");
  enumNames<ik2d::ChainMethod, static_cast<int>(ik2d::ChainMethod::Dls) + 1>(out, "chainMethods");
  enumNames<ik2d::ChainOnlyOption, static_cast<int>(ik2d::ChainOnlyOption::Pole) + 1>(out,
                                                                                      "chainOnlyOptions");
  enumNames<ik2d::ChainStepKind, static_cast<int>(ik2d::ChainStepKind::Invalid) + 1>(out, "stepKind");
  out.slots("twoBoneFrame", kTwoBoneSlots, std::size(kTwoBoneSlots));
  out.slots("chainSolveFrame", kChainSolveSlots, std::size(kChainSolveSlots));
  out.slots("stepFrame", kStepSlots, std::size(kStepSlots));
  out.slots("spiderBody", kSpiderBodySlots, std::size(kSpiderBodySlots));
  out.slots("spiderLeg", kSpiderLegSlots, std::size(kSpiderLegSlots));
  out.names("twoBoneBatchFields", kTwoBoneBatchFields, static_cast<int>(std::size(kTwoBoneBatchFields)));
  out.names("chainBatchFields", kChainBatchFields, static_cast<int>(std::size(kChainBatchFields)));
  {
    const ik2d::SpiderOptions o;
    const double startX = 0;
#define IK2D_OPTION_INFO(name, value) {#name, static_cast<double>(value)},
    const NamedNumber spider[] = {IK2D_SPIDER_OPTIONS(IK2D_OPTION_INFO)};
#undef IK2D_OPTION_INFO
    out.numbers("spiderOptions", spider, static_cast<int>(std::size(spider)));
  }
  const ik2d::ChainSolveOptions chain;
  const ik2d::ChainBatchOptions batch;
  const ik2d::TwoBoneInput limb;
  out.open("defaults", '{');
  const NamedNumber twoBone[] = {{"bend", limb.bend},
                                 {"softness", limb.softness},
                                 {"offsetX", limb.offset.x},
                                 {"offsetY", limb.offset.y},
                                 {"stretch", limb.stretch ? 1.0 : 0.0},
                                 {"mix", limb.mix},
                                 {"poseAngle1", limb.pose.angle1},
                                 {"poseAngle2", limb.pose.angle2}};
  out.numbers("twoBone", twoBone, static_cast<int>(std::size(twoBone)));
  out.open("chainSolve", '{');
  out.key("method");
  out.string(ik2d::toString(chain.method));
  out.number("iterations", chain.iterations);
  out.number("tolerance", chain.tolerance);
  out.number("maxStep", chain.maxStep);
  out.number("damping", chain.damping);
  out.number("mix", chain.mix);
  out.close('}');
  out.open("chainBatchSolve", '{');
  out.key("method");
  out.string(ik2d::toString(batch.ccd ? ik2d::ChainMethod::Ccd : ik2d::ChainMethod::Fabrik));
  out.number("iterations", batch.iterations);
  out.number("tolerance", batch.tolerance);
  out.close('}');
  out.close('}');
  const NamedNumber limits[] = {{"maxBones", ik2d::Chain::kMaxBones},
                                {"maxIterations", ik2d::Chain::kMaxIterations},
                                {"maxBatchLimbs", ik2d::TwoBoneBatch::kMaxCount},
                                {"maxBatchSlots", static_cast<double>(ik2d::ChainBatch::kMaxSlots)}};
  out.numbers("limits", limits, static_cast<int>(std::size(limits)));
  out.close('}');
  return out.text();
}

// ---- the call frame -------------------------------------------------------------------------------

// Arguments in, results out, for the call in flight (see the top of this file); kFrameSlots
// doubles, enough for the largest layout.
static_assert(twoBone::kSlots <= kFrameSlots && chainSolve::kSlots <= kFrameSlots &&
                  stepFrame::kSlots <= kFrameSlots,
              "every frame layout fits the frame");
static_assert(twoBone::jointX - twoBone::rootX == ik2d::kTwoBoneLimbInputs &&
                  twoBone::status - twoBone::jointX == ik2d::kTwoBoneLimbOutputs,
              "the two-bone frame holds solveTwoBoneLimb's inputs, then its outputs");
double frame[kFrameSlots];

std::uintptr_t frameAddress() { return reinterpret_cast<std::uintptr_t>(frame); }

double messageSlot(const char* message) {
  return static_cast<double>(reinterpret_cast<std::uintptr_t>(message));
}

// A JS number meant as a whole count: itself when it is one, else -1 (which every range check
// refuses, with the core's message).
int wholeOrInvalid(double value) {
  return value == std::floor(value) && value >= -1 && value <= 2147483647.0 ? static_cast<int>(value) : -1;
}

std::string messageOf(const char* message) { return message ? message : ""; }

std::string version() { return ik2d::kVersion; }

// ---- chains ---------------------------------------------------------------------------------------

std::vector<double> inputBuffer;

// Room for `count` doubles of input; its address (may move: call before writing).
std::uintptr_t inputAddress(int count) {
  if (count > 0 && inputBuffer.size() < static_cast<size_t>(count))
    inputBuffer.resize(static_cast<size_t>(count));
  return reinterpret_cast<std::uintptr_t>(inputBuffer.data());
}

// The solve options in the frame, as the core's struct (method -1 for a name JS did not know).
ik2d::ChainSolveOptions solveOptionsFromFrame() {
  ik2d::ChainSolveOptions options;
  options.method = static_cast<ik2d::ChainMethod>(wholeOrInvalid(frame[chainSolve::method]));
  options.iterations = wholeOrInvalid(frame[chainSolve::iterations]);
  options.tolerance = frame[chainSolve::tolerance];
  options.maxStep = frame[chainSolve::maxStep];
  options.damping = frame[chainSolve::damping];
  options.mix = frame[chainSolve::mix];
  options.usePole = frame[chainSolve::usePole] == 1;
  options.pole = {frame[chainSolve::poleX], frame[chainSolve::poleY]};
  return options;
}

void writeStep(const ik2d::ChainStep& s) {
#define IK2D_STEP_WRITE(name, path, type, value) frame[stepFrame::name] = static_cast<double>(value);
  IK2D_STEP_FRAME(IK2D_STEP_WRITE)
#undef IK2D_STEP_WRITE
}

class ChainHandle {
 public:
  std::string reset(double rootX, double rootY, int count) {
    if (count < 0 || static_cast<size_t>(count) > inputBuffer.size()) return "lengths were not passed in";
    return messageOf(chain_.reset({rootX, rootY}, inputBuffer.data(), count));
  }
  int size() const { return chain_.size(); }
  std::string setRoot(double x, double y) { return messageOf(chain_.setRoot({x, y})); }
  std::string setAngles(int count) {
    if (count < 0 || static_cast<size_t>(count) > inputBuffer.size()) return "angles were not passed in";
    return messageOf(chain_.setAngles(inputBuffer.data(), count));
  }
  std::string setLimit(int joint, double min, double max) {
    return messageOf(chain_.setLimit(joint, min, max));
  }
  std::string clearLimit(int joint) { return messageOf(chain_.clearLimit(joint)); }
  std::uintptr_t anglesAddress() const { return reinterpret_cast<std::uintptr_t>(chain_.angles()); }
  std::uintptr_t positionsAddress() const { return reinterpret_cast<std::uintptr_t>(chain_.positions()); }
  // Target and options from the frame (IK2D_CHAIN_SOLVE_FRAME), the result into it.
  void solve() {
    const ik2d::ChainSolveResult result =
        chain_.solve({frame[chainSolve::targetX], frame[chainSolve::targetY]}, solveOptionsFromFrame());
    frame[chainSolve::status] = static_cast<double>(result.status);
    frame[chainSolve::resultIterations] = result.iterations;
    frame[chainSolve::error] = result.error;
    frame[chainSolve::message] = messageSlot(result.message);
  }
  // Same arguments as solve(); the Begin (or Invalid) step into the frame (IK2D_STEP_FRAME).
  void beginSolve() {
    const ik2d::Vec2 target{frame[chainSolve::targetX], frame[chainSolve::targetY]};
    writeStep(chain_.beginSolve(target, solveOptionsFromFrame()));
  }
  void step() { writeStep(chain_.step()); }
  bool stepping() const { return chain_.stepping(); }
  std::uintptr_t backwardAddress() const {
    return reinterpret_cast<std::uintptr_t>(chain_.backwardPositions());
  }
  std::uintptr_t turnsAddress() const { return reinterpret_cast<std::uintptr_t>(chain_.stepTurns()); }
  std::uintptr_t address() { return reinterpret_cast<std::uintptr_t>(this); }

 private:
  ik2d::Chain chain_;
};

}  // namespace

// The hot paths as plain WebAssembly exports: ik2d_api.js calls these directly, skipping Embind's
// argument marshalling (with DYNAMIC_EXECUTION=0 its generic invoker costs more than a two-bone
// solve). Arguments and results in the frame.
extern "C" {
/// solveTwoBone on the frame (IK2D_TWO_BONE_FRAME), with TwoBoneBatch's trig-free kernel.
EMSCRIPTEN_KEEPALIVE void ik2d_two_bone() {
  const char* message = nullptr;
  const ik2d::TwoBoneStatus status =
      ik2d::solveTwoBoneLimb(frame + twoBone::rootX, frame + twoBone::jointX, &message);
  frame[twoBone::status] = static_cast<double>(status);
  frame[twoBone::message] = messageSlot(message);
}
/// ChainHandle::solve for the handle at `address` (from ChainHandle::address()); 0 does nothing
/// (ik2d_api.js calls it so once, to resolve the export).
EMSCRIPTEN_KEEPALIVE void ik2d_chain_solve(std::uintptr_t address) {
  if (address == 0) return;
  reinterpret_cast<ChainHandle*>(address)->solve();
}
}

namespace {

// ---- batches ------------------------------------------------------------------------------------

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
  ik2d::TwoBoneBatch batch_;
};

// ChainBatch; reset() takes the lengths from the input buffer.
class ChainBatchHandle {
 public:
  std::string reset(double count, double bones, double rootX, double rootY) {
    const int chains = wholeOrInvalid(count), perChain = wholeOrInvalid(bones);
    if (perChain > 0 && static_cast<size_t>(perChain) > inputBuffer.size())
      return "lengths were not passed in";
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
    if (const char* message =
            ik2d::checkBatchSolveOptions(static_cast<ik2d::ChainMethod>(method), sweeps, tolerance,
                                         static_cast<ik2d::ChainOnlyOption>(chainOnlyOption)))
      return message;
    ik2d::ChainBatchOptions options;
    options.ccd = method == static_cast<int>(ik2d::ChainMethod::Ccd);
    options.iterations = sweeps;
    options.tolerance = tolerance;
    return messageOf(batch_.solve(options));
  }
  void computeAngles() { batch_.computeAngles(); }

 private:
  ik2d::ChainBatch batch_;
};

// ---- spiders ------------------------------------------------------------------------------------

class SpiderHandle {
 public:
  // The options from the input buffer, in IK2D_SPIDER_OPTIONS order.
  std::string reset() {
    if (inputBuffer.size() < spiderOption::kSlots) return "spider options were not passed in";
    const double* in = inputBuffer.data();
    if (!(in[spiderOption::seed] >= 0 && in[spiderOption::seed] <= 4294967295.0) ||
        in[spiderOption::seed] != std::floor(in[spiderOption::seed]))
      return "seed must be a whole number from 0 to 4294967295";
    ik2d::SpiderOptions options;
    options.legCount = wholeOrInvalid(in[spiderOption::legs]);
    options.upperLength = in[spiderOption::upperLength];
    options.lowerLength = in[spiderOption::lowerLength];
    options.bodyHeight = in[spiderOption::bodyHeight];
    options.speed = in[spiderOption::speed];
    options.stepThreshold = in[spiderOption::stepThreshold];
    options.stepHeight = in[spiderOption::stepHeight];
    options.terrain.seed = static_cast<std::uint32_t>(in[spiderOption::seed]);
    options.terrain.roughness = in[spiderOption::roughness];
    options.terrain.amplitude = in[spiderOption::amplitude];
    options.terrain.wavelength = in[spiderOption::wavelength];
    if (const char* message = spider_.reset(options, in[spiderOption::x])) return message;
    state_.assign(spiderBody::kSlots + spiderLeg::kSlots * static_cast<size_t>(options.legCount), 0.0);
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
    const ik2d::SpiderBody& body = spider_.body();
    const double goal = spider_.goal();
    double* record = state_.data();
#define IK2D_BODY_WRITE(name, path, type, value) record[spiderBody::name] = static_cast<double>(value);
#define IK2D_LEG_WRITE(name, path, type, value) record[spiderLeg::name] = static_cast<double>(value);
    IK2D_SPIDER_BODY(IK2D_BODY_WRITE)
    record += spiderBody::kSlots;
    for (const ik2d::SpiderLeg& leg : spider_.legs()) {
      IK2D_SPIDER_LEG(IK2D_LEG_WRITE)
      record += spiderLeg::kSlots;
    }
#undef IK2D_BODY_WRITE
#undef IK2D_LEG_WRITE
  }

  ik2d::Spider spider_;
  std::vector<double> state_;
};

// ---- skeletons ----------------------------------------------------------------------------------
// Every value check and message is the core's (ik2d::Skeleton); indices, counts and iterations
// arrive as doubles so that C++, not JS, judges them (wholeOrInvalid, then the core's ranges). Bones and
// effectors cross as records of three numbers in the input buffer. As for chains, a method returns the core's
// message ("" when all went well); a solve's numbers go into this skeleton's own result storage
// (resultAddress), which JS reads back before the call returns.

class SkeletonHandle {
 public:
  std::string reset(double rootX, double rootY, double count) {
    const int bones = wholeOrInvalid(count);
    if (bones < 0 || 3 * static_cast<size_t>(bones) > inputBuffer.size()) return "bones were not passed in";
    return messageOf(skeleton_.resetFromRecords({rootX, rootY}, inputBuffer.data(), bones));
  }
  int size() const { return skeleton_.size(); }
  std::string setRoot(double x, double y) { return messageOf(skeleton_.setRoot({x, y})); }
  std::string setAngles(double count) {
    const int angles = wholeOrInvalid(count);
    if (angles < 0 || static_cast<size_t>(angles) > inputBuffer.size()) return "angles were not passed in";
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
  // Effector records (bone, x, y) in the input buffer; `method` from skeletonMethodCode. Writes the
  // status, iterations and error count to resultAddress(), the errors at errorsAddress().
  std::string solve(double count, int method, double iterations, double tolerance) {
    const int effectors = wholeOrInvalid(count);
    if (effectors < 0 || 3 * static_cast<size_t>(effectors) > inputBuffer.size()) {
      result_[0] = static_cast<double>(ik2d::ChainStatus::Invalid);
      result_[1] = result_[2] = 0;
      return "effectors were not passed in";
    }
    ik2d::SkeletonSolveOptions options;
    options.method = static_cast<ik2d::SkeletonMethod>(method);
    options.iterations = wholeOrInvalid(iterations);
    options.tolerance = tolerance;
    const ik2d::SkeletonSolveResult result =
        skeleton_.solveFromRecords(inputBuffer.data(), effectors, options);
    result_[0] = static_cast<double>(result.status);
    result_[1] = result.iterations;
    result_[2] = result.effectorCount;
    errors_ = result.errors;
    return messageOf(result.message);
  }
  std::uintptr_t resultAddress() const { return reinterpret_cast<std::uintptr_t>(result_); }
  std::uintptr_t errorsAddress() const { return reinterpret_cast<std::uintptr_t>(errors_); }

 private:
  ik2d::Skeleton skeleton_;
  const double* errors_ = nullptr;
  double result_[3] = {};  // status, iterations, number of errors
};

// The method's code for SkeletonHandle::solve, or -1 (the core then names the methods it knows).
int skeletonMethodCode(const std::string& name) { return name == "fabrik" ? 0 : -1; }
// The defaults of SkeletonSolveOptions, so JS fills in an omitted option with C++'s value.
double skeletonDefaultIterations() { return ik2d::SkeletonSolveOptions{}.iterations; }
double skeletonDefaultTolerance() { return ik2d::SkeletonSolveOptions{}.tolerance; }

}  // namespace

// ---- registration ---------------------------------------------------------------------------------

EMSCRIPTEN_BINDINGS(ik2d_skeleton) {
  emscripten::function("skeletonMethodCode", &skeletonMethodCode);
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
      .function("resultAddress", &SkeletonHandle::resultAddress)
      .function("errorsAddress", &SkeletonHandle::errorsAddress);
}

EMSCRIPTEN_BINDINGS(ik2d) {
  emscripten::function("version", &version);
  emscripten::function("abi", &abi);
  emscripten::function("frameAddress", &frameAddress);
  emscripten::function("inputAddress", &inputAddress);
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
      .function("beginSolve", &ChainHandle::beginSolve)
      .function("step", &ChainHandle::step)
      .function("stepping", &ChainHandle::stepping)
      .function("backwardAddress", &ChainHandle::backwardAddress)
      .function("turnsAddress", &ChainHandle::turnsAddress)
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
