package fan

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"meldpad/locale"
	"meldpad/rules/cards"
)

func TestOutcomeString(t *testing.T) {
	for o, want := range map[Outcome]string{Knock: "knock", Undercut: "undercut", Gin: "gin", BigGin: "big_gin", Outcome(9): ""} {
		if got := o.String(); got != want {
			t.Errorf("Outcome(%d).String() = %q, want %q", o, got, want)
		}
	}
}

// scoreCase is one deal worked out by hand. Hands are written knocker
// first; seat says which seat the knocker sits in.
type scoreCase struct {
	name          string
	knockCard     string
	seat          int
	knocker       string
	defender      string
	knockerMelds  string // "|"-separated; "" for not recorded
	undercutOnTie bool

	outcome  Outcome
	deadwood [2]int // knocker, defender
	points   [2]int // knocker, defender
	doubled  bool
	melds    string // the knocker's melds, when the case checks them
	layoffs  string // "4H>1 8H>1": card>meld index, when the case checks them
	reason   string // a part of the reason, when the case checks it
}

func (tc scoreCase) deal(t *testing.T) Deal {
	d := Deal{KnockCard: card(t, tc.knockCard), Knocker: tc.seat, UndercutOnTie: tc.undercutOnTie}
	d.Hands[tc.seat], d.Hands[1-tc.seat] = list(t, tc.knocker), list(t, tc.defender)
	if tc.knockerMelds != "" {
		d.KnockerMelds = melds(t, tc.knockerMelds)
	}
	return d
}

func runScoreCases(t *testing.T, tests []scoreCase) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := tc.deal(t)
			r, err := Score(d)
			if err != nil {
				t.Fatalf("Score: %v", err)
			}
			k, def := tc.seat, 1-tc.seat
			got := struct {
				outcome          Outcome
				deadwood, points [2]int
				doubled          bool
			}{r.Outcome, [2]int{r.Deadwood[k], r.Deadwood[def]}, [2]int{r.Points[k], r.Points[def]}, r.Doubled}
			if got.outcome != tc.outcome || got.deadwood != tc.deadwood || got.points != tc.points || got.doubled != tc.doubled {
				t.Errorf("Score = %v, deadwood %v, points %v, doubled %v (knocker first); want %v, %v, %v, %v\n%s",
					got.outcome, got.deadwood, got.points, got.doubled, tc.outcome, tc.deadwood, tc.points, tc.doubled, english.Say(r.Reason))
			}
			if tc.melds != "" && !slices.EqualFunc(r.Melds[k], melds(t, tc.melds), slices.Equal) {
				t.Errorf("knocker's melds = %v, want %s", r.Melds[k], tc.melds)
			}
			if tc.layoffs != "" || tc.outcome == Gin || tc.outcome == BigGin {
				var laid []string
				for _, l := range r.Layoffs {
					laid = append(laid, l.Card.String()+">"+string(rune('0'+l.Meld)))
				}
				if got := strings.Join(laid, " "); got != tc.layoffs {
					t.Errorf("lay-offs = %q, want %q", got, tc.layoffs)
				}
			}
			if !strings.Contains(english.Say(r.Reason), tc.reason) {
				t.Errorf("reason %q does not say %q", english.Say(r.Reason), tc.reason)
			}
			checkResult(t, d, r)
		})
	}
}

// The defender's hand of the API's gin example: no meld, 73 deadwood, and
// nothing to lay off on the gin hand below (A-2-3S, 4H 4D 4C, 7-10C).
const apiDefender = "KS KH 5D 6D 2H 9H JD QC 3D 8S"

