package gin

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"meldpad/locale"
	"meldpad/rules/cards"
)

func TestOutcomeString(t *testing.T) {
	for o, want := range map[Outcome]string{Knock: "knock", Undercut: "undercut", Gin: "gin", BigGin: "big_gin", Draw: "draw", Outcome(9): ""} {
		if got := o.String(); got != want {
			t.Errorf("Outcome(%d).String() = %q, want %q", o, got, want)
		}
	}
}

// scoreCase is one deal worked out by hand. Hands are written knocker
// first; seat says which seat the knocker sits in.
type scoreCase struct {
	name         string
	house        HouseRules
	upCard       string
	seat         int
	knocker      string
	defender     string
	knockerMelds string // "|"-separated; "" for not recorded

	outcome    Outcome
	deadwood   [2]int // knocker, defender
	points     [2]int // knocker, defender
	knockValue int
	doubled    bool
	layoffs    string // "4H>1 8H>1": card>meld index, when the case checks them
	reason     string // the whole reason, when the case checks it
	rules      []string
}

func (tc scoreCase) deal(t *testing.T) Deal {
	d := Deal{Knocker: tc.seat}
	d.Hands[tc.seat], d.Hands[1-tc.seat] = list(t, tc.knocker), list(t, tc.defender)
	if tc.upCard != "" {
		d.UpCard = card(t, tc.upCard)
	}
	if tc.knockerMelds != "" {
		d.KnockerMelds = melds(t, tc.knockerMelds)
	}
	return d
}

func runScoreCases(t *testing.T, tests []scoreCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Score(tc.deal(t), tc.house)
			if err != nil {
				t.Fatalf("Score: %v", err)
			}
			k, def := tc.seat, 1-tc.seat
			if r.Outcome != tc.outcome || r.Knocker != k || [2]int{r.Deadwood[k], r.Deadwood[def]} != tc.deadwood ||
				[2]int{r.Points[k], r.Points[def]} != tc.points || r.KnockValue != tc.knockValue || r.Doubled != tc.doubled {
				t.Errorf("Score = %v, knocker %d, deadwood %v, points %v, knock value %d, doubled %v; want %v, %d, %v, %v (knocker first), %d, %v\n%s",
					r.Outcome, r.Knocker, r.Deadwood, r.Points, r.KnockValue, r.Doubled, tc.outcome, k, tc.deadwood, tc.points, tc.knockValue, tc.doubled, english.Say(r.Reason))
			}
			var laid []string
			for _, l := range r.Layoffs {
				laid = append(laid, l.Card.String()+">"+string(rune('0'+l.Meld)))
			}
			if got := strings.Join(laid, " "); got != tc.layoffs {
				t.Errorf("lay-offs = %q, want %q", got, tc.layoffs)
			}
			if tc.reason != "" && english.Say(r.Reason) != tc.reason {
				t.Errorf("reason = %q\nwant     %q", english.Say(r.Reason), tc.reason)
			}
			if tc.rules != nil && !slices.Equal(r.Rules, tc.rules) {
				t.Errorf("rules = %v, want %v", r.Rules, tc.rules)
			}
		})
	}
}

// The API's gin hand: A-2-3S, 4H 4D 4C, 7-10C, against a defender with no
// meld and 73 deadwood.
const (
	apiGinKnocker = "AS 2S 3S 4H 4D 4C 7C 8C 9C 10C"
	apiDefender   = "KS KH 5D 6D 2H 9H JD QC 3D 8S"
)

// The knocker lays A-2-3S, 4H 4D 4C and 9-10-JC and keeps one card; the
// defender (73, no meld) has nothing to lay off.
const (
	knockerMelded = "AS 2S 3S 4H 4D 4C 9C 10C JC"
	noMeldDefend  = "KH QD 2C 5H 9D 3H JD 6H 8H 10S"
)

