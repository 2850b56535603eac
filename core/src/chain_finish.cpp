// chain_finish.cpp: what a solve does once the method has finished (chain_solve.cpp calls it in
// the step that ends the solve, so solve() and beginSolve()/step() end alike): bend toward the
// pole, then blend from the pose the call started with (mix).
#include <algorithm>

#include "chain_detail.hpp"
#include "ik2d/chain.hpp"

namespace ik2d {
namespace {
/// How far outside its limit a mirrored angle may land and still count as inside, radians.
constexpr double kBoundSlack = 1e-12;
}  // namespace

// The pole: after solving, when the inner joints (1 .. size-1) lie, summed, on the other side of
// the root-target line than the pole,
//   sign(sum_i cross(t - r, p_i - r)) != sign(cross(t - r, pole - r)),
// reflect the chain across that line. A reflection across a line through the target keeps the
// end's distance to the target exactly and every length; in angles (alpha: the line's angle) it is
//   theta_0 -> 2 alpha - theta_0,   theta_i -> -theta_i (i >= 1).
// Why a mirror after solving and not a pre-bend (Godot's magnet) before it: the mirror guarantees
// the side for every method and warm start, and costs one pass when the side is already right;
// a pre-bend only biases where the solver starts, and CCD or DLS may still end on either side.
// What a mirror cannot promise is the limits and maxStep (an asymmetric limit, a large flip), so
// it is skipped when any mirrored angle would break one: the pole is then a preference that yields.
// A joint solved onto a bound of its limit mirrors onto the other bound of a symmetric limit: a
// mirrored angle within kBoundSlack of its limit counts as inside and is clamped into it, so that
// rounding does not decide the side (nor differ between a chain and its mirror image).
// Returns true when the chain moved.
bool Chain::mirrorTowardPole() {
  const Vec2 root = position(0);
  const Vec2 line = detail::unitOr(progress_.target - root, {0, 0});
  if (line.x == 0 && line.y == 0) return false;  // the target on the root: no line, no side
  const double poleSide = cross(line, progress_.pole - root);
  double jointSide = 0;
  for (int i = 1; i < size(); ++i) jointSide += cross(line, position(i) - root);
  if (poleSide == 0 || jointSide == 0 || (poleSide > 0) == (jointSide > 0)) return false;

  const double lineAngle = std::atan2(line.y, line.x);
  for (int i = 0; i < size(); ++i) {
    const auto bone = static_cast<size_t>(i);
    const double mirrored = i == 0 ? wrapAngle(2 * lineAngle - angles_[0]) : -angles_[bone];
    if (limits_.has(bone) &&
        !(mirrored >= limits_.min(bone) - kBoundSlack && mirrored <= limits_.max(bone) + kBoundSlack))
      return false;
    const double change =
        limits_.has(bone) ? std::clamp(mirrored, limits_.min(bone), limits_.max(bone)) - startAngles_[bone]
                          : wrapAngle(mirrored - startAngles_[bone]);
    if (std::fabs(change) > maxStep_) return false;
  }
  angles_[0] = limits_.clamp(0, wrapAngle(2 * lineAngle - angles_[0]));
  for (int i = 1; i < size(); ++i) {
    const auto bone = static_cast<size_t>(i);
    angles_[bone] =
        limits_.has(bone) ? std::clamp(-angles_[bone], limits_.min(bone), limits_.max(bone)) : -angles_[bone];
  }
  updatePositionsFrom(0);
  return true;
}

// mix: every local angle becomes start + mix * (solved - start), the difference taken the shorter
// way round (wrapped), or for a limited joint the way inside its limit (unwrapped: both ends lie in
// [min, max], so every blend of them does). |mix * difference| <= |difference|: maxStep holds too.
void Chain::blendFromStart() {
  const double mix = progress_.mix;
  for (int i = 0; i < size(); ++i) {
    const auto bone = static_cast<size_t>(i);
    const double start = startAngles_[bone];
    if (limits_.has(bone)) {
      const double blended = start + mix * (angles_[bone] - start);
      angles_[bone] = std::clamp(blended, limits_.min(bone), limits_.max(bone));
    } else {
      angles_[bone] = wrapAngle(start + mix * wrapAngle(angles_[bone] - start));
    }
  }
  updatePositionsFrom(0);
}

}  // namespace ik2d
