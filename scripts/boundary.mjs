// boundary.mjs: what the build writes from the boundary's one description in C++. The program
// ik2d-describe (core/bindings/describe.cpp, built with the modules' objects) prints the table
// every module carries (slot layouts, name lists, defaults, limits) and each options list of the
// core with its kinds, ranges, messages and docs. From that, this writes:
//
//   - core/bindings/ik2d_api_layout.js, the JS face's generated part: the core's call frames'
//     slot constants, solveTwoBone's defaults, Chain.solve's option writers (the fast path and
//     the checked one) and the three calls' result readers;
//   - the listed options' members in core/bindings/ik2d.d.ts (their types, docs, ranges and
//     @defaultValue), between its generated markers, and its unions of the table's name lists
//     (the statuses, the step kinds, the creature kinds, the batch's and skeleton's methods);
//   - the tables of the listed options in docs/api.md (Chain.solve's) and docs/creatures.md (the
//     follow chain's, the rope's, the second-order filter's and the creature's with its presets),
//     between their markers.
//
// So a listed option is its X line in C++ (and the solver code that uses it): `npm run build`
// runs this before it links, and tests/js/boundary.test.mjs fails when a committed file is not
// what this writes.
//
//   node scripts/boundary.mjs            rewrites the files that changed (after a wasm build)
//   node scripts/boundary.mjs --check    lists the files that are not what it would write
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { replaceBetween } from './docs/markers.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DESCRIBE = path.join(repoRoot, 'build', 'wasm', 'core', 'ik2d-describe.cjs');
export const FACE_FILE = path.join(repoRoot, 'core', 'bindings', 'ik2d_api_layout.js');
const TYPES_FILE = path.join(repoRoot, 'core', 'bindings', 'ik2d.d.ts');
const DOCS_FILE = path.join(repoRoot, 'docs', 'api.md');
const CREATURES_FILE = path.join(repoRoot, 'docs', 'creatures.md');

/**
 * The options lists the face writes into a call frame: which list, its frame, the function names.
 * `fast`: also a writer for the common call (every option absent or of its JS type), small enough
 * for V8 to inline into the caller's loop.
 */
const FRAME_LISTS = [
  { list: 'chainSolve', frame: 'chainSolveFrame', name: 'ChainSolveOptions', fast: true },
  { list: 'chainAngle', frame: 'chainSolveFrame', name: 'ChainAngleOptions', fast: false },
];
/** The .d.ts interfaces whose listed members are generated, and the list each holds. */
const TYPE_LISTS = [
  { list: 'chainSolve', macro: 'IK2D_CHAIN_SOLVE_OPTIONS', header: 'ik2d/chain.hpp' },
  { list: 'chainAngle', macro: 'IK2D_CHAIN_ANGLE_OPTIONS', header: 'ik2d/chain.hpp' },
  { list: 'followChain', macro: 'IK2D_FOLLOW_CHAIN_OPTIONS', header: 'ik2d/follow_chain.hpp' },
  { list: 'rope', macro: 'IK2D_ROPE_OPTIONS', header: 'ik2d/rope.hpp' },
  { list: 'secondOrder', macro: 'IK2D_SECOND_ORDER_OPTIONS', header: 'ik2d/second_order.hpp' },
  {
    list: 'creature', macro: 'IK2D_CREATURE_OPTIONS', header: 'ik2d/creature.hpp',
    // What the JS face takes beside the C++ scalar: spacing as one number or one per gap (the
    // creature's `spacings` array, ik2d_api_creature.js).
    types: { spacing: 'number | ArrayLike<number>' },
    notes: { spacing: 'Or one per gap: segments - 1 values, 0 for the preset\'s.' },
  },
];
/** The .d.ts type alias of a table's name list, where it has one. */
const NAME_ALIASES = { creatureKinds: 'CreatureKind' };

/**
 * JSON from C++ as the face reads it: "#m,e" is exactly m * 2^e (boundary.cpp), 1e999 Infinity.
 * @param {string} text
 */
export function parseDescription(text) {
  return JSON.parse(text, (key, value) => {
    if (typeof value !== 'string' || value[0] !== '#') return value;
    const [mantissa, exponent] = value.slice(1).split(',').map(Number);
    return mantissa * 2 ** exponent;
  });
}

