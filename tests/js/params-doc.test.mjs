// params-doc.test.mjs: docs/playground.md's table of every scene's settings is the one the scenes'
// own definitions make (scripts/docs/params-table.mjs), so a setting's range, unit, choices, help
// or default changed in its scene changes the docs, or this fails.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { between } from '../../scripts/docs/markers.mjs';
import { BEGIN, END, docPath, paramsTable } from '../../scripts/docs/params-table.mjs';
import { SCENES } from '../../web/src/scenes/index.js';

test('docs/playground.md\'s settings table is the scenes\' own (node scripts/docs/params-table.mjs --write)', () => {
  assert.equal(between(docPath, BEGIN, END), paramsTable(SCENES).trim(),
    'docs/playground.md\'s settings differ from the scenes\': run node scripts/docs/params-table.mjs --write');
});

test('the table has a row for every setting of every scene, with its default', () => {
  const table = paramsTable(SCENES);
  for (const scene of Object.values(SCENES)) {
    for (const spec of scene.params) {
      const row = table.split('\n').find((line) => line.startsWith(`| ${scene.id} | \`${spec.name}\` |`));
      assert.ok(row, `${scene.id}.${spec.name} has a row`);
      if (spec.kind === 'range' && !spec.docDefault) assert.ok(row.endsWith(`| ${String(spec.default).replace('-', '−')} |`), row);
    }
  }
});
