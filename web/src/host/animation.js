/**
 * exportAnimation: an animated GIF (or, where the browser can record one, a WebM) of the scene.
 *
 * The frames come from a second instance of the scene, built from what the page's link carries
 * (shareLink(): the scene, its params and points, its own state such as the chain's pose) exactly
 * as a page opened on that link builds it, and run in fixed simulation steps of 1/60 s as a paused
 * page does under step(n): every step advances the scene and solves it once. The page's own scene
 * is neither paused nor touched, so it is the same after an export as before, and the same link
 * gives the same frames, and with the GIF encoder the same bytes.
 *
 * With a `path` (the target moving by itself), the animation is whole laps of it. Laps not
 * recorded come first, until a lap brings the scene back to where it started it (every point and
 * joint within SETTLED world units; at most MAX_SETTLING_LAPS): the link's pose is rarely on the
 * path's repeating motion, and a chain whose solver stops at its iteration limit drifts a few units
 * a lap for some laps before it repeats. The frames are the next lap(s), `fps` a second, so the
 * frame after the last is the first again. Without a path they are `seconds` of the scene from the
 * link's state.
 *
 * Frames are drawn offscreen at width × height pixels (by default the canvas' size) with the
 * theme the page shows. GIF has no partial transparency: a transparent page's animation gets the
 * theme's background. A GIF is made whole in a worker (gif-worker.js): the scene's own instance,
 * its laps, the drawing on an OffscreenCanvas and the encoding (gif-frames.js, with gifenc, bundled
 * into dist/src/vendor/gifenc.js at build time) all run off the page's thread, which only hears
 * the progress; a cancel ends the worker at once. Where no such worker starts (the script served
 * from another origin than the page, a browser without module workers or OffscreenCanvas), the
 * page makes the same bytes itself, in slices with pauses between them, so that no task is long
 * and progress and cancel are seen between them. A WebM is recorded with MediaRecorder from the
 * offscreen canvas in real time (it takes `seconds` to make) and is not the same bytes twice.
 */

import { gifFrameWriter, mapToPalette } from '../draw/gif-frames.js';
import { FIXED_RATE } from './loop.js';
import { applyPageParams, defaultPage } from '../model/page-params.js';
import { pathPeriod } from '../scenes/target-path.js';
import { describeValue } from '../model/settings.js';
import { createFixedView } from '../draw/view.js';
import { createSceneRun } from './scene-run.js';

/**
 * @typedef {import('../model/settings.js').Settings} Settings
 * @typedef {import('../scenes/index.js').SceneDefinition} SceneDefinition
 * @typedef {import('../scenes/index.js').SceneUpdate} SceneUpdate
 * @typedef {import('../draw/draw.js').Theme} Theme
 *
 * @typedef {Object} AnimationOptions What exportAnimation() takes (every key optional).
 * @property {'gif' | 'webm'} [format] Default 'gif'.
 * @property {number} [seconds] Length without a path (default 4); with a path, whole laps (default one).
 * @property {number} [fps] Frames a second, one of ANIMATION_LIMITS.fps.allowed (default 20).
 * @property {number} [width] Pixels (default: the canvas' width in CSS pixels).
 * @property {number} [height] Pixels (default: the canvas' shape at that width); the scene is
 *   fitted into width × height as the canvas fits it.
 * @property {AbortSignal} [signal] Aborting it stops the export, which rejects with an AbortError.
 * @property {(done: number) => void} [onProgress] Called after each frame with the share done, 0..1.
 *
 * @typedef {Object} CheckedOptions
 * @property {'gif' | 'webm'} format
 * @property {number} seconds
 * @property {number} fps
 * @property {number} width
 * @property {number} height
 * @property {number | null} period The path's lap in seconds, null without a path.
 * @property {AbortSignal | null} signal
 * @property {(done: number) => void} onProgress
 */

/** What exportAnimation() accepts: every limit in one place (docs/playground.md lists them). */
export const ANIMATION_LIMITS = Object.freeze({
  formats: Object.freeze(['gif', 'webm']),
  /** Seconds without a path; with a path a whole number of laps up to `max`. */
  seconds: Object.freeze({ min: 0.5, max: 30, default: 4 }),
  /**
   * Frames a second that divide both the 60 simulation steps and the 100 centiseconds of a GIF
   * frame's delay in a second: every frame is the same number of steps apart and shown for exactly
   * as long as it stands for.
   */
  fps: Object.freeze({ allowed: Object.freeze([1, 2, 4, 5, 10, 20]), default: 20 }),
  /** Width in pixels, a whole number; the default is the canvas' width in CSS pixels. */
  width: Object.freeze({ min: 32, max: 1280 }),
  /** Height in pixels, a whole number; the default keeps the canvas' shape. */
  height: Object.freeze({ min: 32, max: 1280 }),
});

