// bind_procedural.cpp: the spider's part of the binding (Spider), linked into the ik2d-procedural
// module and the full ik2d. The options arrive in the input buffer in their list's order; the
// state is read by JS from the spider's own storage through the layouts below.
#include <emscripten/bind.h>

#include <cmath>
#include <cstdint>
#include <iterator>
#include <string>
#include <vector>

#include "boundary.hpp"
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

#define IK2D_OPTION_ENUM(name, value, kind) name,
IK2D_SLOTS(spiderBody, IK2D_SPIDER_BODY)
IK2D_SLOTS(spiderLeg, IK2D_SPIDER_LEG)
namespace spiderOption {
enum Slot { IK2D_SPIDER_OPTIONS(IK2D_OPTION_ENUM) kSlots };
}
#undef IK2D_OPTION_ENUM

// ---- procedural animation's part of the table -----------------------------------------------------

constexpr SlotInfo kSpiderBodySlots[] = {IK2D_SPIDER_BODY(IK2D_SLOT_INFO)};
constexpr SlotInfo kSpiderLegSlots[] = {IK2D_SPIDER_LEG(IK2D_SLOT_INFO)};

void writeProceduralAbi(AbiWriter& out) {
  out.slots("spiderBody", kSpiderBodySlots);
  out.slots("spiderLeg", kSpiderLegSlots);
  const SpiderOptions o;
  const double startX = 0;
#define IK2D_OPTION_INFO(name, value, kind) {#name, static_cast<double>(value)},
  const NamedNumber spider[] = {IK2D_SPIDER_OPTIONS(IK2D_OPTION_INFO)};
#undef IK2D_OPTION_INFO
  out.numbers("spiderOptions", spider);
}
[[maybe_unused]] const bool proceduralAbiAdded = addAbiSection(&writeProceduralAbi);

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
    if (const char* message = stepCountMessage(count)) return message;
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

}  // namespace
}  // namespace ik2d::bind

EMSCRIPTEN_BINDINGS(ik2d_procedural) {
  using namespace ik2d::bind;
  emscripten::class_<SpiderHandle>("SpiderHandle")
      .constructor<>()
      .function("reset", &SpiderHandle::reset)
      .function("setGoal", &SpiderHandle::setGoal)
      .function("step", &SpiderHandle::step)
      .function("groundHeight", &SpiderHandle::groundHeight)
      .function("groundSlope", &SpiderHandle::groundSlope)
      .function("stateAddress", &SpiderHandle::stateAddress);
}
