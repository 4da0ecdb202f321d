// GONG's offline worker: server/offline.py says what it keeps and why. VERSION (a digest of
// everything kept) and STATIC are set on the lines above this one: STATIC is null on the Flask
// site, and a static export's languages (server/export.py), whose pages have a language prefix
// (/fr/C/NE5/) and draw their missions themselves.
"use strict";
const CACHE = "gong-" + VERSION;
const ROOT = new URL(self.registration.scope).pathname; // "/", or "/games/gong/"
const STATE = ROOT + "offline/state";
const TIMEOUT = 3000; // a page load waits this long for the network, then the phone answers
const KINDS = ["fight", "malus", "bonus"];

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const keys = await caches.keys();
    await Promise.all(keys.filter((k) => k.startsWith("gong-") && k !== CACHE)
      .map((k) => caches.delete(k)));
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && typeof event.data.keep === "string") event.waitUntil(keep(event.data.keep));
});

// --- what the phone remembers: its language and the missions it showed -------------------

async function loadState() {
  const cache = await caches.open(CACHE);
  const found = await cache.match(STATE);
  const state = found ? await found.json() : {};
  return { lang: state.lang || "", shown: state.shown || {}, pending: state.pending || [] };
}

async function saveState(state) {
  const cache = await caches.open(CACHE);
  await cache.put(STATE, new Response(JSON.stringify(state),
    { headers: { "Content-Type": "application/json" } }));
}

function payloadUrl(lang) { return ROOT + "offline/" + lang + ".json"; }

async function keep(lang) {
  const cache = await caches.open(CACHE);
  const state = await loadState();
  if (!(await cache.match(payloadUrl(lang)))) {
    const answer = await fetch(payloadUrl(lang), { credentials: "same-origin" });
    if (!answer.ok) return;
    const data = await answer.clone().json();
    await cache.addAll([...data.pages, ...data.files]);
    await cache.put(payloadUrl(lang), answer);
  }
  state.lang = lang;
  await saveState(state);
}

async function payload(lang) {
  const cache = await caches.open(CACHE);
  const found = await cache.match(payloadUrl(lang));
  return found ? found.json() : null;
}

// --- page loads ----------------------------------------------------------------------------

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(ROOT)) return;
  const path = "/" + url.pathname.slice(ROOT.length);
  if (path === "/sw.js" || path.startsWith("/offline/")) return;
  if (path.startsWith("/s/")) {
    event.respondWith(caches.match(request).then((found) => found || fetch(request)));
    return;
  }
  if (request.mode !== "navigate") return;
  if (STATIC) {
    event.respondWith(networkFirst(request, url, path));
    return;
  }
  if (path.startsWith("/t/") || path.startsWith("/api/") || path === "/play") {
    event.respondWith(fetch(request).catch(() => noTables(url)));
    return;
  }
  event.respondWith(networkFirst(request, url, path));
});

function withTimeout(promise, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    promise.then((value) => { clearTimeout(timer); resolve(value); },
      (error) => { clearTimeout(timer); reject(error); });
  });
}

async function networkFirst(request, url, path) {
  let state = null;
  try {
    state = await loadState();
    if (state.pending.length && !STATIC) await withTimeout(sendSeen(state), TIMEOUT);
    const answer = await withTimeout(fetch(request), TIMEOUT);
    if (answer.ok && !STATIC) noteShown(answer.clone(), state);
    return answer;
  } catch (error) {
    state = state || await loadState();
    const where = STATIC ? staticPlace(path, state) : {
      path, lang: url.searchParams.get("lang") || state.lang || "",
    };
    const page = await offlinePage(where.path, where.lang, state);
    if (page) return page;
    const cache = await caches.open(CACHE);
    const kept = STATIC ? ROOT + where.lang + (where.path === "/" ? "/" : where.path + "/")
      : path + "?lang=" + where.lang;
    return (await cache.match(request)) || (await cache.match(kept)) || Response.error();
  }
}

// A static export's path as the Flask site's, and its language: "/fr/C/NE5/" is "/C/NE5" in
// French; a path without a prefix is in the language the phone kept.
function staticPlace(path, state) {
  let lang = state.lang;
  const prefix = /^\/([a-z]{2})(\/.*)?$/.exec(path);
  if (prefix && STATIC.includes(prefix[1])) {
    lang = prefix[1];
    path = prefix[2] || "/";
  }
  path = path.replace(/(\/index)?\.html$/, "").replace(/\/+$/, "") || "/";
  return { path, lang };
}

