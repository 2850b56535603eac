// puppet-rig.test.mjs: the puppet scene's flip, end angles, weights and spring bones, through the
// real scene on the real module: the link keys read, check and write back; flipping reflects the
// pose and the pins about the pelvis and nothing else; a knob dragged sets an angle that the solve
// meets; sprung hair swings after a move and comes exactly to rest; a link reopens on the figure;
// the dance goes on the other way when flipped.
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { formatLink, parseLink } from '../../web/src/model/link.js';
import { SCENES } from '../../web/src/scenes/index.js';
import { PUPPET_ALL_BONES, PUPPET_BONES } from '../../web/src/scenes/puppet/rig.js';
import { applyPartial, defaultSettings } from '../../web/src/model/settings.js';
import { loadModule } from './support.mjs';

/** @type {any} */
let ik;
before(async () => {
  ik = await loadModule('ik2d-skeleton');
});

const puppet = /** @type {import('../../web/src/scenes/index.js').SceneDefinition} */ (SCENES.find((s) => s.id === 'puppet'));
const PINS = ['head', 'leftHand', 'rightHand', 'leftFoot', 'rightFoot'];
const DT = 1 / 60;

/**
 * The live puppet with its settings, changed the way the playground does (applyPartial, restore,
 * one solve, the scene's moved points stored).
 */
function live() {
  const scene = puppet.create(ik);
  let settings = defaultSettings(puppet);
  /** @type {string[]} */
  let notices = [];
  /** @param {Record<string, unknown>} partial @param {string | null} [held] */
  const change = (partial, held = null) => {
    const applied = applyPartial(puppet, settings, partial);
    settings = applied.settings;
    notices = applied.notices;
    if ('angles' in partial) notices.push(...scene.link.restore({ angles: partial.angles }, settings));
    const update = scene.solve(settings);
    if (update?.moved) {
      const moved = { ...update.moved };
      if (held) delete moved[held];
      settings = { params: settings.params, points: { ...settings.points, ...moved } };
    }
    return update;
  };
  change({});
  return {
    scene, change,
    get settings() { return settings; },
    get notices() { return notices; },
    state: () => /** @type {any} */ (scene.state(settings)),
    /** The link as the playground writes it (what the scene says a link carries). */
    link: () => {
      const linked = scene.link.settings(settings) ?? settings;
      return formatLink(puppet, linked, scene.link.state(linked));
    },
    /** Simulation steps as the loop makes them: advance, then a solve. @param {number} n */
    run(n) {
      for (let i = 0; i < n; i++) {
        const update = scene.advance(DT, settings);
        if (update?.moved) settings = { params: settings.params, points: { ...settings.points, ...update.moved } };
        scene.solve(settings);
      }
    },
  };
}

/** Opens a link as the playground does. @param {string} search */
function open(search) {
  const { partial, notices } = parseLink(search, SCENES);
  const puppetLive = live();
  puppetLive.change(partial);
  return { live: puppetLive, notices: [...notices, ...puppetLive.notices] };
}

test('the new keys read from a link, write back the same, and bad values get a clear notice', () => {
  const good = '?v=1&scene=puppet&flip=1&springs=1&aim=rightHand:0,leftFoot:-90&weights=head:0.25';
  const { partial, notices } = parseLink(good, SCENES);
  assert.deepEqual(notices, []);
  const applied = applyPartial(puppet, defaultSettings(puppet), partial);
  assert.deepEqual(applied.notices, []);
  assert.equal(applied.settings.params.flip, true);
  assert.equal(applied.settings.params.springs, true);
  assert.deepEqual(applied.settings.params.aim, [null, null, 0, -90, null]);
  assert.deepEqual(applied.settings.params.weights, [0.25, 1, 1, 1, 1]);
  assert.equal(formatLink(puppet, applied.settings), good.slice(1), 'written back as it was');

  const bad = (/** @type {string} */ query) => {
    const parsed = parseLink(`?scene=puppet&${query}`, SCENES);
    return [...parsed.notices, ...applyPartial(puppet, defaultSettings(puppet), parsed.partial).notices];
  };
  assert.deepEqual(bad('flip=2'), ['Ignored flip=2: expected 1 or 0']);
  assert.deepEqual(bad('springs=maybe'), ['Ignored springs=maybe: expected 1 or 0']);
  assert.deepEqual(bad('aim=rightHand:abc'), ['Ignored aim=rightHand:abc: rightHand: expected a number of degrees']);
  assert.deepEqual(bad('aim=nose:3'), ['Ignored aim=nose:3: unknown pin "nose" (the pins are head, leftHand, rightHand, leftFoot, rightFoot)']);
  assert.deepEqual(bad('aim=head:1,head:2'), ['Ignored aim=head:1,head:2: head is given twice']);
  assert.deepEqual(bad('aim=head:270'), ['Wrapped aim.head=270 to -90 (angles run from -180 to 180)']);
  assert.deepEqual(bad('weights=head:2'), ['Clamped weights.head=2 to 1 (allowed 0 to 1)']);
  assert.deepEqual(bad('pose=1,2'), ['Ignored pose=1,2: 2 angles; the puppet has 16 bones, 23 with its hair and tail']);
  // setState's values: an array of five.
  const set = (/** @type {unknown} */ aim) => applyPartial(puppet, defaultSettings(puppet), { params: { aim } }).notices;
  assert.deepEqual(set([null, null, 45, null, null]), []);
  assert.match(set({ rightHand: 45 })[0], /^Ignored aim: expected 5 values, degrees or null, one per pin .*got an object$/);
  assert.deepEqual(set([null, null, Infinity, null, null]), ['Ignored aim: aim.rightHand=Infinity is not a finite number']);
});

