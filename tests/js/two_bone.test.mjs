// two_bone.test.mjs: ik.solveTwoBone in the real WASM module against every point of API.md.
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { cross, hypot, loadModule, numbersOf, randomSource } from './support.mjs';

/** @type {import('../../dist/ik2d').IK2D} */
let ik;
before(async () => {
  ik = await loadModule();
});

const scaleOf = (o) => Math.abs(o.root.x) + Math.abs(o.root.y) + Math.abs(o.target.x) + Math.abs(o.target.y) + o.length1 + o.length2;

/** The invariants of every non-invalid result (API.md "Two-bone solver"). */
function checkContract(options, r) {
  const tolerance = 1e-12 * scaleOf(options);
  for (const value of numbersOf(r)) assert.ok(Number.isFinite(value), `finite output, got ${value}`);
  assert.ok(r.angle1 > -Math.PI && r.angle1 <= Math.PI, `angle1 ${r.angle1} in (-pi, pi]`);
  assert.ok(r.angle2 > -Math.PI && r.angle2 <= Math.PI, `angle2 ${r.angle2} in (-pi, pi]`);
  const joint = { x: options.root.x + options.length1 * Math.cos(r.angle1), y: options.root.y + options.length1 * Math.sin(r.angle1) };
  const a = r.angle1 + r.angle2;
  const end = { x: r.joint.x + options.length2 * Math.cos(a), y: r.joint.y + options.length2 * Math.sin(a) };
  assert.ok(hypot(joint, r.joint) <= tolerance, 'joint = root + length1 (cos a1, sin a1)');
  assert.ok(hypot(end, r.end) <= tolerance, 'end = joint + length2 (cos(a1+a2), sin(a1+a2))');
  assert.ok(Math.abs(r.distance - hypot(r.end, options.target)) <= tolerance, 'distance = |end - target|');
  assert.equal(r.message, undefined);
  const bend = options.bend ?? 1;
  const s = scaleOf(options); // divide first: at 1e300 the products would overflow
  const side = cross({ x: (options.target.x - options.root.x) / s, y: (options.target.y - options.root.y) / s },
    { x: (r.joint.x - options.root.x) / s, y: (r.joint.y - options.root.y) / s });
  assert.ok(side * bend >= -1e-9, `joint on the bend side (cross ${side}, bend ${bend})`);
  if (Math.abs(r.angle2) > 1e-9 && Math.abs(r.angle2) < Math.PI - 1e-9) {
    assert.equal(Math.sign(r.angle2), -bend, 'a bent arm has sign(angle2) = -bend');
  }
}

function randomOptions(random, zone, bend) {
  const length1 = random.uniform(1, 200);
  const length2 = random.uniform(1, 200);
  const inner = Math.abs(length1 - length2);
  const outer = length1 + length2;
  const d = zone === 'reached' ? random.uniform(inner, outer)
    : zone === 'out_of_reach' ? outer * random.uniform(1 + 1e-9, 5)
      : inner * random.uniform(0, 1 - 1e-9);
  const root = { x: random.uniform(-500, 500), y: random.uniform(-500, 500) };
  const heading = random.uniform(-Math.PI, Math.PI);
  const target = { x: root.x + d * Math.cos(heading), y: root.y + d * Math.sin(heading) };
  return { root, target, length1, length2, bend };
}

describe('solveTwoBone on fixed-seed random targets', () => {
  for (const zone of ['reached', 'out_of_reach', 'too_close']) {
    for (const bend of [1, -1]) {
      test(`${zone}, bend ${bend}`, () => {
        const random = randomSource(zone.length * 7 + bend + 100);
        for (let i = 0; i < 3000; i++) {
          const options = randomOptions(random, zone, bend);
          const d = hypot(options.target, options.root);
          if (zone === 'too_close' && !(d < Math.abs(options.length1 - options.length2))) continue;
          const r = ik.solveTwoBone(options);
          assert.equal(r.status, zone, JSON.stringify(options));
          checkContract(options, r);
          const toTarget = { x: options.target.x - options.root.x, y: options.target.y - options.root.y };
          if (zone === 'reached') {
            assert.ok(r.distance <= 1e-12 * scaleOf(options), `end on target, off by ${r.distance}`);
          } else if (zone === 'out_of_reach') {
            assert.equal(r.angle2, 0);
            assert.ok(Math.abs(r.angle1 - Math.atan2(toTarget.y, toTarget.x)) < 1e-15, 'pointing at the target');
            assert.ok(Math.abs(r.distance - (d - options.length1 - options.length2)) < 1e-9, 'as near as it gets');
          } else {
            assert.equal(Math.abs(r.angle2), Math.PI, 'folded');
            const inner = Math.abs(options.length1 - options.length2);
            const expectedEnd = { x: options.root.x + toTarget.x * inner / d, y: options.root.y + toTarget.y * inner / d };
            assert.ok(hypot(r.end, expectedEnd) < 1e-9, 'end on the root->target ray, |l1 - l2| from the root');
          }
        }
      });
    }
  }
});

