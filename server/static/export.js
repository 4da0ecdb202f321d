// The script of a static export's pages (server/export.py): the phone's language, and on a
// card or kind page a mission drawn on the phone. Without it every page still works: it shows
// the mission fixed for that card, in the language of its path.
(function () {
  "use strict";
  var script = document.currentScript;
  var store = null;
  try {
    store = window.localStorage;
    store.getItem("gong-lang");
  } catch (error) {
    store = null; // storage refused (private mode): no memory, still a fair draw
  }
  var page = document.documentElement.lang;
  var menu = document.querySelectorAll(".langs a[hreflang]");
  var hrefs = {};
  menu.forEach(function (a) { hrefs[a.getAttribute("hreflang")] = a; });

  // A page without a language prefix (the QR codes' /C/NE5) is in the export's first language:
  // a phone that chose another one in the menu, or whose own language is another one the site
  // has, goes to that language's page.
  if (script && script.hasAttribute("data-choose")) {
    var wanted = store && store.getItem("gong-lang");
    if (!hrefs[wanted]) {
      wanted = null;
      var asked = navigator.languages || [navigator.language || ""];
      for (var i = 0; i < asked.length && !wanted; i++) {
        var primary = String(asked[i]).toLowerCase().split("-")[0];
        if (hrefs[primary]) wanted = primary;
      }
    }
    if (wanted && wanted !== page) {
      location.replace(hrefs[wanted].href + location.hash);
      return;
    }
  }
  menu.forEach(function (a) {
    a.addEventListener("click", function () {
      if (store) store.setItem("gong-lang", a.getAttribute("hreflang"));
    });
  });

  var data = document.getElementById("gong-missions");
  if (data) show(JSON.parse(data.textContent));

  function randomIndex(n) {
    var value = new Uint32Array(1);
    window.crypto.getRandomValues(value);
    return value[0] % n;
  }

  function loadSeen() {
    try {
      return JSON.parse(store.getItem("gong-seen")) || {};
    } catch (error) {
      return {};
    }
  }

  // A mission of the page's kind this phone has not shown yet; once all were shown, a new
  // round that does not start with the one just shown (as the Flask site draws). A link that
  // names one (#bonus-07, from the language menu) shows that one.
  function pick(data) {
    var missions = data.missions;
    var ids = missions.map(function (m) { return m[0]; });
    var named = ids.indexOf(decodeURIComponent(location.hash.slice(1)));
    if (named >= 0) return missions[named];
    var seen = store ? loadSeen() : {};
    var shown = (seen[data.kind] || []).filter(function (id) { return ids.indexOf(id) >= 0; });
    var fresh = missions.filter(function (m) { return shown.indexOf(m[0]) < 0; });
    if (!fresh.length) {
      var last = shown[shown.length - 1];
      shown = [];
      fresh = missions.filter(function (m) { return m[0] !== last; });
    }
    var mission = fresh[randomIndex(fresh.length)];
    shown.push(mission[0]);
    seen[data.kind] = shown;
    if (store) {
      try { store.setItem("gong-seen", JSON.stringify(seen)); } catch (error) { /* full */ }
    }
    return mission;
  }

  function show(data) {
    var mission = pick(data);
    var article = document.querySelector("article.mission");
    article.querySelector("h1").textContent = mission[1];
    article.querySelector("p.text").textContent = mission[2];
    var perma = document.querySelector("p.perma a");
    if (perma) perma.setAttribute("href", data.m + mission[0] + "/");
    document.title = mission[1] + " \u00b7 GONG";
    // Another language shows the same mission, as on the Flask site.
    menu.forEach(function (a) {
      a.setAttribute("href", a.getAttribute("href").split("#")[0] + "#" + mission[0]);
    });
  }
})();
