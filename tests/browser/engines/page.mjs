// page.mjs: the engine-neutral page every driver returns. A driver implements a few primitives
// through its engine's native protocol (evaluate, pointer, keys, screenshot, close); the rest
// (reading text, attributes and boxes, waiting, dragging, locators) is built here on those
// primitives, once. Where a call does what a Playwright Page call does, it has its name and
// arguments (mouse.move, keyboard.press, getByRole, waitForFunction...), so a test reads alike.
import { engineFrameClass, frameIndexInPage, indexInParentInPage } from './frame.mjs';
import { Locator } from './locator.mjs';

/**
 * @typedef {Object} OpenOptions
 * @property {{width: number, height: number}} [viewport] CSS px, default 1200×760.
 * @property {boolean} [touch] A touch device (coarse pointer, touch events); only where
 *   engine.can.touch.
 * @property {number} [deviceScaleFactor] The device pixel ratio (default 1; where engine.can.deviceScaleFactor).
 * @property {() => void} [initScript] Run in every document of the page before its own scripts
 *   (where engine.can.initScript).
 * @property {boolean} [clipboard] Let the page read and write the clipboard (where engine.can.readClipboard).
 * @property {boolean} [waitReady] Wait for html[data-ready] (default true); fails on 'error'.
 */

/** The default viewport, as in harness.mjs. */
export const DEFAULT_VIEWPORT = { width: 1200, height: 760 };

/** How long waitFor() gives the page, ms. */
const WAIT_TIMEOUT = 15000;

/**
 * Runs in the page: the first element a CSS selector matches in the document or, as Playwright's
 * CSS selectors do, in an open shadow root (an <ik2d-scene>'s stage; embed.html is one).
 * @param {string} selector
 * @returns {Element | null}
 */
function deepQuery(selector) {
  /** @param {Document | ShadowRoot} root @returns {Element | null} */
  const first = (root) => root.querySelector(selector)
    ?? [...root.querySelectorAll('*')].reduce((hit, element) => hit ?? (element.shadowRoot ? first(element.shadowRoot) : null), /** @type {Element | null} */ (null));
  return first(document);
}

/**
 * A page function `fn(arg)` that may call deepQuery(selector).
 * @template A, T
 * @param {(arg: A) => T} fn
 * @returns {(arg: A) => T}
 */
export function withDeepQuery(fn) {
  return /** @type {(arg: A) => T} */ (new Function('arg', `const deepQuery = ${deepQuery}; return (${fn})(arg);`));
}

/** How long a page may take to be ready, ms: WebKit on a busy 2-core machine took over 15 s. */
const READY_TIMEOUT = 45000;

/** The input primitives after which the page is given its next frame to draw (see the constructor). */
// Not between a press and its release: a script run there keeps WebKit from seeing a click.
const SETTLING_INPUT = /** @type {const} */ (['pointerUp', 'press', 'touchEnd']);

export class EnginePage {
  /** @param {string} engine The engine's name, for messages. */
  constructor(engine) {
    this.engine = engine;
    /** @type {string[]} Console errors and warnings, page errors, failed requests. */
    this.problems = [];
    /** Where the pointer is, CSS px, so move() can interpolate from it. */
    this.pointerAt = { x: 0, y: 0 };
    /** Whether the document can be replaced under a call (a frame's can: waitFor then tries again). */
    this.documentMayChange = false;
    // A release, a key press or a finger lifted returns once the page has drawn what it did: the page
    // draws in the animation frame after an input, as a person sees it, not in the input handler.
    for (const name of SETTLING_INPUT) {
      const primitive = /** @type {(...args: unknown[]) => Promise<unknown>} */ (this[name]);
      this[name] = async (/** @type {unknown[]} */ ...args) => {
        const done = await primitive.apply(this, args);
        await this.nextFrame();
        return done;
      };
    }
  }

  /**
   * Waits for the page's next animation frame (its drawing); a hidden page has none and draws
   * nothing (2 s at most, for a frame a browser throttles); a document replaced meanwhile (a
   * navigation) has nothing to wait for.
   */
  async nextFrame() {
    await this.evaluate(() => new Promise((resolve) => {
      if (document.hidden) {
        resolve(true);
        return;
      }
      requestAnimationFrame(() => resolve(true));
      setTimeout(() => resolve(true), 2000);
    })).catch(() => {});
  }

