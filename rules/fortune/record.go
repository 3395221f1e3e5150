package fortune

import (
	"encoding/json"
	"strconv"

	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// Record is a Fortune Rummy hand as the scorepad stores it, in the shape
// of the API's hands/score request: cards canonical, declared deuce
// readings kept as typed ("2C=7H"), undeclared ones left for the rules to
// read.
type Record struct {
	Players []PlayerRecord `json:"players"`
}

// PlayerRecord is one seat's part of a stored hand: its melds on the
// table, lay-offs included in the meld they joined (R3), and the cards
// left in its hand.
type PlayerRecord struct {
	Melds [][]string `json:"melds"`
	Hand  []string   `json:"hand"`
}

// DecodeRecord reads a stored hand of a table of the given number of
// seats. A record that is not one is an error, and the import refuses a
// file holding one: a field of the wrong type (the decoding error as
// encoding/json words it), more players than the table has, more melds
// than a sheet shows, or a card the two standard decks do not hold (a
// reading only on a card melded, never on one held).
func DecodeRecord(raw json.RawMessage, seats int) (Record, error) {
	var rec Record
	if err := json.Unmarshal(raw, &rec); err != nil {
		return Record{}, err
	}
	if len(rec.Players) > seats {
		return Record{}, ruling.Bad("players", msg.New("game.record_players", msg.N("Count", len(rec.Players)), msg.N("Seats", seats)))
	}
	deck := cards.DoubleStandard()
	for seat, p := range rec.Players {
		field := game.Index("players", seat)
		if err := game.CheckStoredGroup(deck, p.Melds, field+".melds", msg.New("game.melds")); err != nil {
			return Record{}, err
		}
		if err := game.CheckStored(deck, p.Hand, field+".hand", false); err != nil {
			return Record{}, err
		}
	}
	return rec, nil
}

// recordOf is the record of a hand as the sheet read it.
func recordOf(players []Player) json.RawMessage {
	rec := Record{Players: make([]PlayerRecord, len(players))}
	for seat, p := range players {
		out := &rec.Players[seat]
		out.Melds = make([][]string, len(p.Melds))
		for i, meld := range p.Melds {
			out.Melds[i] = game.PlayStrings(meld)
		}
		out.Hand = game.CardStrings(p.Hand)
	}
	raw, _ := json.Marshal(rec) // strings only: it cannot fail
	return raw
}

func itoa(n int) string { return strconv.Itoa(n) }
