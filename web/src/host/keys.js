/**
 * The canvas' keyboard, in one table per scene: every key, what it does, and the words the page
 * shows for it (hints under the canvas, the canvas' accessible name). Each key also has an
 * on-screen control a finger can press: a param's key is its control in the settings panel
 * (controls.js shows the key on it), the playground's own keys are the scene tools under the canvas
 * (tools.js). Scenes do not handle keys themselves.
 *
 * - Arrow keys move the selected handle (Shift: 5×); H, or the handle button, selects the next
 *   handle that can be grabbed now (the target, then the root, ...).
 * - A param's `key` (settings.js): what its button does (keyedValue: toggle, flip, next option, next seed).
 * - S / Esc: step through the solver, and run it again (scenes with step-through).
 */

import { keyName } from '../draw/dom.js';
import { KEY_STEP, KEY_STEP_LARGE } from './input.js';
import { formatNumber } from '../model/settings.js';

/** Selects the next handle for the arrow keys. */
export const HANDLE_KEY = 'h';
/** One step of the solver (step-through). */
export const STEP_KEY = 's';
/** Leaves step-through. */
export const RUN_KEY = 'Escape';

/**
 * @typedef {import('../scenes/index.js').SceneDefinition} SceneDefinition
 * @typedef {import('../model/settings.js').ParamSpec} ParamSpec
 *
 * @typedef {Object} KeyAction A key on the canvas.
 * @property {string} key A KeyboardEvent.key value, lower case for letters ("m", "Escape").
 * @property {string} does What it does, in a few words ("Method", "step the solver").
 * @property {ParamSpec} [param] The param it changes, for a param's key.
 */

/**
 * The keys of a scene besides the arrows, in the order they are listed.
 * @param {SceneDefinition} definition
 * @param {{handles: number, stepThrough: boolean}} scene How many handles can be selected, and
 *   whether the scene steps through its solver.
 * @returns {KeyAction[]}
 */
export function keyActions(definition, { handles, stepThrough }) {
  /** @type {KeyAction[]} */
  const actions = [];
  if (handles > 1) actions.push({ key: HANDLE_KEY, does: 'switch the handle the arrow keys move' });
  for (const param of definition.params) {
    if (param.key) actions.push({ key: param.key, does: param.label, param });
  }
  if (stepThrough) {
    actions.push({ key: STEP_KEY, does: 'step the solver' }, { key: RUN_KEY, does: 'run the solver again' });
  }
  return actions;
}

/**
 * How far the arrow keys move a handle in a scene, world units, and with Shift.
 * @param {SceneDefinition} definition
 */
export function arrowSteps(definition) {
  const step = definition.keyStep ?? KEY_STEP;
  return { step, large: step * (KEY_STEP_LARGE / KEY_STEP) };
}

/**
 * The hints under the canvas for keyboard users: the arrows and the handle switch (the other keys
 * are shown on their controls).
 * @param {SceneDefinition} definition
 * @param {string} handle Label of the handle the arrows move now, e.g. "target".
 * @param {number} handles How many handles can be selected.
 * @returns {string[]}
 */
export function keyboardHints(definition, handle, handles) {
  const { step, large } = arrowSteps(definition);
  const hints = [`Arrow keys: move the ${handle} ${formatNumber(step)} units (Shift: ${formatNumber(large)})`];
  if (handles > 1) hints.push(`${keyName(HANDLE_KEY)}: switch handle`);
  return hints;
}

/**
 * The keys, as a sentence for the canvas' accessible name.
 * @param {SceneDefinition} definition
 * @param {KeyAction[]} actions
 * @param {string[]} handleLabels Labels of the handles H cycles through.
 */
export function keysSentence(definition, actions, handleLabels) {
  const { step, large } = arrowSteps(definition);
  const arrows = `Arrow keys move the ${handleLabels[0] ?? 'target'} ${formatNumber(step)} units, `
    + `Shift+arrow ${formatNumber(large)}`;
  const rest = actions.map((action) => (action.key === HANDLE_KEY
    ? `${keyName(action.key)} switches them to the ${handleLabels.slice(1).join(' or ')}`
    : `${keyName(action.key)}: ${action.does}`));
  return `${[arrows, ...rest].join('; ')}.`;
}
