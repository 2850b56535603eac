// page-input.test.mjs: what the page does with a link or a setState call, read through its own
// modules as they ship (web/src/model/link.js, settings.js, page-params.js) in the order the page applies
// them (playground.js change(): link notices, then page params, then the scene's settings). These
// are the page's JS and give the same in every engine; the browser tests keep what needs a browser
// (the notices shown as plain text, nothing injected, the page still working), in one engine.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseLink } from '../../web/src/model/link.js';
import { applyPageParams, defaultPage } from '../../web/src/model/page-params.js';
import { SCENES } from '../../web/src/scenes/index.js';
import { applyPartial, defaultSettings } from '../../web/src/model/settings.js';
import { HOSTILE_LINKS, HOSTILE_SET_STATE } from './fixtures/hostile-links.mjs';

/** A link as the page reads it on load: the scene, the settings and page settings, every notice. */
function load(search) {
  const { scene, partial, notices } = parseLink(search, SCENES);
  const shared = applyPageParams(defaultPage(), partial);
  const applied = applyPartial(scene, defaultSettings(scene), shared.rest);
  return { scene, settings: applied.settings, page: shared.page, notices: [...notices, ...shared.notices, ...applied.notices] };
}

/** setState(partial) on a scene at its defaults, as the playground applies it: page params, then settings. */
function setState(sceneId, partial) {
  const scene = SCENES.find((s) => s.id === sceneId);
  assert.ok(scene, sceneId);
  const shared = applyPageParams(defaultPage(), partial);
  const applied = applyPartial(scene, defaultSettings(scene), shared.rest);
  return { settings: applied.settings, page: shared.page, notices: [...shared.notices, ...applied.notices] };
}

/** Every notice matches its pattern, in order, and there are as many. */
function assertNotices(notices, patterns, what) {
  assert.equal(notices.length, patterns.length, `${what}: ${JSON.stringify(notices.slice(0, 10))}`);
  patterns.forEach((pattern, i) => assert.match(notices[i], pattern, `${what}: notice ${i}`));
  for (const notice of notices) assert.equal(typeof notice, 'string', `${what}: notices are plain text`);
}

const ARM_DEFAULT_PARAMS = { length1: 120, length2: 80, softness: 0, bend: 1 };
const armParams = ({ length1, length2, softness, bend }) => ({ length1, length2, softness, bend });

test('malformed and hostile links each give their notices and valid settings for the scene they name', () => {
  for (const { what, query, scene, notices, all, settings } of HOSTILE_LINKS) {
    const loaded = load(query);
    assert.equal(loaded.scene.id, scene, `${what}: scene`);
    assertNotices(loaded.notices, all ?? notices, what);
    settings?.(loaded.settings.params, loaded.settings.points);
  }
});

test('a link with bad or out-of-range values gets one notice each, in order, and uses the rest', () => {
  const loaded = load('?scene=arm&length1=1000&length2=abc&bend=2&target=-50,60&wobble=1');
  assert.deepEqual(loaded.notices, [
    'Ignored length2=abc: not a number',
    'Ignored wobble=1: arm has no setting "wobble"',
    'Clamped length1=1000 to 250 (allowed 10 to 250)',
    'Ignored bend=2: must be 1 or -1',
  ]);
  assert.deepEqual(armParams(loaded.settings.params), { length1: 250, length2: 80, softness: 0, bend: 1 });
  assert.deepEqual(loaded.settings.points.target, { x: -50, y: 60 });
});

test('a hostile scene name falls back to the arm at its defaults, with the raw text in its notices', () => {
  const loaded = load('?scene=<img src=x onerror=alert(1)>&length1=NaN&target=1e999,abc');
  assert.equal(loaded.scene.id, 'arm');
  assert.ok(loaded.notices.some((n) => n.startsWith('Ignored scene=<img src=x onerror=alert(1)>: unknown scene')), JSON.stringify(loaded.notices));
  assert.ok(loaded.notices.includes('Ignored length1=NaN: not a number'), JSON.stringify(loaded.notices));
  assert.ok(loaded.notices.some((n) => n.startsWith('Ignored target=1e999,abc')), JSON.stringify(loaded.notices));
  assert.deepEqual(armParams(loaded.settings.params), ARM_DEFAULT_PARAMS);
  assert.deepEqual(loaded.settings.points.target, { x: 110, y: 90 });
});

test('setState rejects bad values with notices, clamps out-of-range ones, and applies the rest', () => {
  const { settings, notices } = setState('arm', HOSTILE_SET_STATE.partial);
  assertNotices(notices, HOSTILE_SET_STATE.notices, 'setState');
  assert.deepEqual(armParams(settings.params), { length1: 120, length2: 80, softness: 100, bend: 1 });
  assert.deepEqual(settings.points.target, { x: 110, y: 50 }, 'the good coordinate is applied, the bad one kept');
  assert.deepEqual(settings.points.root, { x: -300, y: 12 });
  // Values of the wrong shape get one notice each (non-objects and unknown scenes are refused by the
  // playground before this, and checked in the browser: tests/browser/state.test.mjs).
  for (const junk of [{ params: 5 }, { target: 'x' }]) {
    const result = setState('arm', junk);
    assert.equal(result.notices.length, 1, `setState(${JSON.stringify(junk)}): ${JSON.stringify(result.notices)}`);
    assert.deepEqual(result.settings, defaultSettings(SCENES[0]), 'and nothing changes');
  }
});

test('bad page params get the same notices as bad settings: refused as the link is read, or as it is applied', () => {
  const loaded = load('?scene=chain&theme=purple&transparent=maybe&play=later&openLink=2');
  assert.deepEqual(loaded.notices, [
    'Ignored transparent=maybe: expected 1 or 0', // Not a toggle word: refused as the link is read.
    'Ignored openLink=2: expected 1 or 0',
    'Ignored theme=purple: must be one of auto, light, dark', // Not an option: refused as it is applied.
    'Ignored play=later: must be one of auto, click, paused',
  ]);
  assert.equal(loaded.scene.id, 'chain');
  assert.deepEqual(loaded.page, { theme: 'auto', transparent: false, play: 'auto', readouts: false, openLink: true });
  const bad = setState('chain', { theme: 'light', play: 'fast', readouts: 'yes' });
  assert.deepEqual(bad.notices, [
    'Ignored play=fast: must be one of auto, click, paused',
    'Ignored readouts: expected true or false, got a string',
  ]);
  assert.equal(bad.page.theme, 'light', 'the good one applies');
  const good = setState('chain', { theme: 'dark', transparent: true, readouts: 1 });
  assert.deepEqual(good.notices, []);
  assert.deepEqual(good.page, { theme: 'dark', transparent: true, play: 'auto', readouts: true, openLink: true });
});
