/**
 * The chain's rig: one length per bone (`lengths`) and one limit per joint (`jointLimits`, degrees,
 * `[min, max]` or null for a free joint), and how they relate to the simple settings links of v1
 * carry (`bones`, `length`, `taper`, `limits`, `limitDeg`).
 *
 * One rule (normalizeRig), applied after every change, keeps them in agreement:
 * - `lengths` set: `bones` becomes its count and `length` its sum.
 * - `bones` or `taper` set: the lengths are made anew (equal, or tapered 2:1), summing to `length`.
 * - `length` alone set: custom lengths are scaled to the new reach; generated ones made anew.
 * - `jointLimits` set: fitted to the bone count (free joints added, extra ones dropped, with a
 *   notice); `limits` says whether any joint is limited.
 * - `limits` or `limitDeg` set: joints 1..n-1 get ±limitDeg (or none); joint 0, the root bone's
 *   world angle, stays free, as in v1.
 * - `bones` alone changed: joints added follow the v1 rule, joints beyond the new count are dropped.
 * Links write `lengths` and `jointLimits` only when they differ from what the v1 settings make
 * (`implied`), and then leave those settings out: the v1 form stays the short one.
 */

import { parseNumberText } from '../../model/link.js';
import { describeValue, quantize, typeName } from '../../model/settings.js';

/**
 * @typedef {import('../../model/settings.js').ParamSpec} ParamSpec
 * @typedef {import('../../model/settings.js').ParamValue} ParamValue
 * @typedef {[number, number] | null} JointLimit Degrees, min ≤ max, within ±180; null: free.
 * @typedef {{bones: number, length: number, taper: boolean, limits: boolean, limitDeg: number,
 *   lengths: number[], jointLimits: JointLimit[]}} RigParams
 */

/** Fewest and most bones a chain has. */
export const MIN_BONES = 2;
export const MAX_BONES = 32;
/** Shortest and longest bone, and the reach the lengths add up to (world units). */
export const MIN_BONE_LENGTH = 1;
export const MAX_BONE_LENGTH = 500;
const MIN_REACH = 60;
const MAX_REACH = 500;
/** Joint limits are degrees within ±MAX_LIMIT_DEG. */
export const MAX_LIMIT_DEG = 180;

const RADIANS = Math.PI / 180;

/**
 * Bone lengths summing to `length`: equal, or tapered linearly from 2 (root) to 1 (tip).
 * @param {{bones: number, length: number, taper: boolean}} params
 * @returns {number[]}
 */
export function boneLengths({ bones, length, taper }) {
  const weights = Array.from({ length: bones }, (_, i) => (taper ? 2 - i / (bones - 1) : 1));
  const total = weights.reduce((sum, w) => sum + w, 0);
  return weights.map((w) => (length * w) / total);
}

/**
 * The v1 limits: ±limitDeg on joints 1..n-1, joint 0 free; or every joint free.
 * @param {{bones: number, limits: boolean, limitDeg: number}} params
 * @returns {JointLimit[]}
 */
export function uniformLimits({ bones, limits, limitDeg }) {
  return Array.from({ length: bones }, (_, joint) => (limits && joint > 0 ? [-limitDeg, limitDeg] : null));
}

/** @param {number[]} a @param {number[]} b */
function sameLengths(a, b) {
  return a.length === b.length && a.every((value, i) => Math.abs(value - b[i]) <= 1e-9 * Math.max(1, Math.abs(b[i])));
}

/** @param {JointLimit[]} a @param {JointLimit[]} b */
function sameLimits(a, b) {
  return a.length === b.length && a.every((limit, i) => (limit === null || b[i] === null
    ? limit === b[i]
    : limit[0] === /** @type {[number, number]} */ (b[i])[0] && limit[1] === /** @type {[number, number]} */ (b[i])[1]));
}

/**
 * The rig's params, typed.
 * @param {Record<string, ParamValue>} params
 * @returns {RigParams}
 */
function rig(params) {
  return /** @type {RigParams} */ (/** @type {unknown} */ (params));
}

/** True when the lengths are what bones, length and taper make (a link need not carry them). */
export function lengthsImplied(/** @type {Record<string, ParamValue>} */ params) {
  const p = rig(params);
  return sameLengths(p.lengths, boneLengths(p));
}

/** True when the joint limits are what limits and limitDeg make. */
export function jointLimitsImplied(/** @type {Record<string, ParamValue>} */ params) {
  const p = rig(params);
  return sameLimits(p.jointLimits, uniformLimits(p));
}

/**
 * Checks a list of bone lengths from setState or the editor.
 * @param {unknown} value
 * @returns {{value?: number[], notices: string[]}}
 */
