// bindings.cpp: the Embind bindings, and the only file that includes Emscripten headers.
//
// The hot path crosses the boundary as plain numbers: solveTwoBone takes eight doubles and writes
// its pose into a static buffer that ik2d_api.js reads through a Float64Array view, because an
// Embind value_object costs more than the whole solve (see shared/TOOLCHAIN.md). ik2d_api.js
// turns that into the public `{status, joint, end, ...}` object and checks argument types.
#include <emscripten/bind.h>

#include <cstdint>
#include <string>

#include "ik2d/ik2d.hpp"

namespace {

// Layout of the buffer solveTwoBoneFlat writes: ik2d_api.js reads the same indices.
enum TwoBoneSlot { kJointX, kJointY, kEndX, kEndY, kAngle1, kAngle2, kDistance, kSlotCount };

double twoBoneOut[kSlotCount];
const char* twoBoneMessage = nullptr;

static_assert(static_cast<int>(ik2d::TwoBoneStatus::Reached) == 0,
              "status codes index STATUS in ik2d_api.js");
static_assert(static_cast<int>(ik2d::TwoBoneStatus::OutOfReach) == 1,
              "status codes index STATUS in ik2d_api.js");
static_assert(static_cast<int>(ik2d::TwoBoneStatus::TooClose) == 2,
              "status codes index STATUS in ik2d_api.js");
static_assert(static_cast<int>(ik2d::TwoBoneStatus::Invalid) == 3,
              "status codes index STATUS in ik2d_api.js");

int solveTwoBoneFlat(double rootX, double rootY, double targetX, double targetY, double length1,
                     double length2, double bend, double softness) {
  ik2d::TwoBoneInput input;
  input.root = {rootX, rootY};
  input.target = {targetX, targetY};
  input.length1 = length1;
  input.length2 = length2;
  input.bend = bend;
  input.softness = softness;
  const ik2d::TwoBoneResult result = ik2d::solveTwoBone(input);
  twoBoneOut[kJointX] = result.joint.x;
  twoBoneOut[kJointY] = result.joint.y;
  twoBoneOut[kEndX] = result.end.x;
  twoBoneOut[kEndY] = result.end.y;
  twoBoneOut[kAngle1] = result.angle1;
  twoBoneOut[kAngle2] = result.angle2;
  twoBoneOut[kDistance] = result.distance;
  twoBoneMessage = result.message;
  return static_cast<int>(result.status);
}

std::string lastTwoBoneMessage() { return twoBoneMessage ? twoBoneMessage : ""; }

std::uintptr_t twoBoneOutAddress() { return reinterpret_cast<std::uintptr_t>(twoBoneOut); }

std::string version() { return ik2d::kVersion; }

}  // namespace

EMSCRIPTEN_BINDINGS(ik2d) {
  emscripten::function("version", &version);
  emscripten::function("solveTwoBoneFlat", &solveTwoBoneFlat);
  emscripten::function("lastTwoBoneMessage", &lastTwoBoneMessage);
  emscripten::function("twoBoneOutAddress", &twoBoneOutAddress);
}
