package views

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"meldpad/locale"
)

// TestScriptWords: a page links the scripts' words of its language, a
// file under /static/ with the hash of its bytes in its address, as JSON
// a script reads, with every plural form of the language; the page's
// HTML holds none of the words.
func TestScriptWords(t *testing.T) {
	urls := map[string]bool{}
	for _, tag := range []string{"en", "de", "fr"} {
		l := locale.For(tag)
		var b bytes.Buffer
		if err := ScriptWords().Render(locale.NewContext(context.Background(), l), &b); err != nil {
			t.Fatal(err)
		}
		url := ScriptWordsURL(tag)
		if want := `<script src="` + url + `" defer></script>`; b.String() != want {
			t.Fatalf("%s: the page says %q, want %q", tag, b.String(), want)
		}
		if !strings.HasPrefix(url, "/static/words/"+tag+".js?v=") || urls[url] {
			t.Errorf("%s: the words file is at %q", tag, url)
		}
		urls[url] = true
		file, ok := ScriptWordsFile(tag + ".js")
		body, ok1 := strings.CutPrefix(string(file), "self.meldpadWords=")
		body, ok2 := strings.CutSuffix(body, ";\n")
		if !ok || !ok1 || !ok2 {
			t.Fatalf("%s: not a words file: %.80s", tag, file)
		}
		if strings.Contains(body, "<") {
			t.Errorf("%s: the file holds a <: %.200s", tag, body)
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

// TestScriptsSayTheirWords: every id of the pages' catalogs a script
// names is in the block of the scripts' words (scriptWordIDs), every id
// of the block is named by some script, and a script's say(id, {...})
// gives the arguments the English text names, and no other (Count
// aside, which chooses a plural form).
func TestScriptsSayTheirWords(t *testing.T) {
	pageIDs, err := locale.English().PageTexts()
	if err != nil {
		t.Fatal(err)
	}
	scripts, err := filepath.Glob("../static/*.js")
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no scripts (%v)", err)
	}
	literal := regexp.MustCompile(`"([a-z]+\.[a-z_.]+)"`)
	sayCall := regexp.MustCompile(`say\("([a-z_.]+)",\s*\{([^}]*)\}`)
	key := regexp.MustCompile(`(\w+)\s*:`)
	placeholder := regexp.MustCompile(`\{\{\.(\w+)\}\}`)
	named := map[string]bool{}
	for _, script := range scripts {
		if strings.HasSuffix(script, ".min.js") || strings.HasSuffix(script, "wasm_exec.js") {
			continue // not ours
		}
		src, err := os.ReadFile(script)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range literal.FindAllStringSubmatch(string(src), -1) {
			if _, ok := pageIDs[m[1]]; !ok {
				continue
			}
			named[m[1]] = true
			if !slices.Contains(scriptWordIDs, m[1]) {
				t.Errorf("%s says %s, which the pages do not give their scripts", script, m[1])
			}
		}
		for _, m := range sayCall.FindAllStringSubmatch(string(src), -1) {
			forms := locale.English().Forms(m[1])
			var want []string
			for _, text := range forms {
				for _, p := range placeholder.FindAllStringSubmatch(text, -1) {
					if !slices.Contains(want, p[1]) {
						want = append(want, p[1])
					}
				}
			}
			var given []string
			for _, k := range key.FindAllStringSubmatch(m[2], -1) {
				given = append(given, k[1])
			}
			for _, w := range want {
				if !slices.Contains(given, w) {
					t.Errorf("%s says %s without {{.%s}} (gives %v)", script, m[1], w, given)
				}
			}
			for _, g := range given {
				if !slices.Contains(want, g) && !(g == "Count" && len(forms) > 1) {
					t.Errorf("%s gives %s an argument %s its text never names", script, m[1], g)
				}
			}
		}
	}
	for _, id := range scriptWordIDs {
		if !named[id] {
			t.Errorf("the pages give their scripts %s, which no script says", id)
		}
	}
}
