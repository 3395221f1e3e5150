// meldpad at a table with a poor network: what is typed into a hand's form
// is never lost, and hands saved with no network are sent when it returns.
//
// - Drafts: every hand form (by points or card by card, a new hand or a
//   correction) is kept in localStorage as it is typed, under
//   "draft:GAME:new" or "draft:GAME:HAND", and filled in again when the
//   page is opened again (a reload, the lock screen, a refused save). A
//   draft goes once meldpad has acknowledged the save.
// - The outbox: a save that cannot reach meldpad (no network, or a server
//   error) waits on the phone with its form, idempotency token included,
//   and is sent again, in order, with backoff and as soon as the browser
//   is online again. The server's rules stay as they are: a token sent
//   twice is saved once, a phone that was behind is told and nothing is
//   overwritten (such a hand is shown with a link to the server's answer).
// - The service worker (/sw.js) is registered, so that the scorepad and
//   the forms open with no network.
// Every page works without this script.
(function () {
  "use strict";

  var OUTBOX = "outbox", SENT = "sent-tokens", PAGES = "meldpad-pages";
  var DRAFT_AGE = 24 * 3600 * 1000; // a draft older than a day is not offered again
  var UNSAVED = "Not saved, kept on this phone.";

  function load(key, fallback) {
    try {
      var v = localStorage.getItem(key);
      return v ? JSON.parse(v) : fallback;
    } catch (e) { return fallback; }
  }
  function keep(key, value) {
    try { localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* full or private: nothing to keep */ }
  }
  function forget(key) {
    try { localStorage.removeItem(key); } catch (e) { /* nothing */ }
  }

  // The address of a form that records a hand (/g/GAME/hands) or corrects
  // one (/g/GAME/hands/HAND): its game and hand.
  var handAction = /^\/g\/([a-z2-7]+)\/hands(?:\/(\d+))?$/;

  // handForm returns the form of this page that records or corrects a
  // hand, with what names its draft.
  function handForm() {
    var forms = document.querySelectorAll("form[method=post]");
    for (var i = 0; i < forms.length; i++) {
      // The attribute: a sheet's buttons are named "action", which
      // form.action would return.
      var url = new URL(forms[i].getAttribute("action"), location.href), m = url.pathname.match(handAction);
      if (m) {
        var by = forms[i].elements.by ? forms[i].elements.by.value : "points";
        return { form: forms[i], url: url.pathname, game: m[1], key: "draft:" + m[1] + ":" + (m[2] || "new"), by: by };
      }
    }
    return null;
  }

  // The fields a draft keeps: what was typed and chosen, the form's
  // token and version; not the CSRF token nor the sheet's layout.
  function kept(el) {
    if (!el.name || el.disabled || el.name === "_csrf" || el.name === "by") return false;
    if (el.type === "hidden") return el.name === "token" || el.name === "version";
    return !(el.type === "submit" || el.type === "button");
  }

  function fieldsOf(form) {
    var out = [];
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!kept(el)) return;
      if ((el.type === "radio" || el.type === "checkbox") && !el.checked) return;
      out.push([el.name, el.value]);
    });
    return out;
  }

  function saveDraft(h) {
    keep(h.key, { by: h.by, at: Date.now(), fields: fieldsOf(h.form) });
  }

  // touched says whether the player changed the form since the page was
  // loaded: a slow network shows the form, and takes the keyboard, well
  // before this script runs.
  function touched(form) {
    return Array.prototype.some.call(form.elements, function (el) {
      if (!kept(el) || el.type === "hidden") return false;
      if (el.type === "radio" || el.type === "checkbox") return el.checked !== el.defaultChecked;
      if (el.options) {
        // A list with no option marked selected shows its first.
        var first = el.multiple ? -1 : 0;
        Array.prototype.forEach.call(el.options, function (o, i) { if (o.defaultSelected) first = i; });
        return el.multiple ? Array.prototype.some.call(el.options, function (o) { return o.selected !== o.defaultSelected; }) : el.selectedIndex !== first;
      }
      return el.value !== el.defaultValue;
    });
  }

  // restoreDraft fills the form from its draft, field by field in order
  // of their names; it returns whether there was one to restore. A form
  // the player has begun typing into is theirs: the draft is not laid
  // over it (the next keystroke keeps what they type as the draft).
  function restoreDraft(h) {
    var draft = load(h.key, null);
    if (!draft || draft.by !== h.by || Date.now() - draft.at > DRAFT_AGE) return false;
    if (touched(h.form)) return false;
    var byName = {};
    draft.fields.forEach(function (f) { (byName[f[0]] = byName[f[0]] || []).push(f[1]); });
    var seen = {};
    Array.prototype.forEach.call(h.form.elements, function (el) {
      if (!kept(el)) return;
      var values = byName[el.name] || [];
      if (el.type === "radio" || el.type === "checkbox") {
        el.checked = values.indexOf(el.value) >= 0;
        return;
      }
      var i = seen[el.name] = (seen[el.name] || 0) + 1;
      if (i <= values.length) el.value = values[i - 1];
    });
    return true;
  }

  // newToken makes an idempotency token as the server does (db.NewToken):
  // 16 bytes, the first 6 the time in milliseconds and the rest random, in
  // lowercase base32.
  function newToken() {
    var bytes = new Uint8Array(16), alphabet = "abcdefghijklmnopqrstuvwxyz234567", out = "", bits = 0, value = 0;
    crypto.getRandomValues(bytes);
    for (var i = 5, t = Date.now(); i >= 0; i--, t = Math.floor(t / 256)) bytes[i] = t % 256;
    bytes.forEach(function (b) {
      value = (value << 8) | b;
      bits += 8;
      while (bits >= 5) { out += alphabet[(value >>> (bits - 5)) & 31]; bits -= 5; }
    });
    if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
    return out;
  }

  // The outbox, oldest first.
  function outbox() { return load(OUTBOX, []); }
  function sentTokens() { return load(SENT, []); }
  function markSent(token) {
    var sent = sentTokens().filter(function (t) { return t !== token; });
    sent.push(token);
    keep(SENT, sent.slice(-50));
  }
  function knownVersion(game) { return load("version:" + game, 0); }
  function knowVersion(game, v) { if (v > knownVersion(game)) keep("version:" + game, v); }

  // setField sets a field of a form as a string of urlencoded values.
  function withField(body, name, value) {
    var params = new URLSearchParams(body);
    params.set(name, value);
    return params.toString();
  }

  // summary says in a few words which hand a form holds.
  function summary(form) {
    var title = (document.querySelector("main h1") || {}).textContent || "A hand";
    var points = [];
    form.querySelectorAll("input[name=points]").forEach(function (el) {
      var label = form.querySelector('label[for="' + el.id + '"]');
      points.push((label ? label.textContent.trim() + " " : "") + (el.value.trim() || "0"));
    });
    return title.trim() + (points.length ? ": " + points.join(" · ") : " (card by card)");
  }

  // The note beside Save: the entry is not saved but kept.
  function sayUnsaved(form, detail) {
    var note = document.getElementById("unsaved");
    if (!note) {
      note = document.createElement("p");
      note.id = "unsaved";
      note.className = "unsaved";
      note.setAttribute("role", "alert");
      var actions = form.querySelector(".actions") || form;
      actions.appendChild(note);
    }
    note.textContent = UNSAVED + (detail ? " " + detail : "");
  }
  function clearUnsaved() {
    var note = document.getElementById("unsaved");
    if (note) note.remove();
  }

  // showOutbox lists, at the top of the page, the hands waiting to be
  // sent and those meldpad did not take.
  function showOutbox() {
    var items = outbox(), box = document.getElementById("outbox");
    var main = document.querySelector("main");
    if (!items.length) {
      if (box) box.remove();
      return;
    }
    if (!main) return;
    if (!box) {
      box = document.createElement("div");
      box.id = "outbox";
      box.className = "alert warn outbox";
      box.setAttribute("role", "status");
      main.insertBefore(box, main.firstChild);
    }
    box.textContent = "";
    var waiting = items.filter(function (it) { return !it.shownAt; });
    if (waiting.length) {
      var head = document.createElement("p");
      head.textContent = waiting.length === 1 ? "1 hand waiting to be sent. It is sent as soon as meldpad can be reached." :
        waiting.length + " hands waiting to be sent. They are sent, in order, as soon as meldpad can be reached.";
      box.appendChild(head);
    }
    var list = document.createElement("ul");
    items.forEach(function (it) {
      var li = document.createElement("li");
      li.textContent = it.summary;
      if (it.shownAt) {
        li.appendChild(document.createTextNode(": not saved. "));
        var a = document.createElement("a");
        a.href = it.shownAt;
        a.textContent = "See why";
        li.appendChild(a);
      }
      list.appendChild(li);
    });
    box.appendChild(list);
  }

  // The answer to a save: saved (a redirect to the scorepad, or, for a
  // Trophy Case trick after which the hand goes on, to the next trick's
  // form with saved=added), a page to show (refused, in conflict, or
  // another button's page), or not reached (no answer, or a server that
  // could not save: try again).
  function outcome(res) {
    if (res.status >= 500 || res.status === 429) return "again";
    var url = new URL(res.url), path = url.pathname;
    var next = /^\/g\/[a-z2-7]+\/hands\/new$/.test(path) && url.searchParams.get("saved") === "added";
    if (res.ok && res.redirected && (/^\/g\/[a-z2-7]+$/.test(path) || next)) return "saved";
    return "show";
  }

  // versionIn reads the game's version from a scorepad page, or from the
  // next entry's form.
  function versionIn(html) {
    var m = html.match(/id="scorepad"[^>]*data-version="(\d+)"/) || html.match(/name="version" value="(\d+)"/);
    return m ? parseInt(m[1], 10) : 0;
  }

  function post(url, body) {
    return fetch(url, {
      method: "POST", body: body, credentials: "same-origin", redirect: "follow",
      headers: { "Content-Type": "application/x-www-form-urlencoded" }
    });
  }

  // flush sends the outbox in order. A hand meldpad saved leaves it; one
  // it refused stays, with the address of its answer; no answer stops the
  // round, to be tried again later.
  var flushing = false, attempt = 0, retryTimer = null;
  function flush() {
    if (flushing) return;
    var items = outbox().filter(function (it) { return !it.shownAt; });
    if (!items.length) { attempt = 0; return; }
    flushing = true;
    clearTimeout(retryTimer);
    var next = function () {
      var queue = outbox(), it = null;
      for (var i = 0; i < queue.length; i++) if (!queue[i].shownAt) { it = queue[i]; break; }
      if (!it) return Promise.resolve(true);
      return post(it.url, it.body).then(function (res) {
        var what = outcome(res);
        if (what === "again") return false;
        return res.text().then(function (html) {
          var queue = outbox();
          if (what === "saved") {
            var now = versionIn(html);
            knowVersion(it.game, now);
            markSent(it.token);
            // The hands this phone entered after this one were entered on
            // top of it: they carry its version, now the one after it.
            queue = queue.filter(function (q) { return q.token !== it.token; });
            queue.forEach(function (q) {
              if (q.game === it.game && !q.shownAt && q.version === it.version && now) {
                q.version = now;
                q.body = withField(q.body, "version", String(now));
              }
            });
            var d = load(it.key, null);
            if (d && d.fields.some(function (f) { return f[0] === "token" && f[1] === it.token; })) forget(it.key);
          } else {
            queue.forEach(function (q) { if (q.token === it.token) q.shownAt = res.url; });
          }
          keep(OUTBOX, queue);
          showOutbox();
          return next();
        });
      }, function () { return false; });
    };
    next().then(function (done) {
      flushing = false;
      showOutbox();
      if (done) {
        attempt = 0;
        var h = handForm();
        if (h && !outbox().length && document.getElementById("unsaved")) clearUnsaved();
        return;
      }
      attempt++;
      retryTimer = setTimeout(flush, Math.min(60000, 2000 * Math.pow(2, attempt - 1)));
    });
  }

  // enqueue puts a save that could not reach meldpad in the outbox; the
  // form gets a new token, for the next hand.
  function enqueue(h, body) {
    var params = new URLSearchParams(body);
    var token = params.get("token"), version = parseInt(params.get("version"), 10) || 0;
    var queue = outbox();
    if (!queue.some(function (q) { return q.token === token; })) {
      queue.push({
        token: token, game: h.game, key: h.key, url: h.url, body: body,
        version: version, summary: summary(h.form), at: Date.now()
      });
      keep(OUTBOX, queue);
    }
    // The outbox holds the entry now; the form, opened again, is the
    // next hand's.
    forget(h.key);
    sayUnsaved(h.form, "It is sent as soon as meldpad can be reached.");
    showOutbox();
    clearTimeout(retryTimer);
    retryTimer = setTimeout(flush, 2000);
  }

  // submit sends a hand form with fetch, so that a missing network keeps
  // the entry on the page and on the phone instead of an error page.
  function submit(h, e) {
    var button = e.submitter, action = button && button.name === "action" ? button.value : "save";
    var saving = action === "save";
    var data = new FormData(h.form, button || undefined);
    var body = new URLSearchParams(data).toString();
    e.preventDefault();
    saveDraft(h);
    if (saving && outbox().some(function (q) { return q.token === data.get("token"); })) {
      enqueue(h, body); // waiting already: tapping Save again sends nothing more
      flush();
      return;
    }
    post(h.url, body).then(function (res) {
      var what = outcome(res);
      if (what === "again") {
        if (saving) enqueue(h, body); else sayUnsaved(h.form, "meldpad cannot be reached just now.");
        return;
      }
      if (what === "saved") {
        forget(h.key);
        markSent(data.get("token"));
      }
      location.assign(res.url);
    }, function () {
      if (saving) enqueue(h, body); else sayUnsaved(h.form, "meldpad cannot be reached just now.");
    });
  }

  // setUp ties a hand form to its draft: filled in again on opening, kept
  // as it is typed, sent with fetch. A form whose token is one already
  // saved or waiting (a page kept on the phone, opened for the next hand)
  // gets a new token, and the version this phone knows of the game.
  //
  // The draft is filled in as soon as this script runs (restore), before
  // the page's other scripts start on DOMContentLoaded: the picker then
  // sees a sheet that holds cards, and does not open on its first field
  // as on a blank one.
  function restore(h) {
    // A page meldpad answered a POST with (?shown=: refused, in conflict,
    // a meld added) shows the entry as the server has it, with the token
    // and version to save it with: it is the draft now.
    if (/[?&]shown=/.test(location.search)) {
      saveDraft(h);
      return false;
    }
    return restoreDraft(h);
  }
  function setUp(h, restored) {
    var token = h.form.elements.token, version = h.form.elements.version;
    var waiting = outbox().filter(function (q) { return q.game === h.game && !q.shownAt; });
    var used = sentTokens().indexOf(token.value) >= 0 || waiting.some(function (q) { return q.token === token.value; });
    if (used) {
      token.value = newToken();
      if (version && h.key.slice(-4) === ":new") {
        var base = Math.max(parseInt(version.value, 10) || 0, knownVersion(h.game));
        if (waiting.length) base = waiting[waiting.length - 1].version;
        version.value = String(base);
      }
      saveDraft(h);
    }
    if (restored && h.by === "cards") {
      // Ask the server (or the phone's referee) about the restored cards.
      setTimeout(function () { h.form.dispatchEvent(new Event("change", { bubbles: true })); }, 0);
    }
    var save = function () {
      if (!outbox().some(function (q) { return q.token === token.value; })) saveDraft(h);
    };
    h.form.addEventListener("input", save);
    h.form.addEventListener("change", save);
    h.form.addEventListener("submit", function (e) { submit(h, e); });
    // The live preview could not reach meldpad: say so beside Save.
    document.body.addEventListener("htmx:sendError", function () { sayUnsaved(h.form, "meldpad cannot be reached just now."); });
    document.body.addEventListener("htmx:afterRequest", function (e) {
      if (e.detail && e.detail.successful && !outbox().some(function (q) { return q.key === h.key && !q.shownAt; })) clearUnsaved();
    });
  }

  // A page that shows a hand meldpad did not take from the outbox takes
  // it out: the page now holds it.
  function settleShown() {
    var here = location.pathname + location.search, queue = outbox();
    var rest = queue.filter(function (q) {
      if (!q.shownAt) return true;
      var at = new URL(q.shownAt, location.href);
      return at.pathname + at.search !== here;
    });
    if (rest.length !== queue.length) keep(OUTBOX, rest);
  }

  // The service worker, and the pages it keeps: this one (the first
  // visit is not seen by a worker not yet installed) and, from a
  // scorepad, the forms of its next hand.
  function offline() {
    if (!("serviceWorker" in navigator) || !window.caches) return;
    var seen = !!navigator.serviceWorker.controller; // this page came through the worker
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () { /* no worker: online only */ });
    navigator.serviceWorker.ready.then(function () {
      if (location.search.indexOf("shown=") >= 0) return;
      var urls = [];
      if (!seen) urls.push(location.href);
      if (document.getElementById("scorepad")) {
        document.querySelectorAll('a[href$="/hands/new"], a[href$="/hands/new?by=cards"]').forEach(function (a) { urls.push(a.href); });
      }
      if (!urls.length) return;
      caches.open(PAGES).then(function (cache) {
        urls.forEach(function (u) {
          var key = new URL(u);
          key.searchParams.delete("saved");
          fetch(u, { credentials: "same-origin" }).then(function (res) {
            if (res.ok) return cache.put(key.href, res);
          }).catch(function () { /* offline: kept as it was */ });
        });
      });
    });
  }

  // The script is deferred: the page is parsed when it runs.
  var h = null, restored = false;
  function early() {
    h = handForm();
    if (h) restored = restore(h);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", early);
  else early();

  document.addEventListener("DOMContentLoaded", function () {
    var pad = document.getElementById("scorepad"), m = location.pathname.match(/^\/g\/([a-z2-7]+)/);
    if (pad && m) knowVersion(m[1], parseInt(pad.dataset.version, 10) || 0);
    settleShown();
    if (h) setUp(h, restored);
    showOutbox();
    offline();
    flush();
    window.addEventListener("online", function () { attempt = 0; flush(); });
    document.addEventListener("visibilitychange", function () { if (document.visibilityState === "visible") flush(); });
  });
})();
