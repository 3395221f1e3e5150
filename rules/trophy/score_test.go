package trophy

import (
	"strings"
	"testing"

	"meldpad/rules/cards"
)

// Every expectation below was worked out by hand from Trophy Case's rules and the
// seed text (seeds/004), not copied from the code's output.

func TestScoreT1(t *testing.T) {
	runTrickCases(t, []trickCase{
		{name: "no plays yet: the leader is to lead", players: 4, leader: 2,
			want: open(-1, 2, 0)},
		{name: "a suited lead starts the trick", players: 4, leader: 0,
			plays: []string{"0: 3 Lamps"}, want: open(0, 1, 0)},
		{name: "an 8 may be led and counts so far", players: 4, leader: 0,
			plays: []string{"0: 8 Lamps"}, want: open(0, 1, 1)},
		{name: "the lead cannot be a trump", players: 4, leader: 0,
			plays: []string{"0: Grue"}, rule: "T1",
			msg: "trophy: seat 0 led Grue, but the lead must be a suited card, never a trump (T1)"},
		{name: "the leader cannot fold the lead", players: 4, leader: 0,
			plays: []string{"0: fold"}, rule: "T1",
			msg: "trophy: seat 0 leads and cannot fold before leading a card (T1)"},
		{name: "a non-leader cannot lead", players: 4, leader: 1,
			plays: []string{"0: 3 Lamps"}, rule: "T2",
			msg: "trophy: seat 0 played out of turn; seat 1 leads (T2)"},
		{name: "a leader holding only trumps shows the hand for a redeal", players: 4, leader: 0,
			hands: []string{"Grue, Beauty", "", "", ""}, rule: "T1",
			msg: "trophy: seat 0 leads holding only trumps, so the hand is shown and all hands are redealt (T1)"},
		{name: "a leader holding only trumps cannot lead a suited card either", players: 4, leader: 0,
			hands: []string{"Grue, Beauty", "", "", ""}, plays: []string{"0: 3 Lamps"}, rule: "T1"},
		{name: "a leader with one suited card among trumps leads it", players: 4, leader: 0,
			hands: []string{"Grue, 3 Lamps, Death", "", "", ""}, plays: []string{"0: 3 Lamps"},
			want: open(0, 1, 0)},
		{name: "the leader must hold the card led", players: 4, leader: 0,
			hands: []string{"5 Lamps, 2 Tops", "", "", ""}, plays: []string{"0: 3 Lamps"}, rule: "T1",
			msg: "trophy: seat 0 played 3 Lamps, which is not in its hand (T1)"},
		{name: "a trump lead is refused before the hand is looked at", players: 4, leader: 0,
			hands: []string{"5 Lamps, Grue", "", "", ""}, plays: []string{"0: Grue"}, rule: "T1"},
	})
}

func TestMustRedealT1(t *testing.T) {
	tests := []struct {
		name string
		hand string
		want bool
	}{
		{"only trumps", "Grue, Beauty, Time", true},
		{"one trump", "Lobster", true},
		{"a suited card among trumps", "Grue, 0 Mazes, Beauty", false},
		{"the Time suit is not the Time trump", "3 Time", false},
		{"no cards: the hand has already ended (T6)", "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := MustRedeal(mustHand(tc.hand)); got != tc.want {
				t.Errorf("MustRedeal(%s) = %v, want %v", tc.hand, got, tc.want)
			}
		})
	}
}

