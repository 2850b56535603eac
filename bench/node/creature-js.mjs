// creature-js.mjs: a plain-JS port of the C++ core's Creature::step (core/src/creature.cpp,
// creature_shape.cpp, follow_detail.hpp, second_order.cpp, gait.cpp, and the two-bone kernel's
// joint in batch_two_bone.cpp), the contender of the creatures row of `npm run bench`.
//
// The same algorithm, operation for operation where the order of floating-point operations
// matters, written as a careful JS developer would: each creature's state in Float64Arrays, no
// allocation per step, no objects per point. What it leaves out: the fish's fins (a creature with
// `fins` is refused), the range checks of the options (they come from the WASM module's `options`,
// which C++ has checked), and messages (a bad dt or goal throws). The options are read from the
// object `ik.Creature` / `ik.CreatureCrowd` report as `options` (the preset filled in), so every
// default lives in the C++ table.
//
// creature-port.mjs steps this and the WASM crowd side by side and compares them, before the bench.

const PI = Math.PI;
const TWO_PI = 2 * Math.PI;
const MAX_SUBSTEP = 1 / 60;
const FRONT_LEG_ANGLE = 1.0;
const REAR_LEG_ANGLE = 2.0;
const EVEN_LEG_ANGLE = 1.35;
const HIP_INSET = 0.4;
const MOVE_BISECTIONS = 7;
const CAP_COS = [0.7071067811865476, 6.123233995736766e-17, -0.7071067811865476];
const CAP_SIN = [0.7071067811865476, 1.0, 0.7071067811865476];
const KERNEL_MAX = 1e70;
const KERNEL_MIN = 1e-70;

/** |(x, y)| by one square root where that cannot overflow or underflow. */
function norm(x, y) {
  const squared = x * x + y * y;
  return squared > 1e-280 && squared < 1e280 ? Math.sqrt(squared) : Math.hypot(x, y);
}

/** IEEE remainder of x by 2π (round to nearest, ties to even), exact for |x| up to 4π. */
function remainder2Pi(x) {
  const q = x / TWO_PI;
  let n = Math.round(q);
  if (n - q === 0.5 && n % 2 !== 0) n -= 1;
  return x - n * TWO_PI;
}

/** `angle` wrapped to (-π, π]; non-finite gives 0. */
function wrapAngle(angle) {
  if (!Number.isFinite(angle)) return 0;
  if (angle > -PI && angle <= PI) return angle + 0;
  let wrapped = remainder2Pi(angle);
  if (wrapped <= -PI) wrapped += TWO_PI;
  return wrapped;
}

/** Kahan's half-angle tangent parts N, D of the angle between sides a, b opposite c, into out[0..1]. */
function halfTangent(a, b, c, out) {
  const big = a < b ? b : a;
  const small = b < a ? b : a;
  const mu = small >= c ? c - (big - small) : small - (big - c);
  const m1 = (big - c) + small;
  out[0] = ((big - small) + c) * (mu < 0 ? 0 : mu);
  out[1] = (big + (small + c)) * (m1 < 0 ? 0 : m1);
}

const scratchNd = new Float64Array(2);

