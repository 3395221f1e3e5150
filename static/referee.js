// The referee on the phone. A card sheet's live preview asks meldpad for
// the chips, verdicts and score; when it cannot (no network, meldpad down,
// a network that drops the request), the same Go rules, compiled to WebAssembly
// (cmd/meldpad-wasm), judge the sheet here, and their answer, the very
// fragment the preview would have sent, is swapped into the same places,
// marked "Checked on this phone". Saving still goes to meldpad, which
// judges every save again.
//
// The module (1.5 MB gzipped) is fetched when the sheet is idle, so that
// the browser (and the service worker) holds it before the network goes;
// it is compiled and started only when needed: as soon as the phone goes
// offline, or at the first preview that fails.
(function () {
  "use strict";

  var form = document.querySelector("form.sheet[data-referee]");
  if (!form || !window.WebAssembly || !window.fetch) return;
  var wasmURL = form.dataset.refereeWasm, execURL = form.dataset.refereeExec;
  var started = null; // the promise of meldpadReferee, once asked for
  var program = null; // the Go program that answers it

  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      if (window.Go) return resolve();
      var s = document.createElement("script");
      s.src = src;
      s.onload = resolve;
      s.onerror = function () { reject(new Error("cannot load " + src)); };
      document.head.appendChild(s);
    });
  }

  function compile() {
    if (WebAssembly.compileStreaming) {
      return WebAssembly.compileStreaming(fetch(wasmURL)).catch(function () {
        // A server or cache that did not say application/wasm.
        return fetch(wasmURL).then(function (r) { return r.arrayBuffer(); }).then(WebAssembly.compile);
      });
    }
    return fetch(wasmURL).then(function (r) { return r.arrayBuffer(); }).then(WebAssembly.compile);
  }

  // referee starts the module once and gives its judge function. A start
  // that fails (nothing cached, no network) is tried again next time.
  function referee() {
    if (!started) {
      performance.mark("referee-start");
      started = Promise.all([loadScript(execURL), compile()]).then(function (loaded) {
        performance.mark("referee-compiled");
        var go = program = new window.Go();
        return WebAssembly.instantiate(loaded[1], go.importObject).then(function (instance) {
          go.run(instance); // runs main until it waits for calls
          performance.mark("referee-ready");
          if (typeof window.meldpadReferee !== "function") throw new Error("the referee did not start");
          return window.meldpadReferee;
        });
      });
      started.catch(function () { started = null; });
    }
    return started;
  }

  function formQuery() {
    return new URLSearchParams(new FormData(form)).toString();
  }

  // note says, in the score's box, who judged what it shows.
  function note(text) {
    var box = document.getElementById("judgement");
    if (!box) return;
    var p = box.querySelector("p[data-here]");
    if (!p) {
      p = document.createElement("p");
      p.className = "small muted";
      p.setAttribute("data-here", "");
      box.insertBefore(p, box.children[1] || null);
    }
    p.textContent = text;
  }

  // judgeHere judges the sheet as it now stands; calls while the module
  // starts are served once it has.
  var waiting = false;
  function judgeHere() {
    if (waiting) return;
    waiting = true;
    var running = false;
    referee().then(function (judge) {
      running = true;
      waiting = false;
      var answer = judge(form.dataset.referee, formQuery());
      if (answer.error) throw new Error(answer.error);
      // Not while a finger is down (meldpad.js's afterTap).
      (window.meldpadAfterTap || function (fn) { fn(); })(function () {
        window.htmx.swap(form, answer.html, { swapStyle: "none" }, { contextElement: form });
      });
      note("Checked on this phone: meldpad cannot be reached just now. It checks again when you save.");
    }).catch(function () {
      waiting = false;
      if (running) {
        if (program && program.exited) started = null; // started afresh next time
        note("meldpad cannot be reached, and this phone could not check the sheet: the verdicts above are not up to date.");
      } else {
        note("meldpad cannot be reached, and this phone has no referee of its own yet: the verdicts above are not up to date.");
      }
    });
  }

  // The preview's own request: skipped when the phone knows it is offline,
  // replaced when it fails to get through.
  form.addEventListener("htmx:beforeRequest", function (e) {
    if (e.detail.elt === form && navigator.onLine === false) {
      e.preventDefault();
      judgeHere();
    }
  });
  form.addEventListener("htmx:sendError", function (e) {
    if (e.detail.elt === form) judgeHere();
  });

  // A phone that goes offline, or opens the sheet offline (from the
  // service worker), judges the sheet at once, so that the score's box
  // says who checked it, and the referee is running before the next card.
  window.addEventListener("offline", judgeHere);
  if (navigator.onLine === false) judgeHere();

  // Fetch the module once the page is idle, into the browser's cache.
  // A phone that asked to save data fetches it only when it needs it.
  function prefetch() {
    if (navigator.onLine === false || (navigator.connection && navigator.connection.saveData)) return;
    fetch(wasmURL).then(function (r) { return r.arrayBuffer(); }).catch(function () {});
    fetch(execURL).catch(function () {});
  }
  if (window.requestIdleCallback) {
    window.requestIdleCallback(prefetch, { timeout: 3000 });
  } else {
    setTimeout(prefetch, 1000);
  }
})();
