// layout.test.mjs: the first five minutes, at the sizes people use. The readouts stay in view next
// to the canvas (1280×800, 1024×768, a 390×844 touch phone; at 1280×800 the hints and the page's
// actions too, the page does not scroll), every key has an on-screen control a
// finger can press that does what the key does, the root and every handle move from the keyboard,
// hints name keys only where a keyboard is likely, and the scene tabs fit on one line on a phone.
// In every engine (engines/index.mjs); the phone only where the engine can emulate a touch device
// (Chromium).
import assert from 'node:assert/strict';
import {
  assertClose, getState, nextFrames, setState, worldPerPixel, worldToClient,
} from './harness.mjs';
import { readoutBoxesInPage } from './in-page.mjs';
import { assertNoProblems, forEachEngine } from './engines/index.mjs';

const SCENES = ['arm', 'chain', 'spider', 'stress', 'puppet', 'creature', 'rope'];
const PHONE = { viewport: { width: 390, height: 844 }, touch: true };
const SIZES = [
  { name: '1280×800', options: { viewport: { width: 1280, height: 800 } }, fitsAll: true },
  { name: '1024×768', options: { viewport: { width: 1024, height: 768 } } },
  { name: '390×844 touch', options: PHONE },
];

/** The smallest a finger's target may be, CSS px. */
const FINGER = 44;

/**
 * @param {import('./engines/page.mjs').EnginePage} page
 */
function readoutBoxes(page) {
  return page.evaluate(readoutBoxesInPage);
}

