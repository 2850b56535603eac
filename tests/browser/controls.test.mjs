// controls.test.mjs: the bend control, the sliders, and what the readouts and canvas then show, in
// every engine (engines/index.mjs).
import assert from 'node:assert/strict';
import {
  assertClose, canvasFingerprint, getState, parseReadout, pixelAt, readout, setState, worldToClient,
} from './harness.mjs';
import { assertNoProblems, forEachEngine } from './engines/index.mjs';

/** @param {import('./engines/page.mjs').EnginePage} page */
async function reset(page) {
  await page.getByRole('button', { name: 'Reset' }).click();
  const state = await getState(page);
  assert.deepEqual(state.params, { length1: 120, length2: 80, softness: 0, bend: 1, stretch: false, mix: 1, offsetX: 0, offsetY: 0, overlay: false, jointSpace: false, path: 'none' }, 'Reset restores the defaults');
  assert.deepEqual(state.target, { x: 110, y: 90 });
}

/** cross(target − root, joint − root): which side of the root→target line the joint is on. */
function jointSide(state) {
  const { root, target, result: { joint } } = state;
  return Math.sign((target.x - root.x) * (joint.y - root.y) - (target.y - root.y) * (joint.x - root.x));
}

/** @param {number[]} rgba */
const isWarningColour = ([r, , b]) => r > 150 && r > b + 80;
/** @param {number[]} rgba */
const isTargetColour = ([r, , b]) => b > 120 && b > r + 60;