/**
 * Runs ik2d-describe (built by the wasm build) and returns its description, the table with what
 * only the build reads added where a layout would sit in it: the core's call frames
 * (`twoBoneFrame`, `chainSolveFrame`, `stepFrame`; their arguments' count in `frameInputs`) and
 * their defaults (`defaults.twoBone` by slot, `defaults.chainSolve` by option).
 */
export function readDescription(program = DESCRIBE) {
  const description = parseDescription(execFileSync(process.execPath, [program], { encoding: 'utf8' }));
  const { table, frames, options } = description;
  table.twoBoneFrame = frames.twoBoneFrame;
  table.chainSolveFrame = frames.chainSolveFrame;
  table.stepFrame = frames.stepFrame;
  table.frameInputs = frames.frameInputs;
  table.defaults = {
    ...table.defaults,
    twoBone: frames.twoBoneDefaults,
    chainSolve: Object.fromEntries([...options.chainSolve, ...options.chainAngle].map((o) => [o.name, o.default])),
  };
  return description;
}

/** A JS literal of a default: Infinity, -Infinity, a number or a string. @param {number|string} value */
function literal(value) {
  return typeof value === 'number' && !Number.isFinite(value) ? String(value) : JSON.stringify(value);
}

/** What an option accepts, from its C++ message: "tolerance must be X" -> "X". */
function accepts(option) {
  return option.message.slice(`${option.name} must be `.length);
}

/** True for an option passed by name (a name list of the table). */
const byName = (option) => option.type !== 'number' && option.type !== 'whole';

/** The face's name of a frame slot's constant. */
const slotConstant = (frame, slot) => `${frame.replace(/Frame$/, '')}Slot_${slot}`;

/**
 * The frame writers of one options list.
 * @param {any} description
 * @param {{list: string, frame: string, name: string, fast: boolean}} spec
 */
function writers({ options, table }, { list, frame, name, fast }) {
  const entries = options[list];
  const out = [`const ${name[0].toLowerCase()}${name.slice(1)}Names = ${JSON.stringify(entries.map((o) => o.name))};`];
  if (fast) {
    const defaults = entries.map((o) => `${o.name} = ${literal(o.default)}`).join(', ');
    const checks = entries.map((o) => `typeof ${o.name} !== '${byName(o) ? 'string' : 'number'}'`).join(' || ');
    // A name's code by comparisons with the list's names, in their order (-1 for none: C++ says
    // what is wrong): an indexOf() is a builtin call on the per-call path.
    const code = (/** @type {any} */ o) => `${table[o.type].map((/** @type {string} */ n, /** @type {number} */ i) => `${o.name} === ${JSON.stringify(n)} ? ${i} : `).join('')}-1`;
    out.push(
      `/** ${name} into the frame when every one is absent or of its JS type (C++ checks the values); false, writing nothing, otherwise. */`,
      `function write${name}Fast(f, options) {`,
      `  const { ${defaults} } = options;`,
      `  if (${checks}) return false;`,
      ...entries.map((o) => `  f[${slotConstant(frame, o.member)}] = ${byName(o) ? code(o) : o.name};`),
      '  return true;',
      '}',
    );
  }
  out.push(
    `/** ${name} into the frame, the caller's value or the default; a TypeError names a value of the wrong JS type. */`,
    `function write${name}Checked(f, options, fn, names) {`,
    '  let value;',
  );
  for (const o of entries) {
    const slot = slotConstant(frame, o.member);
    const given = byName(o) ? `requireName(value, '${o.name}', fn, names.${o.type})` : `requireNumber(value, '${o.name}', fn)`;
    const fallback = byName(o) ? `names.${o.type}.indexOf(${literal(o.default)})` : literal(o.default);
    out.push(`  value = options.${o.name};`, `  f[${slot}] = value === undefined ? ${fallback} : ${given};`);
  }
  out.push('}');
  return out;
}

/**
 * A reader of a frame's results: an object with every number, name and flag at its path ("joint.x"
 * makes {joint: {x}}), in slot order; a message only when there is one. `from`: the first slot
 * read; `optional`: a top-level group read only when the flag slot `when` is set.
 */
