/**
 * The postMessage API: how a page that embeds the playground in an <iframe> drives it.
 *
 * Host → embed (`iframe.contentWindow.postMessage(message, embedOrigin)`):
 *   {type: 'ik2d:setState', id?, state}   apply a partial state, validated exactly like a link or
 *                                         playground.setState(); reply 'ik2d:result'
 *   {type: 'ik2d:getState', id?}          reply 'ik2d:state'
 *   {type: 'ik2d:reset', id?}             the scene's defaults; reply 'ik2d:result'
 *   {type: 'ik2d:subscribe', id?}         reply 'ik2d:result', then 'ik2d:change' after changes
 *   {type: 'ik2d:unsubscribe', id?}       stop the 'ik2d:change' messages; reply 'ik2d:result'
 *   {type: 'ik2d:stepSolver', id?, n?}    step-through (chain): n (whole number 0..MAX_STEPS,
 *                                         default 1) steps of the solver, as playground.stepSolver(n);
 *                                         reply 'ik2d:result' (state.stepping: the last step)
 *   {type: 'ik2d:runSolver', id?}         leave step-through, as playground.runSolver(); 'ik2d:result'
 * Embed → host (replies go to event.source, with targetOrigin event.origin):
 *   {type: 'ik2d:ready', protocol, state, link}   once, to window.parent, when the first frame is drawn
 *   {type: 'ik2d:result', id, notices, state, link}  notices: plain-text strings, [] when all applied
 *   {type: 'ik2d:state', id, notices, state, link}
 *   {type: 'ik2d:change', state, link}   to subscribers, at most one per animation frame, after any
 *                                         change of the settings (drag, key, control, setState, reset)
 *                                         that changes what it says (not when it repeats the last)
 *   {type: 'ik2d:error', id, message}     the message was refused (unknown type, too big, a step
 *                                         message in a scene without step-through)
 * `id` (a string of at most MAX_ID_LENGTH characters, or a finite number) is echoed in the reply so
 * the host can match replies to requests. `state` is playground.getState(); `link` shareLink();
 * `notices` what was ignored or clamped (unknown keys of the message included), in plain words;
 * a bad `n` is such a notice (the message is then ignored: nothing is stepped).
 *
 * Anything else (not an object, no "ik2d:" type) is ignored with a console warning, never thrown.
 * Any origin may drive an embed: it holds no secrets, and a message can do no more than a reader's
 * pointer or a link can. A link's `origin` (`embed.html?origin=https://blog.example&...`) opts in
 * to one: messages from any other origin are ignored, and 'ik2d:ready' goes to that origin only.
 * Messages that arrive before the playground is ready are queued (up to MAX_QUEUED) and answered
 * once it is.
 *
 * Under a flood: each message's shape and size are checked as it arrives, by a walk that stops
 * once it has counted MAX_MESSAGE_LENGTH characters and refuses by type what is no plain data
 * (typed arrays, ArrayBuffers, Blobs), so a 50 MB message costs no more than a small one; the
 * messages kept are answered in order, in slices of at most SLICE_MS, the page drawing between
 * them (no long task however many arrive); the replies of a slice are sent at its end, each with
 * the state and link as they are then (one getState() and shareLink() a slice). A run of
 * 'ik2d:setState' messages (up to MAX_RUN, none switching scenes) is applied as their merged result:
 * each in order without a solve, then one solve (MessageTarget.setStates), at most one run an
 * animation frame; each message still gets its own reply. 'ik2d:reset' and 'ik2d:runSolver' solve
 * too: whatever solves (such a run, a reset, a runSolver) runs at most once an animation frame, the
 * next waiting for the frame after; a reset or runSolver that repeats the one before it, with no
 * change and no frame between them, finds the state it would make and solves nothing (it is
 * answered all the same). 'ik2d:stepSolver'
 * messages share a budget of STEPS_PER_FRAME steps an animation frame: past it, a message steps
 * what is left (0 when nothing is) and its reply's notice says so.
 */

import { describeValue } from '../model/settings.js';

/** Version of this message protocol, sent in 'ik2d:ready'. */
const PROTOCOL_VERSION = 1;

