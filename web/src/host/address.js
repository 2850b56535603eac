/**
 * The address bar kept in step with a page's scene (the playground and the embed view): after a
 * change, once changes have settled for ADDRESS_SYNC_DELAY ms, the address is rewritten in place
 * (history.replaceState: no new history entry). Browsers throttle rapid rewrites, so a drag
 * rewrites it once, when it ends or pauses.
 */

/** How long the address bar waits for changes to settle before it is rewritten, in ms. */
export const ADDRESS_SYNC_DELAY = 400;

/**
 * @param {() => string} search The address's query for the state now, with its "?".
 * @param {() => void} [after] Runs after each rewrite (what else follows the address).
 * @returns {{changed: () => void}} changed: the state changed; rewrite once it settles.
 */
export function createAddressSync(search, after = () => {}) {
  let timer = 0;
  const sync = () => {
    const now = search();
    if (now !== location.search) history.replaceState(history.state, '', now + location.hash);
    after();
  };
  return {
    changed() {
      clearTimeout(timer);
      timer = window.setTimeout(sync, ADDRESS_SYNC_DELAY);
    },
  };
}
