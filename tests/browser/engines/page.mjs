// page.mjs: the engine-neutral page every driver returns. A driver implements a few primitives
// through its engine's native protocol (evaluate, pointer, keys, click, screenshot, close); the rest
// (reading text, attributes and boxes, waiting, dragging) is built here on those primitives, once.

/**
 * @typedef {Object} OpenOptions
 * @property {{width: number, height: number}} [viewport] CSS px, default 1200×760.
 * @property {boolean} [touch] A touch device (coarse pointer, touch events); only where
 *   engine.can.touch.
 * @property {boolean} [waitReady] Wait for html[data-ready] (default true); fails on 'error'.
 */

/** The default viewport, as in harness.mjs. */
export const DEFAULT_VIEWPORT = { width: 1200, height: 760 };

/** How long waitFor() and the readiness wait give the page, ms. */
export const WAIT_TIMEOUT = 15000;

export class EnginePage {
  /** @param {string} engine The engine's name, for messages. */
  constructor(engine) {
    this.engine = engine;
    /** @type {string[]} Console errors and warnings, page errors, failed requests. */
    this.problems = [];
    /** Where the pointer is, CSS px, so move() can interpolate from it. */
    this.pointerAt = { x: 0, y: 0 };
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

  /** Puts one finger down at a viewport point (native touch input; the pointer type is 'touch'). */
  async touchStart(x, y) { throw new Error(`${this.engine}: touchStart(${x}, ${y}) is not implemented`); }

  /** Moves the finger. */
  async touchMoveTo(x, y) { throw new Error(`${this.engine}: touchMoveTo(${x}, ${y}) is not implemented`); }

  /** Lifts it. */
  async touchEnd() { throw new Error(`${this.engine}: touchEnd is not implemented`); }

  /** Clicks the element matching a CSS selector with the native pointer. */
  async click(selector) { throw new Error(`${this.engine}: click(${selector}) is not implemented`); }

  /** @returns {Promise<Buffer>} A PNG of the viewport. */
  async screenshot() { throw new Error(`${this.engine}: screenshot is not implemented`); }

  async close() {}

  /** @returns {Promise<string[]>} The problems so far (a driver may have to read them from the page). */
  async problemList() { return [...this.problems]; }

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

  /** Focuses the element matching a selector. */
  async focus(selector) {
    const found = await this.evaluate((s) => {
      const element = /** @type {HTMLElement | null} */ (document.querySelector(s));
      element?.focus();
      return Boolean(element) && document.activeElement === element;
    }, selector);
    if (!found) throw new Error(`${this.engine}: could not focus ${selector}`);
  }

  /** @returns {Promise<string | null>} The element's textContent (null if there is none). */
  text(selector) {
    return this.evaluate((s) => document.querySelector(s)?.textContent ?? null, selector);
  }

  /** @returns {Promise<string | null>} An attribute of the element (null if absent). */
  attribute(selector, name) {
    return this.evaluate(([s, n]) => document.querySelector(s)?.getAttribute(n) ?? null, [selector, name]);
  }

  /** @returns {Promise<{x: number, y: number, width: number, height: number} | null>} Viewport CSS px. */
  box(selector) {
    return this.evaluate((s) => {
      const rect = document.querySelector(s)?.getBoundingClientRect();
      return rect ? { x: rect.x, y: rect.y, width: rect.width, height: rect.height } : null;
    }, selector);
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
      const value = await this.evaluate(fn, arg);
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`${this.engine}: timed out after ${timeout} ms waiting for ${fn}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Waits for the playground's readiness signal; fails with its message on 'error'. */
  async waitReady() {
    const ready = await this.waitFor(() => document.documentElement.dataset.ready);
    if (ready !== 'true') {
      throw new Error(`${this.engine}: the playground did not start (data-ready=${ready}): ${await this.text('#fatal-message')}`);
    }
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
    recordProblems(page, this.problems);
  }

  async goto(url) { await this.page.goto(url); }
  evaluate(fn, arg) { return this.page.evaluate(fn, arg); }
  pointerMoveTo(x, y) { return this.page.mouse.move(x, y); }
  pointerDown() { return this.page.mouse.down(); }
  pointerUp() { return this.page.mouse.up(); }
  click(selector) { return this.page.click(selector); }
  async screenshot() { return Buffer.from(await this.page.screenshot()); }
  close() { return this.context.close(); }
}

/**
 * Records a page's problems from the events Playwright and puppeteer both emit (console, pageerror,
 * requestfailed, response) into `problems`.
 * @param {{on: (event: string, listener: (value: any) => void) => unknown}} page
 * @param {string[]} problems
 */
export function recordProblems(page, problems) {
  page.on('console', (message) => {
    const type = message.type() === 'warn' ? 'warning' : message.type(); // puppeteer says 'warn'.
    if (type === 'error' || type === 'warning') problems.push(`console.${type}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error instanceof Error ? error.message : error}`));
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
}

/**
 * The source of a function call for engines that take a script string: `(fn)(arg)`, awaited, with
 * the result (or the error's message) handed to WebDriver's async-script callback.
 * @param {Function} fn
 */
export function asyncScript(fn) {
  return `const done = arguments[arguments.length - 1];
Promise.resolve().then(() => (${fn})(arguments[0])).then(
  (value) => done({ value: value === undefined ? null : value }),
  (error) => done({ error: String(error && error.stack || error) }));`;
}