  // Primitives each driver implements --------------------------------------------------------

  /** @param {string} url */
  async goto(url) { throw new Error(`${this.engine}: goto(${url}) is not implemented`); }

  /**
   * Runs `fn(arg)` in the page and returns its (awaited, JSON-serialisable) result.
   * @template T, A
   * @param {(arg: A) => T | Promise<T>} fn
   * @param {A} [arg]
   * @returns {Promise<T>}
   */
  async evaluate(fn, arg) { throw new Error(`${this.engine}: evaluate(${fn}, ${arg}) is not implemented`); }

  /** Moves the pointer to one viewport point (CSS px) with the engine's native input. */
  async pointerMoveTo(x, y) { throw new Error(`${this.engine}: pointerMoveTo(${x}, ${y}) is not implemented`); }

  /** Presses the primary button where the pointer is. */
  async pointerDown() { throw new Error(`${this.engine}: pointerDown is not implemented`); }

  /** Releases it. */
  async pointerUp() { throw new Error(`${this.engine}: pointerUp is not implemented`); }

  /**
   * Presses and releases a key (KeyboardEvent.key names: "ArrowLeft", "Escape", "s"), to the focused
   * element; "Shift+ArrowUp" holds Shift.
   * @param {string} key
   */
  async press(key) { throw new Error(`${this.engine}: press(${key}) is not implemented`); }

  /**
   * Turns the mouse wheel over a viewport point (CSS px) with the engine's native input: one wheel
   * event of deltaY px (positive: down the page), which scrolls what is under the point.
   */
  async wheel(x, y, deltaY) { throw new Error(`${this.engine}: wheel(${x}, ${y}, ${deltaY}) is not implemented`); }

  /** Puts one finger down at a viewport point (native touch input; the pointer type is 'touch'). */
  async touchStart(x, y) { throw new Error(`${this.engine}: touchStart(${x}, ${y}) is not implemented`); }

  /** Moves the finger. */
  async touchMoveTo(x, y) { throw new Error(`${this.engine}: touchMoveTo(${x}, ${y}) is not implemented`); }

  /** Lifts it. */
  async touchEnd() { throw new Error(`${this.engine}: touchEnd is not implemented`); }

  /** Clicks the one element matching a CSS selector with the native pointer, at its centre. */
  click(selector) { return this.locator(selector).click(); }

  /** @returns {Promise<Buffer>} A PNG of the viewport. */
  async screenshot() { throw new Error(`${this.engine}: screenshot is not implemented`); }

  async close() {}

  /** Reloads the page (and waits for the playground unless waitReady is false). */
  async reload({ waitReady = true } = {}) {
    await this.goto(await this.evaluate(() => location.href));
    if (waitReady) await this.waitReady();
  }

  /** Resizes the viewport (CSS px). @param {{width: number, height: number}} size */
  async setViewportSize(size) { throw new Error(`${this.engine}: setViewportSize(${JSON.stringify(size)}) is not implemented`); }

  /** Changes the device pixel ratio, as a zoom or another screen does. @param {number} ratio */
  async setDeviceScaleFactor(ratio) { throw new Error(`${this.engine}: setDeviceScaleFactor(${ratio}) is not implemented`); }

  /** Lifts the page's Content-Security-Policy and loads it again (Chromium). */
  async bypassCsp() { throw new Error(`${this.engine}: bypassCsp() is not implemented`); }

  /**
   * Hides the page as a tab in the background or a minimised window is (document.hidden, a
   * visibilitychange), or shows it again (where engine.can.hideTab).
   * @param {boolean} hidden
   */
  async setTabHidden(hidden) { throw new Error(`${this.engine}: setTabHidden(${hidden}) is not implemented`); }

  /** @returns {Promise<string[]>} Every URL the page requested (a driver may read them from the page). */
  async requestList() {
    return this.evaluate(() => [location.href, ...performance.getEntriesByType('resource').map((entry) => entry.name)]);
  }

