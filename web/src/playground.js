/**
 * The playground: one scene at a time, its settings, the view, input and the frame loop, and the
 * `window.playground` API (see the Playground typedef; the contract is shared/API.md "The page").
 *
 * Data flow: every change (control, pointer, key, link, setState) goes through change(), which
 * validates with applyPartial(), re-solves and redraws at once, then reports to onChange.
 * Each simulation step (1/60 s, while running or in step()) advances the scene and solves once
 * more; a change made while running counts as that step's solve, so a stateful solver (the
 * chain's warm start with a per-call step limit) moves once per frame however fast input comes.
 * Animation frames redraw when something changed; while paused nothing moves but input.
 * Points the scene moves itself (a moving target, a following root) come back as a SceneUpdate
 * and are stored in the settings like any other change, so getState() and links include them.
 * A scene with a camera (the spider) reports it after every solve and step; the view follows it,
 * so drawing, worldToClient() and clientToWorld() always agree with getState().
 */

import { buildControls, buildReadouts } from './controls.js';
import { drawBackdrop, readTheme } from './draw.js';
import { KEY_STEP, attachKeyboard, attachPointer } from './input.js';
import { FIXED_RATE, createLoop } from './loop.js';
import { formatLink } from './link.js';
import { applyPartial, defaultSettings, describeValue } from './settings.js';
import { buildSceneTabs } from './tabs.js';
import { createView } from './view.js';

/**
 * @typedef {import('./settings.js').Point} Point
 * @typedef {import('./settings.js').Settings} Settings
 * @typedef {import('./scenes/index.js').SceneDefinition} SceneDefinition
 * @typedef {import('./scenes/index.js').SceneInstance} SceneInstance
 * @typedef {import('./scenes/index.js').SceneUpdate} SceneUpdate
 *
 * @typedef {Object} Playground
 * @property {() => Record<string, unknown>} getState JSON-serializable snapshot of what is drawn:
 *   `{scene, params, <points: target, root...>, <scene extras: result...>, time}`.
 * @property {(partial: unknown) => string[]} setState Applies any of `scene`, `params` and the
 *   scene's points, validated like a link; returns a notice for everything ignored or clamped.
 * @property {() => string} shareLink Absolute URL that reproduces the current state.
 * @property {() => void} pause Stops simulation time (drawing and input go on).
 * @property {() => void} resume Restarts simulation time.
 * @property {(frames?: number) => void} step Runs `frames` fixed steps of 1/60 s now (0..3600).
 * @property {(p: Point) => Point} worldToClient World point → viewport CSS pixels.
 * @property {(q: Point) => Point} clientToWorld Viewport CSS pixels → world point.
 * @property {(x: number) => number | null} groundHeight Terrain height under world x, or null
 *   when the current scene has no terrain (the arm has none).
 * @property {(count?: number) => unknown} stepSolver Step-through (chain scene): stops solving once
 *   a frame and makes `count` (default 1, 0..10000) steps of the C++ solver, one CCD joint update
 *   or FABRIK half-pass each; returns getState().stepping. Throws in scenes without it.
 * @property {() => void} runSolver Leaves step-through: the chain solves once a frame again.
 * @property {() => object} stats The module's resource counters (`ik.stats()`: WASM memory, live
 *   chains and spiders, Embind handles), for leak checks such as scripts/soak.mjs.
 *
 * @typedef {Object} PlaygroundElements
 * @property {HTMLCanvasElement} canvas
 * @property {HTMLElement} tabs The scene switcher (role="tablist").
 * @property {HTMLElement} tabPanel What the tabs switch (role="tabpanel").
 * @property {HTMLElement} title Scene heading.
 * @property {HTMLElement} summary Scene description.
 * @property {HTMLElement} hints List of how-to hints under the canvas.
 * @property {HTMLElement} controls Container for the param controls.
 * @property {HTMLElement} readouts A <dl> for the readouts.
 */

/** Most steps one step() call may run (a minute of simulated time). */
const MAX_STEPS_PER_CALL = 3600;

/** The camera of scenes without one. */
const NO_CAMERA = Object.freeze({ x: 0, y: 0 });

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * @param {unknown} point
 * @param {string} caller
 * @returns {Point}
 */
function requirePoint(point, caller) {
  if (!isPlainObject(point) || !Number.isFinite(point.x) || !Number.isFinite(point.y)) {
    throw new TypeError(`${caller} expects a point {x, y} with finite numbers, got ${describeValue(point)}`);
  }
  return { x: /** @type {number} */ (point.x), y: /** @type {number} */ (point.y) };
}

/**
 * Creates the playground and starts its loop.
 * @param {Object} options
 * @param {any} options.ik The loaded ik2d module.
 * @param {SceneDefinition[]} options.scenes Registered scenes.
 * @param {SceneDefinition} options.scene The scene to show first.
 * @param {PlaygroundElements} options.elements
 * @param {() => void} options.onChange Called after every settings change (not on every frame).
 * @returns {{api: Playground, apply: (partial: Record<string, unknown>) => string[], reset: () => void,
 *   hasStepThrough: () => boolean}} hasStepThrough: whether the current scene can step its solver
 *   (api.stepSolver() throws where it cannot).
 */
