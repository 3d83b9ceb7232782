// Finnkino's service worker: the app without a connection. The server puts `"use strict"` and
// `VERSION` (a digest of this release) above these lines (`ServiceWorkerScript`), so a new release is a new worker with new caches; the old caches
// are deleted when it takes over, pages and all, so no page of an old release is shown again.
//
// Kept: the shell (the style sheet, the script, the icons and the offline page, at install), the
// pages the person opened of their movie list, bookmarks, movies and shows (each when it loads,
// network first), and the images those pages show. Without a connection a kept page opens from
// the cache, marked with when it was kept (the page's script says how old it is); any other page
// is the offline page, in the person's language.

var SHELL = "shell-" + VERSION;
var PAGES = "pages-" + VERSION;
var IMAGES = "images-" + VERSION;
var MAX_PAGES = 60;
var MAX_IMAGES = 300;
var OFFLINE = "/offline";
// The person's home: `/` and `/movies` without a connection open the movie list kept last.
var HOME = "/";
var SHELL_FILES = ["/static/app.css", "/static/app.js", "/static/icon.svg", "/app-icon/192.png", OFFLINE];
// The pages kept: the movie list, bookmarks, a movie, a show.
var KEPT_PAGES = /^\/(movies|bookmarks|movie\/\d+|show\/\d+\/\d{4}-\d{2}-\d{2}\/\d+)$/;
// Changes after which the kept pages are another person's, or in another language: sign-out,
// joining, erasing, the language.
var FORGETTING = /^\/(devices\/|me\/delete$|settings\/language$)/;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(SHELL)
      .then(function (cache) {
        // `reload`: past the browser's HTTP cache, which may still hold the last release's files.
        return cache.addAll(SHELL_FILES.map(function (path) { return new Request(path, { cache: "reload" }); }));
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
      .then(keepOpenPages)
  );
});

// The pages open when the worker first takes over loaded before it: keep them now (the page a
// phone opens first is the person's movie list).
function keepOpenPages() {
  return self.clients.matchAll({ type: "window" }).then(function (windows) {
    return Promise.all(windows.map(function (window) {
      var url = new URL(window.url);
      if (url.origin !== self.location.origin || !KEPT_PAGES.test(url.pathname)) { return null; }
      return fetch(url.pathname + url.search, { credentials: "same-origin" })
        .then(function (response) { return response.ok ? keep(url, response) : null; })
        .catch(function () { return null; });
    }));
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (request.method === "POST" && FORGETTING.test(url.pathname)) {
    event.respondWith(fetch(request).then(function (response) {
      return forgetPages().then(function () { return response; }, function () { return response; });
    }));
    return;
  }
  if (request.method !== "GET") { return; }
  if (request.mode === "navigate") {
    event.respondWith(page(event, url));
  } else if (/^\/(image|app-icon)\//.test(url.pathname)) {
    event.respondWith(image(event));
  } else if (url.pathname.indexOf("/static/") === 0) {
    event.respondWith(caches.match(request, { cacheName: SHELL }).then(function (kept) {
      return kept || fetch(request);
    }));
  }
});

// A page: from the network, kept when it is one of the kept pages; without a connection, the kept
// copy (marked with its age) or the offline page.
function page(event, url) {
  return fetch(event.request)
    .then(function (response) {
      if (response.ok && response.type === "basic" && KEPT_PAGES.test(url.pathname)) {
        event.waitUntil(keep(url, response.clone()));
      }
      return response;
    })
    .catch(function () {
      return kept(url).then(function (copy) {
        return copy ? marked(copy) : caches.match(OFFLINE, { cacheName: SHELL });
      });
    });
}

function kept(url) {
  return caches.open(PAGES).then(function (cache) {
    return cache.match(url.pathname + url.search).then(function (copy) {
      if (copy || (url.pathname !== HOME && url.pathname !== "/movies")) { return copy; }
      return cache.match(HOME);
    });
  });
}

// Keeps the page with the moment it was kept; a movie list is also the person's home.
function keep(url, response) {
  return response.text().then(function (html) {
    var headers = new Headers(response.headers);
    headers.set("Finnkino-Kept-At", String(Date.now()));
    var init = { status: response.status, statusText: response.statusText, headers: headers };
    return caches.open(PAGES).then(function (cache) {
      var puts = [cache.put(url.pathname + url.search, new Response(html, init))];
      if (url.pathname === "/movies") { puts.push(cache.put(HOME, new Response(html, init))); }
      return Promise.all(puts).then(function () { return trim(cache, MAX_PAGES); });
    });
  });
}

// The kept page with `data-saved-at` on its root element, which the page's script shows.
function marked(copy) {
  var keptAt = copy.headers.get("Finnkino-Kept-At") || "";
  return copy.text().then(function (html) {
    var attribute = /^\d+$/.test(keptAt) ? "<html data-saved-at=\"" + keptAt + "\"" : "<html";
    return new Response(html.replace("<html", attribute), {
      status: 200, headers: { "Content-Type": "text/html; charset=utf-8" }
    });
  });
}

// An image: the kept copy, else from the network, kept when it came.
function image(event) {
  var request = event.request;
  return caches.open(IMAGES).then(function (cache) {
    return cache.match(request).then(function (copy) {
      return copy || fetch(request).then(function (response) {
        if (response.ok && response.type === "basic") {
          event.waitUntil(cache.put(request, response.clone()).then(function () { return trim(cache, MAX_IMAGES); }));
        }
        return response;
      });
    });
  });
}

// Deletes the oldest entries beyond `limit` (a cache lists its keys in the order they were put).
function trim(cache, limit) {
  return cache.keys().then(function (keys) {
    return Promise.all(keys.slice(0, Math.max(0, keys.length - limit)).map(function (key) {
      return cache.delete(key);
    }));
  });
}

// Forgets the kept pages and keeps the offline page anew (it may now be in another language).
function forgetPages() {
  return caches.delete(PAGES).then(function () {
    return caches.open(SHELL).then(function (cache) { return cache.add(new Request(OFFLINE, { cache: "reload" })); });
  });
}
