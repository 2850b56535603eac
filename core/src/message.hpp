// message.hpp: the one way the core writes numbers into its messages ("got 1.5", "from 0 to 9").
// Formatted by hand into a caller's fixed buffer: printf's machinery would add about 13 KB to the
// gzipped WebAssembly for a few messages. Not public.
#pragma once

#include <cmath>
#include <cstdarg>
#include <cstddef>

#include "cold.hpp"

namespace ik2d::detail {

// Appends text to a fixed buffer, always leaving it terminated; what does not fit is dropped.
struct MessageWriter {
  char* out;
  size_t room;  // characters left, the terminator not counted
  IK2D_COLD void put(char c) {
    if (room == 0) return;
    *out++ = c;
    *out = '\0';
    --room;
  }
  IK2D_COLD void text(const char* words) {
    while (words && *words) put(*words++);
  }
  IK2D_COLD void whole(long long value) {
    if (value < 0) put('-');
    unsigned long long magnitude =
        value < 0 ? 0ull - static_cast<unsigned long long>(value) : static_cast<unsigned long long>(value);
    char digits[24];
    int count = 0;
    do {
      digits[count++] = static_cast<char>('0' + magnitude % 10);
      magnitude /= 10;
    } while (magnitude > 0);
    while (count > 0) put(digits[--count]);
  }
};

// A number for a message: NaN, Infinity, whole numbers as such, others with up to 6 decimals
// (enough to recognise the value passed); beyond 1e15 in magnitude as a power of ten ("1e+300").
struct NumberText {
  char text[40] = {};
  explicit NumberText(double value) {
    MessageWriter writer{text, sizeof text - 1};
    write(writer, value);
  }
  IK2D_COLD static void write(MessageWriter& writer, double value) {
    if (std::isnan(value)) return writer.text("NaN");
    if (std::isinf(value)) return writer.text(value > 0 ? "Infinity" : "-Infinity");
    if (value < 0) writer.put('-');
    const double magnitude = std::fabs(value);
    if (magnitude >= 1e15) {
      writer.text("1e+");
      return writer.whole(static_cast<long long>(std::floor(std::log10(magnitude))));
    }
    auto millionths = static_cast<long long>(std::llround(magnitude * 1e6));
    writer.whole(millionths / 1'000'000);
    long long fraction = millionths % 1'000'000;
    if (fraction == 0) return;
    writer.put('.');
    for (long long digit = 100'000; fraction > 0; digit /= 10) {
      writer.put(static_cast<char>('0' + fraction / digit));
      fraction %= digit;
    }
  }
};

/// `format` with %d (an int), %L (a long long) and %s (text) filled in, into `buffer` (always terminated;
/// what does not fit is dropped). Returns `buffer`.
const char* formatMessageV(char* buffer, size_t size, const char* format, va_list arguments);

/// formatMessageV with its arguments in place.
template <size_t N>
const char* formatMessage(char (&buffer)[N], const char* format, ...) {
  va_list arguments;
  va_start(arguments, format);
  formatMessageV(buffer, N, format, arguments);
  va_end(arguments);
  return buffer;
}

}  // namespace ik2d::detail