test('bend and softness default to +1 and 0', () => {
  const options = { root: { x: 10, y: -5 }, target: { x: 90, y: 70 }, length1: 120, length2: 80 };
  assert.deepEqual(ik.solveTwoBone(options), ik.solveTwoBone({ ...options, bend: 1, softness: 0 }));
  assert.ok(ik.solveTwoBone(options).angle2 < 0, 'default bend +1 gives a negative angle2');
  assert.ok(ik.solveTwoBone({ ...options, bend: -1 }).angle2 > 0, 'bend -1 gives a positive angle2');
});

test('the angles follow the law of cosines (a 3-4-5 triangle)', () => {
  // Bones 4 and 3, target at distance 5 along +x: the joint angle is 90 degrees.
  const r = ik.solveTwoBone({ root: { x: 0, y: 0 }, target: { x: 5, y: 0 }, length1: 4, length2: 3 });
  assert.equal(r.status, 'reached');
  assert.ok(Math.abs(r.angle1 - Math.acos(4 / 5)) < 1e-15);
  assert.ok(Math.abs(r.angle2 + Math.PI / 2) < 1e-15);
  assert.ok(Math.abs(r.joint.x - 3.2) < 1e-14 && Math.abs(r.joint.y - 2.4) < 1e-14);
});

test('the pose moves continuously through both zone boundaries, never flipping', () => {
  for (const [length1, length2] of [[120, 60], [60, 120], [100, 100]]) {
    for (const bend of [1, -1]) {
      let previous = null;
      const samples = 20000;
      for (let i = 1; i <= samples; i++) {
        const d = (length1 + length2 + 20) * i / samples;
        const options = { root: { x: 0, y: 0 }, target: { x: d * 0.6, y: d * 0.8 }, length1, length2, bend };
        const r = ik.solveTwoBone(options);
        checkContract(options, r);
        if (previous) {
          assert.ok(hypot(r.joint, previous.joint) < 0.05 * Math.max(length1, length2),
            `joint jumps at d=${d} (${length1}/${length2}, bend ${bend})`);
        }
        previous = r;
      }
    }
  }
});

test('target exactly at the root: a fixed direction, finite, deterministic', () => {
  const equal = ik.solveTwoBone({ root: { x: 3, y: 4 }, target: { x: 3, y: 4 }, length1: 50, length2: 50 });
  assert.equal(equal.status, 'reached');
  assert.ok(equal.distance < 1e-12, 'the end is on the root');
  const unequal = { root: { x: 3, y: 4 }, target: { x: 3, y: 4 }, length1: 50, length2: 20 };
  const a = ik.solveTwoBone(unequal);
  assert.equal(a.status, 'too_close');
  assert.deepEqual(a, ik.solveTwoBone(unequal));
  assert.ok(numbersOf(a).every(Number.isFinite));
  assert.ok(Math.abs(a.distance - 30) < 1e-12);
});

test('softness: the end lags smoothly near full reach and still reports reached', () => {
  const base = { root: { x: 0, y: 0 }, length1: 120, length2: 80, softness: 20 };
  let previousReach = 150;
  for (let d = 150; d <= 260; d += 0.25) {
    const r = ik.solveTwoBone({ ...base, target: { x: d, y: 0 } });
    const reach = Math.hypot(r.end.x, r.end.y);
    assert.ok(reach >= previousReach - 1e-9, 'never pulls back');
    assert.ok(reach - previousReach <= 0.25 + 1e-9, 'never snaps forward');
    if (d <= 180) assert.ok(r.distance < 1e-9, `exact below reach - softness (d=${d})`);
    if (d > 181 && d <= 200) {
      assert.equal(r.status, 'reached');
      assert.ok(r.distance > 0, 'lags inside the soft zone');
    }
    if (d >= 220) assert.ok(Math.abs(reach - 200) < 1e-9, 'fully stretched past reach + softness');
    previousReach = reach;
  }
});

