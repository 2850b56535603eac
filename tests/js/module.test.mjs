// module.test.mjs: dist/ as a user gets it: the files, the ES module, createIK2D() in Node.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { distDir, loadModule, packageVersion } from './support.mjs';

test('dist/ holds the page, the module, its wasm and its types', () => {
  const files = readdirSync(distDir);
  for (const file of ['index.html', 'ik2d.js', 'ik2d.wasm', 'ik2d.d.ts']) {
    assert.ok(files.includes(file), `dist/ should contain ${file}, has ${files.join(', ')}`);
  }
  const wasm = readFileSync(path.join(distDir, 'ik2d.wasm'));
  assert.deepEqual([...wasm.subarray(0, 4)], [0x00, 0x61, 0x73, 0x6d], 'ik2d.wasm starts with the wasm magic');
});

test('ik2d.js is an ES module with a default export and no absolute URLs', async () => {
  const source = readFileSync(path.join(distDir, 'ik2d.js'), 'utf8');
  const { default: createIK2D } = await import(path.join(distDir, 'ik2d.js'));
  assert.equal(typeof createIK2D, 'function', 'the default export is the factory');
  assert.ok(source.length < 80_000, `ik2d.js is minified (${source.length} characters)`);
  assert.doesNotMatch(source, /https?:\/\/(?!www\.w3\.org)/, 'no absolute http(s) URL in ik2d.js');
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  for (const [, url] of html.matchAll(/(?:src|href)="([^"]+)"/g)) {
    assert.ok(!/^(?:[a-z]+:)?\/\//i.test(url) && !url.startsWith('/'), `index.html uses a relative URL, not ${url}`);
  }
});

test('createIK2D() works in Node with no arguments, twice, independently', async () => {
  const first = await loadModule();
  const second = await loadModule();
  assert.equal(first.version, packageVersion, 'the module version is the package version');
  assert.equal(typeof first.solveTwoBone, 'function');
  assert.ok(Object.isFrozen(first), 'the API object cannot be tampered with');
  const options = { root: { x: 0, y: 0 }, target: { x: 100, y: 60 }, length1: 120, length2: 80 };
  assert.deepEqual(first.solveTwoBone(options), second.solveTwoBone(options));
});

test('createIK2D accepts the wasm bytes explicitly (wasmBinary)', async () => {
  const { default: createIK2D } = await import(path.join(distDir, 'ik2d.js'));
  const wasmBinary = readFileSync(path.join(distDir, 'ik2d.wasm'));
  const ik = await createIK2D({ wasmBinary });
  assert.equal(ik.solveTwoBone({ root: { x: 0, y: 0 }, target: { x: 3, y: 4 }, length1: 3, length2: 2 }).status, 'reached');
});

test('stats() counts live chains, spiders and skeletons, and delete() brings them back down', async () => {
  const ik = await loadModule();
  const before = ik.stats();
  assert.deepEqual(Object.keys(before).sort(), ['embindHandles', 'liveBatches', 'liveChains', 'liveCreatures', 'liveSkeletons', 'liveSpiders', 'wasmMemoryBytes']);
  const chains = Array.from({ length: 5 }, () => new ik.Chain({ root: { x: 0, y: 0 }, lengths: [1, 2] }));
  const spider = new ik.Spider();
  const skeleton = new ik.Skeleton({ root: { x: 0, y: 0 }, bones: [{ parent: -1, length: 1 }, { parent: 0, length: 1 }] });
  assert.equal(ik.stats().liveSkeletons, before.liveSkeletons + 1);
  assert.equal(ik.stats().liveChains, before.liveChains + 5);
  assert.equal(ik.stats().liveSpiders, before.liveSpiders + 1);
  for (let i = 0; i < 1000; i++) chains[i % 5].solve({ x: Math.cos(i), y: Math.sin(i) }, { method: i % 2 ? 'ccd' : 'fabrik' });
  spider.step(1 / 60, 100);
  for (const chain of chains) chain.delete();
  spider.delete();
  skeleton.solve([{ bone: 1, target: { x: 1, y: 1 } }]);
  skeleton.delete();
  const after = ik.stats();
  assert.equal(after.liveSkeletons, before.liveSkeletons);
  assert.equal(after.liveChains, before.liveChains);
  assert.equal(after.liveSpiders, before.liveSpiders);
  assert.equal(after.embindHandles, before.embindHandles, 'no Embind handle left behind');
  assert.ok(after.wasmMemoryBytes >= 16 * 1024 * 1024 && after.wasmMemoryBytes < 64 * 1024 * 1024);
});
