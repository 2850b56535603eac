/**
 * A figure's highlight: the part of an <ik2d-scene> that marks (marks.js), the pointer or the
 * script (el.highlight()) ask for, drawn on a canvas of its own over the figure's, and el.parts().
 * The element needs this part of the story whatever page it is on; the mark element does not.
 */

import { accessOf, storySheet } from './access.js';
import { distanceTo, partsOf } from './parts.js';

/** The element's name. */
export const MARK_TAG = 'ik2d-mark';

/** How near the pointer must be to a part to point at it, CSS px. */
const POINT_RADIUS = 12;

/** What pointing inside an area counts as, CSS px: a bone or a point within this wins. */
const AREA_BIAS = 6;

/** The highlight's colour (an amber that reads on light and dark backgrounds). */
const HIGHLIGHT = [240, 160, 0];
export const rgba = (/** @type {number} */ alpha) => `rgba(${HIGHLIGHT.join(', ')}, ${alpha})`;

const overlaySheet = storySheet(`
canvas.story-highlight { position: absolute; inset: 0; width: 100%; height: 100%; pointer-events: none; }
`);
/** One figure's highlight: who asked for which part, and the canvas it is drawn on. */
class Highlighter {
  /** @param {HTMLElement} figure */
  constructor(figure) {
    this.figure = figure;
    /** Who asked for a part (marks, pointing, the script), last asked last. @type {Map<unknown, string>} */
    this.requests = new Map();
    /** @type {HTMLCanvasElement | null} */
    this.canvas = null;
    this.frame = 0;
    /** The canvas the figure draws on, once its pointing is watched. @type {HTMLCanvasElement | null} */
    this.watched = null;
    /** The part the pointer is on, if any. @type {string | null} */
    this.pointed = null;
  }

  /** @param {unknown} source @param {string | null} part */
  request(source, part) {
    this.requests.delete(source);
    if (part !== null) this.requests.set(source, part);
    this.schedule();
  }

  /** The part shown: the last one asked for. */
  shown() {
    let part = null;
    for (const value of this.requests.values()) part = value;
    return part;
  }

  schedule() {
    if (!this.frame) this.frame = requestAnimationFrame(() => this.draw());
  }

  /** Draws the part shown (and again next frame while one is: the figure may move). */
  draw() {
    this.frame = 0;
    const access = accessOf(this.figure);
    const part = this.shown();
    if (!access.api || !this.figure.isConnected) {
      this.canvas?.remove();
      this.canvas = null;
      return;
    }
    const shape = part === null ? undefined : this.parts(access).get(part);
    if (!shape) {
      if (this.canvas) this.canvas.hidden = true;
      return;
    }
    const canvas = this.overlay(access);
    canvas.hidden = false;
    const box = canvas.getBoundingClientRect();
    const ratio = devicePixelRatio || 1;
    const width = Math.max(1, Math.round(box.width * ratio));
    const height = Math.max(1, Math.round(box.height * ratio));
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    const context = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, box.width, box.height);
    drawShape(context, toClient(shape, access, box));
    this.schedule();
  }

  /** @param {import('./access.js').FigureAccess} access */
  parts(access) {
    return partsOf(/** @type {Record<string, any>} */ (access.api?.getState() ?? {}), access.bones());
  }

  /** The highlight canvas over the figure's, made once. @param {import('./access.js').FigureAccess} access */
  overlay(access) {
    if (this.canvas?.isConnected) return this.canvas;
    const canvas = document.createElement('canvas');
    canvas.className = 'story-highlight';
    canvas.setAttribute('aria-hidden', 'true');
    if (!access.root.adoptedStyleSheets.includes(overlaySheet())) {
      access.root.adoptedStyleSheets = [...access.root.adoptedStyleSheets, overlaySheet()];
    }
    access.canvas.after(canvas);
    this.canvas = canvas;
    return canvas;
  }

  /** Watches the pointer over the figure for parts that marks name (once the figure runs). */
  watch() {
    const access = accessOf(this.figure);
    if (!access.api || this.watched === access.canvas) return;
    this.watched = access.canvas;
    const move = (/** @type {PointerEvent} */ event) => this.point({ x: event.clientX, y: event.clientY });
    access.canvas.addEventListener('pointermove', move);
    access.canvas.addEventListener('pointerdown', move);
    access.canvas.addEventListener('pointerleave', () => this.point(null));
  }

  /** The pointer at a viewport point over the figure (null: it left). @param {{x: number, y: number} | null} at */
  point(at) {
    const marks = marksOf(this.figure);
    let found = null;
    if (at && marks.length) {
      const access = accessOf(this.figure);
      const named = new Set(marks.map((mark) => mark.getAttribute('part')));
      const box = access.canvas.getBoundingClientRect();
      const local = { x: at.x - box.left, y: at.y - box.top };
      let best = Infinity;
      for (const [name, shape] of this.parts(access)) {
        if (!named.has(name)) continue;
        const distance = distanceTo(toClient(shape, access, box), local);
        if (distance > POINT_RADIUS) continue;
        // An area (the triangle, the reach) gives way to a bone or a point on it or near it.
        const score = distance + (shape.kind === 'polygon' || shape.kind === 'ring' ? AREA_BIAS : 0);
        if (score < best) {
          best = score;
          found = name;
        }
      }
    }
    if (found === this.pointed) return;
    this.pointed = found;
    for (const mark of marks) mark.toggleAttribute('active', found !== null && mark.getAttribute('part') === found);
    this.request('pointer', found);
  }
}