function reader({ table }, { frame, name, from, optional, when }) {
  const slots = Object.entries(table[frame]).filter(([, { slot }]) => slot >= from)
    .map(([slotName, { path: at, type }]) => ({ constant: slotConstant(frame, slotName), parts: at.split('.'), type }));
  const read = ({ constant, type }) => (type === 'number' ? `f[${constant}]` : type === 'bool' ? `f[${constant}] === 1`
    : `names.${type}[f[${constant}]]`);
  /** An object literal of the values at `slots` below `depth` of their paths. */
  const literalOf = (group, depth) => {
    const keys = [...new Set(group.map(({ parts }) => parts[depth]))];
    return `{ ${keys.map((key) => {
      const inner = group.filter(({ parts }) => parts[depth] === key);
      return `${key}: ${inner[0].parts.length > depth + 1 ? literalOf(inner, depth + 1) : read(inner[0])}`;
    }).join(', ')} }`;
  };
  const values = slots.filter(({ type }) => type !== 'message');
  const messages = slots.filter(({ type }) => type === 'message');
  const lines = [
    `/** ${name}, read from the frame after the call. */`,
    `function read${name}(f, names, text) {`,
    `  const out = ${literalOf(values.filter(({ parts }) => parts[0] !== optional), 0)};`,
  ];
  if (optional) {
    const group = values.filter(({ parts }) => parts[0] === optional);
    lines.push(`  if (out.${when}) {`, `    out.${optional} = ${literalOf(group.map((v) => ({ ...v, parts: v.parts.slice(1) })), 0)};`);
    for (const m of messages.filter(({ parts }) => parts[0] === optional)) lines.push(`    if (f[${m.constant}] !== 0) out.${m.parts.join('.')} = text(f[${m.constant}]);`);
    lines.push('  }');
  }
  for (const m of messages.filter(({ parts }) => parts[0] !== optional)) lines.push(`  if (f[${m.constant}] !== 0) out.${m.parts.join('.')} = text(f[${m.constant}]);`);
  lines.push('  return out;', '}');
  return lines;
}

/** The JS face's generated part. @param {any} description */
export function faceText(description) {
  const { table } = description;
  const lines = [
    '// ik2d_api_layout.js: written by scripts/boundary.mjs from the C++ description of the boundary',
    '// (core/bindings/describe.cpp); do not edit. `npm run build` rewrites it.',
  ];
  for (const [frame, list] of [['twoBoneFrame', 'IK2D_TWO_BONE_FRAME'], ['chainSolveFrame', 'IK2D_CHAIN_SOLVE_FRAME'], ['stepFrame', 'IK2D_STEP_FRAME']]) {
    lines.push('', `// The call frame of ${list} (frames.hpp): a constant per slot.`,
      ...Object.entries(table[frame]).map(([slotName, { slot }]) => `const ${slotConstant(frame, slotName)} = ${slot};`));
  }
  const defaults = Object.entries(table.defaults.twoBone);
  lines.push('', "// solveTwoBone's defaults (ik2d::TwoBoneInput's), by slot.",
    ...defaults.map(([slotName, value]) => `const twoBoneDefault_${slotName} = ${literal(value)};`),
    '/** Every defaulted argument of solveTwoBone at its default, in the frame. */',
    'function writeTwoBoneDefaults(f) {',
    ...defaults.map(([slotName]) => `  f[${slotConstant('twoBoneFrame', slotName)}] = twoBoneDefault_${slotName};`),
    '}', '');
  for (const spec of FRAME_LISTS) lines.push(...writers(description, spec), '');
  lines.push(...reader(description, { frame: 'twoBoneFrame', name: 'TwoBoneResult', from: table.frameInputs.twoBoneFrame }), '');
  lines.push(...reader(description, { frame: 'chainSolveFrame', name: 'ChainSolveResult', from: table.frameInputs.chainSolveFrame }), '');
  lines.push(...reader(description, { frame: 'stepFrame', name: 'ChainStep', from: 0, optional: 'result', when: 'done' }));
  return `${lines.join('\n')}\n`;
}

/** Wraps `text` into lines of at most `width` after `prefix`. */
function wrap(text, prefix, width = 100) {
  const lines = [];
  let line = prefix;
  for (const word of text.split(' ')) {
    if (line.length + word.length + 1 > width && line !== prefix) {
      lines.push(line);
      line = prefix;
    }
    line += (line === prefix ? '' : ' ') + word;
  }
  lines.push(line);
  return lines;
}

