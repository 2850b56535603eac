// build.mjs: `npm run build`. Compiles the WASM modules and writes the static site to dist/:
// index.html and the page's files (copied from web/), and each module of scripts/lib/modules.mjs
// (ik2d-core, ik2d-batch, ik2d-procedural, ik2d-skeleton, ik2d) as .js + .wasm + .d.ts. Every URL
// in dist/ is relative, so it works from any static host and path.
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeBoundary } from './boundary.mjs';
import { MODULES, moduleTypes } from './lib/modules.mjs';
import { run, runAsync } from './lib/run.mjs';
import { emscriptenEnv, ensureNodeModules, ensureNodeModulesWhile, ensureSystemTools, repoRoot } from './lib/setup.mjs';
import { READOUTS, stageHtml } from '../web/src/draw/stage.js';

/** Node's require for the build's npm tools (TypeScript, esbuild), each loaded where it is used. */
const require = createRequire(import.meta.url);

export const distDir = path.join(repoRoot, 'dist');
const wasmBuildDir = path.join(repoRoot, 'build', 'wasm');

/**
 * Configures and builds the Emscripten targets (the modules, and with `tests` the Catch2 suite);
 * with `modules`, only those modules.
 * @param {{tests?: boolean, modules?: import('./lib/modules.mjs').ModuleInfo[]}} [options]
 */
export function buildWasm({ tests = false, modules } = {}) {
  const env = emscriptenEnv();
  const configure = () => run('emcmake', ['cmake', '--preset', 'wasm', '-DIK2D_BUILD_TESTS=' + (tests ? 'ON' : 'OFF'),
    `-DIK2D_API_DIR=${path.join(repoRoot, 'build', 'api')}`], { env, cwd: repoRoot });
  // The face's generated part (and the types and docs of the listed options) from C++ first:
  // ik2d-describe needs no face, and the links below read what it wrote.
  writeApiWithoutComments();
  configure();
  run('cmake', ['--build', '--preset', 'wasm', '--target', 'ik2d_describe'], { env: buildEnv(env), cwd: repoRoot });
  const changed = writeBoundary();
  if (changed.length) console.log(`Rewrote from the C++ description: ${changed.join(', ')}`);
  writeApiWithoutComments();
  run('cmake', ['--build', '--preset', 'wasm', ...moduleTargets(modules)], { env: buildEnv(env), cwd: repoRoot });
}

/**
 * Links more modules in a build buildWasm() configured, without blocking (npm start serves
 * meanwhile).
 * @param {import('./lib/modules.mjs').ModuleInfo[]} modules
 * @returns {Promise<void>}
 */
export function linkMoreModules(modules) {
  return runAsync('cmake', ['--build', '--preset', 'wasm', ...moduleTargets(modules)], { env: buildEnv(emscriptenEnv()), cwd: repoRoot });
}

/**
 * The build's targets for some modules (core/CMakeLists.txt: ik2d_module() names them
 * <stem>_module); none named, every target.
 * @param {import('./lib/modules.mjs').ModuleInfo[] | undefined} modules
 */
function moduleTargets(modules) {
  return modules ? ['--target', ...modules.map(({ stem }) => `${stem}_module`)] : [];
}

/**
 * The environment of the compiles and links: Emscripten checks its own set-up (the Node and
 * LLVM it runs) once per call unless told not to, about a second a call on a busy machine. The
 * configure step just before has checked it, so the 40-odd calls of a build skip it.
 * @param {NodeJS.ProcessEnv} env
 */
function buildEnv(env) {
  return { ...env, EMCC_SKIP_SANITY_CHECK: '1' };
}

/**
 * Compiles the modules' C++ without needing any npm package (the JS face, stripped of its
 * comments by TypeScript, is read only when the links are configured): what `npm start` and
 * `npm run build` run while `npm ci` installs. buildWasm() then configures again with the
 * stripped JS face and links.
 * @returns {Promise<void>}
 */
export async function compileWasmObjects() {
  const env = emscriptenEnv();
  await runAsync('emcmake', ['cmake', '--preset', 'wasm', '-DIK2D_BUILD_TESTS=OFF', `-DIK2D_API_DIR=${path.join(repoRoot, 'core', 'bindings')}`],
    { env, cwd: repoRoot });
  await runAsync('cmake', ['--build', '--preset', 'wasm', '--target', 'ik2d_objects'], { env: buildEnv(env), cwd: repoRoot });
}


