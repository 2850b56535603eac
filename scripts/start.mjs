// start.mjs: `npm start`. Installs what is missing, builds dist/, serves it and prints the URL.
// The package's all-in-one module (dist/ik2d.js), which no page loads, is linked after the URL.
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
  // The page's modules first; the package's all-in-one module, which no page loads, after the URL.
  const later = MODULES.filter((module) => module.packageOnly);
  buildWasm({ modules: MODULES.filter((module) => !later.includes(module)) });
  assembleDist({ without: later });
  const { serve } = await import('./serve.mjs');
  const { url } = await serve(distDir, { port, host }).catch((error) => {
    if (error.code === 'EADDRINUSE') throw new Error(`port ${port} is already in use: set PORT to another one, e.g. PORT=8081 npm start`);
    throw error;
  });
  console.log(`\nik2d playground: ${url}\n(Ctrl+C to stop)`);
  await linkMoreModules(later);
  later.forEach(writeModule);
  console.log(`\nWrote ${later.map(({ stem }) => `${stem}.js`).join(', ')} (the package's; no page loads it) beside the page.`);
} catch (error) {
  console.error(`\nnpm start failed: ${error.message}`);
  process.exit(1);
}
