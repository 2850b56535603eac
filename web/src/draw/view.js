/**
 * The view: maps world coordinates (y up, any unit) onto the canvas (CSS pixels, y down).
 *
 * The scene's world rectangle is fitted into the canvas, aspect ratio kept and centred, so the
 * same settings draw the same picture at any canvas size. A scene with a camera (the spider walks
 * far) shifts that rectangle by a world offset; the offset is the scene's state, in world units,
 * so the picture still does not depend on the canvas size. worldToCanvas() / canvasToWorld() are
 * the only place where the y axis flips; everything else draws in world units through them.
 *
 * The view also owns the canvas backing store: CSS size × devicePixelRatio (exact device pixels
 * where the browser reports them), kept up to date by a ResizeObserver and a per-frame DPR check.
 */

/**
 * @typedef {import('../model/settings.js').Point} Point
 * @typedef {import('../model/settings.js').Rect} Rect
 *
 * @typedef {Object} View
 * @property {(p: Point) => Point} worldToCanvas World units → CSS pixels from the canvas' top left.
 * @property {(q: Point) => Point} canvasToWorld CSS pixels from the canvas' top left → world units.
 * @property {(p: Point) => Point} worldToClient World units → CSS pixels of the viewport.
 * @property {(q: Point) => Point} clientToWorld CSS pixels of the viewport → world units.
 * @property {() => number} scale CSS pixels per world unit.
 * @property {() => {width: number, height: number}} size Canvas size in CSS pixels.
 * @property {() => Rect} visibleWorld The world rectangle the whole canvas shows (≥ the scene's).
 * @property {(world: Rect) => void} setWorld Fits another world rectangle (scene switch).
 * @property {(offset: Point) => void} setCamera Shifts the fitted rectangle by a world offset
 *   ({x: 0, y: 0}: none); worldToCanvas/worldToClient and their inverses include it.
 * @property {() => CanvasRenderingContext2D} begin Sizes the backing store if needed and returns
 *   the context, transformed so that drawing happens in CSS pixels.
 * @property {() => void} watch Call every frame (and while the loop sleeps, its poll): picks up a
 *   device-pixel-ratio change.
 * @property {() => void} dispose Stops watching sizes.
 */

/**
 * The fit both views share: the world rectangle fitted into width × height CSS pixels, aspect
 * ratio kept and centred, shifted by the camera; worldToCanvas/canvasToWorld hold the one y flip.
 * @param {Rect} world
 */
function createFitting(world) {
  const at = { fit: world, camera: { x: 0, y: 0 }, width: 1, height: 1, scale: 1 };
  /** The world point at the canvas centre. */
  const centre = () => ({
    x: (at.fit.minX + at.fit.maxX) / 2 + at.camera.x,
    y: (at.fit.minY + at.fit.maxY) / 2 + at.camera.y,
  });
  /** @param {Point} q */
  const canvasToWorld = (q) => {
    const c = centre();
    return { x: c.x + (q.x - at.width / 2) / at.scale, y: c.y - (q.y - at.height / 2) / at.scale };
  };
  return {
    at,
    /**
     * Re-derives the scale from a CSS size (and the world rectangle, when given).
     * @param {number} width
     * @param {number} height
     * @param {Rect} [fit]
     */
    layout(width, height, fit = at.fit) {
      at.fit = fit;
      at.width = Math.max(1, width);
      at.height = Math.max(1, height);
      at.scale = Math.min(at.width / (fit.maxX - fit.minX), at.height / (fit.maxY - fit.minY));
    },
    /** @param {Point} p */
    worldToCanvas(p) {
      const c = centre();
      return { x: at.width / 2 + (p.x - c.x) * at.scale, y: at.height / 2 - (p.y - c.y) * at.scale };
    },
    canvasToWorld,
    /** @returns {Rect} */
    visibleWorld() {
      const topLeft = canvasToWorld({ x: 0, y: 0 });
      const bottomRight = canvasToWorld({ x: at.width, y: at.height });
      return { minX: topLeft.x, maxX: bottomRight.x, minY: bottomRight.y, maxY: topLeft.y };
    },
  };
}

/**
 * Creates the view of a canvas.
 * @param {HTMLCanvasElement} canvas Filled by CSS to its container's size.
 * @param {Rect} world The world rectangle that must always be visible.
 * @param {() => void} onChange Called when the size or pixel ratio changed (redraw then).
 * @returns {View}
 */