/** The keys an options object may have. */
const OPTION_KEYS = ['format', 'seconds', 'fps', 'width', 'height', 'signal', 'onProgress'];

/** How near, in world units, a lap must bring every number of the scene's state to count as repeating. */
const SETTLED = 0.01;

/** Most laps run before the recorded ones (the chain's circle repeats after 8). */
const MAX_SETTLING_LAPS = 16;

/** The MIME type recorded for format 'webm'. */
const WEBM = 'video/webm';

/**
 * Checks exportAnimation()'s options; throws a TypeError or RangeError that names the field and
 * what it may be.
 * @param {unknown} options
 * @param {{canvasWidth: number, canvasHeight: number, path: unknown}} page The canvas' CSS size and
 *   the scene's `path` param (undefined in scenes without one).
 * @returns {CheckedOptions}
 */
export function checkAnimationOptions(options, { canvasWidth, canvasHeight, path }) {
  const name = 'exportAnimation';
  if (options === undefined) options = {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(`${name}(options) expects an object like {format: 'gif', seconds: 4}, got ${describeValue(options)}`);
  }
  const given = /** @type {Record<string, unknown>} */ (options);
  for (const key of Object.keys(given)) {
    if (!OPTION_KEYS.includes(key)) {
      throw new TypeError(`${name}: unknown option ${describeValue(key)} (known: ${OPTION_KEYS.join(', ')})`);
    }
  }
  const { formats, seconds: secondsLimit, fps: fpsLimit } = ANIMATION_LIMITS;

  const format = given.format ?? 'gif';
  if (!formats.includes(/** @type {string} */ (format))) {
    throw new TypeError(`${name}: format expects ${formats.map((f) => `'${f}'`).join(' or ')}, got ${describeValue(format)}`);
  }

  const fps = given.fps ?? fpsLimit.default;
  if (typeof fps !== 'number' || !fpsLimit.allowed.includes(fps)) {
    throw new RangeError(`${name}: fps expects one of ${fpsLimit.allowed.join(', ')} (frames a second that divide `
      + `both the 60 simulation steps and the 100 GIF centiseconds of a second), got ${describeValue(fps)}`);
  }

  const period = pathPeriod(path);
  const seconds = given.seconds ?? period ?? secondsLimit.default;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) {
    throw new TypeError(`${name}: seconds expects a number from ${secondsLimit.min} to ${secondsLimit.max}, got ${describeValue(seconds)}`);
  }
  if (period !== null) {
    const laps = seconds / period;
    if (!Number.isInteger(laps) || laps < 1 || seconds > secondsLimit.max) {
      const allowed = [];
      for (let s = period; s <= secondsLimit.max; s += period) allowed.push(s);
      throw new RangeError(`${name}: seconds expects whole laps of the ${path} path (${allowed.join(', ')}; `
        + `a lap is ${period} s, so the animation loops without a jump), got ${describeValue(seconds)}`);
    }
  } else if (seconds < secondsLimit.min || seconds > secondsLimit.max) {
    throw new RangeError(`${name}: seconds expects a number from ${secondsLimit.min} to ${secondsLimit.max}, got ${describeValue(seconds)}`);
  }
  // Whole frames: a length that is not a whole number of frames is rounded to the nearest.
  const length = Math.max(1, Math.round(seconds * fps)) / fps;

  /**
   * @param {'width' | 'height'} key
   * @param {number} fallback
   */
  const pixels = (key, fallback) => {
    const { min, max } = ANIMATION_LIMITS[key];
    const value = given[key] ?? Math.min(max, Math.max(min, Math.round(fallback)));
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      const kind = typeof value === 'number' ? RangeError : TypeError;
      throw new kind(`${name}: ${key} expects a whole number of pixels from ${min} to ${max}, got ${describeValue(value)}`);
    }
    return value;
  };
  const width = pixels('width', canvasWidth);
  const height = pixels('height', (width * canvasHeight) / Math.max(1, canvasWidth));

  const signal = given.signal ?? null;
  if (signal !== null && !(signal instanceof AbortSignal)) {
    throw new TypeError(`${name}: signal expects an AbortSignal (new AbortController().signal), got ${describeValue(signal)}`);
  }
  const onProgress = given.onProgress ?? (() => {});
  if (typeof onProgress !== 'function') {
    throw new TypeError(`${name}: onProgress expects a function (called with the share done, 0 to 1), got ${describeValue(onProgress)}`);
  }
  return {
    format: /** @type {'gif' | 'webm'} */ (format), seconds: length, fps, width, height, period, signal,
    onProgress: /** @type {(done: number) => void} */ (onProgress),
  };
}

