// scripts.test.mjs: every npm script works on a fresh clone, where node_modules does not exist yet.
// An ES module's static imports are all loaded before its first line runs, so an entry that
// imports an npm package (even through a local file) fails before it can install anything. Each
// script's entry file and everything it imports statically may use only Node's own modules; npm
// packages are imported dynamically once ensureNodeModules() has run.
// (tests/package/fresh-start.test.mjs runs `npm start` itself on a fresh clone.)
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { repoRoot } from './support.mjs';

/** `import … from 'x'`, `import 'x'` and `export … from 'x'` at the start of a line. */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/gm;

/**
 * The npm packages a file loads before it runs, through its static imports and theirs.
 * @param {string} entry Absolute path.
 * @returns {Map<string, string>} package specifier → the file that imports it.
 */
function staticPackages(entry) {
  const found = new Map();
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, specifier] of source.matchAll(STATIC_IMPORT)) {
      if (specifier.startsWith('node:')) continue;
      if (specifier.startsWith('.') || specifier.startsWith('/')) {
        const next = path.resolve(path.dirname(file), specifier);
        assert.ok(existsSync(next), `${path.relative(repoRoot, file)} imports ${specifier}, which does not exist`);
        visit(next);
      } else {
        found.set(specifier, path.relative(repoRoot, file));
      }
    }
  };
  visit(entry);
  return found;
}

const scripts = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).scripts;

test('the checker sees a package imported through a local file (it can fail)', () => {
  const packages = staticPackages(path.join(repoRoot, 'tests', 'browser', 'harness.mjs'));
  assert.equal(packages.get('playwright-core'), 'tests/browser/harness.mjs');
  assert.equal(packages.get('sirv'), 'tests/browser/harness.mjs');
});

for (const [name, command] of Object.entries(scripts)) {
  test(`npm run ${name} loads no npm package before installing them`, () => {
    const match = /^node (scripts\/[\w-]+\.mjs)(\s|$)/.exec(command);
    assert.ok(match, `"${name}": "${command}" should be "node scripts/<file>.mjs …" so it can install what is missing`);
    const packages = staticPackages(path.join(repoRoot, match[1]));
    assert.deepEqual(Object.fromEntries(packages), {},
      `${match[1]} statically imports npm packages: import them after ensureNodeModules()`);
  });
}
