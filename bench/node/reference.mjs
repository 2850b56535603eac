// reference.mjs: hand-written JavaScript references of ik2d's solvers, for `npm run bench`.
//
// They are written to be as fast as plain JS gets (typed arrays, no allocation in the loops, no
// trigonometry where a rotation can be built from unit vectors) while keeping ik2d's semantics
// (core/src/two_bone.cpp, chain.cpp, fabrik.cpp, ccd.cpp):
//   - two-bone: law of cosines, bend +1 puts the joint where cross(target - root, joint - root) >= 0,
//     stretched straight out of reach, folded (|angle2| = pi) when too close, angles wrapped to (-pi, pi].
//     The references use Math.acos; ik2d uses Kahan's needle-safe formula (more exact near straight
//     and folded arms, where acos loses digits), so the two agree to ~1e-12 of reach away from those
//     edges and to ~1e-8 right at them.
//   - chains: `iterations` caps the sweeps, a solve stops as soon as |end - target| <= tolerance
//     (0 sweeps when it already is), a target farther than the reach is answered by one sweep that
//     points every bone straight at it, a start with every joint and the target on one line is bent
//     off the line (+0.05 rad per joint past the first) and turned by one CCD sweep first, and a sweep
//     that moves (almost) nothing ends the solve.
// Not covered (ik2d features the benchmark does not use): joint limits, maxStep, softness.
//
// Chain state: one Float64Array of positions x0, y0 (the root), x1, y1, ..., the end last, at
// `offset` (so many chains can share one array); `lengths` is a Float64Array(bones).

const PI = Math.PI;
const TWO_PI = 2 * Math.PI;
const STATUS_REACHED = 0, STATUS_OUT_OF_REACH = 1, STATUS_TOO_CLOSE = 2;
const TWO_BONE_STATUS = ['reached', 'out_of_reach', 'too_close'];
const NUDGE = 0.05;          // chain.cpp kNudge
const STALLED = 1e-13;       // chain.cpp kStalledChange (radians); here relative to the reach

function wrap(angle) {
  if (angle > PI) return angle - TWO_PI;
  if (angle <= -PI) return angle + TWO_PI;
  return angle;
}

// ---- two-bone -----------------------------------------------------------------------------------

/**
 * The two-bone triangle for one limb; returns the status code and leaves the angles in `angles`.
 * Shared by the per-call and the loop versions (V8 inlines it).
 */
function twoBoneAngles(dx, dy, l1, l2, bend, angles) {
  const d = Math.sqrt(dx * dx + dy * dy);
  const base = d > 0 ? Math.atan2(dy, dx) : 0;
  let status = STATUS_REACHED;
  let alpha = 0, beta = PI;  // stretched
  if (d > l1 + l2) {
    status = STATUS_OUT_OF_REACH;
  } else if (d < Math.abs(l1 - l2) || d === 0) {
    if (d < Math.abs(l1 - l2)) status = STATUS_TOO_CLOSE;
    alpha = l1 >= l2 ? 0 : PI;
    beta = 0;
  } else {
    let ca = (d * d + l1 * l1 - l2 * l2) / (2 * d * l1);
    let cb = (l1 * l1 + l2 * l2 - d * d) / (2 * l1 * l2);
    ca = ca > 1 ? 1 : ca < -1 ? -1 : ca;
    cb = cb > 1 ? 1 : cb < -1 ? -1 : cb;
    alpha = Math.acos(ca);
    beta = Math.acos(cb);
  }
  angles[0] = wrap(base + bend * alpha);
  angles[1] = wrap(-bend * (PI - beta));
  return status;
}

const scratchAngles = new Float64Array(2);

/**
 * Per-call two-bone reference: same options and the same fresh result object as ik.solveTwoBone
 * (no input validation, no softness).
 * @returns {{status: string, joint: {x: number, y: number}, end: {x: number, y: number},
 *            angle1: number, angle2: number, distance: number}}
 */
