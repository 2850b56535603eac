/**
 * Sharing: the URLs a scene is shared under (the playground and the embed view), the snippets a
 * blog post pastes (an `<iframe>`, or the `<ik2d-scene>` element and its script), and copying
 * either to the clipboard with a visible fallback.
 *
 * Every URL is built relative to the current page, so dist/ works from any host and sub-path:
 * `index.html` (the playground) and `embed.html` (the embed view) sit side by side.
 */

/** Size of the snippet's iframe, CSS pixels: the scenes' worlds are 4:3. */
const EMBED_SIZE = Object.freeze({ width: 640, height: 480 });

/**
 * The absolute URL of the embed view for a link query.
 * @param {string} query A link query without "?" (formatLink()).
 * @param {string} page The URL of the page we are on (location.href).
 * @returns {string}
 */
export function embedUrl(query, page) {
  return new URL(`embed.html?${query}`, page).href;
}

/**
 * The absolute URL of the playground for a link query.
 * @param {string} query A link query without "?".
 * @param {string} page The URL of the playground page we are on.
 * @returns {string}
 */
export function playgroundUrl(query, page) {
  return new URL(`?${query}`, page).href;
}

/**
 * Escapes text for an HTML attribute value in double quotes.
 * @param {string} text
 */
function escapeAttribute(text) {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * True for a name that is safe as an HTML attribute name as it is (letters, digits, "-" and "_",
 * a letter first): a name cannot be escaped, so a snippet leaves any other out.
 * @param {string} name
 */
function isAttributeName(name) {
  return /^[A-Za-z][A-Za-z0-9_-]*$/.test(name);
}

/**
 * A size for a snippet's attribute or style: a whole number of pixels, else the default.
 * @param {unknown} value
 * @param {number} fallback
 * @returns {number}
 */
const pixels = (value, fallback) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : fallback);

/**
 * The `<iframe>` snippet a blog post pastes to embed a scene: a title for screen readers, lazy
 * loading, no border, and the scene's 4:3 shape at any column width: as wide as the column up to
 * `width` px, as high as `aspect-ratio` makes it (a 320 px column gives 320×240). The width and
 * height attributes are the fallback where styles are dropped (feed readers); a browser without
 * `aspect-ratio` (before 2021) shows a shorter box with the whole scene still fitted inside.
 * With `colorScheme` (a transparent embed) the iframe's color-scheme matches the embed's, without
 * which browsers paint an opaque backdrop behind a transparent iframe.
 * It is text to copy, never inserted into this page.
 * @param {{src: string, title: string, width?: number, height?: number, colorScheme?: string}} options
 * @returns {string}
 */
export function embedSnippet({ src, title, width = EMBED_SIZE.width, height = EMBED_SIZE.height, colorScheme }) {
  width = pixels(width, EMBED_SIZE.width);
  height = pixels(height, EMBED_SIZE.height);
  // (A color scheme is keywords: anything else would be a way out of the style.)
  const scheme = typeof colorScheme === 'string' && /^[a-z ]+$/.test(colorScheme) ? colorScheme : '';
  const style = `border:0;display:block;width:100%;max-width:${width}px;height:auto;aspect-ratio:${width}/${height}`
    + (scheme ? `;color-scheme:${scheme}` : '');
  return `<iframe src="${escapeAttribute(String(src))}" title="${escapeAttribute(String(title))}" `
    + `width="${width}" height="${height}" loading="lazy" style="${escapeAttribute(style)}"></iframe>`;
}

/**
 * The `<ik2d-scene>` snippet a blog post pastes where the host runs its scripts: the module script
 * that defines the element, then the element with each link key of `query` as an attribute of the
 * same name (`v` left out while it is 1, the version a link without it is read as; a key that is
 * no plain attribute name left out too, since a name cannot be escaped). Pasted more
 * than once on a page, the script still runs once. Like the iframe, 4:3 across the column.
 * It is text to copy, never inserted into this page.
 * @param {{script: string, query: string, poster?: string}} options `script`: the absolute URL of
 *   ik2d-element.js; `query`: a link query without "?" (formatLink() and pageQuery()); `poster`: the
 *   element's inline SVG poster child (story/poster-svg.js), shown until it draws and wherever it
 *   cannot run.
 * @returns {string}
 */
export function elementSnippet({ script, query, poster = '' }) {
  const attributes = [...new URLSearchParams(query)]
    .filter(([key, value]) => isAttributeName(key) && !(key === 'v' && value === '1'))
    .map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`).join('');
  const inside = poster ? `\n${poster}\n` : '';
  return `<script type="module" src="${escapeAttribute(script)}"></script>\n<ik2d-scene${attributes}>${inside}</ik2d-scene>`;
}

/**
 * Copies text to the clipboard and says so in `status`. Where the browser refuses (plain http,
 * a denied permission, no Clipboard API), shows the text in `status`, selected, to copy by hand.
 * @param {string} text
 * @param {HTMLElement} status An aria-live element under the buttons.
 * @param {string} what What is copied, for the messages ("Link", "Embed code").
 * @returns {Promise<boolean>} Whether the clipboard took it.
 */
export async function copyText(text, status, what) {
  try {
    if (!navigator.clipboard) throw new Error('no Clipboard API here');
    await navigator.clipboard.writeText(text);
    status.replaceChildren(`${what} copied.`);
    return true;
  } catch {
    document.getElementById('copy-text')?.remove(); // Shown for an earlier copy elsewhere.
    const label = document.createElement('span');
    label.className = 'copy-label';
    label.textContent = `The browser did not allow copying. ${what}, selected for you to copy: `;
    const value = document.createElement('code');
    value.className = 'copy-text';
    value.id = 'copy-text';
    value.textContent = text;
    status.replaceChildren(label, value);
    getSelection()?.selectAllChildren(value);
    return false;
  }
}
