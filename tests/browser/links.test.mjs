// links.test.mjs: share links in the browser. For every registered scene, a link made after
// changing every setting opens to identical params and points; and a table of malformed and hostile
// links (tests/js/fixtures/hostile-links.mjs), each of which loads a working scene with a visible
// plain-text notice, injects nothing, opens no dialog and logs no error. In one engine: both are the
// page's own JS (tests/js/page-input.test.mjs reads the same table's notices in Node).
import assert from 'node:assert/strict';
import { SCENES } from '../../web/src/scenes/index.js';
import { HOSTILE_LINKS } from '../js/fixtures/hostile-links.mjs';
import { HEAD_SCRIPT_URL, getState, setState } from './harness.mjs';
import { shownNotices } from './engines/calls.mjs';
import { assertNoProblems, forEachEngine } from './engines/index.mjs';

/** @typedef {import('./engines/page.mjs').EnginePage} EnginePage */

/** Loads a URL in the shared page and waits for the playground; forgets earlier problems. @param {EnginePage} page */
async function visit(page, url) {
  // Through a blank page, so the last page's requests still in flight (its icon, on a busy machine)
  // are cancelled before its problems are forgotten, not counted against the next link. (WebKit's
  // problems are read from the document shown, so an old document's cannot reach them.)
  if (page.engine !== 'webkit') await page.goto('about:blank');
  page.problems.length = 0;
  await page.goto(url);
  await page.waitReady();
}

/**
 * Asserts two states have the same params and points: strings and booleans equal, numbers to
 * 1e-6 relative.
 */
function assertSameSettings(actual, expected, scene, what) {
  assert.deepEqual(Object.keys(actual.params).sort(), Object.keys(expected.params).sort(), `${what}: the same params`);
  for (const [name, value] of Object.entries(expected.params)) {
    const got = actual.params[name];
    if (typeof value === 'number') {
      assert.ok(Math.abs(got - value) <= 1e-6 * Math.max(1, Math.abs(value)), `${what}: ${name} ${got} vs ${value}`);
    } else {
      assert.deepEqual(got, value, `${what}: ${name}`);
    }
  }
  for (const spec of scene.points) {
    for (const axis of ['x', 'y']) {
      const a = actual[spec.name][axis];
      const b = expected[spec.name][axis];
      assert.ok(Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b)), `${what}: ${spec.name}.${axis} ${a} vs ${b}`);
    }
  }
}

/** A value other than the default for a param, off any round number, chosen from its spec. */
function otherValue(spec, fraction) {
  switch (spec.kind) {
    case 'toggle': return !spec.default;
    case 'sign': return -spec.default;
    case 'choice': return spec.options.find((option) => option.value !== spec.default).value;
    default: {
      const value = spec.min + (spec.max - spec.min) * fraction + 0.123;
      return Math.min(spec.max, value);
    }
  }
}

/** What every bad link must leave: a working scene, its notices, nothing injected. */
async function assertSafeAndWorking(page, base, url, expectedScene) {
  const state = await getState(page);
  assert.equal(state.scene, expectedScene, `${url}: scene`);
  assert.equal(await page.isVisible('#notices'), true, `${url}: the notices are visible`);
  // Less the WebKit driver's console recorder, which the test server puts first.
  const injected = await page.evaluate((scriptToSkip) => ({
    elements: document.querySelectorAll('img, iframe, object, embed, svg, b, i, form:not(.embed-form), link:not([rel="stylesheet"]):not([rel="icon"])').length,
    scripts: [...document.scripts].map((s) => s.getAttribute('src')).filter((src) => src !== scriptToSkip),
    noticeChildren: [...document.querySelectorAll('#notice-list li')].reduce((n, li) => n + li.childElementCount, 0),
    title: document.title,
  }), HEAD_SCRIPT_URL);
  assert.deepEqual(injected, { elements: 0, scripts: ['src/theme-early.js', 'src/main.js'], noticeChildren: 0, title: 'ik2d playground' },
    `${url}: nothing injected`);
  // The canvas is drawn: many colours, not a blank rectangle.
  const colours = await page.evaluate(() => {
    const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
    const scratch = document.createElement('canvas');
    scratch.width = 64;
    scratch.height = 48;
    const context = /** @type {CanvasRenderingContext2D} */ (scratch.getContext('2d', { willReadFrequently: true }));
    context.drawImage(canvas, 0, 0, 64, 48);
    const data = context.getImageData(0, 0, 64, 48).data;
    const seen = new Set();
    for (let i = 0; i < data.length; i += 4) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    return seen.size;
  });
  assert.ok(colours > 5, `${url}: the scene is drawn (${colours} colours)`);
  // And it still answers: a setState applies.
  assert.deepEqual(await setState(page, { params: {} }), []);
  for (const requested of await page.requestList()) assert.ok(requested.startsWith(base), `${url}: no request leaves the origin (${requested})`);
  await assertNoProblems(page); // No page error, console error, failed request or dialog.
}

/** Why one engine is enough: the notices come from the page's modules (tests/js/page-input.test.mjs reads them in Node). */
const ONCE_NODE = 'what it checks beyond the page\'s modules (notices shown as text, nothing injected) is the same JS in every engine; tests/js/page-input.test.mjs checks the notices themselves';
/** Why one engine is enough: links and their notices are the page's own JS, the same in every engine. */
const ONCE_JS = 'links, their notices and clamping are the page\'s own JS (link.js, settings.js), the same in every engine';