export function solveTwoBoneJs({ root, target, length1, length2, bend = 1 }) {
  const status = twoBoneAngles(target.x - root.x, target.y - root.y, length1, length2, bend, scratchAngles);
  const a1 = scratchAngles[0], a2 = scratchAngles[1];
  const jx = root.x + length1 * Math.cos(a1), jy = root.y + length1 * Math.sin(a1);
  const ex = jx + length2 * Math.cos(a1 + a2), ey = jy + length2 * Math.sin(a1 + a2);
  const distance = Math.sqrt((ex - target.x) * (ex - target.x) + (ey - target.y) * (ey - target.y));
  return {
    status: TWO_BONE_STATUS[status],
    joint: { x: jx, y: jy },
    end: { x: ex, y: ey },
    angle1: a1,
    angle2: a2,
    distance,
  };
}

/**
 * Two-bone loop over structure-of-arrays Float64Arrays.
 * @param {{rootX, rootY, targetX, targetY, length1, length2, bend}} input Float64Arrays
 * @param {{jointX, jointY, endX, endY, angle1, angle2, distance?, status?}} output Float64Arrays
 *   (`status` a Uint8Array: 0 reached, 1 out_of_reach, 2 too_close); distance and status are
 *   written when present.
 * @param {number} count
 */
export function solveTwoBoneLoop(input, output, count) {
  const { rootX, rootY, targetX, targetY, length1, length2, bend } = input;
  const { jointX, jointY, endX, endY, angle1, angle2 } = output;
  const distance = output.distance, status = output.status;
  const angles = scratchAngles;
  for (let i = 0; i < count; i++) {
    const rx = rootX[i], ry = rootY[i], tx = targetX[i], ty = targetY[i];
    const l1 = length1[i], l2 = length2[i];
    const code = twoBoneAngles(tx - rx, ty - ry, l1, l2, bend[i], angles);
    const a1 = angles[0], a2 = angles[1];
    const jx = rx + l1 * Math.cos(a1), jy = ry + l1 * Math.sin(a1);
    const ex = jx + l2 * Math.cos(a1 + a2), ey = jy + l2 * Math.sin(a1 + a2);
    jointX[i] = jx; jointY[i] = jy; endX[i] = ex; endY[i] = ey; angle1[i] = a1; angle2[i] = a2;
    if (distance !== undefined) distance[i] = Math.sqrt((ex - tx) * (ex - tx) + (ey - ty) * (ey - ty));
    if (status !== undefined) status[i] = code;
  }
}

// ---- chains: shared pieces ----------------------------------------------------------------------

/** Points every bone straight at (tx, ty) from the root (ik2d's answer for a target out of reach). */
function stretch(pos, o, lengths, n, tx, ty) {
  let px = pos[o], py = pos[o + 1];
  let ux = tx - px, uy = ty - py;
  const d = Math.sqrt(ux * ux + uy * uy);
  if (!(d > 0)) return;
  ux /= d; uy /= d;
  for (let i = 0; i < n; i++) {
    px += lengths[i] * ux; py += lengths[i] * uy;
    pos[o + 2 * i + 2] = px; pos[o + 2 * i + 3] = py;
  }
}

/** chain.cpp isCollinearWith: every joint and the target on one line through the root. */
function isCollinear(pos, o, n, tx, ty, reach) {
  const rx = pos[o], ry = pos[o + 1];
  let lx = pos[o + 2 * n] - rx, ly = pos[o + 2 * n + 1] - ry;
  let l = Math.sqrt(lx * lx + ly * ly);
  if (!(l > 0)) { lx = tx - rx; ly = ty - ry; l = Math.sqrt(lx * lx + ly * ly); }
  if (l > 0) { lx /= l; ly /= l; } else { lx = 1; ly = 0; }
  const tolerance = 1e-9 * reach;
  if (Math.abs(lx * (ty - ry) - ly * (tx - rx)) > tolerance) return false;
  for (let i = 1; i <= n; i++) {
    if (Math.abs(lx * (pos[o + 2 * i + 1] - ry) - ly * (pos[o + 2 * i] - rx)) > tolerance) return false;
  }
  return true;
}

