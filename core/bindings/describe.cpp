// describe.cpp: the boundary's description, for the build (not part of any module). Linked with
// every part of the binding, run under Node by the build, it prints one JSON object:
//
//   {"table": <abi(): every layout, name list, default and limit, as a module sees them>,
//    "frames": {"twoBoneFrame", "chainSolveFrame", "stepFrame": <the core's call frames, as the
//               table writes a layout>, "frameInputs": <arguments in each>, "twoBoneDefaults"},
//    "options": {"<list>": [{"name", "member", "kind", "type", "default", "low", "high", "doc",
//                            "message"}]}}
//
// where "options" holds each options list of the core (option_list.hpp's X shape) with its
// documentation, which the modules leave out, and the message its check gives; "type" is how JS
// passes it: "number", "whole" or the name of the table's name list ("chainMethods"). scripts/boundary.mjs
// writes from it the JS face's generated part (slot constants, the options' frame writers), the .d.ts members
// of the listed options and the docs' tables: a listed option is added in C++ alone.
#include <cmath>
#include <cstdio>
#include <string>

#include "boundary.hpp"
#include "frames.hpp"
#include "ik2d/batch.hpp"
#include "ik2d/chain.hpp"
#include "ik2d/creature.hpp"
#include "ik2d/follow_chain.hpp"
#include "ik2d/rope.hpp"
#include "ik2d/second_order.hpp"
#include "option_types.hpp"

namespace ik2d::bind {
namespace {

// A JSON string (the docs hold quotes and backticks).
std::string quoted(const char* text) {
  std::string out = "\"";
  for (const char* at = text; *at; ++at) {
    if (*at == '"' || *at == '\\') out += '\\';
    out += *at;
  }
  return out + '"';
}

// A number as JSON: Infinity as 1e999 (JSON.parse reads it back as Infinity), else 17 digits.
std::string number(double value) {
  if (std::isinf(value)) return value > 0 ? "1e999" : "-1e999";
  char digits[40];
  std::snprintf(digits, sizeof digits, "%.17g", value);
  return digits;
}

// A default for the docs: the number, or an enum's name.
std::string defaultOf(double value) { return number(value); }
std::string defaultOf(int value) { return number(value); }
std::string defaultOf(ChainMethod value) { return quoted(toString(value)); }
std::string defaultOf(CreatureKind value) { return quoted(toString(value)); }

#define IK2D_DESCRIBE(name, member, kind, value, low, high, doc)                                         \
  text += (first ? "" : ",");                                                                            \
  first = false;                                                                                         \
  text += "{\"name\":" + quoted(name) + ",\"member\":\"" #member "\",\"kind\":\"" #kind "\",\"type\":" + \
          quoted(optionType<IK2D_OPTION_TYPE_##kind>()) + ",\"default\":" + defaultOf(options.member) +  \
          ",\"low\":" + number(low) + ",\"high\":" + number(high) + ",\"doc\":" + quoted(doc) +          \
          ",\"message\":" + quoted(IK2D_OPTION_MESSAGE_##kind(name, low, high)) + "}";

template <class Options>
std::string list(const char* key, void (*describe)(const Options&, std::string&, bool&)) {
  std::string text = std::string("\"") + key + "\":[";
  bool first = true;
  describe(Options{}, text, first);
  return text + "]";
}

// What only the build and the docs read, added to the table here (a section of this program's
// alone: the modules do not carry it): the batch's method names and its limits.
void writeDescribedOnly(AbiWriter& out) {
  const char* const batchMethods[] = {toString(ChainMethod::Ccd), toString(ChainMethod::Fabrik)};
  out.names("chainBatchMethods", batchMethods, 2);
  const NamedNumber limits[] = {{"maxBatchLimbs", TwoBoneBatch::kMaxCount},
                                {"maxBatchSlots", static_cast<double>(ChainBatch::kMaxSlots)}};
  out.numbers("batchLimits", limits);
}
[[maybe_unused]] const bool describedOnlyAdded = addAbiSection(&writeDescribedOnly);

}  // namespace
}  // namespace ik2d::bind

int main() {
  using namespace ik2d;
  using namespace ik2d::bind;
  // The core's call frames, which only the face's generated part reads.
  constexpr SlotInfo twoBoneSlots[] = {IK2D_TWO_BONE_FRAME(IK2D_SLOT_INFO)};
  constexpr SlotInfo chainSolveSlots[] = {IK2D_CHAIN_SOLVE_FRAME(IK2D_SLOT_INFO, IK2D_OPTION_SLOT_INFO)};
  constexpr SlotInfo stepSlots[] = {IK2D_STEP_FRAME(IK2D_SLOT_INFO)};
  const TwoBoneInput limb;
  const NamedNumber twoBoneDefaults[] = {IK2D_TWO_BONE_FRAME(IK2D_NAMED_VALUE)};
  // How many of each frame's first slots are arguments (the rest are results).
  const NamedNumber inputs[] = {{"twoBoneFrame", twoBone::jointX}, {"chainSolveFrame", chainSolve::status}};
  AbiWriter frames;
  frames.open(nullptr, '{');
  frames.slots("twoBoneFrame", twoBoneSlots);
  frames.slots("chainSolveFrame", chainSolveSlots);
  frames.slots("stepFrame", stepSlots);
  frames.numbers("frameInputs", inputs);
  frames.numbers("twoBoneDefaults", twoBoneDefaults);  // (the slots with a default)
  frames.close('}');
  std::string out = "{\"table\":" + abi() + ",\"frames\":" + frames.text() + ",\"options\":{";
  out += list<ChainSolveOptions>("chainSolve", [](const ChainSolveOptions& options, std::string& text,
                                                  bool& first) { IK2D_CHAIN_SOLVE_OPTIONS(IK2D_DESCRIBE) });
  out += "," +
         list<ChainSolveOptions>("chainAngle", [](const ChainSolveOptions& options, std::string& text,
                                                  bool& first) { IK2D_CHAIN_ANGLE_OPTIONS(IK2D_DESCRIBE) });
  out += "," + list<CreatureOptions>("creature", [](const CreatureOptions& options, std::string& text,
                                                    bool& first) { IK2D_CREATURE_OPTIONS(IK2D_DESCRIBE) });
  out += "," + list<RopeOptions>("rope", [](const RopeOptions& options, std::string& text, bool& first) {
           IK2D_ROPE_OPTIONS(IK2D_DESCRIBE)
         });
  out += "," + list<FollowChainOptions>(
                   "followChain", [](const FollowChainOptions& options, std::string& text, bool& first) {
                     IK2D_FOLLOW_CHAIN_OPTIONS(IK2D_DESCRIBE)
                   });
  out += "," + list<SecondOrderOptions>(
                   "secondOrder", [](const SecondOrderOptions& options, std::string& text, bool& first) {
                     IK2D_SECOND_ORDER_OPTIONS(IK2D_DESCRIBE)
                   });
  out += "}}\n";
  std::fputs(out.c_str(), stdout);
  return 0;
}
