// typecheck.mjs: `npm run typecheck`. TypeScript's checker over ik2d.d.ts, its usage file and the
// page's JSDoc types (tsconfig.json), installing the npm packages first when they are missing.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { run } from './lib/run.mjs';
import { ensureNodeModules, repoRoot } from './lib/setup.mjs';

/** Runs tsc -p tsconfig.json; throws when it finds a type error. */
export function typecheck() {
  run(process.execPath, [path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], { cwd: repoRoot });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    ensureNodeModules();
    typecheck();
  } catch (error) {
    console.error(`\nnpm run typecheck failed: ${error.message}`);
    process.exit(1);
  }
}