export function createView(canvas, world, onChange) {
  const context = canvas.getContext('2d'); // With alpha: a transparent page shows through.
  if (!context) throw new Error('This browser cannot draw on a 2D canvas');
  // The fit, the camera (how far the fitted rectangle is shifted, world units) and the CSS size.
  const fitting = createFitting(world);
  const { at, worldToCanvas, canvasToWorld } = fitting;
  /** Backing store size wanted, in device pixels. */
  let pixelWidth = 0;
  let pixelHeight = 0;

  /**
   * Re-derives the fit from a CSS size.
   * @param {number} width
   * @param {number} height
   */
  function layout(width, height) {
    fitting.layout(width, height);
  }

  /** Measures the canvas (used before the first observer report and as a fallback). */
  function measure() {
    const rect = canvas.getBoundingClientRect();
    layout(rect.width, rect.height);
    pixelWidth = Math.round(rect.width * devicePixelRatio);
    pixelHeight = Math.round(rect.height * devicePixelRatio);
  }
  measure();

  /** Whether the observer has reported yet. */
  let observed = false;

  /** @param {ResizeObserverEntry[]} entries */
  function onResize(entries) {
    observed = true;
    const entry = entries[entries.length - 1];
    const box = entry.contentBoxSize?.[0];
    layout(box ? box.inlineSize : entry.contentRect.width, box ? box.blockSize : entry.contentRect.height);
    pixelWidth = Math.round(at.width * devicePixelRatio);
    pixelHeight = Math.round(at.height * devicePixelRatio);
    // The exact device-pixel box, where the browser reports it, only corrects the rounding.
    // (Emulated pixel ratios, e.g. headless Chromium's deviceScaleFactor, report CSS pixels here.)
    const devicePixels = entry.devicePixelContentBoxSize?.[0];
    if (devicePixels
      && Math.abs(devicePixels.inlineSize - at.width * devicePixelRatio) <= 1
      && Math.abs(devicePixels.blockSize - at.height * devicePixelRatio) <= 1) {
      pixelWidth = devicePixels.inlineSize;
      pixelHeight = devicePixels.blockSize;
    }
    onChange();
  }

  const observer = new ResizeObserver(onResize);
  try {
    observer.observe(canvas, { box: 'device-pixel-content-box' });
  } catch {
    observer.observe(canvas); // Browsers without device-pixel-content-box (Safari).
  }

  // A pixel-ratio change (zoom, moving the window to another screen) may resize nothing, and
  // emulated ratio changes fire no media-query event either: watch() compares it every frame.
  let ratio = devicePixelRatio;

  /** The canvas' position in the viewport; re-fits first if the layout moved on already. */
  function clientRect() {
    const rect = canvas.getBoundingClientRect();
    if (Math.abs(rect.width - at.width) > 0.01 || Math.abs(rect.height - at.height) > 0.01) {
      layout(rect.width, rect.height);
      onChange();
    }
    return rect;
  }

  return {
    worldToCanvas,
    canvasToWorld,
    worldToClient(p) {
      const rect = clientRect();
      const q = worldToCanvas(p);
      return { x: rect.left + q.x, y: rect.top + q.y };
    },
    clientToWorld(q) {
      const rect = clientRect();
      return canvasToWorld({ x: q.x - rect.left, y: q.y - rect.top });
    },
    scale: () => at.scale,
    size: () => ({ width: at.width, height: at.height }),
    visibleWorld: fitting.visibleWorld,
    setWorld(next) {
      fitting.layout(at.width, at.height, next);
      onChange();
    },
    setCamera(offset) {
      if (offset.x === at.camera.x && offset.y === at.camera.y) return;
      at.camera = { x: offset.x, y: offset.y };
      onChange();
    },
    begin() {
      // Until the observer's first report, draw at the size the canvas has now: WebKit reports
      // after the frame that follows a layout change, so its first frames (and html[data-ready])
      // came with the backing store of the loading layout (560 px high for a 466 px canvas).
      if (!observed) measure();
      if (canvas.width !== pixelWidth || canvas.height !== pixelHeight) {
        canvas.width = Math.max(1, pixelWidth);
        canvas.height = Math.max(1, pixelHeight);
      }
      // Draw in CSS pixels; the backing store may not be an exact multiple of the CSS size.
      context.setTransform(canvas.width / at.width, 0, 0, canvas.height / at.height, 0, 0);
      return context;
    },
    watch() {
      if (devicePixelRatio === ratio) return;
      ratio = devicePixelRatio;
      measure();
      onChange();
    },
    dispose() {
      observer.disconnect();
    },
  };
}

/**
 * A view of a fixed size that no element measures: an offscreen canvas of `width` × `height` CSS
 * pixels drawn at one device pixel per CSS pixel (exportAnimation's frames). The same fit and
 * camera as createView(); worldToClient/clientToWorld treat the canvas' top left as the origin.
 * @param {HTMLCanvasElement | OffscreenCanvas} canvas Sized here to width × height; an
 *   OffscreenCanvas in the GIF worker, whose context draws what the page's does (the scenes use no
 *   call that only a canvas element's context has).
 * @param {Rect} world
 * @param {number} width
 * @param {number} height
 * @returns {View}
 */
export function createFixedView(canvas, world, width, height) {
  canvas.width = width;
  canvas.height = height;
  const context = /** @type {CanvasRenderingContext2D | null} */ (canvas.getContext('2d', { willReadFrequently: true }));
  if (!context) throw new Error('This browser cannot draw on a 2D canvas');
  const fitting = createFitting(world);
  fitting.layout(width, height);
  const { at, worldToCanvas, canvasToWorld } = fitting;
  return {
    worldToCanvas,
    canvasToWorld,
    worldToClient: worldToCanvas,
    clientToWorld: canvasToWorld,
    scale: () => at.scale,
    size: () => ({ width: at.width, height: at.height }),
    visibleWorld: fitting.visibleWorld,
    setWorld(next) {
      fitting.layout(width, height, next);
    },
    setCamera(offset) {
      at.camera = { x: offset.x, y: offset.y };
    },
    begin() {
      context.setTransform(1, 0, 0, 1, 0, 0);
      return context;
    },
    watch() {},
    dispose() {},
  };
}
