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

// ---------------------------------------------------------------------------------------------
// The calls, the same in every build (web/js/api.js; scripts/build_web.sh puts it between the
// build's own head, which loads the WebAssembly as `glue`, and its exports).
// ---------------------------------------------------------------------------------------------

/** The version of planilla that built the WebAssembly. */
const version = '0.1.0';

/** The piece letters of a sheet (FIDE Appendix E3; C.3). */
const LETTERS = ['es', 'en', 'fr', 'de', 'it', 'pt', 'nl', 'ca'];
/** The formats of `convert` (`planilla convert --to`). */
const FORMATS = ['pgn', 'es', 'figurine', 'json', 'descriptiva', 'descriptive'];
/** The settings every call takes, as Python's keyword arguments. */
const SETTINGS = ['lang', 'letters', 'edition', 'lenient', 'messages', 'notation'];
/** The longest piece of a text given to the WebAssembly at once, in UTF-16 units. */
const SLICE = 1 << 20;

/** An error of planilla: `code` says which (`setting`, `fen`, `input`, `too-large`, …). */
class PlanillaError extends Error {
  constructor(message, code = 'planilla', options) {
    super(message, options);
    this.name = 'PlanillaError';
    this.code = code;
  }
}

/** An option that is unknown or has a value planilla does not take (code `setting`). */
class SettingError extends PlanillaError {
  constructor(message, code = 'setting', options) {
    super(message, code, options);
    this.name = 'SettingError';
  }
}

/** A FEN (the option `fen`) that gives no legal position (code `fen`). */
class FenError extends SettingError {
  constructor(message, options) {
    super(message, 'fen', options);
    this.name = 'FenError';
  }
}

/**
 * An input the call cannot answer (code `input`): sheets that cannot be reconciled, a sealed
 * move with no position, a recognizer's sheet that does not read; or, with code `too-large`,
 * an answer longer than a JavaScript string (stream it instead) or 256 MiB of input with no
 * end of a game in it.
 */
class InputError extends PlanillaError {
  constructor(message, code = 'input', options) {
    super(message, code, options);
    this.name = 'InputError';
  }
}

/**
 * The WebAssembly is not ready (code `not-initialized`: in a browser, `await init()` first)
 * or stopped on an internal error (code `engine`; it is started again for the next call).
 */
class EngineError extends PlanillaError {
  constructor(message, code = 'engine', options) {
    super(message, code, options);
    this.name = 'EngineError';
  }
}

/** `es` or `en` for a call's options: English only when `messages` is `en`. */
function languageOf(options) {
  return options && typeof options === 'object' && options.messages === 'en' ? 'en' : 'es';
}

/** The text in the language `lang`: `[es, en]`. */
function say(lang, es, en) {
  return lang === 'en' ? en : es;
}

/** `a, b o c` / `a, b or c`. */
function list(lang, names) {
  const quoted = names.map((n) => JSON.stringify(n));
  return `${quoted.slice(0, -1).join(', ')} ${say(lang, 'o', 'or')} ${quoted[quoted.length - 1]}`;
}

/** Refuses an option's value. */
function refuse(lang, name, value, es, en) {
  let shown;
  try { shown = typeof value === 'string' ? JSON.stringify(value) : String(value); } catch (_) { shown = typeof value; }
  return new SettingError(`${name}: ${say(lang, es, en)} (${say(lang, 'se dio', 'given')} ${shown})`);
}

/** A value of `allowed`, or the option's default when missing. */
function oneOf(lang, name, value, allowed, fallback) {
  if (value === undefined) return fallback;
  if (!allowed.includes(value)) {
    throw refuse(lang, name, value, `se esperaba ${list('es', allowed)}`, `expected ${list('en', allowed)}`);
  }
  return value;
}

/** A boolean option. */
function flag(lang, name, value) {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') {
    throw refuse(lang, name, value, 'se esperaba true o false', 'expected true or false');
  }
  return value;
}