/** One creature: the spine, legs, skin and eyes of Creature (creature.hpp), in typed arrays. */
export class CreatureJs {
  /** @param {any} options the options in force, as `ik.Creature#options` gives them */
  constructor(options) {
    if (options.fins) throw new RangeError('CreatureJs: fins are not ported');
    const n = options.segments;
    const legs = options.legs;
    this.n = n;
    this.legs = legs;
    this.speedLimit = options.speed;
    this.turnRate = options.turnRate;
    this.upper = options.upperLength;
    this.lower = options.lowerLength;
    this.stepThreshold = options.stepThreshold;
    this.stepHeight = options.stepHeight;
    this.gaitGroups = options.gaitGroups;
    this.bobOption = options.bob;
    this.wiggle = options.wiggle;
    this.widths = Float64Array.from(options.widths);
    this.spacing = new Float64Array(n);
    this.inverseSpacing = new Float64Array(n);
    for (let i = 0; i + 1 < n; i++) {
      const s = Array.isArray(options.spacing) ? options.spacing[i] || options.spacing[0] : options.spacing;
      this.spacing[i] = s;
      this.inverseSpacing[i] = 1 / s;
    }
    const bend = options.maxBend;
    this.bendActive = bend < PI;
    this.bendCos = Math.cos(bend);
    this.bendSin = Math.sin(bend);
    const reach = this.upper + this.lower;
    const inner = Math.abs(this.upper - this.lower);
    const ring = reach - inner;
    this.plantedLow = inner + 0.02 * ring;
    this.plantedHigh = reach - 0.02 * ring;
    this.airborneLow = inner + 0.01 * ring;
    this.airborneHigh = reach - 0.01 * ring;
    this.strainedLow = inner + 0.05 * ring;
    this.strainedHigh = reach - 0.05 * ring;
    this.restDistance = this.plantedLow + 0.55 * (this.plantedHigh - this.plantedLow);
    // Steering spring (SecondOrder2).
    const f = options.springFrequency, zeta = options.springDamping, r = options.springResponse;
    this.k1 = zeta / (PI * f);
    this.k2 = 1 / ((2 * PI * f) * (2 * PI * f));
    this.k3 = r * zeta / (2 * PI * f);

    this.spine = new Float64Array(2 * n);
    this.trial = new Float64Array(2 * n);
    this.forward = new Float64Array(2 * n);  // the body's frame at each spine point
    this.left = new Float64Array(2 * n);
    this.outline = new Float64Array(2 * (2 * n + 6));
    this.eyes = new Float64Array(4);
    // Legs, one entry each.
    this.hipX = new Float64Array(legs);
    this.hipY = new Float64Array(legs);
    this.kneeX = new Float64Array(legs);
    this.kneeY = new Float64Array(legs);
    this.footX = new Float64Array(legs);
    this.footY = new Float64Array(legs);
    this.fromX = new Float64Array(legs);
    this.fromY = new Float64Array(legs);
    this.planted = new Uint8Array(legs);
    this.group = new Int32Array(legs);
    this.side = new Float64Array(legs);
    this.lift = new Float64Array(legs);
    this.progress = new Float64Array(legs);
    this.anchor = new Int32Array(legs);
    this.steps = new Float64Array(legs);
    this.reachBefore = new Float64Array(legs);
    this.legCos = new Float64Array(legs);
    this.legSin = new Float64Array(legs);
    this.legBend = new Float64Array(legs);
    this.groupWish = new Float64Array(16);
    this.frameOut = new Float64Array(4);  // forward x, y, left x, y (computeFrame, hipOf)
    this.hipOut = new Float64Array(2);    // hipOf's hip
    this.headOut = new Float64Array(2);   // moveHead's proposed head

    // Scalars of the state.
    this.heading = 0;
    this.speed = 0;
    this.bob = 0;
    this.phase = 0;
    this.goalX = 0;
    this.goalY = 0;
    this.targetX = 0;
    this.targetY = 0;
    this.eyeRadius = 0;
    this.stepTime = 0.25;
    this.springX = 0;
    this.springY = 0;
    this.springVX = 0;
    this.springVY = 0;
    this.lastGoalX = 0;
    this.lastGoalY = 0;
    this.reset(options);
  }

  /** Puts the creature back at (x, y) facing `heading`, straight, feet on their spots (Creature::reset). */
  reset({ x, y, heading, legAnchors, rearKneesForward }) {
    const { n, legs, spine } = this;
    this.heading = wrapAngle(heading);
    this.speed = 0;
    this.bob = 0;
    this.phase = 0;
    const backX = -Math.cos(this.heading), backY = -Math.sin(this.heading);
    let px = x, py = y;
    for (let i = 0; i < n; i++) {
      if (i > 0) {
        px = px + this.spacing[i - 1] * backX;
        py = py + this.spacing[i - 1] * backY;
      }
      spine[2 * i] = px;
      spine[2 * i + 1] = py;
    }
    this.updateFrames();
    this.goalX = this.targetX = this.springX = this.lastGoalX = x;
    this.goalY = this.targetY = this.springY = this.lastGoalY = y;
    this.springVX = this.springVY = 0;
    const pairs = legs >> 1;
    for (let leg = 0; leg < legs; leg++) {
      const pair = leg >> 1;
      const rear = rearKneesForward !== 0 && pairs >= 2 && pair >= (pairs >> 1);
      const angle = rearKneesForward === 0 ? EVEN_LEG_ANGLE : (rear ? REAR_LEG_ANGLE : FRONT_LEG_ANGLE);
      const side = leg % 2 === 0 ? 1 : -1;
      this.side[leg] = side;
      this.group[leg] = (pair + (leg % 2) * Math.ceil(this.gaitGroups / 2)) % this.gaitGroups;
      this.anchor[leg] = legAnchors[pair];
      this.legCos[leg] = Math.cos(angle);
      this.legSin[leg] = Math.sin(angle);
      this.legBend[leg] = rear ? -side : side;
      this.planted[leg] = 1;
      this.lift[leg] = 0;
      this.progress[leg] = 0;
      this.steps[leg] = 0;
      this.hipOf(spine, leg, this.frameOut);
      this.footX[leg] = this.spotX(leg, this.frameOut);
      this.footY[leg] = this.spotY(leg, this.frameOut);
    }
    this.stepTime = 0.25;
    this.solveLegs();
    this.shape();
  }

