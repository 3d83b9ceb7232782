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
