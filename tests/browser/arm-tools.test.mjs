// arm-tools.test.mjs: the arm's tool (offset), stretch and mix over a pose ghost, with real input,
// in Chromium, Firefox and WebKit (engines/): dragging the ghost tool's tip reshapes the tool and the
// live tool's tip reaches the target; T stretches the bones onto a far target; the mix slider puts
// the arm between the pose and the IK pose; dragging the ghost's joint and hand (pointer, and a
// finger where the engine has touch) sets the pose; H reaches the ghost's handles; the overlay
// explains the offset triangle; links carry all of it and refuse hostile values with a notice.
import assert from 'node:assert/strict';
import { assertClose } from './harness.mjs';
import {
  assertLinkHas, assertNoProblems, dragWorld, getState, inPage, inPageAndEmbed, setState, shownNotices,
  worldPerPixel, worldToClient,
} from './engines/calls.mjs';
import { forEachEngine } from './engines/index.mjs';
import { withDeepQuery } from './engines/page.mjs';

const ARM = { params: { length1: 120, length2: 80, softness: 0, bend: 1 }, root: { x: 0, y: 0 } };
const DEGREE = Math.PI / 180;

/** @param {number} angle */
const wrap = (angle) => Math.atan2(Math.sin(angle), Math.cos(angle));

/**
 * Bone 2's frame of a result: the hand (bone 2's end) and the tool tip the contract gives,
 * joint + R(angle1 + angle2)·scale·(length2 + x, y).
 */
function limbPoints(result, length2, offset) {
  const phi = result.angle1 + result.angle2;
  const s = result.scale;
  const along = (length2 + offset.x) * s;
  const left = offset.y * s;
  return {
    hand: { x: result.joint.x + length2 * s * Math.cos(phi), y: result.joint.y + length2 * s * Math.sin(phi) },
    tip: {
      x: result.joint.x + along * Math.cos(phi) - left * Math.sin(phi),
      y: result.joint.y + along * Math.sin(phi) + left * Math.cos(phi),
    },
  };
}

