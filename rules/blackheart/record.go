package blackheart

import (
	"encoding/json"
	"strconv"

	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// Record is a Black Heart deal as the scorepad stores it, in the shape of
// the API's hands/score request: cards canonical, declared wild readings
// kept as typed ("JD=7H"), undeclared ones left for the rules to read.
type Record struct {
	WentOut    int            `json:"went_out"`
	BlackHeart bool           `json:"black_heart"`
	Players    []PlayerRecord `json:"players"`
}

// PlayerRecord is one seat's part of a stored deal: the sets it laid
// down, the single cards it laid off, and the cards left in its hand.
type PlayerRecord struct {
	Melds   [][]string `json:"melds"`
	Layoffs []string   `json:"layoffs"`
	Hand    []string   `json:"hand"`
}

// DecodeRecord reads a stored deal of a table of the given number of
// seats. A record that is not one is an error, and the import refuses a
// file holding one: a field of the wrong type, a went_out that is no seat
// (-1 is nobody), more players than the table has, more sets than a sheet
// shows, or a card the Black Heart deck does not hold (a reading only on
// a card played, never on one held).
func DecodeRecord(raw json.RawMessage, seats int) (Record, error) {
	var rec Record
	if err := json.Unmarshal(raw, &rec); err != nil {
		return Record{}, err
	}
	if rec.WentOut < -1 || rec.WentOut >= seats {
		return Record{}, ruling.Bad("went_out", msg.New("blackheart.went_out_seat", msg.N("Seat", rec.WentOut), msg.N("Last", seats-1)))
	}
	if len(rec.Players) > seats {
		return Record{}, ruling.Bad("players", msg.New("game.record_players", msg.N("Count", len(rec.Players)), msg.N("Seats", seats)))
	}
	deck := cards.BlackHeart()
	for seat, p := range rec.Players {
		field := game.Index("players", seat)
		if err := game.CheckStoredGroup(deck, p.Melds, field+".melds", msg.New("game.sets")); err != nil {
			return Record{}, err
		}
		if err := game.CheckStored(deck, p.Layoffs, field+".layoffs", true); err != nil {
			return Record{}, err
		}
		if err := game.CheckStored(deck, p.Hand, field+".hand", false); err != nil {
			return Record{}, err
		}
	}
	return rec, nil
}

// recordOf is the record of a deal as the sheet read it.
func recordOf(d Deal) json.RawMessage {
	rec := Record{WentOut: d.WentOut, BlackHeart: d.BlackHeart, Players: make([]PlayerRecord, len(d.Players))}
	for seat, p := range d.Players {
		out := &rec.Players[seat]
		out.Melds = make([][]string, len(p.Melds))
		for i, set := range p.Melds {
			out.Melds[i] = game.PlayStrings(set)
		}
		out.Layoffs = game.PlayStrings(p.Layoffs)
		out.Hand = game.CardStrings(p.Hand)
	}
	raw, _ := json.Marshal(rec) // strings, ints and bools only: it cannot fail
	return raw
}

func itoa(n int) string { return strconv.Itoa(n) }
