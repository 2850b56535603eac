// element-style.test.mjs: the <ik2d-scene> element's stylesheet (web/src/element/style.js), built
// as the build builds it (esbuild, each .css import read as its text): one stylesheet that fetches
// nothing, the tokens set on the element's frame in both themes, and exactly the --ik2d-* custom
// properties docs/playground.md documents for hosts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { before, test } from 'node:test';
import { CSS_AS_TEXT } from '../../scripts/build.mjs';
import { repoRoot } from './support.mjs';

/** @type {{ELEMENT_CSS: string}} */
let built;
before(async () => {
  const esbuild = createRequire(import.meta.url)('esbuild');
  const result = esbuild.buildSync({
    entryPoints: [path.join(repoRoot, 'web', 'src', 'element', 'style.js')],
    bundle: true, format: 'esm', write: false, loader: CSS_AS_TEXT, logLevel: 'error',
  });
  built = await import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString('base64')}`);
});

/**
 * The `--name: value` declarations of the block whose selector list ends with `selector`.
 * @param {string} css
 * @param {string} selector
 */
function tokens(css, selector) {
  const start = css.indexOf(`\n${selector} {`);
  assert.ok(start >= 0, `a block for ${selector}`);
  const body = css.slice(start, css.indexOf('\n}', start));
  return new Map([...body.matchAll(/^\s*(--[\w-]+):\s*([^;]+);/gm)].map(([, name, value]) => [name, value.trim()]));
}

test('the element\'s styles have no url() nor @import: one stylesheet, nothing fetched', () => {
  assert.doesNotMatch(built.ELEMENT_CSS, /url\(|@import/);
});

for (const [theme, frame] of [['light', '.frame'], ['dark', '.frame[data-theme="dark"]']]) {
  test(`the element's frame has every ${theme} token the page has`, () => {
    const onFrame = tokens(built.ELEMENT_CSS, frame);
    assert.ok(onFrame.size > 30, `${onFrame.size} tokens on ${frame}`);
    // The same block: the page's root is in its selector list.
    const root = theme === 'light' ? ':root' : ':root[data-theme="dark"]';
    assert.ok(built.ELEMENT_CSS.includes(`\n${root},\n${frame} {`), `${root} and ${frame} share one block`);
  });
}

test('the --ik2d-* properties the styles read are the ones the docs give hosts', () => {
  const read = new Set([...built.ELEMENT_CSS.matchAll(/var\((--ik2d-[\w-]+)/g)].map(([, name]) => name));
  const docs = readFileSync(path.join(repoRoot, 'docs', 'playground.md'), 'utf8');
  const documented = new Set([...docs.matchAll(/^\| `(--ik2d-[\w-]+)` \|/gm)].map(([, name]) => name));
  assert.deepEqual([...read].sort(), [...documented].sort());
});
