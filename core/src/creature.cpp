// creature.cpp: the procedural creature: checks and reset, steering, the body's move, the gait
// and the legs. The skin, eyes, fins and presets are in creature_shape.cpp; the crowd at the end.
//
// Sections: reset, step and steering, legs' geometry, gait, legs, crowd.
#include "ik2d/creature.hpp"

#include <algorithm>

#include "cold.hpp"
#include "follow_detail.hpp"
#include "two_bone_joint.hpp"

namespace ik2d {

namespace {

constexpr double kFrontLegAngle = 1.0;  // a front foot's spot: this far round from straight ahead
constexpr double kRearLegAngle = 2.0;   // a hind foot's spot (with rearKneesForward)
constexpr double kEvenLegAngle = 1.35;  // every foot's spot without rearKneesForward
constexpr double kHipInset = 0.4;       // hips sit at this share of the width from the spine
constexpr int kMoveBisections = 7;      // halvings of a move that would over-stretch a planted leg

double smoothstep(double t) { return t * t * (3 - 2 * t); }

bool isCoordinate(double value) { return isValid(value) && std::fabs(value) <= Creature::kMaxCoordinate; }

// |a - b| by one square root (coordinates are within 1e9 and lengths within 1e6: no overflow).
double distance(Vec2 a, Vec2 b) { return detail::norm(a.x - b.x, a.y - b.y); }

}  // namespace

// ---- reset --------------------------------------------------------------------------------------

Creature::Creature() { reset(CreatureOptions{}); }

IK2D_COLD const char* checkCreatureScalars(const CreatureOptions& options) {
  IK2D_CREATURE_OPTIONS(IK2D_OPTION_CHECK)
  return nullptr;
}

IK2D_COLD const char* Creature::reset(const CreatureOptions& options) {
  if (const char* message = checkCreatureScalars(options)) return message;
  if (options.legs % 2 != 0) return "legs must be an even whole number from 0 to 48";
  if (options.legs > 0 && options.gaitGroups > options.legs)
    return "gaitGroups must be a whole number from 1 to legs";
  for (int i = 0; i + 1 < options.segments; ++i) {
    const double s = options.spacings[i];
    if (s != 0 && !options::inRange(s, 1e-6, 1e6))
      return "spacings must hold 0 (for spacing) or a finite number from 1e-6 to 1e6 for each gap";
  }
  for (int i = 0; i < options.segments; ++i) {
    if (!options::inRange(options.widths[i], 1e-6, 1e6))
      return "widths must hold a finite number from 1e-6 to 1e6 for each spine point";
  }
  for (int k = 0; k < options.legs / 2; ++k) {
    if (options.legAnchors[k] < 0 || options.legAnchors[k] >= options.segments)
      return "legAnchors must hold a spine point from 0 to segments - 1 for each leg pair";
  }
  options_ = options;
  state_ = CreatureState{};
  const int n = options.segments;
  for (int i = 0; i + 1 < n; ++i) {
    spacing_[i] = options.spacings[i] != 0 ? options.spacings[i] : options.spacing;
    inverseSpacing_[i] = 1 / spacing_[i];
  }
  const double bend = options.maxBend;
  bendActive_ = bend < kPi;
  bendCos_ = std::cos(bend);
  bendSin_ = std::sin(bend);
  reach_ = options.upperLength + options.lowerLength;
  const double inner = std::fabs(options.upperLength - options.lowerLength);
  // Margins inside the ring a foot can reach, [inner, reach], as shares of its width (2 min(upper,
  // lower)), so that a short thigh on a long shin still has room.
  const double ring = reach_ - inner;
  plantedLow_ = inner + 0.02 * ring;
  plantedHigh_ = reach_ - 0.02 * ring;
  airborneLow_ = inner + 0.01 * ring;
  airborneHigh_ = reach_ - 0.01 * ring;
  strainedLow_ = inner + 0.05 * ring;
  strainedHigh_ = reach_ - 0.05 * ring;
  restDistance_ = plantedLow_ + 0.55 * (plantedHigh_ - plantedLow_);

  state_.heading = wrapAngle(options.heading);
  const Vec2 head{options.x, options.y};
  const Vec2 back = -direction(state_.heading);
  Vec2 point = head;
  for (int i = 0; i < n; ++i) {
    if (i > 0) point = point + spacing_[i - 1] * back;
    state_.spine[2 * i] = point.x;
    state_.spine[2 * i + 1] = point.y;
  }
  updateFrames();
  state_.goal = state_.target = head;
  SecondOrderOptions spring;
  spring.frequency = options.springFrequency;
  spring.damping = options.springDamping;
  spring.response = options.springResponse;
  steer_.reset(spring, head);  // checked above, with the same ranges
  gait_.reset(std::max(1, options.gaitGroups));

  const int pairs = options.legs / 2;
  for (int leg = 0; leg < options.legs; ++leg) {
    const int pair = leg / 2;
    const bool rear = options.rearKneesForward != 0 && pairs >= 2 && pair >= pairs / 2;
    const double angle =
        options.rearKneesForward == 0 ? kEvenLegAngle : (rear ? kRearLegAngle : kFrontLegAngle);
    CreatureLeg& l = state_.legs[leg];
    l.side = leg % 2 == 0 ? 1.0 : -1.0;
    // Groups alternate along the body and across it: the right side runs half the groups behind the
    // left, so two groups pair the diagonals and every group of up to `legs` gets legs.
    const int across = (options.gaitGroups + 1) / 2;
    l.group = static_cast<double>((pair + (leg % 2) * across) % options.gaitGroups);
    l.anchor = options.legAnchors[pair];
    hipsReach_ = std::min(options.segments, std::max(hipsReach_, options.legAnchors[pair] + 2));
    legCos_[leg] = std::cos(angle);
    legSin_[leg] = std::sin(angle);
    // Knees bend away from where the foot reaches: a foot reaching forward has its elbow behind
    // (the joint on the side of -forward), one reaching back its knee in front. On the left side
    // (+1) the joint behind is bend +1; the right side mirrors it.
    legBend_[leg] = rear ? -l.side : l.side;
    Vec2 forward, left;
    l.hip = hipOf(state_.spine, leg, forward, left);
    l.foot = spotOf(leg, l.hip, forward, left);
  }
  stepTime_ = 0.25;
  solveLegs();
  shape();
  return nullptr;
}

const char* Creature::setGoal(Vec2 goal) {
  if (!isCoordinate(goal.x)) return "goal.x must be a finite number within 1e9";
  if (!isCoordinate(goal.y)) return "goal.y must be a finite number within 1e9";
  state_.goal = goal;
  return nullptr;
}

// ---- step and steering --------------------------------------------------------------------------

const char* Creature::step(double dt) {
  if (!isValid(dt) || !(dt > 0) || dt > 0.1)
    return "dt must be a number of seconds greater than 0, at most 0.1";
  const int split = std::max(1, static_cast<int>(std::ceil(dt / kMaxSubstep - 1e-9)));
  const double h = dt / split;
  for (int k = 0; k < split; ++k) substep(h);
  shape();
  return nullptr;
}

void Creature::substep(double h) {
  steer_.update(h, state_.goal);
  state_.target = steer_.position();
  Vec2 head;
  double moved = 0;
  if (moveHead(h, head)) {
    const int n = options_.segments;
    const Vec2 from = spinePoint(0);
    detail::BendLimit limit;
    limit.cos = bendCos_;
    limit.sin = bendSin_;
    limit.active = bendActive_;
    std::copy(state_.spine, state_.spine + 2 * n, trial_);
    detail::followLeader(trial_, spacing_, n, head, limit);
    if (options_.legs > 0 && !plantedLegsFit(trial_)) {
      // Cut the move short: the largest share of it (by halving) that keeps every planted leg
      // within reach, or none. The body waits for the gait. A point follows only the points before
      // it and the frame at a hip only its neighbours, so the halvings move the spine up to one
      // point past the last hip (hipsReach_): the same bits there, and for a lizard less than half
      // the work.
      const int reach = hipsReach_;
      double low = 0, high = 1;
      for (int k = 0; k < kMoveBisections; ++k) {
        const double mid = 0.5 * (low + high);
        std::copy(state_.spine, state_.spine + 2 * reach, trial_);
        detail::followLeader(trial_, spacing_, reach, from + mid * (head - from), limit);
        (plantedLegsFit(trial_) ? low : high) = mid;
      }
      head = from + low * (head - from);
      std::copy(state_.spine, state_.spine + 2 * n, trial_);
      if (low > 0) detail::followLeader(trial_, spacing_, n, head, limit);
    }
    std::copy(trial_, trial_ + 2 * n, state_.spine);
    updateFrames();
    moved = distance(head, from);
  }
  state_.speed = moved / h;
  state_.phase += 0.5 * moved / spacing_[0];
  if (state_.phase > kPi) state_.phase = std::remainder(state_.phase, 2 * kPi);
  updateGait(h);
  solveLegs();
}

// Turns the heading toward the steering target (plus the wiggle) by at most turnRate h, then
// proposes a move along it: speed h times how well the heading points at the target, no closer
// than half a spacing, nothing within one spacing. Returns whether the head moves, and where to.
bool Creature::moveHead(double h, Vec2& head) {
  const Vec2 at = spinePoint(0);
  const Vec2 to = state_.target - at;
  const double away = detail::norm(to.x, to.y);
  const double aim = away > 0 ? std::atan2(to.y, to.x) : state_.heading;
  const double wanted = aim + options_.wiggle * std::sin(state_.phase);
  const double most = options_.turnRate * h;
  state_.heading = wrapAngle(state_.heading + std::clamp(wrapAngle(wanted - state_.heading), -most, most));
  const double stop = spacing_[0];
  if (!(away > stop)) return false;
  const Vec2 forward = direction(state_.heading);
  const double along = (to.x * forward.x + to.y * forward.y) / away;
  const double move = std::min(options_.speed * h * std::max(0.0, along), away - 0.5 * stop);
  if (!(move > 0)) return false;
  head = at + move * forward;
  return true;
}

// ---- legs' geometry -----------------------------------------------------------------------------

// computeFrame for every point of the creature's own spine, each segment's scaled direction worked
// out once for the two frames that use it (the same operations in the same order: the same bits).
void Creature::updateFrames() {
  const int n = options_.segments;
  const double* spine = state_.spine;
  double behindX = 0, behindY = 0;  // the segment from point i to i - 1, scaled; none at the head
  for (int i = 0; i < n; ++i) {
    Vec2 sum;
    if (i > 0) sum = {0.0 + behindX, 0.0 + behindY};
    if (i + 1 < n) {
      const double s = inverseSpacing_[i];
      behindX = s * (spine[2 * i] - spine[2 * i + 2]);
      behindY = s * (spine[2 * i + 1] - spine[2 * i + 3]);
      sum = {sum.x + behindX, sum.y + behindY};
    }
    const double d = detail::norm(sum.x, sum.y);
    if (!(d > 1e-9)) {  // folded straight back on itself: computeFrame's fallback
      computeFrame(spine, i, forward_[i], left_[i]);
      continue;
    }
    const Vec2 forward = (1 / d) * sum;
    forward_[i] = forward;
    left_[i] = {-forward.y, forward.x};
  }
}

// The body's frame at spine point `index`: forward (toward the head, the bisector of the two
// segments meeting there) and left (forward turned +90 degrees). Spacings are known, so each
// segment's direction needs no square root.
void Creature::computeFrame(const double* spine, int index, Vec2& forward, Vec2& left) const {
  const int n = options_.segments;
  Vec2 sum;
  if (index > 0) {
    const double s = inverseSpacing_[index - 1];
    sum =
        sum + s * Vec2{spine[2 * index - 2] - spine[2 * index], spine[2 * index - 1] - spine[2 * index + 1]};
  }
  if (index + 1 < n) {
    const double s = inverseSpacing_[index];
    sum =
        sum + s * Vec2{spine[2 * index] - spine[2 * index + 2], spine[2 * index + 1] - spine[2 * index + 3]};
  }
  double d = detail::norm(sum.x, sum.y);
  if (!(d > 1e-9)) {  // folded straight back on itself: the segment ahead decides
    const int a = index > 0 ? index - 1 : 0;
    sum = {spine[2 * a] - spine[2 * a + 2], spine[2 * a + 1] - spine[2 * a + 3]};
    d = detail::norm(sum.x, sum.y);
    if (!(d > 0)) sum = direction(state_.heading), d = 1;
  }
  forward = (1 / d) * sum;
  left = {-forward.y, forward.x};
}

// The hip of `leg` (beside its spine point, on its side) and the body's frame there.
Vec2 Creature::hipOf(const double* spine, int leg, Vec2& forward, Vec2& left) const {
  frameAt(spine, static_cast<int>(state_.legs[leg].anchor), forward, left);
  return hipBeside(spine, leg, left);
}

// The hip of `leg` beside its spine point, `left` being the body's left there.
Vec2 Creature::hipBeside(const double* spine, int leg, Vec2 left) const {
  const auto anchor = static_cast<int>(state_.legs[leg].anchor);
  const Vec2 point{spine[2 * anchor], spine[2 * anchor + 1]};
  return point + (state_.legs[leg].side * kHipInset * options_.widths[anchor]) * left;
}

// Where the foot should be, relative to the body: restDistance from the hip, round from straight
// ahead by the leg's angle on its own side.
Vec2 Creature::spotOf(int leg, Vec2 hip, Vec2 forward, Vec2 left) const {
  return hip + restDistance_ * (legCos_[leg] * forward + (state_.legs[leg].side * legSin_[leg]) * left);
}

// `foot` moved along the line from the hip into [airborneLow, airborneHigh] of it; a foot on the
// hip goes out along `outward`.
Vec2 Creature::withinReach(Vec2 hip, Vec2 foot, Vec2 outward) const {
  const Vec2 v = foot - hip;
  const double d = detail::norm(v.x, v.y);
  if (d > airborneHigh_) return hip + (airborneHigh_ / d) * v;
  if (d < airborneLow_) return d > 0 ? hip + (airborneLow_ / d) * v : hip + airborneLow_ * outward;
  return foot;
}

// A move is allowed when no planted leg ends up farther out of [plantedLow, plantedHigh] than it
// already was (each leg compared with its own distance before the move).
bool Creature::plantedLegsFit(const double* spine) const {
  int framed = -1;  // the spine point whose frame `left` is (legs come in pairs on one point)
  Vec2 forward, left;
  for (int leg = 0; leg < options_.legs; ++leg) {
    const CreatureLeg& l = state_.legs[leg];
    if (l.planted == 0) continue;
    const auto anchor = static_cast<int>(l.anchor);
    if (anchor != framed) {
      frameAt(spine, anchor, forward, left);
      framed = anchor;
    }
    const double d = distance(l.foot, hipBeside(spine, leg, left));
    const double before = reachBefore_[leg];
    if (d > std::max(plantedHigh_, before) || d < std::min(plantedLow_, before)) return false;
  }
  return true;
}

// ---- gait ---------------------------------------------------------------------------------------

// A step lasts long enough to look like a step and short enough that the other groups, waiting
// planted, do not drift far past their threshold meanwhile: about 0.7 threshold / (groups speed).
double Creature::stepDuration() const {
  const double toTarget = distance(state_.target, spinePoint(0));
  const double heading = toTarget > spacing_[0] ? options_.speed : 0.0;
  const double speed = std::max(state_.speed, 0.5 * heading);
  if (!(speed > 0)) return 0.25;
  return std::clamp(0.7 * options_.stepThreshold / (options_.gaitGroups * speed), 0.04, 0.25);
}

void Creature::updateGait(double h) {
  const double* spine = state_.spine;
  const double lead = std::min(0.5 * options_.stepThreshold, 2 * state_.speed * stepTime_);
  // Stepping feet: eased from lift-off toward the spot (re-aimed every substep, since the body moves
  // on), raised along the arc, kept within reach; planted at the end.
  for (int leg = 0; leg < options_.legs; ++leg) {
    CreatureLeg& l = state_.legs[leg];
    if (l.planted != 0) continue;
    l.progress = std::min(1.0, l.progress + h / stepTime_);
    Vec2 forward, left;
    const Vec2 hip = hipOf(spine, leg, forward, left);
    const Vec2 spot = spotOf(leg, hip, forward, left) + lead * forward;
    const double t = l.progress;
    const double arc = std::sin(kPi * t);
    const Vec2 outward = l.side * left;
    Vec2 foot =
        stepFrom_[leg] + smoothstep(t) * (spot - stepFrom_[leg]) + (options_.stepHeight * arc) * outward;
    l.foot = withinReach(hip, foot, outward);
    l.lift = options_.stepHeight * arc;
    if (t >= 1) {
      l.planted = 1;
      l.progress = 0;
      l.lift = 0;
      l.steps += 1;
    }
  }
  // Planted feet: how much each wants to step (its drift from its spot; must, near the reach's
  // ends), then the coordinator names the group that lifts, if any.
  gait_.clear();
  for (int leg = 0; leg < options_.legs; ++leg) {
    const CreatureLeg& l = state_.legs[leg];
    double wish = 0;
    if (l.planted != 0) {
      Vec2 forward, left;
      const Vec2 hip = hipOf(spine, leg, forward, left);
      const double d = distance(l.foot, hip);
      const bool strained = d > strainedHigh_ || d < strainedLow_;
      wish = strained ? HUGE_VAL : distance(l.foot, spotOf(leg, hip, forward, left));
    }
    gait_.addLeg(static_cast<int>(l.group), l.planted == 0, wish);
  }
  const int group = gait_.groupToLift(options_.stepThreshold);
  if (group < 0) return;
  stepTime_ = stepDuration();
  for (int leg = 0; leg < options_.legs; ++leg) {
    CreatureLeg& l = state_.legs[leg];
    if (static_cast<int>(l.group) != group) continue;
    l.planted = 0;
    l.progress = 0;
    stepFrom_[leg] = l.foot;
  }
}

// ---- legs ---------------------------------------------------------------------------------------

// Each leg by the two-bone solver's kernel: the joint solveTwoBoneLimb (the one ik.solveTwoBone
// runs, within 1e-12 of solveTwoBone) gives, bit for bit, without the angles and the end.
void Creature::solveLegs() {
  for (int leg = 0; leg < options_.legs; ++leg) {
    CreatureLeg& l = state_.legs[leg];
    Vec2 forward, left;
    l.hip = hipOf(state_.spine, leg, forward, left);
    l.rest = spotOf(leg, l.hip, forward, left);
    twoBoneJoint(l.hip, l.foot, options_.upperLength, options_.lowerLength, legBend_[leg], l.knee);
    reachBefore_[leg] = distance(l.foot, l.hip);
  }
}

// ---- crowd --------------------------------------------------------------------------------------

IK2D_COLD const char* CreatureCrowd::checkCount(int count) {
  return count < 0 || count > kMaxCount ? "count must be a whole number from 0 to 10000" : nullptr;
}

IK2D_COLD const char* CreatureCrowd::reset(const CreatureOptions& options, int count, const Vec2* origins) {
  if (const char* message = checkCount(count)) return message;
  Creature probe;
  if (const char* message = probe.reset(options)) return message;
  if (origins != nullptr) {
    for (int i = 0; i < count; ++i) {
      if (!isCoordinate(origins[i].x) || !isCoordinate(origins[i].y))
        return "origins must be finite numbers within 1e9";
    }
  }
  creatures_.assign(static_cast<size_t>(count), probe);
  if (origins != nullptr) {
    CreatureOptions placed = options;
    for (int i = 0; i < count; ++i) {
      placed.x = origins[i].x;
      placed.y = origins[i].y;
      creatures_[static_cast<size_t>(i)].reset(placed);
    }
  }
  const size_t n = static_cast<size_t>(count);
  spine_.assign(n * 2 * static_cast<size_t>(probe.segmentCount()), 0.0);
  legs_.assign(n * 2 * kLegPoints * static_cast<size_t>(probe.legCount()), 0.0);
  outline_.assign(n * 2 * static_cast<size_t>(probe.outlineCount()), 0.0);
  planted_.assign(n * static_cast<size_t>(probe.legCount()), 0);
  fins_.assign(n * kFinValues * static_cast<size_t>(probe.finCount()), 0.0);
  for (int i = 0; i < count; ++i) pack(i);
  return nullptr;
}

// Copies creature `index`'s drawing into the packed arrays, while its state is still in cache.
void CreatureCrowd::pack(int index) {
  const Creature& creature = creatures_[static_cast<size_t>(index)];
  const CreatureState& state = creature.state();
  const int segments = creature.segmentCount(), legs = creature.legCount(), outline = creature.outlineCount();
  double* spine = spine_.data() + static_cast<size_t>(2 * index * segments);
  for (int k = 0; k < 2 * segments; ++k) spine[k] = state.spine[k];
  double* leg = legs_.data() + static_cast<size_t>(2 * kLegPoints * index * legs);
  std::uint8_t* planted = planted_.data() + static_cast<size_t>(index * legs);
  for (int k = 0; k < legs; ++k, leg += 2 * kLegPoints) {
    const CreatureLeg& l = state.legs[k];
    leg[0] = l.hip.x;
    leg[1] = l.hip.y;
    leg[2] = l.knee.x;
    leg[3] = l.knee.y;
    leg[4] = l.foot.x;
    leg[5] = l.foot.y;
    planted[k] = l.planted != 0 ? 1 : 0;
  }
  double* skin = outline_.data() + static_cast<size_t>(2 * index * outline);
  for (int k = 0; k < outline; ++k) {
    skin[2 * k] = state.outline[k].x;
    skin[2 * k + 1] = state.outline[k].y;
  }
  double* fin = fins_.data() + static_cast<size_t>(kFinValues * index * creature.finCount());
  for (int k = 0; k < creature.finCount(); ++k, fin += kFinValues) {
    const CreatureEllipse& e = state.fins[k];
    fin[0] = e.center.x;
    fin[1] = e.center.y;
    fin[2] = e.radiusX;
    fin[3] = e.radiusY;
    fin[4] = e.angle;
  }
}

const char* CreatureCrowd::setGoal(int index, Vec2 goal) {
  if (index < 0 || index >= size()) return "index must be a creature of this crowd, from 0 to size() - 1";
  return creatures_[static_cast<size_t>(index)].setGoal(goal);
}

const char* CreatureCrowd::step(double dt) {
  if (!isValid(dt) || !(dt > 0) || dt > 0.1)
    return "dt must be a number of seconds greater than 0, at most 0.1";
  for (int i = 0; i < size(); ++i) {
    creatures_[static_cast<size_t>(i)].step(dt);
    pack(i);
  }
  return nullptr;
}

}  // namespace ik2d
