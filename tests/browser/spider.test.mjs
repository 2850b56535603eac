// spider.test.mjs: the spider scene as a reader drives it: the "done means" walk checked at
// every frame through getState(), mouse, touch and key moves of the target, New terrain, the legs
// slider, the debug overlay, the camera, determinism, links that round-trip and hostile links.
// One page serves most of the file; each of those tests starts from the spider's defaults, paused.
import assert from 'node:assert/strict';
import { assertClose, assertFreshState, canvasFingerprint, dragWorld, getState, pixelAt, pressReset, readout, setState, worldPerPixel, worldToClient } from './harness.mjs';
import { inPage, shownNotices } from './engines/calls.mjs';
import { assertNoProblems, forEachEngine } from './engines/index.mjs';

/** @type {import('./engines/index.mjs').Engine} */
let engine;
/** @type {string} */
let url;
/** @type {import('./engines/page.mjs').EnginePage} The engine's shared page (describe blocks run one after another). */
let page;

const DEFAULT_PARAMS = {
  speed: 90, legs: 8, stepThreshold: 28, stepHeight: 22, upperLength: 50, lowerLength: 60, roughness: 0.5,
  seed: 1, debug: false,
};
const DEFAULT_TARGET = { x: 600, y: 60 };
/** The spider scene's world rectangle (its size; the camera moves it). */
const WORLD = { width: 480, height: 360 };

/** A fresh spider at its defaults (the Reset button rebuilds the scene), paused. */
async function reset() {
  const state = await pressReset(page);
  assert.deepEqual(state.params, DEFAULT_PARAMS, 'Reset restores the spider defaults');
  assert.deepEqual(state.target, DEFAULT_TARGET);
  assert.equal(state.body.x, 0, 'Reset puts a new spider at x = 0');
  assert.deepEqual(state.camera, { x: 0, y: 0 }, 'and the camera on it');
}

/** Runs `frames` fixed steps now., then lets the page draw them in its next frame. */
async function step(frames) {
  await page.evaluate((n) => window.playground.step(n), frames);
  await page.nextFrame();
}

/** A link's query without the spider's place (`at`), as text. */
function withoutAt(link) {
  const query = new URL(link).searchParams;
  query.delete('at');
  return query.toString();
}

/** Terrain heights at a few x, through the page. */
function groundProfile(target, xs = [-900, -300, 0, 250, 700, 1800]) {
  return target.evaluate((list) => list.map((x) => window.playground.groundHeight(x)), xs);
}

/**
 * Steps `frames` frames one at a time inside the page and records, at every frame, the body and
 * each leg's foot, planted flag and the ground height under the foot (all read through
 * window.playground: getState() and groundHeight()).
 * @param {import('playwright-core').Page} target
 * @param {number} frames
 */
function recordWalk(target, frames) {
  return target.evaluate((n) => {
    const playground = window.playground;
    const record = [];
    for (let frame = 0; frame < n; frame += 1) {
      playground.step(1);
      const state = playground.getState();
      record.push({
        body: state.body,
        legs: state.legs.map((leg) => ({
          foot: leg.foot,
          planted: leg.planted,
          ground: playground.groundHeight(leg.foot.x),
          finite: [leg.hip, leg.knee, leg.foot].every((p) => Number.isFinite(p.x) && Number.isFinite(p.y)),
        })),
      });
    }
    return record;
  }, frames);
}

/**
 * The invariants over a recorded walk.
 * @param {Awaited<ReturnType<typeof recordWalk>>} record
 * @param {{startX: number, legs: number, legLength: number, what: string}} walk
 */
