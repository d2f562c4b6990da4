// The desk's service worker: every file of the desk is kept in the browser's cache at the
// first load, so that the page then works with no network. The cache is named after a hash
// of every file of the desk (the desk's version), and filled whole when this worker is
// installed: the pages from the network (never from the browser's HTTP cache), the assets
// from wherever the browser has them, since their folder is named after the same version
// and so holds this build's files alone (the page has just loaded them:
// the WebAssembly is not downloaded twice). Every file is then answered from the cache, and
// from it alone: the page, its scripts, the worker and the WebAssembly always come from one
// build.
// A new build is a new service worker (its name changed): it fills its own cache, takes over,
// deletes the old one, and the page says that a reload shows the new version.
// The server fills in the version and the files below.
const CACHE = 'planilla-{{version}}';
const FILES = [{{files}}];
const ASSET_FOLDER = 'assets/{{version}}/';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(FILES.map((file) => new Request(file, {
        cache: file.startsWith(ASSET_FOLDER) ? 'default' : 'reload',
      }))))
      .then(() => self.skipWaiting()),
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

// Cache first; the network only for what the cache does not hold (the API, another path).
self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(cached(request).then((hit) => hit || fetch(request)));
});
