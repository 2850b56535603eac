// format.mjs: `npm run format` rewrites the C++ sources with clang-format (.clang-format);
// `npm run format -- --check` (part of npm test) fails when any file is not formatted.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { run } from './lib/run.mjs';
import { ensureSystemTools, repoRoot } from './lib/setup.mjs';

/** Every C++ source and header under core/ and tests/. */
export function cppSources() {
  const found = [];
  const walk = (folder) => {
    for (const entry of readdirSync(path.join(repoRoot, folder), { withFileTypes: true })) {
      const relative = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (/\.(cpp|hpp)$/.test(entry.name)) found.push(relative);
    }
  };
  walk('core');
  walk('tests');
  return found.sort();
}

/** Checks (or, with fix, applies) the house C++ format. */
export function formatCpp({ fix = false } = {}) {
  const mode = fix ? ['-i'] : ['--dry-run', '--Werror'];
  run('clang-format', [...mode, ...cppSources()], { cwd: repoRoot });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    ensureSystemTools(['clangFormat']);
    formatCpp({ fix: !process.argv.includes('--check') });
  } catch (error) {
    console.error(`\nformat failed: ${error.message}\n(run npm run format to fix the files)`);
    process.exit(1);
  }
}
