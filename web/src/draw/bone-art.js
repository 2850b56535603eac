/**
 * The author's own pictures on the bones (docs/playground.md, "Pictures on the bones"): as a game
 * engine draws a sprite per bone, a picture is drawn along bone N, scaled so that its width spans
 * the bone and turned with it; its origin (image pixels, default the middle of its left edge) sits
 * on the bone's start.
 *
 * Scenes with bones list them in world units (SceneInstance.bones) and mark where in their drawing
 * the pictures go (DrawUi.drawArt: over the sticks, under the joints and handles); the drawing
 * itself is here, the same for the canvas, the SVG export and the animation frames. The pictures
 * are given (an <img> the host made, a dropped file): nothing here fetches anything.
 *
 * No DOM needed to load this module: its parsing and placement are tested in Node.
 */

/**
 * @typedef {import('../model/settings.js').Point} Point
 * @typedef {import('./view.js').View} View
 *
 * @typedef {Object} Bone A bone in world units: from its start (the joint it turns about) to its end.
 * @property {number} x0
 * @property {number} y0
 * @property {number} x1
 * @property {number} y1
 *
 * @typedef {Object} BoneArt One picture on one bone.
 * @property {number} bone The bone's index in the scene's bones().
 * @property {CanvasImageSource & {naturalWidth?: number, naturalHeight?: number, width: number, height: number}} image
 *   A decoded picture: an <img> (its natural size is used) or an ImageBitmap.
 * @property {Point | null} origin The picture's point placed on the bone's start, image pixels;
 *   null: the middle of its left edge.
 * @property {string} [scene] Drawn only in this scene (a picture dropped on the playground's arm
 *   stays on the arm); none: in whatever scene is shown (an element's pictures).
 *
 * @typedef {{a: number, b: number, c: number, d: number, e: number, f: number}} Matrix
 *   Image pixels → canvas pixels: (u, v) ↦ (a u + c v + e, b u + d v + f), as CanvasRenderingContext2D.transform.
 */

/** The largest bone index data-bone takes (a chain has at most 32 bones, a spider 32). */
export const MAX_BONE_INDEX = 999;

/**
 * Reads a data-bone attribute: a whole number from 0 to MAX_BONE_INDEX, written in digits.
 * @param {string | null} text
 * @returns {{index: number} | {error: string}}
 */
export function parseBoneIndex(text) {
  const value = (text ?? '').trim();
  if (!/^\d+$/.test(value) || Number(value) > MAX_BONE_INDEX) {
    return { error: `data-bone="${value.slice(0, 40)}" is not a bone number (a whole number from 0 to ${MAX_BONE_INDEX})` };
  }
  return { index: Number(value) };
}

/**
 * Reads a data-origin attribute: "x,y", two finite numbers (image pixels); none (null or only
 * spaces): the default, the middle of the picture's left edge.
 * @param {string | null} text
 * @returns {{origin: Point | null} | {error: string}}
 */
export function parseOrigin(text) {
  if (text === null || text.trim() === '') return { origin: null };
  const parts = text.split(',').map((part) => part.trim());
  const numbers = parts.map((part) => (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(part) ? Number(part) : NaN));
  if (numbers.length !== 2 || !numbers.every(Number.isFinite)) {
    return { error: `data-origin="${text.trim().slice(0, 40)}" is not a point (two numbers "x,y", image pixels)` };
  }
  return { origin: { x: numbers[0], y: numbers[1] } };
}

/**
 * The picture's size in its own pixels (an <img>'s natural size; an ImageBitmap's size).
 * @param {BoneArt['image']} image
 * @returns {{width: number, height: number}}
 */
export function imageSize(image) {
  return {
    width: image.naturalWidth ?? image.width,
    height: image.naturalHeight ?? image.height,
  };
}

/**
 * Where a picture goes on a bone drawn from `from` to `to` (canvas pixels, y down): scaled by
 * |to − from| / width (the width spans the bone, the height follows), turned to the bone's
 * direction, its `origin` on `from`. Null when there is nothing to draw: a bone of no length, a
 * picture of no size, or a number that is not finite.
 * @param {Point} from
 * @param {Point} to
 * @param {number} width The picture's width, its pixels.
 * @param {number} height The picture's height, its pixels.
 * @param {Point | null} origin Its point placed on `from`; null: (0, height / 2).
 * @returns {Matrix | null}
 */
