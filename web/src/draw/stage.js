/**
 * The stage's markup, written once: the notices over it, the canvas and what sits on the canvas
 * (the play control, the accessible description and announcer, the loading and error messages,
 * the link out), and the readouts that go in the strip under it. The playground page gets them as
 * HTML at build time: scripts/build.mjs writes stageHtml() in place of its `<!-- stage -->` and
 * `<!-- readouts -->` lines. <ik2d-scene> (and so embed.html) builds the same nodes in its shadow
 * root with stageNodes(). Every part is found by its id, in a page or in an element's shadow root.
 */

/**
 * An element of the stage: its tag, its attributes and its children (elements or text).
 * @typedef {{tag: string, attributes: Record<string, string>, children: Array<StageNode | string>}} StageNode
 */

/**
 * @param {string} tag
 * @param {Record<string, string>} attributes
 * @param {Array<StageNode | string>} children
 * @returns {StageNode}
 */
const el = (tag, attributes, ...children) => ({ tag, attributes, children });

/** @type {readonly StageNode[]} */
export const STAGE = [
  el('div', { id: 'notices', class: 'notices', role: 'status', hidden: '' },
    el('div', { class: 'notices-text' },
      el('p', { class: 'notices-title' }, 'Some settings were ignored or adjusted:'),
      el('ul', { id: 'notice-list', class: 'notice-list' })),
    el('button', { id: 'notice-dismiss', type: 'button', class: 'button button-quiet' }, 'Dismiss')),
  el('div', { class: 'stage' },
    el('button', { id: 'play', type: 'button', class: 'play-button', hidden: '' },
      el('span', { 'aria-hidden': 'true' }, '▶'), ' Play'),
    el('canvas', { id: 'view', tabindex: '0', role: 'application', 'aria-label': 'Inverse-kinematics scene', 'aria-describedby': 'scene-description' }),
    el('p', { id: 'scene-description', class: 'visually-hidden' }),
    el('p', { id: 'scene-announcer', class: 'visually-hidden', role: 'status' }),
    el('p', { id: 'loading', class: 'stage-message' }, 'Loading the solver…'),
    el('div', { id: 'fatal', class: 'stage-message stage-error', role: 'alert', hidden: '' },
      el('p', { class: 'stage-error-title' }, 'The scene cannot run here.'),
      el('p', { id: 'fatal-message' }),
      el('p', { id: 'fatal-detail', class: 'stage-error-detail' })),
    el('a', { id: 'open-playground', class: 'open-playground', href: 'index.html', target: '_blank', rel: 'noopener' }, 'Open in playground ↗')),
];

/**
 * The readouts (host/readouts.js fills them): in the playground's strip under the stage, beside
 * its tools; in an element's strip alone (shown with readouts=1).
 * @type {readonly StageNode[]}
 */
export const READOUTS = [el('dl', { id: 'readouts', class: 'readouts', 'aria-label': 'Solution' })];

/**
 * The stage (or other nodes of this file) as DOM nodes, made with DOM calls (no HTML is parsed).
 * @param {Document} doc
 * @param {readonly StageNode[]} [nodes]
 * @returns {DocumentFragment}
 */
export function stageNodes(doc, nodes = STAGE) {
  /** @param {StageNode} node */
  const make = ({ tag, attributes, children }) => {
    const made = doc.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
    made.append(...children.map((child) => (typeof child === 'string' ? child : make(child))));
    return made;
  };
  const fragment = doc.createDocumentFragment();
  fragment.append(...nodes.map(make));
  return fragment;
}

/** @param {string} text */
const escapeHtml = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The stage (or other nodes of this file) as HTML, each element on a line of its own, indented
 * from `indent`.
 * @param {string} indent
 * @param {readonly StageNode[]} [nodes]
 * @returns {string}
 */
export function stageHtml(indent, nodes = STAGE) {
  /**
   * @param {StageNode} node
   * @param {string} at
   * @returns {string}
   */
  const write = ({ tag, attributes, children }, at) => {
    const open = `<${tag}${Object.entries(attributes).map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`)).join('')}>`;
    // Text and what stands in it on the element's line; elements alone on lines of their own.
    const inline = children.length === 0 || children.some((child) => typeof child === 'string');
    const inner = inline
      ? children.map((child) => (typeof child === 'string' ? escapeHtml(child) : write(child, '').trimEnd())).join('')
      : `\n${children.map((child) => write(/** @type {StageNode} */ (child), `${at}  `)).join('')}${at}`;
    return `${at}${open}${inner}</${tag}>\n`;
  };
  return nodes.map((node) => write(node, indent)).join('');
}
