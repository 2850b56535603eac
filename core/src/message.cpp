// message.cpp: formatMessageV (message.hpp).
#include "message.hpp"

namespace ik2d::detail {

IK2D_COLD const char* formatMessageV(char* buffer, size_t size, const char* format, va_list arguments) {
  MessageWriter writer{buffer, size - 1};
  buffer[0] = '\0';
  for (const char* at = format; *at; ++at) {
    if (at[0] == '%' && at[1] == 'd') {
      writer.whole(va_arg(arguments, int));
      ++at;
    } else if (at[0] == '%' && at[1] == 'L') {
      writer.whole(va_arg(arguments, long long));
      ++at;
    } else if (at[0] == '%' && at[1] == 's') {
      writer.text(va_arg(arguments, const char*));
      ++at;
    } else {
      writer.put(*at);
    }
  }
  return buffer;
}

}  // namespace ik2d::detail
