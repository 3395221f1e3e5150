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
    // A stream the server refuses (too many open: 429 or 503) closes for
    // good, since an EventSource retries only after a network error, never
    // after another answer. The page then says so beside its Reload link.
    source.addEventListener("error", function () {
      if (source.readyState !== EventSource.CLOSED || document.getElementById("live-off")) return;
      var note = document.createElement("p");
      note.id = "live-off";
      note.className = "small muted";
      note.setAttribute("role", "status");
      note.textContent = "This page no longer updates by itself (the server has too many open). Use Reload to see changes.";
      pad.insertAdjacentElement("afterend", note);
    });
  }

  // The card picker: while a card field has focus, a panel at the bottom
  // offers the deck's ranks, its suits by colour and its trumps. Tap a rank,
  // then a suit; tap a trump; tap a chip under a field to take that card
  // out. Cards the hand already uses as often as the deck holds them are
  // greyed out. Every change fires the field's input event, so the server
  // reads the field again and shows the chips and verdicts.
  function picker() {
    var panel = document.getElementById("picker");
    if (!panel || !panel.dataset.deck) return;
    var deck = JSON.parse(panel.dataset.deck);
    var active = null, rank = null, declaring = false;

    function button(label, title, onTap, cls) {
      var b = document.createElement("button");
      b.type = "button";
      b.textContent = label;
      if (title) b.title = title;
      if (cls) b.className = cls;
      b.addEventListener("mousedown", function (e) { e.preventDefault(); }); // keep the field's focus
      b.addEventListener("click", onTap);
      return b;
    }
    function row(cls) {
      var r = document.createElement("div");
      r.className = "row" + (cls ? " " + cls : "");
      panel.appendChild(r);
      return r;
    }
    function cardName(r, suit) {
      return deck.trumps ? r + " " + suit : r + suit;
    }
    // Cards already used: counted among the chips of the active field's
    // tally (a part of the sheet marked data-tally, whose cards are counted
    // apart from the rest, like a Trophy Case trick's two entries), or of
    // the whole page.
    function used() {
      var count = {};
      var scope = (active && active.closest("[data-tally]")) || document;
      scope.querySelectorAll(".chip[data-card]").forEach(function (chip) {
        var card = chip.dataset.card.split("=")[0];
        count[card] = (count[card] || 0) + 1;
      });
      return count;
    }
    function refresh() {
      var count = used();
      panel.querySelectorAll("button[data-rank]").forEach(function (b) {
        b.classList.toggle("on", b.dataset.rank === rank);
      });
      panel.querySelectorAll("button[data-suit]").forEach(function (b) {
        var card = cardName(rank, b.dataset.suit);
        b.disabled = rank !== null && (count[card] || 0) >= (deck.copies[card] || 0);
      });
      panel.querySelectorAll("button[data-trump]").forEach(function (b) {
        b.disabled = (count[b.dataset.trump] || 0) >= 1;
      });
      var eq = panel.querySelector("button[data-declare]");
      if (eq) eq.classList.toggle("on", declaring);
    }
    function changed(input) {
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
    function add(card) {
      if (!active) return;
      var text = active.value.replace(/[\s,;]+$/, "");
      if (active.hasAttribute("data-single")) {
        text = card; // a field of one card: the tap replaces it
      } else if (declaring && text) {
        text += "=" + card;
      } else {
        text += (text ? ", " : "") + card;
      }
      active.value = text;
      rank = null;
      declaring = false;
      changed(active);
      refresh();
    }

    var ranks = row();
    deck.ranks.forEach(function (r) {
      var b = button(r, "rank " + r, function () { rank = rank === r ? null : r; refresh(); });
      b.dataset.rank = r;
      ranks.appendChild(b);
    });
    var suits = row();
    deck.groups.forEach(function (g) {
      var group = document.createElement("span");
      group.className = "group " + g.colour;
      group.title = g.colour;
      g.suits.forEach(function (suit, i) {
        var b = button(g.labels[i], suit, function () { if (rank !== null) add(cardName(rank, suit)); });
        b.dataset.suit = suit;
        group.appendChild(b);
      });
      suits.appendChild(group);
    });
    if (deck.trumps) {
      var trumps = row();
      deck.trumps.forEach(function (t) {
        var b = button(t, "trump", function () { add(t); });
        b.dataset.trump = t;
        trumps.appendChild(b);
      });
    }
    var controls = row();
    if (deck.wilds) {
      var eq = button("=", "the next card is what the wild stands for", function () { declaring = !declaring; refresh(); });
      eq.dataset.declare = "1";
      controls.appendChild(eq);
    }
    controls.appendChild(button("⌫", "take out the last card", function () {
      if (!active) return;
      var chips = document.querySelectorAll('.chips[data-field="' + active.id + '"] .chip');
      if (chips.length) chips[chips.length - 1].click();
    }));
    controls.appendChild(button("Done", "close the picker", function () {
      panel.hidden = true;
      document.body.classList.remove("picking");
      if (active) active.blur();
    }, "close"));

    // Keep the active field and what is said under it (chips, verdict)
    // above the picker, which would otherwise cover them.
    function keepVisible() {
      if (!active || panel.hidden) return;
      var box = (active.closest && active.closest(".cardfield")) || active;
      var rect = box.getBoundingClientRect(), limit = panel.getBoundingClientRect().top - 8;
      if (rect.bottom > limit) window.scrollBy(0, Math.min(rect.bottom - limit, rect.top - 8));
    }
    function open(input) {
      active = input;
      panel.hidden = false;
      document.body.classList.add("picking");
      refresh();
      keepVisible();
    }
    function isCardField(el) { return el && el.matches && el.matches("input.cards"); }
    document.addEventListener("focusin", function (e) {
      if (isCardField(e.target)) open(e.target);
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
    if (isCardField(document.activeElement) && panel.hidden) open(document.activeElement);
    // Tapping a chip takes its card out of the field: the field is written
    // again from the remaining chips, in canonical form.
    document.addEventListener("click", function (e) {
      var chip = e.target.closest && e.target.closest(".chip[data-card]");
      if (!chip) return;
      var box = chip.parentElement, input = document.getElementById(box.dataset.field);
      if (!input) return;
      var rest = [];
      box.querySelectorAll(".chip[data-card]").forEach(function (c) { if (c !== chip) rest.push(c.dataset.card); });
      input.value = rest.join(", ");
      chip.remove();
      changed(input);
      refresh();
    });
    // After each preview the chips change; grey out again.
    function swapped() { refresh(); keepVisible(); }
    document.body.addEventListener("htmx:afterSettle", swapped);
    document.body.addEventListener("htmx:oobAfterSwap", swapped);
  }

  document.addEventListener("DOMContentLoaded", function () {
    live();
    picker();
  });
})();
