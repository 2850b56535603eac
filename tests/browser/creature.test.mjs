// creature.test.mjs: the creature scene as a reader drives it: every kind loads, a real pointer
// drag moves the target and the head follows it, a crowd, bad and hostile links, a shareLink that
// puts the head back where it was and the overlay, whose rest-spot crosses are drawn where the
// core's state says (load.test.mjs checks the one WebAssembly module each scene fetches).
// One page serves most of the file; each of those tests starts from the lizard's defaults, paused.
import assert from 'node:assert/strict';
import { assertClose, assertFreshState, dragWorld, getState, pressOnScene, pressOverlayOn, pressReset, readout, runFrames, setState, worldPerPixel } from './harness.mjs';
import { assertSameAfterSteps, inPage, shownNotices } from './engines/calls.mjs';
import { assertNoProblems, forEachEngine } from './engines/index.mjs';

/** @type {import('./engines/index.mjs').Engine} */
let engine;
/** @type {string} */
let url;
/** @type {import('./engines/page.mjs').EnginePage} */
let page;

const DEFAULT_PARAMS = {
  kind: 'lizard', count: 1, speed: 160, maxBend: 26, stepThreshold: 18, gaitGroups: 2, springFrequency: 2, springDamping: 1,
  springResponse: 0, path: 'none', overlay: false,
};
const DEFAULT_TARGET = { x: 150, y: 60 };
/** Spine points and legs of each kind (the core's presets). */
const KINDS = { lizard: [14, 4], snake: [28, 0], fish: [10, 0], centipede: [16, 24] };

/** The lizard at its defaults (Reset rebuilds the scene), paused. */
async function reset() {
  const state = await pressReset(page);
  assert.deepEqual(state.params, DEFAULT_PARAMS, 'Reset restores the defaults');
  assert.deepEqual(state.target, DEFAULT_TARGET);
}

/** Runs `frames` fixed steps now. */
function step(frames) {
  return page.evaluate((n) => window.playground.step(n), frames);
}

