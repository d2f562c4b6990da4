/* tslint:disable */
/* eslint-disable */

/**
 * An answer of the API: the HTTP status the server would give, the content type and the body.
 */
export class Answer {
    private constructor();
    free(): void;
    [Symbol.dispose](): void;
    /**
     * The body: the JSON (or PGN) the server would answer.
     */
    readonly body: string;
    /**
     * `application/json`, or `application/x-chess-pgn; charset=utf-8` for `convert`.
     */
    readonly contentType: string;
    /**
     * 200, or 400 (a body that is not the route's JSON), 404 (an unknown route) or 413 (a
     * body over [`MAX_BODY_BYTES`], or an answer over [`MAX_ANSWER_BYTES`]), whose body is
     * `{"error": "…"}`.
     */
    readonly status: number;
}

/**
 * A checker of a stream of games given a piece at a time (a file read in blocks, a network
 * stream): [`Checker::push`] the input's bytes as they come, [`Checker::finish`] at its end,
 * and take each game from [`Checker::next`] as soon as it is whole. Memory holds the input
 * not yet cut into games (about one game, and the last block pushed) and one piece's games
 * (one game, or a run of games with no headers between them), whatever the stream's length.
 *
 * The games are those of `planilla check --json` (or, with a format, `planilla convert
 * --to FORMAT`) on the whole input, with the same numbering and byte offsets: the input is
 * cut into pieces as the command line reads a file ([`StreamGames`]), a piece being read
 * again, with more input, when the input so far ended inside it.
 */
export class Checker {
    free(): void;
    [Symbol.dispose](): void;
    /**
     * Says that the input has ended: its last game is whole.
     */
    finish(): void;
    /**
     * A checker with the settings of `planilla check` (and of the npm package's options):
     * `lang` the piece letters (`es`, `en`, `fr`, `de`, `it`, `pt`, `nl`, `ca`), `edition`
     * (2005, 2018, 2023), `lenient`, `messages` (`es`, `en`), `notation` (`algebraic`,
     * `descriptive`, `auto`), `fen` (the start, or `""`), `reconstruct` (each damaged game
     * with its reconstruction), `to` (`""` for each game's JSON object, as `check --json`
     * writes it; or a format of `convert --to`: `pgn`, `es`, `figurine`, `json`,
     * `descriptiva`, `descriptive`) and `diagnostics` (PGN with every diagnostic as a
     * comment). A setting it refuses is said by [`Checker::error`], and the checker then
     * gives no game.
     */
    constructor(lang: string, edition: number, lenient: boolean, messages: string, notation: string, fen: string, reconstruct: boolean, to: string, diagnostics: boolean);
    /**
     * The next game, as soon as it is whole: its JSON object (as an element of `planilla
     * check --json`'s `games`), or the text `planilla convert --to FORMAT` writes for it,
     * newline included (for `json`, the game's JSON object). `None` when the input so far
     * holds no whole game more (push more, or finish), or after the last game.
     */
    next(): string | undefined;
    /**
     * Adds the next text of the input.
     */
    pushText(text: string): void;
    /**
     * Adds the next bytes of the input (UTF-8; a block may end inside a character).
     */
    push(bytes: Uint8Array | number[]): void;
    /**
     * How many games were checked so far.
     */
    readonly checked: number;
    /**
     * Whether the input has ended and every game was taken.
     */
    readonly done: boolean;
    /**
     * The refused setting, as `{"code": "setting" | "fen", "message": "…"}` in the
     * settings' language of messages, or `{"code": "too-large", …}` once the input held more
     * than [`MAX_UNCUT_BYTES`] with no piece cut from it (the checker then gives no more
     * game); `None` otherwise.
     */
    readonly error: string | undefined;
}

export function __wbg_reset_state(): void;

/**
 * Answers `body` (a JSON object, as posted to `/api/ROUTE`) for `route` (`check`, `convert`,
 * `reconcile`, `compare`, `decode` or `sealed`), as `planilla serve` does, its limit on a
 * body's size included. Never throws.
 */
export function answer(route: string, body: string): Answer;

/**
 * The version of the crate that built this module: `0.1.0`.
 */
export function version(): string;

export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;

export interface InitOutput {
    readonly memory: WebAssembly.Memory;
    readonly __wbg_answer_free: (a: number, b: number) => void;
    readonly __wbg_checker_free: (a: number, b: number) => void;
    readonly answer: (a: number, b: number, c: number, d: number) => number;
    readonly answer_body: (a: number) => [number, number];
    readonly answer_contentType: (a: number) => [number, number];
    readonly answer_status: (a: number) => number;
    readonly checker_checked: (a: number) => number;
    readonly checker_done: (a: number) => number;
    readonly checker_error: (a: number) => [number, number];
    readonly checker_finish: (a: number) => void;
    readonly checker_new: (a: number, b: number, c: number, d: number, e: number, f: number, g: number, h: number, i: number, j: number, k: number, l: number, m: number, n: number) => number;
    readonly checker_next: (a: number) => [number, number];
    readonly checker_push: (a: number, b: number, c: number) => void;
    readonly checker_pushText: (a: number, b: number, c: number) => void;
    readonly version: () => [number, number];
    readonly __wbindgen_externrefs: WebAssembly.Table;
    readonly __wbindgen_malloc: (a: number, b: number) => number;
    readonly __wbindgen_realloc: (a: number, b: number, c: number, d: number) => number;
    readonly __wbindgen_free: (a: number, b: number, c: number) => void;
    readonly __wbindgen_start: () => void;
}

export type SyncInitInput = BufferSource | WebAssembly.Module;

/**
 * Instantiates the given `module`, which can either be bytes or
 * a precompiled `WebAssembly.Module`.
 *
 * @param {{ module: SyncInitInput }} module - Passing `SyncInitInput` directly is deprecated.
 *
 * @returns {InitOutput}
 */
export function initSync(module: { module: SyncInitInput } | SyncInitInput): InitOutput;

/**
 * If `module_or_path` is {RequestInfo} or {URL}, makes a request and
 * for everything else, calls `WebAssembly.instantiate` directly.
 *
 * @param {{ module_or_path: InitInput | Promise<InitInput> }} module_or_path - Passing `InitInput` directly is deprecated.
 *
 * @returns {Promise<InitOutput>}
 */
export default function __wbg_init (module_or_path?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>): Promise<InitOutput>;
