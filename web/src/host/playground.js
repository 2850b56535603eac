/**
 * The playground's scene host: one scene at a time, its settings, the view, input and the frame
 * loop, and the `window.playground` API (see the Playground typedef; the page's contract is
 * docs/playground.md). index.html's panel around the stage (tabs, controls, tools, hints) is the
 * page's own (panel.js), handed in as `options.panel`: the host imports nothing of it, and the
 * embed view and <ik2d-scene> run the host alone.
 * It knows no scene: what a scene does with its points, paths and steps is the scene's
 * (scenes/index.js, SceneInstance).
 *
 * Data flow: every change (control, pointer, key, link, setState, a host's message) goes through
 * change(), which validates it once (applyPartial), hands the scene its own state (restore),
 * solves once and marks the frame dirty; getState() right after it already shows the change.
 * Drawing (canvas, panels, readouts, accessible text) happens in the animation frame, at most once
 * per frame, never in an input handler; getState() brings a pending drawing up to date first, as
 * its overlay parts are what the drawing placed.
 * Each simulation step (1/60 s, while running or in step()) advances the scene and solves once
 * more; a change made while running counts as that step's solve, so a stateful solver (the
 * chain's warm start with a per-call step limit) moves once per frame however fast input comes.
 * Animation frames redraw when something changed; while paused nothing moves but input. A still
 * scene puts the loop to sleep (loop.js); redraw() wakes it.
 * Points the scene moves itself (a moving target, a following root) come back as a SceneUpdate
 * and are stored in the settings as they are (the scene keeps them valid), so getState() and links
 * include them. A scene with a camera (the spider) reports it after every solve and step; the view
 * follows it, so drawing, worldToClient() and clientToWorld() always agree with getState().
 */

import { exportError } from '../draw/bone-art.js';
import { buildReadouts } from './readouts.js';
import { createDescriber } from './describe.js';
import { readTheme } from '../draw/draw.js';
import { createTiming } from './timing.js';
import { createHandles } from './handles.js';
import { keyActions, keysSentence } from './keys.js';
import { FIXED_RATE, createLoop } from './loop.js';
import { isStub, loadScenes, solverOf } from '../scenes/catalog.js';
import { loadSolver, startedSolver } from './solvers.js';
import { formatLink, parseLink } from '../model/link.js';
import { applyPageParams, defaultPage, pageQuery } from '../model/page-params.js';
import { createPageView } from './page-view.js';
import { describeValue } from '../model/settings.js';
import { createSceneRun } from './scene-run.js';
import { createSvgContext } from '../draw/svg-context.js';
import { createView } from '../draw/view.js';
import { watchVisibility } from './visibility.js';

