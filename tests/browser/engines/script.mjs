// script.mjs: how a call crosses to a driver that takes a script string and JSON (WebDriver
// classic: the WebKit driver): the function as source, its argument and result as JSON that keeps
// what plain JSON loses.

/**
 * JSON for a value, with what JSON has no form for (undefined, NaN, ±Infinity, −0) tagged, so a
 * driver that passes evaluate's argument and result as JSON (WebDriver classic) keeps them as
 * Playwright and BiDi do: a property that is undefined stays, NaN stays NaN. Self-contained (it
 * also runs in the page, as source).
 * @param {unknown} value
 * @returns {string}
 */
export function encodeJson(value) {
  return JSON.stringify(value, (key, item) => {
    if (item === undefined) return { '__ik2d:value': 'undefined' };
    if (typeof item === 'number' && (!Number.isFinite(item) || Object.is(item, -0))) {
      return { '__ik2d:value': Object.is(item, -0) ? '-0' : String(item) };
    }
    return item;
  });
}

/**
 * The value encodeJson wrote. Self-contained, as encodeJson.
 * @param {string} text
 */
export function decodeJson(text) {
  const special = { undefined, NaN: Number.NaN, Infinity: Number.POSITIVE_INFINITY, '-Infinity': Number.NEGATIVE_INFINITY, '-0': -0 };
  const revive = (item) => {
    if (Array.isArray(item)) return item.map(revive);
    if (item && typeof item === 'object') {
      const keys = Object.keys(item);
      if (keys.length === 1 && keys[0] === '__ik2d:value') return special[item['__ik2d:value']];
      for (const key of keys) item[key] = revive(item[key]);
    }
    return item;
  };
  return revive(JSON.parse(text));
}

/**
 * The source of a function call for engines that take a script string: `(fn)(arg)` with the
 * argument as encodeJson wrote it, awaited, with the result (encodeJson) or the error's message
 * handed to WebDriver's async-script callback: {json} or {error}.
 * @param {Function} fn
 */
export function asyncScript(fn) {
  return `const done = arguments[arguments.length - 1];
const encodeJson = ${encodeJson};
const decodeJson = ${decodeJson};
Promise.resolve().then(() => (${fn})(decodeJson(arguments[0]))).then((value) => done({ json: encodeJson(value) })).catch(
  (error) => done({ error: String(error && error.stack || error) }));`;
}
