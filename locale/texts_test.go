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
