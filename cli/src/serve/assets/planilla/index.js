// planilla-wasm: planilla's checks in JavaScript, in the browser or in Node, with no server.
// The WebAssembly is the Rust crate `planilla-web` (the repository's web/), the same build the
// desk of `planilla serve` runs; every function answers the JSON the command line writes.
import init, { initSync, answer as rawAnswer, version as rawVersion } from './planilla_web.js';

const wasm = new URL('./planilla_web_bg.wasm', import.meta.url);
if (globalThis.process?.versions?.node) {
  const { readFileSync } = await import('node:fs');
  initSync({ module: readFileSync(wasm) });
} else {
  await init({ module_or_path: wasm });
}

/** An error of the API: `status` is the HTTP status `planilla serve` would give (400, 404). */
export class PlanillaError extends Error {
  constructor(status, message) {
    super(message);
    this.name = 'PlanillaError';
    this.status = status;
  }
}

/**
 * Answers `request` (an object, as posted to `/api/ROUTE` of `planilla serve`) for `route`
 * (`check`, `convert`, `reconcile`, `compare`, `decode` or `sealed`): `{status, contentType, body}`,
 * where `body` is the JSON (or PGN) text. Never throws.
 */
export function answer(route, request) {
  const a = rawAnswer(route, JSON.stringify(request));
  const found = { status: a.status, contentType: a.contentType, body: a.body };
  a.free();
  return found;
}

function call(route, request) {
  const a = answer(route, request);
  if (a.status !== 200) {
    let message = a.body;
    try { message = JSON.parse(a.body).error; } catch (_) { /* not JSON */ }
    throw new PlanillaError(a.status, message);
  }
  return a.contentType.startsWith('application/json') ? JSON.parse(a.body) : a.body;
}

/**
 * Checks every game of `text`: the document of `planilla check --json` (`{games: [...]}`).
 * `options`: `letters`, `edition`, `lenient`, `messages`, `notation`, `fen`, `reconstruct`.
 */
export function check(text, options = {}) {
  return call('check', { ...options, text });
}

/** Converts every game of `text` to PGN, as `planilla convert` does. Options as `check`'s. */
export function convert(text, options = {}) {
  return call('convert', { ...options, text });
}

/**
 * Rules on a sealed move: the JSON of `planilla sealed --json`. `request`: `fen` and `move`,
 * or `game` and `ply` (and optionally `move`); optionally `effort` and the settings.
 */
export function sealed(request) {
  return call('sealed', request);
}

/** Reconciles White's and Black's scoresheets: the JSON of `planilla reconcile --json`. */
export function reconcile(white, black, options = {}) {
  return call('reconcile', { ...options, white, black });
}

/** Compares a scoresheet with the board's record (PGN): `planilla compare --json`. */
export function compare(sheet, record, options = {}) {
  return call('compare', { ...options, sheet, record });
}

/**
 * Decodes a handwriting recognizer's candidates into the most probable legal game: the JSON of
 * `planilla decode --json` for one sheet. `sheet`: an array of cells (each an array of
 * `[text, probability]` pairs, best first; `[]` for a blank box), an object
 * `{cells, fen, lang}`, or one NDJSON line as a string. `options`: `lang` (the letters, `es` by
 * default; the sheet's own `lang` overrides it), `fen`, `alternatives` (8 by default),
 * `messages`. As Python's `planilla.decode`.
 */
export function decode(sheet, options = {}) {
  const { lang, ...rest } = options;
  const request = { ...rest, sheet: typeof sheet === 'string' ? JSON.parse(sheet) : sheet };
  if (lang !== undefined) request.letters = lang;
  return call('decode', request);
}

/** The version of planilla that built the WebAssembly. */
export const version = rawVersion();
