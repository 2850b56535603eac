// two_bone_extras.test.mjs: ik.solveTwoBone's extras (offset, stretch, mix and pose) in the real
// WASM module, against docs/api.md ("Extras: a tool offset, stretch, and mix over a pose").
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { cross, hypot, loadModule, numbersOf, randomSource } from './support.mjs';

/** @type {import('../../dist/ik2d').IK2D} */
let ik;
before(async () => {
  ik = await loadModule();
});

const wrap = (a) => Math.atan2(Math.sin(a), Math.cos(a));
const angleGap = (a, b) => Math.abs(wrap(a - b));
const toolOf = (o) => ({ x: o.length2 + (o.offset?.x ?? 0), y: o.offset?.y ?? 0 });
const sideOf = (o) => Math.hypot(toolOf(o).x, toolOf(o).y);
const phiOf = (o) => Math.atan2(toolOf(o).y, toolOf(o).x);
const scaleOf = (o) => Math.abs(o.root.x) + Math.abs(o.root.y) + Math.abs(o.target.x) + Math.abs(o.target.y) +
  o.length1 + o.length2 + Math.abs(o.offset?.x ?? 0) + Math.abs(o.offset?.y ?? 0);

/** Forward kinematics with the offset and the scale: what `joint` and `end` must be. */
function checkForward(o, r) {
  for (const value of numbersOf(r)) assert.ok(Number.isFinite(value), `finite output, got ${value}`);
  assert.equal(r.message, undefined);
  assert.ok(r.angle1 > -Math.PI && r.angle1 <= Math.PI && r.angle2 > -Math.PI && r.angle2 <= Math.PI, 'angles wrapped');
  const tolerance = 1e-12 * scaleOf(o) * r.scale;
  const joint = { x: o.root.x + r.scale * o.length1 * Math.cos(r.angle1), y: o.root.y + r.scale * o.length1 * Math.sin(r.angle1) };
  const a = r.angle1 + r.angle2, tool = toolOf(o);
  const end = {
    x: r.joint.x + r.scale * (Math.cos(a) * tool.x - Math.sin(a) * tool.y),
    y: r.joint.y + r.scale * (Math.sin(a) * tool.x + Math.cos(a) * tool.y),
  };
  assert.ok(hypot(joint, r.joint) <= tolerance, 'joint = root + scale length1 (cos a1, sin a1)');
  assert.ok(hypot(end, r.end) <= tolerance, 'end = joint + scale R(a1 + a2) (length2 + offset.x, offset.y)');
  assert.ok(Math.abs(r.distance - hypot(r.end, o.target)) <= tolerance, 'distance = |end - target|');
}

/** A random arm of size `s` with a tool offset and a target at `low`..`high` times its reach. */
function randomArm(random, s, low, high) {
  const length1 = s * random.uniform(0.1, 10), length2 = s * random.uniform(0.1, 10);
  const offset = { x: length2 * random.uniform(-1.5, 1.5), y: length2 * random.uniform(-1.5, 1.5) };
  const root = { x: s * random.uniform(-100, 100), y: s * random.uniform(-100, 100) };
  const o = { root, target: root, length1, length2, offset, bend: random.uniform(0, 1) < 0.5 ? 1 : -1 };
  const d = (length1 + sideOf(o)) * random.uniform(low, high), heading = random.uniform(-Math.PI, Math.PI);
  o.target = { x: root.x + d * Math.cos(heading), y: root.y + d * Math.sin(heading) };
  return o;
}

test('an offset puts the tool point on reachable targets, the joint on the bend side, at every scale', () => {
  const random = randomSource(1501);
  for (let exponent = -300; exponent <= 300; exponent += 50) {
    for (let i = 0; i < 300; i++) {
      const o = randomArm(random, 10 ** exponent, 0, 1);
      const d = hypot(o.target, o.root);
      if (d < Math.abs(o.length1 - sideOf(o))) continue;
      const r = ik.solveTwoBone(o);
      assert.equal(r.status, 'reached', JSON.stringify(o));
      checkForward(o, r);
      assert.ok(r.distance <= 1e-12 * scaleOf(o), `tool point on the target, off by ${r.distance / scaleOf(o)} of the scale`);
      const s = scaleOf(o); // divide first: at 1e300 the products would overflow
      const side = cross({ x: (o.target.x - o.root.x) / s, y: (o.target.y - o.root.y) / s }, { x: (r.joint.x - o.root.x) / s, y: (r.joint.y - o.root.y) / s });
      assert.ok(side * o.bend >= -1e-9, 'the joint on the bend side of root->target');
      const toolTurn = wrap(r.angle2 + phiOf(o));
      if (Math.abs(toolTurn) > 1e-6 && Math.abs(toolTurn) < Math.PI - 1e-6) assert.equal(Math.sign(toolTurn), -o.bend, 'sign(angle2 + phi) = -bend');
    }
  }
});

