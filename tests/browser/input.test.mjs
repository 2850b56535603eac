// input.test.mjs: moving the target as a person does: mouse drags, a pen, Tab and the arrow keys, in
// every engine (engines/index.mjs); the pen in Chromium only (CDP). A finger drag and a drag past
// the canvas edge are in engines/reader.test.mjs.
import assert from 'node:assert/strict';
import {
  assertClose, getState, parseReadout, pixelAt, readout, setState, worldPerPixel, worldToClient,
} from './harness.mjs';
import { assertNoProblems, forEachEngine } from './engines/index.mjs';

/** @type {import('./engines/index.mjs').Engine} */
let engine;
/** @type {string} */
let url;
/** @type {import('./engines/page.mjs').EnginePage} The engine's shared page (describe blocks run one after another). */
let page;

/** Back to the default scene between tests (one page serves the whole file). */
async function reset() {
  await page.mouse.up().catch(() => {});
  assert.deepEqual(await setState(page, {
    params: { length1: 120, length2: 80, softness: 0, bend: 1 }, target: { x: 110, y: 90 }, root: { x: 0, y: 0 },
  }), []);
}

/**
 * Drags with the real mouse from one client point to another in `steps` moves.
 * @param {{x: number, y: number}} from
 * @param {{x: number, y: number}} to
 */
async function mouseDrag(from, to, steps = 8) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps });
  await page.mouse.up();
}

