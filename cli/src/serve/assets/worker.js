// The desk's checks, off the page's thread: the page posts {id, route, body} and gets back
// {id, status, body} from planilla's WebAssembly (./planilla/planilla_web.js, wasm-bindgen's
// glue, which fetches ./planilla/planilla_web_bg.wasm), with no server.
// When there is no answer, {id, status: 0, failure, body}: `failure` is `load` (the
// WebAssembly could not be loaded) or `trap` (it trapped: it is built with panic=abort, and a
// trapped instance cannot be used again, so the page ends this worker and starts another);
// `body` is the browser's own words, for no one but a developer.
let planilla = null;
let failed = null;
let trapped = null;
const ready = import('./planilla/planilla_web.js').then(
  async (m) => {
    await m.default();
    planilla = m;
  },
).catch((e) => { failed = String((e && e.message) || e); });

self.onmessage = async (event) => {
  const { id, route, body } = event.data;
  await ready;
  if (!planilla) {
    self.postMessage({ id, status: 0, failure: 'load', body: failed });
    return;
  }
  if (trapped) {
    self.postMessage({ id, status: 0, failure: 'trap', body: trapped });
    return;
  }
  try {
    const a = planilla.answer(route, JSON.stringify(body));
    const answer = { id, status: a.status, body: a.body };
    a.free();
    self.postMessage(answer);
  } catch (e) {
    trapped = String((e && e.message) || e);
    self.postMessage({ id, status: 0, failure: 'trap', body: trapped });
  }
};
