// meldpad's service worker: the scorepad and the hand forms open with no
// network. Static files (their addresses carry a hash of their content)
// come from the cache first; pages from the network first, and from the
// cache when there is none. Nothing else is touched: a form's POST, a
// preview, an event stream or the API go to the network as they would
// without a worker, so the page sees their failure itself.
//
// meldpad serves this file at /sw.js (scope /) with the list below filled
// in: the current addresses of its scripts, styles and icon, fetched when
// the worker installs, so that a page first opened online works offline
// at once. A new version of any of them is a new worker.
//
// The phone's referee (REFEREE, 1.5 MB) is not fetched on installing: a
// page that may need it (a card game's scorepad) asks the worker to keep
// it ("keep-referee"), once, in the background.
"use strict";

const PRECACHE = []; // filled in by the server
const REFEREE = ""; // filled in by the server
const STATIC = "meldpad-static";
const PAGES = "meldpad-pages";
const MAX_PAGES = 60; // a few games' scorepads and forms
const NETWORK_WAIT = 4000; // ms before a page kept on the phone is shown instead

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(STATIC).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(dropOldStatic().then(() => self.clients.claim()));
});

self.addEventListener("message", (event) => {
  if (event.data === "keep-referee" && REFEREE) event.waitUntil(keepReferee());
});

// keepReferee fetches the referee into the cache unless it is there.
async function keepReferee() {
  const cache = await caches.open(STATIC);
  if (await cache.match(REFEREE)) return;
  try {
    const res = await fetch(REFEREE);
    if (res.ok) await cache.put(REFEREE, res);
  } catch (e) {
    // No network: a later page asks again.
  }
}

// dropOldStatic forgets the older versions of files PRECACHE and REFEREE
// name.
async function dropOldStatic() {
  const current = new Map(PRECACHE.concat(REFEREE ? [REFEREE] : []).map((u) => { const url = new URL(u, self.location); return [url.pathname, url.search]; }));
  const cache = await caches.open(STATIC);
  for (const req of await cache.keys()) {
    const url = new URL(req.url);
    if (current.has(url.pathname) && url.search && current.get(url.pathname) !== url.search) await cache.delete(req);
  }
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(fromCacheFirst(req, url));
  } else if (req.mode === "navigate" && isPage(url.pathname)) {
    event.respondWith(fromNetworkFirst(req, url));
  }
});

// isPage reports whether a page is kept for offline use: home, a game's
// scorepad and forms, a watched game, a league.
function isPage(path) {
  return path === "/" || /^\/(g|w|l)\/[^/]+(\/(history|hands\/new|hands\/\d+))?$/.test(path);
}

// fromCacheFirst answers a static file from the cache, else from the
// network, keeping every good answer (a .wasm too, once fetched). A file
// without a content hash is fetched again in the background.
async function fromCacheFirst(req, url) {
  const cache = await caches.open(STATIC);
  const kept = await cache.match(req);
  if (kept && url.searchParams.has("v")) return kept; // its content cannot change
  const fresh = fetch(req).then((res) => {
    if (res.ok) cache.put(req, res.clone());
    return res;
  });
  if (!kept) return fresh;
  fresh.catch(() => {});
  return kept;
}

// pageKey is the address a page is kept under: without what says how one
// arrived there (saved=, shown=).
function pageKey(url) {
  const key = new URL(url);
  key.searchParams.delete("saved");
  key.searchParams.delete("shown");
  return key.href;
}

// fromNetworkFirst answers a page from the network and keeps it; with no
// network (or none within NETWORK_WAIT, when a copy is kept) the kept
// copy is shown.
async function fromNetworkFirst(req, url) {
  const cache = await caches.open(PAGES);
  const key = pageKey(url);
  const network = fetch(req).then(async (res) => {
    if (keepable(res)) {
      await cache.put(key, res.clone());
      trim(cache);
    }
    return res;
  });
  const kept = await cache.match(key);
  if (!kept) return network;
  const late = new Promise((resolve) => setTimeout(() => resolve(kept), NETWORK_WAIT));
  return Promise.race([network.catch(() => kept), late]);
}

// keepable reports whether a page may be kept: a good answer whose
// Cache-Control allows it (an organizer's page, or a page that shows
// what one phone posted, says no-store).
function keepable(res) {
  return res.ok && !/no-store/.test(res.headers.get("Cache-Control") || "");
}

// trim keeps the MAX_PAGES pages kept last.
async function trim(cache) {
  const keys = await cache.keys();
  for (let i = 0; i < keys.length - MAX_PAGES; i++) await cache.delete(keys[i]);
}