forEachEngine({ page: '' }, ({ name, test }) => {
  for (const [index, scene] of SCENES.entries()) {
    test(`${scene.id}: a link made after changing every setting opens to identical params and points`, { once: ONCE_JS }, async ({ engine, url, page }) => {
      await visit(page, `${url}?scene=${scene.id}`);
      await page.evaluate(() => window.playground.pause());

      // Toggles and choices that make a point move by itself (a moving target, a target path, a
      // following root) are left at their defaults: the copy would have moved on by the time it is
      // read. Found by trying each.
      const animated = new Set();
      for (const spec of scene.params.filter((p) => p.kind === 'toggle' || p.kind === 'choice')) {
        const before = await getState(page);
        await setState(page, { params: { [spec.name]: otherValue(spec, 0) } });
        await page.evaluate(() => window.playground.step(5));
        const after = await getState(page);
        if (scene.points.some((p) => after[p.name].x !== before[p.name].x || after[p.name].y !== before[p.name].y)) {
          animated.add(spec.name);
        }
        await page.evaluate(() => document.getElementById('reset')?.click());
      }

      const fraction = 0.3137 + 0.17 * index;
      // Custom params (the chain's lengths and joint limits) follow from the others here; figure.test.mjs
      // and the property tests change them directly.
      const params = Object.fromEntries(scene.params.filter((spec) => !animated.has(spec.name) && spec.kind !== 'custom')
        .map((spec) => [spec.name, otherValue(spec, fraction)]));
      const points = Object.fromEntries(scene.points.map((spec, i) => {
        const b = spec.bounds ?? scene.world;
        const f = 0.41 + 0.13 * i;
        // Near the middle of the bounds, off round numbers (a spider target stays near the spider).
        const cx = (b.minX + b.maxX) / 2;
        const cy = (b.minY + b.maxY) / 2;
        return [spec.name, { x: cx + Math.min(150, (b.maxX - b.minX) / 4) * f + 0.0049, y: cy + (b.maxY - b.minY) * 0.2 * f + 0.456 }];
      }));
      const notices = await setState(page, { params, ...points });
      assert.ok(notices.every((n) => /^Rounded /.test(n)), `only roundings to a grid, got ${JSON.stringify(notices)}`);
      const state = await getState(page);
      for (const name of Object.keys(params)) {
        const spec = scene.params.find((p) => p.name === name);
        assert.notDeepEqual(state.params[name], spec.default, `${scene.id}.${name} moved off its default`);
      }

      const link = await page.evaluate(() => window.playground.shareLink());
      const parsed = new URL(link);
      assert.equal(`${parsed.origin}${parsed.pathname}`, url, 'a link to this page');
      assert.ok(parsed.search.startsWith(`?v=1&scene=${scene.id}&`), `versioned, scene first: ${link}`);
      assert.ok(link.length < 400, `short: ${link.length} characters (${link})`);
      assert.doesNotMatch(parsed.search, /%[0-9A-F]{2}/i, 'readable: nothing percent-encoded');

      const copy = await engine.openPage(link, { viewport: { width: 900, height: 700 } });
      try {
        const copied = await copy.evaluate(() => window.playground.getState());
        assert.equal(copied.scene, scene.id);
        assertSameSettings(copied, state, scene, `${scene.id} link`);
        assert.equal(await copy.isVisible('#notices'), false, 'a shared link has nothing to complain about');
        // The spider and the creature walk on in the copy, and the rope and the puppet's hair and
        // tail (springs) swing on, so where they are (`at`, `pose`; the puppet's last 7 angles) is
        // compared elsewhere (figure.test.mjs, creature.test.mjs, rope.test.mjs, puppet.test.mjs).
        const withoutOwnState = (text) => {
          const query = new URL(text);
          if (scene.id === 'spider' || scene.id === 'creature') query.searchParams.delete('at');
          if (scene.id === 'rope') query.searchParams.delete('pose');
          if (scene.id === 'puppet' && query.searchParams.has('pose')) {
            query.searchParams.set('pose', String(query.searchParams.get('pose')).split(',').slice(0, 16).join(','));
          }
          return query.href;
        };
        assert.equal(withoutOwnState(await copy.evaluate(() => window.playground.shareLink())), withoutOwnState(link), 'and links back to itself');
      } finally {
        await copy.close();
      }
      await assertNoProblems(page);
    });
  }

  test('malformed and hostile links each load a working scene with a plain-text notice', { once: ONCE_NODE }, async ({ url, page }) => {
    // A 20 KB URL is more than most servers take: the test server takes it (startServer's header
    // limit), so the page itself meets the long query.
    for (const { what, query, scene, notices: expected, settings, state } of HOSTILE_LINKS) {
      const link = `${url}${query}`;
      await visit(page, link);
      const notices = await shownNotices(page);
      assert.equal(notices.length, expected.length, `${what}: ${JSON.stringify(notices)}`);
      expected.forEach((pattern, i) => assert.match(notices[i], pattern, `${what}: notice ${i}`));
      const shown = await getState(page);
      settings?.(shown.params, shown); // A point's settings are the state's key of that name.
      state?.(shown);
      await assertSafeAndWorking(page, url, what, scene);
    }
  });
});
