// link.property.test.mjs: property-based tests (fast-check) of what parses links and setState
// input in the page: web/src/model/link.js and web/src/model/settings.js, imported as they ship. Whatever the
// text or value, parsing never throws, every notice is plain text, and the settings that come out
// are always valid; and any valid state survives a link round trip unchanged.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { LINK_VERSION, MAX_LINK_LENGTH, formatLink, parseLink, upgradeEntries } from '../../web/src/model/link.js';
import { MAX_BONES, MAX_BONE_LENGTH, MAX_LIMIT_DEG, MIN_BONE_LENGTH, boneLengths, uniformLimits } from '../../web/src/scenes/chain/rig.js';
import { SCENES } from '../../web/src/scenes/index.js';
import { applyPartial, defaultSettings, quantize } from '../../web/src/model/settings.js';

const RUNS = 300;

/** Throws unless every param and point of `settings` is allowed by `scene`'s specs. */
function assertValid(scene, settings) {
  for (const spec of scene.params) {
    const value = settings.params[spec.name];
    switch (spec.kind) {
      case 'range':
      case 'seed':
        assert.equal(typeof value, 'number', `${scene.id}.${spec.name} is a number`);
        assert.ok(Number.isFinite(value) && value >= spec.min && value <= spec.max, `${scene.id}.${spec.name}=${value} in range`);
        if (spec.integer) assert.ok(Number.isInteger(value), `${scene.id}.${spec.name} whole`);
        if (spec.multipleOf) assert.equal((value - spec.min) % spec.multipleOf, 0, `${scene.id}.${spec.name} a multiple`);
        break;
      case 'sign': assert.ok(value === 1 || value === -1); break;
      case 'toggle': assert.equal(typeof value, 'boolean'); break;
      case 'choice': assert.ok(spec.options.some((option) => option.value === value)); break;
      case 'custom': break; // The chain's rig, checked below as a whole.
      default: assert.fail(`unknown kind ${spec.kind}`);
    }
  }
  if (scene.id === 'chain') assertValidRig(settings.params);
  for (const spec of scene.points) {
    const point = settings.points[spec.name];
    const bounds = spec.bounds ?? scene.world;
    assert.ok(Number.isFinite(point.x) && Number.isFinite(point.y), `${scene.id}.${spec.name} finite`);
    assert.ok(point.x >= bounds.minX && point.x <= bounds.maxX && point.y >= bounds.minY && point.y <= bounds.maxY,
      `${scene.id}.${spec.name} inside its bounds`);
  }
}

/** The chain's rig: one length per bone, one limit per joint, and the v1 settings in agreement. */
function assertValidRig(params) {
  const { bones, length, lengths, jointLimits, limits } = params;
  assert.ok(Array.isArray(lengths) && lengths.length === bones, `one length per bone (${lengths?.length} for ${bones})`);
  for (const entry of lengths) assert.ok(Number.isFinite(entry) && entry >= MIN_BONE_LENGTH && entry <= MAX_BONE_LENGTH, `bone length ${entry}`);
  const sum = lengths.reduce((a, b) => a + b, 0);
  assert.ok(Math.abs(sum - length) <= 0.01 * bones, `the lengths add up to length (${sum} vs ${length})`);
  assert.ok(Array.isArray(jointLimits) && jointLimits.length === bones, 'one limit per joint');
  for (const limit of jointLimits) {
    if (limit === null) continue;
    assert.ok(Array.isArray(limit) && limit.length === 2 && limit[0] <= limit[1], `limit ${limit}`);
    assert.ok(limit.every((end) => Number.isFinite(end) && Math.abs(end) <= MAX_LIMIT_DEG), `limit ${limit} within ±${MAX_LIMIT_DEG}`);
  }
  assert.equal(limits, jointLimits.some((limit) => limit !== null), 'limits says whether any joint is limited');
}

/** Parses `search` like the page does on load and applies it to the defaults. */
function load(search) {
  const { scene, partial, notices } = parseLink(search, SCENES);
  const applied = applyPartial(scene, defaultSettings(scene), partial);
  return { scene, settings: applied.settings, notices: [...notices, ...applied.notices] };
}

