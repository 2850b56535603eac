/**
 * The playground's pictures on the bones (docs/playground.md, "Pictures on the bones"): a picture
 * file dropped on the canvas goes on the bone nearest the drop point (within DROP_DISTANCE CSS px;
 * else a notice), in the scene it was dropped in, replacing the picture that bone had. It stays in
 * this page: read into a data: URL (the page's img-src allows data:, not blob:), never uploaded,
 * stored or put in a link. **Remove pictures** (shown while there are some) takes them all away.
 * Only the playground page wires this (main.js); the embed view and the element do not.
 */

import { nearestBone } from '../draw/bone-art.js';

/** How far from a bone a drop may land and still be on it, CSS px. */
export const DROP_DISTANCE = 24;

/**
 * Reads a picture file into a decoded <img>.
 * @param {File} file
 * @returns {Promise<HTMLImageElement>}
 */
function readPicture(file) {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.onload = () => {
      const image = new Image();
      image.src = String(reader.result);
      image.decode().then(() => resolve(image), () => reject(new Error('it is not a picture this browser can show')));
    };
    reader.readAsDataURL(file);
  });
}

/**
 * Wires dropping pictures on the canvas.
 * @param {Object} options
 * @param {HTMLCanvasElement} options.canvas
 * @param {{api: import('../host/playground.js').Playground,
 *   setArt: (art: readonly import('../draw/bone-art.js').BoneArt[]) => void,
 *   bones: () => import('../draw/bone-art.js').Bone[]}} options.playground
 * @param {(notices: string[]) => void} options.showNotices
 * @param {HTMLButtonElement | null} options.removeButton Shown while there are pictures.
 */
export function wirePictureDrop({ canvas, playground, showNotices, removeButton }) {
  const { api } = playground;
  /** The pictures by scene, then bone. @type {Map<string, Map<number, import('../draw/bone-art.js').BoneArt>>} */
  const pictures = new Map();

  function update() {
    const art = [...pictures.values()].flatMap((bones) => [...bones.values()]);
    playground.setArt(art);
    if (removeButton) removeButton.hidden = art.length === 0;
  }

  canvas.addEventListener('dragover', (event) => {
    if (!event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  });
  canvas.addEventListener('drop', async (event) => {
    if (!event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    const file = [...event.dataTransfer.files].find((f) => f.type.startsWith('image/'));
    if (!file) {
      showNotices(['Drop a picture file (PNG, JPEG, GIF, WebP or SVG) on a bone']);
      return;
    }
    const scene = String(api.getState().scene);
    const segments = playground.bones().map((bone) => ({
      a: api.worldToClient({ x: bone.x0, y: bone.y0 }), b: api.worldToClient({ x: bone.x1, y: bone.y1 }),
    }));
    if (segments.length === 0) {
      showNotices([`The ${scene} scene has no bones to put a picture on (the arm, the chain, the puppet and the spider have)`]);
      return;
    }
    const bone = nearestBone(segments, { x: event.clientX, y: event.clientY }, DROP_DISTANCE);
    if (bone < 0) {
      showNotices(['Drop the picture on a bone']);
      return;
    }
    let image;
    try {
      image = await readPicture(file);
    } catch (error) {
      showNotices([`Could not show ${file.name}: ${error instanceof Error ? error.message : String(error)}`]);
      return;
    }
    if (!pictures.has(scene)) pictures.set(scene, new Map());
    pictures.get(scene)?.set(bone, { bone, image, origin: null, scene });
    update();
  });
  removeButton?.addEventListener('click', () => {
    pictures.clear();
    update();
    canvas.focus();
  });
}
