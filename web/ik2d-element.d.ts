// Types of ik2d/element (dist/ik2d-element.js): importing it defines <ik2d-scene>.
// The contract: docs/playground.md, "The <ik2d-scene> element".

/** Options of exportAnimation (the playground's; docs/playground.md). */
export interface AnimationOptions {
  /** Default 'gif'. */
  format?: 'gif' | 'webm';
  /** Length without a path (default 4); with a path, whole laps (default one). */
  seconds?: number;
  /** Frames a second (default 20). */
  fps?: number;
  /** Pixels (default: the canvas' width in CSS pixels). */
  width?: number;
  /** Pixels (default: the canvas' shape at that width). */
  height?: number;
  /** Aborting it stops the export, which rejects with an AbortError. */
  signal?: AbortSignal;
  /** Called after each frame with the share done, 0..1. */
  onProgress?: (done: number) => void;
}

/** One scene of the playground in the page, configured by its attributes (the link's keys). */
export class Ik2dSceneElement extends HTMLElement {
  /** What is drawn, as JSON (scene, params, points, page params, time); null before `load`. */
  getState(): Record<string, unknown> | null;
  /** Applies a partial state, validated as a link is; returns the notices (what was ignored or clamped). */
  setState(partial: unknown): string[];
  /** The playground (index.html beside ik2d-element.js) opened on the current state. */
  shareLink(): string;
  /** What the canvas shows now: a PNG of its pixels or an SVG of the same drawing. */
  exportImage(format?: 'png' | 'svg'): Promise<Blob>;
  /** A looping GIF (or WebM) of the scene as its link gives it. */
  exportAnimation(options?: AnimationOptions): Promise<Blob>;
  /** A world point → viewport CSS pixels (to place the host's own labels over the scene). */
  worldToClient(point: { x: number; y: number }): { x: number; y: number };
  /** Viewport CSS pixels → a world point. */
  clientToWorld(point: { x: number; y: number }): { x: number; y: number };
  /** The scene's resource counters and the element's work (`page.frames`...). */
  stats(): Record<string, unknown>;
  /** The names of the figure's parts now (`root`, `bone:0`, `triangle`...; docs/stories.md). */
  parts(): string[];
  /** Draws a part highlighted, as an <ik2d-mark> does; null turns the script's highlight off. */
  highlight(part: string | null): void;
}

/** What `stepchange` carries: the active step and its index among the figure's steps. */
export interface Ik2dStepChange {
  /** The active <ik2d-step>, or null before the first one. */
  step: Ik2dStepElement | null;
  /** Its index among the figure's steps in document order; -1 before the first. */
  index: number;
}

/**
 * <ik2d-step for="ID" …link keys>: prose that drives the figure with that id while it holds the
 * middle of the viewport (docs/stories.md). The active one has the attribute `active`.
 */
export class Ik2dStepElement extends HTMLElement {}

/**
 * <ik2d-value for="ID" key="PATH" unit="deg" digits="1">: the figure's getState() value at a dot
 * path, live (at most 10 updates a second); `?` for an unknown path.
 */
export class Ik2dValueElement extends HTMLElement {}

/**
 * <ik2d-mark for="ID" part="PART">: a phrase that lights that part of the figure when hovered,
 * focused or pressed; it has the attribute `active` while the reader points at the part.
 */
export class Ik2dMarkElement extends HTMLElement {}

export interface Ik2dSceneEventMap extends HTMLElementEventMap {
  /** Once, when the first frame is drawn. */
  load: Event;
  /** What a link would carry changed (at most 10 a second); detail is getState(). */
  statechange: CustomEvent<Record<string, unknown>>;
  /** The active <ik2d-step> of this figure changed. */
  stepchange: CustomEvent<Ik2dStepChange>;
}

/** The element's tag name. */
export const TAG: 'ik2d-scene';

/** Defines <ik2d-scene> if it is not defined yet (importing the module already does). */
export function defineElement(): void;

declare global {
  interface HTMLElementTagNameMap {
    'ik2d-scene': Ik2dSceneElement;
    'ik2d-step': Ik2dStepElement;
    'ik2d-value': Ik2dValueElement;
    'ik2d-mark': Ik2dMarkElement;
  }
}
