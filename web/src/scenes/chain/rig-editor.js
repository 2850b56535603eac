/**
 * The rig editor of the chain scene's panel: one row per bone with its length and its joint's
 * limit (free, or min and max in degrees), and buttons that add a bone at the tip or remove the
 * tip's. It sets `lengths` and `jointLimits`; chain/rig.js keeps the other settings in step.
 * Values are committed when an input changes (Enter, Tab or leaving it), so typing "120" is one
 * change, not three. Built with DOM calls only.
 */

import { element } from '../../draw/dom.js';
import { quantize } from '../../model/settings.js';
import { MAX_BONES, MAX_LIMIT_DEG, MIN_BONES, MIN_BONE_LENGTH, MAX_BONE_LENGTH } from './rig.js';

/**
 * @typedef {import('../../model/settings.js').ParamValue} ParamValue
 * @typedef {import('./rig.js').JointLimit} JointLimit
 */

/**
 * A number input.
 * @param {string} id
 * @param {string} label Accessible name.
 * @param {number} min
 * @param {number} max
 */
function numberInput(id, label, min, max) {
  const input = element('input', 'rig-number');
  input.type = 'number';
  input.id = id;
  input.min = String(min);
  input.max = String(max);
  input.step = 'any';
  input.inputMode = 'decimal';
  input.setAttribute('aria-label', label);
  return input;
}

/**
 * Shows `value` in an input unless the reader is typing in it.
 * @param {HTMLInputElement} input
 * @param {string} value
 */
function show(input, value) {
  if (document.activeElement !== input && input.value !== value) input.value = value;
}

/**
 * Builds the editor.
 * @param {HTMLElement} container
 * @param {(name: string, value: ParamValue) => void} onInput
 * @returns {{update: (params: Record<string, ParamValue>) => void}}
 */
export function buildRigEditor(container, onInput) {
  const details = element('details', 'rig');
  const summary = element('summary', 'rig-summary', 'Bones one by one');
  const list = element('ol', 'rig-list');
  const head = element('p', 'rig-head');
  head.setAttribute('aria-hidden', 'true');
  head.append(element('span', '', 'bone'), element('span', '', 'length'), element('span', '', 'joint limit, degrees'));
  const add = element('button', 'button', 'Add bone');
  add.type = 'button';
  add.id = 'rig-add';
  const remove = element('button', 'button button-quiet', 'Remove bone');
  remove.type = 'button';
  remove.id = 'rig-remove';
  const actions = element('div', 'rig-actions');
  actions.append(add, remove);
  details.append(summary, head, list, actions);
  container.append(details);

  /** @type {number[]} */
  let lengths = [];
  /** @type {JointLimit[]} */
  let limits = [];
  let limitDeg = 45;

  /** @type {{length: HTMLInputElement, limited: HTMLInputElement, min: HTMLInputElement, max: HTMLInputElement}[]} */
  let rows = [];

  /** Sets bone i's joint limit. @param {number} joint @param {JointLimit} limit */
  function setLimit(joint, limit) {
    onInput('jointLimits', limits.map((old, i) => (i === joint ? limit : old)));
  }

  /** @param {number} count */
  function buildRows(count) {
    rows = Array.from({ length: count }, (_, bone) => {
      const item = element('li', 'rig-bone');
      const name = element('span', 'rig-name', `${bone + 1}`);
      name.setAttribute('aria-hidden', 'true'); // The inputs' names say which bone.
      const length = numberInput(`rig-length-${bone}`, `Bone ${bone + 1} length`, MIN_BONE_LENGTH, MAX_BONE_LENGTH);
      const limited = element('input');
      limited.type = 'checkbox';
      limited.id = `rig-limited-${bone}`;
      limited.setAttribute('aria-label', `Limit joint ${bone + 1}`);
      const limitedLabel = element('label', 'rig-limited');
      limitedLabel.append(limited, 'limit');
      const min = numberInput(`rig-min-${bone}`, `Joint ${bone + 1} smallest angle, degrees`, -MAX_LIMIT_DEG, MAX_LIMIT_DEG);
      const max = numberInput(`rig-max-${bone}`, `Joint ${bone + 1} largest angle, degrees`, -MAX_LIMIT_DEG, MAX_LIMIT_DEG);
      const range = element('span', 'rig-range');
      range.append(min, '° to ', max, '°');
      const lengthLabel = element('label', 'rig-length');
      lengthLabel.append(length);
      item.append(name, lengthLabel, limitedLabel, range);
      list.append(item);

      length.addEventListener('change', () => {
        const value = Number(length.value);
        if (length.value === '' || !Number.isFinite(value)) return;
        onInput('lengths', lengths.map((old, i) => (i === bone ? quantize(value) : old)));
      });
      limited.addEventListener('change', () => setLimit(bone, limited.checked ? [-limitDeg, limitDeg] : null));
      /** Min or max typed: the other end moves along if they would cross. @param {boolean} isMin */
      const onEnd = (isMin) => {
        const typed = Number((isMin ? min : max).value);
        if (!Number.isFinite(typed) || (isMin ? min : max).value === '') return;
        const value = Math.max(-MAX_LIMIT_DEG, Math.min(MAX_LIMIT_DEG, quantize(typed)));
        const old = limits[bone] ?? [-limitDeg, limitDeg];
        setLimit(bone, isMin ? [value, Math.max(value, old[1])] : [Math.min(value, old[0]), value]);
      };
      min.addEventListener('change', () => onEnd(true));
      max.addEventListener('change', () => onEnd(false));
      return { length, limited, min, max };
    });
  }

  add.addEventListener('click', () => onInput('lengths', [...lengths, lengths[lengths.length - 1]]));
  remove.addEventListener('click', () => onInput('lengths', lengths.slice(0, -1)));

  return {
    update(params) {
      lengths = /** @type {number[]} */ (params.lengths);
      limits = /** @type {JointLimit[]} */ (params.jointLimits);
      limitDeg = Number(params.limitDeg);
      if (rows.length !== lengths.length) {
        list.replaceChildren();
        buildRows(lengths.length);
      }
      summary.textContent = `Bones one by one (${lengths.length})`;
      rows.forEach((row, bone) => {
        show(row.length, String(quantize(lengths[bone])));
        const limit = limits[bone] ?? null;
        row.limited.checked = limit !== null;
        row.min.disabled = limit === null;
        row.max.disabled = limit === null;
        show(row.min, limit ? String(limit[0]) : '');
        show(row.max, limit ? String(limit[1]) : '');
      });
      add.disabled = lengths.length >= MAX_BONES;
      remove.disabled = lengths.length <= MIN_BONES;
    },
  };
}