/** A text option (`fen`, `move`, …), or `undefined`. */
function textOption(lang, name, value) {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    throw refuse(lang, name, value, 'se esperaba una cadena', 'expected a string');
  }
  return value;
}

/** A whole number option ≥ `min`, or `undefined`. */
function whole(lang, name, value, min = 0) {
  if (value === undefined || value === null) return undefined;
  if (!Number.isInteger(value) || value < min || value > 0xffffffff) {
    throw refuse(lang, name, value, `se esperaba un entero desde ${min}`, `expected a whole number from ${min}`);
  }
  return value;
}

/**
 * The settings of `options` (as Python's keyword arguments: `lang`, `edition`, `lenient`,
 * `messages`, `notation`; `letters` is the deprecated name of `lang`), checked, with `own`
 * the call's other option names; throws a SettingError for an unknown option or a bad value.
 */
function settingsOf(options, own) {
  if (options === undefined || options === null) options = {};
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new SettingError(say('es', 'las opciones deben ser un objeto', 'the options must be an object'));
  }
  const lang = languageOf(options);
  for (const key of Object.keys(options)) {
    if (!SETTINGS.includes(key) && !own.includes(key)) {
      const known = [...SETTINGS.filter((k) => k !== 'letters'), ...own].join(', ');
      throw new SettingError(say(lang, `opción desconocida \`${key}\` (se conocen: ${known})`,
        `unknown option \`${key}\` (known: ${known})`));
    }
  }
  if (options.lang !== undefined && options.letters !== undefined && options.lang !== options.letters) {
    throw new SettingError(say(lang, 'lang y letters (su nombre antiguo) dicen letras distintas',
      'lang and letters (its old name) name different letters'));
  }
  const letters = options.lang !== undefined ? options.lang : options.letters;
  const edition = options.edition === undefined ? 2023 : options.edition;
  if (![2005, 2018, 2023].includes(edition)) {
    throw refuse(lang, 'edition', edition, 'se esperaba 2005, 2018 o 2023', 'expected 2005, 2018 or 2023');
  }
  return {
    lang,
    settings: {
      letters: oneOf(lang, options.lang !== undefined ? 'lang' : 'letters', letters, LETTERS, 'es'),
      edition,
      lenient: flag(lang, 'lenient', options.lenient),
      messages: oneOf(lang, 'messages', options.messages, ['es', 'en'], 'es'),
      notation: oneOf(lang, 'notation', options.notation, ['algebraic', 'descriptive', 'auto'], 'auto'),
    },
  };
}

/** The error a refusal of the API or of the checker (`{code, message}`) stands for. */
function refusalError(code, message) {
  if (code === 'fen' || /^fen: /.test(message)) return new FenError(message);
  if (code === 'setting') return new SettingError(message);
  if (code === 'too-large') return new InputError(message, 'too-large');
  return new InputError(message);
}

/** Whether the WebAssembly trapped on `e` (it is then started again). */
function recover(e) {
  if (typeof WebAssembly !== 'undefined' && e instanceof WebAssembly.RuntimeError) {
    try { restart(); } catch (_) { /* the next call says */ }
    return true;
  }
  return false;
}

/** Throws an EngineError when the WebAssembly is not loaded yet (a browser before `init()`). */
function ensureReady(lang) {
  if (!isReady()) {
    throw new EngineError(say(lang, 'planilla no está listo: llame antes a `await init()`',
      'planilla is not ready: call `await init()` first'), 'not-initialized');
  }
}

