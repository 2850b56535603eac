// element.test.mjs: <ik2d-scene> (dist/ik2d-element.js) on a host page without an iframe:
// examples/element.html, three elements under the Content-Security-Policy
// "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'" (a <meta http-equiv>: the test server
// sets no headers). Each element draws and fires `load` once; its attributes set the scene and a
// changed one changes it; a bad one shows a plain-text notice and changes nothing else; setState
// returns notices; a real drag fires statechange, its last with the final state, and an animation
// none (its rate, at most 10 a second, is tested on a fake clock: tests/js/rate-limit.test.mjs);
// shareLink opens the same scene in the playground; the page fetches each .wasm once and runs one
// animation frame callback for all; an element out of view runs no frames; styles neither leak in
// nor out; no CSP violation; theme=auto follows the host's color-scheme; the script included twice,
// an element removed and added again, attributes changed before it loads; the keys and a finger
// move the target; the image and animation exports work; axe finds nothing serious. In Chromium,
// Firefox and WebKit (engines/index.mjs).
import assert from 'node:assert/strict';
import { assertClose, seriousAxeViolations } from './harness.mjs';
import { inPage } from './engines/calls.mjs';
import { assertNoProblems, forEachEngine } from './engines/index.mjs';
import { coloursOf, noticesOf, onElement, stateOf } from './engines/element.mjs';

/** @typedef {import('./engines/page.mjs').EnginePage} EnginePage */

const PAGE = 'examples/element.html';

/** The events the host page recorded (examples/element.js). @param {EnginePage} page */
const eventsOf = (page) => page.evaluate(() => /** @type {any} */ (window).ik2dEvents.map((/** @type {any} */ e) => ({ id: e.id, type: e.type, time: e.time, detail: e.detail })));

/** The canvas' background pixel near its top-left corner, [r, g, b]. @param {EnginePage} page @param {string} id */
const cornerOf = (page, id) => onElement(page, id, (element) => {
  const canvas = element.shadowRoot.querySelector('canvas');
  const scratch = document.createElement('canvas');
  scratch.width = 1;
  scratch.height = 1;
  const context = scratch.getContext('2d', { willReadFrequently: true });
  context.drawImage(canvas, 3, 3, 1, 1, 0, 0, 1, 1);
  return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
});

/** Waits until an element has drawn (getState() is not null). @param {EnginePage} page @param {string} id */
const waitLoaded = (page, id) => page.waitFor((which) => document.getElementById(which)?.getState?.() !== null
  && document.getElementById(which)?.shadowRoot?.querySelector('.frame')?.getAttribute('data-ready') === 'true', id);

/** An element's animation frames so far. @param {EnginePage} page @param {string} id */
const framesOf = (page, id) => onElement(page, id, (element) => element.stats().page.frames);

/** Waits until an element has run `count` animation frames. @param {EnginePage} page @param {string} id @param {number} count */
const waitForFrames = (page, id, count) => page.waitFor(([which, least]) => document.getElementById(which).stats().page.frames >= least, [id, count]);

/** Scrolls an element to the top of the viewport. @param {EnginePage} page @param {string} id */
async function scrollTo(page, id) {
  await page.evaluate((which) => document.getElementById(which)?.scrollIntoView({ block: 'start' }), id);
  await page.nextFrame();
  await page.nextFrame();
}

