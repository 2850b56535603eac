// test_batch.cpp: TwoBoneBatch and ChainBatch against the per-call solvers they batch, and the
// SIMD atan2 they use against the standard library.
#include <cstring>
#include <iterator>
#include <string>
#include <vector>

#include "../../core/src/simd.hpp"
#include "../../core/src/two_bone_joint.hpp"
#include "test_support.hpp"

using namespace ik2d;
using namespace ik2d::test;

namespace {

double angleGap(double a, double b) { return std::fabs(wrapAngle(a - b)); }

// A limb with sides and distance at a random scale (10^-decades to 10^decades); `zone` picks
// reachable, too close, out of reach or a boundary.
TwoBoneInput randomLimb(int zone, double decades = 6) {
  const double scale = std::pow(10.0, uniform(-decades, decades));
  TwoBoneInput in;
  in.root = {scale * uniform(-3, 3), scale * uniform(-3, 3)};
  in.length1 = scale * uniform(0.05, 2);
  in.length2 = scale * uniform(0.05, 2);
  in.bend = uniform(0, 1) < 0.5 ? 1 : -1;
  in.softness = zone == 4 ? scale * uniform(0, 1) : 0;
  const double reach = in.length1 + in.length2, inner = std::fabs(in.length1 - in.length2);
  double d = 0;
  switch (zone % 5) {
    case 0: d = uniform(inner, reach); break;
    case 1: d = uniform(0, inner); break;
    case 2: d = uniform(reach, 3 * reach); break;
    case 3: d = uniform(0, 1) < 0.5 ? reach : inner; break;
    case 4: d = uniform(0.5 * reach, 1.5 * reach); break;
  }
  in.target = in.root + d * direction(uniform(-kPi, kPi));
  return in;
}

void load(TwoBoneBatch& batch, int i, const TwoBoneInput& in) {
  batch.rootX()[i] = in.root.x;
  batch.rootY()[i] = in.root.y;
  batch.targetX()[i] = in.target.x;
  batch.targetY()[i] = in.target.y;
  batch.length1()[i] = in.length1;
  batch.length2()[i] = in.length2;
  batch.bend()[i] = in.bend;
  batch.softness()[i] = in.softness;
  batch.offsetX()[i] = in.offset.x;
  batch.offsetY()[i] = in.offset.y;
  batch.stretch()[i] = in.stretch ? 1 : 0;
  batch.mix()[i] = in.mix;
  batch.poseAngle1()[i] = in.pose.angle1;
  batch.poseAngle2()[i] = in.pose.angle2;
}

// `count` limbs, limb i made by make(i), loaded into `batch` and solved; returns them in order.
template <typename Make>
std::vector<TwoBoneInput> solveLimbs(TwoBoneBatch& batch, int count, Make make) {
  REQUIRE(batch.resize(count) == nullptr);
  std::vector<TwoBoneInput> inputs;
  for (int i = 0; i < count; ++i) {
    inputs.push_back(make(i));
    load(batch, i, inputs.back());
  }
  batch.solve();
  return inputs;
}

// How far the batch's limb i is from solveTwoBone's answer `r`: its joint and end, over `scale`.
double positionGap(TwoBoneBatch& batch, int i, const TwoBoneResult& r, double scale) {
  return std::max(length(Vec2{batch.jointX()[i], batch.jointY()[i]} - r.joint) / scale,
                  length(Vec2{batch.endX()[i], batch.endY()[i]} - r.end) / scale);
}

// The same for its angles, radians.
double anglesGap(TwoBoneBatch& batch, int i, const TwoBoneResult& r) {
  return std::max(angleGap(batch.angle1()[i], r.angle1), angleGap(batch.angle2()[i], r.angle2));
}

// The worst gaps found against solveTwoBone (`what`: which limbs), checked and reported.
void checkWorstGaps(const char* what, double worstPosition, double worstAngle) {
  CHECK(worstPosition <= 1e-12);
  CHECK(worstAngle <= 1e-12);
  WARN(what << ": worst position gap " << worstPosition << " of the scale, worst angle gap " << worstAngle
            << " rad");
}

}  // namespace

