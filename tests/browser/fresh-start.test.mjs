// fresh-start.test.mjs: the README's main command on a fresh clone. `git clone` of this repository's
// HEAD into a temp folder (no node_modules, no build/, no dist/), `npm start` there on a free port,
// wait for the URL it prints, then load that URL in headless Chromium and open every scene.
// Uncommitted changes are not in the clone: this tests what a newcomer gets from the repository.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { assertNoProblems, launchBrowser, openPage } from './harness.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Installing, configuring and building from nothing: generous, it is not a timing test. */
const START_TIMEOUT_MS = 8 * 60 * 1000;

const isGitCheckout = existsSync(path.join(repoRoot, '.git'));

test('npm start on a fresh clone installs, builds, serves and prints a URL that loads every scene',
  { skip: isGitCheckout ? false : 'not a git checkout: there is nothing to clone', timeout: START_TIMEOUT_MS + 60000 },
  async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'ik2d-fresh-'));
    const clone = path.join(folder, 'clone');
    const cloned = spawnSync('git', ['clone', '--quiet', '--no-hardlinks', repoRoot, clone], { encoding: 'utf8' });
    assert.equal(cloned.status, 0, `git clone failed: ${cloned.stderr}`);
    assert.ok(!existsSync(path.join(clone, 'node_modules')) && !existsSync(path.join(clone, 'dist')), 'the clone starts empty');

    // Its own process group, so the server (a grandchild of npm) is stopped with it.
    const child = spawn('npm', ['start'], {
      cwd: clone, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PORT: '0' },
    });
    let output = '';
    const browser = await launchBrowser();
    try {
      const url = await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL within ${START_TIMEOUT_MS / 1000} s:\n${output.slice(-3000)}`)), START_TIMEOUT_MS);
        const read = (chunk) => {
          output += chunk;
          const found = /ik2d playground: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
          if (found) { clearTimeout(timer); resolve(found[1]); }
        };
        child.stdout.on('data', read);
        child.stderr.on('data', read);
        child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`npm start exited (${code}) before printing a URL:\n${output.slice(-3000)}`)); });
      });
      assert.ok(existsSync(path.join(clone, 'node_modules', 'sirv')), 'npm start installed the npm packages');
      assert.ok(existsSync(path.join(clone, 'dist', 'ik2d.wasm')), 'npm start built the module');

      const opened = await openPage(browser, url);
      try {
        const tabs = await opened.page.locator('[role="tab"]').evaluateAll((nodes) => nodes.map((n) => /** @type {HTMLElement} */ (n).dataset.scene));
        assert.ok(tabs.length >= 4, `every scene has a tab, got ${tabs.join(', ')}`);
        for (const scene of tabs) {
          await opened.page.click(`[role="tab"][data-scene="${scene}"]`);
          await opened.page.waitForSelector(`html[data-scene="${scene}"][data-ready="true"]`);
          const state = await opened.page.evaluate(() => window.playground.getState());
          assert.equal(state.scene, scene);
        }
        assertNoProblems(opened);
      } finally {
        await opened.context.close();
      }
    } finally {
      await browser.close();
      try { process.kill(-(/** @type {number} */ (child.pid)), 'SIGTERM'); } catch { /* already gone */ }
      await new Promise((resolve) => { if (child.exitCode !== null || child.signalCode) resolve(undefined); else child.once('exit', resolve); });
      rmSync(folder, { recursive: true, force: true });
    }
  });
