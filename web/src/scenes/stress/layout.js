/**
 * Where the stress scene's limbs and chains stand and what each reaches for: grids filling the
 * world rectangle, each element's root and starting pose, and its own target circling a spot above
 * its root, pulled toward the shared target near it.
 *
 * Contents: layout · targets · the poses getState() reports.
 *
 * - Limbs fill the upper half of the world rectangle, chains the lower half (either one takes it
 *   all when the other count is 0).
 * - Every limb and chain has its own target circling a spot above its root; the phase runs as a
 *   wave across the grid. Near the shared target (within INFLUENCE world units of a root), the own
 *   target is pulled toward the shared one, fully at the root: what is near the target reaches for
 *   it (stretched, out of reach, for most).
 * - cos/sin of each phase are precomputed at build time (Orbits), so a step costs a multiply-add
 *   per element and no allocation.
 */

/**
 * @typedef {import('../../model/settings.js').Point} Point
 * @typedef {import('../../model/settings.js').Rect} Rect
 * @typedef {import('../../../../core/bindings/ik2d').TwoBoneBatch} TwoBoneBatch
 * @typedef {import('../../../../core/bindings/ik2d').ChainBatch} ChainBatch
 *
 * @typedef {Object} Orbits Where each element's own target circles, precomputed at build time.
 * @property {Float64Array} centreX Centre of the circle.
 * @property {Float64Array} centreY
 * @property {Float64Array} cos cos of the element's phase.
 * @property {Float64Array} sin sin of the element's phase.
 * @property {number} radius Of the circle, world units (the same for every element).
 * @property {number} cell Grid cell size, world units (for line widths).
 */

/** Within this distance of the shared target (world units) a root's own target is pulled to it. */
export const INFLUENCE = 80;

// Layout --------------------------------------------------------------------------------------

/**
 * The rectangles the limbs and the chains fill: the upper and lower half of `world`, or all of it
 * for one when the other count is 0.
 * @param {Rect} world
 * @param {number} limbs
 * @param {number} chains
 * @returns {{limbRect: Rect, chainRect: Rect}}
 */
export function splitWorld(world, limbs, chains) {
  const split = world.minY + (world.maxY - world.minY) / 2;
  const limbRect = chains > 0 ? { ...world, minY: split } : world;
  const chainRect = limbs > 0 ? { ...world, maxY: split } : world;
  return { limbRect, chainRect };
}

/**
 * Columns, rows and cell size of a grid of `count` cells filling `rect` (cells close to square).
 * @param {number} count
 * @param {Rect} rect
 */
function grid(count, rect) {
  const width = rect.maxX - rect.minX;
  const height = rect.maxY - rect.minY;
  const cols = Math.max(1, Math.ceil(Math.sqrt((count * width) / height)));
  const rows = Math.max(1, Math.ceil(count / cols));
  return { cols, rows, cellWidth: width / cols, cellHeight: height / rows };
}

/**
 * Orbits for `count` elements on a grid: each element's cell centre and phase (a wave running
 * diagonally across the grid), filled row by row from the top.
 * @param {number} count
 * @param {Rect} rect
 * @param {number} rise How far above the cell centre the circle's centre is, in cells.
 * @param {number} radius Of the circle, in cells.
 * @param {(i: number, x: number, y: number, cell: number) => void} place Puts element i's root
 *   given its cell centre.
 * @returns {Orbits}
 */
function makeOrbits(count, rect, rise, radius, place) {
  const { cols, rows, cellWidth, cellHeight } = grid(count, rect);
  const cell = Math.min(cellWidth, cellHeight);
  const orbits = {
    centreX: new Float64Array(count),
    centreY: new Float64Array(count),
    cos: new Float64Array(count),
    sin: new Float64Array(count),
    radius: radius * cell,
    cell,
  };
  // Left to right and top to bottom the phase turns ~1.3 times across the grid.
  const alongCols = (2.6 * Math.PI) / Math.max(cols, 1);
  const alongRows = (1.4 * Math.PI) / Math.max(rows, 1);
  for (let i = 0; i < count; i += 1) {
    const col = i % cols;
    const row = Math.floor(i / cols);
    const x = rect.minX + (col + 0.5) * cellWidth;
    const y = rect.maxY - (row + 0.5) * cellHeight;
    place(i, x, y, cell);
    orbits.centreX[i] = x;
    orbits.centreY[i] = y + rise * cell;
    const phase = col * alongCols + row * alongRows;
    orbits.cos[i] = Math.cos(phase);
    orbits.sin[i] = Math.sin(phase);
  }
  return orbits;
}

/**
 * Roots, lengths and bends of every limb; returns their orbits.
 * The limb's root is low in its cell; its reach is 0.8 cell; its target circles 0.5 cell above
 * the root at 0.25 cell: always between the inner and outer reach, so every limb away from the
 * shared target is 'reached'.
 * @param {TwoBoneBatch} batch
 * @param {Rect} rect
 * @returns {Orbits}
 */
