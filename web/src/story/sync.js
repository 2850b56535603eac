/**
 * `sync="NAME"` on <ik2d-scene>: figures on one page with the same name share their target
 * (docs/stories.md). Whatever moves one's target (a drag, a key, a step, setState) moves the
 * others' to the same point, and each solves with its own settings (CCD, FABRIK and DLS side by
 * side). A figure that starts, or joins a group, takes the group's target. Figures whose scene has
 * no `target` point take no part.
 */

import { accessOf } from './access.js';

/** The attribute. */
export const SYNC_ATTRIBUTE = 'sync';

/** While one change is handed on: the others' changes are its echo, not changes of their own. */
let handing = false;

/** @param {Element} figure */
function groupOf(figure) {
  const name = figure.getAttribute(SYNC_ATTRIBUTE);
  if (!name) return [];
  const root = /** @type {Document | ShadowRoot} */ (figure.getRootNode());
  return [...root.querySelectorAll(figure.localName)].filter((other) => other !== figure && other.getAttribute(SYNC_ATTRIBUTE) === name);
}

/**
 * A point {x, y}, if the state has a target.
 * @param {Record<string, any> | null | undefined} state
 * @returns {{x: number, y: number} | null}
 */
function targetOf(state) {
  const target = state?.target;
  return target && typeof target.x === 'number' && typeof target.y === 'number' ? { x: target.x, y: target.y } : null;
}

/**
 * After a change in a figure: its target, handed to the others of its group.
 * @param {HTMLElement} figure
 */
export function syncChanged(figure) {
  if (handing || !figure.hasAttribute(SYNC_ATTRIBUTE)) return;
  const api = accessOf(figure).api;
  const target = targetOf(api?.getState());
  if (!target) return;
  handing = true;
  try {
    for (const other of groupOf(figure)) {
      const theirs = accessOf(/** @type {HTMLElement} */ (other)).api;
      const now = targetOf(theirs?.getState());
      if (theirs && now && (now.x !== target.x || now.y !== target.y)) theirs.setState({ target });
    }
  } finally {
    handing = false;
  }
}

/**
 * A figure that has just started (or joined a group): it takes the group's target, from the first
 * of the others that is running.
 * @param {HTMLElement} figure
 */
export function syncJoined(figure) {
  const api = accessOf(figure).api;
  const mine = targetOf(api?.getState());
  if (!api || !mine) return;
  for (const other of groupOf(figure)) {
    const theirs = targetOf(accessOf(/** @type {HTMLElement} */ (other)).api?.getState());
    if (!theirs) continue;
    if (theirs.x !== mine.x || theirs.y !== mine.y) {
      handing = true;
      try {
        api.setState({ target: theirs });
      } finally {
        handing = false;
      }
    }
    return;
  }
}
