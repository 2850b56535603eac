// loop.test.mjs: the frame loop (web/src/host/loop.js) with animation frames and the clock driven by
// the test: a settled frame puts it to sleep (no more frames), a change wakes it, time goes on while
// it sleeps running and stands still paused or out of view, and a sleeping loop polls.
import assert from 'node:assert/strict';
import { afterEach, beforeEach, test } from 'node:test';

/** The animation frames asked for, run by frame(); the clock, moved by frame() and advanceClock(). */
const browser = {
  now: 0,
  /** @type {Map<number, FrameRequestCallback>} */
  callbacks: new Map(),
  lastId: 0,
  /** @type {Array<{every: number, callback: () => void, next: number, id: number}>} */
  intervals: [],
};

/** Runs the animation frame asked for, `ms` after the last; false when none was asked for. */
function frame(ms = 1000 / 60) {
  advanceClock(ms);
  const due = [...browser.callbacks.values()];
  browser.callbacks.clear();
  for (const callback of due) callback(browser.now);
  return due.length > 0;
}

/** Moves the clock on without an animation frame, running the intervals that fall due. */
function advanceClock(ms) {
  const end = browser.now + ms;
  for (;;) {
    const next = browser.intervals.reduce((soonest, timer) => (timer.next < (soonest?.next ?? Infinity) ? timer : soonest), null);
    if (!next || next.next > end) break;
    browser.now = next.next;
    next.next += next.every;
    next.callback();
  }
  browser.now = end;
}

beforeEach(() => {
  Object.assign(browser, { now: 0, lastId: 0, intervals: [] });
  browser.callbacks.clear();
  Object.assign(globalThis, {
    requestAnimationFrame: (/** @type {FrameRequestCallback} */ callback) => {
      browser.lastId += 1;
      browser.callbacks.set(browser.lastId, callback);
      return browser.lastId;
    },
    cancelAnimationFrame: (/** @type {number} */ id) => browser.callbacks.delete(id),
  });
  globalThis.setInterval = /** @type {any} */ ((callback, every) => {
    browser.lastId += 1;
    browser.intervals.push({ every, callback, next: browser.now + every, id: browser.lastId });
    return browser.lastId;
  });
  globalThis.clearInterval = /** @type {any} */ ((id) => {
    browser.intervals = browser.intervals.filter((timer) => timer.id !== id);
  });
  globalThis.performance.now = () => browser.now;
});

const realSetInterval = globalThis.setInterval;
const realClearInterval = globalThis.clearInterval;
const realNow = globalThis.performance.now.bind(globalThis.performance);
/** The loops a test made, stopped after it (the module's one shared frame request goes with them). */
const made = [];
afterEach(() => {
  for (const loop of made.splice(0)) loop.setActive(false);
  globalThis.setInterval = realSetInterval;
  globalThis.clearInterval = realClearInterval;
  globalThis.performance.now = realNow;
});

const { FIXED_RATE, createLoop } = await import('../../web/src/host/loop.js');

/** A scene whose motion the test sets: `moving` steps move something; `dirty` waits to be drawn. */
function makeLoop() {
  const scene = { moving: false, dirty: true, advanced: 0, rendered: 0, polled: 0, movedSteps: 0, ranSteps: 0 };
  const loop = createLoop(() => {
    scene.advanced += 1;
    scene.ranSteps += 1;
    if (scene.moving) {
      scene.movedSteps += 1;
      scene.dirty = true;
    }
  }, () => {
    if (!scene.dirty) return;
    scene.dirty = false;
    scene.rendered += 1;
  }, {
    settled() {
      const still = !scene.dirty && (!loop.running() || (scene.ranSteps > 0 && scene.movedSteps === 0));
      scene.ranSteps = 0;
      scene.movedSteps = 0;
      return still;
    },
    poll: () => { scene.polled += 1; },
  });
  made.push(loop);
  return { loop, scene };
}

/** A still scene's loop, started and run until it sleeps (two frames: the first runs no step). */
function sleepingLoop() {
  const made = makeLoop();
  made.loop.start();
  frame();
  frame();
  assert.equal(made.loop.asleep(), true);
  return made;
}

