// test-core.mjs: `npm run test:core`, the C++ tier of npm test: the native Catch2 suite under
// AddressSanitizer + UndefinedBehaviorSanitizer (in one process), a short libFuzzer run of every
// solver entry point, and the same Catch2 suite compiled to WASM and run by Node (ctest). It
// writes build/ only, never dist/, so npm test runs it beside the Node and browser tests (at a
// lower priority, so the compilers take the time the browsers leave).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildWasm } from './build.mjs';
import { fuzzAll } from './fuzz.mjs';
import { run } from './lib/run.mjs';
import { emscriptenEnv, ensureSystemTools, repoRoot } from './lib/setup.mjs';

/** Seconds of libFuzzer per harness here; npm run fuzz runs longer. */
const FUZZ_SECONDS = 5;

/**
 * The sanitizers' options, as the native-sanitize test preset sets them for ctest (CMakePresets.json
 * holds them once).
 * @returns {Record<string, string>}
 */
function sanitizerEnv() {
  const presets = JSON.parse(readFileSync(path.join(repoRoot, 'CMakePresets.json'), 'utf8'));
  return presets.testPresets.find((preset) => preset.name === 'native-sanitize').environment;
}

try {
  ensureSystemTools(['cmake', 'ninja', 'compiler', 'emscripten', 'catch2', 'libFuzzer']);

  console.log('\n== Catch2, native, under AddressSanitizer + UndefinedBehaviorSanitizer ==');
  run('cmake', ['--preset', 'native-sanitize'], { cwd: repoRoot });
  run('cmake', ['--build', '--preset', 'native-sanitize'], { cwd: repoRoot });
  // The whole suite in one process. ctest --preset native-sanitize runs each test case in a process
  // of its own, and each sanitized start-up costs so much that the run takes over half as much CPU
  // again as the tests themselves.
  run(path.join(repoRoot, 'build', 'native-sanitize', 'tests', 'ik2d_tests'), ['--warn', 'NoTests'],
    { cwd: repoRoot, env: { ...process.env, ...sanitizerEnv() } });

  // A smoke run: 5 s finds what breaks at once (a harness that no longer builds or aborts on its
  // corpus); the long runs that find the rare inputs are npm run fuzz's (docs/testing.md).
  console.log(`\n== libFuzzer: every solver entry point, ${FUZZ_SECONDS} s each (npm run fuzz for longer) ==`);
  fuzzAll(FUZZ_SECONDS);

  console.log('\n== Catch2 under Node (WASM build) ==');
  buildWasm({ tests: true });
  run('ctest', ['--preset', 'wasm'], { cwd: repoRoot, env: emscriptenEnv() });
} catch (error) {
  console.error(`\nnpm run test:core failed: ${error.message}`);
  process.exit(1);
}
