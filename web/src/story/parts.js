/**
 * The named parts of a figure (el.parts(), <ik2d-mark part>): where each one is, in world units,
 * read from the figure's getState() and its bones, per scene (docs/stories.md lists them):
 *
 *   arm       root, joint, end, target, bone:0, bone:1, triangle, reach
 *   chain     root, target, end, pole, bone:i, joint:i
 *   puppet    bone:i, effector:i (and the pins by name: head, leftHand...)
 *   spider    body, leg:i
 *   creature  head, spine, leg:i
 *   rope      anchor, end
 *
 * @typedef {{x: number, y: number}} Point
 * @typedef {{kind: 'point', at: Point}
 *   | {kind: 'line', points: Point[]}
 *   | {kind: 'polygon', points: Point[]}
 *   | {kind: 'ring', center: Point, radii: number[]}} Shape
 *   A point is drawn as a ring around it; a line along it; a polygon filled; a ring as circles.
 */

/** @param {unknown} p @returns {p is Point} */
function isPoint(p) {
  return Boolean(p) && typeof (/** @type {any} */ (p).x) === 'number' && typeof (/** @type {any} */ (p).y) === 'number'
    && Number.isFinite(/** @type {any} */ (p).x) && Number.isFinite(/** @type {any} */ (p).y);
}

/** @param {unknown} flat x, y pairs @returns {Point[]} */
function pairs(flat) {
  if (!Array.isArray(flat)) return [];
  /** @type {Point[]} */
  const points = [];
  for (let i = 0; i + 1 < flat.length; i += 2) points.push({ x: flat[i], y: flat[i + 1] });
  return points;
}

/**
 * The parts a figure has now, by name, in the order el.parts() lists them.
 * @param {Record<string, any>} state getState()
 * @param {{x0: number, y0: number, x1: number, y1: number}[]} bones The scene's bones (bone-art.js).
 * @returns {Map<string, Shape>}
 */
export function partsOf(state, bones) {
  /** @type {Map<string, Shape>} */
  const parts = new Map();
  const point = (/** @type {string} */ name, /** @type {unknown} */ at) => {
    if (isPoint(at)) parts.set(name, { kind: 'point', at: { x: at.x, y: at.y } });
  };
  const line = (/** @type {string} */ name, /** @type {unknown[]} */ points) => {
    if (points.length >= 2 && points.every(isPoint)) parts.set(name, { kind: 'line', points: /** @type {Point[]} */ (points) });
  };
  const boneLines = () => bones.forEach((bone, i) => line(`bone:${i}`, [{ x: bone.x0, y: bone.y0 }, { x: bone.x1, y: bone.y1 }]));
  switch (state.scene) {
    case 'arm': {
      const { root, target, result } = state;
      point('root', root);
      point('joint', result?.joint);
      point('end', result?.end);
      point('target', target);
      line('bone:0', [root, result?.joint]);
      line('bone:1', [result?.joint, result?.end]);
      if (isPoint(root) && isPoint(result?.joint) && isPoint(result?.end)) {
        parts.set('triangle', { kind: 'polygon', points: [root, result.joint, result.end] });
      }
      const { length1: a, length2: b } = state.params ?? {};
      if (isPoint(root) && typeof a === 'number' && typeof b === 'number') {
        parts.set('reach', { kind: 'ring', center: root, radii: [Math.abs(a - b), a + b] });
      }
      break;
    }
    case 'chain': {
      const joints = pairs(state.positions);
      point('root', state.root);
      point('target', state.target);
      point('end', joints.at(-1));
      point('pole', state.pole);
      for (let i = 0; i + 1 < joints.length; i += 1) line(`bone:${i}`, [joints[i], joints[i + 1]]);
      joints.slice(0, -1).forEach((joint, i) => point(`joint:${i}`, joint));
      break;
    }
    case 'puppet': {
      boneLines();
      const effectors = Array.isArray(state.effectors) ? state.effectors : [];
      effectors.forEach((/** @type {any} */ effector, /** @type {number} */ i) => point(`effector:${i}`, effector?.end));
      effectors.forEach((/** @type {any} */ effector) => {
        if (typeof effector?.name === 'string') point(effector.name, state[effector.name]);
      });
      point('root', state.root);
      break;
    }
    case 'spider': {
      if (isPoint(state.body)) parts.set('body', { kind: 'ring', center: state.body, radii: [18] });
      (Array.isArray(state.legs) ? state.legs : []).forEach((/** @type {any} */ leg, /** @type {number} */ i) => line(`leg:${i}`, [leg?.hip, leg?.knee, leg?.foot]));
      point('target', state.target);
      break;
    }
    case 'creature': {
      point('head', state.head);
      const spine = state.creature?.spine;
      if (Array.isArray(spine)) line('spine', spine);
      (Array.isArray(state.creature?.legs) ? state.creature.legs : []).forEach((/** @type {any} */ leg, /** @type {number} */ i) => line(`leg:${i}`, [leg?.hip, leg?.knee, leg?.foot]));
      point('target', state.target);
      break;
    }
    case 'rope': {
      point('anchor', state.anchor);
      point('end', state.end);
      point('target', state.target);
      break;
    }
    default:
      boneLines();
  }
  return parts;
}

/**
 * How far a point is from a shape (0 inside a polygon), in the units of both.
 * @param {Shape} shape
 * @param {Point} p
 */
export function distanceTo(shape, p) {
  const segment = (/** @type {Point} */ a, /** @type {Point} */ b) => {
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const length2 = dx * dx + dy * dy;
    const t = length2 > 0 ? Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2)) : 0;
    return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
  };
  switch (shape.kind) {
    case 'point':
      return Math.hypot(p.x - shape.at.x, p.y - shape.at.y);
    case 'line': {
      let best = Infinity;
      for (let i = 0; i + 1 < shape.points.length; i += 1) best = Math.min(best, segment(shape.points[i], shape.points[i + 1]));
      return best;
    }
    case 'polygon': {
      let inside = false;
      let best = Infinity;
      const n = shape.points.length;
      for (let i = 0, j = n - 1; i < n; j = i, i += 1) {
        const a = shape.points[i];
        const b = shape.points[j];
        if ((a.y > p.y) !== (b.y > p.y) && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
        best = Math.min(best, segment(a, b));
      }
      return inside ? 0 : best;
    }
    case 'ring': {
      const r = Math.hypot(p.x - shape.center.x, p.y - shape.center.y);
      return Math.min(...shape.radii.map((radius) => Math.abs(r - radius)));
    }
    default:
      return Infinity;
  }
}
