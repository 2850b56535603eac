// crowd-views.test.mjs: CreatureCrowd.views() and .layout in the real ik2d-creature module: the
// views equal state(i) bit for bit after every step, step() rewrites them in place, a memory
// growth detaches them and views() hands out fresh ones, delete() ends them; the creature scene
// draws the crowd from live views across a growth (it takes views() every frame).
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { loadModule, randomSource } from './support.mjs';

/** @type {any} */
let ik;
before(async () => {
  ik = await loadModule('ik2d-creature');
});

/**
 * Grows WASM memory: makes crowds until a view taken before is detached. Returns them (delete
 * them after use).
 */
function growMemory() {
  const probe = new ik.CreatureCrowd({ count: 1 });
  const before = probe.views().spine;
  const made = [probe];
  while (before.length !== 0 && made.length < 20) made.push(new ik.CreatureCrowd({ kind: 'centipede', count: 4000 }));
  assert.equal(before.length, 0, 'the memory grew');
  return made;
}

/** Asserts that every value the views hold for every creature is exactly state(i)'s. */
function assertViewsEqualStates(crowd, views) {
  const { layout } = crowd;
  const same = (a, b, what) => {
    if (!Object.is(a, b)) assert.fail(`${what}: view ${a} but state ${b}`);
  };
  for (let i = 0; i < layout.size; i++) {
    const s = crowd.state(i);
    const spineAt = layout.spine.offsets[i];
    s.spine.forEach((p, k) => {
      same(views.spine[spineAt + 2 * k], p.x, `creature ${i} spine ${k} x`);
      same(views.spine[spineAt + 2 * k + 1], p.y, `creature ${i} spine ${k} y`);
    });
    const outlineAt = layout.outline.offsets[i];
    s.outline.forEach((p, k) => {
      same(views.outline[outlineAt + 2 * k], p.x, `creature ${i} outline ${k} x`);
      same(views.outline[outlineAt + 2 * k + 1], p.y, `creature ${i} outline ${k} y`);
    });
    s.legs.forEach((leg, k) => {
      const at = layout.legs.offsets[i] + 2 * layout.legPoints * k;
      [leg.hip, leg.knee, leg.foot].forEach((p, j) => {
        same(views.legs[at + 2 * j], p.x, `creature ${i} leg ${k} point ${j} x`);
        same(views.legs[at + 2 * j + 1], p.y, `creature ${i} leg ${k} point ${j} y`);
      });
      same(views.planted[layout.planted.offsets[i] + k], leg.planted ? 1 : 0, `creature ${i} leg ${k} planted`);
    });
    s.fins.forEach((fin, k) => {
      const at = layout.fins.offsets[i] + layout.finValues * k;
      [fin.center.x, fin.center.y, fin.radiusX, fin.radiusY, fin.angle].forEach((value, j) => {
        same(views.fins[at + j], value, `creature ${i} fin ${k} value ${j}`);
      });
    });
  }
}

test('views equal state(i) bit for bit across steps, for every kind', () => {
  const { uniform } = randomSource(39001);
  for (const kind of ['lizard', 'snake', 'fish', 'centipede']) {
    const crowd = new ik.CreatureCrowd({ kind, count: 9 });
    try {
      const { layout } = crowd;
      const probe = crowd.state(0);
      assert.equal(layout.size, 9);
      assert.equal(layout.spine.count, probe.spine.length);
      assert.equal(layout.legs.count, probe.legs.length);
      assert.equal(layout.outline.count, probe.outline.length);
      assert.equal(layout.planted.count, probe.legs.length);
      assert.equal(layout.fins.count, probe.fins.length);
      const views = crowd.views();
      assert.ok(views.spine instanceof Float64Array && views.planted instanceof Uint8Array);
      assert.equal(views.spine.length, 9 * layout.spine.stride);
      assert.equal(views.legs.length, 9 * layout.legs.stride);
      assert.equal(views.outline.length, 9 * layout.outline.stride);
      assert.equal(views.planted.length, 9 * layout.planted.stride);
      assert.equal(views.fins.length, 9 * layout.fins.stride);
      assertViewsEqualStates(crowd, views);
      const goals = new Float64Array(18);
      for (let frame = 0; frame < 150; frame++) {
        if (frame % 50 === 0) {
          for (let i = 0; i < goals.length; i++) goals[i] = uniform(-400, 400);
          crowd.setGoals(goals);
          // setGoals may grow memory (the input buffer): views() is the way back to live views.
        }
        crowd.step(frame % 9 === 0 ? 0.05 : 1 / 60);
        const now = crowd.views();
        assertViewsEqualStates(crowd, now);
      }
      // The feet did walk: the views are not frozen at the start.
      assert.notEqual(crowd.views().spine[0], probe.spine[0].x);
    } finally {
      crowd.delete();
    }
  }
});

