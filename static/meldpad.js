// meldpad's own script. Every page works without it; it only makes them
// quicker to use: scorepads that update by themselves, and (on the hand
// forms) the card picker.
(function () {
  "use strict";

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

  // Live scorepads: the server says when the game changed (server-sent
  // events) and brings the new scorepad part of the page with it (the
  // "scorepad" event), which is swapped in; when it did not, the part is
  // fetched again. A page that missed changes while asleep catches up
  // from the stream's first event, which carries the current version.
  function live() {
    var pad = document.getElementById("scorepad");
    if (!pad || !pad.dataset.live || !window.EventSource) return;
    var source = new EventSource(pad.dataset.live);
    var busy = false;
    function newer(version) { return version > parseInt(pad.dataset.version, 10); }
    function swapIn(html) {
      var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("scorepad");
      if (fresh && newer(parseInt(fresh.dataset.version, 10))) { pad.replaceWith(fresh); pad = fresh; }
    }
    function refresh(event) {
      if (busy || !newer(parseInt(event.data, 10))) return;
      busy = true;
      fetch(location.href, { headers: { "Accept": "text/html" } })
        .then(function (r) { return r.text(); })
        .then(swapIn)
        .finally(function () { busy = false; });
    }
    source.addEventListener("scorepad", function (event) {
      var cut = event.data.indexOf("\n");
      if (cut > 0 && newer(parseInt(event.data.slice(0, cut), 10))) swapIn(event.data.slice(cut + 1));
    });
    source.addEventListener("version", refresh);
    source.addEventListener("changed", refresh);
    // A stream the server refuses (too many open: 429 or 503) closes for
    // good, since an EventSource retries only after a network error, never
    // after another answer. The page then says so beside its Reload link.
    source.addEventListener("error", function () {
      if (source.readyState !== EventSource.CLOSED || document.getElementById("live-off")) return;
      var note = document.createElement("p");
      note.id = "live-off";
      note.className = "small muted";
      note.setAttribute("role", "status");
      note.textContent = say("offline.page_live_off");
      pad.insertAdjacentElement("afterend", note);
    });
  }

  // The screen of an event night (a projector's page): the server sends
  // the part to show at once and after every change of the event or of
  // one of its round's games (the "screen" event: its stamp on the first
  // line, then the HTML), and the part that shows another stamp is
  // swapped in. A stream the server refuses says so, as a scorepad does.
  function screen() {
    var box = document.getElementById("screen");
    if (!box || !box.dataset.live || !window.EventSource) return;
    var source = new EventSource(box.dataset.live);
    source.addEventListener("screen", function (event) {
      var cut = event.data.indexOf("\n");
      if (cut < 0 || event.data.slice(0, cut) === box.dataset.digest) return;
      var fresh = new DOMParser().parseFromString("<div>" + event.data.slice(cut + 1) + "</div>", "text/html").body.firstChild;
      box.replaceChildren.apply(box, Array.prototype.slice.call(fresh.childNodes));
      box.dataset.digest = event.data.slice(0, cut);
    });
    source.addEventListener("error", function () {
      if (source.readyState !== EventSource.CLOSED || document.getElementById("live-off")) return;
      var note = document.createElement("p");
      note.id = "live-off";
      note.setAttribute("role", "status");
      note.textContent = say("offline.screen_live_off");
      box.insertAdjacentElement("beforebegin", note);
    });
  }

  // The card picker: while a card field has focus, a panel at the bottom
  // shows the whole deck, each card one tap: a grid with a row per suit
  // (the Fanucci deck's fifteen in blocks by colour) and a column per
  // rank, and the trumps. Cards the sheet already holds as often as the deck
  // does are greyed, the active field's own are marked, and with two
  // copies the copies used are counted. A field that holds all it can
  // (data-max, or one card) hands over to the next. Tapping a chip takes
  // its card out.
  //
  // A tap shows its chip at once and asks for the preview at once, so a
  // verdict follows the card that completes a meld; a preview that comes
  // back after the sheet changed again is dropped (the next one is on its
  // way), and one that shows the same cards patches the chips in place
  // rather than replacing them, so a chip under the finger stays.
  function picker() {
    var panel = document.getElementById("picker");
    if (!panel || !panel.dataset.deck) return;
    var deck = JSON.parse(panel.dataset.deck);
    var fanucci = !!deck.trumps;
    panel.classList.toggle("fanucci", fanucci);
    var active = null, declaring = false, typing = false;
    var colourOf = {}, labelOf = {};
    deck.groups.forEach(function (g) {
      g.suits.forEach(function (s, i) { colourOf[s] = g.colour; labelOf[s] = g.labels[i]; });
    });

    function el(tag, cls, text) {
      var e = document.createElement(tag);
      if (cls) e.className = cls;
      if (text) e.textContent = text;
      return e;
    }
    function button(cls, label, name, onTap) {
      var b = el("button", cls, label);
      b.type = "button";
      if (name) b.setAttribute("aria-label", name);
      b.addEventListener("mousedown", function (e) { e.preventDefault(); }); // keep the field's focus
      b.addEventListener("click", onTap);
      return b;
    }
    function cardName(rank, s) { return fanucci ? rank + " " + s : rank + s; }
    function chipLabel(card) {
      if (fanucci) return card;
      var s = card.slice(-1);
      return card.slice(0, -1) + (labelOf[s] || s);
    }
    function chipColour(card) {
      if (deck.trumps && deck.trumps.indexOf(card) >= 0) return "trump";
      return colourOf[fanucci ? card.slice(card.indexOf(" ") + 1) : card.slice(-1)] || "";
    }
    function fieldOf(input) { return document.getElementById("fb-" + input.name); }
    function chipsOf(input) {
      var fb = fieldOf(input);
      return fb ? [].slice.call(fb.querySelectorAll(".chip[data-card]")) : [];
    }
    function cardOf(chip) { return chip.dataset.card.split("=")[0]; }

    // Cards already used: counted among the chips of the active field's
    // tally (a part of the sheet marked data-tally, whose cards are counted
    // apart from the rest, like a Trophy Case trick's two entries), or of
    // the whole page, leaving out fields counted apart (Fan's knock card).
    function used() {
      var count = {};
      var scope = (active && active.closest("[data-tally]")) || document;
      scope.querySelectorAll(".chips[data-field]").forEach(function (box) {
        var input = document.getElementById(box.dataset.field);
        if (input && input.hasAttribute("data-apart")) return;
        box.querySelectorAll(".chip[data-card]").forEach(function (chip) {
          var card = cardOf(chip);
          count[card] = (count[card] || 0) + 1;
        });
      });
      return count;
    }

    // The panel: a line naming the active field, the deck, the controls.
    var head = el("div", "pk-head");
    var headName = el("span", "pk-name"), headCount = el("span", "pk-count");
    head.append(headName, headCount);
    var body = el("div", "pk-body");
    panel.appendChild(body);
    var cardButtons = [];
    function cardButton(card, label, extraCls) {
      // Named by what it shows (axe: the visible text is the name), with
      // the card's code as its title.
      var b = button("pk-card " + (extraCls || ""), "", null, function () { add(b.dataset.card); });
      b.dataset.card = card;
      b.title = card;
      if (label) {
        b.append(el("span", "r", label[0]));
        if (label[1]) b.append(el("span", "s", label[1]));
      }
      b.append(el("span", "n"));
      cardButtons.push(b);
      return b;
    }
    if (!fanucci) {
      // Every card of the deck in one grid, a row per suit; the places of
      // cards the deck lacks are kept (and offered while a wild is being
      // declared: a wild may stand for a card the deck lacks).
      var grid = el("div", "pk-grid");
      deck.groups.forEach(function (g) {
        g.suits.forEach(function (s, i) {
          deck.ranks.forEach(function (r) {
            var card = cardName(r, s);
            var b = cardButton(card, [r, g.labels[i]], g.colour);
            if (!deck.copies[card]) b.classList.add("absent");
            grid.appendChild(b);
          });
        });
      });
      body.appendChild(grid);
    } else {
      // Every suited card in one grid: a row per suit, the suits in
      // blocks by colour (the decks), a column per rank; the trumps
      // below.
      var fgrid = el("div", "pk-fgrid");
      deck.groups.forEach(function (g) {
        var group = el("div", "group " + g.colour);
        group.title = g.colour;
        g.suits.forEach(function (s) {
          var row = el("div", "pk-frow");
          var name = el("span", "pk-suitname", s);
          name.dataset.suit = s;
          row.appendChild(name);
          deck.ranks.forEach(function (r) {
            row.appendChild(cardButton(cardName(r, s), [r], g.colour));
          });
          group.appendChild(row);
        });
        fgrid.appendChild(group);
      });
      var trumps = el("div", "pk-trumps");
      deck.trumps.forEach(function (t) {
        var b = cardButton(t, [t], "trump");
        b.dataset.trump = t;
        trumps.appendChild(b);
      });
      body.append(fgrid, trumps);
    }
    var controls = el("div", "pk-controls");
    controls.appendChild(head);
    if (deck.wilds) {
      var eq = button("pk-eq", "=", say("offline.picker_wild"), function () { declaring = !declaring; refresh(); });
      eq.dataset.declare = "1";
      controls.appendChild(eq);
    }
    controls.appendChild(button("pk-back", "⌫", say("offline.picker_back"), function () {
      if (!active) return;
      if (local(active)) {
        // The last card written, read or not (the chips leave out what
        // could not be read).
        var rest = words(active.value);
        rest.pop();
        active.value = rest.join(", ");
        changed(active, false);
        refresh();
        return;
      }
      var chips = chipsOf(active);
      if (chips.length) chips[chips.length - 1].click();
    }));
    var keys = button("pk-keys", "⌨", say("offline.picker_type"), function () { setTyping(!typing); });
    controls.appendChild(keys);
    var next = button("pk-next", say("offline.picker_next"), null, function () { advance(); });
    controls.appendChild(next);
    controls.appendChild(button("close", say("offline.picker_done"), null, function () { close(); }));
    panel.appendChild(controls);

    function refresh() {
      if (!active) return;
      var count = used(), mine = {};
      chipsOf(active).forEach(function (chip) { var c = cardOf(chip); mine[c] = (mine[c] || 0) + 1; });
      var label = active.labels && active.labels[0] ? active.labels[0].textContent : active.getAttribute("aria-label");
      headName.textContent = (label || "").trim();
      var n = chipsOf(active).length, max = capacity(active);
      headCount.textContent = max ? say("offline.picker_of", { N: n, Max: max }) : n ? say("offline.picker_count", { Count: n }) : "";
      cardButtons.forEach(function (b) {
        var card = b.dataset.card, copies = deck.copies[card] || 0, k = count[card] || 0;
        var wildReading = declaring && !fanucci;
        b.disabled = !card || (!wildReading && k >= copies) || (!wildReading && !copies);
        b.classList.toggle("mine", !!mine[card]);
        b.classList.toggle("used", !!card && copies > 0 && k >= copies);
        b.querySelector(".n").textContent = copies > 1 && k > 0 ? k : "";
      });
      panel.classList.toggle("declaring", declaring);
      if (eq) {
        eq.classList.toggle("on", declaring);
        eq.setAttribute("aria-pressed", declaring ? "true" : "false");
      }
      panel.classList.toggle("typing", typing);
      keys.textContent = typing ? say("offline.picker_cards") : "⌨";
      keys.setAttribute("aria-label", typing ? say("offline.picker_show") : say("offline.picker_type"));
      // On the last field, Next closes the deck and shows the score
      // (advance): it says so.
      var all = fields();
      next.textContent = all.indexOf(active) === all.length - 1 ? say("offline.picker_score") : say("offline.picker_next");
    }

    function capacity(input) {
      if (input.hasAttribute("data-single")) return 1;
      return parseInt(input.dataset.max, 10) || 0;
    }
    function changed(input, now) {
      // A tap is a finished change: the preview goes at once ("change"),
      // where typing waits for a pause ("input").
      input.dispatchEvent(new Event(now ? "change" : "input", { bubbles: true }));
    }
    // showChip draws the chip of a card just tapped, so the sheet and the
    // picker count it before the preview is back.
    function showChip(input, card, declared) {
      var fb = fieldOf(input);
      if (!fb) return;
      var box = fb.querySelector(".chips");
      if (!box) {
        box = el("div", "chips");
        box.dataset.field = input.id;
        box.appendChild(el("span", "count"));
        fb.prepend(box);
      }
      var chips = box.querySelectorAll(".chip[data-card]");
      if (input.hasAttribute("data-single")) chips.forEach(function (c) { c.remove(); });
      if (declared && chips.length) {
        var last = chips[chips.length - 1];
        last.dataset.card = cardOf(last) + "=" + card;
        last.textContent = chipLabel(cardOf(last)) + "=" + chipLabel(card);
      } else {
        var chip = el("button", "chip " + chipColour(card), chipLabel(card));
        chip.type = "button";
        chip.dataset.card = card;
        chip.title = say("offline.tap_to_remove");
        box.insertBefore(chip, box.querySelector(".count"));
      }
      box.querySelector(".count").textContent = box.querySelectorAll(".chip[data-card]").length;
    }
    // A field with no preview (data-local: the referee page's) draws its
    // chips itself from what is typed, so that a chip or ⌫ takes out a
    // typed card as it does a tapped one.
    function local(input) {
      var fb = fieldOf(input);
      return !!fb && fb.hasAttribute("data-local");
    }
    function words(text) {
      // The Fanucci deck's cards have a space inside ("7 Tears").
      return text.split(fanucci ? /[,;]+/ : /[\s,;]+/).map(function (w) { return w.trim(); }).filter(Boolean);
    }
    function redraw(input) {
      var box = fieldOf(input).querySelector(".chips");
      if (box) box.remove();
      words(input.value).forEach(function (word) {
        var sides = (fanucci ? word : word.toUpperCase()).split("=");
        showChip(input, sides[0], false);
        if (sides[1]) showChip(input, sides[1], true);
      });
    }
    document.addEventListener("input", function (e) {
      if (!isCardField(e.target) || !local(e.target)) return;
      redraw(e.target);
      if (e.target === active) refresh();
    });
    function add(card) {
      if (!active || !card) return;
      var text = active.value.replace(/[\s,;]+$/, "");
      var declared = declaring && text && !active.hasAttribute("data-single");
      if (active.hasAttribute("data-single")) {
        text = card; // a field of one card: the tap replaces it
      } else if (declared) {
        text += "=" + card;
      } else {
        text += (text ? ", " : "") + card;
      }
      active.value = text;
      showChip(active, card, declared);
      declaring = false;
      var input = active, max = capacity(input);
      changed(input, true);
      if (max && chipsOf(input).length >= max) {
        advance();
      } else {
        refresh();
        keepVisible(false);
      }
    }

    // The card fields in the order of the page, those shown.
    function fields() {
      return [].filter.call(document.querySelectorAll("input.cards"), function (f) {
        return f.offsetParent !== null && !f.disabled;
      });
    }
    // advance hands over to the next field; after the last one the picker
    // closes and the score shows.
    function advance() {
      var all = fields(), i = all.indexOf(active);
      if (i >= 0 && i + 1 < all.length) {
        all[i + 1].focus();
        return;
      }
      close();
      scoring = true;
      showScore();
    }
    // showScore brings the score into the window, and Save below it
    // while the score's top stays in sight: the next tap is Save. The
    // preview of the last card lands after, and may lengthen the score:
    // the first one to land does this again (scoring).
    var scoring = false;
    function showScore() {
      var score = document.getElementById("judgement");
      if (!score) return;
      score.scrollIntoView({ block: "start" });
      var form = score.closest("form"), save = form && form.querySelector('button[value="save"]');
      if (!save) return;
      var bottom = save.getBoundingClientRect().bottom + 8, top = score.getBoundingClientRect().top - 8;
      if (bottom > window.innerHeight && top > 0) window.scrollBy(0, Math.min(bottom - window.innerHeight, top));
    }
    function close() {
      panel.hidden = true;
      document.body.classList.remove("picking");
      document.body.style.removeProperty("--picker-height");
      declaring = false;
      if (active) active.blur();
    }
    // setTyping switches between the picker and the phone's keyboard:
    // card fields take inputmode "none" while the picker shows the deck.
    function setTyping(on) {
      typing = on;
      document.querySelectorAll("input.cards").forEach(function (f) {
        f.setAttribute("inputmode", typing ? "text" : "none");
      });
      refresh();
      sizeUp();
      if (active) {
        // The keyboard shows or hides on the next focus.
        var input = active;
        input.blur();
        input.focus();
      }
    }
    function sizeUp() {
      document.body.style.setProperty("--picker-height", panel.offsetHeight + "px");
    }

    // Keep the active field and what is said under it (chips, verdict)
    // above the picker: on opening, its top goes to the top of the window
    // unless it fits with room for a verdict; as it grows, the page
    // scrolls by as much as needed, never past the field's top.
    function keepVisible(opening) {
      if (!active || panel.hidden) return;
      var box = active.closest(".cardfield, .playrow") || active;
      var rect = box.getBoundingClientRect(), limit = panel.getBoundingClientRect().top - 8;
      if (opening) {
        if (rect.top < 0 || rect.bottom + 64 > limit) window.scrollBy(0, rect.top - 8);
      } else if (rect.top >= 0 && rect.top < limit && rect.bottom > limit) {
        // Only while the field is in sight: a player who scrolled away
        // to tap another field is not pulled back.
        window.scrollBy(0, Math.min(rect.bottom - limit, rect.top - 8));
      }
    }
    function open(input) {
      var fresh = active !== input || panel.hidden;
      scoring = false;
      active = input;
      declaring = declaring && !fresh;
      panel.hidden = false;
      document.body.classList.add("picking");
      refresh();
      sizeUp();
      keepVisible(fresh);
    }
    function isCardField(e) { return e && e.matches && e.matches("input.cards"); }
    document.querySelectorAll("input.cards").forEach(function (f) { f.setAttribute("inputmode", "none"); });
    document.addEventListener("focusin", function (e) {
      // The field open already (the window getting the focus back, or the
      // keyboard switched) leaves the page where it is.
      if (isCardField(e.target) && (e.target !== active || panel.hidden)) open(e.target);
    });
    // A field can have the focus before this script runs (the field a
    // sheet's "Add a meld" just added has autofocus), and tapping a field
    // that has it fires no focusin: open the picker for those too.
    document.addEventListener("click", function (e) {
      if (isCardField(e.target) && panel.hidden) open(e.target);
    });
    // Some browsers apply autofocus late, or not at all in a tab without
    // the window's focus: give the field its focus here.
    var auto = document.querySelector("input.cards[autofocus]");
    if (auto && document.activeElement !== auto) auto.focus();
    // A new sheet, nothing in it yet, opens with the picker on its first
    // card field: the first card is the first tap. Not over a player who
    // is already in a field (a slow network shows the page well before
    // this script runs): the focus stays where they are.
    var sheetFields = document.querySelectorAll("form.sheet input.cards");
    var idle = !document.activeElement || document.activeElement === document.body;
    if (!auto && idle && sheetFields.length && [].every.call(sheetFields, function (f) { return !f.value; })) sheetFields[0].focus();
    if (isCardField(document.activeElement) && panel.hidden) open(document.activeElement);
    window.addEventListener("resize", function () { if (!panel.hidden) sizeUp(); });

    // Tapping a chip takes its card out of the field at once: the field is
    // written again from the remaining chips, in canonical form, and the
    // preview waits for a pause in the taps.
    document.addEventListener("click", function (e) {
      var chip = e.target.closest && e.target.closest(".chip[data-card]");
      if (!chip) return;
      var box = chip.parentElement, input = document.getElementById(box.dataset.field);
      if (!input) return;
      var rest = [];
      box.querySelectorAll(".chip[data-card]").forEach(function (c) { if (c !== chip) rest.push(c.dataset.card); });
      input.value = rest.join(", ");
      chip.remove();
      var count = box.querySelector(".count");
      if (count) count.textContent = rest.length;
      changed(input, false);
      refresh();
    });

    // Previews. A request remembers the sheet it was sent for; its answer
    // is dropped if the sheet has changed since (a later request follows).
    // The sheet is named by its draft's revision (offline.js), which
    // meldpad echoes with the answer; a page without one is compared
    // field by field. A preview shown marks the sheet as judged by meldpad
    // at that revision (data-server-rev), so that the phone's referee
    // (referee.js) does not lay an answer of its own over it.
    var sent = new WeakMap();
    function state(form) {
      var rev = form.elements.draft_rev;
      return rev && rev.value ? "rev:" + rev.value : new URLSearchParams(new FormData(form)).toString();
    }
    function answered(xhr, was) {
      var rev = xhr.getResponseHeader("Meldpad-Draft-Rev");
      return rev ? "rev:" + rev : was;
    }
    function swapPreview(form, html, judged) {
      htmx.swap(form, html, { swapStyle: "none" }, { contextElement: form });
      if (judged.indexOf("rev:") === 0) form.dataset.serverRev = judged.slice(4);
    }
    document.body.addEventListener("htmx:beforeRequest", function (e) {
      var form = e.detail.elt;
      if (form && form.matches && form.matches("form.sheet")) sent.set(e.detail.xhr, state(form));
    });
    document.body.addEventListener("htmx:beforeSwap", function (e) {
      var form = e.detail.elt, was = sent.get(e.detail.xhr);
      if (was === undefined) return;
      var judged = answered(e.detail.xhr, was);
      if (judged !== state(form)) {
        e.detail.shouldSwap = false;
        if (judged.indexOf("rev:") !== 0) htmx.trigger(form, "change");
        return;
      }
      if (!pressing()) {
        if (judged.indexOf("rev:") === 0) form.dataset.serverRev = judged.slice(4);
        return;
      }
      // A finger is on the screen: the preview waits until it is lifted
      // (afterTap), and is dropped if the tap changed the sheet, whose
      // own preview follows.
      e.detail.shouldSwap = false;
      var html = e.detail.serverResponse;
      afterTap(function () {
        if (state(form) === judged) swapPreview(form, html, judged);
      });
    });
    // A field's feedback is patched: when the preview reads the same cards
    // as the chips shown, the chips stay (their colours and notes
    // updated) and only the message and the verdict are replaced.
    function cardsOf(root) {
      return [].map.call(root.querySelectorAll(".chip[data-card]"), function (c) { return c.dataset.card; }).join("|");
    }
    function patch(target, fresh) {
      var oldChips = target.querySelector(".chips"), newChips = fresh.querySelector(".chips");
      if (!oldChips || !newChips || cardsOf(oldChips) !== cardsOf(newChips)) {
        target.replaceChildren.apply(target, [].slice.call(fresh.childNodes));
        return;
      }
      var news = newChips.querySelectorAll(".chip");
      oldChips.querySelectorAll(".chip").forEach(function (c, i) {
        c.className = news[i].className;
        if (c.innerHTML !== news[i].innerHTML) c.innerHTML = news[i].innerHTML;
      });
      var count = oldChips.querySelector(".count"), newCount = newChips.querySelector(".count");
      if (count && newCount) count.textContent = newCount.textContent;
      var rest = function (root, chips) { return [].filter.call(root.children, function (c) { return c !== chips; }); };
      var was = rest(target, oldChips), now = rest(fresh, newChips);
      if (was.map(function (c) { return c.outerHTML; }).join("") === now.map(function (c) { return c.outerHTML; }).join("")) return;
      was.forEach(function (c) { c.remove(); });
      now.forEach(function (c) { target.appendChild(c); });
    }
    document.body.addEventListener("htmx:oobBeforeSwap", function (e) {
      var target = e.detail.target, fresh = e.detail.fragment && e.detail.fragment.firstElementChild;
      if (!target.classList.contains("feedback") || !fresh || fresh.id !== target.id) return;
      patch(target, fresh);
      e.detail.shouldSwap = false;
    });
    // After each preview the chips may change; count and mark again.
    function swapped(e) {
      if (panel.hidden) {
        if (scoring) showScore();
        if (e.type === "htmx:afterSettle") scoring = false;
        return;
      }
      refresh();
      if (document.activeElement === active) keepVisible(false);
    }
    document.body.addEventListener("htmx:afterSettle", swapped);
    document.body.addEventListener("htmx:oobAfterSwap", swapped);
  }

  // afterTap runs fn now, or once the finger (or mouse button) that is
  // down is lifted. Previews go through it: swapped in while a player
  // taps, the feedback they bring above the button being tapped (a
  // message, a row of chips) would move it from under the finger, and the
  // tap would miss it or land on its neighbour. A press held longer than
  // a tap (or whose lifting the page never heard) holds nothing back.
  var pressedAt = 0, afterLift = [];
  function pressing() { return pressedAt > 0 && Date.now() - pressedAt < 1500; }
  function afterTap(fn) {
    if (pressing()) afterLift.push(fn);
    else fn();
  }
  function lifted() {
    pressedAt = 0;
    var run = afterLift;
    afterLift = [];
    // After the click that the lifting makes.
    if (run.length) setTimeout(function () { run.forEach(function (fn) { fn(); }); }, 0);
  }
  document.addEventListener("pointerdown", function () { pressedAt = Date.now(); }, true);
  document.addEventListener("pointerup", lifted, true);
  document.addEventListener("pointercancel", lifted, true);
  window.addEventListener("blur", lifted);
  window.meldpadAfterTap = afterTap;

  document.addEventListener("DOMContentLoaded", function () {
    live();
    screen();
    picker();
  });
})();
