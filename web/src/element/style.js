/**
 * The styles of <ik2d-scene> (element.js), adopted by every element's shadow root as one
 * constructed stylesheet: no <style> markup and no style="" attribute, so a host page whose
 * Content-Security-Policy allows no inline styles runs it, and no request for a stylesheet.
 *
 * They are the page's own files of web/styles/, joined at build time (esbuild reads each .css
 * import as its text): the tokens, the base, buttons, the stage, the readouts and the embed view,
 * then element.css, what differs in an element. Nothing here is a copy of a page's rule.
 */

import base from '../../styles/base.css';
import controls from '../../styles/controls.css';
import element from '../../styles/element.css';
import embed from '../../styles/embed.css';
import readouts from '../../styles/readouts.css';
import stage from '../../styles/stage.css';
import tokens from '../../styles/tokens.css';

export const ELEMENT_CSS = [tokens, base, controls, stage, readouts, embed, element].join('\n');
