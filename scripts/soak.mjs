// soak.mjs: `npm run soak [-- --seconds N] [--engines chromium,firefox,webkit]` drives every scene of
// the built page (dist/) for N seconds each (default 120) in each engine (default all three; the
// browser test driver, tests/browser/engines/) the way a person plays with it: dragging the target
// around with the engine's native pointer, changing settings that rebuild the solvers' C++ objects,
// switching methods and terrain. It samples the WASM memory, the live C++ objects, Embind's handle
// count, the page's element and canvas counts, and times a fixed batch of simulation steps; in
// Chromium also the JS heap after a forced garbage collection (performance.memory and gc() exist
// only there). It reports them all and exits non-zero when any keeps growing, the batch gets slower
// (a timing threshold, which is why it lives here and not in a test), or the page logs an error.
// tests/browser/soak.test.mjs runs a short version in npm test with the checks that are not timing
// (no growth of the WASM memory, live C++ objects, Embind handles, elements, canvases; finite state).
import { pathToFileURL } from 'node:url';
import { ensureDist } from './build.mjs';
import { ensureNodeModules, ensureSystemTools } from './lib/setup.mjs';

/** The engine driver, imported once npm packages are installed (it needs playwright-core and more). */
const driver = () => import('../tests/browser/engines/index.mjs');

/** The scenes soaked, in order. */
export const SOAK_SCENES = ['arm', 'chain', 'spider', 'stress', 'puppet', 'creature', 'rope'];

/** The system tools each engine needs (scripts/lib/setup.mjs). */
const TOOLS = { chromium: ['chromium'], firefox: ['firefox'], webkit: ['webkit', 'xvfb'] };

/** Fewest samples a scene's soak compares (the second with the last); a busy machine (or a slow
 * engine: WebKit on Xvfb, or the stress scene's 20 000 limbs) makes fewer rounds in the same
 * seconds, so the soak goes on until it has them, up to MAX_SECONDS or twice its seconds. */
const MIN_SAMPLES = 3;
const MAX_SECONDS = 45;

/** Corners of the circle a round's drag goes around: each a pointer move the page handles. */
const DRAG_CORNERS = 8;

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
  // Each kind and count rebuilds the creatures (their follow chains, legs and springs).
  creature: [{ params: { kind: 'centipede', count: 40, overlay: true } }, { params: { kind: 'snake', count: 3, maxBend: 60 } },
    { params: { kind: 'fish', count: 12, springFrequency: 6, springDamping: 0.3 } },
    { params: { kind: 'lizard', count: 1, overlay: false, maxBend: 26, springFrequency: 2, springDamping: 1 } }],
  // Each segment count or length builds a new rope; gravity, damping and iterations rebuild it too.
  rope: [{ params: { segments: 40, segmentLength: 8, overlay: true } }, { params: { segments: 6, gravity: 2000, follow: false } },
    { params: { segments: 16, segmentLength: 16, damping: 0.3, iterations: 50, follow: true, path: 'figure8' } },
    { params: { gravity: 980, damping: 0.02, iterations: 10, overlay: false, path: 'none' } }],
  spider: [{ params: { legs: 16, roughness: 1 } }, { params: { legs: 4, seed: 77 } }, { params: { legs: 8, speed: 200 } }, { params: { legs: 10, seed: 3, roughness: 0.2 } }],
};

/** C++ objects alive in a stats() sample. */
const liveObjects = (sample) => sample.liveChains + sample.liveSpiders + sample.liveBatches + sample.liveSkeletons + (sample.liveCreatures ?? 0);

/**
 * Runs in the page: one sample. The JS heap only where the engine exposes it (Chromium launched
 * with measureMemory: performance.memory and gc()); null elsewhere.
 */
