/**
 * gif-worker.js: exportAnimation's GIF off the page's thread, so that none of it is a long task
 * however large the scene or the frames. A module worker from the page's own origin
 * (dist/src/gif-worker.js, allowed by a CSP of script-src 'self'); it fetches nothing but the
 * bundled encoder, the scene's code and its WebAssembly module.
 *
 * It makes the whole GIF with the page's own code (animation.js's renderAnimation): it builds the
 * scene from the link's partial state, settles it, draws every frame on an OffscreenCanvas and
 * encodes it (gif-frames.js). Where it cannot draw (no OffscreenCanvas with a 2D context) it says
 * so, and the page makes the GIF itself.
 *
 * Worker → page, first: {type: 'ready', drawsScenes} once the encoder has loaded (or
 * {type: 'error', name, message}).
 * Page → worker: {type: 'scene', id, partial, theme, art, seconds, fps, width, height, period}
 * (the pictures' ImageBitmaps transferred). Worker → page: {type: 'progress', share} as each frame
 * is written, then {type: 'done', gif} (a Blob) or {type: 'error', name, message}. The page cancels
 * by ending the worker; the worker ends itself once the GIF is done.
 */

import { renderAnimation } from '../host/animation.js';
import { loadScenes, solverOf } from '../scenes/catalog.js';
import { loadSolver } from '../host/solvers.js';

/** @type {Promise<import('../draw/gif-frames.js').GifEncoderModule>} */
const encoder = import(new URL('./vendor/gifenc.js', import.meta.url).href);

/** @param {unknown} error */
const failed = (error) => postMessage({
  type: 'error',
  name: error instanceof Error ? error.name : 'Error',
  message: error instanceof Error ? error.message : String(error),
});

/** Whether this worker can draw a scene: an OffscreenCanvas with a 2D context. */
function canDraw() {
  try {
    return typeof OffscreenCanvas === 'function' && new OffscreenCanvas(1, 1).getContext('2d') !== null;
  } catch {
    return false;
  }
}

encoder.then(() => postMessage({ type: 'ready', drawsScenes: canDraw() }), failed);

/**
 * The whole GIF of a scene, drawn and encoded here.
 * @param {import('../draw/gif-frames.js').GifEncoderModule} gifenc
 * @param {any} job The page's {type: 'scene'} message.
 */
async function sceneGif(gifenc, job) {
  const { id, partial, theme, art, seconds, fps, width, height, period } = job;
  const [definition] = await loadScenes([id]);
  const solver = await loadSolver(solverOf(id));
  const onProgress = (/** @type {number} */ share) => postMessage({ type: 'progress', share });
  const blob = await renderAnimation({ definition, solver, partial, art, theme, seconds, fps, width, height, period }, {
    canvas: new OffscreenCanvas(width, height), gifenc, signal: null, onProgress,
  });
  // The Blob itself: the page gets a handle to its bytes, not a copy to make a Blob of (a copy of
  // a GIF of 200 creatures took the page's thread 15 ms).
  postMessage({ type: 'done', gif: blob });
  close();
}

addEventListener('message', (event) => {
  const { data } = /** @type {MessageEvent} */ (event);
  if (data?.type === 'scene') encoder.then((gifenc) => sceneGif(gifenc, data)).catch(failed);
});
