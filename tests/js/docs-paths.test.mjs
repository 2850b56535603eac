// docs-paths.test.mjs: every repository path that README.md, CONTRIBUTING.md and docs/*.md name
// exists, and every link into a Markdown file lands on a heading. A file moved or renamed fails
// here until the docs follow it.
//
// What counts as a path (the rule; every exception below says why it is one):
//   - a Markdown link or image whose target is not a URL: resolved from the doc's folder; an
//     `#anchor` in it (or a link to `#anchor` on the same page) must be a heading's GitHub slug;
//   - anywhere in the text (prose, inline code, code blocks): a word that starts with one of the
//     repository's top-level folders and a slash (`web/src/host/keys.js`, `tests/js`), from the root;
//   - an inline-code span with no space in it that ends in a known extension: with a slash, from
//     the root, the doc's folder or `web/` (the page's own paths, `src/theme-early.js`, are as
//     served from dist/, a copy of web/); without one (`chain_rules.hpp`), a file of that name
//     somewhere in the repository; `<ik2d/ik2d.hpp>` is an include, from core/include/.
//   - `<name>` and `*` in a path are placeholders: at least one file must match.
// Not paths: URLs, absolute paths (the system's, `/usr/bin/chromium`, or a server's, `/blog/`),
// npm specifiers (`ik2d/core`, `node:fs`, `@scope/name`), spans with a space (code, formulas,
// messages; a command's words are still checked by the top-level-folder rule), and slashes between
// words (`begin/move/end`). CHANGELOG.md is history: it may name what no longer exists.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { EARLY_SCRIPT, PAGE_ENTRIES, RENDER_BUNDLE, VENDOR } from '../../scripts/build.mjs';
import { MODULES } from '../../scripts/lib/modules.mjs';
import { repoRoot } from './support.mjs';