function sampleInPage() {
  const page = /** @type {any} */ (window);
  const heapReadable = typeof page.gc === 'function' && typeof (/** @type {any} */ (performance).memory) === 'object';
  if (heapReadable) page.gc();
  // The fastest of three batches: one pause of the machine (or a collection) is not a slowdown.
  const steps = 60;
  let stepMs = Infinity;
  page.playground.pause();
  for (let batch = 0; batch < 3; batch += 1) {
    const started = performance.now();
    page.playground.step(steps);
    stepMs = Math.min(stepMs, (performance.now() - started) / steps);
  }
  page.playground.resume();
  // Every number getState() gives must be finite: the paths of any that are not.
  /** @type {string[]} */
  const notFinite = [];
  const walk = (value, at) => {
    if (typeof value === 'number' && !Number.isFinite(value)) notFinite.push(`${at}=${value}`);
    else if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) walk(child, `${at}.${key}`);
  };
  walk(page.playground.getState(), 'state');
  return {
    notFinite,
    heap: heapReadable ? /** @type {any} */ (performance).memory.usedJSHeapSize : null,
    stepMs,
    elements: document.getElementsByTagName('*').length,
    canvases: document.getElementsByTagName('canvas').length,
    ...page.playground.stats(),
  };
}

/**
 * Soaks one scene in an engine.
 * @param {import('../tests/browser/engines/index.mjs').Engine} engine
 * @param {string} url
 * @param {string} scene
 * @param {number} seconds
 * @param {{minSamples?: number, maxSeconds?: number}} [options] minSamples: go on past the seconds
 *   until this many samples, for at most maxSeconds in all (the short soak in npm test asks for a
 *   number of rounds, not of seconds: the same work however busy the machine is).
 * @returns {Promise<{report: Record<string, unknown>, failures: string[], thresholds: string[]}>}
 *   failures: what grew or broke (leaks, page errors, non-finite state), whatever the machine's speed;
 *   thresholds: the step time or the JS heap (Chromium) past its threshold, which only npm run soak
 *   checks (timing belongs there, not in a test).
 */