  /** @returns {Promise<string[]>} The problems so far, the page's and its frames' (a driver may have to read them from the page). */
  async problemList() { return [...this.problems]; }

  /**
   * What the page reported so far, for the message of a wait that timed out (it often says why: an
   * error in the handler that was to act): "; the page's problems so far: [...]", or "".
   */
  async problemsSoFar() {
    const problems = await this.problemList().catch(() => []);
    return problems.length ? `; the page's problems so far: ${JSON.stringify(problems).slice(0, 2000)}` : '';
  }

  /**
   * A handle on the document in `window.frames[index]` of the document `parent` names (null: this
   * page), for evaluateInFrame: a Playwright or puppeteer Frame, WebKit's path of frame indices.
   * @param {any} parent
   * @param {number} index
   * @returns {Promise<any>} Null when there is no such frame (yet).
   */
  async childFrameHandle(parent, index) { throw new Error(`${this.engine}: childFrameHandle(${parent}, ${index}) is not implemented`); }

  /**
   * Runs `fn(arg)` in the frame a handle names (as evaluate does in the page).
   * @template T, A
   * @param {any} handle From childFrameHandle.
   * @param {(arg: A) => T | Promise<T>} fn
   * @param {A} [arg]
   * @returns {Promise<T>}
   */
  async evaluateInFrame(handle, fn, arg) { throw new Error(`${this.engine}: evaluateInFrame(${handle}, ${fn}, ${arg}) is not implemented`); }

  // Built on the primitives ------------------------------------------------------------------

  /**
   * Moves the pointer to (x, y) in `steps` moves from where it is (each one a native move event).
   * @param {number} x
   * @param {number} y
   * @param {{steps?: number}} [options]
   */
  async move(x, y, { steps = 1 } = {}) {
    const from = this.pointerAt;
    for (let i = 1; i <= steps; i += 1) {
      const t = i / steps;
      await this.pointerMoveTo(from.x + (x - from.x) * t, from.y + (y - from.y) * t);
    }
    this.pointerAt = { x, y };
  }

  /**
   * A real drag: move to the first point, press, move through the rest, release.
   * @param {Array<{x: number, y: number}>} points Viewport CSS px.
   * @param {number} [steps] Moves between two points.
   */
  async drag(points, steps = 6) {
    await this.move(points[0].x, points[0].y);
    await this.pointerDown();
    for (const point of points.slice(1)) await this.move(point.x, point.y, { steps });
    await this.pointerUp();
  }

  /**
   * A one-finger drag through native touch input, in `steps` moves.
   * @param {{x: number, y: number}} from Viewport CSS px.
   * @param {{x: number, y: number}} to
   */
  async touchDrag(from, to, steps = 8) {
    await this.touchStart(from.x, from.y);
    for (let i = 1; i <= steps; i += 1) {
      const t = i / steps;
      await this.touchMoveTo(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t);
    }
    await this.touchEnd();
  }

  /** Playwright-shaped pointer calls on the primitives. */
  get mouse() {
    return {
      /** @param {number} x @param {number} y @param {{steps?: number}} [options] */
      move: (x, y, options) => this.move(x, y, options),
      down: () => this.pointerDown(),
      up: () => this.pointerUp(),
      /** @param {number} x @param {number} y */
      click: async (x, y) => {
        await this.move(x, y);
        await this.pointerDown();
        await this.pointerUp();
      },
    };
  }

  /** Playwright-shaped keyboard calls on the primitives (keys go to the focused element). */
  get keyboard() {
    return {
      /** @param {string} key */
      press: (key) => this.press(key),
      /** @param {string} text Typed one character at a time. */
      type: async (text) => {
        for (const character of text) await this.press(character);
      },
    };
  }

  /** @param {string} selector @returns {Locator} */
  locator(selector) { return new Locator(this, { selector }); }

  /**
   * @param {string} role
   * @param {{name?: string | RegExp, exact?: boolean}} [options]
   * @returns {Locator}
   */
  getByRole(role, options) { return Locator.byRole(this, role, options); }

