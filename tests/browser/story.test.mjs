// story.test.mjs: the story elements beside <ik2d-scene> (docs/stories.md) on the explainer,
// examples/explainer.html, a page of HTML with no script but ik2d-element.js, under a strict
// Content-Security-Policy. Steps: real wheel turns (and a finger's swipe where the engine pans
// the page by touch) scroll the post; at each stop the step that holds the middle of the viewport
// is `active` and the figure shows its own attributes with that step's on top, exactly, going down
// and back up; `stepchange` names the step; the move eases (the figure starts where it was), and
// under reduced motion it is there at once. Values: the live text is getState()'s, through a real
// drag (how often it is read is the rate limiter's, tested in tests/js/rate-limit.test.mjs); an
// unknown key shows `?` and warns once with the paths. Sync:
// a real drag, a key and setState on one of the three chains move the other two's targets, each
// solving with its own method; a step on a synced figure moves its partner too. A step whose
// attributes are wrong shows notices naming them (as text). Every scene lists the parts the docs
// name, and highlight() draws one and refuses an unknown name. In Chromium, Firefox and WebKit
// (engines/index.mjs).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BLOG_EXPLAINER_POST, buildBlog } from '../../scripts/lib/blog.mjs';
import { seriousAxeViolations } from './harness.mjs';
import { inPage } from './engines/calls.mjs';
import { assertNoProblems, forEachEngine, launchEngine, serveFor } from './engines/index.mjs';
import { coloursOf, noticesOf, onElement, stateOf } from './engines/element.mjs';

/** @typedef {import('./engines/page.mjs').EnginePage} EnginePage */

const PAGE = 'examples/explainer.html';

/** Waits until the figure with that id has drawn. @param {EnginePage} page @param {string} id */
const waitLoaded = (page, id) => page.waitFor((which) => document.getElementById(which)?.getState?.() != null
  && document.getElementById(which)?.shadowRoot?.querySelector('.frame')?.getAttribute('data-ready') === 'true', id);

/** Waits until the page stops scrolling (the same scrollY over a few frames). @param {EnginePage} page */
async function waitScrollStill(page) {
  let last = -1;
  let same = 0;
  for (let i = 0; i < 200 && same < 3; i += 1) {
    await page.nextFrame();
    const y = await page.evaluate(() => scrollY);
    same = y === last ? same + 1 : 0;
    last = y;
  }
  return last;
}

/**
 * The index of the step of a figure that holds the middle of the viewport now (the last whose top
 * is above it), worked out from the layout alone; and each step's link attributes.
 * @param {EnginePage} page @param {string} id
 * @returns {Promise<{index: number, steps: Record<string, string>[]}>}
 */
const expectedStep = (page, id) => page.evaluate((which) => {
  const steps = [...document.querySelectorAll(`ik2d-step[for="${which}"]`)];
  const middle = document.documentElement.clientHeight / 2;
  let index = -1;
  steps.forEach((step, i) => { if (step.getBoundingClientRect().top <= middle) index = i; });
  return {
    index,
    steps: steps.map((step) => Object.fromEntries([...step.attributes].filter((a) => a.name !== 'for' && a.name !== 'active').map((a) => [a.name, a.value]))),
  };
}, id);

/** The indices of the steps of a figure that carry `active`. @param {EnginePage} page @param {string} id */
const activeSteps = (page, id) => page.evaluate((which) => [...document.querySelectorAll(`ik2d-step[for="${which}"]`)]
  .flatMap((step, i) => (step.hasAttribute('active') ? [i] : [])), id);

/** Starts recording a figure's stepchange events (index, and the step's own index). @param {EnginePage} page @param {string} id */
const recordSteps = (page, id) => onElement(page, id, (element) => {
  const seen = [];
  /** @type {any} */ (window).stepEvents = seen;
  element.addEventListener('stepchange', (/** @type {CustomEvent} */ event) => {
    const steps = [...document.querySelectorAll(`ik2d-step[for="${element.id}"]`)];
    const target = element.getState().target;
    seen.push({ index: event.detail.index, same: event.detail.step === (steps[event.detail.index] ?? null), target });
    // Right after the step applied: where the figure is before any animation frame.
    queueMicrotask(() => { seen[seen.length - 1].after = element.getState().target; });
  });
});

/** @param {string} text "x,y" @returns {{x: number, y: number}} */
const point = (text) => {
  const [x, y] = text.split(',').map(Number);
  return { x, y };
};

/**
 * What the arm should show with step `index` active: the figure's own attributes, the step's on
 * top, the keys any step sets going back to the figure's (or the default) when it does not.
 * @param {Record<string, string>[]} steps @param {number} index
 */
function armExpected(steps, index) {
  const own = { target: '110,90', bend: '1' };
  const step = steps[index] ?? {};
  return { target: point(step.target ?? own.target), bend: Number(step.bend ?? own.bend) };
}

