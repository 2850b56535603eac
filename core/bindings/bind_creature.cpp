// bind_creature.cpp: the creatures' part of the binding (Creature, CreatureCrowd, FollowChain,
// Rope, SecondOrder), linked into the ik2d-creature module and the full ik2d. Options arrive in
// the input buffer in the order of the core's X-lists (ik2d/creature.hpp, rope.hpp,
// follow_chain.hpp, second_order.hpp) and C++ checks them; states are read by JS from each
// object's own storage through the layouts below.
#include <emscripten/bind.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>

#include "boundary.hpp"
#include "ik2d/creature.hpp"
#include "ik2d/follow_chain.hpp"
#include "ik2d/rope.hpp"
#include "ik2d/second_order.hpp"
#include "option_types.hpp"

namespace ik2d::bind {
namespace {

// ---- options from the core's X-lists ------------------------------------------------------------
// The core describes Creature's, Rope's, FollowChain's and SecondOrder2's options once, as
// X(name, member, type, default, low, high, doc) lists (ik2d/option_list.hpp). The table lists
// each with its JS type and default (option_types.hpp); JS writes them into the input buffer in
// the list's order and the reads below take them back in the same order.

struct OptionInfo {
  const char* name;
  const char* type;
  double value;
};
#define IK2D_OPTION_TABLE(name, member, type, value, low, high, doc) \
  {name, optionType<IK2D_OPTION_TYPE_##type>(), optionValue(o.member)},
#define IK2D_OPTION_COUNT(name, member, type, value, low, high, doc) +1
#define IK2D_OPTION_FROM_INPUT(name, member, type, value, low, high, doc) \
  o.member = readOption<IK2D_OPTION_TYPE_##type>(*in++);

// {"name": {"type": ..., "default": ...}, ...}, in the list's order. (The ranges stay in C++: its
// checks and messages use them, and the build's description lists them for the docs.)
void writeOptions(AbiWriter& out, const char* name, const OptionInfo* list, size_t count) {
  out.open(name, '{');
  for (size_t i = 0; i < count; ++i) {
    out.open(list[i].name, '{');
    out.key("type");
    out.string(list[i].type);
    out.number("default", list[i].value);
    out.close('}');
  }
  out.close('}');
}

// Creature's state, laid out as ik2d::CreatureState (all doubles): the slot of each member.
#define IK2D_DOUBLE_SLOT(type, member) static_cast<int>(offsetof(type, member) / sizeof(double))
#define IK2D_CREATURE_STATE(X)               \
  X(heading, "heading", "number", heading)   \
  X(speed, "speed", "number", speed)         \
  X(bob, "bob", "number", bob)               \
  X(phase, "phase", "number", phase)         \
  X(goalX, "goal.x", "number", goal.x)       \
  X(goalY, "goal.y", "number", goal.y)       \
  X(targetX, "target.x", "number", target.x) \
  X(targetY, "target.y", "number", target.y) \
  X(eyeRadius, "eyeRadius", "number", eyeRadius)
// Its arrays: where each starts, and the size of one record, in doubles.
#define IK2D_CREATURE_ARRAYS_AT(X)    \
  X(eyes, eyes, sizeof(Vec2))         \
  X(spine, spine, 2 * sizeof(double)) \
  X(legs, legs, sizeof(CreatureLeg))  \
  X(outline, outline, sizeof(Vec2))   \
  X(fins, fins, sizeof(CreatureEllipse))
#define IK2D_CREATURE_LEG(X)                  \
  X(hipX, "hip.x", "number", hip.x)           \
  X(hipY, "hip.y", "number", hip.y)           \
  X(kneeX, "knee.x", "number", knee.x)        \
  X(kneeY, "knee.y", "number", knee.y)        \
  X(footX, "foot.x", "number", foot.x)        \
  X(footY, "foot.y", "number", foot.y)        \
  X(planted, "planted", "bool", planted)      \
  X(group, "group", "number", group)          \
  X(side, "side", "number", side)             \
  X(lift, "lift", "number", lift)             \
  X(progress, "progress", "number", progress) \
  X(anchor, "anchor", "number", anchor)       \
  X(steps, "steps", "number", steps)          \
  X(restX, "rest.x", "number", rest.x)        \
  X(restY, "rest.y", "number", rest.y)
#define IK2D_CREATURE_FIN(X)                 \
  X(centerX, "center.x", "number", center.x) \
  X(centerY, "center.y", "number", center.y) \
  X(radiusX, "radiusX", "number", radiusX)   \
  X(radiusY, "radiusY", "number", radiusY)   \
  X(angle, "angle", "number", angle)
#define IK2D_STATE_SLOT_INFO(name, path, type, member) \
  {#name, path, type, IK2D_DOUBLE_SLOT(CreatureState, member)},
#define IK2D_LEG_SLOT_INFO(name, path, type, member) \
  {#name, path, type, IK2D_DOUBLE_SLOT(CreatureLeg, member)},
#define IK2D_FIN_SLOT_INFO(name, path, type, member) \
  {#name, path, type, IK2D_DOUBLE_SLOT(CreatureEllipse, member)},
static_assert(sizeof(CreatureState) % sizeof(double) == 0 && sizeof(CreatureLeg) % sizeof(double) == 0 &&
                  sizeof(CreatureEllipse) % sizeof(double) == 0,
              "the creature's state is doubles only");

// The creature options a reset reads from the input buffer: the scalars in IK2D_CREATURE_OPTIONS
// order, then every array of IK2D_CREATURE_ARRAYS at its full capacity.
#define IK2D_ARRAY_CAPACITY(name, member, type, capacity, doc) +capacity
constexpr int kCreatureInputs =
    IK2D_CREATURE_OPTIONS(IK2D_OPTION_COUNT) IK2D_CREATURE_ARRAYS(IK2D_ARRAY_CAPACITY);

// The options in the input buffer as the core's struct; "" when the buffer holds them.
// The scalars only (IK2D_CREATURE_OPTIONS order) from `in`; returns where the arrays start.
const double* creatureScalarsFrom(CreatureOptions& o, const double* in) {
  IK2D_CREATURE_OPTIONS(IK2D_OPTION_FROM_INPUT)
  return in;
}

const char* creatureOptionsFromInput(CreatureOptions& o) {
  if (!inputHolds(kCreatureInputs)) return "creature options were not passed in";
  const double* in = creatureScalarsFrom(o, inputBuffer.data());
#define IK2D_ARRAY_FROM_INPUT(name, member, type, capacity, doc) \
  for (int i = 0; i < (capacity); ++i) o.member[i] = readOption<type>(*in++);
  IK2D_CREATURE_ARRAYS(IK2D_ARRAY_FROM_INPUT)
#undef IK2D_ARRAY_FROM_INPUT
  return nullptr;
}

const char* kindRefusal() {
  static std::string words;
  if (words.empty()) {
    words = "kind must be ";
    for (int k = 0; k < static_cast<int>(CreatureKind::Count); ++k) {
      if (k > 0) words += k == static_cast<int>(CreatureKind::Count) - 1 ? " or " : ", ";
      words += std::string("'") + toString(static_cast<CreatureKind>(k)) + "'";
    }
  }
  return words.c_str();
}

// The work budget of one Creature.step or CreatureCrowd.step call, in creature-point updates:
// steps × substeps × creatures × (segments + legs) must stay within it (about a second of work).
constexpr double kCreatureMaxWork = 2e6;

// Checks a step call's count and work (`size` creatures of `points` spine points and legs each);
// a dt the core refuses is left for its message.
const char* checkCreatureSteps(double dt, double count, double size, double points) {
  if (const char* message = stepCountMessage(count)) return message;
  if (!(dt > 0 && dt <= 0.1)) return nullptr;
  const double substeps = std::max(1.0, std::ceil(dt / Creature::kMaxSubstep - 1e-9));
  if (count * substeps * size * points > kCreatureMaxWork)
    return "steps × substeps × creatures × (segments + legs) must be at most 2000000 (the work budget)";
  return nullptr;
}

// A crowd's count, asked before its options are read: "" or the message naming count.
std::string checkCrowdCount(double count) {
  return messageOf(CreatureCrowd::checkCount(wholeOrInvalid(count)));
}

// The options in the input buffer (IK2D_CREATURE_OPTIONS order, then the arrays at capacity): the
// scalars checked first ("" or the message naming the first bad one), then the arrays the caller
// left out filled from the kind's preset, stretched to its segments and legs (fillPresetArrays),
// written back where they were read.
std::string fillCreatureArrays(bool widths, bool legAnchors) {
  CreatureOptions o;
  if (const char* message = creatureOptionsFromInput(o)) return message;
  if (static_cast<int>(o.kind) < 0) return kindRefusal();
  if (const char* message = checkCreatureScalars(o)) return message;
  fillPresetArrays(o, widths, legAnchors);
  double* out = inputBuffer.data() + IK2D_CREATURE_OPTIONS(IK2D_OPTION_COUNT);
#define IK2D_ARRAY_TO_INPUT(name, member, type, capacity, doc) \
  for (int i = 0; i < (capacity); ++i) *out++ = static_cast<double>(o.member[i]);
  IK2D_CREATURE_ARRAYS(IK2D_ARRAY_TO_INPUT)
#undef IK2D_ARRAY_TO_INPUT
  return "";
}

// ---- creatures -----------------------------------------------------------------------------------

class CreatureHandle {
 public:
  std::string reset() {
    CreatureOptions o;
    if (const char* message = creatureOptionsFromInput(o)) return message;
    if (static_cast<int>(o.kind) < 0) return kindRefusal();
    return messageOf(creature_.reset(o));
  }
  std::string setGoal(double x, double y) { return messageOf(creature_.setGoal({x, y})); }
  std::string step(double dt, double count) {
    const double points = creature_.segmentCount() + creature_.legCount();
    if (const char* message = checkCreatureSteps(dt, count, 1, points)) return message;
    for (int i = 0; i < static_cast<int>(count); ++i) {
      if (const char* message = creature_.step(dt)) return message;
    }
    return "";
  }
  int segments() const { return creature_.segmentCount(); }
  int legs() const { return creature_.legCount(); }
  int outlineCount() const { return creature_.outlineCount(); }
  int finCount() const { return creature_.finCount(); }
  std::uintptr_t stateAddress() const { return reinterpret_cast<std::uintptr_t>(&creature_.state()); }

 private:
  Creature creature_;
};

// Many creatures of one kind, stepped in one call (CreatureCrowd). Goals cross as x, y pairs in
// the input buffer; each creature's state is read like a Creature's.
class CreatureCrowdHandle {
 public:
  std::string reset(double count) {
    CreatureOptions o;
    if (const char* message = creatureOptionsFromInput(o)) return message;
    if (static_cast<int>(o.kind) < 0) return kindRefusal();
    const int n = wholeOrInvalid(count);
    if (const char* message = CreatureCrowd::checkCount(n)) return message;
    if (!canAllocate(static_cast<double>(n) * sizeof(Creature))) return kOutOfMemory;
    return messageOf(crowd_.reset(o, n));
  }

  std::string setGoal(double index, double x, double y) {
    return messageOf(crowd_.setGoal(wholeOrInvalid(index), {x, y}));
  }
  // Goals for creatures 0 .. count - 1 from the input buffer (x, y each).
  std::string setGoals(double count) {
    const int n = wholeOrInvalid(count);
    if (n < 0 || n > crowd_.size()) return "goals must hold at most one point per creature";
    if (!inputHolds(2.0 * n)) return "goals were not passed in";
    for (int i = 0; i < n; ++i) {
      const double* at = inputBuffer.data() + 2 * i;
      if (const char* message = crowd_.setGoal(i, {at[0], at[1]})) return message;
    }
    return "";
  }
  std::string step(double dt, double count) {
    const double points = crowd_.size() ? segments() + legs() : 0;
    if (const char* message = checkCreatureSteps(dt, count, crowd_.size(), points)) return message;
    for (int i = 0; i < static_cast<int>(count); ++i) {
      if (const char* message = crowd_.step(dt)) return message;
    }
    return "";
  }
  int size() const { return crowd_.size(); }
  // Creature `index`'s state (0 when there is no such creature).
  std::uintptr_t stateAddress(double index) const {
    const int i = wholeOrInvalid(index);
    return i >= 0 && i < crowd_.size() ? reinterpret_cast<std::uintptr_t>(&crowd_.creature(i).state()) : 0;
  }
  int segments() const { return crowd_.size() ? crowd_.creature(0).segmentCount() : 0; }
  int legs() const { return crowd_.size() ? crowd_.creature(0).legCount() : 0; }
  int outlineCount() const { return crowd_.size() ? crowd_.creature(0).outlineCount() : 0; }
  int finCount() const { return crowd_.size() ? crowd_.creature(0).finCount() : 0; }
  // The packed drawing, `which` from 0: spine, legs, outline, planted, fins (CreatureCrowd::spinePoints() and
  // the rest); they move only on reset().
  std::uintptr_t viewAddress(int which) const {
    const void* at[] = {crowd_.spinePoints(), crowd_.legPoints(), crowd_.outlinePoints(),
                        crowd_.plantedFlags(), crowd_.finValues()};
    return which >= 0 && which < static_cast<int>(std::size(at)) ? reinterpret_cast<std::uintptr_t>(at[which])
                                                                 : 0;
  }

 private:
  CreatureCrowd crowd_;
};

// Registers on `handle` (an emscripten::class_ of CreatureHandle or CreatureCrowdHandle) the
// members a creature and a crowd share, under the same names. Returns `handle`.
template <class Class>
const Class& bindCreatureMembers(const Class& handle) {
  using Handle = typename Class::class_type;
  return handle.function("reset", &Handle::reset)
      .function("setGoal", &Handle::setGoal)
      .function("step", &Handle::step)
      .function("segments", &Handle::segments)
      .function("legs", &Handle::legs)
      .function("outlineCount", &Handle::outlineCount)
      .function("finCount", &Handle::finCount)
      .function("stateAddress", &Handle::stateAddress);
}

// ---- follow chains and ropes ---------------------------------------------------------------------

// `count` points (x, y each) from the input buffer.
const Vec2* pointsFromInput(double count) {
  static_assert(sizeof(Vec2) == 2 * sizeof(double), "a Vec2 is two doubles");
  return inputHolds(2.0 * count) ? reinterpret_cast<const Vec2*>(inputBuffer.data()) : nullptr;
}

class FollowChainHandle {
 public:
  // The points, then the options (IK2D_FOLLOW_CHAIN_OPTIONS order) after them in the input buffer.
  std::string reset(double count) {
    const int n = wholeOrInvalid(count);
    constexpr int kOptions = IK2D_FOLLOW_CHAIN_OPTIONS(IK2D_OPTION_COUNT);
    if (n < 0 || !inputHolds(2.0 * n + kOptions)) return "points were not passed in";
    FollowChainOptions o;
    const double* in = inputBuffer.data() + 2 * n;
    IK2D_FOLLOW_CHAIN_OPTIONS(IK2D_OPTION_FROM_INPUT)
    return messageOf(chain_.reset(pointsFromInput(n), n, o));
  }
  std::string follow(double x, double y) { return messageOf(chain_.follow({x, y})); }
  int size() const { return chain_.size(); }
  std::uintptr_t positionsAddress() const { return reinterpret_cast<std::uintptr_t>(chain_.positions()); }

 private:
  FollowChain chain_;
};

class RopeHandle {
 public:
  // The points, then the options (IK2D_ROPE_OPTIONS order) after them in the input buffer.
  std::string reset(double count) {
    const int n = wholeOrInvalid(count);
    constexpr int kOptions = IK2D_ROPE_OPTIONS(IK2D_OPTION_COUNT);
    if (n < 0 || !inputHolds(2.0 * n + kOptions)) return "points were not passed in";
    RopeOptions o;
    const double* in = inputBuffer.data() + 2 * n;
    IK2D_ROPE_OPTIONS(IK2D_OPTION_FROM_INPUT)
    return messageOf(rope_.reset(pointsFromInput(n), n, o));
  }
  std::string pin(double index, double x, double y) {
    return messageOf(rope_.pin(wholeOrInvalid(index), {x, y}));
  }
  std::string unpin(double index) { return messageOf(rope_.unpin(wholeOrInvalid(index))); }
  std::string step(double dt, double count) {
    if (const char* refused = stepCountMessage(count)) return refused;
    return messageOf(rope_.step(dt, static_cast<int>(count)));
  }
  int size() const { return rope_.size(); }
  std::uintptr_t positionsAddress() const { return reinterpret_cast<std::uintptr_t>(rope_.positions()); }

 private:
  Rope rope_;
};

// SecondOrder2's state as JS reads it (position `p`, velocity `v`): X(name, JS path, JS type, value).
#define IK2D_SECOND_ORDER_STATE(X)          \
  X(positionX, "position.x", "number", p.x) \
  X(positionY, "position.y", "number", p.y) \
  X(velocityX, "velocity.x", "number", v.x) \
  X(velocityY, "velocity.y", "number", v.y)
IK2D_SLOTS(secondOrderState, IK2D_SECOND_ORDER_STATE)

// SecondOrder2: a point that follows a target with second-order dynamics. The options
// (IK2D_SECOND_ORDER_OPTIONS order) in the input buffer; position and velocity into `state_`.
class SecondOrderHandle {
 public:
  std::string reset(double x, double y) {
    constexpr int kOptions = IK2D_SECOND_ORDER_OPTIONS(IK2D_OPTION_COUNT);
    if (!inputHolds(kOptions)) return "options were not passed in";
    SecondOrderOptions o;
    const double* in = inputBuffer.data();
    IK2D_SECOND_ORDER_OPTIONS(IK2D_OPTION_FROM_INPUT)
    const char* message = dynamics_.reset(o, {x, y});
    writeState();
    return messageOf(message);
  }
  std::string update(double dt, double x, double y) {
    const char* message = dynamics_.update(dt, {x, y});
    writeState();
    return messageOf(message);
  }
  std::uintptr_t stateAddress() const { return reinterpret_cast<std::uintptr_t>(state_); }

 private:
  void writeState() {
    const Vec2 p = dynamics_.position(), v = dynamics_.velocity();
#define IK2D_SECOND_ORDER_WRITE(name, path, type, value) state_[secondOrderState::name] = value;
    IK2D_SECOND_ORDER_STATE(IK2D_SECOND_ORDER_WRITE)
#undef IK2D_SECOND_ORDER_WRITE
  }
  SecondOrder2 dynamics_;
  double state_[secondOrderState::kSlots] = {};
};

void writeCreatureAbi(AbiWriter& out) {
  out.enumNames<CreatureKind>("creatureKinds");
  {
    const CreatureOptions o;
    const OptionInfo list[] = {IK2D_CREATURE_OPTIONS(IK2D_OPTION_TABLE)};
    writeOptions(out, "creatureOptions", list, std::size(list));
  }
  // Each kind's preset: every scalar (the arrays a caller leaves out the core fills: fillCreatureArrays).
  out.open("creaturePresets", '{');
  for (int k = 0; k < static_cast<int>(CreatureKind::Count); ++k) {
    const CreatureOptions o = creaturePreset(static_cast<CreatureKind>(k));
    out.open(toString(o.kind), '{');
#define IK2D_PRESET_VALUE(name, member, type, value, low, high, doc) out.number(name, optionValue(o.member));
    IK2D_CREATURE_OPTIONS(IK2D_PRESET_VALUE)
#undef IK2D_PRESET_VALUE
    out.close('}');
  }
  out.close('}');
  // Each array's capacity (IK2D_CREATURE_ARRAYS order): how many values the input holds for it.
#define IK2D_ARRAY_CAPACITY_INFO(name, member, type, capacity, doc) {name, static_cast<double>(capacity)},
  const NamedNumber capacities[] = {IK2D_CREATURE_ARRAYS(IK2D_ARRAY_CAPACITY_INFO)};
#undef IK2D_ARRAY_CAPACITY_INFO
  out.numbers("creatureArrayCapacities", capacities);
  const SlotInfo state[] = {IK2D_CREATURE_STATE(IK2D_STATE_SLOT_INFO)};
  out.slots("creatureState", state, std::size(state));
  const SlotInfo leg[] = {IK2D_CREATURE_LEG(IK2D_LEG_SLOT_INFO)};
  out.slots("creatureLeg", leg, std::size(leg));
  const SlotInfo fin[] = {IK2D_CREATURE_FIN(IK2D_FIN_SLOT_INFO)};
  out.slots("creatureFin", fin, std::size(fin));
  const SlotInfo secondOrder[] = {IK2D_SECOND_ORDER_STATE(IK2D_SLOT_INFO)};
  out.slots("secondOrderState", secondOrder, std::size(secondOrder));
#define IK2D_ARRAY_AT(name, member, record)                              \
  {#name, static_cast<double>(IK2D_DOUBLE_SLOT(CreatureState, member))}, \
      {#name "Stride", static_cast<double>((record) / sizeof(double))},
  const NamedNumber arrays[] = {IK2D_CREATURE_ARRAYS_AT(IK2D_ARRAY_AT)};
#undef IK2D_ARRAY_AT
  out.numbers("creatureArrays", arrays);
  {
    const RopeOptions o;
    const OptionInfo list[] = {IK2D_ROPE_OPTIONS(IK2D_OPTION_TABLE)};
    writeOptions(out, "ropeOptions", list, std::size(list));
  }
  {
    const FollowChainOptions o;
    const OptionInfo list[] = {IK2D_FOLLOW_CHAIN_OPTIONS(IK2D_OPTION_TABLE)};
    writeOptions(out, "followChainOptions", list, std::size(list));
  }
  {
    const SecondOrderOptions o;
    const OptionInfo list[] = {IK2D_SECOND_ORDER_OPTIONS(IK2D_OPTION_TABLE)};
    writeOptions(out, "secondOrderOptions", list, std::size(list));
  }
  const NamedNumber crowdViews[] = {{"legPoints", CreatureCrowd::kLegPoints},
                                    {"finValues", CreatureCrowd::kFinValues}};
  out.numbers("crowdViews", crowdViews);
  const NamedNumber limits[] = {{"maxCrowd", CreatureCrowd::kMaxCount},
                                {"maxFollowPoints", FollowChain::kMaxPoints},
                                {"maxRopePoints", Rope::kMaxPoints}};
  out.numbers("creatureLimits", limits);
}
[[maybe_unused]] const bool creatureAbiAdded = addAbiSection(&writeCreatureAbi);

}  // namespace
}  // namespace ik2d::bind

EMSCRIPTEN_BINDINGS(ik2d_creature) {
  using namespace ik2d::bind;
  emscripten::function("fillCreatureArrays", &fillCreatureArrays);
  emscripten::function("checkCrowdCount", &checkCrowdCount);
  bindCreatureMembers(emscripten::class_<CreatureHandle>("CreatureHandle").constructor<>());
  bindCreatureMembers(emscripten::class_<CreatureCrowdHandle>("CreatureCrowdHandle").constructor<>())
      .function("setGoals", &CreatureCrowdHandle::setGoals)
      .function("size", &CreatureCrowdHandle::size)
      .function("viewAddress", &CreatureCrowdHandle::viewAddress);
  emscripten::class_<FollowChainHandle>("FollowChainHandle")
      .constructor<>()
      .function("reset", &FollowChainHandle::reset)
      .function("follow", &FollowChainHandle::follow)
      .function("size", &FollowChainHandle::size)
      .function("positionsAddress", &FollowChainHandle::positionsAddress);
  emscripten::class_<RopeHandle>("RopeHandle")
      .constructor<>()
      .function("reset", &RopeHandle::reset)
      .function("pin", &RopeHandle::pin)
      .function("unpin", &RopeHandle::unpin)
      .function("step", &RopeHandle::step)
      .function("size", &RopeHandle::size)
      .function("positionsAddress", &RopeHandle::positionsAddress);
  emscripten::class_<SecondOrderHandle>("SecondOrderHandle")
      .constructor<>()
      .function("reset", &SecondOrderHandle::reset)
      .function("update", &SecondOrderHandle::update)
      .function("stateAddress", &SecondOrderHandle::stateAddress);
}