  /** The text of the one element matching a selector (waits for it). */
  textContent(selector) { return this.locator(selector).textContent(); }
  getAttribute(selector, name) { return this.locator(selector).getAttribute(name); }
  isVisible(selector) { return this.locator(selector).isVisible(); }
  inputValue(selector) { return this.locator(selector).inputValue(); }
  fill(selector, value) { return this.locator(selector).fill(value); }

  /**
   * Runs `fn(elements, arg)` on every element matching a selector.
   * @template T, A
   * @param {string} selector
   * @param {(elements: Element[], arg: A) => T} fn
   * @param {A} [arg]
   */
  $$eval(selector, fn, arg) { return this.locator(selector).evaluateAll(fn, arg); }

  /** Waits until an element matches (attached; or visible / hidden). */
  async waitForSelector(selector, { state = 'attached', timeout = WAIT_TIMEOUT } = {}) {
    if (state === 'attached') {
      await this.waitFor(withDeepQuery((s) => deepQuery(s) !== null), selector, timeout);
      return;
    }
    await this.locator(selector).first().waitFor({ state, timeout });
  }

  /**
   * As waitFor, with Playwright's argument order.
   * @template T, A
   * @param {(arg: A) => T} fn
   * @param {A} [arg]
   * @param {{timeout?: number}} [options]
   */
  waitForFunction(fn, arg, { timeout = WAIT_TIMEOUT } = {}) { return this.waitFor(fn, arg, timeout); }

  /** Focuses the element matching a selector. */
  async focus(selector) {
    // Waits for it to take focus: an element a click has just revealed (an opened <details>) may
    // not be focusable yet in WebKit, which renders a frame behind on a busy machine.
    const focus = withDeepQuery((s) => {
      const element = /** @type {HTMLElement | null} */ (deepQuery(s));
      element?.focus();
      return Boolean(element) && /** @type {Document | ShadowRoot} */ (element?.getRootNode()).activeElement === element;
    });
    await this.waitFor(focus, selector).catch(() => {
      throw new Error(`${this.engine}: could not focus ${selector}`);
    });
  }

  /** @returns {Promise<string | null>} The element's textContent (null if there is none). */
  text(selector) {
    return this.evaluate(withDeepQuery((s) => deepQuery(s)?.textContent ?? null), selector);
  }

  /** @returns {Promise<string | null>} An attribute of the element (null if absent). */
  attribute(selector, name) {
    return this.evaluate(withDeepQuery(([s, n]) => deepQuery(s)?.getAttribute(n) ?? null), [selector, name]);
  }

  /** @returns {Promise<{x: number, y: number, width: number, height: number} | null>} Viewport CSS px. */
  box(selector) {
    return this.evaluate(withDeepQuery((s) => {
      const rect = deepQuery(s)?.getBoundingClientRect();
      return rect ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null;
    }), selector);
  }

