// rope-scene.test.mjs: the rope scene on the real ik2d-creature module, in Node: its defaults are
// the module's, its shape survives a link (pose=) as the reader saw it, a settled rope's link holds
// no shape, the same settings and steps give the same rope, and bad shapes are refused by name.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { formatShape, holdPoint, parseShape, rope } from '../../web/src/scenes/rope/scene.js';
import { formatLink, parseLink } from '../../web/src/model/link.js';
import { SCENES } from '../../web/src/scenes/index.js';
import { applyPartial, defaultSettings } from '../../web/src/model/settings.js';
import { loadModule, randomSource } from './support.mjs';

/** @type {any} */
let ik;
before(async () => {
  ik = await loadModule('ik2d-creature');
});

/** @param {string} name */
const defaultOf = (name) => rope.params.find((spec) => spec.name === name)?.default;

/**
 * A live rope scene at these settings, solved once; `body` gets it; disposed after.
 * @template T
 * @param {import('../../web/src/model/settings.js').Settings} settings
 * @param {(live: import('../../web/src/scenes/index.js').SceneInstance) => T} body
 * @returns {T}
 */
function withScene(settings, body) {
  const live = rope.create(ik);
  try {
    live.solve(settings);
    return body(live);
  } finally {
    live.dispose();
  }
}

/** @param {any} state */
const pointsOf = (state) => /** @type {{x: number, y: number}[]} */ (state.points);

test('the scene\'s gravity, damping and iterations defaults are the module\'s Rope defaults', () => {
  const plain = new ik.Rope({ points: [{ x: 0, y: 0 }, { x: 0, y: -10 }] });
  try {
    assert.deepEqual(plain.options, {
      gravity: { x: 0, y: -defaultOf('gravity') }, damping: defaultOf('damping'), iterations: defaultOf('iterations'),
    });
  } finally {
    plain.delete();
  }
});

test('a shape written for a link reads back within its decimals, and writes back the same', () => {
  const random = randomSource(5).next;
  for (let trial = 0; trial < 200; trial += 1) {
    const count = 2 + Math.floor(random() * 39);
    const angles = Array.from({ length: count }, () => (random() * 2 - 1) * 3 * Math.PI);
    const text = formatShape(angles);
    const read = parseShape(text);
    assert.ok(read.value, `${text}: ${read.reason}`);
    assert.equal(read.value.length, count);
    read.value.forEach((angle, i) => {
      const off = Math.atan2(Math.sin(angle - angles[i]), Math.cos(angle - angles[i]));
      // Each turn is rounded to 0.005°; the directions add them up.
      assert.ok(Math.abs(off) <= ((i + 1) * 0.005 + 1e-9) * (Math.PI / 180), `trial ${trial}, segment ${i}: off by ${off}`);
    });
    assert.equal(formatShape(read.value), text, 'stable: a link of a link is the same link');
  }
  assert.deepEqual(parseShape('1,x'), { reason: 'angle 2 is not a number of degrees from -360 to 360' });
  assert.deepEqual(parseShape('1,400'), { reason: 'angle 2 is not a number of degrees from -360 to 360' });
  assert.match(/** @type {string} */ (parseShape(Array.from({ length: 41 }, () => '0').join(',')).reason), /^41 angles; a rope has at most 40 segments/);
});

test('the end is held at the target within reach, else at 98 % of the length toward it', () => {
  assert.deepEqual(holdPoint({ x: 0, y: 0 }, { x: 30, y: 40 }, 100), { at: { x: 30, y: 40 }, reached: true });
  const far = holdPoint({ x: 10, y: 10 }, { x: 10, y: -290 }, 100);
  assert.equal(far.reached, false);
  assert.ok(Math.abs(far.at.x - 10) < 1e-12 && Math.abs(far.at.y - (10 - 98)) < 1e-9, JSON.stringify(far.at));
});

test('a rope at rest in a shape of its own travels in a link and opens at rest in that shape', () => {
  const { settings } = applyPartial(rope, defaultSettings(rope), {
    params: { segments: 10, segmentLength: 12, gravity: 0, follow: false }, anchor: { x: -40, y: 100 },
  });
  const shape = Array.from({ length: 10 }, (_, i) => -0.4 * i + 0.2);
  const { link, points } = withScene(settings, (live) => {
    assert.deepEqual(live.link.restore({ angles: shape }, settings), []);
    return { link: formatLink(rope, settings, live.link.state(settings)), points: pointsOf(live.state(settings)) };
  });
  assert.match(link, /&pose=/, link);
  const loaded = parseLink(`?${link}`, SCENES);
  assert.deepEqual(loaded.notices, []);
  const { settings: again } = applyPartial(rope, defaultSettings(rope), loaded.partial);
  assert.deepEqual(again, settings);
  withScene(again, (live) => {
    assert.deepEqual(live.link.restore({ angles: loaded.partial.angles }, again), []);
    pointsOf(live.state(again)).forEach((p, i) => {
      assert.ok(Math.hypot(p.x - points[i].x, p.y - points[i].y) < 0.05, `point ${i}: ${JSON.stringify(points[i])} → ${JSON.stringify(p)}`);
    });
    assert.equal(formatLink(rope, again, live.link.state(again)), link, 'and links back to itself');
  });
});

test('a settled rope\'s link holds no shape; the same settings and steps give the same rope', () => {
  for (const partial of [{}, { params: { follow: false } }, { params: { segments: 30, segmentLength: 8 }, target: { x: -120, y: 60 } }]) {
    const { settings } = applyPartial(rope, defaultSettings(rope), partial);
    const runs = [0, 1].map(() => withScene(settings, (live) => {
      assert.equal(formatLink(rope, settings, live.link.state(settings)).includes('pose='), false, 'a new rope is settled');
      for (let i = 0; i < 600; i += 1) live.advance(1 / 60, settings);
      const state = /** @type {any} */ (live.state(settings));
      assert.ok(state.speed < 1, `${JSON.stringify(partial)}: at rest after 10 s (${state.speed})`);
      assert.ok(state.stretch <= 0.01, `every segment within 1 % (${state.stretch})`);
      assert.equal(formatLink(rope, settings, live.link.state(settings)).includes('pose='), false, `${JSON.stringify(partial)}: still its settled shape`);
      return pointsOf(state);
    }));
    assert.deepEqual(runs[0], runs[1]);
  }
});

test('a shape of the wrong length or with a non-number is refused with a notice; nothing changes', () => {
  const settings = defaultSettings(rope);
  withScene(settings, (live) => {
    const before = pointsOf(live.state(settings));
    for (const bad of [[1, 2], Array.from({ length: 16 }, (_, i) => (i === 3 ? NaN : 0)), 'up', null]) {
      const notices = live.link.restore({ angles: bad }, settings) ?? [];
      assert.equal(notices.length, 1);
      assert.match(notices[0], /^Ignored angles: expected 16 finite numbers \(radians, one direction per segment\), got /);
    }
    assert.deepEqual(pointsOf(live.state(settings)), before);
  });
});
