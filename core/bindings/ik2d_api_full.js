// ik2d_api_full.js: the full module's parts of the JS face (dist/ik2d.js): Spider, TwoBoneBatch,
// ChainBatch and Skeleton, on top of the core face (ik2d_api.js, appended after this file).
//
// The build puts this file first, then ik2d_api.js, after Emscripten's glue; the light module
// (dist/ik2d-core.js) takes ik2d_api_core.js in its place. Each part is a function of what the
// core face shares (the table, the heap, the handle helpers) and returns the classes it adds.
// Like the core face, the parts check only JS types: every value check and message is C++'s
// (bind_full.cpp), and every name, layout and default comes from the table.

/** Where this module's WebAssembly file is: beside the module (a literal, so bundlers see it). */
function ik2dWasmUrl() {
  return new URL('ik2d.wasm', import.meta.url);
}

/** The parts this module adds to the core face, in the order their classes are listed. */
const ik2dParts = [spiderPart, batchesPart, skeletonPart];

/** Spider: a procedural spider walking on seeded terrain; its state lives in WASM memory. */
function spiderPart({ raw, abi, heapF64, writeInput, adopt, refuse, release, text }) {
  const readSpiderBody = layoutReader(abi.spiderBody, abi, text);
  const readSpiderLeg = layoutReader(abi.spiderLeg, abi, text);
  const spiderBodySlots = Object.keys(abi.spiderBody).length;
  const spiderLegSlots = Object.keys(abi.spiderLeg).length;

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
      for (const [name, fallback] of Object.entries(abi.spiderOptions)) resolved[name] = optionalNumber(options[name], name, fn, fallback);
      const handle = new raw.SpiderHandle();
      writeInput(Object.values(resolved));
      this.#handle = adopt(this, handle, handle.reset(), 'spiders', fn, resolved);
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
      refuse(handle.setGoal(x), 'Spider.setGoal', { goal: x });
    }

    /** Advances `steps` fixed steps of `dt` seconds (0 < dt <= 0.1). */
    step(dt = 1 / 60, steps = 1) {
      const handle = this.#live('step');
      requireNumber(dt, 'dt', 'Spider.step');
      requireNumber(steps, 'steps', 'Spider.step');
      refuse(handle.step(dt, steps), 'Spider.step', { dt, steps });
    }

    /** A snapshot: body, goal and every leg. */
    state() {
      const start = this.#live('state').stateAddress() / Float64Array.BYTES_PER_ELEMENT;
      const f = heapF64();
      const state = readSpiderBody(f, start);
      state.legs = [];
      for (let i = 0, at = start + spiderBodySlots; i < this.#legCount; i++, at += spiderLegSlots) {
        state.legs.push(readSpiderLeg(f, at));
      }
      return state;
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

  return { Spider };
}

