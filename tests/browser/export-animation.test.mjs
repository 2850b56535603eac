// export-animation.test.mjs: playground.exportAnimation and the Download GIF buttons. The export's
// code and the encoder (in the GIF worker) load only when a GIF is asked for, from the page's own
// host; without a worker the page encodes the same bytes itself. A GIF of
// ?scene=chain&path=circle, decoded here with omggif: one lap of the path (8 s at 20 fps: 160
// frames of 5 cs), looping forever, the size asked; its first frame is the picture the page draws
// at that point of the lap once the chain repeats, and a lap later (no jump where it loops); the same link gives the same bytes;
// the page's own state and its C++ objects are the same after an export; a 4 s 480×360 GIF of the
// spider, which walks and scrolls every pixel, stays under 1.5 MB; bad options reject naming the
// field and its range; an aborted signal rejects with an AbortError and the page runs on; the
// playground's button and the embed dialog's, clicked, show progress, save a GIF and cancel. WebM
// where the browser records one, else the plain refusal. In Chromium, Firefox and WebKit.
import assert from 'node:assert/strict';
import { availableParallelism, loadavg } from 'node:os';
import omggif from 'omggif';
import { seriousAxeViolations } from './harness.mjs';
import { assertNoProblems, forEachEngine } from './engines/index.mjs';
import { withDeepQuery } from './engines/page.mjs';

/** @typedef {import('./engines/page.mjs').EnginePage} EnginePage */

const CHAIN_CIRCLE = '?scene=chain&path=circle';

/** The circle path's lap, s (web/src/scenes/target-path.js), and the simulation's steps a second. */
const LAP = 8;
const RATE = 60;

/** The largest 4 s 480×360 GIF allowed, bytes. */
const MAX_BYTES = 1.5 * 1024 * 1024;

/**
 * Runs exportAnimation(options) in the page; the GIF's bytes, or the rejection's name and message.
 * @param {EnginePage} page
 * @param {Record<string, unknown>} options
 * @returns {Promise<{bytes?: Buffer, type?: string, error?: {name: string, message: string}}>}
 */
async function exportIn(page, options) {
  const result = await page.evaluate(async (opts) => {
    try {
      const blob = await window.playground.exportAnimation(opts);
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let text = '';
      for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return { base64: btoa(text), type: blob.type };
    } catch (error) {
      return { error: { name: error.name, message: error.message } };
    }
  }, options);
  if (result.error) return { error: result.error };
  return { bytes: Buffer.from(result.base64, 'base64'), type: result.type };
}

/**
 * Decodes a GIF: its size, loop count, delays and every frame as it is shown (each frame drawn
 * over the one before, as disposal 1 leaves it).
 * @param {Buffer} bytes
 */
function decodeGif(bytes) {
  const reader = new omggif.GifReader(bytes);
  const { width, height } = reader;
  const canvas = new Uint8Array(width * height * 4);
  const frames = [];
  const delays = [];
  for (let i = 0; i < reader.numFrames(); i += 1) {
    const info = reader.frameInfo(i);
    assert.equal(info.disposal, 1, `frame ${i}: left in place for the next`);
    reader.decodeAndBlitFrameRGBA(i, canvas);
    frames.push(canvas.slice());
    delays.push(info.delay);
  }
  return { width, height, loopCount: reader.loopCount(), frames, delays };
}

/**
 * Mean absolute difference of two RGBA pictures of the same size, per colour channel (0..255).
 * @param {Uint8Array} a
 * @param {Uint8Array} b
 */
function difference(a, b) {
  assert.equal(a.length, b.length, 'pictures of the same size');
  let sum = 0;
  for (let i = 0; i < a.length; i += 4) {
    sum += Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]);
  }
  return sum / ((a.length / 4) * 3);
}

/**
 * The canvas as the page draws it now (exportImage('png'), device pixels), as RGBA.
 * @param {EnginePage} page
 */
