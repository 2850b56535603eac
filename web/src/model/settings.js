/**
 * Scene settings and their validation.
 *
 * A scene's settings are its params (sliders, sign flips, on/off toggles, one-of choices, seeds) and
 * its named world points (target, root...). Links (`?length1=150`) and `playground.setState()` both end up in
 * applyPartial() below, so a value is checked by exactly the same code whichever way it arrives:
 * unknown keys are ignored, wrong types and non-finite numbers are rejected, out-of-range values
 * are clamped, and every one of those yields a plain-text notice saying what happened and why.
 *
 * Every number is kept to PRECISION decimals (0.01 world units, far below a pixel), so that a
 * shared link written with those decimals reproduces the state exactly.
 */

/**
 * @typedef {{x: number, y: number}} Point
 * @typedef {{minX: number, maxX: number, minY: number, maxY: number}} Rect
 *
 * @typedef {number | string | boolean | unknown[]} ParamValue A number ('range', 'sign', 'seed'), a
 *   string ('choice'), a boolean ('toggle') or an array ('custom': a list such as a chain's lengths).
 *
 * @typedef {Object} ChoiceOption One value of a 'choice' param.
 * @property {string} value Written in links and getState(), e.g. "fabrik".
 * @property {string} label Shown on the control and in readouts, e.g. "FABRIK".
 *
 * @typedef {Object} ParamSpec A scene setting shown as a control and written into links.
 * @property {string} name Link key and `getState().params` key, e.g. "length1".
 * @property {string} label Human name shown beside the control, e.g. "Upper bone".
 * @property {'range' | 'sign' | 'toggle' | 'choice' | 'seed' | 'custom'} kind 'range': a number in [min, max];
 *   'sign': exactly +1 or -1; 'toggle': true or false (`1`/`0` in links); 'choice': one of
 *   `options` (its value string in links); 'seed': a whole number in [min, max] shown as text with
 *   a button (`buttonLabel`) that replaces it by `next(value)`, checked like a whole-number 'range';
 *   'custom': a value with its own `check`, `parse` and `format` (a list, such as a chain's bone
 *   lengths), shown by its `editor` if it has one.
 * @property {ParamValue} default Value when neither link nor setState says otherwise.
 * @property {number} [min] Smallest allowed value ('range' and 'seed').
 * @property {number} [max] Largest allowed value ('range' and 'seed').
 * @property {number} [step] Slider step ('range' only).
 * @property {boolean} [integer] Whole numbers only ('range' and 'seed'); others are rounded, with a notice.
 * @property {number} [multipleOf] Multiples of this only, counted from `min` (e.g. 2 with min 4:
 *   even numbers); others are rounded to the nearest one, with a notice ('range' only).
 * @property {string} [unit] Written after the value on the control, e.g. "°" ('range' only).
 * @property {string} [maxLabel] Shown instead of the value when it is `max`, e.g. "no limit".
 * @property {string} [help] One short sentence shown under the control.
 * @property {[string, string]} [signLabels] Words for +1 and -1 ('sign' only).
 * @property {ChoiceOption[]} [options] The allowed values ('choice' only).
 * @property {string} [dependsOn] Name of a 'toggle' param; the control is dimmed while it is off.
 * @property {(params: Record<string, ParamValue>) => boolean} [shownWhen] The control is shown only
 *   while this holds (the chain's damping, for DLS alone); the value is kept and linked either way.
 * @property {(params: Record<string, ParamValue>) => ParamValue} [linkDefault] The value a link
 *   may leave out, when it depends on other params (a creature kind's preset speed): a link writes
 *   the param when it differs from this rather than from `default`, since loading the link sets
 *   what it leaves out from the same rule (the scene's normalize).
 * @property {string} [buttonLabel] Text of the button that picks the next value ('seed' only).
 * @property {(value: number) => number} [next] The value the button picks after `value`; must be
 *   deterministic (a link plus the same clicks gives the same state) and within [min, max] ('seed' only).
 * @property {string} [key] A one-letter keyboard shortcut (lower case) on the canvas; pressing it
 *   does what the control's button does: see keyedValue(). Not for 'range' params.
 * @property {(value: unknown) => {value?: ParamValue, notices: string[]}} [check] Validates a value
 *   from setState or a link ('custom' only); notices in the usual words.
 * @property {(text: string) => {value?: ParamValue, reason?: string}} [parse] Reads a link's text
 *   ('custom' only).
 * @property {(value: ParamValue) => string} [format] Writes it for a link ('custom' only).
 * @property {string} [doc] What a link may hold, for the docs' settings table, where the kind cannot
 *   say it ('custom' only: scripts/docs/params-table.mjs).
 * @property {string} [docDefault] The default as the docs' settings table writes it, where the value
 *   cannot say it (a list made from other settings, a preset's).
 * @property {(params: Record<string, ParamValue>) => boolean} [implied] True when the value follows
 *   from the other params (links leave it out: it would say nothing new).
 * @property {(container: HTMLElement, onInput: (name: string, value: ParamValue) => void) =>
 *   {update: (params: Record<string, ParamValue>) => void}} [editor] Builds the control of a 'custom'
 *   param (controls.js); it may set other params too.
 *
 * @typedef {Object} PointSpec A named world point the user can drag and a link can set.
 * @property {string} name Link key and `getState()` key, e.g. "target".
 * @property {string} label Human name, e.g. "Target".
 * @property {Point} default Position in world units.
 * @property {Rect} [bounds] Where the point may go, world units (default: the scene's world
 *   rectangle). Wider than the world for scenes whose camera moves.
 *
 * @typedef {{params: Record<string, ParamValue>, points: Record<string, Point>}} Settings
 */

