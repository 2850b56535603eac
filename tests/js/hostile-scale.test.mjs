// hostile-scale.test.mjs: hostile sizes, counts and inputs against the real module, each case in a
// process of its own with a JS heap limit and a kill timer, so a case that allocates what it was
// asked for (or loops) fails by name instead of taking the run down with it. The limits are
// generous: only a blow-up or a hang reaches them (no conclusion is drawn from a wall clock). What
// each case checks is deterministic: the error's type and message (the call and the field), how
// much WebAssembly memory the refusal left grown, and that the module still works afterwards.
// docs/testing.md has the table (case, limit, result); IK2D_HOSTILE_LOG=<file> appends each
// refusal's time and memory to <file>, for that table.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { distDir } from './support.mjs';

/** The JS heap each case's process may use, MB: the old failures needed gigabytes. */
const HEAP_MB = 256;
/** A case still running after this long is killed and fails, ms. */
const KILL_MS = 60_000;
/** The most a refused call may leave WebAssembly memory grown by, bytes. */
const LEFT_BEHIND = 4 * 1024 * 1024;

const moduleUrl = pathToFileURL(path.join(distDir, 'ik2d.js')).href;

/**
 * Runs `body` (the text of an async function of `ik`) in a fresh Node process with the module
 * loaded; resolves with what it reported: {error?: {name, message}, value?, grown, after}.
 */
function runCase(body) {
  const program = `
    import createIK2D from ${JSON.stringify(moduleUrl)};
    const ik = await createIK2D();
    const memory = () => ik.stats().wasmMemoryBytes;
    // An array (to Array.isArray) that claims a length and holds nothing.
    const huge = (length) => new Proxy([], { get: (target, key) => (key === 'length' ? length : target[key]) });
    const before = memory();
    const report = { grown: 0 };
    const started = performance.now();
    try {
      report.value = await (async (ik) => { ${body} })(ik);
    } catch (error) {
      report.error = { name: error.constructor.name, message: String(error.message) };
    }
    report.ms = performance.now() - started;  // (shown, never judged: see the file comment)
    report.grown = memory() - before;
    // The module still works: a small chain is built, solved and freed.
    const chain = new ik.Chain({ root: { x: 0, y: 0 }, lengths: [1, 1, 1] });
    report.after = chain.solve({ x: 1, y: 1 }).status;
    chain.delete();
    process.stdout.write(JSON.stringify(report));
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, '--input-type=module', '-e', program],
      { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => { out += chunk; });
    child.stderr.on('data', (chunk) => { err += chunk; });
    const timer = setTimeout(() => child.kill('SIGKILL'), KILL_MS);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`the case's process ended with ${signal ?? `code ${code}`}: ${err.slice(-600)}`));
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`the case's process printed no report: ${out.slice(-300)} ${err.slice(-300)}`));
      }
    });
  });
}

/** A refusal: a RangeError (or `name`) whose message matches `pattern`, with little left behind. */
async function refused(body, pattern, name = 'RangeError', leftBehind = LEFT_BEHIND) {
  const report = await runCase(body);
  if (process.env.IK2D_HOSTILE_LOG) appendFileSync(process.env.IK2D_HOSTILE_LOG, `${JSON.stringify({ body: body.trim(), ms: report.ms, grown: report.grown, error: report.error })}\n`);
  assert.ok(report.error, `refused, not accepted (returned ${JSON.stringify(report.value)})`);
  assert.equal(report.error.name, name, report.error.message);
  assert.match(report.error.message, pattern);
  assert.ok(report.grown <= leftBehind, `WebAssembly memory grew by ${report.grown} bytes`);
  assert.equal(report.after, 'reached', 'the module works after the refusal');
  return report;
}

// ---- check before allocating ---------------------------------------------------------------------

for (const [label, value] of [['1e8', '1e8'], ['2 ** 31', '2 ** 31'], ['Infinity', 'Infinity'], ['NaN', 'NaN'], ['-1', '-1']]) {
  test(`new Creature({ segments: ${label} }) is refused by name before anything is sized by it`, async () => {
    await refused(`new ik.Creature({ segments: ${value} })`, /^Creature: segments must be a whole number from 2 to 64, got /);
  });
  test(`new CreatureCrowd({ count: ${label} }) is refused by name`, async () => {
    await refused(`new ik.CreatureCrowd({ count: ${value} })`, /^CreatureCrowd: count must be a whole number from 0 to 10000, got /);
  });
}