forEachEngine({ page: '', assign: (env) => ({ engine, url, page } = env) }, ({ name, test }) => {
  test('mouse: dragging the target handle moves the target and the arm follows', async () => {
    await reset();
    const perPixel = await worldPerPixel(page);
    const start = await getState(page);
    const destination = { x: -60, y: 120 };
    const grab = await worldToClient(page, start.target);
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    // Midway the target must already follow (the pose is re-solved on every move, not on release).
    const midway = await worldToClient(page, { x: 20, y: 140 });
    await page.mouse.move(midway.x, midway.y, { steps: 5 });
    const during = await getState(page);
    assertClose(during.target.x, 20, perPixel, 'target.x during the drag');
    assertClose(during.target.y, 140, perPixel, 'target.y during the drag');
    const end = await worldToClient(page, destination);
    await page.mouse.move(end.x, end.y, { steps: 6 });
    await page.mouse.up();

    const state = await getState(page);
    assertClose(state.target.x, destination.x, perPixel, 'target.x after the drag');
    assertClose(state.target.y, destination.y, perPixel, 'target.y after the drag');
    assert.equal(state.result.status, 'reached');
    assertClose(state.result.end.x, state.target.x, 1e-6, 'end.x on the target');
    assertClose(state.result.end.y, state.target.y, 1e-6, 'end.y on the target');
    assert.deepEqual(state.root, start.root, 'dragging the target leaves the root alone');

    const [x, y] = parseReadout(await readout(page, 'target'));
    assertClose(x, state.target.x, 0.005, 'target readout x');
    assertClose(y, state.target.y, 0.005, 'target readout y');
    const pixel = await pixelAt(page, state.target);
    assert.ok(pixel[2] > pixel[0] + 60, `the target is drawn at its new place, got ${pixel}`);
    await assertNoProblems(page);
  });

  test('mouse: grabbing the handle off-centre does not make the target jump', async () => {
    await reset();
    const perPixel = await worldPerPixel(page);
    const target = await worldToClient(page, { x: 110, y: 90 });
    const from = { x: target.x + 6, y: target.y - 4 };
    await mouseDrag(from, { x: from.x - 50, y: from.y + 30 });
    const state = await getState(page);
    assertClose(state.target.x, 110 - 50 * perPixel, perPixel, 'target.x moved by the drag only');
    assertClose(state.target.y, 90 - 30 * perPixel, perPixel, 'target.y moved by the drag only');
  });

  test('mouse: pressing on empty canvas moves the target there and drags it from there', async () => {
    await reset();
    const perPixel = await worldPerPixel(page);
    const press = await worldToClient(page, { x: -150, y: -40 });
    await page.mouse.move(press.x, press.y);
    await page.mouse.down();
    const pressed = await getState(page);
    assertClose(pressed.target.x, -150, perPixel, 'target.x jumps to the press');
    assertClose(pressed.target.y, -40, perPixel, 'target.y jumps to the press');
    const release = await worldToClient(page, { x: -100, y: -100 });
    await page.mouse.move(release.x, release.y, { steps: 4 });
    await page.mouse.up();
    const state = await getState(page);
    assertClose(state.target.x, -100, perPixel, 'target.x follows the drag');
    assertClose(state.target.y, -100, perPixel, 'target.y follows the drag');
  });

  test('mouse: the square base drags the root, and the arm goes with it', async () => {
    await reset();
    const perPixel = await worldPerPixel(page);
    await mouseDrag(await worldToClient(page, { x: 0, y: 0 }), await worldToClient(page, { x: -80, y: -50 }));
    const state = await getState(page);
    assertClose(state.root.x, -80, perPixel, 'root.x');
    assertClose(state.root.y, -50, perPixel, 'root.y');
    assert.deepEqual(state.target, { x: 110, y: 90 }, 'moving the root leaves the target alone');
    assertClose(Math.hypot(state.result.joint.x - state.root.x, state.result.joint.y - state.root.y), 120, 1e-6,
      'bone 1 starts at the new root');
  });

  test('keyboard: arrow keys move the focused canvas target by 4 units, with Shift by 20', async () => {
    await reset();
    // Reach the canvas with Tab from the top of the page, as a keyboard user does.
    await page.click('h1');
    let focused = '';
    for (let i = 0; i < 10 && focused !== 'view'; i += 1) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.id ?? '');
    }
    assert.equal(focused, 'view', 'the canvas is reachable with Tab');
    const ring = await page.evaluate(() => {
      const canvas = document.getElementById('view');
      return canvas?.matches(':focus-visible') ? getComputedStyle(canvas).outlineStyle : 'none';
    });
    assert.notEqual(ring, 'none', 'a keyboard-focused canvas shows a focus ring');
    const label = await page.getAttribute('#view', 'aria-label');
    assert.match(label ?? '', /arrow keys/i, 'the canvas tells assistive tech how to drive it');

    const scrollBefore = await page.evaluate(() => window.scrollY);
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
    for (let i = 0; i < 2; i += 1) await page.keyboard.press('ArrowUp');
    assert.deepEqual((await getState(page)).target, { x: 122, y: 98 });
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('ArrowDown');
    const state = await getState(page);
    assert.deepEqual(state.target, { x: 102, y: 74 });
    assert.equal(state.result.status, 'reached');
    assertClose(state.result.end.x, 102, 1e-6, 'the arm follows the keys');
    assert.equal(await page.evaluate(() => window.scrollY), scrollBefore, 'arrow keys do not scroll the page');
    assert.deepEqual(parseReadout(await readout(page, 'target')), [102, 74]);

    await page.keyboard.press('b');
    assert.equal((await getState(page)).params.bend, -1, 'B flips the bend');
  });

  test('pen: a stylus drag moves the target', {
    onlyIn: 'chromium: a pen needs CDP\'s Input.dispatchMouseEvent (pointerType \'pen\'); the other drivers have no pen input',
  }, async () => {
    await reset();
    const session = await /** @type {any} */ (page).context.newCDPSession(/** @type {any} */ (page).page);
    const perPixel = await worldPerPixel(page);
    const from = await worldToClient(page, { x: 110, y: 90 });
    const to = await worldToClient(page, { x: 40, y: -130 });
    const pen = { pointerType: 'pen', button: 'left', clickCount: 1, force: 0.5 };
    await session.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: from.x, y: from.y, ...pen, button: 'none' });
    await session.send('Input.dispatchMouseEvent', { type: 'mousePressed', x: from.x, y: from.y, ...pen });
    for (let i = 1; i <= 6; i += 1) {
      const t = i / 6;
      await session.send('Input.dispatchMouseEvent', {
        type: 'mouseMoved', x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t, ...pen,
      });
    }
    await session.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x: to.x, y: to.y, ...pen });
    await session.detach();
    const state = await getState(page);
    assertClose(state.target.x, 40, perPixel, 'target.x after the pen drag');
    assertClose(state.target.y, -130, perPixel, 'target.y after the pen drag');
    await assertNoProblems(page);
  });
});