export function createPlayground({ ik, scenes, scene: firstScene, elements, onChange }) {
  const { canvas } = elements;
  /** @type {SceneDefinition} */
  let definition = firstScene;
  /** @type {SceneInstance} */
  let scene = definition.create(ik);
  /** @type {Settings} */
  let settings = defaultSettings(definition);
  let dirty = true;
  /** @type {{active: string | null, hover: string | null}} */
  const ui = { active: null, hover: null };
  /** @type {{name: string, offset: Point} | null} */
  let drag = null;

  const view = createView(canvas, definition.world, () => { dirty = true; });
  let theme = readTheme(canvas);
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    theme = readTheme(canvas);
    dirty = true;
  });

  let controls = buildControls(elements.controls, definition.params, onControl);
  let readouts = buildReadouts(elements.readouts, definition.readouts);
  const tabs = buildSceneTabs(elements.tabs, elements.tabPanel, scenes, (id) => {
    if (id !== definition.id) change({ scene: id });
  });
  describeScene();

  /** @param {string} name @param {import('./settings.js').ParamValue} value */
  function onControl(name, value) {
    change({ params: { [name]: value } });
  }

  function describeScene() {
    elements.title.textContent = definition.title;
    elements.summary.textContent = definition.summary;
    elements.hints.replaceChildren(...definition.hints.map((hint) => {
      const item = document.createElement('li');
      item.textContent = hint;
      return item;
    }));
    canvas.setAttribute('aria-label', definition.canvasLabel);
    document.documentElement.dataset.scene = definition.id;
    tabs.show(definition.id);
  }

  /**
   * Replaces the scene instance with a fresh one at its defaults (a switch, or Reset); the old
   * one is disposed (its C++ objects freed).
   * @param {SceneDefinition} next
   */
  function mountScene(next) {
    scene.dispose();
    definition = next;
    scene = definition.create(ik);
    settings = defaultSettings(definition);
    drag = null;
    ui.active = null;
    ui.hover = null;
    view.setWorld(definition.world);
    followCamera();
    controls = buildControls(elements.controls, definition.params, onControl);
    readouts = buildReadouts(elements.readouts, definition.readouts);
    describeScene();
  }

  /** True when a change solved the scene since the last simulation step, while running. */
  let solvedThisFrame = false;

  /**
   * Takes in what the scene changed by itself; true if anything did (redraw then).
   * @param {SceneUpdate | null} update
   */
  function absorb(update) {
    if (!update) return false;
    if (update.moved) {
      const moved = { ...update.moved };
      // The user holds this point: the pointer wins over the scene.
      if (drag) delete moved[drag.name];
      if (Object.keys(moved).length) settings = applyPartial(definition, settings, moved).settings;
    }
    // A point kept in a valid place (a target above the ground) is kept there even mid-drag.
    if (update.kept) settings = applyPartial(definition, settings, update.kept).settings;
    // Hidden params the scene keeps (the puppet's pose), stored like a setState.
    if (update.params) settings = applyPartial(definition, settings, { params: update.params }).settings;
    return true;
  }

  /** Points the view at the scene's camera (scenes without one: no offset). */
  function followCamera() {
    view.setCamera(scene.camera ? scene.camera() : NO_CAMERA);
  }

  /** When something changed, draws and updates the panel. */
  function render() {
    view.watch();
    if (!dirty) return;
    dirty = false;
    const ctx = view.begin();
    drawBackdrop(ctx, view, theme, definition.gridSpacing, definition.axes ?? true);
    scene.draw(ctx, view, theme, settings, ui);
    controls.update(settings.params);
    readouts.update(scene.readouts(settings));
  }

  const loop = createLoop((dt) => {
    if (absorb(scene.advance(dt, settings))) dirty = true;
    if (solvedThisFrame) solvedThisFrame = false;
    else if (absorb(scene.solve(settings))) dirty = true;
    followCamera();
  }, render);

  /**
   * Validates and applies a partial state, re-solves and redraws now.
   * @param {unknown} partial
   * @returns {string[]} Notices.
   */
  function change(partial) {
    if (!isPlainObject(partial)) {
      return [`Ignored ${describeValue(partial)}: expected an object like {target: {x: 100, y: 50}}`];
    }
    const notices = [];
    if ('scene' in partial) {
      const found = scenes.find((s) => s.id === partial.scene);
      if (!found) {
        const known = scenes.map((s) => s.id).join(', ');
        notices.push(`Ignored scene=${describeValue(partial.scene)}: unknown scene (available: ${known})`);
      } else if (found !== definition) {
        mountScene(found);
      }
    }
    const applied = applyPartial(definition, settings, partial);
    settings = applied.settings;
    notices.push(...applied.notices);
    absorb(scene.solve(settings));
    followCamera();
    if (loop.running()) solvedThisFrame = true;
    dirty = true;
    render();
    onChange();
    return notices;
  }

  /**
   * Moves a point to a world position; silently kept inside the scene (a drag past the edge).
   * @param {string} name
   * @param {Point} world
   */
  function movePoint(name, world) {
    change({ [name]: { x: world.x, y: world.y } });
  }

  /**
   * The point a client position grabs, if any: the first (most important) point in reach.
   * @param {Point} client
   * @param {string} pointerType
   */
  function pointAt(client, pointerType) {
    for (const spec of definition.points) {
      const at = view.worldToClient(settings.points[spec.name]);
      const radius = scene.hitRadius(spec.name, pointerType); // 0: not draggable now.
      if (radius > 0 && Math.hypot(at.x - client.x, at.y - client.y) <= radius) {
        return spec.name;
      }
    }
    return null;
  }

  attachPointer(canvas, {
    begin(client, pointerType) {
      const world = view.clientToWorld(client);
      const grabbed = pointAt(client, pointerType);
      if (grabbed) {
        // Keep the grab offset so the handle doesn't jump under the pointer.
        const point = settings.points[grabbed];
        drag = { name: grabbed, offset: { x: point.x - world.x, y: point.y - world.y } };
      } else {
        // Pressing anywhere else moves the main point there and drags it from there.
        drag = { name: definition.keyboardPoint, offset: { x: 0, y: 0 } };
        movePoint(drag.name, world);
      }
      ui.active = drag.name;
      ui.hover = null;
      delete canvas.dataset.hover;
      canvas.dataset.dragging = drag.name;
      dirty = true;
      render();
    },
    move(client) {
      if (!drag) return;
      const world = view.clientToWorld(client);
      movePoint(drag.name, { x: world.x + drag.offset.x, y: world.y + drag.offset.y });
    },
    end() {
      drag = null;
      ui.active = null;
      delete canvas.dataset.dragging;
      dirty = true;
      render();
    },
    hover(client) {
      const over = client ? pointAt(client, 'mouse') : null;
      if (over !== ui.hover) {
        ui.hover = over;
        if (over) canvas.dataset.hover = over;
        else delete canvas.dataset.hover;
        dirty = true;
      }
    },
  });

  attachKeyboard(canvas, {
    nudge(dx, dy) {
      // input.js moves by KEY_STEP (Shift: 5×); a scene may want bigger steps (a wide world).
      const factor = (definition.keyStep ?? KEY_STEP) / KEY_STEP;
      const point = settings.points[definition.keyboardPoint];
      movePoint(definition.keyboardPoint, { x: point.x + dx * factor, y: point.y + dy * factor });
    },
    shortcut(key) {
      const partial = scene.shortcut(key, settings);
      if (!partial) return false;
      change(partial);
      return true;
    },
  });

  /** @type {Playground} */
  const api = {
    getState() {
      /** @type {Record<string, unknown>} */
      const state = { scene: definition.id, params: { ...settings.params } };
      for (const spec of definition.points) {
        const point = settings.points[spec.name];
        state[spec.name] = { x: point.x, y: point.y };
      }
      Object.assign(state, scene.state(settings));
      state.time = loop.steps() / FIXED_RATE;
      return state;
    },
    setState(partial) {
      return change(partial);
    },
    shareLink() {
      return new URL(`?${formatLink(definition, settings)}`, location.href).href;
    },
    pause() {
      loop.pause();
      solvedThisFrame = false; // The next step() is a frame of its own.
      document.documentElement.dataset.paused = 'true';
    },
    resume() {
      loop.resume();
      delete document.documentElement.dataset.paused;
    },
    step(frames = 1) {
      if (!Number.isInteger(frames) || frames < 0 || frames > MAX_STEPS_PER_CALL) {
        throw new RangeError(
          `step(frames) expects a whole number from 0 to ${MAX_STEPS_PER_CALL}, got ${describeValue(frames)}`);
      }
      loop.step(frames);
    },
    worldToClient(point) {
      return view.worldToClient(requirePoint(point, 'worldToClient'));
    },
    clientToWorld(point) {
      return view.clientToWorld(requirePoint(point, 'clientToWorld'));
    },
    groundHeight(x) {
      if (!Number.isFinite(x)) throw new TypeError(`groundHeight expects a finite number, got ${describeValue(x)}`);
      return scene.groundHeight ? scene.groundHeight(x) : null;
    },
    stepSolver(count = 1) {
      if (!Number.isInteger(count) || count < 0 || count > 10000) {
        throw new RangeError(`stepSolver(count) expects a whole number from 0 to 10000, got ${describeValue(count)}`);
      }
      if (!scene.stepSolver) throw new Error(`stepSolver: the ${definition.id} scene has no step-through (the chain scene has)`);
      scene.stepSolver(settings, count);
      dirty = true;
      render();
      return api.getState().stepping;
    },
    runSolver() {
      if (!scene.runSolver) return;
      scene.runSolver();
      absorb(scene.solve(settings));
      dirty = true;
      render();
    },
    stats() {
      return ik.stats();
    },
  };

  loop.start();
  return {
    api,
    apply: change,
    hasStepThrough: () => Boolean(scene.stepSolver),
    reset() {
      // A fresh instance: defaults, and for stateful scenes their starting pose as well.
      mountScene(definition);
      absorb(scene.solve(settings));
      followCamera();
      dirty = true;
      render();
      onChange();
    },
  };
}