/** chain.cpp nudgeOffLine: every joint past the first bends by +NUDGE (world angle of bone i + i·NUDGE). */
function nudgeOffLine(pos, o, lengths, n) {
  const world = new Float64Array(n);  // a rare path (a chain lying on a line through its target)
  for (let i = 0; i < n; i++) {
    world[i] = Math.atan2(pos[o + 2 * i + 3] - pos[o + 2 * i + 1], pos[o + 2 * i + 2] - pos[o + 2 * i]) + i * NUDGE;
  }
  let px = pos[o], py = pos[o + 1];
  for (let i = 0; i < n; i++) {
    px += lengths[i] * Math.cos(world[i]); py += lengths[i] * Math.sin(world[i]);
    pos[o + 2 * i + 2] = px; pos[o + 2 * i + 3] = py;
  }
}

/**
 * One CCD sweep on positions, from the last joint to the root: turn joint i by the angle between
 * (end - joint) and (target - joint). The rotation comes straight from the two unit vectors
 * (cos = dot, sin = cross), so no atan2/cos/sin; the bones after joint i turn rigidly.
 * @returns {number} the largest turn of the sweep (|sin| for small turns, 1 for turns past 90°)
 */
function sweepCcd(pos, o, n, tx, ty) {
  const endX = o + 2 * n, endY = endX + 1;
  let largest = 0;
  for (let i = n - 1; i >= 0; i--) {
    const jo = o + 2 * i;
    const px = pos[jo], py = pos[jo + 1];
    const ax = pos[endX] - px, ay = pos[endY] - py;
    const bx = tx - px, by = ty - py;
    const ab = Math.sqrt((ax * ax + ay * ay) * (bx * bx + by * by));
    if (!(ab > 0)) continue;
    const c = (ax * bx + ay * by) / ab;
    const s = (ax * by - ay * bx) / ab;
    if (s === 0 && c >= 0) continue;
    const change = c > 0 ? Math.abs(s) : 1;
    if (change > largest) largest = change;
    for (let k = jo + 2; k <= endX; k += 2) {
      const dx = pos[k] - px, dy = pos[k + 1] - py;
      pos[k] = px + c * dx - s * dy;
      pos[k + 1] = py + s * dx + c * dy;
    }
  }
  return largest;
}

/**
 * One FABRIK iteration in place (Aristidou and Lasenby 2011): backward from the target to the
 * root, forward from the pinned root. Coincident points keep their bone's old direction.
 */
function sweepFabrik(pos, o, lengths, n, tx, ty, rootX, rootY) {
  // Backward: end on the target, each joint one length from its child along the line to where it was.
  let cx = tx, cy = ty;
  for (let i = n - 1; i >= 0; i--) {
    const k = o + 2 * i;
    let dx = pos[k] - cx, dy = pos[k + 1] - cy;
    const d = Math.sqrt(dx * dx + dy * dy);
    if (d > 0) { dx /= d; dy /= d; } else {
      // No direction: keep this bone's old one (joint i -> joint i+1, reversed).
      dx = pos[k] - pos[k + 2]; dy = pos[k + 1] - pos[k + 3];
      const e = Math.sqrt(dx * dx + dy * dy);
      if (e > 0) { dx /= e; dy /= e; } else { dx = -1; dy = 0; }
    }
    pos[k + 2] = cx; pos[k + 3] = cy;
    cx += lengths[i] * dx; cy += lengths[i] * dy;
  }
  // Forward: root pinned, each bone along the line toward its backward position.
  let px = rootX, py = rootY;
  pos[o] = px; pos[o + 1] = py;
  for (let i = 0; i < n; i++) {
    const k = o + 2 * i + 2;
    let dx = pos[k] - px, dy = pos[k + 1] - py;
    const d = Math.sqrt(dx * dx + dy * dy);
    if (d > 0) { dx /= d; dy /= d; } else { dx = 1; dy = 0; }
    px += lengths[i] * dx; py += lengths[i] * dy;
    pos[k] = px; pos[k + 1] = py;
  }
}