func TestScoreT2(t *testing.T) {
	runTrickCases(t, []trickCase{
		{name: "the turn passes left from the leader and wraps", players: 4, leader: 2,
			plays: []string{"2: 3 Lamps", "3: 4 Lamps", "0: 5 Lamps", "1: 6 Lamps"},
			want:  open(1, 2, 0)},
		{name: "a play out of turn", players: 4, leader: 0,
			plays: []string{"0: 3 Lamps", "1: 5 Lamps", "3: 6 Lamps"}, rule: "T2",
			msg: "trophy: seat 3 played out of turn; it was seat 2's turn (T2)"},
		{name: "the turn comes round to the leader again", players: 3, leader: 0,
			plays: []string{"0: 3 Lamps", "1: 4 Lamps", "2: 5 Lamps", "0: 6 Lamps"},
			want:  open(0, 1, 0)},
		{name: "the turn skips a folded player", players: 4, leader: 0,
			plays: []string{"0: 3 Lamps", "1: fold", "2: 4 Lamps", "3: 5 Lamps", "0: 6 Lamps"},
			want:  open(0, 2, 0, 1)},
		{name: "a folded player may not play again", players: 4, leader: 0,
			plays: []string{"0: 3 Lamps", "1: fold", "2: 4 Lamps", "3: 5 Lamps", "0: 6 Lamps", "1: 7 Lamps"},
			rule:  "T2", msg: "trophy: seat 1 played out of turn; it was seat 2's turn (T2)"},
		{name: "two players left take turns", players: 4, leader: 0,
			plays: []string{"0: 3 Lamps", "1: fold", "2: fold", "3: 4 Lamps", "0: 5 Lamps", "3: 6 Lamps"},
			want:  open(3, 0, 0, 1, 2)},
		{name: "a player holding the led colour must follow it", players: 4, leader: 0,
			hands: []string{"", "5 Plungers, 2 Tops", "", ""},
			plays: []string{"0: 3 Lamps", "1: 2 Tops"}, rule: "T2",
			msg: "trophy: seat 1 played 2 Tops but holds 5 Plungers, and must follow the led colour, red, while able (T2)"},
		{name: "another suit of the led colour follows colour", players: 4, leader: 0,
			hands: []string{"", "5 Plungers, 2 Tops", "", ""},
			plays: []string{"0: 3 Lamps", "1: 5 Plungers"}, want: open(1, 2, 0)},
		{name: "no trump while holding the led colour", players: 4, leader: 0,
			hands: []string{"", "5 Plungers, Grue", "", ""},
			plays: []string{"0: 3 Lamps", "1: Grue"}, rule: "T2"},
		{name: "without the led colour an out-of-colour card may be played", players: 4, leader: 0,
			hands: []string{"", "2 Tops, Grue", "", ""},
			plays: []string{"0: 3 Lamps", "1: 2 Tops"}, want: open(0, 2, 0)},
		{name: "without the led colour a trump may be played", players: 4, leader: 0,
			hands: []string{"", "2 Tops, Grue", "", ""},
			plays: []string{"0: 3 Lamps", "1: Grue"}, want: won(ByTrump, 1, 0, 1, 4)},
		{name: "the led colour is checked against the hand as it shrinks", players: 4, leader: 0,
			hands: []string{"", "5 Plungers, 2 Tops", "", ""},
			plays: []string{"0: 3 Lamps", "1: 5 Plungers", "2: fold", "3: fold", "0: 4 Lamps", "1: 2 Tops"},
			want:  open(1, 0, 0, 2, 3)},
		{name: "a card not in the hand", players: 4, leader: 0,
			hands: []string{"", "2 Tops", "", ""},
			plays: []string{"0: 3 Lamps", "1: 4 Tops"}, rule: "T2",
			msg: "trophy: seat 1 played 4 Tops, which is not in its hand (T2)"},
		{name: "a card another seat holds", players: 4, leader: 0,
			hands: []string{"", "2 Tops", "", "4 Tops"},
			plays: []string{"0: 3 Lamps", "1: 4 Tops"}, rule: "T2",
			msg: "trophy: seat 1 played 4 Tops, but seat 3 holds it (T2)"},
		{name: "a seat whose hand is not known cannot play a known seat's card", players: 4, leader: 0,
			hands: []string{"", "", "", "4 Tops"},
			plays: []string{"0: 3 Lamps", "1: 4 Tops"}, rule: "T2"},
		{name: "without hands the colour is not checked", players: 4, leader: 0,
			plays: []string{"0: 3 Lamps", "1: 2 Tops"}, want: open(0, 2, 0)},
	})
}

