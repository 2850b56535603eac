// react-host.test.mjs: <ik2d-scene> in a React 19 app built with Vite (tests/hosts/react), as a
// package consumer builds one: the packed tarball installed, `import 'ik2d/element'`, Vite's
// production build (its .wasm files emitted as assets), served with the policy
// "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'". React state sets the elements'
// attributes and its controls change them; `onload` and `onstatechange` props listen to the
// elements' events and React shows what they carry (a real drag too); a ref calls setState() and
// shareLink(); a bad value typed into the app gives a notice in the element and breaks nothing; an
// element unmounted and mounted again comes back working; each .wasm the scenes need is fetched
// once, and no other; an element out of view runs no frames; the app's styles and the element's
// stay apart; no CSP violation, no console error. In Chromium, Firefox and WebKit.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, test as nodeTest } from 'node:test';
import { buildReactHost } from '../hosts/react/build.mjs';
import { assertNoProblems, forEachEngine, onceHere, serveFolderFor } from './engines/index.mjs';
import { coloursAt, coloursOf, noticesOf, onElement, stateOf } from './engines/element.mjs';

/** @typedef {import('./engines/page.mjs').EnginePage} EnginePage */


/** Why the elements in a React app need one engine, for the blocks below. */
const ONCE = 'React sets the element\'s attributes and listens to its events in JS, the same in every engine; element.test.mjs and blog.test.mjs run the element in every engine';
/** The app is built only in the process whose engine runs the tests. */
const { here } = onceHere('chromium');

/** @type {Awaited<ReturnType<typeof buildReactHost>>} */
let built;
before(async () => { if (here) built = await buildReactHost(); }, { timeout: 120000 });
after(() => { if (built) rmSync(built.project, { recursive: true, force: true }); });

/** The .wasm files the page fetched, by name without Vite's hash. @param {EnginePage} page */
const wasmFetched = async (page) => (await page.requestList())
  .filter((request) => /\.wasm(\?|$)/.test(request))
  .map((request) => /** @type {string} */ (request.split('/').pop()).replace(/-[\w-]{8}\.wasm$/, '.wasm'));

/** The text React shows in an element of the app. @param {EnginePage} page @param {string} selector */
const shown = (page, selector) => page.evaluate((css) => document.querySelector(css)?.textContent ?? null, selector);

/** Waits until React shows `pattern` in an element of the app. @param {EnginePage} page @param {string} selector @param {RegExp} pattern */
const waitShown = (page, selector, pattern) => page.waitFor(([css, source]) => new RegExp(source).test(document.querySelector(css)?.textContent ?? ''),
  [selector, pattern.source]);

/** Types text into the focused input, key by key. @param {EnginePage} page @param {string} text */
async function type(page, text) {
  for (const char of text) await page.press(char);
}

