package gin

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"meldpad/rules/cards"
	"meldpad/rules/fan"
)

// TestScoreAgreesWithFan checks gin against Fan Rummy's own Score, which
// has its own tests against a slow referee: standard gin is Fan Rummy with
// a ten-valued knock card that is not a spade and the tie counted as an
// undercut (G1, G3); under Oklahoma the up-card is Fan's knock card, but
// for an ace, which allows only Gin (G1).
func TestScoreAgreesWithFan(t *testing.T) {
	rng := newRand(7)
	counts := map[string]int{}
	for _, d := range mixedDeals(t, rng) {
		for _, house := range []HouseRules{{}, {UndercutOnlyWhenLess: true}, {Oklahoma: true}, {Oklahoma: true, UndercutOnlyWhenLess: true}} {
			knockCard := cards.Card{Rank: cards.King, Suit: cards.Hearts}
			if house.Oklahoma {
				knockCard = d.UpCard
			}
			got, err := Score(d, house)
			want, wantErr := fan.Score(fan.Deal{KnockCard: knockCard, Knocker: d.Knocker, Hands: d.Hands, UndercutOnTie: !house.UndercutOnlyWhenLess})
			if house.Oklahoma && d.UpCard.Rank == cards.Ace {
				// Fan's ace allows 1 deadwood; gin's allows none.
				if wantErr == nil && (want.Outcome == fan.Knock || want.Outcome == fan.Undercut) {
					if ruleOf(err) != "G2" {
						t.Fatalf("an ace up-card let a knock with %d through: %+v, %v\n%v", want.Deadwood[d.Knocker], got, err, d)
					}
					counts["ace refuses a knock"]++
					continue
				}
			}
			switch {
			case wantErr != nil:
				if fanRule := ruleOf(wantErr); ruleOf(err) != map[string]string{"N4": "G2", "N2": "N2"}[fanRule] {
					t.Fatalf("fan refuses (%v) but gin says %+v, %v\n%v", wantErr, got, err, d)
				}
				counts["refused"]++
				continue
			case err != nil:
				t.Fatalf("fan accepts (%+v) but gin refuses: %v\n%v", want, err, d)
			}
			if got.Outcome.String() != want.Outcome.String() || got.Points != want.Points || got.Deadwood != want.Deadwood ||
				got.Doubled != want.Doubled || !reflect.DeepEqual(got.Melds, want.Melds) || !reflect.DeepEqual(got.Layoffs, want.Layoffs) {
				t.Fatalf("house %+v: gin %+v\nfan %+v\n%v", house, got, want, d)
			}
			counts[got.Outcome.String()]++
		}
	}
	for _, outcome := range []string{"knock", "undercut", "gin", "big_gin", "refused", "ace refuses a knock"} {
		if counts[outcome] == 0 {
			t.Errorf("no deal came out %s: the random deals miss a case (%v)", outcome, counts)
		}
	}
	t.Logf("%v", counts)
}

// TestScoreSwapsSeats checks that moving the deal to the other seats
// swaps the points and the deadwood and changes nothing else.
func TestScoreSwapsSeats(t *testing.T) {
	rng := newRand(11)
	for _, d := range mixedDeals(t, rng) {
		house := HouseRules{Oklahoma: rng.Intn(2) == 0, UndercutOnlyWhenLess: rng.Intn(2) == 0}
		want, wantErr := Score(d, house)
		swapped := d
		swapped.Knocker = 1 - d.Knocker
		swapped.Hands = [2][]cards.Card{d.Hands[1], d.Hands[0]}
		got, err := Score(swapped, house)
		if ruleOf(err) != ruleOf(wantErr) || got.Outcome != want.Outcome || english.Say(got.Reason) != english.Say(want.Reason) ||
			got.Points != [2]int{want.Points[1], want.Points[0]} || got.Deadwood != [2]int{want.Deadwood[1], want.Deadwood[0]} {
			t.Fatalf("swapping seats: %+v, %v\nbefore: %+v, %v", got, err, want, wantErr)
		}
	}
}

