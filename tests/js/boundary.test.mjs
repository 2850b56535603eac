// boundary.test.mjs: what crosses between C++ and JS is described once, by the ABI table C++ writes
// (core/bindings/boundary.hpp, bind_core.cpp, bind_<part>.cpp); everything else is checked against
// it here:
//   - the hand-inlined fast paths (solveTwoBone's and Chain.solve's) write every argument slot of
//     their call frame, with the caller's value or the table's default;
//   - ik2d.d.ts: its status and method unions are the table's name lists, every @defaultValue is
//     the table's default, and the result and state types have the fields the layouts give;
//   - docs/api.md's defaults table is what scripts/docs/defaults-table.mjs makes from the table.
// Change a default in C++ only, and this file fails (the .d.ts and the docs still say the old one).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { boundaryFiles, readDescription } from '../../scripts/boundary.mjs';
import { BEGIN, END, defaultsTable, docPath } from '../../scripts/docs/defaults-table.mjs';
import { between } from '../../scripts/docs/markers.mjs';
import { loadWithTable, repoRoot } from './support.mjs';

const { ik, raw, table: moduleTable } = await loadWithTable('ik2d');
// The module's table with what only the build reads (Chain.solve's frame and defaults: the face's
// part written from them is code, ik2d_api_layout.js).
const description = readDescription();
const { table } = description;

test('the face\'s generated part, the listed options\' types and the docs\' options table are what C++ describes (npm run build writes them)', () => {
  for (const { file, text } of boundaryFiles(description)) {
    assert.equal(readFileSync(file, 'utf8'), text, `${path.relative(repoRoot, file)} is not what scripts/boundary.mjs writes from C++: run npm run build`);
  }
});
/** An options list of the table ({name: {default}}) as defaults by name, "gravity.x" nested. */
function listedDefaults(list, names = {}) {
  /** @type {Record<string, any>} */
  const out = {};
  for (const [name, { default: value, type }] of Object.entries(list)) {
    const keys = name.split('.');
    let into = out;
    for (const key of keys.slice(0, -1)) into = into[key] ??= {};
    into[keys[keys.length - 1]] = names[type] ? names[type][value] : value;
  }
  return out;
}
const { table: coreTable } = await loadWithTable('ik2d-core');

test('the light module\'s table is the full one\'s core part, the same values', () => {
  for (const [key, value] of Object.entries(coreTable)) assert.deepEqual(value, moduleTable[key], key);
});

/** The call frame's doubles, as the JS face sees them. */
const frame = () => new Float64Array(raw.HEAPF64.buffer, raw.frameAddress(), table.frameSlots);

/**
 * A layout's argument slots (the first `frameInputs[name]`), with the value the caller gave (by
 * the slot's path) or else the table's default for it (`defaults`, by slot name).
 */
function expectedArguments(name, given, defaults, encode = {}) {
  return Object.entries(table[name]).filter(([, { slot }]) => slot < table.frameInputs[name]).map(([slotName, { slot, path: at, type }]) => {
    let value = at.split('.').reduce((object, key) => (object === undefined ? undefined : object[key]), given);
    if (value === undefined) value = defaults[slotName];
    if (slotName in encode) value = encode[slotName](value);
    if (type === 'bool') value = value ? 1 : 0;
    return { slotName, slot, value };
  });
}

test('solveTwoBone\'s fast path and its checked path write every argument slot: the given value or the table\'s default', () => {
  const plain = { root: { x: 1.5, y: -2 }, target: { x: 100, y: 60 }, length1: 120, length2: 80 };
  const full = { ...plain, bend: -1, softness: 3, offset: { x: 4, y: -5 }, stretch: true, mix: 0.25, pose: { angle1: 0.5, angle2: -0.75 } };
  for (const options of [plain, { ...plain, bend: -1 }, full]) {
    frame().fill(Number.NaN);
    ik.solveTwoBone(options);
    const written = frame();
    for (const { slotName, slot, value } of expectedArguments('twoBoneFrame', options, table.defaults.twoBone)) {
      assert.ok(value !== undefined, `the table has a default for ${slotName}, or the call gave it`);
      assert.ok(Object.is(written[slot], value), `${slotName}: ${written[slot]}, want ${value} (${JSON.stringify(options)})`);
    }
  }
});

