package views

import (
	"context"
	"encoding/json"
	"io"
	"strings"

	"github.com/a-h/templ"

	"meldpad/locale"
	"meldpad/rules/msg"
)

// The words the pages' scripts say themselves (offline.js, meldpad.js,
// table.js, referee.js): a hand kept on the phone, the outbox, a copied link, a
// scorepad that stopped updating. Every page carries them, in its own
// language, in one small JSON block (scriptWords), so that a page the
// service worker keeps says them in its language with no network at
// all, and no script needs a file of its own per language.
const (
	unsavedID        = "outbox.unsaved"
	sentSoonID       = "outbox.sent_soon"
	unreachableID    = "outbox.unreachable"
	waitingID        = "outbox.waiting"
	itemUnsavedID    = "outbox.item_unsaved"
	seeWhyID         = "outbox.see_why"
	handSavedID      = "outbox.hand_saved"
	correctionID     = "outbox.correction_saved"
	handUnsavedID    = "outbox.hand_unsaved"
	handUnsavedWhyID = "outbox.hand_unsaved_why"
	aHandID          = "outbox.a_hand"
	cardByCardID     = "outbox.card_by_card"
	removeID         = "outbox.remove"
	removeWhatID     = "outbox.remove_what"
	thisOneID        = "outbox.this_one"
	pageLiveOffID    = "offline.page_live_off"
	screenLiveOffID  = "offline.screen_live_off"
	pickerWildID     = "offline.picker_wild"
	pickerBackID     = "offline.picker_back"
	pickerTypeID     = "offline.picker_type"
	pickerShowID     = "offline.picker_show"
	pickerCardsID    = "offline.picker_cards"
	pickerNextID     = "offline.picker_next"
	pickerScoreID    = "offline.picker_score"
	pickerDoneID     = "offline.picker_done"
	pickerCountID    = "offline.picker_count"
	pickerOfID       = "offline.picker_of"
	tapToRemoveID    = "offline.tap_to_remove"
	refereeCheckedID = "offline.referee_checked"
	refereeNoneID    = "offline.referee_none"
	refereeFailedID  = "offline.referee_failed"
	linkCopiedID     = "share.link_copied"
	linkSelectedID   = "share.link_selected"
)

var scriptWordIDs = []string{
	unsavedID, sentSoonID, unreachableID, waitingID, itemUnsavedID, seeWhyID,
	handSavedID, correctionID, handUnsavedID, handUnsavedWhyID, aHandID,
	cardByCardID, removeID, removeWhatID, thisOneID,
	pageLiveOffID, screenLiveOffID,
	pickerWildID, pickerBackID, pickerTypeID, pickerShowID, pickerCardsID,
	pickerNextID, pickerScoreID, pickerDoneID, pickerCountID, pickerOfID,
	tapToRemoveID, linkCopiedID, linkSelectedID,
	refereeCheckedID, refereeNoneID, refereeFailedID,
}

// ScriptWords writes the block of the scripts' words in the language of
// the request behind ctx: <script type="application/json"
// id="meldpad-words">, each id's text by plural form ({"other": "..."}),
// which the scripts read with JSON.parse and Intl.PluralRules.
func ScriptWords() templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		_, err := io.WriteString(w, scriptWordsBlock(locale.From(ctx)))
		return err
	})
}

// scriptWordsBlock is ScriptWords' markup for one language: about two
// kilobytes, the same on every page of that language.
func scriptWordsBlock(l *locale.Localizer) string {
	words := make(map[string]map[string]string, len(scriptWordIDs))
	for _, id := range scriptWordIDs {
		words[id] = l.Forms(id)
	}
	b, err := json.Marshal(words)
	if err != nil {
		return "" // maps of strings always marshal; the scripts then say ids
	}
	// json.Marshal escapes <, > and & already, so no text can close the
	// script element. Its spaces, all inside strings (Marshal writes none
	// between tokens), are written \u0020, so that a search of the
	// page's HTML for a sentence finds what the page says, never the
	// words a script may say later.
	return `<script type="application/json" id="meldpad-words">` + strings.ReplaceAll(string(b), " ", `\u0020`) + `</script>`
}

// localNumber writes a whole number as the language of the request
// behind ctx does: "1,234", "1.234".
func localNumber(ctx context.Context, n int) string {
	return locale.From(ctx).Number(n)
}

// importSummary says what an import added: "1 league, 3 games with 12
// hands, 4 new players and 1 event night."
func importSummary(ctx context.Context, vm ImportDoneVM) string {
	l := locale.From(ctx)
	parts := []msg.Msg{
		msg.New("import.leagues", msg.N("Count", len(vm.Leagues))),
		msg.New("import.games", msg.N("Count", vm.Games), msg.M("Hands", msg.New("import.hands", msg.N("Count", vm.Hands)))),
		msg.New("import.players", msg.N("Count", vm.Players)),
	}
	if vm.Events > 0 {
		parts = append(parts, msg.New("import.events", msg.N("Count", vm.Events)))
	}
	return l.T("import.summary", msg.List("Parts", parts))
}
