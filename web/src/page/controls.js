/**
 * The playground page's side-panel widgets built from a scene's specs: a control per param.
 * Everything is created with DOM calls and textContent (no HTML strings).
 */

import { element, keyBadge, keyName } from '../draw/dom.js';
import { formatNumber, keyedValue } from '../model/settings.js';

/**
 * @typedef {import('../model/settings.js').ParamSpec} ParamSpec
 * @typedef {import('../model/settings.js').ParamValue} ParamValue
 */

/** @param {ParamSpec} spec */
function labelContent(spec) {
  const fragment = document.createDocumentFragment();
  fragment.append(`${spec.label} `, element('code', '', spec.name));
  if (spec.key) fragment.append(' ', keyBadge(spec.key));
  return fragment;
}

/**
 * How a range param's value reads on its control: "120", "45°", or the spec's maxLabel at max.
 * @param {ParamSpec} spec
 * @param {number} value
 */
function rangeText(spec, value) {
  if (spec.maxLabel && value === spec.max) return spec.maxLabel;
  return `${formatNumber(value)}${spec.unit ?? ''}`;
}

/**
 * Builds the controls for a scene's params: a slider per 'range', a flip button per 'sign', a
 * switch (a checkbox with role="switch") per 'toggle', a segmented radio group per 'choice' and,
 * per 'seed', its value with a button that picks the next one.
 * @param {HTMLElement} container Emptied first.
 * @param {ParamSpec[]} specs
 * @param {(name: string, value: ParamValue) => void} onInput A control changed a value.
 * @returns {{update: (params: Record<string, ParamValue>) => void}} Shows values set elsewhere.
 */
