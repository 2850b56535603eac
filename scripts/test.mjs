// test.mjs: `npm test`. Installs what is missing, checks the C++ format and the types, builds the
// module, then runs every test in tiers side by side and exits non-zero on any failure: the C++ tier
// (scripts/test-core.mjs: Catch2 native under ASan + UBSan, libFuzzer, Catch2 as WASM under Node),
// the Node tests of the real module (tests/js) and the package consumers (tests/package), and the
// browser tests of the page (tests/browser/suite.mjs) in Chromium, Firefox and WebKit, one process
// each (docs/testing.md has the matrix).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { assembleDist, buildWasm } from './build.mjs';
import { formatCpp } from './format.mjs';
import { run } from './lib/run.mjs';
import { runSideBySide } from './lib/side-by-side.mjs';
import { failedTests } from './lib/tap.mjs';
import { typecheck } from './typecheck.mjs';
import { ensureNodeModules, ensureSystemTools, repoRoot } from './lib/setup.mjs';

/** The engines the browser tests run in, one process each (IK2D_ENGINES picks some). */
const BROWSER_ENGINES = ['chromium', 'firefox', 'webkit'];

/** The browser tiers from the longest to the shortest, as npm test runs them. */
const TIER_ORDER = ['chromium', 'firefox', 'webkit'];

/**
 * How many test tiers run at once (IK2D_TEST_JOBS overrides it). All five at once on 2 cores kept
 * the load average over 20: WebKit, which rasterizes in software, crawled, and npm start on the
 * fresh clone took over 8 minutes; two at a time leave each its share.
 */
const TEST_JOBS = 2;

/** A tier still running after this long is stopped and fails, rather than hang the run, ms. */
const TIER_TIMEOUT_MS = 70 * 60 * 1000;

const testFiles = (folder) =>
  readdirSync(path.join(repoRoot, folder))
    .filter((name) => name.endsWith('.test.mjs'))
    .sort()
    .map((name) => path.join(folder, name));

const started = Date.now();

try {
  ensureSystemTools(['cmake', 'ninja', 'compiler', 'emscripten', 'catch2', 'chromium', 'firefox', 'webkit', 'xvfb', 'hugo', 'clangFormat', 'libFuzzer']);
  ensureNodeModules();

  console.log('\n== C++ format (clang-format; npm run format fixes it) ==');
  formatCpp();

  console.log('\n== Types: ik2d.d.ts against tests/types (tsc) ==');
  typecheck();

  // What the Node and browser tests load: built by npm start already, then this finds nothing to do.
  console.log('\n== The module (WASM) and dist/ ==');
  buildWasm();
  assembleDist();

  // The tiers run side by side, each in its own process: a browser test spends much of its time
  // waiting for a page, which the compilers of the C++ and package tests fill (at a lower priority,
  // so the pages are served first), and in one process a browser test file shares its engine's
  // browser with every other file (tests/browser/suite.mjs).
  const browserEngines = (process.env.IK2D_ENGINES ?? BROWSER_ENGINES.join(',')).split(',').map((name) => name.trim());
  const jobs = Number(process.env.IK2D_TEST_JOBS ?? TEST_JOBS);
  if (!Number.isInteger(jobs) || jobs < 1) throw new Error(`IK2D_TEST_JOBS must be a whole number of at least 1, not "${process.env.IK2D_TEST_JOBS}"`);
  console.log(`\n== Browser tests in ${browserEngines.join(', ')}, C++ tests, Node tests: ${jobs} at once ==`);
  // Tests that check the page's own JS run once (docs/testing.md, the matrix), in Chromium, whose
  // tier reuses its tabs and so loads a page for the least CPU; else in the first engine running.
  const onceEngines = browserEngines.includes('chromium') ? 'chromium' : browserEngines[0];
  const browserTier = (/** @type {string} */ engine) => ({
    name: `browser tests in ${engine} (tests/browser)`,
    command: process.execPath,
    args: ['--test-reporter=tap', path.join('tests', 'browser', 'suite.mjs')],
    env: { IK2D_ENGINES: engine, IK2D_ONCE_ENGINES: onceEngines },
  });
  // Started in this order, `jobs` at a time, the longest first: the Chromium tier, which carries
  // the once files, beside the C++ tier, then the other engines, then the Node tier.
  const longestFirst = [...browserEngines].sort((a, b) => TIER_ORDER.indexOf(a) - TIER_ORDER.indexOf(b));
  const results = await runSideBySide([
    browserTier(longestFirst[0]),
    { name: 'C++ tests (Catch2 native under sanitizers, libFuzzer, Catch2 as WASM)', command: 'nice', args: ['-n', '10', process.execPath, path.join('scripts', 'test-core.mjs')] },
    ...longestFirst.slice(1).map(browserTier),
    { name: 'Node tests (tests/js, tests/package)', command: 'nice', args: ['-n', '5', process.execPath, '--test', ...testFiles('tests/js'), ...testFiles('tests/package')] },
  ], { jobs, timeoutMs: TIER_TIMEOUT_MS, cwd: repoRoot });
  console.log('\n== Test tiers ==');
  for (const { name, ok, seconds } of results) console.log(`${ok ? 'passed' : 'FAILED'}  ${seconds.toFixed(0).padStart(5)} s  ${name}`);
  const failed = results.filter((result) => !result.ok);
  for (const { name, output } of failed) {
    const tests = failedTests(output);
    console.log(`\n== Failed in ${name} ==`);
    console.log(tests.length ? tests.map((entry) => `- ${entry}`).join('\n') : 'no TAP test result failed: its output is above');
  }
  if (failed.length > 0) throw new Error(`${failed.map((result) => result.name).join('; ')} failed (their output is above)`);
  console.log(`\nnpm test passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
} catch (error) {
  console.error(`\nnpm test failed: ${error.message}`);
  process.exit(1);
}
