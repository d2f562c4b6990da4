// The desk's service worker: every file of the desk is kept in the browser's cache at the
// first load, so that the page then works with no network. A file is answered from the cache
// at once and refreshed from the network behind it; the cache is named after a hash of the
// files, so a new build of the desk replaces it. The server fills in {{version}} and {{files}}.
const CACHE = 'planilla-{{version}}';
const FILES = [{{files}}];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

/** The cached answer for a request: the file itself, or for a page by its short path
 * (`/dos`), its file (`dos.html`). */
async function cached(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit || request.mode !== 'navigate') return hit;
  const url = new URL(request.url);
  return (await cache.match(`${url.origin}${url.pathname}.html`)) || cache.match('./');
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const fresh = fetch(request).then(async (response) => {
      if (response.ok) {
        const cache = await caches.open(CACHE);
        await cache.put(request, response.clone());
      }
      return response;
    });
    const hit = await cached(request);
    if (hit) {
      event.waitUntil(fresh.catch(() => {}));
      return hit;
    }
    return fresh;
  })());
});
