// puppet.test.mjs: the puppet scene as a person uses it: real mouse drags of a hand, a foot and the
// pelvis, a finger drag, the arrow keys and the L/O keys (each with its on-screen control), a link
// that reopens on the same pose and pins, the embed view.
import assert from 'node:assert/strict';
import {
  assertClose, dragWorld, getState, pixelAt, pressOnScene, pressOverlayOn, readout, setState, worldPerPixel, worldToClient,
} from './harness.mjs';
import { assertNoProblems, forEachEngine } from './engines/index.mjs';

/** @type {import('./engines/index.mjs').Engine} */
let engine;
/** @type {string} */
let url;
/** @type {import('./engines/page.mjs').EnginePage} The engine's shared page (describe blocks run one after another). */
let page;

const PINS = ['head', 'leftHand', 'rightHand', 'leftFoot', 'rightFoot'];

/** Back to the puppet's defaults (one page serves the whole file). */
async function reset() {
  await page.mouse.up().catch(() => {});
  await page.evaluate(() => document.getElementById('reset')?.click());
  const state = await getState(page);
  assert.equal(state.scene, 'puppet');
  assert.equal(state.result.status, 'reached', 'at rest every pin is reached');
  return state;
}

/** Drags with the real mouse from a world point to another, in steps, checking nothing midway. */
async function drag(from, to, steps = 12) {
  await dragWorld(page, from, to, steps);
}

/** The end of bone `bone` in a state's positions. */
const endOf = (state, bone) => ({ x: state.positions[2 * bone + 2], y: state.positions[2 * bone + 3] });

