// firefox.mjs: the Firefox driver: Debian's firefox-esr ($FIREFOX_PATH or /usr/bin/firefox-esr)
// through puppeteer-core over WebDriver BiDi, no extra driver. Native input is BiDi
// input.performActions (puppeteer's mouse and keyboard). Each page gets its own user context.
// Colour scheme and reduced motion are Firefox preferences set at launch (BiDi's
// emulation.setMediaFeaturesOverride is not in ESR 153); there is no touch emulation over BiDi,
// but BiDi touch actions reach the page as pointerType 'touch'.
import { existsSync } from 'node:fs';
import puppeteer from 'puppeteer-core';
import { firefoxPath } from '../../../scripts/lib/setup.mjs';
import { DEFAULT_VIEWPORT, LibraryPage, SparePool } from './page.mjs';

/**
 * A tab that a closed test page left, kept for the next page opened with the same options, as the
 * Chromium driver keeps its tabs: a new user context and tab cost Firefox about a third of a
 * CPU-second more than loading the playground again in one already open.
 * @typedef {{context: import('puppeteer-core').BrowserContext, page: import('puppeteer-core').Page}} Tab
 */

class FirefoxPage extends LibraryPage {
  /**
   * @param {import('puppeteer-core').BrowserContext} context
   * @param {import('puppeteer-core').Page} page
   * @param {((tab: Tab) => boolean) | undefined} keep Takes the tab back for reuse when the page is
   *   closed (false: it has no room); undefined: close it.
   * @param {FirefoxPage[]} open The browser's open test pages, the one opened last at the end.
   */
  constructor(context, page, keep, open) {
    super('firefox', context, page);
    this.keep = keep;
    this.open = open;
    open.push(this);
  }

  /**
   * Hands the tab on (LibraryPage.handBack), unless it hid itself behind another; then brings the
   * page opened before it to the front again: a page opened in front of another (a test's second
   * page over its fixture's) left that one behind, where Firefox runs no animation frames, and a
   * tab kept for reuse stays open in front of it.
   */
  async close() {
    const { keep } = this;
    this.keep = undefined;
    const at = this.open.indexOf(this);
    if (at >= 0) this.open.splice(at, 1);
    await this.handBack(keep, !this.cover, () => this.page.mouse.reset());
    const previous = this.open.at(-1);
    // (Not one a test hid on purpose behind a cover: setTabHidden.)
    if (at === this.open.length && previous && !previous.cover && !previous.page.isClosed()) await previous.page.bringToFront();
  }

  async press(key) {
    const keys = key.split('+');
    for (const k of keys.slice(0, -1)) await this.page.keyboard.down(/** @type {any} */ (k));
    await this.page.keyboard.press(/** @type {any} */ (keys.at(-1)));
    for (const k of keys.slice(0, -1).reverse()) await this.page.keyboard.up(/** @type {any} */ (k));
  }
  async wheel(x, y, deltaY) {
    await this.move(x, y);
    await this.page.mouse.wheel({ deltaY });
  }
  setViewportSize(size) { return this.page.setViewport({ ...this.page.viewport(), ...size }); }
  setDeviceScaleFactor(ratio) { return this.page.setViewport({ ...(this.page.viewport() ?? DEFAULT_VIEWPORT), deviceScaleFactor: ratio }); }
  /** Another tab in front hides this one; bringing it back to the front shows it. */
  async setTabHidden(hidden) {
    if (hidden) {
      this.cover ??= await this.context.newPage();
      await this.cover.bringToFront();
      return;
    }
    await this.page.bringToFront();
    await this.cover?.close();
    this.cover = undefined;
  }
  async touchStart(x, y) { this.finger = await this.page.touchscreen.touchStart(x, y); }
  async touchMoveTo(x, y) { await this.finger?.move(x, y); }
  async touchEnd() {
    await this.finger?.end();
    this.finger = undefined;
  }
}

/** What it can do (index.mjs, Engine.can). */
export const FIREFOX_CAN = { touch: false, touchInput: true, touchPan: false, hideTab: true, colorScheme: true, reducedMotion: true, readClipboard: false, deviceScaleFactor: true, initScript: true };

/**
 * @param {{colorScheme?: 'light' | 'dark', reducedMotion?: boolean}} preferences
 * @returns {Promise<import('./index.mjs').Engine>}
 */
export async function launchFirefox({ colorScheme = 'light', reducedMotion = false } = {}) {
  if (!existsSync(firefoxPath)) {
    throw new Error(`No Firefox at ${firefoxPath}: install it (apt-get install firefox-esr) or set FIREFOX_PATH`);
  }
  const browser = await puppeteer.launch({
    browser: 'firefox', executablePath: firefoxPath, headless: true, protocol: 'webDriverBiDi',
    extraPrefsFirefox: {
      'layout.css.prefers-color-scheme.content-override': colorScheme === 'dark' ? 0 : 1,
      'ui.prefersReducedMotion': reducedMotion ? 1 : 0,
      // A desktop's mouse: headless Firefox has no pointing device, so it matched (hover: none) and
      // (pointer: none), and the page rightly hid its keyboard hints as on a touch screen.
      // Capability bits: 2 fine pointer, 4 hover.
      'ui.primaryPointerCapabilities': 6,
      'ui.allPointerCapabilities': 6,
    },
  });
  /** @type {SparePool<Tab>} Spare tabs, of one kind: every option a page opens with is set again on reuse. */
  const spare = new SparePool();
  /** @type {FirefoxPage[]} */
  const open = [];
  const newTab = async () => {
    const context = await browser.createBrowserContext();
    return { context, page: await context.newPage() };
  };
  return {
    name: 'firefox',
    can: FIREFOX_CAN,
    minWidth: 0,
    async openPage(url, { viewport = DEFAULT_VIEWPORT, deviceScaleFactor = 1, initScript } = {}) {
      // A page with an init script gets a tab of its own, never reused (the script stays with it).
      const keep = initScript ? undefined : spare.keeper('');
      const spareTab = initScript ? undefined : spare.take('');
      const tab = spareTab ?? await newTab();
      const page = new FirefoxPage(tab.context, tab.page, keep, open);
      // A kept tab from a page that another tab was opened in front of is still behind it, where
      // Firefox runs no animation frames: the page would never draw (nor scroll into steps). A new
      // tab opens in front.
      if (spareTab) await page.page.bringToFront();
      await page.page.setViewport({ ...viewport, deviceScaleFactor });
      if (initScript) await page.page.evaluateOnNewDocument(initScript); // BiDi script.addPreloadScript.
      await page.goto(url);
      return page;
    },
    close: () => browser.close(),
    alive: async () => browser.connected,
  };
}
