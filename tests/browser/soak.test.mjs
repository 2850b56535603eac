// soak.test.mjs: the short soak (scripts/soak.mjs) in npm test, in every engine (engines/index.mjs):
// each scene played with for a few seconds (native pointer drags, settings that rebuild the C++
// objects) must log no errors and keep the WASM memory, live C++ objects, Embind handles, the page's
// elements and canvases flat and its simulation steps as fast as they were. The JS heap after a
// forced collection is read in Chromium only. `npm run soak` runs the long version.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { SOAK_SCENES, soakEngine, soakScene } from '../../scripts/soak.mjs';
import { forEachEngine } from './engines/index.mjs';

/** Seconds per scene (a scene goes on until it has three samples): 8 in each of three engines keeps
 * the file near 4 minutes on the 2-core machine. */
const SECONDS = Number(process.env.IK2D_SOAK_SECONDS ?? 8);

forEachEngine({ launch: false }, ({ name, test }) => {
  /** @type {Awaited<ReturnType<typeof soakEngine>> | undefined} */
  let soaking;
  /** @type {string[]} JS heap growth, per scene, where the heap could be read. */
  const heapFailures = [];
  let heapRead = 0;
  before(async () => { soaking = await soakEngine(name); });
  after(async () => { await soaking?.close(); });

  for (const scene of SOAK_SCENES) {
    test(`${scene}: played with for ${SECONDS} s, no errors, memory, objects, handles, elements and step time flat`,
      { timeout: 120_000 + 2 * SECONDS * 1000 }, async (t) => {
        if (!soaking) throw new Error(`${name} was not launched`);
        const { report, failures, heapFailure } = await soakScene(soaking.engine, soaking.url, scene, SECONDS);
        t.diagnostic(JSON.stringify(report));
        if (Array.isArray(report.heapMB)) heapRead += 1;
        if (heapFailure) heapFailures.push(`${scene}: ${heapFailure}`);
        assert.deepEqual(failures, [], `${name} ${scene}: ${failures.join('; ')}`);
      });
  }

  test('the JS heap after a forced collection stays flat in every scene', {
    onlyIn: 'chromium: performance.memory and a forced gc() are Chromium-only',
  }, () => {
    assert.equal(heapRead, SOAK_SCENES.length, 'the heap was read in every scene');
    assert.deepEqual(heapFailures, []);
  });
});
