// soak.test.mjs: the short soak (scripts/soak.mjs) in npm test: each scene played with for a few
// rounds (native pointer drags, settings that rebuild the C++ objects) must log no errors, keep its
// state finite and keep the WASM memory, live C++ objects, Embind handles, the page's elements and
// canvases from growing. Nothing here is timed: the step time and the JS heap thresholds are checked
// by `npm run soak`, which runs every engine for longer. What leaks here is the page's own JS and
// WASM, the same in every engine, so one engine runs it.
import assert from 'node:assert/strict';
import { soakScene, SOAK_SCENES } from '../../scripts/soak.mjs';
import { forEachEngine } from './engines/index.mjs';

/** Samples per scene: a sample after each cycle through the scene's setting changes (3 or 4 rounds of
 * drag-and-change), the second compared with the last. A number of rounds, not of seconds: the same
 * work however busy the machine is. */
const SAMPLES = Number(process.env.IK2D_SOAK_SAMPLES ?? 3);

forEachEngine({}, ({ name, test }) => {
  for (const scene of SOAK_SCENES) {
    test(`${scene}: ${SAMPLES} cycles of drag-and-change, no errors, finite state; memory, objects, handles and elements flat`, {
      timeout: 300_000,
      once: 'the counters it reads (WASM memory, live C++ objects, Embind handles, elements) are the page\'s own JS and WASM; npm run soak runs every engine',
    }, async ({ engine, url }, t) => {
      const { report, failures } = await soakScene(engine, url, scene, 0, { minSamples: SAMPLES, maxSeconds: Infinity });
      t.diagnostic(JSON.stringify(report));
      assert.deepEqual(failures, [], `${name} ${scene}: ${failures.join('; ')}`);
    });
  }
});
