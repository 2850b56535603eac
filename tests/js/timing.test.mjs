// timing.test.mjs: the scene host's step and drawing timings (web/src/host/timing.js) on a fake clock:
// each run is timed by the clock around it, the report keeps the last TIMING_SAMPLES oldest first
// with the counts since the start, and a step's result comes back.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createTiming, TIMING_SAMPLES } from '../../web/src/host/timing.js';

test('steps and drawings are timed by the clock around them, the last ones kept oldest first', () => {
  let clock = 1000;
  const timing = createTiming(() => clock);
  assert.deepEqual(timing.report(), { steps: 0, frames: 0, stepMs: [], drawMs: [] });
  assert.equal(timing.step(() => { clock += 2.5; return 'moved'; }), 'moved', 'a step\'s result comes back');
  timing.draw(() => { clock += 0.0004; });
  assert.deepEqual(timing.report(), { steps: 1, frames: 1, stepMs: [2.5], drawMs: [0] }, 'to the µs');
  for (let k = 0; k < TIMING_SAMPLES + 5; k += 1) timing.step(() => { clock += k; });
  const { steps, stepMs } = timing.report();
  assert.equal(steps, TIMING_SAMPLES + 6);
  assert.equal(stepMs.length, TIMING_SAMPLES);
  assert.deepEqual(stepMs.slice(0, 2), [5, 6], 'the oldest kept first');
  assert.equal(stepMs.at(-1), TIMING_SAMPLES + 4, 'the newest last');
});

test('a step that throws is not counted and leaves the report as it was', () => {
  let clock = 0;
  const timing = createTiming(() => clock);
  assert.throws(() => timing.step(() => { clock += 1; throw new RangeError('bad'); }), RangeError);
  assert.deepEqual(timing.report(), { steps: 0, frames: 0, stepMs: [], drawMs: [] });
});
