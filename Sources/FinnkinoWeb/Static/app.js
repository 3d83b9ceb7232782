// Finnkino: filter as you type, and live updates. The pages work without this script.
"use strict";
(function () {
  document.documentElement.classList.add("js");

  // Filter as you type: fetch the results fragment instead of reloading the page.
  var form = document.getElementById("movies-form");
  var results = document.getElementById("results");
  if (form && results) {
    var pending = null;
    var timer = null;
    var refresh = function () {
      var query = new URLSearchParams(new FormData(form)).toString();
      if (pending) { pending.abort(); }
      pending = new AbortController();
      results.setAttribute("aria-busy", "true");
      fetch(form.getAttribute("data-results") + "?" + query, { signal: pending.signal, headers: { "Accept": "text/html" } })
        .then(function (response) {
          if (!response.ok) { throw new Error("HTTP " + response.status); }
          return response.text();
        })
        .then(function (html) {
          results.innerHTML = html;
          var page = form.getAttribute("action") + "?" + query;
          history.replaceState(null, "", page);
          // The Now / Coming soon links keep what was chosen (search, order).
          document.querySelectorAll("nav.lists a[data-list]").forEach(function (link) {
            var chosen = new URLSearchParams(query);
            chosen.set("list", link.getAttribute("data-list"));
            link.setAttribute("href", form.getAttribute("action") + "?" + chosen.toString());
          });
          document.body.setAttribute("data-live", page);
          connectLive();
        })
        .catch(function (error) {
          // Without a connection (a kept copy of the page) there is nothing to send the form to.
          if (error.name !== "AbortError" && navigator.onLine && !keptAt) { form.submit(); }
        })
        .finally(function () { results.removeAttribute("aria-busy"); });
    };
    // Typing waits for a pause; a choice (the order) applies at once; a new area reloads the page.
    form.addEventListener("input", function (event) {
      if (event.target && event.target.tagName === "SELECT") { return; }
      clearTimeout(timer);
      timer = setTimeout(refresh, 150);
    });
    form.addEventListener("change", function (event) {
      if (!event.target || event.target.tagName !== "SELECT") { return; }
      if (event.target.id === "area") { form.submit(); return; }
      clearTimeout(timer);
      refresh();
    });
  }

  // The Showtimes form applies at once: a new area reloads the page (its days differ); a filter
  // swaps the shows, the day links and the filters in place, and the address follows.
  var showtimesForm = document.getElementById("showtimes-form");
  if (showtimesForm) {
    var showtimesPending = null;
    var applyFilters = function () {
      var page = showtimesForm.getAttribute("action") + "?" + new URLSearchParams(new FormData(showtimesForm)).toString();
      var shows = document.getElementById("showtimes");
      if (showtimesPending) { showtimesPending.abort(); }
      showtimesPending = new AbortController();
      if (shows) { shows.setAttribute("aria-busy", "true"); }
      fetch(page, { signal: showtimesPending.signal, headers: { "Accept": "text/html" } })
        .then(function (response) {
          if (!response.ok) { throw new Error("HTTP " + response.status); }
          return response.text();
        })
        .then(function (html) {
          var next = new DOMParser().parseFromString(html, "text/html");
          ["showtimes", "showtimes-dates", "clear-filters-slot"].forEach(function (id) {
            var mine = document.getElementById(id);
            var theirs = next.getElementById(id);
            if (mine && theirs) { mine.innerHTML = theirs.innerHTML; }
          });
          history.replaceState(null, "", page);
          document.body.setAttribute("data-live", page);
          connectLive();
        })
        .catch(function (error) {
          if (error.name !== "AbortError") { showtimesForm.submit(); }
        })
        .finally(function () { if (shows) { shows.removeAttribute("aria-busy"); } });
    };
    showtimesForm.addEventListener("change", function (event) {
      if (event.target && event.target.id === "area") { showtimesForm.submit(); } else { applyFilters(); }
    });
  }

  // "Use my location": the browser's position, asked for only when the person presses the button.
  var locationForm = document.getElementById("location-form");
  var useLocation = document.getElementById("use-location");
  if (locationForm && useLocation && navigator.geolocation) {
    useLocation.hidden = false;
    useLocation.addEventListener("click", function () {
      useLocation.setAttribute("aria-busy", "true");
      navigator.geolocation.getCurrentPosition(function (position) {
        locationForm.elements.near.value =
          position.coords.latitude.toFixed(4) + "," + position.coords.longitude.toFixed(4);
        locationForm.elements.source.value = "browser";
        locationForm.submit();
      }, function () {
        useLocation.removeAttribute("aria-busy");
        var note = document.createElement("p");
        note.setAttribute("role", "status");
        note.className = "notice";
        note.textContent = useLocation.getAttribute("data-unavailable");
        locationForm.appendChild(note);
      }, { timeout: 10000, maximumAge: 300000 });
    });
  }

  // Share a show: the Web Share API where the browser has it (phones), else the link copied.
  // A "watch together" group's list, read again every few seconds: what a member bookmarks or
  // wants, on whichever server, shows without a reload.
  var togetherList = document.getElementById("together-list");
  if (togetherList && togetherList.getAttribute("data-refresh")) {
    var refreshTogether = function () {
      fetch(togetherList.getAttribute("data-refresh"), { headers: { "Accept": "text/html" }, credentials: "same-origin" })
        .then(function (response) {
          if (!response.ok) { throw new Error("HTTP " + response.status); }
          return response.text();
        })
        .then(function (html) { if (togetherList.innerHTML !== html) { togetherList.innerHTML = html; } })
        .catch(function () {});
    };
    setInterval(refreshTogether, 1000 * Number(togetherList.getAttribute("data-seconds") || "10"));
  }

  var share = document.getElementById("share");
  if (share && (navigator.share || (navigator.clipboard && window.isSecureContext))) {
    share.hidden = false;
    share.addEventListener("click", function () {
      var url = new URL(share.getAttribute("data-share-url"), window.location.href).href;
      var status = document.getElementById("share-status");
      var copy = function () {
        if (!navigator.clipboard) { return; }
        navigator.clipboard.writeText(url).then(function () {
          if (status) { status.textContent = share.getAttribute("data-copied"); }
        });
      };
      if (navigator.share) {
        // Cancelled by the person: nothing to do; refused for another reason: copy the link instead.
        navigator.share({ title: share.getAttribute("data-share-title"), url: url }).catch(function (error) {
          if (!error || error.name !== "AbortError") { copy(); }
        });
      } else {
        copy();
      }
    });
  }

  // Decorated images: an <img data-decorated> shows the plain image first (loading="lazy": only
  // once it is near the viewport); when that has loaded, the decorated one is fetched and swapped
  // in. Leaving the page drops the fetches still pending, so the server stops their work.
  var pendingImages = [];
  function decorate(img) {
    var url = img.getAttribute("data-decorated");
    if (!url) { return; }
    img.removeAttribute("data-decorated");
    var loader = new Image();
    pendingImages.push(loader);
    var done = function () { pendingImages = pendingImages.filter(function (other) { return other !== loader; }); };
    loader.onload = function () {
      done();
      img.src = url;
      img.classList.add("decorated");
    };
    loader.onerror = done;
    loader.src = url;
  }
  document.addEventListener("load", function (event) {
    if (event.target.tagName === "IMG") { decorate(event.target); }
  }, true);
  Array.prototype.forEach.call(document.querySelectorAll("img[data-decorated]"), function (img) {
    if (img.complete && img.naturalWidth > 0) { decorate(img); }
  });
  window.addEventListener("pagehide", function () {
    pendingImages.forEach(function (loader) { loader.onload = null; loader.src = ""; });
    pendingImages = [];
  });

  // The international lists: the next page is appended when "More movies" comes near the
  // viewport (the link itself opens that page without a script).
  var chart = document.getElementById("chart");
  if (chart && "IntersectionObserver" in window) {
    var loadingMore = false;
    var watcher = new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        var more = entry.target;
        if (!entry.isIntersecting || loadingMore) { return; }
        loadingMore = true;
        more.setAttribute("aria-busy", "true");
        fetch(more.getAttribute("data-rows"), { headers: { "Accept": "text/html" } })
          .then(function (response) {
            if (!response.ok) { throw new Error(String(response.status)); }
            return response.text();
          })
          .then(function (html) {
            watcher.unobserve(more);
            more.insertAdjacentHTML("beforebegin", html);
            more.remove();
            var next = document.getElementById("more");
            if (next) { watcher.observe(next); }
            loadingMore = false;
          })
          .catch(function () { more.removeAttribute("aria-busy"); loadingMore = false; });
      });
    }, { rootMargin: "400px" });
    var firstMore = document.getElementById("more");
    if (firstMore) { watcher.observe(firstMore); }
  }

  // Without a connection, the service worker opens a kept copy of a page, marked with when it was
  // kept: say so, and how old it is; once the connection is back, the page itself.
  var keptAt = Number(document.documentElement.getAttribute("data-saved-at"));
  if (keptAt) {
    var keptNote = document.createElement("p");
    keptNote.id = "kept-note";
    keptNote.className = "offline";
    keptNote.setAttribute("role", "status");
    keptNote.textContent = (document.body.getAttribute("data-saved-note") || "%@").replace("%@", keptAge(keptAt));
    var banners = document.getElementById("connectivity");
    if (banners) { banners.appendChild(keptNote); }
    // A message of the moment the page was kept ("Bookmarked: …") is not news now.
    document.querySelectorAll("main .flash").forEach(function (flash) { flash.remove(); });
    window.addEventListener("online", function () { window.location.reload(); });
  }
  // "5 minutes ago (27.11.2026 10.05)" in the page's language; the time alone where the browser
  // cannot say it so.
  function keptAge(time) {
    var lang = document.documentElement.lang;
    var when = new Date(time);
    try {
      var minutes = Math.round((time - Date.now()) / 60000);
      var relative = new Intl.RelativeTimeFormat(lang, { numeric: "auto" });
      var age = Math.abs(minutes) < 60 ? relative.format(minutes, "minute")
        : Math.abs(minutes) < 48 * 60 ? relative.format(Math.round(minutes / 60), "hour")
        : relative.format(Math.round(minutes / 1440), "day");
      return age + " (" + when.toLocaleString(lang, { dateStyle: "short", timeStyle: "short" }) + ")";
    } catch (error) {
      return when.toLocaleString();
    }
  }
  if ("serviceWorker" in navigator && document.body.getAttribute("data-service-worker")) {
    navigator.serviceWorker.register(document.body.getAttribute("data-service-worker")).catch(function () {});
  }

  // Tell me when it's on, as a notification too: the browser's push subscription (made with the
  // server's VAPID key) is sent to the server with a form's CSRF token.
  var canPush = "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
  function pushKeyBytes(text) {
    var base64 = text.replace(/-/g, "+").replace(/_/g, "/");
    var raw = atob(base64 + "===".slice((base64.length + 3) % 4));
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) { bytes[i] = raw.charCodeAt(i); }
    return bytes;
  }
  function csrfToken() {
    var field = document.querySelector('input[name="csrf"]');
    return field ? field.value : "";
  }
  // `promise`, or a failure after `ms` (a push service that does not answer).
  function within(ms, promise) {
    return Promise.race([promise, new Promise(function (resolve, reject) {
      setTimeout(function () { reject(new Error("timed out")); }, ms);
    })]);
  }
  // The browser's subscription with the server's key: the one it has, or a new one.
  function browserSubscription(element) {
    return navigator.serviceWorker.ready.then(function (registration) {
      var key = pushKeyBytes(element.getAttribute("data-push-key"));
      var subscribe = function () {
        return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      };
      return registration.pushManager.getSubscription().then(function (existing) {
        if (!existing) { return subscribe(); }
        // One made with another key (another server's, or before the key changed) takes no push of
        // this one. (A browser that does not say which key is trusted: it has no `options`.)
        var made = existing.options && existing.options.applicationServerKey;
        if (!made || Array.prototype.join.call(new Uint8Array(made), ",") === Array.prototype.join.call(key, ",")) {
          return existing;
        }
        return existing.unsubscribe().then(subscribe);
      });
    });
  }
  // Sends the subscription; the server's answer gives the token of the page's next forms (a
  // browser's first change makes it a person). One the server refuses is undone in the browser.
  function sendSubscription(element, subscription) {
    var json = subscription.toJSON();
    var body = new URLSearchParams({ csrf: csrfToken(), endpoint: json.endpoint, p256dh: json.keys.p256dh,
      auth: json.keys.auth });
    return fetch(element.getAttribute("data-push-subscribe"), { method: "POST", body: body })
      .then(useNextToken)
      .catch(function (error) {
        return subscription.unsubscribe().catch(function () {}).then(function () { throw error; });
      });
  }
  function useNextToken(answer) {
    if (!answer.ok) { throw new Error("push: " + answer.status); }
    return answer.json().then(function (json) {
      Array.prototype.forEach.call(document.querySelectorAll('input[name="csrf"]'), function (field) {
        field.value = json.csrf;
      });
    });
  }
  var wantedForm = document.getElementById("wanted-form");
  if (wantedForm && canPush && !keptAt) {
    var wantedSent = false;
    var wantedButton = wantedForm.querySelector("button");
    wantedForm.addEventListener("submit", function (event) {
      // (By its name: `elements.wanted` is the field and the button, whose ID is `wanted`.)
      var asking = wantedForm.querySelector('input[name="wanted"]').value === "yes";
      if (!asking || Notification.permission === "denied") { return; }
      event.preventDefault();
      // Once: a second click while the browser asks would subscribe (and make a person) twice.
      if (wantedSent) { return; }
      wantedSent = true;
      wantedButton.disabled = true;
      // Whatever the browser says, the person waits for the movie (and finds it in their feeds).
      // The person takes their time to answer the browser; the push service gets 10 s to give a
      // subscription. Once it is sent, the form waits for the answer: it carries the token the
      // form must be sent with.
      Notification.requestPermission()
        .then(function (permission) {
          if (permission !== "granted") { return null; }
          return within(10000, browserSubscription(wantedForm)).then(function (subscription) {
            return sendSubscription(wantedForm, subscription);
          });
        })
        .catch(function () {})
        .then(function () { wantedForm.submit(); });
    });
    // Back to this page from the browser's memory of it: the button works again.
    window.addEventListener("pageshow", function (event) {
      if (event.persisted) {
        wantedSent = false;
        wantedButton.disabled = false;
      }
    });
  }
  var pushToggle = document.getElementById("push-toggle");
  if (pushToggle && canPush && !keptAt && Notification.permission !== "denied") {
    var showPushState = function (on) {
      pushToggle.setAttribute("aria-pressed", on ? "true" : "false");
      pushToggle.disabled = false;
    };
    navigator.serviceWorker.ready
      .then(function (registration) { return registration.pushManager.getSubscription(); })
      .then(function (subscription) {
        showPushState(!!subscription && Notification.permission === "granted");
        pushToggle.hidden = false;
      })
      .catch(function () {});
    pushToggle.addEventListener("click", function () {
      var wasOn = pushToggle.getAttribute("aria-pressed") === "true";
      pushToggle.disabled = true;
      if (wasOn) {
        navigator.serviceWorker.ready
          .then(function (registration) { return registration.pushManager.getSubscription(); })
          .then(function (subscription) {
            if (!subscription) { return null; }
            var body = new URLSearchParams({ csrf: csrfToken(), endpoint: subscription.endpoint });
            return fetch(pushToggle.getAttribute("data-push-unsubscribe"), { method: "POST", body: body })
              .then(useNextToken)
              .then(function () { return subscription.unsubscribe(); });
          })
          .then(function () { showPushState(false); }, function () { showPushState(true); });
      } else {
        Notification.requestPermission()
          .then(function (permission) {
            if (permission !== "granted") { throw new Error(permission); }
            return within(10000, browserSubscription(pushToggle));
          })
          .then(function (subscription) { return sendSubscription(pushToggle, subscription); })
          .then(function () { showPushState(true); }, function () {
            showPushState(false);
            if (Notification.permission === "denied") { pushToggle.hidden = true; }
          });
      }
    });
  }

  // Live updates: swap the element each message names (not on a kept copy: there is no connection).
  var source = null;
  function connectLive() {
    var page = document.body.getAttribute("data-live");
    var updates = document.body.getAttribute("data-live-updates");
    if (keptAt || !page || !updates || !window.EventSource) { return; }
    if (source) { source.close(); }
    source = new EventSource(updates + "?page=" + encodeURIComponent(page));
    source.addEventListener("fragment", function (event) {
      var message;
      try { message = JSON.parse(event.data); } catch (error) { return; }
      var target = document.getElementById(message.id);
      if (target) { target.innerHTML = message.html; }
    });
  }
  window.addEventListener("pagehide", function () { if (source) { source.close(); } });
  connectLive();

  // Keyboard shortcuts send actions up a responder chain: from the focused element through the
  // screen (main), the tab (body) and the app (document); what the page cannot do itself goes on
  // to the server's chain (POST /action), which answers in words.
  function isTyping(target) {
    return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  }
  var keys = { "r": "refresh", "b": "toggleBookmark", "/": "focusSearch", "]": "nextTab", "[": "previousTab", "?": "help" };
  document.addEventListener("keydown", function (event) {
    var key = event.key ? event.key.toLowerCase() : "";
    var modified = event.ctrlKey || event.metaKey;
    var name = null;
    if (modified && !event.altKey && key === "z") { name = event.shiftKey ? "redo" : "undo"; }
    else if (modified && !event.altKey && key === "y") { name = "redo"; }
    else if (!modified && !event.altKey && !isTyping(event.target)) { name = keys[event.key] || null; }
    if (!name || (isTyping(event.target) && (name === "undo" || name === "redo"))) { return; }
    event.preventDefault();
    var origin = event.target && event.target.dispatchEvent ? event.target : document.body;
    origin.dispatchEvent(new CustomEvent("app-action", { bubbles: true, detail: { name: name } }));
  });
  function respond(element, handlers) {
    element.addEventListener("app-action", function (event) {
      var handler = handlers[event.detail.name];
      if (handler && handler() !== false) { event.stopPropagation(); }
    });
  }
  var main = document.getElementById("main");
  if (main) {
    respond(main, { focusSearch: function () {
      var field = document.getElementById("q");
      if (!field) { return false; }
      field.focus();
      field.select();
    } });
  }
  // The trailer editor answers undo and redo itself (its own history, not the bookmarks'), for
  // the whole page: the keys are pressed with the focus anywhere, often on the page's body.
  var editor = document.querySelector(".editor");
  if (editor) {
    var pressing = function (name) {
      return function () {
        var button = editor.querySelector('button[data-action="' + name + '"]');
        if (!button) { return false; }
        button.click();
      };
    };
    respond(document.body, { undo: pressing("undo"), redo: pressing("redo") });
  }
  // An export in progress: its bar follows the server's figure until the video is in the library.
  var exportSection = document.getElementById("export");
  var exportBar = document.getElementById("export-progress");
  if (exportSection && exportBar) {
    var follow = function () {
      fetch(exportSection.getAttribute("data-status"), { headers: { "Accept": "application/json" } })
        .then(function (response) { return response.json(); })
        .then(function (state) {
          if (state.state === "running") {
            exportBar.value = Number(state.percent);
            document.getElementById("export-percent").textContent = state.percent + " %";
            setTimeout(follow, 250);
          } else {
            // Reloaded to say how it ended; when the editor is gone (the instance that had it
            // stopped, and another finished the export), the video is shown in the library.
            fetch(window.location.href).then(function (page) {
              if (page.ok || !state.library) { window.location.reload(); } else { window.location.assign(state.library); }
            }).catch(function () { window.location.reload(); });
          }
        })
        .catch(function () { setTimeout(follow, 1000); });
    };
    setTimeout(follow, 250);
  }
  // A video of one's own: sent as the body of a PUT, then opened in the editor.
  var upload = document.getElementById("upload-file");
  if (upload) {
    upload.hidden = false;
    upload.className = "visually-hidden";
    upload.addEventListener("change", function () {
      var file = upload.files && upload.files[0];
      if (!file) { return; }
      var bar = document.getElementById("upload-progress");
      bar.hidden = false;
      var request = new XMLHttpRequest();
      request.open("PUT", upload.getAttribute("data-url") + "?name=" + encodeURIComponent(file.name));
      request.setRequestHeader("X-CSRF-Token", upload.getAttribute("data-csrf"));
      request.upload.onprogress = function (event) {
        if (event.lengthComputable) { bar.value = Math.floor(100 * event.loaded / event.total); }
      };
      request.onload = function () {
        var answer = {};
        try { answer = JSON.parse(request.responseText); } catch (error) { answer = {}; }
        if (request.status === 200 && answer.location) {
          window.location.href = answer.location;
        } else {
          bar.hidden = true;
          say(answer.error || upload.getAttribute("data-failed"));
        }
      };
      request.onerror = function () { bar.hidden = true; say(upload.getAttribute("data-failed")); };
      request.send(file);
    });
  }
  function moveTab(step) {
    var tabs = Array.prototype.slice.call(document.querySelectorAll("nav.tabs a"));
    var current = tabs.findIndex(function (tab) { return tab.getAttribute("aria-current") === "page"; });
    var next = tabs[(current + step + tabs.length) % tabs.length];
    if (next) { window.location.href = next.href; }
  }
  respond(document.body, {
    nextTab: function () { moveTab(1); },
    previousTab: function () { moveTab(-1); }
  });
  var toastTimer = null;
  function say(message) {
    var toast = document.getElementById("toast");
    if (!toast) {
      toast = document.createElement("p");
      toast.id = "toast";
      toast.className = "toast";
      toast.setAttribute("role", "status");
      document.body.appendChild(toast);
    }
    toast.textContent = message;
    toast.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { toast.hidden = true; }, 4000);
  }
  document.addEventListener("app-action", function (event) {
    var name = event.detail.name;
    if (name === "help") {
      var help = document.getElementById("help");
      if (help && help.showModal && !help.open) { help.showModal(); }
      return;
    }
    var token = document.querySelector('input[name="csrf"]');
    var body = new URLSearchParams({ csrf: token ? token.value : "", action: name,
                                     back: window.location.pathname + window.location.search });
    fetch(document.body.getAttribute("data-action-url"), { method: "POST", body: body, headers: { "Accept": "application/json" } })
      .then(function (response) { return response.json(); })
      .then(function (outcome) {
        // The first change of a browser on a hosted server made it a person: its forms now
        // carry that session's token.
        if (outcome.csrf) {
          document.querySelectorAll('input[name="csrf"]').forEach(function (input) { input.value = outcome.csrf; });
          document.querySelectorAll("[data-csrf]").forEach(function (element) {
            element.setAttribute("data-csrf", outcome.csrf);
          });
        }
        if (outcome.handled && outcome.by === "screen") {
          sessionStorage.setItem("finnkino-message", outcome.message);
          window.location.reload();
        } else {
          say(outcome.message);
        }
      })
      .catch(function () { say(name); });
  });
  var pending = sessionStorage.getItem("finnkino-message");
  if (pending) {
    sessionStorage.removeItem("finnkino-message");
    say(pending);
  }
})();
