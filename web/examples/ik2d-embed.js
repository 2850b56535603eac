/**
 * A small client for the ik2d embed's postMessage API, for host pages (a blog post) to copy.
 * No dependencies; it only sends messages to the iframe and reads the replies that come from it.
 *
 *   import { connectEmbed } from './ik2d-embed.js';
 *   const arm = connectEmbed(document.querySelector('iframe'));
 *   await arm.ready;                                      // the scene is drawn
 *   const { notices, state } = await arm.setState({ target: { x: 280, y: 40 } });
 *   arm.subscribe((state) => console.log(state.result.status));
 *   // A chain embed (chain = connectEmbed(…)) can be stepped by hand, then run again:
 *   const { state: stepped } = await chain.stepSolver(3);   // stepped.stepping: the last step
 *   await chain.runSolver();
 *
 * The protocol itself is in docs/playground.md, "postMessage API".
 */

/**
 * @typedef {Record<string, any>} EmbedState What playground.getState() returns in the embed.
 *
 * @typedef {Object} EmbedReply
 * @property {string} type 'ik2d:result' or 'ik2d:state'.
 * @property {string[]} [notices] What the embed ignored or clamped, in plain words ([] if nothing).
 * @property {EmbedState} state The state after the request.
 * @property {string} link A playground link to that state.
 *
 * @typedef {Object} Embed
 * @property {Promise<EmbedState>} ready Resolves once the embed has drawn its first frame.
 * @property {(state: EmbedState) => Promise<EmbedReply>} setState Applies a partial state.
 * @property {() => Promise<EmbedReply>} getState
 * @property {() => Promise<EmbedReply>} reset Back to the scene's defaults.
 * @property {(listener: (state: EmbedState) => void) => Promise<EmbedReply>} subscribe Calls
 *   `listener` after every change (at most once per frame), starting with the current state.
 * @property {(n?: number) => Promise<EmbedReply>} stepSolver Step-through (chain scene): `n` steps
 *   of the solver (a whole number 0 to 1000, default 1); `state.stepping` in the reply is the last
 *   step. Rejects in a scene without step-through.
 * @property {() => Promise<EmbedReply>} runSolver Leaves step-through: the chain solves once a frame
 *   again. Rejects in a scene without step-through.
 */

/** How long a request waits for its reply, ms. */
const REPLY_TIMEOUT = 10000;

/**
 * Connects to an ik2d embed.
 * @param {HTMLIFrameElement} iframe An iframe showing embed.html (any origin).
 * @returns {Embed}
 */
export function connectEmbed(iframe) {
  const origin = new URL(iframe.src, location.href).origin;
  let nextId = 1;
  /** @type {Map<number, {resolve: (reply: EmbedReply) => void, reject: (error: Error) => void}>} */
  const pending = new Map();
  /** @type {((state: EmbedState) => void)[]} */
  const listeners = [];
  /** @type {(state: EmbedState) => void} */
  let markReady = () => {};
  /** @type {Promise<EmbedState>} */
  const ready = new Promise((resolve) => { markReady = resolve; });

  addEventListener('message', (event) => {
    // Only the embed's own replies count: same window, same origin.
    if (event.source !== iframe.contentWindow || event.origin !== origin) return;
    const message = event.data;
    if (typeof message !== 'object' || message === null) return;
    if (message.type === 'ik2d:ready' || message.type === 'ik2d:state' || message.type === 'ik2d:result') {
      markReady(message.state);
    }
    if (message.type === 'ik2d:change') {
      for (const listener of listeners) listener(message.state);
      return;
    }
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.type === 'ik2d:error') waiting.reject(new Error(message.message));
    else waiting.resolve(message);
  });

  /**
   * Sends a request and waits for its reply.
   * @param {string} type
   * @param {Record<string, unknown>} [fields]
   * @returns {Promise<EmbedReply>}
   */
  function request(type, fields = {}) {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      iframe.contentWindow?.postMessage({ type, id, ...fields }, origin);
      setTimeout(() => {
        if (pending.delete(id)) reject(new Error(`${type}: no reply from the embed`));
      }, REPLY_TIMEOUT);
    });
  }

  // If the embed was ready before this script listened, a getState answers in its place; the
  // embed queues requests that arrive while it loads.
  iframe.addEventListener('load', () => { request('ik2d:getState').catch(() => {}); });

  return {
    ready,
    setState: (state) => request('ik2d:setState', { state }),
    getState: () => request('ik2d:getState'),
    reset: () => request('ik2d:reset'),
    stepSolver: (n) => request('ik2d:stepSolver', n === undefined ? {} : { n }),
    runSolver: () => request('ik2d:runSolver'),
    async subscribe(listener) {
      listeners.push(listener);
      const reply = await request('ik2d:subscribe');
      listener(reply.state);
      return reply;
    },
  };
}