/** Runs `f` on the WebAssembly: a trap or a string too long for JavaScript as planilla's error. */
function guarded(lang, f) {
  ensureReady(lang);
  try {
    return f();
  } catch (e) {
    if (e instanceof PlanillaError) throw e;
    if (recover(e)) {
      throw new EngineError(say(lang, `el motor de planilla se detuvo por un error interno (${e.message}); se ha reiniciado`,
        `planilla's engine stopped on an internal error (${e.message}); it was restarted`), 'engine', { cause: e });
    }
    if (e instanceof RangeError) {
      throw new InputError(say(lang, 'la respuesta es más larga que una cadena de JavaScript: use checkStream o convertStream',
        'the answer is longer than a JavaScript string: use checkStream or convertStream'), 'too-large', { cause: e });
    }
    throw e;
  }
}

/**
 * Answers `request` (an object, or its JSON text, as posted to `/api/ROUTE` of `planilla
 * serve`) for `route` (`check`, `convert`, `reconcile`, `compare`, `decode` or `sealed`):
 * `{status, contentType, body}`, where `body` is the JSON (or PGN) text the server would
 * answer, its limits included (413 past 5 MiB). Never throws: a request that is no JSON gets
 * 400, an engine not ready 503, an internal error 500, each with `{"error": "…"}`.
 */
function answer(route, request) {
  let lang = 'es';
  try {
    lang = languageOf(request);
  } catch {
    // A `messages` getter that throws: the answer is in Spanish, the default.
  }
  const failed = (status, message) => ({
    status,
    contentType: 'application/json',
    body: JSON.stringify({ error: message }),
  });
  let body;
  try {
    body = typeof request === 'string' ? request : JSON.stringify(request === undefined ? {} : request);
  } catch (e) {
    if (e instanceof RangeError) {
      return failed(413, say(lang, 'el cuerpo es demasiado largo', 'the body is too long'));
    }
    return failed(400, say(lang, `el cuerpo no es JSON: ${e && e.message}`, `the body is not JSON: ${e && e.message}`));
  }
  if (!isReady()) {
    return failed(503, say(lang, 'planilla no está listo: llame antes a `await init()`',
      'planilla is not ready: call `await init()` first'));
  }
  try {
    const a = glue.answer(String(route), body);
    try {
      return { status: a.status, contentType: a.contentType, body: a.body };
    } finally {
      a.free();
    }
  } catch (e) {
    recover(e);
    if (e instanceof RangeError) {
      return failed(413, say(lang, 'la respuesta es más larga que una cadena de JavaScript',
        'the answer is longer than a JavaScript string'));
    }
    return failed(500, say(lang, `error interno: ${e && e.message}`, `internal error: ${e && e.message}`));
  }
}

/** Calls the API: the answer's JSON (or text), or planilla's error for a refusal. */
function call(route, request, lang) {
  ensureReady(lang);
  const a = answer(route, request);
  if (a.status === 200) {
    return a.contentType.startsWith('application/json') ? JSON.parse(a.body) : a.body;
  }
  let message = a.body;
  try { message = JSON.parse(a.body).error; } catch (_) { /* not JSON */ }
  // Refusals of a request's shape are prevented by the checks above; should one come, its
  // HTTP wording goes.
  message = String(message).replace(/^(el cuerpo no es (válido|JSON|un objeto JSON)|the body is not (valid|JSON|a JSON object)): /, '');
  if (a.status === 413) throw new InputError(message, 'too-large');
  if (a.status === 500) throw new EngineError(message);
  if (a.status === 503) throw new EngineError(message, 'not-initialized');
  throw refusalError('', message);
}

/** The options of `check`, `checkStream`, `convert` and `convertStream`, checked. */
function sheetOptions(options, convert) {
  const own = convert ? ['fen', 'reconstruct', 'to', 'diagnostics'] : ['fen', 'reconstruct'];
  const { lang, settings } = settingsOf(options, own);
  const o = options || {};
  const to = convert ? oneOf(lang, 'to', o.to, FORMATS, 'pgn') : '';
  const reconstruct = flag(lang, 'reconstruct', o.reconstruct);
  if (reconstruct && convert && to !== 'pgn') {
    throw new SettingError(say(lang, 'reconstruct: la reconstrucción se escribe solo en PGN (to: \'pgn\')',
      'reconstruct: a reconstruction is written as PGN only (to: \'pgn\')'));
  }
  return {
    lang,
    settings,
    fen: textOption(lang, 'fen', o.fen) || '',
    reconstruct,
    to,
    diagnostics: convert ? flag(lang, 'diagnostics', o.diagnostics) : false,
  };
}

