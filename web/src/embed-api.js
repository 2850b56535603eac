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
 * pointer or a link can. Messages that arrive before the playground is ready are queued (up to
 * MAX_QUEUED) and answered once it is.
 */

import { describeValue } from './settings.js';

/** Version of this message protocol, sent in 'ik2d:ready'. */
const PROTOCOL_VERSION = 1;

/** Largest message read, in characters of its JSON form (a link's limit). */
const MAX_MESSAGE_LENGTH = 4096;

/** Longest `id` echoed back. */
const MAX_ID_LENGTH = 200;

/** Most solver steps one 'ik2d:stepSolver' message may ask for. */
const MAX_STEPS = 1000;

/** Most messages held while the playground is loading; later ones are dropped with a warning. */
const MAX_QUEUED = 64;

/** The change message's fallback timer, ms, for a frame that runs no animation frames (hidden). */
export const CHANGE_TIMER_MS = 100;

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
 * @property {() => Record<string, unknown>} getState
 * @property {() => string} shareLink
 * @property {() => void} reset
 * @property {(count: number) => unknown} stepSolver playground.stepSolver(count).
 * @property {() => void} runSolver playground.runSolver().
 * @property {() => boolean} hasStepThrough Whether the current scene can step its solver.
 * @property {(id: unknown) => Promise<void>} prepareScene Loads a scene the embed has not loaded
 *   (an embed loads only its own), before a setState that switches to it.
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
 * @returns {{connect: (target: MessageTarget) => void, changed: () => void}}
 *   connect(): the playground is ready; answers queued messages and tells window.parent.
 *   changed(): the settings changed; subscribers hear of it before the next frame.
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

  /** Messages are answered in the order they came, a scene load (prepareScene) included. */
  let pending = Promise.resolve();

  /**
   * Answers a message after those before it.
   * @param {MessageEvent} event
   * @param {MessageTarget} t
   */
  function enqueue(event, t) {
    pending = pending.then(() => prepare(event, t)).then(() => handle(event, t)).catch((error) => {
      console.error('ik2d embed: a message could not be answered', error);
    });
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
    const length = jsonLength(data);
    if (length > MAX_MESSAGE_LENGTH) {
      const size = Number.isFinite(length) ? `${length} characters of JSON` : 'not plain JSON data';
      console.warn(`ik2d embed: refused a ${describeType(data.type)} message: ${size}`);
      send(peer, { type: 'ik2d:error', id, message: `Refused the message: it is ${size}, `
        + `more than the ${MAX_MESSAGE_LENGTH} characters a message may have` });
      return;
    }
    const keys = KEYS[data.type];
    if (!keys) {
      console.warn(`ik2d embed: ignored a message of unknown type ${describeType(data.type)}`);
      send(peer, { type: 'ik2d:error', id, message: `Unknown message type ${describeType(data.type)} `
        + `(known: ${Object.keys(KEYS).join(', ')})` });
      return;
    }
    if (STEP_THROUGH.has(data.type) && !t.hasStepThrough()) {
      send(peer, { type: 'ik2d:error', id, message: `Refused ${data.type}: the ${describeValue(t.getState().scene)} `
        + 'scene has no step-through (the chain scene has)' });
      return;
    }
    for (const key of Object.keys(data)) {
      if (!keys.includes(key)) notices.push(`Ignored ${describeType(key)}: ${data.type} has ${keys.join(', ')}`);
    }
    switch (data.type) {
      case 'ik2d:setState':
        if (!('state' in data)) notices.push('Ignored the message: ik2d:setState needs a state, e.g. {target: {x: 100, y: 50}}');
        else notices.push(...t.setState(data.state));
        break;
      case 'ik2d:reset':
        t.reset();
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
        try {
          t.stepSolver(n);
        } catch (error) {
          // Not expected (the scene was checked above); a reply rather than an uncaught exception.
          send(peer, { type: 'ik2d:error', id, message: `Refused ${data.type}: ${error instanceof Error ? error.message : String(error)}` });
          return;
        }
        break;
      }
      case 'ik2d:runSolver':
        t.runSolver();
        break;
      default: // ik2d:getState
        send(peer, { type: 'ik2d:state', id, notices, ...snapshot(t) });
        return;
    }
    send(peer, { type: 'ik2d:result', id, notices, ...snapshot(t) });
  }

  addEventListener('message', (event) => {
    if (target) enqueue(event, target);
    else if (queue.length < MAX_QUEUED) queue.push(event);
    else console.warn('ik2d embed: dropped a message sent before the embed was ready (too many queued)');
  });

  return {
    connect(t) {
      target = t;
      for (const event of queue.splice(0)) enqueue(event, t);
      if (window.parent !== window) {
        // The state is what the link already shows: nothing secret, so any parent may hear it.
        window.parent.postMessage({ type: 'ik2d:ready', protocol: PROTOCOL_VERSION, ...snapshot(t) }, '*');
      }
    },
    changed() {
      if (scheduled || !subscribers.size) return;
      scheduled = true;
      // One message per frame however many changes; a timer too, for hidden frames without frames.
      requestAnimationFrame(flushChanges);
      setTimeout(flushChanges, CHANGE_TIMER_MS);
    },
  };
}