  /** Where the head heads for. */
  setGoal(x, y) {
    if (!(Math.abs(x) <= 1e9) || !(Math.abs(y) <= 1e9)) throw new RangeError('goal must be finite, within 1e9');
    this.goalX = x;
    this.goalY = y;
  }

  /** Advances `dt` seconds (0 < dt <= 0.1) in substeps of at most 1/60 s, then rebuilds the skin. */
  step(dt) {
    if (!(dt > 0 && dt <= 0.1)) throw new RangeError('dt must be greater than 0, at most 0.1');
    const split = Math.max(1, Math.ceil(dt / MAX_SUBSTEP - 1e-9));
    const h = dt / split;
    for (let k = 0; k < split; k++) this.substep(h);
    this.shape();
  }

  // ---- steering and the body's move ----

  /** SecondOrder2::update toward the goal. */
  steer(dt) {
    const tx = this.goalX, ty = this.goalY;
    const changeX = tx - this.lastGoalX, changeY = ty - this.lastGoalY;
    this.lastGoalX = tx;
    this.lastGoalY = ty;
    const k1 = this.k1;
    const k2 = Math.max(this.k2, 0.5 * dt * dt + 0.5 * dt * k1, dt * k1);
    const x = this.springX + dt * this.springVX, y = this.springY + dt * this.springVY;
    const inverse = 1 / k2;
    const vx = this.springVX + inverse * (dt * (tx - x - k1 * this.springVX) + this.k3 * changeX);
    const vy = this.springVY + inverse * (dt * (ty - y - k1 * this.springVY) + this.k3 * changeY);
    if (Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(vx) && Number.isFinite(vy)) {
      this.springX = x;
      this.springY = y;
      this.springVX = vx;
      this.springVY = vy;
    } else {
      this.springX = tx;
      this.springY = ty;
      this.springVX = this.springVY = 0;
    }
  }

  substep(h) {
    this.steer(h);
    this.targetX = this.springX;
    this.targetY = this.springY;
    const { spine, trial, n } = this;
    let moved = 0;
    if (this.moveHead(h)) {
      let headX = this.headOut[0], headY = this.headOut[1];
      const fromX = spine[0], fromY = spine[1];
      trial.set(spine);
      this.followLeader(trial, headX, headY);
      if (this.legs > 0 && !this.plantedLegsFit(trial)) {
        // Cut the move short: the largest share of it (by halving) that keeps every planted leg
        // within reach, or none.
        let low = 0, high = 1;
        for (let k = 0; k < MOVE_BISECTIONS; k++) {
          const mid = 0.5 * (low + high);
          trial.set(spine);
          this.followLeader(trial, fromX + mid * (headX - fromX), fromY + mid * (headY - fromY));
          if (this.plantedLegsFit(trial)) low = mid;
          else high = mid;
        }
        headX = fromX + low * (headX - fromX);
        headY = fromY + low * (headY - fromY);
        trial.set(spine);
        if (low > 0) this.followLeader(trial, headX, headY);
      }
      spine.set(trial);
      this.updateFrames();
      moved = norm(headX - fromX, headY - fromY);
    }
    this.speed = moved / h;
    this.phase += 0.5 * moved / this.spacing[0];
    if (this.phase > PI) this.phase = remainder2Pi(this.phase);
    this.updateGait(h);
    this.solveLegs();
  }

