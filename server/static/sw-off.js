// GONG's emergency worker (GONG_OFFLINE=off): it deletes every cache GONG's worker made and
// unregisters itself; pages load from the network, as they did before any worker.
self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) {
  event.waitUntil((async function () {
    var keys = await caches.keys();
    await Promise.all(keys.filter(function (k) { return k.indexOf("gong-") === 0; })
      .map(function (k) { return caches.delete(k); }));
    await self.registration.unregister();
    var windows = await self.clients.matchAll({ type: "window" });
    windows.forEach(function (client) { client.navigate(client.url); });
  })());
});
