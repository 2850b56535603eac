// modules.test.mjs: the modules dist/ ships (scripts/lib/modules.mjs). The light ik2d-core has
// version, solveTwoBone, Chain and stats() and nothing else, and gives bit for bit what the full
// ik2d gives (results, steps, messages, errors thrown); each module with a part has the core and
// that part's classes, which give what the full module's give; each module stays within its byte
// budget (gzip -9 of its .js and .wasm: byte counts are deterministic, so a budget is not a
// timing); the package exports each one with its types.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { KB, MODULES, moduleBytes } from '../../scripts/lib/modules.mjs';
import { distDir, loadModule, randomSource, repoRoot } from './support.mjs';

const full = await loadModule('ik2d');
const core = await loadModule('ik2d-core');

// Each module's classes beyond the core's (scripts/lib/modules.mjs); the whole has them all.
const parts = Object.fromEntries(MODULES.map(({ stem, classes }) => [stem, classes ?? MODULES.flatMap((m) => m.classes ?? [])]));
const loaded = Object.fromEntries(await Promise.all(MODULES.map(async ({ stem }) => [stem, await loadModule(stem)])));

test('each module has the core (version, solveTwoBone, Chain, stats()) and its parts\' classes, nothing else', () => {
  for (const [stem, classes] of Object.entries(parts)) {
    const ik = loaded[stem];
    assert.deepEqual(Object.keys(ik).sort(), [...classes, 'Chain', 'solveTwoBone', 'stats', 'version'].sort(), stem);
    assert.equal(ik.version, full.version);
    assert.deepEqual(Object.keys(ik.stats()), Object.keys(full.stats()));
    assert.ok(Object.isFrozen(ik));
  }
});

test('each part gives in its own module what it gives in the full one, bit for bit', () => {
  const runs = {
    'ik2d-batch': (ik) => {
      const limbs = new ik.TwoBoneBatch(64);
      const chains = new ik.ChainBatch({ count: 16, bones: 5, length: 2 });
      for (let i = 0; i < 64; i++) { limbs.targetX[i] = (i % 9) / 4; limbs.targetY[i] = (i % 5) / 3 - 0.5; limbs.bend[i] = i % 2 ? 1 : -1; }
      for (let c = 0; c < 16; c++) { chains.targetX[c] = c - 8; chains.targetY[c] = 3 + (c % 4); }
      const out = { limbs: limbs.solve(), chains: chains.solve({ method: 'fabrik', iterations: 12 }), refused: chains.solve({ method: 'dls' }) };
      const result = { out, angle1: [...limbs.angle1], status: [...limbs.status], x: [...chains.x], angles: [...chains.angles()] };
      limbs.delete();
      chains.delete();
      return result;
    },
    'ik2d-procedural': (ik) => {
      const spider = new ik.Spider({ seed: 7 });
      spider.setGoal(400);
      spider.step(1 / 60, 240);
      const state = spider.state();
      spider.delete();
      return { state, refused: outcome(() => new ik.Spider({ legs: 5 })) };
    },
    'ik2d-skeleton': (ik) => {
      const skeleton = new ik.Skeleton({ root: { x: 0, y: 0 }, bones: [{ parent: -1, length: 3 }, { parent: 0, length: 2, angle: 0.3 }, { parent: 0, length: 2, angle: -0.3 }] });
      skeleton.setLimit(1, -1, 1);
      const result = skeleton.solve([{ bone: 1, target: { x: 3, y: 2 } }, { bone: 2, target: { x: 3.5, y: -1.5 } }]);
      const out = { result, angles: skeleton.angles(), refused: outcome(() => skeleton.solve([], { method: 'ccd' })) };
      skeleton.delete();
      return out;
    },
    'ik2d-creature': (ik) => {
      const out = {};
      for (const kind of ['lizard', 'snake', 'fish', 'centipede']) {
        const creature = new ik.Creature({ kind, heading: 0.5 });
        creature.setGoal({ x: 200, y: -80 });
        creature.step(1 / 60, 90);
        out[kind] = { state: creature.state(), options: creature.options };
        creature.delete();
      }
      const crowd = new ik.CreatureCrowd({ count: 5, kind: 'centipede' });
      crowd.setGoals([{ x: 50, y: 0 }, { x: 0, y: 50 }]);
      crowd.step(1 / 60, 30);
      out.crowd = crowd.state(1);
      crowd.delete();
      const rope = new ik.Rope({ points: Array.from({ length: 8 }, (_, i) => ({ x: 10 * i, y: 0 })) });
      rope.pin(0, { x: 0, y: 0 });
      rope.step(1 / 60, 30);
      out.rope = rope.positions();
      rope.delete();
      const chain = new ik.FollowChain({ points: [{ x: 0, y: 0 }, { x: -5, y: 0 }, { x: -10, y: 0 }], maxBend: 0.3 });
      chain.follow({ x: 3, y: 8 });
      out.follow = chain.positions();
      chain.delete();
      out.refused = outcome(() => new ik.Creature({ kind: 'dragon' }));
      return out;
    },
  };
  for (const [stem, run] of Object.entries(runs)) same(run(loaded[stem]), run(full), stem);
});

/** Every number of a result, bit for bit (Object.is: -0 and NaN count), and every other value. */
function same(a, b, what) {
  if (typeof a === 'number') return assert.ok(Object.is(a, b), `${what}: ${a} vs ${b}`);
  if (ArrayBuffer.isView(a)) return assert.deepEqual([...a].map(String), [.../** @type {any} */ (b)].map(String), what);
  if (a && typeof a === 'object') {
    assert.deepEqual(Object.keys(a), Object.keys(b), `${what}: keys`);
    for (const key of Object.keys(a)) same(a[key], b[key], `${what}.${key}`);
    return undefined;
  }
  return assert.equal(a, b, what);
}

