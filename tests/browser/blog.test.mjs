// blog.test.mjs: a real blog. The snippets are copied from the playground's Copy embed code dialog
// (an arm with path=circle, a chain with readouts=1, a spider with play=click; iframes light, and
// dark + transparent; and the <ik2d-scene> element with theme=auto), pasted into Markdown posts,
// built with Hugo (a light and a dark layout) and served on 127.0.0.1 from the embeds' own origin
// and (the iframes) from another port. Read at 320, 390 (touch) and 1200 px: the shape, a swipe
// scrolling the post, a drag from a handle and a tap, the theme and transparency, reduced motion,
// the element post's script and modules fetched once, and no console errors anywhere. In Chromium, Firefox and WebKit
// (engines/index.mjs), each copying its own snippets; what an engine cannot do is skipped there,
// with the reason. (Embeds scrolled out of view running no frames: power.test.mjs.)
// Set IK2D_SHOTS=<folder> to keep a screenshot of every post at every width.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import { BLOG_ELEMENT_POST, BLOG_EMBEDS, BLOG_LAYOUTS, BLOG_PICTURE, buildBlog } from '../../scripts/lib/blog.mjs';
import { coloursAt } from './engines/element.mjs';
import { getState, pixelAt } from './harness.mjs';
import { assertNoProblems, forEachEngine, launchEngine, serveFolderFor, serveFor } from './engines/index.mjs';
import { withDeepQuery } from './engines/page.mjs';

/** @typedef {import('./engines/page.mjs').EnginePage} EnginePage */

const shots = process.env.IK2D_SHOTS;

/**
 * Copies the snippet for one embed from the playground, as an author does: the scene set up by
 * its link, then Copy embed code, the choices in the dialog, Copy; the snippet as the dialog shows it.
 * @param {EnginePage} page
 * @param {string} url The playground's.
 * @param {typeof BLOG_EMBEDS[number]} embed
 * @param {'light' | 'dark' | 'auto'} theme
 * @param {'iframe' | 'element'} [kind]
 */
async function copySnippet(page, url, embed, theme, kind = 'iframe') {
  await page.goto(`${url}?${embed.query}`);
  await page.waitReady();
  await page.getByRole('button', { name: 'Copy embed code' }).click();
  const dialog = page.locator('#embed-dialog');
  await dialog.waitFor();
  await dialog.getByRole('radio', { name: kind }).check();
  if (theme !== 'auto') await dialog.getByRole('radio', { name: theme }).check(); // auto: the default.
  if (theme === 'dark') await dialog.getByRole('switch', { name: /Transparent background/ }).check();
  if (embed.page.readouts) await dialog.getByRole('switch', { name: /Readouts in the embed/ }).check();
  if (embed.page.play) await dialog.getByRole('radio', { name: embed.page.play }).check();
  if (kind === 'element') {
    // The element's poster (an SVG export of the figure) comes a moment after the dialog opens.
    await page.waitForFunction(() => /** @type {HTMLTextAreaElement} */ (document.getElementById('embed-code')).value.includes('<svg'));
  }
  await dialog.getByRole('button', { name: 'Copy' }).click();
  // Copied, or shown selected where the browser refuses: the snippet is what the dialog shows
  // (embed.test.mjs checks the copying itself).
  await page.waitForFunction(() => document.getElementById('embed-status')?.textContent);
  return page.inputValue('#embed-code');
}


/**
 * Waits until the page's scroll position holds over three animation frames in a row (a fling or a
 * smooth scroll has ended). @param {EnginePage} page
 */
async function scrollAtRest(page) {
  let last = await page.evaluate(() => scrollY);
  for (let same = 0, frames = 0; same < 3; frames += 1) {
    if (frames > 600) throw new Error(`the post still scrolls after 600 frames (at ${last} px)`);
    await page.nextFrame();
    const now = await page.evaluate(() => scrollY);
    same = now === last ? same + 1 : 0;
    last = now;
  }
}

