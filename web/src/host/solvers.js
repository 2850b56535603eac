/**
 * The WebAssembly modules the scenes run on: `core` (ik2d-core.js: solveTwoBone and Chain), and the
 * core with one part each: `batch` (TwoBoneBatch, ChainBatch), `procedural` (Spider), `skeleton`
 * (Skeleton), `creature` (Creature, CreatureCrowd). Each is fetched and started once per page, when the first scene that needs it is
 * shown (scenes/catalog.js says which scene needs which), so a scene never downloads code it does
 * not run: the arm and the chain no batch kernels, skeleton or spider.
 */

/** @typedef {'core' | 'batch' | 'procedural' | 'skeleton' | 'creature'} SolverName */

/** Each module's import; the files exist only in dist/, where the build puts them beside the page. */
const IMPORTS = {
  // @ts-ignore: built into dist/, not in web/.
  core: () => import('../ik2d-core.js'),
  // @ts-ignore: built into dist/, not in web/.
  batch: () => import('../ik2d-batch.js'),
  // @ts-ignore: built into dist/, not in web/.
  procedural: () => import('../ik2d-procedural.js'),
  // @ts-ignore: built into dist/, not in web/.
  skeleton: () => import('../ik2d-skeleton.js'),
  // @ts-ignore: built into dist/, not in web/.
  creature: () => import('../ik2d-creature.js'),
};

/** @type {Map<SolverName, Promise<any>>} */
const loading = new Map();
/** @type {Map<SolverName, any>} */
const started = new Map();

/**
 * Loads and starts a module (once: later calls share the first's promise; a failed load may be
 * tried again).
 * @param {SolverName} name
 * @returns {Promise<any>} The module's API (ik2d.d.ts / ik2d-core.d.ts).
 */
export function loadSolver(name) {
  let promise = loading.get(name);
  if (!promise) {
    promise = IMPORTS[name]()
      .then((/** @type {{default: () => Promise<any>}} */ module) => module.default())
      .then((ik) => {
        started.set(name, ik);
        return ik;
      });
    promise.catch(() => loading.delete(name));
    loading.set(name, promise);
  }
  return promise;
}

/**
 * A module already started, or null.
 * @param {SolverName} name
 */
export function startedSolver(name) {
  return started.get(name) ?? null;
}
