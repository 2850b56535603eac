// ik2d_api.js: the public JavaScript face of the module.
//
// Emscripten appends this file after its glue (--extern-post-js), so `createIK2DModule` (the
// low-level factory) is in scope, and the result is one self-contained ES module, dist/ik2d.js,
// whose default export is createIK2D. It finds ik2d.wasm beside itself (browsers: fetched
// relative to import.meta.url; Node >= 18: read from disk and passed as wasmBinary, since the
// web-only glue cannot load files in Node), checks argument types, and builds plain JS results
// from the numbers the C++ side leaves in WASM memory.

const TWO_BONE_STATUS = ['reached', 'out_of_reach', 'too_close', 'invalid'];
// Indices into the buffer written by solveTwoBoneFlat (bindings.cpp, enum TwoBoneSlot).
const JOINT_X = 0, JOINT_Y = 1, END_X = 2, END_Y = 3, ANGLE1 = 4, ANGLE2 = 5, DISTANCE = 6;

const runsInNode = typeof process === 'object' && process !== null &&
  typeof process.versions === 'object' && typeof process.versions.node === 'string' &&
  typeof window === 'undefined';

/**
 * Loads the WebAssembly module and returns the ik2d API.
 * @param {object} [moduleOptions] advanced: options passed to Emscripten's factory
 *   (e.g. `wasmBinary` or `locateFile` when ik2d.wasm is served from elsewhere).
 * @returns {Promise<import('./ik2d').IK2D>}
 */
export default async function createIK2D(moduleOptions = {}) {
  const options = Object.assign({}, moduleOptions);
  const wasmUrl = new URL('ik2d.wasm', import.meta.url);
  if (!options.locateFile) {
    options.locateFile = (path) => (path.endsWith('.wasm') ? wasmUrl.href : new URL(path, import.meta.url).href);
  }
  if (runsInNode && !options.wasmBinary && !options.instantiateWasm) {
    const { readFile } = await import(/* webpackIgnore: true */ /* @vite-ignore */ 'node:fs/promises');
    options.wasmBinary = await readFile(wasmUrl);
  }
  const raw = await createIK2DModule(options);
  return makeApi(raw);
}

function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + '…' : value)}`;
  return typeof value === 'object' ? 'an object' : String(value);
}

function requireNumber(value, field, fn) {
  if (typeof value !== 'number') {
    throw new TypeError(`${fn}: ${field} must be a number, got ${value === undefined ? 'nothing' : describe(value)}`);
  }
  return value;
}

function optionalNumber(value, field, fn, fallback) {
  return value === undefined ? fallback : requireNumber(value, field, fn);
}

function requirePoint(value, field, fn) {
  if (value === null || typeof value !== 'object') {
    throw new TypeError(`${fn}: ${field} must be a point {x, y}, got ${value === undefined ? 'nothing' : describe(value)}`);
  }
  requireNumber(value.x, `${field}.x`, fn);
  requireNumber(value.y, `${field}.y`, fn);
  return value;
}

function makeApi(raw) {
  const twoBoneOut = raw.twoBoneOutAddress() / Float64Array.BYTES_PER_ELEMENT;
  let heap = raw.HEAPF64;
  // A memory growth detaches every view into the old buffer; pick up the new one.
  const heapF64 = () => (heap.buffer === raw.HEAPF64.buffer ? heap : (heap = raw.HEAPF64));

  /**
   * Solves a two-bone limb analytically (law of cosines). See ik2d.d.ts and the README.
   * @param {import('./ik2d').TwoBoneOptions} options
   * @returns {import('./ik2d').TwoBoneResult}
   */
  function solveTwoBone(options) {
    const fn = 'solveTwoBone';
    if (options === null || typeof options !== 'object') {
      throw new TypeError(`${fn}: expected an options object {root, target, length1, length2, bend?, softness?}, got ${options === undefined ? 'nothing' : describe(options)}`);
    }
    const root = requirePoint(options.root, 'root', fn);
    const target = requirePoint(options.target, 'target', fn);
    const length1 = requireNumber(options.length1, 'length1', fn);
    const length2 = requireNumber(options.length2, 'length2', fn);
    const bend = optionalNumber(options.bend, 'bend', fn, 1);
    const softness = optionalNumber(options.softness, 'softness', fn, 0);
    const code = raw.solveTwoBoneFlat(root.x, root.y, target.x, target.y, length1, length2, bend, softness);
    const out = heapF64();
    const result = {
      status: TWO_BONE_STATUS[code],
      joint: { x: out[twoBoneOut + JOINT_X], y: out[twoBoneOut + JOINT_Y] },
      end: { x: out[twoBoneOut + END_X], y: out[twoBoneOut + END_Y] },
      angle1: out[twoBoneOut + ANGLE1],
      angle2: out[twoBoneOut + ANGLE2],
      distance: out[twoBoneOut + DISTANCE],
    };
    if (result.status === 'invalid') result.message = raw.lastTwoBoneMessage();
    return result;
  }

  return Object.freeze({
    version: raw.version(),
    solveTwoBone,
  });
}