test('flip reflects the pose and the pins about the pelvis and nothing else; flipping back restores them', () => {
  const p = live();
  try {
    p.change({ rightHand: { x: 60, y: 40 }, root: { x: 10, y: -5 } });
    const before = p.state();
    const pins = Object.fromEntries(PINS.map((name) => [name, p.settings.points[name]]));
    const root = p.settings.points.root;
    p.change({ params: { flip: true } });
    const after = p.state();
    assert.equal(after.mirrored, true);
    assert.equal(after.result.iterations, 0, 'turning around is not a solve');
    for (let i = 0; i < before.positions.length; i += 2) {
      assert.ok(Math.abs(after.positions[i] - (2 * root.x - before.positions[i])) < 1e-9, `x ${i / 2} mirrored`);
      assert.ok(Math.abs(after.positions[i + 1] - before.positions[i + 1]) < 1e-9, `y ${i / 2} kept`);
    }
    for (const name of PINS) {
      assert.deepEqual(p.settings.points[name], { x: Math.round((2 * root.x - pins[name].x) * 100) / 100 + 0, y: pins[name].y }, `${name} turned`);
    }
    assert.deepEqual(after.result.errors.map((e) => Math.round(e * 1e6)), before.result.errors.map((e) => Math.round(e * 1e6)),
      'each pin as near as before');
    p.change({ params: { flip: false } });
    const back = p.state();
    back.positions.forEach((v, i) => assert.ok(Math.abs(v - before.positions[i]) < 1e-9, `position ${i} back`));
    for (const name of PINS) assert.deepEqual(p.settings.points[name], pins[name], `${name} back`);
  } finally {
    p.scene.dispose();
  }
});

test('flipping while a pin is held turns the others; the held one is solved toward next', () => {
  const p = live();
  try {
    p.change({ rightHand: { x: 50, y: 30 } }, 'rightHand');
    const left = p.settings.points.leftHand;
    p.change({ params: { flip: true } }, 'rightHand');
    assert.deepEqual(p.settings.points.rightHand, { x: 50, y: 30 }, 'the held pin stays under the pointer');
    assert.deepEqual(p.settings.points.leftHand, { x: -left.x, y: left.y }, 'the others turned');
    p.run(1);
    const hand = p.state().effectors.find((/** @type {any} */ e) => e.name === 'rightHand');
    assert.ok(hand.error < 3, `the next step solves toward the held pin: ${hand.error}`);
  } finally {
    p.scene.dispose();
  }
});

test('a knob sets its pin\'s angle; the solve meets it, mirrored when flipped', () => {
  for (const flip of [false, true]) {
    const p = live();
    try {
      p.change({ params: { flip } });
      const pin = p.settings.points.rightHand;
      const knob = /** @type {{x: number, y: number}} */ (p.scene.handles.at('rightHandAngle', p.settings));
      assert.ok(knob, 'the knob is shown');
      // Turn it to point straight down (-90°) from the pin.
      const partial = /** @type {any} */ (p.scene.handles.drag('rightHandAngle', { x: pin.x, y: pin.y - 20 }, p.settings));
      assert.deepEqual(partial.params.aim, [null, null, flip ? -90 : -90, null, null], 'down is down either way');
      p.change(partial);
      const hand = p.state().effectors.find((/** @type {any} */ e) => e.name === 'rightHand');
      assert.ok(Math.abs(hand.goal + Math.PI / 2) < 1e-12, 'the goal as shown');
      assert.ok(Math.abs(hand.angle - hand.goal) < 1e-3, `flip ${flip}: the forearm points down: ${hand.angle}`);
      assert.ok(hand.error < 0.05, `and the hand stays on its pin: ${hand.error}`);
      const moved = p.scene.handles.at('rightHandAngle', p.settings);
      assert.ok(moved && Math.abs(moved.x - pin.x) < 1e-9 && Math.abs(moved.y - (pin.y - 20)) < 1e-9, 'the knob is where it was put');
      // Rightward authored: shown to the left when flipped.
      const right = /** @type {any} */ (p.scene.handles.drag('rightHandAngle', { x: pin.x + 20, y: pin.y }, p.settings));
      assert.equal(right.params.aim[2], flip ? 180 : 0);
    } finally {
      p.scene.dispose();
    }
  }
});

