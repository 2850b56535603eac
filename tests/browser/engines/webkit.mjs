// webkit.mjs: the WebKit driver: Debian's WebKitGTK MiniBrowser driven by WebKitWebDriver
// (webkit2gtk-driver) through selenium-webdriver, on an Xvfb display this driver starts and stops
// itself (MiniBrowser has no working headless mode here). Native input is WebDriver Actions. Pages
// are windows of one session. WebKitWebDriver speaks classic WebDriver only (no BiDi log events),
// so the test server loads recorder.js first in every page and problems are read from it. There is
// no touch input (touch actions arrive as mouse events), nor colour-scheme or reduced-motion
// emulation.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Builder, Key } from 'selenium-webdriver';
import { miniBrowserPath, webkitDriverPath, xvfbPath } from '../../../scripts/lib/setup.mjs';
import { DEFAULT_VIEWPORT, EnginePage } from './page.mjs';
import { asyncScript, decodeJson, encodeJson } from './script.mjs';

/** The script the test server must load first in every page for this driver (startServer's headScript). */
export const RECORDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'recorder.js');

/** The narrowest viewport MiniBrowser's window can have, CSS px (its toolbar sets it). */
export const MIN_WIDTH = 450;

/**
 * MiniBrowser's environment (through its driver) unless a test asks for compositing. Without a GPU,
 * WebKitGTK's accelerated compositing runs on Mesa's software OpenGL (llvmpipe): every page
 * composites its layers on the CPU each frame it draws, which about doubles the CPU a test takes.
 * Painting straight into the window changes neither layout, scripts, input nor the canvas' pixels
 * (what the tests read). It does change when a frame inside a page learns that it was scrolled out
 * of view, so power.test.mjs launches WebKit with compositing on, as users have it.
 */
const BROWSER_ENV = { WEBKIT_DISABLE_COMPOSITING_MODE: '1' };

/** KeyboardEvent.key names to WebDriver key codes. */
const KEYS = {
  ArrowLeft: Key.ARROW_LEFT, ArrowRight: Key.ARROW_RIGHT, ArrowUp: Key.ARROW_UP, ArrowDown: Key.ARROW_DOWN,
  Escape: Key.ESCAPE, Shift: Key.SHIFT, Enter: Key.ENTER, Tab: Key.TAB, Home: Key.HOME, End: Key.END, Space: ' ',
  Control: Key.CONTROL, Alt: Key.ALT, Meta: Key.META, Backspace: Key.BACK_SPACE, Delete: Key.DELETE,
};

class WebKitPage extends EnginePage {
  /**
   * @param {import('selenium-webdriver').WebDriver} driver
   * @param {() => Promise<void>} select Switches the session to this page's window.
   * @param {() => Promise<void>} selectHome Switches it back to the session's first window.
   * @param {<T>(commands: () => Promise<T>) => Promise<T>} serial Runs a group of WebDriver commands
   *   alone in the session (no other page's or frame's command in between).
   */
  constructor(driver, select, selectHome, serial) {
    super('webkit');
    this.driver = driver;
    this.select = select;
    this.selectHome = selectHome;
    this.serial = serial;
  }

  /**
   * Runs `commands` in this page's window, at its top-level document, alone in the session.
   * @template T
   * @param {() => Promise<T>} commands
   */
  inWindow(commands) {
    return this.serial(async () => {
      await this.select();
      return commands();
    });
  }

  async goto(url) {
    await this.inWindow(() => this.driver.get(url));
    if (!(await this.evaluate(() => Array.isArray(window.__ik2dProblems)))) {
      throw new Error(`webkit: ${url} did not load the console recorder: serve it with startServer({ headScript: RECORDER })`);
    }
  }

  evaluate(fn, arg) { return this.inWindow(() => this.execute(fn, arg)); }

  /** The async script for evaluate, in whatever document the session is switched to. */
  async execute(fn, arg) {
    const result = await this.driver.executeAsyncScript(asyncScript(fn), encodeJson(arg));
    if (typeof result?.json !== 'string') throw new Error(`webkit: evaluate failed: ${result?.error ?? `no result (${JSON.stringify(result)})`}`);
    return decodeJson(result.json);
  }

  /** A frame's handle is its path of window.frames indices from the top-level document. */
  async childFrameHandle(parent, index) {
    const path = [...(parent ?? []), index];
    const exists = await this.evaluateInFrame(path.slice(0, -1), (i) => i < window.length, index);
    return exists ? path : null;
  }

  /**
   * WebDriver classic: switch to the frame (by index, level by level), run the script, and switch
   * back to the top-level document before anything else may use the session.
   */
  evaluateInFrame(path, fn, arg) {
    return this.inWindow(async () => {
      try {
        for (const index of path) await this.driver.switchTo().frame(index);
        return await this.execute(fn, arg);
      } finally {
        await this.driver.switchTo().defaultContent();
      }
    });
  }

