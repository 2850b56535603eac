/**
 * One frame of a scene, drawn into any context: the page's canvas, an animation's offscreen canvas
 * (animation.js), the SVG export's recorder (playground.exportImage('svg')), and the same recorder
 * in Node (`npx ik2d render`, render-svg.js).
 */

import { artFor, drawBoneArt } from './bone-art.js';
import { drawBackdrop } from './draw.js';

/** The camera of scenes without one. */
const NO_CAMERA = Object.freeze({ x: 0, y: 0 });

/**
 * The world rectangle a view of `size` shows of the scene now: what its own panel needs (the
 * arm's joint space), else the definition's world.
 * @param {import('../scenes/index.js').SceneDefinition} definition
 * @param {import('../scenes/index.js').SceneInstance} scene
 * @param {import('../model/settings.js').Settings} settings
 * @param {{width: number, height: number}} size CSS px.
 */
export function sceneWorld(definition, scene, settings, size) {
  return scene.panel?.fit(settings, size) ?? definition.world;
}

/**
 * How far the view follows the scene's camera now (scenes without one: no shift).
 * @param {import('../scenes/index.js').SceneInstance} scene
 */
export function sceneCamera(scene) {
  return scene.camera ? scene.camera() : NO_CAMERA;
}

/**
 * Draws the backdrop (grid and axes), then the scene with the author's pictures on its bones.
 * @param {CanvasRenderingContext2D} ctx
 * @param {Object} frame
 * @param {import('./view.js').View} frame.view
 * @param {import('./draw.js').Theme} frame.theme
 * @param {import('../scenes/index.js').SceneDefinition} frame.definition
 * @param {import('../scenes/index.js').SceneInstance} frame.scene
 * @param {import('../model/settings.js').Settings} frame.settings
 * @param {{active: string | null, hover: string | null}} frame.highlights What is dragged and hovered.
 * @param {readonly import('./bone-art.js').BoneArt[]} frame.art The author's pictures on the bones.
 */
export function drawSceneFrame(ctx, { view, theme, definition, scene, settings, highlights, art }) {
  drawBackdrop(ctx, view, theme, definition.gridSpacing, definition.axes ?? true);
  /** @type {import('../scenes/index.js').DrawUi} */
  const ui = { ...highlights };
  const shown = artFor(art, definition.id);
  if (shown.length && scene.bones) {
    const bones = scene.bones(settings);
    ui.drawArt = (only) => drawBoneArt(ctx, view, bones, shown, only);
  }
  scene.draw(ctx, view, theme, settings, ui);
}