func TestScoreT3(t *testing.T) {
	runTrickCases(t, []trickCase{
		{name: "no fold while holding the led suit", players: 4, leader: 0,
			hands: []string{"", "5 Lamps, 2 Tops", "", ""},
			plays: []string{"0: 3 Lamps", "1: fold"}, rule: "T3",
			msg: "trophy: seat 1 cannot fold while holding 5 Lamps, a card of the led suit (T3)"},
		{name: "a fold holding only another suit of the led colour is fine", players: 4, leader: 0,
			hands: []string{"", "5 Plungers, 2 Tops", "", ""},
			plays: []string{"0: 3 Lamps", "1: fold"}, want: open(0, 2, 0, 1)},
		{name: "a fold after playing the last card of the led suit is fine", players: 3, leader: 0,
			hands: []string{"", "5 Lamps, 2 Tops", ""},
			plays: []string{"0: 3 Lamps", "1: 5 Lamps", "2: fold", "0: 4 Lamps", "1: fold"},
			want:  won(ByFolds, 0, 0, 1, 3, 1, 2)},
		{name: "a folded player never wins, even holding the highest card", players: 3, leader: 0,
			plays: []string{"0: 3 Lamps", "1: ∞ Lamps", "2: 4 Lamps", "0: fold", "1: fold"},
			want:  won(ByFolds, 2, 2, 1, 3, 0, 1)},
		{name: "the leader may fold once the lead is down", players: 3, leader: 0,
			plays: []string{"0: 3 Lamps", "1: 5 Lamps", "2: 6 Lamps", "0: fold", "1: fold"},
			want:  won(ByFolds, 2, 0, 2, 3, 0, 1)},
		{name: "without hands any fold is taken", players: 4, leader: 0,
			plays: []string{"0: 3 Lamps", "1: fold"}, want: open(0, 2, 0, 1)},
	})
}

func TestScoreT4(t *testing.T) {
	runTrickCases(t, []trickCase{
		{name: "a higher card of the led suit", players: 4, leader: 0,
			plays: []string{"0: 3 Lamps", "1: 8 Lamps"}, want: open(1, 2, 1)},
		{name: "∞ ranks above 9", players: 4, leader: 0,
			plays: []string{"0: 9 Lamps", "1: ∞ Lamps"}, want: open(1, 2, 3)},
		{name: "the second in-colour suit outranks the led suit", players: 4, leader: 0,
			plays: []string{"0: ∞ Lamps", "1: 0 Plungers"}, want: open(1, 2, 2)},
		{name: "the third in-colour suit outranks the second", players: 4, leader: 0,
			plays: []string{"0: ∞ Lamps", "1: ∞ Plungers", "2: 0 Fromps"}, want: open(2, 3, 4)},
		{name: "the led suit stays lowest when it comes again", players: 4, leader: 0,
			plays: []string{"0: 5 Lamps", "1: 0 Plungers", "2: ∞ Lamps"}, want: open(1, 3, 2)},
		{name: "an out-of-colour ∞ ranks below the led zero", players: 4, leader: 0,
			plays: []string{"0: 0 Lamps", "1: ∞ Tops"}, want: open(0, 2, 2)},
		{name: "a trump ranks above all and ends the trick", players: 4, leader: 0,
			plays: []string{"0: ∞ Lamps", "1: Grue"}, want: won(ByTrump, 1, 2, 1, 4)},
		// The seed's strategy: lead the low cards of one suit and hope the
		// second suit of the colour comes, so that your high cards are the
		// third suit.
		{name: "the seed's third suit trick", players: 4, leader: 0,
			hands: []string{"1 Lamps, 2 Lamps, 9 Fromps, ∞ Fromps", "", "", ""},
			plays: []string{"0: 1 Lamps", "1: 7 Plungers", "2: 9 Plungers", "3: fold", "0: 9 Fromps", "1: fold", "2: fold"},
			want:  won(ByFolds, 0, 2, 0, 4, 1, 2, 3)},
	})
}

