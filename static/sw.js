// The service worker, served as /sw.js so that its scope is the whole app,
// with VERSION and ASSETS (the hashed URLs of every asset) set before this
// text. It lets a page this phone opened before open again without the
// network: pages are fetched from the network first and kept, and shown
// from the cache only when the network fails; the hashed assets are kept
// from the start. It never answers a change (POST) or the live stream:
// what a phone saves while off line the page keeps and sends itself
// (app.js), as no Background Sync is asked for. A new VERSION (any asset
// changed) starts a new cache and drops the old one, pages included: they
// name the old assets.
"use strict";
/* global VERSION, ASSETS */
var CACHE = "chickenfoot-" + VERSION;
var PAGES_KEPT = 40; // the pages kept, newest first: a night's game, round and sheet pages, and more

self.addEventListener("install", function (e) {
  e.waitUntil(caches.open(CACHE).then(function (c) { return c.addAll(ASSETS); }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (e) {
  e.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) { return k !== CACHE; }).map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (e) {
  var req = e.request, url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== self.location.origin) return;
  if (req.mode === "navigate" && url.pathname.indexOf("/g/") === 0) {
    e.respondWith(page(req));
  } else if (url.pathname.indexOf("/static/") === 0) {
    e.respondWith(caches.match(req).then(function (r) { return r || fetch(req); }));
  }
});

// page is a night's page from the network, kept for later; without the
// network, the page as it was last kept.
function page(req) {
  return fetch(req).then(function (res) {
    if (res.ok && res.type === "basic") {
      var copy = res.clone();
      caches.open(CACHE).then(function (c) { return c.put(req, copy).then(function () { return trim(c); }); });
    }
    return res;
  }).catch(function (err) {
    return caches.match(req).then(function (r) {
      if (r) return r;
      throw err;
    });
  });
}

// trim drops the oldest pages beyond PAGES_KEPT; the assets stay.
function trim(c) {
  return c.keys().then(function (keys) {
    var pages = keys.filter(function (k) { return new URL(k.url).pathname.indexOf("/static/") !== 0; });
    return Promise.all(pages.slice(0, Math.max(0, pages.length - PAGES_KEPT)).map(function (k) { return c.delete(k); }));
  });
}
