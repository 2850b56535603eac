/**
 * The frame loop: fixed-step simulation time plus a render on every animation frame.
 *
 * Time only moves while running (real time, in FIXED_DT steps, at most MAX_CATCH_UP per frame)
 * or when step() is called (exactly n steps, no real time involved, so it is deterministic).
 * render() runs on every animation frame whether paused or not (it draws only what changed).
 *
 * Out of view (setActive(false): scrolled away, a hidden tab) the loop asks for no animation
 * frames at all, so neither time nor drawing costs anything; back in view it picks up where it
 * stopped (the time away is not caught up).
 *
 * Every loop on a page runs in one shared animation frame (requestFrame): a page with many scenes
 * (several <ik2d-scene> elements) asks the browser for one frame callback, not one per scene.
 */

/** Simulation steps per second. */
export const FIXED_RATE = 60;

/** Simulation step in seconds. */
const FIXED_DT = 1 / FIXED_RATE;

/** Most steps one animation frame may run to catch up (after a stall or a background tab). */
const MAX_CATCH_UP = 5;

/** @type {Map<number, FrameRequestCallback>} The callbacks waiting for the next shared frame. */
const waiting = new Map();
/** The last id handed out by requestFrame. */
let lastId = 0;
/** The browser's animation frame requested for them, if one is. */
let shared = 0;

/** @param {number} now */
function runShared(now) {
  shared = 0;
  const due = [...waiting.values()];
  waiting.clear();
  for (const callback of due) {
    try {
      callback(now);
    } catch (error) {
      reportError(error); // One scene's failure does not stop the others' frames.
    }
  }
}

/**
 * Like requestAnimationFrame, in the page's one shared animation frame: callbacks asked for before
 * a frame all run in it, in the order asked.
 * @param {FrameRequestCallback} callback
 * @returns {number} An id for cancelFrame (never 0).
 */
export function requestFrame(callback) {
  lastId += 1;
  waiting.set(lastId, callback);
  if (!shared) shared = requestAnimationFrame(runShared);
  return lastId;
}

/**
 * Withdraws a requestFrame callback; the shared frame is withdrawn too when nothing waits for it.
 * @param {number} id
 */
export function cancelFrame(id) {
  waiting.delete(id);
  if (waiting.size === 0 && shared) {
    cancelAnimationFrame(shared);
    shared = 0;
  }
}

/**
 * @typedef {Object} Loop
 * @property {() => void} start Starts requesting animation frames.
 * @property {() => void} pause Stops simulation time; frames still render.
 * @property {() => void} resume Restarts simulation time from now (no jump).
 * @property {(frames: number) => void} step Runs `frames` fixed steps now; the next frame draws them.
 * @property {() => boolean} running True unless paused.
 * @property {() => number} steps Fixed steps run so far (time = steps × FIXED_DT).
 * @property {(active: boolean) => void} setActive False: no more animation frames (and no
 *   simulation time) until it is true again.
 * @property {() => number} frames Animation frames run so far (for tests of the power saving).
 */

/**
 * Creates a loop.
 * @param {(dt: number) => void} advance Moves the simulation forward by dt seconds.
 * @param {() => void} render Solves and draws the current state.
 * @returns {Loop}
 */
export function createLoop(advance, render) {
  let running = true;
  let started = false;
  let steps = 0;
  /** @type {number | null} */
  let lastTime = null;
  let pending = 0;
  let active = true;
  /** The animation frame requested, if one is (its requestFrame id). */
  let requested = 0;
  let frames = 0;

  function request() {
    if (requested || !active || !started) return;
    requested = requestFrame(frame);
  }

  function runStep() {
    advance(FIXED_DT);
    steps += 1;
  }

  /** @param {number} now */
  function frame(now) {
    requested = 0;
    if (!active) return;
    frames += 1;
    request();
    if (running) {
      if (lastTime !== null) pending = Math.min(pending + (now - lastTime) / 1000, MAX_CATCH_UP * FIXED_DT);
      lastTime = now;
      // The small epsilon keeps 60 Hz displays at one step a frame despite timer jitter.
      while (pending >= FIXED_DT - 1e-4) {
        runStep();
        pending -= FIXED_DT;
      }
    }
    render();
  }

  return {
    start() {
      if (started) return;
      started = true;
      request();
    },
    pause() {
      running = false;
      lastTime = null;
      pending = 0;
    },
    resume() {
      running = true;
      lastTime = null;
    },
    step(frames) {
      for (let i = 0; i < frames; i += 1) runStep();
    },
    running: () => running,
    steps: () => steps,
    setActive(value) {
      if (value === active) return;
      active = value;
      lastTime = null; // Time away is not simulated.
      pending = 0;
      // The frame already asked for is withdrawn: Firefox still runs it in an iframe scrolled out
      // of view, throttled (here 230 ms later), a callback for nothing.
      if (!active && requested) {
        cancelFrame(requested);
        requested = 0;
      }
      request();
    },
    frames: () => frames,
  };
}