/**
 * @typedef {import('../model/settings.js').Point} Point
 * @typedef {import('../model/settings.js').Settings} Settings
 * @typedef {import('../scenes/index.js').SceneDefinition} SceneDefinition
 * @typedef {import('../scenes/index.js').SceneInstance} SceneInstance
 * @typedef {import('../scenes/index.js').SceneUpdate} SceneUpdate
 *
 * @typedef {Object} Playground
 * @property {() => Record<string, unknown>} getState JSON-serializable snapshot of what is drawn:
 *   `{scene, params, <points: target, root...>, <scene extras: result...>, time}`.
 * @property {(partial: unknown) => string[]} setState Applies any of `scene`, `params`, the
 *   scene's points and the page params (page-params.js: theme, transparent, play, readouts,
 *   openLink), validated like a link; returns a notice for everything ignored or clamped.
 * @property {() => string} shareLink Absolute URL that reproduces the current state.
 * @property {() => void} pause Stops simulation time (drawing and input go on).
 * @property {() => void} resume Restarts simulation time.
 * @property {(frames?: number) => void} step Runs `frames` fixed steps of 1/60 s now (0..3600).
 * @property {(p: Point) => Point} worldToClient World point → viewport CSS pixels.
 * @property {(q: Point) => Point} clientToWorld Viewport CSS pixels → world point.
 * @property {(x: number) => number | null} groundHeight Terrain height under world x, or null
 *   when the current scene has no terrain (the arm has none).
 * @property {(count?: number) => unknown} stepSolver Step-through, in scenes that have it (the
 *   instance's stepping): stops solving once a frame and makes `count` (default 1, 0..10000)
 *   steps of the C++ solver; returns getState().stepping. Throws in scenes without it.
 * @property {() => void} runSolver Leaves step-through: the chain solves once a frame again.
 * @property {(format: 'png' | 'svg') => Promise<Blob>} exportImage What the canvas shows now,
 *   overlays included, in the current theme: a PNG of the canvas' device pixels, or an SVG of the
 *   same drawing as vector paths and text (CSS-pixel units).
 * @property {(options?: import('./animation.js').AnimationOptions) => Promise<Blob>} exportAnimation
 *   An animated GIF (format 'gif', the default) or WebM ('webm', where the browser can record one)
 *   of the scene as the share link gives it, drawn in the current theme (animation.js): with a
 *   `path`, whole laps that loop without a jump; without, `seconds` from the link's state. The
 *   page is not paused nor changed. Bad options reject with a TypeError or RangeError naming the
 *   field; an aborted `signal` rejects with an AbortError.
 * @property {() => object} stats The current scene's module's resource counters (`ik.stats()`:
 *   WASM memory, live chains and spiders, Embind handles), for leak checks such as scripts/soak.mjs,
 *   and the page's own under `page`: `{changes, solves, renders, frames}` since the page loaded
 *   (changes applied, scene solves, drawings, animation frames), for checks of the work done, and
 *   the loop's `asleep` and `waiting` (an animation frame requested) now; and under `timing`
 *   what the last simulation steps and drawings cost (timing.js), for the benchmarks.
 * @property {(id: string) => Promise<void>} prepareScene Loads a scene's code and WebAssembly module
 *   when they are not loaded yet (each scene loads only what it needs: the arm and the chain run on
 *   ik2d-core.wasm); a setState({scene}) to a scene not loaded yet is refused with a notice that
 *   says to await this first.
 *
 * @typedef {Object} PlaygroundElements
 * @property {HTMLCanvasElement} canvas
 * @property {HTMLElement} readouts A <dl> for the readouts.
 * @property {HTMLButtonElement | null} playButton The play control over the canvas (play=click).
 * @property {HTMLElement} description Visually hidden: what the canvas shows (describe.js).
 * @property {HTMLElement} announcer Visually hidden role="status": status changes.
 *
 * @typedef {Object} PanelHost What a page's panel around the stage (panel.js) gets of the host.
 * @property {() => {definition: SceneDefinition, scene: SceneInstance, settings: Settings}} current
 * @property {(partial: Record<string, unknown>) => void} change Applies a change, as a link would.
 * @property {(id: string) => Promise<void>} prepareScene Loads a scene before a switch to it.
 * @property {ReturnType<typeof createHandles>} input The scene's handles.
 * @property {() => void} stepOnce One solver step (step-through).
 * @property {() => boolean} runOnce Leaves step-through.
 * @property {(notices: string[]) => void} onNotices
 *
 * @typedef {Object} Panel What the host calls back on a page's panel.
 * @property {() => void} mounted Rebuilds the panel for the scene just mounted.
 * @property {() => void} rendered Brings the controls and tools up to date after a drawing.
 * @property {() => void} showHints Rewrites the hints (the key handle or the input changed).
 */