forEachEngine({}, ({ name, test }) => {
  test('three elements draw, each fires load once, their attributes set their scenes, one .wasm fetch', async ({ engine, url }) => {
    await inPage(engine, `${url}${PAGE}`, async (page) => {
      for (const id of ['chain', 'arm', 'ccd']) await waitLoaded(page, id);
      for (const id of ['chain', 'arm', 'ccd']) {
        assert.ok(await coloursOf(page, id) > 3, `${id}: the canvas shows a drawing`);
      }
      const loads = (await eventsOf(page)).filter((event) => event.type === 'load').map((event) => event.id).sort();
      assert.deepEqual(loads, ['arm', 'ccd', 'chain'], 'load fired once per element');
      const chain = await stateOf(page, 'chain');
      assert.equal(chain.scene, 'chain');
      assert.equal(chain.params.bones, 8);
      assert.equal(chain.params.method, 'fabrik');
      assert.equal(chain.params.path, 'circle');
      const arm = await stateOf(page, 'arm');
      assert.equal(arm.scene, 'arm');
      assert.deepEqual([arm.params.length1, arm.params.length2, arm.target], [130, 100, { x: 120, y: 70 }]);
      const ccd = await stateOf(page, 'ccd');
      assert.deepEqual([ccd.params.method, ccd.params.bones, ccd.readouts], ['ccd', 5, true]);
      const wasm = (await page.requestList()).filter((request) => request.endsWith('.wasm')).map((request) => request.split('/').pop());
      assert.deepEqual(wasm, ['ik2d-core.wasm'], 'three elements on one module: its .wasm fetched once');
      // No element leaves an attribute on <html>: their state is in their own shadow roots.
      assert.deepEqual(await page.evaluate(() => Object.keys(document.documentElement.dataset)), ['ready']);
      const violations = (await eventsOf(page)).filter((event) => event.type === 'securitypolicyviolation');
      assert.deepEqual(violations, [], 'no Content-Security-Policy violation');
      // The policy is in force: an inline style attribute is refused (and reported) on this page.
      await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<p id="inline" style="color: red">x</p>'));
      await page.waitFor(() => /** @type {any} */ (window).ik2dEvents.some((/** @type {any} */ e) => e.type === 'securitypolicyviolation'));
      await page.evaluate(() => document.getElementById('inline')?.remove());
      const problems = (await page.problemList()).filter((problem) => !/Content.Security.Policy|style-src|inline style|Refused to apply/i.test(problem));
      assert.deepEqual(problems, [], 'no console errors or failed requests (but the refused inline style)');
    });
  });

  test('attributes: a change changes the scene, a bad value gives a plain-text notice and changes nothing else', async ({ engine, url }) => {
    await inPage(engine, `${url}${PAGE}`, async (page) => {
      await onElement(page, 'chain', (element) => element.setAttribute('bones', '12'));
      await page.waitFor(() => document.getElementById('chain')?.getState().params.bones === 12);
      await page.waitFor(() => /** @type {any} */ (window).ik2dEvents.some((/** @type {any} */ e) => e.id === 'chain' && e.type === 'statechange' && e.detail.params.bones === 12));
      assert.deepEqual(await noticesOf(page, 'chain'), []);
      // A case-insensitive link key (openLink) and a removed attribute going back to its default.
      await onElement(page, 'chain', (element) => element.setAttribute('openlink', '0'));
      await page.waitFor(() => document.getElementById('chain')?.getState().openLink === false);
      await onElement(page, 'chain', (element) => element.removeAttribute('openlink'));
      await page.waitFor(() => document.getElementById('chain')?.getState().openLink === true);

      const before = await stateOf(page, 'arm');
      await onElement(page, 'arm', (element) => {
        element.setAttribute('length1', '<b>x</b>');
        element.setAttribute('target', 'NaN,1e999');
      });
      await page.waitFor(() => !document.getElementById('arm')?.shadowRoot?.querySelector('.notices')?.hidden);
      const notices = await noticesOf(page, 'arm');
      assert.ok(notices.some((text) => text.includes('length1') && text.includes('<b>x</b>')), notices.join(' | '));
      assert.ok(notices.some((text) => text.includes('target')), notices.join(' | '));
      assert.equal(await onElement(page, 'arm', (element) => element.shadowRoot.querySelectorAll('.notices b').length), 0, 'the notice is text, never HTML');
      const after = await stateOf(page, 'arm');
      assert.deepEqual([after.params, after.target, after.scene], [before.params, before.target, before.scene], 'nothing else changed');
      for (const value of Object.values(after.params)) {
        if (typeof value === 'number') assert.ok(Number.isFinite(value), `a finite param: ${value}`);
      }
      // Dismiss hides them.
      await onElement(page, 'arm', (element) => element.shadowRoot.querySelector('#notice-dismiss').click());
      assert.deepEqual(await noticesOf(page, 'arm'), []);

      // An unknown scene: a notice, the scene stays.
      await onElement(page, 'ccd', (element) => element.setAttribute('scene', 'nope'));
      await page.waitFor(() => !document.getElementById('ccd')?.shadowRoot?.querySelector('.notices')?.hidden);
      assert.equal((await stateOf(page, 'ccd')).scene, 'chain');
      // Another scene: its module loaded first, every attribute read as its link.
      await onElement(page, 'ccd', (element) => element.setAttribute('scene', 'arm'));
      await page.waitFor(() => document.getElementById('ccd')?.getState().scene === 'arm');

      // setState returns the notices, as the playground's does.
      const bad = await onElement(page, 'chain', (element) => element.setState({ params: { bones: 'many' } }));
      assert.ok(Array.isArray(bad) && bad.length === 1 && bad[0].includes('bones'), JSON.stringify(bad));
      assert.deepEqual(await onElement(page, 'chain', (element) => element.setState({ params: { bones: 10 } })), []);
      assert.equal((await stateOf(page, 'chain')).params.bones, 10);
      await assertNoProblems(page);
    });
  });

  test('statechange: a real drag fires it, its last with the final state; an animation never', async ({ engine, url }) => {
    await inPage(engine, `${url}${PAGE}`, { viewport: { width: 1000, height: 1400 } }, async (page) => {
      // The chain's target goes round its circle: the link stays the same, so no event, from the
      // page's start (the element's first state is not a change, though the chain moves after it).
      // The chain's own frames are the clock: none while it runs 30 of them.
      const started = await framesOf(page, 'chain');
      await page.waitFor(([from]) => document.getElementById('chain').stats().page.frames >= from + 30, [started]);
      assert.deepEqual((await eventsOf(page)).filter((event) => event.type === 'statechange'), [], 'no statechange while the scenes only start and animate');

      await scrollTo(page, 'arm');
      const arm = await stateOf(page, 'arm');
      const from = await onElement(page, 'arm', (element, point) => element.worldToClient(point), arm.target);
      const destination = { x: -40, y: 150 };
      const to = await onElement(page, 'arm', (element, point) => element.worldToClient(point), destination);
      await page.drag([from, to], 40);
      // The last statechange carries the state the drag ended in (it comes after the release).
      await page.waitFor(() => {
        const target = document.getElementById('arm').getState().target;
        const changes = /** @type {any} */ (window).ik2dEvents.filter((/** @type {any} */ e) => e.id === 'arm' && e.type === 'statechange');
        const last = changes[changes.length - 1]?.detail.target;
        return Boolean(last) && last.x === target.x && last.y === target.y;
      });
      const state = await stateOf(page, 'arm');
      const perPixel = await onElement(page, 'arm', (element) => {
        const a = element.clientToWorld({ x: 0, y: 0 });
        const b = element.clientToWorld({ x: 1, y: 0 });
        return Math.abs(b.x - a.x);
      });
      assertClose(state.target.x, destination.x, 2 * perPixel, 'target.x after the drag');
      assertClose(state.target.y, destination.y, 2 * perPixel, 'target.y after the drag');
      // How often it fires (at most 10 a second) is rate-limit.js's, tested on a fake clock in
      // tests/js/rate-limit.test.mjs: a browser's clock proves nothing here.
      const changes = (await eventsOf(page)).filter((event) => event.id === 'arm' && event.type === 'statechange');
      assert.ok(changes.length >= 1, 'the drag fired statechange');
      assert.ok(changes.length <= 41, `${changes.length} events for 41 pointer moves`);
      await assertNoProblems(page);
    });
  });

  test('shareLink() opens the same scene in the playground, or where the playground attribute says', async ({ engine, url }) => {
    const page = await engine.openPage(`${url}${PAGE}`);
    let link = '';
    try {
      await onElement(page, 'chain', (element) => element.setState({ params: { bones: 6, limits: true } }));
      link = await onElement(page, 'chain', (element) => element.shareLink());
      assert.ok(link.startsWith(`${url}index.html?`), link);
      // The chain's pose moves on its path between two calls: the rest of the link is the same.
      const href = await onElement(page, 'chain', (element) => element.shadowRoot.querySelector('.open-playground').href);
      const withoutPose = (/** @type {string} */ text) => text.replace(/&pose=[^&]*/, '');
      assert.equal(withoutPose(href), withoutPose(link), '"Open in playground" links there too');
      // The playground named elsewhere (a bundled app), relative to the host page; a bad address:
      // a notice, and the default.
      await onElement(page, 'chain', (element) => element.setAttribute('playground', '/tools/ik2d/'));
      const named = await onElement(page, 'chain', (element) => [element.shareLink(), element.shadowRoot.querySelector('.open-playground').href]);
      assert.ok(named[0].startsWith(`${url}tools/ik2d/?v=1&scene=chain&`), named[0]);
      assert.equal(withoutPose(named[1]), withoutPose(named[0]));
      await onElement(page, 'chain', (element) => element.setAttribute('playground', 'javascript:alert(1)'));
      assert.deepEqual(await noticesOf(page, 'chain'), ['Ignored playground=javascript:alert(1): must be an http(s) address']);
      assert.ok((await onElement(page, 'chain', (element) => element.shareLink())).startsWith(`${url}index.html?`));
      assert.equal((await stateOf(page, 'chain')).params.bones, 6, 'not a link key: the scene is as it was');
    } finally {
      await page.close();
    }
    await inPage(engine, link, async (playground) => {
      const state = await playground.evaluate(() => window.playground.getState());
      assert.equal(state.scene, 'chain');
      assert.deepEqual([state.params.bones, state.params.limits, state.params.method, state.params.path], [6, true, 'fabrik', 'circle']);
    });
  });

  test('one animation frame callback for all the elements; an element out of view runs no frames', async ({ engine, url }) => {
    await inPage(engine, `${url}${PAGE}`, { viewport: { width: 1000, height: 1500 } }, async (page) => {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.nextFrame();
      // The chain and the arm are in view, the third is far below. The chain runs on its path, so
      // its frames are the clock: "none" means none while the chain ran 20.
      const frames = () => page.evaluate(() => Object.fromEntries(['chain', 'arm', 'ccd'].map((id) => [id, document.getElementById(id)?.stats().page.frames])));
      // The arm at rest asks for no frames at all (loop.js): it falls asleep a few frames after it
      // draws (later on a busy machine), and then has no frame requested.
      await page.waitFor(() => {
        const { asleep, waiting } = document.getElementById('arm').stats().page;
        return asleep && !waiting;
      });
      const resting = await frames();
      await waitForFrames(page, 'chain', resting.chain + 20);
      assert.equal((await frames()).arm - resting.arm, 0, 'the arm at rest ran no frames while the chain ran 20');
      await onElement(page, 'arm', (element) => element.setAttribute('path', 'circle'));
      await page.evaluate(() => {
        const win = /** @type {any} */ (window);
        win.rafCalls = 0;
        const original = window.requestAnimationFrame.bind(window);
        window.requestAnimationFrame = (callback) => {
          win.rafCalls += 1;
          return original(callback);
        };
      });
      const before = await frames();
      await waitForFrames(page, 'chain', before.chain + 30);
      await waitForFrames(page, 'arm', before.arm + 2);
      const after = await frames();
      const calls = await page.evaluate(() => /** @type {any} */ (window).rafCalls);
      const chainFrames = after.chain - before.chain;
      // One callback per frame for both scenes (a loop each would ask twice as often); a few more
      // come from elsewhere in the page now and then (the host page's own, a resize).
      assert.ok(calls <= Math.ceil(chainFrames * 1.25) + 3, `${calls} requestAnimationFrame calls for ${chainFrames} frames of two scenes`);
      assert.equal(after.ccd - before.ccd, 0, 'the element out of view ran no frames');
      assert.equal(await onElement(page, 'ccd', (element) => element.stats().page.waiting), false, 'and has none requested');
      await scrollTo(page, 'ccd');
      await waitForFrames(page, 'ccd', after.ccd + 1);
      // The chain, now out of view, has no frame requested, and runs none over the page's next 20.
      await page.waitFor(() => document.getElementById('chain').stats().page.waiting === false);
      const back = await frames();
      for (let i = 0; i < 20; i += 1) await page.nextFrame();
      assert.equal((await frames()).chain, back.chain, 'the chain, now out of view, ran none');
    });
  });

  test('styles: a host\'s canvas and button rules do not reach inside, the element\'s do not leak out', async ({ engine, url }) => {
    await inPage(engine, `${url}${PAGE}`, async (page) => {
      await page.evaluate(() => {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(`canvas { opacity: 0.25 !important; border: 7px solid red !important; }
          button { background: rgb(255, 0, 0) !important; min-height: 0 !important; }
          p, ul, li { display: none !important; }`);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
        document.body.insertAdjacentHTML('beforeend',
          '<div id="outside"><canvas></canvas><button type="button" class="button play-button">x</button><p class="stage-message visually-hidden notices">y</p></div>');
      });
      await onElement(page, 'arm', (element) => element.setAttribute('length1', 'x'));
      await page.waitFor(() => !document.getElementById('arm')?.shadowRoot?.querySelector('.notices')?.hidden);
      const inside = await onElement(page, 'arm', (element) => {
        const root = element.shadowRoot;
        const canvas = getComputedStyle(root.querySelector('canvas'));
        const button = getComputedStyle(root.querySelector('#notice-dismiss'));
        const item = getComputedStyle(root.querySelector('.notice-list li'));
        return { opacity: canvas.opacity, border: canvas.borderTopWidth, button: button.backgroundColor, buttonHeight: button.minHeight, item: item.display };
      });
      assert.deepEqual(inside, { opacity: '1', border: '0px', button: 'rgba(0, 0, 0, 0)', buttonHeight: '44px', item: 'list-item' });
      const outside = await page.evaluate(() => {
        const canvas = getComputedStyle(/** @type {Element} */ (document.querySelector('#outside canvas')));
        const button = getComputedStyle(/** @type {Element} */ (document.querySelector('#outside button')));
        const text = getComputedStyle(/** @type {Element} */ (document.querySelector('#outside p')));
        return { canvas: canvas.position, touch: canvas.touchAction, button: button.position, radius: button.borderTopLeftRadius, text: text.position };
      });
      assert.deepEqual(outside, { canvas: 'static', touch: 'auto', button: 'static', radius: '0px', text: 'static' });
    });
  });

  test('theme=auto follows the host\'s color-scheme; theme=dark stays dark', async ({ engine, url }) => {
    await inPage(engine, `${url}${PAGE}`, async (page) => {
      const themeOf = () => onElement(page, 'chain', (element) => element.shadowRoot.querySelector('.frame').dataset.theme);
      const luminance = async () => {
        const [r, g, b] = await cornerOf(page, 'chain');
        return (r + g + b) / 3;
      };
      await page.evaluate(() => { document.documentElement.style.colorScheme = 'dark'; });
      await page.waitFor(() => document.getElementById('chain')?.shadowRoot?.querySelector('.frame')?.getAttribute('data-theme') === 'dark');
      await page.nextFrame();
      assert.ok(await luminance() < 60, 'a dark canvas on a dark host');
      await page.evaluate(() => { document.documentElement.style.colorScheme = 'light'; });
      await page.waitFor(() => document.getElementById('chain')?.shadowRoot?.querySelector('.frame')?.getAttribute('data-theme') === 'light');
      await page.nextFrame();
      assert.ok(await luminance() > 200, 'a light canvas on a light host');
      assert.equal(await themeOf(), 'light');
      await onElement(page, 'chain', (element) => element.setAttribute('theme', 'dark'));
      await page.waitFor(() => document.getElementById('chain')?.shadowRoot?.querySelector('.frame')?.getAttribute('data-theme') === 'dark');
      assert.equal((await stateOf(page, 'chain')).theme, 'dark');
      // A host colour through a documented custom property.
      await page.evaluate(() => { document.documentElement.style.colorScheme = ''; });
      await assertNoProblems(page);
    });
  });

  test('defined twice, removed and added again, attributes changed before it loads: all work', async ({ engine, url }) => {
    await inPage(engine, `${url}${PAGE}`, async (page) => {
      // The script again, under another URL (a second module instance): it defines nothing new.
      await page.evaluate(() => new Promise((resolve, reject) => {
        const script = document.createElement('script');
        script.type = 'module';
        script.src = '../ik2d-element.js?again';
        script.onload = resolve;
        script.onerror = reject;
        document.head.append(script);
      }));
      assert.equal(await page.evaluate(() => customElements.get('ik2d-scene') === document.getElementById('chain')?.constructor), true);

      // Removed and added again: the state it had (not its attributes' bones=8) comes back.
      await onElement(page, 'chain', (element) => element.setState({ params: { bones: 5 } }));
      await onElement(page, 'chain', (element) => {
        const parent = element.parentElement;
        element.remove();
        window.setTimeout(() => parent.prepend(element), 100);
      });
      await page.waitFor(() => document.getElementById('chain')?.isConnected === true);
      await waitLoaded(page, 'chain');
      assert.equal((await stateOf(page, 'chain')).params.bones, 5);
      assert.ok(await coloursOf(page, 'chain') > 3, 'drawn again');
      // Moved in one go: it keeps running.
      await onElement(page, 'arm', (element) => element.parentElement.append(element));
      await page.nextFrame();
      assert.notEqual(await stateOf(page, 'arm'), null);

      // A new element whose attributes change before it has loaded.
      await page.evaluate(() => {
        const element = document.createElement('ik2d-scene');
        element.id = 'late';
        element.setAttribute('scene', 'chain');
        element.setAttribute('bones', '3');
        document.querySelector('.post')?.prepend(element);
        element.setAttribute('bones', '7');
        element.setAttribute('method', 'ccd');
        /** @type {any} */ (window).lateLoads = 0;
        element.addEventListener('load', () => { /** @type {any} */ (window).lateLoads += 1; });
      });
      await waitLoaded(page, 'late');
      const late = await stateOf(page, 'late');
      assert.deepEqual([late.params.bones, late.params.method], [7, 'ccd']);
      // Once: none more over the page's next 10 animation frames.
      for (let i = 0; i < 10; i += 1) await page.nextFrame();
      assert.equal(await page.evaluate(() => /** @type {any} */ (window).lateLoads), 1, 'load fired once');
      await assertNoProblems(page);
    });
  });

  test('exportImage and exportAnimation: what the playground\'s make, from the element', async ({ engine, url }) => {
    await inPage(engine, `${url}${PAGE}`, async (page) => {
      const made = await onElement(page, 'arm', async (element) => {
        const png = await element.exportImage('png');
        const svg = await element.exportImage('svg');
        const gif = await element.exportAnimation({ format: 'gif', seconds: 0.5, width: 160, height: 120 });
        const head = new Uint8Array(await gif.slice(0, 6).arrayBuffer());
        const bad = await element.exportImage('bmp').then(() => 'resolved', (error) => error.name);
        return { png: [png.type, png.size > 1000], svg: [svg.type, (await svg.text()).includes('<svg')], gif: [gif.type, String.fromCharCode(...head)], bad };
      });
      assert.deepEqual(made, { png: ['image/png', true], svg: ['image/svg+xml', true], gif: ['image/gif', 'GIF89a'], bad: 'TypeError' });
      await assertNoProblems(page);
    });
  });

  test('keyboard: the focused canvas moves the target with the arrow keys', async ({ engine, url }) => {
    await inPage(engine, `${url}${PAGE}`, { viewport: { width: 1000, height: 1400 } }, async (page) => {
      await scrollTo(page, 'arm');
      const before = await stateOf(page, 'arm');
      await onElement(page, 'arm', (element) => element.shadowRoot.querySelector('canvas').focus());
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'arm', 'the element holds the focus');
      await page.press('ArrowLeft');
      await page.press('ArrowLeft');
      await page.press('ArrowUp');
      const after = await stateOf(page, 'arm');
      assert.ok(after.target.x < before.target.x, `target.x ${before.target.x} → ${after.target.x}`);
      assert.ok(after.target.y > before.target.y, `target.y ${before.target.y} → ${after.target.y}`);
      const label = await onElement(page, 'arm', (element) => element.shadowRoot.querySelector('canvas').getAttribute('aria-label'));
      assert.match(label, /arrow keys/i);
      await assertNoProblems(page);
    });
  });

  test('a finger drag (native touch input) on a handle moves the target', { needs: ['touchInput'] }, async ({ engine, url }) => {
    await inPage(engine, `${url}${PAGE}`, { viewport: { width: 800, height: 1200 }, touch: engine.can.touch }, async (page) => {
      await scrollTo(page, 'arm');
      const arm = await stateOf(page, 'arm');
      const from = await onElement(page, 'arm', (element, point) => element.worldToClient(point), arm.target);
      const destination = { x: -60, y: 120 };
      const to = await onElement(page, 'arm', (element, point) => element.worldToClient(point), destination);
      await page.touchDrag(from, to);
      await page.nextFrame();
      const state = await stateOf(page, 'arm');
      const perPixel = await onElement(page, 'arm', (element) => Math.abs(element.clientToWorld({ x: 1, y: 0 }).x - element.clientToWorld({ x: 0, y: 0 }).x));
      assertClose(state.target.x, destination.x, 2 * perPixel, 'target.x after the finger drag');
      assertClose(state.target.y, destination.y, 2 * perPixel, 'target.y after the finger drag');
    });
  });

  test('axe: the host page with three elements, light and dark, has no serious or critical violations', async ({ engine, url }) => {
    await inPage(engine, `${url}${PAGE}`, async (page) => {
      assert.deepEqual(await seriousAxeViolations(page), [], `${name}: light`);
      await page.evaluate(() => { document.documentElement.style.colorScheme = 'dark'; });
      await page.waitFor(() => document.getElementById('chain')?.shadowRoot?.querySelector('.frame')?.getAttribute('data-theme') === 'dark');
      await onElement(page, 'arm', (element) => element.setAttribute('bones', 'x')); // A notice shown.
      assert.deepEqual(await seriousAxeViolations(page), [], `${name}: dark, with a notice`);
    });
  });
});
