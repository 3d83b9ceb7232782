// Finnkino's service worker: the app without a connection. The server puts `"use strict"` and
// `VERSION` (a digest of this release) above these lines (`ServiceWorkerScript`), so a new release
// is a new worker with new caches; the old caches are deleted when it takes over, pages and all,
// so no page of an old release is shown again.
//
// Kept: the shell (the style sheet, the script, the icon and the offline page, at install), the
// pages the person opened of their movie list, bookmarks, movies and shows (each when it loads,
// network first), and the images those pages show (also those of the pages open when the worker
// first takes over). Without a connection a kept page opens from the cache, marked with when it
// was kept (the page's script says how old it is); any other page is the offline page, in the
// person's language.
//
// What is kept belongs to the person signed in: signing this device out, joining another
// person's devices, erasing, and a change of language forget it here, and the server's answers
// to those (and to a cookie that stands for no one) say `Clear-Site-Data`, which also reaches a
// device signed out from another one the next time it is online.

var SHELL = "shell-" + VERSION;
var PAGES = "pages-" + VERSION;
var IMAGES = "images-" + VERSION;
var MAX_PAGES = 60;
var MAX_IMAGES = 300;
var OFFLINE = "/offline";
// The person's home: `/` and `/movies` without a connection open the movie list kept last.
var HOME = "/";
// Never trimmed: the home and the bookmarks.
var PINNED = ["/", "/bookmarks"];
var SHELL_FILES = ["/static/app.css", "/static/app.js", "/static/icon.svg"];
// The pages kept: the movie list, bookmarks, a movie, a show.
var KEPT_PAGES = /^\/(movies|bookmarks|movie\/\d+|show\/\d+\/\d{4}-\d{2}-\d{2}\/\d+)$/;
// Changes after which the kept pages are another person's, or in another language: this device
// signed out, joining, erasing, the language.
var FORGETTING = /^\/(devices\/(join|\d+\/signout)|me\/delete|settings\/language)$/;
// How long keeping the pages open at the first take-over may take.
var KEEP_TIMEOUT_MS = 5000;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(SHELL)
      .then(function (cache) {
        // `reload`: past the browser's HTTP cache, which may still hold the last release's files.
        return cache.addAll(SHELL_FILES.map(function (path) { return new Request(path, { cache: "reload" }); }))
          // The offline page is the person's (their language): without it, a built-in one stands in.
          .then(function () { return cache.add(new Request(OFFLINE, { cache: "reload" })).catch(function () {}); });
      })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  var current = [SHELL, PAGES, IMAGES];
  event.waitUntil(
    caches.keys()
      .then(function (names) {
        return Promise.all(names.filter(function (name) { return current.indexOf(name) < 0; })
          .map(function (name) { return caches.delete(name); }));
      })
      .then(function () { return self.clients.claim(); })
  );
  // Not part of activating: navigations wait while a worker activates.
  keepOpenPages();
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (request.method !== "GET") {
    if (request.mode !== "navigate") { return; }
    // A form sent: through, and after the changes that make the kept pages another person's (or
    // in another language) they are forgotten. Without a connection, the offline page.
    event.respondWith(fetch(request).then(function (response) {
      if (!FORGETTING.test(url.pathname)) { return response; }
      return forget().then(function () { return response; }, function () { return response; });
    }, offlinePage));
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(page(event, url));
  } else if (/^\/(image|app-icon)\//.test(url.pathname)) {
    event.respondWith(image(event));
  } else if (url.pathname.indexOf("/static/") === 0) {
    // Network first: a page of a new release must not run the last release's script.
    event.respondWith(fetch(request).catch(function () {
      return caches.match(request, { cacheName: SHELL }).then(function (kept) { return kept || Response.error(); });
    }));
  }
});

