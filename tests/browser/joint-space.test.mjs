// joint-space.test.mjs: the arm's joint-space panel (jointSpace=1) and the chain's manipulability
// ellipse (method=dls with the overlay), with real input, in Chromium, Firefox and WebKit (engines/):
// the link opens the panel; its solutions are the module's and put the end on the target; dragging
// the target moves the pose dot; a drag in the panel poses the arm; a click on the other solution
// flips the bend; the keyboard reaches the dot; a phone puts the panel below the arm; bad values
// get the usual notice; the DLS overlay's ellipse flattens as the chain straightens.
import assert from 'node:assert/strict';
import { assertClose } from './harness.mjs';
import {
  assertNoProblems, dragWorld, getState, inPage, setState, shownNotices, worldPerPixel, worldToClient,
} from './engines/calls.mjs';
import { forEachEngine } from './engines/index.mjs';

const DEGREE = Math.PI / 180;
const ARM = { params: { length1: 120, length2: 80, softness: 0, bend: 1, jointSpace: true }, root: { x: 0, y: 0 } };

/** @param {number} angle */
const wrap = (angle) => Math.atan2(Math.sin(angle), Math.cos(angle));

/**
 * Forward kinematics of a pose, the tool's tip included (the contract: the tip is x along bone 2
 * past the hand and y to its left), for checking the page's numbers independently.
 */
function tipOf([angle1, angle2], { length1, length2, offsetX = 0, offsetY = 0 }, root = { x: 0, y: 0 }, scale = 1) {
  const joint = { x: root.x + length1 * scale * Math.cos(angle1), y: root.y + length1 * scale * Math.sin(angle1) };
  const phi = angle1 + angle2;
  const along = (length2 + offsetX) * scale;
  const left = offsetY * scale;
  return {
    x: joint.x + along * Math.cos(phi) - left * Math.sin(phi),
    y: joint.y + along * Math.sin(phi) + left * Math.cos(phi),
  };
}

/** The world point of a pose in the panel's square (one world unit per degree, centred). */
function inSquare(square, [angle1, angle2]) {
  return {
    x: (square.minX + square.maxX) / 2 + wrap(angle1) / DEGREE,
    y: (square.minY + square.maxY) / 2 + wrap(angle2) / DEGREE,
  };
}