test('Chain.solve\'s fast path and its checked path write every argument slot: the given value or the table\'s default', () => {
  const chain = new ik.Chain({ root: { x: 0, y: 0 }, lengths: [3, 2, 1] });
  const encode = { method: (/** @type {string} */ name) => table.chainMethods.indexOf(name) };
  for (const options of [{}, { method: 'fabrik', iterations: 7 }, { method: 'dls', damping: 0.2, mix: 0.5, maxStep: 0.1, tolerance: 0.01 },
    { method: 'ccd', pole: { x: 1, y: 2 } }, { method: 'fabrik', angle: 0.5 }, { angle: -1, angleWeight: 0.5, angleTolerance: 0.01 }]) {
    frame().fill(Number.NaN);
    chain.solve({ x: 2, y: 3 }, options);
    const written = frame();
    const given = { ...options, target: { x: 2, y: 3 }, usePole: options.pole !== undefined, useAngle: options.angle !== undefined };
    for (const { slotName, slot, value } of expectedArguments('chainSolveFrame', given, table.defaults.chainSolve, encode)) {
      // Without a pole its coordinates are not read, so they need not be written; nor, without an
      // angle, the angle's slots.
      if (!given.usePole && slotName.startsWith('pole')) continue;
      if (!given.useAngle && slotName.startsWith('angle')) continue;
      assert.ok(value !== undefined, `the table has a default for ${slotName}, or the call gave it`);
      assert.ok(Object.is(written[slot], value), `${slotName}: ${written[slot]}, want ${value} (${JSON.stringify(options)})`);
    }
  }
  chain.delete();
});

test('the hand-built results of the fast paths have exactly the fields their layouts give', () => {
  const results = (layout) => [...new Set(Object.entries(table[layout]).filter(([, { slot }]) => slot >= table.frameInputs[layout])
    .map(([, { path: at }]) => at.split('.')[0]))].sort();
  const withMessage = (keys, message) => (message ? keys : keys.filter((key) => key !== 'message'));
  for (const options of [{ root: { x: 0, y: 0 }, target: { x: 1, y: 1 }, length1: 1, length2: 1 }, { root: { x: 0, y: 0 }, target: { x: 1, y: 1 }, length1: 1, length2: -1 }]) {
    const r = ik.solveTwoBone(options);
    assert.deepEqual(Object.keys(r).sort(), withMessage(results('twoBoneFrame'), r.message !== undefined));
  }
  const chain = new ik.Chain({ root: { x: 0, y: 0 }, lengths: [1, 1] });
  for (const options of [{}, { iterations: -1 }]) {
    const r = chain.solve({ x: 1, y: 1 }, options);
    assert.deepEqual(Object.keys(r).sort(), withMessage(results('chainSolveFrame'), r.message !== undefined));
  }
  chain.delete();
});

// ---- ik2d.d.ts ----------------------------------------------------------------------------------

const ts = createRequire(import.meta.url)('typescript');
const dtsPath = path.join(repoRoot, 'core', 'bindings', 'ik2d.d.ts');
const source = ts.createSourceFile(dtsPath, readFileSync(dtsPath, 'utf8'), ts.ScriptTarget.ES2022, true);

