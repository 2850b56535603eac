// state.test.mjs: setState validation, share links, hostile URLs, and pause/step/resume, in every
// engine (engines/index.mjs).
import assert from 'node:assert/strict';
import { assertClose, canvasFingerprint, dragWorld, getState, readout, runFrames, setState, worldPerPixel, worldToClient } from './harness.mjs';
import { shownNotices } from './engines/calls.mjs';
import { assertNoProblems, forEachEngine } from './engines/index.mjs';
import { HOSTILE_SET_STATE } from '../js/fixtures/hostile-links.mjs';

const DEFAULTS = {
  params: { length1: 120, length2: 80, softness: 0, bend: 1 }, target: { x: 110, y: 90 }, root: { x: 0, y: 0 },
};

/** The arm params these tests know (a scene may have more: they are left out of comparisons). */
function armParams(params) {
  const { length1, length2, softness, bend } = params;
  return { length1, length2, softness, bend };
}

forEachEngine({
  once: 'setState validation, links and stepping are the page\'s own JS and the core, the same in every engine',
  prefer: 'firefox',
  page: '',
}, ({ name, test }) => {
  test('setState applies valid values at once and getState reflects them', async ({ page }) => {
    assert.deepEqual(await setState(page, DEFAULTS), []);
    const notices = await setState(page, { params: { length1: 150, bend: -1 }, target: { x: -40.5, y: 60.25 } });
    assert.deepEqual(notices, []);
    const state = await getState(page);
    assert.deepEqual(armParams(state.params), { length1: 150, length2: 80, softness: 0, bend: -1 });
    assert.deepEqual(state.target, { x: -40.5, y: 60.25 });
    assertClose(state.result.end.x, -40.5, 1e-9, 'solved right away (x)');
    assertClose(state.result.end.y, 60.25, 1e-9, 'solved right away (y)');
    assertClose(Math.hypot(state.result.joint.x, state.result.joint.y), 150, 1e-9, 'with the new length1');
    assert.equal(await page.textContent('#param-length1-value'), '150', 'the control shows the new value');
    // A partial point keeps the other coordinate.
    assert.deepEqual(await setState(page, { target: { y: 10 } }), []);
    assert.deepEqual((await getState(page)).target, { x: -40.5, y: 10 });
  });

  test('setState rejects bad values with notices, clamps out-of-range ones, and keeps working', async ({ page }) => {
    assert.deepEqual(await setState(page, DEFAULTS), []);
    const notices = await page.evaluate((partial) => window.playground.setState(partial), HOSTILE_SET_STATE.partial);
    const expected = HOSTILE_SET_STATE.notices;
    assert.equal(notices.length, expected.length, `one notice per problem, got ${JSON.stringify(notices)}`);
    expected.forEach((pattern, i) => assert.match(notices[i], pattern));

    const state = await getState(page);
    assert.deepEqual(armParams(state.params), { length1: 120, length2: 80, softness: 100, bend: 1 });
    assert.deepEqual(state.target, { x: 110, y: 50 }, 'the good coordinate is applied, the bad one kept');
    assert.deepEqual(state.root, { x: -300, y: 12 });
    assert.notEqual(state.result.status, 'invalid');

    for (const junk of [null, 42, 'arm', [1, 2], { scene: 'nope' }, { params: 5 }, { target: 'x' }]) {
      const result = await page.evaluate((p) => window.playground.setState(p), junk);
      assert.ok(Array.isArray(result) && result.length === 1 && typeof result[0] === 'string',
        `setState(${JSON.stringify(junk)}) returns one notice, got ${JSON.stringify(result)}`);
    }
    // Still works, and draws: a real drag after all that.
    const perPixel = await worldPerPixel(page);
    await dragWorld(page, (await getState(page)).target, { x: -100, y: 100 }, 5);
    const moved = await getState(page);
    assertClose(moved.target.x, -100, perPixel, 'drag after bad setState (x)');
    assertClose(moved.target.y, 100, perPixel, 'drag after bad setState (y)');
    await assertNoProblems(page);
  });

  test('shareLink reproduces the state in a new page, with only non-default values', async ({ engine, url, page }) => {
    assert.deepEqual(await setState(page, DEFAULTS), []);
    assert.equal(await page.evaluate(() => window.playground.shareLink()), `${url}?v=1&scene=arm`,
      'the default state links to ?v=1&scene=arm alone');

    // Change things the way a reader does: drag, flip, slide.
    await dragWorld(page, { x: 110, y: 90 }, { x: -70, y: 150 }, 4);
    await page.getByRole('button', { name: 'Flip bend' }).click();
    await page.getByRole('slider', { name: /Lower bone/ }).fill('95');
    await setState(page, { root: { x: -20.5, y: 0 } });

    const state = await getState(page);
    const link = await page.evaluate(() => window.playground.shareLink());
    assert.ok(link.startsWith(`${url}?v=1&scene=arm&`), `an absolute link to this page, got ${link}`);
    const query = new URL(link).searchParams;
    assert.equal(query.get('length1'), null, 'default values are left out');
    assert.equal(query.get('softness'), null);
    assert.equal(query.get('length2'), '95');
    assert.equal(query.get('bend'), '-1');
    assert.equal(query.get('root'), '-20.5,0', 'numbers are written compactly');
    assert.match(query.get('target') ?? '', /^-?\d+(\.\d{1,2})?,-?\d+(\.\d{1,2})?$/);

    const copy = await engine.openPage(link);
    try {
      const copied = await getState(copy);
      assert.deepEqual(copied.params, state.params);
      assert.deepEqual(copied.target, state.target);
      assert.deepEqual(copied.root, state.root);
      assert.deepEqual(copied.result, state.result, 'and so the same pose');
      assert.equal(await copy.isVisible('#notices'), false, 'a shared link has nothing to complain about');
      assert.equal(await copy.evaluate(() => window.playground.shareLink()), link, 'and links back to itself');
      await assertNoProblems(copy);
    } finally {
      await copy.close();
    }

    // The address bar follows the state once it settles, so reloading keeps what you see.
    await page.waitForFunction((expected) => location.href === expected, link, { timeout: 3000 });
    await page.reload();
    await page.waitForSelector('html[data-ready="true"]');
    assert.deepEqual((await getState(page)).target, state.target);
  });

  test('a link with bad or out-of-range values shows plain-text notices and uses the rest', async ({ engine, url }) => {
    const visit = await engine.openPage(`${url}?scene=arm&length1=1000&length2=abc&bend=2&target=-50,60&wobble=1`);
    try {
      const notices = await shownNotices(visit);
      assert.deepEqual(notices, [
        'Ignored length2=abc: not a number',
        'Ignored wobble=1: arm has no setting "wobble"',
        'Clamped length1=1000 to 250 (allowed 10 to 250)',
        'Ignored bend=2: must be 1 or -1',
      ]);
      assert.equal(await visit.isVisible('#notices'), true);
      const state = await getState(visit);
      assert.deepEqual(armParams(state.params), { length1: 250, length2: 80, softness: 0, bend: 1 });
      assert.deepEqual(state.target, { x: -50, y: 60 });
      await visit.getByRole('button', { name: 'Dismiss' }).click();
      assert.equal(await visit.isVisible('#notices'), false, 'notices can be dismissed');
      await assertNoProblems(visit);
    } finally {
      await visit.close();
    }
  });

  test('a hostile link is shown as text: nothing injected, no dialog, no error', async ({ engine, url, page }) => {
    const hostile = `${url}?scene=<img src=x onerror=alert(1)>&length1=NaN&target=1e999,abc`;
    const visit = await engine.openPage(hostile);
    try {
      const notices = await shownNotices(visit);
      assert.ok(notices.some((n) => n.startsWith('Ignored scene=<img src=x onerror=alert(1)>: unknown scene')),
        `the scene notice shows the raw text, got ${JSON.stringify(notices)}`);
      assert.ok(notices.includes('Ignored length1=NaN: not a number'), JSON.stringify(notices));
      assert.ok(notices.some((n) => n.startsWith('Ignored target=1e999,abc')), JSON.stringify(notices));
      assert.equal(await visit.$$eval('img', (images) => images.length), 0, 'no element was injected');
      assert.equal(await visit.$$eval('#notices *', (nodes) => nodes.filter((n) => !['P', 'UL', 'LI', 'DIV', 'BUTTON'].includes(n.tagName)).length), 0);
      const state = await getState(visit);
      assert.equal(state.scene, 'arm', 'falls back to the arm');
      assert.deepEqual(armParams(state.params), DEFAULTS.params);
      assert.deepEqual(state.target, DEFAULTS.target);
      const requests = await visit.requestList();
      for (const requested of requests) assert.ok(requested.startsWith(url), `no request leaves the origin: ${requested}`);
      assert.ok(!requests.some((requested) => new URL(requested).pathname === '/x'), 'the injected image was never fetched');
      // The page still works.
      const at = await worldToClient(visit, { x: -120, y: -60 });
      await visit.mouse.click(at.x, at.y);
      assert.equal(await readout(visit, 'status'), 'reached');
      await assertNoProblems(visit); // Includes: no dialog opened.
    } finally {
      await visit.close();
    }
  });

  test('pause, step and resume: time moves only when running or stepping; input still redraws', async ({ page }) => {
    assert.deepEqual(await setState(page, DEFAULTS), []);
    await page.evaluate(() => window.playground.pause());
    const paused = (await getState(page)).time;
    await runFrames(page);
    assert.equal((await getState(page)).time, paused, 'paused: simulation time stands still');

    assert.deepEqual(await setState(page, { target: { x: -30, y: 150 } }), []);
    let state = await getState(page);
    assert.deepEqual(state.target, { x: -30, y: 150 }, 'setState applies while paused');
    assertClose(state.result.end.x, -30, 1e-9, 'and re-solves while paused');

    await page.evaluate(() => window.playground.step(3));
    state = await getState(page);
    assertClose(state.time, paused + 3 / 60, 1e-9, 'step(3) advances exactly three 1/60 s steps');
    assert.deepEqual(state.target, { x: -30, y: 150 }, 'stepping keeps the state');
    assert.equal(state.result.status, 'reached');
    assertClose(state.result.end.y, 150, 1e-9, 'the pose is consistent with the target');
    await page.evaluate(() => window.playground.step());
    assertClose((await getState(page)).time, paused + 4 / 60, 1e-9, 'step() is one step');

    // Dragging while paused still moves and redraws.
    const picture = await canvasFingerprint(page);
    const at = await worldToClient(page, { x: 60, y: -120 });
    await page.mouse.click(at.x, at.y);
    assert.notEqual(await canvasFingerprint(page), picture, 'input redraws while paused');
    assertClose((await getState(page)).time, paused + 4 / 60, 1e-9, 'input does not advance time');

    for (const bad of [-1, 1.5, 'two', 1e9]) {
      const error = await page.evaluate((frames) => {
        try {
          window.playground.step(/** @type {any} */ (frames));
          return 'no error';
        } catch (e) {
          return e.name;
        }
      }, bad);
      assert.equal(error, 'RangeError', `step(${JSON.stringify(bad)}) is refused`);
    }

    await page.evaluate(() => window.playground.resume());
    // Time runs again (waited for, not timed: WebKit on a busy Xvfb may draw a few frames a second).
    await page.waitForFunction((t) => window.playground.getState().time > t, paused + 4 / 60 + 0.1, { timeout: 10000 });
    await assertNoProblems(page);
  });
});