/** @type {WeakMap<HTMLElement, Highlighter>} */
const highlighters = new WeakMap();

/** @param {HTMLElement} figure */
export function highlighterOf(figure) {
  let highlighter = highlighters.get(figure);
  if (!highlighter) {
    highlighter = new Highlighter(figure);
    highlighters.set(figure, highlighter);
  }
  return highlighter;
}

/** The marks on the page for a figure. @param {HTMLElement} figure @returns {Element[]} */
function marksOf(figure) {
  if (!figure.id) return [];
  const root = /** @type {Document | ShadowRoot} */ (figure.getRootNode());
  return [...root.querySelectorAll(MARK_TAG)].filter((mark) => mark.getAttribute('for') === figure.id);
}

/**
 * A shape in world units → in the canvas' CSS px.
 * @param {import('./parts.js').Shape} shape
 * @param {import('./access.js').FigureAccess} access
 * @param {DOMRect} box The canvas' place in the viewport.
 * @returns {import('./parts.js').Shape}
 */
function toClient(shape, access, box) {
  const api = /** @type {import('../host/playground.js').Playground} */ (access.api);
  const map = (/** @type {{x: number, y: number}} */ p) => {
    const client = api.worldToClient(p);
    return { x: client.x - box.left, y: client.y - box.top };
  };
  switch (shape.kind) {
    case 'point': return { kind: 'point', at: map(shape.at) };
    case 'line': return { kind: 'line', points: shape.points.map(map) };
    case 'polygon': return { kind: 'polygon', points: shape.points.map(map) };
    case 'ring': {
      const center = map(shape.center);
      const unit = map({ x: shape.center.x + 1, y: shape.center.y });
      const scale = Math.hypot(unit.x - center.x, unit.y - center.y);
      return { kind: 'ring', center, radii: shape.radii.map((r) => r * scale) };
    }
    default: return shape;
  }
}

/**
 * Draws a shape highlighted (CSS px).
 * @param {CanvasRenderingContext2D} context
 * @param {import('./parts.js').Shape} shape
 */
function drawShape(context, shape) {
  context.lineCap = 'round';
  context.lineJoin = 'round';
  const path = new Path2D();
  /**
   * The path filled at `fill` alpha and outlined `width` px wide, nearly opaque.
   * @param {number} fill
   * @param {number} width
   * @param {CanvasFillRule} [rule]
   */
  const outline = (fill, width, rule = 'nonzero') => {
    context.fillStyle = rgba(fill);
    context.fill(path, rule);
    context.strokeStyle = rgba(0.95);
    context.lineWidth = width;
    context.stroke(path);
  };
  if (shape.kind === 'point') {
    path.arc(shape.at.x, shape.at.y, 11, 0, Math.PI * 2);
    outline(0.3, 3);
    return;
  }
  if (shape.kind === 'ring') {
    for (const radius of shape.radii) {
      path.moveTo(shape.center.x + radius, shape.center.y);
      path.arc(shape.center.x, shape.center.y, radius, 0, Math.PI * 2);
    }
    outline(0.16, 4, 'evenodd');
    return;
  }
  shape.points.forEach((p, i) => (i === 0 ? path.moveTo(p.x, p.y) : path.lineTo(p.x, p.y)));
  if (shape.kind === 'polygon') {
    path.closePath();
    outline(0.35, 3);
    return;
  }
  context.strokeStyle = rgba(0.45);
  context.lineWidth = 14;
  context.stroke(path);
  context.strokeStyle = rgba(0.95);
  context.lineWidth = 3;
  context.stroke(path);
}

/**
 * el.parts(): the names of the parts the figure has now.
 * @param {HTMLElement} figure
 */
export function figureParts(figure) {
  return [...highlighterOf(figure).parts(accessOf(figure)).keys()];
}

/**
 * el.highlight(part | null): lights a part from script (null: the script's highlight off).
 * @param {HTMLElement} figure
 * @param {unknown} part
 */
export function figureHighlight(figure, part) {
  if (part !== null && typeof part !== 'string') {
    throw new TypeError(`ik2d-scene.highlight(part) expects a part name or null, got ${typeof part}`);
  }
  const parts = figureParts(figure);
  if (part !== null && !parts.includes(part)) {
    throw new RangeError(`ik2d-scene.highlight(part): no part "${part.slice(0, 40)}" in this figure (its parts: ${parts.join(', ')})`);
  }
  highlighterOf(figure).request('script', part);
}