  /** Turns the heading, proposes the head's move into headOut; whether it moves (Creature::moveHead). */
  moveHead(h) {
    const atX = this.spine[0], atY = this.spine[1];
    const toX = this.targetX - atX, toY = this.targetY - atY;
    const away = norm(toX, toY);
    const aim = away > 0 ? Math.atan2(toY, toX) : this.heading;
    const wanted = aim + this.wiggle * Math.sin(this.phase);
    const most = this.turnRate * h;
    let turn = wrapAngle(wanted - this.heading);
    if (turn < -most) turn = -most;
    else if (most < turn) turn = most;
    this.heading = wrapAngle(this.heading + turn);
    const stop = this.spacing[0];
    if (!(away > stop)) return false;
    const fx = Math.cos(this.heading), fy = Math.sin(this.heading);
    const along = (toX * fx + toY * fy) / away;
    const move = Math.min(this.speedLimit * h * Math.max(0, along), away - 0.5 * stop);
    if (!(move > 0)) return false;
    this.headOut[0] = atX + move * fx;
    this.headOut[1] = atY + move * fy;
    return true;
  }

  /** Follow the leader with the bend limit (detail::followLeader). */
  followLeader(xy, headX, headY) {
    const { n, spacing, bendActive, bendCos, bendSin } = this;
    let oldPreviousX = xy[0], oldPreviousY = xy[1];
    let previousX = headX, previousY = headY;
    xy[0] = headX;
    xy[1] = headY;
    let ux = 1, uy = 0;
    for (let i = 1; i < n; i++) {
      const oldX = xy[2 * i], oldY = xy[2 * i + 1];
      let dx = oldX - previousX, dy = oldY - previousY;
      let d = norm(dx, dy);
      if (!(d > 0)) {
        dx = oldX - oldPreviousX;
        dy = oldY - oldPreviousY;
        d = norm(dx, dy);
        if (!(d > 0)) {
          dx = ux;
          dy = uy;
          d = 1;
        }
      }
      let vx = dx / d, vy = dy / d;
      if (i > 1 && bendActive && ux * vx + uy * vy < bendCos) {
        const sign = ux * vy - uy * vx < 0 ? -1 : 1;
        vx = bendCos * ux - sign * bendSin * uy;
        vy = bendCos * uy + sign * bendSin * ux;
        const unit = Math.sqrt(vx * vx + vy * vy);
        vx /= unit;
        vy /= unit;
      }
      oldPreviousX = oldX;
      oldPreviousY = oldY;
      const s = spacing[i - 1];
      previousX += s * vx;
      previousY += s * vy;
      xy[2 * i] = previousX;
      xy[2 * i + 1] = previousY;
      ux = vx;
      uy = vy;
    }
  }

  // ---- legs' geometry ----

  /** computeFrame at every point of the own spine, each segment's scaled direction worked out once. */
  updateFrames() {
    const { forward, left, frameOut, spine, inverseSpacing, n } = this;
    let behindX = 0, behindY = 0;
    for (let i = 0; i < n; i++) {
      let sx = 0, sy = 0;
      if (i > 0) {
        sx = 0 + behindX;
        sy = 0 + behindY;
      }
      if (i + 1 < n) {
        const s = inverseSpacing[i];
        behindX = s * (spine[2 * i] - spine[2 * i + 2]);
        behindY = s * (spine[2 * i + 1] - spine[2 * i + 3]);
        sx = sx + behindX;
        sy = sy + behindY;
      }
      const d = norm(sx, sy);
      if (!(d > 1e-9)) {
        this.computeFrame(spine, i, frameOut);
        forward[2 * i] = frameOut[0];
        forward[2 * i + 1] = frameOut[1];
        left[2 * i] = frameOut[2];
        left[2 * i + 1] = frameOut[3];
        continue;
      }
      const inverse = 1 / d;
      const fx = inverse * sx, fy = inverse * sy;
      forward[2 * i] = fx;
      forward[2 * i + 1] = fy;
      left[2 * i] = -fy;
      left[2 * i + 1] = fx;
    }
  }