forEachEngine({
  once: 'the puppet scene is the page\'s own JS and the core, the same in every engine',
  prefer: 'chromium',
  page: '?scene=puppet', assign: (env) => ({ engine, url, page } = env),
}, ({ name, test }) => {
  test('dragging the right hand up and out: the hand follows, the body leans, the other pins stay', async () => {
    const start = await reset();
    const perPixel = await worldPerPixel(page);
    const destination = { x: 70, y: 60 };
    await drag(start.rightHand, destination);
    const state = await getState(page);
    assertClose(state.rightHand.x, destination.x, perPixel, 'the right hand pin follows the mouse (x)');
    assertClose(state.rightHand.y, destination.y, perPixel, 'the right hand pin follows the mouse (y)');
    for (const name of PINS.filter((n) => n !== 'rightHand')) {
      assert.deepEqual(state[name], start[name], `${name} stays pinned where it was`);
    }
    const hand = state.effectors.find((e) => e.name === 'rightHand');
    assert.ok(hand.error < 3, `the hand gets to within 3 units of its pin, got ${hand.error}`);
    for (const name of ['leftFoot', 'rightFoot']) {
      const foot = state.effectors.find((e) => e.name === name);
      assert.ok(foot.error < 0.05, `${name} stays on its pin, error ${foot.error}`);
    }
    // The spine leans toward the pulled hand (clockwise on a y-up world: a smaller world angle).
    const spine = (/** @type {{angles: number[]}} */ s) => s.angles[0] * (180 / Math.PI);
    // (By more than 5° in Chromium and Firefox; WebKit's drag reaches the page in fewer moves, each
    // one warm-started solve.)
    assert.ok(spine(state) < spine(start) - 3, `the spine leans: ${spine(start)}° -> ${spine(state)}°`);
    // Lengths hold: every bone as long as the rig says, after a real drag.
    const lengths = [32, 30, 10, 18, 10, 28, 26, 10, 28, 26, 40, 38, 12, 40, 38, 12];
    const parents = [-1, 0, 1, 2, 1, 4, 5, 1, 7, 8, -1, 10, 11, -1, 13, 14];
    lengths.forEach((length, i) => {
      const from = parents[i] < 0 ? { x: state.positions[0], y: state.positions[1] } : endOf(state, parents[i]);
      const to = endOf(state, i);
      assertClose(Math.hypot(to.x - from.x, to.y - from.y), length, 1e-9, `bone ${i} length`);
    });
    // Elbows bend one way: the right forearm's angle stays within its limit [-149°, 0°].
    assert.ok(state.angles[9] <= 1e-12 && state.angles[9] >= -2.6 - 1e-12, `right elbow ${state.angles[9]}`);
    const pixel = await pixelAt(page, state.rightHand);
    assert.ok(pixel.some((c) => c < 200), `the pin is drawn where it was dropped, got ${pixel}`);
    await assertNoProblems(page);
  });

  test('a link made after dragging reopens on the same pose and pins', async () => {
    const start = await reset();
    await drag(start.leftFoot, { x: start.leftFoot.x - 25, y: start.leftFoot.y + 30 });
    await drag(start.head, { x: start.head.x - 20, y: start.head.y - 8 });
    const state = await getState(page);
    assert.notDeepEqual(state.angles, start.angles, 'the pose moved');
    const link = await page.evaluate(() => window.playground.shareLink());
    assert.match(link, /[?&]pose=/, `the link carries the pose: ${link}`);
    assert.doesNotMatch(link, /[?&]a\d+=/, `and no old per-bone keys: ${link}`);
    assert.match(link, /[?&]leftFoot=/, `and the pins: ${link}`);
    const copy = await engine.openPage(link);
    try {
      const copied = await getState(copy);
      assert.deepEqual(copied.params, state.params, 'same params');
      for (const name of [...PINS, 'root']) assert.deepEqual(copied[name], state[name], `same ${name}`);
      // The link writes each angle to 1e-4 degrees (as the chain's pose): the same figure to well
      // under the settings' 0.01 world units.
      copied.angles.forEach((a, i) => assertClose(a, state.angles[i], 2e-6, `angle ${i}`));
      copied.positions.forEach((v, i) => assertClose(v, state.positions[i], 1e-3, `position ${i}`));
      assert.equal(await copy.isVisible('#notices'), false, 'nothing to complain about');
      assert.equal(await copy.evaluate(() => window.playground.shareLink()), link, 'and it links back to itself');
      await assertNoProblems(copy);
    } finally {
      await copy.close();
    }
  });

  test('the pelvis drags the whole figure; a finger drag moves a pin; arrow keys move the right hand', async (_, t) => {
    const start = await reset();
    const perPixel = await worldPerPixel(page);
    await drag(start.root, { x: start.root.x + 10, y: start.root.y - 6 });
    let state = await getState(page);
    assertClose(state.root.x, start.root.x + 10, perPixel, 'the pelvis moved (x)');
    assert.equal(state.positions[0], state.root.x, 'the skeleton hangs from the pelvis');

    await page.locator('#view').focus();
    const before = state.rightHand;
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Shift+ArrowUp');
    state = await getState(page);
    assertClose(state.rightHand.x, before.x - 4, 1e-9, 'ArrowLeft: 4 units');
    assertClose(state.rightHand.y, before.y + 20, 1e-9, 'Shift+ArrowUp: 20 units');

    if (!engine.can.touchInput) {
      t.diagnostic(`${name}: the finger drag is skipped: its driver's touch actions reach the page as mouse events`);
    } else {
      const touch = await engine.openPage(`${url}?scene=puppet`, { touch: engine.can.touch, viewport: { width: 420, height: 800 } });
      try {
        const rest = await getState(touch);
        const from = await worldToClient(touch, rest.leftHand);
        const to = await worldToClient(touch, { x: -60, y: 30 });
        await touch.touchDrag(from, to, 8);
        const moved = await getState(touch);
        const touchPerPixel = await worldPerPixel(touch);
        assertClose(moved.leftHand.x, -60, touchPerPixel, 'the finger moved the left hand (x)');
        assertClose(moved.leftHand.y, 30, touchPerPixel, 'the finger moved the left hand (y)');
        assert.deepEqual(moved.rightHand, rest.rightHand, 'the right hand stayed');
        await assertNoProblems(touch);
      } finally {
        await touch.close();
      }
    }
    await assertNoProblems(page);
  });

  test('L and O toggle limits and the overlay, and so do their on-screen switches', async () => {
    await reset();
    await pressOverlayOn(page);
    await page.keyboard.press('l');
    assert.equal((await getState(page)).params.limits, false, 'L turns the limits off');
    await page.locator('#param-limits').click();
    assert.equal((await getState(page)).params.limits, true, 'the switch turns them back on');
    await page.locator('#param-overlay').click();
    assert.equal((await getState(page)).params.overlay, false, 'the switch turns the overlay off');
    assert.equal(await readout(page, 'status'), 'every pin reached');
    assert.deepEqual(await setState(page, { angles: [1, 2, 3] }),
      ['Ignored angles: expected 16 finite numbers (radians, one per bone), or 23 with the hair and tail, got 3 values']);
    await assertNoProblems(page);
  });

  test('the embed view shows the puppet from a link', async () => {
    const embed = await engine.openPage(`${url}embed.html?scene=puppet&rightHand=40,40`, { viewport: { width: 480, height: 360 } });
    try {
      const state = await getState(embed);
      assert.equal(state.scene, 'puppet');
      assert.deepEqual(state.rightHand, { x: 40, y: 40 });
      assert.ok(state.result.iterations > 0, 'a link with pins and no pose solves toward them');
      await assertNoProblems(embed);
    } finally {
      await embed.close();
    }
  });
});