/** Whether this browser can record a WebM from a canvas. */
export function canRecordWebm() {
  return typeof MediaRecorder !== 'undefined' && typeof MediaRecorder.isTypeSupported === 'function'
    && MediaRecorder.isTypeSupported(WEBM) && typeof HTMLCanvasElement.prototype.captureStream === 'function';
}

/** @param {AbortSignal | null} signal */
function throwIfAborted(signal) {
  if (signal?.aborted) throw new DOMException('exportAnimation was cancelled', 'AbortError');
}

/**
 * A macrotask's pause: the page draws and answers input between tasks. A message on a channel of
 * its own, not a timer: a hidden tab's timers wait a second or more (Firefox), its messages do not.
 */
function pause() {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve(undefined);
    };
    port2.postMessage(null);
  });
}

/**
 * A pause only once the work since the last one has run SLICE_MS: no task grows long, and an
 * export does not wait on a timer (clamped to 4 ms once nested) after every small piece of work.
 * A cancel is seen at each pause.
 * @param {AbortSignal | null} signal
 * @returns {() => Promise<void>}
 */
function pacer(signal) {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await pause();
    throwIfAborted(signal);
    since = performance.now();
  };
}

/** Longest stretch of simulation between pauses, ms: well under a long task's 50 ms. */
const SLICE_MS = 12;

/**
 * A scene instance of its own, built from a link's partial state as a page opened on the link
 * builds it, run in fixed steps and drawn into a fixed view.
 * @param {SceneDefinition} definition
 * @param {unknown} solver The scene's started WebAssembly module.
 * @param {Record<string, unknown>} partial parseLink()'s partial (page params are left out here).
 * @param {readonly import('../draw/bone-art.js').BoneArt[]} art The author's pictures on the bones.
 * @param {AbortSignal | null} signal
 */
async function startScene(definition, solver, partial, art, signal) {
  // One clock for the whole export: a pause wherever a slice of work has run, not after every
  // piece (a hidden tab's timers wait a second or more). Building, restoring and the first solve
  // can each end a slice (200 creatures are a long task's worth together).
  const pace = pacer(signal);
  // The scene run of the page's host (scene-run.js), started as runFromLink() starts one, with a
  // pause between its parts.
  const sceneRun = createSceneRun(definition, solver);
  /** The pacer while the scene is being set up: a cancel there frees the scene before it ends the export. */
  const paceSetUp = async () => {
    try {
      await pace();
    } catch (error) {
      sceneRun.dispose();
      throw error;
    }
  };
  await paceSetUp();
  sceneRun.apply(partial, applyPageParams(defaultPage(), partial).rest);
  await paceSetUp();
  sceneRun.absorb(sceneRun.solve());
  const dt = 1 / FIXED_RATE;
  /** Every number of the scene's state and points. */
  const numbers = () => {
    const state = sceneRun.scene.state(sceneRun.settings);
    /** @type {number[]} */
    const found = [];
    // Every number, in the order JSON would write them (a walk: a JSON replacer called for every
    // value of 200 creatures' state made this a long task of its own).
    /** @param {unknown} value */
    const walk = (value) => {
      if (typeof value === 'number') found.push(value);
      else if (ArrayBuffer.isView(value)) {
        const items = /** @type {Float64Array} */ (value);
        for (let i = 0; i < items.length; i += 1) found.push(items[i]);
      }
      else if (Array.isArray(value)) for (const item of value) walk(item);
      else if (value !== null && typeof value === 'object') for (const key of Object.keys(value)) walk(/** @type {Record<string, unknown>} */ (value)[key]);
    };
    walk([state, sceneRun.settings.points]);
    return found;
  };
  return {
    /** @param {number} steps */
    run(steps) {
      for (let i = 0; i < steps; i += 1) sceneRun.step(dt);
    },
    /**
     * run(), in slices of at most SLICE_MS with a pause after each (a cancel is seen there).
     * @param {number} steps
     */
    async runSliced(steps) {
      for (let i = 0; i < steps; i += 1) {
        sceneRun.step(dt);
        await pace();
      }
    },
    pace,
    /**
     * Runs laps until one brings the scene back to where it started it (or MAX_SETTLING_LAPS), in
     * slices the page draws between.
     * @param {number} lapSteps
     */
    async settle(lapSteps) {
      let before = numbers();
      for (let lap = 0; lap < MAX_SETTLING_LAPS; lap += 1) {
        await this.runSliced(lapSteps);
        await pace();
        const after = numbers();
        const repeats = after.length === before.length && after.every((value, i) => Math.abs(value - before[i]) <= SETTLED);
        if (repeats) return;
        before = after;
      }
    },
    /**
     * @param {import('../draw/view.js').View} view
     * @param {Theme} theme
     */
    draw: (view, theme) => sceneRun.drawInto(view, theme, art),
    dispose: () => sceneRun.dispose(),
  };
}

