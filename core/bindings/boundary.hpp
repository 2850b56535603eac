// boundary.hpp: what every part of the binding shares (bind_core.cpp and the bind_<part>.cpp): the call
// frame, the input buffer, the slot-layout macros, the ABI table's writer and the members handles
// register alike. Not public.
//
// One convention for every class and call (docs/architecture.md, "The boundary"):
//   - Arguments that are numbers go into the call frame (hot paths: a raw export reads them there)
//     or arrive as Embind arguments; arrays go into the input buffer (inputAddress), never element
//     by element.
//   - Every check and message is C++'s: a call returns its message ("" when all went well), or
//     leaves it in the frame as the address of a static C string.
//   - Results are read by JS from the frame or from the object's own storage, through slot
//     layouts described once, here in C++, by X-macro lists. abi() writes every layout, name list,
//     default and limit as one JSON table that the JS face reads once when the module loads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace ik2d::bind {

// ---- slot layouts -----------------------------------------------------------------------------------
// A layout is an X-macro list X(name, JS path, JS type, value): the JS path is where the JS face
// puts the value in the object it builds ("pivot.x" makes {pivot: {x}}); the type says how to read
// the double: "number", "bool", the name of a name list in the table ("chainStatus",
// "twoBoneStatus", "stepKind": an index into it) or "message" (address of a C string, absent when
// 0). `value` is what a writer puts there (unused for arguments).

/// The slot indices of a layout, as an enum in a namespace of its own (twoBone::rootX, ...).
#define IK2D_SLOT_ENUM(name, path, type, value) name,
#define IK2D_SLOTS(space, list)              \
  namespace space {                          \
  enum Slot { list(IK2D_SLOT_ENUM) kSlots }; \
  }

/// One slot, as the table lists it: at index `slot` of its record, or (-1) at its place in the list.
struct SlotInfo {
  const char* name;
  const char* path;
  const char* type;
  int slot = -1;
};
#define IK2D_SLOT_INFO(name, path, type, value) {#name, path, type},

/// One named default or limit.
struct NamedNumber {
  const char* name;
  double value;
};
#define IK2D_NAMED_VALUE(name, path, type, value) {#name, static_cast<double>(value)},

/// The value of a layout slot that has no default (a required argument, a result): numbers()
/// leaves it out of the table.
constexpr double kNoDefault = std::numeric_limits<double>::quiet_NaN();

// ---- the ABI table ----------------------------------------------------------------------------------

/// Writes the table as JSON: plain data, one small writer (no JSON library, no printf: the module's
/// payload).
class AbiWriter {
 public:
  void key(const char* name);
  void open(const char* name, char bracket);
  void close(char bracket);
  void string(const char* value);
  void number(const char* name, double value);
  void names(const char* name, const char* const* values, int count);
  void slots(const char* name, const SlotInfo* slots, size_t count);
  void numbers(const char* name, const NamedNumber* values, size_t count);
  /// [values...]
  void array(const char* name, const double* values, size_t count);
  template <size_t N>
  void slots(const char* name, const SlotInfo (&list)[N]) {
    slots(name, list, N);
  }
  template <size_t N>
  void numbers(const char* name, const NamedNumber (&list)[N]) {
    numbers(name, list, N);
  }
  /// The names of an enum's values, 0 up to its last member `Count`, by `toString`.
  template <class Enum>
  void enumNames(const char* name) {
    open(name, '[');
    for (int i = 0; i < static_cast<int>(Enum::Count); ++i) string(toString(static_cast<Enum>(i)));
    close(']');
  }
  const std::string& text() const { return text_; }

 private:
  void value(double value);  // a number's text, after its key or comma

  std::string text_;
  bool comma_ = false;
};

/// A part of the module's table (the core's, the full module's): written inside the table's object.
using AbiSection = void (*)(AbiWriter&);
/// Adds a section to abi() (at static initialisation: each part of the binding adds its own, so a
/// module's table holds exactly the parts linked into it). Returns true.
bool addAbiSection(AbiSection section);
/// The table: {"version": ..., <every section's members>}.
std::string abi();

// ---- the call frame and the input buffer ------------------------------------------------------------

/// Size of the call frame, in doubles (abi() tells JS).
constexpr int kFrameSlots = 32;
/// Arguments in, results out, for the call in flight.
extern double frame[kFrameSlots];
/// Room for input arrays (lengths, angles, records); its address may move when it grows.
extern std::vector<double> inputBuffer;

/// The address of a static C string as a frame slot (0 for none).
double messageSlot(const char* message);
/// A JS number meant as a whole count: itself when it is one, else -1 (which every range check
/// refuses, with the core's message).
int wholeOrInvalid(double value);
/// An option of C++ type T from its double in the frame or the input buffer: a whole number for
/// an int or an enum (wholeOrInvalid: the option's check refuses anything else), else the double.
template <class T>
T readOption(double value) {
  if constexpr (std::is_enum_v<T>) return static_cast<T>(wholeOrInvalid(value));
  else if constexpr (std::is_same_v<T, int>) return wholeOrInvalid(value);
  else return value;
}
/// A core message as Embind returns it ("" when all went well).
std::string messageOf(const char* message);
/// True when the input buffer holds at least `count` doubles (count >= 0).
bool inputHolds(double count);

/// The most doubles the input buffer takes in one call (128 MB: ChainBatch's largest lengths fit
/// many times over); inputAddress() refuses more before allocating anything.
constexpr double kMaxInputDoubles = 1 << 24;
/// What the input buffer keeps between calls (1 MB); trimInput() lets go of the rest.
constexpr size_t kKeptInputDoubles = 1 << 17;
/// The message of a call refused because WebAssembly memory cannot grow to what it needs (the
/// module keeps working: nothing was allocated).
inline constexpr const char* kOutOfMemory = "out of WebAssembly memory: the module cannot grow to hold it";
/// True when `bytes` can be allocated now. Asked before a large allocation, so that running out
/// of memory is a message, not an abort (operator new aborts without exceptions; malloc returns
/// null: the module links with -sABORTING_MALLOC=0).
bool canAllocate(double bytes);

// ---- members handles share ------------------------------------------------------------------------

/// Registers on `handle` (an emscripten::class_, whose members return it) the members by which
/// ChainHandle and SkeletonHandle alike are built, posed, limited, mirrored and read, under the
/// same names. Returns `handle`, for the class's own members.
template <class Class>
const Class& bindPose(const Class& handle) {
  using Handle = typename Class::class_type;
  return handle.function("reset", &Handle::reset)
      .function("size", &Handle::size)
      .function("setRoot", &Handle::setRoot)
      .function("setAngles", &Handle::setAngles)
      .function("setLimit", &Handle::setLimit)
      .function("clearLimit", &Handle::clearLimit)
      .function("setMirror", &Handle::setMirror)
      .function("mirrored", &Handle::mirrored)
      .function("anglesAddress", &Handle::anglesAddress)
      .function("positionsAddress", &Handle::positionsAddress)
      .function("backwardAddress", &Handle::backwardAddress);
}

}  // namespace ik2d::bind
