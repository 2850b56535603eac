// soak.test.mjs: the short soak (scripts/soak.mjs) in npm test: each scene played with for a few
// seconds must keep the JS heap, WASM memory, live C++ objects and Embind handles flat and its
// simulation steps as fast as they were. `npm run soak` runs the long version.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { soak } from '../../scripts/soak.mjs';

test('soak: every scene stays flat while played with', { timeout: 300_000 }, async (t) => {
  const seconds = Number(process.env.IK2D_SOAK_SECONDS ?? 15);
  for (const { report, failures } of await soak(seconds)) {
    t.diagnostic(JSON.stringify(report));
    assert.deepEqual(failures, [], `${report.scene}: ${failures.join('; ')}`);
  }
});
