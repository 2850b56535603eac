// chain-methods.test.mjs: the chain's third method (DLS), mix and pole, with real input, in
// Chromium, Firefox and WebKit (engines/): M cycles CCD → FABRIK → DLS and the damping slider shows
// for DLS alone; DLS reaches a target; K turns the pole on, H and the arrow keys reach it, and
// dragging the diamond across the root→target line flips the knee to its side; stepping a DLS solve
// shows each joint's angle change, and the pose moves by exactly those; mix 0 leaves the pose,
// mix 0.5 goes half way; the convergence plot has three methods; links carry it all and refuse
// hostile values with a notice.
import assert from 'node:assert/strict';
import { assertClose } from './harness.mjs';
import {
  assertLinkHas, assertNoProblems, dragWorld, getState, inPage, inPageAndEmbed, setState, shownNotices,
} from './engines/calls.mjs';
import { forEachEngine } from './engines/index.mjs';

const ROOT = { x: -120, y: -110 };

/** @param {number} angle */
const wrap = (angle) => Math.atan2(Math.sin(angle), Math.cos(angle));

/**
 * Which side of the root→target line the inner joints lie on: the sign of
 * Σ cross(target − root, joint_i − root) over joints 1..n−1.
 * @param {number[]} positions x0, y0, ..., the end last.
 * @param {{x: number, y: number}} target
 */
function bendSide(positions, target) {
  const tx = target.x - positions[0];
  const ty = target.y - positions[1];
  let sum = 0;
  for (let i = 2; i < positions.length - 2; i += 2) sum += tx * (positions[i + 1] - positions[1]) - ty * (positions[i] - positions[0]);
  return Math.sign(sum);
}

/** Pauses the page's time and runs `frames` fixed steps. */
const settle = (page, frames = 30) => page.evaluate((n) => {
  window.playground.pause();
  window.playground.step(n);
}, frames);