test('step() rewrites the views in place: the same object, the same arrays', () => {
  const crowd = new ik.CreatureCrowd({ count: 3 });
  try {
    crowd.setGoals([{ x: 300, y: 0 }, { x: 0, y: 300 }, { x: -300, y: 0 }]);
    const views = crowd.views();
    const headBefore = views.spine[0];
    crowd.step(1 / 60, 10);
    assert.equal(crowd.views(), views, 'no growth: views() answers the same object');
    assert.notEqual(views.spine[0], headBefore, 'the view saw the step');
    assert.ok(Object.isFrozen(views) && Object.isFrozen(crowd.layout));
  } finally {
    crowd.delete();
  }
});

test('a memory growth detaches the old views; views() hands out live ones', () => {
  const crowd = new ik.CreatureCrowd({ kind: 'centipede', count: 5 });
  /** @type {any[]} */
  let big = [];
  try {
    crowd.setGoals([{ x: 200, y: 50 }]);
    crowd.step(1 / 60, 30);
    const old = crowd.views();
    big = growMemory();
    assert.equal(old.spine.length, 0, 'the growth detached the old views');
    const fresh = crowd.views();
    assert.notEqual(fresh, old, 'views() noticed the new buffer');
    assert.equal(fresh.spine.length, 5 * crowd.layout.spine.stride);
    assertViewsEqualStates(crowd, fresh);
    crowd.step(1 / 60, 5);
    assertViewsEqualStates(crowd, crowd.views());
  } finally {
    for (const made of big) made.delete();
    crowd.delete();
  }
});

test('views() and layout after delete() throw, naming the call', () => {
  const crowd = new ik.CreatureCrowd({ count: 2 });
  crowd.views();
  crowd.delete();
  assert.throws(() => crowd.views(), /CreatureCrowd\.views: this crowd was deleted/);
  assert.throws(() => crowd.layout, /CreatureCrowd\.layout: this crowd was deleted/);
});

test('an empty crowd has empty views', () => {
  const crowd = new ik.CreatureCrowd({ count: 0 });
  try {
    const views = crowd.views();
    for (const name of ['spine', 'legs', 'outline', 'planted', 'fins']) assert.equal(views[name].length, 0);
    assert.equal(crowd.layout.spine.offsets.length, 0);
    crowd.step(1 / 60);
  } finally {
    crowd.delete();
  }
});

/**
 * A 2D context that keeps, for every fill, its fillStyle and the points of its path (moveTo and
 * lineTo; a curve marks the path as not a polygon), and for every stroke its strokeStyle, width and
 * subpaths (each moveTo starts one); every other call is accepted and ignored.
 */
function recordingContext() {
  /** @type {{style: unknown, points: number[], polygon: boolean}[]} */
  const fills = [];
  /** @type {{style: unknown, width: unknown, subpaths: number[][]}[]} */
  const strokes = [];
  let points = [];
  /** @type {number[][]} */
  let subpaths = [];
  let polygon = true;
  const calls = {
    beginPath() { points = []; subpaths = []; polygon = true; },
    moveTo(x, y) { points.push(x, y); subpaths.push([x, y]); },
    lineTo(x, y) { points.push(x, y); subpaths.at(-1)?.push(x, y); },
    bezierCurveTo() { polygon = false; },
    quadraticCurveTo() { polygon = false; },
    arc() { polygon = false; },
    ellipse() { polygon = false; },
    fill() { fills.push({ style: target.fillStyle, points, polygon }); },
    stroke() { strokes.push({ style: target.strokeStyle, width: target.lineWidth, subpaths: polygon ? subpaths : [] }); },
    getTransform: () => ({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 }),
    measureText: () => ({ width: 10 }),
  };
  /** @type {Record<string, unknown>} */
  const target = {};
  const context = new Proxy(target, { get: (t, name) => (name in calls ? calls[name] : name in t ? t[name] : () => {}) });
  return { context, fills, strokes };
}

