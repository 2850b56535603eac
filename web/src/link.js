/**
 * The link format: a query string that reproduces a scene.
 *
 *   ?scene=arm&length1=150&bend=-1&target=110,90&root=-20,0
 *   ?scene=chain&method=fabrik&bones=12&limits=1&target=120,80
 *
 * - `scene` picks the scene (default: the first registered one).
 * - Each param of the scene is `name=<value>`: a number for sliders and signs, `1` or `0` for
 *   toggles (`true`/`false`, `on`/`off`, `yes`/`no` are read too), the option's value for choices
 *   (`method=fabrik`). Each point is `name=<x>,<y>` in world units.
 * - A written link holds `scene` plus only the values that differ from the scene's defaults,
 *   with numbers as short as they can be ("120", not "120.00").
 *
 * Parsing turns text into numbers here; checking ranges and types is applyPartial()'s job
 * (settings.js), the same code that checks `playground.setState()`.
 */

import { describeValue, formatNumber } from './settings.js';

/**
 * @typedef {import('./settings.js').Settings} Settings
 * @typedef {import('./settings.js').ParamSpec} ParamSpec
 * @typedef {import('./settings.js').ParamValue} ParamValue
 * @typedef {import('./settings.js').PointSpec} PointSpec
 * @typedef {{id: string, params: ParamSpec[], points: PointSpec[]}} LinkScene
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
  if (spec.kind === 'toggle') return value ? '1' : '0';
  if (spec.kind === 'choice') return encodeURIComponent(String(value));
  return formatNumber(Number(value));
}

/**
 * Parses a query string into a scene id and a partial state for applyPartial().
 * @template {LinkScene} S
 * @param {string} search e.g. location.search ("?scene=arm&length1=150"); a leading "?" is optional.
 * @param {S[]} scenes Registered scenes; the first one is the default.
 * @returns {{scene: S, partial: Record<string, any>, notices: string[]}}
 */
export function parseLink(search, scenes) {
  const query = new URLSearchParams(search);
  const notices = [];
  let scene = scenes[0];
  const sceneIds = query.getAll('scene');
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
  for (const [key, text] of query) {
    if (key === 'scene') continue;
    const shown = `${describeValue(key)}=${describeValue(text)}`;
    if (seen.has(key)) notices.push(`${describeValue(key)} appears more than once; the last one wins`);
    seen.add(key);
    const param = scene.params.find((p) => p.name === key);
    if (param) {
      const parsed = parseParamText(param, text);
      if (parsed.reason) {
        notices.push(`Ignored ${shown}: ${parsed.reason}`);
        delete partial.params[key];
      } else {
        partial.params[key] = parsed.value;
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
  return { scene, partial, notices };
}

/**
 * Writes the query string (without "?") for a scene's settings: the scene id, then only
 * the params and points that differ from their defaults.
 * @param {LinkScene} scene
 * @param {Settings} settings
 * @returns {string}
 */
export function formatLink(scene, settings) {
  const parts = [`scene=${encodeURIComponent(scene.id)}`];
  for (const spec of scene.params) {
    const text = formatParamText(spec, settings.params[spec.name]);
    if (text !== formatParamText(spec, spec.default)) parts.push(`${spec.name}=${text}`);
  }
  for (const spec of scene.points) {
    const point = settings.points[spec.name];
    const text = `${formatNumber(point.x)},${formatNumber(point.y)}`;
    if (text !== `${formatNumber(spec.default.x)},${formatNumber(spec.default.y)}`) {
      parts.push(`${spec.name}=${text}`);
    }
  }
  return parts.join('&');
}
