package gin

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"meldpad/rules/game/gametest"
)

// TestRefereeDeal: the referee page's whole deal, with the house rules
// that change a deal as its inputs (G1, G3).
func TestRefereeDeal(t *testing.T) {
	qs := Module{}.Questions()
	if len(qs) != 1 || qs[0].Key != "deal" {
		t.Fatalf("questions %+v", qs)
	}
	defaults := url.Values{}
	for _, in := range qs[0].Inputs {
		defaults.Set(in.Name, in.Value)
	}
	tests := []struct {
		name     string
		in       url.Values
		headline string // "" when the answer is feedback beside an input
		rules    []string
		input    string // the input with feedback
		feedback string
	}{
		{name: "gin", in: sheetForm("ender", "0", "hand1", ginHand, "hand2", ginDefender),
			headline: "Gin: player 1 scores 98", rules: []string{"G2", "G3"}},
		{name: "a tie is an undercut by default", in: sheetForm("ender", "1", "hand2", tieKnocker, "hand1", tieDefender),
			headline: "Undercut: player 1 scores 25", rules: []string{"G3"}},
		{name: "undercut only when less", in: sheetForm("ender", "1", "hand2", tieKnocker, "hand1", tieDefender, KeyUndercutOnTie, "no"),
			headline: "Knock: nobody scores", rules: []string{"G3"}},
		{name: "Oklahoma, a spade up-card", in: sheetForm("ender", "0", "hand1", layoffHand, "hand2", layoffOther, KeyOklahoma, "yes", "up", "2S"),
			headline: "Knock: player 1 scores 108", rules: []string{"N5", "G3", "G1"}},
		{name: "the up-card is read only under Oklahoma", in: sheetForm("ender", "0", "hand1", ginHand, "hand2", ginDefender, "up", "xx"),
			headline: "Gin: player 1 scores 98", rules: []string{"G2", "G3"}},
		{name: "knock over 10", in: sheetForm("ender", "0", "hand1", overTenHand, "hand2", overTenOther),
			headline: "Not allowed: this deal cannot end that way", rules: []string{"G2"}},
		{name: "Oklahoma needs the up-card", in: sheetForm("ender", "0", "hand1", ginHand, "hand2", ginDefender, KeyOklahoma, "yes"),
			input: "up", feedback: "first up-card sets the knock value"},
		{name: "two up-cards", in: sheetForm("ender", "0", "hand1", ginHand, "hand2", ginDefender, KeyOklahoma, "yes", "up", "2S 3S"),
			input: "up", feedback: "Enter one card"},
		{name: "a card in both hands", in: sheetForm("ender", "0", "hand1", ginHand, "hand2", "AS KH 5D 6D 2H 9H JD QC 3D 8S"),
			input: "hand2", feedback: "AS"},
		{name: "a short hand", in: sheetForm("ender", "0", "hand1", ginHand, "hand2", "KS"),
			input: "hand2", feedback: "the defender holds 1 cards, not 10"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := url.Values{}
			for k, v := range defaults {
				in[k] = v
			}
			for k, v := range tc.in {
				in[k] = v
			}
			ans, err := qs[0].Judge(gametest.English(), in)
			if err != nil {
				t.Fatal(err)
			}
			if tc.headline == "" {
				if ans.Ruling != nil || !strings.Contains(ans.Feedback[tc.input].Error, tc.feedback) {
					t.Fatalf("ruling %+v, feedback %+v; want %q beside %s", ans.Ruling, ans.Feedback, tc.feedback, tc.input)
				}
				return
			}
			if ans.Ruling == nil || ans.Ruling.Headline != tc.headline || !slices.Equal(ans.Ruling.Rules, tc.rules) {
				t.Fatalf("ruling %+v, feedback %+v; want %q citing %v", ans.Ruling, ans.Feedback, tc.headline, tc.rules)
			}
			for _, id := range ans.Ruling.Rules {
				if _, ok := (Module{}).Info().Rule(id); !ok {
					t.Errorf("the ruling cites %s, which gin does not state", id)
				}
			}
		})
	}
}
