// stage.test.mjs: the stage's markup is written once (web/src/draw/stage.js): both pages carry it
// as the build writes them, and every part <ik2d-scene> looks up by id is in it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { withPartials } from '../../scripts/build.mjs';
import { STAGE, stageHtml } from '../../web/src/draw/stage.js';
import { repoRoot } from './support.mjs';

/** Every id in the stage's tree. @param {readonly import('../../web/src/draw/stage.js').StageNode[]} nodes */
const ids = (nodes) => nodes.flatMap((node) => [
  ...(node.attributes.id ? [node.attributes.id] : []),
  ...ids(node.children.filter((child) => typeof child !== 'string')),
]);

test('both pages, as the build writes them, hold the stage once, at their marker\'s indent', () => {
  for (const page of ['index.html', 'embed.html']) {
    const source = readFileSync(path.join(repoRoot, 'web', page), 'utf8');
    const marker = /^([ \t]*)<!-- stage: web\/src\/draw\/stage\.js -->$/m.exec(source);
    assert.ok(marker, `${page} names the stage on a line of its own`);
    const written = withPartials(source, path.join(repoRoot, 'web', 'partials'));
    assert.equal(written.split(stageHtml(marker[1])).length, 2, `${page} holds the stage once`);
    for (const id of ids(STAGE)) assert.equal(written.split(`id="${id}"`).length, 2, `${page}: one element has id="${id}"`);
  }
});

test('the stage\'s HTML escapes what it writes', () => {
  const html = stageHtml('');
  assert.match(html, /Open in playground ↗<\/a>/);
  assert.doesNotMatch(html.replace(/<\/?[a-z]+(?: [\w-]+(?:="[^"<>]*")?)*>/g, ''), /[<>]/, 'no markup outside the tags');
});

test('every stage part <ik2d-scene> looks up by id is in the stage, or is the readouts it adds', () => {
  const source = readFileSync(path.join(repoRoot, 'web', 'src', 'entries', 'element.js'), 'utf8');
  const asked = [...source.matchAll(/#part\('([\w-]+)'\)/g)].map(([, id]) => id);
  assert.ok(asked.length >= 8, `found the element's look-ups (${asked.length})`);
  const known = new Set([...ids(STAGE), 'readouts']);
  for (const id of asked) assert.ok(known.has(id), `the element asks for #${id}, which the stage has`);
});