test('a still scene sleeps after a frame that moved nothing; a change wakes it', () => {
  const { loop, scene } = makeLoop();
  loop.start();
  assert.equal(frame(), true); // No step yet (no earlier frame to time it from): stays awake.
  assert.equal(loop.asleep(), false);
  assert.equal(frame(), true); // One step that moved nothing, nothing to draw: settled.
  assert.equal(loop.asleep(), true);
  assert.equal(loop.waiting(), false, 'asleep, waiting() says no frame is requested');
  assert.equal(frame(), false, 'asleep, it asks for no animation frames');
  const frames = loop.frames();
  advanceClock(1000);
  assert.equal(loop.frames(), frames, 'none while it sleeps');
  assert.ok(scene.polled >= 3, `it polls a few times a second (${scene.polled} in 1 s)`);

  scene.dirty = true;
  loop.wake();
  assert.equal(loop.waiting(), true, 'woken, a frame is requested');
  const polled = scene.polled;
  const rendered = scene.rendered;
  assert.equal(frame(), true, 'woken, it asks for a frame');
  assert.equal(scene.rendered, rendered + 1, 'and draws the change');
  advanceClock(1000);
  assert.equal(scene.polled, polled, 'awake, it does not poll');
});

test('a moving scene never sleeps', () => {
  const { loop, scene } = makeLoop();
  scene.moving = true;
  loop.start();
  for (let i = 0; i < 120; i += 1) assert.equal(frame(), true, `frame ${i}`);
  assert.equal(loop.asleep(), false);
  assert.ok(scene.advanced >= 118, `${scene.advanced} steps in 120 frames`);
});

test('a frame that ran no step (a fast display) does not put a running scene to sleep', () => {
  const { loop } = makeLoop();
  loop.start();
  frame();
  // 240 Hz: most frames run no 1/60 s step; only a frame whose step moved nothing settles.
  assert.equal(frame(1000 / 240), true);
  assert.equal(loop.asleep(), false);
});

test('time goes on while a running scene sleeps, counted without steps; paused it stands still', () => {
  const { loop, scene } = sleepingLoop();
  const steps = loop.steps();
  const advanced = scene.advanced;
  advanceClock(1000);
  assert.equal(loop.steps(), steps + FIXED_RATE, 'a second asleep is a second of time');
  assert.equal(scene.advanced, advanced, 'and no step was run');
  loop.pause();
  advanceClock(1000);
  assert.equal(loop.steps(), steps + FIXED_RATE, 'paused, time stands still');
  loop.step(3);
  assert.equal(loop.steps(), steps + FIXED_RATE + 3, 'step(3) is three steps');
  loop.resume();
  assert.equal(frame(), true, 'resume() wakes it');
});

test('out of view it neither asks for frames nor polls, and its time stops; back in view it runs a frame', () => {
  const { loop, scene } = sleepingLoop();
  advanceClock(500);
  loop.setActive(false);
  const steps = loop.steps();
  const polled = scene.polled;
  advanceClock(2000);
  assert.equal(loop.steps(), steps, 'out of view, time stops');
  assert.equal(scene.polled, polled, 'and nothing polls');
  loop.wake();
  assert.equal(loop.waiting(), false, 'out of view, no frame is requested');
  assert.equal(frame(), false, 'a change out of view asks for no frame');
  loop.setActive(true);
  assert.equal(loop.waiting(), true, 'back in view, a frame is requested');
  assert.equal(frame(), true, 'back in view, a frame');
});

test('out of view before its first frame, it renders once at once, then asks for nothing', () => {
  // Out of view before it started (an element far down a page), and after it started.
  for (const awayFirst of [true, false]) {
    const { loop, scene } = makeLoop();
    if (awayFirst) loop.setActive(false);
    loop.start();
    if (!awayFirst) {
      assert.equal(scene.rendered, 0, 'in view, it waits for its frame');
      loop.setActive(false);
    }
    assert.equal(scene.rendered, 1, `${awayFirst ? 'away, then started' : 'started, then away'}: drawn once, at once`);
    assert.equal(loop.waiting(), false, 'and no frame is requested');
    assert.equal(frame(), false);
    scene.dirty = true;
    loop.setActive(true);
    loop.setActive(false);
    assert.equal(scene.rendered, 1, 'once only: a change while away waits for the view');
    advanceClock(1000);
    assert.equal(scene.polled, 0, 'away, nothing polls');
    loop.setActive(true);
    assert.equal(frame(), true, 'back in view, a frame');
    assert.equal(scene.rendered, 2, 'that draws the change');
    loop.setActive(false); // Out of the next round's frames.
  }
});