/** Decimals kept for every number in the settings (0.01 world units). */
export const PRECISION = 2;

/**
 * Rounds to PRECISION decimals; never returns -0.
 * @param {number} value
 * @returns {number}
 */
export function quantize(value) {
  const factor = 10 ** PRECISION;
  return Math.round(value * factor) / factor + 0;
}

/**
 * Writes a number as briefly as possible ("120", "-3.5", "0.25").
 * @param {number} value
 * @returns {string}
 */
export function formatNumber(value) {
  return String(quantize(value));
}

/**
 * A short, safe rendering of an arbitrary value for a notice (always plain text).
 * @param {unknown} value
 * @returns {string}
 */
export function describeValue(value) {
  let text;
  if (typeof value === 'string') text = value;
  else if (typeof value === 'number' || typeof value === 'boolean' || value == null) text = String(value);
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = Object.prototype.toString.call(value);
    }
  }
  // Control characters make unreadable notices; very long values make unreadable pages.
  text = text.replace(/[\u0000-\u001f\u007f]/g, '?');
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** @param {unknown} value */
export function typeName(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return type === 'object' ? 'an object' : `a ${type}`;
}

/**
 * Checks one number that arrived under `name`; clamps it into [min, max].
 * @param {string} name Name used in notices, e.g. "length1" or "target.x".
 * @param {unknown} value
 * @param {number} min
 * @param {number} max
 * @param {string} rangeText How the allowed range is described in a clamp notice.
 * @returns {{value?: number, notice?: string}}
 */
function checkNumber(name, value, min, max, rangeText) {
  if (typeof value !== 'number') {
    return { notice: `Ignored ${name}: expected a number, got ${typeName(value)}` };
  }
  if (!Number.isFinite(value)) {
    return { notice: `Ignored ${name}=${describeValue(value)}: not a finite number` };
  }
  const clamped = quantize(Math.min(max, Math.max(min, value)));
  if (value < min || value > max) {
    return {
      value: clamped,
      notice: `Clamped ${name}=${describeValue(value)} to ${formatNumber(clamped)} (${rangeText})`,
    };
  }
  return { value: clamped };
}

/**
 * Checks a value for one param.
 * @param {ParamSpec} spec
 * @param {unknown} value
 * @returns {{value?: ParamValue, notice?: string}}
 */
