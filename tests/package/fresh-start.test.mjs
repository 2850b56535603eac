// fresh-start.test.mjs: the README's main command on a fresh clone. `git clone` of this repository's
// HEAD into a temp folder's ik2d/ (no node_modules, no build/, no dist/), `npm start` there on a free port
// (once, before the engines), wait for the URL it prints, then load that URL in one engine
// (engines/index.mjs) and open every scene. Uncommitted changes are not in the clone: this tests what
// a newcomer gets from the repository.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { assertNoProblems, forEachEngine, launchEngine } from '../browser/engines/index.mjs';
import { outsideUrlFor } from '../browser/engines/outside.mjs';
import { MODULES } from '../../scripts/lib/modules.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Installing, configuring and building from nothing: generous, it is not a timing test, and in npm
 * test it builds beside the browser tests (at a lower priority), where it took over 8 minutes.
 */
const START_TIMEOUT_MS = 20 * 60 * 1000;

const isGitCheckout = existsSync(path.join(repoRoot, '.git'));

describe('npm start on a fresh clone', { skip: isGitCheckout ? false : 'not a git checkout: there is nothing to clone' }, () => {
  /** @type {string | undefined} The URL npm start printed. */
  let printed;
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let child;
  let folder = '';
  let clone = '';
  /** Resolves when npm start says the package's whole module is written (after the URL). */
  /** @type {Promise<void>} */
  let wholeModule = Promise.resolve();

  before(async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'ik2d-fresh-'));
    // In a folder named as `git clone` names it: a build whose paths match that name (esbuild's
    // externals once took in every file of such a checkout) shows here.
    clone = path.join(folder, 'ik2d');
    const cloned = spawnSync('git', ['clone', '--quiet', '--no-hardlinks', repoRoot, clone], { encoding: 'utf8' });
    assert.equal(cloned.status, 0, `git clone failed: ${cloned.stderr}`);
    assert.ok(!existsSync(path.join(clone, 'node_modules')) && !existsSync(path.join(clone, 'dist')), 'the clone starts empty');
    // Its own process group, so the server (a grandchild of npm) is stopped with it.
    const started = spawn('npm', ['start'], {
      cwd: clone, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PORT: '0' },
    });
    child = started;
    let output = '';
    wholeModule = new Promise((resolve, reject) => {
      let seen = ''; // its own copy: this listener runs before the one that collects `output`
      const watch = (/** @type {Buffer} */ chunk) => { seen += chunk; if (/Linked the other modules/.test(seen)) resolve(undefined); };
      started.stdout?.on('data', watch);
      started.stderr?.on('data', watch);
      started.on('exit', (code) => reject(new Error(`npm start exited (${code}) before linking the other modules:\n${seen.slice(-3000)}`)));
    });
    wholeModule.catch(() => {}); // judged in its own test
    printed = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL within ${START_TIMEOUT_MS / 1000} s:\n${output.slice(-3000)}`)), START_TIMEOUT_MS);
      const read = (chunk) => {
        output += chunk;
        const found = /ik2d playground: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
        if (found) { clearTimeout(timer); resolve(found[1]); }
      };
      started.stdout?.on('data', read);
      started.stderr?.on('data', read);
      started.on('exit', (code) => { clearTimeout(timer); reject(new Error(`npm start exited (${code}) before printing a URL:\n${output.slice(-3000)}`)); });
    });
  }, { timeout: START_TIMEOUT_MS + 60000 });

  after(async () => {
    const running = child;
    if (running) {
      try { process.kill(-(/** @type {number} */ (running.pid)), 'SIGTERM'); } catch { /* already gone */ }
      await new Promise((resolve) => { if (running.exitCode !== null || running.signalCode) resolve(undefined); else running.once('exit', resolve); });
    }
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  test('npm start installed the npm packages and built the default scene\'s module before the URL', () => {
    assert.ok(printed, 'npm start printed a URL');
    assert.ok(existsSync(path.join(clone, 'node_modules', 'sirv')), 'npm start installed the npm packages');
    for (const { stem, first } of MODULES) {
      if (first) assert.ok(existsSync(path.join(clone, 'dist', `${stem}.wasm`)), `npm start built ${stem} before the URL`);
    }
  });

  test('the other modules follow the URL', { timeout: START_TIMEOUT_MS }, async () => {
    await wholeModule;
    for (const { stem } of MODULES) {
      for (const ending of ['.js', '.wasm', '.d.ts']) assert.ok(existsSync(path.join(clone, 'dist', `${stem}${ending}`)), `${stem}${ending} written`);
    }
  });

  forEachEngine({
    launch: false,
    once: 'what is new here is the clone\'s build and npm start\'s server; every engine loads every scene of the same page in tests/browser',
    prefer: 'chromium',
  }, ({ name, test }) => {
    test('the printed URL loads every scene', { timeout: 180_000 }, async () => {
      assert.ok(printed, 'npm start printed a URL');
      const shown = await outsideUrlFor(name, printed);
      const engine = await launchEngine(name);
      try {
        const page = await engine.openPage(shown.url);
        try {
          const tabs = await page.locator('[role="tab"]').evaluateAll((nodes) => nodes.map((n) => /** @type {HTMLElement} */ (n).dataset.scene));
          assert.ok(tabs.length >= 4, `every scene has a tab, got ${tabs.join(', ')}`);
          for (const scene of tabs) {
            await page.click(`[role="tab"][data-scene="${scene}"]`);
            await page.waitForSelector(`html[data-scene="${scene}"][data-ready="true"]`);
            const state = await page.evaluate(() => window.playground.getState());
            assert.equal(state.scene, scene);
          }
          await assertNoProblems(page);
        } finally {
          await page.close();
        }
      } finally {
        await engine.close();
        await shown.close();
      }
    });
  });
});