TEST_CASE("SIMD atan2 matches std::atan2 over the whole circle and every scale", "[batch][simd]") {
  double worst = 0;
  for (int i = 0; i < 200000; ++i) {
    const double scale = std::pow(10.0, uniform(-100, 100));
    const double angle = uniform(-kPi, kPi);
    const double y[2] = {scale * std::sin(angle), uniform(-1, 1)};
    const double x[2] = {scale * std::cos(angle), uniform(-1, 1)};
    double out[2];
    simd::atan2(simd::F64x2::load(y), simd::F64x2::load(x)).store(out);
    for (int lane = 0; lane < 2; ++lane) {
      worst = std::max(worst, std::fabs(out[lane] - std::atan2(y[lane], x[lane])));
    }
  }
  CHECK(worst <= 4.5e-16);
  // The axes and the origin.
  const double ys[] = {0, 1, 0, -1, 0, -0.0};
  const double xs[] = {1, 0, -1, 0, 0, -1};
  for (int i = 0; i < 6; ++i) {
    const double value = simd::atan2(simd::F64x1{ys[i]}, simd::F64x1{xs[i]}).v;
    CHECK(angleGap(value, std::atan2(ys[i], xs[i])) <= 4.5e-16);  // -0 may give pi for -pi
  }
}

TEST_CASE("TwoBoneBatch gives solveTwoBone's answers in every zone and at every scale", "[batch][two_bone]") {
  const int count = 20001;  // odd: the last limb takes the one-lane path
  TwoBoneBatch batch;
  const std::vector<TwoBoneInput> inputs = solveLimbs(batch, count, [](int i) { return randomLimb(i); });
  double worstPosition = 0, worstAngle = 0;
  for (int i = 0; i < count; ++i) {
    const TwoBoneResult r = solveTwoBone(inputs[static_cast<size_t>(i)]);
    const double scale = scaleOf(inputs[static_cast<size_t>(i)]);
    INFO("limb " << i << " zone " << i % 5);
    const auto status = static_cast<TwoBoneStatus>(batch.status()[i]);
    if (status != r.status) {
      // Only exactly at a zone boundary may rounding put a limb on the other side.
      const TwoBoneInput& in = inputs[static_cast<size_t>(i)];
      const double d = length(in.target - in.root);
      const double gap = std::min(std::fabs(d - (in.length1 + in.length2)),
                                  std::fabs(d - std::fabs(in.length1 - in.length2)));
      CHECK(gap <= 1e-15 * scale);
    }
    worstPosition = std::max({worstPosition, positionGap(batch, i, r, scale),
                              std::fabs(batch.distance()[i] - r.distance) / scale});
    worstAngle = std::max(worstAngle, anglesGap(batch, i, r));
    CHECK(batch.angle1()[i] > -kPi);
    CHECK(batch.angle1()[i] <= kPi);
    CHECK(batch.angle2()[i] > -kPi);
    CHECK(batch.angle2()[i] <= kPi);
  }
  checkWorstGaps("TwoBoneBatch vs solveTwoBone", worstPosition, worstAngle);
}