/**
 * The solve driver shared by both methods (chain.cpp Chain::solve without limits and maxStep).
 * @param {Float64Array} pos positions, x0, y0 (root) ... end, at `offset`; updated in place
 * @param {number} offset index of x0 in `pos`
 * @param {Float64Array} lengths bone lengths (n of them)
 * @param {number} n bones
 * @param {number} reach sum of the lengths
 * @param {number} tx target x
 * @param {number} ty target y
 * @param {number} iterations most sweeps
 * @param {number} tolerance absolute |end - target| that counts as reached
 * @param {boolean} fabrik true: FABRIK sweeps, false: CCD sweeps
 * @param {boolean} [shortcut=true] answer a target out of reach with one stretch sweep (ik2d);
 *   false iterates the plain algorithm instead (for the convergence table)
 * @returns {number} sweeps used
 */
export function solveChain(pos, offset, lengths, n, reach, tx, ty, iterations, tolerance, fabrik, shortcut = true) {
  const o = offset;
  const rootX = pos[o], rootY = pos[o + 1];
  const endX = o + 2 * n, endY = endX + 1;
  let ex = pos[endX] - tx, ey = pos[endY] - ty;
  if (ex * ex + ey * ey <= tolerance * tolerance || iterations <= 0) return 0;
  const outOfReach = (tx - rootX) * (tx - rootX) + (ty - rootY) * (ty - rootY) > reach * reach;
  if (outOfReach && shortcut) {
    stretch(pos, o, lengths, n, tx, ty);
    return 1;
  }
  const tol2 = tolerance * tolerance;
  const stalled = STALLED * reach;
  for (let sweep = 1; sweep <= iterations; sweep++) {
    const oldX = pos[endX], oldY = pos[endY];
    let moved = 0;
    if (sweep === 1 && isCollinear(pos, o, n, tx, ty, reach)) {
      nudgeOffLine(pos, o, lengths, n);
      sweepCcd(pos, o, n, tx, ty);
      moved = 1;
    }
    if (fabrik) {
      sweepFabrik(pos, o, lengths, n, tx, ty, rootX, rootY);
      const mx = pos[endX] - oldX, my = pos[endY] - oldY;
      if (mx * mx + my * my > stalled * stalled) moved = 1;
    } else if (sweepCcd(pos, o, n, tx, ty) > STALLED) {
      moved = 1;
    }
    ex = pos[endX] - tx; ey = pos[endY] - ty;
    if (ex * ex + ey * ey <= tol2 || !moved) return sweep;
  }
  return iterations;
}

/** FABRIK reference: see solveChain. */
export function solveFabrik(pos, offset, lengths, n, reach, tx, ty, iterations, tolerance, shortcut = true) {
  return solveChain(pos, offset, lengths, n, reach, tx, ty, iterations, tolerance, true, shortcut);
}

/** CCD reference: see solveChain. */
export function solveCcd(pos, offset, lengths, n, reach, tx, ty, iterations, tolerance, shortcut = true) {
  return solveChain(pos, offset, lengths, n, reach, tx, ty, iterations, tolerance, false, shortcut);
}

/** Writes a straight chain along +x from (rootX, rootY) at `offset`. */
export function straightChain(pos, offset, lengths, n, rootX = 0, rootY = 0) {
  let x = rootX;
  pos[offset] = rootX; pos[offset + 1] = rootY;
  for (let i = 0; i < n; i++) {
    x += lengths[i];
    pos[offset + 2 * i + 2] = x; pos[offset + 2 * i + 3] = rootY;
  }
}
