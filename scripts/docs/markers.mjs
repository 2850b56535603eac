// markers.mjs: the generated parts of the docs and the types, each between a BEGIN and an END
// line. The scripts that make them (defaults-table.mjs, params-table.mjs, ../boundary.mjs)
// rewrite what lies between, and their tests compare it with what they make.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where `text` has its markers: the end of `begin` and the start of `end`; throws without them. */
function span(text, begin, end, name) {
  const from = text.indexOf(begin);
  const to = from < 0 ? -1 : text.indexOf(end, from);
  if (from < 0 || to < 0) throw new Error(`${name} lacks the markers ${begin.trim()} ... ${end.trim()}`);
  return { from: from + begin.length, to };
}

/**
 * `text` with what lies between `begin` and `end` (both kept) replaced by `inner` on lines of its
 * own; throws naming `name` when a marker is missing.
 * @param {string} text
 * @param {string} begin
 * @param {string} end
 * @param {string} inner
 * @param {string} name
 */
export function replaceBetween(text, begin, end, inner, name) {
  const { from, to } = span(text, begin, end, name);
  return `${text.slice(0, from)}\n${inner}\n${text.slice(to)}`;
}

/**
 * What `file` holds between `begin` and `end`, trimmed; throws when a marker is missing.
 * @param {string} file
 * @param {string} begin
 * @param {string} end
 */
export function between(file, begin, end) {
  const text = readFileSync(file, 'utf8');
  const { from, to } = span(text, begin, end, path.basename(file));
  return text.slice(from, to).trim();
}

/**
 * Rewrites what `file` holds between `begin` and `end` with `inner`; throws when a marker is missing.
 * @param {string} file
 * @param {string} begin
 * @param {string} end
 * @param {string} inner
 */
function writeBetween(file, begin, end, inner) {
  writeFileSync(file, replaceBetween(readFileSync(file, 'utf8'), begin, end, inner, path.basename(file)));
}

/**
 * A generating script's command line: with --write, rewrites `file` between its markers with
 * `inner` and says so; without, prints `inner`.
 * @param {string} file
 * @param {string} begin
 * @param {string} end
 * @param {string} inner
 * @param {string} what What the part is, for the message ("settings table").
 */
export function writeOrPrint(file, begin, end, inner, what) {
  if (process.argv.includes('--write')) {
    writeBetween(file, begin, end, inner);
    console.log(`${path.relative(process.cwd(), file)}: ${what} rewritten`);
  } else {
    console.log(inner);
  }
}
