// boundary.cpp: the call frame, the input buffer and the ABI table's writer (boundary.hpp).
#include "boundary.hpp"

#include <cmath>
#include <cstdlib>

#include "ik2d/version.hpp"

namespace ik2d::bind {

double frame[kFrameSlots];
std::vector<double> inputBuffer;

namespace {

// A whole number in decimal for the table, without std::to_string (which would link printf:
// kilobytes). (Messages take theirs from the core's formatter, core/src/message.hpp.)
std::string wholeNumber(long long value) {
  char digits[24];
  char* at = digits + sizeof digits;
  *--at = '\0';
  const bool negative = value < 0;
  unsigned long long left =
      negative ? 0ULL - static_cast<unsigned long long>(value) : static_cast<unsigned long long>(value);
  do {
    *--at = static_cast<char>('0' + left % 10);
    left /= 10;
  } while (left > 0);
  if (negative) *--at = '-';
  return at;
}

// The sections added so far (a function's static: ready whichever part's initialiser runs first).
std::vector<AbiSection>& sections() {
  static std::vector<AbiSection> list;
  return list;
}

}  // namespace

// "name": value, with a comma before all but the first member of an object or array.
void AbiWriter::key(const char* name) {
  text_ += comma_ ? ",\"" : "\"";
  text_ += name;
  text_ += "\":";
  comma_ = false;
}

void AbiWriter::open(const char* name, char bracket) {
  if (name) key(name);
  else if (comma_) text_ += ',';
  text_ += bracket;
  comma_ = false;
}

void AbiWriter::close(char bracket) {
  text_ += bracket;
  comma_ = true;
}

void AbiWriter::string(const char* value) {
  if (comma_) text_ += ',';
  text_ += '"';
  text_ += value;
  text_ += '"';
  comma_ = true;
}

// A number, exactly: whole numbers and short decimals (1e-3, 0.5) as n * 10^-k with n whole, when
// that reads back as the same double; any other finite number (pi) as the string "#m,e", the exact
// m * 2^e (m whole), which the JS face turns back into the number when it parses the table.
// Infinity as 1e999, which JSON.parse reads as Infinity.
void AbiWriter::value(double value) {
  comma_ = true;
  if (std::isinf(value)) {
    text_ += value > 0 ? "1e999" : "-1e999";
    return;
  }
  int exponent = 0;
  double scaled = value;
  double power = 1;
  while (std::isfinite(scaled) && scaled != std::floor(scaled) && exponent < 17) {
    scaled *= 10;
    power *= 10;
    ++exponent;
  }
  if (std::isfinite(scaled) && std::fabs(scaled) < 9007199254740992.0 &&
      std::floor(scaled) / power == value) {
    text_ += wholeNumber(static_cast<long long>(scaled)) + (exponent ? "e-" + wholeNumber(exponent) : "");
    return;
  }
  int binary = 0;
  const double mantissa = std::ldexp(std::frexp(value, &binary), 53);  // whole, |m| < 2^53
  text_ += "\"#" + wholeNumber(static_cast<long long>(mantissa)) + "," + wholeNumber(binary - 53) + "\"";
}

void AbiWriter::number(const char* name, double value) {
  key(name);
  this->value(value);
}

void AbiWriter::names(const char* name, const char* const* values, int count) {
  open(name, '[');
  for (int i = 0; i < count; ++i) string(values[i]);
  close(']');
}

// {"name": {"slot": i, "path": "...", "type": "..."}, ...}: slot i is the i-th entry.
void AbiWriter::slots(const char* name, const SlotInfo* list, size_t count) {
  open(name, '{');
  for (size_t i = 0; i < count; ++i) {
    open(list[i].name, '{');
    number("slot", static_cast<double>(list[i].slot >= 0 ? static_cast<size_t>(list[i].slot) : i));
    key("path");
    string(list[i].path);
    key("type");
    string(list[i].type);
    close('}');
  }
  close('}');
}

void AbiWriter::numbers(const char* name, const NamedNumber* values, size_t count) {
  open(name, '{');
  for (size_t i = 0; i < count; ++i) {
    if (!std::isnan(values[i].value)) number(values[i].name, values[i].value);
  }
  close('}');
}

void AbiWriter::array(const char* name, const double* values, size_t count) {
  open(name, '[');
  for (size_t i = 0; i < count; ++i) {
    if (comma_) text_ += ',';
    value(values[i]);
  }
  close(']');
}

bool addAbiSection(AbiSection section) {
  sections().push_back(section);
  return true;
}

std::string abi() {
  AbiWriter out;
  out.open(nullptr, '{');
  out.key("version");
  out.string(kVersion);
  out.number("frameSlots", kFrameSlots);
  for (const AbiSection section : sections()) section(out);
  out.close('}');
  return out.text();
}

double messageSlot(const char* message) {
  return static_cast<double>(reinterpret_cast<std::uintptr_t>(message));
}

int wholeOrInvalid(double value) {
  return value == std::floor(value) && value >= -1 && value <= 2147483647.0 ? static_cast<int>(value) : -1;
}

std::string messageOf(const char* message) { return message ? message : ""; }

bool inputHolds(double count) { return count >= 0 && count <= static_cast<double>(inputBuffer.size()); }

}  // namespace ik2d::bind

namespace ik2d::bind {

bool canAllocate(double bytes) {
  if (!(bytes >= 0) || bytes > 4294967295.0) return false;
  // (Through a volatile: the compiler may otherwise drop an allocation nobody uses, and with it
  // the answer.)
  void* volatile probe = std::malloc(static_cast<size_t>(bytes));
  if (probe == nullptr) return false;
  std::free(probe);
  return true;
}

}  // namespace ik2d::bind