const keys = fc.oneof(fc.constantFrom('scene', 'v', 'embed', 'target', 'root', 'pose', 'step', 'at', 'angles', 'stepping', 'body',
  ...new Set(SCENES.flatMap((s) => s.params.map((p) => p.name)))), fc.string());
/** Lists as links write them: bone lengths, limits "min:max" (empty: free), many of them. */
const lists = fc.oneof(
  fc.array(fc.oneof(fc.double().map(String), fc.integer({ min: -200, max: 600 }).map(String), fc.constantFrom('', 'x', '<b>1</b>')), { maxLength: 40 }).map((a) => a.join(',')),
  fc.array(fc.oneof(fc.constant(''), fc.tuple(fc.integer({ min: -400, max: 400 }), fc.integer({ min: -400, max: 400 })).map(([a, b]) => `${a}:${b}`), fc.string()), { maxLength: 40 }).map((a) => a.join(',')),
  fc.constantFrom('1,'.repeat(5000), `${'12.345,'.repeat(1400)}1`, '90:-90', ',,,', '1:2:3'),
);
const values = fc.oneof(
  fc.constantFrom('NaN', 'Infinity', '-1e999', '1e99', '', ',', '1,2,3', '0x10', '<script>alert(1)</script>', '%zz', 'ccd', 'fabrik', 'arm', 'chain', 'spider', 'true', 'off'),
  lists,
  fc.double().map(String), fc.integer().map(String), fc.tuple(fc.double(), fc.double()).map(([x, y]) => `${x},${y}`), fc.string(), fc.string({ unit: 'binary' }),
);

test('any query string loads valid settings and plain-text notices, never an exception', () => {
  fc.assert(fc.property(fc.array(fc.tuple(keys, values), { maxLength: 12 }), fc.boolean(), (pairs, raw) => {
    const search = raw
      ? pairs.map(([k, v]) => `${k}=${v}`).join('&')  // raw text, broken percent-encoding included
      : new URLSearchParams(pairs).toString();
    const { scene, settings, notices } = load(search);
    assertValid(scene, settings);
    for (const notice of notices) assert.equal(typeof notice, 'string');
  }), { numRuns: RUNS * 3 });
});

test('any value passed to setState leaves valid settings, never an exception', () => {
  const rigValues = fc.oneof(fc.anything(), fc.array(fc.oneof(fc.double(), fc.constant(null), fc.tuple(fc.double(), fc.double()), fc.anything()), { maxLength: 40 }),
    fc.constant(Array.from({ length: 5000 }, () => 10)));
  const rigParams = fc.record({ lengths: rigValues, jointLimits: rigValues, bones: fc.anything() }, { requiredKeys: [] });
  fc.assert(fc.property(fc.constantFrom(...SCENES), fc.dictionary(keys, fc.anything()), fc.oneof(fc.dictionary(keys, fc.anything()), rigParams), (scene, partial, params) => {
    const { settings, notices } = applyPartial(scene, defaultSettings(scene), { ...partial, params });
    assertValid(scene, settings);
    for (const notice of notices) assert.equal(typeof notice, 'string');
  }), { numRuns: RUNS * 3 });
});

test('every valid state survives a link round trip exactly', () => {
  // A valid state: the defaults with arbitrary numbers pushed through the same validation.
  const arbitraryState = fc.constantFrom(...SCENES).chain((scene) => fc.record({
    scene: fc.constant(scene),
    params: fc.record(Object.fromEntries(scene.params.filter((spec) => spec.kind !== 'custom').map((spec) => [spec.name,
      spec.kind === 'toggle' ? fc.boolean()
        : spec.kind === 'choice' ? fc.constantFrom(...spec.options.map((o) => o.value))
          : spec.kind === 'sign' ? fc.constantFrom(1, -1)
            : fc.double({ min: spec.min, max: spec.max, noNaN: true })]))),
    points: fc.record(Object.fromEntries(scene.points.map((spec) => {
      const b = spec.bounds ?? scene.world;
      return [spec.name, fc.record({ x: fc.double({ min: b.minX, max: b.maxX, noNaN: true }), y: fc.double({ min: b.minY, max: b.maxY, noNaN: true }) })];
    }))),
  }));
  fc.assert(fc.property(arbitraryState, ({ scene, params, points }) => {
    const { settings } = applyPartial(scene, defaultSettings(scene), { params, ...points });
    const link = formatLink(scene, settings);
    assert.ok(link.startsWith(`v=${LINK_VERSION}&scene=${scene.id}`), `${link} starts with its version and scene`);
    assert.ok(link.length < 400, `${link} is short (${link.length} characters)`);
    const loaded = load(`?${link}`);
    assert.equal(loaded.scene.id, scene.id);
    assert.deepEqual(loaded.notices, [], `${link} loads without notices`);
    assert.deepEqual(loaded.settings, settings, `${link} reproduces the state`);
  }), { numRuns: RUNS });
});

