/**
 * The pictures-on-bones example's script (bone-art.html): the elements' load events are kept and
 * mark the page ready (scene-events.js). It runs before ik2d-element.js.
 */
import { keepSceneEvents } from './scene-events.js';

keepSceneEvents();
