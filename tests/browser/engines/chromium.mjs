// chromium.mjs: the Chromium driver: Debian's /usr/bin/chromium (or $CHROME_PATH) through
// playwright-core, launched as harness.mjs launches it. Native input is Playwright's mouse and
// keyboard (CDP Input.dispatch*), and CDP Input.dispatchTouchEvent for a finger on a page opened
// with touch. Can: touch, colour scheme and reduced motion per page.
import { launchBrowser } from '../harness.mjs';
import { DEFAULT_VIEWPORT, LibraryPage, SparePool } from './page.mjs';

/**
 * A tab that a closed test page left, kept for the next page opened with the same options: a new
 * tab is a new renderer process here, about 1 CPU-second, and its context 0.3 more, where loading
 * the playground in a tab already open costs about as much again. The test server sends every file
 * with `Cache-Control: no-store`, so a reused tab fetches what a new one would.
 * @typedef {{context: import('playwright-core').BrowserContext, page: import('playwright-core').Page}} Tab
 */

class ChromiumPage extends LibraryPage {
  /**
   * @param {import('playwright-core').BrowserContext} context
   * @param {import('playwright-core').Page} page
   * @param {((tab: Tab) => boolean) | undefined} keep Takes the tab back for reuse when the page is
   *   closed (false: it has no room, or the tab cannot be reused); undefined: close it.
   */
  constructor(context, page, keep) {
    super('chromium', context, page);
    this.keep = keep;
    /** The finger's own clock: its last touch event's time, seconds since the epoch. */
    this.touchTime = 0;
  }

  /** Hands the tab on (LibraryPage.handBack), unless the page changed what it emulates. */
  async close() {
    const { keep } = this;
    this.keep = undefined;
    await this.cdp?.detach().catch(() => {});
    await this.handBack(keep, !this.emulation, () => this.page.mouse.move(0, 0));
  }

  press(key) { return this.page.keyboard.press(key); }
  async wheel(x, y, deltaY) {
    await this.move(x, y);
    await this.page.mouse.wheel(0, deltaY);
  }
  setViewportSize(size) { return this.page.setViewportSize(size); }
  /**
   * Through CDP Emulation (Playwright sets the ratio only when a context is made); the session
   * stays open with the page, as detaching it ends the override.
   */
  async setDeviceScaleFactor(ratio) {
    const size = this.page.viewportSize() ?? DEFAULT_VIEWPORT;
    this.emulation ??= await this.context.newCDPSession(this.page);
    await this.emulation.send('Emulation.setDeviceMetricsOverride', { ...size, deviceScaleFactor: ratio, mobile: false });
  }
  /** Lifts the page's Content-Security-Policy (CDP Page.setBypassCSP) and loads it again. */
  async bypassCsp() {
    this.emulation ??= await this.context.newCDPSession(this.page);
    await this.emulation.send('Page.setBypassCSP', { enabled: true });
    await this.page.reload();
  }
  /**
   * A finger's events carry their own times, a frame (1/60 s) apart, and the finger rests
   * TOUCH_REST_S before it lifts: the browser measures a swipe's speed from those times, not from
   * when the calls arrive, so a swipe scrolls the same however busy the machine is (no fling).
   */
  async touchStart(x, y) {
    this.cdp = await this.context.newCDPSession(this.page);
    this.touchTime = Date.now() / 1000; // only where the gesture's own clock starts
    await this.touch('touchStart', x, y);
  }
  touchMoveTo(x, y) { return this.touch('touchMove', x, y); }
  async touchEnd() {
    this.touchTime += TOUCH_REST_S;
    await this.cdp?.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [], timestamp: this.touchTime });
    await this.cdp?.detach();
    this.cdp = undefined;
  }
  /** One CDP touch event (Playwright has no touch drag; the page must be opened with touch). */
  async touch(type, x, y) {
    if (!this.cdp) throw new Error('chromium: touch input needs touchStart first');
    if (type !== 'touchStart') this.touchTime += TOUCH_STEP_S;
    await this.cdp.send('Input.dispatchTouchEvent', { type, touchPoints: [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }], timestamp: this.touchTime });
  }
}

/** A finger's time between two touch events, seconds: one frame. */
const TOUCH_STEP_S = 1 / 60;

/** How long a finger rests before it lifts, seconds: longer than a velocity tracker looks back. */
const TOUCH_REST_S = 0.2;

/** Flags that let a page read its JS heap after a forced collection (performance.memory, gc()). */
const MEMORY_ARGS = ['--enable-precise-memory-info', '--js-flags=--expose-gc'];

/** What it can do (index.mjs, Engine.can). */
export const CHROMIUM_CAN = { touch: true, touchInput: true, touchPan: true, hideTab: false, colorScheme: true, reducedMotion: true, readClipboard: true, deviceScaleFactor: true, initScript: true };

/**
 * @param {{colorScheme?: 'light' | 'dark', reducedMotion?: boolean, measureMemory?: boolean}} preferences
 *   measureMemory: pages get gc() and a precise performance.memory (the soak's heap reading).
 * @returns {Promise<import('./index.mjs').Engine>}
 */
export async function launchChromium({ colorScheme = 'light', reducedMotion = false, measureMemory = false } = {}) {
  const browser = await launchBrowser(measureMemory ? MEMORY_ARGS : []);
  /** @type {SparePool<Tab>} Spare tabs by the options they were opened with. */
  const spare = new SparePool();
  return {
    name: 'chromium',
    can: CHROMIUM_CAN,
    minWidth: 0,
    async openPage(url, { viewport = DEFAULT_VIEWPORT, touch = false, clipboard = false, deviceScaleFactor = 1, initScript } = {}) {
      // A page with an init script gets a tab of its own, never reused (the script stays with it).
      const kind = initScript ? undefined : JSON.stringify({ touch, clipboard, deviceScaleFactor });
      const keep = kind === undefined ? undefined : spare.keeper(kind);
      let tab = kind === undefined ? undefined : spare.take(kind);
      if (tab) {
        await tab.page.setViewportSize(viewport);
      } else {
        const context = await browser.newContext({
          viewport, deviceScaleFactor, hasTouch: touch, isMobile: touch, colorScheme, reducedMotion: reducedMotion ? 'reduce' : 'no-preference',
          permissions: clipboard ? ['clipboard-read', 'clipboard-write'] : [],
        });
        if (initScript) await context.addInitScript(initScript);
        tab = { context, page: await context.newPage() };
      }
      const page = new ChromiumPage(tab.context, tab.page, keep);
      await page.goto(url);
      return page;
    },
    close: () => browser.close(),
    alive: async () => browser.isConnected(),
  };
}