func TestScoreT5(t *testing.T) {
	runTrickCases(t, []trickCase{
		{name: "the API example: a trump ends the trick", players: 4, leader: 0,
			plays: []string{"0: 3 Lamps", "1: 8 Fromps", "2: fold", "3: Grue"},
			want:  won(ByTrump, 3, 1, 3, 4, 2)},
		{name: "a trump by the first follower ends the trick before the others play", players: 5, leader: 0,
			plays: []string{"0: 3 Lamps", "1: Grue"}, want: won(ByTrump, 1, 0, 1, 5)},
		{name: "nobody plays after a trump", players: 4, leader: 0,
			plays: []string{"0: 3 Lamps", "1: Grue", "2: Death"}, rule: "T5",
			msg: "trophy: seat 2 played Death after seat 1 had won the trick (T5)"},
		{name: "the last player in wins when all others fold", players: 3, leader: 0,
			plays: []string{"0: 3 Lamps", "1: fold", "2: fold"}, want: won(ByFolds, 0, 0, 0, 3, 1, 2)},
		{name: "nobody folds after the trick is won", players: 3, leader: 0,
			plays: []string{"0: 3 Lamps", "1: fold", "2: fold", "0: fold"}, rule: "T5",
			msg: "trophy: seat 0 folded after it had won the trick (T5)"},
		{name: "the trick goes on while two are in", players: 3, leader: 0,
			plays: []string{"0: 3 Lamps", "1: fold"}, want: open(0, 2, 0, 1)},
		{name: "the last player in wins without the highest card", players: 3, leader: 0,
			plays: []string{"0: 9 Lamps", "1: 8 Lamps", "2: fold", "0: fold"},
			want:  won(ByFolds, 1, 2, 0, 3, 0, 2)},
	})
}

func TestScoreT6(t *testing.T) {
	mud := []string{"3 Lamps, 4 Tops", "5 Lamps", "6 Plungers, 2 Tops"}
	runTrickCases(t, []trickCase{
		{name: "a player out of cards has its turn skipped", players: 3, leader: 0, hands: mud,
			plays: []string{"0: 3 Lamps", "1: 5 Lamps", "2: 6 Plungers", "0: fold"},
			want:  open(2, 2, 0, 0)},
		{name: "the Mud zero: a player out of cards stays in and wins when the others fold", players: 3, leader: 0, hands: mud,
			plays: []string{"0: 3 Lamps", "1: 5 Lamps", "2: 6 Plungers", "0: fold", "2: fold"},
			want: want{ending: ByFolds, winner: 1, points: 0, highest: 2, next: -1, nextLeader: 2,
				handEnds: true, folded: []int{0, 2}}},
		{name: "a player out of cards does not fold", players: 3, leader: 0, hands: mud,
			plays: []string{"0: 3 Lamps", "1: 5 Lamps", "2: 6 Plungers", "0: fold", "1: fold"}, rule: "T6",
			msg: "trophy: seat 1 is out of cards and stays in without playing, so it was seat 2's turn (T6)"},
		{name: "without hands everyone is assumed to hold cards", players: 3, leader: 0,
			plays: []string{"0: 3 Lamps", "1: 5 Lamps", "2: 6 Plungers", "0: fold", "1: fold"},
			want:  won(ByFolds, 2, 0, 2, 3, 0, 1)},
		{name: "the grey zero ranks lowest and scores nothing, even after a trump", players: 3, leader: 0,
			hands: []string{"3 Lamps, 0 Tops", "5 Lamps", "Grue, 2 Tops"},
			plays: []string{"0: 3 Lamps", "1: 5 Lamps", "2: Grue"},
			want: want{ending: ByTrump, winner: 2, points: 0, trumped: true, highest: 2, next: -1,
				nextLeader: 0, handEnds: true}},
		{name: "when nobody still in can act the highest card among them wins", players: 3, leader: 0,
			hands: []string{"3 Lamps", "5 Lamps", "2 Tops"},
			plays: []string{"0: 3 Lamps", "1: 5 Lamps", "2: 2 Tops"},
			want: want{ending: ByOutOfCards, winner: 1, points: 0, highest: 1, next: -1,
				nextLeader: 2, handEnds: true}},
		{name: "the players left in are all out of cards after a fold", players: 3, leader: 0,
			hands: []string{"3 Lamps", "5 Lamps", "2 Tops, 4 Tops"},
			plays: []string{"0: 3 Lamps", "1: 5 Lamps", "2: fold"},
			want: want{ending: ByOutOfCards, winner: 1, points: 0, highest: 1, next: -1,
				nextLeader: 2, handEnds: true, folded: []int{2}}},
		{name: "between out-of-colour cards, which rank alike, the first played wins", players: 3, leader: 0,
			hands: []string{"5 Hives, 2 Rain", "5 Tops", "7 Tops"},
			plays: []string{"0: 5 Hives", "1: 5 Tops", "2: 7 Tops", "0: fold"},
			want: want{ending: ByOutOfCards, winner: 1, points: 0, highest: 0, next: -1,
				nextLeader: 2, handEnds: true, folded: []int{0}}},
		{name: "the next leader is left of the winner across a redeal", players: 3, leader: 0,
			hands: []string{"3 Lamps, 4 Lamps", "8 Lamps", "Grue"},
			plays: []string{"0: 3 Lamps", "1: 8 Lamps", "2: Grue"},
			want: want{ending: ByTrump, winner: 2, points: 1, trumped: true, highest: 2, next: -1,
				nextLeader: 0, handEnds: true}},
		{name: "a leader who led the last card is skipped", players: 3, leader: 0,
			hands: []string{"3 Lamps", "", ""},
			plays: []string{"0: 3 Lamps", "1: 4 Lamps", "2: 5 Lamps"}, want: open(2, 1, 0)},
		{name: "a leader out of cards wins when the others fold", players: 3, leader: 0,
			hands: []string{"3 Lamps", "", ""},
			plays: []string{"0: 3 Lamps", "1: 4 Lamps", "2: 5 Lamps", "1: fold", "2: fold"},
			want: want{ending: ByFolds, winner: 0, points: 0, highest: 2, next: -1, nextLeader: 1,
				handEnds: true, folded: []int{1, 2}}},
		{name: "an empty hand is one not known", players: 3, leader: 0,
			hands: []string{"3 Lamps, 4 Tops", "", ""},
			plays: []string{"0: 3 Lamps", "1: 2 Tops", "2: fold"}, want: open(0, 0, 0, 2)},
	})
}