export function checkParam(spec, value) {
  if (spec.kind === 'custom') {
    if (!spec.check) throw new Error(`${spec.name}: a custom param needs check()`);
    const checked = spec.check(value);
    return { value: checked.value, notice: checked.notices.length ? checked.notices.join('; ') : undefined };
  }
  if (spec.kind === 'sign') {
    if (value === 1 || value === -1) return { value };
    if (typeof value !== 'number') {
      return { notice: `Ignored ${spec.name}: expected 1 or -1, got ${typeName(value)}` };
    }
    return { notice: `Ignored ${spec.name}=${describeValue(value)}: must be 1 or -1` };
  }
  if (spec.kind === 'toggle') {
    // 1 and 0 as well: that is how links write toggles.
    if (typeof value === 'boolean') return { value };
    if (value === 1 || value === 0) return { value: value === 1 };
    return { notice: `Ignored ${spec.name}${typeof value === 'number' ? `=${describeValue(value)}` : ''}: `
      + `expected true or false${typeof value === 'number' ? '' : `, got ${typeName(value)}`}` };
  }
  if (spec.kind === 'choice') {
    const options = spec.options ?? [];
    const allowed = options.map((option) => option.value).join(', ');
    if (typeof value !== 'string') {
      return { notice: `Ignored ${spec.name}: expected one of ${allowed}, got ${typeName(value)}` };
    }
    const found = options.find((option) => option.value === value.trim().toLowerCase());
    if (!found) return { notice: `Ignored ${spec.name}=${describeValue(value)}: must be one of ${allowed}` };
    return { value: found.value };
  }
  const min = spec.min ?? -Infinity;
  const max = spec.max ?? Infinity;
  const checked = checkNumber(spec.name, value, min, max, `allowed ${min} to ${max}`);
  if (checked.value === undefined) return checked;
  if (spec.multipleOf && Number.isFinite(min)) {
    // The nearest allowed value; the top of the range may itself be off the grid, so stay within.
    const step = spec.multipleOf;
    let snapped = min + Math.round((checked.value - min) / step) * step;
    if (snapped > max) snapped -= step;
    snapped = quantize(snapped);
    if (snapped !== checked.value) {
      const only = step === 2 && min % 2 === 0 ? 'even numbers only' : `multiples of ${step} from ${min} only`;
      const notice = checked.notice ?? `Rounded ${spec.name}=${describeValue(value)} to ${snapped} (${only})`;
      return { value: snapped, notice };
    }
    return checked;
  }
  if (spec.integer && !Number.isInteger(checked.value)) {
    const rounded = Math.round(checked.value);
    const notice = checked.notice ?? `Rounded ${spec.name}=${describeValue(value)} to ${rounded} (whole numbers only)`;
    return { value: rounded, notice };
  }
  return checked;
}

/**
 * The value a param's keyboard shortcut (and its button) sets after `value`: a toggle turns over, a
 * sign flips, a choice moves to its next option (wrapping) and a seed to its `next`.
 * @param {ParamSpec} spec
 * @param {ParamValue} value
 * @returns {ParamValue}
 */
export function keyedValue(spec, value) {
  switch (spec.kind) {
    case 'custom': throw new Error(`${spec.name}: a custom param has no keyboard shortcut`);
    case 'toggle': return value !== true;
    case 'sign': return Number(value) > 0 ? -1 : 1;
    case 'choice': {
      const options = spec.options ?? [];
      const at = options.findIndex((option) => option.value === value);
      return options[(at + 1) % options.length].value;
    }
    case 'seed': return (spec.next ?? ((seed) => seed + 1))(Number(value));
    default: throw new Error(`${spec.name}: a ${spec.kind} param has no keyboard shortcut`);
  }
}

/**
 * Checks a point; either coordinate may be missing (it then keeps its current value).
 * @param {PointSpec} spec
 * @param {unknown} value
 * @param {Point} current
 * @param {Rect} bounds Where the point may go (its spec's bounds, else the scene's world); it is
 *   kept inside.
 * @returns {{value?: Point, notices: string[]}}
 */
export function checkPoint(spec, value, current, bounds) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { notices: [`Ignored ${spec.name}: expected {x, y} numbers, got ${typeName(value)}`] };
  }
  const notices = [];
  const point = { x: current.x, y: current.y };
  const source = /** @type {Record<string, unknown>} */ (value);
  let changed = false;
  for (const axis of /** @type {const} */ (['x', 'y'])) {
    if (!(axis in source)) continue;
    const min = axis === 'x' ? bounds.minX : bounds.minY;
    const max = axis === 'x' ? bounds.maxX : bounds.maxY;
    const checked = checkNumber(
      `${spec.name}.${axis}`, source[axis], min, max, `the scene spans ${min} to ${max}`);
    if (checked.notice) notices.push(checked.notice);
    if (checked.value !== undefined) {
      point[axis] = checked.value;
      changed = true;
    }
  }
  for (const key of Object.keys(source)) {
    if (key !== 'x' && key !== 'y') notices.push(`Ignored ${spec.name}.${describeValue(key)}: only x and y are used`);
  }
  if (!changed && !notices.length) notices.push(`Ignored ${spec.name}: it has neither x nor y`);
  return changed ? { value: point, notices } : { notices };
}

