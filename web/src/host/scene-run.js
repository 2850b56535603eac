/**
 * A scene run: one scene instance with its settings, and everything that is done to the pair.
 * A partial state applied (model/scene-state.js), a solve or a simulation step and what it moved
 * taken in, the world the view fits and the scene's camera, a frame drawn into any 2D context.
 * The scene host (playground.js) runs one on the page; the animation export runs one of its own,
 * in the page or in the GIF worker (animation.js), and `npx ik2d render` one in Node
 * (entries/render-svg.js). It touches no DOM.
 */

import { drawSceneFrame, sceneCamera, sceneWorld } from '../draw/frame.js';
import { applyPageParams, defaultPage } from '../model/page-params.js';
import { absorbUpdate, applyToScene } from '../model/scene-state.js';
import { defaultSettings } from '../model/settings.js';

/**
 * @typedef {import('../model/settings.js').Settings} Settings
 * @typedef {import('../scenes/index.js').SceneDefinition} SceneDefinition
 * @typedef {import('../scenes/index.js').SceneInstance} SceneInstance
 * @typedef {import('../scenes/index.js').SceneUpdate} SceneUpdate
 * @typedef {import('../draw/draw.js').Theme} Theme
 * @typedef {import('../draw/view.js').View} View
 * @typedef {ReturnType<typeof createSceneRun>} SceneRun
 */

/** What an export draws highlighted: nothing (no pointer over it). */
const NO_HIGHLIGHTS = Object.freeze({ active: null, hover: null });

/**
 * A fresh instance of a scene at its defaults.
 * @param {SceneDefinition} definition
 * @param {unknown} solver The scene's started WebAssembly module.
 */
export function createSceneRun(definition, solver) {
  const scene = definition.create(solver);
  /** @type {Settings} */
  let settings = defaultSettings(definition);

  /**
   * Takes in what the scene changed by itself; true if anything did. The scene keeps its points
   * valid (on the settings' grid, in their range): they are stored as they are.
   * @param {SceneUpdate | null} update
   * @param {string | null} [held] The point a pointer holds: the pointer wins over the scene.
   */
  function absorb(update, held = null) {
    if (!update) return false;
    settings = absorbUpdate(settings, update, held);
    return true;
  }

  /** @param {{width: number, height: number}} size */
  const world = (size) => sceneWorld(definition, scene, settings, size);
  const camera = () => sceneCamera(scene);
  /**
   * @param {CanvasRenderingContext2D} ctx
   * @param {{view: View, theme: Theme, highlights?: {active: string | null, hover: string | null},
   *   art?: readonly import('../draw/bone-art.js').BoneArt[]}} how
   */
  const draw = (ctx, { view, theme, highlights = NO_HIGHLIGHTS, art = [] }) => {
    drawSceneFrame(ctx, { view, theme, definition, scene, settings, highlights, art });
  };

  return {
    definition,
    scene,
    /** The settings now (a new object after each change; never modified). */
    get settings() {
      return settings;
    },
    /**
     * Applies a partial state (applyToScene); returns its notices.
     * @param {Record<string, unknown>} partial
     * @param {Record<string, unknown>} [rest] The partial without its page params.
     */
    apply(partial, rest) {
      const applied = applyToScene(definition, scene, settings, partial, rest);
      settings = applied.settings;
      return applied.notices;
    },
    absorb,
    /** @returns {SceneUpdate | null} One solve toward the settings (not taken in). */
    solve: () => scene.solve(settings),
    /**
     * @param {number} dt Simulation time, s.
     * @returns {SceneUpdate | null} One simulation step (not taken in).
     */
    advance: (dt) => scene.advance(dt, settings),
    /**
     * A paused page's step(1): the scene advanced by `dt` and solved once, both taken in.
     * @param {number} dt
     */
    step(dt) {
      absorb(scene.advance(dt, settings));
      absorb(scene.solve(settings));
    },
    /** The world rectangle a view of `size` fits to show what the scene shows now. */
    world,
    /** Where the scene's camera looks (no offset for scenes without one). */
    camera,
    /** Draws the scene into a context as it is now (the view's world and camera as they are set). */
    draw,
    /**
     * Fits `view` to the scene and draws a frame into the context it begins (the exports' frame).
     * @param {View} view
     * @param {Theme} theme
     * @param {readonly import('../draw/bone-art.js').BoneArt[]} [art]
     */
    drawInto(view, theme, art = []) {
      view.setWorld(world(view.size()));
      view.setCamera(camera());
      const ctx = view.begin();
      draw(ctx, { view, theme, art });
      return ctx;
    },
    /** Frees the scene's C++ objects. */
    dispose: () => scene.dispose(),
  };
}

/**
 * A run as a page opened on a link starts its scene: the link's page params read, its settings and
 * the scene's own state applied, one solve taken in. The page params and every notice come back
 * with it (the run is the caller's to dispose).
 * @param {SceneDefinition} definition
 * @param {unknown} solver
 * @param {Record<string, unknown>} partial parseLink()'s partial state.
 */
export function runFromLink(definition, solver, partial) {
  const shared = applyPageParams(defaultPage(), partial);
  const run = createSceneRun(definition, solver);
  const notices = [...shared.notices, ...run.apply(partial, shared.rest)];
  run.absorb(run.solve());
  return { run, page: shared.page, notices };
}