forEachEngine({
  once: 'DLS, mix, the pole and stepping are the page\'s own JS and the core, the same in every engine',
  prefer: 'firefox',
}, ({ name, test, withPage }) => {

  test('M cycles CCD → FABRIK → DLS; the damping slider shows for DLS alone; DLS reaches the target', async () => {
    await withPage('?scene=chain', {}, async (page) => {
      const dampingShown = () => page.evaluate(() => !document.getElementById('param-damping')?.closest('.control')?.hidden);
      assert.equal(await dampingShown(), false, 'no damping slider for CCD');
      await page.focus('#view');
      const methods = [];
      for (let i = 0; i < 3; i += 1) {
        await page.press('m');
        methods.push([(await getState(page)).params.method, await page.text('[data-readout="method"]'), await dampingShown()]);
      }
      assert.deepEqual(methods, [['fabrik', 'FABRIK', false], ['dls', 'DLS', true], ['ccd', 'CCD', false]]);
      await setState(page, { params: { method: 'dls' }, target: { x: 100, y: 90 } });
      await settle(page);
      const state = await getState(page);
      assert.equal(state.result.status, 'reached', `DLS reached the target (error ${state.result.error})`);
      await assertNoProblems(page);
    });
  });

  test('the pole: K turns it on, H reaches it, and dragging it across the line flips the knee to its side', async () => {
    await withPage('?scene=chain', {}, async (page) => {
      const target = { x: 60, y: 40 };
      const left = { x: -94, y: 42 };  // left of root→target
      const right = { x: 34, y: -112 };  // right of it
      await setState(page, { params: { bones: 3, length: 300, method: 'fabrik' }, root: ROOT, target, pole: left });
      await page.focus('#view');
      await page.press('k');
      await settle(page);
      let state = await getState(page);
      assert.equal(state.params.usePole, true, 'K turns the pole on');
      assert.equal(state.result.status, 'reached');
      assert.equal(bendSide(state.positions, target), 1, 'the knee bends left, toward the pole');
      await dragWorld(page, left, right);
      await settle(page);
      state = await getState(page);
      assert.ok(Math.hypot(state.pole.x - right.x, state.pole.y - right.y) < 2, `the pole followed the drag: ${JSON.stringify(state.pole)}`);
      assert.equal(state.result.status, 'reached');
      assert.equal(bendSide(state.positions, target), -1, 'the knee flipped right, to the pole\'s side');
      assert.deepEqual(state.target, target, 'the target stayed');
      for (let i = 0; i < 2; i += 1) await page.press('h');
      assert.match(await page.text('#tool-handle') ?? '', /Keys move: pole/, 'H reaches the pole');
      const before = (await getState(page)).pole;
      await page.press('ArrowLeft');
      const moved = (await getState(page)).pole;
      assertClose(moved.x, before.x - 4, 1e-9, 'the arrow keys move it (x)');
      assertClose(moved.y, before.y, 1e-9, 'and not y');
      await page.press('k');
      const off = await getState(page);
      assert.equal(off.params.usePole, false);
      assert.doesNotMatch(await page.text('#tool-handle') ?? '', /pole/, 'an unused pole is no handle');
      await assertNoProblems(page);
    });
  });

  test('stepping a DLS solve shows each joint\'s angle change, and the pose moves by exactly those', async () => {
    await withPage('?scene=chain', {}, async (page) => {
      await setState(page, { params: { bones: 4, method: 'dls' }, root: ROOT, target: { x: 100, y: 60 } });
      await page.evaluate(() => window.playground.pause());
      await page.focus('#view');
      await page.press('s');
      // The chain has reached that target: a new one gives the steps something to do.
      await setState(page, { target: { x: -150, y: 120 } });
      await page.press('s');
      assert.equal((await getState(page)).stepping.kind, 'begin');
      const before = (await getState(page)).angles;
      await page.press('s');
      const state = await getState(page);
      const { stepping } = state;
      assert.equal(stepping.kind, 'dls_step');
      assert.equal(stepping.turns.length, 4, 'one change per joint');
      assert.ok(stepping.turns.some((turn) => Math.abs(turn) > 1e-3), 'the joints turned');
      stepping.turns.forEach((turn, i) => assertClose(wrap(state.angles[i] - before[i]), turn, 1e-9, `joint ${i} turned by its change`));
      const labels = state.overlay.labels;
      const shown = stepping.turns.map((turn, i) => labels.find((label) => label.id === `turn-${i}`));
      stepping.turns.forEach((turn, i) => {
        if (Math.abs(turn) >= 0.05 * Math.PI / 180) assert.ok(shown[i], `joint ${i}'s change is labelled`);
      });
      const caption = labels.find((label) => label.id === 'caption')?.text ?? '';
      assert.match(caption, /DLS/);
      assert.match(caption, /Δθ = Jᵀ\(J·Jᵀ \+ λ²I\)⁻¹·e/, 'the caption gives the Jacobian step');
      assert.match(await page.text('[data-readout="step"]') ?? '', /every joint turned at once/);
      await assertNoProblems(page);
    });
  });

  test('mix 0 leaves the pose; mix 0.5 goes half of the way, each angle the shorter way round', async () => {
    await withPage('?scene=chain', {}, async (page) => {
      await page.evaluate(() => window.playground.pause());
      await setState(page, { params: { bones: 5, method: 'ccd' }, root: ROOT, target: { x: 100, y: 60 } });
      const start = (await getState(page)).angles;
      const from = { angles: start, target: { x: 100, y: 60 } };
      const solveFrom = async (mix) => {
        await setState(page, { ...from, params: { mix } });
        await setState(page, { target: { x: -200, y: 120 } });
        return (await getState(page)).angles;
      };
      const still = await solveFrom(0);
      still.forEach((angle, i) => assertClose(angle, start[i], 1e-9, `mix 0: angle ${i} unchanged`));
      const full = await solveFrom(1);
      const half = await solveFrom(0.5);
      half.forEach((angle, i) => assertClose(wrap(angle - (start[i] + 0.5 * wrap(full[i] - start[i]))), 0, 1e-9, `mix 0.5: angle ${i}`));
      await assertNoProblems(page);
    });
  });

  test('the convergence plot shows CCD, FABRIK and DLS', async () => {
    await withPage('?scene=chain&plot=1&target=60,100', {}, async (page) => {
      const { convergence } = await getState(page);
      for (const method of ['ccd', 'fabrik', 'dls']) {
        const { errors, status } = convergence[method];
        assert.ok(errors.length >= 2, `${method}: errors per sweep`);
        assert.equal(status, 'reached', `${method} reaches the target`);
        assert.ok(errors[errors.length - 1] < errors[0], `${method}: the error falls`);
      }
      assert.equal(convergence.dls.errors[0], convergence.ccd.errors[0], 'all start from the same pose');
      await assertNoProblems(page);
    });
  });

  test('a link carries DLS, damping, mix and the pole; hostile values get a plain notice', async ({ engine, url }) => {
    const query = '?scene=chain&method=dls&damping=0.35&mix=0.8&usePole=1&pole=-150,160';
    let link = '';
    let authored;
    await withPage(query, {}, async (page) => {
      authored = await getState(page);
      assert.deepEqual(await shownNotices(page), []);
      assert.deepEqual([authored.params.method, authored.params.damping, authored.params.mix, authored.params.usePole],
        ['dls', 0.35, 0.8, true]);
      assert.deepEqual(authored.pole, { x: -150, y: 160 });
      // mix 0.8 eases the chain in over frames: both pages are compared once it has settled.
      await settle(page, 120);
      authored = await getState(page);
      assert.equal(authored.result.status, 'reached');
      link = await page.evaluate(() => window.playground.shareLink());
    });
    assertLinkHas(link, ['method=dls', 'damping=0.35', 'mix=0.8', 'usePole=1', 'pole=-150,160']);
    // The link as a page and as an embed (embed.html, the canvas alone) shows the same chain.
    await inPageAndEmbed(engine, link, async (reader, opened) => {
      await settle(reader, 120);
      const state = await getState(reader);
      assert.deepEqual(state.params, authored.params, `the same settings: ${opened}`);
      assert.deepEqual(state.pole, authored.pole, 'the same pole');
      state.positions.forEach((value, i) => assertClose(value, authored.positions[i], 0.05, `positions[${i}]`));
      await assertNoProblems(reader);
    });
    await inPage(engine, `${url}?scene=chain&method=gauss&damping=-1&usePole=2&pole=1,2,3&mix=NaN`, async (hostile) => {
      const notices = await shownNotices(hostile);
      for (const expected of [/^Ignored method=gauss: must be one of ccd, fabrik, dls$/, /^Clamped damping=-1 to 0 /,
        /^Ignored usePole=2: expected 1 or 0$/, /^Ignored pole=1,2,3: expected two finite numbers "x,y"$/, /^Ignored mix=NaN: not a number$/]) {
        assert.ok(notices.some((notice) => expected.test(notice)), `a notice like ${expected}: ${JSON.stringify(notices)}`);
      }
      const state = await getState(hostile);
      assert.deepEqual([state.params.method, state.params.damping, state.params.usePole, state.params.mix], ['ccd', 0, false, 1]);
    });
  });
});
