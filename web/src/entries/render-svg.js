/**
 * `npx ik2d render` (bin/ik2d.mjs): a link's figure as SVG, in Node, without a browser. The build
 * bundles this module into dist/node/ik2d-render.js; the page does not load it.
 *
 * Every step is the page's own code, run as a page opened on the link runs it: the link is read by
 * parseLink() (link.js) with its notices, the page params and the settings are checked by
 * applyPageParams() and applyPartial(), the scene's own state (the chain's pose, the spider's
 * place) is restored and the scene solved once (playground.js, change()); the scene's WebAssembly
 * module is the one in dist/ (solvers.js). Then one frame is drawn (frame.js) into the SVG
 * recorder playground.exportImage('svg') uses (svg-context.js, text measured from text-metrics.js'
 * table), through a view fitted to width × height as the page's canvas is (view.js). So the SVG is
 * byte for byte what exportImage('svg') gives on a page opened on the link, at that size, before
 * its time runs (a page with play=paused), in the light theme unless the link says theme=dark
 * (Node has no reader preference for theme=auto).
 *
 * Colours come from styles/tokens.css, read as text (the bundle holds it): Node has no CSS engine
 * to compute them.
 */

import { themeFrom } from '../draw/draw.js';
import tokensCss from '../../styles/tokens.css';
import { parseLink } from '../model/link.js';
import { SCENE_IDS, loadScenes, sceneStub, solverOf } from '../scenes/catalog.js';
import { describeValue } from '../model/settings.js';
import { runFromLink } from '../host/scene-run.js';
import { loadSolver } from '../host/solvers.js';
import { createSvgContext } from '../draw/svg-context.js';
import { createFixedView } from '../draw/view.js';

/** What render takes: the width in CSS pixels (the SVG's units), a whole number. */
export const RENDER_LIMITS = Object.freeze({
  width: Object.freeze({ min: 32, max: 4096, default: 640 }),
});

/**
 * The height drawn at a width: the 4:3 shape of the embed and of <ik2d-scene>, whole pixels.
 * @param {number} width
 */
export function renderHeight(width) {
  return Math.round((width * 3) / 4);
}

/** A link that the page would open with notices: render draws nothing then. */
export class LinkError extends Error {
  /** @param {string[]} notices What the page would show, one line each. */
  constructor(notices) {
    super(`the link has problems:\n${notices.map((notice) => `  ${notice}`).join('\n')}`);
    this.name = 'LinkError';
    this.notices = notices;
  }
}

/**
 * Checks a width given to render; throws a TypeError or RangeError naming it and its range.
 * @param {unknown} width
 * @param {string} [name] How the message names it (the command line's "--width").
 * @returns {number}
 */
export function checkWidth(width, name = 'render: width') {
  const { min, max } = RENDER_LIMITS.width;
  if (typeof width !== 'number' || !Number.isInteger(width) || width < min || width > max) {
    const kind = typeof width === 'number' ? RangeError : TypeError;
    throw new kind(`${name} expects a whole number of pixels from ${min} to ${max}, got ${describeValue(width)}`);
  }
  return width;
}

/**
 * The query of a link as render is given it: a whole URL ("https://host/ik2d/?scene=arm&…"), a
 * path with a query ("embed.html?scene=arm"), a query with or without its "?"; a fragment is
 * dropped.
 * @param {string} link
 * @returns {string} The query without "?".
 */
export function linkQuery(link) {
  const text = link.trim();
  if (/^[a-z][a-z\d+.-]*:/i.test(text)) {
    /** @type {URL | null} */
    let url = null;
    try {
      url = new URL(text);
    } catch { /* Said below. */ }
    if (!url || !['http:', 'https:', 'file:'].includes(url.protocol)) {
      throw new TypeError(`render: ${describeValue(text)} is not a link (expected a URL such as https://example.org/?scene=arm, or its query)`);
    }
    return url.search.slice(1);
  }
  const query = text.includes('?') ? text.slice(text.indexOf('?') + 1) : text;
  const hash = query.indexOf('#');
  return hash < 0 ? query : query.slice(0, hash);
}

/**
 * The theme render draws in: tokens.css' light or dark tokens, as an element's frame has them, each
 * `var(--ik2d-…, value)` read as its value (no host sets them here).
 * @param {boolean} dark
 * @returns {Map<string, string>}
 */
function elementTokens(dark) {
  /** @param {string} selector */
  const block = (selector) => {
    const start = tokensCss.indexOf(`\n${selector} {`);
    if (start < 0) throw new Error(`render: tokens.css has no ${selector} block`);
    const body = tokensCss.slice(start, tokensCss.indexOf('\n}', start));
    return [...body.matchAll(/^\s*(--[\w-]+):\s*([^;]+);/gm)].map(([, name, value]) => {
      const host = /^var\(--ik2d-[\w-]+,\s*(.*)\)$/.exec(value.trim());
      return /** @type {[string, string]} */ ([name, host ? host[1] : value.trim()]);
    });
  };
  return new Map([...block('.frame'), ...(dark ? block('.frame[data-theme="dark"]') : [])]);
}

/**
 * Draws a link's figure as an SVG document.
 * @param {string} link A URL, or its query (with or without "?").
 * @param {{width?: number}} [options] `width`: CSS pixels (RENDER_LIMITS.width), default 640; the
 *   height is renderHeight(width).
 * @returns {Promise<string>} The SVG, as exportImage('svg') writes it.
 * @throws {LinkError} When the page would show notices for the link (an unknown scene or key, a
 *   value out of range...): their text, as the page shows it.
 */
export async function renderSvg(link, { width = RENDER_LIMITS.width.default } = {}) {
  if (typeof link !== 'string') throw new TypeError(`render: the link expects a string, got ${describeValue(link)}`);
  checkWidth(width);
  const height = renderHeight(width);
  const query = linkQuery(link);
  // As main.js boots an embed: the link's scene id first, then that scene's code and module.
  const wanted = parseLink(query, SCENE_IDS.map(sceneStub));
  const id = wanted.scene.id;
  const [solver, [definition]] = await Promise.all([loadSolver(solverOf(id)), loadScenes([id])]);
  const { partial, notices } = parseLink(query, SCENE_IDS.map((each) => (each === id ? definition : sceneStub(each))));

  // As a page opened on the link starts its scene (scene-run.js): page params, settings, the
  // scene's own state, a solve.
  const { run, page, notices: applied } = runFromLink(definition, solver, partial);
  try {
    notices.push(...applied);
    if (notices.length) throw new LinkError(notices);
    const tokens = elementTokens(page.theme === 'dark');
    const theme = themeFrom((name) => tokens.get(name) ?? '', {
      dark: page.theme === 'dark', transparent: page.transparent, font: tokens.get('--font') ?? '',
    });
    const svg = createSvgContext(width, height);
    // The view draws into the recorder: a stand-in canvas whose context is the recorder's.
    const canvas = /** @type {HTMLCanvasElement} */ (/** @type {unknown} */ ({ width, height, getContext: () => svg.context }));
    run.drawInto(createFixedView(canvas, definition.world, width, height), theme);
    return svg.toString();
  } finally {
    run.dispose();
  }
}
