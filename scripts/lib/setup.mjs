// setup.mjs: "installs what is missing", shared by npm start, npm run build and npm test.
//
// System tools: cmake + ninja, a C++ compiler, Emscripten (em++ already on PATH, e.g. from emsdk,
// is used as is), Catch2 v2 (header + CMake package) and, for the browser tests, Chromium, Firefox
// ESR and WebKitGTK's WebKitWebDriver + MiniBrowser with Xvfb (tests/browser/engines/), and Hugo (a
// real static-site blog that pastes the embed snippet). On Debian/Ubuntu as root the missing ones
// are installed with apt-get; anywhere else the script stops and names what to install. npm
// packages: `npm ci` whenever node_modules does not match the lock.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { has, run, runAsync } from './run.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the browser tests and screenshots find Chromium (override with CHROME_PATH). */
export const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium';

/** Firefox for the cross-engine browser tests (override with FIREFOX_PATH). */
export const firefoxPath = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

/** WebKitGTK's WebDriver for the cross-engine browser tests (override with WEBKIT_DRIVER_PATH). */
export const webkitDriverPath = process.env.WEBKIT_DRIVER_PATH || '/usr/bin/WebKitWebDriver';

/** The browser WebKitWebDriver drives: WebKitGTK's MiniBrowser (override with WEBKIT_MINIBROWSER_PATH). */
export const miniBrowserPath = process.env.WEBKIT_MINIBROWSER_PATH
  || ['x86_64-linux-gnu', 'aarch64-linux-gnu'].map((triple) => `/usr/lib/${triple}/webkit2gtk-4.1/MiniBrowser`).find((file) => existsSync(file))
  || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** The virtual X display MiniBrowser runs on (it has no working headless mode). */
export const xvfbPath = '/usr/bin/Xvfb';

const catch2Header = ['/usr/include/catch2/catch.hpp', '/usr/local/include/catch2/catch.hpp'];

