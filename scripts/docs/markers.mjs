// markers.mjs: the generated parts of the docs, each between a BEGIN and an END comment line. The
// scripts that make them (defaults-table.mjs, params-table.mjs) rewrite what lies between with
// --write, and their tests compare it with what they make.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What `file` holds between `begin` and `end`, trimmed; throws when a marker is missing.
 * @param {string} file
 * @param {string} begin
 * @param {string} end
 */
export function between(file, begin, end) {
  const text = readFileSync(file, 'utf8');
  const from = text.indexOf(begin);
  const to = text.indexOf(end, from);
  if (from < 0 || to < 0) throw new Error(`${path.basename(file)} lacks the markers ${begin} ... ${end}`);
  return text.slice(from + begin.length, to).trim();
}

/**
 * Rewrites what `file` holds between `begin` and `end` with `inner`; throws when a marker is missing.
 * @param {string} file
 * @param {string} begin
 * @param {string} end
 * @param {string} inner
 */
export function writeBetween(file, begin, end, inner) {
  between(file, begin, end);
  const text = readFileSync(file, 'utf8');
  const from = text.indexOf(begin);
  const to = text.indexOf(end, from);
  writeFileSync(file, `${text.slice(0, from + begin.length)}\n${inner}\n${text.slice(to)}`);
}
