// Types of planilla (index.js, index.cjs, index.mjs). The documents are those of the command
// line; their JSON Schemas are the repository's schema/check.schema.json and
// schema/sealed.schema.json, which the interfaces below follow field by field.

/** The piece letters of a sheet (FIDE Appendix E3; C.3). */
export type Letters = 'es' | 'en' | 'fr' | 'de' | 'it' | 'pt' | 'nl' | 'ca';

/** The settings every call takes, as Python's keyword arguments. */
export interface Settings {
  /** The sheet's piece letters (default `es`). */
  lang?: Letters;
  /** @deprecated The old name of `lang`. */
  letters?: Letters;
  /** The edition of the FIDE Laws: 2005 (Appendix E), 2018 or 2023 (Appendix C; default). */
  edition?: 2005 | 2018 | 2023;
  /** Read both letter cases (handwriting); guess only when exactly one guess is legal. */
  lenient?: boolean;
  /** The language of messages and of errors (default `es`). */
  messages?: 'es' | 'en';
  /** The notation of the moves (default `auto`). */
  notation?: 'algebraic' | 'descriptive' | 'auto';
}

/** The options of `check` and `checkStream`. */
export interface CheckOptions extends Settings {
  /** The position the games start from, as FEN (a game's own FEN tag overrides it). */
  fen?: string;
  /** Each damaged game with its `reconstruction` (`planilla check --reconstruct`). */
  reconstruct?: boolean;
}

/** @deprecated The old name of `CheckOptions`. */
export type SheetOptions = CheckOptions;

/** A format of `convert`, as `planilla convert --to` and Python's `convert(to=...)` name it. */
export type Format = 'pgn' | 'es' | 'figurine' | 'json' | 'descriptiva' | 'descriptive';

/** The options of `convert` and `convertStream`. */
export interface ConvertOptions extends CheckOptions {
  /**
   * `pgn` (the default), `es` (a Spanish scoresheet), `figurine`, `json` (the document of
   * `check`, as text), `descriptiva` (Spanish descriptive notation) or `descriptive` (English).
   * `reconstruct` writes PGN only.
   */
  to?: Format;
  /** PGN with every diagnostic as a comment (`--diagnostics`). */
  diagnostics?: boolean;
}

/**
 * A request of `sealed`: `fen` and `move`, or `game` with `ply` or with `number` and `side`
 * (and optionally `move`, by default the move the sheet writes there).
 */
export interface SealedRequest extends Settings {
  /** The position on the envelope, as FEN. */
  fen?: string;
  /** The scoresheet the position is played from. */
  game?: string;
  /** The sealed move's ply in `game`, from 1. */
  ply?: number;
  /** The sealed move's number in `game`, as the sheet writes it (with `side`). */
  number?: number;
  /** Whose move was sealed (with `number`). */
  side?: 'white' | 'black';
  /** The sealed move as written. */
  move?: string;
  /** How hard to look for a mate (default `full`). */
  effort?: 'material' | 'fast' | 'full';
  /** Seconds the search for a mate may take, at most 10 (the default). */
  time_limit?: number;
}

/** A text: a string, or its UTF-8 bytes. */
export type SheetText = string | Uint8Array | ArrayBuffer | ArrayBufferView;

/** A block of a stream: a string, or bytes (UTF-8; a block may end inside a character). */
export type Block = string | Uint8Array | ArrayBuffer | ArrayBufferView;

/**
 * What `checkStream` and `convertStream` read: a Node Readable (`fs.createReadStream(path)`),
 * a web ReadableStream (`(await fetch(url)).body`), a Blob or File, an (async) iterable of
 * strings or bytes, or a whole text.
 */
export type Source =
  | SheetText
  | Blob
  | ReadableStream<Block>
  | AsyncIterable<Block>
  | Iterable<Block>;

/** One box of a recognizer's sheet: `[text, probability]` pairs, best first; `[]` for a blank box. */
export type Cell = Array<[string, number]>;

