// frames.hpp: the core's call frames (bind_core.cpp): solveTwoBone's, Chain.solve's and the
// stepped solve's slot layouts, X-macro lists in boundary.hpp's shape. bind_core.cpp reads and
// writes the frames through them; describe.cpp lists Chain.solve's for the build, which writes the
// JS face's slot constants from it (scripts/boundary.mjs). Not public.
#pragma once

#include <cstdint>

#include "boundary.hpp"
#include "ik2d/chain.hpp"
#include "ik2d/two_bone.hpp"

namespace ik2d::bind {

// solveTwoBone: arguments, then results. The value is the argument's default (`limb`, an
// ik2d::TwoBoneInput, whose defaults are the defaults), or kNoDefault.
#define IK2D_TWO_BONE_FRAME(X)                             \
  X(rootX, "root.x", "number", kNoDefault)                 \
  X(rootY, "root.y", "number", kNoDefault)                 \
  X(targetX, "target.x", "number", kNoDefault)             \
  X(targetY, "target.y", "number", kNoDefault)             \
  X(length1, "length1", "number", kNoDefault)              \
  X(length2, "length2", "number", kNoDefault)              \
  X(bend, "bend", "number", limb.bend)                     \
  X(softness, "softness", "number", limb.softness)         \
  X(offsetX, "offset.x", "number", limb.offset.x)          \
  X(offsetY, "offset.y", "number", limb.offset.y)          \
  X(stretch, "stretch", "bool", limb.stretch ? 1.0 : 0.0)  \
  X(mix, "mix", "number", limb.mix)                        \
  X(poseAngle1, "pose.angle1", "number", limb.pose.angle1) \
  X(poseAngle2, "pose.angle2", "number", limb.pose.angle2) \
  X(jointX, "joint.x", "number", kNoDefault)               \
  X(jointY, "joint.y", "number", kNoDefault)               \
  X(endX, "end.x", "number", kNoDefault)                   \
  X(endY, "end.y", "number", kNoDefault)                   \
  X(angle1, "angle1", "number", kNoDefault)                \
  X(angle2, "angle2", "number", kNoDefault)                \
  X(distance, "distance", "number", kNoDefault)            \
  X(scale, "scale", "number", kNoDefault)                  \
  X(status, "status", "twoBoneStatus", kNoDefault)         \
  X(message, "message", "message", kNoDefault)

// Chain.solve: arguments, then results. X for a slot of its own, O for the lines of an options list
// (ik2d/chain.hpp: IK2D_CHAIN_SOLVE_OPTIONS, IK2D_CHAIN_ANGLE_OPTIONS; a slot each, named by member).
#define IK2D_CHAIN_SOLVE_FRAME(X, O)             \
  X(targetX, "target.x", "number", 0)            \
  X(targetY, "target.y", "number", 0)            \
  IK2D_CHAIN_SOLVE_OPTIONS(O)                    \
  X(usePole, "usePole", "bool", 0)               \
  X(poleX, "pole.x", "number", 0)                \
  X(poleY, "pole.y", "number", 0)                \
  X(useAngle, "useAngle", "bool", 0)             \
  X(angle, "angle", "number", 0)                 \
  IK2D_CHAIN_ANGLE_OPTIONS(O)                    \
  X(status, "status", "chainStatus", 0)          \
  X(resultIterations, "iterations", "number", 0) \
  X(error, "error", "number", 0)                 \
  X(angleError, "angleError", "number", 0)       \
  X(message, "message", "message", 0)
#define IK2D_OPTION_SLOT_ENUM(name, member, kind, value, low, high, doc) member,
#define IK2D_OPTION_SLOT_INFO(name, member, kind, value, low, high, doc) {#member, name, "number"},

// Chain.beginSolve / Chain.step: one ik2d::ChainStep (`s`). The result.* slots count when `done`.
#define IK2D_STEP_FRAME(X)                                                             \
  X(kind, "kind", "stepKind", static_cast<int>(s.kind))                                \
  X(iteration, "iteration", "number", s.iteration)                                     \
  X(joint, "joint", "number", s.joint)                                                 \
  X(pivotX, "pivot.x", "number", s.pivot.x)                                            \
  X(pivotY, "pivot.y", "number", s.pivot.y)                                            \
  X(endBeforeX, "endBefore.x", "number", s.endBefore.x)                                \
  X(endBeforeY, "endBefore.y", "number", s.endBefore.y)                                \
  X(wanted, "wanted", "number", s.wanted)                                              \
  X(turn, "turn", "number", s.turn)                                                    \
  X(error, "error", "number", s.error)                                                 \
  X(sweepEnd, "sweepEnd", "bool", s.sweepEnd)                                          \
  X(done, "done", "bool", s.done)                                                      \
  X(resultStatus, "result.status", "chainStatus", static_cast<int>(s.result.status))   \
  X(resultIterations, "result.iterations", "number", s.result.iterations)              \
  X(resultError, "result.error", "number", s.result.error)                             \
  X(resultAngleError, "result.angleError", "number", s.result.angleError)              \
  X(message, "message", "message", reinterpret_cast<std::uintptr_t>(s.result.message)) \
  X(resultMessage, "result.message", "message", reinterpret_cast<std::uintptr_t>(s.result.message))

IK2D_SLOTS(twoBone, IK2D_TWO_BONE_FRAME)
namespace chainSolve {
enum Slot { IK2D_CHAIN_SOLVE_FRAME(IK2D_SLOT_ENUM, IK2D_OPTION_SLOT_ENUM) kSlots };
}
IK2D_SLOTS(stepFrame, IK2D_STEP_FRAME)

}  // namespace ik2d::bind