test('with an offset, the zones use the tool point\'s distance from the joint', () => {
  const o = { root: { x: 0, y: 0 }, length1: 120, length2: 80, offset: { x: 20, y: -75 } }; // second side 125
  const at = (d) => ik.solveTwoBone({ ...o, target: { x: d * 0.6, y: d * 0.8 } });
  assert.equal(at(245).status, 'reached');
  assert.equal(at(246).status, 'out_of_reach');
  assert.equal(at(5).status, 'reached');
  assert.equal(at(4).status, 'too_close');
  assert.ok(angleGap(at(300).angle2 + phiOf(o), 0) < 1e-12, 'out of reach: the tool line straight at the target');
  assert.ok(angleGap(at(2).angle2 + phiOf(o), Math.PI) < 1e-12, 'too close: the tool line folded');
  assert.ok(Math.abs(at(300).distance - 55) < 1e-9 && Math.abs(at(2).distance - 3) < 1e-9, 'as near as it gets');
});

test('stretch puts the end on far targets with scale = d / reach; within reach it changes nothing', () => {
  const random = randomSource(1502);
  for (let exponent = -300; exponent <= 300; exponent += 50) {
    for (let i = 0; i < 200; i++) {
      const o = randomArm(random, 10 ** exponent, 0, 4);
      if (i % 2) delete o.offset;
      const plain = ik.solveTwoBone(o);
      const r = ik.solveTwoBone({ ...o, stretch: true });
      checkForward(o, r);
      if (plain.status === 'out_of_reach') {
        const d = hypot(o.target, o.root), reach = o.length1 + sideOf(o);
        assert.equal(r.status, 'out_of_reach');
        assert.ok(Math.abs(r.scale / (d / reach) - 1) < 1e-12, `scale ${r.scale} = d / reach ${d / reach}`);
        assert.ok(r.distance <= 1e-12 * scaleOf(o) * r.scale, 'the end on the target');
      } else {
        // Unchanged, to rounding (the plain call takes the batch kernel, a stretch call the scalar path).
        assert.equal(r.status, plain.status);
        assert.equal(r.scale, 1);
        assert.ok(hypot(r.joint, plain.joint) <= 1e-12 * scaleOf(o) && hypot(r.end, plain.end) <= 1e-12 * scaleOf(o));
        assert.ok(angleGap(r.angle1, plain.angle1) <= 1e-12 && angleGap(r.angle2, plain.angle2) <= 1e-12);
      }
    }
  }
});

test('stretch with softness: the end stays on the target, the scale grows from reach - softness', () => {
  const o = { root: { x: 0, y: 0 }, length1: 120, length2: 80, softness: 20, stretch: true };
  let previous = 1;
  for (let d = 150; d <= 300; d += 0.25) {
    const r = ik.solveTwoBone({ ...o, target: { x: d, y: 0 } });
    assert.ok(r.distance <= 1e-12 * d, `on the target at d=${d}`);
    assert.ok(r.scale >= previous - 1e-12 && r.scale - previous < 0.01, `the scale grows smoothly at d=${d}`);
    if (d <= 180) assert.equal(r.scale, 1);
    if (d >= 220) assert.ok(Math.abs(r.scale - d / 200) < 1e-12);
    assert.equal(r.status, d <= 200 ? 'reached' : 'out_of_reach');
    previous = r.scale;
  }
});

test('mix 0 returns the pose, mix 1 the IK pose, 0.5 the half-way angles the shorter way round', () => {
  const random = randomSource(1503);
  for (let i = 0; i < 3000; i++) {
    const o = randomArm(random, 1, 0, 2);
    o.stretch = i % 2 === 0;
    const ik1 = ik.solveTwoBone(o);
    const pose = { angle1: random.uniform(-10, 10), angle2: random.uniform(-10, 10) };
    assert.deepEqual(ik.solveTwoBone({ ...o, mix: 1, pose }), ik1);
    const still = ik.solveTwoBone({ ...o, mix: 0, pose });
    checkForward(o, still);
    assert.equal(still.status, ik1.status);
    assert.ok(angleGap(still.angle1, pose.angle1) < 1e-12 && angleGap(still.angle2, pose.angle2) < 1e-12, 'mix 0: the pose');
    assert.equal(still.scale, 1);
    for (const mix of [0.5, random.uniform(0, 1)]) {
      const r = ik.solveTwoBone({ ...o, mix, pose });
      checkForward(o, r);
      assert.ok(Math.abs(wrap(r.angle1 - pose.angle1) - mix * wrap(ik1.angle1 - pose.angle1)) < 1e-12, `angle1 at mix ${mix}`);
      assert.ok(Math.abs(wrap(r.angle2 - pose.angle2) - mix * wrap(ik1.angle2 - pose.angle2)) < 1e-12, `angle2 at mix ${mix}`);
      assert.ok(Math.abs(r.scale - (1 + mix * (ik1.scale - 1))) < 1e-12, 'the scale blends too');
      if (mix === 0.5) assert.ok(angleGap(r.angle1, pose.angle1) <= Math.PI / 2 + 1e-12, 'the shorter way round');
    }
  }
});

