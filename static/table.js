// Small helps for the pages around the scorepad; each page works without
// them. The new-game form's dealer list names the players as they are
// typed, and one button seats last game's players; a round by points goes
// from field to field with Enter; the share page copies and shares its
// links.
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

  // Who deals first: the seats with a name, each option named after its
  // player ("Ann") as the names are typed, or the first seat alone
  // ("Player 1") while none is; a choice stays while its seat has a name.
  function dealerNames() {
    var select = document.getElementById("dealer");
    if (!select) return;
    var inputs = [].slice.call(document.querySelectorAll('input[name="players"]'));
    function follow() {
      var chosen = select.value, seats = [];
      inputs.forEach(function (input, i) {
        var name = input.value.trim().replace(/\s+/g, " ");
        if (name) seats.push({ seat: String(i), name: name });
      });
      if (!seats.length) seats.push({ seat: "0", name: "Player 1" });
      select.replaceChildren.apply(select, seats.map(function (s) {
        var option = document.createElement("option");
        option.value = s.seat;
        option.textContent = s.name;
        option.selected = s.seat === chosen;
        return option;
      }));
    }
    inputs.forEach(function (input) { input.addEventListener("input", follow); });
    follow();
  }

  // Same players as last time: the names are suggestions in the page (a
  // datalist), never the inputs' values; this button, shown here, puts
  // them in the inputs, in their seats, and empties the others.
  function samePlayers() {
    document.querySelectorAll(".same-players-row").forEach(function (row) {
      var names = row.dataset.names.split("\n");
      row.hidden = false;
      row.querySelector("button").addEventListener("click", function () {
        document.querySelectorAll('input[name="players"]').forEach(function (input, i) {
          input.value = names[i] || "";
          input.dispatchEvent(new Event("input", { bubbles: true }));
        });
      });
    });
  }

  // A round by points, from the keyboard alone: Enter in a player's
  // field moves to the next player's (its key says "next"), and on the
  // last it saves, as Enter in a form does. A blank counts as 0.
  function enterNext() {
    document.querySelectorAll("[data-enter-next]").forEach(function (grid) {
      var fields = [].slice.call(grid.querySelectorAll("input"));
      // The Enter that moved on must not also save from the next field:
      // a keypress that follows a keydown whose default was prevented
      // (as some keyboards and automation send it) is dropped too.
      var moved = false;
      grid.addEventListener("keypress", function (e) {
        if (e.key === "Enter" && moved) e.preventDefault();
        moved = false;
      }, true);
      grid.addEventListener("keyup", function () { moved = false; }, true);
      fields.forEach(function (field, i) {
        if (i === fields.length - 1) return;
        field.addEventListener("keydown", function (e) {
          if (e.key !== "Enter" || e.isComposing) return;
          e.preventDefault();
          moved = true;
          fields[i + 1].focus();
          fields[i + 1].select();
        });
      });
    });
  }

  // Share: a Copy button beside each link (Clipboard API) and a Share
  // button where the phone can hand the link to another app (Web Share
  // API). The buttons are hidden in the page and shown here, so a page
  // without script shows only the link, selectable in its field.
  function shareButtons() {
    document.querySelectorAll("[data-share-link]").forEach(function (box) {
      var field = box.querySelector("input");
      var status = box.querySelector("[role=status]");
      var copy = box.querySelector("button.copy");
      var share = box.querySelector("button.share");
      function tell(text) { if (status) status.textContent = text; }
      // Over plain HTTP (a server on the home network) there is no
      // Clipboard API: the field's text is selected and copied the old way.
      function copyOldWay() {
        field.focus();
        field.select();
        var done = false;
        try { done = document.execCommand("copy"); } catch (e) { done = false; }
        tell(done ? say("share.link_copied") : say("share.link_selected"));
      }
      if (copy) {
        copy.hidden = false;
        copy.addEventListener("click", function () {
          if (!navigator.clipboard || !window.isSecureContext) return copyOldWay();
          navigator.clipboard.writeText(field.value).then(function () { tell(say("share.link_copied")); }, copyOldWay);
        });
      }
      if (share && navigator.share) {
        share.hidden = false;
        share.addEventListener("click", function () {
          navigator.share({ title: box.dataset.shareTitle, url: field.value }).catch(function () {});
        });
      }
      field.addEventListener("focus", function () { field.select(); });
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    dealerNames();
    samePlayers();
    enterNext();
    shareButtons();
  });
})();