func TestScoreN4(t *testing.T) {
	// Knocker: A-2-3S, 4H 4D 4C, 9-10-JC and one loose card. The defender
	// (73, no meld) has nothing that fits the knocker's melds.
	const defender = "KH QD 2C 5H 9D 3H JD 6H 8H 10S"
	runScoreCases(t, []scoreCase{
		{name: "seed: knock card 7 allows 7 deadwood", knockCard: "7H",
			knocker: "AS 2S 3S 4H 4D 4C 9C 10C JC 7D", defender: defender,
			outcome: Knock, deadwood: [2]int{7, 73}, points: [2]int{66, 0}, reason: "73 - 7 = 66 (N6)"},
		{name: "seat 1 knocks", knockCard: "7H", seat: 1,
			knocker: "AS 2S 3S 4H 4D 4C 9C 10C JC 7D", defender: defender,
			outcome: Knock, deadwood: [2]int{7, 73}, points: [2]int{66, 0}},
		{name: "API: gin", knockCard: "5H",
			knocker: "AS 2S 3S 4H 4D 4C 7C 8C 9C 10C", defender: apiDefender,
			outcome: Gin, deadwood: [2]int{0, 73}, points: [2]int{98, 0},
			melds: "AS 2S 3S|4H 4D 4C|7C 8C 9C 10C", reason: "Gin: all 10 cards melded, so the knocker scores 25 + 73 = 98 (N4, N6)"},
		{name: "recorded melds that meld all 10 are gin", knockCard: "5H",
			knocker: "AS 2S 3S 4H 4D 4C 7C 8C 9C 10C", defender: apiDefender, knockerMelds: "7C 8C 9C 10C|AS 2S 3S|4C 4D 4H",
			outcome: Gin, deadwood: [2]int{0, 73}, points: [2]int{98, 0}, melds: "7C 8C 9C 10C|AS 2S 3S|4C 4D 4H"},
		// The defender's QC would go on 7-JC after a knock, but not after
		// Big Gin (N5).
		{name: "big gin: 11 cards melded and no lay-off", knockCard: "5H",
			knocker: "AS 2S 3S 4H 4D 4C 7C 8C 9C 10C JC", defender: apiDefender,
			outcome: BigGin, deadwood: [2]int{0, 73}, points: [2]int{104, 0}, reason: "31 + 73 = 104 (N4, N6)"},
		// Recorded melds need not be the least deadwood: 4-5-6S would leave 1.
		{name: "recorded melds within the knock value", knockCard: "KD",
			knocker: "4S 5S 6S 6H 6D 6C 9C 10C JC AD", defender: "3S 7S 8S KH QD 2C 5H 9D 3H JD", knockerMelds: "6S 6H 6D 6C|9C 10C JC",
			outcome: Knock, deadwood: [2]int{10, 67}, points: [2]int{57, 0}},
	})
}

func TestScoreN4Illegal(t *testing.T) {
	tests := []struct {
		scoreCase
		rule, msg string
	}{
		{scoreCase{name: "seed: knock card 7 refuses 8 deadwood", knockCard: "7H",
			knocker: "AS 2S 3S 4H 4D 4C 9C 10C JC 8D", defender: "KH QD 2C 5H 9D 3H JD 6H 7D 10S"},
			"N4", "fan: knock with 8 deadwood over knock value 7 (N4)"},
		{scoreCase{name: "11 cards not all melded", knockCard: "KD",
			knocker: "AS 2S 3S 4H 4D 4C 7C 8C 9C 10C JH", defender: apiDefender},
			"N4", "fan: 11 cards end the deal only as Big Gin, all melded, but 10 deadwood is left (N4)"},
		{scoreCase{name: "recorded melds over the knock value", knockCard: "9D",
			knocker: "4S 5S 6S 6H 6D 6C 9C 10C JC AD", defender: "3S 7S 8S KH QD 2C 5H 9H 3H JD", knockerMelds: "6S 6H 6D 6C|9C 10C JC"},
			"N4", "fan: knock with 10 deadwood over knock value 9 (N4)"},
		{scoreCase{name: "recorded meld that is not a meld", knockCard: "7H",
			knocker: "AS 2S 3S 4H 4D 4C 9C 10C JC 7D", defender: "KH QD 2C 5H 9D 3H JD 6H 8H 10S", knockerMelds: "AS 2S 3S|4H 4D 9C"},
			"N2", "fan: the knocker's meld 2 is not a meld: 9C is not a 4 (N2)"},
		{scoreCase{name: "recorded meld from outside the hand", knockCard: "7H",
			knocker: "AS 2S 3S 4H 4D 4C 9C 10C JC 7D", defender: "KH QD 2C 5H 9D 3H JD 6H 8H 10S", knockerMelds: "AS 2S 3S|4S 4D 4C"},
			"N4", "fan: the knocker's meld 2 holds 4S, which is not in the knocker's hand (N4)"},
		{scoreCase{name: "one card in two recorded melds", knockCard: "KH",
			knocker: "7S 8S 9S 7H 7D AC 2C 3C 4C 5C", defender: "KH QD 2H 5H 9D 3H JD 6H 8H 10S", knockerMelds: "7S 8S 9S|7S 7H 7D"},
			"N2", "fan: 7S is in two of the knocker's melds, and a card melds once (N2)"},
		{scoreCase{name: "no meld recorded at all", knockCard: "KH",
			knocker: "AS 2S 3S 4H 4D 4C 9C 10C JC 7D", defender: "KH QD 2C 5H 9D 3H JD 6H 8H 10S", knockerMelds: "|"},
			"N2", "fan: the knocker's meld 1 is not a meld: there are no cards (N2)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Score(tc.deal(t))
			if rule := ruleOf(err); rule != tc.rule || locale.English().Error(err) != tc.msg {
				t.Errorf("Score error = %v (rule %q), want %q (%s)", err, rule, tc.msg, tc.rule)
			}
		})
	}
	t.Run("empty recorded melds leave the whole hand", func(t *testing.T) {
		d := Deal{KnockCard: card(t, "KH"), Hands: [2][]cards.Card{list(t, "AS 2S 3S 4H 4D 4C 9C 10C JC 7D"), list(t, apiDefender)},
			KnockerMelds: [][]cards.Card{}}
		if _, err := Score(d); ruleOf(err) != "N4" || english.Error(err) != "fan: knock with 54 deadwood over knock value 10 (N4)" {
			t.Errorf("Score error = %v", err)
		}
	})
}

