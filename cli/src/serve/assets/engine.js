// The checking engine: `post(path, body)` answers a request of the server's JSON API
// (`/api/check`, `/api/convert`, `/api/reconcile`, `/api/compare`, `/api/sealed`) in the
// browser, with planilla's WebAssembly in a worker (worker.js), and with no request to any
// server. The order of the page's scripts is in app.js.
'use strict';

/**
 * The checks run in the browser: planilla's WebAssembly in a worker (`worker.js`), so that the
 * page works with no server behind it and stays responsive while a long text is checked.
 * A worker whose WebAssembly trapped (it is built with panic=abort: its instance is then
 * unusable), that failed to load, or that gave no answer within `limit` milliseconds (the
 * sealed page's full search takes seconds; a long sheet's reconstruction too) is ended, every
 * request waiting on it fails, and the next request starts a new one.
 */
const engine = { worker: null, next: 0, waiting: new Map(), limit: 60000 };

/** The failure `kind` of the engine (`load`, `trap`, `silent`), said in the page's language. */
function engineFailure(kind) {
  const said = t().engine[kind] || t().engine.trap;
  return new Error(typeof said === 'function' ? said(engine.limit / 1000) : said);
}

/** Ends the worker and fails every request waiting on it with the failure `kind`. */
function stopEngine(kind) {
  if (engine.worker) engine.worker.terminate();
  engine.worker = null;
  const waiting = [...engine.waiting.values()];
  engine.waiting.clear();
  for (const w of waiting) w.fail(engineFailure(kind));
}

function startEngine() {
  const worker = new Worker(new URL('worker.js', ASSETS), { type: 'module' });
  worker.onmessage = (event) => {
    const { id, status, body, failure } = event.data;
    if (worker !== engine.worker) return;
    if (failure) {
      stopEngine(failure);
      return;
    }
    const waiting = engine.waiting.get(id);
    engine.waiting.delete(id);
    if (waiting) waiting.answer(status, body);
  };
  // The worker's script could not be loaded or run.
  worker.onerror = (event) => {
    event.preventDefault();
    if (worker === engine.worker) stopEngine('load');
  };
  engine.worker = worker;
}

/**
 * Answers `body` for the API route of `path` (`/api/check`, …) as `planilla serve` would, in
 * the browser; resolves to the answer's text, or throws with its message (in the language the
 * body's `messages` asks for; the engine's own failures in the page's). `signal` drops the
 * answer when a newer request replaces it.
 */
async function post(path, body, signal) {
  if (!engine.worker) startEngine();
  const id = ++engine.next;
  const [status, text] = await new Promise((resolve, reject) => {
    // A worker that keeps any request past the limit is stuck (or dead): it is ended.
    const timer = setTimeout(() => stopEngine('silent'), engine.limit);
    const done = () => {
      clearTimeout(timer);
      engine.waiting.delete(id);
    };
    engine.waiting.set(id, {
      answer: (s, b) => { done(); resolve([s, b]); },
      fail: (e) => { done(); reject(e); },
    });
    if (signal) {
      signal.addEventListener('abort', () => {
        done();
        reject(new DOMException('replaced', 'AbortError'));
      });
    }
    try {
      engine.worker.postMessage({ id, route: path.replace('/api/', ''), body });
    } catch (e) {
      done();
      reject(e);
    }
  });
  if (status !== 200) {
    let message = text;
    try { message = JSON.parse(text).error || text; } catch (_) { /* not JSON */ }
    throw new Error(message);
  }
  return text;
}
