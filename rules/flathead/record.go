package flathead

import (
	"encoding/json"
	"strconv"

	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// Record is a Flathead hand as the scorepad stores it: who went out, and
// for each seat the melds it laid down (each with the cards anyone laid
// off onto it during play) and the cards left in its hand, all canonical.
// The points are worked out again from it.
type Record struct {
	Winner  int            `json:"winner"`
	Players []PlayerRecord `json:"players"`
}

// PlayerRecord is one seat's part of a stored hand.
type PlayerRecord struct {
	Melds []MeldRecord `json:"melds"`
	Hand  []string     `json:"hand"`
}

// MeldRecord is a meld as laid down, and the cards laid off onto it
// later during play.
type MeldRecord struct {
	Cards   []string `json:"cards"`
	LaidOff []string `json:"laid_off,omitempty"`
}

// DecodeRecord reads a stored hand of a table of the given number of
// seats. A record that is not one is an error, and the import refuses a
// file holding one: a field of the wrong type, a winner that is no seat,
// more players than the table has, more melds than a sheet shows, a card
// the Fanucci deck does not hold, or a seat beyond what a hand leaves
// (checkRecordBounds: a loser's 10 cards, F6; 3 bonus marks, F8).
func DecodeRecord(raw json.RawMessage, seats int) (Record, error) {
	var rec Record
	if err := json.Unmarshal(raw, &rec); err != nil {
		return Record{}, err
	}
	if rec.Winner < 0 || rec.Winner >= seats {
		return Record{}, ruling.Bad("winner", msg.New("game.record_seat", msg.S("Field", "winner"), msg.N("Seat", rec.Winner), msg.N("Last", seats-1)))
	}
	if len(rec.Players) > seats {
		return Record{}, ruling.Bad("players", msg.New("game.record_players", msg.N("Count", len(rec.Players)), msg.N("Seats", seats)))
	}
	deck := cards.Fanucci()
	for seat, p := range rec.Players {
		field := game.Index("players", seat)
		if len(p.Melds) > game.MaxGroupFields {
			return Record{}, ruling.Bad(field+".melds", msg.New("game.too_many_lists", msg.S("Field", field+".melds"), msg.N("Count", len(p.Melds)), msg.M("Lists", msg.New("game.melds")), msg.N("Max", game.MaxGroupFields)))
		}
		for i, m := range p.Melds {
			at := game.Index(field+".melds", i)
			if err := game.CheckStored(deck, m.Cards, at+".cards", false); err != nil {
				return Record{}, err
			}
			if err := game.CheckStored(deck, m.LaidOff, at+".laid_off", false); err != nil {
				return Record{}, err
			}
		}
		if err := game.CheckStored(deck, p.Hand, field+".hand", false); err != nil {
			return Record{}, err
		}
		if err := checkRecordBounds(p, field, seat == rec.Winner); err != nil {
			return Record{}, err
		}
	}
	return rec, nil
}

// checkRecordBounds refuses a seat's part of a stored hand that no sheet
// stores, since no hand ends so: a loser keeping more than HandSize cards
// (F6), or a seat with more than MaxMarks bonus melds laid down (F8).
func checkRecordBounds(p PlayerRecord, field string, winner bool) error {
	if n := len(p.Hand); !winner && n > HandSize {
		return ruling.Refuse("F6", msg.New("flathead.record_hand", msg.S("Field", field+".hand"), msg.N("Count", n), msg.N("Max", HandSize)))
	}
	bonus := 0
	deck := cards.Fanucci()
	for _, m := range p.Melds {
		meld, err := deck.ParseList(m.Cards)
		if err == nil && Check(meld).Bonus {
			bonus++
		}
	}
	if bonus > MaxMarks {
		return ruling.Refuse("F8", msg.New("flathead.record_bonus", msg.S("Field", field+".melds"), msg.N("Count", bonus), msg.N("Max", MaxMarks)))
	}
	return nil
}

func itoa(n int) string { return strconv.Itoa(n) }
