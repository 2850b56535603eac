// option_types.hpp: how JS passes an option of each C++ type the core's options lists use
// (ik2d/option_list.hpp), for the modules' table (bind_creature.cpp) and the build's description
// (describe.cpp). Not public.
#pragma once

#include "ik2d/chain.hpp"
#include "ik2d/creature.hpp"

namespace ik2d::bind {

/// The JS type of an option: "number", "whole", or the name of the table's name list of an enum.
template <class T>
constexpr const char* optionType() {
  return "number";
}
template <>
constexpr const char* optionType<int>() {
  return "whole";
}
template <>
constexpr const char* optionType<CreatureKind>() {
  return "creatureKinds";
}
template <>
constexpr const char* optionType<ChainMethod>() {
  return "chainMethods";
}

/// An option's value as the table writes it: the number, or an enum's index.
inline double optionValue(double value) { return value; }
inline double optionValue(int value) { return value; }
inline double optionValue(CreatureKind value) { return static_cast<double>(value); }

}  // namespace ik2d::bind
