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
     * 200, or 400 (a body that is not the route's JSON) or 404 (an unknown route), whose body
     * is `{"error": "…"}`.
     */
    readonly status: number;
}

/**
 * Answers `body` (a JSON object, as posted to `/api/ROUTE`) for `route` (`check`, `convert`,
 * `reconcile`, `compare` or `sealed`), as `planilla serve` does. Never throws.
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
    readonly answer: (a: number, b: number, c: number, d: number) => number;
    readonly answer_body: (a: number) => [number, number];
    readonly answer_contentType: (a: number) => [number, number];
    readonly answer_status: (a: number) => number;
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
