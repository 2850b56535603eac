// ik2d_api.js: the public JavaScript face of the module, the core of it: solveTwoBone, Chain,
// stats() and what every part shares.
//
// Emscripten appends the JS face after its glue (--extern-post-js), so `createIK2DModule` (the
// low-level factory) is in scope, and the result is one self-contained ES module. Every module is
// built from the same face (core/CMakeLists.txt, ik2d_module()): a first file the build writes,
// which says where the module's .wasm is (`ik2dWasmUrl`) and starts its list of parts
// (`ik2dParts`), then the module's part files (ik2d_api_batch.js, ik2d_api_procedural.js,
// ik2d_api_skeleton.js, ik2d_api_creature.js: each adds a function to the list), then this file, which builds
// solveTwoBone, Chain and stats() and lets each part add its classes.
//
// The default export finds the .wasm beside the module (browsers: fetched relative to
// import.meta.url; Node >= 18: read from disk and passed as wasmBinary, since the web-only glue
// cannot load files in Node), checks argument types, and builds plain JS results from the numbers
// the C++ side leaves in WASM memory.
//
// What it does not do: check values. Every range, limit and message lives in C++ (core/ and
// core/bindings/bind_*.cpp) and reaches JS unchanged; this face throws only TypeErrors for wrong
// JS types (and RangeErrors for array lengths and indexes against the sizes it holds, quoting
// them), and, where C++ names a field the caller passed, adds what the caller gave (", got 1.5").
// Names, slot layouts, limits and defaults come from C++ too: the core's call frames through the
// face's generated part (ik2d_api_layout.js, which the build writes from C++: slot constants,
// defaults, option writers, result readers), everything else through the table `raw.abi()`
// (core/bindings/boundary.hpp).
//
// Calling convention (docs/architecture.md, "The boundary"): the hot paths write their arguments
// into the call frame, call a raw export, and read every result back from the frame before
// returning; other calls are Embind methods that return their message ("" when all went well).

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
  const wasmUrl = ik2dWasmUrl();
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
  // (Each coordinate read once: a getter cannot pass the check with one value and the call another.)
  const x = requireNumber(value.x, `${field}.x`, fn);
  const y = requireNumber(value.y, `${field}.y`, fn);
  return { x, y };
}

function requireBoolean(value, field, fn) {
  if (typeof value !== 'boolean') {
    throw new TypeError(`${fn}: ${field} must be true or false, got ${value === undefined ? 'nothing' : describe(value)}`);
  }
  return value;
}

/** The index of `value` in `names` (-1 for a string not among them: C++ says what is wrong). */
function requireName(value, field, fn, names) {
  if (typeof value !== 'string') throw new TypeError(`${fn}: ${field} must be a string (${choices(names)}), got ${describe(value)}`);
  return names.indexOf(value);
}

