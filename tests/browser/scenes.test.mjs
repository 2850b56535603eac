// scenes.test.mjs: the scene tabs (mouse and keyboard), chain links that round-trip through a
// new page, and hostile chain links, in every engine (engines/index.mjs).
import assert from 'node:assert/strict';
import { HEAD_SCRIPT_URL, dragWorld, getState, readout, setState, worldToClient } from './harness.mjs';
import { inPage, shownNotices } from './engines/calls.mjs';
import { assertNoProblems, forEachEngine } from './engines/index.mjs';

/** The selected tab's scene id and whether it has keyboard focus. */
function selectedTab(page) {
  return page.evaluate(() => {
    const tabs = /** @type {HTMLElement[]} */ ([...document.querySelectorAll('[role="tab"]')]);
    const selected = tabs.filter((tab) => tab.getAttribute('aria-selected') === 'true');
    return {
      count: selected.length,
      scene: selected[0]?.getAttribute('data-scene'),
      focused: document.activeElement === selected[0],
      tabIndexes: tabs.map((tab) => tab.tabIndex),
      panelLabel: document.querySelector('[role="tabpanel"]')?.getAttribute('aria-labelledby'),
    };
  });
}

forEachEngine({
  once: 'the tabs and chain links are the page\'s own JS; every engine loads every scene in engines/reader.test.mjs',
  prefer: 'chromium',
}, ({ name, test }) => {
  test('the scene tabs switch scenes by click and by keyboard, each scene at its defaults', async ({ engine, url }) => {
    await inPage(engine, url, async (page) => {
      assert.equal((await getState(page)).scene, 'arm');
      const tabs = page.getByRole('tab');
      assert.deepEqual(await tabs.allTextContents(), ['Two-bone arm', 'Chain', 'Spider', 'Stress', 'Puppet', 'Creature', 'Rope']);
      assert.equal((await selectedTab(page)).scene, 'arm');

      // Change the arm, switch to the chain by click: the chain starts at its own defaults.
      assert.deepEqual(await setState(page, { params: { length1: 200 } }), []);
      await page.getByRole('tab', { name: 'Chain' }).click();
      let state = await getState(page);
      assert.equal(state.scene, 'chain');
      assert.equal(state.params.bones, 6);
      assert.equal(state.positions.length, 14);
      assert.deepEqual(await selectedTab(page), {
        count: 1, scene: 'chain', focused: true, tabIndexes: [-1, 0, -1, -1, -1, -1, -1], panelLabel: 'tab-chain',
      });
      assert.equal(await page.textContent('#scene-title'), 'Chain (CCD / FABRIK / DLS)');
      assert.equal(await readout(page, 'method'), 'CCD', 'the panel shows the chain readouts');
      assert.equal(await page.evaluate(() => window.playground.shareLink()), `${url}?v=1&scene=chain`);
      await page.waitForFunction(() => location.search === '?v=1&scene=chain', null, { timeout: 3000 });

      // Keyboard: arrows move between the tabs and select at once, wrapping around (a scene whose
      // WebAssembly module is not started yet is shown once it is: each press waits for that).
      /** @param {string} key @param {string} scene */
      const pressTo = async (key, scene) => {
        await page.keyboard.press(key);
        await page.waitForFunction((s) => window.playground.getState().scene === s, scene);
      };
      await pressTo('ArrowLeft', 'arm');
      state = await getState(page);
      assert.equal(state.scene, 'arm');
      assert.deepEqual(state.params, { length1: 120, length2: 80, softness: 0, bend: 1, stretch: false, mix: 1, offsetX: 0, offsetY: 0, overlay: false, jointSpace: false, path: 'none' },
        'the arm is back at its defaults');
      assert.equal(await readout(page, 'status'), 'reached');
      assert.deepEqual(await selectedTab(page), {
        count: 1, scene: 'arm', focused: true, tabIndexes: [0, -1, -1, -1, -1, -1, -1], panelLabel: 'tab-arm',
      });
      await pressTo('ArrowLeft', 'rope'); // ArrowLeft wraps to the last tab
      await pressTo('ArrowLeft', 'creature');
      await pressTo('ArrowLeft', 'puppet');
      await pressTo('ArrowLeft', 'stress');
      await pressTo('ArrowLeft', 'spider');
      state = await getState(page);
      assert.equal(state.scene, 'spider');
      assert.equal(state.legs.length, 8, 'the spider at its defaults');
      assert.equal(await page.evaluate(() => typeof window.playground.groundHeight(0)), 'number');
      await pressTo('ArrowLeft', 'chain');
      await pressTo('Home', 'arm');
      assert.equal(await page.evaluate(() => window.playground.groundHeight(0)), null, 'the arm has no terrain');
      assert.deepEqual(await worldToClient(page, { x: 0, y: 0 }), await page.evaluate(() => {
        const rect = document.getElementById('view')?.getBoundingClientRect();
        return rect ? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 } : null;
      }), 'the arm has no camera: the world centre is the canvas centre again');
      await pressTo('End', 'rope');
      // Tab leaves the tab list (one stop for the whole list).
      await page.keyboard.press('Tab');
      assert.notEqual(await page.evaluate(() => document.activeElement?.getAttribute('role')), 'tab');

      // Many switches (each frees the old chain, spider or skeleton) and the page keeps working.
      await page.evaluate(async () => {
        const scenes = ['arm', 'spider', 'chain', 'puppet'];
        await Promise.all(scenes.map((scene) => window.playground.prepareScene(scene)));
        for (let i = 0; i < 63; i += 1) window.playground.setState({ scene: scenes[i % 4] });
      });
      state = await getState(page);
      assert.equal(state.scene, 'chain');
      const at = await worldToClient(page, { x: 50, y: 100 });
      await page.mouse.click(at.x, at.y);
      await page.evaluate(() => window.playground.step(5));
      assert.equal((await getState(page)).result.status, 'reached');
      await assertNoProblems(page);
    });
  });

  test('a chain shareLink (method, bones, limits, target) reproduces the state in a new page', async ({ engine, url }) => {
    await inPage(engine, `${url}?v=1&scene=chain`, async (page) => {
      await page.getByRole('radio', { name: 'FABRIK' }).click();
      await page.getByRole('slider', { name: /Bones/ }).fill('9');
      await page.getByRole('switch', { name: /Joint limits/ }).click();
      await page.getByRole('slider', { name: /Limit ±/ }).fill('60');
      await dragWorld(page, { x: 120, y: 70 }, { x: -30, y: 140 }, 5);
      await page.evaluate(() => window.playground.step(10));
      const state = await getState(page);
      assert.equal(state.result.status, 'reached');

      const link = await page.evaluate(() => window.playground.shareLink());
      const query = new URL(link).searchParams;
      assert.ok(link.startsWith(`${url}?v=1&scene=chain&`), link);
      assert.equal(query.get('method'), 'fabrik');
      assert.equal(query.get('bones'), '9');
      assert.equal(query.get('limits'), '1', 'toggles are written 1/0');
      assert.equal(query.get('limitDeg'), '60');
      assert.equal(query.get('taper'), null, 'defaults are left out');
      assert.equal(query.get('target'), `${state.target.x},${state.target.y}`);

      await inPage(engine, link, async (copy) => {
        await copy.evaluate(() => window.playground.step(10));
        const copied = await getState(copy);
        assert.equal(copied.scene, 'chain');
        assert.deepEqual(copied.params, state.params);
        assert.deepEqual(copied.target, state.target);
        assert.deepEqual(copied.root, state.root);
        // The pose comes from the solver's warm start, so it may differ; the reach does not.
        assert.equal(copied.result.status, 'reached');
        const p = copied.positions;
        const miss = Math.hypot(p[p.length - 2] - copied.target.x, p[p.length - 1] - copied.target.y);
        assert.ok(miss <= copied.params.tolerance + 1e-9, `the end is on the target (off by ${miss})`);
        assert.equal(await copy.getByRole('radio', { name: 'FABRIK' }).isChecked(), true,
          'the controls show the link');
        assert.equal(await copy.getByRole('switch', { name: /Joint limits/ }).isChecked(), true);
        assert.equal(await copy.isVisible('#notices'), false, 'a shared link has nothing to complain about');
        assert.equal(await copy.evaluate(() => window.playground.shareLink()), link, 'and links back to itself');
        await assertNoProblems(copy);
      });
      await assertNoProblems(page);
    });
  });

  test('a hostile chain link loads a working chain and says what it ignored', async ({ engine, url }) => {
    await inPage(engine, `${url}?scene=chain&bones=100000&method=<script>alert(1)</script>&tolerance=NaN&limits=maybe&follow=1`, async (page) => {
      assert.deepEqual(await shownNotices(page), [
        'Ignored tolerance=NaN: not a number',
        'Ignored limits=maybe: expected 1 or 0',
        'Clamped bones=100000 to 32 (allowed 2 to 32)',
        'Ignored method=<script>alert(1)</script>: must be one of ccd, fabrik, dls',
      ]);
      const scripts = await page.$$eval('script', (found) => found.map((script) => script.getAttribute('src')));
      // Less the WebKit driver's console recorder, which the test server puts first.
      assert.deepEqual(scripts.filter((src) => src !== HEAD_SCRIPT_URL), ['src/theme-early.js', 'src/main.js'], 'nothing was injected');
      const state = await getState(page);
      assert.equal(state.scene, 'chain');
      assert.equal(state.params.bones, 32);
      assert.equal(state.params.method, 'ccd');
      assert.equal(state.params.tolerance, 0.1);
      assert.equal(state.params.limits, false);
      assert.equal(state.params.follow, true, 'the good parts of the link are used');
      assert.equal(state.positions.length, 66);
      // And it works: a click puts the target there and the chain gets to it.
      const at = await worldToClient(page, { x: -150, y: 80 });
      await page.mouse.click(at.x, at.y);
      await page.evaluate(() => window.playground.step(60));
      assert.equal((await getState(page)).result.status, 'reached');
      await assertNoProblems(page); // No dialog either.
    });
  });
});
