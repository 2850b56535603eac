// links.test.mjs: share links in the browser. For every registered scene, a link made after
// changing every setting opens to identical params and points; and a table of malformed and hostile
// links, each of which loads a working scene with a visible plain-text notice, injects nothing,
// opens no dialog and logs no error. In every engine (engines/index.mjs).
import assert from 'node:assert/strict';
import { SCENES } from '../../web/src/scenes/index.js';
import { HEAD_SCRIPT_URL, getState, setState } from './harness.mjs';
import { assertNoProblems, forEachEngine } from './engines/index.mjs';

/** @typedef {import('./engines/page.mjs').EnginePage} EnginePage */

/** Notices shown on the page, as text. */
function shownNotices(p) {
  return p.$$eval('#notice-list li', (items) => items.map((item) => item.textContent ?? ''));
}

/** Loads a URL in the shared page and waits for the playground; forgets earlier problems. @param {EnginePage} page */
async function visit(page, url) {
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

const HOSTILE = [
  {
    what: 'an unknown scene',
    query: '?scene=robot&length1=150',
    scene: 'arm',
    notices: [/^Ignored scene=robot: unknown scene \(available: arm, chain, spider.*\); showing arm$/],
    check: (state) => assert.equal(state.params.length1, 150, 'the rest of the link still applies'),
  },
  {
    what: 'NaN and infinities',
    query: '?scene=arm&length1=NaN&length2=Infinity&softness=-1e999&target=NaN,NaN',
    scene: 'arm',
    notices: [/^Ignored length1=NaN: not a number$/, /^Ignored length2=Infinity: not a number$/,
      /^Ignored softness=-1e999: not a finite number$/, /^Ignored target=NaN,NaN: expected two finite numbers "x,y"$/],
    check: (state) => assert.equal(state.params.length1, 120),
  },
  {
    what: 'huge numbers',
    query: '?scene=arm&length1=1e308&target=1e300,-1e300&root=99999999999999999999,0',
    scene: 'arm',
    notices: [/^Clamped length1=1e\+308 to 250 /, /^Clamped target\.x=1e\+300 to 300 /, /^Clamped target\.y=-1e\+300 to -225 /,
      /^Clamped root\.x=100000000000000000000 to 300 /],
    check: (state) => assert.deepEqual(state.target, { x: 300, y: -225 }),
  },
  {
    what: 'thousands of bones',
    query: '?scene=chain&bones=5000&iterations=99999999',
    scene: 'chain',
    notices: [/^Clamped bones=5000 to 32 \(allowed 2 to 32\)$/, /^Clamped iterations=99999999 to 200 /],
    check: (state) => {
      assert.equal(state.params.bones, 32);
      assert.equal(state.positions.length, 2 * 33, 'the chain has 32 bones, not 5000');
    },
  },
  {
    what: 'thousands of legs',
    query: '?scene=spider&legs=4000',
    scene: 'spider',
    notices: [/^Clamped legs=4000 to 16 /],
    check: (state) => assert.equal(state.legs.length, 16),
  },
  {
    what: 'HTML in names and values',
    query: `?scene=chain&${encodeURIComponent('<img src=x onerror=alert(1)>')}=1&method=${encodeURIComponent('<script>alert(1)</script>')}`
      + `&embed=${encodeURIComponent('<svg onload=alert(2)>')}&<b>bold</b>=<i>x</i>`,
    scene: 'chain',
    // Notices about reading come first, then those about checking values (the method).
    notices: [/^Ignored <img src=x onerror=alert\(1\)>=1: chain has no setting "<img src=x onerror=alert\(1\)>"$/,
      /^Ignored embed=<svg onload=alert\(2\)>: expected 1 or 0$/, /^Ignored <b>bold<\/b>=<i>x<\/i>: chain has no setting/,
      /^Ignored method=<script>alert\(1\)<\/script>: must be one of ccd, fabrik/],
    check: (state) => assert.equal(state.params.method, 'ccd'),
  },
  {
    what: 'a javascript: scene and control characters',
    query: '?scene=javascript:alert(document.domain)&length1=1%0A2%00',
    scene: 'arm',
    notices: [/^Ignored scene=javascript:alert\(document\.domain\): unknown scene/, /^Ignored length1=1\?2\?: not a number$/],
  },
  {
    what: 'broken percent-encoding',
    query: '?scene=arm&length1=%E0%A4%A&target=%zz,1&%=%%&length2=9%',
    scene: 'arm',
    notices: [/^Ignored length1=.*: not a number$/, /^Ignored target=%zz,1: expected two finite numbers "x,y"$/,
      /^Ignored %=%%: arm has no setting "%"$/, /^Ignored length2=9%: not a number$/],
  },
  {
    what: 'a link from a newer format version',
    query: '?v=7&scene=arm&length1=150&reachTwice=1',
    scene: 'arm',
    notices: [/^This link is format version 7, newer than this page knows \(1\): read as version 1 as far as possible$/,
      /^Ignored reachTwice=1: arm has no setting "reachTwice"$/],
    check: (state) => assert.equal(state.params.length1, 150, 'read as far as possible'),
  },
  {
    what: 'hundreds of unknown parameters',
    query: `?scene=arm&${Array.from({ length: 400 }, (_, i) => `k${i}=1`).join('&')}`,
    scene: 'arm',
    notices: [...Array.from({ length: 7 }, (_, i) => new RegExp(`^Ignored k${i}=1: arm has no setting "k${i}"$`)),
      /^…and 393 more problems of the same kind$/],
  },
  {
    what: 'a 20 KB link',
    query: `?scene=chain&bones=12&pad=${'A'.repeat(20 * 1024)}`,
    scene: 'arm',
    notices: [/^Ignored the whole link: its query is 20\d{3} characters long, more than the 4096 a link may have; showing arm with its defaults$/],
    check: (state) => assert.equal(state.params.length1, 120),
  },
];

forEachEngine({ page: '' }, ({ name, test }) => {
  for (const [index, scene] of SCENES.entries()) {
    test(`${scene.id}: a link made after changing every setting opens to identical params and points`, async ({ engine, url, page }) => {
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
        // The spider and the creature walk on in the copy, so where they are (`at`) is compared
        // elsewhere (figure.test.mjs, creature.test.mjs).
        const withoutOwnState = (text) => {
          const query = new URL(text);
          if (scene.id === 'spider' || scene.id === 'creature') query.searchParams.delete('at');
          return query.href;
        };
        assert.equal(withoutOwnState(await copy.evaluate(() => window.playground.shareLink())), withoutOwnState(link), 'and links back to itself');
      } finally {
        await copy.close();
      }
      await assertNoProblems(page);
    });
  }

  test('malformed and hostile links each load a working scene with a plain-text notice', async ({ url, page }) => {
    // A 20 KB URL is more than most servers take: the test server takes it (startServer's header
    // limit), so the page itself meets the long query.
    for (const { what, query, scene, notices: expected, check } of HOSTILE) {
      const link = `${url}${query}`;
      await visit(page, link);
      const notices = await shownNotices(page);
      assert.equal(notices.length, expected.length, `${what}: ${JSON.stringify(notices)}`);
      expected.forEach((pattern, i) => assert.match(notices[i], pattern, `${what}: notice ${i}`));
      if (check) check(await getState(page));
      await assertSafeAndWorking(page, url, what, scene);
    }
  });
});