/**
 * A point over the steps' column, away from the figure: where a wheel scrolls the post.
 * @param {EnginePage} page
 */
function overSteps(page) {
  return page.evaluate(() => {
    const box = /** @type {Element} */ (document.querySelector('.steps')).getBoundingClientRect();
    return { x: box.left + box.width / 2, y: document.documentElement.clientHeight * 0.7 };
  });
}

/**
 * Where the arm's last step ends, in page px (scrollY included).
 * @param {EnginePage} page
 */
function armStepsEnd(page) {
  return page.evaluate(() => {
    const steps = document.querySelectorAll('ik2d-step[for="arm"]');
    return /** @type {Element} */ (steps[steps.length - 1]).getBoundingClientRect().bottom + scrollY;
  });
}

/**
 * Scrolls the page with `scroll` until `done`, and at each stop checks the arm against the step
 * the layout says is active; returns the step indices seen, in order, without repeats.
 * @param {EnginePage} page
 * @param {() => Promise<void>} scroll One input gesture.
 * @param {(y: number) => boolean} done Whether to stop, at scrollY y (and always where the
 *   page cannot scroll further).
 */
async function scrollThroughSteps(page, scroll, done) {
  /** @type {number[]} */
  const seen = [];
  let previous = NaN;
  for (let turn = 0; turn < 80; turn += 1) {
    if (turn > 0) await scroll(); // Where the page is first, then after each gesture.
    const y = await waitScrollStill(page);
    const { index, steps } = await expectedStep(page, 'arm');
    const want = armExpected(steps, index);
    await page.waitFor((w) => {
      const state = /** @type {any} */ (document.getElementById('arm')).getState();
      return state.target.x === w.target.x && state.target.y === w.target.y && state.params.bend === w.bend;
    }, want);
    assert.deepEqual(await activeSteps(page, 'arm'), index < 0 ? [] : [index], `at scrollY ${y}: step ${index} is the active one`);
    if (seen.at(-1) !== index) seen.push(index);
    if (done(y) || (turn > 1 && y === previous)) break;
    previous = y;
  }
  return seen;
}

/** The text each <ik2d-value> of a figure shows, and what getState() says it should. @param {EnginePage} page @param {string} id */
const valuesOf = (page, id) => page.evaluate((which) => {
  const state = /** @type {any} */ (document.getElementById(which)).getState();
  return [...document.querySelectorAll(`ik2d-value[for="${which}"]`)].map((element) => {
    let value = state;
    for (const part of (element.getAttribute('key') ?? '').split('.')) value = value?.[part];
    const digits = Number(element.getAttribute('digits') ?? 1);
    const want = typeof value === 'number'
      ? (element.getAttribute('unit') === 'deg' ? `${((value * 180) / Math.PI).toFixed(digits)}°` : value.toFixed(digits)).replace(/^-(0\.?0*)(°?)$/, '$1$2')
      : String(value);
    return { shown: element.shadowRoot?.textContent ?? '', want };
  });
}, id);

/**
 * Waits until every <ik2d-value> of a figure shows what getState() says (a value follows its figure
 * within a tenth of a second, and the figure may still be easing into a step). @param {EnginePage} page @param {string} id
 */
async function valuesSettled(page, id) {
  for (let frame = 0; frame < 300; frame += 1) {
    if ((await valuesOf(page, id)).every(({ shown, want }) => shown === want)) return;
    await page.nextFrame();
  }
  // The assertion after it names what differs.
}

/**
 * The highlight's alpha (0 to 255) on the figure's highlight canvas at world points, after the
 * next frames; 0 where there is no highlight canvas or it is hidden.
 * @param {EnginePage} page @param {string} id @param {{x: number, y: number}[]} points
 */
async function highlightAt(page, id, points) {
  await page.nextFrame();
  await page.nextFrame();
  return onElement(page, id, (element, world) => {
    const canvas = element.shadowRoot.querySelector('canvas.story-highlight');
    if (!canvas || canvas.hidden) return world.map(() => 0);
    const box = canvas.getBoundingClientRect();
    const scratch = document.createElement('canvas');
    scratch.width = 1;
    scratch.height = 1;
    const context = /** @type {CanvasRenderingContext2D} */ (scratch.getContext('2d', { willReadFrequently: true }));
    return world.map((/** @type {{x: number, y: number}} */ p) => {
      const client = element.worldToClient(p);
      const x = Math.round(((client.x - box.left) / box.width) * canvas.width);
      const y = Math.round(((client.y - box.top) / box.height) * canvas.height);
      context.clearRect(0, 0, 1, 1);
      context.drawImage(canvas, x, y, 1, 1, 0, 0, 1, 1);
      return context.getImageData(0, 0, 1, 1).data[3];
    });
  }, points);
}

/** Where a part of the arm is, to look for its highlight: the triangle's centroid, a bone's middle. @param {any} state */
const armSpots = (state) => {
  const { root, result } = state;
  return {
    triangle: { x: (root.x + result.joint.x + result.end.x) / 3, y: (root.y + result.joint.y + result.end.y) / 3 },
    upper: { x: (root.x + result.joint.x) / 2, y: (root.y + result.joint.y) / 2 },
  };
};

