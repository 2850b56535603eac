// npm.test.mjs: ik2d as an npm package, used the ways people use one. `npm pack` makes a small
// tarball (every module, `ik2d`, the light `ik2d/core` and the core with one part, with their WASM
// and types, the <ik2d-scene> element `ik2d/element` with the page code it runs, the `ik2d` command
// (`npx ik2d render`), README, LICENSE); a fresh project installs it, runs the command, imports
// each module in Node, type-checks TypeScript against them, and bundles pages with esbuild and
// with Vite that load in headless Chromium with the WASM found (only the light module's, for a
// page that imports `ik2d/core`).
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { MODULES } from '../../scripts/lib/modules.mjs';
import { launchBrowser } from '../browser/harness.mjs';
import { installTarball, packTarball, run } from './install.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = (name) => path.join(repoRoot, 'node_modules', '.bin', name);
const work = mkdtempSync(path.join(os.tmpdir(), 'ik2d-npm-'));
const project = path.join(work, 'app');
/** @type {{size: number, files: {path: string}[], filename: string}} */
let packed;

/** The page each bundler builds: it loads `specifier` from the package and shows a solve. */
const pageScript = (specifier = 'ik2d') => `import createIK2D from '${specifier}';
const ik = await createIK2D();
const r = ik.solveTwoBone({ root: { x: 0, y: 0 }, target: { x: 100, y: 60 }, length1: 120, length2: 80 });
document.body.textContent = \`\${ik.version} \${r.status} \${r.end.x.toFixed(3)} \${r.end.y.toFixed(3)}\`;
document.documentElement.dataset.done = 'true';
`;

before(() => {
  assert.ok(existsSync(path.join(repoRoot, 'dist', 'ik2d.wasm')), 'dist/ is built (npm run build)');
  packed = packTarball(work);
  mkdirSync(project);
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  installTarball(project, path.join(work, packed.filename));
});
after(() => rmSync(work, { recursive: true, force: true }));

