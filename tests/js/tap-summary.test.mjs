// tap-summary.test.mjs: npm test's closing summary of failed tests (scripts/lib/tap.mjs), read from
// what node --test's TAP reporter really prints for a file with nested suites, a failing test with a
// multi-line error, a failing hook and a test that passes.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { failedTests } from '../../scripts/lib/tap.mjs';

const FIXTURE = `
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
describe('outer', () => {
  describe('inner', () => {
    test('passes', () => {});
    test('compares', () => assert.deepEqual({ a: 1 }, { a: 2 }, 'the a\\'s differ'));
  });
  test('throws', () => { throw new Error('first line\\nsecond line'); });
});
describe('hooked', () => {
  before(() => { throw new Error('no page'); });
  test('never runs', () => {});
});
`;

test('the summary names each failed test with its suites and the start of its error, and nothing else', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'ik2d-tap-'));
  try {
    const file = path.join(folder, 'fixture.test.mjs');
    writeFileSync(file, FIXTURE);
    // Without the parent runner's NODE_TEST_CONTEXT, or the child reports to it instead of printing TAP.
    const { NODE_TEST_CONTEXT, ...env } = process.env;
    const run = spawnSync(process.execPath, ['--test', '--test-reporter=tap', file], { encoding: 'utf8', env });
    assert.notEqual(run.status, 0, 'the fixture fails');
    const failed = failedTests(run.stdout);
    assert.equal(failed.length, 3, failed.join('\n'));
    assert.match(failed[0], /^outer > inner > compares: the a's differ/);
    assert.match(failed[1], /^outer > throws: first line\n {2}second line/);
    assert.equal(failed[2], 'hooked: no page', 'a failed hook, named by its suite (its tests were cancelled)');
    assert.ok(!failed.some((entry) => /passes/.test(entry)), 'a passing test is not named');
    assert.deepEqual(failedTests('TAP version 13\nok 1 - fine\n1..1\n'), []);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
