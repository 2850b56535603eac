// skeleton-reference.mjs: a hand-written JavaScript reference of ik2d's Skeleton solve, for
// `npm run bench` (the puppet row). Same algorithm, same order of operations and same stopping
// rules as core/src/skeleton_solve.cpp and skeleton_polish.cpp, on preallocated Float64Arrays:
//   FABRIK with sub-bases (backward: each active bone's end at the centroid of its target and its
//   active children's proposals; forward: each active bone toward its end's backward point, within
//   its limit), then, with two or more effectors or a limit on a moving bone, the FABRIK passes are kept only if they did not
//   raise the summed squared error, and one damped least squares step (one round of pinning bones
//   at their limits) ends the sweep; a try that stalls short of the targets (all within reach) is
//   restarted with new angles for the failing branches and the damped least squares step alone,
//   the best try kept; angles rebuilt from positions at the end.
// Not covered: the singular-start nudge (the benchmark never starts on a line) and input checks.
// tests/js/skeleton.test.mjs holds it to ik.Skeleton's poses.

const PI = Math.PI;
const TWO_PI = 2 * Math.PI;
const SETTLED = 1e-13;      // skeleton_solve.cpp kSettledMove
const START_DAMPING = 0.1;  // kStartDamping
const MAX_TURN = 0.5;       // skeleton_polish.cpp kMaxTurn
const MIN_DAMPING = 1e-6, MAX_DAMPING = 1e3;
const PROGRESS = 0.5, FIRST_PROGRESS = 0.999, STALL_SWEEPS = 3, RESTART_GAIN = 0.5;  // skeleton_solve.cpp kProgress, ...
const RESTART_SEED = 0x2545F4914F6CDD1Dn;                      // skeleton_polish.cpp kRestartSeed
const MASK = (1n << 64n) - 1n;

function wrap(angle) {
  if (angle > -PI && angle <= PI) return angle + 0;
  let r = angle - TWO_PI * Math.round(angle / TWO_PI);
  if (r <= -PI) r += TWO_PI;
  if (r > PI) r -= TWO_PI;
  return r;
}

function clampToRange(angle, min, max) {
  if (angle >= min && angle <= max) return angle;
  return Math.abs(wrap(angle - min)) <= Math.abs(wrap(angle - max)) ? min : max;
}

/**
 * A skeleton with the solve's buffers allocated once.
 * @param {{x: number, y: number}} root
 * @param {ReadonlyArray<{parent: number, length: number, angle?: number}>} bones parents first
 */