forEachEngine({ launch: false }, ({ name, test }) => {
  /** @type {import('./engines/index.mjs').Engine} */
  let engine;
  const folder = mkdtempSync(path.join(tmpdir(), `ik2d-blog-${name}-`));
  /** @type {{url: string, close: () => Promise<void>}} */
  let server;
  /** @type {{url: string, close: () => Promise<void>}} */
  let other;
  /** @type {Record<string, string>} */
  let postPaths;

  before(async () => {
    server = await serveFor(name, { folders: { '/blog/': path.join(folder, 'public') } });
    engine = await launchEngine(name);
    const page = await engine.openPage(server.url, { clipboard: engine.can.readClipboard });
    /** @type {Record<string, string[]>} */
    const snippets = { light: [], dark: [], [BLOG_ELEMENT_POST]: [] };
    try {
      for (const theme of BLOG_LAYOUTS) {
        for (const embed of BLOG_EMBEDS) snippets[theme].push(await copySnippet(page, server.url, embed, theme));
      }
      // The elements keep theme=auto: they follow the post's colours.
      for (const embed of BLOG_EMBEDS) snippets[BLOG_ELEMENT_POST].push(await copySnippet(page, server.url, embed, 'auto', 'element'));
      // The author puts a picture of the site's on the arm's upper bone (and names the element).
      snippets[BLOG_ELEMENT_POST][0] = snippets[BLOG_ELEMENT_POST][0].replace('<ik2d-scene ', '<ik2d-scene id="arm" ')
        .replace('</ik2d-scene>', `<img data-bone="0" src="../../${BLOG_PICTURE}" alt=""></ik2d-scene>`);
    } finally {
      await page.close();
    }
    const built = buildBlog(folder, snippets);
    postPaths = built.paths;
    other = await serveFolderFor(name, built.public);
  });
  after(async () => {
    await engine?.close();
    await server?.close();
    await other?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** The post's URL from the embeds' own origin, or from another port. */
  const postUrl = (layout, origin) => `${origin === 'same' ? `${server.url}blog/` : other.url}${postPaths[layout]}`;

  /**
   * Opens a post, scrolls each embed into view (they load lazily) and waits until all are ready.
   * @param {import('./engines/index.mjs').Engine} browser
   * @param {string} layout
   * @param {'same' | 'other'} origin
   * @param {import('./engines/page.mjs').OpenOptions} options
   */
  async function openPost(browser, layout, origin, options) {
    const page = await browser.openPage(postUrl(layout, origin), { ...options, waitReady: false });
    const frames = [];
    for (const embed of BLOG_EMBEDS) {
      const selector = `iframe[src*="scene=${embed.id}"]`;
      await page.locator(selector).scrollIntoViewIfNeeded();
      const frame = await page.frame(selector);
      await frame.waitReady();
      frames.push(frame);
    }
    await page.evaluate(() => scrollTo(0, 0));
    return { page, frames };
  }

  test('the snippet as copied: 4:3, full column width up to 640 px, the page params written once', async () => {
    const page = await engine.openPage(postUrl('dark', 'same'), { waitReady: false });
    try {
      const sources = await page.$$eval('iframe', (frames) => frames.map((frame) => frame.getAttribute('src')));
      // The spider walks while the author sets up the snippet: its link says where it stands (`at`),
      // wherever that was when Copy was pressed.
      assert.deepEqual(sources.map((src) => src?.replace(/&at=-?[\d.]+/, '')), [
        `${server.url}embed.html?v=1&scene=arm&path=circle&theme=dark&transparent=1`,
        `${server.url}embed.html?v=1&scene=chain&theme=dark&transparent=1&readouts=1`,
        `${server.url}embed.html?v=1&scene=spider&theme=dark&transparent=1&play=click`,
      ]);
      assert.deepEqual(await page.$$eval('iframe', (frames) => frames.map((frame) => frame.getAttribute('style'))),
        Array(3).fill('border:0;display:block;width:100%;max-width:640px;height:auto;aspect-ratio:640/480;color-scheme:dark'));
    } finally {
      await page.close();
    }
  });

  for (const layout of BLOG_LAYOUTS) {
    for (const [asked, phone] of /** @type {Array<[number, boolean]>} */ ([[320, false], [390, true], [1200, false]])) {
      test(`${layout} post at ${asked} px${phone ? ' (a phone)' : ''}: every embed is 4:3 across the column, themed, with no errors`, {
        width: phone ? undefined : asked,
      }, async (_, t) => {
        // A phone: as narrow as the engine's window can be, with touch where it can emulate it.
        const width = phone ? Math.max(asked, engine.minWidth) : asked;
        const touch = phone && engine.can.touch;
        if (phone && (width !== asked || !touch)) {
          t.diagnostic(`${name}: ${width} px wide${touch ? '' : ', with a mouse (it cannot emulate a touch device)'}`);
        }
        const { page, frames } = await openPost(engine, layout, 'same', { viewport: { width, height: 800 }, touch });
        try {
          const boxes = await page.$$eval('iframe', (elements) => elements.map((element) => {
            const rect = element.getBoundingClientRect();
            return { width: rect.width, height: rect.height, column: /** @type {Element} */ (element.parentElement).clientWidth };
          }));
          for (const box of boxes) {
            assert.equal(box.width, Math.min(640, box.column), `${width}: as wide as the column (${box.column}), at most 640`);
            assert.ok(Math.abs(box.height - (box.width * 3) / 4) <= 1, `${width}: 4:3, got ${box.width}×${box.height}`);
          }
          if (width === 320) {
            // The whole window's width, less a classic scrollbar where the engine draws one
            // (headless Firefox: 12 px; Chromium's and WebKit's overlay it).
            const column = await page.evaluate(() => document.documentElement.clientWidth);
            assert.deepEqual([boxes[0].width, boxes[0].height], [column, (column * 3) / 4], `a 320 px window gives ${column}×${(column * 3) / 4}`);
          }
          for (const [i, frame] of frames.entries()) {
            const inside = await frame.evaluate(withDeepQuery(() => {
              const rect = deepQuery('#view')?.getBoundingClientRect();
              return { theme: document.documentElement.dataset.theme, innerWidth, innerHeight, canvasWidth: rect?.width };
            }));
            assert.equal(inside.theme, layout, `embed ${i} follows the post's theme`);
            assert.equal(inside.canvasWidth, inside.innerWidth, `embed ${i} fills its iframe edge to edge`);
          }
          // The embeds' own background: opaque light on the light post, none on the dark one.
          const corner = await pixelAt(frames[0], { x: -275, y: -175 }); // Inside a grid cell.
          if (layout === 'light') assert.ok(corner[3] === 255 && corner[0] > 240, `light, opaque: ${corner}`);
          else assert.equal(corner[3], 0, 'dark post: the embed is see-through');
          // The spider waits for a click; the chain shows its readouts.
          assert.equal(await frames[2].isVisible('#play'), true, 'play=click: a play control');
          assert.equal((await getState(frames[2])).time, 0);
          assert.equal(await frames[1].isVisible('[data-readout="status"]'), true, 'readouts=1');
          if (shots) {
            mkdirSync(shots, { recursive: true });
            writeFileSync(path.join(shots, `blog-${name}-${layout}-${width}.png`), await page.screenshot());
          }
          await assertNoProblems(page);
        } finally {
          await page.close();
        }
      });
    }
  }

  for (const width of [390, 1200]) {
    test(`the element post at ${width} px: the <ik2d-scene> snippets pasted in Markdown and built by Hugo draw 4:3 across the column in the post's colours; the script and each .wasm are fetched once${width === 1200 ? '; out of view, no frames; a changed attribute fires statechange, a bad one shows a notice' : ''}`, async (_, t) => {
      const wide = Math.max(width, engine.minWidth);
      if (wide !== width) t.diagnostic(`${name}: ${wide} px wide, the narrowest its window can be`);
      // On the elements' own origin: from another, the host serving ik2d-element.js must send CORS
      // headers, as for any module script (this test server sends none).
      const page = await engine.openPage(postUrl(BLOG_ELEMENT_POST, 'same'), { waitReady: false, viewport: { width: wide, height: 800 } });
      try {
        const count = await page.evaluate(() => document.querySelectorAll('ik2d-scene').length);
        assert.equal(count, BLOG_EMBEDS.length, 'three elements in the post');
        for (let i = 0; i < count; i++) {
          await page.evaluate((n) => document.querySelectorAll('ik2d-scene')[n].scrollIntoView({ block: 'center' }), i);
          await page.waitForFunction((n) => document.querySelectorAll('ik2d-scene')[n].shadowRoot?.querySelector('.frame')?.getAttribute('data-ready') === 'true', i);
        }
        await page.evaluate(() => scrollTo(0, 0));
        const seen = await page.evaluate(() => [...document.querySelectorAll('ik2d-scene')].map((element) => {
          const rect = element.getBoundingClientRect();
          const frame = /** @type {HTMLElement} */ (element.shadowRoot?.querySelector('.frame'));
          const state = /** @type {any} */ (element).getState();
          return {
            width: rect.width, height: rect.height, column: /** @type {Element} */ (element.parentElement).clientWidth,
            theme: frame.dataset.theme, scene: state.scene, time: state.time,
            play: !(/** @type {HTMLElement} */ (element.shadowRoot?.querySelector('.play-button'))).hidden,
            readouts: element.shadowRoot?.querySelectorAll('[data-readout]').length ?? 0,
          };
        }));
        for (const [i, box] of seen.entries()) {
          assert.equal(box.scene, BLOG_EMBEDS[i].id);
          assert.ok(Math.abs(box.width - box.column) <= 1, `${width}: element ${i} as wide as the column (${box.column}), got ${box.width}`);
          assert.ok(Math.abs(box.height - (box.width * 3) / 4) <= 1, `${width}: element ${i} is 4:3, got ${box.width}×${box.height}`);
          assert.equal(box.theme, 'light', `element ${i}: theme=auto follows the light post`);
        }
        assert.ok(seen[1].readouts > 0, 'readouts=1: the chain shows its readouts');
        // The site's picture on the arm's upper bone: magenta at the bone's middle, not off it.
        await page.evaluate(() => document.getElementById('arm')?.scrollIntoView({ block: 'center' }));
        // The arm moves on its circle: the state and the pixel are read in one go, until the
        // picture (loaded by the page) has been drawn.
        const onBone = await page.waitFor(() => {
          const element = /** @type {any} */ (document.getElementById('arm'));
          const canvas = element.shadowRoot.querySelector('canvas');
          const { root, result } = element.getState();
          const client = element.worldToClient({ x: (root.x + result.joint.x) / 2, y: (root.y + result.joint.y) / 2 });
          const rect = canvas.getBoundingClientRect();
          const scratch = document.createElement('canvas');
          scratch.width = 1;
          scratch.height = 1;
          const context = /** @type {CanvasRenderingContext2D} */ (scratch.getContext('2d'));
          context.drawImage(canvas, Math.floor(((client.x - rect.left) * canvas.width) / rect.width),
            Math.floor(((client.y - rect.top) * canvas.height) / rect.height), 1, 1, 0, 0, 1, 1);
          const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
          return r > 215 && g < 40 && b > 215 ? [r, g, b] : null;
        }, null, 5000).catch(() => null);
        assert.ok(onBone, 'the picture is drawn on the arm\'s bone 0 (magenta at its middle)');
        const [offBone] = await coloursAt(page, 'arm', [{ x: -150, y: -100 }]);
        assert.ok(!(offBone[0] > 215 && offBone[1] < 40 && offBone[2] > 215), `no picture off the bones: ${offBone}`);
        await page.evaluate(() => scrollTo(0, 0));
        assert.equal(seen[2].play, true, 'play=click: the spider waits with a play control');
        assert.equal(seen[2].time, 0);
        const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname));
        const count_ = (file) => fetched.filter((name) => name.endsWith(file)).length;
        assert.equal(count_('/ik2d-element.js'), 1, 'the script pasted three times is fetched once');
        assert.equal(count_('/ik2d-core.wasm'), 1, 'the arm and the chain share ik2d-core.wasm');
        assert.equal(count_('/ik2d-procedural.wasm'), 1, 'the spider fetches its module');
        assert.equal(fetched.filter((name) => name.endsWith('.wasm')).length, 2, `no other module: ${fetched.filter((name) => name.endsWith('.wasm'))}`);
        if (shots) {
          mkdirSync(shots, { recursive: true });
          await page.evaluate(() => document.querySelectorAll('ik2d-scene')[1].scrollIntoView({ block: 'center' }));
          await page.nextFrame();
          await page.nextFrame();
          writeFileSync(path.join(shots, `blog-${name}-elements-${wide}.png`), await page.screenshot());
          await page.evaluate(() => scrollTo(0, 0));
        }
        if (width === 1200) {
          // Out of view (the post at its top): the arm on its circle runs no frames.
          const armFrames = () => page.evaluate(() => /** @type {any} */ (document.querySelector('ik2d-scene')).stats().page.frames);
          await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
          // It stops once the browser reports it out of view (later on a busy machine): then it has
          // no frame requested, and runs none while the page runs 30 of its own.
          await page.waitForFunction(() => /** @type {any} */ (document.querySelector('ik2d-scene')).stats().page.waiting === false);
          const away = await armFrames();
          for (let i = 0; i < 30; i += 1) await page.nextFrame();
          assert.equal(await armFrames(), away, 'scrolled away, the arm ran no frames');
          // An attribute the host changes: the scene follows and says so; a bad one, a notice and no change.
          await page.evaluate(() => {
            const chain = /** @type {any} */ (document.querySelectorAll('ik2d-scene')[1]);
            /** @type {any} */ (window).changes = [];
            chain.addEventListener('statechange', (/** @type {CustomEvent} */ event) => /** @type {any} */ (window).changes.push(event.detail.params.bones));
            chain.scrollIntoView({ block: 'center' });
            chain.setAttribute('bones', '9');
          });
          await page.waitForFunction(() => /** @type {any} */ (window).changes.includes(9));
          await page.evaluate(() => document.querySelectorAll('ik2d-scene')[1].setAttribute('bones', 'many'));
          await page.waitForFunction(() => !(/** @type {HTMLElement} */ (document.querySelectorAll('ik2d-scene')[1].shadowRoot?.querySelector('.notices'))).hidden);
          const after = await page.evaluate(() => ({
            bones: /** @type {any} */ (document.querySelectorAll('ik2d-scene')[1]).getState().params.bones,
            notice: document.querySelectorAll('ik2d-scene')[1].shadowRoot?.querySelector('.notice-list')?.textContent,
          }));
          assert.equal(after.bones, 9, 'a bad attribute changes nothing');
          assert.match(after.notice ?? '', /^Ignored bones=many/);
        }
        await assertNoProblems(page);
      } finally {
        await page.close();
      }
    });
  }

  for (const origin of /** @type {const} */ (['same', 'other'])) {
    test(`a finger at 390 px (${origin === 'same' ? 'same origin' : 'another port'}): a swipe over an embed scrolls the post; a drag from a handle moves it; a tap moves the target`, { needs: ['touchInput'] }, async (_, t) => {
      // A phone where the engine can emulate one (Chromium); Firefox takes BiDi touch actions on a desktop page.
      const { page, frames } = await openPost(engine, 'light', origin, { viewport: { width: 390, height: 700 }, touch: engine.can.touch });
      /** Where a world point of an embed is in the post's viewport now. */
      const onPost = async (frame, world) => frame.toTop(await frame.evaluate((p) => window.playground.worldToClient(p), world));
      try {
        // The arm, its target circling: a swipe from a spot away from the handles.
        await page.locator('iframe[src*="scene=arm"]').scrollIntoViewIfNeeded();
        await scrollAtRest(page);
        const before = await page.evaluate(() => scrollY);
        const from = await onPost(frames[0], { x: -270, y: -170 });
        await page.touchDrag(from, { x: from.x, y: from.y - 220 }, 12);
        await page.nextFrame();
        if (engine.can.touchPan) {
          await page.waitForFunction((start) => scrollY - start > 120, before).catch(() => {});
          const scrolled = await page.evaluate(() => scrollY) - before;
          assert.ok(scrolled > 120, `the post scrolled by the swipe (${scrolled} px)`);
        } else {
          t.diagnostic(`${name}: whether the swipe scrolls the post is not checked: its touch actions reach the page as touch events but never pan it`);
        }
        assert.equal((await getState(frames[0])).params.path, 'circle', 'the target was not taken');

        // The chain: a drag that starts on its target moves the target, and the post stays.
        // The swipe's fling may still scroll the post: first it comes to rest, then the chain in view.
        await scrollAtRest(page);
        await page.locator('iframe[src*="scene=chain"]').scrollIntoViewIfNeeded();
        await scrollAtRest(page);
        const still = await page.evaluate(() => scrollY);
        const target = (await getState(frames[1])).target;
        const grab = await onPost(frames[1], target);
        const drop = await onPost(frames[1], { x: target.x - 100, y: target.y - 120 });
        await page.touchDrag(grab, drop, 12);
        const moved = (await getState(frames[1])).target;
        assert.ok(Math.abs(moved.x - (target.x - 100)) < 4 && Math.abs(moved.y - (target.y - 120)) < 4,
          `the handle followed the finger: ${JSON.stringify(moved)}`);
        assert.equal(await page.evaluate(() => scrollY), still, 'the post did not scroll under the drag');

        // A tap away from the handles moves the target there.
        const tapAt = await onPost(frames[1], { x: 200, y: -150 });
        await page.touchStart(tapAt.x, tapAt.y);
        await page.touchEnd();
        await frames[1].waitForFunction(() => {
          const { x, y } = window.playground.getState().target;
          return Math.abs(x - 200) < 4 && Math.abs(y + 150) < 4;
        }, null, { timeout: 3000 });
        await assertNoProblems(page);
      } finally {
        await page.close();
      }
    });
  }

  test('reduced motion: the arm on its circle and the spider wait for the reader, with a play control', { needs: ['reducedMotion'] }, async () => {
    const reduced = await launchEngine(name, { reducedMotion: true });
    try {
      const { page, frames } = await openPost(reduced, 'dark', 'other', { viewport: { width: 1200, height: 800 } });
      try {
        for (const frame of [frames[0], frames[2]]) {
          // Waiting for the reader: the play control shows, and the loop has no frame requested.
          await frame.waitForFunction(withDeepQuery(() => !(/** @type {HTMLElement} */ (deepQuery('#play'))).hidden
            && window.playground.stats().page.waiting === false));
          assert.equal(await frame.isVisible('#play'), true);
          assert.equal((await getState(frame)).time, 0);
        }
        await frames[0].click('#play');
        await frames[0].waitForFunction(() => window.playground.getState().time > 0.1);
        await assertNoProblems(page);
      } finally {
        await page.close();
      }
    } finally {
      await reduced.close();
    }
  });
});
