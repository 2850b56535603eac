// ik2d/option_list.hpp: how the options of Chain::solve, FollowChain, Rope, SecondOrder2 and
// Creature are listed.
//
// Each options struct is described once, by an X-macro list in its own header:
//
//   X(name, member, kind, default, low, high, doc)
//
// - name:    the field's name as the JS layer spells it and as messages quote it ("gravity.x" is
//            the x of a `gravity` object), a string literal;
// - member:  the C++ member of the struct;
// - kind:    what the value is, and so its C++ type, its check and its message (the kinds below:
//            double, int, an enum, and the few phrasings of a range the API uses);
// - default: the struct's default (the member initializer is generated from the list);
// - low, high: the closed range the value is checked against, written as plain numbers so that
//            the message can quote them ("maxBend must be a finite number from 0 to
//            3.141592653589793"); HUGE_VAL for no upper end;
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

/// Declares one member of an options struct from its X-macro line (its C++ type from its kind).
#define IK2D_OPTION_MEMBER(name, member, kind, value, low, high, doc) IK2D_OPTION_TYPE_##kind member = value;

/// Checks one member of `options` against its range; returns the message naming it when out of range.
#define IK2D_OPTION_CHECK(name, member, kind, value, low, high, doc) \
  if (!IK2D_OPTION_OK_##kind(options.member, low, high)) return IK2D_OPTION_MESSAGE_##kind(name, low, high);

// ---- the kinds: for each, its C++ type, its check and its message -----------------------------------
// (A kind is a name pasted onto these prefixes; a list may use any kind defined here.)

/// A finite number from low to high.
#define IK2D_OPTION_TYPE_double double
#define IK2D_OPTION_OK_double(v, low, high) ::ik2d::options::inRange(v, low, high)
#define IK2D_OPTION_MESSAGE_double(name, low, high) name " must be a finite number from " #low " to " #high

/// A whole number from low to high.
#define IK2D_OPTION_TYPE_int int
#define IK2D_OPTION_OK_int(v, low, high) ::ik2d::options::inRange(v, low, high)
#define IK2D_OPTION_MESSAGE_int(name, low, high) name " must be a whole number from " #low " to " #high

/// A number from low to high (NaN is refused; so is anything outside, infinities included).
#define IK2D_OPTION_TYPE_Fraction double
#define IK2D_OPTION_OK_Fraction(v, low, high) ((v) >= (low) && (v) <= (high))
#define IK2D_OPTION_MESSAGE_Fraction(name, low, high) name " must be a number from " #low " to " #high

/// A finite number, low or greater (high is HUGE_VAL).
#define IK2D_OPTION_TYPE_AtLeast double
#define IK2D_OPTION_OK_AtLeast(v, low, high) ::ik2d::options::inRange(v, low, high)
#define IK2D_OPTION_MESSAGE_AtLeast(name, low, high) name " must be a finite number, " #low " or greater"

/// The same, in radians.
#define IK2D_OPTION_TYPE_RadiansAtLeast double
#define IK2D_OPTION_OK_RadiansAtLeast(v, low, high) ::ik2d::options::inRange(v, low, high)
#define IK2D_OPTION_MESSAGE_RadiansAtLeast(name, low, high) \
  name " must be a finite number of radians, " #low " or greater"

/// A limit: low or greater, Infinity for none (high is HUGE_VAL).
#define IK2D_OPTION_TYPE_Limit double
#define IK2D_OPTION_OK_Limit(v, low, high) ((v) >= (low) && (v) <= (high))
#define IK2D_OPTION_MESSAGE_Limit(name, low, high) name " must be " #low " or greater (Infinity for no limit)"

/// A creature preset (CreatureKind), by number.
#define IK2D_OPTION_TYPE_CreatureKind CreatureKind
#define IK2D_OPTION_OK_CreatureKind(v, low, high) ::ik2d::options::inRange(v, low, high)
#define IK2D_OPTION_MESSAGE_CreatureKind(name, low, high) \
  name " must be a creature kind, a whole number from " #low " to " #high

/// A chain method (ChainMethod), by name in JS.
#define IK2D_OPTION_TYPE_ChainMethod ChainMethod
#define IK2D_OPTION_OK_ChainMethod(v, low, high) ::ik2d::options::inRange(v, low, high)
#define IK2D_OPTION_MESSAGE_ChainMethod(name, low, high) name " must be 'ccd', 'fabrik' or 'dls'"