  /**
   * Polls `fn(arg)` in the page until it returns something truthy, and returns that.
   * @template T, A
   * @param {(arg: A) => T} fn
   * @param {A} [arg]
   * @param {number} [timeout] ms
   */
  async waitFor(fn, arg, timeout = WAIT_TIMEOUT) {
    const deadline = Date.now() + timeout;
    for (;;) {
      let value;
      try {
        value = await this.evaluate(fn, arg);
      } catch (error) {
        // A frame's document can be replaced under a call (a lazy iframe leaving about:blank):
        // there, try again until the deadline.
        if (!this.documentMayChange || Date.now() > deadline) throw error;
      }
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`${this.engine}: timed out after ${timeout} ms waiting for ${fn}${await this.problemsSoFar()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  // Frames (iframes, cross-origin ones too) ----------------------------------------------------

  /** The page the pointer and keys go to (a frame's is its top-level page's). @returns {EnginePage} */
  get top() { return this; }

  /**
   * Waits for a frame of this document (or of a frame inside it) and returns it: an EnginePage
   * whose evaluate, locators, waits and pointer calls work inside the frame, in the frame's CSS px.
   * @param {string | RegExp} which A CSS selector of its <iframe> in this document (one match), or a
   *   pattern its current URL matches (the first such frame, breadth first).
   * @param {{timeout?: number}} [options] ms.
   * @returns {Promise<EngineFrame>}
   */
  async frame(which, { timeout = WAIT_TIMEOUT } = {}) {
    const deadline = Date.now() + timeout;
    for (;;) {
      // A frame that is navigating or going away may refuse a call for a moment: try again.
      const found = await this.findFrame(which).catch(() => null);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`${this.engine}: no frame ${which} after ${timeout} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /**
   * The frame `frame()` waits for, or null now.
   * @param {string | RegExp} which
   * @returns {Promise<EngineFrame | null>}
   */
  async findFrame(which) {
    if (typeof which === 'string') {
      const index = await this.evaluate(frameIndexInPage, which);
      return index < 0 ? null : this.childFrame(index);
    }
    const count = await this.evaluate(() => window.length);
    const children = [];
    for (let index = 0; index < count; index += 1) {
      const child = await this.childFrame(index);
      if (!child) continue;
      if (which.test(await child.url())) return child;
      children.push(child);
    }
    for (const child of children) {
      const found = await child.findFrame(which);
      if (found) return found;
    }
    return null;
  }

  /**
   * The frame in `window.frames[index]`, or null if it has none (yet).
   * @param {number} index
   * @returns {Promise<EngineFrame | null>}
   */
  async childFrame(index) {
    const handle = await this.top.childFrameHandle(this.frameHandle, index);
    return handle ? new EngineFrame(this, index, handle) : null;
  }

  /** The handle on this document for the top page's evaluateInFrame (null: the top page itself). */
  get frameHandle() { return null; }

  /** @returns {Promise<string>} The document's URL now. */
  url() { return this.evaluate(() => location.href); }

  /**
   * Where a point of this document's viewport is in the top-level viewport, CSS px.
   * @param {{x: number, y: number}} point
   * @returns {Promise<{x: number, y: number}>}
   */
  async toTop(point) { return point; }

  /** Scrolls this document's frame into view in the documents around it (nothing for a page). */
  async reveal() {}

  /** Waits for the playground's readiness signal; fails with its message on 'error'. */
  async waitReady() {
    let ready;
    try {
      ready = await this.waitFor(() => document.documentElement.dataset.ready, undefined, READY_TIMEOUT);
    } catch (error) {
      // What the page said meanwhile, so that a page that never became ready says why.
      const said = await this.problemList().catch(() => ['(no answer)']);
      const where = await this.evaluate(() => `${document.readyState} ${location.href}`).catch(() => '(no answer)');
      throw new Error(`${error instanceof Error ? error.message : String(error)}; the document: ${where}; `
        + `its problems: ${JSON.stringify(said).slice(0, 2000)}`);
    }
    if (ready !== 'true') {
      throw new Error(`${this.engine}: the playground did not start (data-ready=${ready}): ${await this.text('#fatal-message')}`);
    }
  }
}

/** A frame of a page, as an engine page (frame.mjs). */
const EngineFrame = engineFrameClass(EnginePage);

/**
 * The tabs closed test pages left, kept for the next page opened with the same options (the
 * Chromium and Firefox drivers): a new tab costs more than loading a page again in one open.
 * @template Tab
 */
export class SparePool {
  /** @param {number} [limit] Tabs kept per kind of page, at most. */
  constructor(limit = 4) {
    this.limit = limit;
    /** @type {Map<string, Tab[]>} */
    this.byKind = new Map();
  }

  /** A spare tab of this kind, if one is kept. @param {string} kind @returns {Tab | undefined} */
  take(kind) {
    return this.byKind.get(kind)?.pop();
  }

  /**
   * What a page of this kind hands its tab back to (LibraryPage.handBack's keep).
   * @param {string} kind
   * @returns {(tab: Tab) => boolean} False when there is no room.
   */
  keeper(kind) {
    return (tab) => {
      const spares = this.byKind.get(kind) ?? [];
      if (spares.length >= this.limit) return false;
      spares.push(tab);
      this.byKind.set(kind, spares);
      return true;
    };
  }
}

/**
 * A page driven by playwright-core or puppeteer-core, whose pages answer the same calls. The
 * subclass adds keys and touch, where the two differ.
 */
export class LibraryPage extends EnginePage {
  /**
   * @param {string} engine
   * @param {{close: () => Promise<void>}} context The page's own browser context.
   * @param {any} page A Playwright or puppeteer Page.
   */
  constructor(engine, context, page) {
    super(engine);
    this.context = context;
    this.page = page;
    /** @type {string[]} */
    this.requests = [];
    /** @type {Array<[string, (value: any) => void]>} The listeners this object added to the page. */
    this.listeners = [];
    const on = (/** @type {string} */ event, /** @type {(value: any) => void} */ listener) => {
      this.listeners.push([event, listener]);
      page.on(event, listener);
    };
    recordProblems(on, this.problems);
    // Not data: URLs (puppeteer reports them, Playwright does not): they never reach a network.
    on('request', (request) => {
      if (!request.url().startsWith('data:')) this.requests.push(request.url());
    });
  }

  /** Takes this object's listeners off the page (a page handed to another EnginePage). */
  detach() {
    for (const [event, listener] of this.listeners) this.page.off(event, listener);
    this.listeners = [];
  }

  /**
   * Closes the page: its tab goes back to about:blank, as a new one is, with the pointer and the
   * modifier keys released, for the next page opened with the same options (the Chromium and
   * Firefox drivers keep them: a new tab costs more than loading a page again in one open); a
   * tab that cannot be reused, or for which there is no room, closes with its context.
   * @param {((tab: {context: any, page: any}) => boolean) | undefined} keep Takes the tab back
   *   (false: no room); undefined: close it.
   * @param {boolean} reusable False for a tab the page changed in a way the next would see.
   * @param {() => Promise<void>} releasePointer Puts the pointer back at the top left, buttons up.
   */
  async handBack(keep, reusable, releasePointer) {
    this.detach();
    if (keep && reusable && !this.page.isClosed()) {
      try {
        await this.page.goto('about:blank', { timeout: 10000 });
        await releasePointer();
        for (const key of ['Shift', 'Control', 'Alt', 'Meta']) await this.page.keyboard.up(key);
        if (keep({ context: this.context, page: this.page })) return;
      } catch {
        // Closed below.
      }
    }
    await this.context.close();
  }

  async goto(url) { await this.page.goto(url); }
  evaluate(fn, arg) { return this.page.evaluate(fn, arg); }
  pointerMoveTo(x, y) { return this.page.mouse.move(x, y); }
  pointerDown() { return this.page.mouse.down(); }
  pointerUp() { return this.page.mouse.up(); }
  async screenshot() { return Buffer.from(await this.page.screenshot()); }
  close() { return this.context.close(); }
  async requestList() { return [...this.requests]; }

  /** The child frame among the Playwright / puppeteer frame's that sits at window.frames[index]. */
  async childFrameHandle(parent, index) {
    for (const child of (parent ?? this.page.mainFrame()).childFrames()) {
      if (await child.evaluate(indexInParentInPage).catch(() => -1) === index) return child;
    }
    return null;
  }

  evaluateInFrame(handle, fn, arg) { return handle.evaluate(fn, arg); }
}

/** How the browsers name a request they cancelled themselves (Firefox, Chromium). */
const CANCELLED = /^(NS_BINDING_ABORTED|net::ERR_ABORTED)$/;

/**
 * Records a page's problems from the events Playwright and puppeteer both emit (console, pageerror,
 * requestfailed, response, dialog) into `problems`.
 * @param {(event: string, listener: (value: any) => void) => void} on Adds a listener to the page.
 * @param {string[]} problems
 */
function recordProblems(on, problems) {
  on('console', (message) => {
    const type = message.type() === 'warn' ? 'warning' : message.type(); // puppeteer says 'warn'.
    if (type === 'error' || type === 'warning') problems.push(`console.${type}: ${message.text()}`);
  });
  on('pageerror', (error) => problems.push(`page error: ${error instanceof Error ? error.message : error}`));
  // A request the browser cancelled (the page left before it ended) says so: a test of a page that
  // moves on may allow those, and only those.
  on('requestfailed', (request) => {
    const why = request.failure()?.errorText ?? '';
    problems.push(`request failed: ${request.url()}${CANCELLED.test(why) ? ' (cancelled)' : ''}`);
  });
  on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.type()} ${dialog.message()}`);
    dialog.dismiss().catch(() => {});
  });
}