// Registered only in the run that builds the app (onceHere).
if (here) nodeTest('Vite builds the app: every module\'s .wasm emitted as an asset, no inline script, only the known warnings', () => {
  const assets = readdirSync(path.join(built.dist, 'assets'));
  const wasm = assets.filter((file) => file.endsWith('.wasm')).map((file) => file.replace(/-[\w-]{8}\.wasm$/, '.wasm')).sort();
  // Each solver module is a dynamic import the scenes make: Vite emits them all, the page fetches what it runs.
  assert.deepEqual(wasm, ['ik2d-batch.wasm', 'ik2d-core.wasm', 'ik2d-creature.wasm', 'ik2d-procedural.wasm', 'ik2d-skeleton.wasm']);
  const html = readFileSync(path.join(built.dist, 'index.html'), 'utf8');
  assert.deepEqual([...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => /\bsrc=/.test(tag)), [true], 'one script, by src');
  assert.doesNotMatch(html, /<style\b|\sstyle=/, 'no inline style');
  // What the package's files make Vite say: the Emscripten glue's Node branch (node:fs/promises,
  // CommonJS' module and exports, never reached in a browser) and the element's link to the
  // playground beside it (new URL('../', import.meta.url), left to run time).
  const unknown = built.warnings.filter((warning) => !/node:fs\/promises|COMMONJS_VARIABLE_IN_ESM|new URL\(['"]\.\.\/['"], import\.meta\.url\)/.test(warning));
  assert.deepEqual(unknown, []);
});

forEachEngine({ once: ONCE, prefer: 'chromium' }, ({ name, test }) => {
  /** @type {Awaited<ReturnType<typeof serveFolderFor>>} */
  let host;
  before(async () => { if (built) host = await serveFolderFor(name, built.dist); });
  after(() => host?.close());

  test('the app renders three elements from React state: drawn, load once each, pictures on the arm\'s bones, one fetch per .wasm needed, apart in style, no frames out of view, no CSP violation', async ({ engine }) => {
    const page = await engine.openPage(host.url, { viewport: { width: 1200, height: 560 } });
    try {
      for (const id of ['chain', 'arm', 'rope']) assert.ok(await coloursOf(page, id) > 3, `${id}: the canvas shows a drawing`);
      assert.equal(await shown(page, '#loads'), 'Loaded: chain 1×, arm 1×, rope 1×', 'onload: once per element');
      const chain = await stateOf(page, 'chain');
      assert.deepEqual([chain.scene, chain.params.method, chain.params.bones, chain.params.path], ['chain', 'fabrik', 8, 'circle']);
      const arm = await stateOf(page, 'arm');
      assert.deepEqual([arm.scene, arm.params.length1, arm.params.length2, arm.target], ['arm', 130, 100, { x: 120, y: 70 }]);
      // The arm's upper bone wears the app's flat magenta picture (a file Vite emitted): the colour
      // at the bone's midpoint, and not off the bone.
      const middle = { x: (arm.root.x + arm.result.joint.x) / 2, y: (arm.root.y + arm.result.joint.y) / 2 };
      const [onBone, offBone] = await coloursAt(page, 'arm', [middle, { x: -150, y: -100 }]);
      const magenta = (/** @type {number[]} */ rgb) => Math.abs(rgb[0] - 255) <= 40 && rgb[1] <= 40 && Math.abs(rgb[2] - 255) <= 40;
      assert.ok(magenta(onBone), `the picture on bone 0: ${onBone}`);
      assert.ok(!magenta(offBone), `no picture off the bones: ${offBone}`);
      assert.deepEqual(await noticesOf(page, 'arm'), [], 'both pictures taken');
      assert.deepEqual([(await stateOf(page, 'rope')).params.segments], [20]);
      assert.equal(chain.openLink, false, 'openLink="0" from JSX: attribute names are not case-sensitive');
      assert.deepEqual((await wasmFetched(page)).sort(), ['ik2d-core.wasm', 'ik2d-creature.wasm'],
        'the chain and the arm share ik2d-core.wasm, the rope runs on ik2d-creature.wasm: each fetched once, no other');

      // The app's global rules (button, .button, p) do not reach inside; the element's .button does not reach out.
      const inside = await onElement(page, 'arm', (element) => {
        const button = getComputedStyle(element.shadowRoot.querySelector('#notice-dismiss'));
        return { radius: button.borderTopLeftRadius, colour: button.color === getComputedStyle(document.querySelector('#reach')).color };
      });
      assert.notEqual(inside.radius, '999px', 'the app\'s button rule does not reach the element\'s Dismiss');
      assert.equal(inside.colour, false, 'nor its colour');
      const outside = await page.evaluate(() => {
        const button = getComputedStyle(/** @type {Element} */ (document.querySelector('#reach')));
        return { radius: button.borderTopLeftRadius, minHeight: button.minHeight };
      });
      assert.deepEqual(outside, { radius: '999px', minHeight: 'auto' }, 'the app\'s .button keeps its own look');

      // The rope is below the fold: it runs no frames until it is scrolled to.
      const frames = () => page.evaluate(() => Object.fromEntries(['chain', 'rope'].map((id) => [id, /** @type {any} */ (document.getElementById(id)).stats().page.frames])));
      const before = await frames();
      // The chain in view runs on its path: its frames are the clock. None for the rope while it runs 30.
      await page.waitFor((from) => /** @type {any} */ (document.getElementById('chain')).stats().page.frames >= from + 30, before.chain);
      const later = await frames();
      assert.equal(later.rope - before.rope, 0, 'the rope out of view ran no frames');
      assert.equal(await page.evaluate(() => /** @type {any} */ (document.getElementById('rope')).stats().page.waiting), false, 'and has none requested');
      await page.evaluate(() => document.getElementById('rope')?.scrollIntoView({ block: 'start' }));
      await page.waitFor((from) => /** @type {any} */ (document.getElementById('rope')).stats().page.frames > from, later.rope);

      assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).cspViolations), [], 'no Content-Security-Policy violation');
      await assertNoProblems(page);
      // The policy is in force: an inline style attribute is refused, and the app hears of it.
      await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<p id="inline" style="color: red">x</p>'));
      await page.waitFor(() => /** @type {any} */ (window).cspViolations.length > 0);
    } finally {
      await page.close();
    }
  });

  test('React\'s controls change the attributes and the scene follows; a real drag shows in React; setState and shareLink through a ref', async ({ engine, url }) => {
    const page = await engine.openPage(host.url, { viewport: { width: 1200, height: 900 } });
    let link = '';
    try {
      // A radio button: React re-renders with method="ccd", the element applies it, statechange tells React.
      await page.locator('input[name="method"][value="ccd"]').click();
      await page.waitFor(() => /** @type {any} */ (document.getElementById('chain')).getState().params.method === 'ccd');
      assert.equal(await page.getAttribute('#chain', 'method'), 'ccd');
      await waitShown(page, '#chain-status', /^Last change: 8 bones, ccd$/);
      // The slider, by keyboard: bones="10".
      await page.locator('#bones').press('ArrowRight');
      await page.press('ArrowRight');
      await page.waitFor(() => /** @type {any} */ (document.getElementById('chain')).getState().params.bones === 10);
      await waitShown(page, '#chain-status', /^Last change: 10 bones, ccd$/);

      // A real drag of the arm's target: React shows where it ended (from statechange's detail).
      await page.evaluate(() => document.getElementById('arm')?.scrollIntoView({ block: 'center' }));
      await page.nextFrame();
      const arm = await stateOf(page, 'arm');
      const from = await onElement(page, 'arm', (element, point) => element.worldToClient(point), arm.target);
      const to = await onElement(page, 'arm', (element, point) => element.worldToClient(point), { x: -40, y: 150 });
      await page.drag([from, to], 20);
      const dragged = await page.waitFor(() => {
        const target = /** @type {any} */ (document.getElementById('arm')).getState().target;
        return Math.hypot(target.x + 40, target.y - 150) < 3 ? target : null;
      });
      const point = (/** @type {{x: number, y: number}} */ p) => `${p.x.toFixed(1)}, ${p.y.toFixed(1)}`;
      await page.waitFor((text) => document.querySelector('#arm-status')?.textContent?.includes(text), `target ${point(dragged)}`);

      // setState() through a ref, from a button: its notices (none) shown by React, the scene moved.
      await page.locator('#reach').click();
      await waitShown(page, '#arm-notices', /^setState took it all$/);
      assert.deepEqual((await stateOf(page, 'arm')).target, { x: 260, y: 40 });
      await waitShown(page, '#arm-status', /^Last change: target 260\.0, 40\.0, out of reach$/);
      // shareLink() through the ref: a link that opens the same arm in the playground.
      await page.locator('#share').click();
      link = /** @type {string} */ (await shown(page, '#arm-link'));
      assert.match(link, /^\?v=1&scene=arm&/);
      await assertNoProblems(page);
    } finally {
      await page.close();
    }
    // The link's query is the scene (its path, bundled, is the app's own page: docs/playground.md):
    // the playground, served from dist/, opens it as it was.
    const playground = await engine.openPage(`${url}index.html${link}`);
    try {
      const state = await playground.evaluate(() => window.playground.getState());
      assert.deepEqual([state.scene, state.params.length1, state.params.length2, state.target], ['arm', 130, 100, { x: 260, y: 40 }]);
    } finally {
      await playground.close();
    }
  });

  test('a bad value typed into the app: a plain-text notice in the element, nothing else changes; unmounted and mounted again, the rope works', async ({ engine }) => {
    const page = await engine.openPage(host.url, { viewport: { width: 1200, height: 900 } });
    try {
      const before = await stateOf(page, 'arm');
      // The app's target field, typed into and submitted: React sets target="12,<b>" on the element.
      await page.locator('#target').press('End');
      for (let i = 0; i < '120,70'.length; i += 1) await page.press('Backspace');
      await type(page, '12,<b>');
      await page.press('Enter');
      await page.waitFor(() => document.getElementById('arm')?.getAttribute('target') === '12,<b>');
      await page.waitFor(() => !document.getElementById('arm')?.shadowRoot?.querySelector('.notices')?.hidden);
      const notices = await noticesOf(page, 'arm');
      assert.ok(notices.length === 1 && notices[0].includes('target') && notices[0].includes('12,<b>'), notices.join(' | '));
      assert.equal(await onElement(page, 'arm', (element) => element.shadowRoot.querySelectorAll('.notices b').length), 0, 'the notice is text, never HTML');
      const after = await stateOf(page, 'arm');
      assert.deepEqual([after.scene, after.params, after.target], [before.scene, before.params, before.target], 'nothing else changed');
      // A good value next: taken.
      for (let i = 0; i < '12,<b>'.length; i += 1) await page.press('Backspace');
      await type(page, '40,90');
      await page.press('Enter');
      await page.waitFor(() => /** @type {any} */ (document.getElementById('arm')).getState().target.y === 90);
      await waitShown(page, '#arm-status', /^Last change: target 40\.0, 90\.0/);

      // The rope unmounted: its element is gone and its C++ objects freed; mounted again, a new
      // element loads (onload again), draws and runs on the module already fetched.
      const live = () => onElement(page, 'rope', (element) => {
        const { liveCreatures, embindHandles } = element.stats();
        return { liveCreatures, embindHandles };
      });
      const first = await live();
      await page.locator('#show-rope').click();
      await page.waitFor(() => document.getElementById('rope') === null);
      await page.locator('#show-rope').click();
      await waitShown(page, '#loads', /rope 2×/);
      assert.ok(await coloursOf(page, 'rope') > 3, 'the new rope draws');
      assert.equal((await stateOf(page, 'rope')).params.segments, 20);
      assert.deepEqual(await live(), first, 'the first rope\'s C++ objects were freed');
      assert.deepEqual((await wasmFetched(page)).sort(), ['ik2d-core.wasm', 'ik2d-creature.wasm'], 'nothing fetched again');
      assert.equal(await coloursOf(page, 'chain') > 3, true, 'the others go on');
      assert.deepEqual(await page.evaluate(() => /** @type {any} */ (window).cspViolations), []);
      await assertNoProblems(page);
    } finally {
      await page.close();
    }
  });
});
