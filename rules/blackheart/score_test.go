package blackheart

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"meldpad/rules/cards"
	"meldpad/rules/ruling"
)

func TestCardPointsB7(t *testing.T) {
	tests := []struct {
		card   string
		points int
	}{
		{"AS", 15}, {"AC", 15}, {"AH", 15},
		{"2S", 5}, {"5H", 5}, {"9C", 5},
		{"10S", 10}, {"10H", 10},
		{"JS", 10}, {"QC", 10}, {"KS", 10},
		{"JD", 10}, {"QD", 15}, {"KD", 20},
		{"JH", 0}, {"2D", 0}, // not in the deck
	}
	for _, tc := range tests {
		t.Run(tc.card, func(t *testing.T) {
			c, err := cards.ParseCard(tc.card)
			if err != nil {
				t.Fatal(err)
			}
			if got := CardPoints(c); got != tc.points {
				t.Errorf("CardPoints(%s) = %d, want %d", tc.card, got, tc.points)
			}
		})
	}
	if got := CardPoints(cards.Card{}); got != 0 {
		t.Errorf("CardPoints(no card) = %d", got)
	}
}

// player builds a Player from notation: sets separated by "|".
func player(t *testing.T, melds, layoffs, hand string) Player {
	t.Helper()
	var p Player
	for _, m := range strings.Split(melds, "|") {
		if strings.TrimSpace(m) != "" {
			p.Melds = append(p.Melds, plays(t, m))
		}
	}
	p.Layoffs = plays(t, layoffs)
	for _, c := range plays(t, hand) {
		p.Hand = append(p.Hand, c.Card)
	}
	return p
}

func TestScoreB7(t *testing.T) {
	tests := []struct {
		name                        string
		deal                        func(t *testing.T) Deal
		melded, held, bonus, points []int
	}{
		{"API example: went out with a group and a lay-off", func(t *testing.T) Deal {
			return Deal{WentOut: 0, Players: []Player{player(t, "7S 7C 7H", "8S", ""), player(t, "", "", "KS 5H")}}
		}, []int{20, 0}, []int{0, 15}, []int{25, 0}, []int{45, -15}},
		{"a Royale scores 150 in all", func(t *testing.T) Deal {
			return Deal{WentOut: 1, Players: []Player{player(t, "JD QD KD", "", "AS 10H"), player(t, "QS 6H KS 3H AS", "9H", "")}}
		}, []int{150, 50}, []int{25, 0}, []int{0, 25}, []int{125, 75}},
		{"wilds score their own value as wilds and in hand", func(t *testing.T) Deal {
			return Deal{WentOut: -1, Players: []Player{player(t, "3C 4C QD", "", "JD"), player(t, "6H KD 8H", "", "2S")}}
		}, []int{25, 30}, []int{10, 5}, []int{0, 0}, []int{15, 25}},
		{"lay-offs count for the player who laid them off", func(t *testing.T) Deal {
			return Deal{WentOut: 2, Players: []Player{player(t, "2S 3S 4S", "", "9C"), player(t, "", "5S 6S", "AC"), player(t, "QS 2H QC 7H KD", "AH", "")}}
		}, []int{15, 10, 65}, []int{5, 15, 0}, []int{0, 0, 25}, []int{10, -5, 90}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := Score(tc.deal(t))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(r.Melded, tc.melded) || !slices.Equal(r.Held, tc.held) || !slices.Equal(r.Bonus, tc.bonus) || !slices.Equal(r.Points, tc.points) {
				t.Errorf("melded %v held %v bonus %v points %v; want %v %v %v %v", r.Melded, r.Held, r.Bonus, r.Points, tc.melded, tc.held, tc.bonus, tc.points)
			}
			for seat, vs := range r.MeldVerdicts {
				for _, v := range vs {
					if !v.Valid {
						t.Errorf("seat %d verdict %+v", seat, v)
					}
				}
			}
		})
	}
}