/**
 * A recognizer's sheet: its cells in ply order, or an object with them; `answered` lists the
 * plies (from 1, as `doubtful` numbers them) whose one candidate is the user's answer.
 */
export type DecodeSheet =
  | Cell[]
  | { cells: Cell[]; fen?: string; lang?: Letters; answered?: number[] }
  | string;

/** The options of `decode`, as Python's `planilla.decode` takes them. */
export interface DecodeOptions extends Settings {
  /** The position the sheet starts from, as FEN (the sheet's own `fen` overrides it). */
  fen?: string;
  /** How many other games are listed, most probable first (default 8). */
  alternatives?: number;
  /**
   * Whether a box's legal readings are weighed by the prior over moves (how often real
   * players make a move of each kind; default `true`, as `planilla decode` without
   * `--no-prior`).
   */
  prior?: boolean;
}

/** A box whose candidates gave no legal move. */
export interface DecodedRepair {
  /** The ply, from 1. */
  ply: number;
  /** `slip`, `missing-move` (a blank box filled) or `extra-move` (a box that is no move). */
  kind: string;
  /** The candidate read with a slip, if any. */
  written: string | null;
  /** The move taken, in SAN (none for an extra move). */
  san: string | null;
  /** Why, in words. */
  reason: string;
}

/** Another game, no more probable than the first. */
export interface DecodedAlternative {
  san: string[];
  /** Its probability, as a natural log. */
  log_probability: number;
}

/** Where a ply came from: the box's first candidate, a lower one, or a repair. */
export interface PlySource {
  from: 'top' | 'lower' | 'repair';
  /** The share of the box's probability its move holds (not for a repair). */
  share?: number;
  /** The candidate's rank, from 0 (for `lower`). */
  rank?: number;
  /** How many times (natural log) the first candidate's share exceeds it (for `lower`). */
  margin?: number;
}

/** The document of `planilla decode --json`: the most probable legal game of a sheet. */
export interface Decoded {
  /** The game, in SAN. */
  san: string[];
  /** For each cell, the candidate taken (from 0), or `null` where a repair stood in. */
  chosen: Array<number | null>;
  /** The game's probability, as a natural log. */
  log_probability: number;
  repairs: DecodedRepair[];
  sources: PlySource[];
  /** For each ply, how much less probable (natural log) the best game that differs there is. */
  margins: Array<number | null>;
  /** The plies (from 1) to ask the user about. */
  doubtful: number[];
  alternatives: DecodedAlternative[];
  /** Whether every cell gave a legal move from its own candidates (the CLI's exit code 0). */
  from_candidates: boolean;
  /** Whether the search proved that no legal game is more probable under the model. */
  proven: boolean;
}

/** An answer of the API, as `planilla serve` would give it. */
export interface Answer {
  /**
   * 200; or, with `{"error": "…"}`: 400 (a request that is not the route's shape), 404 (an
   * unknown route), 413 (a body over 5 MiB, or an answer longer than a JavaScript string),
   * 500 (an internal error) or 503 (a browser before `init()`).
   */
  status: number;
  contentType: string;
  /** The JSON (or, for `convert`, PGN) text. */
  body: string;
}

/** The codes of planilla's errors. */
export type ErrorCode = 'setting' | 'fen' | 'input' | 'too-large' | 'not-initialized' | 'engine';

/** An error of planilla, in the language of the call's `messages` (Spanish by default). */
export class PlanillaError extends Error {
  /** Which error: `setting`, `fen`, `input`, `too-large`, `not-initialized` or `engine`. */
  code: ErrorCode;
}
/** An option that is unknown or has a value planilla does not take (code `setting`). */
export class SettingError extends PlanillaError {}
/** A FEN (the option `fen`) that gives no legal position (code `fen`). */
export class FenError extends SettingError {}
/**
 * An input the call cannot answer (code `input`); or, with code `too-large`, an answer longer
 * than a JavaScript string (stream it instead) or 256 MiB of input with no end of a game.
 */
