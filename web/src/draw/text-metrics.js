/**
 * Text widths from one fixed table, for the SVG export (svg-context.js): the browser's export and
 * `npx ik2d render` in Node measure every label with these numbers, so both lay the figure out
 * alike and write the same SVG. A real canvas measures with whatever font the reader's machine
 * picks for the family; an SVG is drawn later by another viewer with its own fonts, so no
 * measurement made while exporting is exact there either: the table is a fair estimate for the
 * sans-serif fonts the page names.
 *
 * The widths are the advance widths of Liberation Sans (metric-compatible with Arial and
 * Helvetica), regular and bold, in thousandths of an em: ASCII from the space to the tilde, and
 * the other characters the scenes draw. Any other character counts as ASCII_FALLBACK, a wide (CJK)
 * one as a whole em, a control character or a combining mark as nothing.
 */

/** Widths of " " (U+0020) to "~" (U+007E), 1/1000 em. */
const REGULAR = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778,
  722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278,
  278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778,
  722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333,
  278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
  611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];

/**
 * The other characters the scenes draw: [regular, bold], 1/1000 em. Sub- and superscripts the
 * font lacks count as its "¹"; arrows as its "→".
 * @type {Record<string, [number, number]>}
 */
const OTHERS = {
  '·': [278, 278], '−': [584, 584], '→': [1000, 1000], 'ℓ': [323, 489], '°': [400, 400], '²': [333, 333],
  '¹': [333, 333], '₁': [333, 333], '₂': [333, 333], 'ᵀ': [333, 333], '⁻': [333, 333], '×': [584, 584],
  'π': [690, 766], '′': [188, 240], 'β': [575, 610], 'α': [578, 615], 'θ': [556, 541], '±': [549, 549],
  '∓': [549, 549], 'δ': [557, 606], '…': [1000, 1000], 'λ': [500, 556], '’': [222, 278], '–': [556, 556],
  '—': [1000, 1000], '≤': [549, 549], '≥': [549, 549], 'Δ': [668, 719], '√': [549, 549], '∂': [494, 494],
  '↑': [500, 500], '↗': [1000, 1000], '↦': [1000, 1000], 'ζ': [441, 460], 'é': [556, 556], 'Σ': [618, 600],
  'σ': [617, 684], 'ω': [781, 845], '◆': [722, 722], '▶': [722, 722],
};

/** Width of a character the table does not hold: a lower-case letter's, 1/1000 em. */
const ASCII_FALLBACK = [556, 611];

/** The canvas' default font, used when a font string cannot be read. */
const DEFAULT = { size: 10, bold: false };

/**
 * The size and weight of a CSS font shorthand ("600 12px system-ui, sans-serif").
 * @param {string} font
 * @returns {{size: number, bold: boolean}}
 */
export function fontSizeAndWeight(font) {
  const match = /^\s*(?:(?:italic|oblique|normal)\s+)?(?:(bold|bolder|lighter|normal|\d{3})\s+)?([\d.]+)px\b/.exec(font);
  if (!match) return DEFAULT;
  const size = Number(match[2]);
  if (!Number.isFinite(size)) return DEFAULT;
  const weight = match[1];
  return { size, bold: weight === 'bold' || weight === 'bolder' || (weight !== undefined && Number(weight) >= 600) };
}

/** @param {number} code */
function isWide(code) {
  return (code >= 0x1100 && code <= 0x115f) || (code >= 0x2e80 && code <= 0xa4cf) || (code >= 0xac00 && code <= 0xd7a3)
    || (code >= 0xf900 && code <= 0xfaff) || (code >= 0xfe30 && code <= 0xfe4f) || (code >= 0xff00 && code <= 0xff60)
    || (code >= 0xffe0 && code <= 0xffe6) || code >= 0x1f000;
}

/**
 * The width of `text` in `font`, CSS pixels, from the table: the same number in every browser and
 * in Node.
 * @param {string} text
 * @param {string} font A CSS font shorthand, as ctx.font.
 * @returns {number}
 */
export function textWidth(text, font) {
  const { size, bold } = fontSizeAndWeight(font);
  const column = bold ? 1 : 0;
  let thousandths = 0;
  for (const char of text) {
    const code = /** @type {number} */ (char.codePointAt(0));
    if (code >= 0x20 && code <= 0x7e) thousandths += (bold ? BOLD : REGULAR)[code - 0x20];
    else if (char in OTHERS) thousandths += OTHERS[char][column];
    else if (code < 0x20 || (code >= 0x300 && code <= 0x36f)) continue; // Controls, combining marks.
    else if (isWide(code)) thousandths += 1000;
    else thousandths += ASCII_FALLBACK[column];
  }
  return (thousandths * size) / 1000;
}
