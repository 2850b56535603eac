// figure.test.mjs: links that pin the exact figure. An author builds a state as a person does
// (pointer drags, the controls, step-through), takes shareLink(), and a reader opens it in a fresh
// page at the same viewport: the state agrees (positions to 0.05 world units) and so does the
// canvas. Also: rigs of your own (the panel's bone list, links, postMessage), figure export (SVG and
// PNG), and bad rigs and poses in links.
//
// How pictures are compared: both pages are paused and drawn once more with the pointer away, then
// the canvas' pixels are read (getImageData) and compared channel by channel. They "agree" when at
// most 0.5 % of the pixels differ by more than 8 of 255 in any channel: an exact pose gives 0, and
// a pose off by 0.05 units moves anti-aliased edges only.
import assert from 'node:assert/strict';
import { assertClose, getState, nextFrames, runFrames, setState, worldToClient } from './harness.mjs';
import { inPage } from './engines/calls.mjs';
import { assertNoProblems, forEachEngine } from './engines/index.mjs';
import { withDeepQuery } from './engines/page.mjs';

const VIEWPORT = { viewport: { width: 1200, height: 760 } };

/** The canvas' pixels, after pausing and drawing once more with the pointer away. */
async function canvasPixels(page) {
  await page.mouse.move(1, 1);
  await page.evaluate(() => window.playground.pause());
  await nextFrames(page);
  const data = await page.evaluate(withDeepQuery(() => {
    const canvas = /** @type {HTMLCanvasElement} */ (deepQuery('#view'));
    const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
    const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let text = '';
    for (let i = 0; i < pixels.length; i += 0x8000) text += String.fromCharCode(...pixels.subarray(i, i + 0x8000));
    return { width: canvas.width, height: canvas.height, base64: btoa(text) };
  }));
  return { width: data.width, height: data.height, pixels: Buffer.from(data.base64, 'base64') };
}

/** Share of pixels whose channels differ by more than 8. */
function pixelDifference(a, b) {
  assert.equal(a.width, b.width, 'the same canvas width');
  assert.equal(a.height, b.height, 'the same canvas height');
  let differing = 0;
  for (let i = 0; i < a.pixels.length; i += 4) {
    if (Math.max(Math.abs(a.pixels[i] - b.pixels[i]), Math.abs(a.pixels[i + 1] - b.pixels[i + 1]),
      Math.abs(a.pixels[i + 2] - b.pixels[i + 2])) > 8) differing += 1;
  }
  return differing / (a.pixels.length / 4);
}

/**
 * Asserts the reader's canvas agrees with the author's (see the top of this file) and reports by
 * how much in the test's log.
 * @param {import('node:test').TestContext} t
 */
async function assertSameCanvas(t, readerPage, authorPage, what) {
  const difference = pixelDifference(await canvasPixels(readerPage), await canvasPixels(authorPage));
  const percent = (difference * 100).toFixed(3);
  t.diagnostic(`pixels differing by more than 8/255: ${percent} %`);
  assert.ok(difference <= 0.005, `${what} (${percent} % of pixels differ)`);
}

/** Asserts two point lists (x0, y0, ...) agree within `tolerance`. */
function assertSamePositions(actual, expected, tolerance, what) {
  assert.equal(actual.length, expected.length, `${what}: as many points`);
  actual.forEach((value, i) => assertClose(value, expected[i], tolerance, `${what}[${i}]`));
}

/** Drags with the mouse through world points. */
async function dragThrough(page, points) {
  const first = await worldToClient(page, points[0]);
  await page.mouse.move(first.x, first.y);
  await page.mouse.down();
  for (const point of points.slice(1)) {
    const at = await worldToClient(page, point);
    await page.mouse.move(at.x, at.y, { steps: 3 });
  }
  await page.mouse.up();
}

/**
 * Opens the author's link in a fresh page, as a reader would.
 * @param {import('./engines/index.mjs').Engine} engine
 * @returns {Promise<{reader: import('./engines/page.mjs').EnginePage, state: any}>}
 */
async function openAsReader(engine, link) {
  const reader = await engine.openPage(link, VIEWPORT);
  return { reader, state: await getState(reader) };
}

