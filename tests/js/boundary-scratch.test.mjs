// boundary-scratch.test.mjs: a Chain.solve option added in C++ alone reaches the JS face, the types
// and the docs. A scratch copy of ik2d/chain.hpp gets one more line in IK2D_CHAIN_SOLVE_OPTIONS;
// ik2d-describe (core/bindings/describe.cpp) is compiled against it with Emscripten and linked with
// the wasm build's objects, and scripts/boundary.mjs writes from what it prints, as the build does.
// Then the generated face (run with ik2d_api.js's own helpers) writes the option into its frame
// slot, given or by default, and names it in a TypeError; the .d.ts lists it with its
// @defaultValue and range; the docs' table has its row. Nothing in the repository changes.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import vm from 'node:vm';
import { docsText, faceText, readDescription, typesText } from '../../scripts/boundary.mjs';
import { emscriptenEnv } from '../../scripts/lib/setup.mjs';
import { repoRoot } from './support.mjs';

const LINE = '  X("reachBias", reachBias, AtLeast, 0.25, 0, HUGE_VAL, "a scratch option, in units of the reach") \\';

/** Compiles ik2d-describe against a chain.hpp with LINE added; returns the description it prints. */
function scratchDescription(folder) {
  const header = readFileSync(path.join(repoRoot, 'core', 'include', 'ik2d', 'chain.hpp'), 'utf8');
  const anchor = '#define IK2D_CHAIN_SOLVE_OPTIONS(X)';
  const at = header.indexOf('\n', header.indexOf(anchor)) + 1;
  assert.ok(at > 0, `chain.hpp defines ${anchor}`);
  mkdirSync(path.join(folder, 'include', 'ik2d'), { recursive: true });
  writeFileSync(path.join(folder, 'include', 'ik2d', 'chain.hpp'), `${header.slice(0, at)}${LINE}\n${header.slice(at)}`);
  const wasm = path.join(repoRoot, 'build', 'wasm', 'core');
  const objects = readdirSync(path.join(wasm, 'CMakeFiles'))
    .filter((name) => name.startsWith('ik2d_binding_'))
    .flatMap((name) => {
      const dir = path.join(wasm, 'CMakeFiles', name, 'bindings');
      return readdirSync(dir).filter((file) => file.endsWith('.o')).map((file) => path.join(dir, file));
    });
  assert.ok(objects.length >= 6, `the wasm build's binding objects (${objects.length})`);
  const program = path.join(folder, 'describe.cjs');
  // The scratch folder first: every #include "ik2d/chain.hpp" finds the scratch copy.
  execFileSync('em++', ['-std=c++17', '-O1', `-I${path.join(folder, 'include')}`, `-I${path.join(repoRoot, 'core', 'include')}`,
    `-I${path.join(wasm, 'include')}`, path.join(repoRoot, 'core', 'bindings', 'describe.cpp'), ...objects,
    path.join(wasm, 'libik2d.a'), '-lembind', '-sENVIRONMENT=node', '-sFILESYSTEM=0', '-sALLOW_MEMORY_GROWTH=1',
    '-sWASM_ASYNC_COMPILATION=0', '-o', program], { env: { ...emscriptenEnv(), EMCC_SKIP_SANITY_CHECK: '1' }, stdio: 'pipe' });
  return readDescription(program);
}

test('a Chain.solve option added in C++ alone: the JS face accepts it, the types list it, the docs table shows it', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'ik2d-scratch-'));
  try {
    const description = scratchDescription(folder);
    const option = description.options.chainSolve.find((o) => o.name === 'reachBias');
    assert.ok(option, 'the description lists the new option');
    assert.deepEqual([option.default, option.low, option.high, option.message],
      [0.25, 0, Infinity, 'reachBias must be a finite number, 0 or greater']);
    const slot = description.table.chainSolveFrame.reachBias?.slot;
    assert.ok(Number.isInteger(slot), 'Chain.solve\'s frame has a slot for it');

    // The generated face, with ik2d_api.js's own helpers (requireNumber, requireName, describe).
    const api = readFileSync(path.join(repoRoot, 'core', 'bindings', 'ik2d_api.js'), 'utf8').replace('export default async function', 'async function')
      .replaceAll('import.meta.url', "'file:///ik2d.js'");  // (a script here, not a module: its entry is never called)
    const context = vm.createContext({});
    vm.runInContext(`${faceText(description)}\n${api}`, context);
    const names = description.table;
    const frame = new Float64Array(description.table.frameSlots);
    assert.equal(context.writeChainSolveOptionsFast(frame, {}, names), true);
    assert.equal(frame[slot], 0.25, 'the fast path writes the default');
    assert.equal(context.writeChainSolveOptionsFast(frame, { method: 'fabrik', reachBias: 2 }, names), true);
    assert.equal(frame[slot], 2, 'the fast path writes the given value');
    assert.equal(context.writeChainSolveOptionsFast(frame, { reachBias: '2' }, names), false, 'a string takes the checked path');
    context.writeChainSolveOptionsChecked(frame, { reachBias: 3 }, 'Chain.solve', names);
    assert.equal(frame[slot], 3, 'the checked path writes the given value');
    assert.throws(() => context.writeChainSolveOptionsChecked(frame, { reachBias: '3' }, 'Chain.solve', names),
      (error) => error.name === 'TypeError' && error.message === 'Chain.solve: reachBias must be a number, got the string "3"');

    const types = typesText(description, readFileSync(path.join(repoRoot, 'core', 'bindings', 'ik2d.d.ts'), 'utf8'));
    assert.match(types, /\* A scratch option, in units of the reach\. A finite number, 0 or greater\.\n {3}\* @defaultValue 0\.25\n {3}\*\/\n {2}reachBias\?: number;/);
    const docs = docsText(description, readFileSync(path.join(repoRoot, 'docs', 'api.md'), 'utf8'));
    assert.ok(docs.includes('| `reachBias` | `0.25` | a finite number, 0 or greater | A scratch option, in units of the reach |'), 'the docs table has its row');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('without the scratch line, nothing generated mentions it (the test above can fail)', () => {
  const description = readDescription();
  assert.ok(!description.options.chainSolve.some((o) => o.name === 'reachBias'));
  assert.ok(!faceText(description).includes('reachBias'));
});