test('a link longer than MAX_LINK_LENGTH is ignored as a whole, with one notice', () => {
  const long = `?scene=chain&bones=12&pad=${'x'.repeat(MAX_LINK_LENGTH)}`;
  const { scene, settings, notices } = load(long);
  assert.equal(scene.id, SCENES[0].id, 'the default scene');
  assert.deepEqual(settings, defaultSettings(scene), 'at its defaults');
  assert.equal(notices.length, 1);
  assert.match(notices[0], new RegExp(`^Ignored the whole link: its query is ${long.length - 1} characters long, more than the ${MAX_LINK_LENGTH}`));
  // Just under the limit is read as usual.
  const fits = `scene=chain&bones=12&${'&'.repeat(MAX_LINK_LENGTH - 21)}`;
  assert.equal(fits.length, MAX_LINK_LENGTH);
  assert.equal(load(fits).settings.params.bones, 12);
});

test('versions: none is version 1, a newer one is read as far as possible, a bad one is named', () => {
  const plain = load('?scene=chain&bones=12');
  assert.deepEqual(plain.notices, []);
  assert.equal(plain.settings.params.bones, 12);
  assert.deepEqual(load(`?v=${LINK_VERSION}&scene=chain&bones=12`).settings, plain.settings);

  const newer = load(`?v=${LINK_VERSION + 1}&scene=chain&bones=12&wings=2`);
  assert.equal(newer.settings.params.bones, 12, 'what this version knows is applied');
  assert.deepEqual(newer.notices, [
    `This link is format version ${LINK_VERSION + 1}, newer than this page knows (${LINK_VERSION}): read as version ${LINK_VERSION} as far as possible`,
    'Ignored wings=2: chain has no setting "wings"',
  ]);
  for (const bad of ['0', 'abc', '-1', '1.5', '<b>2</b>', '']) {
    const { notices, settings } = load(`?v=${encodeURIComponent(bad)}&scene=chain&bones=12`);
    assert.equal(settings.params.bones, 12, `v=${bad}: the rest is read`);
    assert.deepEqual(notices, [`Ignored v=${bad}: a link version is a whole number from 1; read as version ${LINK_VERSION}`]);
  }
});

test('upgrades map an old link\'s names onto the current ones, version by version', () => {
  // A made-up future: version 2 renamed the arm's length1 to upper, version 3 renamed scene arm to twoBone.
  const upgrades = {
    1: (scene, key, text) => (scene === 'arm' && key === 'length1' ? ['upper', text] : [key, text]),
    2: (scene, key, text) => (key === 'scene' && text === 'arm' ? ['scene', 'twoBone'] : [key, text]),
  };
  const notices = [];
  const read = (query) => upgradeEntries([...new URLSearchParams(query)], notices, 3, upgrades);
  assert.deepEqual(read('scene=arm&length1=150'), [['scene', 'twoBone'], ['upper', '150']], 'no v: version 1');
  assert.deepEqual(read('v=2&scene=arm&length1=150'), [['scene', 'twoBone'], ['length1', '150']]);
  assert.deepEqual(read('v=3&scene=arm&upper=150'), [['scene', 'arm'], ['upper', '150']]);
  assert.deepEqual(notices, []);
});

test('the embed key is the page\'s, never reported as a scene setting', () => {
  for (const [query, embed, noticeCount] of [['embed=1', true, 0], ['embed=0', false, 0], ['embed=yes', true, 0], ['embed=2', false, 1], ['', false, 0]]) {
    const parsed = parseLink(`?scene=arm&${query}`, SCENES);
    assert.equal(parsed.page.embed, embed, query);
    assert.equal(parsed.notices.length, noticeCount, `${query}: ${parsed.notices}`);
  }
});

