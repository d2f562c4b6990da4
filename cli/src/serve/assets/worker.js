// The desk's checks, off the page's thread: the page posts {id, route, body} and gets back
// {id, status, body} from planilla's WebAssembly (./planilla/index.js), with no server.
let planilla = null;
let failed = null;
const ready = import('./planilla/index.js').then(
  (m) => { planilla = m; },
  (e) => { failed = String(e && e.message || e); },
);

self.onmessage = async (event) => {
  const { id, route, body } = event.data;
  await ready;
  if (!planilla) {
    self.postMessage({ id, status: 0, body: failed });
    return;
  }
  const a = planilla.answer(route, body);
  self.postMessage({ id, status: a.status, body: a.body });
};
