// locator.mjs: finding elements by CSS selector or by ARIA role and accessible name, in any engine,
// and acting on them through the page's primitives (a click is a native pointer click at the
// element's centre). The calls mirror Playwright's locators (getByRole, locator, click, check,
// fill, isChecked...) so a test reads the same in every engine; they are built here on
// EnginePage.evaluate, not on Playwright.
//
// Strict like Playwright: an action on a locator that matches no element or several fails (after
// waiting up to WAIT_TIMEOUT for exactly one), unless nth() picked one.

/**
 * @typedef {Object} Spec What a locator looks for.
 * @property {string} [selector] A CSS selector.
 * @property {string} [role] An ARIA role (explicit, or implied by the element: button, link,
 *   checkbox, radio, slider, textbox, dialog, heading, img, list, listitem).
 * @property {string | {source: string, flags: string}} [name] The accessible name: a string is
 *   matched case-insensitively as a substring (whole when exact), a pattern with RegExp.
 * @property {boolean} [exact]
 * @property {number} [index] nth(): which match (negative counts from the end).
 */

/**
 * Runs in the page: the elements a spec matches. Role lookups skip what is hidden from assistive
 * technology (display: none, visibility: hidden, aria-hidden, [hidden]), as Playwright does.
 * @param {Spec} spec
 * @returns {Element[]}
 */
function findInPage(spec) {
  const implicit = (element) => {
    const tag = element.tagName.toLowerCase();
    const type = (element.getAttribute('type') ?? 'text').toLowerCase();
    if (tag === 'button') return 'button';
    if (tag === 'a' && element.hasAttribute('href')) return 'link';
    if (tag === 'dialog') return 'dialog';
    if (/^h[1-6]$/.test(tag)) return 'heading';
    if (tag === 'img') return 'img';
    if (tag === 'ul' || tag === 'ol') return 'list';
    if (tag === 'li') return 'listitem';
    if (tag === 'textarea') return 'textbox';
    if (tag === 'select') return 'combobox';
    if (tag === 'input') {
      return { checkbox: 'checkbox', radio: 'radio', range: 'slider', button: 'button', submit: 'button', reset: 'button' }[type] ?? 'textbox';
    }
    return '';
  };
  const roleOf = (element) => (element.getAttribute('role') ?? '').trim().split(/\s+/)[0] || implicit(element);
  const squash = (text) => (text ?? '').replace(/\s+/g, ' ').trim();
  const nameOf = (element) => {
    const labelledBy = element.getAttribute('aria-labelledby');
    if (labelledBy) {
      const root = /** @type {Document | ShadowRoot} */ (element.getRootNode());
      return squash(labelledBy.split(/\s+/).map((id) => root.getElementById(id)?.textContent ?? '').join(' '));
    }
    const label = element.getAttribute('aria-label');
    if (label && label.trim()) return squash(label);
    if (element.labels && element.labels.length > 0) return squash([...element.labels].map((l) => l.textContent).join(' '));
    if (element.tagName === 'IMG') return squash(element.getAttribute('alt'));
    if (['button', 'link', 'tab', 'heading', 'radio', 'checkbox', 'switch', 'listitem', 'option', 'menuitem'].includes(roleOf(element))) {
      const text = squash(element.textContent);
      if (text) return text;
    }
    return squash(element.getAttribute('title'));
  };
  const hidden = (element) => {
    if (element.closest('[aria-hidden="true"], [hidden]')) return true;
    if (element.tagName === 'DIALOG') return !element.open;
    for (let node = element; node; node = node.parentElement) if (getComputedStyle(node).display === 'none') return true;
    return getComputedStyle(element).visibility === 'hidden';
  };
  // As Playwright's CSS locators, into open shadow roots too (an <ik2d-scene>'s stage).
  /** @type {Element[]} */
  let found = [];
  /** @param {Document | ShadowRoot} root */
  const visit = (root) => {
    found.push(...root.querySelectorAll(spec.selector ?? '*'));
    for (const element of root.querySelectorAll('*')) if (element.shadowRoot) visit(element.shadowRoot);
  };
  visit(document);
  if (spec.role) found = found.filter((element) => roleOf(element) === spec.role && !hidden(element));
  if (spec.name !== undefined) {
    const wanted = spec.name;
    found = found.filter((element) => {
      const name = nameOf(element);
      if (typeof wanted !== 'string') return new RegExp(wanted.source, wanted.flags).test(name);
      return spec.exact ? name === wanted : name.toLowerCase().includes(squash(wanted).toLowerCase());
    });
  }
  if (spec.index !== undefined) {
    const one = found.at(spec.index);
    return one ? [one] : [];
  }
  return found;
}

