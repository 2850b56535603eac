// bone-art.test.mjs: the pictures on the bones, what needs no browser (web/src/draw/bone-art.js):
// data-bone and data-origin read strictly (a bad one is an error that names it, never NaN), the
// placement (the picture's width spans the bone, its origin on the bone's start, turned with the
// bone, nothing for a bone or picture of no size), the nearest bone to a drop, the scenes' pictures,
// the export's message for an unreadable canvas, and the drawing calls a context receives.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  MAX_BONE_INDEX, applyMatrix, artFor, chainBones, distanceToSegment, drawBoneArt, exportError, nearestBone,
  parseBoneIndex, parseOrigin, placement,
} from '../../web/src/draw/bone-art.js';

/** @param {{x: number, y: number}} a @param {{x: number, y: number}} b */
function assertNear(a, b, what) {
  assert.ok(Math.abs(a.x - b.x) < 1e-9 && Math.abs(a.y - b.y) < 1e-9, `${what}: ${JSON.stringify(a)} is not ${JSON.stringify(b)}`);
}

test('data-bone: a whole number from 0 to the largest index, else an error naming the value', () => {
  assert.deepEqual(parseBoneIndex('0'), { index: 0 });
  assert.deepEqual(parseBoneIndex(' 12 '), { index: 12 });
  assert.deepEqual(parseBoneIndex(String(MAX_BONE_INDEX)), { index: MAX_BONE_INDEX });
  for (const bad of ['', ' ', '-1', '1.5', '1e2', '0x3', 'NaN', 'Infinity', 'one', '2,3', String(MAX_BONE_INDEX + 1), null]) {
    const read = parseBoneIndex(bad);
    assert.ok('error' in read, `${JSON.stringify(bad)} is refused`);
    assert.match(read.error, /^data-bone="[^"]*" is not a bone number \(a whole number from 0 to \d+\)$/);
  }
  assert.match(/** @type {{error: string}} */ (parseBoneIndex('x'.repeat(500))).error.slice(0, 60), /^data-bone="x{40}"/,
    'a long value is cut short in the message');
});

test('data-origin: none is the default; "x,y" two finite numbers; anything else an error', () => {
  assert.deepEqual(parseOrigin(null), { origin: null });
  assert.deepEqual(parseOrigin('  '), { origin: null });
  assert.deepEqual(parseOrigin('20,5'), { origin: { x: 20, y: 5 } });
  assert.deepEqual(parseOrigin(' -2.5 , .5 '), { origin: { x: -2.5, y: 0.5 } });
  assert.deepEqual(parseOrigin('1e1,0'), { origin: { x: 10, y: 0 } });
  for (const bad of ['1', '1,2,3', ',', '1,', 'a,b', 'NaN,1', '1,Infinity', '1e999,0', '0x10,0', '1 2']) {
    const read = parseOrigin(bad);
    assert.ok('error' in read, `${JSON.stringify(bad)} is refused`);
    assert.match(read.error, /^data-origin="[^"]*" is not a point \(two numbers "x,y", image pixels\)$/);
  }
});

test('placement: the width spans the bone, the left middle on its start, turned with it', () => {
  // A bone 100 px long going right: a 40 × 10 picture scales by 2.5.
  const m = placement({ x: 10, y: 20 }, { x: 110, y: 20 }, 40, 10, null);
  assert.ok(m);
  assertNear(applyMatrix(m, { x: 0, y: 5 }), { x: 10, y: 20 }, 'the left middle on the start');
  assertNear(applyMatrix(m, { x: 40, y: 5 }), { x: 110, y: 20 }, 'the right middle on the end');
  assertNear(applyMatrix(m, { x: 20, y: 0 }), { x: 60, y: 7.5 }, 'the top edge above the bone (y down)');
  // Going straight down the canvas (a quarter turn): the picture's top is on the bone's right... its +x side.
  const down = placement({ x: 0, y: 0 }, { x: 0, y: 80 }, 40, 10, null);
  assert.ok(down);
  assertNear(applyMatrix(down, { x: 40, y: 5 }), { x: 0, y: 80 }, 'turned: the end');
  assertNear(applyMatrix(down, { x: 0, y: 0 }), { x: 10, y: 0 }, 'turned: the top-left corner, 5 px × 2 to +x');
  // An origin: that pixel goes on the start; the scale is the same.
  const centred = placement({ x: 10, y: 20 }, { x: 110, y: 20 }, 40, 10, { x: 20, y: 5 });
  assert.ok(centred);
  assertNear(applyMatrix(centred, { x: 20, y: 5 }), { x: 10, y: 20 }, 'the origin on the start');
  assertNear(applyMatrix(centred, { x: 40, y: 5 }), { x: 60, y: 20 }, 'half the picture past the start');
  assertNear(applyMatrix(centred, { x: 0, y: 5 }), { x: -40, y: 20 }, 'and half before it');
});

