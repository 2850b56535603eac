// element-style.test.mjs: the <ik2d-scene> element's stylesheet (web/src/element-style.js) keeps
// styles/tokens.css' colours, light and dark: each token of tokens.css is set on the element's
// frame to the same value (or to that value behind one of the documented --ik2d-* properties), and
// it has no token tokens.css lacks. A colour changed in one place and not the other fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ELEMENT_CSS } from '../../web/src/element-style.js';
import { repoRoot } from './support.mjs';

/** The custom properties the element's docs name (docs/playground.md). */
const HOST_PROPERTIES = ['--ik2d-background', '--ik2d-bone', '--ik2d-target', '--ik2d-accent', '--ik2d-radius'];

/**
 * The `--name: value` declarations of the first block of `css` opened by `selector`.
 * @param {string} css
 * @param {string} selector
 */
function tokens(css, selector) {
  const start = css.indexOf(`${selector} {`);
  assert.ok(start >= 0, `a ${selector} block`);
  const body = css.slice(start + selector.length + 2, css.indexOf('\n}', start));
  return new Map([...body.matchAll(/^\s*(--[\w-]+):\s*([^;]+);/gm)].map(([, name, value]) => [name, value.trim()]));
}

/** A value without the var(--ik2d-…, …) around it, and which property that was. @param {string} value */
function unwrap(value) {
  const match = /^var\((--ik2d-[\w-]+), (.*)\)$/.exec(value);
  return match ? { value: match[2], via: match[1] } : { value, via: null };
}

const tokensCss = readFileSync(path.join(repoRoot, 'web', 'styles', 'tokens.css'), 'utf8');

for (const [theme, page, element] of [['light', ':root', '.frame'], ['dark', ':root[data-theme="dark"]', '.frame[data-theme="dark"]']]) {
  test(`the element's ${theme} tokens are tokens.css' (some behind a documented --ik2d-* property)`, () => {
    const expected = tokens(tokensCss, page);
    const actual = tokens(ELEMENT_CSS, element);
    assert.ok(expected.size > 30, `${expected.size} tokens read from tokens.css`);
    assert.deepEqual([...actual.keys()].sort(), [...expected.keys()].sort(), 'the same tokens');
    for (const [name, value] of expected) {
      const got = unwrap(/** @type {string} */ (actual.get(name)));
      assert.equal(got.value, value, `${name} (${theme})`);
      if (got.via) assert.ok(HOST_PROPERTIES.includes(got.via), `${name} is behind a documented property, not ${got.via}`);
    }
  });
}

test('the element\'s styles have no url() nor @import: one stylesheet, nothing fetched', () => {
  assert.doesNotMatch(ELEMENT_CSS, /url\(|@import/);
});