export function createSkeletonJs(root, bones) {
  const n = bones.length;
  const parents = Int32Array.from(bones, (b) => b.parent);
  const lengths = Float64Array.from(bones, (b) => b.length);
  const angles = Float64Array.from(bones, (b) => wrap(b.angle ?? 0));
  const world = new Float64Array(n);
  const limitMin = new Float64Array(n).fill(-PI), limitMax = new Float64Array(n).fill(PI);
  const limited = new Uint8Array(n);
  const pos = new Float64Array(2 * (n + 1)), back = new Float64Array(2 * (n + 1)), before = new Float64Array(2 * (n + 1));
  const sums = new Float64Array(2 * (n + 1)), proposals = new Int32Array(n + 1);
  const active = new Int32Array(n), isActive = new Uint8Array(n), isEffector = new Uint8Array(n), slot = new Int32Array(n);
  const children = new Int32Array(n + 1), onlyChild = new Int32Array(n + 1);
  const enter = new Int32Array(n), leave = new Int32Array(n);
  const effBone = new Int32Array(n), effX = new Float64Array(n), effY = new Float64Array(n), errors = new Float64Array(n);
  const rowsMax = 2 * Math.min(n, 64);
  const normal = new Float64Array(rowsMax * rowsMax), weights = new Float64Array(rowsMax);
  const saved = new Float64Array(n), sweepAngles = new Float64Array(n), pinned = new Uint8Array(n);
  const bestAngles = new Float64Array(n);
  let randomState = 0n;
  let restartsSpent = false;  // skeleton.hpp restartsSpent_
  let total = 0, activeCount = 0, count = 0, scale = 1;
  const reach = new Float64Array(n);
  bones.forEach((b, i) => {
    total += b.length;
    reach[i] = b.length + (b.parent < 0 ? 0 : reach[b.parent]);
  });
  {  // depth-first numbering, as skeleton.cpp
    const subtree = new Int32Array(n).fill(1);
    for (let i = n - 1; i >= 0; i--) if (parents[i] >= 0) subtree[parents[i]] += subtree[i];
    const next = new Int32Array(n + 1);
    for (let i = 0; i < n; i++) {
      const s = parents[i] + 1;
      enter[i] = next[s];
      next[s] += subtree[i];
      next[i + 1] = enter[i] + 1;
      leave[i] = enter[i] + subtree[i] - 1;
    }
  }
  pos[0] = root.x;
  pos[1] = root.y;
  const under = (a, b) => enter[a] <= enter[b] && leave[b] <= leave[a];

  function updatePositions() {
    for (let i = 0; i < n; i++) {
      const p = parents[i];
      const w = angles[i] + (p < 0 ? 0 : world[p]);
      world[i] = w;
      const s = 2 * (p + 1);
      pos[2 * i + 2] = pos[s] + lengths[i] * Math.cos(w);
      pos[2 * i + 3] = pos[s + 1] + lengths[i] * Math.sin(w);
    }
  }
  updatePositions();

  function backwardPass() {
    back[0] = pos[0];
    back[1] = pos[1];
    for (let a = 0; a < activeCount; a++) {
      const i = active[a], e = i + 1;
      const pulled = isEffector[i] === 1;
      sums[2 * e] = pulled ? effX[slot[i]] : 0;
      sums[2 * e + 1] = pulled ? effY[slot[i]] : 0;
      proposals[e] = pulled ? 1 : 0;
    }
    for (let a = activeCount - 1; a >= 0; a--) {
      const i = active[a], e = i + 1, s = parents[i] + 1;
      const inv = 1 / proposals[e];
      const ex = inv * sums[2 * e], ey = inv * sums[2 * e + 1];
      back[2 * e] = ex;
      back[2 * e + 1] = ey;
      if (s === 0) continue;
      const l = lengths[i];
      const tx = pos[2 * s] - ex, ty = pos[2 * s + 1] - ey;
      const child = children[e] === 1 ? onlyChild[e] : -1;
      const lim = child >= 0 && limited[child] === 1;
      const d2 = tx * tx + ty * ty;
      let px, py;
      if (!lim && d2 > 0) {
        const k = l / Math.sqrt(d2);
        px = ex + k * tx;
        py = ey + k * ty;
      } else {
        let bx = tx, by = ty;
        if (!(d2 > 0)) {
          bx = -(pos[2 * e] - pos[2 * s]) / l;
          by = -(pos[2 * e + 1] - pos[2 * s + 1]) / l;
        }
        let w = Math.atan2(-by, -bx);
        const cx = back[2 * child + 2] - ex, cy = back[2 * child + 3] - ey;
        if (lim && Math.hypot(cx, cy) > 0) {
          const cw = Math.atan2(cy, cx);
          w = cw - clampToRange(wrap(cw - w), limitMin[child], limitMax[child]);
        }
        px = ex - l * Math.cos(w);
        py = ey - l * Math.sin(w);
      }
      sums[2 * s] += px;
      sums[2 * s + 1] += py;
      proposals[s]++;
    }
  }

  function forwardPass() {
    before.set(pos);
    for (let a = 0; a < activeCount; a++) {
      const i = active[a], p = parents[i], s = 2 * (p + 1), e = 2 * (i + 1);
      const fx = pos[s], fy = pos[s + 1];
      const ax = back[e] - fx, ay = back[e + 1] - fy;
      const ox = before[e] - before[s], oy = before[e + 1] - before[s + 1];
      const d2 = ax * ax + ay * ay;
      if (!limited[i]) {
        if (d2 > 0) {
          const k = lengths[i] / Math.sqrt(d2);
          pos[e] = fx + k * ax;
          pos[e + 1] = fy + k * ay;
        } else {
          pos[e] = fx + ox;
          pos[e + 1] = fy + oy;
        }
      } else {
        const pw = p < 0 ? 0 : Math.atan2(fy - pos[2 * parents[p] + 3], fx - pos[2 * parents[p] + 2]);
        const desired = d2 > 0 ? Math.atan2(ay, ax) : Math.atan2(oy, ox);
        const w = pw + clampToRange(wrap(desired - pw), limitMin[i], limitMax[i]);
        pos[e] = fx + lengths[i] * Math.cos(w);
        pos[e + 1] = fy + lengths[i] * Math.sin(w);
      }
    }
  }

  function largestMove() {
    let largest = 0;
    const inv = 1 / total;
    for (let a = 0; a < activeCount; a++) {
      const e = 2 * (active[a] + 1);
      const mx = inv * (pos[e] - before[e]), my = inv * (pos[e + 1] - before[e + 1]);
      const m = mx * mx + my * my;
      if (m > largest) largest = m;
    }
    return Math.sqrt(largest);
  }

  function rebuildAngles() {
    for (let a = 0; a < activeCount; a++) {
      const i = active[a], p = parents[i], s = 2 * (p + 1), e = 2 * (i + 1);
      const pw = p < 0 ? 0 : world[p];
      let local = wrap(Math.atan2(pos[e + 1] - pos[s + 1], pos[e] - pos[s]) - pw);
      if (limited[i]) local = clampToRange(local, limitMin[i], limitMax[i]);
      angles[i] = local;
      world[i] = pw + local;
    }
  }

  function measure(tolerance) {
    let all = true;
    for (let k = 0; k < count; k++) {
      const e = 2 * (effBone[k] + 1);
      errors[k] = Math.hypot(pos[e] - effX[k], pos[e + 1] - effY[k]);
      all = all && errors[k] <= tolerance;
    }
    return all;
  }

  function squaredErrors() {
    let sum = 0;
    for (let k = 0; k < count; k++) {
      const e = 2 * (effBone[k] + 1);
      const rx = scale * (effX[k] - pos[e]), ry = scale * (effY[k] - pos[e + 1]);
      sum += rx * rx + ry * ry;
    }
    return sum;
  }

  function solveNormal(damping) {
    const rows = 2 * count;
    for (let k = 0; k < count; k++) {
      const e = 2 * (effBone[k] + 1);
      weights[2 * k] = scale * (effX[k] - pos[e]);
      weights[2 * k + 1] = scale * (effY[k] - pos[e + 1]);
    }
    normal.fill(0, 0, rows * rows);
    for (let a = 0; a < activeCount; a++) {
      const j = active[a];
      if (pinned[j]) continue;
      const s = 2 * (parents[j] + 1), px = pos[s], py = pos[s + 1];
      for (let k = 0; k < count; k++) {
        if (!under(j, effBone[k])) continue;
        const ek = 2 * (effBone[k] + 1);
        const kx = -scale * (pos[ek + 1] - py), ky = scale * (pos[ek] - px);
        for (let l = 0; l <= k; l++) {
          if (!under(j, effBone[l])) continue;
          const el = 2 * (effBone[l] + 1);
          const lx = -scale * (pos[el + 1] - py), ly = scale * (pos[el] - px);
          const r = 2 * k, c = 2 * l;
          normal[r * rows + c] += kx * lx;
          normal[r * rows + c + 1] += kx * ly;
          normal[(r + 1) * rows + c] += ky * lx;
          normal[(r + 1) * rows + c + 1] += ky * ly;
        }
      }
    }
    for (let r = 0; r < rows; r++) normal[r * rows + r] += damping * damping;
    for (let c = 0; c < rows; c++) {
      let d = normal[c * rows + c];
      for (let m = 0; m < c; m++) d -= normal[c * rows + m] * normal[c * rows + m];
      if (!(d > 0) || !Number.isFinite(d)) return false;
      const root = Math.sqrt(d);
      normal[c * rows + c] = root;
      for (let r = c + 1; r < rows; r++) {
        let v = normal[r * rows + c];
        for (let m = 0; m < c; m++) v -= normal[r * rows + m] * normal[c * rows + m];
        normal[r * rows + c] = v / root;
      }
    }
    for (let r = 0; r < rows; r++) {
      let v = weights[r];
      for (let m = 0; m < r; m++) v -= normal[r * rows + m] * weights[m];
      weights[r] = v / normal[r * rows + r];
    }
    for (let r = rows - 1; r >= 0; r--) {
      let v = weights[r];
      for (let m = r + 1; m < rows; m++) v -= normal[m * rows + r] * weights[m];
      weights[r] = v / normal[r * rows + r];
    }
    return true;
  }

  function turnOf(j) {
    const s = 2 * (parents[j] + 1), px = pos[s], py = pos[s + 1];
    let turn = 0;
    for (let k = 0; k < count; k++) {
      if (!under(j, effBone[k])) continue;
      const e = 2 * (effBone[k] + 1);
      turn += -scale * (pos[e + 1] - py) * weights[2 * k] + scale * (pos[e] - px) * weights[2 * k + 1];
    }
    return Number.isFinite(turn) ? turn : 0;
  }

  // splitmix64 as a number in [0, 1), as skeleton_polish.cpp nextRandom.
  function nextRandom() {
    randomState = (randomState + 0x9E3779B97F4A7C15n) & MASK;
    let z = randomState;
    z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & MASK;
    z ^= z >> 31n;
    return Number(z >> 11n) * 2 ** -53;
  }

  // skeleton_polish.cpp restartFailing.
  function restartFailing(tolerance, round) {
    if (round === 1) randomState = RESTART_SEED;
    const toRoot = round % 2 === 0;
    for (let k = 0; k < count; k++) {
      if (errors[k] <= tolerance) continue;
      for (let b = effBone[k]; b >= 0; b = parents[b]) {
        if (!toRoot && b !== effBone[k] && children[b + 1] > 1) break;
        const u = nextRandom();
        angles[b] = limited[b] ? Math.min(limitMin[b] + (limitMax[b] - limitMin[b]) * u, limitMax[b]) : wrap(PI * (2 * u - 1));
      }
    }
    updatePositions();
  }

  function polish(state) {
    const start = squaredErrors();
    for (let a = 0; a < activeCount; a++) pinned[active[a]] = 0;
    if (!solveNormal(state.damping)) return;
    let any = false;
    for (let a = 0; a < activeCount; a++) {
      const j = active[a];
      if (!limited[j]) continue;
      const t = turnOf(j);
      if ((t < 0 && angles[j] - limitMin[j] <= -t) || (t > 0 && limitMax[j] - angles[j] <= t)) pinned[j] = 1;
      any = any || pinned[j] === 1;
    }
    if (any && !solveNormal(state.damping)) return;
    saved.set(angles);
    for (let a = 0; a < activeCount; a++) {
      const j = active[a];
      if (pinned[j]) continue;
      const t = turnOf(j);
      let turned = wrap(angles[j] + (t < -MAX_TURN ? -MAX_TURN : t > MAX_TURN ? MAX_TURN : t));
      if (limited[j]) turned = clampToRange(turned, limitMin[j], limitMax[j]);
      angles[j] = turned;
    }
    updatePositions();
    if (squaredErrors() < start) {
      state.damping = Math.max(state.damping * 0.5, MIN_DAMPING);
      return;
    }
    angles.set(saved);
    updatePositions();
    state.damping = Math.min(state.damping * 4, MAX_DAMPING);
  }

  return {
    positions: pos,
    angles,
    errors,
    setLimit(bone, min, max) {
      restartsSpent = false;
      limitMin[bone] = min;
      limitMax[bone] = max;
      limited[bone] = 1;
      angles[bone] = clampToRange(angles[bone], min, max);
      updatePositions();
    },
    setAngles(values) {
      restartsSpent = false;
      for (let i = 0; i < n; i++) angles[i] = limited[i] ? clampToRange(wrap(values[i]), limitMin[i], limitMax[i]) : wrap(values[i]);
      updatePositions();
    },
    /**
     * Solves toward `targets` (x, y per effector) for effector bones `effectorBones`.
     * @returns {{reached: boolean, iterations: number}}
     */
    solve(effectorBones, targets, iterations, tolerance) {
      let sameEffectors = restartsSpent && effectorBones.length === count;
      for (let k = 0; sameEffectors && k < count; k++)
        sameEffectors = effBone[k] === effectorBones[k] && effX[k] === targets[2 * k] && effY[k] === targets[2 * k + 1];
      count = effectorBones.length;
      isActive.fill(0);
      isEffector.fill(0);
      let farthest = 0;
      for (let k = 0; k < count; k++) {
        const b = effectorBones[k];
        effBone[k] = b;
        effX[k] = targets[2 * k];
        effY[k] = targets[2 * k + 1];
        isEffector[b] = 1;
        slot[b] = k;
        for (let j = b; j >= 0 && !isActive[j]; j = parents[j]) isActive[j] = 1;
        const d = Math.hypot(effX[k] - pos[0], effY[k] - pos[1]);
        if (d > farthest) farthest = d;
      }
      scale = 1 / (total + farthest);
      activeCount = 0;
      children[0] = 0;
      for (let i = 0; i < n; i++) {
        if (!isActive[i]) continue;
        active[activeCount++] = i;
        children[i + 1] = 0;
        children[parents[i] + 1]++;
        onlyChild[parents[i] + 1] = i;
      }
      let anyLimit = false;
      for (let a = 0; a < activeCount; a++) anyLimit = anyLimit || limited[active[a]] === 1;
      const polished = (count >= 2 || (count === 1 && anyLimit)) && count <= 64;
      let outOfReach = false;
      for (let k = 0; k < count; k++) outOfReach = outOfReach || Math.hypot(effX[k] - pos[0], effY[k] - pos[1]) > reach[effBone[k]];
      const restarts = polished && !outOfReach && !sameEffectors;
      const state = { damping: START_DAMPING };
      let reached = measure(tolerance);
      let iteration = 0, tries = 1, best = Infinity, checkpoint = Infinity, checkpointSweep = 0;
      while (!reached && iteration < iterations) {
        iteration++;
        if (polished) sweepAngles.set(angles);
        const start = polished ? squaredErrors() : 0;
        if (tries === 1) {
          backwardPass();
          forwardPass();
        } else {
          before.set(pos);
        }
        if (polished) {
          if (tries === 1) {
            rebuildAngles();
            updatePositions();
            if (squaredErrors() > start) {
              angles.set(sweepAngles);
              updatePositions();
            }
          }
          polish(state);
        }
        reached = measure(tolerance);
        const settled = largestMove() < SETTLED;
        if (!restarts) {
          if (settled) break;
          continue;
        }
        const error = squaredErrors();
        if (error < (tries === 1 ? FIRST_PROGRESS : PROGRESS) * checkpoint) {
          checkpoint = error;
          checkpointSweep = iteration;
        }
        const stuck = iteration - checkpointSweep >= STALL_SWEEPS || (tries === 1 && settled);
        if (reached || !stuck) continue;
        if (tries === 1 || error < RESTART_GAIN * best) {
          best = error;
          bestAngles.set(angles);
        }
        if (iteration === iterations) break;
        restartFailing(tolerance, tries++);
        state.damping = START_DAMPING;
        checkpoint = Infinity;
        checkpointSweep = iteration;
      }
      if (restarts && !reached && tries > 1 && !(squaredErrors() < RESTART_GAIN * best)) {
        angles.set(bestAngles);
        updatePositions();
      }
      if (iteration > 0) {
        rebuildAngles();
        updatePositions();
        reached = measure(tolerance);
      }
      restartsSpent = !reached && (tries > 1 || sameEffectors);
      return { reached, iterations: iteration };
    },
  };
}