/**
 * Writes the JS face's files (core/bindings/ik2d_api*.js) without their comments (TypeScript's
 * emitter, which changes nothing else) to build/api/, rewriting each only when it changes so the
 * links stay incremental. Returns the folder.
 */
function writeApiWithoutComments() {
  const ts = require('typescript');
  const folder = path.join(repoRoot, 'build', 'api');
  mkdirSync(folder, { recursive: true });
  const bindings = path.join(repoRoot, 'core', 'bindings');
  for (const name of readdirSync(bindings).filter((file) => /^ik2d_api.*\.js$/.test(file))) {
    const source = readFileSync(path.join(bindings, name), 'utf8');
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { removeComments: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
    });
    const file = path.join(folder, name);
    let old = '';
    try { old = readFileSync(file, 'utf8'); } catch { /* first build */ }
    if (old !== outputText) writeFileSync(file, outputText);
  }
  return folder;
}

/**
 * Emscripten's glue plus the API, minified by esbuild (whitespace, syntax and local names): about
 * 4 KB less gzipped than the comment-free source. ES2022 keeps the API's private fields native.
 * What reaches the outside stays: the default export, and the strings Embind and the API look up.
 * No source map is shipped: the readable glue is build/wasm/core/ik2d.js, the API
 * core/bindings/ik2d_api.js.
 * @param {string} file
 */
function minifiedModule(file) {
  const esbuild = require('esbuild');
  return esbuild.transformSync(readFileSync(file, 'utf8'), {
    minify: true, format: 'esm', target: 'es2022', legalComments: 'none', logLevel: 'error',
  }).code;
}

/**
 * The page's third-party code, bundled from node_modules into dist/src/vendor/ so the page loads
 * it from its own host (no request elsewhere). Each file is imported lazily, when it is needed:
 * gifenc (the GIF encoder of playground.exportAnimation, web/src/host/animation.js). The license
 * comment is kept.
 */
export const VENDOR = [{ entry: 'gifenc', file: 'gifenc.js' }];

/** Bundles VENDOR into dist/src/vendor/, each headed by its name, version and license notice. */
function writeVendor() {
  const esbuild = require('esbuild');
  for (const { entry, file } of VENDOR) {
    const folder = path.dirname(require.resolve(`${entry}/package.json`));
    const { version, license } = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'));
    const copyright = readFileSync(path.join(folder, 'LICENSE.md'), 'utf8').split('\n').find((line) => /copyright/i.test(line))?.trim();
    esbuild.buildSync({
      stdin: { contents: `export * from '${entry}';`, resolveDir: repoRoot },
      bundle: true, minify: true, format: 'esm', platform: 'browser', mainFields: ['module', 'main'], target: 'es2020', logLevel: 'error',
      banner: { js: `/* ${entry} ${version}, ${license} license. ${copyright ?? ''} */` },
      outfile: path.join(distDir, 'src', 'vendor', file),
    });
  }
}

/** A module's `import text from '../styles/x.css'` is the file's text (the element's stylesheet). */
export const CSS_AS_TEXT = /** @type {const} */ ({ '.css': 'text' });

/**
 * The page bundle's entry points (web/src/entries/), each written to dist/src/ under its own name:
 * the playground, the embed view, <ik2d-scene> with the story elements, and the GIF export's module
 * worker (web/src/host/animation.js starts it).
 */
export const PAGE_ENTRIES = ['main.js', 'embed.js', 'element.js', 'gif-worker.js'];

/** The classic script that sets the theme before the first paint, copied to dist/src/ as it is. */
export const EARLY_SCRIPT = 'theme-early.js';

/**
 * The page's ES modules (web/src), bundled into dist/src/ by esbuild: four entry points, main.js
 * (the playground, loaded by index.html), embed.js (the embed view, loaded by embed.html),
 * element.js (<ik2d-scene> and the story elements, loaded by ik2d-element.js) and gif-worker.js
 * (the GIF export's module worker),
 * beside the chunks they share and a chunk per scene,
 * fetched when the scene is first shown: a page fetches a few files, not every module one by one
 * (what that saves: docs/testing.md, "What a page costs"). The entry points (web/src/entries/)
 * land in dist/src/ and every chunk beside them, whatever folder its sources sit in, so the URLs
 * the code takes from its own (the WASM modules at ../ik2d-*.js, the element's site at ../, the GIF
 * encoder at ./vendor/, the worker at ./gif-worker.js) are dist/src/'s; the WASM modules stay files of their own, as
 * the package ships them. theme-early.js is a classic script, copied as it is. The code stays
 * readable (not minified, each module headed by its source path); comments are dropped.
 */