/** The page files under dist/ (folder: every file in it), as package paths. @param {string} folder */
const distFiles = (folder) => readdirSync(path.join(repoRoot, 'dist', folder), { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => path.relative(repoRoot, path.join(entry.parentPath ?? entry.path, entry.name)).split(path.sep).join('/'));

test('npm pack: a small tarball with the modules, their WASM and types, the element and its page, README and LICENSE', () => {
  const files = packed.files.map((file) => file.path).sort();
  // The element (ik2d/element) runs the playground's page code and links to its index.html.
  const element = ['dist/ik2d-element.js', 'dist/ik2d-element.d.ts', 'dist/index.html', 'dist/embed.html', 'dist/favicon.svg',
    ...distFiles('src'), ...distFiles('styles')];
  // `npx ik2d render`: the bin and the page code it runs in Node.
  const render = ['bin/ik2d.mjs', 'dist/node/ik2d-render.js'];
  assert.deepEqual(files, ['LICENSE', 'README.md', 'package.json',
    ...MODULES.flatMap(({ stem }) => ['d.ts', 'js', 'wasm'].map((ext) => `dist/${stem}.${ext}`)), ...element, ...render].sort());
  // Six modules, the element with its page, and the Node bundle of `npx ik2d render` (about 40 KB).
  assert.ok(packed.size < 640 * 1024, `${packed.size} bytes packed`);
});

test('npx ik2d render: the installed bin writes a link\'s SVG, and exits 2 on a bad width', () => {
  const svg = run('npx', ['--no-install', 'ik2d', 'render', '?scene=chain&bones=4', '--format', 'svg', '--width', '320'], project);
  assert.match(svg, /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="320" height="240" /);
  assert.equal(svg.match(/<g data-part="bone">/g)?.length, 4, 'the chain\'s four bones');
  assert.equal(svg, run(process.execPath, [path.join(repoRoot, 'bin', 'ik2d.mjs'), 'render', 'scene=chain&bones=4', '--width', '320'], repoRoot),
    'the same bytes as the repository\'s bin');
  assert.throws(() => run('npx', ['--no-install', 'ik2d', 'render', 'scene=arm', '--width', '9'], project), /--width expects a whole number of pixels/);
});

test('ik2d/element resolves to the element script and its types after installing the tarball', () => {
  writeFileSync(path.join(project, 'resolve.mjs'), `console.log(import.meta.resolve('ik2d/element'));`);
  assert.match(run('node', ['resolve.mjs'], project).trim(), /\/node_modules\/ik2d\/dist\/ik2d-element\.js$/);
  const exports = JSON.parse(run('node', ['-p', 'JSON.stringify(require("./package.json").exports["./element"])'], repoRoot));
  assert.deepEqual(exports, { types: './dist/ik2d-element.d.ts', default: './dist/ik2d-element.js' });
});

for (const [specifier, classes] of [['ik2d', 'Chain,ChainBatch,Creature,CreatureCrowd,FollowChain,Rope,SecondOrder,Skeleton,Spider,TwoBoneBatch'],
  ['ik2d/core', 'Chain'], ['ik2d/batch', 'Chain,ChainBatch,TwoBoneBatch'], ['ik2d/procedural', 'Chain,Spider'],
  ['ik2d/skeleton', 'Chain,Skeleton'], ['ik2d/creature', 'Chain,Creature,CreatureCrowd,FollowChain,Rope,SecondOrder']]) {
  test(`Node: import createIK2D from "${specifier}" after installing the tarball`, () => {
    writeFileSync(path.join(project, 'node.mjs'), `import createIK2D from '${specifier}';
const ik = await createIK2D();
const r = ik.solveTwoBone({ root: { x: 0, y: 0 }, target: { x: 100, y: 60 }, length1: 120, length2: 80 });
const classes = Object.keys(ik).filter((name) => /^[A-Z]/.test(name)).sort().join();
console.log(ik.version, r.status, r.end.x.toFixed(3), r.end.y.toFixed(3), classes);
`);
    const version = JSON.parse(run('node', ['-p', 'JSON.stringify(require("./package.json").version)'], repoRoot));
    assert.equal(run('node', ['node.mjs'], project).trim(), `${version} reached 100.000 60.000 ${classes}`);
  });
}

test('TypeScript: a consumer type-checks against the package\'s types, and a wrong call does not', () => {
  writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, types: [], skipLibCheck: false },
    files: ['good.ts'],
  }));
  writeFileSync(path.join(project, 'good.ts'), `import createIK2D from 'ik2d';
import type { TwoBoneResult } from 'ik2d';
const ik = await createIK2D();
const r: TwoBoneResult = ik.solveTwoBone({ root: { x: 0, y: 0 }, target: { x: 1, y: 1 }, length1: 1, length2: 1 });
const status: 'reached' | 'out_of_reach' | 'too_close' | 'invalid' = r.status;
export { status };
`);
  run(process.execPath, [path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], project);
  writeFileSync(path.join(project, 'good.ts'), `import createIK2D from 'ik2d';
const ik = await createIK2D();
ik.solveTwoBone({ root: 1, target: { x: 1, y: 1 }, length1: '1', length2: 1 });
`);
  assert.throws(() => run(process.execPath, [path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], project),
    /error TS2322/, 'a call with wrong types is a type error');
  writeFileSync(path.join(project, 'good.ts'), `import createIK2D from 'ik2d/core';
import type { ChainSolveResult, IK2DCore } from 'ik2d/core';
const ik: IK2DCore = await createIK2D();
const chain = new ik.Chain({ root: { x: 0, y: 0 }, lengths: [1, 1] });
const s: ChainSolveResult = chain.solve({ x: 1, y: 1 }, { method: 'fabrik' });
export { s };
`);
  run(process.execPath, [path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], project);
  writeFileSync(path.join(project, 'good.ts'), `import createIK2D from 'ik2d/core';
const ik = await createIK2D();
new ik.Spider();
`);
  assert.throws(() => run(process.execPath, [path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], project),
    /error TS2339/, 'the light module has no Spider, and its types say so');
});

