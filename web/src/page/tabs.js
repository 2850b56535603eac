/**
 * The scene switcher: ARIA tabs (WAI-ARIA Authoring Practices "Tabs with automatic activation").
 *
 * One tab per scene in a role="tablist"; the selected tab is the only one in the Tab order
 * (roving tabindex). Left/Right arrows move to the previous/next tab and select it (wrapping),
 * Home/End the first/last; a click selects. The scene's content (canvas and panel) is the single
 * role="tabpanel", labelled by whichever tab is selected.
 */

import { element } from '../draw/dom.js';

/**
 * @typedef {Object} TabScene
 * @property {string} id
 * @property {string} tabLabel
 *
 * @typedef {Object} SceneTabs
 * @property {(id: string) => void} show Marks a scene's tab as selected (after a switch from
 *   anywhere: a tab, a link, setState).
 */

/**
 * Builds the tabs.
 * @param {HTMLElement} list The role="tablist" element; emptied first.
 * @param {HTMLElement} panel The role="tabpanel" element the tabs control.
 * @param {TabScene[]} scenes
 * @param {(id: string) => void} onSelect The user picked a scene.
 * @returns {SceneTabs}
 */
export function buildSceneTabs(list, panel, scenes, onSelect) {
  list.replaceChildren();
  const tabs = scenes.map((scene) => {
    const tab = element('button', 'scene-tab', scene.tabLabel);
    tab.type = 'button';
    tab.id = `tab-${scene.id}`;
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-controls', panel.id);
    tab.dataset.scene = scene.id;
    tab.addEventListener('click', () => onSelect(scene.id));
    list.append(tab);
    return tab;
  });

  list.addEventListener('keydown', (event) => {
    const index = tabs.findIndex((tab) => tab === document.activeElement);
    if (index < 0 || event.ctrlKey || event.altKey || event.metaKey) return;
    /** @type {number | null} */
    let next = null;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    tabs[next].focus();
    onSelect(scenes[next].id);
  });

  return {
    show(id) {
      for (const tab of tabs) {
        const selected = tab.dataset.scene === id;
        tab.setAttribute('aria-selected', String(selected));
        tab.tabIndex = selected ? 0 : -1;
        if (selected) panel.setAttribute('aria-labelledby', tab.id);
      }
    },
  };
}