func TestScoreT7(t *testing.T) {
	runTrickCases(t, []trickCase{
		{name: "8s and 9s score 1 each, ∞ 2", players: 3, leader: 0,
			plays: []string{"0: 8 Lamps", "1: 9 Lamps", "2: ∞ Lamps", "0: fold", "1: fold"},
			want:  won(ByFolds, 2, 4, 2, 3, 0, 1)},
		{name: "zeros score nothing without a trump", players: 3, leader: 0,
			plays: []string{"0: 0 Lamps", "1: 0 Plungers", "2: fold", "0: fold"},
			want:  won(ByFolds, 1, 0, 1, 3, 0, 2)},
		{name: "zeros score 1 each when a trump was played", players: 3, leader: 0,
			plays: []string{"0: 0 Lamps", "1: 0 Plungers", "2: Grue"},
			want:  won(ByTrump, 2, 2, 2, 3)},
		{name: "trumps score nothing", players: 3, leader: 0,
			plays: []string{"0: 5 Lamps", "1: Grue"}, want: won(ByTrump, 1, 0, 1, 3)},
		{name: "the cards of players who folded count", players: 3, leader: 0,
			plays: []string{"0: ∞ Lamps", "1: 8 Plungers", "2: fold", "0: fold"},
			want:  won(ByFolds, 1, 3, 1, 3, 0, 2)},
		{name: "out-of-colour cards count", players: 3, leader: 0,
			plays: []string{"0: 3 Lamps", "1: 9 Tops", "2: fold", "0: fold"},
			want:  won(ByFolds, 1, 1, 0, 3, 0, 2)},
		{name: "the points so far while the trick goes on", players: 4, leader: 0,
			plays: []string{"0: 8 Lamps", "1: ∞ Plungers"}, want: open(1, 2, 3)},
		{name: "a zero counts nothing so far, as no trump can have been played", players: 4, leader: 0,
			plays: []string{"0: 0 Lamps"}, want: open(0, 1, 0)},
	})
}