test('placement: nothing to draw for a bone or picture of no size, or numbers that are not finite', () => {
  const a = { x: 0, y: 0 };
  assert.equal(placement(a, a, 40, 10, null), null, 'a bone of no length');
  assert.equal(placement(a, { x: 1, y: 0 }, 0, 10, null), null, 'a picture of no width');
  assert.equal(placement(a, { x: 1, y: 0 }, 40, 0, null), null, 'a picture of no height');
  assert.equal(placement(a, { x: NaN, y: 0 }, 40, 10, null), null, 'NaN');
  assert.equal(placement(a, { x: Infinity, y: 0 }, 40, 10, null), null, 'Infinity');
  assert.equal(placement(a, { x: 1.5e308, y: 1.5e308 }, 40, 10, null), null, 'a length that overflows');
  assert.equal(placement(a, { x: 1e300, y: 0 }, 40, 10, { x: 1e308, y: 0 }), null, 'an origin that overflows');
});

test('drawBoneArt: each picture through its placement, only bones the scene has', () => {
  /** @type {string[]} */
  const calls = [];
  const ctx = /** @type {any} */ ({
    save: () => calls.push('save'),
    restore: () => calls.push('restore'),
    transform: (...m) => calls.push(`transform ${m.map((v) => Math.round(v * 1000) / 1000).join(' ')}`),
    drawImage: (image, x, y, w, h) => calls.push(`drawImage ${image.name} ${x} ${y} ${w} ${h}`),
  });
  // A view that maps world to canvas with y flipped.
  const view = /** @type {any} */ ({ worldToCanvas: (/** @type {{x: number, y: number}} */ p) => ({ x: p.x, y: -p.y }) });
  const bones = chainBones([0, 0, 80, 0, 80, 40]);
  assert.deepEqual(bones, [{ x0: 0, y0: 0, x1: 80, y1: 0 }, { x0: 80, y0: 0, x1: 80, y1: 40 }]);
  const image = { name: 'img', naturalWidth: 40, naturalHeight: 10, width: 1, height: 1 };
  const bitmap = { name: 'bitmap', width: 20, height: 10 };
  drawBoneArt(ctx, view, bones, [
    { bone: 0, image, origin: null },
    { bone: 1, image: bitmap, origin: null },
    { bone: 2, image, origin: null },
  ], undefined);
  assert.deepEqual(calls, [
    'save', 'transform 2 0 0 2 0 -10', 'drawImage img 0 0 40 10', 'restore',
    'save', 'transform 0 -2 2 0 70 0', 'drawImage bitmap 0 0 20 10', 'restore',
  ], 'a picture of an index past the last bone draws nothing');
  calls.length = 0;
  drawBoneArt(ctx, view, bones, [{ bone: 0, image, origin: null }, { bone: 1, image, origin: null }], (bone) => bone === 1);
  assert.equal(calls.filter((c) => c.startsWith('drawImage')).length, 1, 'only the bones asked for');
});

test('the nearest bone to a drop, within a distance; the pictures a scene shows', () => {
  assert.equal(distanceToSegment({ x: 5, y: 3 }, { x: 0, y: 0 }, { x: 10, y: 0 }), 3);
  assert.equal(distanceToSegment({ x: -4, y: 3 }, { x: 0, y: 0 }, { x: 10, y: 0 }), 5, 'past the start: from the start');
  assert.equal(distanceToSegment({ x: 3, y: 4 }, { x: 0, y: 0 }, { x: 0, y: 0 }), 5, 'a bone of no length');
  const segments = [{ a: { x: 0, y: 0 }, b: { x: 100, y: 0 } }, { a: { x: 100, y: 0 }, b: { x: 100, y: 100 } }];
  assert.equal(nearestBone(segments, { x: 50, y: 10 }, 24), 0);
  assert.equal(nearestBone(segments, { x: 95, y: 50 }, 24), 1);
  assert.equal(nearestBone(segments, { x: 50, y: 60 }, 24), -1, 'too far from both');
  assert.equal(nearestBone([], { x: 0, y: 0 }, 24), -1, 'no bones');
  const image = /** @type {any} */ ({});
  const art = [{ bone: 0, image, origin: null }, { bone: 1, image, origin: null, scene: 'arm' }, { bone: 2, image, origin: null, scene: 'chain' }];
  assert.deepEqual(artFor(art, 'arm').map((a) => a.bone), [0, 1]);
  assert.deepEqual(artFor(art, 'puppet').map((a) => a.bone), [0]);
});

test('exportError: an unreadable canvas says why; other errors pass through', () => {
  const security = new Error('The canvas has been tainted');
  security.name = 'SecurityError';
  const said = exportError(security, 'exportImage');
  assert.ok(said instanceof Error);
  assert.match(said.message, /^exportImage: a picture on a bone comes from another site .*CORS/);
  const other = new RangeError('x');
  assert.equal(exportError(other, 'exportImage'), other);
});