TEST_CASE("TwoBoneBatch's vector path holds to the edges of its range, and hands on beyond them",
          "[batch][two_bone]") {
  // The vector path takes numbers in [1e-70, 1e70] (its N D must stay finite and normal): limbs
  // up to its edges, needle-thin at the zone boundaries too, agree with solveTwoBone as well as
  // at unit scale; limbs beyond them are solveTwoBone's, bit for bit.
  const int count = 4001;
  TwoBoneBatch batch;
  const std::vector<TwoBoneInput> inputs = solveLimbs(batch, count, [](int i) {
    TwoBoneInput in = randomLimb(i, 68);
    if (i % 7 == 6) {  // beyond the edges: scaled by 1e10 or 1e-10 from near them
      const double by = i % 2 ? 1e10 : 1e-10;
      const double edge = i % 2 ? 1e66 : 1e-66;
      const double to = edge / std::max(in.length1, in.length2);
      in.root = (by * to) * in.root;
      in.target = (by * to) * in.target;
      in.length1 *= by * to;
      in.length2 *= by * to;
    }
    return in;
  });
  double worstPosition = 0, worstAngle = 0;
  int beyond = 0;
  for (int i = 0; i < count; ++i) {
    const TwoBoneInput& in = inputs[static_cast<size_t>(i)];
    const TwoBoneResult r = solveTwoBone(in);
    INFO("limb " << i << " zone " << i % 5 << " length1 " << in.length1);
    if (i % 7 == 6) {
      ++beyond;
      CHECK(batch.status()[i] == static_cast<std::uint8_t>(r.status));
      CHECK(batch.jointX()[i] == r.joint.x);
      CHECK(batch.endY()[i] == r.end.y);
      CHECK(batch.angle1()[i] == r.angle1);
      CHECK(batch.angle2()[i] == r.angle2);
      continue;
    }
    const double scale = scaleOf(in);
    if (batch.status()[i] == static_cast<std::uint8_t>(r.status)) {
      worstPosition = std::max(worstPosition, positionGap(batch, i, r, scale));
      worstAngle = std::max(worstAngle, anglesGap(batch, i, r));
    }
  }
  CHECK(beyond > 500);
  checkWorstGaps("TwoBoneBatch vs solveTwoBone at scales 1e-68 to 1e68", worstPosition, worstAngle);
}

TEST_CASE("twoBoneJoint gives solveTwoBoneLimb's joint bit for bit, in every zone and beyond the range",
          "[batch][two_bone]") {
  // Plain limbs (no softness or extras) at scales from 1e-75 to 1e75: inside the vector path's
  // range the joint-only arithmetic, outside it solveTwoBoneLimb itself; invalid ones too.
  for (int i = 0; i < 6000; ++i) {
    TwoBoneInput in = randomLimb(i % 4, 75);
    if (i % 500 == 7) in.target = in.root;         // the target on the root
    if (i % 500 == 8) in.length2 = -1;             // invalid
    if (i % 500 == 9) in.target.x = std::nan("");  // invalid
    const double limb[kTwoBoneLimbInputs] = {
        in.root.x, in.root.y, in.target.x, in.target.y, in.length1, in.length2, in.bend, 0, 0, 0, 0, 1, 0, 0};
    double out[kTwoBoneLimbOutputs];
    const char* message = nullptr;
    const bool valid = solveTwoBoneLimb(limb, out, &message) != TwoBoneStatus::Invalid;
    Vec2 joint{-1, -1};
    INFO("limb " << i << " length1 " << in.length1);
    CHECK(twoBoneJoint(in.root, in.target, in.length1, in.length2, in.bend, joint) == valid);
    CHECK(std::memcmp(&joint.x, &out[0], sizeof(double)) == 0);
    CHECK(std::memcmp(&joint.y, &out[1], sizeof(double)) == 0);
  }
}

TEST_CASE("TwoBoneBatch hands extreme and invalid limbs to solveTwoBone, with its message",
          "[batch][two_bone]") {
  TwoBoneBatch batch;
  REQUIRE(batch.resize(7) == nullptr);
  const double nan = std::nan("");
  TwoBoneInput cases[7];
  cases[0].target = {1, 1};
  cases[1].target = {nan, 0};
  cases[2].length1 = -1;
  cases[2].target = {1, 0};
  cases[3].target = {1e200, 1e200};
  cases[4].target = {0, 0};  // at the root
  cases[5].bend = 0.5;
  cases[5].target = {1, 0};
  cases[6].length1 = 1e-200;
  cases[6].length2 = 2e-200;
  cases[6].target = {1e-200, 1e-200};
  for (int i = 0; i < 7; ++i) load(batch, i, cases[i]);
  batch.solve();
  for (int i = 0; i < 7; ++i) {
    const TwoBoneResult r = solveTwoBone(cases[i]);
    INFO("case " << i);
    CHECK(batch.status()[i] == static_cast<std::uint8_t>(r.status));
    CHECK(batch.jointX()[i] == r.joint.x);
    CHECK(batch.endY()[i] == r.end.y);
    CHECK(batch.angle1()[i] == r.angle1);
    const char* message = batch.message(i);
    CHECK((message == nullptr) == (r.message == nullptr));
    if (message) CHECK(std::string(message) == r.message);
  }
  CHECK(std::string(batch.message(1)) == "target.x must be a finite number");
  CHECK(batch.resize(-1) != nullptr);
}

