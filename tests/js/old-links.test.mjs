// old-links.test.mjs: links written before the arm's and the puppet's pose became scene state
// (`pose1=`, `pose2=`; `a0=`…`a15=`) open the same figure as the `pose=` links written now, through
// the real scenes on the real module; links written now never hold the old keys.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { formatLink, parseLink } from '../../web/src/model/link.js';
import { SCENES } from '../../web/src/scenes/index.js';
import { applyPartial, defaultSettings } from '../../web/src/model/settings.js';
import { loadModule } from './support.mjs';

const DEGREE = Math.PI / 180;

/** Links as the page wrote them before (fixtures: the arm's tool test and a dragged puppet). */
const OLD_ARM = '?v=1&scene=arm&stretch=1&mix=0.65&offsetX=25&offsetY=-15&pose1=30.5&pose2=-42.25&target=250,170';
const OLD_PUPPET = '?v=1&scene=puppet&head=-20,77&leftFoot=-46.2,-49.66&a0=88.39&a1=5.5&a2=25.46&a3=21.52'
  + '&a4=74.92&a5=98.98&a6=0.1&a7=-94.72&a8=-69.71&a9=-31.04&a10=-102.44&a11=-69.09&a12=-80.21&a13=-79.6'
  + '&a14=11.39&a15=80.21';
/** The same figures as links write them now. */
const NEW_ARM = '?v=1&scene=arm&stretch=1&mix=0.65&offsetX=25&offsetY=-15&target=250,170&pose=30.5,-42.25';
const NEW_PUPPET = '?v=1&scene=puppet&head=-20,77&leftFoot=-46.2,-49.66'
  + '&pose=88.39,5.5,25.46,21.52,74.92,98.98,0.1,-94.72,-69.71,-31.04,-102.44,-69.09,-80.21,-79.6,11.39,80.21';

/** @type {any} */
let ik;
before(async () => {
  ik = await loadModule();
});

/**
 * Opens a link as the playground does: the scene's defaults, the link's settings, then the scene's
 * own state, and one solve. Returns the live state, the link the scene writes back and the notices.
 * @param {string} search
 */
function open(search) {
  const { scene, partial, notices } = parseLink(search, SCENES);
  const live = scene.create(ik);
  try {
    const applied = applyPartial(scene, defaultSettings(scene), partial);
    notices.push(...applied.notices);
    const own = Object.fromEntries((scene.state ?? []).filter((spec) => spec.name in partial).map((spec) => [spec.name, partial[spec.name]]));
    if (Object.keys(own).length) notices.push(...live.link.restore(own, applied.settings));
    live.solve(applied.settings);
    const link = formatLink(scene, applied.settings, live.link?.state?.(applied.settings));
    return { state: live.state(applied.settings), settings: applied.settings, link, notices };
  } finally {
    live.dispose();
  }
}

test('an old arm link (pose1, pose2) opens the same pose ghost and arm as the pose= link', () => {
  const old = open(OLD_ARM);
  const now = open(NEW_ARM);
  assert.deepEqual(old.notices, []);
  assert.deepEqual(old.state, now.state, 'the same pose, ghost, result and IK pose');
  assert.ok(Math.abs(old.state.pose.angle1 - 30.5 * DEGREE) < 1e-15 && Math.abs(old.state.pose.angle2 + 42.25 * DEGREE) < 1e-15);
  assert.equal(old.link, NEW_ARM.slice(1), 'written back the new way');
  assert.doesNotMatch(old.link, /pose1|pose2/);
  assert.equal(old.settings.params.pose1, undefined, 'no hidden params');
});

test('an old puppet link (a0…a15) opens the same pose and pins as the pose= link', () => {
  const old = open(OLD_PUPPET);
  const now = open(NEW_PUPPET);
  assert.deepEqual(old.notices, []);
  assert.deepEqual(old.state, now.state, 'the same angles, positions, status and errors');
  assert.equal(old.state.result.iterations, 0, 'taken as it is: no sweeps toward the pins');
  assert.equal(old.state.angles[0], 88.39 * DEGREE);
  assert.equal(old.link, NEW_PUPPET.slice(1), 'written back the new way');
  assert.doesNotMatch(old.link, /[?&]a\d+=/);
});

test('old keys: a missing one takes its default, a bad one is named, a new key wins', () => {
  const missing = parseLink('?scene=arm&pose2=10', SCENES);
  assert.deepEqual(missing.notices, []);
  assert.deepEqual(missing.partial.pose, { angle1: 0, angle2: 10 * DEGREE });

  const bad = parseLink('?scene=arm&pose1=abc&pose2=1e999', SCENES);
  assert.deepEqual(bad.notices, ['Ignored pose1=abc: not a number', 'Ignored pose2=1e999: not a finite number']);
  assert.deepEqual(bad.partial.pose, { angle1: 0, angle2: 0 });

  const both = parseLink('?scene=arm&pose1=5&pose=20,30', SCENES);
  assert.deepEqual(both.notices, ['Ignored pose1: the link gives pose= as well']);
  assert.deepEqual(both.partial.pose, { angle1: 20 * DEGREE, angle2: 30 * DEGREE });

  // The puppet: a link with a few of the old angles keeps the rest pose for the others.
  const puppet = SCENES.find((s) => s.id === 'puppet');
  const rest = open('?scene=puppet').state.angles;
  const some = open('?scene=puppet&a3=20');
  assert.deepEqual(some.notices, []);
  some.state.angles.forEach((angle, i) => {
    assert.ok(Math.abs(angle - (i === 3 ? 20 * DEGREE : rest[i])) < 1e-4 * DEGREE, `bone ${i}`);
  });
  assert.ok(puppet);
  // Not a setting any more: setState has no a3 or pose1.
  assert.deepEqual(applyPartial(puppet, defaultSettings(puppet), { params: { a3: 1 } }).notices,
    ['Ignored unknown setting "a3" (puppet has iterations, limits, overlay, flip, dance, springs, aim, weights)']);
});

test('a pose of the wrong length or with a bad angle is refused with a notice', () => {
  assert.deepEqual(parseLink('?scene=arm&pose=1,2,3', SCENES).notices, ['Ignored pose=1,2,3: 3 angles; the arm has 2 bones']);
  assert.deepEqual(parseLink('?scene=puppet&pose=1,2', SCENES).notices, ['Ignored pose=1,2: 2 angles; the puppet has 16 bones, 23 with its hair and tail']);
  assert.deepEqual(parseLink('?scene=arm&pose=1,x', SCENES).notices, ['Ignored pose=1,x: angle 2 is not a number of degrees']);
});