func TestScoreN5(t *testing.T) {
	// Knocker: 2-3-4C, 5-6-7H, KS KH KD and AD, knock value 2; nothing
	// else can be laid down within it.
	const knocker = "5H 6H 7H KS KH KD 2C 3C 4C AD"
	runScoreCases(t, []scoreCase{
		// 4H goes below 5-6-7H, 8H above it and 9H above 8H: the
		// defender keeps 2S 6D 7S 9S 10D JD QS = 54 of 75.
		{name: "chained lay-offs at both ends of a run", knockCard: "2D", knocker: knocker,
			defender: "4H 8H 9H QS JD 9S 6D 2S 10D 7S",
			outcome:  Knock, deadwood: [2]int{1, 54}, points: [2]int{53, 0},
			melds: "2C 3C 4C|5H 6H 7H|KS KH KD", layoffs: "4H>1 8H>1 9H>1", reason: "after lay-offs"},
		// With four 8s, 8H and 9H go on the run and 8S 8D 8C stay a set:
		// QS JD 6D 2S 10D = 38 left.
		{name: "a card of a set of four is laid off", knockCard: "2D", knocker: knocker,
			defender: "8S 8H 8D 8C 9H QS JD 6D 2S 10D",
			outcome:  Knock, deadwood: [2]int{1, 38}, points: [2]int{37, 0}, layoffs: "8H>1 9H>1"},
		// With three 8s, laying off 8H and 9H would leave 8S 8D (16);
		// keeping the set leaves 9H (9). QS JD 6D 2S 10D 7S are 45 more.
		{name: "the defender's own set beats the lay-offs", knockCard: "2D", knocker: knocker,
			defender: "8S 8H 8D 9H QS JD 6D 2S 10D 7S",
			outcome:  Knock, deadwood: [2]int{1, 54}, points: [2]int{53, 0}, layoffs: ""},
		// Laying 4-5-6S, 6H 6D 6C and 9-10-JC leaves AD (1), but the
		// defender lays off 3S, 7S and 8S (18): 49 left, the knocker
		// scores 48. Laying 6S 6H 6D 6C and 9-10-JC leaves AD 4S 5S (10),
		// within the king's 10, and blocks them: 67 - 10 = 57.
		{name: "laying a set to block lay-offs beats laying the run", knockCard: "KD",
			knocker: "4S 5S 6S 6H 6D 6C 9C 10C JC AD", defender: "3S 7S 8S KH QD 2C 5H 9D 3H JD",
			outcome: Knock, deadwood: [2]int{10, 67}, points: [2]int{57, 0},
			melds: "6S 6H 6D 6C|9C 10C JC", layoffs: ""},
		{name: "the run laid down as recorded takes the lay-offs", knockCard: "KD",
			knocker: "4S 5S 6S 6H 6D 6C 9C 10C JC AD", defender: "3S 7S 8S KH QD 2C 5H 9D 3H JD",
			knockerMelds: "4S 5S 6S|6H 6D 6C|9C 10C JC",
			outcome:      Knock, deadwood: [2]int{1, 49}, points: [2]int{48, 0}, layoffs: "3S>0 7S>0 8S>0"},
		// Gin: the defender's 8H would fit 5-6-7H, but there are no
		// lay-offs after Gin.
		{name: "no lay-offs after gin", knockCard: "2D",
			knocker: "5H 6H 7H KS KH KD 2C 3C 4C 5C", defender: "4H 8H 9H QS JD 9S 6D 2S 10D 7S",
			outcome: Gin, deadwood: [2]int{0, 75}, points: [2]int{100, 0}},
	})
}

