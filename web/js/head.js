// planilla: chess scoresheets in Spanish algebraic notation, read, checked and converted to
// SAN/PGN in JavaScript, with no server. This is the package's ES module for browsers and
// bundlers (the `browser` and `default` conditions of package.json): the WebAssembly is
// fetched by `await init()`, once, before any other call. Node loads index.cjs (require) or
// index.mjs (import) instead, which are ready at once. Built by scripts/build_web.sh from
// web/js/ of the repository; do not edit it here.
import loadWasm, * as glue from './planilla_web.js';

let loading = null;
let loaded = false;

/** Whether the WebAssembly is loaded. */
function isReady() {
  return loaded;
}

/**
 * Loads the WebAssembly; resolves when every call can run. `source` (optional): where the
 * module is (a URL or its text, a Request or Response) or the module itself (its bytes, or a
 * WebAssembly.Module); by default `planilla_web_bg.wasm` next to this file. Calling it again
 * returns the same promise.
 */
function init(source) {
  if (!loading) {
    const module_or_path = source === undefined ? new URL('./planilla_web_bg.wasm', import.meta.url) : source;
    loading = loadWasm({ module_or_path }).then(
      () => { loaded = true; },
      (e) => { loading = null; throw e; },
    );
  }
  return loading;
}

/** Starts a new instance of the WebAssembly, after a trap. */
function restart() {
  glue.__wbg_reset_state();
}

/** Loads the WebAssembly from its bytes or a WebAssembly.Module, at once. */
function initSync(source) {
  if (!loaded) {
    glue.initSync({ module: source });
    loaded = true;
    loading = Promise.resolve();
  }
}

