// steady-canvas.test.mjs: the canvas keeps its size while the reader drags. A real pointer drag
// across the arm's and the chain's canvas, through negative coordinates and far out of reach
// (where the readouts' texts are longest), at 1280×800, 1024×768 and a phone's width: the canvas'
// box is read after every move and never changes, and the target ends within 1 world unit of the
// point under the pointer when it let go. The canvas keeps that box across every scene, and when a
// readout, a scene tool and a hint say 300 characters (in words, or one unbroken run): what they
// say stays inside the page's width and within its scrolling height. In every engine
// (engines/index.mjs); WebKit's window cannot be narrower than engine.minWidth, so its phone width
// is that. As the readouts say less, every value keeps its width and the buttons under the strip
// keep their place.
import assert from 'node:assert/strict';
import { getState, nextFrames, setState, worldToClient } from './harness.mjs';
import { assertNoProblems, forEachEngine } from './engines/index.mjs';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];

/**
 * World points a drag goes through, the first on the target. Each scene's run ends out of reach at
 * negative coordinates, where every readout is at its longest.
 */
const PATHS = {
  arm: [
    { x: 110, y: 90 }, { x: -60, y: 120 }, { x: -150, y: -60 }, { x: -280, y: -200 },
    { x: 250, y: -190 }, { x: 20, y: 5 }, { x: -245.5, y: -185.5 },
  ],
  chain: [
    { x: 120, y: 70 }, { x: -60, y: 120 }, { x: 280, y: 200 }, { x: -280, y: -200 },
    { x: 285, y: -210 }, { x: -250, y: 205 }, { x: -285.5, y: 210.5 },
  ],
};

/** Every scene of the playground's tabs. */
const SCENES = ['arm', 'chain', 'spider', 'stress', 'puppet', 'creature', 'rope'];

/** 300 characters a label could say: words, and one run with no place to break. */
const LONG = {
  'worded': 'a translated label that goes on '.repeat(10).slice(0, 300),
  'unbroken': 'W'.repeat(300),
};

/** Moves between two points of a path. */
const STEPS = 4;

/** @param {import('./engines/page.mjs').EnginePage} page */
const canvasBox = (page) => page.evaluate(() => {
  const box = /** @type {HTMLElement} */ (document.getElementById('view')).getBoundingClientRect();
  return { x: box.x, y: box.y, width: box.width, height: box.height };
});

