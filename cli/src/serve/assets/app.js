// planilla serve's desk: the script of its three pages, "Planilla" (`/`), "Dos planillas"
// (`/dos`) and "Jugada sellada" (`/sellada`). Plain JavaScript: no library, no build step, no
// request to any other host.
//
// Every check runs in the browser, not on the server. The page asks each question as a request
// of the server's JSON API (the routes `/api/check`, `/api/convert`, `/api/reconcile`,
// `/api/compare`, `/api/sealed`, with the same bodies and answers), but posts it to a worker
// (worker.js) that answers it with planilla's WebAssembly (planilla/): every reading, verdict
// and ruling is the WebAssembly's. The page draws the answers, and decides by itself only
// around them: the letters a text seems written in, where a written move that cannot be played
// would go, what a form still lacks, a download's name. It never calls the server's API, which
// `planilla serve` keeps for other tools. So the same files work from `planilla serve`, from a
// static export on any file server (`planilla serve --export`), and with no network at all:
// the service worker (sw.js, registered below) keeps every file of the desk in the browser's
// cache at the first load, and says when a new version has taken over.
//
// The script is these classic scripts, each `defer`, which layout.html loads in this order
// and which share the page's global scope (where the browser tests reach `engine` and
// `post`):
//   texts.js   the texts in Spanish and English, the page's language, the letter sets
//   common.js  what the pages share: helpers, move lists, the keyboard, drafts, the status
//   board.js   the board, drawn as SVG
//   engine.js  the checking engine: `post`, answered by the WebAssembly in worker.js
//   sheet.js   the "Planilla" page
//   two.js     the "Dos planillas" page
//   sealed.js  the "Jugada sellada" page
//   app.js     this file: the service worker, and the start of the page that <body
//              data-page> names
// At load each file only defines names (and app.js, the last, registers the service worker);
// the page starts at DOMContentLoaded, when every file has run.
'use strict';

// The service worker keeps every file of the desk for use with no network, where the browser
// allows one (https, or this machine). When a new version of the desk takes over (its service
// worker has filled a new cache whole), the page says so and waits: a reload is the user's,
// never the page's, so that nothing typed is lost.
if ('serviceWorker' in navigator && window.isSecureContext) {
  let controlled = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first service worker of this browser takes over a page it did not serve: no news.
    if (controlled) $('update').hidden = false;
    controlled = true;
  });
  navigator.serviceWorker.register(new URL('sw.js', document.baseURI)).catch(() => { /* online only */ });
}

/**
 * Where the browser keeps no copy for use offline (no secure context: plain http from another
 * machine, as a phone on the hall's network reaches the desk), the page says so and how to get
 * one. Said again in the page's language when it switches.
 */
function sayIfNoOfflineCopy() {
  const note = $('no-offline');
  note.hidden = window.isSecureContext && 'serviceWorker' in navigator;
  if (note.hidden) return;
  // The same desk, as the laptop that serves it reaches itself.
  const local = new URL('./', window.location.href);
  local.hostname = 'localhost';
  note.textContent = t().noOffline(window.location.origin, local.href);
}

document.addEventListener('DOMContentLoaded', () => {
  applyLanguage();
  sayIfNoOfflineCopy();
  $('reload').addEventListener('click', () => window.location.reload());
  // The engine starts with the page, so that its files come from the build the page came from.
  if (!engine.worker) startEngine();
  if (document.body.dataset.page === 'sellada') sealedPage();
  else if (document.body.dataset.page === 'dos') twoPage();
  else sheetPage();
  // After the page's own switch (onLanguageSwitch), which changes the language.
  $('lang').addEventListener('click', sayIfNoOfflineCopy);
});