func TestScoreN6(t *testing.T) {
	// The knocker lays A-2-3S, 4H 4D 4C, 9-10-JC and keeps one card.
	// The defender melds 7s, queens and jacks and keeps one card; QC
	// could go on 9-10-JC but would break the queens.
	runScoreCases(t, []scoreCase{
		{name: "a tie is not an undercut", knockCard: "5H",
			knocker: "AS 2S 3S 4H 4D 4C 9C 10C JC 5D", defender: "7S 7H 7D QH QD QC JS JH JD 5C",
			outcome: Knock, deadwood: [2]int{5, 5}, points: [2]int{0, 0}, reason: "a tie is not an undercut, so nobody scores (N6)"},
		{name: "undercut on tie house rule", knockCard: "5H", undercutOnTie: true,
			knocker: "AS 2S 3S 4H 4D 4C 9C 10C JC 5D", defender: "7S 7H 7D QH QD QC JS JH JD 5C",
			outcome: Undercut, deadwood: [2]int{5, 5}, points: [2]int{0, 25}, reason: "house rule"},
		{name: "undercut on tie house rule, seat 1 knocks", knockCard: "5H", undercutOnTie: true, seat: 1,
			knocker: "AS 2S 3S 4H 4D 4C 9C 10C JC 5D", defender: "7S 7H 7D QH QD QC JS JH JD 5C",
			outcome: Undercut, deadwood: [2]int{5, 5}, points: [2]int{0, 25}},
		// The knock card 7H is in the defender's hand: it was picked up.
		{name: "undercut: 25 plus the difference", knockCard: "7H",
			knocker: "AS 2S 3S 4H 4D 4C 9C 10C JC 7D", defender: "7S 7H 7C QH QD QC JS JH JD 3D",
			outcome: Undercut, deadwood: [2]int{7, 3}, points: [2]int{0, 29}, reason: "the defender scores 25 + 4 = 29 (N6)"},
		{name: "undercut house rule changes nothing without a tie", knockCard: "7H", undercutOnTie: true,
			knocker: "AS 2S 3S 4H 4D 4C 9C 10C JC 7D", defender: "7S 7H 7C QH QD QC JS JH JD 3D",
			outcome: Undercut, deadwood: [2]int{7, 3}, points: [2]int{0, 29}},
	})
}

func TestScoreN7(t *testing.T) {
	runScoreCases(t, []scoreCase{
		{name: "spade knock card doubles a knock", knockCard: "2S",
			knocker: "5H 6H 7H KS KH KD 2C 3C 4C AD", defender: "4H 8H 9H QS JD 9S 6D 3S 10D 7S",
			outcome: Knock, deadwood: [2]int{1, 55}, points: [2]int{108, 0}, doubled: true,
			reason: "55 - 1 = 54, doubled to 108 by the spade knock card (N5, N6, N7)"},
		{name: "spade knock card doubles gin", knockCard: "5S",
			knocker: "AS 2S 3S 4H 4D 4C 7C 8C 9C 10C", defender: apiDefender,
			outcome: Gin, deadwood: [2]int{0, 73}, points: [2]int{196, 0}, doubled: true},
		{name: "spade knock card doubles an undercut", knockCard: "7S",
			knocker: "AS 2S 3S 4H 4D 4C 9C 10C JC 7D", defender: "7S 7H 7C QH QD QC JS JH JD 3D",
			outcome: Undercut, deadwood: [2]int{7, 3}, points: [2]int{0, 58}, doubled: true},
		{name: "a tie stays 0 with a spade", knockCard: "5S",
			knocker: "AS 2S 3S 4H 4D 4C 9C 10C JC 5D", defender: "7S 7H 7D QH QD QC JS JH JD 5C",
			outcome: Knock, deadwood: [2]int{5, 5}, points: [2]int{0, 0}, doubled: true},
		{name: "a heart does not double", knockCard: "2H",
			knocker: "5H 6H 7H KS KH KD 2C 3C 4C AD", defender: "4H 8H 9H QS JD 9S 6D 3S 10D 7S",
			outcome: Knock, deadwood: [2]int{1, 55}, points: [2]int{54, 0}},
	})
}

