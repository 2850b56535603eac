// creature-options.test.mjs: the options a Creature or CreatureCrowd is built with. The arrays a
// caller leaves out (widths, legAnchors) are the kind's preset stretched end to end to the segments
// and legs asked for, by the core (fillPresetArrays), and `options` says them as the core made them.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { loadModule } from './support.mjs';

/** @type {any} */
let ik;
before(async () => {
  ik = await loadModule('ik2d-creature');
});

/** `values` stretched end to end to `count` entries, linearly (the oracle). */
function stretched(values, count, round) {
  return Array.from({ length: count }, (_, i) => {
    const at = count === 1 ? 0 : (i * (values.length - 1)) / (count - 1);
    const low = Math.floor(at), high = Math.min(values.length - 1, low + 1);
    const value = values[low] + (values[high] - values[low]) * (at - low);
    return round ? Math.round(value) : value;
  });
}

test('the preset\'s own counts give the preset\'s arrays; others, the preset stretched', () => {
  for (const kind of ['lizard', 'snake', 'fish', 'centipede']) {
    const own = new ik.Creature({ kind });
    const preset = own.options;
    own.delete();
    for (const [segments, legs] of [[preset.segments, preset.legs], [2, 0], [9, 2], [27, 6], [64, 48]]) {
      const creature = new ik.Creature({ kind, segments, legs });
      try {
        const { widths, legAnchors } = creature.options;
        assert.deepEqual(widths, stretched(preset.widths, segments, false), `${kind}, ${segments} widths`);
        const pairs = legs / 2;
        const anchors = preset.legAnchors.length ? stretched(preset.legAnchors, pairs, true) : legAnchors;
        assert.deepEqual(legAnchors, anchors, `${kind}, ${pairs} leg pairs`);
        assert.equal(legAnchors.length, pairs);
        assert.ok(legAnchors.every((a) => Number.isInteger(a) && a >= 0 && a < segments), `${kind}: whole spine points`);
      } finally {
        creature.delete();
      }
    }
  }
});

test('arrays given are kept; a crowd stretches the same way', () => {
  const widths = [10, 20, 30, 20, 10];
  const given = new ik.Creature({ segments: 5, widths, legs: 2, legAnchors: [1] });
  assert.deepEqual([given.options.widths, given.options.legAnchors], [widths, [1]]);
  given.delete();
  const one = new ik.Creature({ kind: 'centipede', segments: 30, legs: 10 });
  const crowd = new ik.CreatureCrowd({ count: 3, kind: 'centipede', segments: 30, legs: 10 });
  assert.deepEqual([crowd.options.widths, crowd.options.legAnchors], [one.options.widths, one.options.legAnchors]);
  one.delete();
  crowd.delete();
});