  pointerMoveTo(x, y) {
    return this.inWindow(() => this.driver.actions({ async: true }).move({ x: Math.round(x), y: Math.round(y), duration: 0 }).perform());
  }

  /**
   * WebKitWebDriver scrolls by the difference between a wheel action's delta and the one before it
   * in the window (a wheel's position, not a turn): each action gives the running total.
   */
  wheel(x, y, deltaY) {
    this.wheelTotal = (this.wheelTotal ?? 0) + Math.round(deltaY);
    const total = this.wheelTotal;
    return this.inWindow(() => this.driver.actions({ async: true }).scroll(Math.round(x), Math.round(y), 0, total).perform());
  }

  pointerDown() { return this.inWindow(() => this.driver.actions({ async: true }).press().perform()); }

  pointerUp() { return this.inWindow(() => this.driver.actions({ async: true }).release().perform()); }

  press(key) {
    const keys = key.split('+').map((name) => KEYS[name] ?? name);
    let actions = this.driver.actions({ async: true });
    for (const k of keys) actions = actions.keyDown(k);
    for (const k of [...keys].reverse()) actions = actions.keyUp(k);
    return this.inWindow(() => actions.perform());
  }

  async screenshot() {
    return Buffer.from(await this.inWindow(() => this.driver.takeScreenshot()), 'base64');
  }

  setViewportSize(size) { return sizeViewport(this.driver, this, size); }

  /** Minimising the window hides the page; its old rectangle back shows it. */
  async setTabHidden(hidden) {
    const window = this.driver.manage().window();
    if (hidden) {
      this.shownRect ??= await this.inWindow(() => window.getRect());
      await this.inWindow(() => window.minimize());
      return;
    }
    const rect = this.shownRect;
    if (rect) await this.inWindow(() => window.setRect(rect));
    this.shownRect = undefined;
  }

  /** The recorder's list in the page and in every frame in it (a frame without one adds nothing). */
  async problemList() {
    const problems = [...this.problems];
    /** @type {Array<number[]>} Frame paths still to read, the page's own ([]) first. */
    const pending = [[]];
    while (pending.length > 0) {
      const path = /** @type {number[]} */ (pending.shift());
      const found = await this.evaluateInFrame(path, () => ({ count: window.length, problems: window.__ik2dProblems ?? [] }))
        .catch((error) => {
          if (path.length === 0) throw error;
          return { count: 0, problems: [] }; // A frame that went away meanwhile.
        });
      problems.push(...found.problems);
      for (let index = 0; index < found.count; index += 1) pending.push([...path, index]);
    }
    return problems;
  }

  close() {
    return this.serial(async () => {
      await this.select();
      await this.driver.close();
      await this.selectHome();
    });
  }
}

/**
 * Sizes the window so its viewport is `viewport`: the window is the viewport plus MiniBrowser's
 * toolbar, and a resize lands a little later (there is no window manager on Xvfb), so measure,
 * resize and wait until the viewport is right.
 * @param {import('selenium-webdriver').WebDriver} session
 * @param {WebKitPage} page
 * @param {{width: number, height: number}} viewport
 */