/** A checker of the WebAssembly for checked options (`to`: `''` for JSON objects). */
function newChecker(o, to) {
  const s = o.settings;
  const checker = new glue.Checker(s.letters, s.edition, s.lenient, s.messages, s.notation,
    o.fen, o.reconstruct, to, o.diagnostics);
  const refused = checker.error;
  if (refused !== undefined && refused !== null) {
    checker.free();
    const { code, message } = JSON.parse(refused);
    throw refusalError(code, message);
  }
  return checker;
}

/** The pieces of a text no longer than SLICE, none cutting a surrogate pair. */
function* slices(text) {
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + SLICE, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    yield text.slice(start, end);
    start = end;
  }
}

/** The bytes or text of one block of input, as the checker takes it. */
function blockOf(block, lang) {
  if (typeof block === 'string' || block instanceof Uint8Array) return block;
  if (block instanceof ArrayBuffer) return new Uint8Array(block);
  if (ArrayBuffer.isView(block)) return new Uint8Array(block.buffer, block.byteOffset, block.byteLength);
  throw new InputError(say(lang, `la entrada debe dar cadenas o bytes, no ${typeof block}`,
    `the input must give strings or bytes, not ${typeof block}`));
}

/** The pieces of a block (a string or bytes) no longer than SLICE. */
function* piecesOf(block) {
  if (typeof block === 'string') {
    yield* slices(block);
  } else {
    for (let start = 0; start < block.length; start += SLICE) yield block.subarray(start, start + SLICE);
  }
}

/** Gives `piece` (a string or bytes) to `checker`. */
function push(checker, piece) {
  if (typeof piece === 'string') checker.pushText(piece);
  else checker.push(piece);
}

/** Gives every game `checker` has whole to `each`; throws when it stopped on its input. */
function drain(checker, each) {
  for (let game = checker.next(); game !== undefined; game = checker.next()) each(game);
  const refused = checker.error;
  if (refused !== undefined && refused !== null) {
    const { code, message } = JSON.parse(refused);
    throw refusalError(code, message);
  }
}

/** Every game of `text` (a string or bytes), through a checker, to `each`. */
function checkWhole(text, o, to, each) {
  guarded(o.lang, () => {
    const checker = newChecker(o, to);
    try {
      for (const piece of piecesOf(blockOf(text, o.lang))) {
        push(checker, piece);
        drain(checker, each);
      }
      checker.finish();
      drain(checker, each);
    } finally {
      checker.free();
    }
  });
}

/** The text argument of a call: a string, or bytes (UTF-8). */
function textArgument(text, lang) {
  if (typeof text === 'string' || text instanceof Uint8Array || text instanceof ArrayBuffer || ArrayBuffer.isView(text)) return text;
  throw new InputError(say(lang, `text: se esperaba una cadena o bytes, no ${text === null ? 'null' : typeof text}`,
    `text: expected a string or bytes, not ${text === null ? 'null' : typeof text}`));
}

/**
 * Checks every game of `text` (a string, or UTF-8 bytes): the document of `planilla check
 * --json`, `{games: [...]}`. `options`: `lang`, `edition`, `lenient`, `messages`, `notation`,
 * `fen`, `reconstruct`. For a large text, `checkStream` holds one game at a time.
 */
function check(text, options) {
  const o = sheetOptions(options, false);
  textArgument(text, o.lang);
  const games = [];
  checkWhole(text, o, '', (game) => games.push(JSON.parse(game)));
  return { games };
}

