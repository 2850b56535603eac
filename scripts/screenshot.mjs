// screenshot.mjs: `npm run screenshot`. Serves dist/ (build it first), opens the playground in
// headless Chromium, sets a bent arm pose and writes docs/screenshot.png for the README and docs/.
// `npm run screenshot -- --preset=chain` writes docs/chain.png (the chain scene) instead, and
// `--preset=spider` docs/spider.png (the spider mid-walk on rough ground, 8 s after the page loads),
// `--preset=puppet` docs/puppet.png (the puppet pulled by a hand and a foot, overlay on),
// `--preset=puppet-flip` docs/puppet-flip.png (turned round, dancing, its hair and tail swinging),
// `--preset=arm-tool` docs/arm-tool.png (a tool on bone 2, the pose ghost at mix 0.6, the overlay),
// `--preset=chain-dls` docs/chain-dls.png (a DLS step-through with a pole), `--preset=crowd`
// docs/crowd.png (1 000 lizards; with --dpr=1 --canvas).
//
// Options (all optional), for looking at other states while working on the page:
//   --preset=NAME     arm (default), chain, spider, puppet, creature, ...: the picture's query, steps and file
//   --out=FILE        where to write the PNG (default: the preset's, docs/screenshot.png)
//   --query=STRING    a link query instead of the preset's, e.g. "scene=arm&target=280,0"
//   --steps=N         pause, then run fixed 1/60 s steps until N have run since the page loaded
//                     (a moving target, a walking spider...): the same link and N, the same picture
//   --width=N --height=N --dpr=N   viewport in CSS pixels and device pixel ratio (1200×760, 2)
//   --dark            prefer the dark colour scheme
//   --full            the whole page, not just the viewport
//   --canvas          the canvas alone (the arm-tool and chain-dls presets' pictures: --dpr=1)
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDist } from './build.mjs';
import { ensureNodeModules, ensureSystemTools } from './lib/setup.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The pictures of the README and docs/: query and file per preset. */
const PRESETS = {
  // A clearly bent elbow, the target within reach.
  arm: { query: 'scene=arm&length1=130&length2=100&target=110,60&root=-30,-40', out: 'docs/screenshot.png' },
  // FABRIK, tapered bones, joint limits on: the allowed arcs show at every joint.
  chain: {
    query: 'scene=chain&method=fabrik&bones=10&length=380&taper=1&limits=1&limitDeg=35&target=-40,140&root=-170,-150',
    out: 'docs/chain.png',
  },
  // The puppet pulled by its right hand and left foot, the sub-base overlay on: the body leans,
  // head and right hand settle on a compromise.
  puppet: { query: 'scene=puppet&rightHand=70,62&leftFoot=-45,-62&overlay=1', out: 'docs/puppet.png' },
  // The puppet turned round and dancing, its ponytail and tail sprung and swinging (1.25 s in), the
  // overlay showing each pin's weight.
  'puppet-flip': { query: 'scene=puppet&flip=1&springs=1&dance=1&overlay=1', steps: 75, out: 'docs/puppet-flip.png' },
  // A tool on bone 2 whose tip reaches the target, blended at mix 0.6 from the pose ghost, with the
  // overlay's offset triangle (ℓ₂′, δ).
  'arm-tool': {
    query: 'scene=arm&offsetX=35&offsetY=18&mix=0.6&pose1=-5&pose2=35&overlay=1&target=-130,110&root=-190,-70',
    out: 'docs/arm-tool.png',
  },
  // A DLS solve stepped through: each joint's turn with its value, the Jacobian step in the caption,
  // and the pole the knee bends toward.
  'chain-dls': {
    query: 'scene=chain&method=dls&bones=5&usePole=1&pole=150,-120&target=80,120&pose=60,-25,-25,-25,-25&step=2',
    out: 'docs/chain-dls.png',
  },
  // A lizard with the teaching overlay (spacing circles, bend cones, rest spots, gait groups and
  // the spring's plot) mid-stride toward the target, five others roaming around it.
  creature: {
    query: 'scene=creature&kind=lizard&count=6&overlay=1&target=160,-20',
    steps: 100,
    out: 'docs/creature.png',
  },
  // 1 000 lizards: the first on the target's circle, the others roaming around it, drawn from the
  // crowd's views (written at --dpr=1 --canvas to keep the file small).
  crowd: {
    query: 'scene=creature&kind=lizard&count=1000&path=circle',
    steps: 300,
    out: 'docs/crowd.png',
  },
  // Mid-walk on rough ground: the near group lifted, the far one planted; the camera has caught up.
  spider: {
    query: 'scene=spider&roughness=1&seed=3&target=900,110',
    steps: 480,
    out: 'docs/spider.png',
  },
};

/** @param {string} name @param {string} fallback */
function option(name, fallback) {
  const prefix = `--${name}=`;
  const found = process.argv.find((arg) => arg.startsWith(prefix));
  return found ? found.slice(prefix.length) : fallback;
}

async function main() {
  const presetName = option('preset', 'arm');
  const preset = PRESETS[/** @type {keyof typeof PRESETS} */ (presetName)];
  if (!preset) throw new Error(`unknown --preset=${presetName} (available: ${Object.keys(PRESETS).join(', ')})`);
  const out = path.resolve(repoRoot, option('out', preset.out));
  const query = option('query', preset.query).replace(/^\?/, '');
  const steps = Number(option('steps', String(preset.steps ?? 0)));
  const width = Number(option('width', '1200'));
  const height = Number(option('height', '760'));
  const deviceScaleFactor = Number(option('dpr', '2'));
  const colorScheme = process.argv.includes('--dark') ? 'dark' : 'light';

  // npm packages (playwright-core, sirv) are imported only once they are installed.
  ensureSystemTools(['chromium']);
  ensureNodeModules();
  ensureDist();
  const { launchBrowser, startServer, waitReady } = await import('../tests/browser/harness.mjs');

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
    if (steps > 0) {
      await page.evaluate((n) => {
        window.playground.pause();
        const done = Math.round(Number(window.playground.getState().time) * 60);
        if (done > n) throw new Error(`${done} steps ran before the page could be paused; ask for more than that`);
        window.playground.step(n - done);
      }, steps);
    }
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    mkdirSync(path.dirname(out), { recursive: true });
    if (process.argv.includes('--canvas')) await page.locator('#view').screenshot({ path: out });
    else await page.screenshot({ path: out, fullPage: process.argv.includes('--full') });
    if (problems.length) throw new Error(`the page reported problems:\n${problems.join('\n')}`);
    const where = path.relative(process.cwd(), out) || out;
    console.log(`Wrote ${where} (${width}×${height} at ${deviceScaleFactor}x, ${colorScheme})`);
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error) => {
  console.error(`npm run screenshot failed: ${error.message}`);
  process.exit(1);
});