forEachEngine({
  once: 'the creature scene is the page\'s own JS and the core, the same in every engine',
  prefer: 'firefox',
  page: '?scene=creature&kind=lizard', assign: (env) => ({ engine, url, page } = env),
}, ({ name, test }) => {
  test('?scene=creature&kind=lizard loads a lizard: 14 spine points, 4 legs, a skin and two eyes', async () => {
    const state = await getState(page);
    assertFreshState(state, 'creature', { params: DEFAULT_PARAMS, target: DEFAULT_TARGET });
    assert.equal(state.creature.spine.length, 14);
    assert.equal(state.creature.legs.length, 4);
    assert.equal(state.creature.eyes.length, 2);
    assert.ok(state.creature.outline.length >= 28, 'a skin around every spine point');
    for (const p of [...state.creature.spine, ...state.creature.outline]) {
      assert.ok(Number.isFinite(p.x) && Number.isFinite(p.y));
    }
    assert.equal(await page.getAttribute('html', 'data-scene'), 'creature');
    assert.equal(await page.textContent('#scene-title'), 'Procedural creature');
    assert.match(await readout(page, 'status'), /^(following|at the target)$/);
    assert.equal(await readout(page, 'kind'), 'lizard');
    assert.equal(await readout(page, 'count'), '1');
    assert.match(await readout(page, 'planted'), /^[0-4] of 4$/);
    assert.match(await readout(page, 'heading'), /^-?\d+°$/);
    assert.equal(await page.isVisible('#notices'), false);
    await assertNoProblems(page);
  });

  test('a real pointer drag moves the target; stepping brings the head toward it', async () => {
    await reset();
    const perPixel = await worldPerPixel(page);
    const start = await getState(page);
    await dragWorld(page, DEFAULT_TARGET, { x: -150, y: -120 }, 6);
    let state = await getState(page);
    assertClose(state.target.x, -150, 2 * perPixel, 'target.x follows the mouse');
    assertClose(state.target.y, -120, 2 * perPixel, 'target.y follows the mouse');
    assert.deepEqual(state.creature.spine[0], start.creature.spine[0], 'paused: the head has not moved yet');
    const distance = (head) => Math.hypot(head.x - state.target.x, head.y - state.target.y);
    const before = distance(start.creature.spine[0]);
    await step(180);
    state = await getState(page);
    const after = distance(state.creature.spine[0]);
    assert.ok(after < before / 3, `the head comes to the target (${before.toFixed(1)} → ${after.toFixed(1)})`);
    assert.deepEqual(state.creature.goal, state.target, 'the goal is the target');
    await assertNoProblems(page);
  });

  test('arrow keys move the target; path=circle moves it by itself; the same steps give the same state', async () => {
    await reset();
    await pressOnScene(page, 'ArrowLeft');
    await page.keyboard.press('Shift+ArrowUp');
    assert.deepEqual((await getState(page)).target, { x: DEFAULT_TARGET.x - 8, y: DEFAULT_TARGET.y + 40 });
    await setState(page, { params: { path: 'circle' } });
    await step(30);
    const a = await getState(page);
    assert.notDeepEqual(a.target, { x: DEFAULT_TARGET.x - 8, y: DEFAULT_TARGET.y + 40 }, 'the path moves the target');
    assert.deepEqual(a.creature.goal, a.target, 'and the creature heads for it');
    // Determinism: the same link, paused, and the same steps.
    const link = await page.evaluate(() => window.playground.shareLink());
    // The whole state: what the steps cost is no part of it (stats().timing holds that).
    await assertSameAfterSteps(engine, link, 90, (state) => state, 'state');
    const timing = await page.evaluate(() => /** @type {any} */ (window.playground.stats()).timing);
    assert.ok(timing.steps > 0 && timing.stepMs.length > 0 && timing.stepMs.every(Number.isFinite), 'stats().timing reports the steps');
    await assertNoProblems(page);
  });

  test('every kind loads, with its own body', async () => {
    for (const [kind, [spine, legs]] of Object.entries(KINDS)) {
      const notices = await setState(page, { params: { kind } });
      assert.deepEqual(notices, [], kind);
      const state = await getState(page);
      assert.equal(state.params.kind, kind);
      assert.equal(state.creature.spine.length, spine, `${kind}: spine points`);
      assert.equal(state.creature.legs.length, legs, `${kind}: legs`);
      assert.equal(state.creature.fins.length > 0, kind === 'fish', `${kind}: fins only on the fish`);
      assert.equal(await readout(page, 'kind'), kind);
      await step(10);
    }
    await assertNoProblems(page);
  });

  test('count=20 makes a crowd of 20; the readouts and description say so', async () => {
    await inPage(engine, `${url}?scene=creature&kind=snake&count=20`, async (crowd) => {
      const state = await getState(crowd);
      assert.equal(state.params.count, 20);
      assert.equal(state.creature.spine.length, 28, 'state has the first creature');
      assert.equal(await readout(crowd, 'count'), '20');
      const description = await crowd.evaluate(() => {
        const canvas = document.querySelector('canvas');
        const id = canvas?.getAttribute('aria-describedby');
        return (id && document.getElementById(id)?.textContent) || '';
      });
      assert.match(description, /20 creatures/);
      await crowd.evaluate(() => window.playground.step(60));
      await assertNoProblems(crowd);
    });
  });

  test('bad and hostile values give plain-text notices and a working lizard', async () => {
    const hostile = await engine.openPage(`${url}?scene=creature&kind=dragon&count=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E`);
    try {
      const notices = await shownNotices(hostile);
      assert.equal(notices.length, 2, notices.join(' | '));
      assert.ok(notices.some((text) => /^Ignored kind=dragon/.test(text)), notices.join(' | '));
      assert.ok(notices.some((text) => text.startsWith('Ignored count=<img src=x onerror=alert(1)>')), notices.join(' | '));
      assert.equal(await hostile.$$eval('#notice-list img', (images) => images.length), 0, 'notices are plain text');
      const state = await getState(hostile);
      assert.deepEqual(state.params, DEFAULT_PARAMS, 'nothing changed');
      assert.equal(state.creature.spine.length, 14);
      // setState checks the same way: out of range counts are clamped, an unknown kind ignored.
      assert.deepEqual(await setState(hostile, { params: { count: 0 } }), ['Clamped count=0 to 1 (allowed 1 to 1000)']);
      assert.deepEqual(await setState(hostile, { params: { count: 5000 } }), ['Clamped count=5000 to 1000 (allowed 1 to 1000)']);
      assert.equal((await getState(hostile)).params.count, 1000);
      const kindNotices = await setState(hostile, { params: { kind: 'dragon' } });
      assert.equal(kindNotices.length, 1);
      assert.match(kindNotices[0], /^Ignored kind=dragon/);
      assert.equal((await getState(hostile)).params.kind, 'lizard');
      await hostile.evaluate(() => window.playground.step(5));
      await assertNoProblems(hostile);
    } finally {
      await hostile.close();
    }
    for (const query of ['count=0', 'count=5000']) {
      await inPage(engine, `${url}?scene=creature&${query}`, async (visit) => {
        const notices = await shownNotices(visit);
        assert.equal(notices.length, 1, `${query}: ${notices.join(' | ')}`);
        assert.match(notices[0], /^Clamped count=/);
        await assertNoProblems(visit);
      });
    }
  });

  test('a shareLink reopens with the head within 2 units of the author’s', async () => {
    await reset();
    await setState(page, { params: { springDamping: 0.5 }, target: { x: 200, y: -100 } });
    await step(75);
    const state = await getState(page);
    const link = await page.evaluate(() => window.playground.shareLink());
    assert.ok(link.includes('scene=creature'), link);
    assert.ok(new URL(link).searchParams.get('at'), `the link carries the head: ${link}`);
    // Opened paused, so the copy is read where the link puts it, not some frames on.
    await inPage(engine, `${link}&play=paused`, async (copy) => {
      const copied = await getState(copy);
      assert.deepEqual(copied.params, state.params);
      assert.deepEqual(copied.target, state.target);
      const [a, b] = [state.creature.spine[0], copied.creature.spine[0]];
      assert.ok(Math.hypot(a.x - b.x, a.y - b.y) <= 2, `head ${JSON.stringify(a)} → ${JSON.stringify(b)}`);
      assert.equal(await copy.isVisible('#notices'), false, 'a shared link has nothing to complain about');
      await assertNoProblems(copy);
    });
  });

  test('the overlay (key O) draws without page errors', async () => {
    await reset();
    await pressOverlayOn(page);
    await step(90);
    for (const kind of ['centipede', 'fish']) {
      await setState(page, { params: { kind } });
      await step(30);
    }
    await page.evaluate(() => window.playground.resume());
    await runFrames(page);
    await assertNoProblems(page);
  });

  test('the overlay marks each foot\'s rest spot where the core\'s state puts it (to 1e-9 px)', async () => {
    await reset();
    await setState(page, { params: { overlay: true }, target: { x: -120, y: 90 } });
    const drawn = await page.evaluate(() => {
      // The lines of one drawing, recorded as the page draws them. Steps mark the frame dirty and
      // getState() draws it, in this one task: no animation frame can draw it unrecorded between.
      const proto = CanvasRenderingContext2D.prototype;
      const { moveTo, lineTo } = proto;
      /** @type {Array<[string, number, number]>} */
      const calls = [];
      proto.moveTo = function record(x, y) { calls.push(['M', x, y]); return moveTo.call(this, x, y); };
      proto.lineTo = function record(x, y) { calls.push(['L', x, y]); return lineTo.call(this, x, y); };
      let state;
      try {
        // Walking: rest spots move with the body and feet lag them, so a spot drawn from anything
        // but the core's own numbers (the body's points with margins of the page's) lands elsewhere.
        window.playground.step(45);
        state = window.playground.getState();
      } finally {
        proto.moveTo = moveTo;
        proto.lineTo = lineTo;
      }
      const rect = document.querySelector('#view').getBoundingClientRect();
      // Where the page maps each rest spot, in the canvas' CSS pixels.
      const rests = state.creature.legs.map((leg) => {
        const client = window.playground.worldToClient(leg.rest);
        return { x: client.x - rect.left, y: client.y - rect.top };
      });
      // The overlay's crosses: M(x - 4, y - 4) L(x + 4, y + 4) M(x - 4, y + 4) L(x + 4, y - 4).
      const near = (a, b) => Math.abs(a - b) <= 1e-9;
      const crosses = [];
      for (let i = 0; i + 3 < calls.length; i += 1) {
        const [a, b, c, d] = calls.slice(i, i + 4);
        if (a[0] === 'M' && b[0] === 'L' && c[0] === 'M' && d[0] === 'L'
          && near(b[1] - a[1], 8) && near(b[2] - a[2], 8) && near(c[1], a[1]) && near(c[2] - a[2], 8)
          && near(d[1], b[1]) && near(d[2], a[2])) {
          crosses.push({ x: (a[1] + b[1]) / 2, y: (a[2] + b[2]) / 2 });
        }
      }
      return { rests, crosses, feet: state.creature.legs.map((leg) => leg.foot), restsWorld: state.creature.legs.map((leg) => leg.rest) };
    });
    assert.equal(drawn.rests.length, KINDS.lizard[1], 'the lizard\'s four legs');
    assert.equal(drawn.crosses.length, drawn.rests.length, `one cross a leg: ${JSON.stringify(drawn.crosses)}`);
    drawn.rests.forEach((rest, i) => {
      const off = Math.hypot(drawn.crosses[i].x - rest.x, drawn.crosses[i].y - rest.y);
      assert.ok(off <= 1e-9, `leg ${i}: the cross is ${off} px from the core's rest spot`);
    });
    // Not a spot on the foot: some feet are away from their rest spots while it walks.
    assert.ok(drawn.feet.some((foot, i) => Math.hypot(foot.x - drawn.restsWorld[i].x, foot.y - drawn.restsWorld[i].y) > 1),
      'a foot away from its rest spot');
  });
});