func TestScoreMalformed(t *testing.T) {
	good := func() Deal {
		return Deal{KnockCard: card(t, "7H"), Hands: [2][]cards.Card{
			list(t, "AS 2S 3S 4H 4D 4C 9C 10C JC 7D"), list(t, "KH QD 2C 5H 9D 3H JD 6H 8H 10S")}}
	}
	tests := []struct {
		name  string
		spoil func(*Deal)
		field string
	}{
		{"knocker seat 2", func(d *Deal) { d.Knocker = 2 }, "knocker"},
		{"knocker seat -1", func(d *Deal) { d.Knocker = -1 }, "knocker"},
		{"no knock card", func(d *Deal) { d.KnockCard = cards.Card{} }, "knock_card"},
		{"Fanucci knock card", func(d *Deal) { d.KnockCard = cards.Card{Rank: 3, Suit: cards.Tops} }, "knock_card"},
		{"knocker holds 9", func(d *Deal) { d.Hands[0] = d.Hands[0][:9] }, "hands[0]"},
		{"knocker holds 12", func(d *Deal) { d.Hands[0] = append(d.Hands[0], card(t, "KS"), card(t, "KC")) }, "hands[0]"},
		{"defender holds 11", func(d *Deal) { d.Hands[1] = append(d.Hands[1], card(t, "KS")) }, "hands[1]"},
		{"a card twice in a hand", func(d *Deal) { d.Hands[0][1] = d.Hands[0][0] }, "hands[0][1]"},
		{"a card in both hands", func(d *Deal) { d.Hands[1][0] = d.Hands[0][0] }, "hands[1][0]"},
		{"a trump in a hand", func(d *Deal) { d.Hands[1][4] = cards.NewTrump(cards.Grue) }, "hands[1][4]"},
		{"a Fanucci card in a recorded meld", func(d *Deal) {
			d.KnockerMelds = [][]cards.Card{{card(t, "AS"), card(t, "2S"), {Rank: 3, Suit: cards.Tops}}}
		}, "knocker_melds[0][2]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := good()
			tc.spoil(&d)
			_, err := Score(d)
			var de *DealError
			if !errors.As(err, &de) || de.Field != tc.field || !strings.HasPrefix(english.Say(de.Msg), "fan: ") {
				t.Errorf("Score error = %#v, want a *DealError for %s", err, tc.field)
			}
		})
	}
	if _, err := Score(good()); err != nil {
		t.Fatalf("the unspoilt deal fails: %v", err)
	}
}

// TestScoreSymmetry checks that moving the deal to the other seat, and
// relabelling hearts, diamonds and clubs (spades double, so they stay),
// change nothing but the seats.
func TestScoreSymmetry(t *testing.T) {
	rng := newRand(11)
	for range 1000 {
		d := randomDeal(rng)
		want, wantErr := Score(d)
		swapped := d
		swapped.Knocker = 1 - d.Knocker
		swapped.Hands = [2][]cards.Card{d.Hands[1], d.Hands[0]}
		got, err := Score(swapped)
		if ruleOf(err) != ruleOf(wantErr) || got.Outcome != want.Outcome ||
			got.Points != [2]int{want.Points[1], want.Points[0]} || got.Deadwood != [2]int{want.Deadwood[1], want.Deadwood[0]} {
			t.Fatalf("swapping seats changed the result: %+v vs %+v\ndeal %s", got, want, dealString(d))
		}
		perm := append([]int{0}, 1+rng.Intn(3))
		for _, s := range []int{1, 2, 3} {
			if !slices.Contains(perm, s) {
				perm = append(perm, s)
			}
		}
		relabelled := d
		relabelled.KnockCard = relabel([]cards.Card{d.KnockCard}, perm)[0]
		relabelled.Hands = [2][]cards.Card{relabel(d.Hands[0], perm), relabel(d.Hands[1], perm)}
		got, err = Score(relabelled)
		if ruleOf(err) != ruleOf(wantErr) || got.Outcome != want.Outcome || got.Points != want.Points || got.Deadwood != want.Deadwood {
			t.Fatalf("relabelling suits %v changed the result: %+v vs %+v\ndeal %s", perm, got, want, dealString(d))
		}
	}
}
