/* tslint:disable */
/* eslint-disable */
export const memory: WebAssembly.Memory;
export const __wbg_answer_free: (a: number, b: number) => void;
export const answer: (a: number, b: number, c: number, d: number) => number;
export const answer_body: (a: number) => [number, number];
export const answer_contentType: (a: number) => [number, number];
export const answer_status: (a: number) => number;
export const version: () => [number, number];
export const __wbindgen_externrefs: WebAssembly.Table;
export const __wbindgen_malloc: (a: number, b: number) => number;
export const __wbindgen_realloc: (a: number, b: number, c: number, d: number) => number;
export const __wbindgen_free: (a: number, b: number, c: number) => void;
export const __wbindgen_start: () => void;
