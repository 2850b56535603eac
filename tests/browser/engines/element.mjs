// element.mjs: reading <ik2d-scene> elements from a browser test, in any engine (the element's
// host pages: examples/element.html, examples/bone-art.html, the React app of tests/hosts/react/).

/** @typedef {import('./page.mjs').EnginePage} EnginePage */

/**
 * Runs `fn(element, arg)` in the page on the <ik2d-scene> with that id.
 * @template T, A
 * @param {EnginePage} page
 * @param {string} id
 * @param {(element: any, arg: A) => T} fn
 * @param {A} [arg]
 * @returns {Promise<T>}
 */
export function onElement(page, id, fn, arg) {
  // Made here, not in the page: the page's CSP allows no eval, and a driver sends a function's source.
  const call = /** @type {(pair: [string, A]) => T} */ (new Function('pair',
    `return (${fn.toString()})(document.getElementById(pair[0]), pair[1]);`));
  return page.evaluate(call, /** @type {[string, A]} */ ([id, arg]));
}

/** The element's getState(). @param {EnginePage} page @param {string} id */
export const stateOf = (page, id) => onElement(page, id, (element) => element.getState());

/** The notices an element shows, as text. @param {EnginePage} page @param {string} id */
export const noticesOf = (page, id) => onElement(page, id, (element) => {
  const box = element.shadowRoot.querySelector('.notices');
  return box.hidden ? [] : [...element.shadowRoot.querySelectorAll('.notice-list li')].map((item) => item.textContent);
});

/** How many distinct colours an element's canvas shows (a blank one shows one). @param {EnginePage} page @param {string} id */
export const coloursOf = (page, id) => onElement(page, id, (element) => {
  const canvas = element.shadowRoot.querySelector('canvas');
  const scratch = document.createElement('canvas');
  scratch.width = 64;
  scratch.height = 48;
  const context = scratch.getContext('2d', { willReadFrequently: true });
  context.drawImage(canvas, 0, 0, 64, 48);
  const data = context.getImageData(0, 0, 64, 48).data;
  const seen = new Set();
  for (let i = 0; i < data.length; i += 4) seen.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
  return seen.size;
});

/**
 * The element's canvas pixels under world points, after its next drawing, as [r, g, b, a] each.
 * @param {EnginePage} page @param {string} id @param {{x: number, y: number}[]} points
 * @returns {Promise<number[][]>}
 */
export async function coloursAt(page, id, points) {
  await page.nextFrame();
  await page.nextFrame();
  return onElement(page, id, (element, world) => {
    const canvas = element.shadowRoot.querySelector('canvas');
    const rect = canvas.getBoundingClientRect();
    const scratch = document.createElement('canvas');
    scratch.width = 1;
    scratch.height = 1;
    const context = scratch.getContext('2d', { willReadFrequently: true });
    return world.map((/** @type {{x: number, y: number}} */ p) => {
      const client = element.worldToClient(p);
      const x = Math.floor(((client.x - rect.left) * canvas.width) / rect.width);
      const y = Math.floor(((client.y - rect.top) * canvas.height) / rect.height);
      context.clearRect(0, 0, 1, 1);
      context.drawImage(canvas, x, y, 1, 1, 0, 0, 1, 1);
      return Array.from(context.getImageData(0, 0, 1, 1).data);
    });
  }, points);
}
