// ik2d_api_core.js: what makes the JS face (ik2d_api.js, appended after this file) the light core
// module, dist/ik2d-core.js: its .wasm, and no parts beyond solveTwoBone, Chain and stats().

/** Where this module's WebAssembly file is: beside the module (a literal, so bundlers see it). */
function ik2dWasmUrl() {
  return new URL('ik2d-core.wasm', import.meta.url);
}

/** The core module adds no parts to the core face. */
const ik2dParts = [];