const chain = SCENES.find((scene) => scene.id === 'chain');

test('chain rigs of your own survive a link round trip, and a 32-bone rig with every limit set fits in 1 000 characters', () => {
  const rig = fc.integer({ min: 2, max: MAX_BONES }).chain((bones) => fc.record({
    // Each length such that any count of them adds up to a reach from 60 to 500.
    lengths: fc.array(fc.integer({ min: Math.ceil(6000 / bones), max: Math.floor(50000 / bones) }).map((n) => n / 100), { minLength: bones, maxLength: bones }),
    jointLimits: fc.array(fc.oneof(fc.constant(null), fc.tuple(fc.integer({ min: -180, max: 180 }), fc.integer({ min: 0, max: 180 }))
      .map(([a, span]) => [a, Math.min(180, a + span)])), { minLength: bones, maxLength: bones }),
  }));
  fc.assert(fc.property(rig, ({ lengths, jointLimits }) => {
    const { settings, notices } = applyPartial(chain, defaultSettings(chain), { params: { lengths, jointLimits } });
    assert.deepEqual(notices, []);
    assertValidRig(settings.params);
    assert.deepEqual(settings.params.lengths, lengths);
    assert.deepEqual(settings.params.jointLimits, jointLimits);
    const link = formatLink(chain, settings);
    const loaded = load(`?${link}`);
    assert.deepEqual(loaded.notices, [], `${link} loads without notices`);
    assert.deepEqual(loaded.settings, settings, `${link} reproduces the rig`);
  }), { numRuns: RUNS });

  // The longest rig a reader is likely to write: 32 bones of two-decimal lengths, every joint
  // limited to a range with negative ends, and a pose with four decimals of a degree per joint.
  const lengths = Array.from({ length: 32 }, (_, i) => 15.63 - i * 0.11);
  const jointLimits = Array.from({ length: 32 }, (_, i) => [-120 + i, 95 - i]);
  const { settings } = applyPartial(chain, defaultSettings(chain), { params: { lengths, jointLimits, method: 'fabrik', maxStepDeg: 12 }, target: { x: -123.45, y: 67.89 }, root: { x: -210.5, y: -180.25 } });
  const angles = Array.from({ length: 32 }, (_, i) => -1.2345678 + i * 0.071);
  const link = formatLink(chain, settings, { angles });
  assert.ok(link.length <= 1000, `${link.length} characters: ${link}`);
  const loaded = parseLink(`?${link}`, SCENES);
  assert.deepEqual(loaded.notices, []);
  loaded.partial.angles.forEach((angle, i) => assert.ok(Math.abs(angle - angles[i]) <= 1e-6, `angle ${i}`));
});

test('v1 chain links keep working and mean what they meant', () => {
  const { settings, notices } = load('?scene=chain&bones=5&length=250&taper=1&limits=1&limitDeg=30');
  assert.deepEqual(notices, []);
  assert.deepEqual(settings.params.lengths, boneLengths({ bones: 5, length: 250, taper: true }));
  assert.deepEqual(settings.params.jointLimits, uniformLimits({ bones: 5, limits: true, limitDeg: 30 }));
  assert.deepEqual(settings.params.jointLimits[0], null, 'the root bone turns freely, as in v1');
  assert.equal(formatLink(chain, settings), 'v=1&scene=chain&bones=5&length=250&taper=1&limits=1&limitDeg=30', 'and are written the v1 way');
});

