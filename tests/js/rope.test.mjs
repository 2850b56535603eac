// rope.test.mjs: ik.Rope's step count in the real WASM module: one range and one message, from
// C++ (Rope::stepsMessage), for every count it refuses, and nothing moves then.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadModule } from './support.mjs';

const ik = await loadModule('ik2d-creature');

test('Rope.step refuses 0, 1.5 and 100001 steps with the same range, and moves nothing', () => {
  const rope = new ik.Rope({ points: [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 20, y: 0 }] });
  try {
    const before = rope.positions();
    for (const steps of [0, -1, 1.5, 100001, 1e9]) {
      assert.throws(() => rope.step(1 / 60, steps), (error) => error instanceof RangeError
        && /^Rope\.step: steps must be a whole number from 1 to 100000\b/.test(error.message), `steps ${steps}`);
    }
    assert.deepEqual(rope.positions(), before, 'a refused step moves nothing');
    rope.step(1 / 60, 1);
    assert.notDeepEqual(rope.positions(), before, 'one step moves it');
  } finally {
    rope.delete();
  }
});
