// bench_ik2d.cpp: native benchmarks, per call against batched, on the same fixed-seed work.
//
//   two-bone:  10 000 limbs, targets anywhere from the root to 1.5x reach
//   FABRIK-10 / CCD-10 / DLS-10: 1 000 chains of 10 bones, 10 sweeps at most, tolerance 1e-3 of the reach,
//              "tracking" (each target moves a little every frame, warm start) and "jumps" (a new
//              random target every frame at 5-95 % of the reach); "_angle" rows: the same solves
//              with an end angle goal as well
//   puppet:    the 16-bone puppet with its limits (tests/core/skeleton_support.hpp), 5 effectors
//              tracking a dance (each frame's targets: the effector ends of a smoothly animated
//              pose, as bench/node/skeleton.mjs), 20 sweeps at most, tolerance 1e-3, warm start;
//              "angles_weights": the same dance with both hands also held at the dancer's forearm
//              angles and the head and feet at weight 0.7
//   lizards:   a CreatureCrowd of 1 000 default lizards, one 1/60 s frame per iteration, each lizard
//              given a new random goal every 2 s (the frame time is items x ns per item)
// Each benchmark reports items_per_second, one item being one solve (a limb, a chain, a puppet).
#include <benchmark/benchmark.h>

#include <cmath>
#include <random>
#include <vector>

#include "ik2d/ik2d.hpp"
#include "lizard_crowd.hpp"
#include "skeleton_support.hpp"