// Online, the server draws and remembers; the phone notes the mission too, so that a draw
// offline does not show it again.
async function noteShown(answer, state) {
  const html = await answer.text();
  const found = /<!--gong:perma--><p class="perma"><a href="[^"]*\/m\/([^"?]+)/.exec(html);
  const kind = /<article class="mission k-(\w+)"/.exec(html);
  if (!found || !kind) return;
  const shown = state.shown[kind[1]] || [];
  if (!shown.includes(found[1])) shown.push(found[1]);
  state.shown[kind[1]] = shown;
  await saveState(state);
}

// Online again: the missions shown offline go to the server, which folds them into its
// signed "seen" cookie (it stays HttpOnly: the phone never reads it).
async function sendSeen(state) {
  const answer = await fetch(ROOT + "seen", {
    method: "POST", credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ids: state.pending }),
  });
  if (answer.ok) {
    state.pending = [];
    await saveState(state);
  }
}

function randomIndex(n) {
  const value = new Uint32Array(1);
  self.crypto.getRandomValues(value);
  return value[0] % n;
}

// A mission of `kind` the phone has not shown yet; once all were shown, a new round that
// does not start with the one just shown (as the server draws).
function draw(data, kind, state) {
  const missions = data.missions[kind];
  let shown = (state.shown[kind] || []).filter((id) => missions.some((m) => m.id === id));
  let fresh = missions.filter((m) => !shown.includes(m.id));
  if (!fresh.length) {
    const last = shown[shown.length - 1];
    shown = [];
    fresh = missions.filter((m) => m.id !== last);
  }
  const mission = fresh[randomIndex(fresh.length)];
  shown.push(mission.id);
  state.shown[kind] = shown;
  state.pending.push(mission.id);
  return mission;
}

function put(html, name, part) {
  const marker = new RegExp("<!--gong:" + name + "-->[\\s\\S]*?<!--/gong:" + name + "-->");
  return html.replace(marker, () => "<!--gong:" + name + "-->" + part + "<!--/gong:" + name + "-->");
}

function escapeText(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

async function offlinePage(path, lang, state) {
  const data = lang && await payload(lang);
  if (!data) return null;
  let kind = null;
  let card = null;
  let mission = null;
  const byCode = /^\/c\/([A-Za-z0-9]+)$/i.exec(path);
  const byId = /^\/m\/([a-z0-9-]+)$/.exec(path);
  if (byCode) {
    const code = byCode[1].toUpperCase();
    if (code === "J1" || code === "J2") {
      const cache = await caches.open(CACHE);
      return cache.match(data.pages.find((p) => p.includes("/C/" + code)));
    }
    card = data.cards[code];
    if (!card) return null;
    kind = card.kind;
  } else if (KINDS.includes(path.slice(1))) {
    kind = path.slice(1);
  } else if (byId) {
    for (const k of KINDS) {
      const found = data.missions[k].find((m) => m.id === byId[1]);
      if (found) { kind = k; mission = found; }
    }
    if (!mission) return null;
  } else {
    return null;
  }
  let html = data.shells[kind];
  if (STATIC) {
    // The page draws its mission itself, from the missions it embeds; a permalink does not.
    if (mission) html = html.replace(/<script type="application\/json" id="gong-missions">[\s\S]*?<\/script>/, "");
    else mission = data.missions[kind][0];
  }
  mission = mission || draw(data, kind, state);
  await saveState(state);
  html = put(html, "card", card ? card.html : "");
  html = put(html, "mission", mission.html);
  html = put(html, "perma", mission.perma);
  html = html.replace(/<title>[\s\S]*?<\/title>/, () => "<title>" + escapeText(mission.title) + "</title>");
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } });
}

async function noTables(url) {
  const state = await loadState();
  const lang = url.searchParams.get("lang") || state.lang || "en";  // the Flask site only
  const data = await payload(lang);
  const line = data ? data.no_tables : "Tables need the internet; scans work without it.";
  const css = data ? '<link rel="stylesheet" href="' + data.css + '">' : "";
  const html = '<!doctype html><html lang="' + lang + '" dir="' + (data ? data.dir : "ltr") +
    '"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,' +
    'initial-scale=1"><title>GONG</title>' + css + '</head><body><main><h1>GONG</h1><p>' +
    escapeText(line) + '</p><p><a class="button" href="' + ROOT + '">GONG</a></p></main>' +
    "</body></html>";
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}
