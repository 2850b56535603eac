// stage.test.mjs: the stage's markup is written once (web/src/draw/stage.js): the playground page
// carries it as the build writes it, embed.html is one <ik2d-scene> and no stage of its own, and
// every part <ik2d-scene> looks up by id is in it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { withPartials } from '../../scripts/build.mjs';
import { READOUTS, STAGE, stageHtml } from '../../web/src/draw/stage.js';
import { repoRoot } from './support.mjs';

/** Every id in the stage's tree. @param {readonly import('../../web/src/draw/stage.js').StageNode[]} nodes */
const ids = (nodes) => nodes.flatMap((node) => [
  ...(node.attributes.id ? [node.attributes.id] : []),
  ...ids(node.children.filter((child) => typeof child !== 'string')),
]);

/** A page of web/ as the build writes it. @param {string} page */
const built = (page) => {
  const source = readFileSync(path.join(repoRoot, 'web', page), 'utf8');
  return { source, written: withPartials(source, path.join(repoRoot, 'web', 'partials')) };
};

test('the playground, as the build writes it, holds the stage and the readouts once, at their markers\' indent', () => {
  const { source, written } = built('index.html');
  for (const [part, nodes] of /** @type {const} */ ([['stage', STAGE], ['readouts', READOUTS]])) {
    const marker = new RegExp(`^([ \\t]*)<!-- ${part}: web\\/src\\/draw\\/stage\\.js -->$`, 'm').exec(source);
    assert.ok(marker, `index.html names the ${part} on a line of its own`);
    assert.equal(written.split(stageHtml(marker[1], nodes)).length, 2, `index.html holds the ${part} once`);
    for (const id of ids(nodes)) assert.equal(written.split(`id="${id}"`).length, 2, `index.html: one element has id="${id}"`);
  }
});

test('embed.html is one <ik2d-scene> and holds no stage of its own', () => {
  const written = built('embed.html').written.replace(/<!--[\s\S]*?-->/g, '');
  assert.equal(written.split('<ik2d-scene').length, 2, 'one element');
  for (const id of ids([...STAGE, ...READOUTS])) assert.ok(!written.includes(`id="${id}"`), `no id="${id}" outside the element`);
  assert.ok(!written.includes('src/main.js'), 'the playground\'s module is not loaded');
});

test('the stage\'s HTML escapes what it writes', () => {
  const html = stageHtml('');
  assert.match(html, /Open in playground ↗<\/a>/);
  assert.doesNotMatch(html.replace(/<\/?[a-z]+(?: [\w-]+(?:="[^"<>]*")?)*>/g, ''), /[<>]/, 'no markup outside the tags');
});

test('every stage part <ik2d-scene> looks up by id is in the stage or the readouts', () => {
  const source = readFileSync(path.join(repoRoot, 'web', 'src', 'element', 'scene-element.js'), 'utf8');
  const asked = [...source.matchAll(/#part\('([\w-]+)'\)/g)].map(([, id]) => id);
  assert.ok(asked.length >= 8, `found the element's look-ups (${asked.length})`);
  const known = new Set(ids([...STAGE, ...READOUTS]));
  for (const id of asked) assert.ok(known.has(id), `the element asks for #${id}, which the stage has`);
});
