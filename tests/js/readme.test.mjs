// readme.test.mjs: the README's module example runs as written against dist/ and prints what the
// README says it prints, so the README cannot drift from the module.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { distDir, packageVersion, repoRoot } from './support.mjs';

test('the README example runs and prints what the README claims', () => {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const match = readme.match(/<!-- readme-example[^>]*-->\s*```js\n([\s\S]*?)```/);
  assert.ok(match, 'README.md has a marked example block');
  const source = match[1].replace("'./ik2d.js'", JSON.stringify(path.join(distDir, 'ik2d.js')));
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'ik2d-readme-')), 'example.mjs');
  writeFileSync(file, source);
  const lines = execFileSync(process.execPath, [file], { encoding: 'utf8' }).trim().split('\n');
  assert.equal(lines[0], packageVersion);
  assert.equal(lines[1], 'reached');
  assert.match(lines[2], /\{ x: 40\.149\d*, y: 113\.084\d* \} \{ x: 100, y: 60(\.0\d*)? \}/);
  assert.match(lines[3], /^1\.2296\d* -1\.9551\d*$/);
  assert.equal(lines[4], 'true');
});