test('the extras at their defaults are the plain solver, and scale is always there', () => {
  const arm = { root: { x: 10, y: -5 }, target: { x: 90, y: 70 }, length1: 120, length2: 80 };
  const plain = ik.solveTwoBone(arm);
  assert.equal(plain.scale, 1);
  assert.deepEqual(ik.solveTwoBone({ ...arm, offset: { x: 0, y: 0 }, stretch: false, mix: 1, pose: { angle1: 2, angle2: 1 } }), plain);
  for (const target of [{ x: 500, y: 0 }, { x: 0, y: 0 }]) assert.equal(ik.solveTwoBone({ ...arm, target }).scale, 1);
  assert.equal(ik.solveTwoBone({ ...arm, length1: -1 }).scale, 1, 'invalid results have scale 1 too');
});

test('bad extras: status invalid with a message naming the field; wrong types throw TypeErrors', () => {
  const arm = { root: { x: 1, y: 2 }, target: { x: 30, y: 40 }, length1: 30, length2: 20 };
  const invalid = [
    [{ offset: { x: NaN, y: 0 } }, 'offset.x must be a finite number'],
    [{ offset: { x: 0, y: -Infinity } }, 'offset.y must be a finite number'],
    [{ mix: -0.001 }, 'mix must be from 0 to 1'], [{ mix: 1.5 }, 'mix must be from 0 to 1'], [{ mix: NaN }, 'mix must be from 0 to 1'],
    [{ pose: { angle1: Infinity, angle2: 0 } }, 'pose.angle1 must be a finite number'],
    [{ pose: { angle1: 0, angle2: NaN } }, 'pose.angle2 must be a finite number'],
  ];
  for (const [extra, message] of invalid) {
    const r = ik.solveTwoBone({ ...arm, ...extra });
    assert.equal(r.status, 'invalid', JSON.stringify(extra));
    assert.equal(r.message, message);
    assert.ok(numbersOf(r).every(Number.isFinite));
  }
  const wrongTypes = [
    [{ offset: 'muzzle' }, /offset must be a point \{x, y\}, got the string "muzzle"/],
    [{ offset: null }, /offset must be a point/], [{ offset: { x: '1', y: 0 } }, /offset\.x must be a number/],
    [{ stretch: 1 }, /stretch must be true or false, got 1/], [{ stretch: 'yes' }, /stretch must be true or false/],
    [{ mix: '0.5' }, /mix must be a number/], [{ pose: 0 }, /pose must be an object \{angle1, angle2\}/],
    [{ pose: { angle1: 0 } }, /pose\.angle2 must be a number, got nothing/],
  ];
  for (const [extra, pattern] of wrongTypes) {
    assert.throws(() => ik.solveTwoBone({ ...arm, ...extra }), (e) => e instanceof TypeError && pattern.test(e.message), JSON.stringify(extra));
  }
});

test('the plain call and the call with every extra spelled out at its default agree bit for bit, whatever came before', () => {
  // solveTwoBone takes a short path for the plain call (ik2d_api.js) and the checked one when any
  // extra is given: both must write every slot of the frame, or one call's extras leak into the next.
  const random = randomSource(17);
  const defaults = { offset: { x: 0, y: 0 }, stretch: false, mix: 1, pose: { angle1: 0, angle2: 0 } };
  for (let i = 0; i < 200; i++) {
    const arm = randomArm(random, 10 ** random.uniform(-3, 3), 0, 1.5);
    const plain = { root: arm.root, target: arm.target, length1: arm.length1, length2: arm.length2, bend: arm.bend, softness: i % 3 ? 0 : arm.length1 * 0.1 };
    ik.solveTwoBone({ ...arm, stretch: true, mix: 0.5, pose: { angle1: 1, angle2: -1 } });  // leaves extras in the frame
    const short = ik.solveTwoBone(plain);
    const spelled = ik.solveTwoBone({ ...plain, ...defaults });
    assert.deepEqual(short, spelled, `limb ${i}`);
    for (const [a, b] of [[short.angle1, spelled.angle1], [short.end.x, spelled.end.x], [short.end.y, spelled.end.y]]) {
      assert.ok(Object.is(a, b), `limb ${i}: the same bits`);
    }
  }
});