// A tie at 5: the defender melds 7s, queens and jacks and keeps 5C.
const (
	tieKnocker  = "AS 2S 3S 4H 4D 4C 9C 10C JC 5D"
	tieDefender = "7S 7H 7D QH QD QC JS JH JD 5C"
)

func TestScoreG1KnockValue(t *testing.T) {
	oklahoma := HouseRules{Oklahoma: true}
	runScoreCases(t, []scoreCase{
		{name: "the knock value is 10", knocker: knockerMelded + " 10D", defender: noMeldDefend,
			outcome: Knock, deadwood: [2]int{10, 73}, points: [2]int{63, 0}, knockValue: 10},
		{name: "a spade changes nothing without Oklahoma", upCard: "7S", knocker: knockerMelded + " 7D", defender: noMeldDefend,
			outcome: Knock, deadwood: [2]int{7, 73}, points: [2]int{66, 0}, knockValue: 10},
		{name: "Oklahoma: the up-card's value is the knock value", house: oklahoma, upCard: "7H",
			knocker: knockerMelded + " 7D", defender: noMeldDefend,
			outcome: Knock, deadwood: [2]int{7, 73}, points: [2]int{66, 0}, knockValue: 7},
		{name: "Oklahoma: a court up-card is worth 10", house: oklahoma, upCard: "QD",
			knocker: knockerMelded + " 10D", defender: noMeldDefend,
			outcome: Knock, deadwood: [2]int{10, 73}, points: [2]int{63, 0}, knockValue: 10},
		{name: "Oklahoma: a spade up-card doubles the deal", house: oklahoma, upCard: "7S",
			knocker: knockerMelded + " 7D", defender: noMeldDefend,
			outcome: Knock, deadwood: [2]int{7, 73}, points: [2]int{132, 0}, knockValue: 7, doubled: true,
			reason: "knock with 7 deadwood against the defender's 73, so the knocker scores 73 - 7 = 66, doubled to 132 by the spade up-card (G3, G1)",
			rules:  []string{"G3", "G1"}},
		{name: "Oklahoma: a spade up-card doubles an undercut", house: oklahoma, upCard: "9S",
			knocker: "AS 2S 3S 4H 4D 4C 9C 10C JC 7D", defender: "7S 7H 7C QH QD QC JS JH JD 3D",
			outcome: Undercut, deadwood: [2]int{7, 3}, points: [2]int{0, 58}, knockValue: 9, doubled: true},
		{name: "Oklahoma: an ace up-card allows gin", house: oklahoma, upCard: "AH",
			knocker: apiGinKnocker, defender: apiDefender,
			outcome: Gin, deadwood: [2]int{0, 73}, points: [2]int{98, 0}, knockValue: 0},
		{name: "Oklahoma: the ace of spades doubles gin", house: oklahoma, upCard: "AS",
			knocker: apiGinKnocker, defender: apiDefender,
			outcome: Gin, deadwood: [2]int{0, 73}, points: [2]int{196, 0}, knockValue: 0, doubled: true},
		{name: "Oklahoma: the up-card may be in a hand", house: oklahoma, upCard: "10C", seat: 1,
			knocker: apiGinKnocker, defender: apiDefender,
			outcome: Gin, deadwood: [2]int{0, 73}, points: [2]int{98, 0}, knockValue: 10},
	})
}

