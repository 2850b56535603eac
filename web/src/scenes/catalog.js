/**
 * The scenes by id, each loaded on demand: an embed loads only its own scene's modules (the
 * playground loads them all, for its tabs). The order is the tabs' order; the first is the default.
 * scenes/index.js has the SceneDefinition type and SCENES, every scene loaded (for Node tests).
 */

/** @typedef {import('./index.js').SceneDefinition} SceneDefinition */

/** Each scene's module, imported when first needed. */
const LOADERS = /** @type {Record<string, () => Promise<SceneDefinition>>} */ ({
  arm: () => import('./arm.js').then((module) => module.arm),
  chain: () => import('./chain.js').then((module) => module.chain),
  spider: () => import('./spider.js').then((module) => module.spider),
  stress: () => import('./stress.js').then((module) => module.stress),
  puppet: () => import('./puppet.js').then((module) => module.puppet),
});

/** Every scene id, in the tabs' order. */
export const SCENE_IDS = Object.freeze(Object.keys(LOADERS));

/**
 * A stand-in for a scene that is not loaded: enough for parseLink() to find a link's scene id.
 * @param {string} id
 * @returns {SceneDefinition}
 */
export function sceneStub(id) {
  return /** @type {SceneDefinition} */ (/** @type {unknown} */ ({ id, params: [], points: [], stub: true }));
}

/**
 * True for a stand-in made by sceneStub().
 * @param {SceneDefinition} scene
 */
export function isStub(scene) {
  return 'stub' in scene;
}

/**
 * Loads scenes.
 * @param {readonly string[]} ids Known ids (SCENE_IDS).
 * @returns {Promise<SceneDefinition[]>} Their definitions, in the same order.
 */
export function loadScenes(ids) {
  return Promise.all(ids.map((id) => LOADERS[id]()));
}
