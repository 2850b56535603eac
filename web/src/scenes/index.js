/**
 * The scene registry. A scene is a plain definition (settings, world rectangle, readouts) plus
 * create(ik), which returns the live instance that solves, draws and reports. main.js knows
 * nothing scene-specific: adding a scene is writing its module and listing it in SCENES.
 */

import { arm } from './arm.js';

/**
 * @typedef {import('../settings.js').Settings} Settings
 * @typedef {import('../settings.js').ParamSpec} ParamSpec
 * @typedef {import('../settings.js').PointSpec} PointSpec
 * @typedef {import('../settings.js').Rect} Rect
 * @typedef {import('../view.js').View} View
 * @typedef {import('../draw.js').Theme} Theme
 *
 * @typedef {Object} ReadoutSpec A line in the readouts panel.
 * @property {string} name Key in the object readouts() returns.
 * @property {string} label Shown before the value.
 *
 * @typedef {Object} Readout
 * @property {string} text
 * @property {'ok' | 'warn'} [tone]
 *
 * @typedef {Object} DrawUi What the user is doing, for highlights.
 * @property {string | null} active Name of the point being dragged.
 * @property {string | null} hover Name of the point under the mouse.
 *
 * @typedef {Object} SceneInstance
 * @property {(dt: number, settings: Settings) => boolean} advance Moves time forward by dt seconds;
 *   true if that changed the picture (time-independent scenes return false and are not redrawn).
 * @property {(settings: Settings) => void} solve Recomputes the pose (every frame and every input).
 * @property {() => Record<string, unknown>} state Scene-specific part of getState() (e.g. result).
 * @property {(settings: Settings) => Record<string, Readout>} readouts Texts for the readout panel.
 * @property {(ctx: CanvasRenderingContext2D, view: View, theme: Theme, settings: Settings, ui: DrawUi) => void} draw
 * @property {(name: string, pointerType: string) => number} hitRadius Grab radius of a point, CSS px.
 * @property {(key: string, settings: Settings) => Record<string, unknown> | null} shortcut
 *   A key pressed on the canvas; returns a partial state to apply, or null.
 * @property {(x: number) => number} [groundHeight] Terrain height under world x (scenes with terrain).
 * @property {() => void} dispose Frees what create() allocated (e.g. C++ objects).
 *
 * @typedef {Object} SceneDefinition
 * @property {string} id Name in links (`?scene=arm`) and in getState().scene.
 * @property {string} title Heading of the side panel.
 * @property {string} summary One or two sentences under the heading.
 * @property {string} canvasLabel Accessible name of the canvas: what it shows and how to drive it.
 * @property {string[]} hints Short how-to lines shown under the canvas.
 * @property {Rect} world World rectangle always visible, whatever the canvas size.
 * @property {number} gridSpacing Grid spacing in world units.
 * @property {ParamSpec[]} params Settings with a control each.
 * @property {PointSpec[]} points Draggable points, most important first (it wins a tie when grabbed).
 * @property {string} keyboardPoint The point arrow keys move.
 * @property {ReadoutSpec[]} readouts
 * @property {(ik: any) => SceneInstance} create
 */

/** @type {SceneDefinition[]} Registered scenes; the first is the default. */
export const SCENES = [arm];