async function sizeViewport(session, page, viewport) {
  let got = { width: 0, height: 0 };
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const size = await page.evaluate(() => ({ width: innerWidth, height: innerHeight, outerWidth, outerHeight }));
    got = { width: size.width, height: size.height };
    if (got.width === viewport.width && got.height === viewport.height) return;
    if (attempt % 10 === 0) {
      await page.inWindow(() => session.manage().window().setRect({
        x: 0, y: 0, width: viewport.width + size.outerWidth - size.width, height: viewport.height + size.outerHeight - size.height,
      }));
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`webkit: MiniBrowser's window cannot have a ${viewport.width}×${viewport.height} viewport (got ${got.width}×${got.height}; its toolbar sets a minimum width of about ${MIN_WIDTH} px)`);
}

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** Starts Xvfb on a free display (it picks one and writes it to fd 3). */
async function startXvfb() {
  const xvfb = spawn(xvfbPath, ['-displayfd', '3', '-screen', '0', '1920x1200x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  const display = await new Promise((resolve, reject) => {
    let text = '';
    let errors = '';
    xvfb.stderr?.on('data', (chunk) => { errors += chunk; });
    xvfb.stdio[3]?.on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) resolve(`:${text.trim()}`);
    });
    xvfb.once('error', reject);
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it gave a display: ${errors.trim()}`)));
  });
  return { display, stop: () => { xvfb.kill(); } };
}

/** Waits until WebKitWebDriver answers /status. */
async function waitForDriver(url, process_) {
  const deadline = Date.now() + 10000;
  while (Date.now() < deadline) {
    if (process_.exitCode !== null) throw new Error(`WebKitWebDriver exited (${process_.exitCode})`);
    try {
      if ((await fetch(`${url}/status`)).ok) return;
    } catch { /* not listening yet */ }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`WebKitWebDriver did not answer at ${url} within 10 s`);
}

/** What it can do (index.mjs, Engine.can). */
export const WEBKIT_CAN = { touch: false, touchInput: false, touchPan: false, hideTab: true, colorScheme: false, reducedMotion: false, readClipboard: false, deviceScaleFactor: false, initScript: false };

/**
 * @param {{colorScheme?: 'light' | 'dark', reducedMotion?: boolean}} preferences Only the defaults.
 * @returns {Promise<import('./index.mjs').Engine>}
 */
export async function launchWebKit({ colorScheme = 'light', reducedMotion = false, compositing = false } = {}) {
  if (colorScheme !== 'light' || reducedMotion) throw new Error('webkit: MiniBrowser cannot emulate a colour scheme or reduced motion');
  const missing = [
    [xvfbPath, 'Xvfb (apt-get install xvfb)'],
    [webkitDriverPath, 'WebKitWebDriver (apt-get install webkit2gtk-driver, or set WEBKIT_DRIVER_PATH)'],
    [miniBrowserPath, 'MiniBrowser (apt-get install webkit2gtk-driver, or set WEBKIT_MINIBROWSER_PATH)'],
  ].filter(([file]) => !existsSync(file)).map(([file, what]) => `${what}: not at ${file}`);
  if (missing.length > 0) throw new Error(`The WebKit engine needs:\n  ${missing.join('\n  ')}`);

  const xvfb = await startXvfb();
  const port = await freePort();
  const driverProcess = spawn(webkitDriverPath, [`--port=${port}`], { env: { ...process.env, ...(compositing ? {} : BROWSER_ENV), DISPLAY: xvfb.display }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  /** @type {import('selenium-webdriver').WebDriver | undefined} */
  let driver;
  try {
    await waitForDriver(url, driverProcess);
    driver = await new Builder().usingServer(url).withCapabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: miniBrowserPath, args: ['--automation'] },
    }).build();
  } catch (error) {
    driverProcess.kill();
    xvfb.stop();
    throw new Error(`webkit: could not start MiniBrowser through WebKitWebDriver on ${xvfb.display}: ${error.message}`);
  }
  const session = driver;
  const home = await session.getWindowHandle(); // Kept open: closing a session's last window ends it.
  let current = home;
  const selectWindow = async (handle) => {
    if (current !== handle) await session.switchTo().window(handle);
    current = handle;
  };
  // One WebDriver session serves every page and frame, and which window and frame it is switched to
  // is session state: each group of commands runs alone, in turn.
  /** @type {Promise<unknown>} */
  let queue = Promise.resolve();
  const serial = (commands) => {
    const run = queue.then(commands);
    queue = run.catch(() => {});
    return run;
  };
  return {
    name: 'webkit',
    // WebKitWebDriver turns WebDriver touch actions into mouse events here (the page sees
    // pointerType 'mouse'), so there is no touch input either.
    can: WEBKIT_CAN,
    minWidth: MIN_WIDTH,
    async openPage(pageUrl, { viewport = DEFAULT_VIEWPORT, deviceScaleFactor = 1, initScript } = {}) {
      if (initScript) throw new Error('webkit: classic WebDriver cannot run a script before the page\'s own: skip this test there');
      if (deviceScaleFactor !== 1) throw new Error('webkit: MiniBrowser cannot emulate a device pixel ratio: skip this test there');
      const handle = await serial(async () => {
        await selectWindow(home);
        await session.switchTo().newWindow('window');
        current = await session.getWindowHandle();
        return current;
      });
      const page = new WebKitPage(session, () => selectWindow(handle), async () => {
        await session.switchTo().window(home);
        current = home;
      }, serial);
      try {
        await sizeViewport(session, page, viewport);
      } catch (error) {
        await page.close();
        throw error;
      }
      await page.goto(pageUrl);
      return page;
    },
    /** Whether the session still answers (a crashed MiniBrowser ends it), within 10 s. */
    async alive() {
      const answer = serial(() => session.getWindowHandles().then(() => true));
      const late = new Promise((resolve) => { setTimeout(() => resolve(false), 10000).unref(); });
      return Promise.race([answer.catch(() => false), late]);
    },
    async close() {
      await Promise.race([session.quit(), new Promise((resolve) => { setTimeout(resolve, 10000).unref(); })]).catch(() => {});
      driverProcess.kill();
      xvfb.stop();
    },
  };
}
