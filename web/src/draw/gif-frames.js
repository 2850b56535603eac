/**
 * gifFrameWriter: how exportAnimation turns frames of pixels into GIF bytes, in one place for both
 * places that run it (gif-worker.js, and the page itself where no worker can start).
 *
 * One palette, from the first frame, serves every frame; a pixel that did not change since the
 * frame before is written transparent over it, which LZW packs into almost nothing. The same
 * frames give the same bytes wherever this runs.
 */

/** Pixels mapped to the palette at a time: a band of whole rows (a slice of the page's work). */
const BAND_PIXELS = 16384;

/**
 * Maps a frame's pixels to the palette (gifenc's applyPalette) a band of whole rows at a time,
 * yielding after each band; returns the indices. applyPalette keeps the index it found for the
 * first pixel of each 16-bit colour bin for the rest of its call, so the bands are part of the
 * answer: the worker and the page map in the same bands, and write the same bytes.
 * @param {GifEncoderModule} gifenc
 * @param {Uint8ClampedArray} rgba
 * @param {number[][]} palette
 * @param {number} width
 * @returns {Generator<void, Uint8Array, void>}
 */
export function* mapToPalette(gifenc, rgba, palette, width) {
  const pixels = rgba.length / 4;
  const index = new Uint8Array(pixels);
  const band = Math.max(1, Math.floor(BAND_PIXELS / width)) * width;
  for (let start = 0; start < pixels; start += band) {
    const end = Math.min(pixels, start + band);
    // A copy, not a subarray: applyPalette reads its argument's whole buffer.
    index.set(gifenc.applyPalette(rgba.slice(start * 4, end * 4), palette), start);
    yield;
  }
  return index;
}

/**
 * @typedef {Object} GifEncoderModule The part of gifenc used here (bundled into dist/src/vendor/gifenc.js).
 * @property {(rgba: Uint8ClampedArray, max: number) => number[][]} quantize
 * @property {(rgba: Uint8ClampedArray, palette: number[][]) => Uint8Array} applyPalette
 * @property {() => {writeFrame: (index: Uint8Array, width: number, height: number, options: object) => void,
 *   finish: () => void, bytes: () => Uint8Array<ArrayBuffer>}} GIFEncoder
 */

/**
 * A GIF being written, frame by frame.
 * @param {GifEncoderModule} gifenc
 * @param {{width: number, height: number, fps: number}} shape fps: one of ANIMATION_LIMITS.fps.allowed.
 */
export function gifFrameWriter(gifenc, { width, height, fps }) {
  const gif = gifenc.GIFEncoder();
  const delay = 1000 / fps; // ms; gifenc writes centiseconds, exact for the allowed fps.
  /** @type {number[][] | null} */
  let palette = null;
  let transparentIndex = 0;
  /** @type {Uint8Array | null} */
  let previous = null;
  return {
    /**
     * The palette every frame is mapped to: made from the first frame given here, then kept.
     * @param {Uint8ClampedArray} rgba
     */
    palette(rgba) {
      if (!palette) {
        palette = gifenc.quantize(rgba, 255);
        transparentIndex = palette.length;
      }
      return palette;
    },
    /**
     * Writes the next frame from its pixels' palette indices (applyPalette's answer).
     * @param {Uint8Array} index
     */
    write(index) {
      if (!palette) throw new Error('gifFrameWriter: palette() comes before the first write()');
      if (previous) {
        // Unchanged pixels: transparent, the frame before shows through (disposal 1: left in place).
        const written = index.slice();
        for (let i = 0; i < index.length; i += 1) if (index[i] === previous[i]) written[i] = transparentIndex;
        gif.writeFrame(written, width, height, { delay, transparent: true, transparentIndex, dispose: 1 });
      } else {
        // The first frame: the palette (global, with a slot for transparency) and loop forever.
        gif.writeFrame(index, width, height, { palette: [...palette, [0, 0, 0]], delay, repeat: 0, dispose: 1 });
      }
      previous = index;
    },
    /** The GIF's bytes, once every frame is written. */
    finish() {
      gif.finish();
      return gif.bytes();
    },
  };
}