/** The docs checked, relative to the root. */
const DOCS = ['README.md', 'CONTRIBUTING.md',
  ...readdirSync(path.join(repoRoot, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** Extensions that make a space-free code span a file name. */
const EXTENSIONS = /\.(?:m?js|cjs|cpp|hpp|h|md|json|ts|css|html|txt|wasm|png|svg)$/;

/**
 * Folders the build writes, which a fresh clone does not have. dist/ is checked against what the
 * build puts there (scripts/build.mjs: a copy of web/, each module of scripts/lib/modules.mjs
 * as .js, .wasm and .d.ts, the page bundle's entry points and early script in src/, its third-party code, VENDOR, in src/vendor/, and
 * `npx ik2d render`'s code, RENDER_BUNDLE). build/ holds CMake's build trees, one per preset (CMakePresets.json's
 * binaryDir): `build/<preset>` must be one; what CMake writes inside it is not checked.
 */
const BUILT = ['dist', 'build'];
const distFiles = new Set([...MODULES.flatMap(({ stem }) => [`${stem}.js`, `${stem}.wasm`, `${stem}.d.ts`]),
  ...VENDOR.map(({ file }) => `src/vendor/${file}`), RENDER_BUNDLE, ...[...PAGE_ENTRIES, EARLY_SCRIPT].map((file) => `src/${file}`)]);
const buildTrees = new Set(JSON.parse(readFileSync(path.join(repoRoot, 'CMakePresets.json'), 'utf8')).configurePresets
  .map(({ binaryDir }) => /\/build\/([^/]+)$/.exec(binaryDir ?? '')?.[1]).filter(Boolean));

/**
 * The exceptions, each a path the docs name that is not in the repository on purpose.
 * @type {Record<string, string>}
 */
const EXEMPT = {
  'include/ik2d/*.hpp': 'where `cmake --install` puts the headers, under its prefix (tests/package/cmake.test.mjs installs them)',
};

/** Folders never searched for files: installed packages, build output, git's own. */
const SKIP_FOLDERS = new Set(['node_modules', '.git', ...BUILT]);

/** @param {string} folder Relative to the root. @returns {string[]} Every file under it, relative to the root. */
function walk(folder) {
  return readdirSync(path.join(repoRoot, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return SKIP_FOLDERS.has(entry.name) ? [] : [...walk(relative), `${relative}/`];
    return [relative];
  });
}

const repoFiles = walk('');
const baseNames = new Set(repoFiles.filter((file) => !file.endsWith('/')).map((file) => path.posix.basename(file)));
const topFolders = readdirSync(repoRoot, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.'))
  .map((entry) => entry.name);
for (const name of BUILT) if (!topFolders.includes(name)) topFolders.push(name);

/** A word that starts with a top-level folder and a slash, in any text. */
const ROOT_WORD = new RegExp(`(?<![\\w./<@-])(?:\\./)?((?:${topFolders.join('|')})/[\\w./<>*+-]*)`, 'g');

/**
 * Does `candidate` (relative to `base`, '' for the root) exist? Placeholders match any one name.
 * @param {string} candidate
 * @param {string} base
 */
function exists(candidate, base = '') {
  const relative = path.posix.normalize(base ? `${base}/${candidate}` : candidate).replace(/^\.\/?/, '');
  if (relative.startsWith('../')) return false;
  const [top, ...rest] = relative.split('/');
  if (top === 'dist') {
    const inside = rest.join('/');
    return inside === '' || distFiles.has(inside) || exists(inside, 'web');
  }
  if (top === 'build') return rest.join('') === '' || buildTrees.has(rest[0]);
  if (/[<*]/.test(relative)) return repoFiles.some((file) => placeholders(relative).test(file));
  return existsSync(path.join(repoRoot, relative));
}

/** A path with `<name>` or `*` in it as a regular expression, each standing for one name. */
function placeholders(pattern) {
  return new RegExp(`^${pattern.split(/(<[^>]*>|\*)/)
    .map((part, index) => (index % 2 ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))).join('')}$`);
}

/** Is there a file called `name` (placeholders allowed) anywhere in the repository or dist/? */
function named(name) {
  if (baseNames.has(name) || distFiles.has(name)) return true;
  if (!/[<*]/.test(name)) return false;
  const regex = placeholders(name);
  return [...baseNames, ...distFiles].some((file) => regex.test(file));
}

/**
 * GitHub's heading ids of a Markdown text: lower case, punctuation dropped, spaces to hyphens, a
 * repeated id numbered.
 * @param {string} markdown
 */
function headingSlugs(markdown) {
  const seen = new Map();
  const slugs = new Set();
  for (const [, text] of withoutFences(markdown).matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const plain = text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`/g, '');
    const base = plain.trim().toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    slugs.add(count ? `${base}-${count}` : base);
  }
  return slugs;
}

/** The text with fenced code blocks blanked (their lines kept, for line numbers). */
function withoutFences(markdown) {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ' '));
}

/**
 * Every path a doc names that does not exist, as "line: what (why)".
 * @param {string} doc Relative to the root ('docs/api.md').
 * @param {string} markdown Its text.
 * @returns {string[]}
 */
export function brokenPaths(doc, markdown) {
  const folder = path.posix.dirname(doc) === '.' ? '' : path.posix.dirname(doc);
  const problems = [];
  const lineOf = (index) => markdown.slice(0, index).split('\n').length;
  const report = (index, what) => problems.push(`${doc}:${lineOf(index)}: ${what}`);
  let text = markdown;

  // Links and images, outside code. Their targets are then blanked, so no rule sees them twice.
  const prose = withoutFences(markdown);
  for (const match of prose.matchAll(/!?\[(?:[^\]`]|`[^`]*`)*\]\(([^()\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = match[1];
    const start = match.index + match[0].length - target.length - 1;
    text = text.slice(0, start) + ' '.repeat(target.length) + text.slice(start + target.length);
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;  // a URL (https:, mailto:)
    const [file, anchor] = target.split('#');
    if (file && !exists(decodeURI(file), folder)) {
      report(match.index, `link to ${target}: no ${path.posix.normalize(folder ? `${folder}/${file}` : file)}`);
      continue;
    }
    if (anchor === undefined) continue;
    const linked = file ? path.posix.normalize(folder ? `${folder}/${file}` : file) : doc;
    if (!linked.endsWith('.md')) continue;
    const headings = headingSlugs(file ? readFileSync(path.join(repoRoot, linked), 'utf8') : markdown);
    if (!headings.has(anchor)) report(match.index, `link to ${target}: ${linked} has no heading #${anchor}`);
  }

  // A top-level folder and a slash, anywhere.
  const checked = new Set();
  for (const match of text.matchAll(ROOT_WORD)) {
    const word = match[1].replace(/[.,:;]+$/, '');
    if (word in EXEMPT) continue;
    checked.add(word);
    if (!exists(word)) report(match.index, `${word} does not exist`);
  }

  // Inline code with no space that names a file.
  for (const match of withoutFences(text).matchAll(/(?<!`)`([^`\s]+)`(?!`)/g)) {
    const span = match[1];
    if (span in EXEMPT || checked.has(span.replace(/^\.\//, ''))) continue;
    const include = /^<([\w/.]+\.hpp)>$/.exec(span);
    if (include) {
      if (!exists(include[1], 'core/include')) report(match.index, `${span}: no core/include/${include[1]}`);
      continue;
    }
    if (!EXTENSIONS.test(span) || span.startsWith('.') && !span.startsWith('./')) continue;  // `.wasm`: an extension
    if (/^[a-z][a-z0-9+.-]*:|^\/|^@/i.test(span)) continue;  // a URL, an absolute path, a scoped package
    if (span.includes('/')) {
      if (!['', folder, 'web'].some((base) => exists(span, base))) report(match.index, `${span} does not exist (from the root, ${folder || '.'}/ or web/)`);
    } else if (!named(span)) {
      report(match.index, `${span}: no file of that name in the repository`);
    }
  }
  return problems;
}

test('the checker finds a made-up path, a dead link and a missing heading (it can fail)', () => {
  const sample = [
    '# A page', '',
    'See `web/src/no-such-file.js`, `no_such_file.hpp`, [a link](no-such.md), [a heading](api.md#no-such-heading),',
    '[here](#a-page), `web/src/host/keys.js`, `tests/core/test_<name>.cpp`, `dist/ik2d-core.wasm`, `begin/move/end`.', '',
    '```sh', 'node --test tests/js/no-such.test.mjs', '```',
  ].join('\n');
  const problems = brokenPaths('docs/sample.md', sample);
  assert.deepEqual(problems.map((problem) => problem.replace(/:.*?: /, ': ')), [
    'docs/sample.md: link to no-such.md: no docs/no-such.md',
    'docs/sample.md: link to api.md#no-such-heading: docs/api.md has no heading #no-such-heading',
    'docs/sample.md: web/src/no-such-file.js does not exist',
    'docs/sample.md: tests/js/no-such.test.mjs does not exist',
    'docs/sample.md: no_such_file.hpp: no file of that name in the repository',
  ]);
});

test('GitHub heading slugs: code, punctuation and repeats', () => {
  const slugs = headingSlugs('## `window.playground` (for tests)\n## The boundary between C++ and JS\n## Payload\n### Payload\n');
  assert.deepEqual([...slugs], ['windowplayground-for-tests', 'the-boundary-between-c-and-js', 'payload', 'payload-1']);
});

for (const doc of DOCS) {
  test(`every path ${doc} names exists`, () => {
    const problems = brokenPaths(doc, readFileSync(path.join(repoRoot, doc), 'utf8'));
    assert.deepEqual(problems, [], `${doc} names paths that do not exist:\n  ${problems.join('\n  ')}`);
  });
}

test('every exemption is still needed', () => {
  const all = DOCS.map((doc) => readFileSync(path.join(repoRoot, doc), 'utf8')).join('\n');
  for (const exempt of Object.keys(EXEMPT)) assert.ok(all.includes(exempt), `${exempt} is exempt but no doc names it: remove it from EXEMPT`);
});
