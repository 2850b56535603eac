// ik2d_api_creature.js: the creatures' part of the JS face (Creature, CreatureCrowd, FollowChain,
// Rope, SecondOrder), in the ik2d-creature module and the full ik2d. Like every part, a function
// of what the core face (ik2d_api.js) shares, returning its classes. It checks only JS types:
// every option's name, default and range comes from the table (the core's X-lists, through
// bind_creature.cpp), every value check and message is C++'s.

/**
 * Reads `list`'s options (the table's {name: {type, default}}, in the core's order) from `given`,
 * the user's object ("gravity.x" is the x of `given.gravity`), each a number or left out for
 * `fallback[name]` (or the list's default); returns their values in order and by name.
 */
function readListedOptions(list, given, fn, fallback = {}) {
  const values = [];
  /** @type {Record<string, number>} */
  const byName = {};
  for (const [name, { default: listed }] of Object.entries(list)) {
    const [head, tail] = name.split('.');
    let value;
    if (tail === undefined) value = given[head];
    else if (given[head] !== undefined) value = requirePoint(given[head], head, fn)[tail];
    value = value === undefined ? (fallback[name] ?? listed) : requireNumber(value, name, fn);
    values.push(value);
    byName[name] = value;
  }
  return { values, byName };
}

/** `count` points from an array of {x, y}, flat (x, y each), checked by name. */
function flatPoints(points, field, fn, max) {
  if (!Array.isArray(points)) {
    throw new TypeError(`${fn}: ${field} must be an array of points {x, y}, got ${points === undefined ? 'nothing' : describe(points)}`);
  }
  const count = points.length;  // (read once; every point read once below)
  if (count > max) throw new RangeError(`${fn}: ${field} must hold at most ${max} points, got ${count}`);
  const flat = new Float64Array(2 * count);
  for (let i = 0; i < count; i++) {
    const { x, y } = requirePoint(points[i], `${field}[${i}]`, fn);
    flat[2 * i] = x;
    flat[2 * i + 1] = y;
  }
  return flat;
}

/** {x, y} points from `count` pairs at `start` in `f`. */
function pointsAt(f, start, count) {
  const out = new Array(count);
  for (let i = 0; i < count; i++) out[i] = { x: f[start + 2 * i], y: f[start + 2 * i + 1] };
  return out;
}