/** A declaration of ik2d.d.ts by name (an interface or a type alias). */
function declaration(name) {
  const found = source.statements.find((node) => (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && node.name.text === name);
  assert.ok(found, `ik2d.d.ts declares ${name}`);
  return found;
}

/** The string literals of a union type node. */
function literals(type) {
  const parts = ts.isUnionTypeNode(type) ? type.types : [type];
  return parts.map((part) => {
    assert.ok(ts.isLiteralTypeNode(part) && ts.isStringLiteral(part.literal), `a union of string literals: ${part.getText()}`);
    return part.literal.text;
  });
}

/** An interface's members: name -> {type node, @defaultValue text}. */
function members(name) {
  // An intersection of interfaces ('A & B'): the members of each.
  if (name.includes(' & ')) return new Map(name.split(' & ').flatMap((part) => [...members(part)]));
  const node = declaration(name);
  assert.ok(ts.isInterfaceDeclaration(node));
  return new Map(node.members.filter(ts.isPropertySignature).map((member) => {
    const tag = ts.getJSDocTags(member).find((t) => t.tagName.text === 'defaultValue');
    const text = typeof tag?.comment === 'string' ? tag.comment.trim() : undefined;
    return [member.name.getText(), { type: member.type, defaultText: text, doc: member.getFullText() }];
  }));
}

/** A @defaultValue's text as a value ("{x: 0, y: 0}", "'ccd'", "1e-3", "Infinity", "false"). */
const valueOf = (text) => new Function(`return (${text});`)();

test('ik2d.d.ts: the status, step and method unions are the table\'s name lists', () => {
  assert.deepEqual(literals(declaration('TwoBoneStatus').type), table.twoBoneStatus);
  assert.deepEqual(literals(declaration('ChainStatus').type), table.chainStatus);
  assert.deepEqual(literals(declaration('ChainStepKind').type), table.stepKind);
  assert.deepEqual(literals(members('ChainSolveOptions').get('method').type), table.chainMethods);
  assert.deepEqual(literals(members('ChainBatchSolveOptions').get('method').type), table.chainBatchMethods);
  assert.deepEqual(literals(members('SkeletonSolveOptions').get('method').type), table.skeletonMethods);
  assert.deepEqual(literals(declaration('CreatureKind').type), table.creatureKinds);
});

/** Defaults keyed by slot name ("offsetX"), nested by the frame's paths ("offset.x"). */
function nestedDefaults(layout, defaults) {
  /** @type {Record<string, any>} */
  const out = {};
  for (const [slotName, { path: at, type }] of Object.entries(layout)) {
    if (!(slotName in defaults)) continue;
    const keys = at.split('.');
    let into = out;
    for (const key of keys.slice(0, -1)) into = into[key] ??= {};
    into[keys[keys.length - 1]] = type === 'bool' ? defaults[slotName] === 1 : defaults[slotName];
  }
  return out;
}

test('ik2d.d.ts: every @defaultValue is the table\'s default, and every option with one has the tag', () => {
  const cases = [
    ['TwoBoneOptions', nestedDefaults(table.twoBoneFrame, table.defaults.twoBone)],
    ['ChainSolveOptions & ChainAngleGoal', table.defaults.chainSolve],
    ['ChainBatchSolveOptions', table.chainBatchSolveDefaults],
    ['SkeletonSolveOptions', table.skeletonSolveDefaults],
    ['SpiderOptions', table.spiderOptions],
    ['CreatureOptions', listedDefaults(table.creatureOptions, { creatureKinds: table.creatureKinds })],
    ['RopeOptions', listedDefaults(table.ropeOptions)],
    ['FollowChainOptions', listedDefaults(table.followChainOptions)],
    ['SecondOrderOptions', listedDefaults(table.secondOrderOptions)],
  ];
  for (const [name, defaults] of cases) {
    const declared = members(name);
    for (const [option, value] of Object.entries(defaults)) {
      const member = declared.get(option);
      assert.ok(member, `${name}.${option} is declared`);
      assert.ok(member.defaultText !== undefined, `${name}.${option} has a @defaultValue (the table's is ${JSON.stringify(value)})`);
      assert.deepEqual(valueOf(member.defaultText), value, `${name}.${option}: @defaultValue ${member.defaultText}, the table's is ${JSON.stringify(value)}`);
      assert.doesNotMatch(member.doc.replace(/@defaultValue.*/, ''), /\bdefault\b/i, `${name}.${option} says its default once, in the tag`);
    }
    for (const [option, member] of declared) {
      if (member.defaultText !== undefined) assert.ok(option in defaults, `${name}.${option}'s @defaultValue is in the table`);
    }
  }
});

test('ik2d.d.ts: the result and state types have the fields the table\'s layouts give', () => {
  /** The top-level keys a layout builds (first segments of its paths). */
  const keysOf = (layout) => [...new Set(Object.values(layout).map(({ path: at }) => at.split('.')[0]))].sort();
  const fields = (name) => [...members(name).keys()].sort();
  assert.deepEqual(fields('TwoBoneResult'), keysOf(Object.fromEntries(Object.entries(table.twoBoneFrame)
    .filter(([, { slot }]) => slot >= table.frameInputs.twoBoneFrame))));
  assert.deepEqual(fields('ChainSolveResult & ChainAngleResult'), keysOf(Object.fromEntries(Object.entries(table.chainSolveFrame)
    .filter(([, { slot }]) => slot >= table.frameInputs.chainSolveFrame))));
  assert.deepEqual(fields('ChainStep'), keysOf(table.stepFrame));
  assert.deepEqual(fields('SpiderLeg'), keysOf(table.spiderLeg));
  assert.deepEqual(fields('SpiderState'), [...keysOf(table.spiderBody), 'legs'].sort());
  const creatureFields = [...keysOf(table.creatureState).filter((key) => key !== 'eyeRadius'),
    ...Object.keys(table.creatureArrays).filter((key) => !key.endsWith('Stride'))].sort();
  assert.deepEqual(fields('CreatureState'), creatureFields);
  assert.deepEqual(fields('CreatureLeg'), keysOf(table.creatureLeg));
  assert.deepEqual(fields('CreatureFin'), keysOf(table.creatureFin));
  assert.deepEqual(fields('SkeletonSolveResult'), [...keysOf(table.skeletonResult).filter((key) => key !== 'errorCount'), 'errors', 'message'].sort());
});

// ---- docs/api.md ----------------------------------------------------------------------------------

test('docs/api.md\'s defaults table is the one the table makes (node scripts/docs/defaults-table.mjs --write)', () => {
  assert.equal(between(docPath, BEGIN, END), defaultsTable(table).trim(),
    'docs/api.md\'s defaults differ from C++\'s: run node scripts/docs/defaults-table.mjs --write');
  // Said once: no option default written out again in the prose (a second copy drifts).
  const doc = readFileSync(docPath, 'utf8');
  const prose = doc.slice(0, doc.indexOf(BEGIN)) + doc.slice(doc.indexOf(END));
  assert.deepEqual(prose.split('\n').filter((line) => /\bdefault\s*\(?\**`?[-+'\d]/i.test(line) || /\(default\)/.test(line)), []);
});

test('the batches\' status codes, wherever the types and docs spell them out, are the table\'s name order', () => {
  const files = ['core/bindings/ik2d.d.ts', 'core/bindings/ik2d_api_batch.js', 'docs/api.md'];
  let found = 0;
  for (const file of files) {
    const text = readFileSync(path.join(repoRoot, file), 'utf8');
    for (const match of text.matchAll(/0 (\w+), 1 (\w+), 2 (\w+), 3 (\w+)/g)) {
      found++;
      const names = match.slice(1, 5);
      assert.ok([table.twoBoneStatus, table.chainStatus].some((list) => JSON.stringify(list) === JSON.stringify(names)),
        `${file}: "${match[0]}" is neither the two-bone nor the chain status order`);
    }
  }
  assert.ok(found >= 4, `the status codes are spelled out (${found} places)`);
});