/** Most steps one step() call may run (a minute of simulated time). */
const MAX_STEPS_PER_CALL = 3600;


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
 * Creates the scene host (the page, the embed view and <ik2d-scene> each run one) and starts its loop;
 * the page adds its panel through `options.panel`.
 * @param {Object} options
 * @param {SceneDefinition[]} options.scenes Registered scenes; in an embed, the ones not loaded yet
 *   are stand-ins (scenes/catalog.js) until prepareScene() loads them.
 * @param {SceneDefinition} options.scene The scene to show first; its WebAssembly module is
 *   started already (solvers.js).
 * @param {PlaygroundElements} options.elements
 * @param {(host: PanelHost) => Panel} [options.panel]
 *   Builds the page's panel around the stage (the playground page's panel.js), given what it needs
 *   of the host; the host calls it back when a scene is mounted and after each drawing. The embed
 *   view and <ik2d-scene> give none: they show the stage alone.
 * @param {() => void} options.onChange Called after every settings change (not on every frame).
 * @param {(notices: string[]) => void} [options.onNotices] Shows what went wrong outside a call
 *   that returns notices (a scene whose module could not be loaded, after a tab was picked).
 * @param {boolean} [options.touchScrolls] The embed view: a swipe not on a handle scrolls the host
 *   page (input.js); the playground keeps "drag anywhere".
 * @param {HTMLElement} [options.root] What carries the page's state as data-* attributes (theme,
 *   scene, paused...: page-view.js); default <html>, an <ik2d-scene>'s frame in its shadow root.
 * @param {Parameters<typeof createPageView>[0]['prefersDark']} [options.prefersDark] What
 *   theme=auto follows (page-view.js); default the reader's prefers-color-scheme.
 * @param {() => void} [options.onRender] Called after each drawing of the canvas.
 * @param {AbortSignal} [options.signal] Ends the playground when aborted: no more frames, its
 *   listeners and observers removed, the scene's C++ objects freed (an <ik2d-scene> removed).
 * @returns {{api: Playground, apply: (partial: Record<string, unknown>) => string[],
 *   applyAll: (partials: unknown[]) => string[][], reset: () => void, hasStepThrough: () => boolean, prepareScene: (id: unknown) => Promise<void>,
 *   setArt: (art: readonly import('../draw/bone-art.js').BoneArt[]) => void,
 *   bones: () => import('../draw/bone-art.js').Bone[],
 *   messageTarget: (origin: string | undefined, shareLink: () => string) => import('./embed-api.js').MessageTarget}} applyAll: partial states applied in order as
 *   apply() applies each, with one solve at the end (the postMessage API's run of setState);
 *   hasStepThrough: whether the current scene can step its solver (api.stepSolver() throws where it cannot);
 *   prepareScene: loads a scene's code and WebAssembly module when they are not loaded yet (the
 *   tabs and the postMessage API await it before they switch scenes; window.playground has it);
 *   setArt: the author's pictures on the bones (bone-art.js), drawn from the next frame on, in
 *   every scene with bones and in the exports (never in a link); bones: the current scene's bones
 *   as drawn, world units (none in a scene without bones).
 */
