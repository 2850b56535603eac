/**
 * The scene registry. A scene is a plain definition (settings, world rectangle, readouts) plus
 * create(ik), which returns the live instance that solves, draws and reports. main.js knows
 * nothing scene-specific: adding a scene is writing its module and listing it in catalog.js, which
 * loads each on demand (an embed loads only its own).
 * Keyboard shortcuts are not written by scenes: a param's `key` (settings.js) and the playground's
 * own keys (arrows, H, and S / Esc where the scene has stepping) are the only ones, so every key
 * has an on-screen control and a hint made from the same table (web/src/host/keys.js).
 */

import { SCENE_IDS, loadScenes } from './catalog.js';

/**
 * @typedef {import('../model/settings.js').Settings} Settings
 * @typedef {import('../model/settings.js').ParamSpec} ParamSpec
 * @typedef {import('../model/settings.js').PointSpec} PointSpec
 * @typedef {import('../model/settings.js').Rect} Rect
 * @typedef {import('../draw/view.js').View} View
 * @typedef {import('../draw/draw.js').Theme} Theme
 *
 * @typedef {Object} HandleSpec A handle the scene derives from its settings (SceneDefinition.handles).
 * @property {string} name Its name in DrawUi (active, hover) and in the instance's handles.at/handles.drag.
 * @property {string} label Human name, e.g. "Pose joint" (hints, the handle button).
 *
 * @typedef {Object} ReadoutSpec A line in the readouts panel.
 * @property {string} name Key in the object readouts() returns.
 * @property {string} label Shown before the value.
 *
 * @typedef {Object} Readout
 * @property {string} text
 * @property {'ok' | 'warn' | 'pending'} [tone] Status tones: reached, a warning (out of reach...),
 *   not there yet (still converging). Each has its own colour and shape.
 *
 * @typedef {Object} DrawUi What the user is doing, for highlights, and the author's pictures.
 * @property {string | null} active Name of the point being dragged.
 * @property {string | null} hover Name of the point under the mouse.
 * @property {(only?: (bone: number) => boolean) => void} [drawArt] Draws the pictures the author put
 *   on the bones (bone-art.js) along the scene's bones(): a scene with bones calls it over its sticks
 *   and under its joints and handles (`only`: just these bones, for a figure drawn in layers).
 *
 * @typedef {import('../model/settings.js').Point} Point
 *
 * @typedef {Object} SceneUpdate What a scene changed by itself (not redrawn when null).
 * @property {Record<string, Point>} [moved] Points the scene moved (a moving target, a root that
 *   follows). The playground stores them in the settings, validated like setState, so that
 *   getState() and links show them; a point the user is dragging is not moved.
 * @property {Record<string, Point>} [kept] Points the scene keeps in a valid place (the spider's
 *   target on or above the ground): stored like `moved`, but even while the user drags them.
 *
 * @typedef {Object} PressClaim What a press in a scene's own panel does (SceneInstance.press).
 * @property {Record<string, unknown>} [change] A partial state applied at once (e.g. a flipped bend).
 * @property {string} [drag] The handle the press then drags (a derived handle's name).
 * @property {boolean} [jump] The handle jumps to the press (else it keeps its offset from it).
 *
 * @typedef {Object} SceneStepping
 * @property {(settings: Settings, count: number) => void} step Stops solving once a frame and makes
 *   `count` steps of the solver instead (0: just stop).
 * @property {() => void} run Leaves step-through: solving once a frame again.
 * @property {() => boolean} active True while in step-through.
 *
 * @typedef {Object} SceneLink
 * @property {(values: Record<string, unknown>, settings: Settings) => string[]} [restore] Sets the
 *   scene's own state (the definition's `state` keys found in a link or setState) after the
 *   settings were applied; returns notices for what it ignored.
 * @property {(settings: Settings) => Record<string, unknown>} [state] The scene's own state a link
 *   must carry to show the same figure (by StateSpec name); {} when the settings say it all.
 * @property {(settings: Settings) => Settings} [settings] The settings a link carries, when they
 *   differ from the live ones (a target on its path: where the link starts the path).
 *
 * @typedef {Object} SceneHandles
 * @property {(name: string, settings: Settings) => Point | null} at Where a derived handle
 *   (the definition's `handles`) is now, world units; null when it is not shown (nor grabbable).
 * @property {(name: string, world: Point, settings: Settings) => Record<string, unknown>} drag
 *   What moving a derived handle to `world` changes: a partial state for setState (e.g. the
 *   params it is derived from), validated like any other.
 *
 * @typedef {Object} ScenePanel
 * @property {(settings: Settings, size: {width: number, height: number}) => Rect | null} fit The
 *   world rectangle the view fits into a canvas of this size (CSS px) now, when it is more than the
 *   definition's `world` (the arm's joint-space panel beside or below it); null: the `world`.
 * @property {(settings: Settings) => string} stageShape A shape the narrow-screen stage takes for
 *   these settings (`html[data-stage-shape]`, styles/stage.css: 'tall' for a panel below the scene);
 *   '' for the usual 4:3.
 * @property {(world: Point, settings: Settings, grab: {pointerType: string, perPixel: number}) =>
 *   PressClaim | null} press A press that grabs no handle: what the scene makes of it (a click on
 *   a mark in a panel of its own), or null for the usual (the keyboard point jumps there). `grab`:
 *   the pointer type and world units per CSS px, to measure how near a mark the press is.
 *
 * @typedef {Object} SceneInstance
 * @property {(dt: number, settings: Settings) => SceneUpdate | null} advance Moves simulation time
 *   forward by dt seconds (e.g. a moving target); null if nothing changed.
 * @property {(settings: Settings) => SceneUpdate | null} solve One frame of solving toward the
 *   settings. Called on every change (input, link, setState) and once per simulation step, a
 *   change while running counting as that step's solve; so a solver that keeps state between calls
 *   (a warm-started chain with a per-call step limit) moves once per frame. Returns null when the
 *   pose did not change (a settled scene is not redrawn).
 * @property {(settings: Settings) => Record<string, unknown>} state Scene-specific part of
 *   getState() (e.g. result): what the scene is, never what it cost (a link and its steps give
 *   the same state on any machine).
 * @property {SceneStepping} [stepping] Step-through of the solver (the chain): the capability the
 *   S key, the Step and Run tools and playground.stepSolver()/runSolver() look for.
 * @property {SceneLink} [link] The scene's own state in links (the chain's pose, the spider's
 *   place): scenes whose settings alone do not say what they show.
 * @property {(name: string, settings: Settings) => Record<string, unknown> | null} [take] What taking
 *   hold of a point (a drag, a press that moves it, an arrow key) changes besides moving it: a
 *   partial state applied with the move (a target on its path leaves the path), or null.
 * @property {(settings: Settings) => Record<string, Readout>} readouts Texts for the readout panel.
 * @property {(ctx: CanvasRenderingContext2D, view: View, theme: Theme, settings: Settings, ui: DrawUi) => void} draw
 * @property {(name: string, pointerType: string) => number} hitRadius Grab radius of a point, CSS px;
 *   0 when it cannot be grabbed now (e.g. a root that follows the chain).
 * @property {SceneHandles} [handles] Derived handles (the definition's `handles`: the arm's
 *   joint-space dot, the puppet's angle knobs): where each is and what dragging one changes.
 * @property {ScenePanel} [panel] A panel of the scene's own beside or below its world (the arm's
 *   joint space): the view it needs, the narrow stage's shape, a press on its marks.
 * @property {(settings: Settings) => string} [describe] More for the canvas' accessible description
 *   than the readouts say (a panel's content in words), '' for nothing.
 * @property {(settings: Settings) => import('../draw/bone-art.js').Bone[]} [bones] The bones as drawn now,
 *   world units, in the scene's own order (the arm: upper, fore; a chain: from the root; the
 *   puppet: its skeleton's; the spider: two per leg): where the author's pictures go. Scenes
 *   without bones (a rope, a creature, the stress grid) have none.
 * @property {(x: number) => number} [groundHeight] Terrain height under world x (scenes with terrain).
 * @property {() => Point} [camera] How far the view is shifted from the world rectangle, world
 *   units (scenes whose subject walks off it). Part of the scene's state, moved only by solve and
 *   advance, so pause/step and links stay deterministic; read after each of them.
 * @property {() => void} dispose Frees what create() allocated (e.g. C++ objects).
 *
 * @typedef {Object} SceneDefinition
 * @property {string} id Name in links (`?scene=arm`) and in getState().scene.
 * @property {string} title Heading of the side panel.
 * @property {string} tabLabel Short name on the scene switcher's tab.
 * @property {string} summary One or two sentences under the heading.
 * @property {string} canvasLabel Accessible name of the canvas: what it shows and how to drive it
 *   with a pointer. The playground adds the keys (arrows, handle switch, every param's `key`).
 * @property {{pointer: readonly string[], touch: readonly string[]}} hints Short how-to lines shown under the canvas:
 *   `pointer` where a mouse and keyboard are the likely input (the playground adds the keys),
 *   `touch` on touch screens (gestures only).
 * @property {Rect} world World rectangle always visible, whatever the canvas size.
 * @property {number} gridSpacing Grid spacing in world units.
 * @property {boolean} [axes] Draw the world axes over the grid (default true); a scene whose
 *   camera roams (the spider) leaves them out: the ground is its reference.
 * @property {ParamSpec[]} params Settings with a control each.
 * @property {PointSpec[]} points Draggable points, most important first (it wins a tie when grabbed).
 * @property {HandleSpec[]} [handles] Handles the scene places itself, derived from its settings
 *   (the arm's pose ghost and tool tip): dragged with the pointer and reached with H like points,
 *   after them, but not settings of their own (a drag changes what they are derived from, through
 *   the instance's handles.drag()).
 * @property {string} keyboardPoint The point arrow keys move at first; H (or the on-screen handle
 *   button) switches them to the next point that can be grabbed now.
 * @property {number} [keyStep] World units an arrow key moves it (Shift: 5×); default 4.
 * @property {ReadoutSpec[]} readouts
 * @property {import('../model/settings.js').Normalize} [normalize] Keeps params that depend on each
 *   other in agreement after a change (the chain's rig).
 * @property {import('../model/link.js').StateSpec[]} [state] The scene's own state links carry (the
 *   live scene's link.restore() and link.state() handle it).
 * @property {(ik: any) => SceneInstance} create
 */

/** @type {SceneDefinition[]} Every registered scene, loaded (for Node and tests); the first is the default. */
export const SCENES = await loadScenes(SCENE_IDS);
