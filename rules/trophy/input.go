package trophy

import (
	"fmt"
	"strconv"

	"meldpad/rules/cards"
)

// InputError reports a trick whose shape is wrong before any rule applies:
// a player count outside 3-5, a seat that does not exist, a hand longer
// than the deal, a card the Fanucci deck does not hold or holds only once.
// The API answers these with 400. Field names the culprit the way the API's
// JSON does ("players", "plays[2].card", "hands[1][0]"), so the HTTP layer
// can pass it on as the error's "field".
type InputError struct {
	Field string
	Msg   string
}

func (e *InputError) Error() string { return "trophy: " + e.Field + ": " + e.Msg }

func inputErrorf(field, format string, args ...any) *InputError {
	return &InputError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

// deckSize is the number of cards in the Fanucci deck: fifteen suits of
// eleven cards, and nine trumps (RULES.md §1).
const deckSize = 15*11 + 9

// deckIndex numbers the cards of the Fanucci deck 0..deckSize-1, so that
// the referee can keep per-card facts in arrays instead of maps. It reports
// false for any card the deck does not hold, including the zero Card.
func deckIndex(c cards.Card) (int, bool) {
	switch {
	case c.Trump != cards.NoTrump:
		if c.Suit != cards.NoSuit || c.Rank != 0 || c.Trump > cards.TimeTrump {
			return 0, false
		}
		return 15*11 + int(c.Trump) - 1, true
	case c.Suit.IsFanucci() && (c.Rank <= 9 || c.Rank == cards.Infinity):
		return (int(c.Suit)-int(cards.Books))*11 + rankIndex(c.Rank), true
	}
	return 0, false
}

// validate checks the shape of t, everything the HTTP layer would answer
// with 400, before any rule is applied. It returns an *InputError.
func (t *Trick) validate() error {
	if t.Players < MinPlayers || t.Players > MaxPlayers {
		return inputErrorf("players", "%d players; Trophy Case is for %d to %d players", t.Players, MinPlayers, MaxPlayers)
	}
	if t.Leader < 0 || t.Leader >= t.Players {
		return inputErrorf("leader", "there is no seat %d at a table of %d (seats are 0 to %d)", t.Leader, t.Players, t.Players-1)
	}
	var seen [deckSize]bool
	if t.Hands != nil {
		if len(t.Hands) != t.Players {
			return inputErrorf("hands", "%d hands for %d players; give one per seat (empty when not known)", len(t.Hands), t.Players)
		}
		size := HandSize(t.Players)
		for seat, hand := range t.Hands {
			if len(hand) > size {
				return inputErrorf(handField(seat), "%d cards, but each of %d players is dealt %d", len(hand), t.Players, size)
			}
			for j, c := range hand {
				if msg := see(&seen, c); msg != "" {
					return &InputError{Field: handField(seat) + "[" + strconv.Itoa(j) + "]", Msg: msg}
				}
			}
		}
	}
	seen = [deckSize]bool{}
	for i, p := range t.Plays {
		if p.Seat < 0 || p.Seat >= t.Players {
			return inputErrorf(playField(i)+".seat", "there is no seat %d at a table of %d (seats are 0 to %d)", p.Seat, t.Players, t.Players-1)
		}
		if p.Fold {
			if !p.Card.IsZero() {
				return inputErrorf(playField(i), "a fold carries no card, but %s was given", p.Card)
			}
			continue
		}
		if p.Card.IsZero() {
			return inputErrorf(playField(i)+".card", "a play needs a card (or a fold)")
		}
		if msg := see(&seen, p.Card); msg != "" {
			return &InputError{Field: playField(i) + ".card", Msg: msg}
		}
	}
	return nil
}

// handField and playField name a hand and a play as the API's JSON does.
// They are built only for an error, to keep validation free of allocation.
func handField(seat int) string { return "hands[" + strconv.Itoa(seat) + "]" }
func playField(i int) string    { return "plays[" + strconv.Itoa(i) + "]" }

// see marks c as seen, or says why it cannot be: it is not a Fanucci card,
// or it was seen before and the deck holds one copy of each card.
func see(seen *[deckSize]bool, c cards.Card) string {
	i, ok := deckIndex(c)
	if !ok {
		return c.String() + " is not in the Fanucci deck"
	}
	if seen[i] {
		return "there is only one " + c.String() + " in the Fanucci deck"
	}
	seen[i] = true
	return ""
}
