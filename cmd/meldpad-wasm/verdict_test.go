package main

import (
	"context"
	"html"
	"net/url"
	"strings"
	"testing"

	"meldpad/locale"
	"meldpad/rules"
	"meldpad/rules/blackheart"
	"meldpad/rules/cards"
	"meldpad/rules/flathead"
	"meldpad/rules/fortune"
	"meldpad/rules/game"
	"meldpad/rules/msg"
	"meldpad/rules/trophy"
	"meldpad/views/offline"
)

// TestPhoneVerdictsInThePagesLanguage: the phone's referee (what judge
// answers from the page's description, its form and its language) says
// every card game's verdict in the page's language, German here, as the
// server's preview would: a meld's reason (Flathead F1, Fortune R1, Black
// Heart B1), a trick's (Trophy Case T1-T7) and a deal's refusal (Fan N4,
// Gin G2). A standard card's chip shows the German letters (D for the
// queen).
func TestPhoneVerdictsInThePagesLanguage(t *testing.T) {
	de := locale.For("de")
	fanucci, double, bh := cards.Fanucci(), cards.DoubleStandard(), cards.BlackHeart()
	two := []string{"Ann", "Bob"}
	four := []string{"Ann", "Bob", "Cy", "Di"}
	tests := []struct {
		game  string
		names []string
		form  url.Values
		want  msg.Msg // the verdict the page must show, in German
	}{
		{"flathead", two, url.Values{"meld_0_0": {"3 Bugs, 5 Lamps, 9 Zurfs"}},
			msg.Capital(flathead.Check(list(t, fanucci, "3 Bugs, 5 Lamps, 9 Zurfs")).Reason)},
		{"fortune", two, url.Values{"meld_0_0": {"KS QH 2D"}},
			msg.Capital(fortune.Check(plays(t, double, "KS QH 2D"), fortune.HouseRules{}).Reason)},
		{"blackheart", two, url.Values{"meld_0_0": {"3C 9H KS"}},
			msg.New("blackheart.not_a_set", msg.M("Why", blackheart.Check(plays(t, bh, "3C 9H KS")).Reason))},
		{"trophy", four, url.Values{"leader": {"0"}, "play_0_seat": {"0"}, "play_0_card": {"3 Lamps"}, "play_1_seat": {"1"}, "play_1_card": {"Grue"}},
			trickReason(t, fanucci)},
		{"fan", two, url.Values{"knock_card": {"7S"}, "knocker": {"0"},
			"hand_0": {"AS 2S 3S 4H 4D 4C 7C 8C 9C KC"}, "hand_1": {"KS KH 5D 6D 2H 9H JD QC 3D 8S"}},
			msg.Sentence(msg.New("fan.over_knock_value", msg.N("Deadwood", 10), msg.N("KnockValue", 7), msg.S("Rule", "N4")))},
		{"gin", two, url.Values{"knocker": {"0"},
			"hand_0": {"AS 2S 3S 4H 4D 4C 7C 8C QD KC"}, "hand_1": {"KS KH 5D 6D 2H 9H JD QC 3D 8S"}},
			msg.Sentence(msg.New("fan.over_knock_value", msg.N("Deadwood", 35), msg.N("KnockValue", 10), msg.S("Rule", "G2")))},
	}
	for _, tc := range tests {
		t.Run(tc.game, func(t *testing.T) {
			g, ok := rules.Lookup(tc.game)
			if !ok {
				t.Fatalf("no game %s", tc.game)
			}
			table := game.Table{Names: tc.names, Tally: game.NewTally(len(tc.names))}
			ctx := locale.NewContext(context.Background(), locale.For("de"))
			got, err := offline.Judge(ctx, offline.Encode(g.ID, table, offline.Words{Remove: de.T("sheet.tap_to_remove"), Score: de.T("sheet.score")}), tc.form)
			if err != nil {
				t.Fatal(err)
			}
			got = html.UnescapeString(got)
			want, english := de.Say(tc.want), locale.English().Say(tc.want)
			if tc.game == "trophy" {
				// The sheet names the player where the referee says the
				// seat, in every language.
				want, english = strings.ReplaceAll(want, "Platz 1", "Bob"), strings.ReplaceAll(english, "seat 1", "Bob")
			}
			if want == "" || strings.Contains(want, "{{") || !strings.Contains(got, want) {
				t.Errorf("the phone's answer lacks the German verdict %q:\n%s", want, got)
			}
			if english == want || strings.Contains(got, english) {
				t.Errorf("the verdict reads in English: %q", english)
			}
			if tc.game == "fortune" && (!strings.Contains(got, ">D♥ <") || strings.Contains(got, ">Q♥ <")) {
				t.Errorf("the chip of the queen of hearts does not read D♥, the German queen:\n%s", got)
			}
		})
	}
}

// trickReason is what the trick of the test says: seat 1 trumps seat 0's
// lead (T5), in the sheet's words for it.
func trickReason(t *testing.T, deck *cards.Deck) msg.Msg {
	t.Helper()
	res, err := trophy.Score(trophy.Trick{Players: 4, Leader: 0, Plays: []trophy.Play{
		{Seat: 0, Card: list(t, deck, "3 Lamps")[0]}, {Seat: 1, Card: list(t, deck, "Grue")[0]}}})
	if err != nil {
		t.Fatal(err)
	}
	return res.Reason
}

func list(t *testing.T, deck *cards.Deck, s string) []cards.Card {
	t.Helper()
	ps, err := deck.ParseText(s)
	if err != nil {
		t.Fatal(err)
	}
	cs := make([]cards.Card, len(ps))
	for i, p := range ps {
		cs[i] = p.Card
	}
	return cs
}

func plays(t *testing.T, deck *cards.Deck, s string) []cards.Play {
	t.Helper()
	ps, err := deck.ParsePlays(strings.Fields(s))
	if err != nil {
		t.Fatal(err)
	}
	return ps
}
