/**
 * A scene instance and its settings as a partial state changes them: the one way the playground
 * (setState, a link), the animation export and `npx ik2d render` apply a partial state to a scene
 * and take in what the scene's solve or step reports.
 */

import { applyPartial, withPoints } from './settings.js';

/**
 * @typedef {import('./settings.js').Settings} Settings
 * @typedef {import('../scenes/index.js').SceneDefinition} SceneDefinition
 * @typedef {import('../scenes/index.js').SceneInstance} SceneInstance
 * @typedef {import('../scenes/index.js').SceneUpdate} SceneUpdate
 */

/**
 * Applies a partial state to a scene: its params and points (applyPartial), then the scene's own
 * state (the chain's pose, the spider's place: definition.state) restored on top of them.
 * @param {SceneDefinition} definition
 * @param {SceneInstance} scene
 * @param {Settings} settings Not modified.
 * @param {Record<string, unknown>} partial Where the scene's own state keys are read.
 * @param {Record<string, unknown>} [rest] What applyPartial applies (the partial without its page
 *   params); the partial itself by default.
 * @returns {{settings: Settings, notices: string[]}}
 */
export function applyToScene(definition, scene, settings, partial, rest = partial) {
  const applied = applyPartial(definition, settings, rest);
  const notices = [...applied.notices];
  const own = Object.fromEntries((definition.state ?? []).filter((spec) => spec.name in partial)
    .map((spec) => [spec.name, partial[spec.name]]));
  if (Object.keys(own).length && scene.link?.restore) notices.push(...scene.link.restore(own, applied.settings));
  return { settings: applied.settings, notices };
}

/**
 * Settings with a scene update taken in: the points it moved, but the one a pointer holds
 * (`held`: the pointer wins over the scene), and the points it kept in a valid place (a target
 * above the ground), held or not.
 * @param {Settings} settings Not modified.
 * @param {SceneUpdate | null} update
 * @param {string | null} [held]
 * @returns {Settings}
 */
export function absorbUpdate(settings, update, held = null) {
  if (!update) return settings;
  let next = settings;
  if (update.moved) {
    const moved = { ...update.moved };
    if (held) delete moved[held];
    next = withPoints(next, moved);
  }
  if (update.kept) next = withPoints(next, update.kept);
  return next;
}