export function buildControls(container, specs, onInput) {
  container.replaceChildren();
  /** @type {((params: Record<string, ParamValue>) => void)[]} */
  const updaters = [];
  for (const spec of specs) {
    if (spec.kind === 'custom') {
      // Its own editor (which may set other params too), or nothing: set by links and setState.
      if (spec.editor) {
        const row = element('div', `control control-custom control-${spec.name}`);
        updaters.push(spec.editor(row, onInput).update);
        container.append(row);
      }
      continue;
    }
    const id = `param-${spec.name}`;
    const row = element('div', `control control-${spec.kind}`);
    const head = element('div', 'control-head');
    /** Shows the value in words or digits ('range' and 'sign'; switches and radios show it). */
    const output = element('output', 'control-value');
    output.id = `${id}-value`;
    output.htmlFor.add(id);
    /** @type {HTMLElement} */
    let control;
    /** @type {ParamValue} The value shown now; NaN until the first update. */
    let shown = NaN;

    if (spec.kind === 'range') {
      const label = element('label');
      label.htmlFor = id;
      label.append(labelContent(spec));
      const input = element('input');
      input.type = 'range';
      input.id = id;
      input.name = spec.name;
      input.min = String(spec.min);
      input.max = String(spec.max);
      input.step = String(spec.step ?? 1);
      input.addEventListener('input', () => onInput(spec.name, Number(input.value)));
      head.append(label, output);
      row.append(head, input);
      control = input;
      updaters.push((params) => {
        const value = Number(params[spec.name]);
        if (value === shown) return;
        shown = value;
        output.textContent = rangeText(spec, value);
        input.value = String(value);
        // Read aloud as the control shows it ("no limit", "45°"), not as a bare number.
        if (spec.unit || spec.maxLabel) input.setAttribute('aria-valuetext', rangeText(spec, value));
      });
    } else if (spec.kind === 'toggle') {
      const label = element('label', 'control-switch');
      label.htmlFor = id;
      const input = element('input');
      input.type = 'checkbox';
      input.id = id;
      input.name = spec.name;
      input.setAttribute('role', 'switch');
      input.addEventListener('change', () => onInput(spec.name, input.checked));
      const text = element('span', 'control-label');
      text.append(labelContent(spec));
      label.append(text, input);
      row.append(label);
      control = input;
      updaters.push((params) => {
        const value = params[spec.name] === true;
        if (value === shown) return;
        shown = value;
        input.checked = value;
      });
    } else if (spec.kind === 'choice') {
      const group = element('fieldset', 'segmented');
      group.id = id;
      const legend = element('legend', 'control-label');
      legend.append(labelContent(spec));
      group.append(legend);
      const segments = element('div', 'segments');
      /** @type {HTMLInputElement[]} */
      const radios = [];
      for (const option of spec.options ?? []) {
        const segment = element('label', 'segment');
        const radio = element('input');
        radio.type = 'radio';
        radio.name = spec.name;
        radio.value = option.value;
        radio.id = `${id}-${option.value}`;
        radio.addEventListener('change', () => {
          if (radio.checked) onInput(spec.name, option.value);
        });
        segment.append(radio, element('span', '', option.label));
        segments.append(segment);
        radios.push(radio);
      }
      group.append(segments);
      row.append(group);
      control = group;
      updaters.push((params) => {
        const value = params[spec.name];
        if (value === shown) return;
        shown = value;
        for (const radio of radios) radio.checked = radio.value === value;
      });
    } else if (spec.kind === 'seed') {
      // The value as text (a slider over billions of seeds would be useless) and a button that
      // picks the next one.
      const label = element('span', 'control-label');
      label.append(labelContent(spec));
      const button = element('button', 'button', spec.buttonLabel ?? `New ${spec.label.toLowerCase()}`);
      button.type = 'button';
      button.id = id;
      button.addEventListener('click', () => onInput(spec.name, keyedValue(spec, shown)));
      label.append(' ', output);
      head.append(label, button);
      row.append(head);
      control = button;
      control.setAttribute('aria-describedby', output.id);
      updaters.push((params) => {
        const current = Number(params[spec.name]);
        if (current === shown) return;
        shown = current;
        output.textContent = String(current);
      });
    } else {
      const label = element('span', 'control-label');
      label.append(labelContent(spec));
      const button = element('button', 'button', `Flip ${spec.label.toLowerCase()}`);
      button.type = 'button';
      button.id = id;
      button.addEventListener('click', () => onInput(spec.name, keyedValue(spec, shown)));
      const words = spec.signLabels ?? ['+1', '−1'];
      head.append(label, button);
      row.append(head, output);
      control = button;
      control.setAttribute('aria-describedby', output.id);
      updaters.push((params) => {
        const value = params[spec.name];
        if (value === shown) return;
        shown = value;
        output.textContent = Number(value) > 0 ? words[0] : words[1];
        row.dataset.sign = Number(value) > 0 ? 'positive' : 'negative';
      });
    }
    if (spec.key) control.setAttribute('aria-keyshortcuts', keyName(spec.key));
    if (spec.help) {
      const help = element('p', 'control-help', spec.help);
      help.id = `${id}-help`;
      row.append(help);
      const described = control.getAttribute('aria-describedby');
      control.setAttribute('aria-describedby', described ? `${described} ${help.id}` : help.id);
    }
    if (spec.shownWhen) {
      // Only where it applies (the chain's damping, for DLS); its value stays in links either way.
      const { shownWhen } = spec;
      updaters.push((params) => {
        const hide = !shownWhen(params);
        if (row.hidden !== hide) row.hidden = hide;
      });
    }
    if (spec.dependsOn) {
      // Still usable (a value set now applies once the toggle is on), but visibly secondary.
      const { dependsOn } = spec;
      updaters.push((params) => {
        const off = params[dependsOn] !== true;
        if ((row.dataset.inactive === 'true') !== off) {
          if (off) row.dataset.inactive = 'true';
          else delete row.dataset.inactive;
        }
      });
    }
    container.append(row);
  }
  return {
    update(params) {
      for (const update of updaters) update(params);
    },
  };
}
