package trophy

import (
	"encoding/json"
	"strconv"

	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// Record is a Trophy Case trick as the scorepad stores it: the leader and
// the plays when they were entered, the quick entry when it was, and
// whether new hands were dealt after the trick (T6).
type Record struct {
	Leader   *int         `json:"leader,omitempty"`
	Plays    []PlayRecord `json:"plays,omitempty"`
	Quick    *QuickRecord `json:"quick,omitempty"`
	EndsHand bool         `json:"ends_hand,omitempty"`
}

// PlayRecord is one turn: a card (canonical) or a fold.
type PlayRecord struct {
	Seat int    `json:"seat"`
	Card string `json:"card,omitempty"`
	Fold bool   `json:"fold,omitempty"`
}

// QuickRecord is the quick entry: the winner and the cards of the trick.
type QuickRecord struct {
	Winner int      `json:"winner"`
	Cards  []string `json:"cards"`
}

// MaxPlays is the most plays one trick can take at a table of the given
// size: every card dealt, and a fold by each player but the last one in
// (T2, T3, T5).
func MaxPlays(players int) int {
	return HandSize(players)*players + players - 1
}

// DecodeRecord reads a stored trick of a table of the given number of
// seats. A record that is not one is an error, and the import refuses a
// file holding one: a field of the wrong type, a leader, a play's seat or
// the quick entry's winner that is no seat, more plays than a trick
// takes, a play with both a card and a fold or with neither, a card the
// Fanucci deck does not hold, a card given twice in the plays or in the
// quick entry (each entry counts its cards apart), more than one trump
// in the quick entry (T5), or more cards than were dealt: a seat's plays
// beyond its hand, a quick entry beyond the table's (T6).
func DecodeRecord(raw json.RawMessage, seats int) (Record, error) {
	var rec Record
	if err := json.Unmarshal(raw, &rec); err != nil {
		return Record{}, err
	}
	if rec.Leader != nil {
		if err := checkSeat("leader", *rec.Leader, seats); err != nil {
			return Record{}, err
		}
	}
	if most := max(MaxPlays(seats), 0); len(rec.Plays) > most {
		return Record{}, ruling.Bad("plays", msg.New("trophy.record_plays", msg.N("Count", len(rec.Plays)), msg.N("Seats", seats), msg.N("Max", most)))
	}
	deck := cards.Fanucci()
	tally := deck.NewTally()
	played := make([]int, seats) // cards by seat: at most the deal's (T6)
	for i, p := range rec.Plays {
		field := game.Index("plays", i)
		if err := checkSeat(field+".seat", p.Seat, seats); err != nil {
			return Record{}, err
		}
		if !p.Fold {
			if played[p.Seat]++; played[p.Seat] > HandSize(seats) {
				return Record{}, ruling.Refuse("T6", msg.New("trophy.record_card", msg.S("Field", field), msg.N("Seat", p.Seat), msg.N("Card", played[p.Seat]), msg.N("Players", seats), msg.N("Dealt", HandSize(seats))))
			}
		}
		switch {
		case p.Fold && p.Card != "":
			return Record{}, ruling.Bad(field+".card", msg.New("trophy.record_fold_card", msg.S("Field", field+".card"), msg.S("Card", strconv.Quote(p.Card))))
		case p.Fold:
			continue
		case p.Card == "":
			return Record{}, ruling.Bad(field+".card", msg.New("trophy.record_no_card", msg.S("Field", field)))
		}
		if err := checkCard(deck, tally, p.Card, field+".card"); err != nil {
			return Record{}, err
		}
	}
	if q := rec.Quick; q != nil {
		if err := checkSeat("quick.winner", q.Winner, seats); err != nil {
			return Record{}, err
		}
		if most := MostTrickCards(seats, true); len(q.Cards) > most {
			return Record{}, ruling.Refuse("T6", msg.New("trophy.record_quick", msg.N("Count", len(q.Cards)), msg.N("Max", most)))
		}
		tally := deck.NewTally()
		trumps := 0
		for i, s := range q.Cards {
			field := game.Index("quick.cards", i)
			if err := checkCard(deck, tally, s, field); err != nil {
				return Record{}, err
			}
			if c, _ := deck.Parse(s); c.IsTrump() {
				trumps++
			}
			if trumps > 1 {
				return Record{}, ruling.Bad(field, msg.New("trophy.record_second_trump", msg.S("Field", field)))
			}
		}
	}
	return rec, nil
}

// checkSeat checks that a stored seat is one of the table's.
func checkSeat(field string, seat, seats int) error {
	if seat < 0 || seat >= seats {
		return ruling.Bad(field, msg.New("game.record_seat", msg.S("Field", field), msg.N("Seat", seat), msg.N("Last", seats-1)))
	}
	return nil
}

// checkCard checks that a stored card is one of the deck, given no more
// often than the deck holds it.
func checkCard(deck *cards.Deck, tally *cards.Tally, s, field string) error {
	c, err := deck.Parse(s)
	if err == nil {
		err = tally.Add(c)
	}
	if err != nil {
		return ruling.Bad(field, msg.New("game.stored_card", msg.S("Field", field), msg.S("Text", strconv.Quote(s)), msg.M("Why", game.ParseMessage(err))))
	}
	return nil
}

// recordOf is the record of a trick as the sheet read it: the plays
// refereed (with the leader) when they were entered, the quick entry
// when it was.
func recordOf(plays sheetPlays, quick quickEntry, endsHand bool) json.RawMessage {
	rec := Record{EndsHand: endsHand}
	if plays.entered {
		leader := plays.leader
		rec.Leader = &leader
		for _, p := range plays.plays {
			tp := PlayRecord{Seat: p.Seat, Fold: p.Fold}
			if !p.Fold {
				tp.Card = p.Card.String()
			}
			rec.Plays = append(rec.Plays, tp)
		}
	}
	if quick.entered {
		rec.Quick = &QuickRecord{Winner: quick.winner, Cards: cards.Strings(quick.cards)}
	}
	raw, _ := json.Marshal(rec) // strings, ints and bools only: it cannot fail
	return raw
}

func itoa(n int) string { return strconv.Itoa(n) }
