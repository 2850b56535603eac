// load.test.mjs: the page loads cleanly, stays on its own origin, and exposes window.playground;
// each scene fetches only the WebAssembly module it runs on; a host that lost a .wasm, and a
// sub-path. In every engine (engines/index.mjs).
import assert from 'node:assert/strict';
import { getState, pixelAt, readout, runFrames, worldPerPixel } from './harness.mjs';
import { inPage } from './engines/calls.mjs';
import { assertNoProblems, forEachEngine, serveFor } from './engines/index.mjs';

const API_FUNCTIONS = [
  'getState', 'setState', 'shareLink', 'pause', 'resume', 'step', 'worldToClient', 'clientToWorld',
  'groundHeight',
];

forEachEngine({}, ({ name, test }) => {
  test('loads without console errors, page errors or foreign requests', async ({ engine, url }) => {
    const opened = await engine.openPage(url);
    const page = opened;
    const requests = await page.requestList();
    try {
      assert.equal(await page.evaluate(() => document.title), 'ik2d playground');
      assert.equal((await page.textContent('h1'))?.replace(/\s+/g, ' ').trim(), 'ik2d playground');
      assert.match((await page.textContent('#version')) ?? '', /^ik2d \d+\.\d+\.\d+/, 'The version of the loaded module is shown');
      assert.deepEqual(requests.filter((request) => request.endsWith('.wasm')).map((request) => request.split('/').pop()),
        ['ik2d-core.wasm'], 'The arm\'s WebAssembly module, and only that one, was fetched');
      for (const request of requests) {
        assert.ok(request.startsWith(url), `Only same-origin requests are allowed, got ${request}`);
      }
      assert.equal(await page.isVisible('#loading'), false, 'The loading message is gone once ready');
      assert.equal(await page.isVisible('#notices'), false, 'A clean link shows no notices');
      assert.equal(await page.isVisible('#fatal'), false);
      // Let a few frames run (the loop runs every frame) before checking for problems.
      await runFrames(page);
      await assertNoProblems(opened);
    } finally {
      await opened.close();
    }
  });

  test('each scene fetches only the WebAssembly module it runs on, once; a tab loads the other on demand', {
    once: 'which module a scene fetches, and when, is the page\'s own JS (catalog.js, solvers.js), the same in every engine; every engine loads the page cleanly above',
  }, async ({ engine, url }) => {
    /** @param {string[]} requests */
    const wasmOf = (requests) => requests.filter((request) => request.endsWith('.wasm')).map((request) => request.split('/').pop());
    for (const [scene, wasm] of [['arm', 'ik2d-core.wasm'], ['chain', 'ik2d-core.wasm'], ['spider', 'ik2d-procedural.wasm'],
      ['stress', 'ik2d-batch.wasm'], ['puppet', 'ik2d-skeleton.wasm'], ['creature', 'ik2d-creature.wasm'],
      ['rope', 'ik2d-creature.wasm']]) {
      for (const file of ['index.html', 'embed.html']) {
        await inPage(engine, `${url}${file}?scene=${scene}`, async (page) => {
          assert.deepEqual(wasmOf(await page.requestList()), [wasm], `${file}?scene=${scene}`);
          assert.equal((await getState(page)).scene, scene);
        });
      }
    }
    await inPage(engine, url, async (page) => {
      // The arm runs on ik2d-core; picking the spider's tab starts ik2d-procedural, then shows the spider.
      assert.deepEqual(await page.evaluate(() => window.playground.setState({ scene: 'spider' })),
        ["Ignored scene=spider: it is not loaded yet (await playground.prepareScene('spider') first; ik2d:setState messages load it by themselves)"]);
      await page.click('#tab-spider');
      await page.waitForFunction(() => window.playground.getState().scene === 'spider');
      await page.click('#tab-arm');
      await page.waitForFunction(() => window.playground.getState().scene === 'arm');
      await page.evaluate(() => window.playground.prepareScene('puppet'));
      assert.deepEqual(await page.evaluate(() => window.playground.setState({ scene: 'puppet' })), []);
      await page.click('#tab-spider');
      await page.waitForFunction(() => window.playground.getState().scene === 'spider');
      assert.deepEqual(wasmOf(await page.requestList()), ['ik2d-core.wasm', 'ik2d-procedural.wasm', 'ik2d-skeleton.wasm'],
        'each module fetched once, when first needed');
      await assertNoProblems(page);
    });
  });

  test('the page runs under its Content-Security-Policy', async ({ engine, url }) => {
    await inPage(engine, url, async (page) => {
      const policy = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
      assert.ok(policy?.includes("script-src 'self' 'wasm-unsafe-eval'"), `CSP meta present, got ${policy}`);
      assert.ok(policy?.includes("style-src 'self'"));
      const inlineHandlers = await page.evaluate(() => [...document.querySelectorAll('*')]
        .flatMap((el) => [...el.attributes].map((a) => a.name))
        .filter((name) => name.startsWith('on') || name === 'style'));
      assert.deepEqual(inlineHandlers, [], 'No inline handlers or style attributes in the markup');
      await assertNoProblems(page); // A CSP violation would have been logged as a console error.
    });
  });

  test('window.playground has every API function and a JSON-serializable arm state', async ({ engine, url }) => {
    await inPage(engine, url, async (page) => {
      const types = await page.evaluate((names) => names.map((name) => typeof window.playground[name]), API_FUNCTIONS);
      assert.deepEqual(types, API_FUNCTIONS.map(() => 'function'), `window.playground must have ${API_FUNCTIONS.join(', ')}`);

      const state = await getState(page);
      assert.deepEqual(JSON.parse(JSON.stringify(state)), state, 'getState() must be JSON-serializable');
      assert.equal(state.scene, 'arm', '?scene=arm is the default scene');
      assert.deepEqual(state.params, { length1: 120, length2: 80, softness: 0, bend: 1, stretch: false, mix: 1, offsetX: 0, offsetY: 0, overlay: false, jointSpace: false, path: 'none' });
      assert.deepEqual(state.target, { x: 110, y: 90 });
      assert.deepEqual(state.root, { x: 0, y: 0 });
      assert.equal(state.result.status, 'reached');
      for (const key of ['joint', 'end']) {
        assert.ok(Number.isFinite(state.result[key].x) && Number.isFinite(state.result[key].y), `result.${key} is a point`);
      }
      for (const key of ['angle1', 'angle2', 'distance']) {
        assert.ok(Number.isFinite(state.result[key]), `result.${key} is a finite number`);
      }
      // The default pose is visibly bent, and the end sits on the target.
      assert.ok(Math.abs(state.result.angle2) > 0.5, 'default pose is bent');
      assert.ok(Math.hypot(state.result.end.x - 110, state.result.end.y - 90) < 1e-6);
      assert.equal(await readout(page, 'status'), 'reached');
      assert.equal(await page.evaluate(() => window.playground.groundHeight(0)), null, 'the arm has no terrain');
    });
  });

  test('the canvas draws the arm: root, bones, joint, end and target', async ({ engine, url }) => {
    await inPage(engine, url, async (page) => {
      const state = await getState(page);
      const { joint } = state.result;
      const background = await pixelAt(page, { x: -250, y: -180 });
      const perPixel = await worldPerPixel(page);
      const rootBase = await pixelAt(page, { x: 0, y: -5 * perPixel }); // On the square base, under the pin.
      const boneMiddle = await pixelAt(page, { x: joint.x / 2, y: joint.y / 2 });
      const targetPixel = await pixelAt(page, state.target);
      const luminance = ([r, g, b]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
      assert.ok(luminance(background) > 220, `empty space is light, got ${background}`);
      assert.ok(luminance(rootBase) < 100, `the root's square base is drawn dark, got ${rootBase}`);
      assert.ok(luminance(boneMiddle) < 110, `the upper bone is drawn dark between root and joint, got ${boneMiddle}`);
      assert.ok(targetPixel[2] > targetPixel[0] + 60, `the reached target is drawn blue, got ${targetPixel}`);
    });
  });

  test('if the WebAssembly file cannot load, the page and the embed view say so instead of failing silently', async ({ engine }) => {
    const lost = await serveFor(name, { missing: ['ik2d-core.wasm'] });
    try {
      for (const file of ['', 'embed.html?scene=arm']) {
        await inPage(engine, `${lost.url}${file}`, { viewport: { width: 1000, height: 700 }, waitReady: false }, async (page) => {
          await page.waitForSelector('html[data-ready="error"]', { state: 'attached', timeout: 15000 });
          assert.equal(await page.isVisible('#fatal'), true, `${file || 'index.html'}: a visible explanation replaces the canvas`);
          assert.match((await page.textContent('#fatal')) ?? '', /could not be loaded/);
          if (!file) assert.equal(await page.isVisible('.panel'), false, 'controls that cannot work are hidden');
          assert.equal(await page.isVisible('#loading'), false);
          assert.equal(await page.evaluate(() => 'playground' in window), false, 'no half-working API');
          const thrown = (await page.problemList()).filter((problem) => problem.startsWith('page error'));
          assert.deepEqual(thrown, [], 'the failure is handled, not thrown');
        });
      }
    } finally {
      await lost.close();
    }
  });

  test('works from a sub-path of any static host (every URL is relative)', async ({ engine }) => {
    const server = await serveFor(name, { prefix: '/projects/ik2d/demo/' });
    try {
      await inPage(engine, `${server.url}?v=1&scene=arm&length1=150`, async (opened) => {
        assert.equal((await getState(opened)).params.length1, 150);
        for (const url of await opened.requestList()) {
          assert.ok(url.startsWith(server.url), `every request stays under the sub-path, got ${url}`);
        }
        const link = await opened.evaluate(() => window.playground.shareLink());
        assert.equal(link, `${server.url}?v=1&scene=arm&length1=150`);
        await assertNoProblems(opened);
      });
    } finally {
      await server.close();
    }
  });
});
