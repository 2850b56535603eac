// frame.mjs: a frame of a page (an <iframe>, cross-origin or not) as an engine page, and what
// runs in a document to find and place frames. The drivers give two primitives (page.mjs:
// childFrameHandle, evaluateInFrame); everything else about frames is here, once.

/**
 * Runs in a document: the index in `window.frames` of the one <iframe> matching a selector (-1 when
 * none, several, or not loaded yet).
 * @param {string} selector
 */
export function frameIndexInPage(selector) {
  const found = [...document.querySelectorAll(selector)];
  const element = /** @type {HTMLIFrameElement | undefined} */ (found[0]);
  if (found.length !== 1 || !element.contentWindow) return -1;
  for (let i = 0; i < window.length; i += 1) if (window[i] === element.contentWindow) return i;
  return -1;
}

/**
 * Runs in a document: the <iframe> showing `window.frames[index]`, scrolled into view first if asked
 * and not all in the viewport; returns where its content box starts in the viewport, CSS px.
 * @param {{index: number, scroll: boolean}} input
 */
function frameContentInPage({ index, scroll }) {
  const element = [...document.querySelectorAll('iframe, frame')]
    .find((candidate) => /** @type {HTMLIFrameElement} */ (candidate).contentWindow === window[index]);
  if (!element) throw new Error(`no <iframe> shows frame ${index} any more`);
  let rect = element.getBoundingClientRect();
  if (scroll && (rect.top < 0 || rect.left < 0 || rect.bottom > innerHeight || rect.right > innerWidth)) {
    element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    rect = element.getBoundingClientRect();
  }
  const style = getComputedStyle(element);
  return {
    x: rect.left + element.clientLeft + parseFloat(style.paddingLeft),
    y: rect.top + element.clientTop + parseFloat(style.paddingTop),
  };
}

/** Runs in a frame: its index in its parent's window.frames. */
export function indexInParentInPage() {
  for (let i = 0; i < parent.length; i += 1) if (parent[i] === window) return i;
  return -1;
}

/**
 * A frame of a page (an <iframe>, cross-origin or not), as an EnginePage: evaluate runs in the
 * frame (through the top page's evaluateInFrame), so the locators, waits and reads built on it work
 * inside it. Pointer and touch calls take the frame's CSS px and go to the top page at the frame's
 * place then (a gesture is placed once, when it begins); keys go to the top page's focused element.
 * Its problems are the page's: the top page's problemList() covers every frame.
 *
 * Made once on the EnginePage class by page.mjs (a factory, so this module does not import
 * page.mjs, which makes frames).
 * @param {typeof import('./page.mjs').EnginePage} EnginePage
 */
export function engineFrameClass(EnginePage) {
  return class EngineFrame extends EnginePage {
    /**
     * @param {EnginePage} parent The document the frame is in.
     * @param {number} index Its index in the parent's window.frames.
     * @param {any} handle The top page's handle on it (childFrameHandle).
     */
    constructor(parent, index, handle) {
      super(parent.engine);
      this.parent = parent;
      this.index = index;
      this.handle = handle;
      this.documentMayChange = true;
    }

    get top() { return this.parent.top; }
    get frameHandle() { return this.handle; }

    evaluate(fn, arg) { return this.top.evaluateInFrame(this.handle, fn, arg); }

    async toTop(point) {
      const origin = await this.parent.evaluate(frameContentInPage, { index: this.index, scroll: false });
      return this.parent.toTop({ x: origin.x + point.x, y: origin.y + point.y });
    }

    async reveal() {
      await this.parent.reveal();
      await this.parent.evaluate(frameContentInPage, { index: this.index, scroll: true });
    }

    async move(x, y, options) {
      const at = await this.toTop({ x, y });
      await this.top.move(at.x, at.y, options);
    }

    async pointerMoveTo(x, y) { return this.move(x, y); }
    pointerDown() { return this.top.pointerDown(); }
    pointerUp() { return this.top.pointerUp(); }
    press(key) { return this.top.press(key); }

    async drag(points, steps) {
      const offset = await this.toTop({ x: 0, y: 0 });
      await this.top.drag(points.map((p) => ({ x: p.x + offset.x, y: p.y + offset.y })), steps);
    }

    async touchStart(x, y) {
      const at = await this.toTop({ x, y });
      await this.top.touchStart(at.x, at.y);
    }

    async touchMoveTo(x, y) {
      const at = await this.toTop({ x, y });
      await this.top.touchMoveTo(at.x, at.y);
    }

    touchEnd() { return this.top.touchEnd(); }

    async touchDrag(from, to, steps) {
      const offset = await this.toTop({ x: 0, y: 0 });
      await this.top.touchDrag({ x: from.x + offset.x, y: from.y + offset.y }, { x: to.x + offset.x, y: to.y + offset.y }, steps);
    }

    problemList() { return this.top.problemList(); }

    async goto(url) { throw new Error(`${this.engine}: a frame does not navigate in these tests (goto ${url}): open a page`); }
    async screenshot() { throw new Error(`${this.engine}: take the page's screenshot, not a frame's`); }
    async setViewportSize(size) { throw new Error(`${this.engine}: a frame's size is its <iframe>'s (setViewportSize ${JSON.stringify(size)})`); }
  };
}
