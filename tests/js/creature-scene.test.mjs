// creature-scene.test.mjs: the creature scene on the real ik2d-creature module, in Node: its
// gaitGroups setting reaches the crowd, and whatever the number of groups, the legs in the air at
// any step all belong to one group.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { creature } from '../../web/src/scenes/creature/scene.js';
import { applyPartial, defaultSettings } from '../../web/src/model/settings.js';
import { loadModule } from './support.mjs';

/** @type {any} */
let ik;
before(async () => {
  ik = await loadModule('ik2d-creature');
});

test('gaitGroups: one group of legs in the air at a time, and every group takes its turn', () => {
  for (const kind of ['lizard', 'centipede']) {
    for (const gaitGroups of [1, 2, 3, 4]) {
      const { settings, notices } = applyPartial(creature, defaultSettings(creature), {
        params: { kind, gaitGroups, path: 'circle' },
      });
      assert.deepEqual(notices, []);
      const live = creature.create(ik);
      try {
        live.solve(settings);
        const groupsThatLifted = new Set();
        for (let step = 0; step < 600; step += 1) {
          live.advance(1 / 60, settings);
          const { legs } = /** @type {any} */ (live.state(settings)).creature;
          const lifted = new Set(legs.filter((leg) => !leg.planted).map((leg) => leg.group));
          assert.ok(lifted.size <= 1, `${kind}, ${gaitGroups} groups, step ${step}: groups ${[...lifted]} in the air at once`);
          for (const group of lifted) groupsThatLifted.add(group);
          for (const leg of legs) assert.ok(leg.group >= 0 && leg.group < gaitGroups, `group ${leg.group} of ${gaitGroups}`);
        }
        assert.equal(groupsThatLifted.size, gaitGroups, `${kind}, ${gaitGroups} groups: each lifted in 10 s of walking`);
      } finally {
        live.dispose();
      }
    }
  }
});