async function canvasPixels(page) {
  const base64 = await page.evaluate(async () => {
    const bitmap = await createImageBitmap(await window.playground.exportImage('png'));
    const canvas = document.createElement('canvas');
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
    context.drawImage(bitmap, 0, 0);
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let text = '';
    for (let i = 0; i < data.length; i += 0x8000) text += String.fromCharCode(...data.subarray(i, i + 0x8000));
    return btoa(text);
  });
  return new Uint8Array(Buffer.from(base64, 'base64'));
}

/** What of the page an export must leave as it was: its state and its module's counters. @param {EnginePage} page */
function pageState(page) {
  return page.evaluate(() => {
    // Not the page's work nor what its drawings cost: a paused page may draw the same frame again.
    const { page: work, timing, ...module } = window.playground.stats();
    return { state: window.playground.getState(), module };
  });
}

forEachEngine({
  once: 'the GIF encoder and the frames it draws are the page\'s own JS, the same drawing code every engine\'s figure and bone-art tests export',
  prefer: 'chromium',
  page: CHAIN_CIRCLE,
}, ({ test }) => {
  test('a GIF of the circle path is one lap: 160 frames of 5 cs at 20 fps, looping forever, the size asked', async ({ page }) => {
    const loaded = () => page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name)
      .map((name) => /\/src\/(animation|vendor\/gifenc)(?:-\w+)?\.js$/.exec(name)?.[1]).filter(Boolean).sort()); // animation-<hash>.js: its bundle chunk.
    assert.deepEqual(await loaded(), [], 'the page loads neither the export\'s code nor the encoder until asked');
    const { bytes, type, error } = await exportIn(page, { width: 240 });
    // The encoder loads in the GIF worker (dist/src/gif-worker.js), not in the page.
    assert.deepEqual(await loaded(), ['animation'], 'the export\'s code from the page\'s own host');
    assert.equal(error, undefined);
    assert.equal(type, 'image/gif');
    const gif = decodeGif(/** @type {Buffer} */ (bytes));
    const canvas = await page.box('#view');
    assert.equal(gif.width, 240);
    assert.equal(gif.height, Math.round((240 * canvas.height) / canvas.width), 'the canvas\' shape');
    assert.equal(gif.frames.length, LAP * 20, 'one lap at the default 20 fps');
    assert.ok(gif.delays.every((delay) => delay === 5), 'every frame shown 5 cs');
    assert.equal(gif.loopCount, 0, 'NETSCAPE2.0 loop count 0: forever');

    const sized = decodeGif(/** @type {Buffer} */ ((await exportIn(page, { width: 160, height: 120, fps: 5 })).bytes));
    assert.deepEqual([sized.width, sized.height, sized.frames.length], [160, 120, LAP * 5]);
    assert.ok(sized.delays.every((delay) => delay === 20), 'every frame shown 20 cs at 5 fps');
    const twoLaps = await exportIn(page, { width: 64, fps: 1, seconds: 2 * LAP });
    assert.equal(decodeGif(/** @type {Buffer} */ (twoLaps.bytes)).frames.length, 2 * LAP, 'seconds: whole laps');
    await assertNoProblems(page);
  });

  test('its first frame is what the page draws there once the chain repeats, and a lap later: no jump', async ({ engine, url }) => {
    // The embed view at 640×480 (the embed snippet's size): a canvas of whole pixels, paused, the
    // link's state, nothing over the canvas.
    const embed = await engine.openPage(`${url}embed.html${CHAIN_CIRCLE}&play=paused&openLink=0`, { viewport: { width: 640, height: 480 } });
    try {
      assert.deepEqual(await embed.box('#view'), { x: 0, y: 0, width: 640, height: 480 });
      // 5 fps: a frame every 12 steps, 40 in the lap, each compared with the next (the default
      // 20 fps is the first test's).
      const gif = decodeGif(/** @type {Buffer} */ ((await exportIn(embed, { fps: 5 })).bytes));
      assert.deepEqual([gif.width, gif.height, gif.frames.length], [640, 480, LAP * 5], 'the canvas\' size by default');
      const first = gif.frames[0];
      const last = gif.frames[gif.frames.length - 1];
      const half = gif.frames[gif.frames.length / 2];

      // The page after many laps, when the chain repeats lap after lap, and a lap later.
      const laps = async (count) => {
        for (let lap = 0; lap < count; lap += 1) await embed.evaluate((steps) => window.playground.step(steps), LAP * RATE);
      };
      await laps(16);
      const later = await canvasPixels(embed);
      await laps(1);
      const aLapLater = await canvasPixels(embed);

      const steps = gif.frames.slice(1).map((frame, i) => difference(gif.frames[i], frame)).sort((a, b) => a - b);
      const largestStep = steps[steps.length - 1];
      const medianStep = steps[Math.floor(steps.length / 2)];
      const onPage = difference(first, later);
      const onPageLapLater = difference(first, aLapLater);
      const wrap = difference(last, first);
      const acrossTheLap = difference(first, half);
      const numbers = `frame 0 against the page after 16 laps ${onPage.toFixed(3)}, after 17 ${onPageLapLater.toFixed(3)}; `
        + `last → first ${wrap.toFixed(3)}; a step: median ${medianStep.toFixed(3)}, largest ${largestStep.toFixed(3)}; `
        + `half a lap ${acrossTheLap.toFixed(3)}`;
      // The GIF's 255 colours against the page's own: only the palette differs.
      assert.ok(onPage < 0.5, `frame 0 is the page's picture at that point of the lap: ${numbers}`);
      assert.ok(onPageLapLater < 0.5, `and a lap later (the frame after the last): ${numbers}`);
      // Where it loops, the last frame is as far from the first as a frame from the one before.
      assert.ok(wrap <= largestStep, `no jump where it loops: ${numbers}`);
      assert.ok(acrossTheLap > largestStep, `half a lap on, the picture differs more: ${numbers}`);
      assert.ok(difference(last, half) > 0, 'the frames move');
      await assertNoProblems(embed);
    } finally {
      await embed.close();
    }
  });

  test('the same link gives the same bytes, and the page is as it was', async ({ page }) => {
    await page.evaluate(() => window.playground.pause());
    const before = await pageState(page);
    const one = await exportIn(page, { width: 200, fps: 5 });
    const two = await exportIn(page, { width: 200, fps: 5 });
    assert.ok(one.bytes && two.bytes);
    assert.equal(Buffer.compare(one.bytes, two.bytes), 0, `the same ${one.bytes.length} bytes twice`);
    // Where no worker can start, the page encodes the frames itself: the same bytes.
    await page.evaluate(() => {
      window.savedWorker = window.Worker;
      // @ts-ignore: a browser without workers
      window.Worker = undefined;
    });
    const inPage = await exportIn(page, { width: 200, fps: 5 });
    await page.evaluate(() => { window.Worker = window.savedWorker; });
    assert.ok(inPage.bytes);
    assert.equal(Buffer.compare(inPage.bytes, one.bytes), 0, 'the page\'s own encoding writes the worker\'s bytes');
    assert.deepEqual(await pageState(page), before, 'the state, and the live chains, memory and handles of its module');

    // Running: time goes on during and after an export; the page shows the same scene.
    await page.evaluate(() => window.playground.resume());
    const { time } = await page.evaluate(() => window.playground.getState());
    const three = await exportIn(page, { width: 200, fps: 5 });
    // Its link holds the pose the chain has when the export starts; the laps run first bring it to
    // the same repeating motion, so the same pictures (to a fraction of a colour step on average;
    // not always the same bytes: the pose that starts them differs by rounding).
    const paused = decodeGif(/** @type {Buffer} */ (one.bytes));
    const running = decodeGif(/** @type {Buffer} */ (three.bytes));
    assert.equal(running.frames.length, paused.frames.length, 'as many frames from a page that runs');
    for (const i of [0, running.frames.length >> 1, running.frames.length - 1]) {
      const off = difference(running.frames[i], paused.frames[i]);
      assert.ok(off < 0.5, `frame ${i} from a page that runs is the paused page's (${off.toFixed(3)} off)`);
    }
    await page.waitForFunction((t) => window.playground.getState().time > t + 0.1, time);
    assert.equal((await page.evaluate(() => window.playground.getState())).params.path, 'circle');
    await assertNoProblems(page);
  });

  test('a 4 s 480×360 GIF of the spider, which scrolls every frame, is under 1.5 MB', async ({ engine, url }, t) => {
    const spider = await engine.openPage(`${url}?scene=spider`);
    try {
      const { bytes } = await exportIn(spider, { width: 480, height: 360, seconds: 4 });
      const gif = decodeGif(/** @type {Buffer} */ (bytes));
      assert.deepEqual([gif.width, gif.height, gif.frames.length], [480, 360, 80]);
      const size = /** @type {Buffer} */ (bytes).length;
      assert.ok(size < MAX_BYTES, `${(size / 1024).toFixed(0)} KB`);
      t.diagnostic(`the spider's 4 s 480×360 GIF: ${(size / 1024).toFixed(0)} KB`);
      assert.ok(difference(gif.frames[0], gif.frames[79]) > 1, 'the spider walked');
      await assertNoProblems(spider);
    } finally {
      await spider.close();
    }
  });

  test('a GIF of 200 creatures on the figure-8 path is made off the page\'s thread: no long task; progress and cancel work', {
    onlyIn: 'chromium: long tasks are measured by PerformanceObserver(\'longtask\'), which only Chromium has',
  }, async ({ engine, url }, t) => {
    const crowd = await engine.openPage(`${url}?scene=creature&count=200&path=figure8`);
    try {
      // The page paused: its own frames (200 creatures drawn) are no long tasks of the export's.
      await crowd.evaluate(() => window.playground.pause());
      const exportOnce = () => crowd.evaluate(async () => {
        const tasks = [];
        const observer = new PerformanceObserver((list) => { for (const entry of list.getEntries()) tasks.push(entry.duration); });
        observer.observe({ type: 'longtask' });
        // Frames whose pixels the page reads: each frame of a GIF made on the page is read back
        // there (getImageData), none of a GIF made in the worker.
        const proto = CanvasRenderingContext2D.prototype;
        const { getImageData } = proto;
        let read = 0;
        proto.getImageData = function counted(...args) {
          read += 1;
          return getImageData.apply(this, args);
        };
        const shares = [];
        try {
          await window.playground.exportAnimation({ width: 320, height: 240, fps: 10, onProgress: (share) => shares.push(share) });
        } finally {
          proto.getImageData = getImageData;
        }
        // A cancel while the laps settle: the export rejects with an AbortError.
        const controller = new AbortController();
        const cancelled = window.playground.exportAnimation({ width: 320, height: 240, fps: 10, signal: controller.signal })
          .then(() => 'finished', (error) => error.name);
        setTimeout(() => controller.abort(), 50);
        const outcome = await cancelled;
        for (const entry of observer.takeRecords()) tasks.push(entry.duration);
        observer.disconnect();
        return { longest: Math.max(0, ...tasks), count: tasks.length, shares: shares.length, last: shares.at(-1), outcome, read };
      });
      // The scene's laps, its drawing and the encoding run in the GIF worker; the page only hears
      // the progress, so a long task during the export is this machine stalling the page's thread
      // (a task of a millisecond held up by a busy machine, as beside a full npm test), not the
      // export's work: up to five exports, the best of them counted. In one block this export was
      // a 2.5 s task; sliced on the page, tasks of 12 ms that a loaded machine stretched past 50.
      const runs = [];
      do runs.push(await exportOnce()); while (runs.at(-1).longest >= 50 && runs.length < 5);
      t.diagnostic(`the longest task during each export: ${runs.map((run) => `${Math.round(run.longest)} ms`).join(', ')} `
        + `(load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores)`);
      for (const run of runs) {
        assert.equal(run.read, 0, 'no frame\'s pixels read on the page: the worker drew and encoded them');
        assert.equal(run.last, 1, 'progress reached 1');
        assert.ok(run.shares > 1, 'progress was reported along the way');
        assert.equal(run.outcome, 'AbortError');
      }
      const best = Math.min(...runs.map((run) => run.longest));
      assert.ok(best < 50, `a task of ${best} ms in the best of ${runs.length} exports (Chromium's long tasks are over 50 ms)`);
    } finally {
      await crowd.close();
    }
  });

  test('bad options reject with a TypeError or RangeError naming the field and what it may be', async ({ page }) => {
    const cases = [
      [{ format: 'png' }, 'TypeError', 'exportAnimation: format expects \'gif\' or \'webm\', got png'],
      [{ fps: 25 }, 'RangeError', 'exportAnimation: fps expects one of 1, 2, 4, 5, 10, 20 (frames a second that divide both the 60 simulation steps and the 100 GIF centiseconds of a second), got 25'],
      [{ fps: '20' }, 'RangeError', 'exportAnimation: fps expects one of 1, 2, 4, 5, 10, 20 (frames a second that divide both the 60 simulation steps and the 100 GIF centiseconds of a second), got 20'],
      [{ seconds: 4 }, 'RangeError', 'exportAnimation: seconds expects whole laps of the circle path (8, 16, 24; a lap is 8 s, so the animation loops without a jump), got 4'],
      [{ seconds: 32 }, 'RangeError', 'exportAnimation: seconds expects whole laps of the circle path (8, 16, 24; a lap is 8 s, so the animation loops without a jump), got 32'],
      [{ seconds: 'long' }, 'TypeError', 'exportAnimation: seconds expects a number from 0.5 to 30, got long'],
      [{ width: 10 }, 'RangeError', 'exportAnimation: width expects a whole number of pixels from 32 to 1280, got 10'],
      [{ width: 480.5 }, 'RangeError', 'exportAnimation: width expects a whole number of pixels from 32 to 1280, got 480.5'],
      [{ width: '480' }, 'TypeError', 'exportAnimation: width expects a whole number of pixels from 32 to 1280, got 480'],
      [{ height: 2000 }, 'RangeError', 'exportAnimation: height expects a whole number of pixels from 32 to 1280, got 2000'],
      [{ colour: 'red' }, 'TypeError', 'exportAnimation: unknown option colour (known: format, seconds, fps, width, height, signal, onProgress)'],
      [{ signal: 1 }, 'TypeError', 'exportAnimation: signal expects an AbortSignal (new AbortController().signal), got 1'],
      [{ onProgress: 'yes' }, 'TypeError', 'exportAnimation: onProgress expects a function (called with the share done, 0 to 1), got yes'],
      ['gif', 'TypeError', 'exportAnimation(options) expects an object like {format: \'gif\', seconds: 4}, got gif'],
    ];
    for (const [options, name, message] of cases) {
      const { error } = await exportIn(page, options);
      assert.deepEqual(error, { name, message }, JSON.stringify(options));
    }
    // Without a path: seconds from 0.5 to 30.
    await page.evaluate(() => window.playground.setState({ params: { path: 'none' } }));
    try {
      for (const seconds of [0.1, 31, Infinity]) {
        const { error } = await exportIn(page, { seconds, width: 64 });
        assert.deepEqual(error, { name: seconds === Infinity ? 'TypeError' : 'RangeError', message: `exportAnimation: seconds expects a number from 0.5 to 30, got ${seconds}` });
      }
      const short = decodeGif(/** @type {Buffer} */ ((await exportIn(page, { seconds: 0.5, width: 64 })).bytes));
      assert.equal(short.frames.length, 10, 'seconds × fps frames');
    } finally {
      await page.evaluate(() => window.playground.setState({ params: { path: 'circle' } }));
    }
    await assertNoProblems(page);
  });

  test('an aborted signal rejects with an AbortError and the page runs on as before', async ({ page }) => {
    await page.evaluate(() => window.playground.pause());
    const before = await pageState(page);
    const result = await page.evaluate(async () => {
      const controller = new AbortController();
      /** @type {number[]} */
      const seen = [];
      const outcome = await window.playground.exportAnimation({
        width: 200, signal: controller.signal, onProgress(done) {
          seen.push(done);
          if (seen.length === 5) controller.abort();
        },
      }).then(() => 'resolved', (error) => `${error.name}: ${error.message}`);
      const early = new AbortController();
      early.abort();
      const already = await window.playground.exportAnimation({ signal: early.signal }).then(() => 'resolved', (error) => error.name);
      return { outcome, seen, already };
    });
    assert.equal(result.outcome, 'AbortError: exportAnimation was cancelled');
    assert.equal(result.seen.length, 5, 'no frame after the abort');
    assert.deepEqual(result.seen, [1, 2, 3, 4, 5].map((n) => n / 160), 'progress: the share of the frames made');
    assert.equal(result.already, 'AbortError', 'a signal aborted already');
    assert.deepEqual(await pageState(page), before, 'the page and its module as before');
    await page.evaluate(() => window.playground.resume());
    const { time } = await page.evaluate(() => window.playground.getState());
    await page.waitForFunction((t) => window.playground.getState().time > t + 0.1, time);
    await assertNoProblems(page);
  });

  test('WebM where the browser records one, else a plain refusal', async ({ page }, t) => {
    const can = await page.evaluate(() => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported('video/webm'));
    await page.evaluate(() => window.playground.setState({ params: { path: 'none' } }));
    try {
      const { bytes, type, error } = await exportIn(page, { format: 'webm', seconds: 1, width: 160, fps: 10 });
      t.diagnostic(can ? `recorded a WebM of ${bytes?.length} bytes` : 'this browser records no WebM: refused');
      if (can) {
        assert.equal(error, undefined);
        assert.equal(type, 'video/webm');
        assert.ok(bytes && bytes.length > 0, 'not empty');
        assert.deepEqual([...bytes.subarray(0, 4)], [0x1a, 0x45, 0xdf, 0xa3], 'an EBML (Matroska/WebM) header');
      } else {
        assert.deepEqual(error, {
          name: 'Error',
          message: 'exportAnimation: this browser cannot record WebM (MediaRecorder does not support video/webm here); use format \'gif\'',
        });
      }
    } finally {
      await page.evaluate(() => window.playground.setState({ params: { path: 'circle' } }));
    }
    await assertNoProblems(page);
  });

  test('Download GIF, clicked, shows its progress, saves a GIF and gives the focus back', async ({ page }) => {
    await page.evaluate(withDeepQuery(() => {
      // What the button saves: the link it clicks (not followed) and the blob behind it.
      window.saved = [];
      window.progressSeen = [];
      const createObjectURL = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (blob) => {
        const href = createObjectURL(blob);
        window.saved.push({ href, size: blob.size, type: blob.type });
        return href;
      };
      document.addEventListener('click', (event) => {
        const link = event.target;
        if (link instanceof HTMLAnchorElement && link.download) {
          event.preventDefault();
          window.saved.find((file) => file.href === link.href).name = link.download;
        }
      }, true);
      window.canvasSizes = new Set();
      const canvasSize = () => { const { width, height } = deepQuery('#view').getBoundingClientRect(); return `${width}×${height}`; };
      window.canvasSizes.add(canvasSize());
      new MutationObserver(() => {
        window.progressSeen.push(document.getElementById('gif-percent').textContent);
        window.canvasSizes.add(canvasSize());
      })
        .observe(document.getElementById('gif-percent'), { childList: true, characterData: true, subtree: true });
    }));
    const button = page.getByRole('button', { name: 'Download GIF' });
    await button.click();
    await page.waitForFunction(() => window.saved.length === 1, undefined, { timeout: 120000 });
    const result = await page.evaluate(() => ({
      saved: window.saved.map(({ name, size, type }) => ({ name, size, type })),
      progress: window.progressSeen,
      status: document.getElementById('copy-status').textContent,
      hidden: ['gif-progress', 'gif-cancel', 'download-gif'].map((id) => document.getElementById(id).hidden),
      focused: document.activeElement?.id,
      canvasSizes: [...window.canvasSizes],
    }));
    assert.equal(result.canvasSizes.length, 1, `the canvas keeps its size while the GIF is made: ${result.canvasSizes}`);
    assert.equal(result.saved[0].name, 'ik2d-chain.gif');
    assert.equal(result.saved[0].type, 'image/gif');
    assert.equal(result.status, `GIF saved (${Math.round(result.saved[0].size / 1024)} KB).`);
    assert.ok(result.progress.some((text) => /^GIF: ([1-9]|[1-9]\d) %$/.test(text)), `progress between 0 and 100 %: ${result.progress.slice(0, 5)}…`);
    assert.equal(result.progress.at(-1), 'GIF: 100 %');
    assert.deepEqual(result.hidden, [true, true, false], 'the progress and Cancel GIF go when the GIF is saved');
    assert.equal(result.focused, 'download-gif');
    await assertNoProblems(page);
  });

  test('the embed dialog\'s Download GIF shows its progress; Cancel GIF and closing the dialog stop it', async ({ page }) => {
    await page.getByRole('button', { name: 'Copy embed code' }).click();
    await page.waitForFunction(() => /** @type {HTMLDialogElement} */ (document.getElementById('embed-dialog')).open);
    // axe on the dialog and the page with both progress groups shown (an export is too short to
    // hold them there while axe reads the page).
    await page.evaluate(() => { for (const id of ['gif-progress', 'embed-gif-progress']) document.getElementById(id).hidden = false; });
    assert.deepEqual(await seriousAxeViolations(page), [], 'the dialog, its GIF line and both progress groups');
    await page.evaluate(() => { for (const id of ['gif-progress', 'embed-gif-progress']) document.getElementById(id).hidden = true; });
    await page.locator('#embed-dialog').getByRole('button', { name: 'Download GIF' }).click();
    await page.waitForFunction(() => !document.getElementById('embed-gif-progress').hidden
      && /^GIF: [1-9]\d? %$/.test(document.getElementById('embed-gif-percent').textContent ?? ''));
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'embed-gif-cancel', 'Cancel has the focus');
    assert.deepEqual(await page.evaluate(() => ['embed-gif', 'embed-gif-cancel'].map((id) => document.getElementById(id).hidden)),
      [true, false], 'Cancel GIF in the place of Download GIF');
    await page.press('Enter');
    await page.waitForFunction(() => document.getElementById('embed-gif-status').textContent === 'GIF cancelled.');
    assert.deepEqual(await page.evaluate(() => ({
      hidden: document.getElementById('embed-gif-progress').hidden,
      focused: document.activeElement?.id,
      open: document.getElementById('embed-dialog').open,
    })), { hidden: true, focused: 'embed-gif', open: true });
    // Closing the dialog stops a GIF being made there.
    await page.locator('#embed-dialog').getByRole('button', { name: 'Download GIF' }).click();
    await page.waitForFunction(() => !document.getElementById('embed-gif-progress').hidden);
    await page.press('Escape');
    await page.waitForFunction(() => document.getElementById('embed-gif-status').textContent === 'GIF cancelled.');
    assert.equal(await page.evaluate(() => document.getElementById('embed-dialog').open), false);
    await assertNoProblems(page);
  });
});