// A page: from the network, kept when it is one of the kept pages; without a connection, the kept
// copy (marked with its age) or the offline page.
function page(event, url) {
  return fetch(event.request)
    .then(function (response) {
      if (keepable(response) && KEPT_PAGES.test(url.pathname)) {
        event.waitUntil(keep(url, response.clone()));
      }
      return response;
    })
    .catch(function () {
      return kept(url).then(function (copy) { return copy ? marked(copy) : offlinePage(); });
    });
}

// A full answer of this origin that the server lets be stored (not a redirect, not `no-store`).
function keepable(response) {
  return response.ok && response.type === "basic" && !response.redirected
    && !/no-store/.test(response.headers.get("Cache-Control") || "");
}

function kept(url) {
  return caches.open(PAGES).then(function (cache) {
    return cache.match(url.pathname + url.search).then(function (copy) {
      if (copy || (url.pathname !== HOME && url.pathname !== "/movies")) { return copy; }
      return cache.match(HOME);
    });
  });
}

// Keeps the page with the moment it was kept. A movie list that is not a search is also the
// person's home.
function keep(url, response) {
  return response.text().then(function (html) {
    var headers = new Headers(response.headers);
    headers.set("Finnkino-Kept-At", String(Date.now()));
    var init = { status: response.status, statusText: response.statusText, headers: headers };
    return caches.open(PAGES).then(function (cache) {
      var puts = [cache.put(url.pathname + url.search, new Response(html, init))];
      if (url.pathname === "/movies" && !url.searchParams.get("q")) {
        puts.push(cache.put(HOME, new Response(html, init)));
      }
      return Promise.all(puts).then(function () { return trim(cache, MAX_PAGES); });
    });
  });
}

// The kept page with `data-saved-at` on its root element, which the page's script shows; its own
// headers (the Content-Security-Policy among them) but the keeping's.
function marked(copy) {
  var keptAt = copy.headers.get("Finnkino-Kept-At") || "";
  var headers = new Headers(copy.headers);
  headers.delete("Finnkino-Kept-At");
  headers.delete("Content-Length");
  return copy.text().then(function (html) {
    var attribute = /^\d+$/.test(keptAt) ? "<html data-saved-at=\"" + keptAt + "\"" : "<html";
    return new Response(html.replace("<html", attribute), { status: 200, headers: headers });
  });
}

function offlinePage() {
  return caches.match(OFFLINE, { cacheName: SHELL }).then(function (page) {
    return page || new Response(
      "<!doctype html><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">"
        + "<title>Finnkino</title><h1>Ei verkkoyhteyttä · Ingen anslutning · No connection</h1>",
      { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
  });
}

// An image: the kept copy, else from the network, kept when it came (unless the server says not
// to: a stand-in for a poster that could not be fetched is `no-store`). A copy served is put again,
// so the images in use are the last to be trimmed.
function image(event) {
  var request = event.request;
  return caches.open(IMAGES).then(function (cache) {
    return cache.match(request).then(function (copy) {
      if (copy) {
        event.waitUntil(cache.put(request, copy.clone()));
        return copy;
      }
      return fetch(request).then(function (response) {
        if (keepable(response)) {
          event.waitUntil(cache.put(request, response.clone()).then(function () { return trim(cache, MAX_IMAGES); }));
        }
        return response;
      });
    });
  });
}

// Deletes the oldest entries beyond `limit` but the pinned ones (a cache lists its keys in the
// order they were put).
function trim(cache, limit) {
  return cache.keys().then(function (keys) {
    var loose = keys.filter(function (key) { return PINNED.indexOf(new URL(key.url).pathname) < 0; });
    var over = keys.length - limit;
    return Promise.all(loose.slice(0, Math.max(0, over)).map(function (key) { return cache.delete(key); }));
  });
}

// Forgets every kept page and image, of any release, and keeps the offline page anew (it may now
// be in another language).
function forget() {
  return caches.keys()
    .then(function (names) {
      return Promise.all(names.filter(function (name) { return /^(pages|images)-/.test(name); })
        .map(function (name) { return caches.delete(name); }));
    })
    .then(function () { return caches.open(SHELL); })
    .then(function (cache) { return cache.add(new Request(OFFLINE, { cache: "reload" })); });
}

// The pages open when the worker first takes over loaded before it: keep them now (the page a
// phone opens first is the person's movie list), and the images they show, which loaded before
// the worker too: without them the kept page would open with broken images. They are not yet this
// worker's clients (it may not have claimed them), hence `includeUncontrolled`. At most
// `KEEP_TIMEOUT_MS` each.
function keepOpenPages() {
  return self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
    return Promise.all(windows.map(function (window) {
      var url = new URL(window.url);
      if (url.origin !== self.location.origin || !KEPT_PAGES.test(url.pathname)) { return null; }
      var controller = new AbortController();
      var timer = setTimeout(function () { controller.abort(); }, KEEP_TIMEOUT_MS);
      return fetch(url.pathname + url.search, { credentials: "same-origin", signal: controller.signal })
        .then(function (response) {
          if (!keepable(response)) { return null; }
          // The images first: a page is kept only with what it shows.
          return response.clone().text()
            .then(function (html) { return keepImages(imagePaths(html), controller.signal); })
            .then(function () { return keep(url, response); });
        })
        .catch(function () { return null; })
        .then(function () { clearTimeout(timer); });
    }));
  }).catch(function () {});
}

