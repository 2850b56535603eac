// fuzz_two_bone.cpp: solveTwoBone on any input, the extras included (offset, stretch, mix, pose):
// finite output, a message exactly when invalid, wrapped angles, a scale of at least 1 (exactly 1
// without stretch), and forward kinematics that agree with the returned angles and scale.
#include "fuzz_support.hpp"
#include "ik2d/ik2d.hpp"

using namespace ik2d;
using fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, size_t size) {
  FuzzedDataProvider data(bytes, size);
  TwoBoneInput input = fuzz::anyLimb(data);
  input.offset = {fuzz::defaultOrAny(data, 0.0), fuzz::defaultOrAny(data, 0.0)};
  input.stretch = data.ConsumeBool();
  input.mix = data.ConsumeBool()
                  ? 1.0
                  : (data.ConsumeBool() ? data.ConsumeProbability<double>() : fuzz::anyDouble(data));
  input.pose = {fuzz::defaultOrAny(data, 0.0), fuzz::defaultOrAny(data, 0.0)};
  const TwoBoneResult r = solveTwoBone(input);
  if (std::getenv("IK2D_FUZZ_PRINT")) {
    std::fprintf(
        stderr,
        "root %.17g %.17g target %.17g %.17g l1 %.17g l2 %.17g bend %.17g soft %.17g offset %.17g %.17g "
        "stretch %d mix %.17g pose %.17g %.17g -> %s a1 %.17g a2 %.17g joint %.17g %.17g scale %.17g\n",
        input.root.x, input.root.y, input.target.x, input.target.y, input.length1, input.length2, input.bend,
        input.softness, input.offset.x, input.offset.y, input.stretch ? 1 : 0, input.mix, input.pose.angle1,
        input.pose.angle2, toString(r.status), r.angle1, r.angle2, r.joint.x, r.joint.y, r.scale);
  }

  require(isValid(r.joint) && isValid(r.end), "joint and end are finite");
  require(isValid(r.angle1) && isValid(r.angle2) && isValid(r.distance), "angles and distance are finite");
  require(isValid(r.scale) && r.scale >= 1, "scale is finite and at least 1");
  require((r.status == TwoBoneStatus::Invalid) == (r.message != nullptr), "a message exactly when invalid");
  if (r.status == TwoBoneStatus::Invalid) return 0;
  require(input.stretch || r.scale == 1, "no stretch, no scale");
  require(r.angle1 > -kPi && r.angle1 <= kPi && r.angle2 > -kPi && r.angle2 <= kPi, "angles wrapped");
  require(r.distance >= 0, "distance is not negative");
  if (input.mix == 0) {
    require(r.angle1 == wrapAngle(input.pose.angle1) && r.angle2 == wrapAngle(input.pose.angle2),
            "mix 0 returns the pose");
  }
  // Forward kinematics, relative to the problem's scale (the stretched arm's included): every
  // value is divided by a power of two near the scale (exact, and unlike 1/scale it cannot
  // overflow for denormal inputs).
  const Vec2 tool{input.length2 + input.offset.x, input.offset.y};
  const double scale =
      std::fabs(input.root.x) + std::fabs(input.root.y) + std::fabs(input.target.x) +
      std::fabs(input.target.y) +
      r.scale * (input.length1 + input.length2 + std::fabs(input.offset.x) + std::fabs(input.offset.y));
  const int exponent = std::ilogb(scale);
  auto down = [exponent](double v) { return std::ldexp(v, -exponent); };
  auto downPoint = [&down](Vec2 p) { return Vec2{down(p.x), down(p.y)}; };
  // Below about 1e-308 doubles are denormal and only exact to 5e-324, whatever their size.
  const double tolerance = 1e-12 + 8 * std::ldexp(4.9406564584124654e-324, -exponent);
  const Vec2 joint = downPoint(input.root) + down(r.scale * input.length1) * direction(r.angle1);
  const Vec2 bone2 = direction(r.angle1 + r.angle2);
  const Vec2 reach = downPoint(r.scale * tool);
  const Vec2 end =
      downPoint(r.joint) + Vec2{bone2.x * reach.x - bone2.y * reach.y, bone2.y * reach.x + bone2.x * reach.y};
  require(length(joint - downPoint(r.joint)) <= tolerance, "joint = root + scale length1 (cos a1, sin a1)");
  require(length(end - downPoint(r.end)) <= tolerance, "end = joint + scale R(a1 + a2) (length2 + offset)");
  const bool onTarget =
      r.status == TwoBoneStatus::Reached || (input.stretch && r.status == TwoBoneStatus::OutOfReach);
  if (onTarget && input.softness == 0 && input.mix == 1) {
    require(down(r.distance) <= tolerance, "reached (or stretched) means the end is on the target");
  }
  return 0;
}