/** Largest message read, in characters of its JSON form (a link's limit). */
const MAX_MESSAGE_LENGTH = 4096;

/** Longest `id` echoed back. */
const MAX_ID_LENGTH = 200;

/** Most solver steps one 'ik2d:stepSolver' message may ask for. */
const MAX_STEPS = 1000;

/**
 * Most solver steps all 'ik2d:stepSolver' messages together run in one animation frame: a flood of
 * them is clamped (each reply's notice says how many of its steps ran), not queued as work.
 */
const STEPS_PER_FRAME = MAX_STEPS;

/** Longest slice of answering messages before the page gets to draw, ms. */
const SLICE_MS = 8;

/**
 * Most setState messages applied as one run (one solve, then a reply each): applying and answering
 * them is work of its own, kept within a slice's.
 */
const MAX_RUN = 64;

/** Most messages held while the playground is loading; later ones are dropped with a warning. */
const MAX_QUEUED = 64;

/** The change message's fallback timer, ms, for a frame that runs no animation frames (hidden). */
export const CHANGE_TIMER_MS = 100;

/** Message types that solve, at most one of them an animation frame (with runs of setState messages). */
const SOLVING = new Set(['ik2d:reset', 'ik2d:runSolver']);

/** Message types the embed sends; one arriving here (an echo) is ignored quietly. */
const OUTGOING = new Set(['ik2d:ready', 'ik2d:result', 'ik2d:state', 'ik2d:change', 'ik2d:error']);

/** Keys each incoming message may have. */
const KEYS = /** @type {Record<string, string[]>} */ ({
  'ik2d:setState': ['type', 'id', 'state'],
  'ik2d:getState': ['type', 'id'],
  'ik2d:reset': ['type', 'id'],
  'ik2d:subscribe': ['type', 'id'],
  'ik2d:unsubscribe': ['type', 'id'],
  'ik2d:stepSolver': ['type', 'id', 'n'],
  'ik2d:runSolver': ['type', 'id'],
});

/** Messages that need a scene with step-through (the chain). */
const STEP_THROUGH = new Set(['ik2d:stepSolver', 'ik2d:runSolver']);

/**
 * What the API drives.
 * @typedef {Object} MessageTarget
 * @property {(partial: unknown) => string[]} setState
 * @property {(partials: unknown[]) => string[][]} [setStates] Partial states applied in order, as
 *   setState applies each, then one solve: a run of setState messages costs one.
 * @property {() => Record<string, unknown>} getState
 * @property {() => string} shareLink
 * @property {() => void} reset
 * @property {(count: number) => unknown} stepSolver playground.stepSolver(count).
 * @property {() => void} runSolver playground.runSolver().
 * @property {() => boolean} hasStepThrough Whether the current scene can step its solver.
 * @property {(id: unknown) => Promise<void>} prepareScene Loads a scene the embed has not loaded
 *   (an embed loads only its own), before a setState that switches to it.
 * @property {string} [origin] The only parent origin that may drive the embed (a link's `origin`).
 *
 * @typedef {{source: MessageEventSource, origin: string}} Peer
 */

/**
 * A short, safe rendering of a message type for a warning.
 * @param {unknown} value
 */