export function layoutLimbs(batch, rect) {
  const count = batch.count;
  // Views are read after the batch exists and nothing else allocates while they are used.
  const rootX = batch.rootX;
  const rootY = batch.rootY;
  const length1 = batch.length1;
  const length2 = batch.length2;
  const bend = batch.bend;
  const orbits = makeOrbits(count, rect, 0.15, 0.25, (i, x, y, cell) => {
    rootX[i] = x;
    rootY[i] = y - 0.35 * cell;
    length1[i] = 0.42 * cell;
    length2[i] = 0.38 * cell;
    bend[i] = i % 2 === 0 ? 1 : -1;
  });
  return orbits;
}

/**
 * Roots and straight-up starting poses of every chain; returns their orbits.
 * A chain reaches 0.85 cell from a root low in its cell; its target circles 0.5 cell above the
 * root at 0.28 cell.
 * @param {ChainBatch} batch
 * @param {Rect} rect
 * @returns {Orbits}
 */
export function layoutChains(batch, rect) {
  const count = batch.count;
  const bones = batch.bones;
  const rootX = batch.rootX;
  const rootY = batch.rootY;
  const lengths = batch.lengths;
  const x = batch.x;
  const y = batch.y;
  return makeOrbits(count, rect, 0.05, 0.28, (i, cx, cy, cell) => {
    const bone = (0.85 * cell) / bones;
    const rx = cx;
    const ry = cy - 0.45 * cell;
    rootX[i] = rx;
    rootY[i] = ry;
    for (let j = 0; j < bones; j += 1) lengths[j * count + i] = bone;
    // Straight up to start with (the batch starts every chain along +x from (0, 0)).
    for (let j = 0; j <= bones; j += 1) {
      x[j * count + i] = rx;
      y[j * count + i] = ry + j * bone;
    }
  });
}

// Targets --------------------------------------------------------------------------------------

/**
 * Writes every element's target for this step: its own circle at phase (time + its phase),
 * pulled toward the shared target within INFLUENCE of the root (smoothstep, fully at the root).
 * @param {Orbits} orbits
 * @param {Float64Array} rootX
 * @param {Float64Array} rootY
 * @param {Float64Array} targetX Written.
 * @param {Float64Array} targetY Written.
 * @param {number} c cos(angular speed × time).
 * @param {number} s sin(angular speed × time).
 * @param {Point} shared The user's target.
 * @returns {number} Index of the element whose root is nearest the shared target (-1: none).
 */
export function writeTargets(orbits, rootX, rootY, targetX, targetY, c, s, shared) {
  const { centreX, centreY, cos, sin, radius } = orbits;
  const count = centreX.length;
  const sx = shared.x;
  const sy = shared.y;
  const reach2 = INFLUENCE * INFLUENCE;
  let nearest = -1;
  let nearest2 = Infinity;
  for (let i = 0; i < count; i += 1) {
    // cos/sin(a + b) from the precomputed phase: no trigonometry per element.
    let x = centreX[i] + radius * (c * cos[i] - s * sin[i]);
    let y = centreY[i] + radius * (s * cos[i] + c * sin[i]);
    const dx = sx - rootX[i];
    const dy = sy - rootY[i];
    const d2 = dx * dx + dy * dy;
    if (d2 < reach2) {
      if (d2 < nearest2) {
        nearest2 = d2;
        nearest = i;
      }
      const u = 1 - Math.sqrt(d2) / INFLUENCE;
      const w = u * u * (3 - 2 * u);
      x += (sx - x) * w;
      y += (sy - y) * w;
    }
    targetX[i] = x;
    targetY[i] = y;
  }
  return nearest;
}

// The poses getState() reports ----------------------------------------------------------------

/**
 * Limb i's joints, target and status.
 * @param {TwoBoneBatch} limbs
 * @param {number} i
 */
export function limbPose(limbs, i) {
  return {
    index: i,
    root: { x: limbs.rootX[i], y: limbs.rootY[i] },
    joint: { x: limbs.jointX[i], y: limbs.jointY[i] },
    end: { x: limbs.endX[i], y: limbs.endY[i] },
    target: { x: limbs.targetX[i], y: limbs.targetY[i] },
    status: limbs.status[i],
  };
}

/**
 * Chain i's root, end, target and status.
 * @param {ChainBatch} chains
 * @param {number} i
 */
export function chainPose(chains, i) {
  const tip = chains.bones * chains.count + i;
  return {
    index: i,
    root: { x: chains.rootX[i], y: chains.rootY[i] },
    end: { x: chains.x[tip], y: chains.y[tip] },
    target: { x: chains.targetX[i], y: chains.targetY[i] },
    status: chains.status[i],
  };
}
