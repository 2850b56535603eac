// start.mjs: `npm start`. Installs what is missing, builds dist/, serves it and prints the URL.
// The default scene's module is linked before the URL, the others after it: a request for one of
// those waits until it is written (serve.mjs, pending).
// PORT (default 8080) and HOST (default 127.0.0.1) override where it listens.
//
// Like every npm script's entry, this file imports only Node's own modules and files that do the
// same; npm packages (sirv, through serve.mjs) are imported once ensureNodeModules() has installed
// them, so it works on a fresh clone with no node_modules (tests/js/scripts.test.mjs checks).
import { assembleDist, buildWasm, compileWasmObjects, distDir, linkMoreModules, writeModule } from './build.mjs';
import { MODULES } from './lib/modules.mjs';
import { ensureNodeModulesWhile, ensureSystemTools } from './lib/setup.mjs';

const port = process.env.PORT === undefined ? 8080 : Number(process.env.PORT);
const host = process.env.HOST || '127.0.0.1';

try {
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got ${JSON.stringify(process.env.PORT)}`);
  }
  ensureSystemTools(['cmake', 'ninja', 'compiler', 'emscripten']);
  await ensureNodeModulesWhile(compileWasmObjects); // npm ci and the C++ side by side
  // The default scene's module first; the others are linked while the page is served.
  const later = MODULES.filter((module) => !module.first);
  buildWasm({ modules: MODULES.filter((module) => module.first) });
  assembleDist({ without: later });
  /** @type {(value?: unknown) => void} */
  let linked = () => {};
  /** @type {(reason: unknown) => void} */
  let failed = () => {};
  const written = new Promise((resolve, reject) => { linked = resolve; failed = reject; });
  written.catch(() => {}); // reported below
  const pending = new Map(later.flatMap(({ stem }) => ['js', 'wasm', 'd.ts'].map((ending) => [`/${stem}.${ending}`, written])));
  const { serve } = await import('./serve.mjs');
  const { url } = await serve(distDir, { port, host, pending }).catch((error) => {
    if (error.code === 'EADDRINUSE') throw new Error(`port ${port} is already in use: set PORT to another one, e.g. PORT=8081 npm start`);
    throw error;
  });
  console.log(`\nik2d playground: ${url}\n(Ctrl+C to stop)`);
  try {
    await linkMoreModules(later);
    later.forEach(writeModule);
    linked();
  } catch (error) {
    failed(error);
    throw error;
  }
  pending.clear();
  console.log(`\nLinked the other modules: ${later.map(({ stem }) => `${stem}.js`).join(', ')}.`);
} catch (error) {
  console.error(`\nnpm start failed: ${error.message}`);
  process.exit(1);
}