/**
 * Converts every game of `text` as `planilla convert --to FORMAT` does: `options.to` is `pgn`
 * (the default), `es`, `figurine`, `json` (the document of `check`, as text), `descriptiva`
 * or `descriptive`; `diagnostics` writes every diagnostic as a PGN comment; the rest as
 * `check`'s.
 */
function convert(text, options) {
  const o = sheetOptions(options, true);
  textArgument(text, o.lang);
  const parts = [];
  const json = o.to === 'json';
  checkWhole(text, o, json ? '' : o.to, (game) => parts.push(game));
  return guarded(o.lang, () => {
    try {
      return json ? `{"games":[${parts.join(',')}]}\n` : parts.join('');
    } catch (e) {
      if (e instanceof RangeError) {
        throw new InputError(say(o.lang, 'la conversión es más larga que una cadena de JavaScript: use convertStream',
          'the conversion is longer than a JavaScript string: use convertStream'), 'too-large', { cause: e });
      }
      throw e;
    }
  });
}

/**
 * The blocks of a source: a string, bytes, a Blob, a web ReadableStream, a Node Readable or
 * any (async) iterable of strings or bytes.
 */
async function* blocksOf(source, lang) {
  if (typeof source === 'string' || source instanceof Uint8Array || source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    yield source;
    return;
  }
  if (source && typeof source.stream === 'function' && typeof source.arrayBuffer === 'function') {
    source = source.stream();
  }
  if (source && typeof source[Symbol.asyncIterator] === 'function') {
    yield* source;
    return;
  }
  if (source && typeof source.getReader === 'function') {
    const reader = source.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield value;
      }
    } finally {
      reader.releaseLock();
    }
  }
  if (source && typeof source[Symbol.iterator] === 'function') {
    yield* source;
    return;
  }
  throw new InputError(say(lang, 'la fuente debe ser una cadena, bytes, un Blob, un ReadableStream, un Readable de Node o un iterable',
    'the source must be a string, bytes, a Blob, a ReadableStream, a Node Readable or an iterable'));
}

/** The games (JSON objects, or texts) of a source, one at a time. */
async function* streamOf(source, o, to, parse) {
  ensureReady(o.lang);
  const checker = guarded(o.lang, () => newChecker(o, to));
  try {
    const ready = [];
    for await (const block of blocksOf(source, o.lang)) {
      for (const piece of piecesOf(blockOf(block, o.lang))) {
        guarded(o.lang, () => {
          push(checker, piece);
          drain(checker, (g) => ready.push(g));
        });
        while (ready.length) yield parse(ready.shift());
      }
    }
    guarded(o.lang, () => {
      checker.finish();
      drain(checker, (g) => ready.push(g));
    });
    while (ready.length) yield parse(ready.shift());
  } finally {
    try { checker.free(); } catch (_) { /* a restarted engine */ }
  }
}

/**
 * Checks a stream of games as it comes, holding one game at a time, whatever its length: an
 * async iterator of the games of `check` (each as an element of its `games`). `source`: a Node
 * Readable (`fs.createReadStream(path)`), a web ReadableStream (`(await fetch(url)).body`), a
 * Blob or File, an (async) iterable of strings or bytes, or a string. Options as `check`'s.
 */
function checkStream(source, options) {
  const o = sheetOptions(options, false);
  return streamOf(source, o, '', JSON.parse);
}

/**
 * Converts a stream of games as it comes: an async iterator of each game's text, as
 * `convert` writes it (for `to: 'json'`, each game's JSON text, one a line). Options as
 * `convert`'s.
 */
function convertStream(source, options) {
  const o = sheetOptions(options, true);
  const json = o.to === 'json';
  return streamOf(source, o, json ? '' : o.to, json ? (g) => `${g}\n` : (g) => g);
}

/**
 * Rules on a sealed move: the JSON of `planilla sealed --json`. `request`: `fen` and `move`,
 * or `game` and `ply` (or `number` and `side`), and optionally `move`; optionally `effort`
 * (`material`, `fast`, `full`), `time_limit` (seconds, at most 10) and the settings.
 */
