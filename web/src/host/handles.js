/**
 * The scene's handles and what pointer and keys do with them: which handle a press grabs, the drag
 * that follows, which handle the arrow keys move (H switches), and the keys' actions. Every one of
 * them ends in a change handed to the playground (`host.change`), which validates, solves and marks
 * the frame to be drawn; nothing here draws.
 *
 * Handles are the scene's points (settings) and the handles it derives from its settings (the
 * arm's pose ghost), most important first: a press within reach of several grabs the first.
 */

import { attachKeyboard, attachPointer } from './input.js';
import { HANDLE_KEY, RUN_KEY, STEP_KEY, arrowSteps } from './keys.js';
import { keyedValue } from '../model/settings.js';

/**
 * @typedef {import('../model/settings.js').Point} Point
 * @typedef {import('../model/settings.js').Settings} Settings
 * @typedef {import('../scenes/index.js').SceneDefinition} SceneDefinition
 * @typedef {import('../scenes/index.js').SceneInstance} SceneInstance
 * @typedef {import('../draw/view.js').View} View
 *
 * @typedef {Object} HandleHost What the handles need of the playground.
 * @property {() => {definition: SceneDefinition, scene: SceneInstance, settings: Settings}} current
 *   The scene shown now and its settings.
 * @property {View} view
 * @property {(partial: Record<string, unknown>) => void} change Validates, solves, marks the frame.
 * @property {() => void} redraw Marks the frame to be drawn (a highlight changed).
 * @property {() => void} wake The reader is here: a play control waiting for them goes away.
 * @property {() => void} keyHandleChanged The handle the keys move changed (hints name it).
 * @property {() => import('./keys.js').KeyAction[]} actions The scene's keys (keys.js).
 * @property {() => void} stepOnce One solver step (step-through).
 * @property {() => boolean} runOnce Leaves step-through; false when not stepping.
 */

/**
 * Listens to pointer and keys on the canvas and routes them to changes.
 * @param {HTMLCanvasElement} canvas
 * @param {HandleHost} host
 * @param {{touchScrolls: boolean}} options touchScrolls: a swipe not on a handle scrolls the page.
 */