function describeType(value) {
  const text = typeof value === 'string' ? value : typeof value;
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 39)}…` : text);
}

/**
 * The size of a message in characters of JSON, or Infinity when it has no JSON form (cycles,
 * BigInt...).
 * @param {unknown} data
 */
function jsonLength(data) {
  try {
    return (JSON.stringify(data) ?? '').length;
  } catch {
    return Infinity;
  }
}

/**
 * The characters of `data`'s JSON form, counted until they pass `limit` (then any number over it),
 * or Infinity when `data` is no plain data: only objects of Object.prototype, arrays, strings,
 * numbers, booleans and null are. Never reads more of a large message than the limit's worth.
 * @param {unknown} data
 * @param {number} limit
 */
function boundedLength(data, limit) {
  let total = 0;
  const stack = [data];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value === 'boolean') total += 5;
    else if (typeof value === 'number') total += 24;
    else if (typeof value === 'string') total += value.length + 2;
    else if (value === undefined) total += 0;  // (a member JSON leaves out)
    else if (Array.isArray(value)) {
      total += 2 + value.length;
      if (total > limit) return total;
      for (let i = 0; i < value.length; i++) stack.push(value[i]);
    } else if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      total += 2;
      for (const key in value) {
        total += key.length + 4;
        if (total > limit) return total;
        stack.push(/** @type {Record<string, unknown>} */ (value)[key]);
      }
    } else {
      return Infinity;
    }
    if (total > limit) return total;
  }
  return total;
}

/**
 * Sends a message to a peer; a closed or navigated window is not an error.
 * @param {Peer} peer
 * @param {Record<string, unknown>} message
 */
function send(peer, message) {
  // A sandboxed or file:// host has the opaque origin "null", which cannot be a targetOrigin.
  const targetOrigin = peer.origin && peer.origin !== 'null' ? peer.origin : '*';
  try {
    /** @type {Window} */ (peer.source).postMessage(message, { targetOrigin });
  } catch (error) {
    console.warn('ik2d embed: could not reply to', peer.origin, error);
  }
}

/**
 * Starts listening for messages at once (so none is lost while the solver loads).
 * @returns {{connect: (target: MessageTarget) => void, changed: () => void, close: () => void}}
 *   connect(): the playground is ready; answers queued messages and tells window.parent.
 *   changed(): the settings changed; subscribers hear of it before the next frame.
 *   close(): stops listening; messages not yet answered are dropped, subscribers forgotten.
 */
export function startMessageApi() {
  /** @type {MessageTarget | null} */
  let target = null;
  /** @type {MessageEvent[]} */
  const queue = [];
  /** @type {Map<MessageEventSource, string>} Subscribed windows and their origins. */
  const subscribers = new Map();
  let scheduled = false;

  /** @param {MessageTarget} t */
  function snapshot(t) {
    return { state: t.getState(), link: t.shareLink() };
  }

  /** What the last ik2d:change said (JSON): a change that says the same again is not sent. */
  let lastSaid = '';

  function flushChanges() {
    if (!scheduled) return;
    scheduled = false;
    if (!target || !subscribers.size) return;
    const message = { type: 'ik2d:change', ...snapshot(target) };
    const said = JSON.stringify(message);
    if (said === lastSaid) return;
    lastSaid = said;
    for (const [source, origin] of subscribers) {
      if (/** @type {Window} */ (source).closed) subscribers.delete(source);
      else send({ source, origin }, message);
    }
  }

  /** The one parent origin allowed to drive the embed (a link's `origin`), or null for any. */
  let allowedOrigin = /** @type {string | null} */ (null);

  /** Messages waiting to be answered, in the order they came. */
  /** @type {MessageEvent[]} */
  const inbox = [];
  let pumping = false;

  /**
   * Answers a message after those before it: in slices of at most SLICE_MS, yielding to the page
   * between them; a scene load (prepareScene) is waited for in order.
   * @param {MessageEvent} event
   * @param {MessageTarget} t
   */
  function enqueue(event, t) {
    inbox.push(event);
    if (!pumping) {
      pumping = true;
      pump(t).catch((error) => console.error('ik2d embed: a message could not be answered', error))
        .finally(() => { pumping = false; });
    }
  }

  /**
   * Replies of the slice being answered: sent together at its end, each with the state and link
   * then (worked out once per slice, not once per message: a flood of setState messages costs one
   * getState() and one shareLink() a slice).
   * @type {Array<[Peer, Record<string, unknown>, boolean]>}
   */
  const replies = [];

  /**
   * A reply, sent in order with the others at the end of the slice.
   * @param {Peer} peer
   * @param {Record<string, unknown>} message
   * @param {boolean} [withState] false for an 'ik2d:error' (no state, no link)
   */
  function reply(peer, message, withState = true) {
    flushSets(); // The setState messages before it come first.
    replies.push([peer, message, withState]);
  }

  /**
   * setState messages checked and waiting to be applied together (one solve for the run).
   * @type {Array<{peer: Peer, id: unknown, notices: string[], state: unknown}>}
   */
  const pendingSets = [];
  /** Whether something solved (a run of setState messages, a reset, a runSolver) in this animation frame. */
  let solvedThisFrame = false;
  /** Notes a solve: the next waits for the next animation frame. */
  function solved() {
    if (solvedThisFrame) return;
    solvedThisFrame = true;
    requestAnimationFrame(() => { solvedThisFrame = false; });
  }

  /**
   * The reset or runSolver last applied, while nothing has changed since and no frame has run:
   * the same command again would make the same state, so it is answered without solving.
   * @type {string | null}
   */
  let repeatable = null;
  /** Notes a reset or runSolver applied; a change or the next animation frame forgets it. */
  function applied(/** @type {string} */ type) {
    repeatable = type;
    requestAnimationFrame(() => { repeatable = null; });
  }

  /** Applies the waiting setState messages, one solve for them all, and queues their replies. */
  function flushSets() {
    if (!pendingSets.length || !target?.setStates) return;
    const run = pendingSets.splice(0);
    const answers = target.setStates(run.map(({ state }) => state));
    run.forEach(({ peer, id, notices }, i) => {
      replies.push([peer, { type: 'ik2d:result', id, notices: [...notices, ...answers[i]] }, true]);
    });
    solved();
  }

  /**
   * The next animation frame, or CHANGE_TIMER_MS in a frame that runs none (hidden).
   * @returns {Promise<void>}
   */
  function nextFrame() {
    return new Promise((resolve) => {
      requestAnimationFrame(() => resolve());
      setTimeout(resolve, CHANGE_TIMER_MS);
    });
  }

  /** @param {MessageTarget} t */
  function sendReplies(t) {
    if (replies.length === 0) return;
    const now = replies.some(([, , withState]) => withState) ? snapshot(t) : {};
    for (const [peer, message, withState] of replies.splice(0)) send(peer, withState ? { ...message, ...now } : message);
  }

  /** Solver steps this frame may still run (STEPS_PER_FRAME, refilled at the next frame). */
  let stepsLeft = STEPS_PER_FRAME;
  let refillAsked = false;

  /**
   * Takes up to `n` steps of this frame's budget.
   * @param {number} n
   * @returns {number} how many may run now
   */
  function takeSteps(n) {
    const granted = Math.min(n, stepsLeft);
    stepsLeft -= granted;
    if (!refillAsked) {
      refillAsked = true;
      requestAnimationFrame(() => { stepsLeft = STEPS_PER_FRAME; refillAsked = false; });
    }
    return granted;
  }

  let sliceStart = performance.now();

  /**
   * Waits, when this animation frame has solved, for the next (the replies so far sent first).
   * @param {MessageTarget} t
   */
  async function frameFree(t) {
    if (!solvedThisFrame) return;
    sendReplies(t);
    await nextFrame();
    sliceStart = performance.now();
  }

  /** @param {MessageTarget} t */
  async function pump(t) {
    sliceStart = performance.now();
    // (close() ends it: the target is then no longer t.)
    while (target === t && (inbox.length > 0 || pendingSets.length > 0)) {
      const event = inbox.shift();
      if (event) {
        try {
          const type = event.data?.type;
          const switches = type === 'ik2d:setState' && typeof event.data.state?.scene === 'string';
          const joins = type === 'ik2d:setState' && !switches && 'state' in event.data;
          // Any message but a setState of the same scene ends the run before it (applied, one
          // solve); what solves runs in a frame that has not solved yet.
          if (pendingSets.length && !joins) {
            await frameFree(t);
            flushSets();
          }
          if (SOLVING.has(type) && type !== repeatable) await frameFree(t);
          // A scene load comes after the replies before it (they say the state before the switch).
          if (switches) sendReplies(t);
          await prepare(event, t);
          if (target !== t) return;
          handle(event, t);
        } catch (error) {
          console.error('ik2d embed: a message could not be answered', error);
        }
      }
      if (performance.now() - sliceStart > SLICE_MS || inbox.length === 0 || pendingSets.length >= MAX_RUN) {
        // A run of setState messages is applied once a frame: a second run in the same frame
        // waits for the next (the messages still arriving join it).
        if (pendingSets.length && solvedThisFrame) {
          await frameFree(t);
          continue;
        }
        flushSets();
        sendReplies(t);
        if (inbox.length === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 0));
        sliceStart = performance.now();
      }
    }
    flushSets();
    sendReplies(t);
  }

  /**
   * Loads the scene a setState message switches to, if the embed has not loaded it.
   * @param {MessageEvent} event
   * @param {MessageTarget} t
   */
  async function prepare(event, t) {
    const { data } = event;
    if (data?.type === 'ik2d:setState' && typeof data.state?.scene === 'string') await t.prepareScene(data.state.scene);
  }

  /**
   * @param {MessageEvent} event
   * @param {MessageTarget} t
   */
  function handle(event, t) {
    const { data, source } = event;
    if (!source) return; // Not from a window (a worker, a port): nobody to answer.
    if (typeof data !== 'object' || data === null || Array.isArray(data) || typeof data.type !== 'string'
      || !data.type.startsWith('ik2d:')) {
      console.warn('ik2d embed: ignored a message that is not {type: "ik2d:…"}; see docs/playground.md, "postMessage API"');
      return;
    }
    if (OUTGOING.has(data.type)) return;
    const peer = { source, origin: event.origin };
    /** @type {string[]} */
    const notices = [];
    let id;
    if ('id' in data) {
      if ((typeof data.id === 'string' && data.id.length <= MAX_ID_LENGTH) || Number.isFinite(data.id)) id = data.id;
      else notices.push(`Ignored id: expected a number or a string of at most ${MAX_ID_LENGTH} characters`);
    }
    // (Walked first, cheaply: JSON.stringify of a huge message would stall the page.)
    const bounded = boundedLength(data, MAX_MESSAGE_LENGTH);
    const length = bounded > MAX_MESSAGE_LENGTH ? bounded : jsonLength(data);
    if (length > MAX_MESSAGE_LENGTH) {
      const size = !Number.isFinite(length) ? 'not plain JSON data'
        : bounded > MAX_MESSAGE_LENGTH ? `over ${MAX_MESSAGE_LENGTH} characters of JSON` : `${length} characters of JSON`;
      console.warn(`ik2d embed: refused a ${describeType(data.type)} message: ${size}`);
      reply(peer, { type: 'ik2d:error', id, message: `Refused the message: it is ${size}, `
        + `more than the ${MAX_MESSAGE_LENGTH} characters a message may have` }, false);
      return;
    }
    const keys = KEYS[data.type];
    if (!keys) {
      console.warn(`ik2d embed: ignored a message of unknown type ${describeType(data.type)}`);
      reply(peer, { type: 'ik2d:error', id, message: `Unknown message type ${describeType(data.type)} `
        + `(known: ${Object.keys(KEYS).join(', ')})` }, false);
      return;
    }
    if (STEP_THROUGH.has(data.type) && !t.hasStepThrough()) {
      reply(peer, { type: 'ik2d:error', id, message: `Refused ${data.type}: the ${describeValue(t.getState().scene)} `
        + 'scene has no step-through (the chain scene has)' }, false);
      return;
    }
    for (const key of Object.keys(data)) {
      if (!keys.includes(key)) notices.push(`Ignored ${describeType(key)}: ${data.type} has ${keys.join(', ')}`);
    }
    switch (data.type) {
      case 'ik2d:setState':
        if (!('state' in data)) notices.push('Ignored the message: ik2d:setState needs a state, e.g. {target: {x: 100, y: 50}}');
        else if (t.setStates) {
          // Applied with the rest of its run (flushSets): one solve for them all.
          pendingSets.push({ peer, id, notices, state: data.state });
          return;
        } else notices.push(...t.setState(data.state));
        break;
      case 'ik2d:reset':
      case 'ik2d:runSolver':
        if (repeatable !== data.type) {
          if (data.type === 'ik2d:reset') t.reset();
          else t.runSolver();
          solved();
          applied(data.type);
        }
        break;
      case 'ik2d:subscribe':
        subscribers.set(source, event.origin);
        lastSaid = ''; // A new listener hears the next change even if it repeats the last one said.
        break;
      case 'ik2d:unsubscribe':
        subscribers.delete(source);
        break;
      case 'ik2d:stepSolver': {
        const n = data.n === undefined ? 1 : data.n;
        if (!Number.isInteger(n) || n < 0 || n > MAX_STEPS) {
          notices.push(`Ignored the message: n must be a whole number from 0 to ${MAX_STEPS}, got ${describeValue(n)}`);
          break;
        }
        const granted = takeSteps(n);
        if (granted < n) {
          notices.push(`Stepped ${granted} of ${n}: at most ${STEPS_PER_FRAME} solver steps run in one frame `
            + '(for all messages together); send the rest after this reply');
        }
        repeatable = null;
        try {
          t.stepSolver(granted);
        } catch (error) {
          // Not expected (the scene was checked above); a reply rather than an uncaught exception.
          reply(peer, { type: 'ik2d:error', id, message: `Refused ${data.type}: ${error instanceof Error ? error.message : String(error)}` }, false);
          return;
        }
        break;
      }
      default: // ik2d:getState
        reply(peer, { type: 'ik2d:state', id, notices });
        return;
    }
    reply(peer, { type: 'ik2d:result', id, notices });
  }

  /**
   * A message's first, cheap checks, as it arrives: its origin (with a link's `origin`), and its
   * size and shape (refused with a reply at once, never kept or serialized).
   * @param {MessageEvent} event
   */
  function admit(event) {
    if (allowedOrigin && event.origin !== allowedOrigin) return false;
    const { data, source } = event;
    if (!source || typeof data !== 'object' || data === null || typeof data.type !== 'string') return true;  // (handle() warns)
    if (boundedLength(data, MAX_MESSAGE_LENGTH) <= MAX_MESSAGE_LENGTH) return true;
    const type = data.type;
    if (!type.startsWith('ik2d:') || OUTGOING.has(type)) return false;
    const id = typeof data.id === 'string' && data.id.length <= MAX_ID_LENGTH ? data.id : Number.isFinite(data.id) ? data.id : undefined;
    const size = boundedLength(data, MAX_MESSAGE_LENGTH) === Infinity ? 'not plain JSON data' : `over ${MAX_MESSAGE_LENGTH} characters of JSON`;
    console.warn(`ik2d embed: refused a ${describeType(type)} message: ${size}`);
    send({ source, origin: event.origin }, { type: 'ik2d:error', id, message: `Refused the message: it is ${size}, `
      + `more than the ${MAX_MESSAGE_LENGTH} characters a message may have` });
    return false;
  }

  /** @param {MessageEvent} event */
  const listener = (event) => {
    if (!admit(event)) return;
    if (target) enqueue(event, target);
    else if (queue.length < MAX_QUEUED) queue.push(event);
    else console.warn('ik2d embed: dropped a message sent before the embed was ready (too many queued)');
  };
  addEventListener('message', listener);

  return {
    connect(t) {
      target = t;
      allowedOrigin = t.origin ?? null;
      for (const event of queue.splice(0)) {
        if (!allowedOrigin || event.origin === allowedOrigin) enqueue(event, t);
      }
      if (window.parent !== window) {
        // The state is what the link already shows: nothing secret, so any parent may hear it,
        // unless the link names the one that may.
        window.parent.postMessage({ type: 'ik2d:ready', protocol: PROTOCOL_VERSION, ...snapshot(t) }, allowedOrigin ?? '*');
      }
    },
    close() {
      removeEventListener('message', listener);
      target = null;
      queue.length = 0;
      inbox.length = 0;
      pendingSets.length = 0;
      replies.length = 0;
      subscribers.clear();
    },
    changed() {
      repeatable = null;
      if (scheduled || !subscribers.size) return;
      scheduled = true;
      // One message per frame however many changes; a timer too, for hidden frames without frames.
      requestAnimationFrame(flushChanges);
      setTimeout(flushChanges, CHANGE_TIMER_MS);
    },
  };
}
