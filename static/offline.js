// meldpad at a table with a poor network: what is typed into a hand's form
// is never lost, and hands saved with no network are sent when it returns.
//
// - Drafts: the phone owns a hand in progress. Every hand form (by points
//   or card by card, a new hand or a correction) is kept in localStorage
//   as one draft, under "draft:GAME:new:BY" or "draft:GAME:HAND:BY": every
//   field, radio button and choice, and how many fields each group of a
//   card sheet shows (a player's melds), as {by, at, rev, fields}. It is
//   written at every change, each write a new revision (rev), and laid
//   over the page whenever it is opened again (a reload, the lock screen,
//   back and forward, the scorepad and back): the page is laid out as
//   the draft was, fields added, before its values are filled in. A
//   draft goes once meldpad has acknowledged the save.
// - Groups: "+ Add a meld" (and "Remove" beside a meld) change the sheet
//   on the phone, with or without a network: the last field of the group
//   is copied and numbered on. Without this script the button asks
//   meldpad for the sheet with one more field.
// - Revisions: a card sheet posts its draft's revision (draft_rev) with
//   every preview and form, and meldpad echoes it: a preview is shown
//   only if it is for the sheet as it stands (meldpad.js), and a page
//   meldpad kept for a reload (?shown=) gives way to a newer draft.
// - The outbox: a save that cannot reach meldpad (no network, or a server
//   error) waits on the phone with its form, idempotency token included
//   but not the CSRF token, and is sent again, in order, with backoff and
//   as soon as the browser is online again, with a CSRF token asked for
//   then. The server's rules stay as they are: a token sent twice is
//   saved once, a phone that was behind is told and nothing is
//   overwritten (such a hand is shown with a link to the server's answer).
//   Once sent, every open page of the game is told (BroadcastChannel):
//   "Deal 3 saved", or why it was not; the sheet that held it goes back
//   to the scorepad.
// - The service worker (/sw.js) is registered, so that the scorepad and
//   the forms open with no network; a card game's scorepad has it keep
//   the phone's referee (unless the phone asked to save data).
// Every page works without this script.
(function () {
  "use strict";

  var OUTBOX = "outbox", SENT = "sent-tokens", PAGES = "meldpad-pages", SENT_NOTE = "meldpad-sent";
  var DRAFT_AGE = 24 * 3600 * 1000; // a draft older than a day is not offered again

  // say says one of the page's words (the words file of the page's
  // language, /static/words/<tag>.js, which the service worker keeps):
  // its text, or its plural form for args.Count, with {{.Name}} filled
  // in. Without the file it says the id.
  var WORDS = null;
  function say(id, args) {
    if (!WORDS) {
      WORDS = self.meldpadWords || null; // /static/words/<language>.js
    }
    var forms = (WORDS || {})[id], lang = document.documentElement.lang || "en";
    if (!forms) return id;
    args = args || {};
    var text = forms.other;
    if (typeof args.Count === "number" && window.Intl && Intl.PluralRules) {
      text = forms[new Intl.PluralRules(lang).select(args.Count)] || text;
    }
    return text.replace(/\{\{\.(\w+)\}\}/g, function (_, name) {
      var v = args[name];
      if (typeof v === "number") return window.Intl ? new Intl.NumberFormat(lang).format(v) : String(v);
      return v === undefined ? "" : String(v);
    });
  }
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
  function each(list, fn) { Array.prototype.forEach.call(list, fn); }

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
        var hand = m[2] || "new";
        return { form: forms[i], url: url.pathname, game: m[1], hand: hand, by: by, key: draftKey(m[1], hand, by), rev: 0, written: "" };
      }
    }
    return null;
  }
  function draftKey(game, hand, by) { return "draft:" + game + ":" + hand + ":" + by; }
  // forgetDrafts drops every draft of a hand, by points or by card (and
  // one kept before they had keys of their own).
  function forgetDrafts(game, hand) {
    ["cards", "points"].forEach(function (by) { forget(draftKey(game, hand, by)); });
    forget("draft:" + game + ":" + hand);
  }

  // The fields a draft keeps: what was typed and chosen, the form's token
  // and version, and how many fields each group shows; not the CSRF token
  // nor the sheet's layout.
  function isCount(el) { return el.type === "hidden" && /^fields_/.test(el.name); }
  function kept(el) {
    if (!el.name || el.disabled || el.name === "_csrf" || el.name === "by" || el.name === "draft_rev") return false;
    if (el.type === "hidden") return el.name === "token" || el.name === "version" || isCount(el);
    return !(el.type === "submit" || el.type === "button");
  }

  function fieldsOf(form) {
    var out = [];
    each(form.elements, function (el) {
      if (!kept(el)) return;
      if ((el.type === "radio" || el.type === "checkbox") && !el.checked) return;
      out.push([el.name, el.value]);
    });
    return out;
  }

  // The draft's revision as the page has it: the sheet's draft_rev field,
  // which every preview and post carries.
  function pageRev(h) {
    var input = h.form.elements.draft_rev;
    return Math.max(h.rev, input ? parseInt(input.value, 10) || 0 : 0);
  }
  function setRev(h, rev) {
    h.rev = rev;
    if (h.form.elements.draft_rev) h.form.elements.draft_rev.value = String(rev);
  }

  // saveDraft writes the form as its draft, as a new revision, when it
  // changed since it was last written (or always, with force).
  function saveDraft(h, force) {
    var fields = fieldsOf(h.form), written = JSON.stringify(fields);
    if (!force && written === h.written) return;
    var stored = load(h.key, null);
    setRev(h, Math.max(pageRev(h), stored && stored.rev || 0) + 1);
    h.written = written;
    keep(h.key, { by: h.by, at: Date.now(), rev: h.rev, fields: fields });
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
        each(el.options, function (o, i) { if (o.defaultSelected) first = i; });
        return el.multiple ? Array.prototype.some.call(el.options, function (o) { return o.selected !== o.defaultSelected; }) : el.selectedIndex !== first;
      }
      return el.value !== el.defaultValue;
    });
  }

  // blank says whether a form holds no entry: nothing typed or chosen.
  function blank(form) {
    return !Array.prototype.some.call(form.elements, function (el) {
      if (!kept(el) || el.type === "hidden" || el.options) return false;
      if (el.type === "radio" || el.type === "checkbox") return el.checked;
      return el.value.trim() !== "";
    });
  }

  // Groups: a run of fields a card sheet shows as many of as needed (a
  // player's melds). The page carries how many it shows in a hidden
  // input, fields_GROUP, followed by the fields (each item: field
  // GROUP_i and what belongs to it, such as the lay-offs onto that meld)
  // and the group's "more" button (action more:GROUP).
  function countInput(form, group) {
    var el = form.elements["fields_" + group];
    return el && el.type === "hidden" ? el : null;
  }
  function moreButton(form, group) {
    return Array.prototype.find.call(form.querySelectorAll("button[value^='more:']"), function (b) { return b.value === "more:" + group; }) || null;
  }
  // itemsOf lists the group's items, each its elements in order, or null
  // for a page laid out otherwise.
  function itemsOf(form, group) {
    var count = countInput(form, group), more = moreButton(form, group);
    if (!count || !more || count.parentNode !== more.parentNode) return null;
    var starts = new RegExp("^" + group + "_\\d+$"), items = [];
    for (var el = count.nextElementSibling; el && el !== more; el = el.nextElementSibling) {
      var first = Array.prototype.some.call(el.querySelectorAll("input, select, textarea"), function (f) { return starts.test(f.name); });
      if (first || !items.length) items.push([el]);
      else items[items.length - 1].push(el);
    }
    return items.length ? items : null;
  }
  function groupsOf(form) {
    return Array.prototype.map.call(form.querySelectorAll("button[value^='more:']"), function (b) { return b.value.slice(5); })
      .filter(function (g) { return g && countInput(form, g); });
  }

  // renumber makes a copy of item from into item to: the names, ids and
  // references that end in _from, and the number in its labels (the last
  // one: "Ann's meld 2", "Laid off onto Ann's meld 2").
  var NAMES = ["id", "name", "for", "aria-describedby", "aria-labelledby", "data-field"];
  function relabel(text, from, to) {
    var re = /\d+/g, last = null, m;
    while ((m = re.exec(text))) last = m;
    if (!last || last[0] !== String(from)) return text;
    return text.slice(0, last.index) + to + text.slice(last.index + last[0].length);
  }
  function renumber(root, from, to) {
    var tail = new RegExp("_" + from + "$");
    [root].concat(Array.prototype.slice.call(root.querySelectorAll("*"))).forEach(function (el) {
      NAMES.forEach(function (a) {
        var v = el.getAttribute(a);
        if (v) el.setAttribute(a, v.split(/\s+/).map(function (t) { return t.replace(tail, "_" + to); }).join(" "));
      });
      if (el.hasAttribute("aria-label")) el.setAttribute("aria-label", relabel(el.getAttribute("aria-label"), from + 1, to + 1));
      if (el.tagName === "LABEL") el.textContent = relabel(el.textContent, from + 1, to + 1);
    });
  }
  // emptied clears what a copied item holds: values, verdicts, marks.
  function emptied(root) {
    each(root.querySelectorAll("input, select"), function (f) {
      if (f.type === "radio" || f.type === "checkbox") f.checked = false;
      else if (f.tagName === "INPUT") { f.value = ""; f.removeAttribute("value"); }
      f.removeAttribute("aria-invalid");
      f.removeAttribute("autofocus");
    });
    each(root.querySelectorAll(".feedback"), function (fb) { fb.textContent = ""; });
    each(root.querySelectorAll("button.drop"), function (b) { b.remove(); });
    return root;
  }
  // addItem adds an item to a group, a copy of its last one, and returns
  // its elements (null when the group holds all it can).
  function addItem(form, group) {
    var items = itemsOf(form, group), more = moreButton(form, group), count = countInput(form, group);
    var max = parseInt(more && more.dataset.max, 10) || 40;
    if (!items || items.length >= max) return null;
    var n = items.length;
    var added = items[n - 1].map(function (el) {
      var copy = el.cloneNode(true);
      renumber(copy, n - 1, n);
      more.parentNode.insertBefore(emptied(copy), more);
      return copy;
    });
    count.value = String(n + 1);
    more.hidden = n + 1 >= max;
    dropButtons(form, group);
    return added;
  }
  // removeItem takes item i out of a group: the later ones move up a
  // place, values and verdicts, and the last one goes. A group's only
  // item is emptied.
  function removeItem(form, group, i) {
    var items = itemsOf(form, group), count = countInput(form, group), more = moreButton(form, group);
    if (!items || i >= items.length) return;
    if (items.length === 1) {
      items[0].forEach(emptied);
      return;
    }
    for (var k = i; k + 1 < items.length; k++) moveItem(items[k + 1], items[k]);
    items[items.length - 1].forEach(function (el) { el.remove(); });
    count.value = String(items.length - 1);
    more.hidden = false;
    dropButtons(form, group);
  }
  function inputsOf(item) {
    var out = [];
    item.forEach(function (el) { each(el.querySelectorAll("input, select"), function (f) { out.push(f); }); });
    return out;
  }
  function moveItem(from, to) {
    var src = inputsOf(from), dst = inputsOf(to);
    dst.forEach(function (f, j) {
      var g = src[j];
      if (!g) return;
      if (f.type === "radio" || f.type === "checkbox") f.checked = g.checked; else f.value = g.value;
      var fb = document.getElementById("fb-" + f.name), gb = document.getElementById("fb-" + g.name);
      if (fb && gb) {
        fb.replaceChildren.apply(fb, Array.prototype.slice.call(gb.childNodes));
        each(fb.querySelectorAll(".chips[data-field]"), function (c) { c.dataset.field = f.id; });
      }
    });
  }
  // dropButtons puts a "Remove" button in each item of a group that has
  // more than one, and takes them away from a group of one.
  function dropButtons(form, group) {
    var items = itemsOf(form, group);
    if (!items) return;
    items.forEach(function (item) {
      var head = item[0], button = head.querySelector("button.drop");
      if (items.length < 2) {
        if (button) button.remove();
        return;
      }
      var label = head.querySelector("label");
      if (!button) {
        button = document.createElement("button");
        button.type = "button";
        button.className = "link drop";
        button.textContent = say("outbox.remove");
        head.appendChild(button);
      }
      button.setAttribute("aria-label", say("outbox.remove_what", { What: label ? label.textContent.trim() : say("outbox.this_one") }));
    });
  }
  // setCount shows as many items of a group as a draft had.
  function setCount(form, group, n) {
    var items = itemsOf(form, group);
    if (!items || !n) return;
    while (items.length < n && addItem(form, group)) items = itemsOf(form, group);
    while (items.length > n) {
      items.pop().forEach(function (el) { el.remove(); });
      countInput(form, group).value = String(items.length);
      moreButton(form, group).hidden = false;
    }
    dropButtons(form, group);
  }
  // changed tells the sheet (the draft, the preview, the phone's
  // referee) that the form changed without a keystroke.
  function changed(el) { el.dispatchEvent(new Event("change", { bubbles: true })); }

  // applyDraft lays a draft over the form: the groups as many fields long
  // as the draft had, then every field as it was.
  function applyDraft(h, draft) {
    var byName = {};
    draft.fields.forEach(function (f) { (byName[f[0]] = byName[f[0]] || []).push(f[1]); });
    groupsOf(h.form).forEach(function (g) {
      var n = parseInt((byName["fields_" + g] || [])[0], 10);
      if (n > 0) setCount(h.form, g, n);
    });
    var seen = {};
    each(h.form.elements, function (el) {
      if (!kept(el) || isCount(el)) return;
      var values = byName[el.name] || [];
      if (el.type === "radio" || el.type === "checkbox") {
        el.checked = values.indexOf(el.value) >= 0;
        return;
      }
      var i = seen[el.name] = (seen[el.name] || 0) + 1;
      if (i <= values.length) el.value = values[i - 1];
      else if (el.tagName === "INPUT" && el.type !== "hidden") el.value = "";
    });
    setRev(h, draft.rev || 0);
    h.written = JSON.stringify(fieldsOf(h.form));
  }

  // draftOf reads a stored draft of the form, if one may be offered.
  function draftOf(h) {
    var draft = load(h.key, null);
    if (!draft || draft.by !== h.by || !draft.fields || Date.now() - draft.at > DRAFT_AGE) return null;
    return draft;
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

  // withField sets a field of a form kept as a string of urlencoded
  // values; withoutField takes one out.
  function withField(body, name, value) {
    var params = new URLSearchParams(body);
    params.set(name, value);
    return params.toString();
  }
  function withoutField(body, name) {
    var params = new URLSearchParams(body);
    params.delete(name);
    return params.toString();
  }

  // summary says in a few words which hand a form holds.
  function title() { return ((document.querySelector("main h1") || {}).textContent || say("outbox.a_hand")).trim(); }
  function summary(form) {
    var points = [];
    form.querySelectorAll("input[name=points]").forEach(function (el) {
      var label = form.querySelector('label[for="' + el.id + '"]');
      points.push((label ? label.textContent.trim() + " " : "") + (el.value.trim() || "0"));
    });
    return title() + (points.length ? ": " + points.join(" · ") : " " + say("outbox.card_by_card"));
  }
  // roundOf names the hand a form holds, as its page names it: the form's
  // data-round ("Deal 3", in the page's language) where the page gives
  // one, else the English heading's round ("Record deal 3"), else the
  // heading itself.
  function roundOf(form) {
    if (form.dataset.round) return form.dataset.round;
    var m = title().match(/^(?:Record|Correct) (.+)$/);
    return m ? m[1].charAt(0).toUpperCase() + m[1].slice(1) : title();
  }
  // outcomeText says what became of a hand sent from the outbox: "Deal 3
  // saved.", "Deal 3: correction saved.", or why not.
  function outcomeText(it, saved, reason) {
    var hand = it.round || it.summary;
    if (saved) return say(it.hand && it.hand !== "new" ? "outbox.correction_saved" : "outbox.hand_saved", { Hand: hand });
    if (reason) return say("outbox.hand_unsaved_why", { Hand: hand, Why: reason.replace(/[.\s]+$/, "") });
    return say("outbox.hand_unsaved", { Hand: hand });
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
    note.textContent = say("outbox.unsaved") + (detail ? " " + detail : "");
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
      head.textContent = say("outbox.waiting", { Count: waiting.length });
      box.appendChild(head);
    }
    var list = document.createElement("ul");
    items.forEach(function (it) {
      var li = document.createElement("li");
      li.textContent = it.summary;
      if (it.shownAt) {
        li.appendChild(document.createTextNode(say("outbox.item_unsaved") + " "));
        var a = document.createElement("a");
        a.href = it.shownAt;
        a.textContent = say("outbox.see_why");
        li.appendChild(a);
      }
      list.appendChild(li);
    });
    box.appendChild(list);
  }

  // showSent says, at the top of the page, what became of a hand the
  // outbox sent: saved, or not and why, with a link to meldpad's answer.
  function showSent(msg) {
    var main = document.querySelector("main");
    if (!main) return;
    var box = document.getElementById("sent");
    if (!box) {
      box = document.createElement("div");
      box.id = "sent";
      box.setAttribute("role", "status");
      main.insertBefore(box, main.firstChild);
    }
    box.className = "alert " + (msg.saved ? "good" : "bad");
    box.textContent = msg.text + " ";
    if (!msg.saved && msg.at) {
      var a = document.createElement("a");
      a.href = msg.at;
      a.textContent = say("outbox.see_why");
      box.appendChild(a);
    }
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
  // next entry's form; reasonIn the reason a page gives for not saving.
  function versionIn(html) {
    var m = html.match(/id="scorepad"[^>]*data-version="(\d+)"/) || html.match(/name="version" value="(\d+)"/);
    return m ? parseInt(m[1], 10) : 0;
  }
  function reasonIn(html) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var alert = page.querySelector("main .alert.bad, main .alert.warn, main p.err");
    return alert ? alert.textContent.replace(/\s+/g, " ").trim() : "";
  }

  function post(url, body) {
    return fetch(url, {
      method: "POST", body: body, credentials: "same-origin", redirect: "follow",
      headers: { "Content-Type": "application/x-www-form-urlencoded" }
    });
  }
  // formToken asks meldpad for the CSRF token forms carry now: the
  // outbox keeps none.
  function formToken() {
    return fetch("/form-token", { credentials: "same-origin", cache: "no-store" }).then(function (res) {
      if (!res.ok) throw new Error("no token");
      return res.json();
    }).then(function (answer) { return answer.csrf; });
  }

  // Every open page of meldpad hears what became of a hand sent from the
  // outbox, whichever page sent it.
  var channel = window.BroadcastChannel ? new BroadcastChannel("meldpad") : null;
  function announce(msg) {
    if (channel) channel.postMessage(msg);
    heard(msg);
  }
  // heard shows what became of a hand on a page of its game; the form
  // that held it goes back to the scorepad and says it there.
  function heard(msg) {
    var m = location.pathname.match(/^\/g\/([a-z2-7]+)/);
    if (!m || m[1] !== msg.game) return;
    if (h && h.form.elements.token && h.form.elements.token.value === msg.token) {
      noteSent(msg);
      location.assign("/g/" + msg.game);
      return;
    }
    if (h && msg.saved && h.hand === "new" && h.form.elements.version) {
      // The next hand's form was laid out before this one was saved: a
      // blank one is fetched again (its title names the next hand), one
      // begun is brought up to the version the save left.
      if (blank(h.form)) {
        noteSent(msg);
        location.reload();
        return;
      }
      var version = h.form.elements.version;
      if (msg.version && (parseInt(version.value, 10) || 0) === msg.base) {
        version.value = String(msg.version);
        saveDraft(h, true);
      }
    }
    showSent(msg);
  }
  function noteSent(msg) {
    try { sessionStorage.setItem(SENT_NOTE, JSON.stringify(msg)); } catch (e) { /* not said */ }
  }
  // A page opened by heard says what it was sent back for.
  function sentNote() {
    var msg = null;
    try {
      msg = JSON.parse(sessionStorage.getItem(SENT_NOTE) || "null");
      sessionStorage.removeItem(SENT_NOTE);
    } catch (e) { return; }
    if (msg && location.pathname.indexOf("/g/" + msg.game) === 0) showSent(msg);
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
    var csrf = "";
    var next = function () {
      var queue = outbox(), it = null;
      for (var i = 0; i < queue.length; i++) if (!queue[i].shownAt) { it = queue[i]; break; }
      if (!it) return Promise.resolve(true);
      return post(it.url, withField(it.body, "_csrf", csrf)).then(function (res) {
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
            forgetDrafts(it.game, it.hand || "new");
          } else {
            queue.forEach(function (q) { if (q.token === it.token) q.shownAt = res.url; });
          }
          keep(OUTBOX, queue);
          showOutbox();
          var saved = what === "saved";
          announce({ game: it.game, token: it.token, saved: saved, at: saved ? "" : res.url,
            base: it.version, version: saved ? versionIn(html) : 0,
            text: outcomeText(it, saved, saved ? "" : reasonIn(html)) });
          return next();
        });
      }, function () { return false; });
    };
    formToken().then(function (token) {
      csrf = token;
      return next();
    }, function () { return false; }).then(function (done) {
      flushing = false;
      showOutbox();
      if (done) {
        attempt = 0;
        if (h && !outbox().length && document.getElementById("unsaved")) clearUnsaved();
        return;
      }
      attempt++;
      retryTimer = setTimeout(flush, Math.min(60000, 2000 * Math.pow(2, attempt - 1)));
    });
  }

  // enqueue puts a save that could not reach meldpad in the outbox,
  // without its CSRF token; the form gets a new token, for the next hand.
  // The outbox holds the entry now, in place of its draft, until meldpad
  // acknowledges it (or the page that says why not is opened).
  function enqueue(h, body) {
    body = withoutField(body, "_csrf");
    var params = new URLSearchParams(body);
    var token = params.get("token"), version = parseInt(params.get("version"), 10) || 0;
    var queue = outbox();
    if (!queue.some(function (q) { return q.token === token; })) {
      queue.push({
        token: token, game: h.game, hand: h.hand, url: h.url, body: body, by: h.by,
        version: version, summary: summary(h.form), title: title(), round: roundOf(h.form), at: Date.now()
      });
      keep(OUTBOX, queue);
    }
    forget(h.key);
    sayUnsaved(h.form, say("outbox.sent_soon"));
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
    var unreached = function () {
      if (saving) {
        enqueue(h, body);
        return;
      }
      sayUnsaved(h.form, say("outbox.unreachable"));
      changed(h.form); // the phone's referee checks the sheet instead
    };
    if (saving && outbox().some(function (q) { return q.token === data.get("token"); })) {
      enqueue(h, body); // waiting already: tapping Save again sends nothing more
      flush();
      return;
    }
    post(h.url, body).then(function (res) {
      var what = outcome(res);
      if (what === "again") return unreached();
      if (what === "saved") {
        forgetDrafts(h.game, h.hand);
        markSent(data.get("token"));
      }
      location.assign(res.url);
    }, unreached);
  }

  // restore lays the draft over the page as it opens. A page meldpad
  // answered a POST with (?shown=: refused, in conflict, checked) shows
  // the entry as the server has it, with the token and version to save
  // it with: it is the draft now, unless the draft is newer (typed after
  // that page came). A form the player has begun typing into is theirs.
  // It returns whether the page now shows a draft.
  function restore(h, settled) {
    var draft = draftOf(h);
    if (settled && blank(h.form)) {
      // The page that said why a sent hand was not saved is no longer
      // kept by meldpad: the entry comes from the outbox.
      draft = { by: h.by, rev: pageRev(h) + 1, fields: Array.from(new URLSearchParams(settled.body)) };
    }
    // A form without revisions (by points) always takes the page's word.
    var newer = draft && h.form.elements.draft_rev && draft.rev > pageRev(h);
    if (/[?&]shown=/.test(location.search) && !newer) {
      saveDraft(h, true);
      return false;
    }
    if (!draft || touched(h.form)) return false;
    if (draft.fields.some(function (f) { return f[0] === "token" && sentTokens().indexOf(f[1]) >= 0; })) return false;
    applyDraft(h, draft);
    if (settled) saveDraft(h, true);
    return true;
  }

  // Back and forward (the page kept whole by the browser), and a phone
  // woken from the lock screen, show the draft as it is now: another page
  // may have changed it, or the hand may have been saved meanwhile.
  function catchUp() {
    if (!h) return;
    if (sentTokens().indexOf(h.form.elements.token.value) >= 0) {
      location.assign("/g/" + h.game);
      return;
    }
    var draft = draftOf(h);
    if (draft && draft.rev > pageRev(h)) {
      applyDraft(h, draft);
      changed(h.form);
    }
  }

  // setUp ties a hand form to its draft: kept at every change, sent with
  // fetch. A form whose token is one already saved or waiting (a page
  // kept on the phone, opened for the next hand) gets a new token, and
  // the version this phone knows of the game.
  function setUp(h, restored) {
    var token = h.form.elements.token, version = h.form.elements.version;
    var waiting = outbox().filter(function (q) { return q.game === h.game && !q.shownAt; });
    var used = sentTokens().indexOf(token.value) >= 0 || waiting.some(function (q) { return q.token === token.value; });
    if (used) {
      token.value = newToken();
      if (version && h.hand === "new") {
        var base = Math.max(parseInt(version.value, 10) || 0, knownVersion(h.game));
        if (waiting.length) base = waiting[waiting.length - 1].version;
        version.value = String(base);
      }
      saveDraft(h, true);
    }
    if (!h.written) h.written = JSON.stringify(fieldsOf(h.form));
    groupsOf(h.form).forEach(function (g) { dropButtons(h.form, g); });
    if (restored && h.by === "cards") {
      // Ask the server (and the phone's referee) about the restored cards.
      setTimeout(function () { changed(h.form); }, 0);
    }
    // Every change is a new revision of the draft, written before the
    // preview that follows it reads the form (capture: before the form's
    // own listeners).
    var save = function (e) {
      if (!h.form.contains(e.target) && e.target !== h.form) return;
      if (!outbox().some(function (q) { return q.token === token.value; })) saveDraft(h);
    };
    document.addEventListener("input", save, true);
    document.addEventListener("change", save, true);
    h.form.addEventListener("submit", function (e) { submit(h, e); });
    // "+ Add a meld" and "Remove" change the sheet here, network or not.
    h.form.addEventListener("click", function (e) {
      var more = e.target.closest && e.target.closest("button[value^='more:']");
      var drop = e.target.closest && e.target.closest("button.drop");
      if (more) {
        var group = more.value.slice(5), added = group && addItem(h.form, group);
        if (!added) return; // the page lays it out otherwise: meldpad adds it
        e.preventDefault();
        changed(countInput(h.form, group));
        var field = null;
        added.some(function (el) { return (field = el.querySelector("input.cards")); });
        if (field) field.focus();
      } else if (drop) {
        groupsOf(h.form).some(function (g) {
          var items = itemsOf(h.form, g) || [];
          for (var i = 0; i < items.length; i++) {
            if (items[i].indexOf(drop.parentNode) >= 0) {
              removeItem(h.form, g, i);
              changed(countInput(h.form, g));
              return true;
            }
          }
          return false;
        });
      }
    });
    // A preview that gets through clears what a Check that could not
    // said. (One that does not is the phone referee's to say, in the
    // score's box: nothing was being saved.)
    document.body.addEventListener("htmx:afterRequest", function (e) {
      if (e.detail && e.detail.successful && !outbox().some(function (q) { return q.game === h.game && q.hand === h.hand && !q.shownAt; })) clearUnsaved();
    });
  }

  // settleShown takes out of the outbox a hand meldpad did not take once
  // the page that says why is opened: the page holds it now. It returns
  // that hand, if any.
  function settleShown() {
    var here = location.pathname + location.search, queue = outbox(), found = null;
    var rest = queue.filter(function (q) {
      if (!q.shownAt) return true;
      var at = new URL(q.shownAt, location.href);
      if (at.pathname + at.search !== here) return true;
      found = q;
      return false;
    });
    if (rest.length !== queue.length) keep(OUTBOX, rest);
    return found;
  }

  // keepable says whether a page may be kept on the phone: one the service
  // worker would show (sw.js's isPage) whose Cache-Control allows it.
  function keepable(url, res) {
    var path = new URL(url).pathname;
    return res.ok && !/no-store/.test(res.headers.get("Cache-Control") || "") &&
      (path === "/" || /^\/(g|w|l)\/[^/]+(\/(history|hands\/new|hands\/\d+))?$/.test(path));
  }

  // The service worker, and the pages it keeps: this one (the first
  // visit is not seen by a worker not yet installed) and, from a
  // scorepad, the forms of its next hand, and, from a card game's, the
  // phone's referee, fetched once in the background unless the phone
  // asked to save data.
  function offline() {
    if (!("serviceWorker" in navigator) || !window.caches) return;
    var seen = !!navigator.serviceWorker.controller; // this page came through the worker
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () { /* no worker: online only */ });
    navigator.serviceWorker.ready.then(function (registration) {
      var pad = document.getElementById("scorepad");
      var saveData = navigator.connection && navigator.connection.saveData;
      if (pad && document.querySelector('a[href$="/hands/new?by=cards"]') && !saveData && registration.active) {
        registration.active.postMessage("keep-referee");
      }
      if (location.search.indexOf("shown=") >= 0) return;
      var urls = [];
      if (!seen) urls.push(location.href);
      if (pad) {
        document.querySelectorAll('a[href$="/hands/new"], a[href$="/hands/new?by=cards"]').forEach(function (a) { urls.push(a.href); });
      }
      if (!urls.length) return;
      caches.open(PAGES).then(function (cache) {
        urls.forEach(function (u) {
          var key = new URL(u);
          key.searchParams.delete("saved");
          fetch(u, { credentials: "same-origin" }).then(function (res) {
            if (keepable(u, res)) return cache.put(key.href, res);
          }).catch(function () { /* offline: kept as it was */ });
        });
      });
    });
  }

  // Hands kept by an earlier version of this script held their CSRF
  // token: it goes.
  function dropKeptTokens() {
    var queue = outbox();
    if (!queue.some(function (q) { return /(^|&)_csrf=/.test(q.body); })) return;
    queue.forEach(function (q) { q.body = withoutField(q.body, "_csrf"); });
    keep(OUTBOX, queue);
  }

  // The script is deferred: the page is parsed when it runs. The draft
  // is laid over the page at once, before the page's other scripts start
  // on DOMContentLoaded: the picker then sees a sheet that holds cards,
  // and does not open on its first field as on a blank one.
  var h = null, restored = false;
  function early() {
    h = handForm();
    var settled = settleShown();
    if (h) restored = restore(h, settled);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", early);
  else early();

  document.addEventListener("DOMContentLoaded", function () {
    var pad = document.getElementById("scorepad"), m = location.pathname.match(/^\/g\/([a-z2-7]+)/);
    if (pad && m) knowVersion(m[1], parseInt(pad.dataset.version, 10) || 0);
    if (h) setUp(h, restored);
    dropKeptTokens();
    sentNote();
    showOutbox();
    offline();
    flush();
    if (channel) channel.onmessage = function (e) { heard(e.data); };
    window.addEventListener("online", function () { attempt = 0; flush(); });
    window.addEventListener("pageshow", function (e) { if (e.persisted) { catchUp(); showOutbox(); flush(); } });
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState !== "visible") return;
      catchUp();
      flush();
    });
  });
})();
