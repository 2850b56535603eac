// soak.mjs: `npm run soak [-- --seconds N]` drives every scene of the built page (dist/) in headless
// Chromium for N seconds each (default 120) the way a person plays with it: dragging the target
// around, changing settings that rebuild the solvers' C++ objects, switching methods and terrain.
// It samples, after a forced garbage collection, the JS heap, the WASM memory, the live C++
// objects and Embind's handle count, and times a fixed batch of simulation steps; it fails when
// memory or handles keep growing or the batch gets slower. tests/browser/soak.test.mjs runs a
// short version in npm test.
import { pathToFileURL } from 'node:url';
import { ensureDist } from './build.mjs';
import { ensureNodeModules, ensureSystemTools } from './lib/setup.mjs';

/** The browser harness, imported once npm packages are installed (it needs playwright-core). */
const harness = () => import('../tests/browser/harness.mjs');

/** Fewest samples a scene's soak compares (the second with the last); a busy machine makes fewer
 * rounds in the same seconds, so the soak goes on until it has them, up to MAX_OVERTIME × seconds. */
const MIN_SAMPLES = 3;
const MAX_OVERTIME = 2; // soak.test.mjs gives the four scenes 180 s in all.

/** Settings the soak cycles through, per scene: each change rebuilds or reconfigures a solver. */
const CHANGES = {
  arm: [{ params: { length1: 150, softness: 20 } }, { params: { length1: 90, bend: -1, offsetX: 40, offsetY: 25, mix: 0.5 } },
    { params: { length2: 200, softness: 0, bend: 1, stretch: true } }, { params: { offsetX: 0, offsetY: 0, mix: 1, stretch: false } }],
  chain: [{ params: { bones: 32, method: 'fabrik', limits: true } }, { params: { bones: 7, taper: true, follow: true } },
    { params: { bones: 12, method: 'dls', maxStepDeg: 5, moving: true, usePole: true, mix: 0.7 } },
    { params: { bones: 6, method: 'ccd', limits: false, follow: false, moving: false, usePole: false, mix: 1 } }],
  // The largest counts first, so the one WASM memory growth they need happens before the samples.
  stress: [{ params: { limbs: 20000, chains: 2000, method: 'ccd' } }, { params: { limbs: 5000, chains: 500, method: 'fabrik' } },
    { params: { limbs: 10000, chains: 1000, iterations: 20 } }],
  puppet: [{ params: { limits: false, iterations: 60 } }, { params: { limits: true, overlay: true } }, { params: { iterations: 20, overlay: false } }],
  spider: [{ params: { legs: 16, roughness: 1 } }, { params: { legs: 4, seed: 77 } }, { params: { legs: 8, speed: 200 } }, { params: { legs: 10, seed: 3, roughness: 0.2 } }],
};

/** C++ objects alive in a stats() sample. */
const liveObjects = (sample) => sample.liveChains + sample.liveSpiders + sample.liveBatches + sample.liveSkeletons;

/**
 * Soaks one scene.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url
 * @param {string} scene
 * @param {number} seconds
 */