func TestScoreG1G2Illegal(t *testing.T) {
	oklahoma := HouseRules{Oklahoma: true}
	tests := []struct {
		scoreCase
		rule, msg string
	}{
		{scoreCase{name: "11 deadwood is over the knock value", knocker: "4S 4H 4D 4C 7C 8C 9C 10C 5D 6S", defender: noMeldDefend},
			"G2", "gin: knock with 11 deadwood over knock value 10 (G2)"},
		{scoreCase{name: "Oklahoma: 8 deadwood over a 7 up-card", house: oklahoma, upCard: "7C", knocker: knockerMelded + " 8D", defender: noMeldDefend},
			"G2", "gin: knock with 8 deadwood over knock value 7 (G2)"},
		{scoreCase{name: "Oklahoma: an ace up-card refuses a knock with 1", house: oklahoma, upCard: "AD", knocker: knockerMelded + " AC", defender: noMeldDefend},
			"G2", "gin: only Gin ends this deal (knock value 0), but 1 deadwood is left (G2)"},
		{scoreCase{name: "11 cards not all melded", knocker: apiGinKnocker + " JH", defender: apiDefender},
			"G2", "gin: 11 cards end the deal only as Big Gin, all melded, but 10 deadwood is left (G2)"},
		{scoreCase{name: "recorded melds over the knock value", knocker: "4S 5S 6S 6H 6D 6C 9C 10C JC JD",
			defender: "3S 7S 8S KH QD 2C 5H 9H 3H 8D", knockerMelds: "6S 6H 6D 6C|9C 10C JC"},
			"G2", "gin: knock with 19 deadwood over knock value 10 (G2)"},
		{scoreCase{name: "a recorded meld from outside the hand", knocker: knockerMelded + " 7D", defender: noMeldDefend,
			knockerMelds: "AS 2S 3S|4S 4D 4C"},
			"G2", "gin: the knocker's meld 2 holds 4S, which is not in the knocker's hand (G2)"},
		{scoreCase{name: "a recorded meld that is not a meld: Q-K-A", knocker: "QS KS AS 4H 4D 4C 9C 10C JC 2D", defender: noMeldDefend,
			knockerMelds: "QS KS AS|4H 4D 4C|9C 10C JC"},
			"N2", "gin: the knocker's meld 1 is not a meld: the ace is low only, so Q-K-A is not a run (N2)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Score(tc.deal(t), tc.house)
			if rule := ruleOf(err); rule != tc.rule || err == nil || locale.English().Error(err) != tc.msg {
				t.Errorf("Score error = %v (rule %q), want %q (%s)", err, rule, tc.msg, tc.rule)
			}
		})
	}
}

func TestScoreG2Endings(t *testing.T) {
	runScoreCases(t, []scoreCase{
		{name: "gin: all 10 melded", knocker: apiGinKnocker, defender: apiDefender,
			outcome: Gin, deadwood: [2]int{0, 73}, points: [2]int{98, 0}, knockValue: 10,
			reason: "Gin: all 10 cards melded, so the knocker scores 25 + 73 = 98 (G2, G3)", rules: []string{"G2", "G3"}},
		// The defender's QC would go on 7-JC after a knock, but not after
		// Big Gin (N5).
		{name: "big gin: all 11 melded, no lay-off", knocker: apiGinKnocker + " JC", defender: apiDefender, seat: 1,
			outcome: BigGin, deadwood: [2]int{0, 73}, points: [2]int{104, 0}, knockValue: 10,
			reason: "Big Gin: all 11 cards melded, so the knocker scores 31 + 73 = 104 (G2, G3)"},
		// The defender's 8H would fit 5-6-7H, but there are no lay-offs
		// after Gin (N5).
		{name: "no lay-offs after gin", knocker: "5H 6H 7H KS KH KD 2C 3C 4C 5C", defender: "4H 8H 9H QS JD 9S 6D 2S 10D 7S",
			outcome: Gin, deadwood: [2]int{0, 75}, points: [2]int{100, 0}, knockValue: 10},
		{name: "recorded melds that meld all 10 are gin", knocker: apiGinKnocker, defender: apiDefender,
			knockerMelds: "7C 8C 9C 10C|AS 2S 3S|4C 4D 4H",
			outcome:      Gin, deadwood: [2]int{0, 73}, points: [2]int{98, 0}, knockValue: 10},
	})
	t.Run("a draw is recorded and scores nothing", func(t *testing.T) {
		// The hands of a draw are not read: these are not even legal.
		r, err := Score(Deal{Draw: true, Knocker: 5, Hands: [2][]cards.Card{list(t, "AS")}}, HouseRules{Oklahoma: true})
		if err != nil {
			t.Fatal(err)
		}
		if r.Outcome != Draw || r.Outcome.String() != "draw" || r.Knocker != -1 || r.Points != [2]int{} || len(r.Layoffs) != 0 ||
			english.Say(r.Reason) != "draw: the stock ran down to its last two cards with nobody knocking, so nobody scores (G2)" ||
			!slices.Equal(r.Rules, []string{"G2"}) {
			t.Errorf("draw = %+v", r)
		}
	})
}

