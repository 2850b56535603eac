/**
 * At most one call a given interval, trailing: `poke()` asks for `fire()` to run once the burst of
 * pokes has had its interval since the last fire. Pokes while one is scheduled join it, so a drag
 * of a hundred moves gives a fire every interval and one after the last move, never more. A fire
 * that pokes again polls: the next fire comes an interval after this one ends, however long each
 * takes (the story values read their figures that way).
 *
 * The clock is injected (the browser's by default), so the rate is tested against a fake clock
 * (tests/js/rate-limit.test.mjs) rather than measured in a browser.
 */

/**
 * @typedef {Object} Clock
 * @property {() => number} now Milliseconds, monotonic.
 * @property {(callback: () => void, ms: number) => unknown} setTimeout
 * @property {(handle: unknown) => void} clearTimeout
 *
 * @typedef {Object} RateLimiter
 * @property {() => void} poke Asks for a fire within the interval's limit.
 * @property {() => void} cancel Drops the fire scheduled, if any.
 * @property {() => boolean} pending Whether a fire is scheduled.
 */

/** @type {Clock} */
const BROWSER_CLOCK = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(/** @type {ReturnType<typeof setTimeout>} */ (handle)),
};

/**
 * @param {number} interval Shortest time between two fires, ms.
 * @param {() => boolean | void} fire Runs at most once an interval; returns false when it had
 *   nothing to say (then it does not count as a fire: the next poke may fire at once).
 * @param {Clock} [clock]
 * @returns {RateLimiter}
 */
export function createRateLimiter(interval, fire, clock = BROWSER_CLOCK) {
  let lastFire = -Infinity;
  /** @type {unknown} */
  let timer = null;

  function due() {
    timer = null;
    // A timer may fire a little early (Firefox's): the interval holds all the same.
    if (clock.now() - lastFire < interval) {
      poke();
      return;
    }
    if (fire() !== false) lastFire = clock.now();
  }

  function poke() {
    if (timer !== null) return;
    timer = clock.setTimeout(due, Math.max(0, lastFire + interval - clock.now()));
  }

  return {
    poke,
    cancel() {
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
    },
    pending: () => timer !== null,
  };
}