/** True when clang++ exists and has its libFuzzer runtime (Debian: clang + libclang-rt-14-dev). */
function hasLibFuzzer() {
  const result = spawnSync('clang++', ['-print-runtime-dir'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return false;
  const folder = result.stdout.trim();
  return existsSync(folder) && readdirSync(folder).some((name) => name.startsWith('libclang_rt.fuzzer'));
}

/**
 * @typedef {{name: string, present: () => boolean, debian: string, hint: string}} Requirement
 * @type {Record<string, Requirement>}
 */
const requirements = {
  cmake: { name: 'cmake', present: () => has('cmake'), debian: 'cmake', hint: 'CMake >= 3.21' },
  ninja: { name: 'ninja', present: () => has('ninja'), debian: 'ninja-build', hint: 'the Ninja build tool' },
  compiler: { name: 'c++', present: () => has('c++'), debian: 'g++', hint: 'a C++17 compiler (g++ or clang++)' },
  emscripten: { name: 'em++', present: () => has('em++'), debian: 'emscripten', hint: 'Emscripten (Debian: emscripten; elsewhere emsdk, with em++ on PATH)' },
  catch2: { name: 'Catch2', present: () => catch2Header.some((file) => existsSync(file)), debian: 'catch2', hint: 'Catch2 v2 (Debian: catch2)' },
  libFuzzer: { name: 'clang++ with libFuzzer', present: hasLibFuzzer, debian: 'clang libclang-rt-14-dev', hint: 'clang++ with its libFuzzer runtime (Debian: clang libclang-rt-14-dev)' },
  benchmark: { name: 'Google Benchmark', present: () => ['/usr/include/benchmark/benchmark.h', '/usr/local/include/benchmark/benchmark.h'].some((file) => existsSync(file)), debian: 'libbenchmark-dev', hint: 'Google Benchmark (Debian: libbenchmark-dev)' },
  clangFormat: { name: 'clang-format', present: () => has('clang-format'), debian: 'clang-format', hint: 'clang-format' },
  hugo: { name: 'hugo', present: () => has('hugo', ['version']), debian: 'hugo', hint: 'Hugo, for the browser tests\' blog (Debian: hugo)' },
  chromium: { name: 'chromium', present: () => existsSync(chromiumPath), debian: 'chromium', hint: `Chromium at ${chromiumPath} (or set CHROME_PATH)` },
  firefox: { name: 'firefox-esr', present: () => existsSync(firefoxPath), debian: 'firefox-esr', hint: `Firefox at ${firefoxPath} (or set FIREFOX_PATH)` },
  webkit: {
    name: 'WebKitWebDriver and MiniBrowser',
    present: () => existsSync(webkitDriverPath) && existsSync(miniBrowserPath),
    debian: 'webkit2gtk-driver',
    hint: `WebKitGTK's WebKitWebDriver at ${webkitDriverPath} and MiniBrowser at ${miniBrowserPath} (Debian: webkit2gtk-driver)`,
  },
  xvfb: { name: 'Xvfb', present: () => existsSync(xvfbPath), debian: 'xvfb', hint: `Xvfb at ${xvfbPath} (Debian: xvfb)` },
};

/**
 * Makes sure the named system tools exist, installing them with apt-get where that is possible.
 * @param {Array<keyof typeof requirements>} names
 */
export function ensureSystemTools(names) {
  const missing = names.map((name) => requirements[name]).filter((requirement) => !requirement.present());
  if (missing.length === 0) return;
  const packages = [...new Set(missing.flatMap((requirement) => requirement.debian.split(' ')))];
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log(`Installing missing tools: ${missing.map((r) => r.name).join(', ')}`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    run('apt-get', ['update', '-q'], { env });
    run('apt-get', ['install', '-y', '-q', ...packages], { env });
    const stillMissing = missing.filter((requirement) => !requirement.present());
    if (stillMissing.length === 0) return;
    missing.splice(0, missing.length, ...stillMissing);
  }
  const lines = missing.map((requirement) => `  - ${requirement.hint}`);
  const apt = existsSync('/usr/bin/apt-get') ? `\nOn Debian/Ubuntu: sudo apt-get install ${packages.join(' ')}` : '';
  throw new Error(`ik2d needs these tools, which are not installed:\n${lines.join('\n')}${apt}`);
}

/** True unless node_modules already holds exactly what package-lock.json pins. */
function nodeModulesStale() {
  const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8'));
  return Object.entries(lock.packages ?? {}).some(([location, entry]) => {
    if (!location.startsWith('node_modules/') || entry.optional) return false;
    const manifest = path.join(repoRoot, location, 'package.json');
    if (!existsSync(manifest)) return true;
    return JSON.parse(readFileSync(manifest, 'utf8')).version !== entry.version;
  });
}

const NPM_CI = ['ci', '--no-audit', '--no-fund'];

/** Runs `npm ci` unless node_modules already holds exactly what package-lock.json pins. */
export function ensureNodeModules() {
  if (nodeModulesStale()) run('npm', NPM_CI, { cwd: repoRoot });
}

/**
 * As ensureNodeModules(), with `work` (which needs no npm package) running meanwhile: on a fresh
 * clone `npm ci` mostly waits on the disk while the compiler keeps both cores busy.
 * @param {() => Promise<void>} work
 */
export async function ensureNodeModulesWhile(work) {
  if (!nodeModulesStale()) return work();
  const results = await Promise.allSettled([runAsync('npm', NPM_CI, { cwd: repoRoot }), work()]);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw /** @type {PromiseRejectedResult} */ (failed).reason;
}

/**
 * The environment for emcc/em++/emcmake. Debian's Emscripten 3.1.6 needs its own node modules
 * (acorn) on NODE_PATH for -O2 and above (docs/architecture.md, "Building by hand").
 */
export function emscriptenEnv() {
  const debianModules = '/usr/share/nodejs';
  if (!existsSync(debianModules)) return process.env;
  const current = process.env.NODE_PATH ? process.env.NODE_PATH.split(path.delimiter) : [];
  if (current.includes(debianModules)) return process.env;
  return { ...process.env, NODE_PATH: [...current, debianModules].join(path.delimiter) };
}