export function createSceneHost({
  scenes, scene: firstScene, elements, panel: createPanel, onChange, onNotices = () => {}, touchScrolls = false,
  root = document.documentElement, prefersDark, onRender = () => {}, signal,
}) {
  const { canvas } = elements;

  /**
   * The started WebAssembly module a scene runs on (null until prepareScene() started it).
   * @param {SceneDefinition} scene
   */
  const solverFor = (scene) => startedSolver(solverOf(scene.id));
  /** True when a scene's code is loaded and its module started: a switch to it can be made now. @param {SceneDefinition} scene */
  const isReady = (scene) => !isStub(scene) && solverFor(scene) !== null;

  /**
   * Loads a scene's code and starts its WebAssembly module, when they are not yet (unknown ids:
   * nothing to do; the switch itself then says what is wrong).
   * @param {unknown} id
   */
  async function prepareScene(id) {
    const at = scenes.findIndex((s) => s.id === id);
    if (at < 0) return;
    const [loaded] = await Promise.all([
      isStub(scenes[at]) ? loadScenes([scenes[at].id]).then(([found]) => found) : scenes[at],
      loadSolver(solverOf(scenes[at].id)),
    ]);
    scenes[at] = loaded;
  }
  /** The scene shown: its definition, instance and settings (scene-run.js). */
  let run = createSceneRun(firstScene, solverFor(firstScene));
  let dirty = true;
  /** Wakes the frame loop (loop.js) once there is one. */
  let wakeLoop = () => {};
  /** Marks the frame for drawing, and wakes a sleeping loop to draw it. */
  function redraw() {
    dirty = true;
    wakeLoop();
  }
  /** The author's pictures on the bones (bone-art.js): the element's <img data-bone>, a dropped file. */
  /** @type {readonly import('../draw/bone-art.js').BoneArt[]} */
  let art = [];

  const view = createView(canvas, run.definition.world, redraw);
  /** The page params (theme, transparent, play, readouts, openLink): page-params.js. */
  let page = defaultPage();
  const pageView = createPageView({
    playButton: elements.playButton,
    canvas,
    pause: pauseTime,
    resume: resumeTime,
    onColours() {
      theme = readTheme(canvas, { dark: pageView.dark(), transparent: page.transparent });
      redraw();
    },
    root,
    prefersDark,
    signal,
  });
  let theme = readTheme(canvas, { dark: pageView.dark(), transparent: page.transparent });
  const describer = createDescriber(elements.description, elements.announcer);

  /** What the handles and the panel act on now: the run's definition, instance and settings. */
  const current = () => ({ definition: run.definition, scene: run.scene, settings: run.settings });

  /** The scene's handles, and pointer and keys on them (handles.js). */
  const input = createHandles(canvas, {
    current,
    view,
    change,
    redraw,
    wake: () => pageView.start(),
    keyHandleChanged: () => panel?.showHints(),
    actions: () => actions,
    stepOnce,
    runOnce,
  }, { touchScrolls });
  let readouts = buildReadouts(elements.readouts, run.definition.readouts);
  let actions = sceneKeys();
  describeScene();
  /** The page's panel, where the page gives one (`options.panel`). */
  const panel = createPanel?.({
    current,
    change,
    prepareScene,
    input,
    stepOnce,
    runOnce,
    onNotices,
  }) ?? null;

  /** The scene's keys (keys.js): one table for the key handler, the hints and the canvas label. */
  function sceneKeys() {
    return keyActions(run.definition, { handles: input.all().length, stepThrough: Boolean(run.scene.stepping) });
  }

  /** The canvas' label (what it shows, the keys) and the page's data-scene. */
  function describeScene() {
    const labels = input.all().map((spec) => spec.label.toLowerCase());
    canvas.setAttribute('aria-label', `${run.definition.canvasLabel} ${keysSentence(run.definition, actions, labels)}`);
    root.dataset.scene = run.definition.id;
  }

  /** One step of the solver (step-through), as the S key and the Step tool do. */
  function stepOnce() {
    if (!run.scene.stepping) return;
    run.scene.stepping.step(run.settings, 1);
    change({});
  }

  /** Leaves step-through, as Esc and the Run tool do; false when not stepping. */
  function runOnce() {
    if (!run.scene.stepping?.active()) return false;
    run.scene.stepping.run();
    change({});
    return true;
  }

  /**
   * Replaces the scene instance with a fresh one at its defaults (a switch, or Reset); the old
   * one is disposed (its C++ objects freed).
   * @param {SceneDefinition} next
   */
  function mountScene(next) {
    run.dispose();
    run = createSceneRun(next, solverFor(next));
    input.mount();
    fitted = run.definition.world;
    view.setWorld(run.definition.world);
    followCamera();
    readouts = buildReadouts(elements.readouts, run.definition.readouts);
    actions = sceneKeys();
    describeScene();
    panel?.mounted();
  }

  /** True when a change solved the scene since the last simulation step, while running. */
  let solvedThisFrame = false;
  /** Whether that solve moved something (the step that skips its solve moved it, then). */
  let changeMoved = false;

  /**
   * Takes in what the scene changed by itself, but the point the pointer holds; true if anything
   * did (redraw then).
   * @param {SceneUpdate | null} update
   */
  const absorb = (update) => run.absorb(update, input.dragging());

  /** Points the view at the scene's camera (scenes without one: no offset). */
  function followCamera() {
    view.setCamera(run.camera());
  }

  /**
   * Draws the scene into a context: the canvas', or an SVG recorder's (exportImage).
   * @param {CanvasRenderingContext2D} ctx
   */
  function drawFrame(ctx) {
    run.draw(ctx, { view, theme, highlights: input.highlights(), art });
  }

  /** The world rectangle the view fits now (a scene's panel beside it may widen it). */
  let fitted = run.definition.world;

  /** Fits the view to what the scene shows now, and shapes the narrow-screen stage for it. */
  function fitScene() {
    const world = run.world(view.size());
    if (world.minX !== fitted.minX || world.maxX !== fitted.maxX || world.minY !== fitted.minY || world.maxY !== fitted.maxY) {
      fitted = world;
      view.setWorld(world);
    }
    const shape = run.scene.panel?.stageShape(run.settings) ?? '';
    if ((root.dataset.stageShape ?? '') !== shape) {
      if (shape) root.dataset.stageShape = shape;
      else delete root.dataset.stageShape;
    }
  }

  /** What simulation steps and drawings cost: stats().timing. */
  const timing = createTiming();

  /** Changes applied, scene solves and drawings since the page loaded: stats().page. */
  const work = { changes: 0, solves: 0, renders: 0 };

  /** @returns {SceneUpdate | null} One solve of the scene toward the settings (counted). */
  function solveScene() {
    work.solves += 1;
    return run.solve();
  }

  /** When something changed, draws and updates the panel. */
  function render() {
    view.watch();
    if (!dirty) return;
    fitScene();
    dirty = false;
    work.renders += 1;
    timing.draw(() => drawFrame(view.begin()));
    const { scene, settings } = run;
    const values = scene.readouts(settings);
    readouts.update(values);
    describer.update(run.definition.title, run.definition.readouts, values, scene.describe?.(settings) ?? '');
    panel?.rendered();
    onRender();
  }

  /** Simulation steps since the last frame, and how many of them moved something. */
  const steps = { ran: 0, moved: 0 };
  const loop = createLoop((dt) => {
    steps.ran += 1;
    let moved = absorb(timing.step(() => run.advance(dt)));
    if (solvedThisFrame) {
      solvedThisFrame = false;
      if (changeMoved) moved = true;
      changeMoved = false;
    } else if (absorb(solveScene())) moved = true;
    if (moved) {
      steps.moved += 1;
      redraw();
    }
    followCamera();
  }, render, {
    // Settled: drawn, and paused or a frame's steps moved nothing (a scene at rest).
    settled() {
      const still = !dirty && (!loop.running() || (steps.ran > 0 && steps.moved === 0));
      steps.ran = 0;
      steps.moved = 0;
      return still;
    },
    poll: () => view.watch(),
  });
  wakeLoop = loop.wake;
  // Out of view or in a hidden tab: no animation frames, no simulation time.
  watchVisibility(canvas, (visible) => {
    if (!signal?.aborted) loop.setActive(visible);
  }, signal);

  function pauseTime() {
    loop.pause();
    solvedThisFrame = false; // The next step() is a frame of its own.
    changeMoved = false;
    root.dataset.paused = 'true';
  }

  function resumeTime() {
    loop.resume();
    delete root.dataset.paused;
  }
  pageView.apply(page);

  /**
   * Validates and applies a partial state, re-solves and redraws now.
   * @param {unknown} partial
   * @returns {string[]} Notices.
   */
  function change(partial) {
    const notices = applyOnly(partial);
    settle();
    return notices;
  }

  /**
   * Several partial states applied in order, each as change() applies it, then one solve and one
   * redraw: a run of them costs one solve, and ends where their merged result would.
   * @param {unknown[]} partials
   * @returns {string[][]} Each one's notices.
   */
  function changeAll(partials) {
    const notices = partials.map(applyOnly);
    if (partials.length) settle();
    return notices;
  }

  /**
   * change() without its solve: validates and applies a partial state to the settings.
   * @param {unknown} partial
   * @returns {string[]} Notices.
   */
  function applyOnly(partial) {
    if (!isPlainObject(partial)) {
      return [`Ignored ${describeValue(partial)}: expected an object like {target: {x: 100, y: 50}}`];
    }
    /** @type {string[]} */
    const notices = [];
    const shared = applyPageParams(page, partial);
    notices.push(...shared.notices);
    if (shared.changed) {
      page = shared.page;
      pageView.apply(page);
    }
    if ('scene' in partial) {
      const found = scenes.find((s) => s.id === partial.scene);
      if (!found) {
        const known = scenes.map((s) => s.id).join(', ');
        notices.push(`Ignored scene=${describeValue(partial.scene)}: unknown scene (available: ${known})`);
      } else if (!isReady(found)) {
        notices.push(`Ignored scene=${found.id}: it is not loaded yet (await playground.prepareScene('${found.id}') `
          + `first; ik2d:setState messages load it by themselves)`);
      } else if (found !== run.definition) {
        mountScene(found);
      }
    }
    notices.push(...run.apply(partial, shared.rest));
    return notices;
  }

  /** After a change: solves, follows with the camera, redraws and tells the listeners. */
  function settle() {
    const moved = absorb(solveScene());
    followCamera();
    work.changes += 1;
    if (loop.running()) {
      solvedThisFrame = true;
      changeMoved ||= moved; // Several changes in a frame: any one that moved.
    }
    redraw();
    onChange();
  }

  /** @type {Playground} */
  const api = {
    prepareScene,
    getState() {
      render(); // What the drawing placed (overlay labels, panels) is part of the state.
      const { scene, settings } = run;
      /** @type {Record<string, unknown>} */
      const state = { scene: run.definition.id, params: { ...settings.params } };
      for (const spec of run.definition.points) {
        const point = settings.points[spec.name];
        state[spec.name] = { x: point.x, y: point.y };
      }
      Object.assign(state, scene.state(settings));
      state.time = loop.steps() / FIXED_RATE;
      Object.assign(state, page);
      return state;
    },
    setState(partial) {
      return change(partial);
    },
    shareLink() {
      const shared = pageQuery(page);
      // What the link carries is the scene's to say (a target on its path: the path's start).
      const { scene, settings } = run;
      const linked = scene.link?.settings?.(settings) ?? settings;
      return new URL(`?${formatLink(run.definition, linked, scene.link?.state?.(linked))}${shared ? `&${shared}` : ''}`, location.href).href;
    },
    pause: pauseTime,
    resume() {
      pageView.start(); // A play control waiting for the reader goes away.
      resumeTime();
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
      return run.scene.groundHeight ? run.scene.groundHeight(x) : null;
    },
    stepSolver(count = 1) {
      if (!Number.isInteger(count) || count < 0 || count > 10000) {
        throw new RangeError(`stepSolver(count) expects a whole number from 0 to 10000, got ${describeValue(count)}`);
      }
      const { stepping } = run.scene;
      if (!stepping) throw new Error(`stepSolver: the ${run.definition.id} scene has no step-through`);
      stepping.step(run.settings, count);
      redraw();
      onChange();
      return api.getState().stepping;
    },
    runSolver() {
      if (!run.scene.stepping) return;
      run.scene.stepping.run();
      absorb(solveScene());
      redraw();
      onChange();
    },
    exportImage(format) {
      if (format === 'svg') {
        const { width, height } = view.size();
        const svg = createSvgContext(width, height);
        try {
          drawFrame(svg.context);
        } catch (error) {
          return Promise.reject(exportError(error, 'exportImage'));
        } finally {
          // What the drawing placed (overlay labels) is the SVG's now: the next frame places the canvas' again.
          redraw();
        }
        return Promise.resolve(new Blob([svg.toString()], { type: 'image/svg+xml' }));
      }
      if (format !== 'png') {
        return Promise.reject(new TypeError(`exportImage(format) expects 'png' or 'svg', got ${describeValue(format)}`));
      }
      redraw();
      render(); // The backing store holds the current frame when toBlob reads it.
      return new Promise((resolve, reject) => {
        // A picture from another origin without CORS makes the canvas unreadable: toBlob throws.
        try {
          canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('exportImage: the canvas could not be encoded as PNG'))), 'image/png');
        } catch (error) {
          reject(exportError(error, 'exportImage'));
        }
      });
    },
    exportAnimation(options) {
      // What the export starts from is taken now: the canvas' size, the path and the link.
      const { width, height } = view.size();
      const path = run.settings.params.path;
      // The scene as its link gives it (the same link, the same frames), in a scene instance of
      // the export's own: the page's scene goes on as it was.
      const { scene: linked, partial } = parseLink(new URL(api.shareLink()).search, scenes);
      const shown = theme;
      const pictures = art;
      // animation.js (and the encoder it loads) only when an animation is asked for.
      return import('./animation.js').then(({ checkAnimationOptions, recordAnimation }) => recordAnimation({
        options: checkAnimationOptions(options, { canvasWidth: width, canvasHeight: height, path }),
        definition: linked, solver: solverFor(linked), partial, theme: shown, art: pictures,
      })).catch((error) => { throw exportError(error, 'exportAnimation'); });
    },
    stats() {
      const page = { ...work, frames: loop.frames(), asleep: loop.asleep(), waiting: loop.waiting() };
      return { ...solverFor(run.definition).stats(), page, timing: timing.report() };
    },
  };

  loop.start();
  signal?.addEventListener('abort', () => {
    loop.setActive(false);
    view.dispose();
    run.dispose();
  }, { once: true });
  /** Reset: a fresh instance, at its defaults, and for stateful scenes their starting pose. */
  function reset() {
    mountScene(run.definition);
    absorb(solveScene());
    followCamera();
    redraw();
    onChange();
  }
  const hasStepThrough = () => Boolean(run.scene.stepping);

  return {
    api,
    apply: change,
    applyAll: changeAll,
    hasStepThrough,
    prepareScene,
    /**
     * What the postMessage API (embed-api.js) drives: this host, with `shareLink` for its link and
     * `origin` the one origin that may drive it (none: any).
     * @param {string | undefined} origin
     * @param {() => string} shareLink
     * @returns {import('./embed-api.js').MessageTarget}
     */
    messageTarget: (origin, shareLink) => ({
      origin, setState: api.setState, setStates: changeAll, getState: api.getState, shareLink, reset,
      stepSolver: api.stepSolver, runSolver: api.runSolver, hasStepThrough, prepareScene,
    }),
    setArt(next) {
      art = Object.freeze([...next]);
      redraw();
    },
    bones: () => run.scene.bones?.(run.settings) ?? [],
    reset,
  };
}
