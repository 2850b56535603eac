// ik2d_api_skeleton.js: the skeleton's part of the JS face (Skeleton), in the ik2d-skeleton module
// and the full ik2d. Like every part, a function of what the core face (ik2d_api.js) shares,
// returning its classes; every name, layout and default comes from the table (bind_skeleton.cpp).

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
 * and passes every value to C++ (bind_skeleton.cpp, SkeletonHandle), which checks it and writes the
 * message: a refused constructor or edit throws a RangeError with that message, a refused solve
 * returns status 'invalid' with it.
 */
function skeletonPart({ raw, abi, heapF64, writeInput, adopt, refuse, release, text }) {
  const defaults = abi.skeletonSolveDefaults;
  const springDefaults = abi.springDefaults;
  const effectorDefaults = abi.skeletonEffectorDefaults;
  const readResult = layoutReader(abi.skeletonResult, abi, text);
  /** A fresh Float64Array of `count` doubles from WASM memory at byte `address`. */
  const copyOut = (address, count) => {
    const start = address / Float64Array.BYTES_PER_ELEMENT;
    return heapF64().slice(start, start + count);
  };
  let records = new Float64Array(192);  // reused for effector records: no garbage per solve
  const recordsFor = (count) => (records.length >= 6 * count ? records : (records = new Float64Array(6 * count)));

  class Skeleton {
    #handle;
    #size = 0;

    /** @param {import('./ik2d').SkeletonOptions} options */
    constructor(options) {
      const fn = 'Skeleton';
      requireObject(options, 'options {root, bones}', fn);
      const root = requirePoint(options.root, 'root', fn);
      const bones = requireArray(options.bones, 'bones', fn);
      const count = bones.length;  // read once; a count C++ refuses is refused before any bone is read
      const counted = count >= 1 && count <= abi.limits.maxBones;
      const flat = new Float64Array(counted ? 3 * count : 0);
      for (let i = 0; i < flat.length / 3; i++) {
        const bone = bones[i];
        requireObject(bone, `bones[${i}]`, fn);
        flat[3 * i] = requireNumber(bone.parent, `bones[${i}].parent`, fn);
        flat[3 * i + 1] = requireNumber(bone.length, `bones[${i}].length`, fn);
        flat[3 * i + 2] = optionalNumber(bone.angle, `bones[${i}].angle`, fn, 0);
      }
      const mirror = options.mirror === undefined ? false : requireBoolean(options.mirror, 'mirror', fn);
      writeInput(flat, fn, 'bones');
      const handle = new raw.SkeletonHandle();
      this.#handle = adopt(this, handle, handle.reset(root.x, root.y, count), 'skeletons', fn);
      this.#size = handle.size();
      if (mirror) handle.setMirror(true);
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
      let count = -1;
      const snapshot = requireArrayOfNumbers(angles, 'angles', 'Skeleton.setAngles', (length) => {
        count = length;
        if (length !== this.#size) this.#check(handle.setAngles(length), 'setAngles');  // refused by its count
      });
      writeInput(snapshot, 'Skeleton.setAngles', 'angles');
      this.#check(handle.setAngles(count), 'setAngles');
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

    /**
     * Mirrors the skeleton across the vertical line through its root (true) or turns it back
     * (false): reflects the current pose and nothing else; limits act mirrored.
     */
    setMirror(on) {
      const handle = this.#live('setMirror');
      handle.setMirror(requireBoolean(on, 'on', 'Skeleton.setMirror'));
    }

    /** True while the skeleton is mirrored (setMirror, or `mirror: true` in the constructor). */
    get mirror() {
      return this.#live('mirror').mirrored();
    }

    /**
     * Makes bone `bone` a spring bone: its local angle follows the one solving or setAngles gives
     * it, by second-order dynamics (`frequency` Hz, `damping`, `response`), as step() advances it.
     */
    setSpring(bone, options = {}) {
      const fn = 'Skeleton.setSpring';
      const handle = this.#live('setSpring');
      requireNumber(bone, 'bone', fn);
      requireObject(options, 'options {frequency?, damping?, response?}', fn);
      const frequency = optionalNumber(options.frequency, 'frequency', fn, springDefaults.frequency);
      const damping = optionalNumber(options.damping, 'damping', fn, springDefaults.damping);
      const response = optionalNumber(options.response, 'response', fn, springDefaults.response);
      this.#check(handle.setSpring(bone, frequency, damping, response), 'setSpring');
    }

    /** Bone `bone` follows its driven angle at once again (and takes it now). */
    clearSpring(bone) {
      const handle = this.#live('clearSpring');
      requireNumber(bone, 'bone', 'Skeleton.clearSpring');
      this.#check(handle.clearSpring(bone), 'clearSpring');
    }

    /** Advances every spring bone by `steps` steps of `dt` seconds: step(dt, n) is n calls of step(dt). */
    step(dt, steps = 1) {
      const fn = 'Skeleton.step';
      const handle = this.#live('step');
      requireNumber(dt, 'dt', fn);
      requireNumber(steps, 'steps', fn);
      this.#check(handle.step(dt, steps), 'step');
    }

    /** Moves the root; the angles stay. */
    setRoot(point) {
      const handle = this.#live('setRoot');
      const root = requirePoint(point, 'root', 'Skeleton.setRoot');
      this.#check(handle.setRoot(root.x, root.y), 'setRoot');
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
      const count = effectors.length;  // read once; more than one per bone is refused before any is read
      const read = count <= this.#size ? count : 0;
      const flat = recordsFor(read);
      for (let k = 0; k < read; k++) {
        const effector = effectors[k];
        requireObject(effector, `effectors[${k}]`, fn);
        flat[6 * k] = requireNumber(effector.bone, `effectors[${k}].bone`, fn);
        const { x, y } = requirePoint(effector.target, `effectors[${k}].target`, fn);
        flat[6 * k + 1] = x;
        flat[6 * k + 2] = y;
        const angle = effector.angle;
        flat[6 * k + 3] = angle === undefined ? 0 : 1;
        flat[6 * k + 4] = angle === undefined ? 0 : requireNumber(angle, `effectors[${k}].angle`, fn);
        flat[6 * k + 5] = optionalNumber(effector.weight, `effectors[${k}].weight`, fn, effectorDefaults.weight);
      }
      writeInput(flat.subarray(0, 6 * read), fn, 'effectors');
      const message = handle.solve(count, abi.skeletonMethods.indexOf(method), iterations, tolerance);
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

ik2dParts.push(skeletonPart);