const capitalised = (text) => text[0].toUpperCase() + text.slice(1);

/** The markers around a generated part of a .d.ts: its first line names the list and its header. */
const typesBegin = ({ macro, header }) => `  // generated from ${macro} (${header}) by scripts/boundary.mjs: do not edit`;
const TYPES_END = '  // end of generated members';

/** The .d.ts members of one options list. */
function typeMembers({ options, table }, spec) {
  const lines = [];
  const done = new Set();
  for (const o of options[spec.list]) {
    const [group] = o.name.split('.');
    if (done.has(group)) continue;
    done.add(group);
    if (group !== o.name) {
      // "gravity.x", "gravity.y": one point member, its doc and range the lines' own (said alike).
      const parts = options[spec.list].filter((p) => p.name.startsWith(`${group}.`));
      const value = `{${parts.map((p) => `${p.name.slice(group.length + 1)}: ${literal(p.default)}`).join(', ')}}`;
      const sentence = `${capitalised(o.doc)}. Each coordinate ${accepts(o)}.`;
      lines.push('  /**', ...wrap(sentence, '   * '), `   * @defaultValue ${value}`, '   */', `  ${group}?: Point;`);
      continue;
    }
    const sentence = [byName(o) ? `${capitalised(o.doc)}.` : `${capitalised(o.doc)}. ${capitalised(accepts(o))}.`,
      ...(spec.notes?.[o.name] ? [spec.notes[o.name]] : [])].join(' ');
    lines.push('  /**', ...wrap(sentence, '   * '), `   * @defaultValue ${byName(o) ? `'${o.default}'` : literal(o.default)}`, '   */');
    const names = () => NAME_ALIASES[o.type] ?? table[o.type].map((/** @type {string} */ n) => `'${n}'`).join(' | ');
    const type = spec.types?.[o.name] ?? (byName(o) ? names() : 'number');
    lines.push(`  ${o.name}?: ${type};`);
  }
  return lines.join('\n');
}

/** The .d.ts unions of the table's name lists: a type alias each, or an interface's member. */
const UNIONS = [
  { alias: 'TwoBoneStatus', names: 'twoBoneStatus' },
  { alias: 'ChainStatus', names: 'chainStatus' },
  { alias: 'ChainStepKind', names: 'stepKind' },
  { alias: 'CreatureKind', names: 'creatureKinds' },
  { member: 'ChainBatchSolveOptions', key: 'method', names: 'chainBatchMethods' },
  { member: 'SkeletonSolveOptions', key: 'method', names: 'skeletonMethods' },
];

/** A union of string literals, on one line when it fits in 100 columns, else three a line. */
function union(head, names, indent = '') {
  const parts = names.map((name) => `'${name}'`);
  const line = `${indent}${head} ${parts.join(' | ')};`;
  if (line.length <= 100) return line;
  const rows = [];
  for (let i = 0; i < parts.length; i += 4) rows.push(`${indent}  | ${parts.slice(i, i + 4).join(' | ')}`);
  return `${indent}${head}\n${rows.join('\n')};`;
}

/** ik2d.d.ts with every listed interface's members and every name list's union written. */
export function typesText(description, current) {
  let text = current;
  for (const spec of TYPE_LISTS) text = replaceBetween(text, typesBegin(spec), TYPES_END, typeMembers(description, spec), 'ik2d.d.ts');
  const { table } = description;
  for (const spec of UNIONS) {
    if (spec.alias) {
      const pattern = new RegExp(`^export type ${spec.alias} =[^;]*;`, 'm');
      if (!pattern.test(text)) throw new Error(`ik2d.d.ts declares no type ${spec.alias}`);
      text = text.replace(pattern, union(`export type ${spec.alias} =`, table[spec.names]));
    } else {
      const start = text.indexOf(`export interface ${spec.member} {`);
      const end = text.indexOf('\n}', start);
      const pattern = new RegExp(`^  ${spec.key}\\?: [^;]*;`, 'm');
      const body = text.slice(start, end);
      if (start < 0 || !pattern.test(body)) throw new Error(`ik2d.d.ts: ${spec.member} has no ${spec.key}`);
      text = text.slice(0, start) + body.replace(pattern, union(`${spec.key}?:`, table[spec.names], '  ').trimStart().replace(/^/, '  ')) + text.slice(end);
    }
  }
  return text;
}

