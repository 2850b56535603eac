// modules.mjs: the WebAssembly modules dist/ ships, in one place: the build writes them, the
// payload benchmark and tests/js/modules.test.mjs weigh them against their budgets, and the npm
// package exports them (package.json; the test checks the two agree). Each module is the core
// (two-bone and Chain) and the parts it names in core/CMakeLists.txt. The light core stays within
// 45 KB, the core with one part within 60 KB (the creatures, whose gait, rope and skin code is
// the largest part, 70 KB: the crowd's views and the checks that refuse hostile sizes before
// allocating), and the whole, for those who want one import, within 108 KB (those, and mirrored
// rigs, end angles, weights and spring bones).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** A KB here is 1 024 bytes, gzip -9, the module's .js and .wasm together. */
export const KB = 1024;

/**
 * @typedef {Object} ModuleInfo
 * @property {string} stem dist/<stem>.js, .wasm and .d.ts.
 * @property {string} specifier How a package user imports it.
 * @property {string} holds What it has.
 * @property {number} budget Most bytes it may weigh (gzip -9, .js + .wasm).
 * @property {string} [types] The name of its API's type in the .d.ts the build writes for it
 *   (the whole module's types are core/bindings/ik2d.d.ts, written by hand).
 * @property {string[]} [classes] The classes it adds to the core's.
 * @property {boolean} [first] The default scene's module (the arm runs on it): npm start links it
 *   before serving and the others after, the server holding a request for one until it is written.
 */

/** @type {ModuleInfo[]} */
export const MODULES = [
  { stem: 'ik2d-core', specifier: 'ik2d/core', holds: 'solveTwoBone, Chain', budget: 45 * KB, types: 'IK2DCore', classes: [], first: true },
  { stem: 'ik2d-batch', specifier: 'ik2d/batch', holds: 'the core, TwoBoneBatch, ChainBatch', budget: 62 * KB, types: 'IK2DBatch', classes: ['TwoBoneBatch', 'ChainBatch'] },
  { stem: 'ik2d-procedural', specifier: 'ik2d/procedural', holds: 'the core, Spider', budget: 60 * KB, types: 'IK2DProcedural', classes: ['Spider'] },
  { stem: 'ik2d-skeleton', specifier: 'ik2d/skeleton', holds: 'the core, Skeleton', budget: 62 * KB, types: 'IK2DSkeleton', classes: ['Skeleton'] },
  {
    stem: 'ik2d-creature', specifier: 'ik2d/creature', holds: 'the core, Creature, CreatureCrowd, FollowChain, Rope, SecondOrder', budget: 72 * KB,
    types: 'IK2DCreature', classes: ['Creature', 'CreatureCrowd', 'FollowChain', 'Rope', 'SecondOrder'],
  },
  { stem: 'ik2d', specifier: 'ik2d', holds: 'every class', budget: 110 * KB },
];

/**
 * A built module's weight: gzip -9 bytes of its .js and .wasm in `distDir`.
 * @param {string} distDir
 * @param {string} stem
 */
export function moduleBytes(distDir, stem) {
  const gz = (file) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
  const js = gz(`${stem}.js`);
  const wasm = gz(`${stem}.wasm`);
  return { js, wasm, total: js + wasm };
}

/**
 * The types of a module other than the whole: every type of ik2d.d.ts, and its API as the part of
 * the whole's it has.
 * @param {ModuleInfo} module
 */
export function moduleTypes({ stem, specifier, types, classes = [] }) {
  const members = ['version', 'solveTwoBone', 'Chain', 'stats', ...classes].map((name) => `'${name}'`).join(' | ');
  const whole = "'./ik2d.js'";  // (held apart, so this file is not read as importing it)
  return `// Types of ${stem}.js (package export \`${specifier}\`), written by the build (scripts/lib/modules.mjs):
// the core (solveTwoBone, Chain, stats())${classes.length ? ` and ${classes.join(', ')}` : ''}, with the same
// results, bit for bit, as the whole module, ik2d.js. Every type is the whole module's (ik2d.d.ts).
import type { IK2D, ModuleOptions } from ${whole};

export type * from ${whole};

/** This module's API. */
export type ${types} = Pick<IK2D, ${members}>;

/** Loads ${stem}.wasm (beside ${stem}.js in browsers; from disk in Node >= 18) and returns the API. */
export default function createIK2D(options?: ModuleOptions): Promise<${types}>;
`;
}
