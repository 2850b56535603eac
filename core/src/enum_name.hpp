// enum_name.hpp: an enum value's name (as the JS API spells it) from a table of names. Not public.
#pragma once

#include <cstddef>

namespace ik2d::detail {

/// names[value], or `other` for a value the table does not name (Count, or a bad cast). The table
/// holds one name per value below Enum::Count, in the enum's order, or this does not compile.
template <typename Enum, std::size_t N>
constexpr const char* enumName(Enum value, const char* const (&names)[N], const char* other) {
  static_assert(N == static_cast<std::size_t>(Enum::Count), "one name per value, in the enum's order");
  const auto index = static_cast<std::size_t>(value);
  return index < N ? names[index] : other;
}

}  // namespace ik2d::detail