export class InputError extends PlanillaError {}
/** The WebAssembly is not loaded yet (code `not-initialized`) or stopped (code `engine`). */
export class EngineError extends PlanillaError {}

/**
 * Loads the WebAssembly: in a browser, `await init()` before any other call (`source`: the
 * module's URL, a Response, its bytes or a WebAssembly.Module; by default
 * `planilla_web_bg.wasm` next to the package's index.js). In Node it resolves at once.
 */
export function init(
  source?: string | URL | Request | Response | BufferSource | WebAssembly.Module,
): Promise<void>;
/** Loads the WebAssembly from its bytes or a WebAssembly.Module at once (nothing in Node). */
export function initSync(source?: BufferSource | WebAssembly.Module): void;
/** Answers `request` (an object or its JSON text) for `route`, as `planilla serve`; never throws. */
export function answer(route: string, request: object | string): Answer;
/** Checks every game of `text`: the document of `planilla check --json`. */
export function check(text: SheetText, options?: CheckOptions): Games;
/** Checks a stream of games as it comes, one game at a time: the games of `check`. */
export function checkStream(source: Source, options?: CheckOptions): AsyncGenerator<Game, void, undefined>;
/** Converts every game of `text` as `planilla convert --to FORMAT` does. */
export function convert(text: SheetText, options?: ConvertOptions): string;
/** Converts a stream of games as it comes: each game's text, as `convert` writes it. */
export function convertStream(source: Source, options?: ConvertOptions): AsyncGenerator<string, void, undefined>;
/** Rules on a sealed move: the document of `planilla sealed --json`. */
export function sealed(request: SealedRequest): SealedRuling;
/** Reconciles White's and Black's scoresheets: `planilla reconcile --json`. */
export function reconcile(white: SheetText, black: SheetText, options?: Settings): Reconciled;
/** Compares a scoresheet with the board's record (PGN): `planilla compare --json`. */
export function compare(sheet: SheetText, record: SheetText, options?: Settings): Compared;
/** Decodes a recognizer's candidates into the most probable legal game: `planilla decode --json`. */
export function decode(sheet: DecodeSheet, options?: DecodeOptions): Decoded;
/** The version of planilla that built the WebAssembly. */
export const version: string;

/** A place where White's and Black's sheets disagree. */
export interface Disagreement {
  /** The ply of the reconciled game, from 1. */
  ply: number;
  /** What White's sheet has there (`null`: nothing). */
  white: string | null;
  /** What Black's sheet has there (`null`: nothing). */
  black: string | null;
  /** The move the reconciled game plays there, in SAN (`null` for a move on one sheet only). */
  read: string | null;
}

/** A discrepancy of a sheet with the record (or with the reconciled game). */
export interface Discrepancy {
  /** The record's ply, from 1, where it is. */
  ply: number;
  /** What kind of discrepancy. */
  kind: 'slip' | 'missing-move' | 'extra-move' | 'move-order' | 'ambiguous-move';
  /** What the sheet shows (`null` for a move it leaves out). */
  sheet: string | null;
  /** The record's move in SAN (`null` for a written move the record does not have). */
  record: string | null;
  /** The same moves as `record`, in the sheet's letters. */
  record_written: string | null;
}

/** A discrepancy of one player's sheet with the reconciled game. */
export interface SheetRepair extends Discrepancy {
  /** Whose sheet. */
  player: 'white' | 'black';
}

/** What the desk's board needs: the game's start and, for each ply, its SAN, UCI and FEN after it. */
export interface BoardFields {
  /** The FEN the game starts from. */
  start_fen: string;
  /** Each ply in SAN. */
  board_san: string[];
  /** Each ply in UCI. */
  uci: string[];
  /** The FEN after each ply. */
  fen: string[];
}