namespace {

using namespace ik2d;

constexpr int kLimbs = 10000;
constexpr int kChains = 1000;
constexpr int kBones = 10;
constexpr double kReach = 10;  // 10 bones of length 1

std::vector<TwoBoneInput> limbInputs() {
  std::mt19937_64 random(42);
  std::uniform_real_distribution<double> unit(0, 1);
  std::vector<TwoBoneInput> inputs(kLimbs);
  for (TwoBoneInput& in : inputs) {
    in.length1 = 1 + unit(random);
    in.length2 = 0.5 + unit(random);
    const double d = 1.5 * (in.length1 + in.length2) * unit(random);
    const double heading = 2 * kPi * unit(random);
    in.root = {10 * unit(random), 10 * unit(random)};
    in.target = in.root + d * direction(heading);
    in.bend = unit(random) < 0.5 ? 1 : -1;
  }
  return inputs;
}

void twoBonePerCall(benchmark::State& state) {
  const std::vector<TwoBoneInput> inputs = limbInputs();
  for (auto _ : state) {
    for (const TwoBoneInput& in : inputs) benchmark::DoNotOptimize(solveTwoBone(in));
  }
  state.SetItemsProcessed(state.iterations() * kLimbs);
}

void twoBoneBatch(benchmark::State& state) {
  const std::vector<TwoBoneInput> inputs = limbInputs();
  TwoBoneBatch batch;
  batch.resize(kLimbs);
  for (int i = 0; i < kLimbs; ++i) {
    const TwoBoneInput& in = inputs[static_cast<size_t>(i)];
    batch.rootX()[i] = in.root.x, batch.rootY()[i] = in.root.y;
    batch.targetX()[i] = in.target.x, batch.targetY()[i] = in.target.y;
    batch.length1()[i] = in.length1, batch.length2()[i] = in.length2, batch.bend()[i] = in.bend;
  }
  for (auto _ : state) {
    batch.solve();
    benchmark::DoNotOptimize(batch.jointX());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * kLimbs);
}

// Target of chain c at frame f: tracking moves along a slow curve; jumps are fixed-seed random.
// The end bone's angle goal of the aimed rows: tracking turns it slowly about the target's
// direction (+-1 rad), jumps draw it anywhere, from a generator of its own (so the targets are
// the plain rows' own).
struct Targets {
  explicit Targets(bool jumps) : jumps_(jumps), random_(7), angles_(11) {}
  Vec2 at(int chain, long frame) {
    if (jumps_) {
      std::uniform_real_distribution<double> unit(0, 1);
      return kReach * (0.05 + 0.9 * unit(random_)) * direction(2 * kPi * unit(random_));
    }
    const double t = 0.02 * static_cast<double>(frame) + chain;
    return kReach * (0.55 + 0.35 * std::sin(1.3 * t)) * direction(t);
  }
  double angleAt(int chain, long frame) {
    if (jumps_) return std::uniform_real_distribution<double>(-kPi, kPi)(angles_);
    const double t = 0.02 * static_cast<double>(frame) + chain;
    return t + std::sin(0.7 * t);
  }
  bool jumps_;
  std::mt19937_64 random_, angles_;
};

// `aimed`: the same solves with an end angle goal as well (angleWeight 1, angleTolerance 1e-3).
void chainsPerCall(benchmark::State& state, ChainMethod method, bool jumps, bool aimed) {
  std::vector<Chain> chains(kChains);
  const std::vector<double> lengths(kBones, 1.0);
  for (Chain& chain : chains) chain.reset({0, 0}, lengths.data(), kBones);
  ChainSolveOptions options;
  options.method = method;
  options.iterations = 10;
  options.tolerance = 1e-3 * kReach;
  options.useAngle = aimed;
  Targets targets(jumps);
  long frame = 0;
  for (auto _ : state) {
    for (int c = 0; c < kChains; ++c) {
      const Vec2 target = targets.at(c, frame);
      if (aimed) options.angle = targets.angleAt(c, frame);
      benchmark::DoNotOptimize(chains[static_cast<size_t>(c)].solve(target, options));
    }
    ++frame;
  }
  state.SetItemsProcessed(state.iterations() * kChains);
}

void chainsBatch(benchmark::State& state, bool ccd, bool jumps) {
  ChainBatch batch;
  const std::vector<double> lengths(kBones, 1.0);
  batch.reset(kChains, kBones, lengths.data(), {0, 0});
  ChainBatchOptions options;
  options.ccd = ccd;
  options.iterations = 10;
  options.tolerance = 1e-3 * kReach;
  Targets targets(jumps);
  long frame = 0;
  for (auto _ : state) {
    for (int c = 0; c < kChains; ++c) {
      const Vec2 target = targets.at(c, frame);
      batch.targetX()[c] = target.x;
      batch.targetY()[c] = target.y;
    }
    batch.solve(options);
    benchmark::ClobberMemory();
    ++frame;
  }
  state.SetItemsProcessed(state.iterations() * kChains);
}

// The puppet's dance: frame f's pose swings every angle inside its limit (or +-0.6 rad about rest),
// and its effector ends are the targets (bench/node/skeleton.mjs danceTargets, the same formula).
std::vector<SkeletonEffector> danceFrame(long frame, bool aimed) {
  Skeleton dancer = test::makePuppet();
  const std::vector<SkeletonBone> bones = test::puppetBones();
  std::vector<double> angles(bones.size());
  for (size_t i = 0; i < bones.size(); ++i) {
    const int bone = static_cast<int>(i);
    const double min = dancer.hasLimit(bone) ? dancer.limitMin(bone) : bones[i].angle - 0.6;
    const double max = dancer.hasLimit(bone) ? dancer.limitMax(bone) : bones[i].angle + 0.6;
    const double t =
        0.02 * static_cast<double>(frame) * (1 + 0.37 * static_cast<double>(i)) + static_cast<double>(i);
    angles[i] = (min + max) / 2 + 0.8 * (max - min) / 2 * std::sin(t);
  }
  dancer.setAngles(angles.data(), static_cast<int>(angles.size()));
  std::vector<SkeletonEffector> effectors;
  for (int bone : test::kPuppetEffectors) effectors.push_back({bone, dancer.position(bone + 1)});
  if (aimed) {  // the hands keep the dancer's forearm angles; the head and the feet weigh less
    for (SkeletonEffector& effector : effectors) {
      if (effector.bone == test::kLeftForearm || effector.bone == test::kRightForearm) {
        double world = 0;
        for (int at = effector.bone; at >= 0; at = dancer.parent(at)) world += dancer.angles()[at];
        effector.useAngle = true;
        effector.angle = world;
      } else {
        effector.weight = 0.7;
      }
    }
  }
  return effectors;
}

void puppet(benchmark::State& state, bool aimed) {
  constexpr long kFrames = 600;
  std::vector<std::vector<SkeletonEffector>> frames;
  for (long f = 0; f < kFrames; ++f) frames.push_back(danceFrame(f, aimed));
  Skeleton skeleton = test::makePuppet();
  SkeletonSolveOptions options;
  options.iterations = 20;
  options.tolerance = 1e-3;
  long frame = 0;
  for (auto _ : state) {
    const std::vector<SkeletonEffector>& effectors = frames[static_cast<size_t>(frame % kFrames)];
    benchmark::DoNotOptimize(skeleton.solve(effectors.data(), static_cast<int>(effectors.size()), options));
    ++frame;
  }
  state.SetItemsProcessed(state.iterations());
}

void lizardCrowd(benchmark::State& state) {
  bench::LizardCrowd lizards;
  if (lizards.reset() != nullptr) state.SkipWithError("reset refused");
  long frame = 0;
  for (auto _ : state) {
    if (bench::LizardCrowd::newGoalsAt(frame)) {
      state.PauseTiming();
      lizards.newGoals();
      state.ResumeTiming();
    }
    lizards.step();
    benchmark::ClobberMemory();
    ++frame;
  }
  state.SetItemsProcessed(state.iterations() * bench::LizardCrowd::kLizards);
}

}  // namespace