export function placement(from, to, width, height, origin) {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const length = Math.hypot(dx, dy);
  if (!(width > 0) || !(height > 0) || !(length > 0) || !Number.isFinite(length) || !Number.isFinite(width)
    || !Number.isFinite(height)) return null;
  const ox = origin ? origin.x : 0;
  const oy = origin ? origin.y : height / 2;
  const scale = length / width;
  const a = (dx / length) * scale;
  const b = (dy / length) * scale;
  const matrix = { a, b, c: -b, d: a, e: from.x - (a * ox - b * oy), f: from.y - (b * ox + a * oy) };
  return Object.values(matrix).every(Number.isFinite) ? matrix : null;
}

/**
 * Maps a picture's pixel through a placement (for tests and hit checks).
 * @param {Matrix} m
 * @param {Point} p Image pixels.
 * @returns {Point} Canvas pixels.
 */
export function applyMatrix(m, p) {
  return { x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f };
}

/**
 * The pictures a scene shows: those of no scene in particular and those of this one.
 * @param {readonly BoneArt[]} art
 * @param {string} scene
 */
export function artFor(art, scene) {
  return art.filter((item) => item.scene === undefined || item.scene === scene);
}

/**
 * Distance from a point to the segment a–b (any units, the same for all three).
 * @param {Point} p
 * @param {Point} a
 * @param {Point} b
 */
export function distanceToSegment(p, a, b) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  const t = length2 > 0 ? Math.min(1, Math.max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2)) : 0;
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/**
 * The bone nearest a point, if one is within `within` of it: its index, else -1.
 * @param {readonly {a: Point, b: Point}[]} segments The bones, in the point's units.
 * @param {Point} p
 * @param {number} within
 */
export function nearestBone(segments, p, within) {
  let best = -1;
  let bestDistance = within;
  segments.forEach(({ a, b }, i) => {
    const d = distanceToSegment(p, a, b);
    if (d <= bestDistance) {
      best = i;
      bestDistance = d;
    }
  });
  return best;
}

/**
 * Draws the pictures on their bones: each through its placement, in the order given (later over
 * earlier). A picture whose bone the scene does not have (an index past its last bone) draws nothing.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {readonly Bone[]} bones
 * @param {readonly BoneArt[]} art
 * @param {(bone: number) => boolean} [only] Draws only the bones this accepts (the spider's far
 *   legs under its body, its near legs over it).
 */
export function drawBoneArt(ctx, view, bones, art, only) {
  for (const item of art) {
    const bone = bones[item.bone];
    if (!bone || (only && !only(item.bone))) continue;
    const { width, height } = imageSize(item.image);
    const m = placement(view.worldToCanvas({ x: bone.x0, y: bone.y0 }), view.worldToCanvas({ x: bone.x1, y: bone.y1 }),
      width, height, item.origin);
    if (!m) continue;
    ctx.save();
    ctx.transform(m.a, m.b, m.c, m.d, m.e, m.f);
    ctx.drawImage(item.image, 0, 0, width, height);
    ctx.restore();
  }
}

/**
 * Bones from a positions array laid out as [x0, y0, x1, y1, ...] joint after joint (a chain: bone i
 * from joint i to joint i + 1).
 * @param {ArrayLike<number>} positions
 * @returns {Bone[]}
 */
export function chainBones(positions) {
  /** @type {Bone[]} */
  const bones = [];
  for (let i = 0; i + 3 < positions.length; i += 2) {
    bones.push({ x0: positions[i], y0: positions[i + 1], x1: positions[i + 2], y1: positions[i + 3] });
  }
  return bones;
}

/**
 * The error an export gives when a picture made the canvas unreadable (a picture from another
 * origin served without CORS: the browser then refuses to hand out the canvas' pixels), or the
 * error itself when it is another one.
 * @param {unknown} error
 * @param {string} what The call, e.g. "exportImage".
 */
export function exportError(error, what) {
  if (error instanceof Error && error.name === 'SecurityError') {
    return new Error(`${what}: a picture on a bone comes from another site that does not allow it to be read `
      + '(no CORS), so the browser does not let the drawing be exported; serve the picture from the page\'s own '
      + 'host, or with Access-Control-Allow-Origin and crossorigin on the <img>');
  }
  return error;
}