/**
 * Runs in the page: what each action does to the one element found (see Locator).
 * @param {Element} element
 * @param {string} action
 * @param {any} value
 */
function actInPage(element, action, value) {
  const input = /** @type {HTMLInputElement} */ (element);
  const rect = element.getBoundingClientRect();
  const visible = rect.width > 0 && rect.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  switch (action) {
    case 'box': return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
    case 'visible': return visible;
    case 'text': return element.textContent;
    case 'checked': return element.getAttribute('aria-checked') !== null && !('checked' in element)
      ? element.getAttribute('aria-checked') === 'true' : input.checked;
    case 'disabled': return Boolean(input.disabled) || element.getAttribute('aria-disabled') === 'true';
    case 'value': return input.value;
    case 'attribute': return element.getAttribute(value);
    case 'focus':
      /** @type {HTMLElement} */ (element).focus();
      return /** @type {Document | ShadowRoot} */ (element.getRootNode()).activeElement === element;
    case 'fill':
      // As Playwright fills a range, colour or text input: set the value, then input and change.
      input.focus();
      input.value = value;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
      return input.value;
    case 'scroll': {
      // Whole within the viewport and within every scrolling ancestor's visible box: a control
      // half under a scrolling panel's edge would take a click rounded to a whole pixel (WebDriver
      // actions) on the panel's border instead.
      let inView = rect.top >= 0 && rect.left >= 0 && rect.bottom <= innerHeight && rect.right <= innerWidth;
      for (let parent = element.parentElement; parent && inView; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowY === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        inView = rect.top >= clip.top + parent.clientTop && rect.bottom <= clip.top + parent.clientTop + parent.clientHeight;
      }
      if (!inView) element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const after = element.getBoundingClientRect();
      const x = after.x + after.width / 2;
      const y = after.y + after.height / 2;
      // What a click there reaches (as Playwright's hit-target check): the element, a child of it or
      // its label, not something that covers it or a layout that moved since it was measured.
      const root = /** @type {Document | ShadowRoot} */ (element.getRootNode());
      const top = (typeof root.elementFromPoint === 'function' ? root : document).elementFromPoint(x, y);
      const hit = top !== null && (element.contains(top) || (top instanceof HTMLLabelElement && top.control === element));
      return { x, y, visible, scrolled: !inView, hit, covered: hit || top === null ? '' : `${top.localName}${top.id ? `#${top.id}` : ''}` };
    }
    default: throw new Error(`unknown locator action ${action}`);
  }
}

/** How long a locator waits for its element, ms (as page.mjs's WAIT_TIMEOUT). */
const LOCATOR_TIMEOUT = 15000;

/** The function evaluated in the page for one action: find, check there is one, act. */
const ACT = new Function('input', `const find = ${findInPage};
const act = ${actInPage};
const found = find(input.spec);
if (input.action === 'count') return { value: found.length };
if (input.action === 'texts') return { value: found.map((element) => element.textContent ?? '') };
if (input.action === 'visible' && found.length === 0) return { value: false };
if (found.length !== 1) return { missing: found.length };
return { value: act(found[0], input.action, input.value) };`);

/** @param {string | RegExp | undefined} name */
const nameSpec = (name) => (name instanceof RegExp ? { source: name.source, flags: name.flags } : name);

export class Locator {
  /**
   * @param {import('./page.mjs').EnginePage} page
   * @param {Spec} spec
   */
  constructor(page, spec) {
    this.page = page;
    this.spec = spec;
  }

  /** @param {string} role @param {{name?: string | RegExp, exact?: boolean}} [options] */
  static byRole(page, role, { name, exact } = {}) {
    return new Locator(page, { role, name: nameSpec(name), exact });
  }

  /** What the locator looks for, for messages. */
  describe() {
    const { selector, role, name, index } = this.spec;
    const named = name === undefined ? '' : ` named ${typeof name === 'string' ? JSON.stringify(name) : `/${name.source}/${name.flags}`}`;
    return `${role ? `role ${role}` : selector}${named}${index === undefined ? '' : ` (#${index})`}`;
  }

  /**
   * By role and accessible name among this locator's element's descendants (this one a CSS-selector
   * locator), as page.getByRole.
   * @param {string} role
   * @param {{name?: string | RegExp, exact?: boolean}} [options]
   */
  getByRole(role, { name, exact } = {}) {
    const { selector, role: ownRole, index } = this.spec;
    if (!selector || ownRole || index !== undefined) throw new Error(`getByRole inside ${this.describe()}: only inside a plain CSS-selector locator`);
    return new Locator(this.page, { selector: `:is(${selector}) *`, role, name: nameSpec(name), exact });
  }

  /** @param {number} index */
  nth(index) { return new Locator(this.page, { ...this.spec, index }); }
  first() { return this.nth(0); }

  /**
   * Runs one action on the element, waiting (for actions that need one) until there is exactly one.
   * @param {string} action
   * @param {any} [value]
   * @param {boolean} [wait]
   */
  async act(action, value, wait = true) {
    const deadline = Date.now() + LOCATOR_TIMEOUT;
    for (;;) {
      const result = await this.page.evaluate(/** @type {any} */ (ACT), { spec: this.spec, action, value });
      if ('value' in result) return result.value;
      if (!wait || Date.now() > deadline) {
        throw new Error(`${this.page.engine}: ${this.describe()} matched ${result.missing} elements, not one`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  count() { return this.act('count'); }
  allTextContents() { return this.act('texts'); }
  textContent() { return this.act('text'); }
  isVisible() { return this.act('visible', undefined, false); }
  isChecked() { return this.act('checked'); }
  isDisabled() { return this.act('disabled'); }
  inputValue() { return this.act('value'); }
  boundingBox() { return this.act('box'); }
  getAttribute(name) { return this.act('attribute', name); }
  async focus() {
    if (!(await this.act('focus'))) throw new Error(`${this.page.engine}: ${this.describe()} cannot take focus`);
  }
  /** Sets an input's value as typing would end (input and change events). */
  async fill(value) { await this.act('fill', String(value)); }
  async scrollIntoViewIfNeeded() { await this.act('scroll'); }

  /** Waits until the element is there and visible (or, with state 'hidden', until it is not). */
  async waitFor({ state = 'visible', timeout = LOCATOR_TIMEOUT } = {}) {
    const deadline = Date.now() + timeout;
    while ((await this.isVisible()) !== (state === 'visible')) {
      if (Date.now() > deadline) throw new Error(`${this.page.engine}: ${this.describe()} did not become ${state}${await this.page.problemsSoFar()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /**
   * A native click at the element's centre, after scrolling it (and a frame it is in) into view,
   * once it holds still: as Playwright's actionability checks, visible, not covered, and in the
   * same place in two measurements an animation frame apart (a layout that moves it, a strip that
   * re-wraps or a smooth scroll, would take the click elsewhere).
   */
  async click() {
    const deadline = Date.now() + LOCATOR_TIMEOUT;
    await this.page.reveal(); // In a frame: the frame into view in the page first.
    let at = await this.act('scroll');
    for (;;) {
      if (at.visible && at.hit) {
        // As a person sees the page settle before clicking: a browser may also hit-test a click
        // sent in the same frame as a scroll against the page as it was drawn before it (WebKit does).
        await this.page.top.nextFrame();
        const again = await this.act('scroll');
        const still = again.visible && again.hit && !again.scrolled && again.x === at.x && again.y === at.y;
        at = again;
        if (still) break;
      } else {
        await new Promise((resolve) => setTimeout(resolve, 50));
        at = await this.act('scroll');
      }
      if (Date.now() > deadline) break;
    }
    if (!at.visible) throw new Error(`${this.page.engine}: ${this.describe()} is not visible, so cannot be clicked`);
    if (!at.hit) throw new Error(`${this.page.engine}: ${this.describe()} is under ${at.covered}, so a click there would miss it`);
    await this.page.mouse.click(at.x, at.y);
  }

  /** A finger tap at the element's centre (native touch input: where engine.can.touchInput). */
  async tap() {
    await this.page.reveal();
    const at = await this.act('scroll');
    await this.page.touchStart(at.x, at.y);
    await this.page.touchEnd();
  }

  /** Clicks unless already checked; fails if that did not check it. */
  async check() { await this.setChecked(true); }
  async uncheck() { await this.setChecked(false); }
  async setChecked(checked) {
    if ((await this.isChecked()) !== checked) await this.click();
    if ((await this.isChecked()) !== checked) throw new Error(`${this.page.engine}: clicking ${this.describe()} did not ${checked ? 'check' : 'uncheck'} it`);
  }

  /** Focuses the element and presses a key. */
  async press(key) {
    await this.focus();
    await this.page.press(key);
  }

  /**
   * Runs `fn(elements, arg)` in the page on every match.
   * @template T, A
   * @param {(elements: Element[], arg: A) => T} fn
   * @param {A} [arg]
   * @returns {Promise<T>}
   */
  evaluateAll(fn, arg) {
    const run = new Function('input', `return (${fn})((${findInPage})(input.spec), input.arg);`);
    return this.page.evaluate(/** @type {any} */ (run), { spec: this.spec, arg });
  }
}
