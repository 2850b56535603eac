// rate-limit.test.mjs: the trailing rate limiter behind <ik2d-scene>'s statechange
// (web/src/host/rate-limit.js), against a fake clock: a burst of pokes gives at most one fire an
// interval and one after the last poke; a fire with nothing to say does not count; an early timer
// does not break the interval; cancel drops what was scheduled.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createRateLimiter } from '../../web/src/host/rate-limit.js';

/** A clock the test moves: timers run in order as time passes them. */
function fakeClock({ early = 0 } = {}) {
  let now = 0;
  let nextId = 1;
  /** @type {Map<number, {at: number, callback: () => void}>} */
  const timers = new Map();
  return {
    now: () => now,
    // `early`: timers fire up to this many ms before they are due (as Firefox's may), but never in
    // the same millisecond they were set in (a browser's timer always takes a task).
    setTimeout: (callback, ms) => { timers.set(nextId, { at: now + (early ? Math.max(1, ms - early) : ms), callback }); return nextId++; },
    clearTimeout: (id) => { timers.delete(/** @type {number} */ (id)); },
    /** Moves time on by `ms`, running each timer as its time comes. */
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, timer]) => timer.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = end;
    },
    pending: () => timers.size,
  };
}

test('a drag of 300 moves over 3 s, one every 10 ms: a fire at most every 100 ms, the last after the last move', () => {
  const clock = fakeClock();
  /** @type {number[]} */
  const fires = [];
  const limiter = createRateLimiter(100, () => { fires.push(clock.now()); }, clock);
  for (let move = 0; move < 300; move += 1) {
    limiter.poke();
    clock.advance(10);
  }
  const lastMove = clock.now() - 10;
  clock.advance(1000);
  assert.ok(fires.length >= 29 && fires.length <= 31, `${fires.length} fires in 3 s`);
  for (let i = 1; i < fires.length; i += 1) assert.ok(fires[i] - fires[i - 1] >= 100, `fires ${fires[i] - fires[i - 1]} ms apart`);
  assert.ok(fires[fires.length - 1] >= lastMove, 'the last fire comes after the last move');
  assert.equal(clock.pending(), 0, 'nothing left scheduled');
});

test('the first poke after a quiet spell fires at once (in the next task), not an interval later', () => {
  const clock = fakeClock();
  /** @type {number[]} */
  const fires = [];
  const limiter = createRateLimiter(100, () => { fires.push(clock.now()); }, clock);
  clock.advance(5000);
  limiter.poke();
  clock.advance(0);
  assert.deepEqual(fires, [5000]);
  limiter.poke();
  clock.advance(50);
  assert.deepEqual(fires, [5000], 'held back within the interval');
  clock.advance(50);
  assert.deepEqual(fires, [5000, 5100]);
});

test('a fire with nothing to say (false) does not count: the next poke fires at once', () => {
  const clock = fakeClock();
  let say = false;
  /** @type {number[]} */
  const fires = [];
  const limiter = createRateLimiter(100, () => { fires.push(clock.now()); return say; }, clock);
  limiter.poke();
  clock.advance(10);
  say = true;
  limiter.poke();
  clock.advance(0);
  assert.deepEqual(fires, [0, 10], 'the silent fire held nothing back');
});

test('timers that fire early never shorten the interval', () => {
  const clock = fakeClock({ early: 30 });
  /** @type {number[]} */
  const fires = [];
  const limiter = createRateLimiter(100, () => { fires.push(clock.now()); }, clock);
  for (let move = 0; move < 100; move += 1) {
    limiter.poke();
    clock.advance(7);
  }
  clock.advance(1000);
  assert.ok(fires.length >= 5, `${fires.length} fires`);
  for (let i = 1; i < fires.length; i += 1) assert.ok(fires[i] - fires[i - 1] >= 100, `fires ${fires[i] - fires[i - 1]} ms apart`);
});

test('cancel drops the scheduled fire; pending says whether one is', () => {
  const clock = fakeClock();
  let fires = 0;
  const limiter = createRateLimiter(100, () => { fires += 1; }, clock);
  limiter.poke();
  assert.equal(limiter.pending(), true);
  limiter.cancel();
  assert.equal(limiter.pending(), false);
  clock.advance(1000);
  assert.equal(fires, 0);
});

test('a fire that pokes again polls: one fire an interval from the end of the one before, however long each takes', () => {
  for (const early of [0, 30]) {
    const clock = fakeClock({ early });
    /** @type {Array<[number, number]>} */
    const fires = [];
    let polling = true;
    const limiter = createRateLimiter(100, () => {
      const start = clock.now();
      clock.advance(25); // The round itself takes time (reading a figure's state may draw first).
      fires.push([start, clock.now()]);
      if (polling) limiter.poke();
    }, clock);
    limiter.poke();
    clock.advance(1000);
    // At 0, then each start at least 100 ms after the end before it: 0, 125, 250...
    assert.ok(fires[0][0] <= 1, `early=${early}: the first poke fires at once (in the next task)`);
    assert.ok(fires.length >= 7 && fires.length <= 9, `early=${early}: ${fires.length} rounds in 1 s`);
    for (let i = 1; i < fires.length; i += 1) {
      assert.ok(fires[i][0] - fires[i - 1][1] >= 100, `early=${early}: round ${i} starts ${fires[i][0] - fires[i - 1][1]} ms after the last ended`);
    }
    assert.equal(clock.pending(), 1, 'the next round is asked for');
    polling = false;
    clock.advance(200);
    assert.equal(clock.pending(), 0, 'a round that does not poke ends the polling');
    limiter.poke();
    limiter.cancel();
    clock.advance(500);
    assert.equal(clock.pending(), 0, 'cancel stops it');
  }
});
