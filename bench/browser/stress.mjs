// stress.mjs: the browser part of `npm run bench`: the playground's stress scene (web/src/scenes/
// stress/scene.js) in headless Chromium at 1280×800, run for a few seconds per configuration, its
// per-step solve times and per-frame draw times collected from getState().meter, printed as a
// markdown table. Measures, never asserts. Builds nothing: it serves the dist/ that is there.
//
//   node bench/browser/stress.mjs [--quick] [--seconds N]
//
// What is measured, per configuration (a fresh page each):
// - solve ms: what the scene's solve() spends per simulation step (60 per second): writing every
//   limb's and chain's target into the batch views, one TwoBoneBatch.solve() and one
//   ChainBatch.solve(). performance.now() in a page that is not cross-origin isolated ticks in
//   100 µs steps, so single values are coarse: the median/p95/max come from those; "mean (paused)"
//   is the same work timed over 240 steps in one go with drawing off (fine-grained; it includes
//   the playground's per-step bookkeeping, a few µs).
// - draw ms: the scene's draw() for the limbs and chains, per drawn frame: building and stroking the
//   paths as JS sees it (Chromium rasterizes later, on its own time: the frame rate shows that).
// - fps: animation frames per second while it ran (requestAnimationFrame in the page).
// The first second of each run is a warm-up and is not counted.
import { formatMs as fmt, isMain, runOrExit, runPage, withChromium } from './page.mjs';

/** The budget: 10 000 limbs plus 1 000 chains solved in under this, per frame. */
const BUDGET_MS = 4;

/** The configurations measured, in this order. */
export const CONFIGS = [
  { limbs: 10000, chains: 1000, method: 'fabrik', draw: true, target: true },
  { limbs: 10000, chains: 1000, method: 'ccd', draw: true },
  { limbs: 10000, chains: 0, method: 'fabrik', draw: true },
  { limbs: 0, chains: 1000, method: 'fabrik', draw: true },
  { limbs: 10000, chains: 1000, method: 'fabrik', draw: false },
];

/**
 * The q-quantile of sorted values (nearest rank).
 * @param {number[]} sorted
 * @param {number} q
 */
function quantile(sorted, q) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/**
 * Median, p95 and max of a list.
 * @param {number[]} values
 */
function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), max: sorted.length ? sorted[sorted.length - 1] : NaN, count: values.length };
}

/**
 * Runs one configuration in a fresh page and collects its timings.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url The server's URL.
 * @param {{limbs: number, chains: number, method: string, draw: boolean}} config
 * @param {number} seconds Measured time (after a 1 s warm-up).
 */
async function measure(browser, url, config, seconds) {
  const query = `?scene=stress&limbs=${config.limbs}&chains=${config.chains}&method=${config.method}&draw=${config.draw ? 1 : 0}`;
  const { series: [solveMs = [], drawMs = []], lost, fps, paused, state, problems } = await runPage(browser, `${url}${query}`, {
    seconds,
    // The meter keeps the last 120 values (about 30 steps are made between two reads).
    read: async (page) => {
      const meter = await page.evaluate(() => /** @type {any} */ (window.playground.getState()).meter);
      return [{ made: meter.solves, history: meter.history.solveMs }, { made: meter.frames, history: meter.history.drawMs }];
    },
    // Fine-grained: 240 steps in one go, paused, drawing off.
    partial: { params: { draw: false } },
  });
  return {
    ...config,
    solveMs: summary(solveMs),
    drawMs: summary(drawMs),
    pausedSolveMs: paused,
    fps,
    lost,
    reachedLimbs: state.reachedLimbs,
    reachedChains: state.reachedChains,
    problems,
  };
}

/**
 * The markdown table of the results.
 * @param {Awaited<ReturnType<typeof measure>>[]} results
 */
export function formatTable(results) {
  const lines = [
    '| limbs | chains (×10 bones) | method | draw | solve ms median | p95 | max | mean (paused) | draw ms median | p95 | max | steps | frames | fps | reached limbs / chains |',
    '|---:|---:|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of results) {
    const drawn = r.draw ? [fmt(r.drawMs.median), fmt(r.drawMs.p95), fmt(r.drawMs.max)] : ['off', '–', '–'];
    lines.push(`| ${r.limbs} | ${r.chains} | ${r.method === 'fabrik' ? 'FABRIK' : 'CCD'} | ${r.draw ? 'on' : 'off'} | `
      + `${fmt(r.solveMs.median)} | ${fmt(r.solveMs.p95)} | ${fmt(r.solveMs.max)} | ${r.pausedSolveMs.toFixed(3)} | `
      + `${drawn.join(' | ')} | ${r.solveMs.count} | ${r.drawMs.count} | ${r.fps.toFixed(0)} | ${r.reachedLimbs} / ${r.reachedChains} |`);
  }
  return lines.join('\n');
}

/**
 * Runs every configuration and prints the table (and the budget check of the first one).
 * @param {{quick?: boolean, seconds?: number, log?: (text: string) => void, configs?: typeof CONFIGS}} [options]
 */
export async function runStress({ quick = false, seconds, log = console.log, configs = CONFIGS } = {}) {
  const measured = seconds ?? (quick ? 2 : 5);
  return withChromium(async (browser, url) => {
    /** @type {Awaited<ReturnType<typeof measure>>[]} */
    const results = [];
    for (const config of configs) {
      results.push(await measure(browser, url, config, measured));
    }
    log(`Headless Chromium (${browser.version()}), 1280×800, ${measured} s per row after a 1 s warm-up; `
      + 'solve = writing the targets + one TwoBoneBatch.solve() + one ChainBatch.solve() per simulation step (60/s); '
      + 'draw = building and stroking the paths per frame (rasterizing is Chromium\'s, later: see fps); '
      + 'mean (paused) = 240 steps timed in one go with drawing off. Times in ms.\n');
    log(formatTable(results));
    const target = results.find((r) => /** @type {{target?: boolean}} */ (r).target);
    if (target) {
      const ok = target.solveMs.median < BUDGET_MS;
      log(`\nThe budget (10 000 limbs + 1 000 10-bone chains solved in under ${BUDGET_MS} ms per frame): `
        + `median ${fmt(target.solveMs.median)} ms, mean ${target.pausedSolveMs.toFixed(3)} ms: ${ok ? 'met' : 'NOT met'}.`);
    }
    const lost = results.reduce((sum, r) => sum + r.lost, 0);
    if (lost) log(`(${lost} timings were overwritten in the meter's 120-entry history between reads and are not counted.)`);
    for (const r of results) {
      if (r.problems.length) log(`Page problems (${r.limbs}/${r.chains}/${r.method}): ${r.problems.join('; ')}`);
    }
    return results;
  });
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--seconds');
  const seconds = at >= 0 ? Number(args[at + 1]) : undefined;
  if (seconds !== undefined && !(seconds > 0)) {
    console.error('--seconds expects a positive number');
    process.exit(2);
  }
  await runOrExit(import.meta.url, () => runStress({ quick: args.includes('--quick'), seconds }));
}