export function checkLengths(value) {
  if (!Array.isArray(value)) return { notices: [`Ignored lengths: expected an array of numbers, got ${typeName(value)}`] };
  if (value.length < MIN_BONES || value.length > MAX_BONES) {
    return { notices: [`Ignored lengths: ${value.length} bones; a chain has ${MIN_BONES} to ${MAX_BONES}`] };
  }
  const bad = value.findIndex((entry) => typeof entry !== 'number' || !Number.isFinite(entry));
  if (bad >= 0) return { notices: [`Ignored lengths: lengths[${bad}]=${describeValue(value[bad])} is not a finite number`] };
  const notices = [];
  let lengths = value.map((entry) => Math.min(MAX_BONE_LENGTH, Math.max(MIN_BONE_LENGTH, entry)));
  if (lengths.some((entry, i) => entry !== value[i])) {
    notices.push(`Clamped lengths to ${MIN_BONE_LENGTH}..${MAX_BONE_LENGTH} each`);
  }
  const total = lengths.reduce((sum, entry) => sum + entry, 0);
  const reach = Math.min(MAX_REACH, Math.max(MIN_REACH, total));
  if (reach < total) {
    // Shortened above the shortest length a bone may have, so none drops below it.
    const floor = MIN_BONE_LENGTH * lengths.length;
    lengths = lengths.map((entry) => MIN_BONE_LENGTH + ((entry - MIN_BONE_LENGTH) * (reach - floor)) / (total - floor));
  } else if (reach > total) {
    lengths = lengths.map((entry) => (entry * reach) / total);
  }
  if (reach !== total) {
    notices.push(`Scaled lengths to add up to ${reach} (they added up to ${quantize(total)}; the reach goes from ${MIN_REACH} to ${MAX_REACH})`);
  }
  // Kept to the 0.01 grid, the lengths may add up to a hair past the reach's range: the longest
  // bone takes the difference, so the sum (the chain's `length`) stays within it.
  const rounded = lengths.map(quantize);
  const sum = quantize(rounded.reduce((total, entry) => total + entry, 0));
  const excess = quantize(sum - Math.min(MAX_REACH, Math.max(MIN_REACH, sum)));
  if (excess !== 0) {
    const longest = rounded.indexOf(Math.max(...rounded));
    rounded[longest] = quantize(rounded[longest] - excess);
  }
  return { value: rounded, notices };
}

/**
 * Checks a list of joint limits (degrees) from setState or the editor; a bad entry leaves that
 * joint free, with a notice.
 * @param {unknown} value
 * @returns {{value?: JointLimit[], notices: string[]}}
 */
export function checkJointLimits(value) {
  if (!Array.isArray(value)) {
    return { notices: [`Ignored jointLimits: expected an array of [minDeg, maxDeg] or null, got ${typeName(value)}`] };
  }
  if (value.length > MAX_BONES) return { notices: [`Ignored jointLimits: ${value.length} joints; a chain has at most ${MAX_BONES}`] };
  /** @type {string[]} */
  const notices = [];
  const limits = value.map((entry, joint) => {
    if (entry === null) return null;
    const [min, max] = Array.isArray(entry) && entry.length === 2 ? entry : [NaN, NaN];
    if (typeof min !== 'number' || typeof max !== 'number' || !Number.isFinite(min) || !Number.isFinite(max)) {
      notices.push(`Ignored jointLimits[${joint}]=${describeValue(entry)}: expected [minDeg, maxDeg] with finite numbers, or null; joint ${joint} is free`);
      return null;
    }
    if (min > max) {
      notices.push(`Ignored jointLimits[${joint}]: min ${quantize(min)}° is more than max ${quantize(max)}°; joint ${joint} is free`);
      return null;
    }
    /** @param {number} end */
    const clamp = (end) => Math.min(MAX_LIMIT_DEG, Math.max(-MAX_LIMIT_DEG, quantize(end)));
    const low = clamp(min);
    const high = clamp(max);
    if (low !== quantize(min) || high !== quantize(max)) notices.push(`Clamped jointLimits[${joint}] to ±${MAX_LIMIT_DEG}°`);
    return /** @type {JointLimit} */ ([low, high]);
  });
  return { value: limits, notices };
}

/** A number in a link's list (link.js reads it as it reads any number), NaN if it is none. @param {string} text */
function listNumber(text) {
  return parseNumberText(text).value ?? NaN;
}

