// Registers GONG's offline worker (server/offline.py) once the page is shown, never before it,
// and not when the phone asks to save data; then asks it to keep this page's language.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!("serviceWorker" in navigator) || !script) return;
  if (navigator.connection && navigator.connection.saveData) return;
  var worker = script.getAttribute("data-sw");
  var lang = document.documentElement.lang;
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(worker).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      if (registration.active) registration.active.postMessage({ keep: lang });
    }).catch(function () {});
  });
})();