function assertWalk(record, { startX, legs, legLength, what }) {
  const landings = new Array(legs).fill(0);
  let fewestPlanted = Infinity;
  for (let frame = 0; frame < record.length; frame += 1) {
    const now = record[frame];
    assert.equal(now.legs.length, legs, `${what}: frame ${frame} has every leg`);
    let planted = 0;
    now.legs.forEach((leg, i) => {
      assert.ok(leg.finite, `${what}: frame ${frame}, leg ${i}: hip, knee and foot are finite`);
      if (!leg.planted) return;
      planted += 1;
      const off = Math.abs(leg.foot.y - leg.ground);
      assert.ok(off <= 0.01 * legLength,
        `${what}: frame ${frame}, leg ${i}: a planted foot sits on the ground (off by ${off})`);
      const before = frame > 0 ? record[frame - 1].legs[i] : null;
      if (before?.planted) {
        assert.deepEqual(leg.foot, before.foot, `${what}: frame ${frame}, leg ${i}: a planted foot never moves`);
      } else if (before) {
        landings[i] += 1; // planted → lifted → planted again: one more step taken.
      }
    });
    fewestPlanted = Math.min(fewestPlanted, planted);
    assert.ok(2 * planted >= legs, `${what}: frame ${frame}: at least half the legs are planted (${planted} of ${legs})`);
  }
  const moved = record[record.length - 1].body.x - startX;
  assert.ok(moved >= 5 * legLength, `${what}: the body moves at least 5 leg lengths, moved ${moved / legLength}`);
  landings.forEach((count, i) => assert.ok(count >= 3, `${what}: leg ${i} plants again and again (${count} landings)`));
  return { moved: moved / legLength, fewestPlanted, landings };
}

