/**
 * A stand-in for CanvasRenderingContext2D that records what is drawn as SVG: the playground's
 * figure export (playground.exportImage('svg')) runs the very same drawing code into it, so the
 * SVG shows what the canvas shows, as vector paths and text.
 *
 * It covers what the page's drawing uses: paths (moveTo, lineTo, arc, ellipse, rect, roundRect,
 * quadratic and Bézier curves, closePath), fill (nonzero or evenodd), stroke, fillRect, fillText, strokeText,
 * measureText (widths from text-metrics.js' table, so the browser's export and `npx ik2d render` in
 * Node lay text out alike), save/restore, setLineDash and the style properties
 * (fillStyle, strokeStyle, lineWidth, lineCap, lineJoin, font, textAlign, textBaseline,
 * globalAlpha), and drawImage (the author's pictures on the bones: an <image> with the picture as a
 * PNG data URL, placed by the transform() calls before it; transform() moves images only, as the page
 * draws nothing else through one). Coordinates are CSS pixels, as the page draws. `canvas` is null:
 * the SVG is the drawing alone, so the page's elements laid over the canvas do not move its labels.
 * Nothing here needs a browser but drawImage: the same code records in Node.
 * Drawing code may name what it draws with beginPart()/endPart() (draw.js): the SVG groups it as
 * `<g data-part="bone">`, which a real canvas ignores.
 */

import { textWidth } from './text-metrics.js';

/** @typedef {{fillStyle: string, strokeStyle: string, lineWidth: number, lineCap: string, lineJoin: string,
 *   font: string, textAlign: string, textBaseline: string, globalAlpha: number, dash: number[],
 *   matrix: number[]}} Style matrix: [a, b, c, d, e, f], what transform() made (images only). */

/** Each picture as a PNG data URL, made once per picture and source. */
/** @type {WeakMap<object, {key: string, url: string}>} */
const dataUrls = new WeakMap();

/**
 * A picture as a PNG data URL (through a canvas of its size). A picture from another origin without
 * CORS makes that canvas unreadable: toDataURL throws a SecurityError, which the export reports.
 * @param {CanvasImageSource & {width: number, height: number}} image
 * @param {number} width
 * @param {number} height
 */
function dataUrlOf(image, width, height) {
  const key = `${'currentSrc' in image ? image.currentSrc : ''} ${width}x${height}`;
  const known = dataUrls.get(image);
  if (known && known.key === key) return known.url;
  const scratch = document.createElement('canvas');
  scratch.width = Math.max(1, Math.round(width));
  scratch.height = Math.max(1, Math.round(height));
  /** @type {CanvasRenderingContext2D} */ (scratch.getContext('2d')).drawImage(image, 0, 0, scratch.width, scratch.height);
  const url = scratch.toDataURL('image/png');
  dataUrls.set(image, { key, url });
  return url;
}

/** @param {number} value */
const num = (value) => String(Math.round(value * 100) / 100);

/**
 * Text safe in SVG content and in a double-quoted attribute (control characters XML does not allow
 * are left out).
 * @param {string} text
 */