func TestScoreG3(t *testing.T) {
	lessOnly := HouseRules{UndercutOnlyWhenLess: true}
	runScoreCases(t, []scoreCase{
		{name: "knock: the defender's deadwood minus the knocker's", knocker: knockerMelded + " 7D", defender: noMeldDefend,
			outcome: Knock, deadwood: [2]int{7, 73}, points: [2]int{66, 0}, knockValue: 10,
			reason: "knock with 7 deadwood against the defender's 73, so the knocker scores 73 - 7 = 66 (G3)", rules: []string{"G3"}},
		{name: "a tie is an undercut", knocker: tieKnocker, defender: tieDefender,
			outcome: Undercut, deadwood: [2]int{5, 5}, points: [2]int{0, 25}, knockValue: 10,
			reason: "undercut: the defender's 5 deadwood ties the knocker's 5, and a tie is an undercut, so the defender scores 25 (G3)"},
		{name: "a tie is an undercut, seat 1 knocks", knocker: tieKnocker, defender: tieDefender, seat: 1,
			outcome: Undercut, deadwood: [2]int{5, 5}, points: [2]int{0, 25}, knockValue: 10},
		{name: "undercut only when less: a tie scores nothing", house: lessOnly, knocker: tieKnocker, defender: tieDefender,
			outcome: Knock, deadwood: [2]int{5, 5}, points: [2]int{0, 0}, knockValue: 10,
			reason: "knock with 5 deadwood against the defender's 5: a tie, and under the house rule \"undercut only when less\" it scores nothing (G3)"},
		{name: "undercut: 25 plus the difference", knocker: "AS 2S 3S 4H 4D 4C 9C 10C JC 7D", defender: "7S 7H 7C QH QD QC JS JH JD 3D",
			outcome: Undercut, deadwood: [2]int{7, 3}, points: [2]int{0, 29}, knockValue: 10,
			reason: "undercut: the defender's 3 deadwood is less than the knocker's 7, so the defender scores 25 + 4 = 29 (G3)"},
		{name: "undercut only when less changes nothing without a tie", house: lessOnly,
			knocker: "AS 2S 3S 4H 4D 4C 9C 10C JC 7D", defender: "7S 7H 7C QH QD QC JS JH JD 3D",
			outcome: Undercut, deadwood: [2]int{7, 3}, points: [2]int{0, 29}, knockValue: 10},
		// 4H goes below 5-6-7H, 8H and 9H above it: the defender keeps
		// QS JD 9S 6D 3S 10D 7S = 55.
		{name: "lay-offs after a knock", knocker: "5H 6H 7H KS KH KD 2C 3C 4C AD", defender: "4H 8H 9H QS JD 9S 6D 3S 10D 7S",
			outcome: Knock, deadwood: [2]int{1, 55}, points: [2]int{54, 0}, knockValue: 10, layoffs: "4H>1 8H>1 9H>1",
			reason: "knock with 1 deadwood against the defender's 55 after lay-offs, so the knocker scores 55 - 1 = 54 (N5, G3)",
			rules:  []string{"N5", "G3"}},
		// Laying 4-5-6S, 6H 6D 6C, 9-10-JC leaves 1 but lets the defender
		// lay off 3S 7S 8S; the four 6s and 9-10-JC keep 10, within the
		// knock value, and block them (N5).
		{name: "the knocker's best melds block lay-offs", knocker: "4S 5S 6S 6H 6D 6C 9C 10C JC AD", defender: "3S 7S 8S KH QD 2C 5H 9D 3H JD",
			outcome: Knock, deadwood: [2]int{10, 67}, points: [2]int{57, 0}, knockValue: 10},
		{name: "the run laid down as recorded takes the lay-offs", knocker: "4S 5S 6S 6H 6D 6C 9C 10C JC AD", defender: "3S 7S 8S KH QD 2C 5H 9D 3H JD",
			knockerMelds: "4S 5S 6S|6H 6D 6C|9C 10C JC",
			outcome:      Knock, deadwood: [2]int{1, 49}, points: [2]int{48, 0}, knockValue: 10, layoffs: "3S>0 7S>0 8S>0"},
		{name: "gin: 25 plus the defender's deadwood", knocker: apiGinKnocker, defender: apiDefender,
			outcome: Gin, deadwood: [2]int{0, 73}, points: [2]int{98, 0}, knockValue: 10},
		{name: "big gin: 31 plus the defender's deadwood", knocker: apiGinKnocker + " JC", defender: apiDefender,
			outcome: BigGin, deadwood: [2]int{0, 73}, points: [2]int{104, 0}, knockValue: 10},
	})
}