export function createHandles(canvas, host, { touchScrolls }) {
  const { view } = host;
  /** Every handle of the scene (handlesOf), built once per scene: hover and drawing ask every frame. */
  let handles = handlesOf(host.current().definition);
  /** The handle the arrow keys move (H or the handle tool switches it). */
  let keyHandle = host.current().definition.keyboardPoint;
  /** True while the canvas has keyboard focus: the key handle is highlighted then. */
  let keyboardFocus = false;
  /** @type {{active: string | null, hover: string | null}} What is dragged and hovered, for highlights. */
  const ui = { active: null, hover: null };
  /** @type {{name: string, offset: Point} | null} */
  let drag = null;

  /**
   * Where a handle is now, world units: a point's setting, or where the scene places a derived
   * handle (null: not shown now).
   * @param {string} name
   * @returns {Point | null}
   */
  function handlePosition(name) {
    const { scene, settings } = host.current();
    if (name in settings.points) return settings.points[name];
    return scene.handles?.at(name, settings) ?? null;
  }

  /** Handles the arrow keys can move now: the scene's keyboard point and whatever can be grabbed. */
  function movableHandles() {
    const { definition, scene } = host.current();
    return handles.filter((spec) => spec.name === definition.keyboardPoint
      || (scene.hitRadius(spec.name, 'mouse') > 0 && handlePosition(spec.name) !== null));
  }

  /** The handle the arrow keys move now (the keyboard point when the chosen one cannot move now). */
  function keyHandleSpec() {
    const { definition } = host.current();
    const movable = movableHandles();
    return movable.find((spec) => spec.name === keyHandle)
      ?? movable.find((spec) => spec.name === definition.keyboardPoint) ?? definition.points[0];
  }

  /** Selects the next movable handle for the arrow keys. */
  function switchHandle() {
    const movable = movableHandles();
    const at = movable.findIndex((spec) => spec.name === keyHandleSpec().name);
    keyHandle = movable[(at + 1) % movable.length].name;
    host.keyHandleChanged();
    host.redraw();
  }

  /**
   * Moves a handle to a world position: a point is kept inside the scene (a drag past the edge);
   * a derived handle changes what the scene derives it from (scene.handles.drag).
   * @param {string} name
   * @param {Point} world
   */
  function movePoint(name, world) {
    const { scene, settings } = host.current();
    if (!(name in settings.points)) {
      if (scene.handles) host.change(scene.handles.drag(name, world, settings));
      return;
    }
    // What else taking hold of it changes is the scene's (a target on a path leaves the path).
    host.change({ ...scene.take?.(name, settings), [name]: { x: world.x, y: world.y } });
  }

  /**
   * The handle a client position grabs, if any: the first (most important) one in reach.
   * @param {Point} client
   * @param {string} pointerType
   */
  function pointAt(client, pointerType) {
    const { scene } = host.current();
    for (const spec of handles) {
      const world = handlePosition(spec.name);
      if (!world) continue;
      const at = view.worldToClient(world);
      const radius = scene.hitRadius(spec.name, pointerType); // 0: not draggable now.
      if (radius > 0 && Math.hypot(at.x - client.x, at.y - client.y) <= radius) {
        return spec.name;
      }
    }
    return null;
  }

  attachPointer(canvas, {
    begin(client, pointerType) {
      host.wake();
      const { definition, scene, settings } = host.current();
      const world = view.clientToWorld(client);
      const grabbed = pointAt(client, pointerType);
      if (grabbed) {
        // Keep the grab offset so the handle doesn't jump under the pointer.
        const point = /** @type {Point} */ (handlePosition(grabbed));
        drag = { name: grabbed, offset: { x: point.x - world.x, y: point.y - world.y } };
      } else {
        const perPixel = 1 / view.scale();
        const claim = scene.panel?.press(world, settings, { pointerType, perPixel }) ?? null;
        if (claim) {
          // A press the scene takes (a mark in a panel of its own): its change, then its drag.
          if (claim.change) host.change(claim.change);
          const at = claim.drag ? handlePosition(claim.drag) : null;
          drag = claim.drag ? { name: claim.drag, offset: { x: 0, y: 0 } } : null;
          if (drag && claim.jump) movePoint(drag.name, world);
          else if (drag && at) drag.offset = { x: at.x - world.x, y: at.y - world.y };
        } else {
          // Pressing anywhere else moves the main point there and drags it from there.
          drag = { name: definition.keyboardPoint, offset: { x: 0, y: 0 } };
          movePoint(drag.name, world);
        }
      }
      if (!drag) return;
      ui.active = drag.name;
      ui.hover = null;
      delete canvas.dataset.hover;
      canvas.dataset.dragging = drag.name;
      host.redraw();
    },
    move(client) {
      if (!drag) return;
      const world = view.clientToWorld(client);
      movePoint(drag.name, { x: world.x + drag.offset.x, y: world.y + drag.offset.y });
    },
    end() {
      drag = null;
      ui.active = null;
      delete canvas.dataset.dragging;
      host.redraw();
    },
    hover(client) {
      const over = client ? pointAt(client, 'mouse') : null;
      if (over !== ui.hover) {
        ui.hover = over;
        if (over) canvas.dataset.hover = over;
        else delete canvas.dataset.hover;
        host.redraw();
      }
    },
  }, { touchScrolls, grabs: (client, pointerType) => pointAt(client, pointerType) !== null });

  attachKeyboard(canvas, {
    nudge(dx, dy, large) {
      host.wake();
      const { step, large: largeStep } = arrowSteps(host.current().definition);
      const by = large ? largeStep : step;
      const { name } = keyHandleSpec();
      const point = handlePosition(name);
      if (point) movePoint(name, { x: point.x + dx * by, y: point.y + dy * by });
    },
    shortcut(key) {
      host.wake();
      const pressed = key.length === 1 ? key.toLowerCase() : key;
      const action = host.actions().find((candidate) => candidate.key === pressed);
      if (!action) return false;
      if (action.param) {
        const { name } = action.param;
        host.change({ params: { [name]: keyedValue(action.param, host.current().settings.params[name]) } });
        return true;
      }
      if (action.key === HANDLE_KEY) switchHandle();
      else if (action.key === STEP_KEY) host.stepOnce();
      else if (action.key === RUN_KEY) return host.runOnce();
      return true;
    },
  });
  canvas.addEventListener('focus', () => {
    keyboardFocus = canvas.matches(':focus-visible');
    host.redraw();
  });
  canvas.addEventListener('blur', () => {
    keyboardFocus = false;
    host.redraw();
  });

  return {
    /** Every handle of the scene, most important first. */
    all: () => handles,
    /** The handle the arrow keys move now. */
    keyHandle: keyHandleSpec,
    switchHandle,
    /** The handle being dragged, if any (a scene's own moves leave it where the pointer holds it). */
    dragging: () => drag?.name ?? null,
    /**
     * What to highlight: the dragged and hovered handles; with keyboard focus on the canvas, the
     * handle the arrows move is highlighted as if hovered.
     * @returns {{active: string | null, hover: string | null}}
     */
    highlights() {
      const keyboardHover = keyboardFocus && !ui.active ? keyHandleSpec().name : null;
      return { active: ui.active, hover: ui.hover ?? keyboardHover };
    },
    /** A new scene (a switch or Reset): its handles, nothing held, the keys on its keyboard point. */
    mount() {
      const { definition } = host.current();
      handles = handlesOf(definition);
      drag = null;
      ui.active = null;
      ui.hover = null;
      keyHandle = definition.keyboardPoint;
    },
  };
}

/**
 * Every handle of a scene: its points (settings), then the handles it places itself (derived from
 * its settings, such as the arm's pose ghost), most important first.
 * @param {SceneDefinition} definition
 * @returns {ReadonlyArray<{name: string, label: string}>}
 */
function handlesOf(definition) {
  return Object.freeze([...definition.points, ...(definition.handles ?? [])]);
}