const escapeXml = (text) => text.replace(/[&<>"\u0000-\u0008\u000b\u000c\u000e-\u001f]/g,
  (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? '');

/** SVG's text-anchor for canvas' textAlign. */
const ANCHORS = /** @type {Record<string, string>} */ ({ left: 'start', start: 'start', center: 'middle', right: 'end', end: 'end' });
/** SVG's dominant-baseline for canvas' textBaseline. */
const BASELINES = /** @type {Record<string, string>} */ ({
  top: 'hanging', hanging: 'hanging', middle: 'central', alphabetic: 'alphabetic', ideographic: 'ideographic', bottom: 'text-after-edge',
});

/**
 * The parts of a CSS font shorthand as SVG attributes.
 * @param {string} font e.g. "600 12px system-ui, sans-serif"
 */
function fontAttributes(font) {
  const match = /^\s*(?:(italic|oblique|normal)\s+)?(?:(bold|bolder|lighter|normal|\d{3})\s+)?([\d.]+)px(?:\/[\d.]+\w*)?\s+(.+)$/.exec(font);
  if (!match) return `style="font: ${escapeXml(font)}"`;
  const [, style, weight, size, family] = match;
  return `font-family="${escapeXml(family)}" font-size="${size}"${weight && weight !== 'normal' ? ` font-weight="${weight}"` : ''}${style && style !== 'normal' ? ` font-style="${style}"` : ''}`;
}

/**
 * Creates a recording context of `width` × `height` CSS pixels.
 * @param {number} width
 * @param {number} height
 * @returns {{context: CanvasRenderingContext2D, toString: () => string}}
 */
export function createSvgContext(width, height) {
  /** @type {string[]} */
  const body = [];
  /** @type {Style} */
  let style = {
    fillStyle: '#000', strokeStyle: '#000', lineWidth: 1, lineCap: 'butt', lineJoin: 'miter',
    font: '10px sans-serif', textAlign: 'start', textBaseline: 'alphabetic', globalAlpha: 1, dash: [],
    matrix: [1, 0, 0, 1, 0, 0],
  };
  /** @type {Style[]} */
  const saved = [];
  let path = '';
  /** @type {{x: number, y: number} | null} */
  let current = null;
  /** @type {{x: number, y: number} | null} */
  let subpathStart = null;

  /** @param {number} x @param {number} y */
  function moveTo(x, y) {
    path += `M${num(x)} ${num(y)}`;
    current = { x, y };
    subpathStart = { x, y };
  }
  /** @param {number} x @param {number} y */
  function lineTo(x, y) {
    if (!current) moveTo(x, y);
    else {
      path += `L${num(x)} ${num(y)}`;
      current = { x, y };
    }
  }

  /**
   * An elliptical arc from angle a0 to a1 (radians, canvas' direction), as SVG arc segments of at
   * most half a turn each (so no large-arc ambiguity).
   * @param {number} x @param {number} y @param {number} rx @param {number} ry @param {number} rotation
   * @param {number} a0 @param {number} a1 @param {boolean} ccw
   */
  function arcPath(x, y, rx, ry, rotation, a0, a1, ccw) {
    const turn = 2 * Math.PI;
    let sweep = a1 - a0;
    if (!ccw && sweep >= turn) sweep = turn;
    else if (ccw && -sweep >= turn) sweep = -turn;
    else if (!ccw) sweep = ((sweep % turn) + turn) % turn;
    else sweep = -((((a0 - a1) % turn) + turn) % turn);
    const cos = Math.cos(rotation);
    const sin = Math.sin(rotation);
    /** @param {number} t */
    const at = (t) => ({
      x: x + rx * Math.cos(t) * cos - ry * Math.sin(t) * sin,
      y: y + rx * Math.cos(t) * sin + ry * Math.sin(t) * cos,
    });
    const start = at(a0);
    if (current) lineTo(start.x, start.y);
    else moveTo(start.x, start.y);
    const pieces = Math.max(1, Math.ceil(Math.abs(sweep) / Math.PI - 1e-9));
    for (let i = 1; i <= pieces; i += 1) {
      const p = at(a0 + (sweep * i) / pieces);
      path += `A${num(rx)} ${num(ry)} ${num((rotation * 180) / Math.PI)} 0 ${sweep > 0 ? 1 : 0} ${num(p.x)} ${num(p.y)}`;
      current = p;
    }
  }

  /** Attributes every drawn element shares. */
  function common() {
    return style.globalAlpha < 1 ? ` opacity="${num(style.globalAlpha)}"` : '';
  }
  function strokeAttributes() {
    const dash = style.dash.length ? ` stroke-dasharray="${style.dash.map(num).join(' ')}"` : '';
    return `stroke="${escapeXml(style.strokeStyle)}" stroke-width="${num(style.lineWidth)}" stroke-linecap="${style.lineCap}" stroke-linejoin="${style.lineJoin}"${dash}`;
  }
  /** @param {string} text @param {number} x @param {number} y @param {string} paint */
  function text(text, x, y, paint) {
    const anchor = ANCHORS[style.textAlign] ?? 'start';
    const baseline = BASELINES[style.textBaseline] ?? 'alphabetic';
    body.push(`<text x="${num(x)}" y="${num(y)}" ${fontAttributes(style.font)} text-anchor="${anchor}" dominant-baseline="${baseline}" ${paint}${common()}>${escapeXml(text)}</text>`);
  }

  const context = {
    canvas: null,
    get fillStyle() { return style.fillStyle; },
    set fillStyle(value) { style.fillStyle = String(value); },
    get strokeStyle() { return style.strokeStyle; },
    set strokeStyle(value) { style.strokeStyle = String(value); },
    get lineWidth() { return style.lineWidth; },
    set lineWidth(value) { style.lineWidth = value; },
    get lineCap() { return style.lineCap; },
    set lineCap(value) { style.lineCap = value; },
    get lineJoin() { return style.lineJoin; },
    set lineJoin(value) { style.lineJoin = value; },
    get font() { return style.font; },
    set font(value) { style.font = value; },
    get textAlign() { return style.textAlign; },
    set textAlign(value) { style.textAlign = value; },
    get textBaseline() { return style.textBaseline; },
    set textBaseline(value) { style.textBaseline = value; },
    get globalAlpha() { return style.globalAlpha; },
    set globalAlpha(value) { style.globalAlpha = value; },
    save() { saved.push({ ...style, dash: style.dash.slice(), matrix: style.matrix.slice() }); },
    restore() { style = saved.pop() ?? style; },
    /** @param {number[]} dash */
    setLineDash(dash) { style.dash = dash.slice(); },
    getLineDash() { return style.dash.slice(); },
    setTransform() { /* The page draws in CSS pixels; the SVG is in CSS pixels too. */ },
    /** One SVG unit is one CSS pixel: the identity. */
    getTransform() { return { a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 }; },
    /** Multiplies the images' transform by this one (as a canvas' transform()). @param {number} a @param {number} b @param {number} c @param {number} d @param {number} e @param {number} f */
    transform(a, b, c, d, e, f) {
      const [A, B, C, D, E, F] = style.matrix;
      style.matrix = [A * a + C * b, B * a + D * b, A * c + C * d, B * c + D * d, A * e + C * f + E, B * e + D * f + F];
    },
    /**
     * A picture at (x, y), `width` × `height` (default its size), through the current transform.
     * @param {CanvasImageSource & {width: number, height: number}} image @param {number} x @param {number} y
     * @param {number} [width] @param {number} [height]
     */
    drawImage(image, x, y, width = image.width, height = image.height) {
      const natural = /** @type {{naturalWidth?: number, naturalHeight?: number}} */ (image);
      const href = dataUrlOf(image, natural.naturalWidth ?? image.width, natural.naturalHeight ?? image.height);
      const transform = style.matrix.join(',') === '1,0,0,1,0,0' ? '' : ` transform="matrix(${style.matrix.map((v) => String(v)).join(' ')})"`;
      body.push(`<image href="${href}" x="${num(x)}" y="${num(y)}" width="${num(width)}" height="${num(height)}" preserveAspectRatio="none"${transform}${common()}/>`);
    },
    beginPath() { path = ''; current = null; subpathStart = null; },
    moveTo,
    lineTo,
    closePath() {
      if (!path) return;
      path += 'Z';
      current = subpathStart;
    },
    /** @param {number} cx @param {number} cy @param {number} x @param {number} y */
    quadraticCurveTo(cx, cy, x, y) {
      if (!current) moveTo(cx, cy);
      path += `Q${num(cx)} ${num(cy)} ${num(x)} ${num(y)}`;
      current = { x, y };
    },
    /** @param {number} c1x @param {number} c1y @param {number} c2x @param {number} c2y @param {number} x @param {number} y */
    bezierCurveTo(c1x, c1y, c2x, c2y, x, y) {
      if (!current) moveTo(c1x, c1y);
      path += `C${num(c1x)} ${num(c1y)} ${num(c2x)} ${num(c2y)} ${num(x)} ${num(y)}`;
      current = { x, y };
    },
    /** @param {number} x @param {number} y @param {number} r @param {number} a0 @param {number} a1 @param {boolean} [ccw] */
    arc(x, y, r, a0, a1, ccw = false) { arcPath(x, y, r, r, 0, a0, a1, ccw); },
    /** @param {number} x @param {number} y @param {number} rx @param {number} ry @param {number} rotation @param {number} a0 @param {number} a1 @param {boolean} [ccw] */
    ellipse(x, y, rx, ry, rotation, a0, a1, ccw = false) { arcPath(x, y, rx, ry, rotation, a0, a1, ccw); },
    /** @param {number} x @param {number} y @param {number} w @param {number} h */
    rect(x, y, w, h) {
      moveTo(x, y);
      path += `H${num(x + w)}V${num(y + h)}H${num(x)}Z`;
      current = { x, y };
    },
    /** @param {number} x @param {number} y @param {number} w @param {number} h @param {number} r */
    roundRect(x, y, w, h, r) {
      const radius = Math.max(0, Math.min(Number(r) || 0, w / 2, h / 2));
      moveTo(x + radius, y);
      arcPath(x + w - radius, y + radius, radius, radius, 0, -Math.PI / 2, 0, false);
      arcPath(x + w - radius, y + h - radius, radius, radius, 0, 0, Math.PI / 2, false);
      arcPath(x + radius, y + h - radius, radius, radius, 0, Math.PI / 2, Math.PI, false);
      arcPath(x + radius, y + radius, radius, radius, 0, Math.PI, 1.5 * Math.PI, false);
      path += 'Z';
      current = { x: x + radius, y };
    },
    /** @param {CanvasFillRule} [rule] */
    fill(rule) {
      const fillRule = rule === 'evenodd' ? ' fill-rule="evenodd"' : '';
      if (path) body.push(`<path d="${path}" fill="${escapeXml(style.fillStyle)}"${fillRule}${common()}/>`);
    },
    stroke() {
      if (path) body.push(`<path d="${path}" fill="none" ${strokeAttributes()}${common()}/>`);
    },
    /** Clearing leaves nothing behind: the SVG's background is transparent where nothing is drawn. */
    clearRect() {},
    /** @param {number} x @param {number} y @param {number} w @param {number} h */
    fillRect(x, y, w, h) {
      body.push(`<rect x="${num(x)}" y="${num(y)}" width="${num(w)}" height="${num(h)}" fill="${escapeXml(style.fillStyle)}"${common()}/>`);
    },
    /** @param {string} value @param {number} x @param {number} y */
    fillText(value, x, y) { text(String(value), x, y, `fill="${escapeXml(style.fillStyle)}"`); },
    /** @param {string} value @param {number} x @param {number} y */
    strokeText(value, x, y) { text(String(value), x, y, `fill="none" ${strokeAttributes()}`); },
    /** @param {string} value */
    measureText(value) {
      return { width: textWidth(String(value), style.font) };
    },
    /** Starts a named part (see beginPart in draw.js). @param {string} name */
    beginPart(name) { body.push(`<g data-part="${escapeXml(name)}">`); },
    endPart() { body.push('</g>'); },
  };

  return {
    context: /** @type {CanvasRenderingContext2D} */ (/** @type {unknown} */ (context)),
    toString() {
      return `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}">\n${body.join('\n')}\n</svg>\n`;
    },
  };
}
