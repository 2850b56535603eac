// playground-defaults.test.mjs: the playground's solver settings start at the module's own
// defaults, so a scene at its defaults solves exactly as a call that leaves them out (the chain's
// damping, mix and no pole; the arm's offset, stretch, mix and pose). A default changed in C++ and
// not in the scene fails here.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { arm } from '../../web/src/scenes/arm/scene.js';
import { chain } from '../../web/src/scenes/chain/scene.js';
import { defaultSettings } from '../../web/src/model/settings.js';
import { loadModule } from './support.mjs';

/** @type {import('../../dist/ik2d').IK2D} */
let ik;
before(async () => {
  ik = await loadModule();
});

/** @param {import('../../web/src/scenes/index.js').SceneDefinition} scene @param {string} name */
const defaultOf = (scene, name) => {
  const spec = scene.params.find((p) => p.name === name);
  assert.ok(spec, `${scene.id} has a ${name} param`);
  return spec.default;
};

test('the chain scene\'s damping and mix defaults are the module\'s: DLS solves the same with them as without', () => {
  const lengths = [60, 50, 40, 30, 20];
  const angles = [0.3, -0.2, 0.4, -0.1, 0.2];
  const target = { x: 40, y: 120 };
  const solved = [];
  for (const options of [{}, { damping: defaultOf(chain, 'damping'), mix: defaultOf(chain, 'mix') }]) {
    const bones = new ik.Chain({ root: { x: 0, y: 0 }, lengths, angles });
    try {
      const result = bones.solve(target, { method: 'dls', iterations: 3, ...options });
      solved.push({ result, angles: Array.from(bones.angles()) });
    } finally {
      bones.delete();
    }
  }
  assert.ok(solved[0].result.error > 1e-6, 'three steps leave the chain short of the target: the damping shows');
  assert.deepEqual(solved[1], solved[0]);
});

/** The pose a fresh arm scene holds (its own state, getState().pose). */
function startingPose() {
  const live = arm.create(ik);
  try {
    const settings = defaultSettings(arm);
    live.solve(settings);
    const { pose } = /** @type {{pose: {angle1: number, angle2: number}}} */ (live.state(settings));
    assert.ok(pose, 'the arm reports its pose');
    return pose;
  } finally {
    live.dispose();
  }
}

test('the arm scene\'s offset, stretch, mix and pose defaults are the module\'s', () => {
  const limb = { root: { x: 0, y: 0 }, target: { x: 150, y: 90 }, length1: 120, length2: 80 };
  const withDefaults = {
    ...limb,
    offset: { x: defaultOf(arm, 'offsetX'), y: defaultOf(arm, 'offsetY') },
    stretch: defaultOf(arm, 'stretch'),
    mix: defaultOf(arm, 'mix'),
    pose: startingPose(),
  };
  assert.deepEqual(ik.solveTwoBone(withDefaults), ik.solveTwoBone(limb));
});
