/**
 * The styles of <ik2d-scene> (element.js), adopted by every element's shadow root as one
 * constructed stylesheet: no <style> markup and no style="" attribute, so a host page whose
 * Content-Security-Policy allows no inline styles runs it, and no request for a stylesheet.
 *
 * The tokens are styles/tokens.css' (tests/js/element-style.test.mjs checks they agree), on the
 * element's frame instead of <html>; a few take the host's CSS custom properties when it sets them:
 *
 *   --ik2d-background  the canvas' background          --ik2d-bone    the bones' colour
 *   --ik2d-target      the target's colour              --ik2d-accent  links, play control, focus ring
 *   --ik2d-radius      the frame's corner radius        --ik2d-border  the frame's border
 *
 * The host page's rules do not reach inside (shadow DOM); the inherited text properties are reset
 * on the element so a host's font or letter-spacing does not change its notices and readouts.
 */

export const ELEMENT_CSS = `
:host {
  display: block;
  position: relative;
  aspect-ratio: 4 / 3;
  min-width: 0;
  min-height: 0;
  contain: content;
  box-sizing: border-box;
  overflow: hidden;
  border: var(--ik2d-border, 1px solid rgba(127, 127, 127, 0.35));
  border-radius: var(--ik2d-radius, 10px);
  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif;
  font-style: normal;
  font-variant: normal;
  letter-spacing: normal;
  word-spacing: normal;
  text-align: start;
  text-indent: 0;
  text-transform: none;
  text-shadow: none;
  white-space: normal;
  visibility: visible;
  cursor: auto;
}

:host([hidden]) {
  display: none;
}

*,
*::before,
*::after {
  box-sizing: border-box;
}

.frame {
  --font: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif;
  --font-mono: ui-monospace, "SF Mono", "Cascadia Mono", "DejaVu Sans Mono", Menlo, Consolas, monospace;
  --page: #f3f2ee;
  --surface: #ffffff;
  --ink: #1d2330;
  --muted: #5a6271;
  --rule: #e2e0d9;
  --accent: var(--ik2d-accent, #0a5f96);
  --accent-soft: #e3eff7;
  --ok: #0a6b52;
  --warn: #a8430a;
  --warn-soft: #fbede3;
  --pending: #9c3d75;
  --focus: var(--ik2d-accent, #0072b2);
  --radius: var(--ik2d-radius, 10px);
  --canvas-background: var(--ik2d-background, #fbfbf8);
  --canvas-grid: #eeede7;
  --canvas-axis: #d2d0c7;
  --canvas-label: #8b909a;
  --canvas-reach: rgba(0, 114, 178, 0.42);
  --canvas-reach-fill: rgba(0, 114, 178, 0.06);
  --canvas-bone: var(--ik2d-bone, #2e3d58);
  --canvas-bone-2: #4c688f;
  --canvas-bone-edge: #182030;
  --canvas-joint: #ffffff;
  --canvas-end: #009e73;
  --canvas-target: var(--ik2d-target, #0072b2);
  --canvas-warn: #d55e00;
  --canvas-soft: #cc79a7;
  --canvas-limit: #b77800;
  --canvas-limit-fill: rgba(230, 159, 0, 0.16);
  --canvas-ground: #ebe4d2;
  --canvas-ground-edge: #6f5e40;
  --canvas-ground-dark: #ddd3ba;
  --canvas-leg-far: #97a3b8;
  --canvas-leg-far-edge: #6d7a91;
  --canvas-body: #5a7297;
  --canvas-body-mark: #e6ecf5;
  --canvas-creature-skin: #7fb08c;
  --canvas-creature-edge: #1f3a2a;
  --canvas-creature-leg: #4d7d5c;
  --canvas-creature-mark: #5a8f69;
  --canvas-creature-fin: #e6a24a;
  color-scheme: light;
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  background: var(--canvas-background);
  color: var(--ink);
  font-family: var(--font);
}

.frame[data-theme="dark"] {
  color-scheme: dark;
  --page: #0f1217;
  --surface: #171b22;
  --ink: #e6e9ef;
  --muted: #9aa3b2;
  --rule: #272d37;
  --accent: var(--ik2d-accent, #7cc4f0);
  --accent-soft: #1b2b3a;
  --ok: #4fd1a8;
  --warn: #f29a5c;
  --warn-soft: #33231a;
  --pending: #e7a6cc;
  --focus: var(--ik2d-accent, #56b4e9);
  --canvas-background: var(--ik2d-background, #14181f);
  --canvas-grid: #1c212a;
  --canvas-axis: #2f3642;
  --canvas-label: #7a8393;
  --canvas-reach: rgba(86, 180, 233, 0.5);
  --canvas-reach-fill: rgba(86, 180, 233, 0.07);
  --canvas-bone: var(--ik2d-bone, #a9bbd6);
  --canvas-bone-2: #7f97bb;
  --canvas-bone-edge: #e4eaf3;
  --canvas-joint: #14181f;
  --canvas-end: #2fc79d;
  --canvas-target: var(--ik2d-target, #56b4e9);
  --canvas-warn: #ef7a30;
  --canvas-soft: #d99bc0;
  --canvas-limit: #f0b43c;
  --canvas-limit-fill: rgba(240, 180, 60, 0.14);
  --canvas-ground: #2b2720;
  --canvas-ground-edge: #b7a27a;
  --canvas-ground-dark: #221f19;
  --canvas-leg-far: #56647b;
  --canvas-leg-far-edge: #3d485a;
  --canvas-body: #5d7397;
  --canvas-body-mark: #d3ddeb;
  --canvas-creature-skin: #4e8a62;
  --canvas-creature-edge: #cfe8d6;
  --canvas-creature-leg: #3c6b4b;
  --canvas-creature-mark: #6aa57c;
  --canvas-creature-fin: #b8792c;
}

.frame[data-transparent="true"],
.frame[data-transparent="true"] .stage,
.frame[data-transparent="true"] .stage-bar {
  background: transparent;
}

.stage {
  position: relative;
  flex: 1 1 auto;
  min-height: 0;
  overflow: hidden;
  background: var(--canvas-background);
}

canvas {
  position: absolute;
  inset: 0;
  display: block;
  width: 100%;
  height: 100%;
  margin: 0;
  padding: 0;
  border: 0;
  touch-action: pan-x pan-y pinch-zoom; /* A swipe not on a handle scrolls the host page (input.js). */
  cursor: crosshair;
  outline: none;
  font-family: var(--font);
  user-select: none;
  -webkit-user-select: none;
  -webkit-tap-highlight-color: transparent;
}

canvas[data-hover] {
  cursor: grab;
}

canvas[data-dragging] {
  cursor: grabbing;
}

canvas:focus-visible {
  outline: 3px solid var(--focus);
  outline-offset: -3px;
}

:focus-visible {
  outline: 3px solid var(--focus);
  outline-offset: 2px;
}

.visually-hidden {
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
}

[hidden] {
  display: none !important;
}

.stage-message {
  position: absolute;
  inset: 0;
  display: grid;
  place-content: center;
  margin: 0;
  padding: 1rem;
  color: var(--muted);
  text-align: center;
}

.stage-error {
  background: var(--surface);
  color: var(--ink);
}

.stage-error p {
  margin: 0.25rem 0;
}

.stage-error-title {
  font-weight: 600;
  color: var(--warn);
}

.stage-error-detail {
  color: var(--muted);
  font: 0.8rem var(--font-mono);
  overflow-wrap: anywhere;
}

.notices {
  position: absolute;
  z-index: 2;
  top: 0.5rem;
  right: 0.5rem;
  left: 0.5rem;
  display: flex;
  align-items: flex-start;
  gap: 0.8rem;
  max-height: calc(100% - 3.5rem);
  overflow: auto;
  padding: 0.45rem 0.6rem;
  border: 1px solid var(--warn);
  border-left-width: 4px;
  border-radius: var(--radius);
  background: var(--warn-soft);
  color: var(--ink);
  font-size: 0.8rem;
}

.notices-text {
  flex: 1 1 auto;
  min-width: 0;
}

.notices-title {
  margin: 0 0 0.2rem;
  font-weight: 600;
}

.notice-list {
  margin: 0;
  padding-left: 1.1rem;
  overflow-wrap: anywhere;
}

.button {
  min-width: 2.75rem;
  min-height: 2.75rem;
  margin: 0;
  padding: 0.4rem 0.8rem;
  border: 1px solid var(--rule);
  border-radius: 8px;
  background: transparent;
  color: var(--muted);
  font: 600 0.85rem var(--font);
  cursor: pointer;
}

.button:hover {
  border-color: var(--muted);
  color: var(--ink);
}

.play-button {
  position: absolute;
  z-index: 3;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  min-width: 6rem;
  min-height: 3rem;
  margin: 0;
  padding: 0.6rem 1.3rem;
  border: 2px solid var(--accent);
  border-radius: 999px;
  background: var(--surface);
  color: var(--accent);
  font: 700 1.05rem var(--font);
  cursor: pointer;
  box-shadow: 0 2px 10px rgba(0, 0, 0, 0.18);
}

.play-button:hover {
  background: var(--accent);
  color: var(--surface);
}

.open-playground {
  position: absolute;
  z-index: 1;
  right: 0.5rem;
  bottom: 0.5rem;
  display: block;
  padding: 0.2rem 0.55rem;
  border: 1px solid var(--rule);
  border-radius: 999px;
  background: var(--surface);
  color: var(--accent);
  font-size: 0.75rem;
  font-weight: 600;
  line-height: 1.45;
  text-decoration: none;
  opacity: 0.85;
}

.open-playground:hover,
.open-playground:focus-visible {
  opacity: 1;
  text-decoration: underline;
}

.frame:not([data-ready="true"]) .open-playground,
.frame[data-open-link="false"] .open-playground {
  display: none;
}

.stage-bar {
  display: none;
}

.frame[data-readouts="true"] .stage-bar {
  display: flex;
  flex: none;
  padding: 0.25rem 0.6rem;
  border-top: 1px solid var(--rule);
  background: var(--surface);
  font-size: 0.75rem;
}

.readouts {
  display: flex;
  flex-wrap: nowrap;
  gap: 0 0.8rem;
  margin: 0;
  overflow: hidden;
  white-space: nowrap;
}

.readout {
  display: flex;
  flex: none;
  align-items: baseline;
  gap: 0.4rem;
}

.readouts dt {
  color: var(--muted);
  font-family: var(--font-mono);
  font-size: 0.7rem;
}

.readouts dd {
  margin: 0;
  font-variant-numeric: tabular-nums;
  font-weight: 600;
}

.readout-value[data-tone="ok"] {
  color: var(--ok);
}

.readout-value[data-tone="warn"] {
  color: var(--warn);
}

.readout-value[data-tone="pending"] {
  color: var(--pending);
}

@media (prefers-reduced-motion: reduce) {
  *,
  *::before,
  *::after {
    transition: none !important;
  }
}
`;