function creaturePart({ raw, abi, text, heapF64, writeInput, adopt, refuse, release }) {
  const kinds = abi.creatureKinds;
  const list = abi.creatureOptions;
  const presets = abi.creaturePresets;
  const arrays = abi.creatureArrays;
  const capacities = abi.creatureArrayCapacities;
  const arrayNames = Object.keys(capacities);  // spacings, widths, legAnchors (the core's order)
  const readHeader = layoutReader(abi.creatureState, abi, text);
  const readLeg = layoutReader(abi.creatureLeg, abi, text);
  const readFin = layoutReader(abi.creatureFin, abi, text);
  // SecondOrder's state slots, resolved once: its getters read two doubles, per frame in a page.
  const { positionX, positionY, velocityX, velocityY } = Object.fromEntries(
    Object.entries(abi.secondOrderState).map(([name, { slot }]) => [name, slot]));
  const { stepDefaults } = abi;  // step()'s dt and steps when left out

  /**
   * A creature's options: the preset of `given.kind` (default 'lizard') with every field the
   * caller gave on top. Returns the values for the input buffer and the options in force.
   */
  function creatureOptions(given, fn, crowdCount) {
    if (given === null || typeof given !== 'object') {
      throw new TypeError(`${fn}: options must be an object {kind?, x?, y?, heading?, ...}, got ${describe(given)}`);
    }
    const kind = given.kind === undefined ? kinds[0] : given.kind;
    if (typeof kind !== 'string') throw new TypeError(`${fn}: kind must be a string (${kinds.map((k) => `'${k}'`).join(', ')}), got ${describe(kind)}`);
    const preset = presets[kind] ?? presets[kinds[0]];
    const spacingArray = Array.isArray(given.spacing) || ArrayBuffer.isView(given.spacing);
    const scalarsGiven = spacingArray ? { ...given, spacing: undefined } : given;
    const { values, byName } = readListedOptions(list, { ...scalarsGiven, kind: undefined }, fn, preset);
    values[Object.keys(list).indexOf('kind')] = kinds.indexOf(kind);  // -1: C++ names the kinds
    // C++ checks the count first, then every scalar (fillCreatureArrays): nothing here is sized by
    // segments or legs before that (each array takes its fixed capacity).
    if (crowdCount !== undefined) refuse(raw.checkCrowdCount(crowdCount), fn, { count: crowdCount });
    const segments = byName.segments, pairs = Math.max(0, Math.floor(byName.legs / 2));
    const used = {
      spacings: Math.max(0, segments - 1),
      widths: segments,
      legAnchors: pairs,
    };
    const scalars = values.length;
    /** Whether the caller gave each array (the others are the preset's, stretched by the core). */
    const givenArrays = {};
    /** The spacings given, as given (none: every gap is `spacing`). */
    let spacings = [];
    for (const name of arrayNames) {
      const capacity = capacities[name];
      let value = name === 'spacings' && spacingArray ? given.spacing : given[name];
      givenArrays[name] = value !== undefined;
      if (value !== undefined) {
        const field = name === 'spacings' ? 'spacing' : name;
        value = Array.from(requireArrayOfNumbers(value, field, fn, (length) => {
          if (length > capacity) throw new RangeError(`${fn}: ${field} must hold at most ${capacity} values, got ${length}`);
        }));
      } else value = [];
      if (name === 'spacings') spacings = value;
      for (let i = 0; i < capacity; i++) values.push(value[i] ?? 0);
    }
    // The scalars checked, then the arrays left out filled: the kind's preset, stretched to the
    // segments and legs asked for, by the core.
    writeInput(values, fn, 'options');
    refuse(raw.fillCreatureArrays(givenArrays.widths, givenArrays.legAnchors), fn, given);
    const filled = raw.inputAddress(values.length) / Float64Array.BYTES_PER_ELEMENT;
    values.splice(scalars, values.length - scalars, ...heapF64().subarray(filled + scalars, filled + values.length));
    /** @type {Record<string, number[]>} */
    const arraysInForce = { spacings };
    let at = scalars;
    for (const name of arrayNames) {
      if (name !== 'spacings') arraysInForce[name] = values.slice(at, at + used[name]);
      at += capacities[name];
    }
    const options = { ...byName, kind };
    if (arraysInForce.spacings.length) options.spacing = arraysInForce.spacings;
    options.widths = arraysInForce.widths.slice(0, used.widths);
    options.legAnchors = arraysInForce.legAnchors.slice(0, used.legAnchors);
    return { values, options: Object.freeze(options) };
  }

  /** The state at `start` (doubles) in `f`, with these counts. */
  function creatureState(f, start, counts) {
    const state = readHeader(f, start);
    state.spine = pointsAt(f, start + arrays.spine, counts.segments);
    state.legs = new Array(counts.legs);
    for (let i = 0; i < counts.legs; i++) state.legs[i] = readLeg(f, start + arrays.legs + i * arrays.legsStride);
    state.outline = pointsAt(f, start + arrays.outline, counts.outline);
    state.eyes = pointsAt(f, start + arrays.eyes, 2).map((eye) => ({ ...eye, radius: state.eyeRadius }));
    delete state.eyeRadius;
    state.fins = new Array(counts.fins);
    for (let i = 0; i < counts.fins; i++) state.fins[i] = readFin(f, start + arrays.fins + i * arrays.finsStride);
    return state;
  }

  const countsOf = (handle) => ({
    segments: handle.segments(), legs: handle.legs(), outline: handle.outlineCount(), fins: handle.finCount(),
  });

  /** A procedural creature: a spine that follows its head, legs with a gait, a skin. See ik2d.d.ts. */
  class Creature {
    #handle;
    #options;
    #counts;

    /** @param {import('./ik2d').CreatureOptions} [options] */
    constructor(options = {}) {
      const fn = 'Creature';
      const { values, options: inForce } = creatureOptions(options, fn);
      writeInput(values, fn, 'options');
      const handle = new raw.CreatureHandle();
      this.#handle = adopt(this, handle, handle.reset(), 'creatures', fn, options);
      this.#options = inForce;
      this.#counts = countsOf(handle);
    }

    #live(fn) {
      if (!this.#handle) throw new Error(`Creature.${fn}: this creature was deleted`);
      return this.#handle;
    }

    /** The settings in force, the preset filled in. */
    get options() {
      return this.#options;
    }

    /** Where the head heads for. */
    setGoal(point) {
      const handle = this.#live('setGoal');
      const goal = requirePoint(point, 'goal', 'Creature.setGoal');
      refuse(handle.setGoal(goal.x, goal.y), 'Creature.setGoal');
    }

    /** Advances `steps` × `dt` seconds (0 < dt <= 0.1). */
    step(dt = stepDefaults.dt, steps = stepDefaults.steps) {
      const handle = this.#live('step');
      requireNumber(dt, 'dt', 'Creature.step');
      requireNumber(steps, 'steps', 'Creature.step');
      refuse(handle.step(dt, steps), 'Creature.step', { dt, steps });
    }

    /** A snapshot: spine, heading, speed, legs, outline, eyes, fins. */
    state() {
      const handle = this.#live('state');
      return creatureState(heapF64(), handle.stateAddress() / Float64Array.BYTES_PER_ELEMENT, this.#counts);
    }

    /** Frees the C++ creature. Safe to call twice; any other call afterwards throws. */
    delete() {
      this.#handle = release(this, this.#handle, 'creatures');
    }
  }

  /** Many creatures of one kind, stepped in one call. See ik2d.d.ts. */
  class CreatureCrowd {
    #handle;
    #options;
    #counts;
    #goals = new Float64Array(0);
    #layout;
    /** The last views() answer: kept while WASM memory has not grown. */
    #views = null;

    /** @param {import('./ik2d').CreatureCrowdOptions} options */
    constructor(options) {
      const fn = 'CreatureCrowd';
      if (options === null || typeof options !== 'object') {
        throw new TypeError(`${fn}: expected an options object {count, kind?, ...}, got ${options === undefined ? 'nothing' : describe(options)}`);
      }
      const count = requireNumber(options.count, 'count', fn);
      const { values, options: inForce } = creatureOptions({ ...options, count: undefined }, fn, count);
      writeInput(values, fn, 'options');
      const handle = new raw.CreatureCrowdHandle();
      this.#handle = adopt(this, handle, handle.reset(count), 'creatures', fn, options);
      this.#options = inForce;
      this.#counts = countsOf(handle);
      this.#layout = crowdLayout(handle.size(), this.#counts);
    }

    #live(fn) {
      if (!this.#handle) throw new Error(`CreatureCrowd.${fn}: this crowd was deleted`);
      return this.#handle;
    }

    /** Number of creatures. */
    get size() {
      return this.#live('size').size();
    }

    /** The settings in force for every creature, the preset filled in. */
    get options() {
      return this.#options;
    }

    /** Where creature `index` heads for. */
    setGoal(index, point) {
      const handle = this.#live('setGoal');
      requireNumber(index, 'index', 'CreatureCrowd.setGoal');
      const goal = requirePoint(point, 'goal', 'CreatureCrowd.setGoal');
      refuse(handle.setGoal(index, goal.x, goal.y), 'CreatureCrowd.setGoal', { index });
    }

    /** Goals for creatures 0, 1, ...: points {x, y}, or flat x, y pairs. */
    setGoals(goals) {
      const handle = this.#live('setGoals');
      const fn = 'CreatureCrowd.setGoals';
      const size = handle.size();
      const tooMany = (pairs) => {
        if (pairs > size) throw new RangeError(`${fn}: goals must hold at most one point per creature (${size}), got ${pairs}`);
      };
      let flat;
      if (ArrayBuffer.isView(goals)) flat = requireArrayOfNumbers(goals, 'goals', fn, (length) => tooMany(Math.floor(length / 2)));
      else {
        if (!Array.isArray(goals)) throw new TypeError(`${fn}: goals must be an array of points {x, y} or of x, y pairs, got ${describe(goals)}`);
        const count = goals.length;  // (read once)
        tooMany(count);
        if (this.#goals.length < 2 * count) this.#goals = new Float64Array(2 * count);
        for (let i = 0; i < count; i++) {
          const { x, y } = requirePoint(goals[i], `goals[${i}]`, fn);
          this.#goals[2 * i] = x;
          this.#goals[2 * i + 1] = y;
        }
        flat = this.#goals.subarray(0, 2 * count);
      }
      writeInput(flat, fn, 'goals');
      refuse(handle.setGoals(Math.floor(flat.length / 2)), fn);
    }

    /** Advances every creature `steps` × `dt` seconds (0 < dt <= 0.1). */
    step(dt = stepDefaults.dt, steps = stepDefaults.steps) {
      const handle = this.#live('step');
      requireNumber(dt, 'dt', 'CreatureCrowd.step');
      requireNumber(steps, 'steps', 'CreatureCrowd.step');
      refuse(handle.step(dt, steps), 'CreatureCrowd.step', { dt, steps });
    }

    /** Creature `index`'s snapshot, as Creature.state() gives it. */
    state(index) {
      const handle = this.#live('state');
      requireNumber(index, 'index', 'CreatureCrowd.state');
      const address = handle.stateAddress(index);
      if (address === 0) throw new RangeError(`CreatureCrowd.state: index must be a whole number from 0 to ${handle.size() - 1}, got ${index}`);
      return creatureState(heapF64(), address / Float64Array.BYTES_PER_ELEMENT, this.#counts);
    }

    /** Where each creature's part of views() starts, and how much it holds. */
    get layout() {
      this.#live('layout');
      return this.#layout;
    }

    /**
     * Every creature's spine, legs, skin and planted flags, viewing WASM memory: step() rewrites
     * them in place. The same object while memory has not grown; new views after a growth.
     */
    views() {
      const handle = this.#live('views');
      const buffer = heapF64().buffer;
      if (this.#views === null || this.#views.spine.buffer !== buffer) {
        const { size, spine, legs, outline, planted, fins } = this.#layout;
        // viewAddress(k): the k-th of spine, legs, outline, planted, fins (bind_creature.cpp).
        this.#views = Object.freeze({
          spine: new Float64Array(buffer, handle.viewAddress(0), size * spine.stride),
          legs: new Float64Array(buffer, handle.viewAddress(1), size * legs.stride),
          outline: new Float64Array(buffer, handle.viewAddress(2), size * outline.stride),
          planted: new Uint8Array(buffer, handle.viewAddress(3), size * planted.stride),
          fins: new Float64Array(buffer, handle.viewAddress(4), size * fins.stride),
        });
      }
      return this.#views;
    }

    /** Frees the C++ crowd. Safe to call twice; any other call afterwards throws. */
    delete() {
      this.#handle = release(this, this.#handle, 'creatures');
      this.#views = null;
    }
  }

  /**
   * The layout of a crowd's views(): per array, `count` items a creature (points, legs, flags),
   * `stride` array elements a creature, and `offsets[i]`, where creature i's part starts.
   */
  function crowdLayout(size, counts) {
    const part = (count, stride) => {
      const offsets = new Int32Array(size);
      for (let i = 0; i < size; i++) offsets[i] = i * stride;
      return Object.freeze({ count, stride, offsets });
    };
    const { legPoints, finValues } = abi.crowdViews;
    return Object.freeze({
      size,
      legPoints,
      finValues,
      spine: part(counts.segments, 2 * counts.segments),
      legs: part(counts.legs, 2 * legPoints * counts.legs),
      outline: part(counts.outline, 2 * counts.outline),
      planted: part(counts.legs, counts.legs),
      fins: part(counts.fins, finValues * counts.fins),
    });
  }

  /** The live handle of a FollowChain or Rope, for its own methods only (not a public name). */
  const liveHandle = Symbol('live');

  /** Points in WASM memory behind a handle: the shared parts of FollowChain and Rope. */
  function pointsClass(name, optionsList, Handle, build, maxPoints) {
    return class {
      #handle;
      #size;
      #options;

      constructor(options) {
        const fn = name;
        if (options === null || typeof options !== 'object') {
          throw new TypeError(`${fn}: expected an options object {points, ...}, got ${options === undefined ? 'nothing' : describe(options)}`);
        }
        const flat = flatPoints(options.points, 'points', fn, abi.creatureLimits[maxPoints]);
        const { values, byName } = readListedOptions(optionsList, options, fn);
        const input = new Float64Array(flat.length + values.length);
        input.set(flat);
        input.set(values, flat.length);
        writeInput(input, fn, 'points');
        const handle = new Handle();
        this.#handle = adopt(this, handle, handle.reset(flat.length / 2), 'creatures', fn, byName);
        this.#size = handle.size();
        this.#options = Object.freeze(build(byName));
      }

      [liveHandle](fn) {
        if (!this.#handle) throw new Error(`${name}.${fn}: this ${name === 'Rope' ? 'rope' : 'chain'} was deleted`);
        return this.#handle;
      }

      /** Number of points. */
      get size() {
        return this.#size;
      }

      /** The settings in force, defaults filled in. */
      get options() {
        return this.#options;
      }

      /** The points x0, y0, x1, y1, ...: a fresh Float64Array(2 size). */
      positions() {
        const start = this[liveHandle]('positions').positionsAddress() / Float64Array.BYTES_PER_ELEMENT;
        return heapF64().slice(start, start + 2 * this.#size);
      }

      /** Frees the C++ side. Safe to call twice; any other call afterwards throws. */
      delete() {
        this.#handle = release(this, this.#handle, 'creatures');
      }
    };
  }

  /** A follow-the-leader chain (a spine, a tail). See ik2d.d.ts. */
  class FollowChain extends pointsClass('FollowChain', abi.followChainOptions, raw.FollowChainHandle, (o) => o, 'maxFollowPoints') {
    /** Point 0 goes exactly there; the rest keep their spacings behind it, every turn within maxBend. */
    follow(point) {
      const handle = this[liveHandle]('follow');
      const at = requirePoint(point, 'point', 'FollowChain.follow');
      refuse(handle.follow(at.x, at.y), 'FollowChain.follow');
    }
  }

  /** A rope of Verlet points with pins. See ik2d.d.ts. */
  class Rope extends pointsClass('Rope', abi.ropeOptions, raw.RopeHandle,
    (o) => ({ gravity: { x: o['gravity.x'], y: o['gravity.y'] }, damping: o.damping, iterations: o.iterations }), 'maxRopePoints') {
    /** Holds point `index` at `point`, or lets it go (null). */
    pin(index, point) {
      const handle = this[liveHandle]('pin');
      requireNumber(index, 'index', 'Rope.pin');
      if (point === null) return refuse(handle.unpin(index), 'Rope.pin', { index });
      const at = requirePoint(point, 'point', 'Rope.pin');
      return refuse(handle.pin(index, at.x, at.y), 'Rope.pin', { index });
    }

    /** Advances `steps` × `dt` seconds (0 < dt <= 0.1). */
    step(dt = stepDefaults.dt, steps = stepDefaults.steps) {
      const handle = this[liveHandle]('step');
      requireNumber(dt, 'dt', 'Rope.step');
      requireNumber(steps, 'steps', 'Rope.step');
      refuse(handle.step(dt, steps), 'Rope.step', { dt, steps });
    }
  }

  /** A point that follows a target with second-order dynamics (f, zeta, r). See ik2d.d.ts. */
  class SecondOrder {
    #handle;
    #options;

    /** @param {import('./ik2d').SecondOrderOptions} [options] */
    constructor(options = {}) {
      const fn = 'SecondOrder';
      if (options === null || typeof options !== 'object') throw new TypeError(`${fn}: options must be an object, got ${describe(options)}`);
      const start = options.start === undefined ? { x: 0, y: 0 } : requirePoint(options.start, 'start', fn);
      const { values, byName } = readListedOptions(abi.secondOrderOptions, options, fn);
      writeInput(values, fn, 'options');
      const handle = new raw.SecondOrderHandle();
      this.#handle = adopt(this, handle, handle.reset(start.x, start.y), 'creatures', fn, byName);
      this.#options = Object.freeze(byName);
    }

    #live(fn) {
      if (!this.#handle) throw new Error(`SecondOrder.${fn}: this was deleted`);
      return this.#handle;
    }

    /** The settings in force, defaults filled in. */
    get options() {
      return this.#options;
    }

    /** Moves `dt` seconds toward `target`; returns the new position. */
    update(dt, target) {
      const handle = this.#live('update');
      requireNumber(dt, 'dt', 'SecondOrder.update');
      const at = requirePoint(target, 'target', 'SecondOrder.update');
      refuse(handle.update(dt, at.x, at.y), 'SecondOrder.update', { dt });
      return this.position;
    }

    /** Where the point is now. */
    get position() {
      const at = this.#live('position').stateAddress() / Float64Array.BYTES_PER_ELEMENT;
      const f = heapF64();
      return { x: f[at + positionX], y: f[at + positionY] };
    }

    /** How fast it moves now, units per second. */
    get velocity() {
      const at = this.#live('velocity').stateAddress() / Float64Array.BYTES_PER_ELEMENT;
      const f = heapF64();
      return { x: f[at + velocityX], y: f[at + velocityY] };
    }

    /** Frees the C++ side. Safe to call twice; any other call afterwards throws. */
    delete() {
      this.#handle = release(this, this.#handle, 'creatures');
    }
  }

  return { Creature, CreatureCrowd, FollowChain, Rope, SecondOrder };
}

ik2dParts.push(creaturePart);