// The paths of this app's images a page shows: each <img>'s plain image and the decorated one its
// script swaps in.
function imagePaths(html) {
  var paths = [];
  var pattern = /\s(?:src|data-decorated)="(\/(?:image|app-icon)\/[^"]+)"/g;
  var match;
  while ((match = pattern.exec(html)) !== null && paths.length < MAX_IMAGES) {
    var path = match[1].replace(/&amp;/g, "&");
    if (paths.indexOf(path) < 0) { paths.push(path); }
  }
  return paths;
}

// Keeps the images not kept yet; the browser's HTTP cache first (`force-cache`: those the page
// loaded are there), else the network. One that cannot be had is left out.
function keepImages(paths, signal) {
  return caches.open(IMAGES).then(function (cache) {
    return Promise.all(paths.map(function (path) {
      return cache.match(path).then(function (copy) {
        if (copy) { return null; }
        return fetch(new Request(path, { cache: "force-cache", credentials: "same-origin", signal: signal }))
          .then(function (response) { return keepable(response) ? cache.put(path, response) : null; })
          .catch(function () { return null; });
      });
    })).then(function () { return trim(cache, MAX_IMAGES); });
  });
}

// An announcement pushed by the server (a wanted movie is on): its notification opens the
// movie's page, in an open window of the app if there is one.
self.addEventListener("push", function (event) {
  var message = null;
  try { message = event.data ? event.data.json() : null; } catch (error) { message = null; }
  if (!message || typeof message !== "object") { message = {}; }
  // Only a page of this app opens from a notification.
  var target = new URL("/", self.location.origin);
  try {
    var named = new URL(String(message.url || "/"), self.location.origin);
    if (named.origin === self.location.origin) { target = named; }
  } catch (error) { /* the app's home */ }
  var url = target.pathname + target.search;
  event.waitUntil(self.registration.showNotification(String(message.title || "Finnkino"), {
    body: String(message.body || ""), icon: "/app-icon/192.png", tag: url, data: { url: url }
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = (event.notification.data && event.notification.data.url) || "/";
  var wanted = new URL(url, self.location.origin).href;
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
    for (var i = 0; i < windows.length; i++) {
      if (windows[i].url === wanted && "focus" in windows[i]) {
        // Opened before the announcement: shown anew, with what was announced.
        var window = windows[i];
        var shown = "navigate" in window ? window.navigate(wanted).catch(function () { return window; }) : Promise.resolve(window);
        return shown.then(function (client) { return (client || window).focus(); });
      }
    }
    return self.clients.openWindow(url);
  }));
});