  /** The body's frame at spine point `index` of `spine` into out: forward x, y, left x, y. */
  computeFrame(spine, index, out) {
    const n = this.n;
    let sx = 0, sy = 0;
    if (index > 0) {
      const s = this.inverseSpacing[index - 1];
      sx = sx + s * (spine[2 * index - 2] - spine[2 * index]);
      sy = sy + s * (spine[2 * index - 1] - spine[2 * index + 1]);
    }
    if (index + 1 < n) {
      const s = this.inverseSpacing[index];
      sx = sx + s * (spine[2 * index] - spine[2 * index + 2]);
      sy = sy + s * (spine[2 * index + 1] - spine[2 * index + 3]);
    }
    let d = norm(sx, sy);
    if (!(d > 1e-9)) {  // folded straight back on itself: the segment ahead decides
      const a = index > 0 ? index - 1 : 0;
      sx = spine[2 * a] - spine[2 * a + 2];
      sy = spine[2 * a + 1] - spine[2 * a + 3];
      d = norm(sx, sy);
      if (!(d > 0)) {
        sx = Math.cos(this.heading);
        sy = Math.sin(this.heading);
        d = 1;
      }
    }
    const inverse = 1 / d;
    const fx = inverse * sx, fy = inverse * sy;
    out[0] = fx;
    out[1] = fy;
    out[2] = -fy;
    out[3] = fx;
  }

  /** The hip of `leg` on `spine` into hipOut, the body's frame at its spine point into `out`. */
  hipOf(spine, leg, out) {
    const a = this.anchor[leg];
    if (spine === this.spine) {
      out[0] = this.forward[2 * a];
      out[1] = this.forward[2 * a + 1];
      out[2] = this.left[2 * a];
      out[3] = this.left[2 * a + 1];
    } else {
      this.computeFrame(spine, a, out);
    }
    this.hipBeside(spine, leg, out);
  }

  /** The hip of `leg` into hipOut, the body's frame at its spine point being `frame`. */
  hipBeside(spine, leg, frame) {
    const a = this.anchor[leg];
    const s = this.side[leg] * HIP_INSET * this.widths[a];
    this.hipOut[0] = spine[2 * a] + s * frame[2];
    this.hipOut[1] = spine[2 * a + 1] + s * frame[3];
  }

  /** The x of where `leg`'s foot should be (its spot), its hip in hipOut and frame in `frame`. */
  spotX(leg, frame) {
    const sideSin = this.side[leg] * this.legSin[leg];
    return this.hipOut[0] + this.restDistance * (this.legCos[leg] * frame[0] + sideSin * frame[2]);
  }

  spotY(leg, frame) {
    const sideSin = this.side[leg] * this.legSin[leg];
    return this.hipOut[1] + this.restDistance * (this.legCos[leg] * frame[1] + sideSin * frame[3]);
  }

  /** Whether no planted leg ends farther out of [plantedLow, plantedHigh] than before. */
  plantedLegsFit(spine) {
    const frame = this.frameOut;
    let framed = -1;  // the spine point whose frame `frame` holds (legs come in pairs on one point)
    for (let leg = 0; leg < this.legs; leg++) {
      if (this.planted[leg] === 0) continue;
      const a = this.anchor[leg];
      if (a !== framed) {
        this.computeFrame(spine, a, frame);
        framed = a;
      }
      this.hipBeside(spine, leg, frame);
      const d = norm(this.footX[leg] - this.hipOut[0], this.footY[leg] - this.hipOut[1]);
      const before = this.reachBefore[leg];
      if (d > Math.max(this.plantedHigh, before) || d < Math.min(this.plantedLow, before)) return false;
    }
    return true;
  }

  // ---- gait ----

  stepDuration() {
    const toTarget = norm(this.targetX - this.spine[0], this.targetY - this.spine[1]);
    const heading = toTarget > this.spacing[0] ? this.speedLimit : 0;
    const speed = Math.max(this.speed, 0.5 * heading);
    if (!(speed > 0)) return 0.25;
    const t = 0.7 * this.stepThreshold / (this.gaitGroups * speed);
    return t < 0.04 ? 0.04 : (0.25 < t ? 0.25 : t);
  }

