// a11y.test.mjs: axe-core (npm, pinned) on the playground and the embed view of every scene, in the
// light and the dark theme: no serious or critical violations (contrast of every control and text
// included). Also the Copy embed code dialog and an embed with readouts, a play control and notices.
// The first scene, the dialog and a full embed in every engine (engines/index.mjs); the other
// scenes once.
import assert from 'node:assert/strict';
import { SCENE_IDS } from '../../web/src/scenes/catalog.js';
import { seriousAxeViolations } from './harness.mjs';
import { forEachEngine } from './engines/index.mjs';
import { withDeepQuery } from './engines/page.mjs';

/** Why the scenes after the first are checked in one engine. */
const ONCE_SCENE = 'a scene adds its own controls to the same page, and what axe reads of them (roles, names, computed colours) is the page\'s own HTML and CSS; the first scene, the dialog and a full embed are checked in every engine';

/** WCAG contrast ratio of two [r, g, b] colours. */
function contrast(a, b) {
  const lum = ([r, g, b]) => {
    const c = (v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b);
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

forEachEngine({}, ({ test }) => {
  for (const theme of ['light', 'dark']) {
    for (const [index, scene] of SCENE_IDS.entries()) {
      const options = index === 0 ? {} : { once: ONCE_SCENE };
      test(`axe: ${scene}, ${theme}: the playground and the embed view have no serious or critical violations`, options, async ({ engine, url: base }) => {
        for (const [view, url, viewport] of [
          ['playground', `${base}?scene=${scene}&theme=${theme}`, { width: 1200, height: 760 }],
          ['embed', `${base}embed.html?scene=${scene}&theme=${theme}`, { width: 640, height: 480 }],
        ]) {
          const opened = await engine.openPage(url, { viewport });
          try {
            assert.deepEqual(await seriousAxeViolations(opened), [], `${scene} ${view} (${theme})`);
          } finally {
            await opened.close();
          }
        }
      });
    }

    test(`axe: ${theme}: the Copy embed code dialog, and an embed with readouts, a play control and notices`, async ({ engine, url: base }) => {
      const playground = await engine.openPage(`${base}?scene=chain&theme=${theme}`);
      try {
        await playground.getByRole('button', { name: 'Copy embed code' }).click();
        await playground.getByRole('dialog').waitFor();
        assert.deepEqual(await seriousAxeViolations(playground), [], `the dialog (${theme})`);
      } finally {
        await playground.close();
      }
      const embed = await engine.openPage(`${base}embed.html?scene=arm&theme=${theme}&readouts=1&play=click&bad=1`,
        { viewport: { width: 640, height: 480 } });
      try {
        assert.equal(await embed.isVisible('#notices'), true);
        assert.equal(await embed.isVisible('#play'), true);
        assert.deepEqual(await seriousAxeViolations(embed), [], `an embed with everything shown (${theme})`);
      } finally {
        await embed.close();
      }
    });
  }

  test('the canvas\' marks stand out from its background by at least 3:1 (WCAG 1.4.11), light and dark', async ({ engine, url: base }) => {
    // The parts a reader must see: bones, joints' edges, the end effector, the target, warnings,
    // limits, axis labels, the spider's body and ground line. The grid and fills are decoration.
    const marks = ['bone', 'bone-2', 'bone-edge', 'end', 'target', 'warn', 'limit', 'label', 'body', 'ground-edge'];
    for (const theme of ['light', 'dark']) {
      const opened = await engine.openPage(`${base}embed.html?scene=arm&theme=${theme}`, { viewport: { width: 480, height: 360 } });
      try {
        const colours = await opened.evaluate(withDeepQuery((names) => {
          const canvas = /** @type {HTMLCanvasElement} */ (deepQuery('#view'));
          const probe = document.createElement('canvas').getContext('2d');
          const rgbOf = (name) => {
            const value = getComputedStyle(canvas).getPropertyValue(`--canvas-${name}`).trim();
            /** @type {CanvasRenderingContext2D} */ (probe).fillStyle = value;
            /** @type {CanvasRenderingContext2D} */ (probe).fillRect(0, 0, 1, 1);
            return Array.from(/** @type {CanvasRenderingContext2D} */ (probe).getImageData(0, 0, 1, 1).data.slice(0, 3));
          };
          return { background: rgbOf('background'), marks: Object.fromEntries(names.map((name) => [name, rgbOf(name)])) };
        }), marks);
        for (const [name, colour] of Object.entries(colours.marks)) {
          const ratio = contrast(colour, colours.background);
          assert.ok(ratio >= 3, `${theme}: --canvas-${name} ${colour} on ${colours.background} is ${ratio.toFixed(2)}:1`);
        }
      } finally {
        await opened.close();
      }
    }
  });
});
