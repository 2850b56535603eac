/**
 * The inline SVG poster the element snippet of Copy embed code carries (docs/stories.md,
 * "Posters"): exportImage('svg') of the figure as it is (presentation attributes only, no style
 * attributes, so a strict Content-Security-Policy shows it), made an inline <svg data-poster>
 * titled with the figure's text description. Text to copy, never inserted into a page here.
 */

/** Longest description kept in the <title>, characters. */
const MAX_TITLE = 600;

/** @param {string} text @returns {string} Text safe in XML element content. */
function escapeText(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * An exported SVG document → the element's poster child.
 * @param {string} svg exportImage('svg')'s text.
 * @param {string} description The figure's text description (its canvas' aria-describedby text).
 * @returns {string}
 */
export function posterSvg(svg, description) {
  const body = svg.replace(/^\s*<\?xml[^>]*\?>\s*/, '').trim();
  const open = /^<svg\b[^>]*>/.exec(body);
  if (!open) throw new Error('posterSvg: not an SVG document');
  const title = escapeText(description.trim().slice(0, MAX_TITLE) || 'An inverse-kinematics figure');
  const tag = open[0].replace(/^<svg\b/, '<svg data-poster="" role="img"');
  return `${tag}<title>${title}</title>${body.slice(open[0].length)}`;
}
