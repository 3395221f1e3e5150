package views

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"strings"
	"sync"

	"github.com/a-h/templ"

	"meldpad/locale"
	"meldpad/rules/msg"
)

// The words the pages' scripts say themselves (offline.js, meldpad.js,
// table.js, referee.js): a hand kept on the phone, the outbox, a copied link, a
// scorepad that stopped updating. Every page links them, in its own
// language, as one small file per language (ScriptWords), which the
// service worker keeps, so that a page it keeps says them in its
// language with no network at all.
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

// ScriptWords links the scripts' words in the language of the request
// behind ctx (ScriptWordsURL): a small file a phone fetches once per
// language and version and then keeps, instead of two kilobytes in
// every page it loads. It comes before the page's other scripts, which
// run in order after it (defer) and read self.meldpadWords.
func ScriptWords() templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		_, err := io.WriteString(w, `<script src="`+ScriptWordsURL(locale.From(ctx).Tag())+`" defer></script>`)
		return err
	})
}

// wordsFile is the scripts' words of one language as a script, and the
// hash of its bytes that versions its address.
type wordsFile struct {
	body    []byte
	version string
}

// scriptWordsFiles are every language's words files, made once: each
// id's text by plural form ({"other": "..."}), which the scripts read
// with Intl.PluralRules.
var scriptWordsFiles = sync.OnceValue(func() map[string]wordsFile {
	files := map[string]wordsFile{}
	for _, lang := range locale.Languages() {
		body := scriptWordsScript(locale.For(lang.Tag))
		sum := sha256.Sum256(body)
		files[lang.Tag] = wordsFile{body: body, version: hex.EncodeToString(sum[:4])}
	}
	return files
})

// scriptWordsScript is the words file of one language: one assignment
// of a JSON object. json.Marshal escapes <, >, & and the line
// separators, so the text is a valid script whatever the words say.
func scriptWordsScript(l *locale.Localizer) []byte {
	words := make(map[string]map[string]string, len(scriptWordIDs))
	for _, id := range scriptWordIDs {
		words[id] = l.Forms(id)
	}
	b, err := json.Marshal(words)
	if err != nil {
		b = []byte("{}") // maps of strings always marshal; the scripts then say ids
	}
	return append(append([]byte("self.meldpadWords="), b...), ";\n"...)
}

// ScriptWordsURL is the address of the words file of the language tag,
// under /static/ with its content hash like every static file, so that a
// phone keeps it for good and the service worker answers it offline.
func ScriptWordsURL(tag string) string {
	f, ok := scriptWordsFiles()[tag]
	if !ok {
		tag, f = "en", scriptWordsFiles()["en"]
	}
	return "/static/words/" + tag + ".js?v=" + f.version
}

// ScriptWordsURLs are the words files of every language, for the service
// worker to fetch when it installs: a phone whose table changes language
// offline still has the words.
func ScriptWordsURLs() []string {
	var out []string
	for _, lang := range locale.Languages() {
		out = append(out, ScriptWordsURL(lang.Tag))
	}
	return out
}

// ScriptWordsFile is the words file named name ("de.js"), if there is
// one.
func ScriptWordsFile(name string) ([]byte, bool) {
	tag, ok := strings.CutSuffix(name, ".js")
	if !ok {
		return nil, false
	}
	f, ok := scriptWordsFiles()[tag]
	return f.body, ok
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