test('a crowd of 400 others fills their skins; more are outlined where state(i) says, by hairlines', async () => {
  const { drawCrowd } = await import('../../web/src/scenes/creature/draw.js');
  const view = { worldToCanvas: (p) => ({ x: 400 + p.x, y: 300 - p.y }), scale: () => 1 };
  const theme = new Proxy({}, { get: (t, name) => `colour:${String(name)}` });
  for (const [count, outlined] of [[401, false], [402, true], [1000, true]]) {
    const crowd = new ik.CreatureCrowd({ kind: 'lizard', count });
    try {
      for (let step = 0; step < 10; step++) crowd.step(1 / 60);
      const { context, fills, strokes } = recordingContext();
      drawCrowd(context, view, theme, crowd.views(), crowd.layout, crowd.options, 1);
      const filled = fills.filter((f) => f.style === 'colour:creatureSkin');
      const outlines = strokes.filter((s) => s.style === 'colour:creatureSkin');
      // Last creature first, as the skins are filled; each outline closed by a line to its start.
      const drawn = outlined ? outlines.flatMap((s) => s.subpaths) : filled.map((f) => f.points);
      assert.equal(drawn.length, count - 1, `${count}: every other creature's skin`);
      assert.equal(outlined ? filled.length : outlines.length, 0, `${count}: ${outlined ? 'no fills' : 'no outlines'}`);
      if (outlined) {
        assert.ok(outlines.length < count / 10, `${count}: a few dozen outlines to a stroke, got ${outlines.length} strokes`);
        assert.ok(outlines.every((s) => typeof s.width === 'number' && s.width < 1), 'hairlines');
      }
      drawn.forEach((points, k) => {
        const i = count - 1 - k;
        const ring = crowd.state(i).outline;
        const expected = [...ring, ring[0]].flatMap((p) => [400 + p.x, 300 - p.y]);
        assert.deepEqual(points, expected, `${count}: creature ${i}'s skin`);
      });
    } finally {
      crowd.delete();
    }
  }
});

test('the creature scene draws every creature from live views, across a memory growth', async () => {
  const { creature } = await import('../../web/src/scenes/creature/scene.js');
  const { applyPartial, defaultSettings } = await import('../../web/src/model/settings.js');
  const { settings } = applyPartial(creature, defaultSettings(creature), { params: { kind: 'lizard', count: 40 } });
  const live = creature.create(ik);
  // A view with a y flip, as the page's: x right, y down on the canvas.
  const view = { worldToCanvas: (p) => ({ x: 400 + p.x, y: 300 - p.y }), scale: () => 1 };
  const theme = new Proxy({}, { get: (t, name) => `colour:${String(name)}` });
  /** Draws a frame and returns the crowd's skins (polygons filled with the skin colour), last creature first. */
  const skins = () => {
    const { context, fills } = recordingContext();
    live.draw(context, view, theme, settings, { active: null, hover: null });
    return fills.filter((f) => f.polygon && f.style === 'colour:creatureSkin').map((f) => f.points);
  };
  /** @type {any[]} */
  let big = [];
  try {
    live.solve(settings);
    for (let step = 0; step < 30; step++) live.advance(1 / 60, settings);
    const before = skins();
    assert.equal(before.length, 39, 'the 39 others');
    big = growMemory();
    const after = skins();
    assert.deepEqual(after, before, 'the same picture after the growth: the scene took fresh views');
    for (let step = 0; step < 5; step++) live.advance(1 / 60, settings);
    const moved = skins();
    assert.notDeepEqual(moved, before, 'the views followed the steps');
    assert.ok(moved.every((points) => points.every(Number.isFinite)));
  } finally {
    for (const made of big) made.delete();
    live.dispose();
  }
});

test('each leg\'s rest spot is in state(i): a new crowd stands on its rest spots, which move with the bodies', () => {
  const crowd = new ik.CreatureCrowd({ kind: 'centipede', count: 3 });
  try {
    for (let i = 0; i < crowd.size; i++) {
      for (const leg of crowd.state(i).legs) assert.deepEqual(leg.rest, leg.foot);
    }
    const first = crowd.state(0).legs[0].rest;
    crowd.setGoal(0, { x: 400, y: -200 });
    for (let k = 0; k < 120; k++) crowd.step(1 / 60);
    const moved = crowd.state(0).legs[0];
    assert.ok(Math.hypot(moved.rest.x - first.x, moved.rest.y - first.y) > 20, 'the spot walked along');
    assert.ok(Number.isFinite(moved.rest.x) && Number.isFinite(moved.rest.y));
  } finally {
    crowd.delete();
  }
});