/**
 * The WASM modules as the page's code imports them (`import('../ik2d-core.js')`), left to load at
 * run time. Named one by one: esbuild also matches an external path against where it resolves
 * from the working folder, so a wildcard such as ../ik2d*.js would take in every file of a
 * checkout whose folder is named ik2d (what `git clone` names it) and leave the page unbundled.
 */
const WASM_IMPORTS = MODULES.map(({ stem }) => `../${stem}.js`);

function writePageBundle() {
  const esbuild = require('esbuild');
  const source = path.join(repoRoot, 'web', 'src', 'entries');
  esbuild.buildSync({
    entryPoints: PAGE_ENTRIES.map((file) => path.join(source, file)),
    bundle: true, splitting: true, format: 'esm', target: 'es2022', platform: 'browser',
    outdir: path.join(distDir, 'src'), chunkNames: '[name]-[hash]', legalComments: 'none', logLevel: 'error',
    absWorkingDir: repoRoot, // Each module in the bundle is headed by its path from here: // web/src/...js
    external: [...WASM_IMPORTS, './vendor/*'], loader: CSS_AS_TEXT,
  });
  cpSync(path.join(source, EARLY_SCRIPT), path.join(distDir, 'src', EARLY_SCRIPT));
}

/** Where in dist/ `npx ik2d render`'s code goes (bin/ik2d.mjs imports it from there). */
export const RENDER_BUNDLE = 'node/ik2d-render.js';

/**
 * `npx ik2d render`'s code (bin/ik2d.mjs): web/src/entries/render-svg.js and the page modules it runs (the
 * link, the settings, every scene, the SVG recorder) in one minified file for Node, RENDER_BUNDLE
 * (the sources are web/src/). The page never loads it. The WASM modules stay outside, found at
 * ../ik2d-*.js as the page finds them.
 */
function writeRenderBundle() {
  const esbuild = require('esbuild');
  esbuild.buildSync({
    entryPoints: [path.join(repoRoot, 'web', 'src', 'entries', 'render-svg.js')],
    bundle: true, format: 'esm', target: 'es2022', platform: 'neutral',
    outfile: path.join(distDir, RENDER_BUNDLE), minify: true, legalComments: 'none', logLevel: 'error',
    absWorkingDir: repoRoot, external: WASM_IMPORTS, loader: CSS_AS_TEXT,
  });
}

/** The lines of a page the build replaces with the stage's and the readouts' markup (web/src/draw/stage.js). */
const STAGE_LINE = /^([ \t]*)<!-- (stage|readouts): web\/src\/draw\/stage\.js -->\n/gm;

/**
 * A page's HTML with its partials written in: each line `<!-- partials/NAME.html -->` becomes
 * `partials`/NAME.html without that file's heading comment (the head both pages share, the head the
 * element's example pages share), and the lines `<!-- stage: web/src/draw/stage.js -->` and
 * `<!-- readouts: web/src/draw/stage.js -->` become the stage's and the readouts' markup
 * (stageHtml(), the same nodes <ik2d-scene> builds), at that line's indent. The build
 * writes the pages (and those of examples/) with it; the static page checks read them through it.
 * @param {string} html
 * @param {string} partials The folder of the partials.
 * @returns {string}
 */
export function withPartials(html, partials) {
  const written = html.replace(/^[ \t]*<!-- partials\/([\w-]+\.html) -->\n/gm, (line, name) => {
    const text = readFileSync(path.join(partials, name), 'utf8');
    const heading = /^<!--[\s\S]*?-->\n/.exec(text);
    if (!heading) throw new Error(`partials/${name} does not open with its heading comment`);
    return text.slice(heading[0].length);
  }).replace(STAGE_LINE, (line, indent, part) => stageHtml(indent, part === 'stage' ? undefined : READOUTS));
  if (/<!-- (partials\/|stage|readouts)/.test(written)) throw new Error('a page names a partial, the stage or the readouts other than on a line of its own');
  return written;
}

/** The pages with their partials written in (withPartials); the partials are not shipped. */
function writePagePartials() {
  const partials = path.join(distDir, 'partials');
  const examples = readdirSync(path.join(distDir, 'examples')).filter((name) => name.endsWith('.html')).map((name) => path.join('examples', name));
  for (const page of ['index.html', 'embed.html', ...examples]) {
    const file = path.join(distDir, page);
    writeFileSync(file, withPartials(readFileSync(file, 'utf8'), partials));
  }
  rmSync(partials, { recursive: true });
}