/** @typedef {import('../draw/gif-frames.js').GifEncoderModule} GifEncoderModule */

/** @type {Promise<GifEncoderModule> | null} */
let encoderModule = null;

/** Loads the bundled GIF encoder into the page once, when the first GIF is made without a worker. */
function loadEncoder() {
  const url = new URL('./vendor/gifenc.js', import.meta.url).href;
  encoderModule ??= /** @type {Promise<GifEncoderModule>} */ (import(url));
  encoderModule.catch(() => { encoderModule = null; });
  return encoderModule;
}

/**
 * Makes the animation.
 * @param {Object} job
 * @param {CheckedOptions} job.options
 * @param {SceneDefinition} job.definition
 * @param {unknown} job.solver
 * @param {Record<string, unknown>} job.partial The link's partial state (parseLink()).
 * @param {Theme} job.theme The theme the page shows.
 * @param {readonly import('../draw/bone-art.js').BoneArt[]} [job.art] The author's pictures on the bones.
 * @returns {Promise<Blob>}
 */
export async function recordAnimation({ options, definition, solver, partial, theme, art = [] }) {
  const { format, seconds, fps, width, height, period, signal, onProgress } = options;
  throwIfAborted(signal);
  if (format === 'webm' && !canRecordWebm()) {
    throw new Error('exportAnimation: this browser cannot record WebM (MediaRecorder does not support video/webm here); use format \'gif\'');
  }
  // GIF frames are opaque: the theme's background under a transparent page's drawing.
  const opaque = { ...theme, backdrop: theme.background };
  /** @type {GifEncoderModule | null} */
  let gifenc = null;
  if (format === 'gif') {
    const worker = await startGifWorker();
    const pictures = worker ? await portableArt(art) : null;
    if (worker && (!pictures || signal?.aborted)) worker.terminate();
    throwIfAborted(signal);
    if (worker && pictures) {
      const job = { id: definition.id, partial, theme: opaque, art: pictures, seconds, fps, width, height, period };
      const bitmaps = pictures.map((item) => /** @type {ImageBitmap} */ (item.image));
      let sent = false;
      try {
        worker.postMessage({ type: 'scene', ...job }, bitmaps);
        sent = true;
      } catch (error) {
        // A picture from another origin without CORS makes a bitmap no worker may be sent: the page
        // draws, and its readback says why the drawing cannot be exported.
        worker.terminate();
        for (const bitmap of bitmaps) bitmap.close();
        if (!(error instanceof DOMException && error.name === 'DataCloneError')) throw error;
      }
      if (sent) return sceneInWorker(worker, { signal, onProgress });
    }
    gifenc = await loadEncoder();
  }
  const canvas = document.createElement('canvas');
  return renderAnimation({ definition, solver, partial, art, theme: opaque, seconds, fps, width, height, period }, {
    canvas, gifenc, signal, onProgress,
  });
}