/** What a call gives: its result, or the error it throws (class and message). */
function outcome(call) {
  try {
    return { value: call() };
  } catch (error) {
    return { threw: `${/** @type {Error} */ (error).name}: ${/** @type {Error} */ (error).message}` };
  }
}

test('solveTwoBone: the same result from both modules, bit for bit, extras and bad input included', () => {
  const random = randomSource(11);
  const u = random.uniform;
  const special = [0, -0, 1e-300, 1e300, NaN, Infinity, -Infinity, '1', null, undefined];
  const pick = (values) => values[Math.floor(random.next() * values.length)];
  for (let i = 0; i < 3000; i++) {
    const options = {
      root: { x: u(-50, 50), y: u(-50, 50) },
      target: { x: u(-300, 300), y: u(-300, 300) },
      length1: u(0.1, 150),
      length2: u(0.1, 150),
    };
    if (random.next() < 0.5) options.bend = pick([1, -1, 0.5]);
    if (random.next() < 0.3) options.softness = u(0, 40);
    if (random.next() < 0.3) options.offset = { x: u(-30, 30), y: u(-30, 30) };
    if (random.next() < 0.3) options.stretch = random.next() < 0.5;
    if (random.next() < 0.3) options.mix = u(0, 1);
    if (random.next() < 0.3) options.pose = { angle1: u(-4, 4), angle2: u(-4, 4) };
    if (random.next() < 0.1) options[pick(['length1', 'length2', 'softness', 'mix', 'bend'])] = pick(special);
    same(outcome(() => core.solveTwoBone(options)), outcome(() => full.solveTwoBone(options)), `case ${i}`);
  }
});

test('Chain: the same poses, results, steps and messages from both modules, bit for bit', () => {
  const random = randomSource(12);
  const u = random.uniform;
  for (let c = 0; c < 60; c++) {
    const bones = 1 + Math.floor(random.next() * 12);
    const lengths = Array.from({ length: bones }, () => u(1, 40));
    const limits = Array.from({ length: bones }, () => (random.next() < 0.4 ? [u(-3, 0), u(0, 3)] : null));
    const chains = [core, full].map((ik) => {
      const chain = new ik.Chain({ root: { x: 0, y: 0 }, lengths });
      limits.forEach((limit, j) => { if (limit) chain.setLimit(j, limit[0], limit[1]); });
      return { chain };
    });
    for (let s = 0; s < 12; s++) {
      const target = { x: u(-400, 400), y: u(-400, 400) };
      const options = { method: ['ccd', 'fabrik', 'dls', 'newton'][Math.floor(random.next() * 4)], iterations: Math.floor(u(0, 40)) };
      if (random.next() < 0.3) options.maxStep = u(0.01, 1);
      if (random.next() < 0.3) options.mix = u(0, 1);
      if (random.next() < 0.2) options.pole = { x: u(-100, 100), y: u(-100, 100) };
      if (random.next() < 0.1) options.tolerance = -1;
      if (random.next() < 0.25) {
        const [a, b] = chains.map(({ chain }) => {
          const steps = [outcome(() => chain.beginSolve(target, options))];
          for (let k = 0; k < 50 && chain.stepping; k++) steps.push(outcome(() => chain.step()));
          return { steps, positions: chain.positions(), angles: chain.angles(), turns: chain.stepTurns(), backward: chain.backwardPositions() };
        });
        same(a, b, `chain ${c} stepped solve ${s}`);
      } else {
        const [a, b] = chains.map(({ chain }) => ({ result: outcome(() => chain.solve(target, options)), positions: chain.positions(), angles: chain.angles() }));
        same(a, b, `chain ${c} solve ${s}`);
      }
    }
    same(outcome(() => chains[0].chain.setLimit(bones, 0, 1)), outcome(() => chains[1].chain.setLimit(bones, 0, 1)), 'a refused limit');
    for (const { chain } of chains) chain.delete();
  }
  same(outcome(() => new core.Chain({ root: { x: 0, y: 0 }, lengths: [1, 0] })), outcome(() => new full.Chain({ root: { x: 0, y: 0 }, lengths: [1, 0] })), 'a refused chain');
  assert.equal(core.stats().liveChains, 0);
});

test('each module stays within its byte budget (gzip -9, .js + .wasm)', () => {
  for (const { stem, budget } of MODULES) {
    const { js, wasm, total } = moduleBytes(distDir, stem);
    assert.ok(total <= budget, `${stem}: ${(total / KB).toFixed(1)} KB (${(js / KB).toFixed(1)} + ${(wasm / KB).toFixed(1)}) is over its budget of ${budget / KB} KB`);
  }
  assert.equal(MODULES.find((m) => m.stem === 'ik2d-core')?.budget, 45 * KB, 'the light module\'s budget is 45 KB');
});

test('the package exports each module with its types and .wasm', () => {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  for (const { stem, specifier } of MODULES) {
    const key = specifier === 'ik2d' ? '.' : `./${specifier.slice('ik2d/'.length)}`;
    assert.deepEqual(pkg.exports[key], { types: `./dist/${stem}.d.ts`, default: `./dist/${stem}.js` }, `exports["${key}"]`);
    assert.equal(pkg.exports[`./${stem}.wasm`], `./dist/${stem}.wasm`);
    for (const ext of ['js', 'wasm', 'd.ts']) assert.ok(pkg.files.includes(`dist/${stem}.${ext}`), `files has dist/${stem}.${ext}`);
  }
});
