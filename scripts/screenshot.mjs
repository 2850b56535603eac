// screenshot.mjs: `npm run screenshot`. Serves dist/ (build it first), opens the playground in
// headless Chromium, sets a bent arm pose and writes docs/screenshot.png for the README.
//
// Options (all optional), for looking at other states while working on the page:
//   --out=FILE        where to write the PNG (default docs/screenshot.png)
//   --query=STRING    a link query instead of the default pose, e.g. "scene=arm&target=280,0"
//   --width=N --height=N --dpr=N   viewport in CSS pixels and device pixel ratio (1200×760, 2)
//   --dark            prefer the dark colour scheme
//   --full            the whole page, not just the viewport
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, startServer, waitReady } from '../tests/browser/harness.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The README's pose: a clearly bent elbow, the target within reach. */
const DEFAULT_QUERY = 'scene=arm&length1=130&length2=100&target=110,60&root=-30,-40';

/** @param {string} name @param {string} fallback */
function option(name, fallback) {
  const prefix = `--${name}=`;
  const found = process.argv.find((arg) => arg.startsWith(prefix));
  return found ? found.slice(prefix.length) : fallback;
}

async function main() {
  const out = path.resolve(repoRoot, option('out', 'docs/screenshot.png'));
  const query = option('query', DEFAULT_QUERY).replace(/^\?/, '');
  const width = Number(option('width', '1200'));
  const height = Number(option('height', '760'));
  const deviceScaleFactor = Number(option('dpr', '2'));
  const colorScheme = process.argv.includes('--dark') ? 'dark' : 'light';

  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor, colorScheme });
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto(`${server.url}?${query}`);
    await waitReady(page);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    mkdirSync(path.dirname(out), { recursive: true });
    await page.screenshot({ path: out, fullPage: process.argv.includes('--full') });
    if (problems.length) throw new Error(`the page reported problems:\n${problems.join('\n')}`);
    console.log(`Wrote ${path.relative(process.cwd(), out) || out} (${width}×${height} at ${deviceScaleFactor}x, ${colorScheme})`);
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error) => {
  console.error(`npm run screenshot failed: ${error.message}`);
  process.exit(1);
});