test('a weight says which of two conflicting pins wins; the state reports it', () => {
  const errorOf = (/** @type {number} */ weight) => {
    const p = live();
    try {
      p.change({ params: { weights: [1, weight, 1, 1, 1] }, leftHand: { x: -130, y: 20 }, rightHand: { x: 130, y: 20 } });
      const state = p.state();
      assert.equal(state.effectors[1].weight, weight);
      return state.effectors[1].error;
    } finally {
      p.scene.dispose();
    }
  };
  assert.ok(errorOf(1) < errorOf(0.2), `a lighter left hand ends farther from its pin: ${errorOf(1)} < ${errorOf(0.2)}`);
});

test('sprung hair swings after the head moves, comes exactly to rest, and a link mid-swing reopens on it', () => {
  const p = live();
  try {
    p.change({ params: { springs: true } });
    p.run(2);
    const rest = p.state().angles;
    assert.equal(p.state().swinging, false, 'at rest from the start');
    // Pull the head sideways and let go.
    p.change({ head: { x: 25, y: 70 } });
    const hair = PUPPET_BONES.length;  // the first hair bone
    const hairAt = () => p.state().angles[hair];
    const goal = rest[hair];
    assert.ok(Math.abs(goal - PUPPET_ALL_BONES[hair].angle) < 1e-4, 'the rig\'s rest angle (on the link\'s grid)');
    p.run(12);
    const swing = hairAt() - goal;
    assert.ok(Math.abs(swing) > 0.05, `the hair lags behind the head: ${swing} rad off its rest`);
    assert.equal(p.state().swinging, true);
    // Mid-swing, the link holds all 23 angles and reopens on the same figure.
    const link = p.link();
    assert.match(link, /&pose=([^&,]+,){22}[^&,]+$/, link);
    const copy = open(`?${link}`);
    try {
      assert.deepEqual(copy.notices, []);
      copy.live.state().angles.forEach((/** @type {number} */ a, /** @type {number} */ i) => assert.ok(
        Math.abs(a - p.state().angles[i]) < 2e-6, `angle ${i}`));
      assert.equal(copy.live.link(), link, 'and links back to itself');
    } finally {
      copy.live.scene.dispose();
    }
    let steps = 12;
    while (p.state().swinging && steps < 60 * 60) {
      p.run(1);
      steps += 1;
    }
    assert.equal(p.state().swinging, false, `at rest after ${steps} steps`);
    assert.ok(steps > 60, `it swung for a while: ${steps} steps`);
    assert.equal(hairAt(), goal, 'exactly at rest');
    assert.doesNotMatch(p.link(), /&pose=([^&,]+,){22}/, 'a settled link writes the figure alone');
    assert.notDeepEqual(p.state().angles, rest);
  } finally {
    p.scene.dispose();
  }
});

test('the dance moves the pins by itself; flipped, it is the mirror image; a link starts it; taking a pin ends it', () => {
  const plain = live();
  const turned = live();
  try {
    plain.change({ params: { dance: true } });
    turned.change({ params: { dance: true, flip: true } });
    const root = plain.settings.points.root;
    const seen = new Set();
    for (let step = 0; step < 90; step++) {
      plain.run(1);
      turned.run(1);
      for (const name of PINS) {
        const a = plain.settings.points[name];
        const b = turned.settings.points[name];
        assert.ok(b.x === 2 * root.x - a.x && b.y === a.y, `step ${step}: ${name} mirrored`);
      }
      seen.add(JSON.stringify(plain.settings.points.leftHand));
      const a = plain.state().positions;
      const b = turned.state().positions;
      for (let i = 0; i < 34; i += 2) assert.ok(Math.abs(b[i] - (2 * root.x - a[i])) < 1e-4, `step ${step}: joint ${i / 2} mirrored: ${b[i]} ${a[i]} ${b[i+1]} ${a[i+1]} ${plain.state().result.iterations} ${turned.state().result.iterations} ${plain.state().result.status}`);
    }
    assert.ok(seen.size > 30, `the hand moved by itself: ${seen.size} places`);
    // A link of the dancing puppet starts the dance: no pose, the pins where it begins.
    const link = plain.link();
    assert.doesNotMatch(link, /pose=/, link);
    const copy = open(`?${link}`);
    try {
      copy.live.run(1);
      const fresh = live();
      try {
        fresh.change({ params: { dance: true } });
        fresh.run(1);
        assert.deepEqual(copy.live.settings.points, fresh.settings.points, 'the same first step');
        assert.deepEqual(copy.live.state().angles, fresh.state().angles);
      } finally {
        fresh.scene.dispose();
      }
    } finally {
      copy.live.scene.dispose();
    }
    assert.deepEqual(plain.scene.take?.('rightHand', plain.settings), { params: { dance: false } }, 'taking a pin ends it');
  } finally {
    plain.scene.dispose();
    turned.scene.dispose();
  }
});
