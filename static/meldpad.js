// meldpad's own script. Every page works without it; it only makes them
// quicker to use: scorepads that update by themselves, and (on the hand
// forms) the card picker.
(function () {
  "use strict";

  // Live scorepads: the server says when the game changed (server-sent
  // events); the scorepad part of the page is then fetched again and
  // swapped in. A page that missed changes while asleep catches up from
  // the stream's first event, which carries the current version.
  function live() {
    var pad = document.getElementById("scorepad");
    if (!pad || !pad.dataset.live || !window.EventSource) return;
    var source = new EventSource(pad.dataset.live);
    var busy = false;
    function refresh(event) {
      var version = parseInt(event.data, 10);
      if (busy || !(version > parseInt(pad.dataset.version, 10))) return;
      busy = true;
      fetch(location.href, { headers: { "Accept": "text/html" } })
        .then(function (r) { return r.text(); })
        .then(function (html) {
          var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("scorepad");
          if (fresh) { pad.replaceWith(fresh); pad = fresh; }
        })
        .finally(function () { busy = false; });
    }
    source.addEventListener("version", refresh);
    source.addEventListener("changed", refresh);
  }

  document.addEventListener("DOMContentLoaded", live);
})();
