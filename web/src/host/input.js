/**
 * Pointer and keyboard input on the canvas, reported in viewport (client) CSS pixels.
 *
 * One drag at a time: the first pointer down (mouse button, finger or pen) owns the drag until it
 * is released or cancelled; other pointers are ignored meanwhile. Pointer capture keeps the drag
 * alive when the pointer leaves the canvas.
 *
 * With `touchScrolls` (the embed view, whose canvas has `touch-action: pan-x pan-y pinch-zoom`), a
 * finger that lands on a handle (`grabs`) drags it, and its touchstart is cancelled so the page does
 * not scroll; a finger that lands elsewhere belongs to the browser: a swipe scrolls the host page
 * (the browser then cancels the pointer), and a tap (released within TAP_SLOP px) moves the target
 * there, as a press does in the playground.
 */

/** How far a finger may move, CSS px, and still be a tap (not a swipe). */
const TAP_SLOP = 10;

/**
 * @typedef {import('../model/settings.js').Point} Point
 *
 * @typedef {Object} PointerHandlers
 * @property {(client: Point, pointerType: string) => void} begin A drag starts at `client`.
 * @property {(client: Point) => void} move The dragging pointer moved.
 * @property {() => void} end The drag ended (released, cancelled or capture lost).
 * @property {(client: Point | null) => void} hover The mouse moves without a drag (null: it left).
 *
 * @typedef {Object} KeyHandlers
 * @property {(dx: number, dy: number, large: boolean) => void} nudge Arrow key: move one step in the
 *   direction (dx, dy), each -1, 0 or 1 (y up); `large` with Shift (keys.js arrowSteps: how far).
 * @property {(key: string) => boolean} shortcut Any other key without Ctrl/Alt/Meta; true if used.
 */

/** World units an arrow key moves a handle, and with Shift held (a scene's keyStep scales both). */
export const KEY_STEP = 4;
export const KEY_STEP_LARGE = 20;

/**
 * Listens to pointer events on the canvas.
 * @param {HTMLCanvasElement} canvas Needs `touch-action: none` in CSS so touch drags don't scroll
 *   (or, with touchScrolls, `pan-x pan-y pinch-zoom`).
 * @param {PointerHandlers} handlers
 * @param {{touchScrolls?: boolean, grabs?: (client: Point, pointerType: string) => boolean}} [touch]
 *   touchScrolls: a finger not on a handle scrolls the page (see above); grabs: is there a handle here.
 * @returns {() => void} Removes the listeners.
 */
export function attachPointer(canvas, handlers, { touchScrolls = false, grabs = () => false } = {}) {
  /** @type {number | null} */
  let dragId = null;
  /** @type {{id: number, x: number, y: number} | null} A finger down off the handles: a tap or a swipe. */
  let tap = null;
  /** True from a pointerdown that grabbed a handle to its touchstart, which is then cancelled. */
  let holdTouch = false;

  /** @param {PointerEvent} event */
  function onDown(event) {
    if (dragId !== null || !event.isPrimary) return;
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const client = { x: event.clientX, y: event.clientY };
    if (touchScrolls && event.pointerType === 'touch') {
      if (!grabs(client, event.pointerType)) {
        tap = { id: event.pointerId, ...client }; // The browser may scroll with it: wait and see.
        return;
      }
      holdTouch = true;
    }
    event.preventDefault(); // No text selection or image drag; we focus the canvas ourselves.
    canvas.focus({ preventScroll: true });
    dragId = event.pointerId;
    try {
      canvas.setPointerCapture(event.pointerId);
    } catch {
      // The pointer is already gone (a very short tap); the drag still starts and ends.
    }
    handlers.begin({ x: event.clientX, y: event.clientY }, event.pointerType);
  }

  /** @param {PointerEvent} event */
  function onMove(event) {
    if (tap && event.pointerId === tap.id && Math.hypot(event.clientX - tap.x, event.clientY - tap.y) > TAP_SLOP) tap = null;
    if (event.pointerId === dragId) handlers.move({ x: event.clientX, y: event.clientY });
    else if (dragId === null && event.pointerType === 'mouse') handlers.hover({ x: event.clientX, y: event.clientY });
  }

  /** @param {PointerEvent} event */
  function onEnd(event) {
    if (tap && event.pointerId === tap.id) {
      const at = tap;
      tap = null;
      if (event.type !== 'pointerup') return; // Cancelled: the browser scrolled with it.
      canvas.focus({ preventScroll: true });
      handlers.begin({ x: at.x, y: at.y }, 'touch');
      handlers.end();
      return;
    }
    if (event.pointerId !== dragId) return;
    dragId = null;
    if (canvas.hasPointerCapture(event.pointerId)) canvas.releasePointerCapture(event.pointerId);
    handlers.end();
  }

  function onLeave() {
    if (dragId === null) handlers.hover(null);
  }

  /** @param {TouchEvent} event */
  function onTouchStart(event) {
    // A finger on a handle drags it: the page must not scroll under it.
    if (holdTouch && event.cancelable) event.preventDefault();
    holdTouch = false;
  }

  /** @type {Array<[string, (event: any) => void]>} */
  const listeners = [
    ['pointerdown', onDown], ['pointermove', onMove], ['pointerup', onEnd], ['pointercancel', onEnd],
    ['lostpointercapture', onEnd], ['pointerleave', onLeave],
  ];
  for (const [type, listener] of listeners) canvas.addEventListener(type, /** @type {EventListener} */ (listener));
  canvas.addEventListener('touchstart', onTouchStart, { passive: false });
  return () => {
    for (const [type, listener] of listeners) canvas.removeEventListener(type, /** @type {EventListener} */ (listener));
    canvas.removeEventListener('touchstart', onTouchStart);
  };
}

/** Arrow keys as world directions (y up). */
const ARROWS = /** @type {Record<string, [number, number]>} */ ({
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, 1],
  ArrowDown: [0, -1],
});

/**
 * Listens to keys on the focused canvas.
 * @param {HTMLCanvasElement} canvas Focusable (tabindex="0").
 * @param {KeyHandlers} handlers
 * @returns {() => void} Removes the listener.
 */
export function attachKeyboard(canvas, handlers) {
  /** @param {KeyboardEvent} event */
  function onKey(event) {
    if (event.ctrlKey || event.altKey || event.metaKey) return;
    const arrow = ARROWS[event.key];
    if (arrow) {
      handlers.nudge(arrow[0], arrow[1], event.shiftKey);
      event.preventDefault(); // Don't scroll the page.
      return;
    }
    if (handlers.shortcut(event.key)) event.preventDefault();
  }
  canvas.addEventListener('keydown', onKey);
  return () => canvas.removeEventListener('keydown', onKey);
}