/**
 * Each page's stylesheets as one file: the <link rel="stylesheet"> tags of index.html and
 * embed.html (each links one entry, playground.css or embed-view.css, that @imports web/styles/
 * by concern) become one link to styles/<page>-page.css, the files joined in the same order by
 * esbuild, so a page fetches one stylesheet; the files by concern are not shipped.
 */
function writePageStyles() {
  const esbuild = require('esbuild');
  const styles = path.join(distDir, 'styles');
  for (const page of ['index', 'embed']) {
    const file = path.join(distDir, `${page}.html`);
    const html = readFileSync(file, 'utf8');
    const links = /((?:^[ \t]*<link rel="stylesheet" href="styles\/[\w-]+\.css">\n)+)/m.exec(html);
    if (!links) throw new Error(`${page}.html links no stylesheet in styles/`);
    const names = [...links[1].matchAll(/href="styles\/([\w-]+\.css)"/g)].map(([, name]) => name);
    esbuild.buildSync({
      stdin: { contents: names.map((name) => `@import "./${name}";`).join('\n'), resolveDir: styles, loader: 'css' },
      bundle: true, outfile: path.join(styles, `${page}-page.css`), legalComments: 'none', logLevel: 'error',
    });
    const indent = /^[ \t]*/.exec(links[1])?.[0] ?? '';
    writeFileSync(file, html.replace(links[1], `${indent}<link rel="stylesheet" href="styles/${page}-page.css">\n`));
  }
  for (const name of readdirSync(styles)) if (!name.endsWith('-page.css')) rmSync(path.join(styles, name));
}

/**
 * Writes dist/ from web/ (its modules and each page's styles bundled) and the built modules.
 * @param {{without?: import('./lib/modules.mjs').ModuleInfo[]}} [options] Modules not built yet.
 */
export function assembleDist({ without = [] } = {}) {
  rmSync(distDir, { recursive: true, force: true });
  mkdirSync(distDir, { recursive: true });
  const webSource = path.join(repoRoot, 'web', 'src');
  cpSync(path.join(repoRoot, 'web'), distDir, { recursive: true, filter: (from) => path.relative(webSource, from).startsWith('..') });
  writePageBundle();
  writePagePartials();
  writePageStyles();
  writeVendor();
  writeRenderBundle();
  const modules = MODULES.filter((module) => !without.includes(module));
  modules.forEach(writeModule);
  console.log(`\nWrote ${path.relative(process.cwd(), distDir) || '.'}/ (index.html and the page, ${modules.map((m) => m.stem).join(', ')}: .js, .wasm, .d.ts)`);
}

/**
 * Writes one built module into dist/: its .wasm, its .js minified and its .d.ts.
 * @param {import('./lib/modules.mjs').ModuleInfo} module
 */
export function writeModule(module) {
  const { stem } = module;
  cpSync(path.join(wasmBuildDir, 'core', `${stem}.wasm`), path.join(distDir, `${stem}.wasm`));
  writeFileSync(path.join(distDir, `${stem}.js`), minifiedModule(path.join(wasmBuildDir, 'core', `${stem}.js`)));
  if (module.types) writeFileSync(path.join(distDir, `${stem}.d.ts`), moduleTypes(module));
  else cpSync(path.join(repoRoot, 'core', 'bindings', `${stem}.d.ts`), path.join(distDir, `${stem}.d.ts`));
}

/**
 * Makes sure dist/ holds a built page and module, building it (tools, npm packages, WASM) when it
 * does not: the scripts that only read dist/ (screenshot, soak) work on a fresh clone too.
 */
export function ensureDist() {
  if (existsSync(path.join(distDir, 'ik2d.js')) && existsSync(path.join(distDir, 'index.html'))) return;
  console.log('dist/ is missing: building it first (npm run build)');
  ensureSystemTools(['cmake', 'ninja', 'compiler', 'emscripten']);
  ensureNodeModules();
  buildWasm();
  assembleDist();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    // --web-only: re-copy the page files next to the module built last time (no compiling).
    if (!process.argv.includes('--web-only')) {
      ensureSystemTools(['cmake', 'ninja', 'compiler', 'emscripten']);
      await ensureNodeModulesWhile(compileWasmObjects);
      buildWasm();
    }
    assembleDist();
  } catch (error) {
    console.error(`\nnpm run build failed: ${error.message}`);
    process.exit(1);
  }
}
