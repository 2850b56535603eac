// ik2d_api.js: the public JavaScript face of the module.
//
// Emscripten appends this file after its glue (--extern-post-js), so `createIK2DModule` (the
// low-level factory) is in scope, and the result is one self-contained ES module, dist/ik2d.js,
// whose default export is createIK2D. It finds ik2d.wasm beside itself (browsers: fetched
// relative to import.meta.url; Node >= 18: read from disk and passed as wasmBinary, since the
// web-only glue cannot load files in Node), checks argument types, and builds plain JS results
// from the numbers the C++ side leaves in WASM memory.

const TWO_BONE_STATUS = ['reached', 'out_of_reach', 'too_close', 'invalid'];
const CHAIN_STATUS = ['reached', 'out_of_reach', 'max_iterations', 'invalid'];
const CHAIN_METHODS = ['ccd', 'fabrik'];
// ik2d::ChainStepKind, and the buffer ChainHandle::beginSolve/step write (bindings.cpp, enum StepSlot).
const STEP_KINDS = ['begin', 'stretch', 'unbend', 'ccd_joint', 'fabrik_backward', 'fabrik_forward', 'invalid'];
const STEP_SLOTS = 15;
const MAX_BONES = 1024;          // Chain::kMaxBones
const MAX_ITERATIONS = 100000;   // Chain::kMaxIterations
// SpiderHandle's state layout (bindings.cpp, enums SpiderSlot and LegSlot) and option order (SpiderOption).
const SPIDER_BODY_SLOTS = 5, SPIDER_LEG_SLOTS = 14;
const SPIDER_DEFAULTS = Object.freeze({
  legs: 8, upperLength: 50, lowerLength: 60, bodyHeight: 55, speed: 90, stepThreshold: 28, stepHeight: 22,
  seed: 1, roughness: 0.5, amplitude: 60, wavelength: 420, x: 0,
});
const SPIDER_OPTION_ORDER = ['legs', 'upperLength', 'lowerLength', 'bodyHeight', 'speed', 'stepThreshold',
  'stepHeight', 'seed', 'roughness', 'amplitude', 'wavelength', 'x'];
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

