// rope.test.mjs: in the real WASM module, the step count of every step(dt, steps) (Rope, Creature,
// CreatureCrowd, Spider; Skeleton's own test is in rigs.test.mjs): one range and one message, from
// C++ (stepCountMessage), for every count refused, and nothing moves then; and FollowChain and
// Rope keep their Embind handle off the public object.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadModule } from './support.mjs';

const ik = await loadModule();

const RANGE = 'steps must be a whole number from 1 to 100000';

/** `make()`'s object refuses each bad count with the one message, moves nothing, and takes 1 step. */
function refusesTheSameCounts(name, make, snapshot) {
  const thing = make();
  try {
    const before = snapshot(thing);
    for (const [steps, given] of [[0, '0'], [-1, '-1'], [1.5, '1.5'], [100001, '100001']]) {
      assert.throws(() => thing.step(1 / 60, steps), (error) => {
        assert.ok(error instanceof RangeError, `${name}.step(1/60, ${steps}) throws a RangeError`);
        assert.equal(error.message, `${name}.step: ${RANGE}, got ${given}`);
        return true;
      });
    }
    assert.deepEqual(snapshot(thing), before, `${name}: a refused step moves nothing`);
    thing.step(1 / 60, 1);
  } finally {
    thing.delete();
  }
}

test('Rope.step refuses 0, -1, 1.5 and 100001 steps with the same range, and moves nothing', () => {
  refusesTheSameCounts('Rope', () => new ik.Rope({ points: [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 20, y: 0 }] }),
    (rope) => rope.positions());
  const rope = new ik.Rope({ points: [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 20, y: 0 }] });
  try {
    const before = rope.positions();
    rope.step(1 / 60, 1);
    assert.notDeepEqual(rope.positions(), before, 'one step moves it');
  } finally {
    rope.delete();
  }
});

test('Creature, CreatureCrowd and Spider refuse the same counts with the same message', () => {
  refusesTheSameCounts('Creature', () => new ik.Creature({ kind: 'lizard' }), (c) => c.state());
  refusesTheSameCounts('CreatureCrowd', () => new ik.CreatureCrowd({ count: 2 }),
    (crowd) => Array.from(crowd.views().spine));
  refusesTheSameCounts('Spider', () => new ik.Spider(), (spider) => spider.state());
});

test('FollowChain and Rope keep their handle private: no live member, no string key reaches it', () => {
  const points = [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 20, y: 0 }];
  for (const thing of [new ik.FollowChain({ points }), new ik.Rope({ points })]) {
    try {
      const name = thing.constructor.name;
      assert.equal('live' in thing, false, `${name} has no live member`);
      assert.equal(/** @type {any} */ (thing).live, undefined);
      const names = new Set();
      for (let at = thing; at && at !== Object.prototype; at = Object.getPrototypeOf(at)) {
        for (const key of Object.getOwnPropertyNames(at)) names.add(key);
      }
      for (const key of names) {
        assert.doesNotMatch(key, /handle|live/i, `${name}.${key} is not a way to the handle`);
      }
    } finally {
      thing.delete();
    }
  }
});