/** The document of `planilla reconcile --json`, with the board's fields. */
export interface Reconciled extends BoardFields {
  /** Every move of the reconciled game, in SAN. */
  san: string[];
  /** Every place where the two sheets disagree, in ply order. */
  disagreements: Disagreement[];
  /** Every discrepancy of either sheet with the reconciled game, in ply order. */
  repairs: SheetRepair[];
  /** Other games that explain both sheets at the same cost. */
  alternatives: Array<{ san: string[] }>;
}

/** The document of `planilla compare --json`, with the record's board fields. */
export interface Compared extends BoardFields {
  /** Every discrepancy, in the record's order; empty when the sheet agrees with the record. */
  discrepancies: Discrepancy[];
}

// The documents of schema/check.schema.json and schema/sealed.schema.json.

/** The document `check --json` and `convert --to json` write: every game of the input, in input order. */
export interface Games {
  /** Every game of the input, in order. */
  games: Game[];
}

/** One game as JSON (see `json`). */
export interface Game {
  /** The game's place in the input, from 0. */
  index: number;
  /** The headers as PGN tags (Spanish lines mapped), by name. */
  tags: Record<string, string>;
  /** The result to write: `GameReport::result`. */
  result: string;
  /** The result recorded on the sheet, in PGN form. */
  recorded_result: string | null;
  /** The result the board imposes. */
  board_result: string | null;
  /** The starting FEN, when not the initial position. */
  start_fen: string | null;
  /** The plies read. */
  moves: Move[];
  /** The plies after which a draw was offered (E13; C.12). */
  draw_offers: number[];
  /**
   * The variations (PGN §8.2.5), in the order of the text: see
   * `Variation`.
   */
  variations: Variation[];
  /** Every diagnostic, in the order of the text. */
  diagnostics: Diagnostic[];
  /** The byte offset from which the game was left unread, after an error. */
  unread_from: number | null;
  /** The written moves left unread, the one that stopped the reading included. */
  unread_moves: number;
  /** The termination written on the sheet, as the PGN `Termination` tag says it. */
  termination: 'normal' | 'time forfeit' | 'abandoned' | null;
  /** No error diagnostic. */
  valid: boolean;
  /**
   * With `check --reconstruct`: the legal game the sheet most plausibly records, `null`
   * when every written move plays as written. Absent otherwise.
   */
  reconstruction?: Reconstruction | null;
}

/** One ply as JSON (see `json`). */
export interface Move {
  /** The ply, from 1. */
  ply: number;
  /** The move number (Art. 8.1). */
  number: number;
  /** `white` or `black`. */
  color: 'white' | 'black';
  /** The text written, as in the input. */
  text: string;
  /** Its byte offsets `[start, end)` in the input. */
  span: [number, number];
  /** Standard SAN (PGN 8.2.3). */
  san: string;
  /**
   * The move in the game's letters (`GameReport::language`), in the canonical form of
   * Appendix C (`Cf3` for a written `C-f3`), or in descriptive notation on a descriptive
   * sheet.
   */
  written: string;
  /** UCI. */
  uci: string;
  /** The FEN after the move. */
  fen: string;
  /**
   * The time left on the mover's clock, `h:mm:ss`, when the sheet records it after the move
   * (Art. 8.1 (2018, 2023); PGN's `[%clk]`).
   */
  clock?: string;
  /** The time the move took, `h:mm:ss`, when the input records it (PGN's `[%emt]`). */
  elapsed?: string;
}

/** A variation as JSON (see `json` and `Variation`). */
export interface Variation {
  /**
   * The ply of the game's move it is an alternative to, from 1 (one more than the game's
   * last ply: a line printed after the game's end).
   */
  ply: number;
  /** Its moves in SAN, with their check or mate suffix. */
  moves: string[];
  /** Its byte offsets `[start, end)` in the input, from its first move to its last. */
  span: [number, number];
  /** The variations inside it, their `ply` on the game's count. */
  variations: Variation[];
}

