package fortune

import (
	"errors"
	"slices"
	"testing"

	"meldpad/locale"
	"meldpad/rules/cards"
	"meldpad/rules/ruling"
)

// player builds a Player from melds and a hand written as at the table.
func player(hand_ string, melds ...string) Player {
	p := Player{Hand: hand(hand_)}
	for _, m := range melds {
		p.Melds = append(p.Melds, plays(m))
	}
	return p
}

func TestScoreR6(t *testing.T) {
	tests := []struct {
		name                 string
		players              []Player
		house                HouseRules
		points, melded, held []int
	}{
		{
			// The example of API.md: 30 for the kings, 15 for 4-5-6 of
			// hearts; 50 + 10 + 10 left in hand.
			name:    "api example",
			players: []Player{player("", "KS KH KD", "5H 6H 2C"), player("QS AH 2D")},
			points:  []int{45, -70}, melded: []int{45, 0}, held: []int{0, 70},
		},
		{
			name:    "no bonus for going out",
			players: []Player{player("", "3S 3H 3D"), player("4C", "8S 8H 8D")},
			points:  []int{15, 25}, melded: []int{15, 30}, held: []int{0, 5},
		},
		{
			name:    "a deuce left in hand costs 10",
			players: []Player{player(""), player("2S 3S")},
			points:  []int{0, -15}, melded: []int{0, 0}, held: []int{0, 15},
		},
		{
			name:    "ace set 15 counts in the hand's score",
			players: []Player{player("", "AS AH AD 2C"), player("KD")},
			house:   HouseRules{AceSet15: true},
			points:  []int{60, -10}, melded: []int{60, 0}, held: []int{0, 10},
		},
		{
			name:    "a set of five needs big sets",
			players: []Player{player("", "9S 9S 9H 9D 9C"), player("3C")},
			house:   HouseRules{BigSets: true},
			points:  []int{50, -5}, melded: []int{50, 0}, held: []int{0, 5},
		},
		{
			name: "eight players",
			players: []Player{player(""), player("AS"), player("QS"), player("7H"), player("8H"),
				player("2H"), player("3H", "4H 5H 6H"), player("KH KH")},
			points: []int{0, -10, -50, -5, -10, -10, 10, -20},
			melded: []int{0, 0, 0, 0, 0, 0, 15, 0},
			held:   []int{0, 10, 50, 5, 10, 10, 5, 20},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Score(tc.players, tc.house)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(res.Points, tc.points) || !slices.Equal(res.Melded, tc.melded) || !slices.Equal(res.Held, tc.held) {
				t.Errorf("Score = points %v melded %v held %v; want %v %v %v", res.Points, res.Melded, res.Held, tc.points, tc.melded, tc.held)
			}
			for i, p := range tc.players {
				if len(res.MeldVerdicts[i]) != len(p.Melds) {
					t.Errorf("player %d: %d verdicts for %d melds", i+1, len(res.MeldVerdicts[i]), len(p.Melds))
				}
			}
		})
	}
}

func TestScoreMeldVerdicts(t *testing.T) {
	res, err := Score([]Player{player("", "KS KH KD", "5H 6H 2C"), player("QS AH 2D")}, HouseRules{})
	if err != nil {
		t.Fatal(err)
	}
	v := res.MeldVerdicts[0][1]
	if v.Kind != Sequence || cardsString(v.Readings) != "5H 6H 4H" || !slices.Equal(v.CardPoints, []int{5, 5, 5}) {
		t.Errorf("verdict of 5H 6H 2C = %v %s %v; want sequence, 5H 6H 4H, [5 5 5]", v.Kind, cardsString(v.Readings), v.CardPoints)
	}
}

func TestScoreErrors(t *testing.T) {
	tests := []struct {
		name    string
		players []Player
		rule    string // the *ruling.Error's rule; "" when it is not one
		msg     string
		field   string // the *ruling.InputError's field; "" when it is not one
	}{
		{
			name:    "an invalid meld names the player and the meld",
			players: []Player{player("", "KS KH KD"), player("", "7H 7S 8D")},
			rule:    "R1",
			msg:     "fortune: player 2's meld 1 (7H 7S 8D) is not a set: 8D is not a 7 (R1)",
		},
		{
			name:    "a set of five without big sets",
			players: []Player{player("", "KS KH KD", "9S 9S 9H 9D 9C"), player("")},
			rule:    "R1",
			msg:     "fortune: player 1's meld 2 (9S 9S 9H 9D 9C) is not a set: five 9s, and a set holds at most four cards unless the house plays big sets (R1)",
		},
		{
			name:    "a meld of deuces shows the declared readings",
			players: []Player{player(""), player("", "2C=KS 2D 2H")},
			rule:    "R2",
			msg:     "fortune: player 2's meld 1 (2C=KS 2D 2H) is not a meld: deuces alone never make one, not even a set of 2s, so it needs a natural card that is not a deuce (R2)",
		},
		{
			name:    "one player",
			players: []Player{player("KS")},
			msg:     "1 player, and Fortune Rummy is for 2 to 8",
			field:   "players",
		},
		{
			name:    "nine players",
			players: slices.Repeat([]Player{player("")}, 9),
			msg:     "9 players, and Fortune Rummy is for 2 to 8",
			field:   "players",
		},
		{
			name:    "a third copy of a card",
			players: []Player{player("KS", "KS KH KD"), player("KS")},
			msg:     `player 2's hand, card 1: there are only 2 copies of KS in the two standard decks`,
			field:   "players[1].hand[0]",
		},
		{
			name:    "a third copy of a card in a meld",
			players: []Player{player("", "KS KH KD"), player("", "7H 7S 7D", "KS KS 2C")},
			msg:     `player 2's meld 2, card 2: there are only 2 copies of KS in the two standard decks`,
			field:   "players[1].melds[1][1]",
		},
		{
			name:    "a card not in the deck",
			players: []Player{{Hand: []cards.Card{cards.NewTrump(cards.Grue)}}, player("")},
			msg:     `player 1's hand, card 1: Grue is not in the two standard decks`,
			field:   "players[0].hand[0]",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Score(tc.players, HouseRules{})
			if err == nil {
				t.Fatal("Score accepted the hand")
			}
			if got := locale.English().Error(err); got != tc.msg {
				t.Errorf("error\n got %q\nwant %q", got, tc.msg)
			}
			rule, isRuling := ruling.RuleOf(err)
			if rule != tc.rule {
				t.Errorf("rule %q (ruling error %v), want %q", rule, isRuling, tc.rule)
			}
			var bad *ruling.InputError
			if errors.As(err, &bad) != (tc.field != "") || bad != nil && bad.Field != tc.field {
				t.Errorf("input error %v, want one about %q", bad, tc.field)
			}
		})
	}
}