/** Names as a message lists them: 'ccd', 'fabrik' or 'dls'. @param {string[]} names */
function choices(names) {
  const quoted = names.map((name) => `'${name}'`);
  return `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

// The most values any array argument may hold (the table's limits.maxInput; set when a module loads).
let inputCeiling = 0;

/**
 * A snapshot of `value`, an array of numbers or a typed array, named `field` in messages: its
 * length is read once and checked against `max` before anything is allocated, and each element of
 * a plain array (or a Proxy of one) is read once, into a fresh Float64Array, so getters and traps
 * can neither change what was checked nor run while the input buffer is written. A typed array is
 * returned as it is (its elements are numbers and its length is fixed). `check(length)`, when
 * given, may throw for a length the caller refuses; any length over `max` is refused.
 */
function requireArrayOfNumbers(value, field, fn, check, max = inputCeiling) {
  const typed = ArrayBuffer.isView(value) && !(value instanceof DataView);
  if (!Array.isArray(value) && !typed) {
    throw new TypeError(`${fn}: ${field} must be an array of numbers, got ${value === undefined ? 'nothing' : describe(value)}`);
  }
  if (typed && (value instanceof BigInt64Array || value instanceof BigUint64Array)) {
    throw new TypeError(`${fn}: ${field} must be an array of numbers, got a BigInt array`);
  }
  const length = value.length;
  if (!Number.isSafeInteger(length) || length < 0) {
    throw new TypeError(`${fn}: ${field} must be an array of numbers, its length a whole number, got ${describe(length)}`);
  }
  if (check) check(length);
  if (length > max) throw new RangeError(`${fn}: ${field} must hold at most ${max} values, got ${length}`);
  if (typed) return value;
  const snapshot = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    const element = value[i];
    if (typeof element !== 'number') {
      throw new TypeError(`${fn}: ${field}[${i}] must be a number, got ${element === undefined ? 'nothing' : describe(element)}`);
    }
    snapshot[i] = element;
  }
  return snapshot;
}

/**
 * `message` from C++, with what the caller gave for the field it names ("<field> must ...") when
 * that is one of `given` and a number or a string: "iterations must be ..., got 1.5".
 */
function withGiven(message, given) {
  const [field, verb] = message.split(' ', 2);
  const value = verb === 'must' && given && Object.prototype.hasOwnProperty.call(given, field) ? given[field] : undefined;
  return typeof value === 'number' || typeof value === 'string' ? `${message}, got ${describe(value)}` : message;
}

/**
 * A reader for one of the ABI's slot layouts (the parts' bind_<part>.cpp): turns the doubles at `base` in `f`
 * into a plain object, nesting "pivot.x" paths and mapping each type (`skip(path)` leaves a slot
 * out). Built once per layout.
 */
function layoutReader(layout, names, text) {
  const entries = Object.values(layout).map(({ slot, path, type }) => ({ slot, parts: path.split('.'), path, type }));
  return (f, base, skip) => {
    const out = {};
    for (const { slot, parts, path, type } of entries) {
      if (skip && skip(path)) continue;
      const raw = f[base + slot];
      let value;
      if (type === 'number') value = raw;
      else if (type === 'bool') value = raw === 1;
      else if (type === 'message') {
        if (raw === 0) continue;
        value = text(raw);
      } else value = names[type][raw];
      let at = out;
      for (let i = 0; i < parts.length - 1; i++) at = at[parts[i]] ??= {};
      at[parts[parts.length - 1]] = value;
    }
    return out;
  };
}

function makeApi(raw) {
  // Numbers that are no short decimal (pi) come as "#m,e": exactly m * 2^e (boundary.cpp).
  const abi = JSON.parse(raw.abi(), (key, value) => {
    if (typeof value !== 'string' || value[0] !== '#') return value;
    const [mantissa, exponent] = value.slice(1).split(',').map(Number);
    return mantissa * 2 ** exponent;
  });
  const { limits } = abi;
  inputCeiling = limits.maxInput;
  const text = (address) => raw.UTF8ToString(address);
  let heap = raw.HEAPF64;
  // A memory growth detaches every view into the old buffer; pick up the new one.
  const heapF64 = () => (heap.buffer === raw.HEAPF64.buffer ? heap : (heap = raw.HEAPF64));

  // The call frame (bindings.cpp): a detached view has length 0, so a growth is one comparison.
  const frameAddress = raw.frameAddress();
  let frame = new Float64Array(raw.HEAPF64.buffer, frameAddress, abi.frameSlots);
  const callFrame = () => (frame.length ? frame : (frame = new Float64Array(raw.HEAPF64.buffer, frameAddress, abi.frameSlots)));
  // The frames' slots, defaults, option writers and result readers are the face's generated part
  // (ik2d_api_layout.js): module-level constants, which V8 folds into the hot paths.
  const methodCode = (method) => abi.chainMethods.indexOf(method);  // -1: C++ says what is wrong
  const methodNames = choices(abi.chainMethods);  // 'ccd', 'fabrik' or 'dls'
  // The hot paths' raw exports, held here rather than read off the module per call. Emscripten
  // 3.1.6 first installs a stand-in for each that swaps in the export on its first call, so call
  // each once (harmlessly: a solve of the zeroed frame, and address 0, which C++ ignores) before
  // keeping it. A call through the kept export is faster by a tenth or so (bench/node/ab.mjs).
  raw._ik2d_two_bone();
  raw._ik2d_chain_solve(0);
  const twoBoneExport = raw._ik2d_two_bone;
  const chainSolveExport = raw._ik2d_chain_solve;

  /**
   * Solves a two-bone limb analytically (law of cosines). See ik2d.d.ts and docs/api.md.
   *
   * The common call (numbers for root, target, lengths, bend and softness; none of the extras) is
   * small enough for V8 to inline into the caller's loop, where the options object and the result
   * need never be allocated; anything else takes solveTwoBoneChecked, which names what is wrong.
   * @param {import('./ik2d').TwoBoneOptions} options
   * @returns {import('./ik2d').TwoBoneResult}
   */
  function solveTwoBone(options) {
    if (typeof options === 'object' && options !== null) {
      const { root, target, length1, length2, bend, softness } = options;
      if (typeof root === 'object' && root !== null && typeof target === 'object' && target !== null &&
          typeof length1 === 'number' && typeof length2 === 'number' &&
          (typeof bend === 'number' || bend === undefined) && (typeof softness === 'number' || softness === undefined) &&
          options.offset === undefined && options.stretch === undefined && options.mix === undefined &&
          options.pose === undefined) {
        const rootX = root.x, rootY = root.y, targetX = target.x, targetY = target.y;
        if (typeof rootX === 'number' && typeof rootY === 'number' && typeof targetX === 'number' &&
            typeof targetY === 'number') {
          const f = callFrame();
          writeTwoBoneDefaults(f);
          f[twoBoneSlot_rootX] = rootX;
          f[twoBoneSlot_rootY] = rootY;
          f[twoBoneSlot_targetX] = targetX;
          f[twoBoneSlot_targetY] = targetY;
          f[twoBoneSlot_length1] = length1;
          f[twoBoneSlot_length2] = length2;
          if (bend !== undefined) f[twoBoneSlot_bend] = bend;
          if (softness !== undefined) f[twoBoneSlot_softness] = softness;
          twoBoneExport();
          return readTwoBoneResult(f, abi, text);
        }
      }
    }
    return solveTwoBoneChecked(options);
  }

  /** solveTwoBone for any options: every JS type checked, by name; the extras passed on. */
  function solveTwoBoneChecked(options) {
    const fn = 'solveTwoBone';
    if (options === null || typeof options !== 'object') {
      throw new TypeError(`${fn}: expected an options object {root, target, length1, length2, bend?, softness?, offset?, stretch?, mix?, pose?}, got ${options === undefined ? 'nothing' : describe(options)}`);
    }
    const root = requirePoint(options.root, 'root', fn);
    const target = requirePoint(options.target, 'target', fn);
    const f = callFrame();
    writeTwoBoneDefaults(f);
    f[twoBoneSlot_rootX] = root.x;
    f[twoBoneSlot_rootY] = root.y;
    f[twoBoneSlot_targetX] = target.x;
    f[twoBoneSlot_targetY] = target.y;
    f[twoBoneSlot_length1] = requireNumber(options.length1, 'length1', fn);
    f[twoBoneSlot_length2] = requireNumber(options.length2, 'length2', fn);
    f[twoBoneSlot_bend] = optionalNumber(options.bend, 'bend', fn, twoBoneDefault_bend);
    f[twoBoneSlot_softness] = optionalNumber(options.softness, 'softness', fn, twoBoneDefault_softness);
    const { offset, stretch, pose } = options;
    if (offset !== undefined) {
      const at = requirePoint(offset, 'offset', fn);
      f[twoBoneSlot_offsetX] = at.x;
      f[twoBoneSlot_offsetY] = at.y;
    }
    if (stretch !== undefined && typeof stretch !== 'boolean') {
      throw new TypeError(`${fn}: stretch must be true or false, got ${describe(stretch)}`);
    }
    if (stretch !== undefined) f[twoBoneSlot_stretch] = stretch ? 1 : 0;
    f[twoBoneSlot_mix] = optionalNumber(options.mix, 'mix', fn, twoBoneDefault_mix);
    if (pose !== undefined) {
      if (pose === null || typeof pose !== 'object') {
        throw new TypeError(`${fn}: pose must be an object {angle1, angle2}, got ${describe(pose)}`);
      }
      f[twoBoneSlot_poseAngle1] = requireNumber(pose.angle1, 'pose.angle1', fn);
      f[twoBoneSlot_poseAngle2] = requireNumber(pose.angle2, 'pose.angle2', fn);
    }
    twoBoneExport();
    return readTwoBoneResult(f, abi, text);
  }

  /**
   * Copies `values` (a snapshot: requireArrayOfNumbers) into the C++ input buffer, which may move,
   * so the address is asked first. C++ refuses more than limits.maxInput values, or more than
   * memory can grow to, before allocating: a RangeError naming `fn` and `field`. After a call that
   * needed a large buffer, the next adopt() or refuse() lets it go (trimInput).
   */
  function writeInput(values, fn, field) {
    const count = values.length;
    if (count > limits.maxInput) throw new RangeError(`${fn}: ${field} must hold at most ${limits.maxInput} values, got ${count}`);
    if (count === 0) return;  // (nothing to write, and nothing is read)
    const address = raw.inputAddress(count);
    if (address === 0) throw new RangeError(`${fn}: ${field}: ${abi.outOfMemory}`);
    if (count > keptInput) inputIsLarge = true;
    heapF64().set(values, address / Float64Array.BYTES_PER_ELEMENT);
  }
  const keptInput = limits.keptInput;
  let inputIsLarge = false;
  function trimInput() {
    if (!inputIsLarge) return;
    inputIsLarge = false;
    raw.trimInput();
  }

  // Objects with a C++ side that are alive (created and not yet deleted or collected), for stats().
  const live = { chains: 0, spiders: 0, batches: 0, skeletons: 0, creatures: 0 };

  // Frees the C++ side of chains that were garbage-collected without delete().
  const leaked = typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry(({ handle, kind }) => {
      handle.delete();
      live[kind]--;
    })
    : { register() {}, unregister() {} };

  /**
   * Takes ownership of a C++ handle for `owner` once its reset call returned `message`: a refused
   * reset (a message) frees the handle and throws a RangeError with C++'s message (and what the
   * caller gave for the field it names, from `given`); otherwise the handle is counted in stats()
   * and freed if `owner` is garbage-collected without delete(). Returns the handle.
   */
  function adopt(owner, handle, message, kind, fn, given) {
    trimInput();
    if (message !== '') {
      handle.delete();
      throw new RangeError(`${fn}: ${withGiven(message, given)}`);
    }
    leaked.register(owner, { handle, kind }, owner);
    live[kind]++;
    return handle;
  }

  /** Throws C++'s refusal of a setter call as a RangeError; nothing when `message` is "". */
  function refuse(message, fn, given) {
    trimInput();
    if (message !== '') throw new RangeError(`${fn}: ${withGiven(message, given)}`);
  }

  /** Frees `owner`'s handle now (its delete()); returns undefined, the owner's handle from then on. */
  function release(owner, handle, kind) {
    if (!handle) return undefined;
    leaked.unregister(owner);
    handle.delete();
    live[kind]--;
    return undefined;
  }

  /** The step ChainHandle::beginSolve/step just wrote into the frame (`result` only when done). */
  function stepFromFrame(given) {
    const step = readChainStep(callFrame(), abi, text);
    if (step.message !== undefined) step.message = step.result.message = withGiven(step.message, given);
    return step;
  }

  // Chain.solve's result, after the frame holds its arguments (the frame's slots, writers and reader
  // are generated from C++: ik2d_api_layout.js).
  const noOptions = Object.freeze({});
  function solveChain(address, options) {
    chainSolveExport(address);
    const result = readChainSolveResult(callFrame(), abi, text);
    if (result.message !== undefined) result.message = withGiven(result.message, options);
    return result;
  }

  /** An N-bone chain that lives in WASM memory. See ik2d.d.ts and docs/api.md. */
  class Chain {
    #handle;
    #size;
    #address = 0;  // the C++ handle, for the raw export ik2d_chain_solve

    /** @param {import('./ik2d').ChainOptions} options */
    constructor(options) {
      const fn = 'Chain';
      if (options === null || typeof options !== 'object') {
        throw new TypeError(`${fn}: expected an options object {root, lengths, angles?, mirror?}, got ${options === undefined ? 'nothing' : describe(options)}`);
      }
      const root = requirePoint(options.root, 'root', fn);
      const lengths = requireArrayOfNumbers(options.lengths, 'lengths', fn, (length) => {
        if (length < 1 || length > limits.maxBones) throw new RangeError(`${fn}: lengths must hold 1 to ${limits.maxBones} bones, got ${length}`);
      });
      const angles = options.angles === undefined ? undefined : requireArrayOfNumbers(options.angles, 'angles', fn, (length) => {
        if (length !== lengths.length) throw new RangeError(`${fn}: angles must hold one angle per bone (${lengths.length}), got ${length}`);
      });
      const mirror = options.mirror === undefined ? false : requireBoolean(options.mirror, 'mirror', fn);
      writeInput(lengths, fn, 'lengths');
      const handle = new raw.ChainHandle();
      this.#handle = adopt(this, handle, handle.reset(root.x, root.y, lengths.length), 'chains', fn, null);
      this.#size = lengths.length;
      this.#address = handle.address();
      if (angles) {
        try {
          this.setAngles(angles);
        } catch (error) {
          this.delete();  // a refused constructor leaves nothing behind
          throw error;
        }
      }
      if (mirror) handle.setMirror(true);
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
      const root = requirePoint(point, 'root', 'Chain.setRoot');
      refuse(handle.setRoot(root.x, root.y), 'Chain.setRoot');
    }

    /** Sets the local angles (radians); each is wrapped and clamped into its joint's limit. */
    setAngles(angles) {
      const handle = this.#live('setAngles');
      const snapshot = requireArrayOfNumbers(angles, 'angles', 'Chain.setAngles', (length) => {
        if (length !== this.#size) throw new RangeError(`Chain.setAngles: angles must hold one angle per bone (${this.#size}), got ${length}`);
      });
      writeInput(snapshot, 'Chain.setAngles', 'angles');
      refuse(handle.setAngles(angles.length), 'Chain.setAngles');
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
      refuse(handle.setLimit(joint, min, max), 'Chain.setLimit', { min, max });
    }

    /** Removes joint i's limit. */
    clearLimit(joint) {
      const handle = this.#live('clearLimit');
      this.#jointIndex(joint, 'clearLimit');
      handle.clearLimit(joint);
    }

    /**
     * Mirrors the chain across the vertical line through its root (true) or turns it back
     * (false): reflects the current pose and nothing else; limits act mirrored. Ends a stepped solve.
     */
    setMirror(on) {
      const handle = this.#live('setMirror');
      handle.setMirror(requireBoolean(on, 'on', 'Chain.setMirror'));
    }

    /** True while the chain is mirrored (setMirror, or `mirror: true` in the constructor). */
    get mirror() {
      return this.#live('mirror').mirrored();
    }

    /**
     * Moves the end toward `target` from the current pose.
     * @param {import('./ik2d').Point} target
     * @param {import('./ik2d').ChainSolveOptions} [options]
     * @returns {import('./ik2d').ChainSolveResult}
     */
    solve(target, options = noOptions) {
      // The common call (a live chain, a point, options of numbers and a method name, no pole, no
      // angle) in few enough steps for V8 to inline; anything else through #solveArguments' checks.
      const address = this.#address;
      if (address !== 0 && typeof target === 'object' && target !== null && typeof options === 'object' &&
          options !== null && options.pole === undefined && options.angle === undefined) {
        const { x, y } = target;
        const f = callFrame();
        if (typeof x === 'number' && typeof y === 'number' && writeChainSolveOptionsFast(f, options)) {
          f[chainSolveSlot_targetX] = x;
          f[chainSolveSlot_targetY] = y;
          f[chainSolveSlot_usePole] = 0;
          f[chainSolveSlot_useAngle] = 0;
          return solveChain(address, options);
        }
      }
      this.#live('solve');
      this.#solveArguments('Chain.solve', target, options);
      return solveChain(this.#address, options);
    }

    /**
     * Starts a resumable solve: the same checks and steps as solve(), one step() at a time.
     * @param {import('./ik2d').Point} target
     * @param {import('./ik2d').ChainSolveOptions} [options]
     * @returns {import('./ik2d').ChainStep}
     */
    beginSolve(target, options = {}) {
      const handle = this.#live('beginSolve');
      this.#solveArguments('Chain.beginSolve', target, options);
      handle.beginSolve();
      return stepFromFrame(options);
    }

    /**
     * Makes the next step of the solve begun by beginSolve().
     * @returns {import('./ik2d').ChainStep}
     */
    step() {
      const handle = this.#live('step');
      if (!handle.stepping()) throw new Error('Chain.step: no solve in progress: call beginSolve first');
      handle.step();
      return stepFromFrame(null);
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

    /** Each joint's local angle change in the last 'dls_step' (radians): a fresh Float64Array(size). */
    stepTurns() {
      const start = this.#live('stepTurns').turnsAddress() / Float64Array.BYTES_PER_ELEMENT;
      return heapF64().slice(start, start + this.#size);
    }

    /** Checks solve()/beginSolve() argument types and writes them into the call frame (C++ checks the values). */
    #solveArguments(fn, given, options) {
      const target = requirePoint(given, 'target', fn);
      if (options === null || typeof options !== 'object') {
        const names = [...chainSolveOptionsNames, 'pole', 'angle', ...chainAngleOptionsNames];
        throw new TypeError(`${fn}: options must be an object {${names.map((name) => `${name}?`).join(', ')}}, got ${describe(options)}`);
      }
      const f = callFrame();
      f[chainSolveSlot_targetX] = target.x;
      f[chainSolveSlot_targetY] = target.y;
      writeChainSolveOptionsChecked(f, options, fn, abi);
      if (options.pole === undefined) f[chainSolveSlot_usePole] = 0;  // (no pole: its coordinates are not read)
      else {
        const pole = requirePoint(options.pole, 'pole', fn);
        f[chainSolveSlot_usePole] = 1;
        f[chainSolveSlot_poleX] = pole.x;
        f[chainSolveSlot_poleY] = pole.y;
      }
      // (No angle: its options are not read, as the pole's coordinates.)
      if (options.angle === undefined) f[chainSolveSlot_useAngle] = 0;
      else {
        f[chainSolveSlot_useAngle] = 1;
        f[chainSolveSlot_angle] = requireNumber(options.angle, 'angle', fn);
        writeChainAngleOptionsChecked(f, options, fn, abi);
      }
      return f;
    }

    /** Frees the C++ chain. Safe to call twice; any other call afterwards throws. */
    delete() {
      this.#handle = release(this, this.#handle, 'chains');
      this.#address = 0;
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
      liveCreatures: live.creatures,
      embindHandles: typeof raw.count_emval_handles === 'function' ? raw.count_emval_handles() : 0,
    };
  }

  const api = { version: raw.version(), solveTwoBone, Chain, stats };
  const shared = { raw, abi, text, heapF64, writeInput, trimInput, adopt, refuse, release, methodCode, methodNames };
  for (const part of ik2dParts) Object.assign(api, part(shared));
  return Object.freeze(api);
}