func TestScoreB6(t *testing.T) {
	// Four players; seat 2 goes out with a Black Heart: 25 for going out and
	// 25 x 4 on top.
	d := Deal{WentOut: 2, BlackHeart: true, Players: []Player{
		{Hand: mustCards(t, "AS")}, {Hand: mustCards(t, "2C")}, player(t, "7S 7C 7H|QS 6H KS 3H AS", "", ""), {},
	}}
	r, err := Score(d)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{0, 0, 125, 0}; !slices.Equal(r.Bonus, want) {
		t.Errorf("bonus = %v, want %v", r.Bonus, want)
	}
	if want := []int{-15, -5, 15 + 45 + 125, 0}; !slices.Equal(r.Points, want) {
		t.Errorf("points = %v, want %v", r.Points, want)
	}
}

func mustCards(t *testing.T, s string) []cards.Card {
	t.Helper()
	cs, err := cards.BlackHeart().ParseList(strings.Fields(s))
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

func TestScoreErrors(t *testing.T) {
	tests := []struct {
		name string
		deal func(t *testing.T) Deal
		rule string // "" for a shape error
		msg  string
		// field is the input a shape error is about (a *ruling.InputError),
		// "" for a ruling or a card the deck lacks.
		field string
	}{
		{"an invalid set names player and set (B2)", func(t *testing.T) Deal {
			return Deal{WentOut: -1, Players: []Player{player(t, "7S 7C 7H", "", ""), player(t, "2S 3S 4S|KS KC KS", "", "")}}
		}, "B2", "blackheart: player 2's set 2 is not valid: KS has no heart to escort it (B2)", ""},
		{"a Black Heart needs someone going out (B6)", func(t *testing.T) Deal {
			return Deal{WentOut: -1, BlackHeart: true, Players: []Player{{}, {}}}
		}, "B6", "blackheart: a black heart is going out, but nobody went out (B6)", ""},
		{"the player who went out holds no cards (B7)", func(t *testing.T) Deal {
			return Deal{WentOut: 1, Players: []Player{{}, player(t, "", "", "5S 6S")}}
		}, "B7", "blackheart: player 2 went out but still holds 2 cards (B7)", ""},
		{"one player", func(t *testing.T) Deal { return Deal{WentOut: -1, Players: []Player{{}}} }, "", "2 to 6 players, not 1", "players"},
		{"seven players", func(t *testing.T) Deal { return Deal{WentOut: -1, Players: make([]Player, 7)} }, "", "2 to 6 players, not 7", "players"},
		{"went_out is not a seat", func(t *testing.T) Deal { return Deal{WentOut: 2, Players: make([]Player, 2)} }, "", "went_out is seat 2", "went_out"},
		{"more copies than the deck", func(t *testing.T) Deal {
			return Deal{WentOut: -1, Players: []Player{player(t, "KD 5S 5C", "", ""), player(t, "", "", "KD")}}
		}, "", "player 2", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Score(tc.deal(t))
			if err == nil {
				t.Fatal("no error")
			}
			rule, isRuling := ruling.RuleOf(err)
			if tc.rule != "" && (!isRuling || rule != tc.rule) {
				t.Errorf("error %q has rule %q, want %s", err, rule, tc.rule)
			}
			if tc.rule == "" && isRuling {
				t.Errorf("shape error %q is a ruling.Error", err)
			}
			if !strings.Contains(err.Error()+" | "+english.Error(err), tc.msg) {
				t.Errorf("error = %q, want it to say %q", err, tc.msg)
			}
			var bad *ruling.InputError
			if isInput := errors.As(err, &bad); isInput != (tc.field != "") || isInput && bad.Field != tc.field {
				t.Errorf("error %q: input error %v, want one about %q", err, bad, tc.field)
			}
		})
	}
	_, err := Score(Deal{WentOut: -1, Players: []Player{{Hand: []cards.Card{{Rank: 2, Suit: cards.Diamonds}}}, {}}})
	if !errors.Is(err, cards.ErrNotInDeck) {
		t.Errorf("a card the deck lacks: %v, want ErrNotInDeck", err)
	}
}
