/**
 * How the story elements (steps.js, values.js) reach an <ik2d-scene>: the element answers
 * `figure[STORY]()` with what they need of it (element.js), nothing of it is public API.
 *
 * @typedef {Object} FigureAccess
 * @property {import('../host/playground.js').Playground | null} api The scene's API once it has drawn
 *   (the element's load event); null before.
 * @property {import('../scenes/index.js').SceneDefinition[]} scenes Every scene (stubs but the loaded ones).
 * @property {import('../scenes/index.js').SceneDefinition | null} definition The scene shown now.
 * @property {(name: string) => boolean} isLinkAttribute Whether an attribute name can be a link key.
 * @property {(name: string) => string} linkKey The link key an attribute name means in the scene shown.
 * @property {(key: string) => string | undefined} defaultText The link text a key has by default.
 * @property {() => string} attributeQuery The link query the figure's own attributes make.
 * @property {(notices: string[]) => void} showNotices Shows notices in the figure.
 * @property {ShadowRoot} root The figure's shadow root.
 * @property {HTMLCanvasElement} canvas The canvas the scene is drawn on.
 * @property {() => import('../draw/bone-art.js').Bone[]} bones The scene's bones now (world units).
 * @property {() => void} draw Draws the scene now if it changed (printing; a figure never in view).
 */

/** The key of the element's access method. */
export const STORY = Symbol('ik2d story access');

/**
 * The <ik2d-scene> with that id in the element's document (or its shadow root), or null.
 * @param {Element} from
 * @param {string | null} id
 * @returns {HTMLElement | null}
 */
export function figureFor(from, id) {
  if (!id) return null;
  const root = /** @type {Document | ShadowRoot} */ (from.getRootNode());
  const found = 'getElementById' in root ? root.getElementById(id) : null;
  return found && typeof (/** @type {any} */ (found))[STORY] === 'function' ? found : null;
}

/**
 * What a figure from figureFor() gives the story elements.
 * @param {HTMLElement} figure
 * @returns {FigureAccess}
 */
export function accessOf(figure) {
  return /** @type {any} */ (figure)[STORY]();
}

/** Whether the reader asked for less motion. */
export function reducedMotion() {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A constructed stylesheet for a story element's shadow root (adopted: allowed under a strict
 * Content-Security-Policy, no inline <style>).
 * @param {string} css
 */
export function storySheet(css) {
  /** @type {CSSStyleSheet | null} */
  let sheet = null;
  return () => {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
    }
    return sheet;
  };
}

/**
 * Gives a story element its open shadow root: `sheet` (from storySheet) adopted, and one slot that
 * shows the author's children.
 * @param {HTMLElement} element
 * @param {CSSStyleSheet} sheet
 * @returns {ShadowRoot}
 */
export function attachSlotted(element, sheet) {
  const root = element.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = [sheet];
  root.append(document.createElement('slot'));
  return root;
}
