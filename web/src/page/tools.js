/**
 * The scene tools under the canvas: on-screen buttons for the playground's own keys (keys.js), so a
 * finger, a mouse or assistive tech can do what a key does. Each is at least 44 px square
 * (styles/controls.css) and shows its key where a keyboard is the likely input.
 * - Handle (H): which handle the arrow keys move; pressing it selects the next one.
 * - Step (S) and Run (Esc): step-through of the solver, in scenes that have it; Run is disabled
 *   while the solver is not being stepped.
 */

import { element, keyBadge, keyName } from '../draw/dom.js';
import { HANDLE_KEY, RUN_KEY, STEP_KEY } from '../host/keys.js';

/**
 * @typedef {Object} ToolsOptions
 * @property {boolean} handles Show the handle button (more than one handle can be selected).
 * @property {boolean} stepThrough Show Step and Run.
 * @property {() => void} onHandle
 * @property {() => void} onStep
 * @property {() => void} onRun
 *
 * @typedef {Object} Tools
 * @property {(state: {handle: string, stepping: boolean}) => void} update Shows the selected
 *   handle's label and whether Run can be pressed.
 */

/**
 * A tool button: its words and, for keyboards, its key.
 * @param {string} id
 * @param {string} text
 * @param {string} key
 * @param {() => void} onPress
 */
function toolButton(id, text, key, onPress) {
  const button = element('button', 'button tool');
  button.type = 'button';
  button.id = id;
  const words = element('span', 'tool-text', text);
  button.append(words, keyBadge(key));
  button.setAttribute('aria-keyshortcuts', keyName(key));
  button.addEventListener('click', onPress);
  return { button, words };
}

/**
 * Builds the tools for a scene.
 * @param {HTMLElement} container Emptied first; hidden when the scene has no tools.
 * @param {ToolsOptions} options
 * @returns {Tools}
 */
export function buildTools(container, { handles, stepThrough, onHandle, onStep, onRun }) {
  container.replaceChildren();
  const handle = handles ? toolButton('tool-handle', 'Keys move: target', HANDLE_KEY, onHandle) : null;
  if (handle) {
    handle.button.title = 'Which handle the arrow keys move (press to switch)';
    container.append(handle.button);
  }
  const step = stepThrough ? toolButton('tool-step', 'Step', STEP_KEY, onStep) : null;
  const run = stepThrough ? toolButton('tool-run', 'Run', RUN_KEY, onRun) : null;
  if (step && run) {
    step.button.title = 'One step of the solver: a CCD joint update, a FABRIK half-pass or a DLS step';
    run.button.title = 'Leave step-through: solve once a frame again';
    container.append(step.button, run.button);
  }
  container.hidden = !handle && !step;
  let shownHandle = '';
  let shownStepping = /** @type {boolean | null} */ (null);
  return {
    update({ handle: name, stepping }) {
      if (handle && name !== shownHandle) {
        shownHandle = name;
        handle.words.textContent = `Keys move: ${name}`;
      }
      if (run && stepping !== shownStepping) {
        shownStepping = stepping;
        run.button.disabled = !stepping;
      }
    },
  };
}