TEST_CASE("TwoBoneBatch gives solveTwoBone's answers with offset, stretch, mix and pose",
          "[batch][two_bone]") {
  const int count = 10001;
  TwoBoneBatch batch;
  const std::vector<TwoBoneInput> inputs = solveLimbs(batch, count, [](int i) {
    TwoBoneInput in = randomLimb(i);
    // Each extra on in some limbs, in every combination, so groups of four mix both paths.
    if (i % 3 != 0) in.offset = {in.length2 * uniform(-1.5, 1.5), in.length2 * uniform(-1.5, 1.5)};
    in.stretch = i % 4 < 2;
    if (i % 5 != 0) in.mix = uniform(0, 1);
    in.pose = {uniform(-10, 10), uniform(-10, 10)};
    return in;
  });
  double worstPosition = 0, worstAngle = 0, worstScale = 0;
  for (int i = 0; i < count; ++i) {
    const TwoBoneInput& in = inputs[static_cast<size_t>(i)];
    const TwoBoneResult r = solveTwoBone(in);
    INFO("limb " << i);
    REQUIRE(batch.status()[i] == static_cast<std::uint8_t>(r.status));
    const double scale = scaleOf(in) * r.scale;
    worstPosition = std::max({worstPosition, positionGap(batch, i, r, scale),
                              std::fabs(batch.distance()[i] - r.distance) / scale});
    worstAngle = std::max(worstAngle, anglesGap(batch, i, r));
    worstScale = std::max(worstScale, std::fabs(batch.scale()[i] - r.scale) / r.scale);
  }
  CHECK(worstPosition <= 1e-12);
  CHECK(worstAngle <= 1e-12);
  CHECK(worstScale <= 1e-12);
  WARN("TwoBoneBatch vs solveTwoBone with the extras: worst position gap "
       << worstPosition << " of the scale, worst angle gap " << worstAngle << " rad, worst scale gap "
       << worstScale);
}

TEST_CASE("TwoBoneBatch refuses bad extras by name, stretch included", "[batch][two_bone]") {
  TwoBoneBatch batch;
  REQUIRE(batch.resize(5) == nullptr);
  for (int i = 0; i < 5; ++i) batch.targetX()[i] = 1.5;
  batch.stretch()[0] = 0.5;
  batch.stretch()[1] = std::nan("");
  batch.mix()[2] = 1.5;
  batch.offsetX()[3] = HUGE_VAL;
  batch.poseAngle2()[4] = std::nan("");
  batch.solve();
  const char* expected[] = {"stretch must be 0 or 1", "stretch must be 0 or 1", "mix must be from 0 to 1",
                            "offset.x must be a finite number", "pose.angle2 must be a finite number"};
  for (int i = 0; i < 5; ++i) {
    INFO("limb " << i);
    CHECK(batch.status()[i] == static_cast<std::uint8_t>(TwoBoneStatus::Invalid));
    REQUIRE(batch.message(i) != nullptr);
    CHECK(std::string(batch.message(i)) == expected[i]);
    CHECK(isValid(batch.jointX()[i]));
    CHECK(batch.scale()[i] == 1);
  }
  // Solving one limb alone (the per-call path of the JS API) says the same.
  const double in[kTwoBoneLimbInputs] = {0, 0, 1.5, 0, 1, 1, 1, 0, 0, 0, 0.5, 1, 0, 0};
  double out[kTwoBoneLimbOutputs];
  const char* message = nullptr;
  CHECK(solveTwoBoneLimb(in, out, &message) == TwoBoneStatus::Invalid);
  CHECK(std::string(message) == "stretch must be 0 or 1");
}

