package views

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"meldpad/locale"
)

// TestScriptWords: the scripts' words come in the page's language, as
// JSON a script reads, with every plural form of the language, and the
// block holds no sentence a search of the page's HTML could find.
func TestScriptWords(t *testing.T) {
	for _, tag := range []string{"en", "de", "fr"} {
		l := locale.For(tag)
		var b bytes.Buffer
		if err := ScriptWords().Render(locale.NewContext(context.Background(), l), &b); err != nil {
			t.Fatal(err)
		}
		body, ok := strings.CutPrefix(b.String(), `<script type="application/json" id="meldpad-words">`)
		body, ok2 := strings.CutSuffix(body, `</script>`)
		if !ok || !ok2 {
			t.Fatalf("%s: not a JSON script block: %.80s", tag, b.String())
		}
		if strings.Contains(body, " ") || strings.Contains(body, "<") {
			t.Errorf("%s: the block holds a space or a <: %.200s", tag, body)
		}
		var words map[string]map[string]string
		if err := json.Unmarshal([]byte(body), &words); err != nil {
			t.Fatalf("%s: %v", tag, err)
		}
		for _, id := range scriptWordIDs {
			if got, want := words[id]["other"], l.Forms(id)["other"]; got != want || got == "" {
				t.Errorf("%s: %s reads %q, want %q", tag, id, got, want)
			}
		}
		if got, want := words["outbox.unsaved"]["other"], l.T("outbox.unsaved"); got != want {
			t.Errorf("%s: outbox.unsaved %q, want %q", tag, got, want)
		}
		waiting := words["outbox.waiting"]
		if _, ok := waiting["one"]; !ok {
			t.Errorf("%s: outbox.waiting has no form for one: %v", tag, waiting)
		}
		if tag == "fr" {
			if _, ok := waiting["many"]; !ok {
				t.Errorf("fr: outbox.waiting has no form for many: %v", waiting)
			}
		}
	}
}
