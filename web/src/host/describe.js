/**
 * What assistive technology hears about the canvas: an accessible description of what it shows
 * now (the scene and its readouts: status first, then the main numbers), kept current but not
 * rewritten on every frame, and a polite announcement when the status changes.
 *
 * The description is a visually hidden element the canvas points at with aria-describedby; the
 * announcements go to a visually hidden role="status" element (polite by default).
 */

/**
 * @typedef {import('../scenes/index.js').Readout} Readout
 * @typedef {import('../scenes/index.js').ReadoutSpec} ReadoutSpec
 */

/** Least time between two rewrites of the description, ms (a drag changes it every frame). */
const DESCRIBE_INTERVAL = 500;

/** How long a status must hold before it is announced, ms (a drag across a boundary says nothing). */
const ANNOUNCE_DELAY = 700;

/**
 * The description of a scene's readouts: "Two-bone arm. status: reached; angle1: 12.3°; …", and
 * what else the scene says it shows (the arm's joint-space panel in words).
 * @param {string} title
 * @param {ReadoutSpec[]} specs
 * @param {Record<string, Readout>} values
 * @param {string} [more] A sentence or two the scene adds ('' for none).
 */
function describeReadouts(title, specs, values, more = '') {
  const parts = specs.filter((spec) => values[spec.name]?.text).map((spec) => `${spec.label}: ${values[spec.name].text}`);
  return `${title}. ${parts.join('; ')}.${more ? ` ${more}` : ''}`;
}

/**
 * @param {HTMLElement} description Visually hidden; the canvas' aria-describedby points here.
 * @param {HTMLElement} announcer Visually hidden, role="status".
 * @returns {{update: (title: string, specs: ReadoutSpec[], values: Record<string, Readout>, more?: string) => void}}
 *   update(): call after every redraw; the text follows at most every DESCRIBE_INTERVAL ms.
 */
export function createDescriber(description, announcer) {
  let text = '';
  let status = '';
  let announced = '';
  let describeTimer = 0;
  let announceTimer = 0;
  let lastWrite = -Infinity;

  function write() {
    describeTimer = 0;
    lastWrite = performance.now();
    if (description.textContent !== text) description.textContent = text;
  }

  return {
    update(title, specs, values, more = '') {
      text = describeReadouts(title, specs, values, more);
      const wait = lastWrite + DESCRIBE_INTERVAL - performance.now();
      if (wait <= 0 && !describeTimer) write();
      else if (!describeTimer) describeTimer = window.setTimeout(write, Math.max(0, wait));
      const next = values.status?.text ?? '';
      if (next === status) return;
      status = next;
      clearTimeout(announceTimer);
      if (!announced) {
        announced = status; // The first status is in the description; nothing to announce.
        return;
      }
      announceTimer = window.setTimeout(() => {
        if (status && status !== announced) {
          announced = status;
          announcer.textContent = `${title}: ${status}`;
        }
      }, ANNOUNCE_DELAY);
    },
  };
}
