// in-page.mjs: functions that run inside the page (passed to evaluate), shared by the
// Chromium-only tests and the cross-engine suite (tests/browser/engines/), so both check one thing
// one way. They use nothing from their module scope: each engine serialises them as source.

/**
 * Where each readout is, and whether it is fully visible: inside the viewport and inside every
 * scrolling ancestor's visible area, with nothing scrolled.
 * @returns {Array<{name: string | undefined, visible: boolean, top: number, bottom: number}>}
 */
export function readoutBoxesInPage() {
  return [...document.querySelectorAll('[data-readout]')].map((cell) => {
    const box = cell.getBoundingClientRect();
    const inside = (outer) => box.top >= outer.top - 0.5 && box.bottom <= outer.bottom + 0.5
      && box.left >= outer.left - 0.5 && box.right <= outer.right + 0.5;
    let visible = box.width > 0 && box.height > 0
      && inside({ top: 0, left: 0, bottom: window.innerHeight, right: window.innerWidth });
    for (let node = cell.parentElement; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (/(auto|scroll|hidden)/.test(style.overflowY + style.overflowX)) visible &&= inside(node.getBoundingClientRect());
    }
    return { name: /** @type {HTMLElement} */ (cell).dataset.readout, visible, top: box.top, bottom: box.bottom };
  });
}

/**
 * Pauses the scene and, for every bone it shows, how far the canvas pixels around the bone's
 * midpoint are from the canvas background (the largest channel difference in a 5×5 device-pixel
 * patch, 0..255). The background is the colour most of the canvas' top row has.
 * @returns {{scene: string, bones: Array<{from: {x: number, y: number}, to: {x: number, y: number}, contrast: number}>}}
 */
export function boneContrastInPage() {
  const playground = /** @type {any} */ (window).playground;
  playground.pause();
  const state = playground.getState();
  /** @type {Array<[{x: number, y: number}, {x: number, y: number}]>} */
  const bones = [];
  if (state.scene === 'arm') bones.push([state.root, state.result.joint], [state.result.joint, state.result.end]);
  if (state.scene === 'chain') {
    for (let i = 2; i < state.positions.length; i += 2) {
      bones.push([{ x: state.positions[i - 2], y: state.positions[i - 1] }, { x: state.positions[i], y: state.positions[i + 1] }]);
    }
  }
  if (state.scene === 'spider') for (const leg of state.legs) bones.push([leg.hip, leg.knee], [leg.knee, leg.foot]);
  // A creature's lower legs (the upper ones start under the skin).
  if (state.scene === 'creature') for (const leg of state.creature.legs) bones.push([leg.knee, leg.foot]);
  if (state.scene === 'rope') for (let i = 1; i < state.points.length; i += 1) bones.push([state.points[i - 1], state.points[i]]);
  if (state.scene === 'stress') {
    const limb = state.closest.limb;
    bones.push([limb.root, limb.joint], [limb.joint, limb.end]);
  }
  const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
  const copy = document.createElement('canvas'); // Read a copy: see harness.mjs pixelAt().
  copy.width = canvas.width;
  copy.height = canvas.height;
  const context = /** @type {CanvasRenderingContext2D} */ (copy.getContext('2d', { willReadFrequently: true }));
  context.drawImage(canvas, 0, 0);
  const data = context.getImageData(0, 0, copy.width, copy.height).data;
  const pixel = (x, y) => [...data.subarray((y * copy.width + x) * 4, (y * copy.width + x) * 4 + 3)];
  const counts = new Map();
  for (let x = 0; x < copy.width; x += 1) {
    const key = pixel(x, 0).join(',');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const background = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0].split(',').map(Number);
  const rect = canvas.getBoundingClientRect();
  return {
    scene: state.scene,
    bones: bones.map(([from, to]) => {
      const client = playground.worldToClient({ x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 });
      const cx = Math.round(((client.x - rect.left) * copy.width) / rect.width);
      const cy = Math.round(((client.y - rect.top) * copy.height) / rect.height);
      let contrast = 0;
      for (let dy = -2; dy <= 2; dy += 1) {
        for (let dx = -2; dx <= 2; dx += 1) {
          const x = Math.min(copy.width - 1, Math.max(0, cx + dx));
          const y = Math.min(copy.height - 1, Math.max(0, cy + dy));
          contrast = Math.max(contrast, ...pixel(x, y).map((value, channel) => Math.abs(value - background[channel])));
        }
      }
      return { from, to, contrast };
    }),
  };
}

/**
 * Counts animation-frame callbacks from now on in the document it runs in (`window.__frames`),
 * and keeps the set of frames requested and not yet run or cancelled (`window.__pending`), by
 * wrapping requestAnimationFrame and cancelAnimationFrame: evaluated in a page or a frame once it
 * is ready (every engine can; an init script would count from the first frame, but WebKit's driver
 * has none). The page's loop asks for each frame afresh (loop.js), so from the next frame on every
 * one is counted and tracked: an empty `__pending` means the document runs no frames until
 * something asks again. Evaluating it again keeps counting.
 * @returns {number} The count so far.
 */
export function countAnimationFramesInPage() {
  const counted = /** @type {any} */ (window);
  if (counted.__frames === undefined) {
    counted.__frames = 0;
    /** @type {Set<number>} */
    const pending = new Set();
    counted.__pending = pending;
    const request = window.requestAnimationFrame.bind(window);
    const cancel = window.cancelAnimationFrame.bind(window);
    counted.__uncountedFrame = request; // For a test's own frames, which are not the page's.
    window.requestAnimationFrame = (callback) => {
      const id = request((time) => {
        pending.delete(id);
        counted.__frames += 1;
        callback(time);
      });
      pending.add(id);
      return id;
    };
    window.cancelAnimationFrame = (id) => {
      pending.delete(id);
      cancel(id);
    };
  }
  return counted.__frames;
}