forEachEngine({
  once: 'the spider scene is the page\'s own JS and the core, the same in every engine',
  prefer: 'firefox',
  page: '?scene=spider', assign: (env) => ({ engine, url, page } = env),
}, ({ name, test }) => {
  test('?scene=spider loads cleanly; getState describes the body, every leg and the terrain', async () => {
    const state = await getState(page);
    assertFreshState(state, 'spider', { params: DEFAULT_PARAMS, target: DEFAULT_TARGET });
    for (const key of ['x', 'y', 'angle']) assert.ok(Number.isFinite(state.body[key]), `body.${key} is a number`);
    assert.equal(state.legs.length, 8);
    for (const leg of state.legs) {
      for (const key of ['hip', 'knee', 'foot']) {
        assert.deepEqual(Object.keys(leg[key]).sort(), ['x', 'y'], `${key} is a point {x, y}`);
        assert.ok(Number.isFinite(leg[key].x) && Number.isFinite(leg[key].y), `${key} is finite`);
      }
      assert.equal(typeof leg.planted, 'boolean');
    }
    assert.equal(state.goal, DEFAULT_TARGET.x, 'the goal is the target x');
    const ground = await page.evaluate(() => window.playground.groundHeight(0));
    assert.ok(Number.isFinite(ground), `groundHeight answers in the spider scene, got ${ground}`);
    assert.ok(state.body.y > ground, 'the body is above the ground');
    assert.equal(await page.getAttribute('html', 'data-scene'), 'spider');
    assert.equal(await page.getAttribute('[role="tab"][aria-selected="true"]', 'data-scene'), 'spider');
    assert.equal(await page.textContent('#scene-title'), 'Spider on terrain');
    assert.match(await readout(page, 'planted'), /^[4-8] of 8$/);
    assert.equal(await readout(page, 'seed'), '1');
    assert.match(await readout(page, 'body'), /^\d+\.\d\d$/);
    assert.equal(await page.isVisible('#notices'), false);
    // Some running frames (it walks toward the default target; WebKit on Xvfb draws ~12 a second)...
    await page.waitForFunction((x) => window.playground.getState().body.x > x, state.body.x, { timeout: 5000 });
    await assertNoProblems(page); // ...and no console problems.
  });

  test('done means: 900 frames toward 15 leg lengths away, checked at every frame', async (_, t) => {
    for (const setting of [{}, { roughness: 1, legs: 4, seed: 7 }]) {
      await reset();
      if (Object.keys(setting).length) assert.deepEqual(await setState(page, { params: setting }), []);
      const start = await getState(page);
      const legLength = start.params.upperLength + start.params.lowerLength;
      const goal = start.body.x + 15 * legLength;
      assert.deepEqual(await setState(page, { target: { x: goal, y: 100 } }), []);
      assert.equal((await getState(page)).goal, goal, 'goal = target.x');
      const record = await recordWalk(page, 900);
      const what = `roughness ${start.params.roughness}, ${start.params.legs} legs`;
      const summary = assertWalk(record, { startX: start.body.x, legs: start.params.legs, legLength, what });
      t.diagnostic(`${what}: moved ${summary.moved.toFixed(1)} leg lengths, fewest planted `
        + `${summary.fewestPlanted}/${start.params.legs}, landings per leg ${summary.landings.join(' ')}`);

      // The camera followed: the body is drawn inside the canvas, where worldToClient says.
      const end = await getState(page);
      const box = await page.evaluate(() => document.getElementById('view')?.getBoundingClientRect().toJSON());
      const body = await worldToClient(page, end.body);
      assert.ok(body.x > box.left + 20 && body.x < box.right - 20 && body.y > box.top && body.y < box.bottom,
        `the body (${end.body.x.toFixed(0)}) is on screen at ${JSON.stringify(body)}`);
      assert.ok(Math.abs(end.camera.x - end.body.x) < WORLD.width / 2, 'the camera is near the body');
      const light = ([r, g, b]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
      const onBody = await pixelAt(page, end.body);
      assert.ok(light(onBody) < 150, `the body is drawn at its world point, got ${onBody}`);
    }
    await assertNoProblems(page);
  });

  test('mouse: pressing and dragging moves the target, the goal follows and the spider walks to it', async () => {
    await reset();
    const perPixel = await worldPerPixel(page);
    const start = await getState(page);
    await dragWorld(page, { x: start.body.x - 150, y: 170 }, { x: start.body.x - 200, y: 150 }, 6);
    let state = await getState(page);
    assertClose(state.target.x, start.body.x - 200, perPixel, 'target.x follows the mouse');
    assertClose(state.target.y, 150, perPixel, 'target.y follows the mouse');
    assert.equal(state.goal, state.target.x, 'the goal is set to the target x at once');
    assert.deepEqual(state.body, start.body, 'paused: the spider has not moved yet');

    await step(120);
    state = await getState(page);
    assert.ok(state.body.x < start.body.x - 60, `stepping walks it left, toward the target (x ${state.body.x})`);
    assert.ok(state.body.velocity < 0);
    assert.equal(await readout(page, 'status'), 'walking left');

    // Grab the handle off-centre and drag it: it does not jump, and it cannot go under the ground.
    const handle = await worldToClient(page, state.target);
    await page.mouse.move(handle.x + 5, handle.y - 4);
    await page.mouse.down();
    const under = { x: state.target.x + 80, y: -100 };
    const low = await worldToClient(page, under);
    await page.mouse.move(low.x + 5, low.y - 4, { steps: 5 });
    await page.mouse.up();
    state = await getState(page);
    assertClose(state.target.x, under.x, perPixel, 'the handle moved with the mouse');
    const ground = await page.evaluate((x) => window.playground.groundHeight(x), state.target.x);
    assert.ok(state.target.y >= ground && state.target.y - ground <= 0.01,
      `a target dragged under the ground stays on it: y ${state.target.y}, ground ${ground}`);
    assert.equal(state.goal, state.target.x);

    // The walk ends at the target: it stops within a tenth of the leg reach and stands on every foot.
    await step(900);
    state = await getState(page);
    assert.ok(Math.abs(state.body.x - state.target.x) <= 0.1 * 110 + 1e-9,
      `it stops at the target (body ${state.body.x}, target ${state.target.x})`);
    assert.equal(state.body.velocity, 0);
    assert.equal(await readout(page, 'status'), 'at the target');
    assert.equal(await readout(page, 'planted'), '8 of 8');
    await assertNoProblems(page);
  });

  test('keyboard: arrow keys move the target 20 units (Shift: 100); N and D are shortcuts', async () => {
    await reset();
    await page.focus('#view');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('ArrowUp');
    let state = await getState(page);
    assert.deepEqual(state.target, { x: DEFAULT_TARGET.x - 120, y: DEFAULT_TARGET.y + 20 });
    assert.equal(state.goal, DEFAULT_TARGET.x - 120);
    await page.keyboard.press('n');
    state = await getState(page);
    assert.notEqual(state.params.seed, 1, 'N picks a new terrain');
    await page.keyboard.press('d');
    assert.equal((await getState(page)).params.debug, true, 'D turns the debug overlay on');
    await page.keyboard.press('d');
    assert.equal((await getState(page)).params.debug, false, 'and off');
  });

  test('touch: a finger drag moves the target', { needs: ['touchInput'] }, async () => {
    await inPage(engine, `${url}?scene=spider`, { touch: engine.can.touch, viewport: { width: 420, height: 800 } }, async (touch) => {
      await touch.evaluate(() => window.playground.pause());
      const perPixel = await worldPerPixel(touch);
      const { body } = await getState(touch);
      const from = await worldToClient(touch, { x: body.x + 40, y: 180 });
      const to = await worldToClient(touch, { x: body.x - 120, y: 160 });
      await touch.touchDrag(from, to, 8);
      const state = await getState(touch);
      assertClose(state.target.x, body.x - 120, perPixel, 'target.x after the touch drag');
      assertClose(state.target.y, 160, perPixel, 'target.y after the touch drag');
      await assertNoProblems(touch);
    });
  });

  test('"New terrain" picks another seed (shown, deterministic) and changes the ground', async () => {
    await reset();
    const before = await groundProfile(page);
    const button = page.getByRole('button', { name: 'New terrain' });
    await button.click();
    const first = await getState(page);
    const seed = first.params.seed;
    assert.ok(Number.isInteger(seed) && seed !== 1, `a new whole-number seed, got ${seed}`);
    assert.equal(await readout(page, 'seed'), String(seed));
    assert.equal(await page.textContent('#param-seed-value'), String(seed), 'the control shows the seed');
    const after = await groundProfile(page);
    assert.ok(after.some((height, i) => Math.abs(height - before[i]) > 1), 'the ground changed');
    assert.ok(Math.abs(first.body.x) < 1e-9, 'the spider stays where it was');
    const feet = first.legs.filter((leg) => leg.planted);
    for (const leg of feet) {
      const ground = await page.evaluate((x) => window.playground.groundHeight(x), leg.foot.x);
      assert.ok(Math.abs(leg.foot.y - ground) <= 1.1, 'the new spider stands on the new ground');
    }
    await button.click();
    const second = (await getState(page)).params.seed;
    assert.notEqual(second, seed, 'each click picks another seed');

    // Deterministic: the same clicks from the same state pick the same seeds.
    await reset();
    await button.click();
    assert.equal((await getState(page)).params.seed, seed);
    assert.deepEqual(await groundProfile(page), after, 'the same seed gives the same ground');
  });

  test('the legs slider sets the number of legs', async () => {
    await reset();
    const slider = page.getByRole('slider', { name: /Legs/ });
    for (const count of [12, 4, 16]) {
      await slider.fill(String(count));
      const state = await getState(page);
      assert.equal(state.params.legs, count);
      assert.equal(state.legs.length, count, `${count} legs are solved and reported`);
      assert.equal(await readout(page, 'planted'), `${count} of ${count}`);
      assert.equal(await page.textContent('#param-legs-value'), String(count));
    }
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    assert.equal((await getState(page)).legs.length, 14, 'the slider moves in steps of 2');
    await step(60);
    const state = await getState(page);
    assert.equal(state.legs.length, 14);
    assert.ok(state.body.x > 0, 'the rebuilt spider walks');
  });

  test('the debug overlay (rest spots, step thresholds, gait groups) changes the picture', async () => {
    await reset();
    await step(30);
    const plain = await canvasFingerprint(page);
    // A filled (group A) rest spot with no foot over it (paused: the legs stay where they are).
    const { legs } = await getState(page);
    const clearance = (point) => Math.min(...legs.map((leg) => Math.hypot(leg.foot.x - point.x, leg.foot.y - point.y)));
    const rest = legs.filter((leg) => leg.group === 0).map((leg) => leg.rest)
      .sort((a, b) => clearance(b) - clearance(a))[0];
    const perPixel = await worldPerPixel(page);
    assert.ok(clearance(rest) > 6 * perPixel, 'a rest spot is clear of every foot');
    // The leg beside it on the body's other side rests a few pixels away, in the other group, and
    // its diamond is drawn over this one's: look 2 px away from it, on this diamond's own side.
    const pair = legs.map((leg) => leg.rest).filter((spot) => spot !== rest)
      .sort((a, b) => Math.hypot(a.x - rest.x, a.y - rest.y) - Math.hypot(b.x - rest.x, b.y - rest.y))[0];
    const apart = Math.hypot(rest.x - pair.x, rest.y - pair.y) || 1;
    const at = { x: rest.x + ((rest.x - pair.x) / apart) * 2 * perPixel, y: rest.y + ((rest.y - pair.y) / apart) * 2 * perPixel };
    const before = await pixelAt(page, at);
    const toggle = page.getByRole('switch', { name: /Debug overlay/ });
    await toggle.click();
    assert.equal((await getState(page)).params.debug, true);
    const debug = await canvasFingerprint(page);
    assert.notEqual(debug, plain, 'the overlay is drawn');
    // The diamond there covers what was drawn before, in the overlay's warm colour.
    const marker = await pixelAt(page, at);
    const change = Math.max(...[0, 1, 2].map((i) => Math.abs(marker[i] - before[i])));
    assert.ok(change > 60 && marker[0] > marker[2] + 40, `a rest spot is marked in the overlay colour, got ${marker} over ${before}`);
    await toggle.click();
    assert.equal(await canvasFingerprint(page), plain, 'and it goes away (paused: same picture)');
  });

  test('determinism and any size: the same link and steps give the same state and picture', async (_, t) => {
    if (!engine.can.deviceScaleFactor) t.diagnostic(`${name}: both sizes at a device pixel ratio of 1: this engine cannot emulate another`);
    const link = `${url}?scene=spider&roughness=0.9&seed=42&legs=10&speed=140&target=1500,80`;
    const pictures = [];
    for (const [viewport, deviceScaleFactor] of [[{ width: 1200, height: 760 }, 1], [{ width: 480, height: 700 }, 2]]) {
      await inPage(engine, link, { viewport, deviceScaleFactor: engine.can.deviceScaleFactor ? deviceScaleFactor : 1 }, async (visit) => {
        const state = await visit.evaluate(() => {
          const playground = window.playground;
          playground.pause();
          playground.step(300 - Math.round(/** @type {number} */ (playground.getState().time) * 60));
          return playground.getState();
        });
        assert.equal(state.time, 5);
        const view = await visit.evaluate(() => {
          const rect = document.getElementById('view')?.getBoundingClientRect();
          return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2, width: rect.width, height: rect.height };
        });
        const scale = Math.min(view.width / WORLD.width, view.height / WORLD.height);
        const body = await worldToClient(visit, state.body);
        const foot = await worldToClient(visit, state.legs[3].foot);
        pictures.push({
          state,
          body: { x: (body.x - view.x) / scale, y: (body.y - view.y) / scale },
          foot: { x: (foot.x - view.x) / scale, y: (foot.y - view.y) / scale },
        });
        await assertNoProblems(visit);
      });
    }
    assert.deepEqual(pictures[1].state, pictures[0].state, 'the same link and steps give the same state');
    assert.ok(pictures[0].state.body.x > 300, 'it walked');
    for (const key of ['body', 'foot']) {
      assertClose(pictures[1][key].x, pictures[0][key].x, 1e-6, `${key} drawn at the same place relative to the world (x)`);
      assertClose(pictures[1][key].y, pictures[0][key].y, 1e-6, `${key} drawn at the same place relative to the world (y)`);
    }
  });

  test('a spider shareLink (seed, roughness, legs, target) reproduces the scene in a new page', async () => {
    await reset();
    await page.getByRole('button', { name: 'New terrain' }).click();
    await page.getByRole('slider', { name: /Terrain roughness/ }).fill('0.8');
    await page.getByRole('slider', { name: /Legs/ }).fill('6');
    await dragWorld(page, { x: 100, y: 150 }, { x: 180, y: 120 }, 4);
    await step(30);
    const state = await getState(page);

    const link = await page.evaluate(() => window.playground.shareLink());
    const query = new URL(link).searchParams;
    assert.ok(link.startsWith(`${url}?v=1&scene=spider&`), link);
    assert.equal(query.get('seed'), String(state.params.seed));
    assert.equal(query.get('roughness'), '0.8');
    assert.equal(query.get('legs'), '6');
    assert.equal(query.get('target'), `${state.target.x},${state.target.y}`);
    assert.equal(query.get('speed'), null, 'defaults are left out');
    // The address bar follows settings changes, not every step of the walk: it carries the same
    // link but for the spider's place (`at`), which is where it stood at the last change.
    await page.waitForFunction((expected) => {
      const query = new URLSearchParams(location.search);
      query.delete('at');
      return query.toString() === expected;
    }, withoutAt(link), { timeout: 3000 });

    await inPage(engine, link, async (copy) => {
      const copied = await getState(copy);
      assert.equal(copied.scene, 'spider');
      assert.deepEqual(copied.params, state.params);
      assert.deepEqual(copied.target, state.target);
      assert.equal(copied.legs.length, 6);
      assert.deepEqual(await groundProfile(copy), await groundProfile(page), 'the same ground');
      assert.equal(await readout(copy, 'seed'), String(state.params.seed));
      assert.equal(await copy.isVisible('#notices'), false, 'a shared link has nothing to complain about');
      // It links back to itself but for where the spider stands now: it walks on from the author's
      // place (figure.test.mjs checks that place).
      const again = await copy.evaluate(() => window.playground.shareLink());
      assert.ok(again.startsWith(`${url}?v=1&scene=spider&`), again);
      assert.equal(withoutAt(again), withoutAt(link), 'and links back to itself');
      await assertNoProblems(copy);
    });
    await assertNoProblems(page);
  });

  test('a hostile spider link loads a working spider and says what it ignored', async () => {
    await inPage(engine, `${url}?scene=spider&legs=7&seed=-5&roughness=NaN&speed=1e99`, async (hostile) => {
      assert.deepEqual(await shownNotices(hostile), [
        'Ignored roughness=NaN: not a number',
        'Rounded legs=7 to 8 (even numbers only)',
        'Clamped seed=-5 to 0 (allowed 0 to 4294967295)',
        'Clamped speed=1e+99 to 300 (allowed 10 to 300)',
      ]);
      const state = await getState(hostile);
      assert.equal(state.scene, 'spider');
      assert.deepEqual(state.params, { ...DEFAULT_PARAMS, legs: 8, seed: 0, speed: 300 });
      assert.equal(state.legs.length, 8);
      assert.ok(Number.isFinite(await hostile.evaluate(() => window.playground.groundHeight(123))));
      // setState checks the same way.
      const notices = await setState(hostile, { params: { legs: 9.2, seed: 1.5, roughness: 2 } });
      assert.deepEqual(notices, [
        'Rounded legs=9.2 to 10 (even numbers only)',
        'Rounded seed=1.5 to 2 (whole numbers only)',
        'Clamped roughness=2 to 1 (allowed 0 to 1)',
      ]);
      assert.equal((await getState(hostile)).legs.length, 10);
      // And it works: a click puts the target there and the spider walks to it.
      await hostile.evaluate(() => window.playground.pause());
      const { body } = await getState(hostile);
      const at = await worldToClient(hostile, { x: body.x + 200, y: 150 });
      await hostile.mouse.click(at.x, at.y);
      await hostile.evaluate(() => window.playground.step(60));
      assert.ok((await getState(hostile)).body.x > body.x + 50, 'the spider walks');
      await assertNoProblems(hostile);
    });
  });
});
