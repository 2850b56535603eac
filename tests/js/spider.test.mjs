// spider.test.mjs: ik.Spider in the real WASM module: the spider issue's invariants, from JS.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { loadModule } from './support.mjs';

/** @type {import('../../dist/ik2d').IK2D} */
let ik;
before(async () => {
  ik = await loadModule();
});

test('done means: 900 frames toward a target 15 leg lengths to the right', (t) => {
  for (const roughness of [0, 0.5, 1]) {
    const spider = new ik.Spider({ roughness, seed: 2 });
    const legLength = spider.options.upperLength + spider.options.lowerLength;
    spider.setGoal(15 * legLength);
    let previous = spider.state();
    let fewestPlanted = Infinity;
    for (let frame = 0; frame < 900; frame++) {
      spider.step(1 / 60);
      const state = spider.state();
      let planted = 0;
      state.legs.forEach((leg, i) => {
        for (const p of [leg.hip, leg.knee, leg.foot]) assert.ok(Number.isFinite(p.x) && Number.isFinite(p.y), 'finite');
        if (!leg.planted) return;
        planted++;
        assert.ok(Math.abs(leg.foot.y - spider.groundHeight(leg.foot.x)) <= 0.01 * legLength, 'planted feet on the ground');
        if (previous.legs[i].planted) assert.deepEqual(leg.foot, previous.legs[i].foot, 'planted feet never move');
        assert.equal(leg.ik, 'reached');
      });
      fewestPlanted = Math.min(fewestPlanted, planted);
      assert.ok(state.body.y > spider.groundHeight(state.body.x), 'the body stays above the ground');
      previous = state;
    }
    const moved = previous.body.x;
    const landings = previous.legs.map((leg) => leg.steps);
    t.diagnostic(`roughness ${roughness}: moved ${(moved / legLength).toFixed(1)} leg lengths, fewest planted ${fewestPlanted}/8, landings per leg ${landings.join(' ')}`);
    assert.ok(moved >= 5 * legLength);
    assert.ok(fewestPlanted >= 4);
    assert.ok(landings.every((n) => n >= 3), 'every leg plants several times');
    spider.delete();
  }
});

test('same seed and settings: same ground and same walk; another seed: other ground', () => {
  const a = new ik.Spider({ seed: 77, roughness: 0.9 });
  const b = new ik.Spider({ seed: 77, roughness: 0.9 });
  const c = new ik.Spider({ seed: 78, roughness: 0.9 });
  for (const s of [a, b]) {
    s.setGoal(-2000);
    s.step(1 / 60, 500);
  }
  assert.deepEqual(a.state(), b.state());
  let difference = 0;
  for (let x = -2000; x < 2000; x += 25) {
    assert.equal(a.groundHeight(x), b.groundHeight(x));
    difference += Math.abs(a.groundHeight(x) - c.groundHeight(x));
  }
  assert.ok(difference > 100);
  const n = a.groundNormal(100);
  assert.ok(Math.abs(Math.hypot(n.x, n.y) - 1) < 1e-12 && n.y > 0);
  for (const s of [a, b, c]) s.delete();
});

test('stands still near its goal with every foot down', () => {
  const spider = new ik.Spider({ x: 300 });
  spider.setGoal(305);
  spider.step(1 / 60, 300);
  const state = spider.state();
  assert.equal(state.body.velocity, 0);
  assert.ok(state.legs.every((leg) => leg.planted));
  assert.equal(state.goal, 305);
  spider.delete();
});

test('bad settings throw with the field named; a deleted spider says so', () => {
  const cases = [
    [{ legs: 5 }, RangeError, /legs must be an even whole number from 4 to 16, got 5/],
    [{ legs: 100 }, RangeError, /legs must be an even whole number/], [{ legs: '8' }, TypeError, /legs must be a number/],
    [{ seed: -1 }, RangeError, /seed must be a whole number from 0 to 4294967295/], [{ seed: 1.5 }, RangeError, /seed/],
    [{ roughness: 2 }, RangeError, /roughness must be a number from 0 to 1/],
    [{ upperLength: 0 }, RangeError, /upperLength must be a number greater than 0/],
    [{ bodyHeight: NaN }, RangeError, /bodyHeight must be greater than 0/],
    [{ speed: Infinity }, RangeError, /speed must be a number from 0 to 1e6/], [{ x: 1e12 }, RangeError, /x must be a finite number within 1e9/],
    [null, TypeError, /options must be an object/],
  ];
  for (const [options, type, pattern] of cases) {
    assert.throws(() => new ik.Spider(options), (e) => e instanceof type && pattern.test(e.message), JSON.stringify(options));
  }
  const spider = new ik.Spider();
  assert.throws(() => spider.step(0), /dt must be a number of seconds greater than 0, at most 0\.1/);
  assert.throws(() => spider.step(1 / 60, -1), /steps must be a whole number/);
  assert.throws(() => spider.setGoal(NaN), /goal must be a finite number/);
  assert.throws(() => spider.setGoal('10'), TypeError);
  assert.throws(() => spider.groundHeight(undefined), TypeError);
  spider.delete();
  spider.delete();
  assert.throws(() => spider.state(), /this spider was deleted/);
});
