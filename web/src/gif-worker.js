/**
 * gif-worker.js: exportAnimation's GIF encoding (the palette, the mapping of pixels to it and the
 * LZW packing: gif-frames.js) off the page's thread, so that none of it is a long task however
 * large the frames. A module worker from the page's own origin (dist/src/gif-worker.js, allowed
 * by a CSP of script-src 'self'); it fetches nothing else but the bundled encoder.
 *
 * Worker → page, first: {type: 'ready'} once the encoder has loaded (or {type: 'error', message}).
 * Page → worker: {type: 'start', width, height, fps}, then {type: 'frame', rgba, width} per frame
 * (its buffer transferred), then {type: 'finish'}.
 * Worker → page: {type: 'frame'} once a frame is written, {type: 'done', bytes} (transferred), or
 * {type: 'error', message}.
 */

import { gifFrameWriter, mapToPalette } from './gif-frames.js';

/** @type {Promise<import('./gif-frames.js').GifEncoderModule>} */
const encoder = import(new URL('./vendor/gifenc.js', import.meta.url).href);

/** @param {unknown} error */
const failed = (error) => postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) });

encoder.then(() => postMessage({ type: 'ready' }), failed);

/** @type {ReturnType<typeof gifFrameWriter> | null} */
let writer = null;
/** Messages handled one after another (the encoder loads once, before the first). */
let queue = Promise.resolve();

addEventListener('message', (event) => {
  const { data } = /** @type {MessageEvent} */ (event);
  queue = queue.then(async () => {
    const gifenc = await encoder;
    if (data.type === 'start') {
      writer = gifFrameWriter(gifenc, data);
    } else if (data.type === 'frame' && writer) {
      const bands = mapToPalette(gifenc, data.rgba, writer.palette(data.rgba), data.width);
      let mapped = bands.next();
      while (!mapped.done) mapped = bands.next();
      writer.write(mapped.value);
      postMessage({ type: 'frame' });
    } else if (data.type === 'finish' && writer) {
      const bytes = writer.finish();
      writer = null;
      postMessage({ type: 'done', bytes }, { transfer: [bytes.buffer] });
    }
  }).catch(failed);
});