forEachEngine({
  once: 'the joint-space panel and the ellipse are the page\'s own JS and the core, the same in every engine',
  prefer: 'firefox',
}, ({ name, test, withPage }) => {

  test('the link jointSpace=1 opens the arm with its joint-space panel, described in words', async () => {
    await withPage('?scene=arm&jointSpace=1', {}, async (page) => {
      const state = await getState(page);
      assert.equal(state.params.jointSpace, true);
      const { jointSpace } = state;
      assert.ok(jointSpace, 'getState().jointSpace is there');
      assert.equal(jointSpace.side, 'beside', 'a wide canvas has the panel beside the arm');
      assertClose(jointSpace.square.maxX - jointSpace.square.minX, 360, 1e-9, 'one world unit per degree');
      assertClose(jointSpace.pose[0], state.result.angle1, 1e-12, 'the dot is the arm\'s angle1');
      assertClose(jointSpace.pose[1], state.result.angle2, 1e-12, 'the dot is the arm\'s angle2');
      assert.equal(jointSpace.solutions.length, 2, 'two answers for a target within reach');
      // The panel is on the canvas, beside the arm's world, and inside the canvas.
      const box = await page.box('#view');
      const corners = [{ x: jointSpace.square.minX, y: jointSpace.square.minY }, { x: jointSpace.square.maxX, y: jointSpace.square.maxY }];
      for (const corner of corners) {
        const at = await worldToClient(page, corner);
        assert.ok(at.x >= box.x && at.x <= box.x + box.width && at.y >= box.y && at.y <= box.y + box.height,
          `the square's corner ${JSON.stringify(corner)} is on the canvas`);
      }
      assert.ok((await worldToClient(page, { x: 300, y: 0 })).x < (await worldToClient(page, corners[0])).x, 'right of the arm\'s world');
      const description = await page.text('#scene-description');
      assert.match(description ?? '', /Joint space \(angle1 across, angle2 up\): the arm's pose is \(.*\); two poses put the end on the target/);
      const svg = await page.evaluate(async () => (await window.playground.exportImage('svg')).text());
      assert.match(svg, /data-part="joint-space"/, 'the SVG export has the panel');
      assert.match(svg, /angle1 \(bone 1 from \+x\)/, 'with its axis titles');
      await assertNoProblems(page);
    });
  });

  test('the solutions are the module\'s two bends and each puts the end on the target (with a tool too)', async () => {
    await withPage('?scene=arm&jointSpace=1', {}, async (page) => {
      for (const params of [{ offsetX: 0, offsetY: 0 }, { offsetX: 30, offsetY: 20 }, { length1: 90, length2: 140, offsetX: 0, offsetY: 0 }]) {
        const target = { x: -70, y: 95 };
        const root = { x: 10, y: -20 };
        assert.deepEqual(await setState(page, { ...ARM, params: { ...ARM.params, ...params }, target, root }), []);
        const state = await getState(page);
        const rig = { length1: 120, length2: 80, ...params };
        const reach = rig.length1 + Math.hypot(rig.length2 + (rig.offsetX ?? 0), rig.offsetY ?? 0);
        assert.equal(state.jointSpace.solutions.length, 2, JSON.stringify(params));
        assert.deepEqual(state.jointSpace.bends, [1, -1]);
        const answers = await page.evaluate(() => window.playground.getState().jointSpace.solutions);
        for (const solution of answers) {
          const tip = tipOf(solution, rig, root);
          assert.ok(Math.hypot(tip.x - target.x, tip.y - target.y) <= 1e-6 * reach,
            `${JSON.stringify(params)}: the end of ${solution} is on the target (${JSON.stringify(tip)})`);
        }
        assert.ok(Math.abs(wrap(answers[0][1] - answers[1][1])) > 1e-3, 'two different poses');
        // The lines: angle2 of the poses whose end is at the target's distance, both solutions on them.
        for (const [i, solution] of answers.entries()) {
          assert.ok(state.jointSpace.levels.some((level) => Math.abs(wrap(level - solution[1])) < 1e-9), `solution ${i} on a line`);
        }
        // The arm (bend +1) is the first solution.
        assertClose(wrap(state.jointSpace.pose[0] - answers[0][0]), 0, 1e-12, 'the dot is on the bend +1 ring');
      }
      // Out of reach with stretch: one answer, the stretched straight pose, on the full-reach line.
      await setState(page, { ...ARM, params: { ...ARM.params, stretch: true }, target: { x: 250, y: 150 } });
      const far = await getState(page);
      assert.equal(far.jointSpace.solutions.length, 1, 'one pose comes closest');
      assert.equal(far.jointSpace.limit.kind, 'full reach');
      const scale = far.result.scale;
      assert.ok(scale > 1, 'stretched');
      const tip = tipOf(far.jointSpace.solutions[0], { length1: 120, length2: 80 }, { x: 0, y: 0 }, scale);
      assert.ok(Math.hypot(tip.x - 250, tip.y - 150) <= 1e-6 * 200, 'the stretched pose puts the end on the target');
      // Too close: one folded answer.
      await setState(page, { ...ARM, params: { ...ARM.params, stretch: false }, target: { x: 10, y: 20 } });
      const near = await getState(page);
      assert.equal(near.jointSpace.limit.kind, 'folded');
      assert.equal(near.jointSpace.solutions.length, 1);
      await assertNoProblems(page);
    });
  });

  test('dragging the target with the pointer moves the pose dot', async () => {
    await withPage('?scene=arm&jointSpace=1', {}, async (page) => {
      await setState(page, { ...ARM, target: { x: 110, y: 90 } });
      const before = (await getState(page)).jointSpace.pose;
      await dragWorld(page, { x: 110, y: 90 }, { x: -60, y: 120 });
      const state = await getState(page);
      assert.ok(Math.abs(state.target.x + 60) < 3 && Math.abs(state.target.y - 120) < 3, `the target followed: ${JSON.stringify(state.target)}`);
      assert.ok(Math.abs(wrap(state.jointSpace.pose[0] - before[0])) > 20 * DEGREE, 'the dot moved across');
      assertClose(state.jointSpace.pose[0], state.result.angle1, 1e-12);
      assertClose(state.jointSpace.pose[1], state.result.angle2, 1e-12);
      await assertNoProblems(page);
    });
  });

  test('a real drag in the panel poses the arm there: the target goes to its end', async () => {
    await withPage('?scene=arm&jointSpace=1', {}, async (page) => {
      await setState(page, { ...ARM, target: { x: 110, y: 90 } });
      const { jointSpace } = await getState(page);
      const perPixel = await worldPerPixel(page); // world units = degrees in the square
      // From the dot to a pose that bends the other way (angle2 > 0: bend −1).
      const wanted = [-40 * DEGREE, 70 * DEGREE];
      await dragWorld(page, inSquare(jointSpace.square, jointSpace.pose), inSquare(jointSpace.square, wanted));
      let state = await getState(page);
      assertClose(wrap(state.result.angle1 - wanted[0]), 0, 1.5 * perPixel * DEGREE, 'angle1 is the dragged one');
      assertClose(wrap(state.result.angle2 - wanted[1]), 0, 1.5 * perPixel * DEGREE, 'angle2 is the dragged one');
      assert.equal(state.params.bend, -1, 'the bend follows the pose');
      const tip = tipOf([state.result.angle1, state.result.angle2], { length1: 120, length2: 80 });
      assertClose(state.target.x, tip.x, 0.01, 'the target sits on the end (x)');
      assertClose(state.target.y, tip.y, 0.01, 'the target sits on the end (y)');
      assert.equal(state.result.status, 'reached');
      // A press elsewhere in the square jumps the pose there.
      const jump = [100 * DEGREE, -30 * DEGREE];
      const at = await worldToClient(page, inSquare(state.jointSpace.square, jump));
      await page.mouse.click(at.x, at.y);
      state = await getState(page);
      assertClose(wrap(state.result.angle1 - jump[0]), 0, 1.5 * perPixel * DEGREE, 'a click sets angle1');
      assertClose(wrap(state.result.angle2 - jump[1]), 0, 1.5 * perPixel * DEGREE, 'a click sets angle2');
      assert.equal(state.params.bend, 1);
      await assertNoProblems(page);
    });
  });

  test('a click on the other solution flips the bend; H and the arrow keys move the dot', async () => {
    await withPage('?scene=arm&jointSpace=1', {}, async (page) => {
      await setState(page, { ...ARM, target: { x: 110, y: 90 } });
      const { jointSpace } = await getState(page);
      const other = jointSpace.solutions[1];
      const at = await worldToClient(page, inSquare(jointSpace.square, other));
      await page.mouse.click(at.x, at.y);
      let state = await getState(page);
      assert.equal(state.params.bend, -1, 'the click flipped the bend');
      assertClose(wrap(state.jointSpace.pose[0] - other[0]), 0, 1e-9, 'the arm is the other solution (angle1)');
      assertClose(wrap(state.jointSpace.pose[1] - other[1]), 0, 1e-9, 'the arm is the other solution (angle2)');
      assert.deepEqual(state.target, { x: 110, y: 90 }, 'the target stayed');
      // The keyboard: B flips back; H reaches the dot; the arrows move it 4° a press.
      await page.focus('#view');
      await page.press('b');
      assert.equal((await getState(page)).params.bend, 1);
      let label = await page.text('#tool-handle');
      for (let i = 0; i < 6 && !/joint-space pose/.test(label ?? ''); i += 1) {
        await page.press('h');
        label = await page.text('#tool-handle');
      }
      assert.match(label ?? '', /Keys move: joint-space pose/);
      const before = (await getState(page)).jointSpace.pose;
      await page.press('ArrowRight');
      state = await getState(page);
      assertClose(wrap(state.result.angle1 - before[0]), 4 * DEGREE, 0.01 * DEGREE, 'ArrowRight turns angle1 by 4°');
      assertClose(wrap(state.result.angle2 - before[1]), 0, 0.01 * DEGREE, 'and leaves angle2');
      await assertNoProblems(page);
    });
  });

  test('a finger drags the dot, and a tap on the other ring flips the bend', { needs: ['touchInput'] }, async ({ engine }) => {
    await withPage('?scene=arm&jointSpace=1', { viewport: { width: 800, height: 700 }, touch: engine.can.touch }, async (page) => {
      await setState(page, { ...ARM, target: { x: 110, y: 90 } });
      let { jointSpace } = await getState(page);
      const perPixel = await worldPerPixel(page);
      const wanted = [150 * DEGREE, -60 * DEGREE];
      await page.touchDrag(await worldToClient(page, inSquare(jointSpace.square, jointSpace.pose)),
        await worldToClient(page, inSquare(jointSpace.square, wanted)));
      let state = await getState(page);
      assertClose(wrap(state.result.angle1 - wanted[0]), 0, 1.5 * perPixel * DEGREE, 'the finger set angle1');
      assertClose(wrap(state.result.angle2 - wanted[1]), 0, 1.5 * perPixel * DEGREE, 'the finger set angle2');
      ({ jointSpace } = state);
      const other = await worldToClient(page, inSquare(jointSpace.square, jointSpace.solutions[1]));
      await page.touchDrag(other, other, 1);
      state = await getState(page);
      assert.equal(state.params.bend, -1, 'the tap flipped the bend');
      // A press in the panel's margin (its caption) is the panel's: the target stays.
      const target = { ...state.target };
      const below = await worldToClient(page, { x: (jointSpace.square.minX + jointSpace.square.maxX) / 2, y: jointSpace.square.minY - 60 * perPixel });
      await page.touchDrag(below, below, 1);
      assert.deepEqual((await getState(page)).target, target, 'a tap on the caption moves nothing');
      await assertNoProblems(page);
    });
  });

  test('on a phone the panel goes below the arm, inside the canvas', { width: 390 }, async ({ engine }) => {
    await withPage('?scene=arm&jointSpace=1', { viewport: { width: 390, height: 844 } }, async (page) => {
      const { jointSpace } = await getState(page);
      assert.equal(jointSpace.side, 'below');
      const box = await page.box('#view');
      assert.ok(box.height > box.width, `the stage is taller than wide for the panel (${box.width}×${box.height})`);
      const top = await worldToClient(page, { x: jointSpace.square.minX, y: jointSpace.square.maxY });
      const bottom = await worldToClient(page, { x: jointSpace.square.maxX, y: jointSpace.square.minY });
      assert.ok(top.y > (await worldToClient(page, { x: 0, y: -225 })).y, 'below the arm\'s world');
      assert.ok(top.x >= box.x && bottom.x <= box.x + box.width && bottom.y <= box.y + box.height, 'inside the canvas');
      assert.ok(bottom.x - top.x >= 150, `the square is big enough to read (${bottom.x - top.x} px)`);
      await assertNoProblems(page);
    });
  });

  test('bad jointSpace values get a plain-text notice and change nothing', async ({ engine, url }) => {
    const page = await engine.openPage(`${url}?scene=arm&jointSpace=7&length1=150`);
    try {
      const notices = await shownNotices(page);
      assert.ok(notices.includes('Ignored jointSpace=7: expected 1 or 0'), JSON.stringify(notices));
      const state = await getState(page);
      assert.equal(state.params.jointSpace, false);
      assert.equal(state.jointSpace, undefined, 'no panel');
      assert.equal(state.params.length1, 150, 'the rest of the link applied');
      const hostile = await setState(page, { params: { jointSpace: '<img src=x onerror=alert(1)>' } });
      assert.deepEqual(hostile, ['Ignored jointSpace: expected true or false, got a string']);
      assert.equal((await getState(page)).params.jointSpace, false);
    } finally {
      await page.close();
    }
    await inPage(engine, `${url}?scene=arm&jointSpace=${encodeURIComponent('<b>1</b>')}`, async (markup) => {
      const notices = await shownNotices(markup);
      assert.ok(notices.includes('Ignored jointSpace=<b>1</b>: expected 1 or 0'), JSON.stringify(notices));
      assert.equal(await markup.evaluate(() => document.querySelectorAll('#notice-list b').length), 0, 'shown as text, not HTML');
      assert.equal((await getState(markup)).params.jointSpace, false);
    });
  });
});

forEachEngine({
  title: "the DLS overlay's manipulability ellipse",
  once: 'the ellipse is the page\'s own JS and the core, the same in every engine',
  prefer: 'firefox',
}, ({ name, test, withPage }) => {

  test('the ellipse is J·Jᵀ\'s, and its small axis shrinks as the chain straightens toward full stretch', async () => {
    await withPage('?scene=chain&method=dls&overlay=1', {}, async (page) => {
      await page.evaluate(() => window.playground.pause());
      const root = { x: -120, y: -110 };
      const direction = { x: 0.8, y: 0.6 };
      /** @type {number[]} */
      const minors = [];
      for (const d of [160, 230, 280, 310]) {
        await setState(page, { root, target: { x: root.x + d * direction.x, y: root.y + d * direction.y } });
        await page.evaluate(() => window.playground.step(90));
        const state = await getState(page);
        const ellipse = state.overlay?.manipulability;
        assert.ok(ellipse, `getState().overlay.manipulability at d = ${d}`);
        // Independently: J·Jᵀ from the positions, column i = perp(end − joint i).
        const p = state.positions;
        const n = p.length / 2 - 1;
        let a = 0; let b = 0; let c = 0;
        for (let i = 0; i < n; i += 1) {
          const cx = -(p[2 * n + 1] - p[2 * i + 1]);
          const cy = p[2 * n] - p[2 * i];
          a += cx * cx; b += cx * cy; c += cy * cy;
        }
        const mean = (a + c) / 2;
        const spread = Math.hypot((a - c) / 2, b);
        assertClose(ellipse.major, Math.sqrt(mean + spread), 1e-6 * ellipse.major, `major axis at d = ${d}`);
        assertClose(ellipse.minor, Math.sqrt(Math.max(0, mean - spread)), 1e-6 * ellipse.major, `minor axis at d = ${d}`);
        assertClose(ellipse.ratio, ellipse.minor / ellipse.major, 1e-12);
        minors.push(ellipse.minor);
      }
      for (let i = 1; i < minors.length; i += 1) {
        assert.ok(minors[i] < minors[i - 1], `the small axis shrinks toward full stretch: ${minors.map((m) => m.toFixed(2)).join(' > ')}`);
      }
      // A real drag of the target out to the edge of reach: flatter still.
      const before = (await getState(page)).overlay.manipulability;
      const from = (await getState(page)).target;
      await dragWorld(page, from, { x: root.x + 318 * direction.x, y: root.y + 318 * direction.y });
      await page.evaluate(() => window.playground.step(90));
      const after = (await getState(page)).overlay.manipulability;
      assert.ok(after.ratio < before.ratio, `dragged toward full stretch, the ellipse flattens (${before.ratio} → ${after.ratio})`);
      const svg = await page.evaluate(async () => (await window.playground.exportImage('svg')).text());
      assert.match(svg, /data-part="manipulability"/, 'the SVG export has the ellipse');
      assert.match(svg, /it flattens near full stretch, where DLS needs more steps/, 'and its caption');
      await assertNoProblems(page);
    });
  });

  test('the ellipse is drawn while stepping through DLS, at the stepped pose', async () => {
    await withPage('?scene=chain&method=dls&overlay=1', {}, async (page) => {
      await page.evaluate(() => window.playground.stepSolver(0));
      await setState(page, { target: { x: 60, y: 150 } });
      const stepping = await page.evaluate(() => window.playground.stepSolver(2));
      assert.equal(stepping.method, 'dls');
      const state = await getState(page);
      const ellipse = state.overlay?.manipulability;
      assert.ok(ellipse, 'the ellipse is reported while stepping');
      assert.ok(ellipse.major > 0 && ellipse.minor >= 0 && ellipse.ratio <= 1);
      // Off for other methods, and without the overlay.
      await page.evaluate(() => window.playground.runSolver());
      await setState(page, { params: { method: 'ccd' } });
      assert.equal((await getState(page)).overlay?.manipulability, undefined, 'CCD: no ellipse');
      await setState(page, { params: { method: 'dls', overlay: false } });
      assert.equal((await getState(page)).overlay?.manipulability, undefined, 'no overlay: no ellipse');
      await assertNoProblems(page);
    });
  });
});