forEachEngine({
  once: 'what the controls do to the scene is the page\'s own JS; the controls\' layout and input are checked in every engine by layout.test.mjs and engines/reader.test.mjs',
  prefer: 'chromium',
  page: '',
}, ({ name, test }) => {
  test('Flip bend puts the joint on the other side of the root→target line', async ({ page }) => {
    await reset(page);
    const before = await getState(page);
    const pictureBefore = await canvasFingerprint(page);
    const boxBefore = await page.locator('#view').boundingBox();
    assert.equal(before.params.bend, 1);
    assert.equal(Math.sign(before.result.angle2), -1, 'bend +1 gives sign(angle2) = −1');
    assert.equal(jointSide(before), 1, 'bend +1 puts the joint where cross(target − root, joint − root) > 0');
    const bendText = await page.textContent('#param-bend-value');

    await page.getByRole('button', { name: 'Flip bend' }).click();
    const after = await getState(page);
    assert.equal(after.params.bend, -1);
    assert.equal(Math.sign(after.result.angle2), 1, 'sign(angle2) flips');
    assertClose(after.result.angle2, -before.result.angle2, 1e-9, 'the same bend angle, mirrored');
    assert.equal(jointSide(after), -1, 'the joint moved to the other side');
    assertClose(after.result.end.x, before.result.end.x, 1e-9, 'the end stays on the target (x)');
    assertClose(after.result.end.y, before.result.end.y, 1e-9, 'the end stays on the target (y)');
    assert.notEqual(await canvasFingerprint(page), pictureBefore, 'the canvas shows the flipped arm');
    assert.deepEqual(await page.locator('#view').boundingBox(), boxBefore, 'the canvas keeps its box when angle2 gains or loses its minus sign');
    assert.notEqual(await page.textContent('#param-bend-value'), bendText, 'the bend readout changes');
    assert.match((await page.textContent('#param-bend-value')) ?? '', /^−1/);

    await page.getByRole('button', { name: 'Flip bend' }).click();
    assert.equal((await getState(page)).params.bend, 1);
    assert.deepEqual(await page.locator('#view').boundingBox(), boxBefore, 'the canvas keeps its box');
    assert.equal(await canvasFingerprint(page), pictureBefore, 'flipping twice draws exactly the first picture');
    await assertNoProblems(page);
  });

  test('angle readouts show result.angle1/angle2 in degrees, to the shown precision', async ({ page }) => {
    await reset(page);
    const targets = [{ x: 110, y: 90 }, { x: -150, y: 20 }, { x: 30, y: -170 }, { x: -60, y: -60 }];
    for (const target of targets) {
      // Put the target there with the mouse, as a reader would.
      const at = await worldToClient(page, target);
      await page.mouse.click(at.x, at.y);
      const state = await getState(page);
      for (const name of ['angle1', 'angle2']) {
        const text = await readout(page, name);
        assert.match(text, /^−?\d+\.\d°$/, `${name} reads like "38.7°", got "${text}"`);
        const [shown] = parseReadout(text);
        assertClose(shown, state.result[name] * (180 / Math.PI), 0.05 + 1e-9, `${name} readout at ${JSON.stringify(target)}`);
      }
      const [distance] = parseReadout(await readout(page, 'distance'));
      assertClose(distance, state.result.distance, 0.005 + 1e-9, 'distance readout');
    }
  });

  test('a far target reads "out of reach" and is marked on the canvas', async ({ page }) => {
    await reset(page);
    const reachedPixel = await pixelAt(page, { x: 110, y: 90 });
    assert.ok(isTargetColour(reachedPixel), `a reached target is blue, got ${reachedPixel}`);
    assert.equal(await readout(page, 'status'), 'reached');

    const far = { x: 250, y: -150 };
    const at = await worldToClient(page, far);
    await page.mouse.click(at.x, at.y);
    const state = await getState(page);
    assert.equal(state.result.status, 'out_of_reach');
    assert.equal(await readout(page, 'status'), 'out of reach');
    assert.equal(await page.getAttribute('[data-readout="status"]', 'data-tone'), 'warn');
    assert.ok(isWarningColour(await pixelAt(page, far)), 'the unreachable target is drawn in the warning colour');
    // The dashed warning line runs from the end effector toward the target: sample along it.
    const { end } = state.result;
    const samples = [];
    for (let i = 0; i <= 20; i += 1) {
      const t = 0.25 + (0.5 * i) / 20;
      samples.push(await pixelAt(page, { x: end.x + (far.x - end.x) * t, y: end.y + (far.y - end.y) * t }));
    }
    assert.ok(samples.some(isWarningColour), 'a warning-coloured line joins the end effector and the target');
  });

  test('a target inside the inner circle reads "too close" and is marked on the canvas', async ({ page }) => {
    await reset(page);
    const notices = await setState(page, { params: { length1: 120, length2: 60 }, target: { x: 5, y: 0 } });
    assert.deepEqual(notices, []);
    const state = await getState(page);
    assert.equal(state.result.status, 'too_close');
    assert.equal(await readout(page, 'status'), 'too close');
    assert.ok(isWarningColour(await pixelAt(page, { x: 5, y: 0 })), 'the too-close target is drawn in the warning colour');

    // And back within reach: the marking goes away.
    const at = await worldToClient(page, { x: 100, y: 0 });
    await page.mouse.click(at.x, at.y);
    assert.equal(await readout(page, 'status'), 'reached');
    assert.ok(isTargetColour(await pixelAt(page, { x: 100, y: 0 })));
  });

  test('the length1 slider changes params.length1 and the drawing', async ({ page }) => {
    await reset(page);
    const picture = await canvasFingerprint(page);
    const slider = page.getByRole('slider', { name: /Upper bone/ });
    await slider.focus();
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowRight');
    let state = await getState(page);
    assert.equal(state.params.length1, 125, 'five steps right from 120');
    assert.equal(await page.textContent('#param-length1-value'), '125');
    assertClose(Math.hypot(state.result.joint.x, state.result.joint.y), 125, 1e-6, 'bone 1 is drawn 125 long');
    assert.notEqual(await canvasFingerprint(page), picture, 'the canvas changed');

    await page.keyboard.press('End');
    state = await getState(page);
    assert.equal(state.params.length1, 250, 'End goes to the maximum');

    await slider.fill('40');
    state = await getState(page);
    assert.equal(state.params.length1, 40);
    assert.equal(await page.textContent('#param-length1-value'), '40');

    // Values set elsewhere move the slider too.
    await setState(page, { params: { length1: 180 } });
    assert.equal(await slider.inputValue(), '180');
    assert.equal(await page.textContent('#param-length1-value'), '180');
  });

  test('length2 and softness sliders work; softness eases the reach', async ({ page }) => {
    await reset(page);
    await page.getByRole('slider', { name: /Lower bone/ }).fill('100');
    await page.getByRole('slider', { name: /Softness/ }).fill('40');
    // Nearly full reach (220 of 220): with softness the end lags a little behind the target.
    const at = await worldToClient(page, { x: 215, y: 0 });
    await page.mouse.click(at.x, at.y);
    const state = await getState(page);
    assert.deepEqual(state.params, { length1: 120, length2: 100, softness: 40, bend: 1, stretch: false, mix: 1, offsetX: 0, offsetY: 0, overlay: false, jointSpace: false, path: 'none' });
    assert.ok(state.result.distance > 0.01, `softness makes the end lag near full reach (distance ${state.result.distance})`);
    const [shown] = parseReadout(await readout(page, 'distance'));
    assertClose(shown, state.result.distance, 0.005 + 1e-9, 'distance readout');
    await assertNoProblems(page);
  });
});
