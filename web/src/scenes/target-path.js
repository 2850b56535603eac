/**
 * `path` (arm and chain): the target moves along a closed curve by itself, in simulation time, so
 * a link with `path=circle` plays the same motion on every screen and pause/step reproduce it
 * exactly. It turns back to `none` when the reader takes the target (a drag that grabs it, a press
 * elsewhere, an arrow key: the scene's take()), and a link starts the path rather than a frame of
 * it (the scene's linkSettings()).
 *
 * At time t seconds since the path started (t = steps / 60), with c the centre:
 *   circle   c + R · (cos 2πt/T, sin 2πt/T)               R = CIRCLE_RADIUS, T = CIRCLE_PERIOD
 *   figure8  c + (A · sin 2πt/T, B · sin 4πt/T)           A, B = FIGURE8_SIZE, T = FIGURE8_PERIOD
 * Both start at the right of the centre (circle) or at the centre (figure8) and are kept to the
 * settings' 0.01 world units.
 */

import { quantize, withPoints } from '../model/settings.js';

/**
 * @typedef {import('../model/settings.js').Point} Point
 * @typedef {import('../model/settings.js').Settings} Settings
 */

/** Seconds a lap of the circle takes, and its radius in world units. */
const CIRCLE_PERIOD = 8;
const CIRCLE_RADIUS = 150;

/** Seconds a lap of the figure eight takes, and its half-width and half-height in world units. */
const FIGURE8_PERIOD = 12;
const FIGURE8_SIZE = Object.freeze({ x: 170, y: 90 });

/**
 * Seconds one lap of a path takes (null for 'none' or an unknown path): after it the target is
 * where it started, so an animation of one lap loops without a jump (exportAnimation).
 * @param {unknown} path
 * @returns {number | null}
 */
export function pathPeriod(path) {
  if (path === 'circle') return CIRCLE_PERIOD;
  if (path === 'figure8') return FIGURE8_PERIOD;
  return null;
}

/** The `path` param, the same for every scene that has it. */
export const PATH_PARAM = Object.freeze({
  name: 'path', label: 'Target path', kind: /** @type {const} */ ('choice'), default: 'none',
  options: [{ value: 'none', label: 'none' }, { value: 'circle', label: 'circle' }, { value: 'figure8', label: 'figure 8' }],
  help: 'The target moves along it by itself until you take it.',
});

/**
 * Where the target is on a path at time t.
 * @param {string} path 'circle' or 'figure8'.
 * @param {number} t Seconds since the path started.
 * @param {Point} centre
 * @returns {Point}
 */
function pathPoint(path, t, centre) {
  if (path === 'circle') {
    const a = (2 * Math.PI * t) / CIRCLE_PERIOD;
    return { x: quantize(centre.x + CIRCLE_RADIUS * Math.cos(a)), y: quantize(centre.y + CIRCLE_RADIUS * Math.sin(a)) };
  }
  const a = (2 * Math.PI * t) / FIGURE8_PERIOD;
  return { x: quantize(centre.x + FIGURE8_SIZE.x * Math.sin(a)), y: quantize(centre.y + FIGURE8_SIZE.y * Math.sin(2 * a)) };
}

/**
 * A scene's path clock (call advance() on every simulation step), and the scene's take() and
 * linkSettings() for its target (scenes/index.js, SceneInstance).
 * @param {Point} centre Where the path is centred, world units.
 * @param {Point} start The target's default: where a link that plays the path puts it.
 */
export function createTargetPath(centre, start) {
  let path = 'none';
  /** Steps since the path started (time = steps × dt, not a running sum: no drift). */
  let steps = 0;
  return {
    /**
     * One simulation step; the target's new place, or null when there is no path.
     * @param {number} dt Seconds.
     * @param {string} wanted The `path` param now ('none', 'circle', 'figure8').
     * @returns {Point | null}
     */
    advance(dt, wanted) {
      if (wanted !== path) {
        path = wanted;
        steps = 0; // A new path starts from its beginning.
      }
      if (path === 'none') return null;
      steps += 1;
      return pathPoint(path, steps * dt, centre);
    },

    /**
     * Taking hold of the target takes it off its path.
     * @param {string} name The point taken.
     * @param {Settings} settings
     * @returns {Record<string, unknown> | null}
     */
    take(name, settings) {
      return name === 'target' && settings.params.path !== 'none' ? { params: { path: 'none' } } : null;
    },

    /**
     * What a link carries: on a path, the target where a link starts it (its default).
     * @param {Settings} settings
     * @returns {Settings}
     */
    linkSettings(settings) {
      return settings.params.path === 'none' ? settings : withPoints(settings, { target: start });
    },
  };
}
