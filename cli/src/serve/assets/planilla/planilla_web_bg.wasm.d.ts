/* tslint:disable */
/* eslint-disable */
export const memory: WebAssembly.Memory;
export const __wbg_answer_free: (a: number, b: number) => void;
export const __wbg_checker_free: (a: number, b: number) => void;
export const answer: (a: number, b: number, c: number, d: number) => number;
export const answer_body: (a: number) => [number, number];
export const answer_contentType: (a: number) => [number, number];
export const answer_status: (a: number) => number;
export const checker_checked: (a: number) => number;
export const checker_done: (a: number) => number;
export const checker_error: (a: number) => [number, number];
export const checker_finish: (a: number) => void;
export const checker_new: (a: number, b: number, c: number, d: number, e: number, f: number, g: number, h: number, i: number, j: number, k: number, l: number, m: number, n: number) => number;
export const checker_next: (a: number) => [number, number];
export const checker_push: (a: number, b: number, c: number) => void;
export const checker_pushText: (a: number, b: number, c: number) => void;
export const version: () => [number, number];
export const __wbindgen_externrefs: WebAssembly.Table;
export const __wbindgen_malloc: (a: number, b: number) => number;
export const __wbindgen_realloc: (a: number, b: number, c: number, d: number) => number;
export const __wbindgen_free: (a: number, b: number, c: number) => void;
export const __wbindgen_start: () => void;
