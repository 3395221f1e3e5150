// Small helps for the pages around the scorepad; each page works without
// them. The new-game form's dealer list names the players as they are
// typed, and one button seats last game's players; a round by points goes
// from field to field with Enter; the share page copies and shares its
// links.
(function () {
  "use strict";

  // Who deals first: each option follows its player's input ("Ann"), or
  // says "Player 3" while the input is blank, as the server draws it.
  function dealerNames() {
    document.querySelectorAll("option[data-name-of]").forEach(function (option) {
      var input = document.getElementById(option.dataset.nameOf);
      if (!input) return;
      var seat = option.dataset.nameOf.replace("player-", "");
      function follow() {
        var name = input.value.trim().replace(/\s+/g, " ");
        option.textContent = name || "Player " + (parseInt(seat, 10) + 1);
      }
      input.addEventListener("input", follow);
      follow();
    });
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
      function say(text) { if (status) status.textContent = text; }
      // Over plain HTTP (a server on the home network) there is no
      // Clipboard API: the field's text is selected and copied the old way.
      function copyOldWay() {
        field.focus();
        field.select();
        var done = false;
        try { done = document.execCommand("copy"); } catch (e) { done = false; }
        say(done ? "Link copied." : "The link is selected: copy it from the field.");
      }
      if (copy) {
        copy.hidden = false;
        copy.addEventListener("click", function () {
          if (!navigator.clipboard || !window.isSecureContext) return copyOldWay();
          navigator.clipboard.writeText(field.value).then(function () { say("Link copied."); }, copyOldWay);
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
