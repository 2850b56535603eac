/**
 * The link format: a query string that reproduces a scene.
 *
 *   ?v=1&scene=arm&length1=150&bend=-1&target=110,90&root=-20,0
 *   ?v=1&scene=chain&method=fabrik&bones=12&limits=1&target=120,80
 *
 * - `v` is the format version (LINK_VERSION). A link without it is read as version 1. A link from
 *   an older version is upgraded first (UPGRADES: renamed or rescaled keys); a link from a newer
 *   version than this page knows is read as the current version as far as possible, with a notice.
 * - `scene` picks the scene (default: the first registered one).
 * - Each param of the scene is `name=<value>`: a number for sliders and signs, `1` or `0` for
 *   toggles (`true`/`false`, `on`/`off`, `yes`/`no` are read too), the option's value for choices
 *   (`method=fabrik`), a list for custom params (`lengths=40,35,30`: the param's own format).
 *   Each point is `name=<x>,<y>` in world units.
 * - A scene's own state (StateSpec: the chain's pose `pose=…` and step-through `step=3`, the
 *   spider's place `at=…`) is written after the settings, in the scene's own format; the scene
 *   restores it (playground.js), so a link opens on the author's exact figure.
 * - Page keys (PAGE_KEYS: `embed`) choose how the page shows the scene, not what it shows; they are
 *   read by main.js and never reported as unknown. Page params (page-params.js: theme, transparent,
 *   play, readouts, openLink) are valid in every scene: they go into the partial state at its top
 *   level, like points, and are checked with it.
 * - A written link holds `v`, `scene` and only the values that differ from the scene's defaults
 *   and do not follow from the others (a param's `implied`), with numbers as short as they can be
 *   ("120", not "120.00").
 * - A query longer than MAX_LINK_LENGTH characters is ignored as a whole (with a notice).
 *
 * Parsing turns text into numbers here; checking ranges and types is applyPartial()'s job
 * (settings.js), the same code that checks `playground.setState()`.
 */

import { pageParam } from './page-params.js';
import { describeValue, formatNumber } from './settings.js';

/**
 * @typedef {import('./settings.js').Settings} Settings
 * @typedef {import('./settings.js').ParamSpec} ParamSpec
 * @typedef {import('./settings.js').ParamValue} ParamValue
 * @typedef {import('./settings.js').PointSpec} PointSpec
 * @typedef {{id: string, params: ParamSpec[], points: PointSpec[], state?: StateSpec[]}} LinkScene
 *
 * @typedef {Object} StateSpec A part of a live scene's own state that links and setState carry
 *   (not a setting: the pose a chain was left in, the place a spider walked to).
 * @property {string} name Key in setState() and getState(), e.g. "angles".
 * @property {string} linkKey Key in links, e.g. "pose".
 * @property {(text: string) => {value?: unknown, reason?: string}} parse Link text → setState value.
 * @property {(value: any) => string} format setState value → link text.
 * @property {{keys: string[], fill: (index: number) => string}} [legacy] Keys older links used for
 *   this state, one number each (the arm's `pose1`, `pose2`): such a link is read as if it held
 *   `linkKey=` with their values in order, comma-joined, a missing one taking fill(index). Links
 *   written now never hold them.
 */

/** A plain decimal number: "12", "-3.5", ".5", "1e3". Not "0x10", "Infinity" or "". */
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Reads a number written in a link.
 * @param {string} text
 * @returns {{value?: number, reason?: string}}
 */
export function parseNumberText(text) {
  const trimmed = text.trim();
  if (trimmed === '') return { reason: 'empty' };
  if (!NUMBER_TEXT.test(trimmed)) return { reason: 'not a number' };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { reason: 'not a finite number' };
  return { value };
}

/** Words a link may use for a toggle's two values. */
const TOGGLE_WORDS = new Map([
  ['1', true], ['true', true], ['on', true], ['yes', true],
  ['0', false], ['false', false], ['off', false], ['no', false],
]);

/**
 * Reads a param's value as written in a link: a number, a toggle word, or (for a choice) the text
 * itself, which applyPartial() then checks against the options.
 * @param {ParamSpec} spec
 * @param {string} text
 * @returns {{value?: ParamValue, reason?: string}}
 */
export function parseParamText(spec, text) {
  if (spec.kind === 'custom') {
    if (!spec.parse) throw new Error(`${spec.name}: a custom param needs parse()`);
    return spec.parse(text);
  }
  if (spec.kind === 'choice') return { value: text };
  if (spec.kind === 'toggle') {
    const value = TOGGLE_WORDS.get(text.trim().toLowerCase());
    return value === undefined ? { reason: 'expected 1 or 0' } : { value };
  }
  return parseNumberText(text);
}

/**
 * Writes a param's value as a link does: "1"/"0" for toggles, the value for choices, else a number.
 * @param {ParamSpec} spec
 * @param {ParamValue} value
 * @returns {string}
 */
