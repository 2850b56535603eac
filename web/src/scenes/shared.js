/**
 * What several scenes share, in one place: the flat scenes' world rectangle, how far from a handle
 * a press still grabs it, and the chain solvers' names as the page shows them.
 */

/** The world rectangle of the flat scenes (arm, chain, stress): 600 × 450 units, the canvas' 4:3. */
export const FLAT_WORLD = Object.freeze({ minX: -300, maxX: 300, minY: -225, maxY: 225 });

/** A secondary handle (a root) grabs within this share of the main one's radius, so it does not
 * shadow a target near it. */
export const SECONDARY_HANDLE = 0.7;

/**
 * How far from a scene's main handle a press still grabs it, CSS px: generous for fingers.
 * @param {string} pointerType 'mouse', 'pen' or 'touch'.
 */
export function grabRadius(pointerType) {
  return pointerType === 'touch' ? 28 : 18;
}

/** The chain solvers' names as the page shows them, by their values in links. */
export const METHOD_LABELS = Object.freeze({ ccd: 'CCD', fabrik: 'FABRIK', dls: 'DLS' });

/**
 * A method's name as shown.
 * @param {string} method
 */
export function methodLabel(method) {
  return METHOD_LABELS[/** @type {keyof typeof METHOD_LABELS} */ (method)] ?? method;
}

/**
 * The options of a method choice, in the given order.
 * @param {Array<keyof typeof METHOD_LABELS>} methods
 */
export function methodOptions(methods) {
  return methods.map((value) => ({ value, label: METHOD_LABELS[value] }));
}