export async function soakScene(engine, url, scene, seconds, { minSamples = MIN_SAMPLES, maxSeconds = Math.max(MAX_SECONDS, 2 * seconds) } = {}) {
  const page = await engine.openPage(`${url}?scene=${scene}`, { viewport: { width: 1100, height: 720 } });
  const samples = [];
  /** @type {string[]} */
  let problems = [];
  let round = 0;
  try {
    const box = await page.locator('#view').boundingBox();
    const deadline = Date.now() + seconds * 1000;
    const hardDeadline = Date.now() + maxSeconds * 1000;
    while (Date.now() < deadline || (samples.length < minSamples && Date.now() < hardDeadline)) {
      // A person: drag the target around a circle (an octagon's corners, a real pointer move from
      // each to the next), then change a setting.
      const around = [];
      for (let i = 0; i <= DRAG_CORNERS; i++) {
        const a = (i / DRAG_CORNERS) * 2 * Math.PI + round;
        around.push({ x: box.x + box.width * (0.5 + 0.35 * Math.cos(a)), y: box.y + box.height * (0.5 + 0.35 * Math.sin(a)) });
      }
      await page.drag([{ x: box.x + box.width / 2, y: box.y + box.height / 2 }, ...around], 1);
      const changes = CHANGES[scene];
      await page.evaluate((partial) => window.playground.setState(partial), changes[round % changes.length]);
      // A few frames for the change to be drawn (counted in frames, not time).
      for (let frame = 0; frame < 6; frame += 1) await page.nextFrame();
      if (round % changes.length === changes.length - 1) samples.push(await page.evaluate(sampleInPage));
      round++;
    }
    problems = await page.problemList();
  } finally {
    await page.close();
  }
  if (samples.length < minSamples) throw new Error(`${engine.name} ${scene}: too few samples (${samples.length}); give the soak more seconds`);
  // Compare the second sample (after warm-up: caches, JIT, first growth) with the last.
  const first = samples[1];
  const last = samples[samples.length - 1];
  const megabytes = (bytes) => +(bytes / 1048576).toFixed(2);
  const report = {
    engine: engine.name, scene, seconds, rounds: round, samples: samples.length,
    heapMB: first.heap === null ? 'not readable here' : [megabytes(first.heap), megabytes(last.heap)],
    heapTrendMB: first.heap === null ? undefined : samples.filter((_, i) => i % Math.ceil(samples.length / 8) === 0).map((x) => megabytes(x.heap)),
    wasmMB: [first.wasmMemoryBytes / 1048576, last.wasmMemoryBytes / 1048576],
    liveObjects: [liveObjects(first), liveObjects(last)],
    embindHandles: [first.embindHandles, last.embindHandles],
    elements: [first.elements, last.elements],
    canvases: [first.canvases, last.canvases],
    stepMs: [first.stepMs, last.stepMs].map((v) => +v.toFixed(4)),
    notFinite: samples.flatMap((sample) => sample.notFinite),
    problems,
  };
  const failures = [];
  if (last.wasmMemoryBytes > first.wasmMemoryBytes) failures.push(`WASM memory grew from ${report.wasmMB[0]} to ${report.wasmMB[1]} MB`);
  if (report.liveObjects[1] > Math.max(report.liveObjects[0], 2)) failures.push(`live C++ objects grew from ${report.liveObjects[0]} to ${report.liveObjects[1]}`);
  if (last.embindHandles > first.embindHandles) failures.push(`Embind handles grew from ${first.embindHandles} to ${last.embindHandles}`);
  if (last.elements > first.elements) failures.push(`the page's elements grew from ${first.elements} to ${last.elements}`);
  if (last.canvases > first.canvases) failures.push(`the page's canvases grew from ${first.canvases} to ${last.canvases}`);
  if (report.notFinite.length) failures.push(`non-finite state: ${report.notFinite.slice(0, 5).join(', ')}`);
  if (problems.length) failures.push(`page errors: ${problems.join('; ')}`);
  const thresholds = [];
  if (last.stepMs > first.stepMs * 1.5 + 0.05) thresholds.push(`a simulation step slowed from ${report.stepMs[0]} to ${report.stepMs[1]} ms`);
  if (first.heap !== null && last.heap > first.heap * 1.25 + 2 * 1048576) thresholds.push(`JS heap grew from ${report.heapMB[0]} to ${report.heapMB[1]} MB`);
  return { report, failures, thresholds };
}

/**
 * Installs what an engine's soak needs and serves dist/ for it; resolves with the engine, the URL
 * and a close().
 * @param {'chromium' | 'firefox' | 'webkit'} name
 */
export async function soakEngine(name) {
  ensureSystemTools(TOOLS[name]);
  ensureNodeModules();
  ensureDist();
  const { launchEngine, serveFor } = await driver();
  const server = await serveFor(name);
  const engine = await launchEngine(name, { measureMemory: true });
  return {
    engine,
    url: server.url,
    async close() {
      await engine.close();
      await server.close();
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const option = (flag, fallback) => {
    const at = process.argv.indexOf(flag);
    return at > 0 ? process.argv[at + 1] : fallback;
  };
  const seconds = Number(option('--seconds', 120));
  const engines = option('--engines', 'chromium,firefox,webkit').split(',');
  let failed = false;
  for (const name of engines) {
    const { engine, url, close } = await soakEngine(/** @type {any} */ (name));
    try {
      for (const scene of SOAK_SCENES) {
        const { report, failures, thresholds } = await soakScene(engine, url, scene, seconds);
        console.log(JSON.stringify(report));
        for (const failure of [...failures, ...thresholds]) console.error(`  ${name} ${scene}: ${failure}`);
        failed ||= failures.length > 0 || thresholds.length > 0;
      }
    } finally {
      await close();
    }
  }
  console.log(failed ? 'soak: FAILED' : `soak: every scene flat (memory, objects, handles, elements, step time${engines.includes('chromium') ? ', the Chromium JS heap' : ''}) after ${seconds} s each in ${engines.join(', ')}`);
  process.exit(failed ? 1 : 0);
}
