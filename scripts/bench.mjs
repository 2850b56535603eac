// bench.mjs: `npm run bench`. Measures, never asserts (timed tests would be flaky on shared
// machines; these numbers are for docs/benchmarks.md). Four parts, each printed as a markdown table:
//   1. native: Google Benchmark, per-call solvers against the SIMD batches (bench/native);
//   2. WASM in Node: ik2d per call and batched against hand-written JS and three JS IK libraries,
//      alternating rounds in one process, plus the convergence table (bench/node/run.mjs);
//   3. creatures: 1 000 lizards a frame, the WASM CreatureCrowd against a plain-JS port of the
//      same algorithm, alternating rounds in one process (bench/node/creatures.mjs);
//   4. browser: the playground's stress scene and the creature scene's crowds in headless Chromium
//      (bench/browser/stress.mjs, bench/browser/creatures.mjs);
//   5. payload: gzipped size of what a page downloads;
//   6. embed: a Hugo blog post with three iframes against the same with three elements: time to
//      first frame, bytes and memory, cold and cached
//      (bench/browser/embed.mjs).
//   npm run bench [-- --quick] [-- --only native,node,creatures,browser,payload,embed]
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { KB, MODULES, moduleBytes } from './lib/modules.mjs';
import { assembleDist, buildWasm, distDir } from './build.mjs';
import { run } from './lib/run.mjs';
import { ensureNodeModules, ensureSystemTools, repoRoot } from './lib/setup.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const onlyArg = args.find((a) => a.startsWith('--only'));
const only = onlyArg ? (onlyArg.includes('=') ? onlyArg.split('=')[1] : args[args.indexOf(onlyArg) + 1]).split(',') : null;
const wanted = (part) => !only || only.includes(part);

/** Runs the Google Benchmark program and prints ns/solve with the batch-over-per-call ratio. */
function nativeBench() {
  console.log('\n## Native (Google Benchmark, g++ -O2, SSE2 for the batches)\n');
  run('cmake', ['--preset', 'native-release', '-DIK2D_BUILD_BENCHMARKS=ON'], { cwd: repoRoot });
  run('cmake', ['--build', '--preset', 'native-release', '--target', 'ik2d_bench'], { cwd: repoRoot });
  const program = path.join(repoRoot, 'build', 'native-release', 'bench', 'native', 'ik2d_bench');
  const output = execFileSync(program, [`--benchmark_min_time=${quick ? 0.05 : 0.5}`, '--benchmark_format=json'], {
    encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'],
  });
  const rows = JSON.parse(output).benchmarks.map((b) => ({ name: b.name, ns: 1e9 / b.items_per_second }));
  const byName = new Map(rows.map((r) => [r.name, r.ns]));
  console.log('| benchmark | per call (ns/solve) | batch (ns/solve) | batch speed-up |');
  console.log('|---|---|---|---|');
  for (const row of rows.filter((r) => r.name.endsWith('/per_call'))) {
    const base = row.name.replace(/\/per_call$/, '');
    const batch = byName.get(`${base}/batch`);
    console.log(`| ${base} | ${row.ns.toFixed(1)} | ${batch?.toFixed(1) ?? '–'} | ${batch ? (row.ns / batch).toFixed(2) + '×' : '–'} |`);
  }
  // The chain rows with an end angle goal against the same solves without one.
  console.log('\n| chain solve | plain (ns/solve) | with an end angle goal (ns/solve) | ratio |');
  console.log('|---|---|---|---|');
  for (const row of rows.filter((r) => /_angle\/per_call$/.test(r.name))) {
    const plain = byName.get(row.name.replace('_angle/', '/'));
    if (plain) console.log(`| ${row.name.replace('_angle/per_call', '')} | ${plain.toFixed(1)} | ${row.ns.toFixed(1)} | ${(row.ns / plain).toFixed(2)}× |`);
  }
}

