// spider.cpp: the procedural spider: body motion, gait, and two-bone legs on the terrain.
//
// Sections: layout, reset and goal, body, gait, legs, step.
#include "ik2d/spider.hpp"

#include <algorithm>
#include <cmath>

namespace ik2d {
namespace {

constexpr double kMaxCoordinate = 1e9;   // spider x and goal: keeps the terrain's precision
constexpr double kMaxLength = 1e6;       // leg lengths, heights, speed
constexpr double kPlantedReach = 0.97;   // planted legs are kept within this fraction of full reach
constexpr double kAirborneReach = 0.99;  // a stepping foot's target is pulled within this fraction

double smoothstep(double t) { return t * t * (3 - 2 * t); }

// Fraction of the way `smoothing` per second toward a target over `dt`: 1 - e^(-rate dt).
double approach(double rate, double dt) { return 1.0 - std::exp(-rate * dt); }

const char* checkLength(double value, const char* message) {
  return isValid(value) && value > 0 && value <= kMaxLength ? nullptr : message;
}

}  // namespace

// ---- layout -------------------------------------------------------------------------------------

double Spider::bodyHalfLength() const { return 0.35 * (options_.upperLength + options_.lowerLength); }

// Leg i belongs to pair i / 2 (pair 0 at the front) on side i % 2 (0 near, 1 far). Pairs spread from
// the front of the body to the back; gait groups alternate along each side and across the sides.
namespace {
double pairPosition(int leg, int legCount) {
  const int pairs = legCount / 2;
  return pairs == 1 ? 0.0 : static_cast<double>(leg / 2) / (pairs - 1);  // 0 front .. 1 back
}
}  // namespace

Vec2 Spider::hipOf(int leg, const SpiderBody& body) const {
  const double u = pairPosition(leg, options_.legCount);
  const double half = bodyHalfLength();
  const Vec2 local{half * (0.6 - 1.2 * u) + (leg % 2 ? 0.06 * half : 0.0), -0.12 * half};
  const double c = std::cos(body.angle), s = std::sin(body.angle);
  return body.position + Vec2{c * local.x - s * local.y, s * local.x + c * local.y};
}

// Horizontal offset of a foot's rest spot from its hip: front legs reach forward, back legs back.
double Spider::restOffsetOf(int leg) const {
  const double u = pairPosition(leg, options_.legCount);
  return (0.5 - u) * (options_.upperLength + options_.lowerLength);
}

Vec2 Spider::restSpotOf(int leg, double lead) const {
  const double x = hipOf(leg, body_).x + restOffsetOf(leg) + lead;
  return {x, terrain_.height(x)};
}

// A step must finish before the planted group drifts past its threshold: at speed v that takes
// about threshold / v seconds, so steps get quicker as the spider speeds up.
double Spider::stepDuration() const {
  // The pace the body is heading for, not just its current one: steps started while it speeds up
  // must already be quick enough for the speed it will have when they land.
  const double toGoal = std::fabs(goal_ - body_.position.x);
  const double headingFor = toGoal < 0.1 * (options_.upperLength + options_.lowerLength)
                                ? 0.0
                                : std::min(options_.speed, 2.0 * toGoal);
  const double speed = std::max(std::fabs(body_.velocity), headingFor);
  if (speed < 1e-9) return 0.3;
  return std::clamp(0.8 * options_.stepThreshold / speed, 0.12, 0.3);
}

// ---- reset and goal -----------------------------------------------------------------------------

const char* Spider::reset(const SpiderOptions& options, double x) {
  if (options.legCount < 4 || options.legCount > 16 || options.legCount % 2 != 0) {
    return "legs must be an even whole number from 4 to 16";
  }
  if (const char* m =
          checkLength(options.upperLength, "upperLength must be a number greater than 0, at most 1e6"))
    return m;
  if (const char* m =
          checkLength(options.lowerLength, "lowerLength must be a number greater than 0, at most 1e6"))
    return m;
  if (const char* m =
          checkLength(options.stepThreshold, "stepThreshold must be a number greater than 0, at most 1e6"))
    return m;
  const double reach = options.upperLength + options.lowerLength;
  if (!isValid(options.bodyHeight) || !(options.bodyHeight > 0) || options.bodyHeight >= 0.9 * reach) {
    return "bodyHeight must be greater than 0 and below 90% of the leg reach (upperLength + lowerLength)";
  }
  if (options.bodyHeight < 1.2 * std::fabs(options.upperLength - options.lowerLength)) {
    return "bodyHeight must be at least 1.2 times |upperLength - lowerLength|, or feet under the hips "
           "are closer than the folded leg can reach";
  }
  if (!isValid(options.speed) || options.speed < 0 || options.speed > kMaxLength)
    return "speed must be a number from 0 to 1e6";
  if (!isValid(options.stepHeight) || options.stepHeight < 0 || options.stepHeight > kMaxLength) {
    return "stepHeight must be a number from 0 to 1e6";
  }
  if (!isValid(x) || std::fabs(x) > kMaxCoordinate) return "x must be a finite number within 1e9";
  Terrain terrain;
  if (const char* m = terrain.reset(options.terrain)) return m;

  options_ = options;
  terrain_ = terrain;
  gait_.reset(2);
  goal_ = x;
  const double half = bodyHalfLength();
  body_.position = {x, terrain_.height(x) + options_.bodyHeight};
  body_.angle = std::atan2(terrain_.height(x + half) - terrain_.height(x - half), 2 * half);
  body_.velocity = 0;
  const auto count = static_cast<size_t>(options_.legCount);
  legs_.assign(count, SpiderLeg{});
  stepFrom_.assign(count, Vec2{});
  stepTo_.assign(count, Vec2{});
  stepTime_.assign(count, 0.0);
  for (int i = 0; i < options_.legCount; ++i) {
    SpiderLeg& leg = legs_[static_cast<size_t>(i)];
    leg.nearSide = i % 2 == 0;
    leg.group = (i / 2 + i % 2) % 2;
    leg.foot = reachableSpot(i, restSpotOf(i, 0), body_);
  }
  solveLegs();
  return nullptr;
}

const char* Spider::setGoal(double x) {
  if (!isValid(x) || std::fabs(x) > kMaxCoordinate) return "goal must be a finite number within 1e9";
  goal_ = x;
  return nullptr;
}

// ---- body ---------------------------------------------------------------------------------------

// How far the planted legs are from comfortable reach with the body at `body`: the largest of
// (distance - 0.97 reach) and (1.05 |upper - lower| - distance) over the planted legs, divided by
// the reach. Zero or less means every planted leg can reach its foot, neither over-stretched nor
// folded too tight.
double Spider::plantedStrain(const SpiderBody& body) const {
  const double reach = options_.upperLength + options_.lowerLength;
  const double inner = std::fabs(options_.upperLength - options_.lowerLength);
  double strain = -1;
  for (int i = 0; i < options_.legCount; ++i) {
    const SpiderLeg& leg = legs_[static_cast<size_t>(i)];
    if (!leg.planted) continue;
    const double distance = length(leg.foot - hipOf(i, body));
    strain =
        std::max({strain, (distance - kPlantedReach * reach) / reach, (1.05 * inner - distance) / reach});
  }
  return strain;
}

// Walk toward the goal: the wanted speed is proportional to the distance left (capped at `speed`)
// with a dead zone near the goal; acceleration is limited. A move that would stretch a planted leg
// past kPlantedReach is cut short (bisection), so planted feet stay reachable: the body waits for
// the gait instead of dragging its feet.
void Spider::moveBody(double dt) {
  const double reach = options_.upperLength + options_.lowerLength;
  const double toGoal = goal_ - body_.position.x;
  const double deadZone = 0.1 * reach;
  const double wanted =
      std::fabs(toGoal) < deadZone ? 0.0 : std::clamp(2.0 * toGoal, -options_.speed, options_.speed);
  const double acceleration = 3.0 * std::max(options_.speed, 1.0);
  body_.velocity += std::clamp(wanted - body_.velocity, -acceleration * dt, acceleration * dt);

  SpiderBody moved = body_;
  moved.position.x += body_.velocity * dt;
  const double limit = std::max(0.0, plantedStrain(body_));
  if (plantedStrain(moved) > limit) {
    double low = 0, high = 1;
    for (int iteration = 0; iteration < 20; ++iteration) {
      const double mid = 0.5 * (low + high);
      SpiderBody trial = body_;
      trial.position.x += mid * body_.velocity * dt;
      (plantedStrain(trial) > limit ? high : low) = mid;
    }
    moved.position.x = body_.position.x + low * body_.velocity * dt;
    moved.velocity = low * body_.velocity;
  }
  body_ = moved;
}

// Height and tilt follow the ground and the planted feet, smoothly: the target height is the body
// height above the mean of the ground under the body and the planted feet; the target tilt blends
// the ground's slope across the body with a least-squares line through the planted feet. Then the
// body is lifted wherever its underside would dip below the ground: it never sinks into it.
void Spider::settleBody(double dt) {
  const double half = bodyHalfLength();
  const double x = body_.position.x;
  const double groundTilt = std::atan2(terrain_.height(x + half) - terrain_.height(x - half), 2 * half);
  double sumX = 0, sumY = 0, sumXX = 0, sumXY = 0;
  int planted = 0;
  for (const SpiderLeg& leg : legs_) {
    if (!leg.planted) continue;
    const double dx = leg.foot.x - x;
    sumX += dx;
    sumY += leg.foot.y;
    sumXX += dx * dx;
    sumXY += dx * leg.foot.y;
    ++planted;
  }
  double feetY = terrain_.height(x);
  double feetTilt = groundTilt;
  if (planted > 0) {
    feetY = sumY / planted;
    const double spread = sumXX - sumX * sumX / planted;
    if (spread > 1e-9 * half * half) feetTilt = std::atan((sumXY - sumX * sumY / planted) / spread);
  }
  const double targetY = 0.5 * (feetY + terrain_.height(x)) + options_.bodyHeight;
  const double targetAngle = std::clamp(0.5 * (groundTilt + feetTilt), -0.6, 0.6);
  // Ease toward the targets, but no further than keeps every planted leg within reach.
  const double limit = std::max(0.0, plantedStrain(body_));
  auto eased = [&](double fraction) {
    SpiderBody next = body_;
    next.position.y += (targetY - body_.position.y) * fraction;
    next.angle += (targetAngle - body_.angle) * fraction;
    return next;
  };
  double k = approach(8.0, dt);
  if (plantedStrain(eased(k)) > limit) {
    double low = 0, high = k;
    for (int iteration = 0; iteration < 20; ++iteration) {
      const double mid = 0.5 * (low + high);
      (plantedStrain(eased(mid)) > limit ? high : low) = mid;
    }
    k = low;
  }
  body_ = eased(k);

  const double radius = 0.5 * half;
  const double c = std::cos(body_.angle), s = std::sin(body_.angle);
  double lift = 0;
  for (double along : {-1.0, -0.5, 0.0, 0.5, 1.0}) {
    const Vec2 underside =
        body_.position + Vec2{c * along * half + s * radius, s * along * half - c * radius};
    lift = std::max(lift, terrain_.height(underside.x) + 0.05 * half - underside.y);
  }
  body_.position.y += lift;
}

// ---- gait ---------------------------------------------------------------------------------------

// Stepping feet follow an arc: along the straight line from lift-off to landing (eased), never
// below the ground, raised by stepHeight sin(pi t). A foot lands exactly on the ground.
// Then a group lifts when any of its feet has drifted past stepThreshold from its rest spot (or
// past a third of it when the body has stopped, to settle), provided the other group is planted:
// GaitCoordinator's rule, the one the creatures use.
// Each lifted foot aims ahead of its rest spot by where the body will be on landing, plus half a
// threshold in the direction of travel.
void Spider::updateGait(double dt) {
  const double reach = options_.upperLength + options_.lowerLength;
  for (int i = 0; i < options_.legCount; ++i) {
    const auto index = static_cast<size_t>(i);
    SpiderLeg& leg = legs_[index];
    if (leg.planted) continue;
    leg.stepProgress = std::min(1.0, leg.stepProgress + dt / stepTime_[index]);
    // Re-aim at a spot the leg will reach from where the body will be on landing: the body's
    // height, tilt and pace change during a step, so the prediction made at lift-off drifts.
    SpiderBody landing = body_;
    landing.position.x += body_.velocity * (1.0 - leg.stepProgress) * stepTime_[index];
    stepTo_[index] = reachableSpot(i, stepTo_[index], landing);
    if (leg.stepProgress >= 1.0) {
      leg.foot = {stepTo_[index].x, terrain_.height(stepTo_[index].x)};
      leg.planted = true;
      leg.stepProgress = 0;
      ++leg.steps;
      continue;
    }
    const double t = leg.stepProgress;
    const double eased = smoothstep(t);
    Vec2 foot = stepFrom_[index] + eased * (stepTo_[index] - stepFrom_[index]);
    foot.y = std::max(foot.y, terrain_.height(foot.x)) + options_.stepHeight * std::sin(kPi * t);
    // An arc the leg cannot reach is pulled toward the hip, so the drawn leg always ends on its foot.
    const Vec2 hip = hipOf(i, body_);
    const double stretch = length(foot - hip);
    if (stretch > kAirborneReach * reach) foot = hip + (kAirborneReach * reach / stretch) * (foot - hip);
    leg.foot = foot;
  }

  const double speed = std::fabs(body_.velocity);
  const double direction = body_.velocity > 0 ? 1.0 : (body_.velocity < 0 ? -1.0 : 0.0);
  // Standing: a third of the threshold, to settle the feet. Walking with every foot down (starting
  // off, or one group just landed): 60 % of it, so the groups fall out of step at once instead of
  // drifting together until the second waits on the first with a leg at full stretch.
  gait_.clear();
  for (int i = 0; i < options_.legCount; ++i) {
    const SpiderLeg& leg = legs_[static_cast<size_t>(i)];
    double wish = 0;
    if (leg.planted) {
      const double drift = std::fabs(leg.foot.x - restSpotOf(i, 0).x);
      const bool overReaching = length(leg.foot - hipOf(i, body_)) > 0.95 * reach;
      wish = overReaching ? HUGE_VAL : drift;
    }
    gait_.addLeg(leg.group, !leg.planted, wish);
  }
  const bool allPlanted = !gait_.anyInAir();
  const double trigger = speed < 1.0 ? options_.stepThreshold / 3
                                     : (allPlanted ? 0.6 * options_.stepThreshold : options_.stepThreshold);
  const int group = gait_.groupToLift(trigger);
  if (group >= 0) {
    const double duration = stepDuration();
    const double lead = body_.velocity * duration + direction * 0.5 * options_.stepThreshold;
    SpiderBody landing = body_;  // where the body will be when the feet land
    landing.position.x += body_.velocity * duration;
    for (int i = 0; i < options_.legCount; ++i) {
      const auto index = static_cast<size_t>(i);
      SpiderLeg& leg = legs_[index];
      if (leg.group != group) continue;
      leg.planted = false;
      leg.stepProgress = 0;
      stepFrom_[index] = leg.foot;
      stepTo_[index] = reachableSpot(i, restSpotOf(i, lead), landing);
      stepTime_[index] = duration;
    }
  }
}

// `spot` on the ground if the leg can plant there from the hip at landing: not beyond its planted
// reach (steep ground below) and not folded tighter than its inner reach (a short thigh on a long
// shin under a low body). Otherwise the nearest such ground spot: toward the point under the hip
// when too far, away from it (the way the leg reaches) when too close.
Vec2 Spider::reachableSpot(int leg, Vec2 spot, const SpiderBody& landing) const {
  const double reach = options_.upperLength + options_.lowerLength;
  const double outer = 0.95 * kPlantedReach * reach;
  const double inner = 1.1 * std::fabs(options_.upperLength - options_.lowerLength);
  const Vec2 hip = hipOf(leg, landing);
  auto distanceAt = [&](double x) { return length(Vec2{x, terrain_.height(x)} - hip); };
  const double distance = length(spot - hip);
  double good, bad;
  if (distance > outer) {
    good = hip.x;  // under the hip is within reach: the body height is below 90% of the reach
    bad = spot.x;
  } else if (distance < inner) {
    const double side = restOffsetOf(leg) >= 0 ? 1.0 : -1.0;
    good = hip.x + side * std::sqrt(std::max(0.0, outer * outer - 0.25 * inner * inner));
    bad = spot.x;
    if (distanceAt(good) < inner || distanceAt(good) > outer) return spot;  // no better spot nearby
  } else {
    return spot;
  }
  for (int iteration = 0; iteration < 30; ++iteration) {
    const double mid = 0.5 * (good + bad);
    const double d = distanceAt(mid);
    (d <= outer && d >= inner ? good : bad) = mid;
  }
  return {good, terrain_.height(good)};
}

// ---- legs ---------------------------------------------------------------------------------------

// Knees point up: a leg reaching forward bends counter-clockwise of hip->foot (bend +1), a leg
// reaching back clockwise (bend -1). The side is fixed per leg, so no knee ever flips.
void Spider::solveLegs() {
  for (int i = 0; i < options_.legCount; ++i) {
    SpiderLeg& leg = legs_[static_cast<size_t>(i)];
    leg.hip = hipOf(i, body_);
    leg.rest = restSpotOf(i, 0);
    TwoBoneInput input;
    input.root = leg.hip;
    input.target = leg.foot;
    input.length1 = options_.upperLength;
    input.length2 = options_.lowerLength;
    input.bend = restOffsetOf(i) >= 0 ? 1.0 : -1.0;
    const TwoBoneResult result = solveTwoBone(input);
    leg.knee = result.joint;
    leg.ik = result.status;
  }
}

// ---- step ---------------------------------------------------------------------------------------

const char* Spider::step(double dt) {
  if (legs_.empty()) return "the spider has no legs: reset it first";
  if (!isValid(dt) || !(dt > 0) || dt > 0.1)
    return "dt must be a number of seconds greater than 0, at most 0.1";
  moveBody(dt);
  settleBody(dt);
  updateGait(dt);
  solveLegs();
  return nullptr;
}

}  // namespace ik2d