namespace {

// The batch's options for the same solve as `options` (no step limit: the batch has none).
ChainBatchOptions batchOptionsLike(const ChainSolveOptions& options) {
  ChainBatchOptions batch;
  batch.ccd = options.method == ChainMethod::Ccd;
  batch.iterations = options.iterations;
  batch.tolerance = options.tolerance;
  return batch;
}

Chain chainLike(const std::vector<double>& lengths) {
  Chain chain;
  REQUIRE(chain.reset({0, 0}, lengths.data(), static_cast<int>(lengths.size())) == nullptr);
  return chain;
}

}  // namespace

TEST_CASE("ChainBatch solves like Chain: same statuses, sweeps and poses, both methods", "[batch][chain]") {
  for (const bool ccd : {false, true}) {
    const int count = 999, bones = 10;  // odd: the last chain takes the one-lane path
    std::vector<double> lengths(bones);
    for (double& l : lengths) l = uniform(0.5, 2);
    double reach = 0;
    for (double l : lengths) reach += l;
    ChainBatch batch;
    REQUIRE(batch.reset(count, bones, lengths.data(), {0, 0}) == nullptr);
    const ChainSolveOptions options =
        optionsFor(ccd ? ChainMethod::Ccd : ChainMethod::Fabrik, ccd ? 200 : 50, 1e-4 * reach);
    const ChainBatchOptions batchOptions = batchOptionsLike(options);

    // Each chain starts from its own random pose and gets its own target, some beyond reach.
    std::vector<Chain> chains;
    for (int c = 0; c < count; ++c) {
      Chain chain = chainLike(lengths);
      std::vector<double> angles(bones);
      for (double& a : angles) a = uniform(-1, 1);
      chain.setAngles(angles.data(), bones);
      for (int j = 0; j <= bones; ++j) {
        batch.x()[j * count + c] = chain.position(j).x;
        batch.y()[j * count + c] = chain.position(j).y;
      }
      const Vec2 target = reach * uniform(0.05, c % 10 == 9 ? 1.5 : 0.95) * direction(uniform(-kPi, kPi));
      batch.targetX()[c] = target.x;
      batch.targetY()[c] = target.y;
      chains.push_back(chain);
    }
    REQUIRE(batch.solve(batchOptions) == nullptr);
    int sameStatus = 0, sameSweeps = 0;
    double worst = 0;
    for (int c = 0; c < count; ++c) {
      Chain& chain = chains[static_cast<size_t>(c)];
      const ChainSolveResult r = chain.solve({batch.targetX()[c], batch.targetY()[c]}, options);
      sameStatus += batch.status()[c] == static_cast<std::uint8_t>(r.status);
      sameSweeps += batch.iterations()[c] == r.iterations;
      if (r.status == ChainStatus::Reached) CHECK(batch.error()[c] <= options.tolerance);
      CHECK(std::fabs(batch.error()[c] -
                      length(Vec2{batch.x()[bones * count + c], batch.y()[bones * count + c]} -
                             Vec2{batch.targetX()[c], batch.targetY()[c]})) <= 1e-12 * reach);
      for (int j = 0; j <= bones; ++j) {
        const Vec2 p{batch.x()[j * count + c], batch.y()[j * count + c]};
        worst = std::max(worst, length(p - chain.position(j)) / reach);
        if (j > 0) {
          const Vec2 q{batch.x()[(j - 1) * count + c], batch.y()[(j - 1) * count + c]};
          CHECK(length(p - q) == Approx(lengths[static_cast<size_t>(j - 1)]).epsilon(1e-12));
        }
      }
    }
    INFO((ccd ? "CCD" : "FABRIK"));
    CHECK(sameStatus >= count - 2);
    CHECK(sameSweeps >= count * 97 / 100);
    WARN((ccd ? "CCD" : "FABRIK") << ": same status " << sameStatus << "/" << count << ", same sweeps "
                                  << sameSweeps << "/" << count << ", worst joint gap " << worst
                                  << " of the reach");
  }
}

