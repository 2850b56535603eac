/**
 * Small DOM helpers shared by the stage, the page's panel and the scenes' own panels: an element
 * with a class and text, and how a key is shown. Everything is created with DOM calls and
 * textContent (no HTML strings).
 */

/**
 * Creates an element with a class and optional text.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [className]
 * @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * How a key is written on screen: "M", "Esc".
 * @param {string} key A KeyboardEvent.key value, e.g. "m" or "Escape".
 */
export function keyName(key) {
  return key === 'Escape' ? 'Esc' : key.toUpperCase();
}

/**
 * The key that does what a control does, shown where a keyboard is the likely input (styles/controls.css
 * hides it on touch screens); assistive tech gets it from aria-keyshortcuts instead.
 * @param {string} key
 */
export function keyBadge(key) {
  const badge = element('kbd', 'key-hint', keyName(key));
  badge.setAttribute('aria-hidden', 'true');
  return badge;
}