/**
 * The default settings of a scene (fresh objects, safe to mutate).
 * @param {{params: ParamSpec[], points: PointSpec[]}} scene
 * @returns {Settings}
 */
export function defaultSettings(scene) {
  /** @type {Settings} */
  const settings = { params: {}, points: {} };
  for (const spec of scene.params) settings.params[spec.name] = spec.default;
  for (const spec of scene.points) settings.points[spec.name] = { ...spec.default };
  return settings;
}

/**
 * The settings with some points replaced, as they are: for points a scene moved or kept itself
 * (SceneUpdate), which it keeps valid; what comes from outside goes through applyPartial().
 * @param {Settings} settings
 * @param {Record<string, Point>} points
 * @returns {Settings}
 */
export function withPoints(settings, points) {
  const names = Object.keys(points);
  if (!names.length) return settings;
  const next = { ...settings.points };
  for (const name of names) next[name] = { x: points[name].x, y: points[name].y };
  return { params: settings.params, points: next };
}

/** Keys of getState() that are computed, not set; setState ignores them with this reason. */
const READ_ONLY_KEYS = new Set([
  'result', 'positions', 'body', 'legs', 'goal', 'camera', 'time', 'overlay', 'stepping', 'convergence',
  'meter', 'reachedLimbs', 'reachedChains', 'closest', 'ghost', 'ikPose', 'mirrored', 'swinging',
]);

/**
 * A scene's rule for params that depend on each other (the chain's lengths and its bones, length
 * and taper): called after the params of a partial are checked, with the names that changed; it
 * updates `params` in place and returns notices.
 * @typedef {(params: Record<string, ParamValue>, before: Record<string, ParamValue>, changed: Set<string>) => string[]} Normalize
 */

/**
 * Applies a partial state `{params?, <point name>?}` to a copy of `settings`.
 * The `scene` key is handled by the caller (it decides which scene the rest applies to), and so are
 * the scene's own state keys (`stateKeys`, e.g. the chain's pose: the scene restores them).
 * @param {{id: string, params: ParamSpec[], points: PointSpec[], world: Rect, normalize?: Normalize,
 *   state?: {name: string}[]}} scene
 * @param {Settings} settings Current settings; not modified.
 * @param {Record<string, unknown>} partial
 * @returns {{settings: Settings, notices: string[]}}
 */
export function applyPartial(scene, settings, partial) {
  const next = {
    params: { ...settings.params },
    points: Object.fromEntries(Object.entries(settings.points).map(([k, p]) => [k, { ...p }])),
  };
  const notices = [];
  /** @type {Set<string>} */
  const changed = new Set();
  for (const [key, value] of Object.entries(partial)) {
    if (key === 'scene' || scene.state?.some((spec) => spec.name === key)) continue;
    if (key === 'params') {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        notices.push(`Ignored params: expected an object like {length1: 150}, got ${typeName(value)}`);
        continue;
      }
      for (const [name, paramValue] of Object.entries(value)) {
        const spec = scene.params.find((p) => p.name === name);
        if (!spec) {
          const known = scene.params.map((p) => p.name).join(', ');
          notices.push(`Ignored unknown setting "${describeValue(name)}" (${scene.id} has ${known})`);
          continue;
        }
        const checked = checkParam(spec, paramValue);
        if (checked.notice) notices.push(checked.notice);
        if (checked.value !== undefined) {
          next.params[name] = checked.value;
          changed.add(name);
        }
      }
      continue;
    }
    const pointSpec = scene.points.find((p) => p.name === key);
    if (pointSpec) {
      const checked = checkPoint(pointSpec, value, next.points[key], pointSpec.bounds ?? scene.world);
      notices.push(...checked.notices);
      if (checked.value) next.points[key] = checked.value;
      continue;
    }
    if (READ_ONLY_KEYS.has(key)) {
      notices.push(`Ignored ${key}: it is computed, not set`);
      continue;
    }
    notices.push(`Ignored unknown key "${describeValue(key)}"`);
  }
  if (changed.size && scene.normalize) notices.push(...scene.normalize(next.params, settings.params, changed));
  return { settings: next, notices };
}