export function formatParamText(spec, value) {
  if (spec.kind === 'custom') {
    if (!spec.format) throw new Error(`${spec.name}: a custom param needs format()`);
    return spec.format(value);
  }
  if (spec.kind === 'toggle') return value ? '1' : '0';
  if (spec.kind === 'choice') return encodeURIComponent(String(value));
  return formatNumber(Number(value));
}

/** The link format version formatLink() writes (`v=1`). A link without `v` is version 1. */
export const LINK_VERSION = 1;

/** Longest query string read, in characters (its "?" not counted); a longer one is ignored whole. */
export const MAX_LINK_LENGTH = 4096;

/** Keys about how the page shows the scene (toggles), not about the scene: see parseLink().page. */
export const PAGE_KEYS = /** @type {const} */ (['embed']);

/**
 * How to read an older link: UPGRADES[n] turns one `key=value` of a version-n link into its
 * version n+1 form (a renamed key or scene, a rescaled value), or returns null to drop it.
 * `sceneId` is the link's scene as written in version n. None yet: version 1 is the first.
 * Example, if version 2 renamed the arm's `length1` to `upper`:
 *   1: (sceneId, key, text) => (sceneId === 'arm' && key === 'length1' ? ['upper', text] : [key, text]),
 * @type {Record<number, (sceneId: string, key: string, text: string) => [string, string] | null>}
 */
export const UPGRADES = {};

/**
 * Reads the link's version and upgrades its entries to the current one.
 * @param {[string, string][]} entries The query's key/value pairs, `v` included.
 * @param {string[]} notices Receives a notice for a bad or newer version.
 * @param {number} [current] The version to upgrade to (tests pass a future one).
 * @param {typeof UPGRADES} [upgrades]
 * @returns {[string, string][]} The entries without `v`, in the current version's terms.
 */
export function upgradeEntries(entries, notices, current = LINK_VERSION, upgrades = UPGRADES) {
  const versions = entries.filter(([key]) => key === 'v').map(([, text]) => text);
  let rest = entries.filter(([key]) => key !== 'v');
  const text = versions.length ? versions[versions.length - 1] : '1'; // No `v`: version 1.
  let version = 1;
  if (!/^\d{1,9}$/.test(text.trim()) || Number(text) < 1) {
    notices.push(`Ignored v=${describeValue(text)}: a link version is a whole number from 1; read as version ${current}`);
    version = current;
  } else {
    version = Number(text);
  }
  if (version > current) {
    notices.push(`This link is format version ${version}, newer than this page knows (${current}): `
      + `read as version ${current} as far as possible`);
  }
  for (let from = version; from < current; from += 1) {
    const upgrade = upgrades[from];
    if (!upgrade) continue;
    const sceneId = rest.filter(([key]) => key === 'scene').map(([, id]) => id).pop() ?? '';
    rest = rest.flatMap(([key, value]) => {
      const upgraded = upgrade(sceneId, key, value);
      return upgraded ? [upgraded] : [];
    });
  }
  return rest;
}

/**
 * Reads the keys older links used for a scene's own state (StateSpec.legacy) as the state's link
 * key: `pose1=30&pose2=45` as `pose=30,45`. Each old value must be a number (a notice names one
 * that is not, and its place takes the fill); a link that also has the new key keeps the new one.
 * @param {StateSpec[]} specs
 * @param {[string, string][]} entries
 * @param {string[]} notices
 * @returns {[string, string][]}
 */
function legacyEntries(specs, entries, notices) {
  let read = entries;
  for (const spec of specs) {
    const legacy = spec.legacy;
    if (!legacy || !read.some(([key]) => legacy.keys.includes(key))) continue;
    const old = read.filter(([key]) => legacy.keys.includes(key));
    read = read.filter(([key]) => !legacy.keys.includes(key));
    if (read.some(([key]) => key === spec.linkKey)) {
      notices.push(`Ignored ${old.map(([key]) => describeValue(key)).join(', ')}: the link gives ${spec.linkKey}= as well`);
      continue;
    }
    const values = legacy.keys.map((key, index) => {
      const given = old.filter(([name]) => name === key).pop();
      if (!given) return legacy.fill(index);
      const parsed = parseNumberText(given[1]);
      if (parsed.reason === undefined) return given[1].trim();
      notices.push(`Ignored ${describeValue(key)}=${describeValue(given[1])}: ${parsed.reason}`);
      return legacy.fill(index);
    });
    read = [...read, [spec.linkKey, values.join(',')]];
  }
  return read;
}

/**
 * `text` when it is exactly a web origin ("https://example.org", "http://127.0.0.1:8080"), else null.
 * @param {string} text
 */
function originOf(text) {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === text ? text : null;
  } catch {
    return null;
  }
}

/**
 * Parses a query string into a scene id and a partial state for applyPartial().
 * @template {LinkScene} S
 * @param {string} search e.g. location.search ("?scene=arm&length1=150"); a leading "?" is optional.
 * @param {S[]} scenes Registered scenes; the first one is the default.
 * @returns {{scene: S, partial: Record<string, any>, notices: string[], page: {embed: boolean, origin?: string}}}
 *   `page`: the page keys (PAGE_KEYS), false unless the link sets them.
 */