test('bad rigs and poses get plain-text notices naming what was wrong', () => {
  const cases = [
    ['?scene=chain&lengths=10,x,30', /^Ignored lengths=10,x,30: entry 2 is not a number$/],
    ['?scene=chain&lengths=10', /^Ignored lengths: 1 bones; a chain has 2 to 32$/],
    [`?scene=chain&lengths=${'10,'.repeat(4999)}10`, /^Ignored the whole link/],
    [`?scene=chain&lengths=${'10,'.repeat(40)}10`, /^Ignored lengths=10,10,.*: 41 bones; a chain has 2 to 32$/],
    ['?scene=chain&jointLimits=,50:10,,,,', /^Ignored jointLimits\[1\]: min 50° is more than max 10°; joint 1 is free$/],
    ['?scene=chain&jointLimits=,1:2:3', /^Ignored jointLimits=,1:2:3: entry 2 is not "min:max" in degrees or empty$/],
    ['?scene=chain&jointLimits=,-45:45', /^jointLimits has 2 joints for 6 bones: the rest are free$/],
    ['?scene=chain&pose=1,2,<b>3</b>', /^Ignored pose=1,2,<b>3<\/b>: angle 3 is not a number of degrees$/],
    ['?scene=chain&step=-1', /^Ignored step=-1: expected a whole number of steps from 0 to 10000$/],
    ['?scene=spider&at=abc', /^Ignored at=abc: not a number: expected the body's x$/],
  ];
  for (const [query, expected] of cases) {
    const { notices } = load(query);
    assert.equal(notices.length, 1, `${query.slice(0, 60)}: ${notices}`);
    assert.match(notices[0], expected);
  }
  const applied = applyPartial(chain, defaultSettings(chain), { params: { lengths: Array(5000).fill(10), jointLimits: 'x' } });
  assert.deepEqual(applied.notices, ['Ignored lengths: 5000 bones; a chain has 2 to 32',
    'Ignored jointLimits: expected an array of [minDeg, maxDeg] or null, got a string']);
  assert.deepEqual(applied.settings, defaultSettings(chain), 'nothing else changed');
});

test('lengths scaled to the reach stay within it after rounding (found by fast-check: [0, 500, 0])', () => {
  for (const lengths of [[0, 500, 0], [1, 498.005, 1.0049], [500, 500, 500], [0.001, 0.001], Array(32).fill(17.777)]) {
    const { settings } = applyPartial(chain, defaultSettings(chain), { params: { lengths } });
    assertValidRig(settings.params);
    assert.ok(settings.params.length >= 60 && settings.params.length <= 500, `length ${settings.params.length} for ${lengths}`);
  }
});

const arm = SCENES.find((scene) => scene.id === 'arm');

test('the arm\'s jointSpace: toggle words round-trip, anything else is refused with the usual notice', () => {
  for (const [text, value] of [['1', true], ['0', false], ['on', true], ['no', false], ['TRUE', true]]) {
    const { settings, notices } = load(`?scene=arm&jointSpace=${text}`);
    assert.deepEqual(notices, [], text);
    assert.equal(settings.params.jointSpace, value, text);
  }
  const on = applyPartial(arm, defaultSettings(arm), { params: { jointSpace: true } }).settings;
  assert.match(formatLink(arm, on), /&jointSpace=1(&|$)/);
  assert.doesNotMatch(formatLink(arm, defaultSettings(arm)), /jointSpace/, 'the default is not written');
  fc.assert(fc.property(fc.oneof(fc.string(), fc.double().map(String), fc.constantFrom('7', '2', '-1', '<b>1</b>', '%zz', 'NaN')), (text) => {
    const known = ['1', 'true', 'on', 'yes', '0', 'false', 'off', 'no'].includes(text.trim().toLowerCase());
    fc.pre(!known);
    const { settings, notices } = load(`?scene=arm&length1=150&${new URLSearchParams({ jointSpace: text })}`);
    assert.equal(settings.params.jointSpace, false, 'unchanged');
    assert.equal(settings.params.length1, 150, 'the rest applies');
    assert.equal(notices.length, 1);
    assert.match(notices[0], /^Ignored jointSpace=.*: expected 1 or 0$/s);
  }), { numRuns: RUNS });
  fc.assert(fc.property(fc.anything().filter((value) => typeof value !== 'boolean' && value !== 0 && value !== 1), (value) => {
    const { settings, notices } = applyPartial(arm, defaultSettings(arm), { params: { jointSpace: value } });
    assert.equal(settings.params.jointSpace, false);
    assert.equal(notices.length, 1);
    assert.match(notices[0], /^Ignored jointSpace/);
  }), { numRuns: RUNS });
});

test('a value a kind\'s preset would replace is written even when it is the param\'s default (found by fast-check)', () => {
  const creature = SCENES.find((scene) => scene.id === 'creature');
  assert.ok(creature);
  // A snake's preset bend is 20; 26 is the spec's default (the lizard's), so a link must say it.
  const { settings } = applyPartial(creature, defaultSettings(creature), { params: { kind: 'snake', maxBend: 26, speed: 10 } });
  const link = formatLink(creature, settings);
  assert.match(link, /maxBend=26/, link);
  assert.doesNotMatch(link, /stepThreshold/, `the snake's preset step threshold goes without saying: ${link}`);
  assert.deepEqual(load(`?${link}`).settings, settings);
});

// ---- the creature scene's params --------------------------------------------------------------

const creature = SCENES.find((scene) => scene.id === 'creature');
/** The creature's params the properties below cover (overlay is a toggle like the arm's jointSpace). */
const CREATURE_PARAMS = ['kind', 'count', 'speed', 'maxBend', 'stepThreshold', 'gaitGroups', 'springFrequency', 'springDamping', 'springResponse', 'path'];
const creatureSpec = (name) => /** @type {any} */ (creature.params.find((spec) => spec.name === name));

/**
 * A valid value of a creature param: on the slider's grid, anywhere in range, at an end, or the
 * value a kind's preset gives (which a link leaves out and must still restore).
 */
function validCreatureValue(spec) {
  if (spec.kind === 'choice') return fc.constantFrom(...spec.options.map((option) => option.value));
  if (spec.kind === 'toggle') return fc.boolean();
  const steps = Math.round((spec.max - spec.min) / spec.step);
  const grid = fc.integer({ min: 0, max: steps }).map((k) => quantize(spec.min + k * spec.step));
  const choices = [grid, fc.constantFrom(spec.min, spec.max, spec.default)];
  // Numbers as the page keeps them: to PRECISION decimals (links carry no more).
  if (!spec.integer) choices.push(fc.double({ min: spec.min, max: spec.max, noNaN: true }).map(quantize));
  if (spec.linkDefault) choices.push(fc.constantFrom(...KINDS_FOR_PRESETS.map((kind) => spec.linkDefault({ kind }))));
  return fc.oneof(...choices);
}
const KINDS_FOR_PRESETS = creatureSpec('kind').options.map((option) => option.value);

test('creature: any valid kind, count, speed, bend, step threshold, spring and path round-trip through a link', () => {
  const target = creature.points[0];
  const bounds = target.bounds ?? creature.world;
  const state = fc.record({
    params: fc.record(Object.fromEntries(creature.params.map((spec) => [spec.name, validCreatureValue(spec)]))),
    target: fc.record({ x: fc.double({ min: bounds.minX, max: bounds.maxX, noNaN: true }), y: fc.double({ min: bounds.minY, max: bounds.maxY, noNaN: true }) }),
  });
  fc.assert(fc.property(state, ({ params, target: point }) => {
    const { settings, notices } = applyPartial(creature, defaultSettings(creature), { params, target: point });
    assert.deepEqual(notices, [], 'every value is valid');
    for (const name of CREATURE_PARAMS) assert.equal(settings.params[name], params[name], `${name} taken as given`);
    const link = formatLink(creature, settings);
    const loaded = load(`?${link}`);
    assert.deepEqual(loaded.notices, [], `${link} loads without notices`);
    assert.deepEqual(loaded.settings, settings, `${link} reproduces the settings`);
  }), { numRuns: RUNS });
});

/** Text a link may carry for `spec` that is not a valid value, with what the page must do with it. */
function invalidCreatureText(spec) {
  const junk = fc.oneof(
    fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e999', '-1e999', '', 'abc', '0x10', '<b>1</b>', '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>', '9'.repeat(400), '1,2', 'null', 'true'),
    fc.string({ maxLength: 30 }).filter((text) => !/[0-9]/.test(text)),
  );
  if (spec.kind === 'choice') {
    const known = spec.options.map((option) => option.value);
    return fc.oneof(junk, fc.double().map(String), fc.string({ maxLength: 30 }))
      .filter((text) => !known.includes(text.trim().toLowerCase()))
      .map((text) => ({ text, outcome: 'ignored' }));
  }
  // Out of range, or not whole, even after the rounding to PRECISION decimals every link number gets.
  const outside = fc.oneof(
    fc.double({ min: -1e300, max: spec.min, noNaN: true, noDefaultInfinity: true }).filter((v) => quantize(v) < spec.min),
    fc.double({ min: spec.max, max: 1e300, noNaN: true, noDefaultInfinity: true }).filter((v) => quantize(v) > spec.max),
  ).map((value) => ({ text: String(value), outcome: 'clamped', value: value < spec.min ? spec.min : spec.max }));
  const cases = [junk.map((text) => ({ text, outcome: 'ignored' })), outside];
  if (spec.integer) {
    cases.push(fc.tuple(fc.integer({ min: spec.min, max: spec.max - 1 }), fc.integer({ min: 1, max: 99 }))
      .map(([whole, hundredths]) => whole + hundredths / 100)
      .map((value) => ({ text: String(value), outcome: 'rounded', value: Math.round(value) })));
  }
  return fc.oneof(...cases);
}

test('creature: an invalid value of any param in a link gives one plain-text notice naming it, and falls back', () => {
  const validParams = fc.record(Object.fromEntries(creature.params.map((spec) => [spec.name, validCreatureValue(spec)])));
  const bad = fc.constantFrom(...CREATURE_PARAMS).chain((name) => invalidCreatureText(creatureSpec(name)).map((value) => ({ name, ...value })));
  fc.assert(fc.property(validParams, bad, (params, { name, text, outcome, value }) => {
    const { settings: base } = applyPartial(creature, defaultSettings(creature), { params });
    // The link of valid settings, its entry for `name` (if any) replaced by the bad text.
    const entries = [...new URLSearchParams(formatLink(creature, base))].filter(([key]) => key !== name);
    const without = load(`?${new URLSearchParams(entries)}`);
    let loaded;
    assert.doesNotThrow(() => { loaded = load(`?${new URLSearchParams([...entries, [name, text]])}`); });
    const { settings, notices } = /** @type {any} */ (loaded);
    assert.equal(notices.length, 1, `${name}=${text}: ${JSON.stringify(notices)}`);
    const [notice] = notices;
    assert.equal(typeof notice, 'string');
    assert.ok(notice.length <= 200, `a short notice: ${notice.length} characters`);
    assert.ok(!/[\u0000-\u001f]/.test(notice), 'one line, no control characters');
    const word = { ignored: 'Ignored', clamped: 'Clamped', rounded: 'Rounded' }[outcome];
    assert.ok(notice.startsWith(`${word} ${name}=`), `${notice} names ${name}`);
    assertValid(creature, settings);
    // Everything else is as the link without the bad entry says; the param falls back to that too,
    // or to the nearest allowed value.
    const expected = outcome === 'ignored' ? without.settings
      : { ...without.settings, params: { ...without.settings.params, [name]: value } };
    assert.deepEqual(settings, expected);
  }), { numRuns: RUNS * 2 });
});

test('creature: a value of the wrong type given to setState gives one notice naming the param, nothing else changes', () => {
  const wrong = fc.oneof(fc.anything(), fc.constantFrom(Number.NaN, Infinity, -Infinity, '<b>lizard</b>', '120', null, [], {}, 1e308, -1e308));
  const cases = fc.constantFrom(...CREATURE_PARAMS).chain((name) => {
    const spec = creatureSpec(name);
    const isValid = (value) => (spec.kind === 'choice'
      ? spec.options.some((option) => option.value === value)
      : typeof value === 'number' && Number.isFinite(value) && value >= spec.min && value <= spec.max && (!spec.integer || Number.isInteger(value)));
    return wrong.filter((value) => !isValid(value)).map((value) => ({ name, value }));
  });
  fc.assert(fc.property(cases, ({ name, value }) => {
    const before = defaultSettings(creature);
    let applied;
    assert.doesNotThrow(() => { applied = applyPartial(creature, before, { params: { [name]: value } }); });
    const { settings, notices } = /** @type {any} */ (applied);
    assert.equal(notices.length, 1, `${name}=${fc.stringify(value)}: ${JSON.stringify(notices)}`);
    assert.equal(typeof notices[0], 'string');
    assert.match(notices[0], new RegExp(`^(Ignored|Clamped|Rounded) ${name}[=:]`), notices[0]);
    assertValid(creature, settings);
    for (const spec of creature.params) {
      if (spec.name !== name) assert.deepEqual(settings.params[spec.name], before.params[spec.name], `${spec.name} unchanged`);
    }
    if (notices[0].startsWith('Ignored')) assert.deepEqual(settings, before, 'an ignored value changes nothing');
  }), { numRuns: RUNS * 2 });
});