forEachEngine({}, ({ name, test }) => {
  for (const size of SIZES) {
    test(`${size.name}: every scene's readouts are in view beside the canvas, without scrolling`, { needs: size.options.touch ? ['touch'] : [] }, async ({ engine, url }) => {
      const opened = await engine.openPage(url, size.options);
      const page = opened;
      try {
        for (const scene of SCENES) {
          await setState(page, { scene });
          await nextFrames(page);
          assert.equal(await page.evaluate(() => window.scrollY), 0);
          const boxes = await readoutBoxes(page);
          const status = boxes.find((box) => box.name === 'status' || box.name === 'solve');
          assert.ok(status?.visible, `${scene}: the status readout is fully visible: ${JSON.stringify(status)}`);
          for (const box of boxes) assert.ok(box.visible, `${scene}: readout ${box.name} is in view: ${JSON.stringify(box)}`);
          const canvas = await page.locator('#view').boundingBox();
          assert.ok(canvas);
          assert.ok(canvas.y >= 0 && canvas.y + canvas.height <= size.options.viewport.height, `${scene}: the canvas is in view`);
          const below = Math.min(...boxes.map((box) => box.top)) - (canvas.y + canvas.height);
          assert.ok(below >= 0 && below < 40, `${scene}: the readouts sit right under the canvas (${below} px below it)`);
          if (size.fitsAll) {
            const fit = await page.evaluate(() => ({ height: document.documentElement.scrollHeight, inner: innerHeight }));
            assert.ok(fit.height <= fit.inner, `${scene}: the strip, the hints and the actions fit in the window (the page is ${fit.height} px tall)`);
          }
        }
        await assertNoProblems(opened);
      } finally {
        await opened.close();
      }
    });
  }

  test('a narrow window with a mouse: the scene tools wrap inside the page', async ({ engine, url }) => {
    // A narrow desktop window (or a tablet with a mouse) shows every tool, H's included.
    const width = Math.max(390, engine.minWidth + 1);
    const opened = await engine.openPage(url, { viewport: { width, height: 844 } });
    const page = opened;
    try {
      for (const scene of SCENES) {
        await setState(page, { scene });
        await nextFrames(page);
        const tools = await page.evaluate(() => [...document.querySelectorAll('#scene-tools button')]
          .filter((button) => button.getClientRects().length > 0)
          .map((button) => ({ text: button.textContent, right: button.getBoundingClientRect().right })));
        for (const tool of tools) {
          assert.ok(tool.right <= width, `${scene}: the tool "${tool.text}" ends at ${tool.right} px, inside ${width}`);
        }
      }
      await assertNoProblems(opened);
    } finally {
      await opened.close();
    }
  });

  test('390×844 touch: the settings follow the scene with no long empty space, and the tabs fit on one line', { needs: ['touch'] }, async ({ engine, url }) => {
    const opened = await engine.openPage(url, PHONE);
    const page = opened;
    try {
      for (const scene of SCENES) {
      await setState(page, { scene });
      await nextFrames(page);
      const layout = await page.evaluate(() => {
        const rect = (selector) => /** @type {HTMLElement} */ (document.querySelector(selector)).getBoundingClientRect();
        const tabs = [...document.querySelectorAll('[role="tab"]')].map((tab) => {
          const range = document.createRange();
          range.selectNodeContents(tab);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
          const box = tab.getBoundingClientRect();
          return { text: tab.textContent, lines, left: box.left, right: box.right };
        });
        // The largest vertical gap between things that show something (lines of text, the canvas,
        // inputs and buttons), from the canvas down.
        const main = /** @type {HTMLElement} */ (document.querySelector('.main'));
        const boxes = [...main.querySelectorAll('canvas, button, input')].map((node) => node.getBoundingClientRect());
        const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
        for (let text = walker.nextNode(); text; text = walker.nextNode()) {
          if (!text.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(text);
          boxes.push(...range.getClientRects());
        }
        const shown = boxes.filter((box) => box.height > 0 && box.width > 0).sort((a, b) => a.top - b.top);
        let bottom = shown[0].bottom;
        let gap = 0;
        for (const box of shown) {
          gap = Math.max(gap, box.top - bottom);
          bottom = Math.max(bottom, box.bottom);
        }
        return {
          tabs,
          gap,
          firstControl: rect('#controls > .control').top,
          scrollWidth: document.documentElement.scrollWidth,
        };
      });
      for (const tab of layout.tabs) {
        assert.equal(tab.lines, 1, `the tab "${tab.text}" is on one line`);
        assert.ok(tab.left >= 0 && tab.right <= 390, `the tab "${tab.text}" is on screen (${tab.left}..${tab.right})`);
      }
      assert.ok(layout.gap < 60, `${scene}: no long empty space from the canvas to the settings (largest gap ${layout.gap} px)`);
      assert.ok(layout.firstControl < 844 * 1.6, `${scene}: the first setting is within a short scroll (${layout.firstControl} px down)`);
      assert.ok(layout.scrollWidth <= 390, `${scene}: nothing overflows sideways (${layout.scrollWidth} px)`);
      }
      await assertNoProblems(opened);
    } finally {
      await opened.close();
    }
  });

  /**
   * The on-screen control for a param's key, as a finger would press it: a toggle's row, the next
   * option of a choice, a sign's or a seed's button.
   * @param {import('playwright-core').Page} page
   * @param {string} name
   * @param {unknown} next The value the key sets.
   */
  function controlFor(page, name, next) {
    return page.evaluate(([param, value]) => {
      const control = document.getElementById(`param-${param}`);
      if (!control) return null;
      /** @type {Element | null} */
      let target = control;
      if (control.tagName === 'FIELDSET') target = document.getElementById(`param-${param}-${value}`)?.closest('.segment') ?? null;
      else if (control instanceof HTMLInputElement && control.type === 'checkbox') target = control.closest('label');
      if (!target) return null;
      target.setAttribute('data-test-target', param);
      const box = target.getBoundingClientRect();
      return { width: box.width, height: box.height, keys: control.getAttribute('aria-keyshortcuts') };
    }, [name, next]);
  }

  /** Every param key per scene (the test's own list: a key that disappears fails here). */
  const PARAM_KEYS = {
    arm: { b: 'bend', t: 'stretch', o: 'overlay', j: 'jointSpace' },
    chain: { m: 'method', k: 'usePole', l: 'limits', f: 'follow', o: 'overlay', p: 'plot' },
    spider: { n: 'seed', d: 'debug' },
    stress: { m: 'method', d: 'draw' },
    puppet: { l: 'limits', o: 'overlay', f: 'flip', d: 'dance', w: 'springs' },
    creature: { o: 'overlay' },
    rope: { f: 'follow', o: 'overlay' },
  };

  for (const [label, options] of [['mouse and keyboard at 1280×800', { viewport: { width: 1280, height: 800 } }], ['touch at 390×844', PHONE]]) {
    test(`${label}: each key's on-screen control is at least 44 px and does what the key does`, { needs: options.touch ? ['touch'] : [] }, async ({ engine, url }) => {
      const opened = await engine.openPage(url, options);
      const page = opened;
      const touch = Boolean(options.touch);
      try {
        for (const scene of SCENES) {
          await setState(page, { scene });
          for (const [key, name] of Object.entries(PARAM_KEYS[scene])) {
            const before = (await getState(page)).params;
            await page.focus('#view');
            await page.keyboard.press(key);
            const keyed = (await getState(page)).params[name];
            assert.notDeepEqual(keyed, before[name], `${scene}: the ${key.toUpperCase()} key changes ${name}`);
            await setState(page, { params: { [name]: before[name] } });
            const control = await controlFor(page, name, keyed);
            assert.ok(control, `${scene}: ${name} has an on-screen control`);
            assert.equal(control.keys, key.toUpperCase(), `${scene}: the control names its key for assistive tech`);
            assert.ok(control.width >= FINGER && control.height >= FINGER, `${scene}: ${name}'s control is ${control.width}×${control.height} px`);
            const target = page.locator(`[data-test-target="${name}"]`);
            await target.scrollIntoViewIfNeeded();
            if (touch) await target.tap();
            else await target.click();
            assert.deepEqual((await getState(page)).params[name], keyed, `${scene}: pressing ${name}'s control does what ${key.toUpperCase()} does`);
            await setState(page, { params: { [name]: before[name] } });
          }
          const badges = await page.locator('#controls .key-hint').evaluateAll((nodes) => nodes.map((n) => getComputedStyle(n).display));
          assert.equal(badges.length, Object.keys(PARAM_KEYS[scene]).length, `${scene}: every keyed control carries its key`);
          assert.ok(badges.every((display) => (display === 'none') === touch), `${scene}: keys are shown ${touch ? 'not on touch' : 'with a keyboard'}`);
          const hints = (await page.locator('#hints li').allTextContents()).join(' | ');
          if (touch) assert.doesNotMatch(hints, /arrow|key|\bShift\b/i, `${scene}: touch hints name gestures, not keys: ${hints}`);
          else assert.match(hints, /Arrow keys: move the (target|right hand) /, `${scene}: keyboard hints name the arrow keys: ${hints}`);
        }
        await assertNoProblems(opened);
      } finally {
        await opened.close();
      }
    });

    test(`${label}: Step and Run do what S and Esc do`, { needs: options.touch ? ['touch'] : [] }, async ({ engine, url }) => {
      const opened = await engine.openPage(`${url}?scene=chain`, options);
      const page = opened;
      const press = async (selector) => {
        const button = page.locator(selector);
        const box = await button.boundingBox();
        assert.ok(box && box.width >= FINGER && box.height >= FINGER, `${selector} is at least 44 px: ${JSON.stringify(box)}`);
        if (options.touch) await button.tap();
        else await button.click();
      };
      try {
        assert.equal(await page.locator('#tool-run').isDisabled(), true, 'Run is disabled while the solver runs');
        await press('#tool-step');
        assert.ok((await getState(page)).stepping, 'Step enters step-through');
        // The chain has reached the link's target: a new one gives the steps something to do.
        await setState(page, { target: { x: -200, y: 50 } });
        await press('#tool-step');
        assert.equal((await getState(page)).stepping.count, 1, 'Step makes one step');
        await page.focus('#view');
        await page.keyboard.press('s');
        assert.equal((await getState(page)).stepping.count, 2, 'S makes the next');
        await press('#tool-step');
        assert.equal((await getState(page)).stepping.count, 3);
        assert.equal(await page.locator('#tool-run').isDisabled(), false, 'Run is enabled while stepping');
        await press('#tool-run');
        assert.equal((await getState(page)).stepping, undefined, 'Run leaves step-through');
        await page.focus('#view');
        await page.keyboard.press('s');
        await page.keyboard.press('Escape');
        assert.equal((await getState(page)).stepping, undefined, 'Esc leaves it too');
        await assertNoProblems(opened);
      } finally {
        await opened.close();
      }
    });
  }

  for (const scene of ['arm', 'chain']) {
    test(`${scene}: the root moves from the keyboard (H picks it; the screen says which handle the keys move)`, async ({ engine, url }) => {
      const opened = await engine.openPage(`${url}?scene=${scene}`, { viewport: { width: 1280, height: 800 } });
      const page = opened;
      try {
        const start = await getState(page);
        await page.click('h1');
        for (let i = 0; i < 12 && (await page.evaluate(() => document.activeElement?.id)) !== 'view'; i += 1) await page.keyboard.press('Tab');
        assert.equal(await page.evaluate(() => document.activeElement?.id), 'view', 'the canvas takes keyboard focus');
        assert.equal(await page.textContent('#tool-handle .tool-text'), 'Keys move: target');
        await page.keyboard.press('h');
        assert.equal(await page.textContent('#tool-handle .tool-text'), 'Keys move: root', 'the handle button says which handle the keys move');
        assert.match((await page.locator('#hints li').allTextContents()).join(' '), /move the root/, 'and so do the hints');
        for (let i = 0; i < 3; i += 1) await page.keyboard.press('ArrowRight');
        await page.keyboard.press('Shift+ArrowUp');
        let state = await getState(page);
        assert.deepEqual(state.root, { x: start.root.x + 12, y: start.root.y + 20 }, 'arrows move the root 4 units (Shift: 20)');
        assert.deepEqual(state.target, start.target, 'the target stays');
        await page.click('#tool-handle');
        assert.equal(await page.textContent('#tool-handle .tool-text'), 'Keys move: target', 'the button switches back');
        await page.focus('#view');
        await page.keyboard.press('ArrowLeft');
        state = await getState(page);
        assert.deepEqual(state.target, { x: start.target.x - 4, y: start.target.y }, 'arrows move the target again');
        const label = await page.getAttribute('#view', 'aria-label');
        assert.match(label ?? '', /H switches them to the root/, 'the canvas tells assistive tech about H');
        await assertNoProblems(opened);
      } finally {
        await opened.close();
      }
    });
  }

  test('chain in follow mode: the root cannot be picked (it follows), the arrows keep the target', async ({ engine, url }) => {
    const opened = await engine.openPage(`${url}?scene=chain&follow=1`, { viewport: { width: 1280, height: 800 } });
    const page = opened;
    try {
      await page.focus('#view');
      await page.keyboard.press('h');
      assert.equal(await page.textContent('#tool-handle .tool-text'), 'Keys move: target');
      const before = (await getState(page)).target;
      await page.keyboard.press('ArrowDown');
      assert.deepEqual((await getState(page)).target, { x: before.x, y: before.y - 4 });
      await assertNoProblems(opened);
    } finally {
      await opened.close();
    }
  });

  test('390×844 touch: a finger drags the chain root and the target', { needs: ['touch'] }, async ({ engine, url }) => {
    const opened = await engine.openPage(`${url}?scene=chain`, PHONE);
    const page = opened;
    try {
      const perPixel = await worldPerPixel(page);
      const start = await getState(page);
      await opened.touchDrag(await worldToClient(page, start.root), await worldToClient(page, { x: -60, y: -150 }));
      let state = await getState(page);
      assertClose(state.root.x, -60, perPixel, 'root.x after the finger drag');
      assertClose(state.root.y, -150, perPixel, 'root.y after the finger drag');
      await opened.touchDrag(await worldToClient(page, state.target), await worldToClient(page, { x: 50, y: 100 }));
      state = await getState(page);
      assertClose(state.target.x, 50, perPixel, 'target.x after the finger drag');
      assertClose(state.target.y, 100, perPixel, 'target.y after the finger drag');
      assert.equal(await page.evaluate(() => window.scrollY), 0, 'the drags did not scroll the page');
      await assertNoProblems(opened);
    } finally {
      await opened.close();
    }
  });

  test("spider: the off-screen target's label names its x", async ({ engine, url }) => {
    const opened = await engine.openPage(`${url}?scene=spider&target=1400,60`, { viewport: { width: 1024, height: 768 } });
    const page = opened;
    try {
      // Records what the next frames write (the spider walks, so every frame is drawn anew).
      await page.evaluate(() => {
        const texts = /** @type {string[]} */ ([]);
        Object.defineProperty(window, 'drawnTexts', { value: texts });
        const fillText = CanvasRenderingContext2D.prototype.fillText;
        CanvasRenderingContext2D.prototype.fillText = function record(text, x, y, maxWidth) {
          texts.push(String(text));
          return fillText.call(this, text, x, y, maxWidth);
        };
      });
      await nextFrames(page);
      await nextFrames(page);
      const texts = await page.evaluate(() => /** @type {any} */ (window).drawnTexts);
      assert.ok(texts.includes('target x = 1400'), `the label names the target's x: ${texts.filter((t) => t.startsWith('target')).join(', ')}`);
      await assertNoProblems(opened);
    } finally {
      await opened.close();
    }
  });
});
