//go:build !js

package locale

import (
	"slices"
	"testing"
)

// TestPageTexts: the pages' words are there by id, each text in its
// pieces around its arguments, and none of the referee's own catalog.
func TestPageTexts(t *testing.T) {
	en, err := English().PageTexts()
	if err != nil {
		t.Fatal(err)
	}
	de, err := For("de").PageTexts()
	if err != nil {
		t.Fatal(err)
	}
	if got := en["layout.footer"]; !slices.Equal(got, []string{"meldpad keeps score and knows the rules."}) {
		t.Errorf("layout.footer in English: %q", got)
	}
	if got := en["scorepad.record_n.deal"]; !slices.Equal(got, []string{"Record deal "}) {
		t.Errorf("scorepad.record_n.deal in English: %q", got)
	}
	if got := de["scorepad.played.trick"]; !slices.Contains(got, " Stich gespielt") || !slices.Contains(got, " Stiche gespielt") {
		t.Errorf("scorepad.played.trick in German, both forms: %q", got)
	}
	if _, ok := en["list.two"]; ok {
		t.Error("the referee's catalog's list.two is among the pages' words")
	}
	if len(en) != len(de) {
		t.Errorf("%d English ids, %d German", len(en), len(de))
	}
}

// TestScore: a score is grouped from five digits on, in the language's
// way, and never below.
func TestScore(t *testing.T) {
	for _, tc := range []struct {
		tag  string
		n    int
		want string
	}{
		{"en", 999, "999"}, {"en", 1000, "1000"}, {"de", -9999, "-9999"},
		{"en", 10000, "10,000"}, {"de", 12345, "12.345"}, {"fr", -10000, "-10\u202f000"}, {"es", 10000, "10.000"},
	} {
		if got := For(tc.tag).Score(tc.n); got != tc.want {
			t.Errorf("%s: Score(%d) = %q, want %q", tc.tag, tc.n, got, tc.want)
		}
	}
}
