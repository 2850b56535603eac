// errors-doc.test.mjs: docs/api.md's "Errors: every message" table is what the module does: each
// row's call is run again here and must give the documented result, word for word, and every
// call must be refused (no row may say "no error").
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CASES, documentedTable, errorsTable, outcome } from '../../scripts/docs/errors-table.mjs';
import { loadModule } from './support.mjs';

const ik = await loadModule();

test('every documented call is refused with a message', () => {
  for (const [shown, call] of CASES) assert.doesNotMatch(outcome(ik, call), /^no error/, shown);
});

test('docs/api.md shows exactly what the module says (node scripts/docs/errors-table.mjs --write)', () => {
  assert.equal(documentedTable(), errorsTable(ik));
});