forEachEngine({
  once: 'a link\'s figure is restored by the page\'s own JS and compared within one engine; every engine draws the same state alike in view.test.mjs',
  prefer: 'chromium',
}, ({ name, test }) => {
  test('arm: the reader sees the author\'s figure (state and pixels)', async ({ engine, url }, t) => {
    await inPage(engine, `${url}?scene=arm`, VIEWPORT, async (author) => {
      await dragThrough(author, [{ x: 0, y: 0 }, { x: -60, y: -40 }]); // The root.
      await dragThrough(author, [{ x: 110, y: 90 }, { x: 40, y: 150 }, { x: 130, y: 20 }]);
      await author.click('#param-bend');
      await author.getByRole('slider', { name: /Softness/ }).fill('30');
      const state = await getState(author);
      const link = await author.evaluate(() => window.playground.shareLink());
      const { reader, state: copied } = await openAsReader(engine, link);
      try {
        assert.deepEqual(copied.params, state.params);
        assert.deepEqual([copied.root, copied.target], [state.root, state.target]);
        assertClose(copied.result.joint.x, state.result.joint.x, 0.05, 'joint.x');
        assertClose(copied.result.joint.y, state.result.joint.y, 0.05, 'joint.y');
        await assertSameCanvas(t, reader, author, 'the canvases agree');
        await assertNoProblems(reader);
      } finally {
        await reader.close();
      }
      await assertNoProblems(author);
    });
  });

  for (const setup of [
    { name: '8-bone CCD chain dragged along a path', query: 'scene=chain&bones=8', controls: async () => {} },
    {
      name: '12-bone FABRIK chain with limits',
      query: 'scene=chain',
      controls: async (page) => {
        await page.getByRole('radio', { name: 'FABRIK' }).click();
        await page.getByRole('slider', { name: /Bones/ }).fill('12');
        await page.getByRole('switch', { name: /Joint limits/ }).click();
        await page.getByRole('slider', { name: /Limit ±/ }).fill('40');
      },
    },
  ]) {
    test(`chain: a ${setup.name} opens on the author's pose and stays put`, async ({ engine, url }, t) => {
      await inPage(engine, `${url}?${setup.query}`, VIEWPORT, async (author) => {
        await setup.controls(author);
        await dragThrough(author, [{ x: 120, y: 70 }, { x: -200, y: 120 }, { x: -80, y: -180 }, { x: 160, y: -60 }, { x: 10, y: 40 }]);
        await author.evaluate(() => window.playground.step(30));
        const state = await getState(author);
        const link = await author.evaluate(() => window.playground.shareLink());
        assert.match(link, /&pose=/, 'the link carries the pose');
        const { reader, state: copied } = await openAsReader(engine, link);
        try {
          assert.deepEqual(copied.params, state.params);
          assertSamePositions(copied.positions, state.positions, 0.05, 'positions');
          await runFrames(reader);
          assertSamePositions((await getState(reader)).positions, copied.positions, 0, 'the pose stays put');
          await assertSameCanvas(t, reader, author, 'the canvases agree');
          // And it moves once the reader changes something.
          await setState(reader, { target: { x: 60, y: 60 } });
          await reader.evaluate(() => window.playground.step(30));
          assert.notDeepEqual((await getState(reader)).positions, copied.positions);
          await assertNoProblems(reader);
        } finally {
          await reader.close();
        }
        await assertNoProblems(author);
      });
    });
  }

  test('chain: a link made while stepping reopens stepping at the same step, with the same drawing', async ({ engine, url }, t) => {
    await inPage(engine, `${url}?scene=chain&method=fabrik&overlay=1`, VIEWPORT, async (author) => {
      await dragThrough(author, [{ x: 120, y: 70 }, { x: -150, y: 100 }]);
      await author.evaluate(() => window.playground.step(20));
      await author.click('#tool-step'); // Step-through, then a new target to step toward.
      await setState(author, { target: { x: 150, y: -100 } });
      for (let i = 0; i < 4; i += 1) await author.click('#tool-step');
      const state = await getState(author);
      assert.equal(state.stepping.count, 4);
      const link = await author.evaluate(() => window.playground.shareLink());
      assert.match(link, /&step=4(&|$)/);
      const { reader, state: copied } = await openAsReader(engine, link);
      try {
        assert.equal(copied.stepping.count, 4, 'the same step');
        assert.equal(copied.stepping.kind, state.stepping.kind);
        assertSamePositions(copied.positions, state.positions, 0.05, 'positions');
        await assertSameCanvas(t, reader, author, 'the canvases agree, step drawing included');
        await reader.click('#tool-step');
        assert.equal((await getState(reader)).stepping.count, 5, 'and the reader steps on from there');
        await assertNoProblems(reader);
      } finally {
        await reader.close();
      }
    });
  });

  test('spider: the reader\'s first frame has the body where the author\'s was, feet on the ground; it walks on', { needs: ['initScript'] }, async ({ engine, url, page }) => {
    await inPage(engine, `${url}?scene=spider&roughness=0.9`, VIEWPORT, async (author) => {
      await setState(author, { target: { x: -600, y: 60 } });
      await author.evaluate(() => { window.playground.pause(); window.playground.step(240); });
      const state = await getState(author);
      assert.ok(state.body.x < -100, `the author's spider walked (x = ${state.body.x})`);
      const link = await author.evaluate(() => window.playground.shareLink());
      assert.match(link, /&at=-\d/);
      // The state of the first frame, taken the moment the page says it is ready.
      const reader = await engine.openPage(link, {
        ...VIEWPORT,
        waitReady: false,
        initScript: () => {
          new MutationObserver((_, observer) => {
            if (document.documentElement.dataset.ready !== 'true') return;
            /** @type {any} */ (window).firstState = window.playground.getState();
            observer.disconnect();
          }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-ready'] });
        },
      });
      try {
        await reader.waitForFunction(() => /** @type {any} */ (window).firstState);
        const first = await reader.evaluate(() => /** @type {any} */ (window).firstState);
        assertClose(first.body.x, state.body.x, 2, 'the body is where the author\'s was');
        for (const leg of first.legs.filter((l) => l.planted)) {
          const ground = await reader.evaluate((x) => window.playground.groundHeight(x), leg.foot.x);
          assertClose(leg.foot.y, ground, 1, 'a planted foot is on the ground');
        }
        assert.ok(first.legs.some((l) => l.planted), 'it stands on its feet');
        await reader.evaluate(() => { window.playground.pause(); window.playground.step(120); });
        assert.ok((await getState(reader)).body.x < first.body.x - 20, 'then it walks on toward the target');
      } finally {
        await reader.close();
      }
    });
  });

  test('stress: the reader gets the author\'s settings and target', async ({ engine, url }) => {
    await inPage(engine, `${url}?scene=stress`, VIEWPORT, async (author) => {
      await author.getByRole('slider', { name: /Limbs/ }).fill('4000');
      await author.getByRole('radio', { name: 'CCD' }).click();
      await dragThrough(author, [{ x: 150, y: 90 }, { x: -100, y: -50 }]);
      const state = await getState(author);
      const { reader, state: copied } = await openAsReader(engine, await author.evaluate(() => window.playground.shareLink()));
      try {
        assert.deepEqual([copied.params, copied.target], [state.params, state.target]);
      } finally {
        await reader.close();
      }
    });
  });

  test('rig editor: a 3:2:1 leg with a knee that bends one way, made with the pointer and the keyboard, survives a link', async ({ engine, url }) => {
    const author = await engine.openPage(`${url}?scene=chain&bones=3`, VIEWPORT);
    const page = author;
    try {
      await page.click('.rig-summary');
      // The keyboard: Tab into the first length, type, Tab on (a change commits it).
      await page.focus('#rig-length-0');
      await page.keyboard.press('Control+A');
      await page.keyboard.type('150');
      await page.keyboard.press('Tab');
      await page.fill('#rig-length-1', '100');
      await page.locator('#rig-length-1').press('Enter');
      await page.fill('#rig-length-2', '50');
      await page.locator('#rig-length-2').press('Tab');
      let state = await getState(page);
      assert.deepEqual(state.params.lengths, [150, 100, 50]);
      assert.equal(state.params.length, 300, 'the reach follows');
      // The pointer: limit the knee (joint 1) to bend one way only.
      await page.click('#rig-limited-1');
      await page.fill('#rig-min-1', '0');
      await page.locator('#rig-min-1').press('Tab');
      await page.fill('#rig-max-1', '150');
      await page.locator('#rig-max-1').press('Tab');
      state = await getState(page);
      assert.deepEqual(state.params.jointLimits, [null, [0, 150], null]);
      assert.equal(state.params.limits, true);
      await page.click('#rig-add');
      assert.deepEqual((await getState(page)).params.lengths, [150, 100, 50, 50], 'Add bone copies the tip');
      await page.click('#rig-remove');
      state = await getState(page);
      assert.deepEqual(state.params.lengths, [150, 100, 50], 'Remove bone drops it');
      assert.deepEqual(state.params.jointLimits, [null, [0, 150], null]);
      await dragThrough(page, [{ x: 120, y: 70 }, { x: 60, y: -200 }]);
      await page.evaluate(() => window.playground.step(20));
      state = await getState(page);
      const knee = state.angles[1] * 180 / Math.PI;
      assert.ok(knee >= -1e-9 && knee <= 150 + 1e-9, `the knee bends one way only (${knee}°)`);
      const link = await page.evaluate(() => window.playground.shareLink());
      assert.match(link, /lengths=150,100,50&/);
      assert.match(link, /jointLimits=,0:150,&/);
      assert.doesNotMatch(link, /[?&]bones=/, 'the lengths say how many bones');
      const { reader, state: copied } = await openAsReader(engine, link);
      try {
        assert.deepEqual(copied.params, state.params);
        assertSamePositions(copied.positions, state.positions, 0.05, 'positions');
        await reader.click('.rig-summary');
        assert.equal(await reader.inputValue('#rig-max-1'), '150', 'the editor shows the rig');
        await assertNoProblems(reader);
      } finally {
        await reader.close();
      }
      await assertNoProblems(author);
    } finally {
      await author.close();
    }
  });

  test('postMessage: a rig and a pose set by a host page come back from ik2d:getState', async ({ engine, url }) => {
    await inPage(engine, url, VIEWPORT, async (host) => {
      const replies = await host.evaluate(async (src) => {
        const frame = document.createElement('iframe');
        frame.src = src;
        frame.width = '640';
        frame.height = '480';
        document.body.append(frame);
        /** @type {any[]} */
        const got = [];
        addEventListener('message', (event) => got.push(event.data));
        const until = async (test) => {
          for (let i = 0; i < 500 && !got.some(test); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
          return got.find(test);
        };
        await until((m) => m?.type === 'ik2d:ready');
        const target = /** @type {Window} */ (frame.contentWindow);
        target.postMessage({
          type: 'ik2d:setState', id: 1,
          state: { params: { lengths: [120, 80, 40], jointLimits: [null, [0, 150], [-30, 30]] }, angles: [0.5, 0.4, -0.2] },
        }, location.origin);
        const set = await until((m) => m?.id === 1);
        target.postMessage({ type: 'ik2d:getState', id: 2 }, location.origin);
        return { set, get: await until((m) => m?.id === 2) };
      }, `${url}embed.html?scene=chain`);
      assert.deepEqual(replies.set.notices, []);
      const { state } = replies.get;
      assert.deepEqual(state.params.lengths, [120, 80, 40]);
      assert.deepEqual(state.params.jointLimits, [null, [0, 150], [-30, 30]]);
      state.angles.forEach((angle, i) => assertClose(angle, [0.5, 0.4, -0.2][i], 1e-12, `angle ${i}`));
      assert.match(replies.get.link, /lengths=120,80,40/);
      await assertNoProblems(host);
    });
  });

  test('export: the SVG is vector (one drawn bone per bone, the target), the PNG is the canvas\' device pixels; the buttons download them', async ({ engine, url }, t) => {
    const ratio = engine.can.deviceScaleFactor ? 2 : 1;
    const opened = await engine.openPage(`${url}?scene=chain&bones=9&limits=1&overlay=1`, { viewport: { width: 1000, height: 700 }, deviceScaleFactor: ratio });
    const page = opened;
    try {
      const svg = await page.evaluate(withDeepQuery(async () => {
        const blob = await window.playground.exportImage('svg');
        const doc = new DOMParser().parseFromString(await blob.text(), 'image/svg+xml');
        const root = doc.documentElement;
        return {
          type: blob.type,
          error: doc.querySelector('parsererror')?.textContent ?? null,
          name: root.nodeName,
          width: Number(root.getAttribute('width')),
          bones: doc.querySelectorAll('g[data-part="bone"] path').length > 0 ? doc.querySelectorAll('g[data-part="bone"]').length : 0,
          targets: doc.querySelectorAll('g[data-part="target"]').length,
          texts: [...doc.querySelectorAll('text')].map((t) => t.textContent),
          images: doc.querySelectorAll('image, foreignObject, script').length,
          cssWidth: deepQuery('#view')?.getBoundingClientRect().width,
        };
      }));
      assert.equal(svg.type, 'image/svg+xml');
      assert.equal(svg.error, null, 'the SVG parses');
      assert.equal(svg.name, 'svg');
      assert.equal(svg.bones, 9, 'one drawn bone per bone');
      assert.equal(svg.targets, 1, 'the target');
      assert.ok(svg.texts.includes('8'), 'the overlay\'s joint numbers are text');
      assert.equal(svg.images, 0, 'paths and text only');
      assertClose(svg.width, svg.cssWidth, 0.5, 'the SVG is the canvas\' size');
      const png = await page.evaluate(withDeepQuery(async () => {
        const blob = await window.playground.exportImage('png');
        const bitmap = await createImageBitmap(blob);
        const canvas = /** @type {HTMLCanvasElement} */ (deepQuery('#view'));
        return { type: blob.type, width: bitmap.width, height: bitmap.height, canvas: [canvas.width, canvas.height] };
      }));
      assert.equal(png.type, 'image/png');
      assert.deepEqual([png.width, png.height], png.canvas, 'the PNG has the canvas\' device pixels');
      assert.ok(png.width >= 1000 * 0.5 * ratio - 4, `at ${ratio}× device pixels`);
      const error = await page.evaluate(() => window.playground.exportImage('gif').catch((e) => `${e.name}: ${e.message}`));
      assert.equal(error, "TypeError: exportImage(format) expects 'png' or 'svg', got gif");
      if (name === 'chromium') {
        const playwright = /** @type {import('playwright-core').Page} */ (/** @type {any} */ (page).page);
        for (const format of ['png', 'svg']) {
          const [download] = await Promise.all([playwright.waitForEvent('download'), page.click(`#download-${format}`)]);
          assert.equal(download.suggestedFilename(), `ik2d-chain.${format}`);
        }
      } else {
        t.diagnostic(`${name}: the download buttons are not checked: only Playwright (Chromium) reports downloads`);
      }
      await assertNoProblems(opened);
    } finally {
      await opened.close();
    }
  });

  test('bad rigs and poses in a link: plain-text notices, no injected markup, a working chain', async ({ engine, url }) => {
    const query = [
      'scene=chain', 'lengths=10,<img src=x onerror=alert(1)>,30', 'jointLimits=,50:10,,,,', `pose=${'1,'.repeat(20)}1`,
      'step=<b>2</b>', 'bones=5',
    ].map((part) => part.replace(/[<>= ]/g, (c, i) => (i === part.indexOf('=') ? c : encodeURIComponent(c)))).join('&');
    const opened = await engine.openPage(`${url}?${query}`, VIEWPORT);
    const page = opened;
    try {
      const notices = await page.locator('#notice-list li').allTextContents();
      assert.ok(notices.some((n) => n.startsWith('Ignored lengths=10,<img src=x onerror=alert(1)>,30: entry 2 is not a number')), notices.join('\n'));
      assert.ok(notices.some((n) => /^Ignored jointLimits\[1\]: min 50° is more than max 10°/.test(n)), notices.join('\n'));
      assert.ok(notices.some((n) => /^Ignored angles: expected 5 finite numbers \(radians, one per bone\), got 21 values$/.test(n)), notices.join('\n'));
      assert.ok(notices.some((n) => /^Ignored step=<b>2<\/b>: expected a whole number of steps/.test(n)), notices.join('\n'));
      assert.equal(await page.locator('img, b').count(), 0, 'no markup from the link');
      const state = await getState(page);
      assert.equal(state.params.bones, 5);
      await dragThrough(page, [{ x: 120, y: 70 }, { x: 50, y: 100 }]);
      await page.evaluate(() => window.playground.step(20));
      assert.equal((await getState(page)).result.status, 'reached', 'the chain works');
      await assertNoProblems(opened);
    } finally {
      await opened.close();
    }
  });
});
