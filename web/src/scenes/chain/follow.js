/**
 * The chain's follow mode: the root is not pinned; the tip is held on the target and the rest
 * trails like a rope pulled by its end. Each frame solves the same bones reversed (a second
 * ik.Chain rooted at the target) toward where the root was, with the same method, limits and step
 * limit (joint limits seen from the tip: chain/rig.js applyJointLimits), then the chain takes that
 * pose. The poses pass between the two as local angles (chain/shape.js reversedAngles): only the
 * reversed chain's end point is read:
 * - the reversed chain reaches the root: the root stays (slack: a rope does not push its tail);
 * - the root is out of its reach: the bones are taut and the root is dragged to where the reversed
 *   chain's end is (a rope pulled by its end);
 * - otherwise (not converged within the iterations, limits or step limit) nothing changes and the
 *   ordinary solve that follows does what it can this frame.
 */

import { quantize } from '../../model/settings.js';
import { applyJointLimits } from './rig.js';
import { reversedAngles } from './shape.js';

/**
 * @typedef {import('../../model/settings.js').Point} Point
 * @typedef {import('../../model/settings.js').Rect} Rect
 * @typedef {import('./scene.js').ChainParams} ChainParams
 * @typedef {import('../../../../core/bindings/ik2d').Chain} Chain
 * @typedef {import('../../../../core/bindings/ik2d').ChainSolveOptions} ChainSolveOptions
 */

/** How close follow mode keeps a slack chain's root to where it was, world units (the 0.01 grid). */
const FOLLOW_TOLERANCE = 0.01;

/**
 * Creates follow mode for one chain scene.
 * @param {any} ik The module.
 * @param {Rect} world Where the root may go.
 */
export function createFollow(ik, world) {
  /** @type {Chain | null} The same bones tip first (built when first needed). */
  let reversed = null;
  let limitKey = '';

  return {
    /**
     * One frame of following: moves `chain` (and maybe its root) as described above.
     * @param {Chain} chain
     * @param {number[]} lengths Its bone lengths.
     * @param {ChainParams} params
     * @param {Point} target
     * @param {Point} root
     * @param {ChainSolveOptions} options
     * @returns {{root: Point, iterations: number}} Where the root is now (kept to 0.01, in the world).
     */
    pull(chain, lengths, params, target, root, options) {
      if (!reversed) {
        reversed = new ik.Chain({ root: target, lengths: lengths.slice().reverse() });
        limitKey = '';
      }
      const tail = /** @type {Chain} */ (reversed);
      limitKey = applyJointLimits(tail, params.jointLimits, limitKey, true);
      tail.setRoot(target);
      tail.setAngles(reversedAngles(chain.angles()));
      const solved = tail.solve(root, { ...options, tolerance: FOLLOW_TOLERANCE });
      if (solved.status !== 'reached' && solved.status !== 'out_of_reach') {
        return { root, iterations: solved.iterations };
      }
      const along = tail.positions();
      const next = solved.status === 'reached' ? root : {
        x: quantize(Math.min(world.maxX, Math.max(world.minX, along[along.length - 2]))),
        y: quantize(Math.min(world.maxY, Math.max(world.minY, along[along.length - 1]))),
      };
      chain.setRoot(next);
      chain.setAngles(reversedAngles(tail.angles()));
      return { root: next, iterations: solved.iterations };
    },

    /** The bones changed: the reversed chain is built anew when next needed. */
    reset() {
      reversed?.delete();
      reversed = null;
    },

    dispose() {
      this.reset();
    },
  };
}