/**
 * What a scene's animation is made of, all of it structured-cloneable but the definition and
 * the module (a worker loads its own from the id).
 * @typedef {Object} SceneJob
 * @property {SceneDefinition} definition
 * @property {unknown} solver The scene's started WebAssembly module.
 * @property {Record<string, unknown>} partial The link's partial state (parseLink()).
 * @property {Theme} theme The theme the frames are drawn in (opaque for a GIF).
 * @property {readonly import('../draw/bone-art.js').BoneArt[]} art
 * @property {number} seconds
 * @property {number} fps
 * @property {number} width
 * @property {number} height
 * @property {number | null} period The path's lap, s, or null.
 */

/**
 * The scene run, settled and drawn frame by frame into `canvas`: encoded as a GIF with `gifenc`,
 * or, without it, recorded as a WebM. Runs in the page, or in gif-worker.js on an OffscreenCanvas.
 * @param {SceneJob} job
 * @param {{canvas: HTMLCanvasElement | OffscreenCanvas, gifenc: GifEncoderModule | null, signal: AbortSignal | null,
 *   onProgress: (done: number) => void}} into
 * @returns {Promise<Blob>}
 */
export async function renderAnimation({ definition, solver, partial, art, theme, seconds, fps, width, height, period }, { canvas, gifenc, signal, onProgress }) {
  const frames = Math.round(seconds * fps);
  const stepsPerFrame = FIXED_RATE / fps;
  const view = createFixedView(canvas, definition.world, width, height);
  let sim = null;
  try {
    sim = await startScene(definition, solver, partial, art, signal);
    // Laps not recorded: the scene settles from the link's pose onto the path's repeating motion.
    if (period !== null) await sim.settle(period * FIXED_RATE);
    const job = { sim, view, theme, frames, stepsPerFrame, fps, signal, onProgress };
    if (gifenc) return await encodeGif(gifenc, { ...job, width, height });
    return await recordWebm({ ...job, canvas: /** @type {HTMLCanvasElement} */ (canvas) });
  } finally {
    sim?.dispose();
  }
}

/**
 * The pictures on the bones as ImageBitmaps, which a worker can be sent; null where one cannot be
 * made (a picture the browser cannot turn into a bitmap): the page then draws the frames itself.
 * @param {readonly import('../draw/bone-art.js').BoneArt[]} art
 * @returns {Promise<import('../draw/bone-art.js').BoneArt[] | null>}
 */
async function portableArt(art) {
  try {
    return await Promise.all(art.map(async (item) => ({ ...item, image: await createImageBitmap(item.image) })));
  } catch {
    return null;
  }
}

/**
 * The whole GIF made in the worker, once it has been sent the scene: the scene's laps, its drawing
 * and the encoding, none of it on the page's thread. A cancel ends the worker at once.
 * @param {Worker} worker A started GIF worker that draws scenes.
 * @param {{signal: AbortSignal | null, onProgress: (done: number) => void}} progress
 * @returns {Promise<Blob>}
 */
function sceneInWorker(worker, { signal, onProgress }) {
  return new Promise((resolve, reject) => {
    const stop = () => {
      worker.terminate();
      reject(new DOMException('exportAnimation was cancelled', 'AbortError'));
    };
    signal?.addEventListener('abort', stop, { once: true });
    /** @param {() => void} settle */
    const end = (settle) => {
      signal?.removeEventListener('abort', stop);
      worker.onmessage = null;
      // Ended: after an error it has nothing left to do (after its GIF it ends itself).
      worker.terminate();
      settle();
    };
    worker.onmessage = ({ data }) => {
      if (data?.type === 'progress' && typeof data.share === 'number') onProgress(data.share);
      else if (data?.type === 'done' && data.gif instanceof Blob) end(() => resolve(data.gif));
      else if (data?.type === 'error') end(() => reject(workerError(data)));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      end(() => reject(encodingFailed(event.message || 'the worker stopped')));
    };
  });
}

/**
 * A worker's error as the page's: an unreadable picture stays a SecurityError (exportError says
 * why), anything else is the encoding's.
 * @param {{name?: unknown, message?: unknown}} data
 */
function workerError({ name, message }) {
  if (name === 'SecurityError') return new DOMException(String(message), 'SecurityError');
  return encodingFailed(String(message));
}

/**
 * @typedef {Object} FrameJob
 * @property {Awaited<ReturnType<typeof startScene>>} sim
 * @property {import('../draw/view.js').View} view
 * @property {Theme} theme
 * @property {number} frames
 * @property {number} stepsPerFrame
 * @property {number} fps
 * @property {AbortSignal | null} signal
 * @property {(done: number) => void} onProgress
 */