// Flip, end angles and springs run in every engine: what they check is how each engine's real
// pointer and keys reach the page mid-drag, not only the page's own JS.
forEachEngine({ page: '?scene=puppet', title: 'flip, angle knobs and springs', assign: (env) => ({ engine, url, page } = env) }, ({ test }) => {
  /** Paused, steps the page until the hair and tail are at rest; how many steps that took. */
  const settle = () => page.evaluate(() => {
    const playground = /** @type {any} */ (window).playground;
    playground.pause();
    let steps = 0;
    while (playground.getState().swinging && steps < 3600) {
      playground.step(1);
      steps += 1;
    }
    return steps;
  });
  /** @param {{x: number, y: number}} point */
  const moveTo = async (point) => {
    const at = await worldToClient(page, point);
    await page.mouse.move(at.x, at.y, { steps: 4 });
  };

  test('F flips the puppet mid-drag: the held hand stays under the pointer, the rest turns about the pelvis', async () => {
    const start = await reset();
    const perPixel = await worldPerPixel(page);
    await page.locator('#view').focus();
    const from = await worldToClient(page, start.rightHand);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await moveTo({ x: 60, y: 40 });
    const held = await getState(page);
    await page.keyboard.press('f');
    const flipped = await getState(page);
    assert.equal(flipped.params.flip, true, 'F flips');
    assert.equal(flipped.mirrored, true, 'the skeleton is mirrored');
    assertClose(flipped.rightHand.x, held.rightHand.x, 1e-9, 'the held pin did not jump (x)');
    assertClose(flipped.rightHand.y, held.rightHand.y, 1e-9, 'the held pin did not jump (y)');
    const rootX = flipped.root.x;
    for (const name of PINS.filter((n) => n !== 'rightHand')) {
      assertClose(flipped[name].x, Math.min(140, Math.max(-140, 2 * rootX - held[name].x)), 0.011, `${name} turned (x)`);
      assert.equal(flipped[name].y, held[name].y, `${name} kept its height`);
    }
    // The feet (pinned, reached) are where the turned pins are: the pose turned with them.
    for (const name of ['leftFoot', 'rightFoot']) {
      const foot = flipped.effectors.find((/** @type {any} */ e) => e.name === name);
      assertClose(foot.end.x, 2 * rootX - held.effectors.find((/** @type {any} */ e) => e.name === name).end.x, 1e-6, `${name} end mirrored`);
    }
    // The drag goes on, now pulling the turned figure.
    await moveTo({ x: 40, y: 20 });
    await page.mouse.up();
    const after = await getState(page);
    assertClose(after.rightHand.x, 40, perPixel, 'the pin follows the pointer after the flip (x)');
    assertClose(after.rightHand.y, 20, perPixel, 'the pin follows the pointer after the flip (y)');
    const hand = after.effectors.find((/** @type {any} */ e) => e.name === 'rightHand');
    assert.ok(hand.error < 3, `the turned figure reaches for it: ${hand.error}`);
    await page.locator('#param-flip').click();
    const back = await getState(page);
    assert.equal(back.params.flip, false, 'the switch turns it back');
    assert.equal(back.mirrored, false);
    await assertNoProblems(page);
  });

  test('a knob dragged sets the hand\'s angle; flipped and sprung, the link reopens on the same figure', async () => {
    const start = await reset();
    const hand = start.effectors.find((/** @type {any} */ e) => e.name === 'rightHand');
    // The knob sits 20 units from the pin, along the forearm while the hand holds no angle.
    const knob = { x: hand.target.x + 20 * Math.cos(hand.angle), y: hand.target.y + 20 * Math.sin(hand.angle) };
    await drag(knob, { x: hand.target.x, y: hand.target.y - 20 }, 10);
    let state = await getState(page);
    const aim = state.params.aim[2];
    assert.ok(typeof aim === 'number' && Math.abs(aim + 90) < 3, `the right hand aims down: ${aim}°`);
    assert.deepEqual(state.rightHand, start.rightHand, 'the pin stayed');
    let aimed = state.effectors.find((/** @type {any} */ e) => e.name === 'rightHand');
    assertClose(aimed.angle, aimed.goal, 1e-3, 'the forearm points where the knob says');
    assert.ok(aimed.error < 0.05, `and the hand is still on its pin: ${aimed.error}`);

    await pressOnScene(page, 'f');
    await page.keyboard.press('w');
    state = await getState(page);
    assert.equal(state.params.flip, true);
    assert.equal(state.params.springs, true, 'W turns the springs on');
    aimed = state.effectors.find((/** @type {any} */ e) => e.name === 'rightHand');
    const turned = (180 - aim) * (Math.PI / 180);
    assertClose(aimed.goal, Math.atan2(Math.sin(turned), Math.cos(turned)), 1e-9, 'the goal turns with the figure (down stays down)');
    assertClose(aimed.angle, aimed.goal, 1e-3, 'and the turned forearm still meets it');
    // Make the hair swing: move the head, then wait (by frames) until it has come to rest.
    await drag(state.head, { x: state.head.x + 15, y: state.head.y - 5 }, 6);
    const steps = await settle();
    assert.ok(steps > 30, `the hair swung for ${steps} steps`);
    state = await getState(page);
    const link = await page.evaluate(() => window.playground.shareLink());
    assert.match(link, /[?&]flip=1/, link);
    assert.match(link, /[?&]springs=1/, link);
    assert.match(link, /[?&]aim=rightHand:-?\d/, link);
    const copy = await engine.openPage(link);
    try {
      const copied = await getState(copy);
      assert.deepEqual(copied.params, state.params, 'same params');
      for (const name of [...PINS, 'root']) assert.deepEqual(copied[name], state[name], `same ${name}`);
      assert.equal(copied.angles.length, 23);
      copied.angles.forEach((/** @type {number} */ a, /** @type {number} */ i) => assertClose(a, state.angles[i], 2e-6, `angle ${i}`));
      copied.positions.forEach((/** @type {number} */ v, /** @type {number} */ i) => assertClose(v, state.positions[i], 1e-3, `position ${i}`));
      assert.equal(await copy.isVisible('#notices'), false, 'nothing to complain about');
      assert.equal(await copy.evaluate(() => window.playground.shareLink()), link, 'and it links back to itself');
      await assertNoProblems(copy);
    } finally {
      await copy.close();
    }
    // The switch frees the angle again.
    await page.locator('#aim-free').click();
    assert.deepEqual((await getState(page)).params.aim, [null, null, null, null, null]);
    await page.evaluate(() => window.playground.resume());
    await assertNoProblems(page);
  });

  test('D dances; F mid-dance turns the figure and the dance goes on the other way; a drag ends it', async () => {
    await reset();
    await page.evaluate(() => window.playground.pause());
    await pressOnScene(page, 'd');
    const first = await getState(page);
    assert.equal(first.params.dance, true, 'D starts the dance');
    // Half a second of simulation: the left hand swings forward (+x) by itself.
    await page.evaluate(() => window.playground.step(30));
    const facing = await getState(page);
    assert.ok(facing.leftHand.x > first.leftHand.x + 10, `the left hand swung forward: ${first.leftHand.x} -> ${facing.leftHand.x}`);
    assert.ok(facing.head.x > facing.root.x, `the head leans forward (+x): ${facing.head.x}`);
    await page.keyboard.press('f');
    const turned = await getState(page);
    assert.equal(turned.params.flip, true);
    assert.equal(turned.params.dance, true, 'the dance goes on');
    assert.ok(turned.head.x < turned.root.x, `the head leans the other way (-x): ${turned.head.x}`);
    assertClose(turned.leftHand.x, 2 * turned.root.x - facing.leftHand.x, 0.011, 'the left hand turned with it');
    // It keeps dancing, the other way (the pins' mirror image step by step is checked in tests/js).
    await page.evaluate(() => window.playground.step(30));
    const later = await getState(page);
    assert.ok(later.leftHand.x > turned.leftHand.x + 10, `the left hand swings back, now toward +x: ${turned.leftHand.x} -> ${later.leftHand.x}`);
    assert.ok(later.head.x < later.root.x, `still leaning the other way: ${later.head.x}`);
    const pin = (await getState(page)).rightHand;
    await drag(pin, { x: pin.x + 10, y: pin.y + 10 }, 4);
    assert.equal((await getState(page)).params.dance, false, 'taking a pin ends the dance');
    await page.evaluate(() => window.playground.resume());
    await assertNoProblems(page);
  });

  test('sprung hair swings after a drag and settles; a bad flip, aim or springs value gets a notice', async () => {
    await reset();
    await page.evaluate(() => window.playground.pause());
    await setState(page, { params: { springs: true } });
    const rest = await getState(page);
    await drag(rest.head, { x: rest.head.x - 20, y: rest.head.y }, 6);
    const moved = await getState(page);
    assert.equal(moved.swinging, true, 'the hair swings after the head moved');
    await page.evaluate(() => window.playground.step(3));
    const later = await getState(page);
    assert.notDeepEqual(later.angles.slice(16), moved.angles.slice(16), 'the hair moves by itself between steps');
    assert.deepEqual(later.angles.slice(0, 16), moved.angles.slice(0, 16), 'the body does not');
    const steps = await settle();
    assert.ok(steps > 30, `it settles after a while: ${steps} steps`);
    const settled = await getState(page);
    settled.angles.slice(16).forEach((/** @type {number} */ a, /** @type {number} */ k) => assertClose(a, rest.angles[16 + k], 1e-12, `strand bone ${k} at rest`));
    await page.evaluate(() => window.playground.resume());
    const bad = await engine.openPage(`${url}?scene=puppet&flip=2&springs=maybe&aim=rightHand:abc`);
    try {
      const text = await bad.locator('#notices').textContent();
      assert.match(text ?? '', /Ignored flip=2: expected 1 or 0/);
      assert.match(text ?? '', /Ignored springs=maybe: expected 1 or 0/);
      assert.match(text ?? '', /Ignored aim=rightHand:abc: rightHand: expected a number of degrees/);
      const state = await getState(bad);
      assert.equal(state.params.flip, false);
      assert.equal(state.result.status, 'reached');
    } finally {
      await bad.close();
    }
  });
});
