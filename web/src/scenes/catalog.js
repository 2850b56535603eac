/**
 * The scenes by id, each loaded on demand: an embed loads only its own scene's modules (the
 * playground loads them all, for its tabs), and a scene's WebAssembly module (`solver`,
 * solvers.js) is started when the scene is first shown. The order is the tabs' order; the first is
 * the default. scenes/index.js has the SceneDefinition type and SCENES, every scene loaded (for
 * Node tests).
 */

/**
 * @typedef {import('./index.js').SceneDefinition} SceneDefinition
 * @typedef {import('../host/solvers.js').SolverName} SolverName
 */

/**
 * Each scene's code, imported when first needed, and the WebAssembly module it runs on
 * (solvers.js): `core` for the scenes that use only solveTwoBone and Chain.
 * @type {Record<string, {load: () => Promise<SceneDefinition>, solver: SolverName}>}
 */
const CATALOG = {
  arm: { load: () => import('./arm/scene.js').then((module) => module.arm), solver: 'core' },
  chain: { load: () => import('./chain/scene.js').then((module) => module.chain), solver: 'core' },
  spider: { load: () => import('./spider/scene.js').then((module) => module.spider), solver: 'procedural' },
  stress: { load: () => import('./stress/scene.js').then((module) => module.stress), solver: 'batch' },
  puppet: { load: () => import('./puppet/scene.js').then((module) => module.puppet), solver: 'skeleton' },
  creature: { load: () => import('./creature/scene.js').then((module) => module.creature), solver: 'creature' },
  rope: { load: () => import('./rope/scene.js').then((module) => module.rope), solver: 'creature' },
};

/** Every scene id, in the tabs' order. */
export const SCENE_IDS = Object.freeze(Object.keys(CATALOG));

/**
 * The WebAssembly module a scene runs on.
 * @param {string} id A known id (SCENE_IDS).
 * @returns {SolverName}
 */
export function solverOf(id) {
  return CATALOG[id].solver;
}

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
  return Promise.all(ids.map((id) => CATALOG[id].load()));
}