/** One diagnostic as JSON (see `json`). */
export interface Diagnostic {
  /** `error`, `warning` or `note`, from the code. */
  severity: Severity;
  /** The stable code (`Diagnostic::code`). */
  code: DiagnosticCode;
  /** The ply it concerns. */
  ply: number | null;
  /** Its byte offsets `[start, end)` in the input. */
  span: [number, number];
  /** The message, headed by the move number and the writing. */
  message: string;
  /** The article, as `C.10 (2023)`. */
  rule: string | null;
  /** The candidates of an ambiguous or incomplete move; for a guess, the move it read. */
  candidates: NamedMove[];
  /** The legal moves closest to the writing, closest first. */
  suggestions: NamedMove[];
}

/** How serious a diagnostic is; it follows from its `DiagnosticCode`. */
export type Severity = 'note' | 'warning' | 'error';

/**
 * What a diagnostic reports, as a stable code. The kebab-case name (`as_str`)
 * is what the command line prints in `error[illegal-move]` and what JSON carries; it does not
 * change between releases. New codes may be added, so the enum is `#[non_exhaustive]`.
 *
 * The severity follows from the code (`DiagnosticCode::severity`).
 */
export type DiagnosticCode =
  | 'syntax'
  | 'unreadable-move'
  | 'illegal-move'
  | 'promotion'
  | 'ambiguous-move'
  | 'incomplete-move'
  | 'missing-move'
  | 'capture-mark'
  | 'check-mark'
  | 'disambiguation'
  | 'guess'
  | 'case-reading'
  | 'foreign-letter'
  | 'pawn-letter'
  | 'en-passant-mark'
  | 'move-number'
  | 'result-mismatch'
  | 'move-after-end'
  | 'unknown-word'
  | 'two-columns'
  | 'threefold-available'
  | 'fifty-moves-available'
  | 'fivefold'
  | 'seventy-five-moves'
  | 'dead-position'
  | 'notation'
  | 'mixed-notation'
  | 'no-moves'
  | 'prose'
  | 'unnumbered-move'
  | 'missing-moves'
  | 'variation'
  | 'main-line-unclear'
  | 'variation-cut';

/** A legal move as JSON, named three ways (see `NamedMove`). */
export interface NamedMove {
  /** Standard SAN (PGN §8.2.3), with its check or mate suffix. */
  san: string;
  /**
   * The move in the sheet's letters, in the canonical form (`Dxd4`, `exd6 a.p.`), or in
   * descriptive notation on a descriptive sheet.
   */
  written: string;
  /** UCI (`d1d4`). */
  uci: string;
}

/**
 * A reconstruction as JSON: the field `reconstruction` of each game of
 * `check --reconstruct --json`.
 */
export interface Reconstruction {
  /** Every move of the reconstructed game, in SAN. */
  san: string[];
  /** The same moves in UCI (`e2e4`), one for each of `san`. */
  uci: string[];
  /** The FEN of the position after each move, one for each of `san`. */
  fen: string[];
  /** The repairs, in ply order. */
  repairs: Repair[];
  /** Other games of the same cost, which the sheet may record as well. */
  alternatives: Alternative[];
  /**
   * Whether every written move is explained; when `false`, the sheet is too damaged to
   * reconstruct past the last move of `san`.
   */
  complete: boolean;
  /** The search's cost of the repairs (see the cost table in docs/audits.md). */
  cost: number;
  /**
   * How many different games of this cost the search found, the first included; more than
   * the alternatives listed when `--alternatives N` cut the list.
   */
  ties: number;
  /** The cost of the cheapest dearer game, when the search found one near the first. */
  runner_up_cost: number | null;
}

