/**
 * Whether an element can be seen: on screen (an IntersectionObserver, which also works inside a
 * cross-origin iframe: it measures against the top-level viewport) and in a visible tab
 * (visibilitychange). The frame loop stops while it cannot (loop.js setActive).
 */

/**
 * Calls `onChange(visible)` whenever the element comes into or goes out of sight.
 * @param {Element} element
 * @param {(visible: boolean) => void} onChange
 * @param {AbortSignal} [signal] Stops watching when aborted.
 * @returns {() => boolean} Whether it is in sight now.
 */
export function watchVisibility(element, onChange, signal) {
  let intersecting = true; // Until the observer's first report.
  let shown = !document.hidden;
  const visible = () => intersecting && !document.hidden;
  const report = () => {
    if (visible() === shown) return;
    shown = visible();
    onChange(shown);
  };
  const observer = new IntersectionObserver((entries) => {
    intersecting = entries[entries.length - 1].isIntersecting;
    report();
  });
  observer.observe(element);
  document.addEventListener('visibilitychange', report, { signal });
  signal?.addEventListener('abort', () => observer.disconnect(), { once: true });
  return visible;
}
