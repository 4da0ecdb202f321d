// The table pages' one script: ask for the page again about once a second with ?since=<version>
// (304 while nothing changed) and swap in the new content, keeping what the player picked; send
// a move without reloading the page; keep the move's buttons greyed until the move is whole;
// count down the windows of GONG calls and catches. Every form posts as it would without it.
(function () {
  "use strict";
  document.documentElement.className += " js";
  // /play: show only the seats of the chosen player count, and only the name fields of the
  // chosen way to play (without a script, all are shown and the unused ones are ignored).
  var players = document.getElementById("players");
  if (players) {
    var shown = function () {
      var mode = players.form.querySelector("input[name=mode]:checked");
      players.form.querySelectorAll(".seatrow").forEach(function (row) {
        row.hidden = +row.getAttribute("data-seat") >= +players.value;
      });
      players.form.querySelectorAll("[data-mode]").forEach(function (el) {
        el.hidden = !!mode && el.getAttribute("data-mode") !== mode.value;
      });
    };
    players.form.addEventListener("change", shown);
    shown();
  }
  // /play end
  var main = document.querySelector("main[data-poll]");
  if (!main) return;
  var busy = false;
  var sending = false;
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
  // The move form: which card verbs the picked cards make whole ("play:1 lay:1" says how many
  // cards each verb takes); a verb taking one card picks one card at a time.
  function sizes(form) {
    var found = {};
    (form.getAttribute("data-sizes") || "").split(" ").forEach(function (part) {
      var bits = part.split(":");
      if (bits[1]) found[bits[0]] = bits[1].split(",").map(Number);
    });
    return found;
  }
  function check(form, changed) {
    var size = sizes(form);
    var single = Object.keys(size).length > 0 && Object.keys(size).every(function (v) {
      return size[v].length === 1 && size[v][0] === 1;
    });
    var boxes = form.querySelectorAll("input[name=card]:not([disabled])");
    if (single && changed && changed.name === "card" && changed.checked) {
      boxes.forEach(function (box) { if (box !== changed) box.checked = false; });
    }
    var picked = [];
    boxes.forEach(function (box) { if (box.checked) picked.push(box); });
    var hint = "";
    var hintBox = form.querySelector(".hint");
    form.querySelectorAll("button[name=verb]").forEach(function (button) {
      var verb = button.value;
      if (!size[verb]) return;
      var fits = picked.every(function (box) {
        return (" " + box.getAttribute("data-for") + " ").indexOf(" " + verb + " ") >= 0;
      });
      var whole = fits && size[verb].indexOf(picked.length) >= 0;
      button.disabled = !whole;
      var least = Math.min.apply(null, size[verb]);
      if (!whole && fits && picked.length && picked.length < least && hintBox) {
        hint = hintBox.getAttribute("data-of").replace("{k}", picked.length).replace("{n}", least);
      }
    });
    if (hintBox) {
      if (!picked.length && Object.keys(size).length) hint = hintBox.getAttribute("data-pick");
      hintBox.textContent = hint;
    }
  }
  function ready(root) {
    var form = root.querySelector("form.move");
    if (form) check(form, null);
    var now = Date.now();
    root.querySelectorAll("[data-left]").forEach(function (el) {
      var left = +el.getAttribute("data-left");
      el.setAttribute("data-until", now + left * 1000);
      el.setAttribute("data-span", Math.max(left, 0.1) * 1000);
    });
    count();
  }
  function count() {
    var now = Date.now();
    main.querySelectorAll("[data-until]").forEach(function (el) {
      var left = Math.max(0, +el.getAttribute("data-until") - now);
      el.style.setProperty("--left", String(left / +el.getAttribute("data-span")));
      el.classList.toggle("done", left === 0);
    });
  }
  function swap(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var fresh = doc.querySelector("main[data-poll]");
    if (!fresh) return false;
    var values = kept(main);
    var error = fresh.querySelector(".error");
    main.replaceWith(fresh);
    main = fresh;
    // After a refusal the page carries the choices back itself; otherwise keep the picks.
    if (!error) restore(main, values);
    else error.scrollIntoView({ block: "nearest" }); // the refusal where the player looks
    document.title = doc.title;
    ready(main);
    return true;
  }
  function tick() {
    if (busy || sending || document.hidden) return;
    busy = true;
    var url = main.getAttribute("data-poll");
    url += (url.indexOf("?") < 0 ? "?" : "&") + "since=" + main.getAttribute("data-version");
    fetch(url, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) { return r.status === 200 ? r.text() : null; })
      .then(function (html) {
        misses = 0;
        if (html && !sending) swap(html);
      })
      .catch(function () { misses += 1; })
      .then(function () { busy = false; });
  }
  document.addEventListener("change", function (event) {
    var form = event.target.form;
    if (form && form.classList.contains("move")) check(form, event.target);
  });
  // A move goes without reloading the page: the answer (the table's page, with a refusal and
  // the choices kept when there is one) replaces the old one.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.classList.contains("move") || !window.fetch || !window.FormData) return;
    event.preventDefault();
    if (sending) return;
    var data = new FormData(form);
    var by = event.submitter;
    if (by && by.name) data.append(by.name, by.value);
    sending = true;
    form.classList.add("sending");
    // getAttribute: `form.action` would be the buttons named "action".
    fetch(form.getAttribute("action"), { method: "POST", body: data, credentials: "same-origin" })
      .then(function (r) { return r.text(); })
      .then(function (html) {
        if (swap(html)) return;
        // Not the table's page (an expired form, a server error): show it as it came.
        document.open();
        document.write(html);
        document.close();
      })
      .catch(function () { window.location.assign(main.getAttribute("data-poll")); })
      .then(function () { sending = false; });
  });
  ready(main);
  var every = +main.getAttribute("data-every") || 1000;
  setInterval(function () { if (misses < 30 || Math.random() < 0.2) tick(); }, every);
  setInterval(count, 200);
})();
