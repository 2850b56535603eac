// scene-state.test.mjs: what a scene's solve or step reports, taken into its settings
// (web/src/model/scene-state.js, shared by the playground, the animation export and npx ik2d render).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { absorbUpdate, applyToScene } from '../../web/src/model/scene-state.js';

const settings = Object.freeze({ params: { bones: 3 }, points: { target: { x: 1, y: 2 }, base: { x: 0, y: 0 } } });

test('absorbUpdate: moved points are taken in, but the one a pointer holds; kept ones always', () => {
  const update = { moved: { target: { x: 5, y: 6 }, base: { x: 7, y: 8 } } };
  assert.deepEqual(absorbUpdate(settings, update).points, { target: { x: 5, y: 6 }, base: { x: 7, y: 8 } });
  assert.deepEqual(absorbUpdate(settings, update, 'target').points, { target: { x: 1, y: 2 }, base: { x: 7, y: 8 } },
    'the held target stays where the pointer put it');
  assert.deepEqual(absorbUpdate(settings, { ...update, kept: { target: { x: 9, y: 0 } } }, 'target').points.target, { x: 9, y: 0 },
    'a point kept in a valid place is kept there even held');
  assert.equal(absorbUpdate(settings, null), settings, 'no update: the same settings');
  assert.deepEqual(update.moved.target, { x: 5, y: 6 }, 'the update is not modified');
});

test('applyToScene: params and points first, then the scene\'s own state restored on top of them', () => {
  const definition = {
    id: 'probe', params: [{ name: 'bones', kind: 'int', min: 1, max: 9, default: 3 }], points: [], world: { x: 0, y: 0, width: 10, height: 10 },
    state: [{ name: 'pose' }],
  };
  /** @type {Array<[unknown, unknown]>} */
  const restored = [];
  const scene = { link: { restore: (/** @type {any} */ own, /** @type {any} */ given) => { restored.push([own, given.params.bones]); return ['a notice of the scene']; } } };
  const partial = { params: { bones: 5 }, pose: [1, 2], theme: 'dark' };
  const { settings: next, notices } = applyToScene(/** @type {any} */ (definition), /** @type {any} */ (scene), settings, partial, { params: { bones: 5 } });
  assert.equal(next.params.bones, 5);
  assert.deepEqual(restored, [[{ pose: [1, 2] }, 5]], 'restore sees its own keys alone, with the new params');
  assert.deepEqual(notices, ['a notice of the scene']);
  const none = applyToScene(/** @type {any} */ (definition), /** @type {any} */ (scene), settings, { params: { bones: 4 } });
  assert.equal(restored.length, 1, 'no own state in the partial: nothing restored');
  assert.equal(none.settings.params.bones, 4);
});
