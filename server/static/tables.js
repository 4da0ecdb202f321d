// The table pages' one script: ask for the page again about once a second with ?since=<version>
// (304 while nothing changed) and swap in the new content, keeping what the player picked.
// Forms post as they would without it.
(function () {
  "use strict";
  document.documentElement.className += " js";
  // /play: show only the seats of the chosen player count (without a script, all are shown
  // and the extra ones are ignored).
  var players = document.getElementById("players");
  if (players) {
    var seats = function () {
      document.querySelectorAll(".seatrow").forEach(function (row) {
        row.hidden = +row.getAttribute("data-seat") >= +players.value;
      });
    };
    players.addEventListener("change", seats);
    seats();
  }
  var main = document.querySelector("main[data-poll]");
  if (!main) return;
  var busy = false;
  var misses = 0;
  function kept(root) {
    var values = {};
    root.querySelectorAll("input,select").forEach(function (el) {
      if (el.type === "hidden" || el.disabled) return;
      var key = el.name + "=" + (el.type === "checkbox" || el.type === "radio" ? el.value : "");
      values[key] = el.type === "checkbox" || el.type === "radio" ? el.checked : el.value;
    });
    var focused = document.activeElement;
    values.focus = focused && focused.name ? focused.name + "=" + (focused.value || "") : "";
    return values;
  }
  function restore(root, values) {
    root.querySelectorAll("input,select").forEach(function (el) {
      if (el.type === "hidden" || el.disabled) return;
      var box = el.type === "checkbox" || el.type === "radio";
      var key = el.name + "=" + (box ? el.value : "");
      if (!(key in values)) return;
      if (box) el.checked = values[key];
      else el.value = values[key];
      if (values.focus === el.name + "=" + (el.value || "")) el.focus();
    });
  }
  function tick() {
    if (busy || document.hidden) return;
    busy = true;
    var url = main.getAttribute("data-poll");
    url += (url.indexOf("?") < 0 ? "?" : "&") + "since=" + main.getAttribute("data-version");
    fetch(url, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.status === 200 ? r.text() : null; })
      .then(function (html) {
        misses = 0;
        if (!html) return;
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.querySelector("main[data-poll]");
        if (!fresh) return;
        var values = kept(main);
        main.replaceWith(fresh);
        main = fresh;
        restore(main, values);
        document.title = doc.title;
      })
      .catch(function () { misses += 1; })
      .then(function () { busy = false; });
  }
  var every = +main.getAttribute("data-every") || 1000;
  setInterval(function () { if (misses < 30 || Math.random() < 0.2) tick(); }, every);
})();