function sealed(request) {
  const own = ['fen', 'game', 'ply', 'number', 'side', 'move', 'effort', 'time_limit'];
  const { lang, settings } = settingsOf(request, own);
  const r = request || {};
  const body = { ...settings };
  body.fen = textOption(lang, 'fen', r.fen);
  body.game = textOption(lang, 'game', r.game);
  body.ply = whole(lang, 'ply', r.ply, 1);
  body.number = whole(lang, 'number', r.number, 1);
  if (r.side !== undefined) body.side = oneOf(lang, 'side', r.side, ['white', 'black']);
  body.move = textOption(lang, 'move', r.move);
  if (r.effort !== undefined) body.effort = oneOf(lang, 'effort', r.effort, ['material', 'fast', 'full']);
  if (r.time_limit !== undefined && (typeof r.time_limit !== 'number' || !(r.time_limit >= 0))) {
    throw refuse(lang, 'time_limit', r.time_limit, 'se esperaban segundos, un número ≥ 0', 'expected seconds, a number ≥ 0');
  }
  body.time_limit = r.time_limit;
  return call('sealed', body, lang);
}

/** Reconciles White's and Black's scoresheets: the JSON of `planilla reconcile --json`. */
function reconcile(white, black, options) {
  const { lang, settings } = settingsOf(options, []);
  textArgument(white, lang);
  textArgument(black, lang);
  return call('reconcile', { ...settings, white: textOf(white), black: textOf(black) }, lang);
}

/** Compares a scoresheet with the board's record (PGN): the JSON of `planilla compare --json`. */
function compare(sheet, record, options) {
  const { lang, settings } = settingsOf(options, []);
  textArgument(sheet, lang);
  textArgument(record, lang);
  return call('compare', { ...settings, sheet: textOf(sheet), record: textOf(record) }, lang);
}

/** A text argument as a string (bytes read as UTF-8). */
function textOf(text) {
  if (typeof text === 'string') return text;
  const bytes = text instanceof ArrayBuffer ? new Uint8Array(text) : new Uint8Array(text.buffer, text.byteOffset, text.byteLength);
  return new TextDecoder().decode(bytes);
}

/**
 * Decodes a handwriting recognizer's candidates into the most probable legal game: the JSON of
 * `planilla decode --json` for one sheet. `sheet`: an array of cells (each an array of
 * `[text, probability]` pairs, best first; `[]` for a blank box), an object
 * `{cells, fen, lang}`, or one NDJSON line as a string. `options`: `lang` (the letters, `es` by
 * default; the sheet's own `lang` overrides it), `fen`, `alternatives` (8 by default),
 * `prior` (`true` by default: the prior over moves; `false` as `planilla decode --no-prior`),
 * `messages`. As Python's `planilla.decode`.
 */
function decode(sheet, options) {
  const { lang, settings } = settingsOf(options, ['fen', 'alternatives', 'prior']);
  const o = options || {};
  let cells = sheet;
  if (typeof sheet === 'string') {
    try {
      cells = JSON.parse(sheet);
    } catch (e) {
      throw new InputError(say(lang, `sheet: no es JSON: ${e.message}`, `sheet: not JSON: ${e.message}`));
    }
  }
  const request = { ...settings, sheet: cells };
  const fen = textOption(lang, 'fen', o.fen);
  if (fen !== undefined) request.fen = fen;
  const alternatives = whole(lang, 'alternatives', o.alternatives, 0);
  if (alternatives !== undefined) request.alternatives = alternatives;
  if (o.prior !== undefined) request.prior = flag(lang, 'prior', o.prior);
  return call('decode', request, lang);
}

module.exports = {
  init, initSync, answer, check, checkStream, convert, convertStream, sealed, reconcile, compare,
  decode, version, PlanillaError, SettingError, FenError, InputError, EngineError,
};