/** TwoBoneBatch and ChainBatch: many limbs or chains as arrays in WASM memory, solved in one call. */
function batchesPart({ raw, abi, heapF64, writeInput, adopt, release, methodCode, methodNames }) {
  const { limits } = abi;

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

  const TWO_BONE_BATCH_FIELDS = abi.twoBoneBatchFields;
  const CHAIN_BATCH_FIELDS = abi.chainBatchFields;

  /** What a batch solve returns: solved, or refused (nothing solved) with C++'s message. */
  function batchOutcome(message, given) {
    return message === '' ? { status: 'solved' } : { status: 'invalid', message: withGiven(message, given) };
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
      requireNumber(count, 'count', fn);
      const handle = new raw.TwoBoneBatchHandle();
      this.#handle = adopt(this, handle, handle.resize(count), 'batches', fn, { count });
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
      requireNumber(begin, 'begin', 'TwoBoneBatch.solve');
      requireNumber(end, 'end', 'TwoBoneBatch.solve');
      return batchOutcome(handle.solve(begin, end), { begin, end });
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
      const count = requireNumber(options.count, 'count', fn);
      const bones = requireNumber(options.bones, 'bones', fn);
      let lengths;
      if (options.lengths !== undefined) {
        lengths = requireArrayOfNumbers(options.lengths, 'lengths', fn);
        if (lengths.length !== bones) throw new RangeError(`${fn}: lengths must hold one length per bone (${bones}), got ${lengths.length}`);
      } else {
        // One length for every bone (a bad count is C++'s to refuse: pass one).
        const perChain = Number.isInteger(bones) && bones > 0 && bones <= limits.maxBones ? bones : 1;
        lengths = new Array(perChain).fill(optionalNumber(options.length, 'length', fn, 1));
      }
      const root = options.root === undefined ? { x: 0, y: 0 } : requirePoint(options.root, 'root', fn);
      const handle = new raw.ChainBatchHandle();
      writeInput(lengths);
      this.#handle = adopt(this, handle, handle.reset(count, bones, root.x, root.y), 'batches', fn, { count, bones });
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
      const d = abi.chainBatchSolveDefaults;
      const method = options.method === undefined ? d.method : options.method;
      if (typeof method !== 'string') throw new TypeError(`${fn}: method must be a string (${methodNames}), got ${describe(method)}`);
      const iterations = optionalNumber(options.iterations, 'iterations', fn, d.iterations);
      const tolerance = optionalNumber(options.tolerance, 'tolerance', fn, d.tolerance);
      // Chain-only options are C++'s to refuse: pass the first one given (0: none).
      const chainOnly = abi.chainOnlyOptions.findIndex((name) => name !== '' && options[name] !== undefined);
      return batchOutcome(handle.solve(methodCode(method), iterations, tolerance, Math.max(0, chainOnly)), options);
    }

    /** Local angles, [bone * count + chain], computed from the positions now. */
    angles() {
      this.#live('angles').computeAngles();
      const field = CHAIN_BATCH_FIELDS.indexOf('angles');
      return this.#view(field, Float64Array, this.#addresses[field], this.#bones * this.#count);
    }

    /** Frees the arrays. Safe to call twice; any other use afterwards throws. */
    delete() {
      this.#handle = release(this, this.#handle, 'batches');
    }
  }

  return { TwoBoneBatch, ChainBatch };
}

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
 * Skeleton: a tree of bones pulled by many effectors. This face checks only JS types (TypeError)
 * and passes every value to C++ (bind_full.cpp, SkeletonHandle), which checks it and writes the
 * message: a refused constructor or edit throws a RangeError with that message, a refused solve
 * returns status 'invalid' with it.
 */
function skeletonPart({ raw, abi, heapF64, writeInput, adopt, refuse, release, text }) {
  const defaults = abi.skeletonSolveDefaults;
  const readResult = layoutReader(abi.skeletonResult, abi, text);
  /** A fresh Float64Array of `count` doubles from WASM memory at byte `address`. */
  const copyOut = (address, count) => {
    const start = address / Float64Array.BYTES_PER_ELEMENT;
    return heapF64().slice(start, start + count);
  };
  let records = new Float64Array(96);  // reused for effector records: no garbage per solve
  const recordsFor = (count) => (records.length >= 3 * count ? records : (records = new Float64Array(3 * count)));

  class Skeleton {
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

    /** Throws C++'s refusal of a call as a RangeError. @param {string} message @param {string} fn */
    #check(message, fn) {
      refuse(message, `Skeleton.${fn}`);
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
      const message = handle.solve(effectors.length, abi.skeletonMethods.indexOf(method), iterations, tolerance);
      const out = heapF64();
      const { errorCount, ...result } = readResult(out, handle.resultAddress() / Float64Array.BYTES_PER_ELEMENT);
      const errorsAt = errorCount > 0 ? handle.errorsAddress() / Float64Array.BYTES_PER_ELEMENT : 0;
      result.errors = Array.from(out.subarray(errorsAt, errorsAt + errorCount));
      if (message !== '') result.message = message;
      return result;
    }

    /** Frees the C++ skeleton. Safe to call twice; any other call afterwards throws. */
    delete() {
      this.#handle = release(this, this.#handle, 'skeletons');
    }
  }

  return { Skeleton };
}