async function soakScene(browser, url, scene, seconds) {
  const { openPage } = await harness();
  const { page, context, problems } = await openPage(browser, `${url}?scene=${scene}`, { viewport: { width: 1100, height: 720 } });

  const sample = () => page.evaluate(() => {
    /** @type {any} */ (window).gc();
    const steps = 120;
    const started = performance.now();
    playground.pause();
    playground.step(steps);
    const stepMs = (performance.now() - started) / steps;
    playground.resume();
    const memory = /** @type {any} */ (performance).memory;
    return { heap: memory.usedJSHeapSize, stepMs, ...playground.stats() };
  });

  const box = await page.locator('canvas').boundingBox();
  if (!box) throw new Error('no canvas');
  const samples = [];
  const deadline = Date.now() + seconds * 1000;
  const hardDeadline = Date.now() + MAX_OVERTIME * seconds * 1000;
  let round = 0;
  while (Date.now() < deadline || (samples.length < MIN_SAMPLES && Date.now() < hardDeadline)) {
    // A person: drag the target around a circle, then change a setting.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 0; i <= 24; i++) {
      const a = (i / 24) * 2 * Math.PI + round;
      await page.mouse.move(box.x + box.width * (0.5 + 0.35 * Math.cos(a)), box.y + box.height * (0.5 + 0.35 * Math.sin(a)));
    }
    await page.mouse.up();
    const changes = CHANGES[scene];
    await page.evaluate((partial) => playground.setState(partial), changes[round % changes.length]);
    await page.waitForTimeout(100);
    if (round % changes.length === changes.length - 1) samples.push(await sample());
    round++;
  }
  await context.close();
  if (samples.length < MIN_SAMPLES) throw new Error(`${scene}: too few samples (${samples.length}); give the soak more seconds`);
  // Compare the second sample (after warm-up: caches, JIT, first growth) with the last.
  const first = samples[1];
  const last = samples[samples.length - 1];
  const report = {
    scene, seconds, rounds: round, samples: samples.length,
    heapMB: [first.heap / 1048576, last.heap / 1048576].map((v) => +v.toFixed(2)),
    heapTrendMB: samples.filter((_, i) => i % Math.ceil(samples.length / 8) === 0).map((x) => +(x.heap / 1048576).toFixed(2)),
    wasmMB: [first.wasmMemoryBytes / 1048576, last.wasmMemoryBytes / 1048576],
    liveObjects: [liveObjects(first), liveObjects(last)],
    embindHandles: [first.embindHandles, last.embindHandles],
    stepMs: [first.stepMs, last.stepMs].map((v) => +v.toFixed(4)),
    problems,
  };
  const failures = [];
  if (last.heap > first.heap * 1.25 + 2 * 1048576) failures.push(`JS heap grew from ${report.heapMB[0]} to ${report.heapMB[1]} MB`);
  if (last.wasmMemoryBytes > first.wasmMemoryBytes) failures.push(`WASM memory grew from ${report.wasmMB[0]} to ${report.wasmMB[1]} MB`);
  if (report.liveObjects[1] > Math.max(report.liveObjects[0], 2)) failures.push(`live C++ objects grew from ${report.liveObjects[0]} to ${report.liveObjects[1]}`);
  if (last.embindHandles > first.embindHandles) failures.push(`Embind handles grew from ${first.embindHandles} to ${last.embindHandles}`);
  if (last.stepMs > first.stepMs * 1.5 + 0.05) failures.push(`a simulation step slowed from ${report.stepMs[0]} to ${report.stepMs[1]} ms`);
  if (problems.length) failures.push(`page errors: ${problems.join('; ')}`);
  return { report, failures };
}

/**
 * Soaks every scene for `seconds` each; resolves with one report per scene.
 * @param {number} seconds
 */
export async function soak(seconds) {
  ensureSystemTools(['chromium']);
  ensureNodeModules();
  ensureDist();
  const { launchBrowser, startServer } = await harness();
  const server = await startServer();
  const browser = await launchBrowser(['--enable-precise-memory-info', '--js-flags=--expose-gc']);
  try {
    const results = [];
    for (const scene of ['arm', 'chain', 'spider', 'stress', 'puppet']) results.push(await soakScene(browser, server.url, scene, seconds));
    return results;
  } finally {
    await browser.close();
    await server.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf('--seconds');
  const seconds = at > 0 ? Number(process.argv[at + 1]) : 120;
  const results = await soak(seconds);
  let failed = false;
  for (const { report, failures } of results) {
    console.log(JSON.stringify(report));
    for (const failure of failures) console.error(`  ${report.scene}: ${failure}`);
    failed ||= failures.length > 0;
  }
  console.log(failed ? 'soak: FAILED' : `soak: every scene flat after ${seconds} s each`);
  process.exit(failed ? 1 : 0);
}
