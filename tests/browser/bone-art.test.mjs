// bone-art.test.mjs: the author's pictures on the bones. examples/bone-art.html holds an arm, a
// chain and a puppet <ik2d-scene>, each with child <img data-bone="N"> pictures of one flat colour
// (the host's own PNG files), under "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'".
// Read in pixels: a picture's colour is at its bone's midpoint (placed from getState() through the
// element's worldToClient) and not where there is no bone; it follows the bone after setState;
// data-origin moves it; a removed <img> takes it away; a bad data-bone or data-origin, or a broken
// picture, gives a notice and draws nothing; an index past the scene's bones draws nothing; the PNG
// and SVG exports and a GIF's first frame hold the pictures. The page fetches nothing but the
// host's files and breaks no policy. In the playground, a picture file dropped on a bone (a
// DragEvent dispatched in the page with a DataTransfer holding a File: WebDriver and the DevTools
// drivers cannot drag a file from the operating system) shows on that bone and changes no link;
// Remove pictures takes it away. In Chromium, Firefox and WebKit (engines/index.mjs).
import assert from 'node:assert/strict';
import omggif from 'omggif';
import { inPage } from './engines/calls.mjs';
import { forEachEngine } from './engines/index.mjs';
import { coloursAt, noticesOf, onElement, stateOf } from './engines/element.mjs';

/** @typedef {import('./engines/page.mjs').EnginePage} EnginePage */
/** @typedef {{x: number, y: number}} Point */

const PAGE = 'examples/bone-art.html';

/** The pictures' colours (web/examples/bone-*.png). */
const MAGENTA = [255, 0, 255];
const LIME = [0, 255, 0];
const YELLOW = [255, 255, 0];

/** @param {number[]} rgb @param {number[]} colour */
const isColour = (rgb, colour) => rgb.slice(0, 3).every((v, i) => Math.abs(v - colour[i]) <= 40);

/** @param {Point} a @param {Point} b @param {number} [t] */
const along = (a, b, t = 0.5) => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });

/** The arm's bones from its state: root → joint → hand (no tool). @param {any} state */
function armBones(state) {
  return [[state.root, state.result.joint], [state.result.joint, state.result.end]];
}

/** Joint i of a positions array. @param {number[]} positions @param {number} i */
const jointOf = (positions, i) => ({ x: positions[2 * i], y: positions[2 * i + 1] });

/** The puppet's bones 0..15 (web/src/scenes/puppet/rig.js: parents), from its state's positions. */
const PUPPET_PARENTS = [-1, 0, 1, 2, 1, 4, 5, 1, 7, 8, -1, 10, 11, -1, 13, 14];

/** Waits until every element has drawn. @param {EnginePage} page */
const waitLoaded = (page) => page.waitFor(() => [...document.querySelectorAll('ik2d-scene')]
  .every((element) => /** @type {any} */ (element).getState?.() !== null));

