// The referee on the phone. The same Go rules meldpad judges with,
// compiled to WebAssembly (cmd/meldpad-wasm), judge a card sheet here at
// every change, and their answer, the very fragment meldpad's preview
// sends, is swapped into the same places at once. meldpad's own preview
// follows; when it comes for the same draft revision (offline.js) it
// takes the place of the phone's. When meldpad cannot be reached (no
// network, meldpad down, a network that drops the request), the phone's
// verdicts stand, marked "Checked on this phone". Saving still goes to
// meldpad, which judges every save again.
//
// The referee runs in a worker (referee-worker.js), started once the
// sheet has been drawn, so that loading it (a 1.5 MB module) never holds
// up a tap. A card game's scorepad has the service worker keep it
// (offline.js); a phone that asked to save data loads it only when it is
// kept already or meldpad cannot be reached. One that has no referee
// and no network says so plainly and keeps the entry; it tries again a
// few times, further apart, and when the network returns.
(function () {
  "use strict";

  var form = document.querySelector("form.sheet[data-referee]");
  if (!form || !window.Worker || !window.WebAssembly || !window.fetch) return;
  var urls = {
    wasm: new URL(form.dataset.refereeWasm, location.href).href,
    exec: new URL(form.dataset.refereeExec, location.href).href
  };
  var BACKOFF = [0, 5000, 20000]; // ms before each start tried: three in all, until the network returns
  var worker = null, status = "idle"; // idle, starting, ready, failed
  var tries = 0, retryTimer = null, notBefore = 0;
  var busy = false, pending = false;
  var serverDown = navigator.onLine === false; // the last preview did not get through
  // A phone that asked to save data loads the referee only once it is
  // known to be kept, or meldpad cannot be reached.
  var lazy = !!(navigator.connection && navigator.connection.saveData);
  var shownRev = ""; // the revision whose verdicts the phone swapped in

  function currentRev() { return form.elements.draft_rev ? form.elements.draft_rev.value : ""; }
  function formQuery() { return new URLSearchParams(new FormData(form)).toString(); }

  // note says, in the score's box, who judged what it shows.
  function note(text) {
    var box = document.getElementById("judgement");
    if (!box) return;
    var p = box.querySelector("p[data-here]");
    if (!text) {
      if (p) p.remove();
      return;
    }
    if (!p) {
      p = document.createElement("p");
      p.className = "small muted";
      p.setAttribute("data-here", "");
      box.insertBefore(p, box.children[1] || null);
    }
    p.textContent = word(text);
  }
  // The notes, in the page's language (the words file of the page's
  // language, /static/words/<tag>.js, which the service worker keeps);
  // the id itself without it.
  var WORDS = null;
  function word(id) {
    if (!WORDS) {
      WORDS = self.meldpadWords || null; // /static/words/<language>.js
    }
    return ((WORDS || {})[id] || {}).other || id;
  }
  var CHECKED = "offline.referee_checked", NO_REFEREE = "offline.referee_none", FAILED = "offline.referee_failed";
  // say brings the note up to date once meldpad is known to be out of
  // reach: the phone's verdicts, or why there are none.
  function say() {
    if (!serverDown) return;
    if (status === "ready" && shownRev && shownRev === currentRev()) note(CHECKED);
    else if (status === "failed" || status === "idle") note(NO_REFEREE);
  }

  function start() {
    if (status === "starting" || status === "ready" || tries >= BACKOFF.length || Date.now() < notBefore) return;
    clearTimeout(retryTimer);
    status = "starting";
    tries++;
    performance.mark("referee-start");
    try {
      worker = new Worker(form.dataset.refereeWorker);
    } catch (e) {
      status = "failed";
      say();
      return;
    }
    worker.onmessage = answer;
    worker.onerror = function () { failed(); };
    worker.postMessage({ start: urls });
  }
  // failed drops a worker that could not start, and tries once more
  // later if the sheet still needs it.
  function failed() {
    if (worker) worker.terminate();
    worker = null;
    status = "failed";
    busy = false;
    say();
    if (tries < BACKOFF.length) {
      notBefore = Date.now() + BACKOFF[tries];
      retryTimer = setTimeout(function () { if (pending || serverDown) start(); }, BACKOFF[tries]);
    }
  }

  function answer(e) {
    var msg = e.data;
    if (msg.ready) {
      status = "ready";
      performance.mark("referee-compiled", { startTime: performance.getEntriesByName("referee-start")[0].startTime + msg.compiled });
      performance.mark("referee-ready");
      if (pending) judge();
      return;
    }
    if (msg.failed) {
      failed();
      return;
    }
    busy = false;
    if (msg.error) {
      if (/exited/.test(msg.error)) { // the Go program stopped: started afresh next time
        if (worker) worker.terminate();
        worker = null;
        status = "idle";
        tries = 0;
      }
      if (serverDown) note(FAILED);
    } else if (msg.rev === currentRev() && form.dataset.serverRev !== msg.rev) {
      // Not while a finger is down (meldpad.js's afterTap).
      (window.meldpadAfterTap || function (fn) { fn(); })(function () {
        if (msg.rev !== currentRev() || form.dataset.serverRev === msg.rev) return;
        window.htmx.swap(form, msg.html, { swapStyle: "none" }, { contextElement: form });
        shownRev = msg.rev;
        say();
      });
    }
    if (pending) judge();
  }

  // judge asks the referee about the sheet as it now stands; a change
  // made while it judges is judged next.
  function judge() {
    pending = true;
    if (status !== "ready") {
      if ((status === "idle" || status === "failed") && (!lazy || serverDown)) start();
      say();
      return;
    }
    if (busy) return;
    busy = true;
    pending = false;
    worker.postMessage({ rev: currentRev(), page: form.dataset.referee, form: formQuery(), lang: document.documentElement.lang });
  }

  // Every change: offline.js has made it a new revision of the draft by
  // now (its listeners capture the event).
  form.addEventListener("input", judge);
  form.addEventListener("change", judge);

  // meldpad's preview: skipped when the phone knows it is offline; when
  // it does not get through, the phone's verdicts stand, and say so.
  form.addEventListener("htmx:beforeRequest", function (e) {
    if (e.detail.elt === form && navigator.onLine === false) {
      e.preventDefault();
      serverDown = true;
      judge();
    }
  });
  form.addEventListener("htmx:sendError", function (e) {
    if (e.detail.elt !== form) return;
    serverDown = true;
    if (shownRev !== currentRev()) judge();
    say();
  });
  form.addEventListener("htmx:afterRequest", function (e) {
    if (e.detail.elt === form && e.detail.successful) serverDown = false;
  });
  window.addEventListener("offline", function () {
    serverDown = true;
    judge();
  });
  window.addEventListener("online", function () {
    if (status === "failed") {
      tries = 0;
      notBefore = 0;
      if (pending || serverDown) start();
    }
  });

  // Once the sheet is drawn and the page idle, the referee starts: at
  // once where it is kept or the data is not counted, else only when
  // meldpad cannot be reached. Opened offline, the sheet is judged at
  // once, so that the score's box says who checked it.
  function begin() {
    if (serverDown) {
      judge();
      return;
    }
    if (!lazy) {
      start();
      return;
    }
    if (window.caches) {
      caches.match(urls.wasm).then(function (kept) {
        if (!kept) return;
        lazy = false;
        start();
      }, function () {});
    }
  }
  function afterPaint(fn) {
    requestAnimationFrame(function () {
      if (window.requestIdleCallback) window.requestIdleCallback(fn, { timeout: 1500 });
      else setTimeout(fn, 200);
    });
  }
  if (document.readyState === "complete") afterPaint(begin);
  else window.addEventListener("load", function () { afterPaint(begin); });
})();