TEST_CASE("ChainBatch and Chain from singular starts: identical statuses and sweep counts",
          "[batch][chain]") {
  // Chains lying on a line through their target: straight or folded back on themselves, along a
  // few directions, with the target ahead of the end, between root and end, behind the root, on
  // the root, on the end, and beyond the reach. Chain bends them off the line, turns them round with
  // one CCD sweep and goes on (chain_rules.hpp); the batch must take the same sweeps.
  const std::vector<double> lengths{1.0, 0.7, 1.3, 0.9, 1.1, 0.6};
  const int bones = static_cast<int>(lengths.size());
  double reach = 0;
  for (double l : lengths) reach += l;
  std::vector<std::vector<double>> poses;
  poses.push_back(std::vector<double>(static_cast<size_t>(bones), 0.0));  // straight
  std::vector<double> folded(static_cast<size_t>(bones), 0.0);
  folded[3] = kPi;  // folded back at joint 3: still on one line
  poses.push_back(folded);
  const double along[] = {0.0, 0.3, kPi / 2, -2.0, kPi};
  const double at[] = {0.5, 0.95, 1.0, -0.4, -0.95, 0.0, 1.3, 1e-3};  // target at this * reach along the line
  for (const bool ccd : {false, true}) {
    for (const std::vector<double>& pose : poses) {
      const int count = static_cast<int>(std::size(along) * std::size(at));
      ChainBatch batch;
      REQUIRE(batch.reset(count, bones, lengths.data(), {0.5, -0.25}) == nullptr);
      const ChainSolveOptions options =
          optionsFor(ccd ? ChainMethod::Ccd : ChainMethod::Fabrik, ccd ? 200 : 60, 1e-5 * reach);
      const ChainBatchOptions batchOptions = batchOptionsLike(options);
      std::vector<Chain> chains;
      int c = 0;
      for (const double direction0 : along) {
        for (const double fraction : at) {
          Chain chain;
          REQUIRE(chain.reset({0.5, -0.25}, lengths.data(), bones) == nullptr);
          std::vector<double> angles = pose;
          angles[0] = direction0;
          REQUIRE(chain.setAngles(angles.data(), bones) == nullptr);
          // The target on the line the chain lies on, from the root along its first bone.
          const Vec2 target = chain.root() + fraction * reach * direction(chain.angles()[0]);
          for (int j = 0; j <= bones; ++j) {
            batch.x()[j * count + c] = chain.position(j).x;
            batch.y()[j * count + c] = chain.position(j).y;
          }
          batch.targetX()[c] = target.x;
          batch.targetY()[c] = target.y;
          chains.push_back(chain);
          ++c;
        }
      }
      REQUIRE(batch.solve(batchOptions) == nullptr);
      for (c = 0; c < count; ++c) {
        const Vec2 target{batch.targetX()[c], batch.targetY()[c]};
        const ChainSolveResult r = chains[static_cast<size_t>(c)].solve(target, options);
        INFO((ccd ? "CCD" : "FABRIK")
             << ", pose " << (&pose == &poses[0] ? "straight" : "folded") << ", case " << c << ": direction "
             << along[c / static_cast<int>(std::size(at))] << ", target at "
             << at[c % static_cast<int>(std::size(at))] << " of the reach; Chain: " << toString(r.status)
             << " in " << r.iterations << " sweeps, error " << r.error << "; batch error "
             << batch.error()[c]);
        CHECK(batch.status()[c] == static_cast<std::uint8_t>(r.status));
        CHECK(batch.iterations()[c] == r.iterations);
        CHECK(std::fabs(batch.error()[c] - r.error) <= 1e-6 * reach);
      }
    }
  }
}