describe('bad input', () => {
  const valid = () => ({ root: { x: 1, y: 2 }, target: { x: 30, y: 40 }, length1: 30, length2: 20, bend: 1, softness: 0 });
  const fields = ['root.x', 'root.y', 'target.x', 'target.y', 'length1', 'length2', 'bend', 'softness'];
  const withField = (field, value) => {
    const options = valid();
    const [head, tail] = field.split('.');
    if (tail) options[head] = { ...options[head], [tail]: value };
    else options[head] = value;
    return options;
  };

  test('NaN and infinities: status invalid, a message naming the field, finite numbers', () => {
    for (const field of fields) {
      for (const value of [NaN, Infinity, -Infinity]) {
        const r = ik.solveTwoBone(withField(field, value));
        assert.equal(r.status, 'invalid', `${field} = ${value}`);
        assert.ok(r.message.includes(field), `message "${r.message}" names ${field}`);
        assert.ok(numbersOf(r).every(Number.isFinite), `finite output for ${field} = ${value}`);
      }
    }
  });

  test('zero and negative lengths, bad bend, negative softness', () => {
    const cases = [
      ['length1', 0, 'length1 must be greater than 0'], ['length1', -5, 'length1 must be greater than 0'],
      ['length2', 0, 'length2 must be greater than 0'], ['length2', -1e-300, 'length2 must be greater than 0'],
      ['bend', 0, 'bend must be +1 or -1'], ['bend', 2, 'bend must be +1 or -1'], ['bend', 0.5, 'bend must be +1 or -1'],
      ['softness', -1, 'softness must be 0 or greater'],
    ];
    for (const [field, value, message] of cases) {
      const r = ik.solveTwoBone(withField(field, value));
      assert.equal(r.status, 'invalid');
      assert.equal(r.message, message);
      assert.ok(numbersOf(r).every(Number.isFinite));
    }
  });

  test('wrong types throw a TypeError naming the field', () => {
    const cases = [
      [undefined, /expected an options object/], [null, /expected an options object/], ['arm', /expected an options object/],
      [withField('root', undefined), /root must be a point/], [withField('target', 'here'), /target must be a point/],
      [withField('target.x', '1'), /target\.x must be a number, got the string "1"/],
      [withField('root.y', null), /root\.y must be a number/],
      [withField('length1', '120'), /length1 must be a number/], [withField('length2', undefined), /length2 must be a number, got nothing/],
      [withField('bend', '-1'), /bend must be a number/], [withField('softness', {}), /softness must be a number/],
      [withField('length1', 10n), /length1 must be a number/],
    ];
    for (const [options, pattern] of cases) {
      assert.throws(() => ik.solveTwoBone(options), (error) => error instanceof TypeError && pattern.test(error.message));
    }
  });

  test('coordinates near the largest double are refused, not overflowed', () => {
    const r = ik.solveTwoBone({ root: { x: -Number.MAX_VALUE, y: 0 }, target: { x: Number.MAX_VALUE, y: 0 }, length1: 1, length2: 1 });
    assert.equal(r.status, 'invalid');
    assert.match(r.message, /overflows/);
    assert.ok(numbersOf(r).every(Number.isFinite));
  });
});

test('every zone works at every scale from 1e-300 to 1e300', () => {
  for (let exponent = -300; exponent <= 300; exponent += 25) {
    const s = 10 ** exponent;
    for (const [x, y, zone] of [[0.6, 0.8, 'reached'], [3, 4, 'out_of_reach'], [0.3, 0.4, 'too_close'], [0, 0, 'too_close']]) {
      for (const bend of [1, -1]) {
        const options = { root: { x: s, y: -s }, target: { x: s + x * s, y: -s + y * s }, length1: 1.2 * s, length2: 0.5 * s, bend };
        const r = ik.solveTwoBone(options);
        assert.equal(r.status, zone, `scale 1e${exponent}`);
        checkContract(options, r);
      }
    }
  }
});
