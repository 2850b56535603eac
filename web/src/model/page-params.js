/**
 * Page params: how the page shows any scene, for a blog and its reader. Valid in every scene, in
 * links (`?theme=dark&play=click`), in `playground.setState({theme: 'dark'})` and so in the
 * postMessage API; `getState()` reports them at its top level, beside the points. A link holds
 * only those that differ from their defaults (pageQuery()).
 *
 *   theme        light | dark | auto (default: the reader's prefers-color-scheme)
 *   transparent  1: no background of its own, the host page shows through (default 0)
 *   play         auto (default) | click (a still first frame and a play control; nothing moves
 *                by itself until the reader clicks, taps or presses a key) | paused
 *                With prefers-reduced-motion: reduce, auto acts as click (effectivePlay()).
 *   readouts     1: the scene's readouts are shown in the embed view too (default 0)
 *   openLink     0: the embed view hides "Open in playground" (default 1)
 *
 * Values are checked by settings.js' checkParam(), so a bad one gets the same notice as a bad
 * scene setting ("Ignored theme=purple: must be one of light, dark, auto"). src/theme-early.js
 * reads `theme` and `transparent` once more before the first paint (see there why).
 */

import { checkParam } from './settings.js';

/**
 * @typedef {import('./settings.js').ParamSpec} ParamSpec
 * @typedef {{theme: 'light' | 'dark' | 'auto', transparent: boolean, play: 'auto' | 'click' | 'paused',
 *   readouts: boolean, openLink: boolean}} PageSettings
 */

/** @param {string[]} values */
const choices = (values) => values.map((value) => ({ value, label: value }));

/** @type {ParamSpec[]} The page params, with their defaults. */
export const PAGE_PARAMS = [
  { name: 'theme', label: 'Theme', kind: 'choice', default: 'auto', options: choices(['auto', 'light', 'dark']) },
  { name: 'transparent', label: 'Transparent background', kind: 'toggle', default: false },
  { name: 'play', label: 'Start', kind: 'choice', default: 'auto', options: choices(['auto', 'click', 'paused']) },
  { name: 'readouts', label: 'Readouts in the embed', kind: 'toggle', default: false },
  { name: 'openLink', label: '"Open in playground" link', kind: 'toggle', default: true },
];

/** The media query that turns play=auto into click. */
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** The page params' defaults (a fresh object). */
export function defaultPage() {
  return /** @type {PageSettings} */ (Object.fromEntries(PAGE_PARAMS.map((spec) => [spec.name, spec.default])));
}

/**
 * The page param a key names, if any.
 * @param {string} key
 */
export function pageParam(key) {
  return PAGE_PARAMS.find((spec) => spec.name === key);
}

/**
 * Takes the page params out of a partial state: the page settings they make, their notices, and
 * the rest of the partial (for applyPartial()).
 * @param {PageSettings} page Current page settings; not modified.
 * @param {Record<string, unknown>} partial
 * @returns {{page: PageSettings, notices: string[], rest: Record<string, unknown>, changed: boolean}}
 */
export function applyPageParams(page, partial) {
  const next = { ...page };
  /** @type {string[]} */
  const notices = [];
  /** @type {Record<string, unknown>} */
  const rest = {};
  let changed = false;
  for (const [key, value] of Object.entries(partial)) {
    const spec = pageParam(key);
    if (!spec) {
      rest[key] = value;
      continue;
    }
    const checked = checkParam(spec, value);
    if (checked.notice) notices.push(checked.notice);
    if (checked.value !== undefined && checked.value !== next[/** @type {keyof PageSettings} */ (key)]) {
      /** @type {Record<string, unknown>} */ (next)[key] = checked.value;
      changed = true;
    }
  }
  return { page: next, notices, rest, changed };
}

/**
 * The page params of a link that differ from their defaults, as `key=value` pairs ("" if none).
 * @param {PageSettings} page
 */
export function pageQuery(page) {
  return PAGE_PARAMS
    .filter((spec) => page[/** @type {keyof PageSettings} */ (spec.name)] !== spec.default)
    .map((spec) => {
      const value = page[/** @type {keyof PageSettings} */ (spec.name)];
      return `${spec.name}=${typeof value === 'boolean' ? (value ? '1' : '0') : value}`;
    })
    .join('&');
}

/**
 * How the scene starts: `play`, with auto turned into click for readers who ask for less motion.
 * @param {PageSettings['play']} play
 * @param {boolean} reducedMotion
 * @returns {PageSettings['play']}
 */
export function effectivePlay(play, reducedMotion) {
  return play === 'auto' && reducedMotion ? 'click' : play;
}

/**
 * The colours in use: `theme`, with auto resolved by the reader's preference.
 * @param {PageSettings['theme']} theme
 * @param {boolean} prefersDark
 * @returns {'light' | 'dark'}
 */
export function resolveTheme(theme, prefersDark) {
  if (theme === 'auto') return prefersDark ? 'dark' : 'light';
  return theme;
}