function requireArrayOfNumbers(value, field, fn) {
  const isArrayLike = Array.isArray(value) || (ArrayBuffer.isView(value) && !(value instanceof DataView));
  if (!isArrayLike) {
    throw new TypeError(`${fn}: ${field} must be an array of numbers, got ${value === undefined ? 'nothing' : describe(value)}`);
  }
  for (let i = 0; i < value.length; i++) {
    if (typeof value[i] !== 'number') {
      throw new TypeError(`${fn}: ${field}[${i}] must be a number, got ${value[i] === undefined ? 'nothing' : describe(value[i])}`);
    }
  }
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
    const code = raw._ik2d_solve_two_bone(root.x, root.y, target.x, target.y, length1, length2, bend, softness);
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

  const chainSolveOut = raw.chainSolveOutAddress() / Float64Array.BYTES_PER_ELEMENT;

  /** Copies `values` into the C++ input buffer (which may move, so the address is asked first). */
  function writeInput(values) {
    const start = raw.inputAddress(values.length) / Float64Array.BYTES_PER_ELEMENT;
    heapF64().set(values, start);
  }

  // Objects with a C++ side that are alive (created and not yet deleted or collected), for stats().
  const live = { chains: 0, spiders: 0, batches: 0, skeletons: 0 };

  // Frees the C++ side of chains that were garbage-collected without delete().
  const leaked = typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry(({ handle, kind }) => {
      handle.delete();
      live[kind]--;
    })
    : { register() {}, unregister() {} };

  /**
   * Takes ownership of a C++ handle for `owner` once its reset call returned `code`: a refused
   * reset (code ≠ 0) frees the handle and throws a RangeError with C++'s message (passed through
   * `word`, for names that differ between C++ and JS); otherwise the handle is counted in stats()
   * and freed if `owner` is garbage-collected without delete(). Returns the handle.
   */
  function adopt(owner, handle, code, kind, fn, word = (message) => message) {
    if (code !== 0) {
      const message = raw.lastMessage();
      handle.delete();
      throw new RangeError(`${fn}: ${word(message)}`);
    }
    leaked.register(owner, { handle, kind }, owner);
    live[kind]++;
    return handle;
  }

  /** Frees `owner`'s handle now (its delete()); returns undefined, the owner's handle from then on. */
  function release(owner, handle, kind) {
    if (!handle) return undefined;
    leaked.unregister(owner);
    handle.delete();
    live[kind]--;
    return undefined;
  }

  const stepOut = raw.chainStepOutAddress() / Float64Array.BYTES_PER_ELEMENT;

  /** Builds a step object; `result` for a finished solve (read from the buffer when null). */
  function stepObject(kindCode, out, result) {
    const at = (slot) => (out ? out[stepOut + slot] : 0);
    const kind = STEP_KINDS[kindCode];
    const step = {
      kind,
      iteration: at(1),
      joint: out ? at(2) : -1,
      pivot: { x: at(3), y: at(4) },
      endBefore: { x: at(5), y: at(6) },
      wanted: at(7),
      turn: at(8),
      error: result ? result.error : at(9),
      sweepEnd: at(10) === 1,
      done: result ? true : at(11) === 1,
    };
    if (result) {
      step.result = result;
      step.message = result.message;
    } else if (step.done) {
      step.result = { status: CHAIN_STATUS[at(12)], iterations: at(13), error: at(14) };
      if (kind === 'invalid') step.message = step.result.message = raw.lastMessage();
    }
    return step;
  }

  /** The step ChainHandle::beginSolve/step just wrote. */
  function readStep() {
    const out = heapF64();
    return stepObject(out[stepOut], out, null);
  }

  /** An N-bone chain that lives in WASM memory. See ik2d.d.ts and the README. */
  class Chain {
    #handle;
    #size;
    #address = 0;  // the C++ handle, for the direct export ik2d_chain_solve

    /** @param {import('./ik2d').ChainOptions} options */
    constructor(options) {
      const fn = 'Chain';
      if (options === null || typeof options !== 'object') {
        throw new TypeError(`${fn}: expected an options object {root, lengths, angles?}, got ${options === undefined ? 'nothing' : describe(options)}`);
      }
      const root = requirePoint(options.root, 'root', fn);
      const lengths = requireArrayOfNumbers(options.lengths, 'lengths', fn);
      if (lengths.length < 1 || lengths.length > MAX_BONES) {
        throw new RangeError(`${fn}: lengths must hold 1 to ${MAX_BONES} bones, got ${lengths.length}`);
      }
      const angles = options.angles === undefined ? undefined : requireArrayOfNumbers(options.angles, 'angles', fn);
      if (angles && angles.length !== lengths.length) {
        throw new RangeError(`${fn}: angles must hold one angle per bone (${lengths.length}), got ${angles.length}`);
      }
      const handle = new raw.ChainHandle();
      writeInput(lengths);
      this.#handle = adopt(this, handle, handle.reset(root.x, root.y, lengths.length), 'chains', fn);
      this.#size = lengths.length;
      this.#address = handle.address();
      if (angles) this.setAngles(angles);
    }

    #live(fn) {
      if (!this.#handle) throw new Error(`Chain.${fn}: this chain was deleted`);
      return this.#handle;
    }

    #jointIndex(joint, fn) {
      requireNumber(joint, 'joint', `Chain.${fn}`);
      if (!Number.isInteger(joint) || joint < 0 || joint >= this.#size) {
        throw new RangeError(`Chain.${fn}: joint must be a whole number from 0 to ${this.#size - 1}, got ${joint}`);
      }
      return joint;
    }

    /** Number of bones. */
    get size() {
      return this.#size;
    }

    /** Moves the root; the angles stay. */
    setRoot(point) {
      const handle = this.#live('setRoot');
      requirePoint(point, 'root', 'Chain.setRoot');
      if (handle.setRoot(point.x, point.y) !== 0) throw new RangeError(`Chain.setRoot: ${raw.lastMessage()}`);
    }

    /** Sets the local angles (radians); each is wrapped and clamped into its joint's limit. */
    setAngles(angles) {
      const handle = this.#live('setAngles');
      requireArrayOfNumbers(angles, 'angles', 'Chain.setAngles');
      if (angles.length !== this.#size) {
        throw new RangeError(`Chain.setAngles: angles must hold one angle per bone (${this.#size}), got ${angles.length}`);
      }
      writeInput(angles);
      if (handle.setAngles(angles.length) !== 0) throw new RangeError(`Chain.setAngles: ${raw.lastMessage()}`);
    }

    /** Local angles: a fresh Float64Array(size). */
    angles() {
      const start = this.#live('angles').anglesAddress() / Float64Array.BYTES_PER_ELEMENT;
      return heapF64().slice(start, start + this.#size);
    }

    /** Positions x0, y0 (the root), ..., the end effector last: a fresh Float64Array(2 (size + 1)). */
    positions() {
      const start = this.#live('positions').positionsAddress() / Float64Array.BYTES_PER_ELEMENT;
      return heapF64().slice(start, start + 2 * (this.#size + 1));
    }

    /** Limits joint i's local angle to [min, max], -pi <= min <= max <= pi. */
    setLimit(joint, min, max) {
      const handle = this.#live('setLimit');
      this.#jointIndex(joint, 'setLimit');
      requireNumber(min, 'min', 'Chain.setLimit');
      requireNumber(max, 'max', 'Chain.setLimit');
      if (handle.setLimit(joint, min, max) !== 0) throw new RangeError(`Chain.setLimit: ${raw.lastMessage()}`);
    }

    /** Removes joint i's limit. */
    clearLimit(joint) {
      const handle = this.#live('clearLimit');
      this.#jointIndex(joint, 'clearLimit');
      handle.clearLimit(joint);
    }

    /**
     * Moves the end toward `target` from the current pose.
     * @param {import('./ik2d').Point} target
     * @param {import('./ik2d').ChainSolveOptions} [options]
     * @returns {import('./ik2d').ChainSolveResult}
     */
    solve(target, options = {}) {
      const fn = 'Chain.solve';
      const handle = this.#live('solve');
      const args = this.#solveArguments(fn, target, options);
      if (args.invalid) return this.#refused(target, args.invalid);
      const code = raw._ik2d_chain_solve(this.#address, target.x, target.y, args.methodCode, args.iterations, args.tolerance, args.maxStep);
      const out = heapF64();
      const result = { status: CHAIN_STATUS[code], iterations: out[chainSolveOut], error: out[chainSolveOut + 1] };
      if (code === 3) result.message = raw.lastMessage();
      return result;
    }

    /**
     * Starts a resumable solve: the same checks and steps as solve(), one step() at a time.
     * @param {import('./ik2d').Point} target
     * @param {import('./ik2d').ChainSolveOptions} [options]
     * @returns {import('./ik2d').ChainStep}
     */
    beginSolve(target, options = {}) {
      const fn = 'Chain.beginSolve';
      const handle = this.#live('beginSolve');
      const args = this.#solveArguments(fn, target, options);
      if (args.invalid) {
        // A refused beginSolve ends any solve in progress, as in C++: ask C++ to refuse one too.
        handle.beginSolve(NaN, NaN, 0, 0, 0, 0);
        const result = this.#refused(target, args.invalid);
        return stepObject(STEP_KINDS.indexOf('invalid'), null, result);
      }
      handle.beginSolve(target.x, target.y, args.methodCode, args.iterations, args.tolerance, args.maxStep);
      return readStep();
    }

    /**
     * Makes the next step of the solve begun by beginSolve().
     * @returns {import('./ik2d').ChainStep}
     */
    step() {
      const handle = this.#live('step');
      if (!handle.stepping()) throw new Error('Chain.step: no solve in progress: call beginSolve first');
      handle.step();
      return readStep();
    }

    /** True while a solve begun by beginSolve() has steps left. */
    get stepping() {
      return this.#live('stepping').stepping();
    }

    /** Where FABRIK's last backward half-pass put each joint, x0, y0, ... (2·(size + 1) values). */
    backwardPositions() {
      const start = this.#live('backwardPositions').backwardAddress() / Float64Array.BYTES_PER_ELEMENT;
      return heapF64().slice(start, start + 2 * (this.#size + 1));
    }

    /** Checks solve()/beginSolve() arguments: throws on wrong types, returns `invalid` for bad values. */
    #solveArguments(fn, target, options) {
      requirePoint(target, 'target', fn);
      if (options === null || typeof options !== 'object') {
        throw new TypeError(`${fn}: options must be an object {method?, iterations?, tolerance?, maxStep?}, got ${describe(options)}`);
      }
      const method = options.method === undefined ? 'ccd' : options.method;
      if (typeof method !== 'string') throw new TypeError(`${fn}: method must be a string ('ccd' or 'fabrik'), got ${describe(method)}`);
      const iterations = optionalNumber(options.iterations, 'iterations', fn, 10);
      const tolerance = optionalNumber(options.tolerance, 'tolerance', fn, 1e-3);
      const maxStep = optionalNumber(options.maxStep, 'maxStep', fn, Infinity);
      const methodCode = CHAIN_METHODS.indexOf(method);
      let invalid = null;
      if (methodCode < 0) invalid = `method must be 'ccd' or 'fabrik', got ${describe(method)}`;
      else if (!Number.isInteger(iterations) || iterations < 0 || iterations > MAX_ITERATIONS) {
        invalid = `iterations must be a whole number from 0 to ${MAX_ITERATIONS}, got ${iterations}`;
      }
      return { invalid, methodCode, iterations, tolerance, maxStep };
    }

    /** The result of a call refused before it reached C++. */
    #refused(target, message) {
      const positions = this.positions();
      const n = positions.length;
      const error = Math.hypot(positions[n - 2] - target.x, positions[n - 1] - target.y);
      return { status: 'invalid', iterations: 0, error: Number.isFinite(error) ? error : 0, message };
    }

    /** Frees the C++ chain. Safe to call twice; any other call afterwards throws. */
    delete() {
      this.#handle = release(this, this.#handle, 'chains');
    }
  }

  /** A procedural spider walking on seeded terrain; its state lives in WASM memory. */
  class Spider {
    #handle;
    #legCount;
    #options;

    /** @param {import('./ik2d').SpiderOptions} [options] */
    constructor(options = {}) {
      const fn = 'Spider';
      if (options === null || typeof options !== 'object') {
        throw new TypeError(`${fn}: options must be an object, got ${describe(options)}`);
      }
      const resolved = {};
      for (const name of SPIDER_OPTION_ORDER) resolved[name] = optionalNumber(options[name], name, fn, SPIDER_DEFAULTS[name]);
      if (!Number.isInteger(resolved.legs) || resolved.legs < 4 || resolved.legs > 16 || resolved.legs % 2 !== 0) {
        throw new RangeError(`${fn}: legs must be an even whole number from 4 to 16, got ${resolved.legs}`);
      }
      if (!Number.isInteger(resolved.seed) || resolved.seed < 0 || resolved.seed > 0xffffffff) {
        throw new RangeError(`${fn}: seed must be a whole number from 0 to 4294967295, got ${resolved.seed}`);
      }
      const handle = new raw.SpiderHandle();
      writeInput(SPIDER_OPTION_ORDER.map((name) => resolved[name]));
      this.#handle = adopt(this, handle, handle.reset(), 'spiders', fn, (message) => message.replace(/^legCount /, 'legs '));
      this.#legCount = resolved.legs;
      this.#options = Object.freeze(resolved);
    }

    #live(fn) {
      if (!this.#handle) throw new Error(`Spider.${fn}: this spider was deleted`);
      return this.#handle;
    }

    /** The settings in force, defaults filled in. */
    get options() {
      return this.#options;
    }

    /** Walk toward world x (it stops a short distance from it). */
    setGoal(x) {
      const handle = this.#live('setGoal');
      requireNumber(x, 'x', 'Spider.setGoal');
      if (handle.setGoal(x) !== 0) throw new RangeError(`Spider.setGoal: ${raw.lastMessage()}`);
    }

    /** Advances `steps` fixed steps of `dt` seconds (0 < dt <= 0.1). */
    step(dt = 1 / 60, steps = 1) {
      const handle = this.#live('step');
      requireNumber(dt, 'dt', 'Spider.step');
      requireNumber(steps, 'steps', 'Spider.step');
      if (!Number.isInteger(steps) || steps < 0 || steps > 100000) {
        throw new RangeError(`Spider.step: steps must be a whole number from 0 to 100000, got ${steps}`);
      }
      if (handle.step(dt, steps) !== 0) throw new RangeError(`Spider.step: ${raw.lastMessage()}`);
    }

    /** A snapshot: body, goal and every leg. */
    state() {
      const start = this.#live('state').stateAddress() / Float64Array.BYTES_PER_ELEMENT;
      const f = heapF64();
      const legs = [];
      for (let i = 0, at = start + SPIDER_BODY_SLOTS; i < this.#legCount; i++, at += SPIDER_LEG_SLOTS) {
        legs.push({
          hip: { x: f[at], y: f[at + 1] },
          knee: { x: f[at + 2], y: f[at + 3] },
          foot: { x: f[at + 4], y: f[at + 5] },
          rest: { x: f[at + 6], y: f[at + 7] },
          planted: f[at + 8] === 1,
          nearSide: f[at + 9] === 1,
          group: f[at + 10],
          ik: TWO_BONE_STATUS[f[at + 11]],
          steps: f[at + 12],
          stepProgress: f[at + 13],
        });
      }
      return {
        body: { x: f[start], y: f[start + 1], angle: f[start + 2], velocity: f[start + 3] },
        goal: f[start + 4],
        legs,
      };
    }

    /** Terrain height under world x. */
    groundHeight(x) {
      const handle = this.#live('groundHeight');
      requireNumber(x, 'x', 'Spider.groundHeight');
      return handle.groundHeight(x);
    }

    /** Unit normal of the terrain at world x, pointing up. */
    groundNormal(x) {
      const handle = this.#live('groundNormal');
      requireNumber(x, 'x', 'Spider.groundNormal');
      const slope = handle.groundSlope(x);
      const n = Math.hypot(slope, 1);
      return { x: -slope / n, y: 1 / n };
    }

    /** Frees the C++ spider. Safe to call twice; any other call afterwards throws. */
    delete() {
      this.#handle = release(this, this.#handle, 'spiders');
    }
  }

  /**
   * Typed-array views into WASM memory that survive memory growth: each view is made again when
   * the heap's buffer has changed (a growth detaches the old views).
   */
  function viewCache() {
    const views = new Map();
    let buffer = null;
    return (key, Type, address, length) => {
      const current = heapF64().buffer;
      if (buffer !== current) {
        views.clear();
        buffer = current;
      }
      let view = views.get(key);
      if (!view) {
        view = new Type(current, address, length);
        views.set(key, view);
      }
      return view;
    };
  }

  /**
   * Defines an enumerable getter on `owner` for each of `fields` but `except`, returning
   * `view(index in fields, name)`: fresh after memory growth, an error after delete().
   */
  function defineViews(owner, fields, view, except = []) {
    for (const [index, name] of fields.entries()) {
      if (!except.includes(name)) Object.defineProperty(owner, name, { get: () => view(index, name), enumerable: true });
    }
  }

  const TWO_BONE_BATCH_FIELDS = ['rootX', 'rootY', 'targetX', 'targetY', 'length1', 'length2', 'bend', 'softness',
    'jointX', 'jointY', 'endX', 'endY', 'angle1', 'angle2', 'distance'];
  const CHAIN_BATCH_FIELDS = ['rootX', 'rootY', 'targetX', 'targetY', 'lengths', 'x', 'y', 'error', 'angles'];
  const MAX_BATCH_LIMBS = 1 << 22;   // TwoBoneBatch::kMaxCount
  const MAX_BATCH_SLOTS = 1 << 24;   // ChainBatch::kMaxSlots

  function requireCount(value, field, fn, max) {
    requireNumber(value, field, fn);
    if (!Number.isInteger(value) || value < 0 || value > max) {
      throw new RangeError(`${fn}: ${field} must be a whole number from 0 to ${max}, got ${value}`);
    }
    return value;
  }

  /** `count` two-bone limbs as arrays in WASM memory, solved in one call. See ik2d.d.ts. */
  class TwoBoneBatch {
    #handle;
    #count;
    #view = viewCache();
    #addresses;
    #statusAddress;

    /** @param {number} count */
    constructor(count) {
      const fn = 'TwoBoneBatch';
      requireCount(count, 'count', fn, MAX_BATCH_LIMBS);
      const handle = new raw.TwoBoneBatchHandle();
      this.#handle = adopt(this, handle, handle.resize(count), 'batches', fn);
      this.#count = count;
      this.#addresses = TWO_BONE_BATCH_FIELDS.map((_, i) => handle.fieldAddress(i));
      this.#statusAddress = handle.statusAddress();
      defineViews(this, TWO_BONE_BATCH_FIELDS, (i, name) => {
        this.#live(name);
        return this.#view(i, Float64Array, this.#addresses[i], this.#count);
      });
    }

    #live(name) {
      if (!this.#handle) throw new Error(`TwoBoneBatch.${name}: this batch was deleted`);
      return this.#handle;
    }

    /** Number of limbs. */
    get count() {
      return this.#count;
    }

    /** One status code per limb: 0 reached, 1 out_of_reach, 2 too_close, 3 invalid. */
    get status() {
      this.#live('status');
      return this.#view('status', Uint8Array, this.#statusAddress, this.#count);
    }

    /**
     * Solves limbs [begin, end) (all by default).
     * @param {number} [begin]
     * @param {number} [end]
     */
    solve(begin = 0, end = this.#count) {
      const handle = this.#live('solve');
      if (typeof begin !== 'number' || typeof end !== 'number' || !(begin >= 0 && begin <= end && end <= this.#count)) {
        throw new RangeError(`TwoBoneBatch.solve: expected 0 <= begin <= end <= ${this.#count}, got ${begin}, ${end}`);
      }
      handle.solve(begin, end);
    }

    /**
     * Why limb `index` is invalid (status 3), or '' when it is not.
     * @param {number} index
     */
    message(index) {
      return this.#live('message').message(index);
    }

    /** Frees the arrays. Safe to call twice; any other use afterwards throws. */
    delete() {
      this.#handle = release(this, this.#handle, 'batches');
    }
  }

  /** `count` chains of `bones` bones as arrays in WASM memory (chain-fastest), solved in one call. */
  class ChainBatch {
    #handle;
    #count;
    #bones;
    #view = viewCache();
    #addresses;
    #iterationsAddress;
    #statusAddress;

    /** @param {import('./ik2d').ChainBatchOptions} options */
    constructor(options) {
      const fn = 'ChainBatch';
      if (options === null || typeof options !== 'object') {
        throw new TypeError(`${fn}: expected an options object {count, bones, length? | lengths?, root?}, got ${options === undefined ? 'nothing' : describe(options)}`);
      }
      const count = requireCount(options.count, 'count', fn, MAX_BATCH_SLOTS);
      const bones = requireCount(options.bones, 'bones', fn, MAX_BONES);
      if (bones < 1) throw new RangeError(`${fn}: bones must be a whole number from 1 to ${MAX_BONES}, got 0`);
      if ((bones + 1) * count > MAX_BATCH_SLOTS) {
        throw new RangeError(`${fn}: count * (bones + 1) must be at most ${MAX_BATCH_SLOTS}, got ${(bones + 1) * count}`);
      }
      let lengths;
      if (options.lengths !== undefined) {
        lengths = requireArrayOfNumbers(options.lengths, 'lengths', fn);
        if (lengths.length !== bones) throw new RangeError(`${fn}: lengths must hold one length per bone (${bones}), got ${lengths.length}`);
      } else {
        lengths = new Array(bones).fill(optionalNumber(options.length, 'length', fn, 1));
      }
      const root = options.root === undefined ? { x: 0, y: 0 } : requirePoint(options.root, 'root', fn);
      const handle = new raw.ChainBatchHandle();
      writeInput(lengths);
      this.#handle = adopt(this, handle, handle.reset(count, bones, root.x, root.y), 'batches', fn);
      this.#count = count;
      this.#bones = bones;
      this.#addresses = CHAIN_BATCH_FIELDS.map((_, i) => handle.fieldAddress(i));
      this.#iterationsAddress = handle.iterationsAddress();
      this.#statusAddress = handle.statusAddress();
      const lengthOf = { lengths: bones * count, x: (bones + 1) * count, y: (bones + 1) * count };
      // angles is a method (it computes them first), not a view property.
      defineViews(this, CHAIN_BATCH_FIELDS, (i, name) => {
        this.#live(name);
        return this.#view(i, Float64Array, this.#addresses[i], lengthOf[name] ?? count);
      }, ['angles']);
    }

    #live(name) {
      if (!this.#handle) throw new Error(`ChainBatch.${name}: this batch was deleted`);
      return this.#handle;
    }

    /** Number of chains. */
    get count() {
      return this.#count;
    }

    /** Bones per chain. */
    get bones() {
      return this.#bones;
    }

    /** Sweeps used by each chain in the last solve. */
    get iterations() {
      this.#live('iterations');
      return this.#view('iterations', Int32Array, this.#iterationsAddress, this.#count);
    }

    /** One status code per chain: 0 reached, 1 out_of_reach, 2 max_iterations, 3 invalid. */
    get status() {
      this.#live('status');
      return this.#view('status', Uint8Array, this.#statusAddress, this.#count);
    }

    /**
     * Solves every chain toward its target.
     * @param {import('./ik2d').ChainBatchSolveOptions} [options]
     */
    solve(options = {}) {
      const fn = 'ChainBatch.solve';
      const handle = this.#live('solve');
      if (options === null || typeof options !== 'object') {
        throw new TypeError(`${fn}: options must be an object {method?, iterations?, tolerance?}, got ${describe(options)}`);
      }
      const method = options.method === undefined ? 'fabrik' : options.method;
      const methodCode = CHAIN_METHODS.indexOf(method);
      if (methodCode < 0) throw new RangeError(`${fn}: method must be 'ccd' or 'fabrik', got ${describe(method)}`);
      const iterations = optionalNumber(options.iterations, 'iterations', fn, 10);
      const tolerance = optionalNumber(options.tolerance, 'tolerance', fn, 1e-3);
      if (!Number.isInteger(iterations) || iterations < 0 || iterations > MAX_ITERATIONS) {
        throw new RangeError(`${fn}: iterations must be a whole number from 0 to ${MAX_ITERATIONS}, got ${iterations}`);
      }
      if (handle.solve(methodCode === 0 ? 1 : 0, iterations, tolerance) !== 0) {
        throw new RangeError(`${fn}: ${raw.lastMessage()}`);
      }
    }

    /** Local angles, [bone * count + chain], computed from the positions now. */
    angles() {
      this.#live('angles').computeAngles();
      return this.#view(8, Float64Array, this.#addresses[8], this.#bones * this.#count);
    }

    /** Frees the arrays. Safe to call twice; any other use afterwards throws. */
    delete() {
      this.#handle = release(this, this.#handle, 'batches');
    }
  }

  /**
   * Resource counters, for leak checks: WASM memory size, live chains and spiders (created and not
   * yet deleted or collected), and Embind's count of JS values held by C++.
   * @returns {import('./ik2d').IK2DStats}
   */
  function stats() {
    return {
      wasmMemoryBytes: heapF64().buffer.byteLength,
      liveChains: live.chains,
      liveSpiders: live.spiders,
      liveBatches: live.batches,
      liveSkeletons: live.skeletons,
      embindHandles: typeof raw.count_emval_handles === 'function' ? raw.count_emval_handles() : 0,
    };
  }

  return Object.freeze({
    version: raw.version(),
    solveTwoBone,
    Chain,
    Spider,
    TwoBoneBatch,
    ChainBatch,
    Skeleton: makeSkeletonClass(raw, { heapF64, writeInput, adopt, release }),
    stats,
  });
}

// ---- skeletons ----------------------------------------------------------------------------------
// Self-contained: this face checks only JS types (TypeError) and passes every value to C++
// (bindings.cpp, SkeletonHandle), which checks it and writes the message: a refused constructor or
// edit throws a RangeError with that message, a refused solve returns status 'invalid' with it.

function requireObject(value, what, fn) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new TypeError(`${fn}: ${what} must be an object, got ${value === undefined ? 'nothing' : describe(value)}`);
  }
  return value;
}

function requireArray(value, what, fn) {
  if (!Array.isArray(value)) {
    throw new TypeError(`${fn}: ${what} must be an array, got ${value === undefined ? 'nothing' : describe(value)}`);
  }
  return value;
}

/**
 * The Skeleton class over the raw module; `shared` holds makeApi's heap view and handle helpers.
 * @returns {new (options: import('./ik2d').SkeletonOptions) => import('./ik2d').Skeleton}
 */
function makeSkeletonClass(raw, { heapF64, writeInput, adopt, release }) {
  const solveOut = raw.skeletonSolveOutAddress() / Float64Array.BYTES_PER_ELEMENT;
  const defaults = { method: 'fabrik', iterations: raw.skeletonDefaultIterations(), tolerance: raw.skeletonDefaultTolerance() };
  const methodCodes = new Map();
  const methodCode = (name) => {
    if (!methodCodes.has(name)) methodCodes.set(name, raw.skeletonMethodCode(name));
    return methodCodes.get(name);
  };
  /** A fresh Float64Array of `count` doubles from WASM memory at byte `address`. */
  const copyOut = (address, count) => {
    const start = address / Float64Array.BYTES_PER_ELEMENT;
    return heapF64().slice(start, start + count);
  };
  let records = new Float64Array(96);  // reused for effector records: no garbage per solve
  const recordsFor = (count) => (records.length >= 3 * count ? records : (records = new Float64Array(3 * count)));

  return class Skeleton {
    #handle;
    #size = 0;

    /** @param {import('./ik2d').SkeletonOptions} options */
    constructor(options) {
      const fn = 'Skeleton';
      requireObject(options, 'options {root, bones}', fn);
      const root = requirePoint(options.root, 'root', fn);
      const bones = requireArray(options.bones, 'bones', fn);
      const flat = new Float64Array(3 * bones.length);
      bones.forEach((bone, i) => {
        requireObject(bone, `bones[${i}]`, fn);
        flat[3 * i] = requireNumber(bone.parent, `bones[${i}].parent`, fn);
        flat[3 * i + 1] = requireNumber(bone.length, `bones[${i}].length`, fn);
        flat[3 * i + 2] = optionalNumber(bone.angle, `bones[${i}].angle`, fn, 0);
      });
      const handle = new raw.SkeletonHandle();
      writeInput(flat);
      this.#handle = adopt(this, handle, handle.reset(root.x, root.y, bones.length), 'skeletons', fn);
      this.#size = handle.size();
    }

    #live(fn) {
      if (!this.#handle) throw new Error(`Skeleton.${fn}: this skeleton was deleted`);
      return this.#handle;
    }

    #check(code, fn) {
      if (code !== 0) throw new RangeError(`Skeleton.${fn}: ${raw.lastMessage()}`);
    }

    /** Number of bones. */
    get size() {
      return this.#size;
    }

    /** Local angles: a fresh Float64Array(size). */
    angles() {
      return copyOut(this.#live('angles').anglesAddress(), this.#size);
    }

    /** x, y of the root, then of the end of bone i at 2 (i + 1): a fresh Float64Array(2 (size + 1)). */
    positions() {
      return copyOut(this.#live('positions').positionsAddress(), 2 * (this.#size + 1));
    }

    /** Where the last solve's last backward pass put each position (sub-base centroids included). */
    backwardPositions() {
      return copyOut(this.#live('backwardPositions').backwardAddress(), 2 * (this.#size + 1));
    }

    /** Sets the local angles; each is wrapped and clamped into its bone's limit. */
    setAngles(angles) {
      const handle = this.#live('setAngles');
      requireArrayOfNumbers(angles, 'angles', 'Skeleton.setAngles');
      writeInput(angles);
      this.#check(handle.setAngles(angles.length), 'setAngles');
    }

    /** Limits bone i's local angle to [min, max], -pi <= min <= max <= pi. */
    setLimit(bone, min, max) {
      const handle = this.#live('setLimit');
      requireNumber(bone, 'bone', 'Skeleton.setLimit');
      requireNumber(min, 'min', 'Skeleton.setLimit');
      requireNumber(max, 'max', 'Skeleton.setLimit');
      this.#check(handle.setLimit(bone, min, max), 'setLimit');
    }

    /** Removes bone i's limit. */
    clearLimit(bone) {
      const handle = this.#live('clearLimit');
      requireNumber(bone, 'bone', 'Skeleton.clearLimit');
      this.#check(handle.clearLimit(bone), 'clearLimit');
    }

    /** Moves the root; the angles stay. */
    setRoot(point) {
      const handle = this.#live('setRoot');
      requirePoint(point, 'root', 'Skeleton.setRoot');
      this.#check(handle.setRoot(point.x, point.y), 'setRoot');
    }

    /**
     * Moves each effector bone's end toward its target, from the current pose.
     * @param {import('./ik2d').SkeletonEffector[]} effectors
     * @param {import('./ik2d').SkeletonSolveOptions} [options]
     * @returns {import('./ik2d').SkeletonSolveResult}
     */
    solve(effectors, options = {}) {
      const fn = 'Skeleton.solve';
      const handle = this.#live('solve');
      requireArray(effectors, 'effectors', fn);
      requireObject(options, 'options {method?, iterations?, tolerance?}', fn);
      const method = options.method === undefined ? defaults.method : options.method;
      if (typeof method !== 'string') throw new TypeError(`${fn}: method must be a string, got ${describe(method)}`);
      const iterations = optionalNumber(options.iterations, 'iterations', fn, defaults.iterations);
      const tolerance = optionalNumber(options.tolerance, 'tolerance', fn, defaults.tolerance);
      const flat = recordsFor(effectors.length);
      effectors.forEach((effector, k) => {
        requireObject(effector, `effectors[${k}]`, fn);
        flat[3 * k] = requireNumber(effector.bone, `effectors[${k}].bone`, fn);
        const target = requirePoint(effector.target, `effectors[${k}].target`, fn);
        flat[3 * k + 1] = target.x;
        flat[3 * k + 2] = target.y;
      });
      writeInput(flat.subarray(0, 3 * effectors.length));
      const code = handle.solve(effectors.length, methodCode(method), iterations, tolerance);
      const out = heapF64();
      const count = out[solveOut + 1];
      const errorsAt = count > 0 ? handle.errorsAddress() / Float64Array.BYTES_PER_ELEMENT : 0;
      const result = {
        status: CHAIN_STATUS[code],
        iterations: out[solveOut],
        errors: Array.from(out.subarray(errorsAt, errorsAt + count)),
      };
      if (result.status === 'invalid') result.message = raw.lastMessage();
      return result;
    }

    /** Frees the C++ skeleton. Safe to call twice; any other call afterwards throws. */
    delete() {
      this.#handle = release(this, this.#handle, 'skeletons');
    }
  };
}