/**
 * Serves a folder on 127.0.0.1, opens it in headless Chromium and returns what the page shows.
 * @param {string} folder
 */
async function loadInChromium(folder) {
  const files = sirv(folder, { dev: true });
  const server = http.createServer((request, response) => files(request, response, () => { response.statusCode = 404; response.end(); }));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    /** @type {string[]} */
    const problems = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => { if (message.type() === 'error') problems.push(message.text()); });
    /** @type {string[]} */
    const wasm = [];
    page.on('response', (response) => { if (response.url().endsWith('.wasm')) wasm.push(`${response.status()} ${response.url()}`); });
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForSelector('html[data-done="true"]', { timeout: 15000 });
    return { text: (await page.textContent('body'))?.trim(), problems, wasm };
  } finally {
    await browser.close();
    server.closeAllConnections();
    server.close();
  }
}

test('esbuild: a bundled page loads the WASM from beside the bundle', async () => {
  const source = path.join(project, 'esbuild-src');
  const out = path.join(project, 'esbuild-out');
  mkdirSync(source);
  mkdirSync(out);
  writeFileSync(path.join(source, 'main.js'), pageScript());
  writeFileSync(path.join(out, 'index.html'), '<!doctype html><title>esbuild</title><link rel="icon" href="data:,"><script type="module" src="main.js"></script>');
  // The documented recipe (docs): bundle as an ES module for the browser, keep Node's modules out,
  // copy ik2d.wasm next to the bundle (the module looks for it beside itself).
  run(bin('esbuild'), [path.join(source, 'main.js'), '--bundle', '--format=esm', '--platform=browser', '--external:node:*',
    `--outfile=${path.join(out, 'main.js')}`], project);
  cpSync(path.join(project, 'node_modules', 'ik2d', 'dist', 'ik2d.wasm'), path.join(out, 'ik2d.wasm'));
  const shown = await loadInChromium(out);
  assert.deepEqual(shown.problems, []);
  assert.match(shown.text ?? '', / reached 100\.000 60\.000$/);
  assert.equal(shown.wasm.length, 1, `the WASM was fetched once: ${shown.wasm}`);
  assert.match(shown.wasm[0], /^200 /);
});

for (const [specifier, wasmName] of [['ik2d', 'ik2d'], ['ik2d/core', 'ik2d-core']]) {
  test(`Vite: a built page that imports ${specifier} finds its WASM by itself (new URL(..., import.meta.url) becomes an asset)`, async () => {
    const root = path.join(project, `vite-${wasmName}`);
    mkdirSync(root);
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>vite</title><link rel="icon" href="data:,"><script type="module" src="./main.js"></script>');
    writeFileSync(path.join(root, 'main.js'), pageScript(specifier));
    writeFileSync(path.join(root, 'vite.config.mjs'), `export default { build: { target: 'es2022' }, logLevel: 'warn' };\n`);
    run(bin('vite'), ['build', root, '--config', path.join(root, 'vite.config.mjs'), '--outDir', path.join(root, 'dist'), '--emptyOutDir'], project);
    const wasmAssets = readdirSync(path.join(root, 'dist', 'assets')).filter((file) => file.endsWith('.wasm'));
    assert.equal(wasmAssets.length, 1, `Vite emitted one WASM: ${wasmAssets}`);
    assert.match(wasmAssets[0], new RegExp(`^${wasmName}-[^.]*\\.wasm$`));
    const shown = await loadInChromium(path.join(root, 'dist'));
    assert.deepEqual(shown.problems, []);
    assert.match(shown.text ?? '', / reached 100\.000 60\.000$/);
    assert.deepEqual(shown.wasm.map((line) => line.replace(/^(\d+) .*\/assets\//, '$1 ')), [`200 ${wasmAssets[0]}`]);
  });
}
