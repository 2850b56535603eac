/**
 * The puppet's per-pin settings: each pin's end angle goal (`aim`) and weight (`weights`), one
 * value per pin in PUPPET_EFFECTORS' order, and how they read and write in links and setState.
 *
 * - `aim`: degrees or null (free), the goal for the world angle of the pin's bone (the forearm for
 *   a hand, the shin for a foot, the head), as authored: the figure facing +x. A flipped puppet
 *   aims at the mirror image (180° − the angle), so a hand held level stays level when it turns.
 *   Links write only the pins that have one: `aim=rightHand:0,leftFoot:-90`. Angles are kept in
 *   (-180, 180] to 0.01°; another is wrapped into it, with a notice.
 * - `weights`: 0 to 1 (default 1), how much a pin counts against the others when they conflict
 *   (Skeleton.solve's effector weight; 0 lets go of it). Links write the ones that are not 1:
 *   `weights=head:0.25`.
 *
 * setState takes the same as getState gives: an array of five values.
 */

import { parseNumberText } from '../../model/link.js';
import { describeValue, formatNumber, quantize, typeName } from '../../model/settings.js';
import { PUPPET_EFFECTORS } from './rig.js';

/**
 * @typedef {import('../../model/settings.js').ParamSpec} ParamSpec
 * @typedef {import('../../model/settings.js').ParamValue} ParamValue
 */

/** @type {string[]} */
const NAMES = PUPPET_EFFECTORS.map((effector) => effector.name);
const COUNT = NAMES.length;
const RADIANS = Math.PI / 180;

/**
 * An angle in degrees wrapped into (-180, 180] and kept to 0.01°.
 * @param {number} degrees
 */
export function wrapDegrees(degrees) {
  let wrapped = quantize(degrees - 360 * Math.floor((degrees + 180) / 360));
  if (wrapped <= -180) wrapped += 360;
  return quantize(wrapped);
}

/**
 * The world angle (radians) a pin aims at, shown: the authored angle, mirrored when flipped.
 * @param {number} degrees As authored (the `aim` value).
 * @param {boolean} flipped
 */
export function shownAim(degrees, flipped) {
  return (flipped ? 180 - degrees : degrees) * RADIANS;
}

/**
 * The `aim` value for a shown world angle (radians): the inverse of shownAim, wrapped and kept
 * to 0.01°.
 * @param {number} radians
 * @param {boolean} flipped
 */
export function authoredAim(radians, flipped) {
  const degrees = radians / RADIANS;
  return wrapDegrees(flipped ? 180 - degrees : degrees);
}

/**
 * Reads `name:value,name:value` (pins by name, each at most once) into five values.
 * @param {string} text
 * @param {unknown[]} fill The value of a pin the text leaves out.
 * @param {string} what What a value is, for a reason ("a number of degrees").
 * @returns {{value?: ParamValue, reason?: string}}
 */
function parsePins(text, fill, what) {
  const value = [...fill];
  if (text.trim() === '') return { value };
  /** @type {Set<string>} */
  const seen = new Set();
  for (const part of text.split(',')) {
    const colon = part.indexOf(':');
    const name = (colon < 0 ? part : part.slice(0, colon)).trim();
    const at = NAMES.indexOf(name);
    if (at < 0) return { reason: `unknown pin "${describeValue(name)}" (the pins are ${NAMES.join(', ')})` };
    if (seen.has(name)) return { reason: `${name} is given twice` };
    seen.add(name);
    if (colon < 0) return { reason: `${name} has no value (write ${name}:<value>)` };
    const number = parseNumberText(part.slice(colon + 1));
    if (number.value === undefined) return { reason: `${name}: expected ${what}` };
    value[at] = number.value;
  }
  return { value };
}

/**
 * Writes five values as `name:value` for those that differ from `plain`.
 * @param {ParamValue} value
 * @param {unknown} plain
 */
function formatPins(value, plain) {
  if (!Array.isArray(value)) return '';
  return value.flatMap((v, i) => (v === plain || v === undefined ? [] : [`${NAMES[i]}:${formatNumber(Number(v))}`])).join(',');
}

/**
 * Checks five values from setState or a link: an array with one entry per pin.
 * @param {string} name The param.
 * @param {unknown} value
 * @param {string} expected The words for one entry, e.g. "degrees or null".
 * @param {(entry: unknown, index: number) => {value?: unknown, notice?: string}} checkEntry
 * @returns {{value?: ParamValue, notices: string[]}}
 */
