// test.mjs: `npm test`. Installs what is missing, then runs every test and exits non-zero on any
// failure: the native Catch2 suite under ASan + UBSan (ctest), a short libFuzzer run of every
// solver entry point, the same Catch2 suite compiled to WASM and run by Node
// (ctest), the Node tests of the real module (tests/js), the package consumers (tests/package) and
// the browser tests of the page (tests/browser, tests/browser/engines: most files run each test in
// Chromium, Firefox and WebKit; docs/testing.md has the matrix).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { assembleDist, buildWasm } from './build.mjs';
import { formatCpp } from './format.mjs';
import { fuzzAll } from './fuzz.mjs';
import { run } from './lib/run.mjs';
import { typecheck } from './typecheck.mjs';
import { emscriptenEnv, ensureNodeModules, ensureSystemTools, repoRoot } from './lib/setup.mjs';

/** Seconds of libFuzzer per harness in npm test. */
const FUZZ_SECONDS = 5;

const testFiles = (folder) =>
  readdirSync(path.join(repoRoot, folder))
    .filter((name) => name.endsWith('.test.mjs'))
    .sort()
    .map((name) => path.join(folder, name));

try {
  ensureSystemTools(['cmake', 'ninja', 'compiler', 'emscripten', 'catch2', 'chromium', 'firefox', 'webkit', 'xvfb', 'hugo', 'clangFormat', 'libFuzzer']);
  ensureNodeModules();

  console.log('\n== C++ format (clang-format; npm run format fixes it) ==');
  formatCpp();

  console.log('\n== Types: ik2d.d.ts against tests/types (tsc) ==');
  typecheck();

  console.log('\n== Catch2, native, under AddressSanitizer + UndefinedBehaviorSanitizer ==');
  run('cmake', ['--preset', 'native-sanitize'], { cwd: repoRoot });
  run('cmake', ['--build', '--preset', 'native-sanitize'], { cwd: repoRoot });
  run('ctest', ['--preset', 'native-sanitize'], { cwd: repoRoot });

  // A smoke run: 5 s finds what breaks at once (a harness that no longer builds or aborts on its
  // corpus); the long runs that find the rare inputs are npm run fuzz's (docs/testing.md).
  console.log(`\n== libFuzzer: every solver entry point, ${FUZZ_SECONDS} s each (npm run fuzz for longer) ==`);
  fuzzAll(FUZZ_SECONDS);

  console.log('\n== Catch2 under Node (WASM build) ==');
  buildWasm({ tests: true });
  run('ctest', ['--preset', 'wasm'], { cwd: repoRoot, env: emscriptenEnv() });

  assembleDist();

  console.log('\n== Node tests of the module, browser tests of the page (Chromium, Firefox and WebKit) ==');
  run(process.execPath, [
    '--test', ...testFiles('tests/js'), ...testFiles('tests/package'), ...testFiles('tests/browser'),
    ...testFiles('tests/browser/engines'),
  ], { cwd: repoRoot });
} catch (error) {
  console.error(`\nnpm test failed: ${error.message}`);
  process.exit(1);
}