test('new Creature({ legs: 1e8 }) and a crowd of huge creatures are refused before resampling', async () => {
  await refused('new ik.Creature({ legs: 1e8 })', /^Creature: legs must be a whole number from 0 to 48, got 100000000$/);
  await refused('new ik.CreatureCrowd({ count: 10, segments: 2 ** 31 })', /^CreatureCrowd: segments must be a whole number/);
});

test('a creature\'s arrays longer than their capacity are refused by their length alone', async () => {
  await refused('new ik.Creature({ widths: huge(2 ** 32 - 1) })', /^Creature: widths must hold at most 64 values, got 4294967295$/);
});

test('batches, chains and skeletons refuse hostile sizes by name', async () => {
  await refused('new ik.TwoBoneBatch(2 ** 31)', /^TwoBoneBatch: count must be a whole number from 0 to 4194304, got 2147483648$/);
  await refused('new ik.ChainBatch({ count: 1e9, bones: 1023 })', /^ChainBatch: count \* \(bones \+ 1\) must be at most 2097152/);
  await refused('new ik.Chain({ root: { x: 0, y: 0 }, lengths: new Float64Array(2e7) })', /^Chain: lengths must hold 1 to 1024 bones, got 20000000$/);
  await refused('new ik.Skeleton({ root: { x: 0, y: 0 }, bones: huge(1e9) })', /^Skeleton: bones holds 1000000000 bones, more than a skeleton may have \(1024\)$/);
  await refused('new ik.Rope({ points: huge(2 ** 32 - 1) })', /^Rope: points must hold at most 100000 points, got 4294967295$/);
});

test('a ChainBatch at its ceiling is built; one chain more is refused before anything is allocated', async () => {
  // The ceiling is what builds well within a second (docs/testing.md has the time; never judged here).
  const built = await runCase(`
    const batch = new ik.ChainBatch({ count: 2048, bones: 1023 });
    return { count: batch.count, bones: batch.bones, x: batch.x.length };
  `);
  if (process.env.IK2D_HOSTILE_LOG) appendFileSync(process.env.IK2D_HOSTILE_LOG, `${JSON.stringify({ body: 'ChainBatch at the ceiling', ms: built.ms, grown: built.grown })}\n`);
  assert.equal(built.error, undefined, built.error?.message);
  assert.deepEqual(built.value, { count: 2048, bones: 1023, x: 2048 * 1024 });
  await refused('new ik.ChainBatch({ count: 2049, bones: 1023 })', /^ChainBatch: count \* \(bones \+ 1\) must be at most 2097152$/);
});

// ---- memory ------------------------------------------------------------------------------------------

test('a refused input leaves the input buffer as it was: length first', async () => {
  await refused(`
    const skeleton = new ik.Skeleton({ root: { x: 0, y: 0 }, bones: [{ parent: -1, length: 1 }] });
    skeleton.setAngles(new Float64Array(1.5e8));
  `, /^Skeleton.setAngles: angles must hold one angle per bone \(1\), got 150000000$/);
  await refused('new ik.CreatureCrowd({ count: 2 }).setGoals(new Float64Array(2.7e8))', /^CreatureCrowd.setGoals: goals must hold at most one point per creature \(2\), got 135000000$/);
});

test('out of WebAssembly memory is a RangeError naming the call, and the module keeps working', async () => {
  const report = await runCase(`
    const held = [];
    for (let i = 0; i < 4; i++) held.push(new ik.TwoBoneBatch(4194304));
  `);
  assert.equal(report.error?.name, 'RangeError', JSON.stringify(report));
  assert.match(report.error.message, /^TwoBoneBatch: out of WebAssembly memory/);
  assert.equal(report.after, 'reached');
});

// ---- work budgets ------------------------------------------------------------------------------------

test('Rope.step over its work budget is refused up front', async () => {
  await refused(`
    const rope = new ik.Rope({ points: Array.from({ length: 10000 }, (_, i) => ({ x: i, y: 0 })), iterations: 10000 });
    rope.step(1 / 60, 100000);
  `, /^Rope.step: steps × substeps × \(iterations \+ 2\) × points must be at most 15000000/);
});

test('Creature.step and CreatureCrowd.step over their work budget are refused up front', async () => {
  await refused('new ik.Creature({ kind: \'centipede\' }).step(0.1, 100000)', /^Creature.step: steps × substeps × creatures × \(segments \+ legs\) must be at most 2000000/);
  // (The crowd itself takes memory: 2 000 lizards, 33 MB.)
  await refused('new ik.CreatureCrowd({ count: 2000 }).step(0.1, 10)', /^CreatureCrowd.step: steps × substeps × creatures/, 'RangeError', 64 * 1024 * 1024);
});

