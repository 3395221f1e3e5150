package trophy

import (
	"strconv"

	"meldpad/rules/cards"
	"meldpad/rules/msg"
)

// InputError reports a trick whose shape is wrong before any rule applies:
// a player count outside 3-5, a seat that does not exist, a hand longer
// than the deal, a card the Fanucci deck does not hold or holds only once.
// The API answers these with 400. Field names the culprit the way the API's
// JSON does ("players", "plays[2].card", "hands[1][0]"), so the HTTP layer
// can pass it on as the error's "field".
type InputError struct {
	Field string
	Msg   msg.Msg
}

// Error says the message plainly (msg.Plain).
func (e *InputError) Error() string { return "trophy: " + e.Field + ": " + e.Msg.String() }

// Message is what is wrong, to be said in the table's language.
func (e *InputError) Message() msg.Msg { return e.Msg }

func bad(field string, m msg.Msg) *InputError {
	return &InputError{Field: field, Msg: m}
}

// deckSize is the number of cards in the Fanucci deck: fifteen suits of
// eleven cards, and nine trumps (the decks).
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
		return bad("players", msg.New("trophy.players", msg.N("Count", t.Players), msg.N("Min", MinPlayers), msg.N("Max", MaxPlayers)))
	}
	if t.Leader < 0 || t.Leader >= t.Players {
		return bad("leader", msg.New("trophy.no_seat", msg.N("Seat", t.Leader), msg.N("Players", t.Players), msg.N("Last", t.Players-1)))
	}
	var seen [deckSize]bool
	if t.Hands != nil {
		if len(t.Hands) != t.Players {
			return bad("hands", msg.New("trophy.hands", msg.N("Count", len(t.Hands)), msg.N("Players", t.Players)))
		}
		size := HandSize(t.Players)
		for seat, hand := range t.Hands {
			if len(hand) > size {
				return bad(handField(seat), msg.New("trophy.hand_size", msg.N("Count", len(hand)), msg.N("Players", t.Players), msg.N("Dealt", size)))
			}
			for j, c := range hand {
				if m := see(&seen, c); !m.IsZero() {
					return bad(handField(seat)+"["+strconv.Itoa(j)+"]", m)
				}
			}
		}
	}
	seen = [deckSize]bool{}
	for i, p := range t.Plays {
		if p.Seat < 0 || p.Seat >= t.Players {
			return bad(playField(i)+".seat", msg.New("trophy.no_seat", msg.N("Seat", p.Seat), msg.N("Players", t.Players), msg.N("Last", t.Players-1)))
		}
		if p.Fold {
			if !p.Card.IsZero() {
				return bad(playField(i), msg.New("trophy.fold_card", msg.V("Card", p.Card)))
			}
			continue
		}
		if p.Card.IsZero() {
			return bad(playField(i)+".card", msg.New("trophy.play_needs_card"))
		}
		if m := see(&seen, p.Card); !m.IsZero() {
			return bad(playField(i)+".card", m)
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
func see(seen *[deckSize]bool, c cards.Card) msg.Msg {
	i, ok := deckIndex(c)
	if !ok {
		return msg.New("trophy.not_in_deck", msg.V("Card", c))
	}
	if seen[i] {
		return msg.New("trophy.only_one", msg.V("Card", c))
	}
	seen[i] = true
	return msg.Msg{}
}