func TestCardPointsT7(t *testing.T) {
	tests := []struct {
		card    string
		trumped bool
		want    int
	}{
		{"8 Lamps", false, 1}, {"9 Tops", false, 1}, {"∞ Mazes", false, 2},
		{"0 Books", false, 0}, {"0 Books", true, 1}, {"∞ Mazes", true, 2},
		{"7 Lamps", true, 0}, {"1 Zurfs", false, 0}, {"Grue", true, 0}, {"Time", false, 0},
	}
	for _, tc := range tests {
		name := tc.card
		if tc.trumped {
			name += " after a trump"
		}
		t.Run(name, func(t *testing.T) {
			if got := CardPoints(mustCard(tc.card), tc.trumped); got != tc.want {
				t.Errorf("CardPoints = %d, want %d", got, tc.want)
			}
		})
	}
}

// TestScoreWorking checks that a result shows how its points were counted
// and says so in a sentence.
func TestScoreWorking(t *testing.T) {
	tc := trickCase{players: 3, leader: 0,
		plays: []string{"0: 0 Lamps", "1: 8 Plungers", "2: Grue"}}
	res, err := Score(tc.trick())
	if err != nil {
		t.Fatal(err)
	}
	want := []Counted{{0, mustCard("0 Lamps"), 1}, {1, mustCard("8 Plungers"), 1}}
	if len(res.Counted) != len(want) || res.Counted[0] != want[0] || res.Counted[1] != want[1] {
		t.Errorf("Counted = %v, want %v", res.Counted, want)
	}
	if got, wantReason := english.Say(res.Reason), "seat 2 wins the trick with Grue, the first trump played (T5), and scores 2 points: 0 Lamps 1, 8 Plungers 1 (T7)"; got != wantReason {
		t.Errorf("Reason = %q\nwant     %q", got, wantReason)
	}
	if res.Rule != "T5" || res.HighestCard != cards.NewTrump(cards.Grue) {
		t.Errorf("Rule, HighestCard = %s, %v; want T5, Grue", res.Rule, res.HighestCard)
	}
}

func TestScoreReasons(t *testing.T) {
	tests := []struct {
		name string
		tc   trickCase
		want string
	}{
		{"before the lead", trickCase{players: 3, leader: 1},
			"seat 1 to lead a suited card (T1)"},
		{"while the trick goes on", trickCase{players: 3, leader: 0, plays: []string{"0: 3 Lamps", "1: 8 Fromps"}},
			"seat 2 to play or fold; seat 1 holds the highest card, 8 Fromps, and the trick is worth 1 point so far: 8 Fromps 1 (T2, T4, T7)"},
		{"nothing counted yet", trickCase{players: 3, leader: 0, plays: []string{"0: 3 Lamps"}},
			"seat 1 to play or fold; seat 0 holds the highest card, 3 Lamps, and the trick is worth 0 points so far (T2, T4, T7)"},
		{"won by folds for nothing", trickCase{players: 3, leader: 0, plays: []string{"0: 3 Lamps", "1: fold", "2: fold"}},
			"seat 0 wins the trick as the last player in, all the others having folded (T5), and scores 0 points, as no 8, 9 or ∞ was played (T7)"},
		{"a hand that ends", trickCase{players: 3, leader: 0, hands: []string{"3 Lamps", "5 Lamps", "2 Tops"},
			plays: []string{"0: 3 Lamps", "1: 5 Lamps", "2: 2 Tops"}},
			"seat 1 wins the trick with 5 Lamps, the highest card of the players still in, who are all out of cards and cannot act (T5, T6), and scores 0 points, as no 8, 9 or ∞ was played (T7); seats 0, 1 and 2 are out of cards, so the hand ends and new hands are dealt (T6)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Score(tc.tc.trick())
			if err != nil {
				t.Fatal(err)
			}
			if english.Say(res.Reason) != tc.want {
				t.Errorf("Reason = %q\nwant     %q", english.Say(res.Reason), tc.want)
			}
			if !strings.Contains(english.Say(res.Reason), "("+res.Rule) && !strings.Contains(english.Say(res.Reason), ", "+res.Rule) {
				t.Errorf("Reason does not cite Rule %s", res.Rule)
			}
		})
	}
}
