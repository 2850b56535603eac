// page-params.property.test.mjs: property-based tests (fast-check) of the page params
// (web/src/model/page-params.js) as links and setState carry them: any valid page settings survive a
// link round trip in every scene; any input leaves valid settings and plain-text notices; the
// defaults are never written.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseLink } from '../../web/src/model/link.js';
import {
  PAGE_PARAMS, applyPageParams, defaultPage, effectivePlay, pageQuery, resolveTheme,
} from '../../web/src/model/page-params.js';
import { SCENES } from '../../web/src/scenes/index.js';

const RUNS = 300;

/** Any valid page settings. */
const validPage = fc.record({
  theme: fc.constantFrom('auto', 'light', 'dark'),
  transparent: fc.boolean(),
  play: fc.constantFrom('auto', 'click', 'paused'),
  readouts: fc.boolean(),
  openLink: fc.boolean(),
});

test('any valid page settings survive a link round trip, in every scene, with no notice', () => {
  fc.assert(fc.property(fc.constantFrom(...SCENES), validPage, (scene, page) => {
    const query = pageQuery(/** @type {any} */ (page));
    const { partial, notices } = parseLink(`?scene=${scene.id}${query ? `&${query}` : ''}`, SCENES);
    const applied = applyPageParams(defaultPage(), partial);
    assert.deepEqual([...notices, ...applied.notices], []);
    assert.deepEqual(applied.page, { ...page });
    for (const spec of PAGE_PARAMS) {
      const written = new RegExp(`(^|&)${spec.name}=`).test(query);
      assert.equal(written, page[spec.name] !== spec.default, `${spec.name} is written only when not default`);
    }
  }), { numRuns: RUNS });
});

test('whatever setState gets, the page settings stay valid and every notice is plain text', () => {
  const keys = fc.constantFrom(...PAGE_PARAMS.map((spec) => spec.name), 'target', 'params', 'other');
  fc.assert(fc.property(fc.dictionary(keys, fc.anything()), (partial) => {
    const { page, notices, rest } = applyPageParams(defaultPage(), partial);
    assert.ok(['auto', 'light', 'dark'].includes(page.theme));
    assert.ok(['auto', 'click', 'paused'].includes(page.play));
    for (const name of ['transparent', 'readouts', 'openLink']) assert.equal(typeof page[name], 'boolean');
    for (const notice of notices) assert.equal(typeof notice, 'string');
    for (const key of Object.keys(rest)) assert.ok(!PAGE_PARAMS.some((spec) => spec.name === key), 'page keys are taken out');
  }), { numRuns: RUNS });
});

test('reduced motion turns auto into click only; auto follows the reader\'s colour preference', () => {
  assert.deepEqual(['auto', 'click', 'paused'].map((play) => effectivePlay(play, true)), ['click', 'click', 'paused']);
  assert.deepEqual(['auto', 'click', 'paused'].map((play) => effectivePlay(play, false)), ['auto', 'click', 'paused']);
  assert.deepEqual([resolveTheme('auto', true), resolveTheme('auto', false), resolveTheme('light', true), resolveTheme('dark', false)],
    ['dark', 'light', 'light', 'dark']);
});
