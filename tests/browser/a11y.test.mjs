// a11y.test.mjs: axe-core (npm, pinned) on the playground and the embed view of every scene, in the
// light and the dark theme: no serious or critical violations (contrast of every control and text
// included). Also the Copy embed code dialog and an embed with readouts, a play control and notices.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage, seriousAxeViolations, startServer } from './harness.mjs';

/** @type {{url: string, close: () => Promise<void>}} */
let server;
/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

for (const theme of ['light', 'dark']) {
  for (const scene of ['arm', 'chain', 'spider', 'stress']) {
    test(`axe: ${scene}, ${theme}: the playground and the embed view have no serious or critical violations`, async () => {
      for (const [view, url, viewport] of [
        ['playground', `${server.url}?scene=${scene}&theme=${theme}`, { width: 1200, height: 760 }],
        ['embed', `${server.url}embed.html?scene=${scene}&theme=${theme}`, { width: 640, height: 480 }],
      ]) {
        const opened = await openPage(browser, url, { viewport });
        try {
          assert.deepEqual(await seriousAxeViolations(opened.page), [], `${scene} ${view} (${theme})`);
        } finally {
          await opened.context.close();
        }
      }
    });
  }

  test(`axe: ${theme}: the Copy embed code dialog, and an embed with readouts, a play control and notices`, async () => {
    const playground = await openPage(browser, `${server.url}?scene=chain&theme=${theme}`);
    try {
      await playground.page.getByRole('button', { name: 'Copy embed code' }).click();
      await playground.page.getByRole('dialog').waitFor();
      assert.deepEqual(await seriousAxeViolations(playground.page), [], `the dialog (${theme})`);
    } finally {
      await playground.context.close();
    }
    const embed = await openPage(browser, `${server.url}embed.html?scene=arm&theme=${theme}&readouts=1&play=click&bad=1`,
      { viewport: { width: 640, height: 480 } });
    try {
      assert.equal(await embed.page.isVisible('#notices'), true);
      assert.equal(await embed.page.isVisible('#play'), true);
      assert.deepEqual(await seriousAxeViolations(embed.page), [], `an embed with everything shown (${theme})`);
    } finally {
      await embed.context.close();
    }
  });
}