test('ChainBatch.solve: a sweep over the budget is refused, more sweeps than it allows are cut', async () => {
  const over = await runCase('return new ik.ChainBatch({ count: 500, bones: 1023 }).solve({ method: \'ccd\', iterations: 100000 })');
  assert.equal(over.value.status, 'invalid');
  assert.match(over.value.message, /^count × bones \(bones \+ 1\) \/ 2 \(ccd\) or count × 2 bones \(fabrik\) must be at most 50000000 \(the work budget of one sweep\)$/);
  const cut = await runCase(`
    const batch = new ik.ChainBatch({ count: 1000, bones: 100 });
    batch.targetX.fill(1e4);
    const result = batch.solve({ method: 'fabrik', iterations: 100000, tolerance: 0 });
    return { result, iterations: batch.iterations[0], status: batch.status[0] };
  `);
  assert.equal(cut.value.result.status, 'solved');
  assert.ok(cut.value.iterations <= 50_000_000 / (1000 * 200), `sweeps cut to the budget: ${cut.value.iterations}`);
});

// ---- input copies ------------------------------------------------------------------------------------

test('a Proxy that changes its length between reads gets its first answer: nothing is written past it', async () => {
  const report = await runCase(`
    let reads = 0;
    const lengths = new Proxy([1, 1, 1], { get(target, key) { if (key === 'length') return reads++ === 0 ? 3 : 100000; return target[key] ?? 1; } });
    const other = new ik.Chain({ root: { x: 0, y: 0 }, lengths: [1, 2] });
    const chain = new ik.Chain({ root: { x: 0, y: 0 }, lengths });
    return { size: chain.size, reads, other: Array.from(other.positions()) };
  `);
  assert.equal(report.error, undefined, report.error?.message);
  assert.equal(report.value.size, 3);
  assert.equal(report.value.reads, 1, 'length read once');
  assert.deepEqual(report.value.other, [0, 0, 1, 0, 3, 0]);
});

test('a getter that builds another chain during the copy cannot hand the first call its lengths', async () => {
  const report = await runCase(`
    const lengths = [1, 1, 1];
    let inner;
    Object.defineProperty(lengths, 1, { get() { inner ??= new ik.Chain({ root: { x: 0, y: 0 }, lengths: [5, 5, 5, 5, 5] }); return 2; } });
    const chain = new ik.Chain({ root: { x: 0, y: 0 }, lengths });
    return { outer: Array.from(chain.positions()), inner: Array.from(inner.positions()) };
  `);
  assert.equal(report.error, undefined, report.error?.message);
  assert.deepEqual(report.value.outer, [0, 0, 1, 0, 3, 0, 4, 0]);
  assert.deepEqual(report.value.inner, [0, 0, 5, 0, 10, 0, 15, 0, 20, 0, 25, 0]);
});

test('a point whose getters change their answer: each coordinate read once, the checked value used', async () => {
  const report = await runCase(`
    const flip = () => { let reads = 0; return { get x() { return reads++ === 0 ? 2 : 'two'; }, y: 0 }; };
    const chain = new ik.Chain({ root: { x: 0, y: 0 }, lengths: [1, 1] });
    chain.setRoot(flip());
    const creature = new ik.Creature();
    creature.setGoal(flip());
    return { root: chain.positions()[0], goal: creature.state().goal.x };
  `);
  assert.equal(report.error, undefined, report.error?.message);
  assert.deepEqual(report.value, { root: 2, goal: 2 });
});

test('an element that is no number (a Symbol, a getter\'s string) is a TypeError naming the call and index', async () => {
  await refused('new ik.Chain({ root: { x: 0, y: 0 }, lengths: [1, Symbol(\'x\')] })', /^Chain: lengths\[1\] must be a number, got /, 'TypeError');
  await refused('new ik.TwoBoneBatch(2).message(\'x\')', /^TwoBoneBatch.message: index must be a number, got the string "x"$/, 'TypeError');
  await refused('new ik.TwoBoneBatch(2).message(Symbol())', /^TwoBoneBatch.message: index must be a number, got Symbol\(\)$/, 'TypeError');
});

// ---- refused constructors ----------------------------------------------------------------------------

test('a constructor refused after its C++ object existed frees it at once', async () => {
  const report = await runCase(`
    try { new ik.Chain({ root: { x: 0, y: 0 }, lengths: [1, 1], angles: [0, NaN] }); } catch {}
    return ik.stats().liveChains;
  `);
  assert.equal(report.value, 0);
});