export function parseLink(search, scenes) {
  const raw = search.startsWith('?') ? search.slice(1) : search;
  /** @type {string[]} */
  const notices = [];
  /** @type {{embed: boolean, origin?: string}} */
  const page = { embed: false };
  if (raw.length > MAX_LINK_LENGTH) {
    notices.push(`Ignored the whole link: its query is ${raw.length} characters long, `
      + `more than the ${MAX_LINK_LENGTH} a link may have; showing ${scenes[0].id} with its defaults`);
    return { scene: scenes[0], partial: { params: {} }, notices, page };
  }
  const entries = upgradeEntries([...new URLSearchParams(raw)], notices);
  let scene = scenes[0];
  const sceneIds = entries.filter(([key]) => key === 'scene').map(([, id]) => id);
  if (sceneIds.length) {
    const wanted = sceneIds[sceneIds.length - 1];
    const found = scenes.find((s) => s.id === wanted);
    if (found) scene = found;
    else {
      const known = scenes.map((s) => s.id).join(', ');
      notices.push(`Ignored scene=${describeValue(wanted)}: unknown scene (available: ${known}); showing ${scene.id}`);
    }
  }

  /** @type {Record<string, any>} */
  const partial = { params: {} };
  const seen = new Set();
  for (const [key, text] of legacyEntries(scene.state ?? [], entries, notices)) {
    if (key === 'scene') continue;
    const shown = `${describeValue(key)}=${describeValue(text)}`;
    if (seen.has(key)) notices.push(`${describeValue(key)} appears more than once; the last one wins`);
    seen.add(key);
    if (key === 'origin') {
      // The one parent origin that may drive an embed and hear its replies (embed-api.js).
      const origin = originOf(text);
      if (origin) page.origin = origin;
      else notices.push(`Ignored ${shown}: expected an origin such as https://example.org`);
      continue;
    }
    if (/** @type {readonly string[]} */ (PAGE_KEYS).includes(key)) {
      const value = TOGGLE_WORDS.get(text.trim().toLowerCase());
      if (value === undefined) notices.push(`Ignored ${shown}: expected 1 or 0`);
      else page[/** @type {'embed'} */ (key)] = value;
      continue;
    }
    const own = scene.params.find((p) => p.name === key);
    const param = own ?? pageParam(key);
    if (param) {
      // A scene param goes into `params`; a page param sits at the top level, like a point.
      const into = own ? partial.params : partial;
      const parsed = parseParamText(param, text);
      if (parsed.reason) {
        notices.push(`Ignored ${shown}: ${parsed.reason}`);
        delete into[key];
      } else {
        into[key] = parsed.value;
      }
      continue;
    }
    const state = scene.state?.find((spec) => spec.linkKey === key);
    if (state) {
      const parsed = state.parse(text);
      if (parsed.reason) {
        notices.push(`Ignored ${shown}: ${parsed.reason}`);
        delete partial[state.name];
      } else {
        partial[state.name] = parsed.value;
      }
      continue;
    }
    const point = scene.points.find((p) => p.name === key);
    if (point) {
      const parts = text.split(',');
      const x = parts.length === 2 ? parseNumberText(parts[0]) : { reason: '' };
      const y = parts.length === 2 ? parseNumberText(parts[1]) : { reason: '' };
      if (x.reason !== undefined || y.reason !== undefined) {
        notices.push(`Ignored ${shown}: expected two finite numbers "x,y"`);
        delete partial[key];
      } else {
        partial[key] = { x: x.value, y: y.value };
      }
      continue;
    }
    notices.push(`Ignored ${shown}: ${scene.id} has no setting "${describeValue(key)}"`);
  }
  return { scene, partial, notices, page };
}

/**
 * Writes the query string (without "?") for a scene's settings: the version, the scene id, then only
 * the params and points that differ from their defaults (and do not follow from the others), then
 * the scene's own state.
 * @param {LinkScene} scene
 * @param {Settings} settings
 * @param {Record<string, unknown>} [state] The scene's own state to carry, by StateSpec name
 *   (what the live scene's link.state() returns).
 * @returns {string}
 */
export function formatLink(scene, settings, state = {}) {
  const parts = [`v=${LINK_VERSION}`, `scene=${encodeURIComponent(scene.id)}`];
  for (const spec of scene.params) {
    if (spec.implied?.(settings.params)) continue;
    const text = formatParamText(spec, settings.params[spec.name]);
    const left = spec.linkDefault ? spec.linkDefault(settings.params) : spec.default;
    if (text !== formatParamText(spec, left)) parts.push(`${spec.name}=${text}`);
  }
  for (const spec of scene.points) {
    const point = settings.points[spec.name];
    const text = `${formatNumber(point.x)},${formatNumber(point.y)}`;
    if (text !== `${formatNumber(spec.default.x)},${formatNumber(spec.default.y)}`) {
      parts.push(`${spec.name}=${text}`);
    }
  }
  for (const spec of scene.state ?? []) {
    if (state[spec.name] !== undefined) parts.push(`${spec.linkKey}=${spec.format(state[spec.name])}`);
  }
  return parts.join('&');
}
