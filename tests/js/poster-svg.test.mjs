// poster-svg.test.mjs: the inline SVG poster of the element snippet (web/src/story/poster-svg.js):
// an SVG export made an inline <svg data-poster role="img"> whose <title> is the figure's text
// description, escaped (nothing in it can close the title or open a tag), and the element snippet
// that carries it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { posterSvg } from '../../web/src/story/poster-svg.js';
import { elementSnippet } from '../../web/src/page/share.js';

const EXPORTED = '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30" viewBox="0 0 40 30">\n'
  + '<rect x="0" y="0" width="40" height="30" fill="#fff"/>\n</svg>\n';

test('an export becomes an inline poster titled with the description', () => {
  const poster = posterSvg(EXPORTED, 'Two-bone arm: the hand reaches the target.');
  assert.equal(poster, '<svg data-poster="" role="img" xmlns="http://www.w3.org/2000/svg" width="40" height="30" viewBox="0 0 40 30">'
    + '<title>Two-bone arm: the hand reaches the target.</title>\n<rect x="0" y="0" width="40" height="30" fill="#fff"/>\n</svg>');
});

test('the description is text: it cannot close the title or open a tag', () => {
  const poster = posterSvg(EXPORTED, '</title><script>alert(1)</script>&');
  assert.equal(/<title>(.*)<\/title>/.exec(poster)?.[1], '&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;&amp;');
  assert.equal(poster.match(/<script/g), null);
  assert.match(posterSvg(EXPORTED, '   '), /<title>An inverse-kinematics figure<\/title>/, 'no description: a plain title');
  assert.throws(() => posterSvg('<html></html>', 'x'), /not an SVG document/);
});

test('the element snippet carries the poster inside the element', () => {
  const poster = posterSvg(EXPORTED, 'An arm');
  const snippet = elementSnippet({ script: 'https://example.org/ik2d-element.js', query: 'v=1&scene=arm', poster });
  assert.equal(snippet, `<script type="module" src="https://example.org/ik2d-element.js"></script>\n<ik2d-scene scene="arm">\n${poster}\n</ik2d-scene>`);
});
