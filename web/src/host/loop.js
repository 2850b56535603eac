/**
 * The frame loop: fixed-step simulation time plus a render on every animation frame.
 *
 * Time only moves while running (real time, in FIXED_DT steps, at most MAX_CATCH_UP per frame)
 * or when step() is called (exactly n steps, no real time involved, so it is deterministic).
 * render() runs on every animation frame whether paused or not (it draws only what changed).
 *
 * A still scene sleeps: when a frame ends settled (nothing left to draw, and paused or its steps
 * moved nothing) the loop asks for no more animation frames until wake() (any change, resume()).
 * Running, its time goes on meanwhile, without steps (they would move nothing): steps() counts
 * the ones slept through. While asleep, poll() runs a few times a second instead of frames, for
 * what no event reports (an emulated device pixel ratio); it wakes the loop by changing something.
 *
 * Out of view (setActive(false): scrolled away, a hidden tab) the loop asks for no animation
 * frames at all, so neither time nor drawing costs anything; back in view it picks up where it
 * stopped (the time away is not caught up). A loop out of view before it ever rendered renders
 * once at once, outside any frame: a scene far down a page is ready (drawn, its poster gone, its
 * load event fired) whether or not the browser reported it out of view before its first frame.
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

/** How often a sleeping loop polls, ms. */
const POLL_MS = 250;

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
 * @property {() => void} wake Asks for animation frames again after a settled frame (harmless when
 *   awake or out of view).
 * @property {() => boolean} asleep True after a settled frame, until wake().
 * @property {() => boolean} waiting Whether it has an animation frame requested: false asleep or
 *   out of view, so a test reads "runs no frames" off the loop instead of waiting to see none.
 */

/**
 * Creates a loop.
 * @param {(dt: number) => void} advance Moves the simulation forward by dt seconds.
 * @param {() => void} render Solves and draws the current state.
 * @param {{settled?: () => boolean, poll?: () => void}} [rest] settled: asked after each frame's
 *   render, true when nothing is left to draw and nothing moves; poll: run while asleep.
 * @returns {Loop}
 */
export function createLoop(advance, render, { settled = () => false, poll = () => {} } = {}) {
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
  let asleep = false;
  /** Whether render() has run (in a frame, or once out of view). */
  let rendered = false;
  /** When the loop fell asleep while running (performance.now()), else null: time goes on. */
  let sleptAt = /** @type {number | null} */ (null);
  /** The poll's timer while asleep and in view. */
  let polling = /** @type {ReturnType<typeof setInterval> | undefined} */ (undefined);

  /** Fixed steps slept through so far (time passes asleep while running). */
  function sleptSteps() {
    return sleptAt === null ? 0 : Math.floor(((performance.now() - sleptAt) / 1000) * FIXED_RATE + 1e-6);
  }

  /** Counts the steps slept through, and stops counting. */
  function foldSleptSteps() {
    steps += sleptSteps();
    sleptAt = null;
  }

  function request() {
    if (requested || asleep || !active || !started) return;
    requested = requestFrame(frame);
  }

  function stopPolling() {
    clearInterval(polling);
    polling = undefined;
  }

  function sleep() {
    asleep = true;
    cancelFrame(requested);
    requested = 0;
    lastTime = null; // Time asleep is counted (sleptSteps), not simulated.
    pending = 0;
    sleptAt = running ? performance.now() : null;
    polling = setInterval(poll, POLL_MS);
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
    rendered = true;
    render();
    if (settled()) sleep();
  }

  /** Out of view and never rendered: renders now, once (no animation frame will come). */
  function renderAway() {
    if (!started || active || rendered) return;
    rendered = true;
    render();
  }

  function wake() {
    if (!asleep) return;
    asleep = false;
    foldSleptSteps();
    stopPolling();
    request();
  }

  return {
    start() {
      if (started) return;
      started = true;
      request();
      renderAway();
    },
    pause() {
      foldSleptSteps();
      running = false;
      lastTime = null;
      pending = 0;
    },
    resume() {
      running = true;
      lastTime = null;
      wake();
    },
    step(frames) {
      for (let i = 0; i < frames; i += 1) runStep();
    },
    running: () => running,
    steps: () => steps + sleptSteps(),
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
      // Out of view a sleeping loop stops polling and its time; back in view it runs a frame first.
      foldSleptSteps();
      asleep = false;
      stopPolling();
      request();
      renderAway();
    },
    frames: () => frames,
    wake,
    asleep: () => asleep,
    waiting: () => requested !== 0,
  };
}
