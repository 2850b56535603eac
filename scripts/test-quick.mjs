// test-quick.mjs: `npm run test:quick`, the inner loop while developing (how long it takes is said
// once, in CONTRIBUTING.md; it prints its own time): the native Catch2 suite (debug build, no
// sanitizers), the Node tests of the module and the page's modules (tests/js), and one smoke test
// of the page in headless Chromium only (load.test.mjs's first: the page loads cleanly;
// IK2D_ENGINES=firefox,webkit for others). `npm test` stays the full suite and CI's command.
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assembleDist, buildWasm } from './build.mjs';
import { run } from './lib/run.mjs';
import { ensureNodeModules, ensureSystemTools, repoRoot } from './lib/setup.mjs';

/** Test processes at once: ctest's test cases and node's test files (a 2-core machine's both cores). */
const JOBS = '2';

/** The one browser test the quick tier runs, and its name: the page loads cleanly. */
const SMOKE_TEST = path.join('tests', 'browser', 'load.test.mjs');
const SMOKE_NAME = 'loads without console errors, page errors or foreign requests';

try {
  const started = Date.now();
  ensureSystemTools(['cmake', 'ninja', 'compiler', 'emscripten', 'catch2', 'chromium']);
  ensureNodeModules();

  console.log('\n== Catch2, native (debug, no sanitizers) ==');
  run('cmake', ['--preset', 'native-debug'], { cwd: repoRoot });
  run('cmake', ['--build', '--preset', 'native-debug'], { cwd: repoRoot });
  run('ctest', ['--preset', 'native-debug', '--parallel', JOBS], { cwd: repoRoot });

  buildWasm();
  assembleDist();

  console.log('\n== Node tests of the module, one browser smoke test ==');
  const nodeTests = readdirSync(path.join(repoRoot, 'tests', 'js')).filter((name) => name.endsWith('.test.mjs')).sort()
    .map((name) => path.join('tests', 'js', name));
  // The smoke test in Chromium alone (IK2D_ENGINES picks others): npm test runs every engine.
  const env = { ...process.env, IK2D_ENGINES: process.env.IK2D_ENGINES ?? 'chromium' };
  run(process.execPath, ['--test', `--test-concurrency=${JOBS}`, ...nodeTests], { cwd: repoRoot });
  // A name that matches nothing would skip every test and pass: the TAP copy says how many ran.
  const tap = path.join(os.tmpdir(), `ik2d-smoke-${process.pid}.tap`);
  run(process.execPath, ['--test', `--test-name-pattern=^${SMOKE_NAME}$`, '--test-reporter=spec', '--test-reporter-destination=stdout',
    '--test-reporter=tap', `--test-reporter-destination=${tap}`, SMOKE_TEST], { cwd: repoRoot, env });
  const passed = Number(/^# pass (\d+)$/m.exec(readFileSync(tap, 'utf8'))?.[1] ?? 0);
  rmSync(tap, { force: true });
  if (passed !== 1) throw new Error(`the smoke test "${SMOKE_NAME}" in ${SMOKE_TEST} passed ${passed} times, not once: was it renamed?`);
  console.log(`\nnpm run test:quick passed in ${((Date.now() - started) / 1000).toFixed(0)} s (npm test runs everything)`);
} catch (error) {
  console.error(`\nnpm run test:quick failed: ${error.message}`);
  process.exit(1);
}
