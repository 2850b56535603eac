/**
 * What several scenes share, in one place: the flat scenes' world rectangle, how far from a handle
 * a press still grabs it, the chain solvers' names and the solver statuses as the page shows them,
 * the angle convention, and how links write a pose.
 */

import { parseNumberText } from '../model/link.js';

/**
 * @typedef {import('../../../core/bindings/ik2d').TwoBoneStatus} TwoBoneStatus
 * @typedef {import('../../../core/bindings/ik2d').ChainStatus} ChainStatus
 */

/** The world rectangle of the flat scenes (arm, chain, stress): 600 × 450 units, the canvas' 4:3. */
export const FLAT_WORLD = Object.freeze({ minX: -300, maxX: 300, minY: -225, maxY: 225 });

/** A secondary handle (a root) grabs within this share of the main one's radius, so it does not
 * shadow a target near it. */
export const SECONDARY_HANDLE = 0.7;

/** The hints of the scenes whose target and root (a square) the pointer moves: the arm, the chain. */
export const TARGET_AND_ROOT_HINTS = Object.freeze({
  pointer: Object.freeze(['Drag anywhere: move the target', 'Drag the square: move the root', 'Drop a picture file on a bone: it is drawn along it']),
  touch: Object.freeze(['Tap or drag anywhere: move the target', 'Drag the square: move the root']),
});

/**
 * A scene's readouts in order: each a name (shown as its own label) or [name, label].
 * @param {...(string | [string, string])} entries
 * @returns {import('./index.js').ReadoutSpec[]}
 */
export function readoutSpecs(...entries) {
  return entries.map((entry) => (typeof entry === 'string' ? { name: entry, label: entry } : { name: entry[0], label: entry[1] }));
}

/**
 * How far from a scene's main handle a press still grabs it, CSS px: generous for fingers.
 * @param {string} pointerType 'mouse', 'pen' or 'touch'.
 */
export function grabRadius(pointerType) {
  return pointerType === 'touch' ? 28 : 18;
}

/** The chain solvers' names as the page shows them, by their values in links. */
const METHOD_LABELS = Object.freeze({ ccd: 'CCD', fabrik: 'FABRIK', dls: 'DLS' });

/**
 * A method's name as shown.
 * @param {string} method
 */
export function methodLabel(method) {
  return METHOD_LABELS[/** @type {keyof typeof METHOD_LABELS} */ (method)] ?? method;
}

/**
 * The options of a method choice, in the given order.
 * @param {Array<keyof typeof METHOD_LABELS>} methods
 */
export function methodOptions(methods) {
  return methods.map((value) => ({ value, label: METHOD_LABELS[value] }));
}

/**
 * The statuses the solvers return (TwoBoneStatus and ChainStatus, ik2d.d.ts) as the page shows
 * them: the words, and the readout's tone (a colour and a shape each, styles/strip.css).
 * @type {Readonly<Record<TwoBoneStatus | ChainStatus, {words: string, tone: 'ok' | 'warn' | 'pending'}>>}
 */
const STATUSES = Object.freeze({
  reached: { words: 'reached', tone: 'ok' },
  out_of_reach: { words: 'out of reach', tone: 'warn' },
  too_close: { words: 'too close', tone: 'warn' },
  max_iterations: { words: 'not reached', tone: 'pending' },
  invalid: { words: 'invalid', tone: 'warn' },
});

/**
 * A status's words (an unknown one as itself).
 * @param {string} status
 */
export function statusWords(status) {
  return STATUSES[/** @type {keyof typeof STATUSES} */ (status)]?.words ?? status;
}

/**
 * A status's readout tone (an unknown one warns).
 * @param {string} status
 * @returns {'ok' | 'warn' | 'pending'}
 */
export function statusTone(status) {
  return STATUSES[/** @type {keyof typeof STATUSES} */ (status)]?.tone ?? 'warn';
}

/**
 * An angle wrapped to (-π, π], the module's convention (ik2d.d.ts).
 * @param {number} angle Radians.
 */
export function wrapAngle(angle) {
  return Math.atan2(Math.sin(angle), Math.cos(angle));
}

/** Degrees a link writes a pose's angles with: positions then agree to well under 0.01 world units. */
const POSE_DECIMALS = 4;

const RADIANS = Math.PI / 180;

/**
 * Reads a link's pose (`pose=`, every scene with one): angles in degrees, "90,-12.5,…", into
 * radians.
 * @param {string} text
 * @param {{least: number, most: number, of: string}} count How many angles there may be, and what
 *   has them ("a chain", "the puppet"), for the message.
 * @returns {{value?: number[], reason?: string}}
 */
export function parsePose(text, { least, most, of }) {
  const parts = text.split(',');
  if (parts.length < least || parts.length > most) {
    return { reason: `${parts.length} angles; ${of} has ${least === most ? '' : 'at most '}${most} bones` };
  }
  const degrees = parts.map((part) => parseNumberText(part).value ?? NaN);
  const bad = degrees.findIndex((value) => !Number.isFinite(value));
  return bad >= 0 ? { reason: `angle ${bad + 1} is not a number of degrees` } : { value: degrees.map((d) => d * RADIANS) };
}

/**
 * Writes a pose for a link: angles in degrees, POSE_DECIMALS decimals, trailing zeros dropped.
 * @param {ArrayLike<number>} angles Radians.
 */
export function formatPose(angles) {
  return Array.from(angles, (angle) => String(Number((angle / RADIANS).toFixed(POSE_DECIMALS)) || 0)).join(',');
}
