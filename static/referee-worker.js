// The phone's referee, run in a worker (static/referee.js starts it): the
// game modules compiled to WebAssembly (cmd/meldpad-wasm) are compiled
// and started here, off the page's thread, so that a card sheet never
// stops answering taps while they load (a few hundred milliseconds on a
// phone), and each judgement runs here too.
//
// Messages from the page:
//   {start: {wasm, exec}}          load the referee (wasm_exec.js, then the module)
//   {rev, page, form, lang}        judge the sheet at draft revision rev, saying
//                                  its messages in the page's language
// Answers:
//   {ready: true, compiled, running}  started; the times in ms since the start
//   {failed: "reason"}                could not start (no network, nothing kept)
//   {rev, html} or {rev, error}       a judgement
"use strict";

let judge = null;
let starting = null;

// source is the module's answer: from the network (or the service
// worker that keeps it), else from the cache directly, for a worker the
// service worker does not see.
async function source(url) {
  try {
    const res = await fetch(url);
    if (res.ok) return res;
  } catch (e) {
    // No network: try the cache below.
  }
  const kept = self.caches ? await caches.match(url) : null;
  if (!kept) throw new Error("the referee is not on this phone");
  return kept;
}

async function start(urls) {
  const t0 = performance.now();
  importScripts(urls.exec);
  const go = new self.Go();
  const res = await source(urls.wasm);
  const copy = res.clone();
  let module;
  try {
    module = await WebAssembly.compileStreaming(res);
  } catch (e) {
    // A cache or server that did not say application/wasm.
    module = await WebAssembly.compile(await copy.arrayBuffer());
  }
  const compiled = performance.now() - t0;
  const instance = await WebAssembly.instantiate(module, go.importObject);
  go.run(instance); // runs main until it waits for calls
  if (typeof self.meldpadReferee !== "function") throw new Error("the referee did not start");
  judge = self.meldpadReferee;
  return { compiled, running: performance.now() - t0 };
}

self.onmessage = (event) => {
  const msg = event.data;
  if (msg.start) {
    if (!starting) {
      starting = start(msg.start);
      starting.catch(() => { starting = null; }); // tried afresh when asked again
    }
    starting.then((times) => self.postMessage({ ready: true, compiled: times.compiled, running: times.running }),
      (err) => self.postMessage({ failed: String(err && err.message || err) }));
    return;
  }
  if (!judge) {
    self.postMessage({ rev: msg.rev, error: "the referee has not started" });
    return;
  }
  let answer;
  try {
    answer = judge(msg.page, msg.form, msg.lang || "en");
  } catch (err) {
    answer = { error: String(err && err.message || err) };
  }
  self.postMessage({ rev: msg.rev, html: answer.html, error: answer.error });
};
