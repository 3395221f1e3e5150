package game

import (
	"testing"

	"meldpad/rules/msg"
)

// TestRuleTexts: each id gives a rule of that id, in the order given,
// whose title and text are the game's catalog entries for it.
func TestRuleTexts(t *testing.T) {
	got := RuleTexts("fan", "N2", "N10")
	want := []RuleText{
		{ID: "N2", Title: msg.New("fan.rule.N2.title"), Text: msg.New("fan.rule.N2.text")},
		{ID: "N10", Title: msg.New("fan.rule.N10.title"), Text: msg.New("fan.rule.N10.text")},
	}
	if len(got) != len(want) {
		t.Fatalf("RuleTexts gave %d rules, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i].ID != want[i].ID || got[i].Title.ID != want[i].Title.ID || got[i].Text.ID != want[i].Text.ID ||
			len(got[i].Title.Args)+len(got[i].Text.Args) != 0 {
			t.Errorf("rule %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}
