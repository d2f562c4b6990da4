// Types of planilla-wasm (index.js). The JSON documents are those of the command line; their
// JSON Schemas are the repository's schema/check.schema.json and schema/sealed.schema.json.

/** The settings every call may carry, as `planilla serve`'s API and the command line take them. */
export interface Settings {
  /** The sheet's piece letters (default `es`). */
  letters?: 'es' | 'en' | 'fr' | 'de' | 'it' | 'pt' | 'nl' | 'ca';
  /** The edition of the FIDE Laws: 2005 (Appendix E), 2018 or 2023 (Appendix C; default). */
  edition?: 2005 | 2018 | 2023;
  /** Read both letter cases (handwriting); guess only when exactly one guess is legal. */
  lenient?: boolean;
  /** The language of messages (default `es`). */
  messages?: 'es' | 'en';
  /** The notation of the moves (default `auto`). */
  notation?: 'algebraic' | 'descriptive' | 'auto';
}

/** The options of `check` and `convert`. */
export interface SheetOptions extends Settings {
  /** The position the games start from, as FEN (a game's own FEN tag overrides it). */
  fen?: string;
  /** Each damaged game with its reconstruction (`planilla check --reconstruct`). */
  reconstruct?: boolean;
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

/** One game of `planilla check --json` (see schema/check.schema.json). */
export interface Game {
  index: number;
  valid: boolean;
  [field: string]: unknown;
}

/** The document of `planilla check --json`. */
export interface Games {
  games: Game[];
}

/** The document of `planilla sealed --json` (see schema/sealed.schema.json). */
export interface SealedRuling {
  verdict: string;
  [field: string]: unknown;
}

/** The piece letters of a sheet (FIDE Appendix E3; C.3). */
export type Letters = 'es' | 'en' | 'fr' | 'de' | 'it' | 'pt' | 'nl' | 'ca';

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
export interface DecodeOptions {
  /** The candidates' piece letters (default `es`; the sheet's own `lang` overrides it). */
  lang?: Letters;
  /** The position the sheet starts from, as FEN (the sheet's own `fen` overrides it). */
  fen?: string;
  /** How many other games are listed, most probable first (default 8). */
  alternatives?: number;
  /** The language of error messages (default `es`). */
  messages?: 'es' | 'en';
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
  /** 200, or 400 (a request that is not the route's shape) or 404 (an unknown route). */
  status: number;
  contentType: string;
  /** The JSON (or, for `convert`, PGN) text. */
  body: string;
}

/** An error of a call: `status` is the HTTP status `planilla serve` would give. */
export class PlanillaError extends Error {
  status: number;
}

/** Answers `request` for `route` (`check`, `convert`, `reconcile`, `compare`, `decode`, `sealed`); never throws. */
export function answer(route: string, request: object): Answer;
/** Checks every game of `text`: the document of `planilla check --json`. */
export function check(text: string, options?: SheetOptions): Games;
/** Converts every game of `text` to PGN, as `planilla convert` does. */
export function convert(text: string, options?: SheetOptions): string;
/** Rules on a sealed move: the document of `planilla sealed --json`. */
export function sealed(request: SealedRequest): SealedRuling;
/** Reconciles White's and Black's scoresheets: `planilla reconcile --json`. */
export function reconcile(white: string, black: string, options?: Settings): Record<string, unknown>;
/** Compares a scoresheet with the board's record (PGN): `planilla compare --json`. */
export function compare(sheet: string, record: string, options?: Settings): Record<string, unknown>;
/** Decodes a recognizer's candidates into the most probable legal game: `planilla decode --json`. */
export function decode(sheet: DecodeSheet, options?: DecodeOptions): Decoded;
/** The version of planilla that built the WebAssembly. */
export const version: string;
