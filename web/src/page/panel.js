/**
 * The playground page's panel around the stage: the scene tabs, the heading and summary, the
 * controls, the tools and the hints. Only index.html has one; the embed view and <ik2d-scene> show
 * the stage alone, and nothing here is built for them. The scene host (playground.js) runs the
 * scene; the panel reads it through `host` and tells it what the reader picked, and the host calls
 * back when a scene is mounted and after each drawing.
 */

import { buildControls } from './controls.js';
import { keyboardHints } from '../host/keys.js';
import { buildSceneTabs } from './tabs.js';
import { buildTools } from './tools.js';

/**
 * @typedef {import('../scenes/index.js').SceneDefinition} SceneDefinition
 * @typedef {import('../scenes/index.js').SceneInstance} SceneInstance
 * @typedef {import('../model/settings.js').Settings} Settings
 *
 * @typedef {Object} PanelElements The playground page's own parts around the stage.
 * @property {HTMLElement | null} tabs The scene switcher (role="tablist").
 * @property {HTMLElement} tabPanel What the tabs switch (role="tabpanel").
 * @property {HTMLElement} title Scene heading.
 * @property {HTMLElement} summary Scene description.
 * @property {HTMLElement} hints List of how-to hints under the canvas.
 * @property {HTMLElement} controls Container for the param controls.
 * @property {HTMLElement} tools Container for the scene tools (tools.js).
 *
 * @typedef {import('../host/playground.js').PanelHost} PanelHost
 * @typedef {import('../host/playground.js').Panel} Panel
 */

/** Where a keyboard is the likely input: hints name keys there, gestures elsewhere. */
const KEYBOARD_LIKELY = '(hover: hover) and (pointer: fine)';

/**
 * Builds the panel for the host's current scene.
 * @param {PanelHost} host
 * @param {PanelElements} elements
 * @param {SceneDefinition[]} scenes Every scene, for the tabs.
 * @param {AbortSignal} [signal] Ends the panel's listeners.
 * @returns {Panel}
 */
export function createPanel(host, elements, scenes, signal) {
  const keyboardLikely = matchMedia(KEYBOARD_LIKELY);
  keyboardLikely.addEventListener('change', showHints, { signal });

  /** The scene the last tab pick asked for: a slower module load finishing later does not win. */
  let pickedTab = '';
  const tabs = elements.tabs ? buildSceneTabs(elements.tabs, elements.tabPanel, scenes, (id) => {
    pickedTab = id;
    if (id === host.current().definition.id) return;
    host.prepareScene(id).then(() => {
      if (pickedTab === id) host.change({ scene: id });
    }, (error) => {
      console.error(error);
      host.onNotices([`Could not load the ${id} scene: ${error instanceof Error ? error.message : String(error)}`]);
    });
  }) : { show() {} };

  let controls = buildSceneControls();
  let tools = buildSceneTools();

  function buildSceneControls() {
    const { definition } = host.current();
    return buildControls(elements.controls, definition.params, (name, value) => host.change({ params: { [name]: value } }));
  }

  function buildSceneTools() {
    const { scene } = host.current();
    return buildTools(elements.tools, {
      handles: host.input.all().length > 1,
      stepThrough: Boolean(scene.stepping),
      onHandle: () => host.input.switchHandle(),
      onStep: host.stepOnce,
      onRun: host.runOnce,
    });
  }

  /** The hints under the canvas: pointer and keys where a keyboard is likely, else gestures. */
  function showHints() {
    const { definition } = host.current();
    const lines = keyboardLikely.matches
      ? [...definition.hints.pointer, ...keyboardHints(definition, host.input.keyHandle().label.toLowerCase(), host.input.all().length)]
      : definition.hints.touch;
    elements.hints.replaceChildren(...lines.map((hint) => {
      const item = document.createElement('li');
      item.textContent = hint;
      return item;
    }));
  }

  /** The heading, summary, hints and tab of the current scene. */
  function describe() {
    const { definition } = host.current();
    elements.title.textContent = definition.title;
    elements.summary.textContent = definition.summary;
    showHints();
    tabs.show(definition.id);
  }
  describe();

  return {
    mounted() {
      controls = buildSceneControls();
      tools = buildSceneTools();
      describe();
    },
    rendered() {
      const { scene, settings } = host.current();
      controls.update(settings.params);
      tools.update({ handle: host.input.keyHandle().label.toLowerCase(), stepping: scene.stepping?.active() ?? false });
    },
    showHints,
  };
}