/** Links: `lengths=40,35,30.5`. @type {Pick<ParamSpec, 'parse' | 'format'>} */
export const lengthsCodec = {
  parse(text) {
    const parts = text.split(',');
    if (parts.length > MAX_BONES) return { reason: `${parts.length} bones; a chain has ${MIN_BONES} to ${MAX_BONES}` };
    const values = parts.map(listNumber);
    const bad = values.findIndex((value) => !Number.isFinite(value));
    return bad >= 0 ? { reason: `entry ${bad + 1} is not a number` } : { value: values };
  },
  format: (value) => /** @type {number[]} */ (value).map((entry) => String(quantize(entry))).join(','),
};

/** Links: `jointLimits=,-45:45,0:120` (an empty entry: a free joint). @type {Pick<ParamSpec, 'parse' | 'format'>} */
export const jointLimitsCodec = {
  parse(text) {
    const parts = text.split(',');
    if (parts.length > MAX_BONES) return { reason: `${parts.length} joints; a chain has at most ${MAX_BONES}` };
    /** @type {JointLimit[]} */
    const limits = [];
    for (const [index, part] of parts.entries()) {
      if (part.trim() === '') {
        limits.push(null);
        continue;
      }
      const ends = part.split(':').map(listNumber);
      if (ends.length !== 2 || !ends.every(Number.isFinite)) return { reason: `entry ${index + 1} is not "min:max" in degrees or empty` };
      limits.push([ends[0], ends[1]]);
    }
    return { value: limits };
  },
  format: (value) => /** @type {JointLimit[]} */ (value)
    .map((limit) => (limit ? `${quantize(limit[0])}:${quantize(limit[1])}` : '')).join(','),
};

/**
 * Keeps the rig's params in agreement after a change (see the top of this file).
 * @type {import('../../model/settings.js').Normalize}
 */
export function normalizeRig(params, before, changed) {
  const p = rig(params);
  const was = rig(before);
  /** @type {string[]} */
  const notices = [];
  if (changed.has('lengths')) {
    p.bones = p.lengths.length;
    p.length = quantize(p.lengths.reduce((sum, entry) => sum + entry, 0));
  } else if (changed.has('bones') || changed.has('taper')) {
    p.lengths = boneLengths(p);
  } else if (changed.has('length')) {
    const total = was.lengths.reduce((sum, entry) => sum + entry, 0);
    p.lengths = lengthsImplied(before) ? boneLengths(p) : was.lengths.map((entry) => quantize((entry * p.length) / total));
  }
  if (changed.has('jointLimits')) {
    if (p.jointLimits.length !== p.bones) {
      if (!changed.has('bones') && !changed.has('lengths')) {
        notices.push(`jointLimits has ${p.jointLimits.length} joints for ${p.bones} bones: ${p.jointLimits.length < p.bones ? 'the rest are free' : 'the extra ones are dropped'}`);
      }
      p.jointLimits = Array.from({ length: p.bones }, (_, joint) => p.jointLimits[joint] ?? null);
    }
    p.limits = p.jointLimits.some((limit) => limit !== null);
  } else if (changed.has('limits') || changed.has('limitDeg')) {
    p.jointLimits = uniformLimits(p);
  } else if (p.jointLimits.length !== p.bones) {
    const added = uniformLimits(p);
    p.jointLimits = added.map((limit, joint) => (joint < p.jointLimits.length ? p.jointLimits[joint] : limit));
  }
  return notices;
}

/**
 * The joint limits in radians, for the solver and the drawing.
 * @param {JointLimit[]} limits
 * @returns {Array<[number, number] | null>}
 */
export function limitsInRadians(limits) {
  return limits.map((limit) => (limit ? [limit[0] * RADIANS, limit[1] * RADIANS] : null));
}

/**
 * Sets each joint's limit on a chain when the limits differ from `current` (setLimit clamps the
 * pose). `reversed`: the chain is the same bones taken tip first (follow mode): joint k there is
 * joint n−k here, turned the other way, so [min, max] becomes [−max, −min]; joint 0 (a world
 * angle) has no counterpart and stays free.
 * @param {import('../../../../core/bindings/ik2d').Chain} chainBones
 * @param {JointLimit[]} limits
 * @param {string} current What the chain has now ('' when new).
 * @param {boolean} [reversed]
 * @returns {string} What it has after.
 */
export function applyJointLimits(chainBones, limits, current, reversed = false) {
  const key = JSON.stringify(limits);
  if (key === current) return key;
  const radians = limitsInRadians(limits);
  const count = chainBones.size;
  for (let joint = 0; joint < count; joint += 1) {
    const source = reversed ? (joint === 0 ? null : radians[count - joint]) : radians[joint];
    if (!source) chainBones.clearLimit(joint);
    else if (reversed) chainBones.setLimit(joint, -source[1], -source[0]);
    else chainBones.setLimit(joint, source[0], source[1]);
  }
  return key;
}
