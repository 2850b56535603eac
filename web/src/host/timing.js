/**
 * What the scene host's simulation steps and drawings cost, milliseconds, in ring buffers of the
 * last TIMING_SAMPLES of each: playground.stats().timing, read by the browser benchmarks
 * (bench/browser/creatures.mjs). The host measures them for every scene, so no scene carries
 * benchmark state; the clock is a parameter, so tests run it on a fake one.
 */

/** Timings kept: the last ~2 s of steps and of drawn frames at 60 a second. */
export const TIMING_SAMPLES = 120;

/**
 * @typedef {Object} TimingReport
 * @property {number} steps Steps timed since the host was created.
 * @property {number} frames Drawings timed since the host was created.
 * @property {number[]} stepMs The last TIMING_SAMPLES steps' times (ms, to the µs), oldest first.
 * @property {number[]} drawMs The last TIMING_SAMPLES drawings' times, oldest first.
 */

/**
 * @param {() => number} [now] The clock, milliseconds (performance.now by default).
 */
export function createTiming(now = () => performance.now()) {
  const stepMs = new Float64Array(TIMING_SAMPLES);
  const drawMs = new Float64Array(TIMING_SAMPLES);
  let steps = 0;
  let frames = 0;
  /** @param {Float64Array} ring @param {number} count */
  const recent = (ring, count) => {
    const values = [];
    for (let k = Math.max(0, count - TIMING_SAMPLES); k < count; k += 1) values.push(Math.round(ring[k % TIMING_SAMPLES] * 1000) / 1000);
    return values;
  };
  return {
    /**
     * Runs one step and keeps what it took.
     * @template T
     * @param {() => T} run
     * @returns {T}
     */
    step(run) {
      const started = now();
      const result = run();
      stepMs[steps % TIMING_SAMPLES] = now() - started;
      steps += 1;
      return result;
    },
    /**
     * Runs one drawing and keeps what it took.
     * @param {() => void} run
     */
    draw(run) {
      const started = now();
      run();
      drawMs[frames % TIMING_SAMPLES] = now() - started;
      frames += 1;
    },
    /** @returns {TimingReport} */
    report: () => ({ steps, frames, stepMs: recent(stepMs, steps), drawMs: recent(drawMs, frames) }),
  };
}
