// cmake.test.mjs: ik2d as a C++ package. `cmake --install` puts the headers, the library and
// ik2dConfig.cmake (+ version file) under a prefix; a consumer finds it with find_package(ik2d),
// another builds it from this checkout with FetchContent; both are built and run.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const work = mkdtempSync(path.join(os.tmpdir(), 'ik2d-cmake-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** Runs a command; its output goes to the test's log only when it fails. */
function run(command, args) {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    throw new Error(`${command} ${args.join(' ')} failed:\n${error.stdout}\n${error.stderr}`);
  }
}

/** Configures, builds and runs a consumer project; returns what it printed. */
function buildAndRun(project, build, defines) {
  run('cmake', ['-S', path.join(repoRoot, 'tests', 'package', project), '-B', build, '-G', 'Ninja', '-DCMAKE_BUILD_TYPE=Release', ...defines]);
  run('cmake', ['--build', build]);
  return run(path.join(build, 'consumer'), []).trim();
}

test('cmake --install, then find_package(ik2d) in a consumer', () => {
  const build = path.join(work, 'ik2d');
  const prefix = path.join(work, 'prefix');
  run('cmake', ['-S', repoRoot, '-B', build, '-G', 'Ninja', '-DCMAKE_BUILD_TYPE=Release', '-DIK2D_BUILD_TESTS=OFF', `-DCMAKE_INSTALL_PREFIX=${prefix}`]);
  run('cmake', ['--build', build]);
  run('cmake', ['--install', build]);
  for (const file of ['include/ik2d/ik2d.hpp', 'include/ik2d/version.hpp', 'lib/libik2d.a', 'lib/cmake/ik2d/ik2dConfig.cmake',
    'lib/cmake/ik2d/ik2dConfigVersion.cmake', 'lib/cmake/ik2d/ik2dTargets.cmake']) {
    assert.ok(existsSync(path.join(prefix, file)), `installed ${file}`);
  }
  assert.equal(buildAndRun('cpp-find', path.join(work, 'find'), [`-DCMAKE_PREFIX_PATH=${prefix}`]), 'reached 100.000 60.000');
});

test('FetchContent from the local checkout in a consumer (no tests or tools of ik2d built)', () => {
  const build = path.join(work, 'fetch');
  assert.equal(buildAndRun('cpp-fetch', build, [`-DIK2D_SOURCE=${repoRoot}`]), 'reached 100.000 60.000');
  assert.ok(!existsSync(path.join(build, '_deps', 'ik2d-build', 'tests')), 'ik2d\'s tests are not built for a consumer');
});