/**
 * The GIF worker once it has loaded its encoder and found that it can draw (an OffscreenCanvas
 * with a 2D context); null when it cannot start, load or draw (the script served from another
 * origin than the page, a browser without module workers or without OffscreenCanvas): the page
 * then makes the GIF itself, in slices, into the same bytes.
 * @returns {Promise<Worker | null>}
 */
async function startGifWorker() {
  /** @type {Worker} */
  let worker;
  try {
    worker = new Worker(new URL('./gif-worker.js', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  /** @type {{type?: unknown, drawsScenes?: unknown} | null} */
  const ready = await new Promise((resolve) => {
    worker.onmessage = (event) => resolve(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      resolve(null);
    };
  });
  if (ready?.type === 'ready' && ready.drawsScenes === true) return worker;
  worker.terminate();
  return null;
}

/** The worker's error, as exportAnimation's. @param {string} why */
function encodingFailed(why) {
  return new Error(`exportAnimation: the GIF could not be encoded: ${why}`);
}

/**
 * Draws the frames and encodes them where they are drawn (the page, where no worker starts, or
 * the worker drawing the scene): the same frame writer and the same bands of the mapping to the
 * palette, with pauses between them.
 * @param {GifEncoderModule} gifenc
 * @param {FrameJob & {width: number, height: number}} job
 */
async function encodeGif(gifenc, { sim, view, theme, frames, stepsPerFrame, fps, width, height, signal, onProgress }) {
  const { pace } = sim;
  const writer = gifFrameWriter(gifenc, { width, height, fps });
  for (let frame = 0; frame < frames; frame += 1) {
    throwIfAborted(signal);
    if (frame > 0) await sim.runSliced(stepsPerFrame);
    // The drawing is recorded in a task of its own and rasterised (as its pixels are read) in the
    // next: each is a large share of a long task's 50 ms with 200 creatures.
    await pause();
    throwIfAborted(signal);
    const ctx = sim.draw(view, theme);
    await pause();
    throwIfAborted(signal);
    const rgba = ctx.getImageData(0, 0, width, height).data;
    const bands = mapToPalette(gifenc, rgba, writer.palette(rgba), width);
    await pace();
    let mapped = bands.next();
    for (; !mapped.done; mapped = bands.next()) await pace();
    writer.write(mapped.value);
    onProgress((frame + 1) / frames);
    await pace();
  }
  throwIfAborted(signal);
  return new Blob([writer.finish()], { type: 'image/gif' });
}

/**
 * Records the frames as a WebM in real time, one frame each 1/fps s.
 * @param {FrameJob & {canvas: HTMLCanvasElement}} job
 */
async function recordWebm({ sim, view, canvas, theme, frames, stepsPerFrame, fps, signal, onProgress }) {
  const stream = canvas.captureStream(0);
  const [track] = /** @type {Array<MediaStreamTrack & {requestFrame?: () => void}>} */ (stream.getVideoTracks());
  const recorder = new MediaRecorder(stream, { mimeType: WEBM });
  /** @type {Blob[]} */
  const chunks = [];
  recorder.ondataavailable = (event) => { if (event.data.size) chunks.push(event.data); };
  const stopped = new Promise((resolve, reject) => {
    recorder.onstop = resolve;
    recorder.onerror = (event) => reject(new Error(`exportAnimation: the WebM recording failed: ${/** @type {any} */ (event).error?.message ?? 'unknown error'}`));
  });
  // An abort leaves the loop below before the recording's end is awaited: its error is not lost as unhandled.
  stopped.catch(() => {});
  sim.draw(view, theme);
  recorder.start();
  try {
    const started = performance.now();
    for (let frame = 0; frame < frames; frame += 1) {
      throwIfAborted(signal);
      if (frame > 0) sim.run(stepsPerFrame);
      sim.draw(view, theme);
      track.requestFrame?.();
      onProgress((frame + 1) / frames);
      const due = started + ((frame + 1) * 1000) / fps;
      await new Promise((resolve) => { setTimeout(resolve, Math.max(0, due - performance.now())); });
    }
  } finally {
    recorder.stop();
    track.stop();
  }
  await stopped;
  throwIfAborted(signal);
  return new Blob(chunks, { type: WEBM });
}
