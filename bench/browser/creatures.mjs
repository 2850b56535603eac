// creatures.mjs: the creatures' browser part of `npm run bench` (`--only browser`): the
// playground's creature scene (web/src/scenes/creature/) with a crowd of each kind in headless
// Chromium at 1280×800, run for a few seconds each; its per-step and per-frame times come from
// playground.stats().timing, printed as a markdown table. Measures, never asserts. Builds nothing: it
// serves the dist/ that is there.
//
//   node bench/browser/creatures.mjs [--quick] [--seconds N] [--count N] [--kinds a,b]
//
// Each kind runs with 200 and with 1 000 creatures (or only --count N). What is measured, per kind
// and count (a fresh page each, `?scene=creature&kind=K&count=N&path=circle`: the
// target goes round a circle, so the first creature never stops and the others roam around it):
// - step ms: what the scene's advance() spends per simulation step (60 per second), timed by the
//   scene host (web/src/host/timing.js): the goals, one CreatureCrowd.step() for all, reading the first
//   creature's state back. performance.now() in a
//   page that is not cross-origin isolated ticks in 100 µs steps, so single values are coarse;
//   "mean (paused)" is 240 steps timed in one go (fine-grained; it includes the playground's
//   per-step bookkeeping and one drawing at the end, spread over the 240).
// - draw ms: the host's drawing of a frame: the backdrop, then the scene's draw(): reading the
//   others from CreatureCrowd.views() and recording their legs, fins and skins, then the first
//   creature in full, on the canvas (Chromium rasterizes later: the frame rate shows that).
// - fps: animation frames per second while it ran (requestAnimationFrame in the page).
// The first second of each run is a warm-up and is not counted.
import { formatMs as fmt, isMain, runOrExit, runPage, withChromium } from './page.mjs';

/** The kinds measured, in this order. */
export const KINDS = ['lizard', 'snake', 'fish', 'centipede'];

/** The crowd sizes measured by default. */
export const COUNTS = [200, 1000];

/** The frame rate a crowd must keep: 60 up to 200 creatures, 55 for 1 000 lizards. */
const fpsGoal = (kind, count) => (count <= 200 ? 60 : kind === 'lizard' ? 55 : undefined);

/**
 * The q-quantile of sorted values (nearest rank).
 * @param {number[]} sorted
 * @param {number} q
 */
function quantile(sorted, q) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** @param {number[]} values */
function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), count: values.length };
}

/**
 * Runs one kind in a fresh page and collects its timings.
 * @param {import('playwright-core').Browser} browser
 * @param {string} url The server's URL.
 * @param {{kind: string, count: number}} config
 * @param {number} seconds Measured time (after a 1 s warm-up).
 */
async function measure(browser, url, { kind, count }, seconds) {
  const { series: [stepMs = [], drawMs = []], lost, fps, paused, state, problems } = await runPage(
    browser, `${url}?scene=creature&kind=${kind}&count=${count}&path=circle`, {
      seconds,
      // The scene keeps the last 120 of each (about 30 steps are made between two reads).
      read: async (page) => {
        const timing = await page.evaluate(() => /** @type {any} */ (window.playground.stats()).timing);
        return [{ made: timing.steps, history: timing.stepMs }, { made: timing.frames, history: timing.drawMs }];
      },
    });
  return {
    kind,
    count,
    legs: state.creature.legs.length,
    stepMs: summary(stepMs),
    drawMs: summary(drawMs),
    pausedStepMs: paused,
    fps,
    lost,
    problems,
  };
}

/**
 * The markdown table of the results.
 * @param {Awaited<ReturnType<typeof measure>>[]} results
 */
export function formatTable(results) {
  const lines = [
    '| kind | creatures | legs each | step ms median | p95 | mean (paused) | draw ms median | p95 | steps | frames | fps |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    lines.push(`| ${r.kind} | ${r.count} | ${r.legs} | ${fmt(r.stepMs.median)} | ${fmt(r.stepMs.p95)} | ${r.pausedStepMs.toFixed(3)} | `
      + `${fmt(r.drawMs.median)} | ${fmt(r.drawMs.p95)} | ${r.stepMs.count} | ${r.drawMs.count} | ${r.fps.toFixed(0)} |`);
  }
  return lines.join('\n');
}

/**
 * Runs every kind and prints the table and the frame-rate check.
 * @param {{quick?: boolean, seconds?: number, count?: number, log?: (text: string) => void, kinds?: string[]}} [options]
 */
export async function runCreatures({ quick = false, seconds, counts = COUNTS, log = console.log, kinds = KINDS } = {}) {
  const measured = seconds ?? (quick ? 2 : 5);
  return withChromium(async (browser, url) => {
    /** @type {Awaited<ReturnType<typeof measure>>[]} */
    const results = [];
    for (const count of counts) {
      for (const kind of kinds) results.push(await measure(browser, url, { kind, count }, measured));
    }
    log(`Headless Chromium (${browser.version()}), 1280×800, ${measured} s per row after a 1 s warm-up, the target on its circle; `
      + 'step = the goals + one CreatureCrowd.step() + reading the first creature back, per simulation step (60/s); '
      + 'draw = reading the others from views() and recording every creature on the canvas, per frame (rasterizing is Chromium\'s, later: see fps); '
      + 'mean (paused) = 240 steps timed in one go. Times in ms.\n');
    log(formatTable(results));
    for (const r of results) {
      const goal = fpsGoal(r.kind, r.count);
      if (goal === undefined) continue;
      // One frame short of the goal still counts: requestAnimationFrame's count over a few seconds.
      log(`${r.kind}, ${r.count} at ${goal} fps: ${r.fps >= goal - 1 ? 'met' : 'NOT met'} (${r.fps.toFixed(0)} fps).`);
    }
    const lost = results.reduce((sum, r) => sum + r.lost, 0);
    if (lost) log(`(${lost} timings were overwritten in the scene's 120-entry history between reads and are not counted.)`);
    for (const r of results) if (r.problems.length) log(`Page problems (${r.kind}): ${r.problems.join('; ')}`);
    return results;
  });
}

if (isMain(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name) => {
    const at = args.indexOf(name);
    return at >= 0 ? Number(args[at + 1]) : undefined;
  };
  const seconds = option('--seconds');
  const count = option('--count');
  const at = args.indexOf('--kinds');
  const kinds = at >= 0 ? (args[at + 1] ?? '').split(',') : KINDS;
  if ((seconds !== undefined && !(seconds > 0)) || (count !== undefined && !(Number.isInteger(count) && count >= 1))
    || !kinds.every((kind) => KINDS.includes(kind))) {
    console.error(`--seconds expects a positive number, --count a whole number from 1, --kinds some of ${KINDS.join(',')}`);
    process.exit(2);
  }
  await runOrExit(import.meta.url,
    () => runCreatures({ quick: args.includes('--quick'), seconds, counts: count === undefined ? COUNTS : [count], kinds }));
}
