/**
 * The example article's script: the buttons in its text drive the arm embed, and a caption
 * shows what the embed reports. See ik2d-embed.js for the client and docs/playground.md for the protocol.
 */

import { connectEmbed } from './ik2d-embed.js';

/** @typedef {import('./ik2d-embed.js').EmbedState} EmbedState */

/** What each button in the text asks the arm to do (partial states, as in a link). */
const ACTIONS = /** @type {Record<string, (state: EmbedState) => EmbedState>} */ ({
  // 290 units from the shoulder, beyond the 230 the two bones reach.
  'out-of-reach': () => ({ target: { x: 280, y: 75 } }),
  back: () => ({ target: { x: 120, y: 70 } }),
  flip: (state) => ({ params: { bend: -state.params.bend } }),
  soften: (state) => ({ params: { softness: state.params.softness > 0 ? 0 : 40 }, target: { x: 215, y: 60 } }),
  reset: () => ({}),
});

const armFrame = /** @type {HTMLIFrameElement} */ (document.getElementById('arm'));
const statusOutput = /** @type {HTMLOutputElement} */ (document.getElementById('arm-status'));
const buttons = /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('button[data-action]'));
const arm = connectEmbed(armFrame);
/** @type {EmbedState | null} */
let latest = null;

/** @param {number} value */
const format = (value) => (Math.round(value * 10) / 10).toString().replace('-', '\u2212');

/** @param {EmbedState} state */
function describe(state) {
  const status = String(state.result?.status ?? 'unknown').replace(/_/g, ' ');
  const { x, y } = state.target;
  return `${status}, target at (${format(x)}, ${format(y)}), bend ${state.params.bend > 0 ? '+1' : '\u22121'}`
    + `${state.params.softness > 0 ? ', soft reach' : ''}`;
}

arm.ready.then(async () => {
  await arm.subscribe((state) => {
    latest = state;
    statusOutput.value = describe(state);
    document.documentElement.dataset.armStatus = String(state.result?.status ?? '');
  });
  for (const button of buttons) {
    button.disabled = false;
    button.addEventListener('click', async () => {
      const action = ACTIONS[button.dataset.action ?? ''];
      if (!action || !latest) return;
      if (button.dataset.action === 'reset') await arm.reset();
      else {
        const { notices } = await arm.setState(action(latest));
        if (notices?.length) console.warn('The embed adjusted the request:', notices);
      }
    });
  }
  document.documentElement.dataset.hostReady = 'true';
}, (error) => {
  statusOutput.value = `the embed did not start (${error})`;
});
