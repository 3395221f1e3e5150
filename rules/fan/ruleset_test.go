package fan

import (
	"errors"
	"reflect"
	"testing"

	"meldpad/rules/cards"
)

// TestScoreByFanRuleset checks that scoring by the knock card's ruleset
// is Score itself, result and error alike, on random deals.
func TestScoreByFanRuleset(t *testing.T) {
	rng := newRand(23)
	for range randomDeals(t) {
		d := randomDeal(rng)
		want, wantErr := Score(d)
		got, err := ScoreBy(d, d.Ruleset())
		if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(err, wantErr) {
			t.Fatalf("ScoreBy(d, d.Ruleset()) = %+v, %v\nScore(d) = %+v, %v\ndeal %s", got, err, want, wantErr, dealString(d))
		}
	}
}

// TestScoreByN1Ruleset checks what a ruleset sets in place of the knock
// card: the knock value, the doubling and the tie rule, with the knock
// card not read at all.
func TestScoreByN1Ruleset(t *testing.T) {
	// 7 deadwood for the knocker; the defender has 73 and nothing to lay
	// off (the deal of TestScoreN4).
	knocker, defender := "AS 2S 3S 4H 4D 4C 9C 10C JC 7D", "KH QD 2C 5H 9D 3H JD 6H 8H 10S"
	// A tie at 5 (the deal of TestScoreN6).
	tieKnocker, tieDefender := "AS 2S 3S 4H 4D 4C 9C 10C JC 5D", "7S 7H 7D QH QD QC JS JH JD 5C"
	tests := []struct {
		name             string
		knocker, def     string
		recorded         string // the knocker's melds, "|"-separated; "" for not recorded
		rs               Ruleset
		outcome          Outcome
		points           [2]int
		knockValue       int
		doubled          bool
		rule, errMessage string
	}{
		{name: "knock value 10 allows 7", knocker: knocker, def: defender, rs: Ruleset{KnockValue: 10},
			outcome: Knock, points: [2]int{66, 0}, knockValue: 10},
		{name: "knock value 7 allows 7", knocker: knocker, def: defender, rs: Ruleset{KnockValue: 7},
			outcome: Knock, points: [2]int{66, 0}, knockValue: 7},
		{name: "doubled", knocker: knocker, def: defender, rs: Ruleset{KnockValue: 10, Doubled: true},
			outcome: Knock, points: [2]int{132, 0}, knockValue: 10, doubled: true},
		{name: "knock value 6 refuses 7 in Fan's words", knocker: knocker, def: defender, rs: Ruleset{KnockValue: 6},
			rule: "N4", errMessage: "fan: knock with 7 deadwood over knock value 6 (N4)"},
		{name: "knock value 6 refuses 7 in gin's words", knocker: knocker, def: defender, rs: Ruleset{Game: "gin", EndRule: "G2", KnockValue: 6},
			rule: "G2", errMessage: "gin: knock with 7 deadwood over knock value 6 (G2)"},
		{name: "knock value 0 refuses a knock", knocker: knocker, def: defender, rs: Ruleset{Game: "gin", EndRule: "G2"},
			rule: "G2", errMessage: "gin: only Gin ends this deal (knock value 0), but 7 deadwood is left (G2)"},
		{name: "knock value 0 allows gin", knocker: "AS 2S 3S 4H 4D 4C 7C 8C 9C 10C", def: apiDefender, rs: Ruleset{},
			outcome: Gin, points: [2]int{98, 0}},
		{name: "a tie scores nothing", knocker: tieKnocker, def: tieDefender, rs: Ruleset{KnockValue: 5},
			outcome: Knock, points: [2]int{0, 0}, knockValue: 5},
		{name: "a tie is an undercut", knocker: tieKnocker, def: tieDefender, rs: Ruleset{KnockValue: 5, UndercutOnTie: true},
			outcome: Undercut, points: [2]int{0, 25}, knockValue: 5},
		{name: "a meld from outside the hand in gin's words", knocker: knocker, def: defender, recorded: "AS 2S 3S|4S 4D 4C",
			rs: Ruleset{Game: "gin", EndRule: "G2", KnockValue: 10}, rule: "G2",
			errMessage: "gin: the knocker's meld 2 holds 4S, which is not in the knocker's hand (G2)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// The zero knock card is not a card: ScoreBy must not read it.
			d := Deal{Hands: [2][]cards.Card{list(t, tc.knocker), list(t, tc.def)}}
			if tc.recorded != "" {
				d.KnockerMelds = melds(t, tc.recorded)
			}
			r, err := ScoreBy(d, tc.rs)
			if tc.errMessage != "" {
				if ruleOf(err) != tc.rule || err == nil || english.Error(err) != tc.errMessage {
					t.Fatalf("ScoreBy error = %v (rule %q), want %q (%s)", err, ruleOf(err), tc.errMessage, tc.rule)
				}
				return
			}
			if err != nil {
				t.Fatalf("ScoreBy: %v", err)
			}
			if r.Outcome != tc.outcome || r.Points != tc.points || r.KnockValue != tc.knockValue || r.Doubled != tc.doubled {
				t.Errorf("ScoreBy = %v %v knock value %d doubled %v, want %v %v %d %v",
					r.Outcome, r.Points, r.KnockValue, r.Doubled, tc.outcome, tc.points, tc.knockValue, tc.doubled)
			}
			checkResult(t, d, r)
		})
	}
}

func TestScoreByMalformed(t *testing.T) {
	d := Deal{Hands: [2][]cards.Card{list(t, "AS 2S 3S 4H 4D 4C 9C 10C JC 7D"), list(t, apiDefender)}}
	for _, kv := range []int{-1, 11} {
		_, err := ScoreBy(d, Ruleset{Game: "gin", KnockValue: kv})
		var de *DealError
		if !errors.As(err, &de) || de.Field != "knock_value" {
			t.Errorf("knock value %d: error %v, want a *DealError for knock_value", kv, err)
		}
	}
	d.Hands[1] = d.Hands[1][:9]
	_, err := ScoreBy(d, Ruleset{Game: "gin", EndRule: "G2", KnockValue: 10})
	var de *DealError
	if !errors.As(err, &de) || de.Field != "hands[1]" || english.Say(de.Msg) != "gin: the defender holds 9 cards, not 10" {
		t.Errorf("short defender: error %#v", err)
	}
}
