/**
 * The WebAssembly modules the scenes run on: `core` (ik2d-core.js: solveTwoBone and Chain) and
 * `full` (ik2d.js: every class). Each is fetched and started once per page, when the first scene
 * that needs it is shown (scenes/catalog.js says which scene needs which), so the arm and chain
 * scenes and their embeds never download the batch kernels, the skeleton or the spider.
 */

/** @typedef {'core' | 'full'} SolverName */

/** Each module's import; the files exist only in dist/, where the build puts them beside the page. */
const IMPORTS = {
  // @ts-ignore: built into dist/, not in web/.
  core: () => import('../ik2d-core.js'),
  // @ts-ignore: built into dist/, not in web/.
  full: () => import('../ik2d.js'),
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
