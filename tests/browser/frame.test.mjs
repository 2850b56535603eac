// frame.test.mjs: a change is worked once and drawn once a frame. Under a burst of key repeats,
// setState calls and real key presses, every change is validated and solved once (stats().page
// counts them), nothing is drawn inside an input handler or a setState call, the page draws at
// most once per animation frame, getState() shows a change as soon as it is made, and a host
// hears of a change only when what it would say changed. In Chromium, Firefox and WebKit.
import assert from 'node:assert/strict';
import { getState, setState } from './harness.mjs';
import { assertNoProblems, forEachEngine } from './engines/index.mjs';
import { CHANGE_TIMER_MS } from '../../web/src/host/embed-api.js';

/** @type {import('./engines/page.mjs').EnginePage} */
let page;

/** The page's work counters (playground.stats().page). */
const work = () => page.evaluate(() => /** @type {any} */ (window.playground.stats()).page);

/** Waits for two more animation frames (the drawing of what came before, and one to spare). */
const twoFrames = () => page.evaluate(() => new Promise((resolve) => {
  requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)));
}));

forEachEngine({ page: '?scene=arm', assign: (env) => ({ page } = env) }, ({ test }) => {
  test('a burst of setState calls: one solve each, no drawing in the calls, one drawing a frame', async () => {
    await setState(page, { scene: 'arm' });
    await page.evaluate(() => window.playground.pause());
    await twoFrames();
    const before = await work();
    const burst = await page.evaluate(() => {
      const stats = () => /** @type {any} */ (window.playground.stats()).page;
      const start = stats();
      const targets = [];
      for (let i = 0; i < 50; i += 1) {
        const target = { x: -150 + 6 * i, y: 120 - 3 * i };
        window.playground.setState({ target });
        targets.push(target);
      }
      const state = window.playground.stats();
      // Read before getState(), which brings the drawing up to date.
      const end = /** @type {any} */ (state).page;
      return { start, end, shown: window.playground.getState().target, last: targets[targets.length - 1] };
    });
    assert.equal(burst.end.changes - burst.start.changes, 50, 'fifty changes applied');
    assert.equal(burst.end.solves - burst.start.solves, 50, 'each solved once');
    assert.equal(burst.end.renders, burst.start.renders, 'none drawn inside the calls');
    assert.deepEqual(burst.shown, burst.last, 'getState() shows the last change at once');
    await twoFrames();
    const after = await work();
    const frames = after.frames - before.frames;
    const renders = after.renders - before.renders;
    assert.ok(renders >= 1, 'the burst is drawn');
    assert.ok(renders <= frames, `at most one drawing a frame: ${renders} drawings in ${frames} frames`);
    await page.evaluate(() => window.playground.resume());
    await assertNoProblems(page);
  });

  test('a burst of key repeats: one solve per key, no drawing in the handler, one drawing a frame', async () => {
    await setState(page, { scene: 'arm', target: { x: 0, y: 100 } });
    await page.evaluate(() => window.playground.pause());
    await page.focus('#view');
    await twoFrames();
    const before = await work();
    // Held keys repeat faster than frames: thirty keydowns in one task, each with repeat set,
    // dispatched to the canvas as the browser does for a held key.
    const burst = await page.evaluate(() => {
      const stats = () => /** @type {any} */ (window.playground.stats()).page;
      const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
      const start = stats();
      let drawnInHandler = 0;
      for (let i = 0; i < 30; i += 1) {
        const renders = stats().renders;
        canvas.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', repeat: i > 0, bubbles: true, cancelable: true }));
        if (stats().renders !== renders) drawnInHandler += 1;
      }
      return { start, end: stats(), drawnInHandler, target: window.playground.getState().target };
    });
    assert.equal(burst.end.solves - burst.start.solves, 30, 'thirty solves for thirty keys');
    assert.equal(burst.drawnInHandler, 0, 'no key handler drew');
    assert.deepEqual(burst.target, { x: 120, y: 100 }, 'every key moved the target 4 units');
    await twoFrames();
    const after = await work();
    assert.ok(after.renders - before.renders <= after.frames - before.frames,
      `at most one drawing a frame: ${after.renders - before.renders} in ${after.frames - before.frames} frames`);

    // Real presses through the browser's own input, each drawn by the next frame.
    const pressed = await work();
    for (let i = 0; i < 5; i += 1) await page.press('ArrowUp');
    const done = await work();
    assert.equal(done.solves - pressed.solves, 5, 'one solve per real key press');
    assert.ok(done.renders - pressed.renders <= done.frames - pressed.frames, 'at most one drawing a frame');
    assert.deepEqual((await getState(page)).target, { x: 120, y: 120 });
    assert.match(await page.text('#readouts'), /120\.00, 120\.00/, 'the readouts show it');
    await page.evaluate(() => window.playground.resume());
    await assertNoProblems(page);
  });

  test('a host hears of a change only when what it says changed', async () => {
    await setState(page, { scene: 'arm', target: { x: 50, y: 50 } });
    await page.evaluate(() => window.playground.pause());
    await twoFrames();
    // The page as its own host: it subscribes to its own ik2d:change messages.
    await page.evaluate(() => new Promise((resolve) => {
      const w = /** @type {any} */ (window);
      w.__changes = [];
      window.addEventListener('message', (event) => {
        if (event.data?.type === 'ik2d:change') w.__changes.push(event.data.state.target);
        if (event.data?.type === 'ik2d:result' && event.data.id === 'sub') resolve(true);
      });
      window.postMessage({ type: 'ik2d:subscribe', id: 'sub' }, '*');
    }));
    const count = () => page.evaluate(() => /** @type {any} */ (window).__changes.length);
    // Until the change message's frame and its fallback timer have both run: a timer of the
    // same delay set after it runs after it (HTML's timer ordering), so this waits for an order of
    // events, not for a time long enough.
    const settle = async () => {
      await twoFrames();
      await page.evaluate((ms) => new Promise((resolve) => { setTimeout(resolve, ms); }), CHANGE_TIMER_MS);
    };
    await page.evaluate(() => {
      for (let i = 0; i < 20; i += 1) window.playground.setState({ target: { x: 60 + i, y: 50 } });
    });
    await settle();
    assert.equal(await count(), 1, 'twenty changes in one task: one message');
    const said = await page.evaluate(() => /** @type {any} */ (window).__changes.at(-1));
    assert.deepEqual(said, { x: 79, y: 50 }, 'saying the last');
    await page.evaluate(() => {
      for (let i = 0; i < 5; i += 1) window.playground.setState({ target: { x: 79, y: 50 } });
    });
    await settle();
    assert.equal(await count(), 1, 'setting what is already there says nothing new');
    await setState(page, { target: { x: 10, y: 20 } });
    await settle();
    assert.equal(await count(), 2, 'a real change is heard');
    await page.evaluate(() => window.postMessage({ type: 'ik2d:unsubscribe' }, '*'));
    await page.evaluate(() => window.playground.resume());
    await assertNoProblems(page);
  });
});
