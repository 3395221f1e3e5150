package trophy

import (
	"errors"
	"testing"

	"meldpad/rules/cards"
)

func TestScoreInput(t *testing.T) {
	lamps3, grue := mustCard("3 Lamps"), mustCard("Grue")
	twelve := mustHand("0 Books, 1 Books, 2 Books, 3 Books, 4 Books, 5 Books, 6 Books, 7 Books, 8 Books, 9 Books, ∞ Books, 0 Ears")
	tests := []struct {
		name  string
		trick Trick
		field string
	}{
		{"two players", Trick{Players: 2}, "players"},
		{"six players", Trick{Players: 6}, "players"},
		{"a leader who is not at the table", Trick{Players: 4, Leader: 4}, "leader"},
		{"a negative leader", Trick{Players: 4, Leader: -1}, "leader"},
		{"a play by a seat not at the table", Trick{Players: 3, Plays: []Play{{Seat: 0, Card: lamps3}, {Seat: 3, Fold: true}}}, "plays[1].seat"},
		{"a fold with a card", Trick{Players: 3, Plays: []Play{{Seat: 0, Card: lamps3}, {Seat: 1, Card: grue, Fold: true}}}, "plays[1]"},
		{"a play without a card", Trick{Players: 3, Plays: []Play{{Seat: 0}}}, "plays[0].card"},
		{"a standard card", Trick{Players: 3, Plays: []Play{{Seat: 0, Card: cards.Card{Rank: 7, Suit: cards.Hearts}}}}, "plays[0].card"},
		{"a card played twice", Trick{Players: 3, Plays: []Play{{Seat: 0, Card: lamps3}, {Seat: 1, Card: grue}, {Seat: 2, Card: lamps3}}}, "plays[2].card"},
		{"hands for the wrong number of seats", Trick{Players: 3, Hands: [][]cards.Card{{lamps3}}}, "hands"},
		{"a hand longer than the deal", Trick{Players: 4, Hands: [][]cards.Card{nil, append(twelve, grue), nil, nil}}, "hands[1]"},
		{"a card in two hands", Trick{Players: 3, Hands: [][]cards.Card{{grue}, {lamps3}, {mustCard("4 Tops"), lamps3}}}, "hands[2][1]"},
		{"a card not in the deck in a hand", Trick{Players: 3, Hands: [][]cards.Card{{}, {cards.Card{Rank: 10, Suit: cards.Lamps}}, {}}}, "hands[1][0]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Score(tc.trick)
			var ie *InputError
			if !errors.As(err, &ie) {
				t.Fatalf("Score error = %v; want an *InputError", err)
			}
			if ie.Field != tc.field {
				t.Errorf("Field = %q, want %q (%v)", ie.Field, tc.field, err)
			}
			if ie.Msg.IsZero() || err.Error() != "trophy: "+ie.Field+": "+ie.Msg.String() {
				t.Errorf("Error() = %q", err.Error())
			}
		})
	}
	// A full deal is no shape problem.
	if _, err := Score(Trick{Players: 4, Hands: [][]cards.Card{nil, twelve, nil, nil}}); err != nil {
		t.Errorf("a hand of 12 at a table of 4: %v", err)
	}
}
