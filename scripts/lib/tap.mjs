// tap.mjs: the failed tests in a TAP report (node --test's reporter), for npm test's closing summary.
// A tier's output is printed whole as it ends, and a run's log is often read from its end only:
// the summary names each failed test and its error there, so the end alone says what failed.

/** Failure types of a test that failed only because a test inside it did, or its parent stopped. */
const NOT_ITS_OWN = new Set(['subtestsFailed', 'cancelledByParent']);

/** Lines of an error message kept in the summary. */
const ERROR_LINES = 4;

/**
 * The tests that failed on their own in a TAP report, each with the names of the suites around it
 * and the first lines of its error.
 * @param {string} text A TAP report (suites nested by indentation, as node --test writes them).
 * @returns {string[]} One entry per failed test: "suite > test: error" (lines joined by "\n  ").
 */
export function failedTests(text) {
  const lines = text.split('\n');
  /** @type {string[]} The subtest names seen at each depth (4 spaces a depth). */
  const names = [];
  /** @type {string[]} */
  const failed = [];
  for (let i = 0; i < lines.length; i += 1) {
    const subtest = /^( *)# Subtest: (.*)$/.exec(lines[i]);
    if (subtest) {
      const depth = subtest[1].length / 4;
      names.length = depth;
      names[depth] = subtest[2];
      continue;
    }
    const result = /^( *)not ok \d+ - (.*)$/.exec(lines[i]);
    if (!result) continue;
    const indent = result[1].length;
    const depth = indent / 4;
    const block = yamlBlock(lines, i + 1, indent + 2);
    if (NOT_ITS_OWN.has(block.failureType ?? '')) continue;
    const path = [...names.slice(0, depth).filter(Boolean), result[2]].join(' > ');
    const error = (block.error ?? '').split('\n').slice(0, ERROR_LINES).join('\n  ');
    failed.push(error ? `${path}: ${error}` : path);
  }
  return failed;
}

/**
 * The fields of the YAML block that follows a test's result line, as text (a `|-` value's lines
 * joined, quotes taken off a one-line value).
 * @param {string[]} lines
 * @param {number} start The line after the result.
 * @param {number} indent The block's indentation.
 * @returns {Record<string, string>}
 */
function yamlBlock(lines, start, indent) {
  const pad = ' '.repeat(indent);
  /** @type {Record<string, string>} */
  const fields = {};
  if (lines[start] !== `${pad}---`) return fields;
  for (let i = start + 1; i < lines.length && lines[i] !== `${pad}...`; i += 1) {
    const field = new RegExp(`^${pad}(\\w+): (.*)$`).exec(lines[i]);
    if (!field) continue;
    const [, key, value] = field;
    if (value === '|-' || value === '>-' || value === '|') {
      const body = [];
      while (i + 1 < lines.length && lines[i + 1].startsWith(`${pad}  `)) {
        i += 1;
        body.push(lines[i].slice(indent + 2));
      }
      fields[key] = body.join('\n');
    } else {
      fields[key] = value.replace(/^'(.*)'$/, '$1').replace(/''/g, '\'');
    }
  }
  return fields;
}
