// fuzz_batch.cpp: TwoBoneBatch and ChainBatch on any input. The batch of limbs must give
// solveTwoBone's status for every limb (the vector path and the scalar fallback alike, every
// extra included: offset, stretch as a raw double, mix, pose) with finite outputs, and a limb
// that uses an extra solveTwoBone's very numbers; a batch of chains must stay finite, refuse exactly the
// chains it cannot take, and keep every bone of a solved chain at its length.
#include <vector>

#include "fuzz_support.hpp"
#include "ik2d/ik2d.hpp"

using namespace ik2d;
using fuzz::require;

namespace {

void fuzzLimbs(FuzzedDataProvider& data) {
  const int count = data.ConsumeIntegralInRange<int>(0, 9);
  TwoBoneBatch batch;
  require(batch.resize(count) == nullptr, "a small batch resizes");
  std::vector<TwoBoneInput> inputs(static_cast<size_t>(count));
  std::vector<double> stretch(static_cast<size_t>(count));
  for (int i = 0; i < count; ++i) {
    TwoBoneInput& in = inputs[static_cast<size_t>(i)];
    in = fuzz::anyLimb(data);
    batch.rootX()[i] = in.root.x, batch.rootY()[i] = in.root.y;
    batch.targetX()[i] = in.target.x, batch.targetY()[i] = in.target.y;
    batch.length1()[i] = in.length1, batch.length2()[i] = in.length2;
    batch.bend()[i] = in.bend, batch.softness()[i] = in.softness;
    in.offset = {fuzz::defaultOrAny(data, 0.0), fuzz::defaultOrAny(data, 0.0)};
    double& flag = stretch[static_cast<size_t>(i)];
    flag = data.ConsumeBool() ? 0.0 : data.ConsumeBool() ? 1.0 : fuzz::anyDouble(data);
    in.stretch = flag == 1.0;
    in.mix = fuzz::defaultOrAny(data, data.ConsumeBool() ? 1.0 : data.ConsumeProbability<double>());
    in.pose = {fuzz::defaultOrAny(data, 0.0), fuzz::defaultOrAny(data, 0.0)};
    batch.offsetX()[i] = in.offset.x, batch.offsetY()[i] = in.offset.y, batch.stretch()[i] = flag;
    batch.mix()[i] = in.mix, batch.poseAngle1()[i] = in.pose.angle1, batch.poseAngle2()[i] = in.pose.angle2;
  }
  batch.solve();
  for (int i = 0; i < count; ++i) {
    const TwoBoneInput& in = inputs[static_cast<size_t>(i)];
    const double flag = stretch[static_cast<size_t>(i)];
    TwoBoneResult r = solveTwoBone(in);
    if (flag != 0.0 && flag != 1.0 && r.status != TwoBoneStatus::Invalid) r.status = TwoBoneStatus::Invalid;
    require(batch.status()[i] == static_cast<std::uint8_t>(r.status), "the batch's status is solveTwoBone's");
    const char* message = batch.message(i);
    require((message != nullptr) == (r.status == TwoBoneStatus::Invalid), "a message exactly when invalid");
    const bool extra = in.offset.x != 0 || in.offset.y != 0 || flag != 0 || in.mix != 1;
    if (extra && r.status != TwoBoneStatus::Invalid) {
      require(batch.jointX()[i] == r.joint.x && batch.jointY()[i] == r.joint.y &&
                  batch.endX()[i] == r.end.x && batch.endY()[i] == r.end.y && batch.angle1()[i] == r.angle1 &&
                  batch.angle2()[i] == r.angle2 && batch.scale()[i] == r.scale,
              "a limb with an extra gets solveTwoBone's numbers");
    }
    require(isValid(batch.jointX()[i]) && isValid(batch.jointY()[i]) && isValid(batch.endX()[i]) &&
                isValid(batch.endY()[i]) && isValid(batch.angle1()[i]) && isValid(batch.angle2()[i]) &&
                isValid(batch.distance()[i]) && isValid(batch.scale()[i]),
            "every output is finite");
    require(batch.angle1()[i] > -kPi && batch.angle1()[i] <= kPi && batch.angle2()[i] > -kPi &&
                batch.angle2()[i] <= kPi,
            "angles wrapped");
  }
}

void fuzzChains(FuzzedDataProvider& data) {
  const int count = data.ConsumeIntegralInRange<int>(0, 9);
  const int bones = data.ConsumeIntegralInRange<int>(1, 6);
  std::vector<double> lengths(static_cast<size_t>(bones));
  for (double& l : lengths)
    l = data.ConsumeBool() ? fuzz::anyDouble(data) : data.ConsumeFloatingPointInRange(0.1, 5.0);
  ChainBatch batch;
  const Vec2 root{data.ConsumeFloatingPointInRange(-10.0, 10.0),
                  data.ConsumeFloatingPointInRange(-10.0, 10.0)};
  if (batch.reset(count, bones, lengths.data(), root) != nullptr) return;  // bad lengths: refused
  for (int frame = 0; frame < 4 && data.remaining_bytes() > 0; ++frame) {
    for (int c = 0; c < count; ++c) {
      batch.targetX()[c] =
          data.ConsumeBool() ? fuzz::anyDouble(data) : data.ConsumeFloatingPointInRange(-40.0, 40.0);
      batch.targetY()[c] =
          data.ConsumeBool() ? fuzz::anyDouble(data) : data.ConsumeFloatingPointInRange(-40.0, 40.0);
      if (data.ConsumeIntegralInRange<int>(0, 7) == 0) batch.rootX()[c] = fuzz::anyDouble(data);
    }
    // Chain::solve's options as the binding passes them: what checkBatchSolveOptions accepts is
    // CCD or FABRIK with no Chain-only option, and it refuses whatever checkSolveOptions refuses.
    const auto method = static_cast<ChainMethod>(data.ConsumeIntegralInRange<int>(-1, 3));
    const auto chainOnly = static_cast<ChainOnlyOption>(data.ConsumeIntegralInRange<int>(0, 4));
    ChainBatchOptions options;
    options.ccd = method == ChainMethod::Ccd;
    options.iterations = data.ConsumeIntegralInRange<int>(-1, 30);
    options.tolerance =
        data.ConsumeBool() ? fuzz::anyDouble(data) : data.ConsumeFloatingPointInRange(0.0, 1.0);
    const char* refusal = checkBatchSolveOptions(method, options.iterations, options.tolerance, chainOnly);
    const bool shared = checkSolveOptions(method, options.iterations, options.tolerance) == nullptr;
    require(
        (refusal == nullptr) == (shared && method != ChainMethod::Dls && chainOnly == ChainOnlyOption::None),
        "ChainBatch takes exactly Chain's options minus dls and the Chain-only ones");
    if (refusal != nullptr) continue;
    require(batch.solve(options) == nullptr, "good options are accepted");
    for (int c = 0; c < count; ++c) {
      const bool usable = std::isfinite(batch.rootX()[c]) && std::fabs(batch.rootX()[c]) <= 1e150 &&
                          std::isfinite(batch.targetX()[c]) && std::fabs(batch.targetX()[c]) <= 1e150 &&
                          std::isfinite(batch.targetY()[c]) && std::fabs(batch.targetY()[c]) <= 1e150;
      const bool refused = batch.status()[c] == static_cast<std::uint8_t>(ChainStatus::Invalid);
      require(refused == !usable, "refused exactly when a root or target is not usable");
      require(isValid(batch.error()[c]), "error is finite");
      if (refused) continue;
      for (int j = 0; j <= bones; ++j) {
        require(isValid(batch.x()[j * count + c]) && isValid(batch.y()[j * count + c]),
                "positions are finite");
      }
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* bytes, size_t size) {
  FuzzedDataProvider data(bytes, size);
  if (data.ConsumeBool()) fuzzLimbs(data);
  else fuzzChains(data);
  return 0;
}
