// ik2d_api_procedural.js: procedural animation's part of the JS face (Spider), in the
// ik2d-procedural module and the full ik2d. Like every part, a function of what the core face
// (ik2d_api.js) shares, returning its classes; it checks only JS types, and every name, layout
// and default comes from the table (bind_procedural.cpp).

/** Spider: a procedural spider walking on seeded terrain; its state lives in WASM memory. */
function spiderPart({ raw, abi, heapF64, writeInput, adopt, refuse, release, text }) {
  const readSpiderBody = layoutReader(abi.spiderBody, abi, text);
  const readSpiderLeg = layoutReader(abi.spiderLeg, abi, text);
  const { stepDefaults } = abi;  // step()'s dt and steps when left out
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
      writeInput(Object.values(resolved), fn, 'options');
      const handle = new raw.SpiderHandle();
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
    step(dt = stepDefaults.dt, steps = stepDefaults.steps) {
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

ik2dParts.push(spiderPart);
