// suite.mjs: every browser test file (tests/browser and tests/browser/engines) in one process, each
// file a suite of its own. Launching a browser is the slowest step of a browser test, and in one
// process every file shares one browser per engine (engines/index.mjs, keepEnginesOpen), closed
// after the last file. npm test runs it once per engine, side by side:
//
//   IK2D_ENGINES=webkit node tests/browser/suite.mjs
//
// A single file still runs on its own with node --test, launching what it needs.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { after, describe } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { keepEnginesOpen } from './engines/index.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

after(keepEnginesOpen());

for (const folder of ['.', 'engines']) {
  const files = readdirSync(path.join(here, folder)).filter((name) => name.endsWith('.test.mjs')).sort();
  for (const name of files) {
    const file = path.join(here, folder, name);
    describe(path.relative(path.join(here, '..', '..'), file), async () => {
      await import(pathToFileURL(file).href);
    });
  }
}