TEST_CASE("ChainBatch: a chain ends where it would alone, whatever its batch-mates need", "[batch][chain]") {
  // Chains that need 0, 1, a few or all of the sweeps, some invalid, out of reach or on a line
  // through their target (the first 104), then only chains that need sweeping (whole groups that
  // make their first FABRIK sweep in place), solved side by side over a few frames and each alone
  // in a batch of one: the sweeping lanes hand each chain on as it finishes, so every chain sees
  // lanes of other chains come and go, yet must end bit for bit where it ends alone.
  for (const bool ccd : {false, true}) {
    const int count = 203, bones = 7;
    std::vector<double> lengths(bones);
    for (double& l : lengths) l = uniform(0.4, 1.6);
    ChainBatch together;
    REQUIRE(together.reset(count, bones, lengths.data(), {0.25, -0.5}) == nullptr);
    std::vector<ChainBatch> alone(static_cast<size_t>(count));
    for (ChainBatch& one : alone) REQUIRE(one.reset(1, bones, lengths.data(), {0.25, -0.5}) == nullptr);
    double reach = 0;
    for (double l : lengths) reach += l;
    ChainBatchOptions options;
    options.ccd = ccd;
    for (int frame = 0; frame < 4; ++frame) {
      options.iterations = frame == 1 ? 3 : 60;
      options.tolerance = frame == 2 ? 0 : 1e-4 * reach;
      for (int c = 0; c < count; ++c) {
        ChainBatch& one = alone[static_cast<size_t>(c)];
        const bool mixed = c < 104;
        const double distance = reach * (mixed && c % 9 == 8 ? uniform(1.01, 1.5) : uniform(0.05, 0.95));
        Vec2 target = Vec2{0.25, -0.5} + distance * direction(uniform(-kPi, kPi));
        if (frame == 0 && c % 11 == 5) target = {0.25 + 0.5 * reach, -0.5};  // on the straight chain's line
        if (mixed && c % 13 == 7) target.x = frame == 3 ? std::nan("") : target.x;  // invalid
        if (mixed && c % 4 == 0)
          target = Vec2{together.x()[bones * count + c], together.y()[bones * count + c]};  // there
        together.targetX()[c] = one.targetX()[0] = target.x;
        together.targetY()[c] = one.targetY()[0] = target.y;
      }
      REQUIRE(together.solve(options) == nullptr);
      int differ = 0;
      for (int c = 0; c < count; ++c) {
        ChainBatch& one = alone[static_cast<size_t>(c)];
        REQUIRE(one.solve(options) == nullptr);
        bool same = together.status()[c] == one.status()[0] &&
                    together.iterations()[c] == one.iterations()[0] &&
                    std::memcmp(&together.error()[c], &one.error()[0], sizeof(double)) == 0;
        for (int j = 0; j <= bones; ++j) {
          same = same && std::memcmp(&together.x()[j * count + c], &one.x()[j], sizeof(double)) == 0 &&
                 std::memcmp(&together.y()[j * count + c], &one.y()[j], sizeof(double)) == 0;
        }
        differ += same ? 0 : 1;
      }
      INFO((ccd ? "CCD" : "FABRIK") << ", frame " << frame);
      CHECK(differ == 0);
    }
  }
}

TEST_CASE("ChainBatch keeps lengths over thousands of tracking frames, both methods", "[batch][chain]") {
  for (const bool ccd : {false, true}) {
    const int count = 4, bones = 8;
    const std::vector<double> lengths(bones, 1.25);
    ChainBatch batch;
    REQUIRE(batch.reset(count, bones, lengths.data(), {1, 2}) == nullptr);
    ChainBatchOptions options;
    options.ccd = ccd;
    for (int frame = 0; frame < 3000; ++frame) {
      for (int c = 0; c < count; ++c) {
        const double t = 0.01 * frame + c;
        batch.targetX()[c] = 1 + 7 * std::cos(t) * std::cos(3 * t);
        batch.targetY()[c] = 2 + 7 * std::sin(t) * std::cos(3 * t);
      }
      REQUIRE(batch.solve(options) == nullptr);
    }
    for (int c = 0; c < count; ++c) {
      for (int j = 1; j <= bones; ++j) {
        const Vec2 p{batch.x()[j * count + c], batch.y()[j * count + c]};
        const Vec2 q{batch.x()[(j - 1) * count + c], batch.y()[(j - 1) * count + c]};
        CHECK(length(p - q) == Approx(1.25).epsilon(1e-13));
      }
    }
  }
}

