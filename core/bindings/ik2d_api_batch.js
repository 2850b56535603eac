// ik2d_api_batch.js: the batches' part of the JS face (TwoBoneBatch, ChainBatch), in the
// ik2d-batch module and the full ik2d. Like every part, a function of what the core face
// (ik2d_api.js) shares, returning its classes; the arrays are views into WASM memory, and every
// name, field order and default comes from the table (bind_batch.cpp).

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
      const handle = this.#live('message');
      requireNumber(index, 'index', 'TwoBoneBatch.message');
      if (!Number.isInteger(index) || index < 0 || index >= this.#count) {
        throw new RangeError(`TwoBoneBatch.message: index must be a whole number from 0 to ${this.#count - 1}, got ${index}`);
      }
      return handle.message(index);
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
        lengths = requireArrayOfNumbers(options.lengths, 'lengths', fn, (length) => {
          if (length !== bones) throw new RangeError(`${fn}: lengths must hold one length per bone (${bones}), got ${length}`);
        });
      } else {
        // One length for every bone (a bad count is C++'s to refuse: pass one).
        const perChain = Number.isInteger(bones) && bones > 0 && bones <= limits.maxBones ? bones : 1;
        lengths = new Array(perChain).fill(optionalNumber(options.length, 'length', fn, 1));
      }
      const root = options.root === undefined ? { x: 0, y: 0 } : requirePoint(options.root, 'root', fn);
      writeInput(lengths, fn, 'lengths');
      const handle = new raw.ChainBatchHandle();
      this.#handle = adopt(this, handle, handle.reset(count, bones, root.x, root.y), 'batches', fn, { count, bones });
      this.#count = count;
      this.#bones = bones;
      this.#addresses = CHAIN_BATCH_FIELDS.map((_, i) => handle.fieldAddress(i));
      this.#iterationsAddress = handle.iterationsAddress();
      this.#statusAddress = handle.statusAddress();
      // Values per field: one per chain, per bone or per joint (the table's chainBatchFieldPer).
      const perChain = { chain: 1, bone: bones, joint: bones + 1 };
      const lengthOf = (index) => perChain[abi.chainBatchFieldPer[index]] * count;
      // angles is a method (it computes them first), not a view property.
      defineViews(this, CHAIN_BATCH_FIELDS, (i, name) => {
        this.#live(name);
        return this.#view(i, Float64Array, this.#addresses[i], lengthOf(i));
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
      const perChain = { chain: 1, bone: this.#bones, joint: this.#bones + 1 };
      return this.#view(field, Float64Array, this.#addresses[field], perChain[abi.chainBatchFieldPer[field]] * this.#count);
    }

    /** Frees the arrays. Safe to call twice; any other use afterwards throws. */
    delete() {
      this.#handle = release(this, this.#handle, 'batches');
    }
  }

  return { TwoBoneBatch, ChainBatch };
}

ik2dParts.push(batchesPart);
