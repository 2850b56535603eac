/**
 * The page params at work (page-params.js): the theme and transparency as attributes on <html>
 * that styles/tokens.css, styles/embed.css and draw.js follow, the embed's readouts and "Open in
 * playground" link, and how the scene starts (play: auto, click or paused; reduced motion turns
 * auto into click).
 *
 *   html[data-theme="light" | "dark"]   the colours in use (auto resolved)
 *   html[data-transparent="true"]       no background of its own
 *   html[data-readouts="true"]          the readouts strip shown in the embed view
 *   html[data-open-link="false"]        "Open in playground" hidden
 *   html[data-play="waiting"]           play=click: a still first frame and the play control
 */

import { REDUCED_MOTION, effectivePlay, resolveTheme } from '../model/page-params.js';

/**
 * @typedef {import('../model/page-params.js').PageSettings} PageSettings
 *
 * @typedef {Object} PageView
 * @property {(page: PageSettings) => void} apply Shows new page settings (only what changed).
 * @property {() => void} start The reader started the scene (a click, a tap, a key): if it waits
 *   for them (play=click), it runs from now on.
 * @property {() => boolean} dark Whether the dark colours are in use.
 */

/**
 * @param {Object} options
 * @param {HTMLButtonElement | null} options.playButton The play control over the canvas.
 * @param {HTMLElement} options.canvas Gets the focus when the play control goes away.
 * @param {() => void} options.pause Stops simulation time.
 * @param {() => void} options.resume Starts it again.
 * @param {() => void} options.onColours The colours changed: read them again and redraw.
 * @param {HTMLElement} [options.root] What carries the data-* attributes above (default <html>;
 *   an <ik2d-scene> element's own frame in its shadow root).
 * @param {{matches: boolean, addEventListener: MediaQueryList['addEventListener']}} [options.prefersDark]
 *   What theme=auto follows (default the reader's prefers-color-scheme; an element: its host's
 *   color-scheme), with a 'change' event.
 * @param {AbortSignal} [options.signal] Stops listening when aborted.
 * @returns {PageView}
 */
export function createPageView({ playButton, canvas, pause, resume, onColours, root, prefersDark: dark, signal }) {
  const html = root ?? document.documentElement;
  const prefersDark = dark ?? matchMedia('(prefers-color-scheme: dark)');
  const reducedMotion = matchMedia(REDUCED_MOTION);
  /** @type {PageSettings | null} */
  let shown = null;

  function showColours() {
    if (!shown) return;
    const theme = resolveTheme(shown.theme, prefersDark.matches);
    const transparent = shown.transparent ? 'true' : undefined;
    if (html.dataset.theme === theme && html.dataset.transparent === transparent) return;
    html.dataset.theme = theme;
    if (transparent) html.dataset.transparent = transparent;
    else delete html.dataset.transparent;
    onColours();
  }

  function showPlay() {
    if (!shown) return;
    const play = effectivePlay(shown.play, reducedMotion.matches);
    if (play === 'auto') {
      delete html.dataset.play;
      resume();
    } else {
      pause();
      if (play === 'click') html.dataset.play = 'waiting';
      else delete html.dataset.play;
    }
    if (playButton) playButton.hidden = html.dataset.play !== 'waiting';
  }

  prefersDark.addEventListener('change', showColours, { signal });
  reducedMotion.addEventListener('change', () => {
    if (shown?.play === 'auto') showPlay();
  }, { signal });
  playButton?.addEventListener('click', () => {
    view.start();
    canvas.focus({ preventScroll: true }); // The control is gone; the keys drive the scene now.
  });

  /** @type {PageView} */
  const view = {
    apply(page) {
      const before = shown;
      shown = { ...page };
      showColours();
      if (!before || before.play !== page.play) showPlay();
      if (page.readouts) html.dataset.readouts = 'true';
      else delete html.dataset.readouts;
      if (page.openLink) delete html.dataset.openLink;
      else html.dataset.openLink = 'false';
    },
    start() {
      if (html.dataset.play !== 'waiting') return;
      delete html.dataset.play;
      if (playButton) playButton.hidden = true;
      resume();
    },
    dark: () => html.dataset.theme === 'dark',
  };
  return view;
}