BENCHMARK(lizardCrowd)->Name("creature/lizards1000_frame/per_call");
BENCHMARK_CAPTURE(puppet, plain, false)->Name("skeleton/puppet16x5/tracking");
BENCHMARK_CAPTURE(puppet, aimed, true)->Name("skeleton/puppet16x5/tracking_angles_weights");
BENCHMARK(twoBonePerCall)->Name("two_bone/per_call");
BENCHMARK(twoBoneBatch)->Name("two_bone/batch");
BENCHMARK_CAPTURE(chainsPerCall, fabrik_tracking, ChainMethod::Fabrik, false, false)
    ->Name("fabrik10/tracking/per_call");
BENCHMARK_CAPTURE(chainsBatch, fabrik_tracking, false, false)->Name("fabrik10/tracking/batch");
BENCHMARK_CAPTURE(chainsPerCall, fabrik_jumps, ChainMethod::Fabrik, true, false)->Name("fabrik10/jumps/per_call");
BENCHMARK_CAPTURE(chainsBatch, fabrik_jumps, false, true)->Name("fabrik10/jumps/batch");
BENCHMARK_CAPTURE(chainsPerCall, ccd_tracking, ChainMethod::Ccd, false, false)->Name("ccd10/tracking/per_call");
BENCHMARK_CAPTURE(chainsBatch, ccd_tracking, true, false)->Name("ccd10/tracking/batch");
BENCHMARK_CAPTURE(chainsPerCall, ccd_jumps, ChainMethod::Ccd, true, false)->Name("ccd10/jumps/per_call");
BENCHMARK_CAPTURE(chainsBatch, ccd_jumps, true, true)->Name("ccd10/jumps/batch");
// DLS is Chain's only (no batch row).
BENCHMARK_CAPTURE(chainsPerCall, dls_tracking, ChainMethod::Dls, false, false)->Name("dls10/tracking/per_call");
BENCHMARK_CAPTURE(chainsPerCall, dls_jumps, ChainMethod::Dls, true, false)->Name("dls10/jumps/per_call");

// The same chains, targets and options with an end angle goal as well, beside the plain rows.
BENCHMARK_CAPTURE(chainsPerCall, fabrik_tracking_angle, ChainMethod::Fabrik, false, true)
    ->Name("fabrik10/tracking_angle/per_call");
BENCHMARK_CAPTURE(chainsPerCall, fabrik_jumps_angle, ChainMethod::Fabrik, true, true)
    ->Name("fabrik10/jumps_angle/per_call");
BENCHMARK_CAPTURE(chainsPerCall, ccd_tracking_angle, ChainMethod::Ccd, false, true)
    ->Name("ccd10/tracking_angle/per_call");
BENCHMARK_CAPTURE(chainsPerCall, ccd_jumps_angle, ChainMethod::Ccd, true, true)->Name("ccd10/jumps_angle/per_call");
BENCHMARK_CAPTURE(chainsPerCall, dls_tracking_angle, ChainMethod::Dls, false, true)
    ->Name("dls10/tracking_angle/per_call");
BENCHMARK_CAPTURE(chainsPerCall, dls_jumps_angle, ChainMethod::Dls, true, true)->Name("dls10/jumps_angle/per_call");

BENCHMARK_MAIN();
