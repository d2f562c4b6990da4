/* @ts-self-types="./planilla_web.d.ts" */

/**
 * An answer of the API: the HTTP status the server would give, the content type and the body.
 */
export class Answer {
    static __wrap(ptr) {
        const obj = Object.create(Answer.prototype);
        obj.__wbg_ptr = ptr;
        Object.defineProperty(obj, '__wbg_inst', { value: __wbg_instance_id, writable: true });

        AnswerFinalization.register(obj, { ptr, instance: __wbg_instance_id }, obj);
        return obj;
    }
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        AnswerFinalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        __wbg_call_guard();
        wasm.__wbg_answer_free(ptr, 0);

    }
    /**
     * The body: the JSON (or PGN) the server would answer.
     * @returns {string}
     */
    get body() {
        let deferred1_0;
        let deferred1_1;
        try {
            if (this.__wbg_inst !== undefined && this.__wbg_inst !== __wbg_instance_id) {
                throw new Error('Invalid stale object from previous Wasm instance');
            }
            let ret;
            __wbg_call_guard();
            ret = wasm.answer_body(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            __wbg_call_guard();
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * `application/json`, or `application/x-chess-pgn; charset=utf-8` for `convert`.
     * @returns {string}
     */
    get contentType() {
        let deferred1_0;
        let deferred1_1;
        try {
            if (this.__wbg_inst !== undefined && this.__wbg_inst !== __wbg_instance_id) {
                throw new Error('Invalid stale object from previous Wasm instance');
            }
            let ret;
            __wbg_call_guard();
            ret = wasm.answer_contentType(this.__wbg_ptr);
            deferred1_0 = ret[0];
            deferred1_1 = ret[1];
            return getStringFromWasm0(ret[0], ret[1]);
        } finally {
            __wbg_call_guard();
            wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
        }
    }
    /**
     * 200, or 400 (a body that is not the route's JSON), 404 (an unknown route) or 413 (a
     * body over [`MAX_BODY_BYTES`], or an answer over [`MAX_ANSWER_BYTES`]), whose body is
     * `{"error": "…"}`.
     * @returns {number}
     */
    get status() {
        if (this.__wbg_inst !== undefined && this.__wbg_inst !== __wbg_instance_id) {
            throw new Error('Invalid stale object from previous Wasm instance');
        }
        let ret;
        __wbg_call_guard();
        ret = wasm.answer_status(this.__wbg_ptr);
        return ret;
    }
}
if (Symbol.dispose) Answer.prototype[Symbol.dispose] = Answer.prototype.free;

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
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        CheckerFinalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        __wbg_call_guard();
        wasm.__wbg_checker_free(ptr, 0);

    }
    /**
     * How many games were checked so far.
     * @returns {number}
     */
    get checked() {
        if (this.__wbg_inst !== undefined && this.__wbg_inst !== __wbg_instance_id) {
            throw new Error('Invalid stale object from previous Wasm instance');
        }
        let ret;
        __wbg_call_guard();
        ret = wasm.checker_checked(this.__wbg_ptr);
        return ret >>> 0;
    }
    /**
     * Whether the input has ended and every game was taken.
     * @returns {boolean}
     */
    get done() {
        if (this.__wbg_inst !== undefined && this.__wbg_inst !== __wbg_instance_id) {
            throw new Error('Invalid stale object from previous Wasm instance');
        }
        let ret;
        __wbg_call_guard();
        ret = wasm.checker_done(this.__wbg_ptr);
        return ret !== 0;
    }
    /**
     * The refused setting, as `{"code": "setting" | "fen", "message": "…"}` in the
     * settings' language of messages, or `{"code": "too-large", …}` once the input held more
     * than [`MAX_UNCUT_BYTES`] with no piece cut from it (the checker then gives no more
     * game); `None` otherwise.
     * @returns {string | undefined}
     */
    get error() {
        if (this.__wbg_inst !== undefined && this.__wbg_inst !== __wbg_instance_id) {
            throw new Error('Invalid stale object from previous Wasm instance');
        }
        let ret;
        __wbg_call_guard();
        ret = wasm.checker_error(this.__wbg_ptr);
        let v1;
        if (ret[0] !== 0) {
            v1 = getStringFromWasm0(ret[0], ret[1]);
            wasm.__wbindgen_free(ret[0], ret[1] * 1, 1);
        }
        return v1;
    }
    /**
     * Says that the input has ended: its last game is whole.
     */
    finish() {
        if (this.__wbg_inst !== undefined && this.__wbg_inst !== __wbg_instance_id) {
            throw new Error('Invalid stale object from previous Wasm instance');
        }
        __wbg_call_guard();
        wasm.checker_finish(this.__wbg_ptr);
    }
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
     * @param {string} lang
     * @param {number} edition
     * @param {boolean} lenient
     * @param {string} messages
     * @param {string} notation
     * @param {string} fen
     * @param {boolean} reconstruct
     * @param {string} to
     * @param {boolean} diagnostics
     */
    constructor(lang, edition, lenient, messages, notation, fen, reconstruct, to, diagnostics) {
        const val6 = +edition;
        const val7 = +lenient;
        const val8 = +reconstruct;
        const val9 = +diagnostics;
        let ptr0, len0, ptr1, len1, ptr2, len2, ptr3, len3, ptr4, len4;
        try {
            ptr0 = passStringToWasm0(lang, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len0 = WASM_VECTOR_LEN;
            ptr1 = passStringToWasm0(messages, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len1 = WASM_VECTOR_LEN;
            ptr2 = passStringToWasm0(notation, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len2 = WASM_VECTOR_LEN;
            ptr3 = passStringToWasm0(fen, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len3 = WASM_VECTOR_LEN;
            ptr4 = passStringToWasm0(to, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
            len4 = WASM_VECTOR_LEN;
        } catch (e) {
            if (ptr4) { wasm.__wbindgen_free(ptr4, len4 * 1, 1); }
            if (ptr3) { wasm.__wbindgen_free(ptr3, len3 * 1, 1); }
            if (ptr2) { wasm.__wbindgen_free(ptr2, len2 * 1, 1); }
            if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
            if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
            throw e;
        }
        let ret;
        __wbg_call_guard();
        ret = wasm.checker_new(ptr0, len0, val6, val7, ptr1, len1, ptr2, len2, ptr3, len3, val8, ptr4, len4, val9);
        this.__wbg_ptr = ret;
        Object.defineProperty(this, '__wbg_inst', { value: __wbg_instance_id, writable: true });
        CheckerFinalization.register(this, { ptr: ret, instance: __wbg_instance_id }, this);
        return this;
    }
    /**
     * The next game, as soon as it is whole: its JSON object (as an element of `planilla
     * check --json`'s `games`), or the text `planilla convert --to FORMAT` writes for it,
     * newline included (for `json`, the game's JSON object). `None` when the input so far
     * holds no whole game more (push more, or finish), or after the last game.
     * @returns {string | undefined}
     */
    next() {
        if (this.__wbg_inst !== undefined && this.__wbg_inst !== __wbg_instance_id) {
            throw new Error('Invalid stale object from previous Wasm instance');
        }
        let ret;
        __wbg_call_guard();
        ret = wasm.checker_next(this.__wbg_ptr);
        let v1;
        if (ret[0] !== 0) {
            v1 = getStringFromWasm0(ret[0], ret[1]);
            wasm.__wbindgen_free(ret[0], ret[1] * 1, 1);
        }
        return v1;
    }
    /**
     * Adds the next text of the input.
     * @param {string} text
     */
    pushText(text) {
        if (this.__wbg_inst !== undefined && this.__wbg_inst !== __wbg_instance_id) {
            throw new Error('Invalid stale object from previous Wasm instance');
        }
        const ptr0 = passStringToWasm0(text, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        const len0 = WASM_VECTOR_LEN;
        __wbg_call_guard();
        wasm.checker_pushText(this.__wbg_ptr, ptr0, len0);
    }
    /**
     * Adds the next bytes of the input (UTF-8; a block may end inside a character).
     * @param {Uint8Array | number[]} bytes
     */
    push(bytes) {
        if (this.__wbg_inst !== undefined && this.__wbg_inst !== __wbg_instance_id) {
            throw new Error('Invalid stale object from previous Wasm instance');
        }
        const ptr0 = passArray8ToWasm0(bytes, wasm.__wbindgen_malloc);
        const len0 = WASM_VECTOR_LEN;
        __wbg_call_guard();
        wasm.checker_push(this.__wbg_ptr, ptr0, len0);
    }
}
if (Symbol.dispose) Checker.prototype[Symbol.dispose] = Checker.prototype.free;

export function __wbg_reset_state () {
    __wbg_instance_id++;
    cachedUint8ArrayMemory0 = null;
    if (typeof numBytesDecoded !== 'undefined') numBytesDecoded = 0;
    if (typeof WASM_VECTOR_LEN !== 'undefined') WASM_VECTOR_LEN = 0;
    __wbg_reinit_scheduled = false;
    wasmInstance = new WebAssembly.Instance(wasmModule, __wbg_get_imports());
    wasm = wasmInstance.exports;
    wasm.__wbindgen_start();
}

/**
 * Answers `body` (a JSON object, as posted to `/api/ROUTE`) for `route` (`check`, `convert`,
 * `reconcile`, `compare`, `decode` or `sealed`), as `planilla serve` does, its limit on a
 * body's size included. Never throws.
 * @param {string} route
 * @param {string} body
 * @returns {Answer}
 */
export function answer(route, body) {
    let ptr0, len0, ptr1, len1;
    try {
        ptr0 = passStringToWasm0(route, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        len0 = WASM_VECTOR_LEN;
        ptr1 = passStringToWasm0(body, wasm.__wbindgen_malloc, wasm.__wbindgen_realloc);
        len1 = WASM_VECTOR_LEN;
    } catch (e) {
        if (ptr1) { wasm.__wbindgen_free(ptr1, len1 * 1, 1); }
        if (ptr0) { wasm.__wbindgen_free(ptr0, len0 * 1, 1); }
        throw e;
    }
    let ret;
    __wbg_call_guard();
    ret = wasm.answer(ptr0, len0, ptr1, len1);
    return Answer.__wrap(ret);
}

/**
 * The version of the crate that built this module: `0.1.0`.
 * @returns {string}
 */
export function version() {
    let deferred1_0;
    let deferred1_1;
    try {
        let ret;
        __wbg_call_guard();
        ret = wasm.version();
        deferred1_0 = ret[0];
        deferred1_1 = ret[1];
        return getStringFromWasm0(ret[0], ret[1]);
    } finally {
        __wbg_call_guard();
        wasm.__wbindgen_free(deferred1_0, deferred1_1, 1);
    }
}
function __wbg_get_imports() {
    const import0 = {
        __proto__: null,
        __wbg___wbindgen_throw_4c88d8bf264fd984: function(arg0, arg1) {
            throw new Error(getStringFromWasm0(arg0, arg1));
        },
        __wbindgen_init_externref_table: function() {
            const table = wasm.__wbindgen_externrefs;
            table.set(0, undefined);
            table.set(1024, undefined);
            table.set(1025, null);
            table.set(1026, true);
            table.set(1027, false);
        },
    };
    return {
        __proto__: null,
        "./planilla_web_bg.js": import0,
    };
}

function __wbg_call_guard() {
    if (__wbg_reinit_scheduled) {
        __wbg_reset_state();
        return;
    }
}


let __wbg_instance_id = 0;
const AnswerFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(({ ptr, instance }) => {
    if (instance === __wbg_instance_id) wasm.__wbg_answer_free(ptr, 1);
});
const CheckerFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(({ ptr, instance }) => {
    if (instance === __wbg_instance_id) wasm.__wbg_checker_free(ptr, 1);
});

function getStringFromWasm0(ptr, len) {
    ptr = ptr >>> 0;
    return decodeText(getUint8ArrayMemory0().subarray(ptr, ptr + len));
}

let cachedUint8ArrayMemory0 = null;
function getUint8ArrayMemory0() {
    if (cachedUint8ArrayMemory0 === null || cachedUint8ArrayMemory0.byteLength === 0) {
        cachedUint8ArrayMemory0 = new Uint8Array(wasm.memory.buffer);
    }
    return cachedUint8ArrayMemory0;
}

function passArray8ToWasm0(arg, malloc) {
    const ptr = malloc(arg.length * 1, 1) >>> 0;
    getUint8ArrayMemory0().set(arg, ptr / 1);
    WASM_VECTOR_LEN = arg.length;
    return ptr;
}

function passStringToWasm0(arg, malloc, realloc) {
    if (realloc === undefined) {
        const buf = cachedTextEncoder.encode(arg);
        const ptr = malloc(buf.length, 1) >>> 0;
        getUint8ArrayMemory0().subarray(ptr, ptr + buf.length).set(buf);
        WASM_VECTOR_LEN = buf.length;
        return ptr;
    }

    let len = arg.length;
    let ptr = malloc(len, 1) >>> 0;

    const mem = getUint8ArrayMemory0();

    let offset = 0;

    for (; offset < len; offset++) {
        const code = arg.charCodeAt(offset);
        if (code > 0x7F) break;
        mem[ptr + offset] = code;
    }
    if (offset !== len) {
        if (offset !== 0) {
            arg = arg.slice(offset);
        }
        ptr = realloc(ptr, len, len = offset + arg.length * 3, 1) >>> 0;
        const view = getUint8ArrayMemory0().subarray(ptr + offset, ptr + len);
        const ret = cachedTextEncoder.encodeInto(arg, view);

        offset += ret.written;
        ptr = realloc(ptr, len, offset, 1) >>> 0;
    }

    WASM_VECTOR_LEN = offset;
    return ptr;
}

let __wbg_reinit_scheduled = false;

let cachedTextDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
cachedTextDecoder.decode();
const MAX_SAFARI_DECODE_BYTES = 2146435072;
let numBytesDecoded = 0;
function decodeText(bytes) {
    numBytesDecoded += bytes.length;
    if (numBytesDecoded >= MAX_SAFARI_DECODE_BYTES) {
        cachedTextDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
        cachedTextDecoder.decode();
        numBytesDecoded = bytes.length;
    }
    return cachedTextDecoder.decode(bytes);
}

const cachedTextEncoder = new TextEncoder();

if (!('encodeInto' in cachedTextEncoder)) {
    cachedTextEncoder.encodeInto = function (arg, view) {
        const buf = cachedTextEncoder.encode(arg);
        view.set(buf);
        return {
            read: arg.length,
            written: buf.length
        };
    };
}

let WASM_VECTOR_LEN = 0;

let wasmModule, wasmInstance, wasm;
function __wbg_finalize_init(instance, module) {
    wasmInstance = instance;
    wasm = instance.exports;
    wasmModule = module;
    cachedUint8ArrayMemory0 = null;
    wasm.__wbindgen_start();
    return wasm;
}

async function __wbg_load(module, imports) {
    if (typeof Response === 'function' && module instanceof Response) {
        if (!module.ok) {
            throw new Error(`failed to fetch Wasm: ${module.status} ${module.statusText} fetching '${module.url}'`);
        }

        if (typeof WebAssembly.instantiateStreaming === 'function') {
            try {
                return await WebAssembly.instantiateStreaming(module, imports);
            } catch (e) {
                const validResponse = expectedResponseType(module.type);

                if (validResponse && module.headers.get('Content-Type') !== 'application/wasm') {
                    console.warn("`WebAssembly.instantiateStreaming` failed because your server does not serve Wasm with `application/wasm` MIME type. Falling back to `WebAssembly.instantiate` which is slower. Original error:\n", e);

                } else { throw e; }
            }
        }

        const bytes = await module.arrayBuffer();
        return await WebAssembly.instantiate(bytes, imports);
    } else {
        const instance = await WebAssembly.instantiate(module, imports);

        if (instance instanceof WebAssembly.Instance) {
            return { instance, module };
        } else {
            return instance;
        }
    }

    function expectedResponseType(type) {
        switch (type) {
            case 'basic': case 'cors': case 'default': return true;
        }
        return false;
    }
}

function initSync(module) {
    if (wasm !== undefined) return wasm;


    if (module !== undefined) {
        if (Object.getPrototypeOf(module) === Object.prototype) {
            ({module} = module)
        } else {
            console.warn('using deprecated parameters for `initSync()`; pass a single object instead')
        }
    }

    const imports = __wbg_get_imports();
    if (!(module instanceof WebAssembly.Module)) {
        module = new WebAssembly.Module(module);
    }
    const instance = new WebAssembly.Instance(module, imports);
    return __wbg_finalize_init(instance, module);
}

let __wbg_init_promise;
async function __wbg_init(module_or_path) {
    if (wasm !== undefined) return wasm;
    if (__wbg_init_promise === undefined) {
        __wbg_init_promise = __wbg_init_once(module_or_path);
        __wbg_init_promise.catch(() => { __wbg_init_promise = undefined; });
    }
    return __wbg_init_promise;
}

async function __wbg_init_once(module_or_path) {

    if (module_or_path !== undefined) {
        if (Object.getPrototypeOf(module_or_path) === Object.prototype) {
            ({module_or_path} = module_or_path)
        } else {
            console.warn('using deprecated parameters for the initialization function; pass a single object instead')
        }
    }

    if (module_or_path === undefined) {
        module_or_path = new URL('planilla_web_bg.wasm', import.meta.url);
    }
    const imports = __wbg_get_imports();

    if (typeof module_or_path === 'string' || (typeof Request === 'function' && module_or_path instanceof Request) || (typeof URL === 'function' && module_or_path instanceof URL)) {
        module_or_path = fetch(module_or_path);
    }

    const { instance, module } = await __wbg_load(await module_or_path, imports);

    return __wbg_finalize_init(instance, module);
}

export { initSync, __wbg_init as default };