// TestScoreG3TieRule checks the house rule "undercut only when less" on
// random deals: it changes exactly the ties, from an undercut worth 25 to
// the defender (doubled by a spade up-card) to a knock worth nothing.
func TestScoreG3TieRule(t *testing.T) {
	rng := newRand(13)
	ties := 0
	for _, d := range mixedDeals(t, rng) {
		oklahoma := rng.Intn(2) == 0
		standard, err := Score(d, HouseRules{Oklahoma: oklahoma})
		lessOnly, err2 := Score(d, HouseRules{Oklahoma: oklahoma, UndercutOnlyWhenLess: true})
		if ruleOf(err) != ruleOf(err2) {
			t.Fatalf("the tie rule changed the ruling: %v vs %v", err, err2)
		}
		if err != nil {
			continue
		}
		k, def := d.Knocker, 1-d.Knocker
		tie := standard.Outcome != Gin && standard.Outcome != BigGin && standard.Deadwood[k] == standard.Deadwood[def]
		if !tie {
			if !reflect.DeepEqual(standard, lessOnly) {
				t.Fatalf("no tie, yet the house rule changed the result:\n%+v\n%+v", standard, lessOnly)
			}
			continue
		}
		ties++
		want := UndercutBonus
		if standard.Doubled {
			want *= 2
		}
		if standard.Outcome != Undercut || standard.Points[def] != want || standard.Points[k] != 0 ||
			lessOnly.Outcome != Knock || lessOnly.Points != [2]int{} || lessOnly.Deadwood != standard.Deadwood {
			t.Fatalf("tie: standard %+v\nonly when less %+v", standard, lessOnly)
		}
	}
	if ties == 0 {
		t.Fatal("no random deal was a tie")
	}
	t.Logf("%d ties", ties)
}

// TestScoreG1Doubling checks the Oklahoma spade on random deals: a spade
// up-card doubles exactly the points of the same deal with a heart of the
// same rank, and changes nothing else.
func TestScoreG1Doubling(t *testing.T) {
	rng := newRand(17)
	for _, d := range mixedDeals(t, rng) {
		house := HouseRules{Oklahoma: true, UndercutOnlyWhenLess: rng.Intn(2) == 0}
		d.UpCard.Suit = cards.Hearts
		plain, err := Score(d, house)
		d.UpCard.Suit = cards.Spades
		doubled, err2 := Score(d, house)
		if ruleOf(err) != ruleOf(err2) {
			t.Fatalf("the up-card's suit changed the ruling: %v vs %v", err, err2)
		}
		if err != nil {
			continue
		}
		if plain.Doubled || !doubled.Doubled || doubled.Points != [2]int{2 * plain.Points[0], 2 * plain.Points[1]} ||
			doubled.Outcome != plain.Outcome || doubled.Deadwood != plain.Deadwood || !reflect.DeepEqual(doubled.Layoffs, plain.Layoffs) {
			t.Fatalf("heart %+v\nspade %+v", plain, doubled)
		}
		if won := doubled.Points[0] + doubled.Points[1]; won > 0 &&
			(!strings.Contains(english.Say(doubled.Reason), "doubled to "+strconv.Itoa(won)+" by the spade up-card") || !slices.Contains(doubled.Rules, "G1")) {
			t.Fatalf("the doubled reason %q %v does not say %d (G1)", english.Say(doubled.Reason), doubled.Rules, won)
		}
	}
}

// TestScoreReasonAddsUp checks on random deals that each reason states
// the points scored, cites its rules in Rules, and that every deal's
// points pass Entry.Check: what Score can give, a scorepad accepts.
func TestScoreReasonAddsUp(t *testing.T) {
	rng := newRand(19)
	for _, d := range mixedDeals(t, rng) {
		house := HouseRules{Oklahoma: rng.Intn(2) == 0, UndercutOnlyWhenLess: rng.Intn(2) == 0}
		r, err := Score(d, house)
		if err != nil {
			continue
		}
		won := r.Points[0] + r.Points[1]
		base := won
		if r.Doubled {
			base /= 2
		}
		if won > 0 && !strings.Contains(english.Say(r.Reason), "scores "+strconv.Itoa(base)) && !strings.Contains(english.Say(r.Reason), "= "+strconv.Itoa(base)) {
			t.Fatalf("reason %q does not state %d", english.Say(r.Reason), base)
		}
		if !strings.HasSuffix(english.Say(r.Reason), "("+strings.Join(r.Rules, ", ")+")") {
			t.Fatalf("reason %q does not end with its rules %v", english.Say(r.Reason), r.Rules)
		}
		if err := (Entry{Points: r.Points[:]}).Check(house); err != nil {
			t.Fatalf("Score gave %v, which Entry.Check refuses: %v", r.Points, err)
		}
	}
}
