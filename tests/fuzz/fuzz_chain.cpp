// fuzz_chain.cpp: a chain built from random lengths, then random edits and solves (CCD, FABRIK
// and DLS, with any damping, mix, pole and end angle goal, mirrored or not). After every call: finite state,
// every limit and maxStep kept, bone lengths kept, a message exactly when refused; a stepped solve ends
// exactly where solve() does.
#include <algorithm>
#include <vector>

#include "fuzz_support.hpp"
#include "ik2d/ik2d.hpp"

using namespace ik2d;
using fuzz::require;

namespace {

void checkChain(const Chain& chain, const std::vector<double>& start, double maxStep) {
  for (int i = 0; i < chain.size(); ++i) {
    const double angle = chain.angles()[i];
    require(isValid(angle), "angles are finite");
    require(angle >= -kPi && angle <= kPi, "angles wrapped");
    if (chain.hasLimit(i))
      fuzz::requireWithinLimit(angle, chain.mirrored(), i == 0, chain.limitMin(i), chain.limitMax(i));
    if (!start.empty()) {
      require(std::fabs(wrapAngle(angle - start[static_cast<size_t>(i)])) <= maxStep + 1e-12, "maxStep kept");
    }
    require(isValid(chain.position(i + 1)), "positions are finite");
    const double bone = length(chain.position(i + 1) - chain.position(i));
    // Positions are only as fine as the double grid where the chain is: far from the origin
    // (1e293, say) a short bone cannot be told apart from none.
    const double grid = 4e-16 * (length(chain.position(i)) + length(chain.position(i + 1)));
    if (!(std::fabs(bone - chain.boneLength(i)) <= 1e-9 * chain.reach() + grid + 1e-300)) {
      std::fprintf(stderr,
                   "bone %d: %.17g vs length %.17g, reach %.17g, at (%.17g, %.17g) -> (%.17g, %.17g)\n", i,
                   bone, chain.boneLength(i), chain.reach(), chain.position(i).x, chain.position(i).y,
                   chain.position(i + 1).x, chain.position(i + 1).y);
    }
    require(std::fabs(bone - chain.boneLength(i)) <= 1e-9 * chain.reach() + grid + 1e-300, "lengths kept");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, size_t size) {
  FuzzedDataProvider data(bytes, size);
  const int count = data.ConsumeIntegralInRange<int>(0, 12);
  std::vector<double> lengths;
  for (int i = 0; i < count; ++i)
    lengths.push_back(data.ConsumeBool() ? data.ConsumeFloatingPointInRange(0.01, 10.0)
                                         : fuzz::anyDouble(data));
  Chain chain;
  const char* message = chain.reset({fuzz::anyDouble(data), fuzz::anyDouble(data)}, lengths.data(), count);
  if (message != nullptr) {
    require(chain.size() == 0, "a refused reset leaves no bones");
    return 0;
  }
  checkChain(chain, {}, 0);

  for (int operation = 0; operation < 16 && data.remaining_bytes() > 0; ++operation) {
    switch (data.ConsumeIntegralInRange<int>(0, 5)) {
      case 4: chain.setMirror(data.ConsumeBool()); break;
      case 0: {
        const int joint = data.ConsumeIntegralInRange<int>(-1, count);
        chain.setLimit(
            joint, data.ConsumeBool() ? data.ConsumeFloatingPointInRange(-kPi, 0.0) : fuzz::anyDouble(data),
            data.ConsumeBool() ? data.ConsumeFloatingPointInRange(0.0, kPi) : fuzz::anyDouble(data));
        break;
      }
      case 1: chain.clearLimit(data.ConsumeIntegralInRange<int>(-1, count)); break;
      case 2: {
        std::vector<double> angles;
        for (int i = 0; i < count; ++i)
          angles.push_back(data.ConsumeBool() ? data.ConsumeFloatingPointInRange(-7.0, 7.0)
                                              : fuzz::anyDouble(data));
        chain.setAngles(angles.data(), data.ConsumeBool() ? count : count - 1);
        break;
      }
      case 3: chain.setRoot({fuzz::anyDouble(data), fuzz::anyDouble(data)}); break;
      default: {
        ChainSolveOptions options;
        options.method = static_cast<ChainMethod>(data.ConsumeIntegralInRange<int>(0, 2));
        options.iterations = data.ConsumeIntegralInRange<int>(-2, 64);
        options.tolerance = data.ConsumeBool() ? 1e-3 : fuzz::anyDouble(data);
        options.maxStep =
            data.ConsumeBool()
                ? HUGE_VAL
                : (data.ConsumeBool() ? data.ConsumeFloatingPointInRange(0.0, 1.0) : fuzz::anyDouble(data));
        if (data.ConsumeBool())
          options.damping =
              data.ConsumeBool() ? data.ConsumeFloatingPointInRange(0.0, 2.0) : fuzz::anyDouble(data);
        if (data.ConsumeBool())
          options.mix =
              data.ConsumeBool() ? data.ConsumeFloatingPointInRange(0.0, 1.0) : fuzz::anyDouble(data);
        if (data.ConsumeBool()) {
          options.usePole = true;
          options.pole = data.ConsumeBool()
                             ? chain.root() + Vec2{data.ConsumeFloatingPointInRange(-30.0, 30.0),
                                                   data.ConsumeFloatingPointInRange(-30.0, 30.0)}
                             : Vec2{fuzz::anyDouble(data), fuzz::anyDouble(data)};
        }
        if (data.ConsumeBool()) {
          options.useAngle = true;
          options.angle =
              data.ConsumeBool() ? data.ConsumeFloatingPointInRange(-7.0, 7.0) : fuzz::anyDouble(data);
          if (data.ConsumeBool())
            options.angleWeight = data.ConsumeBool()   ? data.ConsumeFloatingPointInRange(0.0, 1.0)
                                  : data.ConsumeBool() ? 0.0  // ignores the angle (checked below)
                                                       : fuzz::anyDouble(data);
          if (data.ConsumeBool()) options.angleTolerance = fuzz::anyDouble(data);
        }
        const bool stepped = data.ConsumeBool();
        const Vec2 target = data.ConsumeBool()
                                ? chain.root() + Vec2{data.ConsumeFloatingPointInRange(-30.0, 30.0),
                                                      data.ConsumeFloatingPointInRange(-30.0, 30.0)}
                                : Vec2{fuzz::anyDouble(data), fuzz::anyDouble(data)};
        const std::vector<double> start(chain.angles(), chain.angles() + count);
        Chain twin = chain;
        Chain unaimed = chain;
        const ChainSolveResult r = chain.solve(target, options);
        if (options.useAngle && options.angleWeight == 0 && r.status != ChainStatus::Invalid) {
          ChainSolveOptions plain = options;
          plain.useAngle = false;
          const ChainSolveResult u = unaimed.solve(target, plain);
          require(u.status == r.status && u.iterations == r.iterations && u.error == r.error,
                  "angleWeight 0 solves as with no angle goal");
          for (int i = 0; i < 2 * (count + 1); ++i)
            require(unaimed.positions()[i] == chain.positions()[i], "angleWeight 0 gives the plain pose");
        }
        if (stepped) {
          ChainStep step = twin.beginSolve(target, options);
          for (int steps = 0; !step.done; ++steps) {
            require(steps < 1'000'000, "a stepped solve ends");
            step = twin.step();
            require(isValid(step.error) && isValid(step.turn), "steps are finite");
          }
          require(step.result.status == r.status && step.result.iterations == r.iterations &&
                      step.result.error == r.error && step.result.angleError == r.angleError,
                  "stepping gives solve's result");
          for (int i = 0; i < 2 * (count + 1); ++i)
            require(twin.positions()[i] == chain.positions()[i], "stepping gives solve's pose");
        }
        require(isValid(r.error) && r.error >= 0, "error is finite");
        require(isValid(r.angleError) && r.angleError >= 0 && r.angleError <= kPi, "angleError is finite");
        require((r.status == ChainStatus::Invalid) == (r.message != nullptr),
                "a message exactly when invalid");
        require(r.iterations >= 0 && r.iterations <= std::max(options.iterations, 0),
                "iterations within the limit");
        if (r.status == ChainStatus::Invalid) {
          for (int i = 0; i < count; ++i)
            require(chain.angles()[i] == start[static_cast<size_t>(i)], "invalid leaves the chain");
        } else {
          const bool angleMet =
              !options.useAngle || options.angleWeight == 0 || r.angleError <= options.angleTolerance;
          require((r.status == ChainStatus::Reached) == (r.error <= options.tolerance && angleMet),
                  "reached iff error <= tolerance (and the angle's within its own)");
          checkChain(chain, start, options.maxStep);
        }
        continue;
      }
    }
    checkChain(chain, {}, 0);
  }
  return 0;
}
