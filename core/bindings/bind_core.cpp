// bind_core.cpp: the core module's part of the binding (ik2d-core and the full ik2d): version,
// the ABI table, solveTwoBone and Chain. The only files that include Emscripten are bind_*.cpp.
//
// solveTwoBone, Chain.solve and Chain.beginSolve/step go through the call frame (boundary.hpp):
// JS writes the arguments into `frame`, calls a raw export or an Embind method, and reads every
// result, the message included, back from the frame before it returns. Chain's other calls are
// Embind methods that return the core's message ("" when all went well).
#include <emscripten/bind.h>
#include <emscripten/em_macros.h>

#include <cstdint>
#include <string>

#include "boundary.hpp"
#include "frames.hpp"
#include "ik2d/batch.hpp"
#include "ik2d/chain.hpp"
#include "ik2d/two_bone.hpp"
#include "ik2d/version.hpp"

namespace ik2d::bind {
namespace {

static_assert(twoBone::kSlots <= kFrameSlots && chainSolve::kSlots <= kFrameSlots &&
                  stepFrame::kSlots <= kFrameSlots,
              "every frame layout fits the frame");
static_assert(twoBone::jointX - twoBone::rootX == kTwoBoneLimbInputs &&
                  twoBone::status - twoBone::jointX == kTwoBoneLimbOutputs,
              "the two-bone frame holds solveTwoBoneLimb's inputs, then its outputs");

// ---- the core's part of the table -------------------------------------------------------------------
// (The call frames' layouts and defaults are not in it: the JS face's part that reads and writes
// them is generated from describe.cpp's listing, scripts/boundary.mjs.)

void writeCoreAbi(AbiWriter& out) {
  out.enumNames<TwoBoneStatus>("twoBoneStatus");
  out.enumNames<ChainStatus>("chainStatus");
  out.enumNames<ChainMethod>("chainMethods");
  out.enumNames<ChainStepKind>("stepKind");
  const NamedNumber limits[] = {{"maxBones", Chain::kMaxBones},
                                {"maxIterations", Chain::kMaxIterations},
                                {"maxInput", kMaxInputDoubles},
                                {"keptInput", static_cast<double>(kKeptInputDoubles)}};
  out.numbers("limits", limits);
  // step(dt, steps) of the walkers, ropes and creatures, when JS leaves them out: one 1/60 s step.
  const NamedNumber stepDefaults[] = {{"dt", 1.0 / 60}, {"steps", 1}};
  out.numbers("stepDefaults", stepDefaults);
  out.key("outOfMemory");
  out.string(kOutOfMemory);
}
[[maybe_unused]] const bool coreAbiAdded = addAbiSection(&writeCoreAbi);

// ---- chains -----------------------------------------------------------------------------------------

std::uintptr_t frameAddress() { return reinterpret_cast<std::uintptr_t>(frame); }

// Room for `count` doubles of input; its address (may move: call before writing), or 0 when
// `count` is beyond kMaxInputDoubles or memory cannot grow to it (nothing is allocated then).
std::uintptr_t inputAddress(double count) {
  if (!(count >= 0 && count <= kMaxInputDoubles)) return 0;
  const auto wanted = static_cast<size_t>(count);
  if (inputBuffer.size() < wanted) {
    if (!canAllocate(count * sizeof(double))) return 0;
    std::vector<double>().swap(inputBuffer);  // (the old block goes first: no two at once)
    inputBuffer.resize(wanted);
  }
  return reinterpret_cast<std::uintptr_t>(inputBuffer.data());
}

// Lets go of the input buffer beyond kKeptInputDoubles (after a call that needed more).
void trimInput() {
  if (inputBuffer.size() > kKeptInputDoubles) std::vector<double>().swap(inputBuffer);
}

std::string version() { return kVersion; }

// The solve options in the frame, as the core's struct (method -1 for a name JS did not know).
ChainSolveOptions solveOptionsFromFrame() {
  ChainSolveOptions options;
#define IK2D_OPTION_FROM_FRAME(name, member, kind, value, low, high, doc) \
  options.member = readOption<IK2D_OPTION_TYPE_##kind>(frame[chainSolve::member]);
  IK2D_CHAIN_SOLVE_OPTIONS(IK2D_OPTION_FROM_FRAME)
  options.usePole = frame[chainSolve::usePole] == 1;
  options.pole = {frame[chainSolve::poleX], frame[chainSolve::poleY]};
  options.useAngle = frame[chainSolve::useAngle] == 1;
  options.angle = frame[chainSolve::angle];
  IK2D_CHAIN_ANGLE_OPTIONS(IK2D_OPTION_FROM_FRAME)
#undef IK2D_OPTION_FROM_FRAME
  return options;
}

void writeStep(const ChainStep& s) {
#define IK2D_STEP_WRITE(name, path, type, value) frame[stepFrame::name] = static_cast<double>(value);
  IK2D_STEP_FRAME(IK2D_STEP_WRITE)
#undef IK2D_STEP_WRITE
}

class ChainHandle {
 public:
  std::string reset(double rootX, double rootY, int count) {
    if (!inputHolds(count)) return "lengths were not passed in";
    return messageOf(chain_.reset({rootX, rootY}, inputBuffer.data(), count));
  }
  int size() const { return chain_.size(); }
  std::string setRoot(double x, double y) { return messageOf(chain_.setRoot({x, y})); }
  std::string setAngles(int count) {
    if (!inputHolds(count)) return "angles were not passed in";
    return messageOf(chain_.setAngles(inputBuffer.data(), count));
  }
  std::string setLimit(int joint, double min, double max) {
    return messageOf(chain_.setLimit(joint, min, max));
  }
  std::string clearLimit(int joint) { return messageOf(chain_.clearLimit(joint)); }
  void setMirror(bool on) { chain_.setMirror(on); }
  bool mirrored() const { return chain_.mirrored(); }
  std::uintptr_t anglesAddress() const { return reinterpret_cast<std::uintptr_t>(chain_.angles()); }
  std::uintptr_t positionsAddress() const { return reinterpret_cast<std::uintptr_t>(chain_.positions()); }
  // Target and options from the frame (IK2D_CHAIN_SOLVE_FRAME), the result into it.
  void solve() {
    const ChainSolveResult result =
        chain_.solve({frame[chainSolve::targetX], frame[chainSolve::targetY]}, solveOptionsFromFrame());
    frame[chainSolve::status] = static_cast<double>(result.status);
    frame[chainSolve::resultIterations] = result.iterations;
    frame[chainSolve::error] = result.error;
    frame[chainSolve::angleError] = result.angleError;
    frame[chainSolve::message] = messageSlot(result.message);
  }
  // Same arguments as solve(); the Begin (or Invalid) step into the frame (IK2D_STEP_FRAME).
  void beginSolve() {
    const Vec2 target{frame[chainSolve::targetX], frame[chainSolve::targetY]};
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
  Chain chain_;
};

}  // namespace
}  // namespace ik2d::bind

// The hot paths as plain WebAssembly exports: the JS face calls these directly, skipping Embind's
// argument marshalling (with DYNAMIC_EXECUTION=0 its generic invoker costs more than a two-bone
// solve). Arguments and results in the frame.
extern "C" {
/// solveTwoBone on the frame (IK2D_TWO_BONE_FRAME), with TwoBoneBatch's trig-free kernel.
EMSCRIPTEN_KEEPALIVE void ik2d_two_bone() {
  using namespace ik2d::bind;
  const char* message = nullptr;
  const ik2d::TwoBoneStatus status =
      ik2d::solveTwoBoneLimb(frame + twoBone::rootX, frame + twoBone::jointX, &message);
  frame[twoBone::status] = static_cast<double>(status);
  frame[twoBone::message] = messageSlot(message);
}
/// ChainHandle::solve for the handle at `address` (from ChainHandle::address()); 0 does nothing
/// (the JS face calls it so once, to resolve the export).
EMSCRIPTEN_KEEPALIVE void ik2d_chain_solve(std::uintptr_t address) {
  if (address == 0) return;
  reinterpret_cast<ik2d::bind::ChainHandle*>(address)->solve();
}
}

EMSCRIPTEN_BINDINGS(ik2d_core) {
  using namespace ik2d::bind;
  emscripten::function("version", &version);
  emscripten::function("abi", &abi);
  emscripten::function("frameAddress", &frameAddress);
  emscripten::function("inputAddress", &inputAddress);
  emscripten::function("trimInput", &trimInput);
  bindPose(emscripten::class_<ChainHandle>("ChainHandle").constructor<>())
      .function("beginSolve", &ChainHandle::beginSolve)
      .function("step", &ChainHandle::step)
      .function("stepping", &ChainHandle::stepping)
      .function("turnsAddress", &ChainHandle::turnsAddress)
      .function("address", &ChainHandle::address);
}
