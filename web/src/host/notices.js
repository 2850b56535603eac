/**
 * The notices box the page and <ik2d-scene> share: what a link, an attribute or a call ignored or
 * clamped, as plain text (textContent only, never HTML).
 */

/** Most notices listed at once; a link with hundreds of bad keys gets a count of the rest. */
export const MAX_SHOWN_NOTICES = 8;

/**
 * Lists `notices` in `list` and shows `box` (none: hidden).
 * @param {HTMLElement} box
 * @param {HTMLElement} list
 * @param {string[]} notices
 */
export function showNoticesIn(box, list, notices) {
  const shown = notices.length > MAX_SHOWN_NOTICES ? notices.slice(0, MAX_SHOWN_NOTICES - 1) : notices;
  const lines = shown.length < notices.length
    ? [...shown, `…and ${notices.length - shown.length} more problems of the same kind`]
    : shown;
  list.replaceChildren(...lines.map((text) => {
    const item = document.createElement('li');
    item.textContent = text;
    return item;
  }));
  box.hidden = notices.length === 0;
}