/** Every file under `folder`, recursively. */
function filesUnder(folder) {
  return readdirSync(folder).flatMap((name) => {
    const full = path.join(folder, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

function payload() {
  console.log('\n## Payload (gzip -9)\n');
  const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
  const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
  const page = filesUnder(distDir)
    .filter((file) => /\.(html|css|js|svg)$/.test(file) && !/ik2d(-\w+)?\.js$|[/\\]examples[/\\]/.test(file))
    .reduce((sum, file) => sum + gz(file), 0);
  console.log('| module | holds | .js | .wasm | together | budget |');
  console.log('|---|---|---|---|---|---|');
  const sizes = new Map();
  for (const { stem, holds, budget } of MODULES) {
    const { js, wasm, total } = moduleBytes(distDir, stem);
    sizes.set(stem, total);
    console.log(`| ${stem} | ${holds} | ${kb(js)} | ${kb(wasm)} | **${kb(total)}** | ${kb(budget)} |`);
  }
  console.log(`\n| what a page downloads | gzipped |`);
  console.log('|---|---|');
  console.log(`| the page (index.html, styles/*.css, src/**/*.js, favicon) | ${kb(page)} |`);
  for (const { stem } of MODULES) console.log(`| the page + ${stem} | ${kb(page + (sizes.get(stem) ?? 0))} |`);
}

try {
  ensureSystemTools(['cmake', 'ninja', 'compiler', 'emscripten', 'chromium', ...(wanted('native') ? ['benchmark'] : []),
    ...(wanted('embed') ? ['hugo'] : [])]);
  ensureNodeModules();
  console.log(`# ik2d benchmarks${quick ? ' (--quick: fewer rounds, noisier)' : ''}`);
  console.log(`Node ${process.version}, ${(await import('node:os')).cpus().length} cores. Ratios come from one run; absolute numbers move with the machine's load.`);
  if (wanted('native')) nativeBench();
  if (wanted('node') || wanted('creatures') || wanted('browser') || wanted('payload') || wanted('embed')) {
    buildWasm();
    assembleDist();
  }
  if (wanted('node')) {
    console.log('\n## WebAssembly in Node (bench/node/run.mjs)\n');
    const { runBench } = await import(pathToFileURL(path.join(repoRoot, 'bench', 'node', 'run.mjs')).href);
    await runBench({ size: quick ? 'quick' : 'full' });
  }
  if (wanted('creatures')) {
    console.log('\n## Creatures in Node: the WASM crowd against a JS port (bench/node/creatures.mjs)\n');
    // Only a port that does the same work is worth timing: checked frame by frame first.
    const { checkCreaturePort } = await import(pathToFileURL(path.join(repoRoot, 'bench', 'node', 'creature-port.mjs')).href);
    const { default: createCreatureModule } = await import(pathToFileURL(path.join(repoRoot, 'dist', 'ik2d-creature.js')).href);
    const { worst } = checkCreaturePort(await createCreatureModule());
    console.log(`The JS port steps the same crowds as the WASM one (largest gap ${worst.toExponential(1)} units; bench/node/creature-port.mjs).\n`);
    const { runCreatureBench } = await import(pathToFileURL(path.join(repoRoot, 'bench', 'node', 'creatures.mjs')).href);
    await runCreatureBench({ size: quick ? 'quick' : 'full' });
  }
  if (wanted('browser')) {
    console.log('\n## Browser: the stress scene in headless Chromium (bench/browser/stress.mjs)\n');
    const { runStress } = await import(pathToFileURL(path.join(repoRoot, 'bench', 'browser', 'stress.mjs')).href);
    await runStress({ quick });
    console.log('\n## Browser: crowds in the creature scene in headless Chromium (bench/browser/creatures.mjs)\n');
    const { runCreatures } = await import(pathToFileURL(path.join(repoRoot, 'bench', 'browser', 'creatures.mjs')).href);
    await runCreatures({ quick });
  }
  if (wanted('payload')) payload();
  if (wanted('embed')) {
    console.log('\n## Embeds in a blog post, iframes and elements: load (bench/browser/embed.mjs)\n');
    const { runEmbedLoad } = await import(pathToFileURL(path.join(repoRoot, 'bench', 'browser', 'embed.mjs')).href);
    await runEmbedLoad({ quick });
  }
} catch (error) {
  console.error(`\nnpm run bench failed: ${error.stack ?? error.message}`);
  process.exit(1);
}