/** One repair as JSON. */
export interface Repair {
  /** The ply of the reconstructed game, from 1. */
  ply: number;
  /** `slip`, `missing-move`, `extra-move`, `move-order` or `ambiguous-move`. */
  kind: 'slip' | 'missing-move' | 'extra-move' | 'move-order' | 'ambiguous-move';
  /** What the sheet shows there (`null` for a move left out). */
  written: string | null;
  /**
   * The move read, in SAN (`null` for a written move left out of the game; the moves in
   * the order played, for a wrong order).
   */
  san: string | null;
  /** Why, in the messages' language. */
  reason: string;
}

/** Another reconstruction of the same cost, as JSON. */
export interface Alternative {
  /** Every move of that game, in SAN. */
  san: string[];
  /** Its repairs. */
  repairs: Repair[];
  /** The plies (from 1) where it differs from the first game. */
  differs_at: number[];
}

/** A sealed-move ruling as JSON (see `sealed_json`). */
export interface SealedRuling {
  /** `valid`, `ambiguous`, `unreadable` or `illegal`. */
  verdict: 'valid' | 'ambiguous' | 'unreadable' | 'illegal';
  /** `continue`, `loss`, `draw` or `refer`. */
  consequence: 'continue' | 'loss' | 'draw' | 'refer';
  /**
   * The draw's exception: `opponent-cannot-mate`, `dead-position`, `stalemate`,
   * `fivefold`, `seventy-five-moves`.
   */
  exception:
    | 'opponent-cannot-mate'
    | 'dead-position'
    | 'stalemate'
    | 'fivefold'
    | 'seventy-five-moves'
    | null;
  /** The verdict's article: `A8.a (2005)`, `Guidelines I.8 (2023)`. */
  rule: string;
  /** The consequence's article. */
  consequence_rule: string | null;
  /** The article behind an illegal move's reason. */
  reason_rule: string | null;
  /** The verdict, in words. */
  message: string;
  /** The consequence, in words. */
  consequence_message: string;
  /** The move played, when valid: its SAN. */
  san: string | null;
  /** The move played, when valid: in the sheet's letters, in the canonical form. */
  written: string | null;
  /** The move played, when valid: in UCI. */
  uci: string | null;
  /** The candidates of an ambiguous move. */
  candidates: NamedMove[];
  /** The legal moves closest to the writing (the arbiter's information only). */
  suggestions: NamedMove[];
  /** Whether the opponent can still checkmate the sealer. */
  opponent_can_mate: boolean | null;
  /** Whether the position is dead. */
  dead_position: boolean | null;
  /** A mating line for the opponent, when known. */
  opponent_helpmate: NamedMove[];
  /** `white` or `black`. */
  sealer: 'white' | 'black';
  /** The text as given, trimmed. */
  text: string;
  /** The move's byte offsets `[start, end)` in `text`. */
  span: [number, number];
  /** The move number written with the move. */
  number: number | null;
  /** A draw offer `(=)` was written with the move. */
  draw_offer: boolean;
  /** The irregularities `check` would report. */
  warnings: SealedWarning[];
  /** The one legal move the writing evidently means, for the arbiter. */
  evident_reading: EvidentReading | null;
  /** The position before the sealed move. */
  fen: string;
}

/** An irregularity of a sealed move as JSON (see `sealed_json`). */
export interface SealedWarning {
  /** `warning`. */
  severity: Severity;
  /** The stable code. */
  code: DiagnosticCode;
  /** The message, headed by the move number and the writing. */
  message: string;
  /** The article. */
  rule: string | null;
  /** Its byte offsets in the written text. */
  span: [number, number];
}

/** The evident reading of a faulty sealed move as JSON (see `sealed_json`). */
export interface EvidentReading {
  /** Its SAN. */
  san: string;
  /** Its writing in the sheet's letters. */
  written: string;
  /** Its UCI. */
  uci: string;
  /** `one-edit` or `only-completion`. */
  basis: 'one-edit' | 'only-completion';
}