/**
 * Each figure's poster: whether the element is defined, whether the poster has a box (is shown),
 * and the figure's frame state.
 * @param {EnginePage} page
 */
const postersOf = (page) => page.evaluate(() => [...document.querySelectorAll('ik2d-scene')].map((figure) => {
  const poster = figure.querySelector('[data-poster]');
  const box = poster?.getBoundingClientRect();
  return {
    id: figure.id,
    defined: figure.matches(':defined'),
    shown: Boolean(box && box.width > 100 && box.height > 50),
    ready: figure.shadowRoot?.querySelector('.frame')?.getAttribute('data-ready') ?? null,
  };
}));

/** The explainer's figures, in order. */
const FIGURES = ['arm', 'ccd', 'fabrik', 'dls', 'creature'];

const WASM = ['ik2d.wasm', 'ik2d-core.wasm', 'ik2d-batch.wasm', 'ik2d-procedural.wasm', 'ik2d-skeleton.wasm', 'ik2d-creature.wasm'];

forEachEngine({}, ({ name, test }) => {
  test('steps: a wheel scrolls the post down and back up, each step shows its figure exactly', async ({ engine, url }) => {
    await inPage(engine, `${url}${PAGE}`, { viewport: { width: 1280, height: 800 }, waitReady: false }, async (page) => {
      await waitLoaded(page, 'arm');
      const start = await stateOf(page, 'arm');
      assert.deepEqual([start.target, start.params.bend], [{ x: 110, y: 90 }, 1], 'before the first step: the figure\'s own attributes');
      await recordSteps(page, 'arm');
      // Over the steps' column, away from the figure.
      const over = await overSteps(page);
      const stepsEnd = await armStepsEnd(page);
      const down = await scrollThroughSteps(page, () => page.wheel(over.x, over.y, 120), (y) => y > stepsEnd - 400);
      assert.deepEqual(down, [-1, 0, 1, 2, 3], `${name}: going down, every step in turn`);
      const up = await scrollThroughSteps(page, () => page.wheel(over.x, over.y, -120), (y) => y === 0);
      assert.deepEqual(up, [3, 2, 1, 0, -1], `${name}: going up, the one above each time`);
      const back = await stateOf(page, 'arm');
      assert.deepEqual([back.target, back.params.bend], [start.target, start.params.bend], 'back before the first step: exactly the figure\'s own');
      assert.deepEqual(back.result, start.result, 'and the same solution');

      const events = await page.evaluate(() => /** @type {any} */ (window).stepEvents);
      assert.deepEqual(events.map((/** @type {any} */ e) => e.index), [0, 1, 2, 3, 2, 1, 0, -1], 'one stepchange per change of step');
      assert.ok(events.every((/** @type {any} */ e) => e.same), 'detail.step is the step at detail.index (null before the first)');
      // The move eases: right after a step applies, the target is still where it was.
      assert.deepEqual(events[1].after, events[1].target, 'the move starts where the figure was');
      await assertNoProblems(page);
    });
  });

  test('steps: a finger\'s swipe scrolls the post through the steps', { needs: ['touchPan'] }, async ({ engine, url }) => {
    await inPage(engine, `${url}${PAGE}`, { viewport: { width: 390, height: 844 }, touch: true, waitReady: false }, async (page) => {
      await waitLoaded(page, 'arm');
      const x = 195;
      const stepsEnd = await armStepsEnd(page);
      const down = await scrollThroughSteps(page, () => page.touchDrag({ x, y: 760 }, { x, y: 620 }), (y) => y > stepsEnd - 400);
      assert.deepEqual(down, [-1, 0, 1, 2, 3], 'going down, every step in turn');
      const up = await scrollThroughSteps(page, () => page.touchDrag({ x, y: 620 }, { x, y: 760 }), (y) => y === 0);
      assert.deepEqual(up, [3, 2, 1, 0, -1], 'going up, the one above each time');
      await assertNoProblems(page);
    });
  });

  // How often values are read (at most every 100 ms) is the rate limiter's, tested against a fake
  // clock (tests/js/rate-limit.test.mjs), not measured here.
  test('values: live angles follow a real drag; an unknown key shows ? and warns once', async ({ engine, url }) => {
    await inPage(engine, `${url}${PAGE}`, { viewport: { width: 1280, height: 800 }, waitReady: false }, async (page) => {
      await waitLoaded(page, 'arm');
      await page.waitFor(() => document.querySelector('ik2d-value')?.shadowRoot?.textContent !== '');
      const first = await valuesOf(page, 'arm');
      assert.equal(first.length, 3);
      for (const { shown, want } of first) assert.equal(shown, want);
      // Each change of the shoulder's value, counted by the page.
      await page.evaluate(() => {
        /** @type {any} */ (window).valueChanges = 0;
        const value = /** @type {Element} */ (document.querySelector('ik2d-value[key="result.angle1"]'));
        new MutationObserver(() => { /** @type {any} */ (window).valueChanges += 1; })
          .observe(/** @type {ShadowRoot} */ (value.shadowRoot), { characterData: true, subtree: true, childList: true });
      });
      const state = await stateOf(page, 'arm');
      const from = await onElement(page, 'arm', (element, p) => element.worldToClient(p), state.target);
      const to = await onElement(page, 'arm', (element, p) => element.worldToClient(p), { x: -60, y: 130 });
      await page.drag([from, to], 40);
      const moved = await stateOf(page, 'arm');
      assert.ok(Math.abs(moved.target.x - state.target.x) > 50, 'the drag moved the target');
      await page.waitFor((which) => {
        const state = /** @type {any} */ (document.getElementById(which)).getState();
        const value = /** @type {Element} */ (document.querySelector('ik2d-value[key="result.angle1"]'));
        return value.shadowRoot?.textContent === `${((state.result.angle1 * 180) / Math.PI).toFixed(1)}°`;
      }, 'arm');
      for (const { shown, want } of await valuesOf(page, 'arm')) assert.equal(shown, want, 'each value is the figure\'s');
      const changes = await page.evaluate(() => /** @type {any} */ (window).valueChanges);
      assert.ok(changes >= 1, `the value changed with the drag (${changes} times)`);
      await assertNoProblems(page);

      // An unknown key: "?" and one warning that lists the figure's paths.
      await page.evaluate(() => {
        const value = document.createElement('ik2d-value');
        value.setAttribute('for', 'arm');
        value.setAttribute('key', 'result.nope');
        value.id = 'unknown';
        document.querySelector('.caption')?.append(value);
      });
      await page.waitFor(() => document.getElementById('unknown')?.shadowRoot?.textContent === '?');
      // Two more changes of the figure, each shown by the values: the unknown key is read again
      // each time, and warns no more.
      for (const target of [{ x: 40, y: 150 }, { x: 150, y: 20 }]) {
        await onElement(page, 'arm', (element, t) => element.setState({ target: t }), target);
        const known = async () => (await valuesOf(page, 'arm')).slice(0, first.length);
        for (let frame = 0; frame < 300 && !(await known()).every(({ shown, want }) => shown === want); frame += 1) await page.nextFrame();
        for (const { shown, want } of await known()) assert.equal(shown, want);
      }
      assert.equal(await page.evaluate(() => document.getElementById('unknown')?.shadowRoot?.textContent), '?');
      const warnings = await page.problemList();
      assert.equal(warnings.length, 1, warnings.join('\n'));
      assert.match(warnings[0], /result\.nope/);
      assert.match(warnings[0], /result\.angle1/, 'the warning lists the paths');
      assert.match(warnings[0], /target\.x/);
    });
  });

  test('sync: a real drag, a key and setState on one figure move the others\' target; each solves its own way', async ({ engine, url }) => {
    await inPage(engine, `${url}${PAGE}`, { viewport: { width: 1280, height: 800 }, waitReady: false }, async (page) => {
      const ids = ['ccd', 'fabrik', 'dls'];
      await page.evaluate(() => document.getElementById('chains')?.scrollIntoView({ block: 'start' }));
      for (const id of ids) await waitLoaded(page, id);
      const targets = async () => Promise.all(ids.map(async (id) => (await stateOf(page, id)).target));
      const start = await targets();
      assert.deepEqual(start[1], start[0]);
      assert.deepEqual(start[2], start[0]);

      // A real drag of FABRIK's target, the figure in the middle of the viewport (WebKit's window is
      // shorter than its size by MiniBrowser's toolbar: a point near an edge may fall outside).
      await onElement(page, 'fabrik', (element) => element.scrollIntoView({ block: 'center' }));
      await page.nextFrame();
      await page.nextFrame();
      const from = await onElement(page, 'fabrik', (element, p) => element.worldToClient(p), start[1]);
      const goal = { x: -20, y: 150 };
      const to = await onElement(page, 'fabrik', (element, p) => element.worldToClient(p), goal);
      await page.drag([from, to], 20);
      const dragged = await targets();
      assert.ok(Math.hypot(dragged[1].x - goal.x, dragged[1].y - goal.y) < 5, `the drag moved FABRIK's target: ${JSON.stringify(dragged[1])}`);
      assert.deepEqual(dragged[0], dragged[1], 'CCD\'s target followed');
      assert.deepEqual(dragged[2], dragged[1], 'DLS\'s target followed');
      const states = await Promise.all(ids.map((id) => stateOf(page, id)));
      assert.deepEqual(states.map((state) => state.params.method), ids, 'each keeps its own method');
      assert.notDeepEqual(states[0].angles, states[1].angles, 'CCD and FABRIK solve it their own ways');
      assert.notDeepEqual(states[1].angles, states[2].angles, 'FABRIK and DLS too');

      // A key on CCD's canvas.
      await onElement(page, 'ccd', (element) => element.shadowRoot.querySelector('canvas').focus());
      await page.press('ArrowRight');
      const keyed = await targets();
      assert.ok(keyed[0].x > dragged[0].x, 'the key moved CCD\'s target');
      assert.deepEqual([keyed[1], keyed[2]], [keyed[0], keyed[0]], 'the others followed the key');

      // setState on DLS.
      assert.deepEqual(await onElement(page, 'dls', (element) => element.setState({ target: { x: 60, y: -40 } })), []);
      assert.deepEqual(await targets(), [{ x: 60, y: -40 }, { x: 60, y: -40 }, { x: 60, y: -40 }], 'setState moved all three');
      // The arm has no sync: it stays where it was.
      assert.deepEqual((await stateOf(page, 'arm')).target.x !== 60, true);
      await assertNoProblems(page);
    });
  });

  test('marks: hover, keyboard focus and a press light the part; pointing at the part sets active on its marks', async ({ engine, url }) => {
    await inPage(engine, `${url}${PAGE}`, { viewport: { width: 1280, height: 800 }, waitReady: false }, async (page) => {
      await waitLoaded(page, 'arm');
      await page.wheel(900, 560, 200);
      await waitScrollStill(page);
      await page.waitFor(() => document.querySelector('ik2d-step[for="arm"]')?.hasAttribute('active'));
      await page.waitFor(() => /** @type {any} */ (document.getElementById('arm')).getState().target.x === 150);
      assert.deepEqual(await onElement(page, 'arm', (element) => element.parts()),
        ['root', 'joint', 'end', 'target', 'bone:0', 'bone:1', 'triangle', 'reach']);
      const spots = armSpots(await stateOf(page, 'arm'));
      assert.deepEqual(await highlightAt(page, 'arm', [spots.triangle]), [0], 'nothing lit at first');

      // Hover: the triangle is lit while the pointer is on its mark.
      const mark = await page.locator('ik2d-mark[part="triangle"]').boundingBox();
      await page.mouse.move(mark.x + mark.width / 2, mark.y + mark.height / 2);
      await page.waitFor(() => document.querySelector('ik2d-mark[part="triangle"]')?.matches(':hover'));
      const [lit, upperLit] = await highlightAt(page, 'arm', [spots.triangle, { x: spots.upper.x, y: spots.upper.y }]);
      assert.ok(lit > 40, `the triangle is lit (alpha ${lit})`);
      assert.ok(upperLit > 0, 'along its side too');
      await page.mouse.move(1200, 780);
      await page.waitFor(() => !document.querySelector('ik2d-mark[part="triangle"]')?.matches(':hover'));
      assert.deepEqual(await highlightAt(page, 'arm', [spots.triangle]), [0], 'the pointer left: nothing lit');

      // Keyboard: Tab reaches the marks in reading order; focus lights, Enter pins.
      await onElement(page, 'arm', (element) => element.shadowRoot.querySelector('canvas').focus());
      /** @type {string[]} */
      const reached = [];
      for (let i = 0; i < 12 && !reached.includes('triangle'); i += 1) {
        await page.press('Tab');
        reached.push(await page.evaluate(() => document.activeElement?.getAttribute('part') ?? document.activeElement?.localName ?? ''));
      }
      // (The figure's own link comes first, in its shadow root: the focus is then the element.)
      assert.deepEqual(reached.filter((which) => which !== 'ik2d-scene'), ['bone:0', 'bone:1', 'triangle'], `Tab goes from the figure through the marks: ${reached}`);
      assert.ok((await highlightAt(page, 'arm', [spots.triangle]))[0] > 40, 'focus lights the triangle');
      await page.press('Enter');
      assert.equal(await page.getAttribute('ik2d-mark[part="triangle"]', 'aria-pressed'), 'true');
      await page.press('Tab'); // On to "shoulder": the root is lit now, the triangle stays pinned.
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('part')), 'root');
      await page.press('Tab');
      await page.press('Shift+Tab');
      await page.press('Shift+Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('part')), 'triangle');
      await page.press(' ');
      assert.equal(await page.getAttribute('ik2d-mark[part="triangle"]', 'aria-pressed'), 'false');
      await onElement(page, 'arm', (element) => element.shadowRoot.querySelector('canvas').focus());
      assert.deepEqual(await highlightAt(page, 'arm', [spots.triangle]), [0], 'unpinned and blurred: nothing lit');

      // Pointing at the upper bone in the figure sets active on its mark, and lights it.
      const onBone = await onElement(page, 'arm', (element, p) => element.worldToClient(p), spots.upper);
      await page.mouse.move(onBone.x, onBone.y, { steps: 4 });
      await page.waitFor(() => document.querySelector('ik2d-mark[part="bone:0"]')?.hasAttribute('active'));
      assert.deepEqual(await page.evaluate(() => [...document.querySelectorAll('ik2d-mark[active]')].map((m) => m.getAttribute('part'))), ['bone:0']);
      assert.ok((await highlightAt(page, 'arm', [spots.upper]))[0] > 40, 'the pointed bone is lit');
      await page.mouse.move(1200, 780, { steps: 4 });
      await page.waitFor(() => document.querySelectorAll('ik2d-mark[active]').length === 0);

      // From script; bad calls say what was wrong.
      await onElement(page, 'arm', (element) => element.highlight('triangle'));
      assert.ok((await highlightAt(page, 'arm', [spots.triangle]))[0] > 40);
      await onElement(page, 'arm', (element) => element.highlight(null));
      assert.deepEqual(await highlightAt(page, 'arm', [spots.triangle]), [0]);
      const errors = await onElement(page, 'arm', (element) => [42, 'nope'].map((part) => {
        try {
          element.highlight(part);
          return 'no error';
        } catch (error) {
          return `${error.name}: ${error.message}`;
        }
      }));
      assert.match(errors[0], /^TypeError: ik2d-scene\.highlight\(part\) expects a part name or null/);
      assert.match(errors[1], /^RangeError: .*"nope".*triangle/);
      // What assistive technology is told.
      const told = await page.evaluate(() => {
        const m = /** @type {Element} */ (document.querySelector('ik2d-mark[part="triangle"]'));
        return [m.getAttribute('role'), m.getAttribute('tabindex'), m.getAttribute('aria-description'), m.textContent];
      });
      assert.deepEqual(told, ['button', '0', 'Highlights the triangle in the figure', 'triangle']);
      await assertNoProblems(page);
    });
  });

  test('posters: hidden once the scene draws; shown where the module does not load and where WebAssembly cannot run', async ({ engine, url }) => {
    await inPage(engine, `${url}${PAGE}`, { viewport: { width: 1280, height: 800 }, waitReady: false }, async (page) => {
      for (const id of FIGURES) await waitLoaded(page, id);
      const drawn = await postersOf(page);
      assert.deepEqual(drawn.map((poster) => poster.id), FIGURES);
      for (const poster of drawn) assert.deepEqual(poster, { id: poster.id, defined: true, shown: false, ready: 'true' }, 'drawn: the poster is hidden');
      await assertNoProblems(page);
    });
    // The module is lost: the element is never defined, and the page shows its poster.
    const lostModule = await serveFor(name, { missing: ['ik2d-element.js'] });
    try {
      await inPage(engine, `${lostModule.url}${PAGE}`, { viewport: { width: 1280, height: 800 }, waitReady: false }, async (page) => {
        await page.waitFor(() => document.readyState === 'complete');
        for (const poster of await postersOf(page)) assert.deepEqual(poster, { id: poster.id, defined: false, shown: true, ready: null }, 'no module: the poster');
      });
    } finally {
      await lostModule.close();
    }
    // No WebAssembly module loads: the element says so along the poster's bottom edge.
    const lostWasm = await serveFor(name, { missing: WASM });
    try {
      await inPage(engine, `${lostWasm.url}${PAGE}`, { viewport: { width: 1280, height: 800 }, waitReady: false }, async (page) => {
        await page.waitFor(() => [...document.querySelectorAll('ik2d-scene')].every((figure) => figure.shadowRoot?.querySelector('.frame')?.getAttribute('data-ready') === 'error'));
        for (const poster of await postersOf(page)) assert.deepEqual(poster, { id: poster.id, defined: true, shown: true, ready: 'error' }, 'no WebAssembly: the poster stays');
        const error = await onElement(page, 'arm', (element) => {
          const box = element.shadowRoot.querySelector('#fatal').getBoundingClientRect();
          const frame = element.getBoundingClientRect();
          return { visible: box.height > 10, below: box.top > frame.top + frame.height / 2 };
        });
        assert.deepEqual(error, { visible: true, below: true }, 'the error is a strip along the bottom, over the poster');
      });
    } finally {
      await lostWasm.close();
    }
  });

  test('posters with scripts off; print: every figure drawn, no live controls', { onlyIn: 'chromium: scripts are turned off and print is emulated through CDP (the other engines see the posters of a lost module above)' }, async ({ engine, url }) => {
    await inPage(engine, `${url}${PAGE}`, { viewport: { width: 1280, height: 800 }, waitReady: false }, async (page) => {
      const chromium = /** @type {any} */ (page);
      // Print emulation, far from the chains (which have drawn once all the same).
      await chromium.page.emulateMedia({ media: 'print' });
      for (const id of FIGURES) {
        await waitLoaded(page, id);
        assert.ok(await coloursOf(page, id) > 3, `${id}: printed with its drawing`);
        const shown = await onElement(page, id, (element) => [...element.shadowRoot.querySelectorAll('.open-playground, .notices')]
          .map((part) => getComputedStyle(part).display));
        assert.deepEqual(shown, ['none', 'none'], `${id}: no live controls on paper`);
      }
      assert.ok((await postersOf(page)).every((poster) => !poster.shown), 'drawn figures, not their posters');
      await chromium.page.emulateMedia({ media: 'screen' });
      // Scripts off (the browser's own setting, through CDP): the posters.
      const cdp = await chromium.context.newCDPSession(chromium.page);
      await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
      await chromium.page.reload();
      for (const poster of await postersOf(page)) assert.deepEqual(poster, { id: poster.id, defined: false, shown: true, ready: null }, 'scripts off: the poster');
      const steps = await page.evaluate(() => [...document.querySelectorAll('ik2d-step')].map((step) => getComputedStyle(step).display));
      assert.ok(steps.every((display) => display === 'block'), 'the steps read as paragraphs');
      await cdp.send('Emulation.setScriptExecutionDisabled', { value: false });
      await cdp.detach();
    });
  });

  test('the explainer as a Hugo post: a wheel through the steps and back, live values, axe finds nothing serious', async ({ engine }) => {
    const folder = mkdtempSync(path.join(tmpdir(), `ik2d-story-${name}-`));
    const built = path.join(folder, 'public');
    mkdirSync(built);
    const server = await serveFor(name, { folders: { '/blog/': built } });
    try {
      const { paths } = buildBlog(folder, {}, { site: server.url });
      await inPage(engine, `${server.url}blog/${paths[BLOG_EXPLAINER_POST]}`, { viewport: { width: 1280, height: 800 }, waitReady: false }, async (page) => {
        await waitLoaded(page, 'arm');
        assert.equal(await page.evaluate(() => document.querySelectorAll('ik2d-scene, ik2d-step, ik2d-value, ik2d-mark').length > 20), true, 'the post holds the story');
        assert.deepEqual(await seriousAxeViolations(page), [], 'axe, at the top');
        const over = await overSteps(page);
        const stepsEnd = await armStepsEnd(page);
        const down = await scrollThroughSteps(page, () => page.wheel(over.x, over.y, 150), (y) => y > stepsEnd - 400);
        assert.deepEqual(down, [-1, 0, 1, 2, 3], 'going down, every step in turn');
        await valuesSettled(page, 'arm');
        for (const { shown, want } of await valuesOf(page, 'arm')) assert.equal(shown, want);
        assert.deepEqual(await seriousAxeViolations(page), [], 'axe, among the steps');
        const up = await scrollThroughSteps(page, () => page.wheel(over.x, over.y, -150), (y) => y === 0);
        assert.deepEqual(up, [3, 2, 1, 0, -1], 'and back up');
        await assertNoProblems(page);
      });
    } finally {
      await server.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test('the explainer at 390 px: axe finds nothing serious; nothing is wider than the screen', { width: 390 }, async ({ engine, url }) => {
    await inPage(engine, `${url}${PAGE}`, { viewport: { width: 390, height: 844 }, waitReady: false }, async (page) => {
      await waitLoaded(page, 'arm');
      assert.deepEqual(await seriousAxeViolations(page), []);
      const widest = await page.evaluate(() => Math.max(...[...document.querySelectorAll('main *')].map((node) => node.getBoundingClientRect().right)));
      assert.ok(widest <= 390, `nothing past the right edge (${widest})`);
      const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      assert.equal(scroll, client, 'no sideways scroll');
      await assertNoProblems(page);
    });
  });

  test('a step on a synced figure moves its partner; a bad step attribute is a notice; every scene names its parts', async ({ engine, url }) => {
    await inPage(engine, `${url}${PAGE}`, { viewport: { width: 1280, height: 800 }, waitReady: false }, async (page) => {
      await waitLoaded(page, 'arm');
      // A section added to the post: two chains synced, a step that moves one, a step whose
      // attributes are wrong; then one figure of each scene (outside the viewport until scrolled).
      await page.evaluate(() => {
        const section = document.createElement('section');
        section.id = 'added';
        const figure = (/** @type {string} */ id, /** @type {Record<string, string>} */ attributes) => {
          const element = document.createElement('ik2d-scene');
          element.id = id;
          for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
          element.style.cssText = 'display:block;width:400px;height:300px';
          return element;
        };
        const spacer = () => Object.assign(document.createElement('div'), { style: 'height:900px' });
        const step = (/** @type {Record<string, string>} */ attributes) => {
          const element = document.createElement('ik2d-step');
          for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
          element.textContent = 'A step.';
          return element;
        };
        section.append(figure('lead', { scene: 'chain', method: 'ccd', sync: 'added', openlink: '0' }),
          figure('partner', { scene: 'chain', method: 'fabrik', sync: 'added', openlink: '0' }),
          spacer(), step({ for: 'lead', target: '-60,80' }), spacer(),
          step({ for: 'lead', target: '<b>x</b>', bogus: '1' }), spacer());
        for (const scene of ['arm', 'chain', 'puppet', 'spider', 'creature', 'rope']) section.append(figure(`parts-${scene}`, { scene, openlink: '0' }));
        document.querySelector('main')?.append(section);
      });
      const goTo = (/** @type {number} */ index) => page.evaluate((i) => {
        const step = /** @type {Element} */ (document.querySelectorAll('ik2d-step[for="lead"]')[i]);
        // The step's top just above the middle of the viewport.
        scrollTo(0, step.getBoundingClientRect().top + scrollY - document.documentElement.clientHeight / 2 + 20);
      }, index);
      await page.evaluate(() => document.getElementById('lead')?.scrollIntoView({ block: 'start' }));
      await waitLoaded(page, 'lead');
      await waitLoaded(page, 'partner');
      await goTo(0);
      await page.waitFor(() => {
        const targets = ['lead', 'partner'].map((id) => /** @type {any} */ (document.getElementById(id)).getState().target);
        return targets.every((t) => t.x === -60 && t.y === 80);
      });
      const lead = await stateOf(page, 'lead');
      const partner = await stateOf(page, 'partner');
      assert.notDeepEqual(lead.positions, partner.positions, 'each solves with its own method');
      await assertNoProblems(page);

      // The bad step: a notice naming the value, the figure keeps its last good target, nothing breaks.
      await goTo(1);
      await page.waitFor(() => (document.getElementById('lead')?.shadowRoot?.querySelector('.notices') instanceof HTMLElement)
        && !(/** @type {HTMLElement} */ (document.getElementById('lead')?.shadowRoot?.querySelector('.notices'))).hidden);
      const notices = await noticesOf(page, 'lead');
      assert.ok(notices.some((text) => /target/.test(text) && text.includes('<b>x</b>')), notices.join('\n'));
      assert.ok(notices.some((text) => /bogus/.test(text)), 'an unknown key is named too');
      assert.equal(await onElement(page, 'lead', (element) => element.shadowRoot.querySelectorAll('.notices b').length), 0, 'no HTML from an attribute');
      const after = await stateOf(page, 'lead');
      assert.ok(Number.isFinite(after.target.x) && Number.isFinite(after.target.y), 'the target stays a point');
      assert.deepEqual(await activeSteps(page, 'lead'), [1]);

      // Every scene lists the parts the docs name, and a highlight from script draws.
      const expected = {
        arm: ['root', 'joint', 'end', 'target', 'bone:0', 'bone:1', 'triangle', 'reach'],
        chain: ['root', 'target', 'end', 'bone:0', 'joint:0'],
        puppet: ['bone:0', 'effector:0'],
        spider: ['body', 'leg:0'],
        creature: ['head', 'spine', 'leg:0'],
        rope: ['anchor', 'end'],
      };
      for (const [scene, names] of Object.entries(expected)) {
        const id = `parts-${scene}`;
        await page.evaluate((which) => document.getElementById(which)?.scrollIntoView({ block: 'center' }), id);
        await waitLoaded(page, id);
        const parts = await onElement(page, id, (element) => element.parts());
        for (const name of names) assert.ok(parts.includes(name), `${scene}: ${name} in ${parts.join(', ')}`);
        const shown = await onElement(page, id, (element, part) => {
          element.highlight(part);
          return true;
        }, names[names.length - 1]);
        assert.ok(shown);
        await page.waitFor((which) => {
          const canvas = /** @type {HTMLCanvasElement | null | undefined} */ (document.getElementById(which)?.shadowRoot?.querySelector('canvas.story-highlight'));
          return Boolean(canvas && !canvas.hidden);
        }, id);
        const bad = await onElement(page, id, (element) => {
          try {
            element.highlight('no-such-part');
            return 'no error';
          } catch (error) {
            return `${/** @type {Error} */ (error).name}: ${/** @type {Error} */ (error).message}`;
          }
        });
        assert.match(bad, /^RangeError: .*no part "no-such-part".*its parts: /, scene);
        await onElement(page, id, (element) => element.highlight(null));
      }
    });
  });

  test('steps under reduced motion: the figure is there at once', { needs: ['reducedMotion'] }, async ({ url }) => {
    const still = await launchEngine(name, { reducedMotion: true });
    const page = await still.openPage(`${url}${PAGE}`, { viewport: { width: 1280, height: 800 }, waitReady: false });
    try {
      await waitLoaded(page, 'arm');
      await recordSteps(page, 'arm');
      const over = await overSteps(page);
      const seen = await scrollThroughSteps(page, () => page.wheel(over.x, over.y, 120), () => false);
      assert.ok(seen.includes(1), `${seen}`);
      const events = await page.evaluate(() => /** @type {any} */ (window).stepEvents);
      const { steps } = await expectedStep(page, 'arm');
      for (const event of events.slice(0, 2)) {
        assert.deepEqual(event.after, armExpected(steps, event.index).target, `step ${event.index}: no animation frame needed`);
      }
      await assertNoProblems(page);
    } finally {
      await page.close();
      await still.close();
    }
  });
});