func TestScoreMalformed(t *testing.T) {
	good := func() Deal {
		return Deal{UpCard: card(t, "7H"), Hands: [2][]cards.Card{list(t, knockerMelded+" 7D"), list(t, noMeldDefend)}}
	}
	oklahoma := HouseRules{Oklahoma: true}
	tests := []struct {
		name  string
		house HouseRules
		spoil func(*Deal)
		field string
	}{
		{"knocker seat 2", HouseRules{}, func(d *Deal) { d.Knocker = 2 }, "knocker"},
		{"Oklahoma without an up-card", oklahoma, func(d *Deal) { d.UpCard = cards.Card{} }, "up_card"},
		{"Oklahoma with a Fanucci up-card", oklahoma, func(d *Deal) { d.UpCard = cards.Card{Rank: 3, Suit: cards.Tops} }, "up_card"},
		{"Oklahoma with a trump up-card", oklahoma, func(d *Deal) { d.UpCard = cards.NewTrump(cards.Grue) }, "up_card"},
		{"knocker holds 9", HouseRules{}, func(d *Deal) { d.Hands[0] = d.Hands[0][:9] }, "hands[0]"},
		{"defender holds 11", HouseRules{}, func(d *Deal) { d.Hands[1] = append(d.Hands[1], card(t, "KS")) }, "hands[1]"},
		{"a card in both hands", HouseRules{}, func(d *Deal) { d.Hands[1][0] = d.Hands[0][0] }, "hands[1][0]"},
		{"a trump in a hand", HouseRules{}, func(d *Deal) { d.Hands[1][4] = cards.NewTrump(cards.Grue) }, "hands[1][4]"},
		{"a Fanucci card in a recorded meld", HouseRules{}, func(d *Deal) {
			d.KnockerMelds = [][]cards.Card{{card(t, "AS"), card(t, "2S"), {Rank: 3, Suit: cards.Tops}}}
		}, "knocker_melds[0][2]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := good()
			tc.spoil(&d)
			_, err := Score(d, tc.house)
			var de *DealError
			if !errors.As(err, &de) || de.Field != tc.field || !strings.HasPrefix(english.Say(de.Msg), "gin: ") {
				t.Errorf("Score error = %#v, want a *DealError for %s", err, tc.field)
			}
		})
	}
	t.Run("no up-card is needed without Oklahoma", func(t *testing.T) {
		d := good()
		d.UpCard = cards.Card{}
		if _, err := Score(d, HouseRules{}); err != nil {
			t.Errorf("Score: %v", err)
		}
	})
}
