// ik2d/option_list.hpp: how the options of FollowChain, Rope, SecondOrder2 and Creature are listed.
//
// Each options struct is described once, by an X-macro list in its own header:
//
//   X(name, member, type, default, low, high, doc)
//
// - name:    the field's name as the JS layer spells it and as messages quote it ("gravity.x" is
//            the x of a `gravity` object), a string literal;
// - member:  the C++ member of the struct;
// - type:    double, int, or an enum (whole numbers from low to high);
// - default: the struct's default (the member initializer is generated from the list);
// - low, high: the closed range the value is checked against, written as plain numbers so that
//            the message can quote them ("maxBend must be a finite number from 0 to
//            3.141592653589793");
// - doc:     one line with the unit and meaning, for generated documentation.
//
// The struct's members, the range checks with their messages, and any table of names, defaults
// and ranges a binding needs all come from that list, so a field is added in one place.
#pragma once

#include <cmath>

namespace ik2d::options {

/// True when `value` is finite and within [low, high].
inline bool inRange(double value, double low, double high) {
  return std::isfinite(value) && value >= low && value <= high;
}
/// True when `value` is within [low, high].
inline bool inRange(int value, double low, double high) { return value >= low && value <= high; }
/// An enum option: its underlying value within [low, high].
template <class Enum>
inline bool inRange(Enum value, double low, double high) {
  return inRange(static_cast<int>(value), low, high);
}

}  // namespace ik2d::options

/// Declares one member of an options struct from its X-macro line.
#define IK2D_OPTION_MEMBER(name, member, type, value, low, high, doc) type member = value;

/// What a value of each type must be, for messages (the type column, token-pasted).
#define IK2D_OPTION_KIND_double "a finite number"
#define IK2D_OPTION_KIND_int "a whole number"
#define IK2D_OPTION_KIND_CreatureKind "a creature kind, a whole number"

/// Checks one member of `options` against its range; returns the message naming it when out of range.
#define IK2D_OPTION_CHECK(name, member, type, value, low, high, doc) \
  if (!::ik2d::options::inRange(options.member, low, high))          \
    return name " must be " IK2D_OPTION_KIND_##type " from " #low " to " #high;