TEST_CASE("ChainBatch: roots carry chains, bad chains are refused alone, angles round-trip",
          "[batch][chain]") {
  const int count = 3, bones = 3;
  const double lengths[] = {1, 2, 3};
  ChainBatch batch;
  CHECK(std::string(batch.reset(1, 0, lengths, {0, 0})) == "bones must be a whole number from 1 to 1024");
  CHECK(std::string(batch.reset(1, 3, lengths, {std::nan(""), 0})) ==
        "root must be finite and at most 1e150 in magnitude");
  REQUIRE(batch.reset(count, bones, lengths, {0, 0}) == nullptr);
  CHECK(batch.x()[bones * count] == 6);

  batch.rootX()[0] = 10;                             // chain 0 moves with its root
  batch.targetX()[0] = 10, batch.targetY()[0] = 20;  // out of reach: straight up
  batch.targetX()[1] = std::nan("");                 // chain 1 is refused
  batch.targetX()[2] = 3, batch.targetY()[2] = 0;    // chain 2: on its own line, must bend off it
  ChainBatchOptions options;
  options.iterations = 50;
  options.tolerance = 1e-9;
  REQUIRE(batch.solve(options) == nullptr);
  CHECK(batch.status()[0] == static_cast<std::uint8_t>(ChainStatus::OutOfReach));
  CHECK(batch.x()[0] == 10);
  CHECK(batch.x()[bones * count] == Approx(10));
  CHECK(batch.y()[bones * count] == Approx(6));
  CHECK(batch.error()[0] == Approx(14));
  CHECK(batch.status()[1] == static_cast<std::uint8_t>(ChainStatus::Invalid));
  CHECK(batch.x()[bones * count + 1] == 6);  // left as it was
  CHECK(batch.status()[2] == static_cast<std::uint8_t>(ChainStatus::Reached));
  CHECK(batch.error()[2] <= 1e-9);

  options.iterations = -1;
  CHECK(std::string(batch.solve(options)) == "iterations must be a whole number from 0 to 100000");

  batch.computeAngles();
  for (int c = 0; c < count; ++c) {
    double world = 0;
    Vec2 point{batch.x()[c], batch.y()[c]};
    for (int j = 0; j < bones; ++j) {
      const double angle = batch.angles()[j * count + c];
      CHECK(angle > -kPi);
      CHECK(angle <= kPi);
      world += angle;
      point = point + lengths[j] * direction(world);
      CHECK(point.x == Approx(batch.x()[(j + 1) * count + c]).margin(1e-12));
      CHECK(point.y == Approx(batch.y()[(j + 1) * count + c]).margin(1e-12));
    }
  }
}

TEST_CASE("ChainBatch: the work budget cuts the sweeps, and refuses a batch whose one sweep is over it",
          "[batch][invalid]") {
  const std::vector<double> lengths(100, 1.0);
  ChainBatch batch;
  REQUIRE(batch.reset(8, 100, lengths.data(), {0, 0}) == nullptr);
  for (int c = 0; c < 8; ++c) batch.targetX()[c] = 1e4;  // out of reach: every sweep is made
  ChainBatchOptions options;
  options.iterations = 1000;
  options.tolerance = 0;
  options.maxWork = 8 * 200 * 5;  // five FABRIK sweeps of the batch
  CHECK(batch.solve(options) == nullptr);
  for (int c = 0; c < 8; ++c) CHECK(batch.iterations()[c] <= 5);
  options.ccd = true;
  options.maxWork = 8 * 5050 - 1;  // less than one CCD sweep (8 chains × 100 · 101 / 2)
  // The message names the budget in force, not the default.
  CHECK(std::string(batch.solve(options)) ==
        "count × bones (bones + 1) / 2 (ccd) or count × 2 bones (fabrik) must be at most 40399 (the work "
        "budget of one sweep)");
  options.maxWork = 0;
  CHECK(
      std::string(batch.solve(options)) ==
      "count × bones (bones + 1) / 2 (ccd) or count × 2 bones (fabrik) must be at most 0 (the work budget of "
      "one sweep)");
  CHECK(ChainBatch::checkShape(-1, 1) != nullptr);
  CHECK(ChainBatch::checkShape(1 << 20, 1) == nullptr);
  CHECK(std::string(ChainBatch::checkShape(1 << 20, 2)) == "count * (bones + 1) must be at most 2097152");
  CHECK(TwoBoneBatch::checkCount(TwoBoneBatch::kMaxCount) == nullptr);
  CHECK(std::string(TwoBoneBatch::checkCount(-1)) == "count must be a whole number from 0 to 4194304");
}