  updateGait(h) {
    const { spine, frameOut: frame, hipOut: hip } = this;
    const legs = this.legs;
    const lead = Math.min(0.5 * this.stepThreshold, 2 * this.speed * this.stepTime);
    for (let leg = 0; leg < legs; leg++) {
      if (this.planted[leg] !== 0) continue;
      const t = Math.min(1, this.progress[leg] + h / this.stepTime);
      this.progress[leg] = t;
      this.hipOf(spine, leg, frame);
      const hipX = hip[0], hipY = hip[1];
      const spotX = this.spotX(leg, frame) + lead * frame[0];
      const spotY = this.spotY(leg, frame) + lead * frame[1];
      const arc = Math.sin(PI * t);
      const side = this.side[leg];
      const outX = side * frame[2], outY = side * frame[3];
      const ease = t * t * (3 - 2 * t);
      const bulge = this.stepHeight * arc;
      const fromX = this.fromX[leg], fromY = this.fromY[leg];
      let footX = fromX + ease * (spotX - fromX) + bulge * outX;
      let footY = fromY + ease * (spotY - fromY) + bulge * outY;
      // Within reach: moved along the line from the hip into [airborneLow, airborneHigh].
      const vx = footX - hipX, vy = footY - hipY;
      const d = norm(vx, vy);
      if (d > this.airborneHigh) {
        const k = this.airborneHigh / d;
        footX = hipX + k * vx;
        footY = hipY + k * vy;
      } else if (d < this.airborneLow) {
        if (d > 0) {
          const k = this.airborneLow / d;
          footX = hipX + k * vx;
          footY = hipY + k * vy;
        } else {
          footX = hipX + this.airborneLow * outX;
          footY = hipY + this.airborneLow * outY;
        }
      }
      this.footX[leg] = footX;
      this.footY[leg] = footY;
      this.lift[leg] = this.stepHeight * arc;
      if (t >= 1) {
        this.planted[leg] = 1;
        this.progress[leg] = 0;
        this.lift[leg] = 0;
        this.steps[leg] += 1;
      }
    }
    // Planted feet: each group's largest wish to step; none lifts while a foot is in the air.
    const wish = this.groupWish;
    const groups = this.gaitGroups;
    wish.fill(0, 0, groups);
    let airborne = 0;
    for (let leg = 0; leg < legs; leg++) {
      if (this.planted[leg] === 0) {
        airborne++;
        continue;
      }
      this.hipOf(spine, leg, frame);
      const fx = this.footX[leg], fy = this.footY[leg];
      const d = norm(fx - hip[0], fy - hip[1]);
      const w = d > this.strainedHigh || d < this.strainedLow
        ? Infinity
        : norm(fx - this.spotX(leg, frame), fy - this.spotY(leg, frame));
      const g = this.group[leg];
      if (w > wish[g]) wish[g] = w;
    }
    if (airborne > 0 || legs === 0) return;
    let best = 0;
    for (let g = 1; g < groups; g++) if (wish[g] > wish[best]) best = g;
    if (!(wish[best] > this.stepThreshold)) return;
    this.stepTime = this.stepDuration();
    for (let leg = 0; leg < legs; leg++) {
      if (this.group[leg] !== best) continue;
      this.planted[leg] = 0;
      this.progress[leg] = 0;
      this.fromX[leg] = this.footX[leg];
      this.fromY[leg] = this.footY[leg];
    }
  }

  // ---- legs ----

  /** Every leg's hip and knee: the two-bone kernel's joint (Kahan's half-angle, no trigonometry). */
  solveLegs() {
    const { spine, frameOut: frame, hipOut: hip, upper: l1, lower: l2 } = this;
    const reach = l1 + l2, inner = Math.abs(l1 - l2);
    const nd = scratchNd;
    for (let leg = 0; leg < this.legs; leg++) {
      this.hipOf(spine, leg, frame);
      const rootX = hip[0], rootY = hip[1];
      const footX = this.footX[leg], footY = this.footY[leg];
      this.hipX[leg] = rootX;
      this.hipY[leg] = rootY;
      const dx = footX - rootX, dy = footY - rootY;
      const d = Math.sqrt(dx * dx + dy * dy);
      let cosA = 1, sinA = 0, ux = 1, uy = 0;
      if (d >= KERNEL_MIN && Math.abs(rootX) + Math.abs(rootY) + Math.abs(footX) + Math.abs(footY) <= KERNEL_MAX) {
        if (d >= reach) {
          cosA = 1;
        } else if (d <= inner) {
          cosA = l1 >= l2 ? 1 : -1;
        } else {
          halfTangent(d, l1, l2, nd);
          const sum = nd[0] + nd[1];
          if (sum > 0) {
            const inverse = 1 / sum;
            cosA = (nd[1] - nd[0]) * inverse;
            sinA = 2 * Math.sqrt(nd[0] * nd[1]) * inverse;
          }
        }
        const inverseD = 1 / d;
        ux = dx * inverseD;
        uy = dy * inverseD;
      } else if (d <= inner && l1 < l2) {
        cosA = -1;  // the foot on the hip: bone 1 along +x, or back when it is the shorter
      }
      const s1 = this.legBend[leg] * sinA;
      this.kneeX[leg] = rootX + l1 * (ux * cosA - uy * s1);
      this.kneeY[leg] = rootY + l1 * (uy * cosA + ux * s1);
      this.reachBefore[leg] = norm(footX - rootX, footY - rootY);
    }
  }

