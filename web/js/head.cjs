// planilla: chess scoresheets in Spanish algebraic notation, read, checked and converted to
// SAN/PGN in JavaScript, with no server. This is the package's CommonJS module for Node
// (`require('planilla')`; index.mjs wraps it for `import`): the WebAssembly is read from this
// folder and started synchronously, so every call is ready at once. Built by
// scripts/build_web.sh from web/js/ of the repository; do not edit it here.
'use strict';

const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const glueFile = require.resolve('./planilla_web.cjs');
const compiled = new WebAssembly.Module(readFileSync(join(__dirname, 'planilla_web_bg.wasm')));
let glue = require(glueFile);
glue.initSync({ module: compiled });

/** Starts a new instance of the WebAssembly, after a trap: the glue is loaded again. */
function restart() {
  delete require.cache[glueFile];
  glue = require(glueFile);
  glue.initSync({ module: compiled });
}

/** Whether the WebAssembly is loaded: in Node, from the start. */
function isReady() {
  return true;
}

/** Resolves at once: in Node the WebAssembly is loaded when the package is. */
function init() {
  return Promise.resolve();
}

/** Does nothing: in Node the WebAssembly is loaded when the package is. */
function initSync() {}