forEachEngine({
  once: 'the arm\'s tool, stretch, mix and pose ghost are the page\'s own JS and the core; pointer, touch and keys reach the page the same way in every engine (input.test.mjs and engines/reader.test.mjs check that)',
  prefer: 'firefox',
}, ({ name, test, withPage }) => {

  test('dragging the ghost tool\'s tip reshapes the tool, and the live tool\'s tip reaches the target', async () => {
    await withPage('?scene=arm', {}, async (page) => {
      const target = { x: 60, y: 110 };
      assert.deepEqual(await setState(page, { ...ARM, params: { ...ARM.params, offsetX: 40 }, target }), []);
      const before = await getState(page);
      // The pose (0, 0) lies along +x: joint (120, 0), hand (200, 0), the ghost tool's tip (240, 0).
      assert.deepEqual(before.ghost.tip, { x: 240, y: 0 });
      const perPixel = await worldPerPixel(page);
      await dragWorld(page, before.ghost.tip, { x: 230, y: 40 });
      const state = await getState(page);
      // In bone 2's frame of the pose: (230 − 120 − 80, 40).
      assertClose(state.params.offsetX, 30, 1.5 * perPixel, 'offsetX follows the tip');
      assertClose(state.params.offsetY, 40, 1.5 * perPixel, 'offsetY follows the tip');
      assert.equal(state.result.status, 'reached');
      assertClose(state.result.end.x, target.x, 1e-6, 'the tool tip is on the target (x)');
      assertClose(state.result.end.y, target.y, 1e-6, 'the tool tip is on the target (y)');
      const offset = { x: state.params.offsetX, y: state.params.offsetY };
      const { hand, tip } = limbPoints(state.result, 80, offset);
      assertClose(tip.x, state.result.end.x, 1e-6, 'end is the tool tip of bone 2 (x)');
      assertClose(tip.y, state.result.end.y, 1e-6, 'end is the tool tip of bone 2 (y)');
      assertClose(Math.hypot(hand.x - target.x, hand.y - target.y), Math.hypot(offset.x, offset.y), 1e-6,
        'the hand stays the tool\'s length away from the target');
      const svg = await page.evaluate(async () => (await window.playground.exportImage('svg')).text());
      assert.match(svg, /data-part="tool"/, 'the live tool is drawn');
      assert.match(svg, /data-part="pose-tool"/, 'the ghost\'s tool is drawn');
      await assertNoProblems(page);
    });
  });

  test('T stretches the bones onto a far target: scale > 1 in the state and the readout', async () => {
    await withPage('?scene=arm', {}, async (page) => {
      const target = { x: 280, y: 150 };
      const d = Math.hypot(target.x, target.y);
      await setState(page, { ...ARM, target });
      await page.focus('#view');
      await page.press('t');
      let state = await getState(page);
      assert.equal(state.params.stretch, true, 'T turns stretch on');
      assert.equal(state.result.status, 'out_of_reach', 'the status still says out of reach');
      assertClose(state.result.scale, d / 200, 1e-9, 'scale = d / reach');
      assert.ok(state.result.distance < 1e-6, `the end is on the target (distance ${state.result.distance})`);
      assert.equal(await page.text('[data-readout="scale"]'), `×${(d / 200).toFixed(3)}`);
      await page.press('t');
      state = await getState(page);
      assert.equal(state.result.scale, 1, 'off again: no scale');
      assertClose(state.result.distance, d - 200, 1e-6, 'and the end falls short');
      await assertNoProblems(page);
    });
  });

  test('the mix slider puts the arm between the pose ghost and the IK pose', async () => {
    await withPage('?scene=arm', {}, async (page) => {
      await setState(page, { ...ARM, pose: { angle1: 90 * DEGREE, angle2: 0 }, target: { x: 150, y: 60 } });
      // A click in the middle of the slider's track.
      await page.click('#param-mix');
      const state = await getState(page);
      const mix = state.params.mix;
      assert.ok(mix > 0.2 && mix < 0.8, `the click set mix near the middle (${mix})`);
      assert.ok(state.ikPose, 'the IK pose is reported (and drawn) while blended');
      const pose = [90 * DEGREE, 0];
      const ik = [state.ikPose.angle1, state.ikPose.angle2];
      const shown = [state.result.angle1, state.result.angle2];
      for (let i = 0; i < 2; i += 1) {
        const expected = pose[i] + mix * wrap(ik[i] - pose[i]);
        assertClose(wrap(shown[i] - expected), 0, 1e-9, `angle${i + 1} = pose + mix·wrap(IK − pose)`);
      }
      assert.ok(state.result.distance > 1, 'part way: the end is not on the target');
      await page.focus('#param-mix');
      await page.press('Home');
      const atZero = await getState(page);
      assert.equal(atZero.params.mix, 0);
      assertClose(atZero.result.end.x, atZero.ghost.hand.x, 1e-9, 'mix 0: the arm is the ghost (x)');
      assertClose(atZero.result.end.y, atZero.ghost.hand.y, 1e-9, 'mix 0: the arm is the ghost (y)');
      await assertNoProblems(page);
    });
  });

  test('dragging the ghost\'s joint and hand sets the pose (mix 0: the arm follows)', async () => {
    await withPage('?scene=arm', {}, async (page) => {
      await setState(page, { ...ARM, params: { ...ARM.params, mix: 0 }, target: { x: -100, y: -100 } });
      const ghost = (await getState(page)).ghost;
      await dragWorld(page, ghost.joint, { x: 0, y: 100 });
      let state = await getState(page);
      assertClose(state.pose.angle1 / DEGREE, 90, 2, 'the joint dragged straight up: pose angle1 90°');
      assertClose(state.result.angle1, state.pose.angle1, 1e-9, 'mix 0: angle1 is the pose');
      await dragWorld(page, state.ghost.hand, { x: 80, y: 120 });
      state = await getState(page);
      assertClose(state.pose.angle2 / DEGREE, -90, 2, 'the hand dragged to the right: pose angle2 −90°');
      assertClose(state.result.angle2, state.pose.angle2, 1e-9, 'mix 0: angle2 is the pose');
      assert.deepEqual(state.target, { x: -100, y: -100 }, 'the target stayed');
      await assertNoProblems(page);
    });
  });

  test('a finger drags the ghost\'s joint', { needs: ['touchInput'] }, async ({ engine }) => {
    await withPage('?scene=arm', { viewport: { width: 800, height: 700 }, touch: engine.can.touch }, async (page) => {
      await setState(page, { ...ARM, params: { ...ARM.params, mix: 0.5 }, target: { x: -100, y: -100 } });
      const ghost = (await getState(page)).ghost;
      await page.touchDrag(await worldToClient(page, ghost.joint), await worldToClient(page, { x: -80, y: 80 }));
      const state = await getState(page);
      assertClose(state.pose.angle1 / DEGREE, 135, 3, 'the pose follows the finger');
      assert.deepEqual(state.target, { x: -100, y: -100 }, 'the target stayed');
      await assertNoProblems(page);
    });
  });

  test('H reaches the ghost\'s handles, and the arrow keys turn the pose', async () => {
    await withPage('?scene=arm', {}, async (page) => {
      await setState(page, { ...ARM, params: { ...ARM.params, offsetX: 30, mix: 0.5 }, target: { x: 60, y: 110 } });
      await page.focus('#view');
      const seen = [await page.text('#tool-handle')];
      for (let i = 0; i < 5; i += 1) {
        await page.press('h');
        seen.push(await page.text('#tool-handle'));
      }
      assert.deepEqual(seen.map((text) => text?.replace(/\s*H$/, '')), ['Keys move: target', 'Keys move: root',
        'Keys move: tool tip', 'Keys move: pose hand', 'Keys move: pose joint', 'Keys move: target']);
      for (let i = 0; i < 4; i += 1) await page.press('h');
      await page.press('ArrowUp');
      const state = await getState(page);
      assertClose(state.pose.angle1 / DEGREE, Math.atan2(4, 120) / DEGREE, 0.01, 'ArrowUp lifts the ghost\'s joint 4 units');
      assert.deepEqual(state.target, { x: 60, y: 110 }, 'the target stayed');
      await assertNoProblems(page);
    });
  });

  test('the math overlay explains the offset triangle with its numbers', async () => {
    await withPage('?scene=arm', {}, async (page) => {
      const target = { x: 60, y: 110 };
      await setState(page, { ...ARM, params: { ...ARM.params, offsetX: 30, offsetY: 20, overlay: true }, target });
      const { overlay, result } = await getState(page);
      const second = Math.hypot(110, 20);
      const labels = Object.fromEntries(overlay.labels.map((label) => [label.id, label.text]));
      assert.equal(labels.second, `ℓ₂′ = ${second.toFixed(1)}`, 'the effective second side, labelled');
      assert.equal(labels.delta, `δ = ${(Math.atan2(20, 110) / DEGREE).toFixed(1)}°`, 'the angle between bone 2 and the tool line');
      assert.ok(overlay.formula.includes(`ℓ₂′ = |(ℓ₂ + x, y)| = |(80 + 30, 20)| = ${second.toFixed(1)}`), overlay.formula.join('\n'));
      const d = Math.hypot(target.x, target.y);
      const cosBeta = (120 ** 2 + second ** 2 - d ** 2) / (2 * 120 * second);
      assertClose(overlay.beta, Math.acos(cosBeta), 1e-9, 'β is the triangle\'s angle at the joint, with ℓ₂′');
      assertClose(overlay.outer, 120 + second, 1e-9, 'the reach uses ℓ₂′');
      assert.equal(result.status, 'reached');
      await assertNoProblems(page);
    });
  });

  test('a link carries the tool, stretch, mix and pose; hostile values get a plain notice', async ({ engine, url }) => {
    let link = '';
    let authored;
    await withPage('?scene=arm', {}, async (page) => {
      await setState(page, {
        ...ARM, target: { x: 250, y: 170 },
        params: { ...ARM.params, offsetX: 25, offsetY: -15, stretch: true, mix: 0.65 },
        pose: { angle1: 30.5 * DEGREE, angle2: -42.25 * DEGREE },
      });
      authored = await getState(page);
      link = await page.evaluate(() => window.playground.shareLink());
    });
    assertLinkHas(link, ['offsetX=25', 'offsetY=-15', 'stretch=1', 'mix=0.65', 'pose=30.5,-42.25']);
    // The link as a page and as an embed (embed.html, the canvas alone) shows the same arm.
    await inPageAndEmbed(engine, link, async (reader, opened) => {
      const state = await getState(reader);
      assert.deepEqual(state.params, authored.params, `the same settings: ${opened}`);
      assert.deepEqual(state.result, authored.result, `the same arm: ${opened}`);
      await assertNoProblems(reader);
    });
    await inPage(engine, `${url}?scene=arm&mix=7&pose1=abc&offsetX=1e999&stretch=maybe&offsetY=${encodeURIComponent('<b>1</b>')}`, async (hostile) => {
      const notices = await shownNotices(hostile);
      for (const expected of [/^Clamped mix=7 to 1 /, /^Ignored pose1=abc: not a number$/, /^Ignored offsetX=1e999: not a finite number$/,
        /^Ignored stretch=maybe: expected 1 or 0$/, /^Ignored offsetY=<b>1<\/b>: not a number$/]) {
        assert.ok(notices.some((notice) => expected.test(notice)), `a notice like ${expected}: ${JSON.stringify(notices)}`);
      }
      const state = await getState(hostile);
      assert.equal(state.params.mix, 1);
      assert.equal(state.params.offsetX, 0);
      assert.equal(state.params.offsetY, 0);
      assert.equal(await hostile.evaluate(withDeepQuery(() => deepQuery('#notice-list')?.querySelectorAll('b').length ?? 0)), 0, 'shown as text, not HTML');
    });
  });
});
