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

/** Answers `request` for `route` (`check`, `convert`, `reconcile`, `compare`, `sealed`); never throws. */
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
/** The version of planilla that built the WebAssembly. */
export const version: string;