  // ---- skin and eyes ----

  shape() {
    const { n, spine, forward, left, widths, outline: out } = this;
    if (this.legs > 0) {
      let most = 0;
      for (let leg = 0; leg < this.legs; leg++) {
        if (this.planted[leg] === 0) most = Math.max(most, Math.sin(PI * this.progress[leg]));
      }
      this.bob = this.bobOption * most;
    } else {
      const pace = this.speedLimit > 0 ? Math.min(1, this.speed / this.speedLimit) : 0;
      this.bob = this.bobOption * pace * Math.sin(2 * this.phase);
    }
    const rightStart = n + 3;
    for (let i = 0; i < n; i++) {
      const fx = forward[2 * i], fy = forward[2 * i + 1], lx = left[2 * i], ly = left[2 * i + 1];
      const px = spine[2 * i], py = spine[2 * i + 1];
      let half = 0.5 * widths[i] * (1 + this.bob);
      if (i > 0 && i + 1 < n) {
        const inv = this.inverseSpacing[i];
        const nx = inv * (spine[2 * i + 2] - px), ny = inv * (spine[2 * i + 3] - py);
        const lean = Math.abs(fx * ny - fy * nx);
        const room = 0.45 * Math.min(this.spacing[i - 1], this.spacing[i]);
        if (half * lean > room) half = room / lean;
      }
      out[2 * i] = px + half * lx;
      out[2 * i + 1] = py + half * ly;
      const r = 2 * (rightStart + (n - 1 - i));
      out[r] = px - half * lx;
      out[r + 1] = py - half * ly;
      if (i === 0) {
        for (let k = 0; k < 3; k++) {
          const c = CAP_COS[k], s = CAP_SIN[k];
          out[2 * (2 * n + 3 + k)] = px + half * (s * fx - c * lx);
          out[2 * (2 * n + 3 + k) + 1] = py + half * (s * fy - c * ly);
        }
      } else if (i === n - 1) {
        for (let k = 0; k < 3; k++) {
          const c = CAP_COS[k], s = CAP_SIN[k];
          out[2 * (n + k)] = px + half * (c * lx - s * fx);
          out[2 * (n + k) + 1] = py + half * (c * ly - s * fy);
        }
      }
    }
    const w0 = widths[0];
    const aheadX = spine[0] + 0.2 * w0 * forward[0], aheadY = spine[1] + 0.2 * w0 * forward[1];
    this.eyes[0] = aheadX + 0.3 * w0 * left[0];
    this.eyes[1] = aheadY + 0.3 * w0 * left[1];
    this.eyes[2] = aheadX - 0.3 * w0 * left[0];
    this.eyes[3] = aheadY - 0.3 * w0 * left[1];
    this.eyeRadius = 0.1 * w0;
  }
}

/** Many creatures of one kind, stepped in one call (CreatureCrowd). */
export class CreatureCrowdJs {
  /**
   * @param {any} options the options in force (`ik.CreatureCrowd#options`)
   * @param {number} count
   * @param {ArrayLike<number>} [origins] x, y of each head
   */
  constructor(options, count, origins) {
    this.creatures = [];
    for (let i = 0; i < count; i++) {
      const placed = origins ? { ...options, x: origins[2 * i], y: origins[2 * i + 1] } : options;
      this.creatures.push(new CreatureJs(placed));
    }
  }

  get size() {
    return this.creatures.length;
  }

  /** Goals for creatures 0, 1, ... as flat x, y pairs. */
  setGoals(flat) {
    const count = Math.min(this.creatures.length, flat.length >> 1);
    for (let i = 0; i < count; i++) this.creatures[i].setGoal(flat[2 * i], flat[2 * i + 1]);
  }

  step(dt) {
    if (!(dt > 0 && dt <= 0.1)) throw new RangeError('dt must be greater than 0, at most 0.1');
    const creatures = this.creatures;
    for (let i = 0; i < creatures.length; i++) creatures[i].step(dt);
  }
}
