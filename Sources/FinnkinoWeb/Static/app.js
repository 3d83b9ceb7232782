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
      fetch("/movies/results?" + query, { signal: pending.signal, headers: { "Accept": "text/html" } })
        .then(function (response) {
          if (!response.ok) { throw new Error("HTTP " + response.status); }
          return response.text();
        })
        .then(function (html) {
          results.innerHTML = html;
          history.replaceState(null, "", "/movies?" + query);
          document.body.setAttribute("data-live", "/movies?" + query);
          connectLive();
        })
        .catch(function (error) {
          if (error.name !== "AbortError") { form.submit(); }
        })
        .finally(function () { results.removeAttribute("aria-busy"); });
    };
    form.addEventListener("input", function (event) {
      if (event.target && event.target.id === "area") { return; }
      clearTimeout(timer);
      timer = setTimeout(refresh, 150);
    });
    form.addEventListener("change", function (event) {
      if (event.target && event.target.id === "area") { form.submit(); }
    });
  }

  // The showtimes area picker applies at once.
  var showtimesForm = document.getElementById("showtimes-form");
  if (showtimesForm) {
    showtimesForm.addEventListener("change", function () { showtimesForm.submit(); });
  }

  // Live updates: swap the element each message names.
  var source = null;
  function connectLive() {
    var page = document.body.getAttribute("data-live");
    if (!page || !window.EventSource) { return; }
    if (source) { source.close(); }
    source = new EventSource("/live?page=" + encodeURIComponent(page));
    source.addEventListener("fragment", function (event) {
      var message;
      try { message = JSON.parse(event.data); } catch (error) { return; }
      var target = document.getElementById(message.id);
      if (target) { target.innerHTML = message.html; }
    });
  }
  window.addEventListener("pagehide", function () { if (source) { source.close(); } });
  connectLive();
})();