forEachEngine({}, ({ test }) => {
  test('the host\'s pictures are drawn along their bones: arm, chain, puppet; only the host\'s files fetched', async ({ engine, url }) => {
    await inPage(engine, `${url}${PAGE}`, async (page) => {
      await waitLoaded(page);
      // The pictures are not shown as images of the page (no slot): the <img> has no box.
      assert.deepEqual(await page.evaluate(() => [...document.querySelectorAll('ik2d-scene img')]
        .map((img) => img.getClientRects().length)).then((counts) => [...new Set(counts)]), [0]);

      const arm = await stateOf(page, 'arm');
      const [upper, fore] = armBones(arm);
      const [a, b, empty] = await coloursAt(page, 'arm', [along(...upper), along(...fore), { x: -150, y: -100 }]);
      assert.ok(isColour(a, MAGENTA), `arm bone 0's midpoint is magenta: ${a}`);
      assert.ok(isColour(b, LIME), `arm bone 1's midpoint is lime: ${b}`);
      assert.ok(!isColour(empty, MAGENTA) && !isColour(empty, LIME), `no picture where there is no bone: ${empty}`);

      const chain = await stateOf(page, 'chain');
      assert.equal(chain.positions.length, 10);
      const chainColours = await coloursAt(page, 'chain', [0, 1, 2, 3].map((i) => along(jointOf(chain.positions, i), jointOf(chain.positions, i + 1))));
      [YELLOW, MAGENTA, YELLOW, MAGENTA].forEach((colour, i) => {
        assert.ok(isColour(chainColours[i], colour), `chain bone ${i}: ${chainColours[i]} is ${colour}`);
      });

      const puppet = await stateOf(page, 'puppet');
      const pictured = { 5: MAGENTA, 6: LIME, 10: YELLOW, 11: MAGENTA };
      const bones = Object.keys(pictured).map(Number);
      const puppetColours = await coloursAt(page, 'puppet', bones.map((i) => along(
        jointOf(puppet.positions, PUPPET_PARENTS[i] + 1), jointOf(puppet.positions, i + 1))));
      bones.forEach((bone, k) => {
        assert.ok(isColour(puppetColours[k], pictured[bone]), `puppet bone ${bone}: ${puppetColours[k]} is ${pictured[bone]}`);
      });
      // The spine (bone 0) has no picture: the stick's colour there.
      const [spine] = await coloursAt(page, 'puppet', [along(jointOf(puppet.positions, 0), jointOf(puppet.positions, 1))]);
      assert.ok(![MAGENTA, LIME, YELLOW].some((colour) => isColour(spine, colour)), `no picture on the spine: ${spine}`);

      // Nothing but the host's own files: its pictures, the page, its scripts and modules.
      const requests = await page.requestList();
      const origin = new URL(url).origin;
      assert.deepEqual(requests.filter((request) => new URL(request).origin !== origin), [], 'nothing from another origin');
      const pictures = [...new Set(requests.filter((request) => /\.(png|jpe?g|gif|webp|svg)$/.test(request) && !request.endsWith('favicon.svg'))
        .map((request) => request.split('/').pop()))].sort();
      assert.deepEqual(pictures, ['bone-lime.png', 'bone-magenta.png', 'bone-yellow.png', 'robot-fore.svg', 'robot-upper.svg', 'vertebra.svg'],
        'the host\'s pictures, no others');
      const violations = await page.evaluate(() => /** @type {any} */ (window).ik2dEvents.filter((/** @type {any} */ e) => e.type === 'securitypolicyviolation'));
      assert.deepEqual(violations, [], 'no Content-Security-Policy violation');
      assert.deepEqual(await page.problemList(), [], 'no console errors or failed requests');
      assert.deepEqual(await noticesOf(page, 'arm'), []);
    });
  });

  test('a picture follows its bone; data-origin moves it; a removed <img> takes it away', async ({ engine, url }) => {
    await inPage(engine, `${url}${PAGE}`, async (page) => {
      await waitLoaded(page);
      const before = armBones(await stateOf(page, 'arm'));
      assert.deepEqual(await onElement(page, 'arm', (element) => element.setState({ target: { x: -150, y: 60 } })), []);
      const after = armBones(await stateOf(page, 'arm'));
      const [moved, left] = await coloursAt(page, 'arm', [along(...after[0]), along(...before[1])]);
      assert.ok(isColour(moved, MAGENTA), `bone 0's picture moved with it: ${moved}`);
      assert.ok(!isColour(left, LIME), `bone 1's picture is no longer where the bone was: ${left}`);

      // The right middle of the picture on the bone's start: it lies before the start, not along the bone.
      await onElement(page, 'arm', (element) => element.querySelector('img[data-bone="0"]').setAttribute('data-origin', '160,20'));
      const [start, end] = after[0];
      const [back, forward] = await coloursAt(page, 'arm', [along(start, end, -0.5), along(start, end, 0.75)]);
      assert.ok(isColour(back, MAGENTA), `with data-origin="160,20", before the bone's start: ${back}`);
      assert.ok(!isColour(forward, MAGENTA), `and not along the bone: ${forward}`);

      await onElement(page, 'arm', (element) => element.querySelector('img[data-bone="0"]').remove());
      const [gone, other] = await coloursAt(page, 'arm', [along(start, end, -0.5), along(...after[1])]);
      assert.ok(!isColour(gone, MAGENTA), `the removed picture is gone: ${gone}`);
      assert.ok(isColour(other, LIME), `the other stays: ${other}`);

      // One added again, with a new source: drawn once it has loaded.
      await onElement(page, 'arm', (element) => {
        const image = document.createElement('img');
        image.alt = '';
        image.dataset.bone = '0';
        image.src = 'bone-yellow.png';
        element.append(image);
      });
      await page.waitFor(() => /** @type {HTMLImageElement} */ (document.querySelector('#arm img[src="bone-yellow.png"]'))?.complete);
      const [added] = await coloursAt(page, 'arm', [along(...after[0])]);
      assert.ok(isColour(added, YELLOW), `an added picture is drawn: ${added}`);
      assert.deepEqual(await noticesOf(page, 'arm'), []);
    });
  });

  test('a bad data-bone or data-origin, or a broken picture: a notice naming it, nothing drawn', async ({ engine, url }) => {
    await inPage(engine, `${url}${PAGE}`, async (page) => {
      await waitLoaded(page);
      const [upper] = armBones(await stateOf(page, 'arm'));
      // The magenta picture moves to a bone number that is not one: a notice, and bone 0 bare.
      await onElement(page, 'arm', (element) => element.querySelector('img[data-bone="0"]').setAttribute('data-bone', '0.5'));
      await page.waitFor(() => !document.getElementById('arm')?.shadowRoot?.querySelector('.notices')?.hasAttribute('hidden'));
      const notices = await noticesOf(page, 'arm');
      assert.equal(notices.length, 1, notices.join(' | '));
      assert.match(notices[0], /^Ignored <img data-bone="0\.5" src="bone-magenta\.png">: data-bone="0\.5" is not a bone number \(a whole number from 0 to 999\)$/);
      const [bare] = await coloursAt(page, 'arm', [along(...upper)]);
      assert.ok(!isColour(bare, MAGENTA), `nothing drawn for it: ${bare}`);

      await onElement(page, 'arm', (element) => {
        const image = element.querySelector('img[data-bone="0.5"]');
        image.setAttribute('data-bone', '0');
        image.setAttribute('data-origin', 'NaN,<b>');
      });
      await page.waitFor(() => /data-origin/.test(document.getElementById('arm')?.shadowRoot?.querySelector('.notice-list')?.textContent ?? ''));
      assert.match((await noticesOf(page, 'arm')).join(' | '), /data-origin="NaN,<b>" is not a point \(two numbers "x,y", image pixels\)/);
      assert.equal(await onElement(page, 'arm', (element) => element.shadowRoot.querySelector('.notice-list b')), null, 'plain text, no markup');
      assert.ok(!isColour((await coloursAt(page, 'arm', [along(...upper)]))[0], MAGENTA), 'nothing drawn for it');

      // A picture that cannot load (the host's 404).
      await onElement(page, 'arm', (element) => {
        const image = element.querySelector('img[data-bone="0"]');
        image.removeAttribute('data-origin');
        image.setAttribute('src', 'no-such-picture.png');
      });
      await page.waitFor(() => /could not be loaded/.test(document.getElementById('arm')?.shadowRoot?.querySelector('.notice-list')?.textContent ?? ''));
      assert.deepEqual(await noticesOf(page, 'arm'), ['Ignored <img data-bone="0" src="no-such-picture.png">: the picture could not be loaded, or has no size']);

      // An index past the scene's bones: nothing drawn, no notice (the chain may grow to it).
      await onElement(page, 'chain', (element) => element.querySelector('img[data-bone="3"]').setAttribute('data-bone', '7'));
      await onElement(page, 'chain', (element) => element.setAttribute('bones', '8'));
      await page.waitFor(() => document.getElementById('chain')?.getState().params.bones === 8);
      const chain = await stateOf(page, 'chain');
      const [seventh] = await coloursAt(page, 'chain', [along(jointOf(chain.positions, 7), jointOf(chain.positions, 8))]);
      assert.ok(isColour(seventh, MAGENTA), `bone 7 wears its picture once the chain has it: ${seventh}`);
      await onElement(page, 'chain', (element) => element.setAttribute('bones', '4'));
      await page.waitFor(() => document.getElementById('chain')?.getState().params.bones === 4);
      assert.deepEqual(await noticesOf(page, 'chain'), []);
      // The scene still answers: no exception left it broken.
      assert.deepEqual(await onElement(page, 'arm', (element) => element.setState({ target: { x: 100, y: 40 } })), []);
    });
  });

  test('exports hold the pictures: the PNG, the SVG and a GIF\'s first frame', async ({ engine, url }) => {
    await inPage(engine, `${url}${PAGE}`, async (page) => {
      await waitLoaded(page);
      const [upper, fore] = armBones(await stateOf(page, 'arm'));
      const result = await onElement(page, 'arm', async (element, points) => {
        const canvas = element.shadowRoot.querySelector('canvas');
        const rect = canvas.getBoundingClientRect();
        const png = await element.exportImage('png');
        const bitmap = await createImageBitmap(png);
        const scratch = document.createElement('canvas');
        scratch.width = bitmap.width;
        scratch.height = bitmap.height;
        const context = scratch.getContext('2d', { willReadFrequently: true });
        context.drawImage(bitmap, 0, 0);
        const pixels = points.map((/** @type {Point} */ p) => {
          const client = element.worldToClient(p);
          const x = Math.floor(((client.x - rect.left) * bitmap.width) / rect.width);
          const y = Math.floor(((client.y - rect.top) * bitmap.height) / rect.height);
          return Array.from(context.getImageData(x, y, 1, 1).data);
        });
        const svg = await (await element.exportImage('svg')).text();
        const gif = new Uint8Array(await (await element.exportAnimation({ format: 'gif', seconds: 0.5, width: 320, height: 240 })).arrayBuffer());
        let text = '';
        for (let i = 0; i < gif.length; i += 0x8000) text += String.fromCharCode(...gif.subarray(i, i + 0x8000));
        return { pixels, svg, gif: btoa(text) };
      }, [along(...upper), along(...fore)]);
      assert.ok(isColour(result.pixels[0], MAGENTA), `the PNG: magenta on bone 0: ${result.pixels[0]}`);
      assert.ok(isColour(result.pixels[1], LIME), `the PNG: lime on bone 1: ${result.pixels[1]}`);
      const images = result.svg.match(/<image href="data:image\/png;base64,[A-Za-z0-9+/=]+" x="0" y="0" width="160" height="40" preserveAspectRatio="none" transform="matrix\([^)]+\)"\/>/g) ?? [];
      assert.equal(images.length, 2, 'the SVG: one <image> per picture, placed by a matrix');

      const reader = new omggif.GifReader(Buffer.from(result.gif, 'base64'));
      const rgba = new Uint8Array(reader.width * reader.height * 4);
      reader.decodeAndBlitFrameRGBA(0, rgba);
      let magenta = 0;
      let lime = 0;
      for (let i = 0; i < rgba.length; i += 4) {
        const rgb = [rgba[i], rgba[i + 1], rgba[i + 2]];
        if (isColour(rgb, MAGENTA)) magenta += 1;
        if (isColour(rgb, LIME)) lime += 1;
      }
      assert.ok(magenta > 200 && lime > 150, `the GIF's first frame shows both pictures: ${magenta} magenta, ${lime} lime pixels`);

    });
  });

  test('a picture from another site without CORS: both exports say why they cannot read the drawing', {
    onlyIn: 'chromium: the page\'s CSP (img-src \'self\') is lifted for the other site\'s picture through CDP Page.setBypassCSP',
  }, async ({ engine, url }) => {
    await inPage(engine, `${url}${PAGE}`, async (page) => {
      await page.bypassCsp();
      await waitLoaded(page);
      // localhost for 127.0.0.1: another origin, and the test server sends no CORS headers.
      const elsewhere = new URL(`${url}examples/bone-magenta.png?elsewhere`);
      elsewhere.hostname = 'localhost';
      const said = await onElement(page, 'arm', async (element, src) => {
        const image = element.querySelector('img[data-bone="0"]');
        const loaded = await new Promise((done) => {
          image.addEventListener('load', () => done(true), { once: true });
          image.addEventListener('error', () => done(false), { once: true });
          image.src = src;
        });
        await new Promise((drawn) => { requestAnimationFrame(() => requestAnimationFrame(drawn)); });
        const why = (/** @type {Promise<unknown>} */ exported) => exported.then(() => 'exported', (error) => `${error.name}: ${error.message}`);
        return { loaded, image: await why(element.exportImage('png')), gif: await why(element.exportAnimation({ format: 'gif', seconds: 0.5, width: 160, height: 120 })) };
      }, elsewhere.href);
      assert.equal(said.loaded, true, 'the other site\'s picture loads');
      const why = 'a picture on a bone comes from another site that does not allow it to be read (no CORS), so the browser does not let the drawing be exported';
      assert.ok(said.image.startsWith(`Error: exportImage: ${why}`), said.image);
      assert.ok(said.gif.startsWith(`Error: exportAnimation: ${why}`), said.gif);
    });
  });

  test('the playground: a picture file dropped on a bone is drawn along it, in no link; Remove pictures', async ({ engine, url }) => {
    await inPage(engine, `${url}?scene=arm&target=110,90`, async (page) => {
      const link = await page.evaluate(() => window.playground.shareLink());
      const state = await page.evaluate(() => window.playground.getState());
      const [upper, fore] = armBones(state);
      /** Drops the host's magenta picture at a world point (a DragEvent made in the page). @param {Point} at */
      const drop = (at) => page.evaluate(async (point) => {
        const blob = await (await fetch('examples/bone-magenta.png')).blob();
        const transfer = new DataTransfer();
        transfer.items.add(new File([blob], 'bone.png', { type: 'image/png' }));
        const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
        const client = window.playground.worldToClient(point);
        const init = { bubbles: true, cancelable: true, clientX: client.x, clientY: client.y, dataTransfer: transfer };
        const over = new DragEvent('dragover', init);
        canvas.dispatchEvent(over);
        canvas.dispatchEvent(new DragEvent('drop', init));
        return over.defaultPrevented;
      }, at);
      /** The canvas' pixels under world points. @param {Point[]} points */
      const pixels = async (points) => {
        await page.nextFrame();
        await page.nextFrame();
        return page.evaluate((world) => world.map((/** @type {Point} */ p) => {
          const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById('view'));
          const rect = canvas.getBoundingClientRect();
          const client = window.playground.worldToClient(p);
          const scratch = document.createElement('canvas');
          scratch.width = 1;
          scratch.height = 1;
          const context = /** @type {CanvasRenderingContext2D} */ (scratch.getContext('2d', { willReadFrequently: true }));
          context.drawImage(canvas, Math.floor(((client.x - rect.left) * canvas.width) / rect.width),
            Math.floor(((client.y - rect.top) * canvas.height) / rect.height), 1, 1, 0, 0, 1, 1);
          return Array.from(context.getImageData(0, 0, 1, 1).data);
        }), points);
      };
      assert.equal(await drop(along(...fore, 0.6)), true, 'dragover over the canvas accepts files');
      await page.waitFor(() => !document.getElementById('remove-pictures')?.hidden);
      const [onFore, onUpper] = await pixels([along(...fore), along(...upper)]);
      assert.ok(isColour(onFore, MAGENTA), `the picture is on the bone it was dropped on (bone 1): ${onFore}`);
      assert.ok(!isColour(onUpper, MAGENTA), `and not on the other: ${onUpper}`);
      assert.equal(await page.evaluate(() => window.playground.shareLink()), link, 'the link carries no picture');

      // Away from every bone: a notice, nothing more.
      await drop({ x: -200, y: -150 });
      await page.waitFor(() => !document.getElementById('notices')?.hidden);
      assert.match(await page.evaluate(() => document.getElementById('notice-list')?.textContent ?? ''), /Drop the picture on a bone/);

      await page.click('#remove-pictures');
      await page.waitFor(() => document.getElementById('remove-pictures')?.hidden === true);
      const [cleared] = await pixels([along(...fore)]);
      assert.ok(!isColour(cleared, MAGENTA), `Remove pictures takes it away: ${cleared}`);
      assert.deepEqual((await page.problemList()).filter((problem) => !/favicon/.test(problem)), []);
    });
  });
});
