// share.test.mjs: the snippets the Copy embed code dialog writes (web/src/page/share.js). The element
// snippet carries the link's keys as attributes, escaped, with the script that defines the element;
// read back as a link, its attributes are the same scene. (embed.test.mjs copies both kinds from
// the real dialog; blog.test.mjs pastes them into a Hugo post.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { elementSnippet, embedSnippet } from '../../web/src/page/share.js';

const SCRIPT = 'https://example.org/ik2d/ik2d-element.js';

/** The attributes of the snippet's <ik2d-scene>, in order, unescaped. @param {string} snippet */
function attributesOf(snippet) {
  const tag = /<ik2d-scene((?: [A-Za-z]+="[^"]*")*)><\/ik2d-scene>$/.exec(snippet);
  assert.ok(tag, `one <ik2d-scene> with quoted attributes: ${snippet}`);
  const unescape = (text) => text.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return [...tag[1].matchAll(/ ([A-Za-z]+)="([^"]*)"/g)].map(([, name, value]) => [name, unescape(value)]);
}

test('the element snippet: the script, then the element with the link keys as attributes (v=1 left out)', () => {
  const snippet = elementSnippet({ script: SCRIPT, query: 'v=1&scene=chain&method=fabrik&target=120%2C80&theme=dark&openLink=0' });
  assert.equal(snippet, `<script type="module" src="${SCRIPT}"></script>\n`
    + '<ik2d-scene scene="chain" method="fabrik" target="120,80" theme="dark" openLink="0"></ik2d-scene>');
  assert.deepEqual(attributesOf(snippet), [['scene', 'chain'], ['method', 'fabrik'], ['target', '120,80'], ['theme', 'dark'], ['openLink', '0']]);
});

test('a later link version is kept, so the element reads the values as the link meant them', () => {
  assert.deepEqual(attributesOf(elementSnippet({ script: SCRIPT, query: 'v=2&scene=arm' })), [['v', '2'], ['scene', 'arm']]);
});

test('values are escaped: nothing in a value can close the attribute or open a tag', () => {
  const hostile = '"><script>alert(1)</script>&x';
  const snippet = elementSnippet({ script: `${SCRIPT}?a="b"`, query: new URLSearchParams({ scene: 'arm', label: hostile }).toString() });
  assert.equal(snippet.match(/<script/g)?.length, 1, 'one script tag: the one that defines the element');
  assert.ok(snippet.startsWith(`<script type="module" src="${SCRIPT}?a=&quot;b&quot;"></script>`));
  assert.deepEqual(attributesOf(snippet), [['scene', 'arm'], ['label', hostile]]);
});

test('the iframe snippet keeps its shape and escapes its URL and title', () => {
  const snippet = embedSnippet({ src: 'https://example.org/embed.html?v=1&scene=arm', title: 'ik2d: "arm" <1>' });
  assert.equal(snippet, '<iframe src="https://example.org/embed.html?v=1&amp;scene=arm" title="ik2d: &quot;arm&quot; &lt;1&gt;" '
    + 'width="640" height="480" loading="lazy" style="border:0;display:block;width:100%;max-width:640px;height:auto;aspect-ratio:640/480"></iframe>');
});

test('names are safe as values are: a key that is no plain attribute name is left out', () => {
  const query = new URLSearchParams([['scene', 'arm'], ['onload=alert(1) x', '1'], ['"><script>', '2'], ['a b', '3'], ['theme', 'dark']]).toString();
  const snippet = elementSnippet({ script: SCRIPT, query });
  assert.equal(snippet.match(/<script/g)?.length, 1);
  assert.doesNotMatch(snippet, /onload/);
  assert.deepEqual(attributesOf(snippet), [['scene', 'arm'], ['theme', 'dark']]);
});

test('the iframe snippet\'s style cannot be left: colorScheme is keywords only, sizes whole numbers', () => {
  const hostile = embedSnippet({ src: 'https://example.org/embed.html', title: 't', colorScheme: 'dark" onload="alert(1)', width: '1"><b' });
  assert.doesNotMatch(hostile, /onload|<b/);
  assert.match(hostile, /width="640" height="480"/);
  assert.match(embedSnippet({ src: 'x', title: 't', colorScheme: 'light dark' }), /;color-scheme:light dark"><\/iframe>$/);
});