/** The docs' tables of options lists: the file, the marker's name and the lists, in order. */
const DOC_TABLES = [
  { file: DOCS_FILE, name: 'chain-solve-options', header: "chain.hpp's lists", lists: ['chainSolve', 'chainAngle'] },
  { file: CREATURES_FILE, name: 'follow-chain-options', header: 'follow_chain.hpp', lists: ['followChain'] },
  { file: CREATURES_FILE, name: 'rope-options', header: 'rope.hpp', lists: ['rope'] },
  { file: CREATURES_FILE, name: 'second-order-options', header: 'second_order.hpp', lists: ['secondOrder'] },
  { file: CREATURES_FILE, name: 'creature-options', header: 'creature.hpp', lists: ['creature'], presets: true },
];
/** A table's markers. @param {{name: string, header: string}} spec */
const docsBegin = ({ name, header }) => `<!-- ${name}: written by scripts/boundary.mjs from ${header}; do not edit by hand -->`;
const docsEnd = ({ name }) => `<!-- /${name} -->`;

/** A default as the docs write it, as code: 'ccd', Infinity, 0.001, -980. @param {number | string} value */
function shown(value) {
  return `\`${typeof value === 'string' ? `'${value}'` : literal(value)}\``;
}

/**
 * One docs table of options lists: option, default, what it accepts, what it does; with
 * `presets`, the creature's presets beside the default (blank where a preset keeps the lizard's).
 */
function docsTable({ options, table }, { lists, presets }) {
  const kinds = presets ? table.creatureKinds : [];
  const head = presets ? ['option', ...kinds.map((kind, i) => (i === 0 ? `${kind} (default)` : kind)), 'accepts', 'what it does']
    : ['option', 'default', 'accepts', 'what it does'];
  const rows = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  const cell = (text) => text.replaceAll('|', '\\|');
  for (const list of lists) {
    for (const o of options[list]) {
      const values = presets
        ? kinds.map((kind, i) => {
          const value = byName(o) ? kind : table.creaturePresets[kind][o.name];
          const lizard = byName(o) ? kinds[0] : table.creaturePresets[kinds[0]][o.name];
          return i > 0 && value === lizard && !byName(o) ? '' : byName(o) ? `\`'${value}'\`` : shown(value);
        })
        : [shown(o.default)];
      rows.push(`| \`${o.name}\` | ${values.join(' | ')} | ${cell(accepts(o))} | ${cell(capitalised(o.doc))} |`);
    }
  }
  return rows.join('\n');
}

/** A docs file with every table of it written. */
export function docsText(description, current, file = DOCS_FILE) {
  let text = current;
  for (const spec of DOC_TABLES.filter((t) => t.file === file)) {
    text = replaceBetween(text, docsBegin(spec), docsEnd(spec), docsTable(description, spec), path.basename(file));
  }
  return text;
}

/**
 * Every file this writes, with what it should hold.
 * @returns {{file: string, text: string}[]}
 */
export function boundaryFiles(description) {
  return [
    { file: FACE_FILE, text: faceText(description) },
    { file: TYPES_FILE, text: typesText(description, readFileSync(TYPES_FILE, 'utf8')) },
    ...[DOCS_FILE, CREATURES_FILE].map((file) => ({ file, text: docsText(description, readFileSync(file, 'utf8'), file) })),
  ];
}

/** A file's text, '' when there is none yet. @param {string} file */
function current(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Rewrites the files that changed; returns their paths (relative to the repository). */
export function writeBoundary(description = readDescription()) {
  const changed = boundaryFiles(description).filter(({ file, text }) => current(file) !== text);
  for (const { file, text } of changed) writeFileSync(file, text);
  return changed.map(({ file }) => path.relative(repoRoot, file));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const description = readDescription();
  if (process.argv.includes('--check')) {
    const stale = boundaryFiles(description).filter(({ file, text }) => current(file) !== text);
    for (const { file } of stale) console.log(`not what scripts/boundary.mjs writes: ${path.relative(repoRoot, file)}`);
    process.exit(stale.length ? 1 : 0);
  }
  const changed = writeBoundary(description);
  console.log(changed.length ? `boundary: rewrote ${changed.join(', ')}` : 'boundary: every generated file is current');
}
