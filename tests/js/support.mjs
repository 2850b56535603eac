// support.mjs: shared helpers for the Node tests of the real module in dist/.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDescription } from '../../scripts/boundary.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const distDir = path.join(repoRoot, 'dist');

/**
 * Imports dist/<stem>.js (the full module, ik2d, unless named) and creates it exactly as a user
 * would: no arguments.
 * @param {string} [stem]
 */
export async function loadModule(stem = 'ik2d') {
  const modulePath = path.join(distDir, `${stem}.js`);
  if (!existsSync(modulePath)) throw new Error(`dist/${stem}.js is missing: run \`npm run build\` first`);
  const { default: createIK2D } = await import(modulePath);
  return createIK2D();
}

export const packageVersion = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).version;

/** mulberry32: a small fixed-seed generator, so every run sees the same random cases. */
export function randomSource(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, uniform: (low, high) => low + (high - low) * next() };
}

export const hypot = (a, b) => Math.hypot(a.x - b.x, a.y - b.y);
export const cross = (a, b) => a.x * b.y - a.y * b.x;

/** Every number of a result, for finiteness checks. */
export function numbersOf(result) {
  return [result.joint.x, result.joint.y, result.end.x, result.end.y, result.angle1, result.angle2, result.distance];
}

/**
 * The module and, beside it, its low-level side: the Emscripten module (`raw`, for the call frame
 * and the heap) and the ABI table C++ writes (`table`, JSON.parse(raw.abi())). The raw module is
 * taken from Emscripten's postRun hook, which hands it to its callbacks; the public API has no
 * door to it.
 * @param {string} [stem]
 */
export async function loadWithTable(stem = 'ik2d') {
  const { default: createIK2D } = await import(path.join(distDir, `${stem}.js`));
  /** @type {any} */
  let raw = null;
  const ik = await createIK2D({ postRun: [(/** @type {any} */ module) => { raw = module; }] });
  // As the JS face reads it: "#m,e" is exactly m * 2^e.
  return { ik, raw, table: parseDescription(raw.abi()) };
}