function checkPins(name, value, expected, checkEntry) {
  if (!Array.isArray(value) || value.length !== COUNT) {
    const got = Array.isArray(value) ? `${value.length} values` : typeName(value);
    return { notices: [`Ignored ${name}: expected ${COUNT} values, ${expected}, one per pin (${NAMES.join(', ')}); got ${got}`] };
  }
  /** @type {unknown[]} */
  const out = [];
  /** @type {string[]} */
  const notices = [];
  for (let i = 0; i < COUNT; i++) {
    const checked = checkEntry(value[i], i);
    if (checked.notice) notices.push(checked.notice);
    if (!('value' in checked)) return { notices };
    out.push(checked.value);
  }
  return { value: out, notices };
}

/** No angle goal on any pin: the figure as before angles. */
export const FREE_AIMS = Object.freeze(NAMES.map(() => null));
/** Every pin at full weight. */
export const FULL_WEIGHTS = Object.freeze(NAMES.map(() => 1));

/** @param {unknown} value */
export function checkAim(value) {
  return checkPins('aim', value, 'degrees or null', (entry, i) => {
    if (entry === null) return { value: null };
    const label = `aim.${NAMES[i]}`;
    if (typeof entry !== 'number') return { notice: `Ignored aim: ${label} must be a number of degrees or null, got ${typeName(entry)}` };
    if (!Number.isFinite(entry)) return { notice: `Ignored aim: ${label}=${describeValue(entry)} is not a finite number` };
    const wrapped = wrapDegrees(entry);
    const notice = wrapped !== quantize(entry) ? `Wrapped ${label}=${describeValue(entry)} to ${formatNumber(wrapped)} (angles run from -180 to 180)` : undefined;
    return { value: wrapped, notice };
  });
}

/** @param {unknown} value */
export function checkWeights(value) {
  return checkPins('weights', value, 'each 0 to 1', (entry, i) => {
    const label = `weights.${NAMES[i]}`;
    if (typeof entry !== 'number') return { notice: `Ignored weights: ${label} must be a number from 0 to 1, got ${typeName(entry)}` };
    if (!Number.isFinite(entry)) return { notice: `Ignored weights: ${label}=${describeValue(entry)} is not a finite number` };
    const clamped = quantize(Math.min(1, Math.max(0, entry)));
    const notice = entry < 0 || entry > 1 ? `Clamped ${label}=${describeValue(entry)} to ${formatNumber(clamped)} (allowed 0 to 1)` : undefined;
    return { value: clamped, notice };
  });
}

/**
 * A control for `aim`: which pins hold an angle, and a button that lets them all go.
 * @param {HTMLElement} container
 * @param {(name: string, value: ParamValue) => void} onInput
 */
function buildAimEditor(container, onInput) {
  const status = document.createElement('p');
  status.className = 'control-help';
  status.id = 'aim-status';
  const button = document.createElement('button');
  button.type = 'button';
  button.id = 'aim-free';
  button.textContent = 'Free the end angles';
  button.setAttribute('aria-describedby', status.id);
  button.addEventListener('click', () => onInput('aim', [...FREE_AIMS]));
  container.append(button, status);
  return {
    /** @param {Record<string, ParamValue>} params */
    update(params) {
      const aim = Array.isArray(params.aim) ? params.aim : FREE_AIMS;
      const held = PUPPET_EFFECTORS.filter((_, i) => aim[i] !== null && aim[i] !== undefined).map((e) => e.label);
      status.textContent = held.length
        ? `Holding an angle: ${held.join(', ')}. Drag a small knob beside a pin to turn it.`
        : 'Drag the small knob beside a pin to hold that hand, foot or the head at an angle.';
      button.disabled = held.length === 0;
    },
  };
}

/** The `aim` param (custom: no slider; the knobs beside the pins set it, the editor frees it). */
export const AIM_PARAM = Object.freeze(/** @type {ParamSpec} */ ({
  name: 'aim', label: 'End angles', kind: 'custom', default: [...FREE_AIMS],
  check: checkAim,
  parse: (text) => parsePins(text, [...FREE_AIMS], 'a number of degrees'),
  format: (value) => formatPins(value, null),
  editor: buildAimEditor,
  doc: '`pin:degrees,…` (pins `head`, `leftHand`, `rightHand`, `leftFoot`, `rightFoot`), −180 to 180, as if facing +x; others wrap with a notice',
  docDefault: 'none (free)',
}));

/** The `weights` param (custom, set by links and setState; the overlay shows them). */
export const WEIGHTS_PARAM = Object.freeze(/** @type {ParamSpec} */ ({
  name: 'weights', label: 'Pin weights', kind: 'custom', default: [...FULL_WEIGHTS],
  check: checkWeights,
  parse: (text) => parsePins(text, [...FULL_WEIGHTS], 'a number from 0 to 1'),
  format: (value) => formatPins(value, 1),
  doc: '`pin:weight,…`, 0 to 1; others are clamped with a notice',
  docDefault: '1 each',
}));