forEachEngine({}, ({ test }) => {
  for (const size of SIZES) {
    for (const scene of /** @type {const} */ (['arm', 'chain'])) {
      test(`${size.width}×${size.height}, ${scene}: a drag through negative and out-of-reach points never resizes the canvas`, async ({ engine, url }) => {
        const viewport = { width: Math.max(size.width, engine.minWidth), height: size.height };
        const page = await engine.openPage(`${url}?scene=${scene}`, { viewport });
        try {
          await nextFrames(page);
          const before = await canvasBox(page);
          const where = `${viewport.width}×${viewport.height}`;
          // The path in whole viewport px (WebDriver's pointer takes no fractions), placed once: the
          // canvas does not move, so neither do they.
          const points = [];
          for (const point of PATHS[scene]) {
            const at = await worldToClient(page, point);
            points.push({ x: Math.round(at.x), y: Math.round(at.y) });
          }
          const start = points[0];
          // The target exactly under that first whole pixel, so the press grabs it with no offset.
          await setState(page, { target: await page.evaluate((p) => window.playground.clientToWorld(p), start) });
          await nextFrames(page);
          assert.deepEqual(await canvasBox(page), before, `${where}: the canvas keeps its box when the target moves by a fraction of a pixel`);
          await page.move(start.x, start.y);
          await page.pointerDown();
          let from = start;
          const seen = [];
          for (const to of points.slice(1)) {
            for (let i = 1; i <= STEPS; i += 1) {
              const at = { x: Math.round(from.x + ((to.x - from.x) * i) / STEPS), y: Math.round(from.y + ((to.y - from.y) * i) / STEPS) };
              await page.move(at.x, at.y);
              await nextFrames(page);
              const box = await canvasBox(page);
              const readouts = await page.textContent('#readouts');
              seen.push(readouts);
              assert.deepEqual(box, before, `${where}: the canvas keeps its box at (${at.x}, ${at.y}) with the readouts "${readouts}"`);
            }
            from = to;
          }
          await page.pointerUp();
          await nextFrames(page);
          assert.deepEqual(await canvasBox(page), before, `${where}: the canvas keeps its box after the drag`);
          assert.ok(seen.some((text) => /−\d+\.\d+, −\d+\.\d+/.test(text ?? '')), `${where}: the drag showed negative coordinates`);

          const end = page.pointerAt;
          const { target } = await getState(page);
          const released = await page.evaluate((p) => window.playground.clientToWorld(p), end);
          const miss = Math.hypot(target.x - released.x, target.y - released.y);
          assert.ok(miss <= 1, `${where}: the target (${target.x.toFixed(2)}, ${target.y.toFixed(2)}) is within 1 unit of the release point (${released.x.toFixed(2)}, ${released.y.toFixed(2)}): ${miss.toFixed(3)}`);
          await assertNoProblems(page);
        } finally {
          await page.close();
        }
      });
    }

    test(`${size.width}×${size.height}: as the readouts say less (a number loses digits, "not reached" turns "reached"), nothing under them moves`, async ({ engine, url }) => {
      const viewport = { width: Math.max(size.width, engine.minWidth), height: size.height };
      const where = `${viewport.width}×${viewport.height}`;
      const page = await engine.openPage(`${url}?scene=chain`, { viewport });
      /** Each readout value's width, and where the buttons under the strip are. */
      const strip = () => page.evaluate(() => ({
        values: Object.fromEntries([...document.querySelectorAll('#readouts dd')].map((dd) => [
          /** @type {HTMLElement} */ (dd).dataset.readout, dd.getBoundingClientRect().width])),
        buttons: [...document.querySelectorAll('.actions button:not([hidden])')].map((button) => {
          const box = button.getBoundingClientRect();
          return `${button.id} ${box.x},${box.y + scrollY}`;
        }),
        texts: document.getElementById('readouts')?.textContent,
      }));
      try {
        // Out of reach at negative coordinates: long numbers and a long status.
        await setState(page, { target: { x: -285.5, y: 210.5 } });
        await page.waitForFunction(() => window.playground.getState().result?.status === 'out_of_reach');
        await nextFrames(page);
        const long = await strip();
        // Within reach near the root: short numbers, and "reached".
        await setState(page, { target: { x: -60, y: -40 } });
        await page.waitForFunction(() => window.playground.getState().result?.status === 'reached');
        await nextFrames(page);
        const short = await strip();
        assert.notEqual(short.texts, long.texts, `${where}: the readouts changed`);
        for (const [name, width] of Object.entries(long.values)) {
          // (Within layout's rounding: Firefox lays out in 1/60 px.)
          assert.ok(short.values[name] >= width - 0.05, `${where}: the ${name} readout keeps its width (${width} px, then ${short.values[name]} px): "${long.texts}" then "${short.texts}"`);
        }
        assert.deepEqual(short.buttons, long.buttons, `${where}: the buttons under the strip stay where they were`);
        await assertNoProblems(page);
      } finally {
        await page.close();
      }
    });

    test(`${size.width}×${size.height}: the canvas keeps its box across every scene and with 300-character labels under it`, async ({ engine, url }) => {
      const viewport = { width: Math.max(size.width, engine.minWidth), height: size.height };
      const where = `${viewport.width}×${viewport.height}`;
      const page = await engine.openPage(`${url}?scene=chain`, { viewport });
      try {
        await nextFrames(page);
        const before = await canvasBox(page);
        for (const scene of SCENES) {
          await setState(page, { scene });
          await nextFrames(page);
          assert.deepEqual(await canvasBox(page), before, `${where}: the canvas keeps its box in the ${scene} scene`);
        }
        await setState(page, { scene: 'chain' });
        await nextFrames(page);
        for (const [kind, text] of Object.entries(LONG)) {
          // Written and read in one script: the page writes its own texts again on its next frame.
          const seen = await page.evaluate((long) => {
            const targets = ['#readouts dd', '#tool-handle .tool-text', '#hints li'].map((selector) => {
              const node = /** @type {HTMLElement} */ (document.querySelector(selector));
              node.textContent = long;
              return { selector, node };
            });
            const box = /** @type {HTMLElement} */ (document.getElementById('view')).getBoundingClientRect();
            const root = document.documentElement;
            return {
              canvas: { x: box.x, y: box.y, width: box.width, height: box.height },
              scrollWidth: root.scrollWidth,
              clientWidth: root.clientWidth,
              labels: targets.map(({ selector, node }) => {
                const at = node.getBoundingClientRect();
                return { selector, left: at.left, right: at.right, bottom: at.bottom + scrollY, pageBottom: root.scrollHeight };
              }),
            };
          }, text);
          assert.deepEqual(seen.canvas, before, `${where}: the canvas keeps its box with ${kind} labels`);
          assert.ok(seen.scrollWidth <= seen.clientWidth, `${where}: nothing overflows the page sideways with ${kind} labels (${seen.scrollWidth} px in ${seen.clientWidth})`);
          for (const label of seen.labels) {
            assert.ok(label.left >= 0 && label.right <= seen.clientWidth, `${where}: ${label.selector} with a ${kind} label stays inside the page's width: ${JSON.stringify(label)}`);
            assert.ok(label.bottom <= label.pageBottom + 0.5, `${where}: ${label.selector} with a ${kind} label ends within the page's scrolling height: ${JSON.stringify(label)}`);
          }
        }
        await assertNoProblems(page);
      } finally {
        await page.close();
      }
    });
  }
});
