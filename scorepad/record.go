package scorepad

import (
	"context"
	"encoding/json"
	"errors"

	"meldpad/db"
	"meldpad/rules"
	"meldpad/rules/game"
)

// Writer is what recording hands needs of the store.
type Writer interface {
	Reader
	AddHand(ctx context.Context, gameID int64, in db.HandInput, c db.Change, from int, d db.Derived) (db.Hand, error)
	CorrectHand(ctx context.Context, gameID, handID int64, in db.HandInput, c db.Change, from int, d db.Derived) (db.Hand, error)
	DeleteHand(ctx context.Context, gameID, handID int64, c db.Change, from int, d db.Derived) error
}

// An Entry is a hand as a phone entered it, by points or card by card.
type Entry interface {
	// Judge checks the entry against the game as it stands and returns
	// the hand to record; an error refuses it, and nothing is saved.
	Judge(t Table) (db.HandInput, error)
}

// EntryFunc is a function that judges an entry, as an Entry.
type EntryFunc func(t Table) (db.HandInput, error)

// Judge calls f.
func (f EntryFunc) Judge(t Table) (db.HandInput, error) { return f(t) }

// Judged is an entry judged already: its hand is recorded as it is.
type Judged db.HandInput

// Judge returns the hand.
func (j Judged) Judge(Table) (db.HandInput, error) { return db.HandInput(j), nil }

// maxTries bounds how often a change is worked out again because the
// game changed between the read and the write (db.ErrStale): each try
// loses only to a save to the same game that won, so more than a few
// mean a table of phones saving at once, and the last is told so.
const maxTries = 8

// Add records the hand e makes at the end of game t, loaded lite or
// whole: what the game's hands then decide is worked out here and stored
// with it. When the game changed between the read and the write, it is
// read again and e judged again, so that a hand is always checked against
// the very game it is added to. It returns the game e was last judged
// against, with the hand saved or the store's error (db.ErrConflict,
// db.ErrGameOver, *db.AlreadySavedError...), or e's own. A game over
// refuses any entry with db.ErrGameOver, whatever the entry's faults.
func Add(ctx context.Context, store Writer, t Table, e Entry, c db.Change) (Table, db.Hand, error) {
	for try := 1; ; try++ {
		in, err := e.Judge(t)
		if err != nil && t.Game.Finished() {
			return t, db.Hand{}, db.ErrGameOver
		}
		if err != nil {
			return t, db.Hand{}, err
		}
		h, err := store.AddHand(ctx, t.Game.ID, in, c, t.Game.Version, t.added(in))
		if !errors.Is(err, db.ErrStale) || try == maxTries {
			return t, h, err
		}
		if t, err = LoadLite(ctx, store, t.Game.PublicID); err != nil {
			return t, db.Hand{}, err
		}
	}
}

// Correct replaces what was recorded for the hand handID of game t,
// loaded whole, with in, and stores what the game's hands then decide.
// A game changed since t was read is read again and worked out anew.
func Correct(ctx context.Context, store Writer, t Table, handID int64, in db.HandInput, c db.Change) (db.Hand, error) {
	for try := 1; ; try++ {
		rounds := t.Rounds()
		for i, h := range t.Hands {
			if h.ID == handID {
				rounds[i] = Round(in)
			}
		}
		h, err := store.CorrectHand(ctx, t.Game.ID, handID, in, c, t.Game.Version, t.replayed(rounds))
		if !errors.Is(err, db.ErrStale) || try == maxTries {
			return h, err
		}
		if t, err = Load(ctx, store, t.Game.PublicID); err != nil {
			return db.Hand{}, err
		}
	}
}

// Delete deletes the hand handID of game t, loaded whole, and stores
// what the hands left decide. A game changed since t was read is read
// again and worked out anew.
func Delete(ctx context.Context, store Writer, t Table, handID int64, c db.Change) error {
	for try := 1; ; try++ {
		var left []rules.Round
		for _, h := range t.Hands {
			if h.ID != handID {
				left = append(left, HandRound(h))
			}
		}
		err := store.DeleteHand(ctx, t.Game.ID, handID, c, t.Game.Version, t.replayed(left))
		if !errors.Is(err, db.ErrStale) || try == maxTries {
			return err
		}
		if t, err = Load(ctx, store, t.Game.PublicID); err != nil {
			return err
		}
	}
}

// added is what the game's hands decide once in is added to them, from
// its tally: the seats' best and worst hands are left to the store,
// which compares the new hand's points with the ones it keeps.
func (t Table) added(in db.HandInput) db.Derived {
	tally, res := t.Rules.Next(t.State(), Round(in))
	return derived(tally, res, nil)
}

// replayed is what rounds decide in game t, worked out from the first,
// with each seat's best and worst hand among them.
func (t Table) replayed(rounds []rules.Round) db.Derived {
	tally, res := t.Rules.Play(t.State(), rounds)
	points := make([][]int, len(rounds))
	for i, r := range rounds {
		points[i] = r.Points
	}
	return derived(tally, res, points)
}

// derived is what the store keeps of a tally and a result; with the
// hands' points (not nil), each seat's best and worst hand among them.
func derived(tally game.Tally, res game.Result, points [][]int) db.Derived {
	raw, _ := json.Marshal(tally) // ints and bools only
	d := db.Derived{Tally: raw, Rounds: tally.Rounds, Finished: res.Finished, Winner: res.Winner(),
		Seats: make([]db.SeatResult, len(tally.Totals))}
	var best, worst []db.HandScore
	if points != nil {
		best, worst = extremes(points, len(d.Seats))
	}
	for seat := range d.Seats {
		sr := &d.Seats[seat]
		sr.Total = tally.Totals[seat]
		if res.Finished {
			sr.Final, sr.Place = res.Final[seat], res.Places[seat]
		}
		if best != nil && best[seat].Hand > 0 {
			sr.Best, sr.Worst = &best[seat], &worst[seat]
		}
	}
	return d
}

// extremes are each seat's best and worst hand of a game: the most and
// the fewest points the seat got in one hand, the earliest on a tie.
// points holds the game's hands in order, each by seat.
func extremes(points [][]int, seats int) (best, worst []db.HandScore) {
	best, worst = make([]db.HandScore, seats), make([]db.HandScore, seats)
	for i, hand := range points {
		for seat := range seats {
			p := 0
			if seat < len(hand) {
				p = hand[seat]
			}
			if best[seat].Hand == 0 || p > best[seat].Points {
				best[seat] = db.HandScore{Points: p, Hand: i + 1}
			}
			if worst[seat].Hand == 0 || p < worst[seat].Points {
				worst[seat] = db.HandScore{Points: p, Hand: i + 1}
			}
		}
	}
	return best, worst
}

// AddTo records hand in, judged already, at the end of the game with
// the link given: Add, the game read first.
func AddTo(ctx context.Context, store Writer, link string, in db.HandInput, c db.Change) (db.Hand, error) {
	t, err := LoadLite(ctx, store, link)
	if err != nil {
		return db.Hand{}, err
	}
	_, h, err := Add(ctx, store, t, Judged(in), c)
	return h, err
}

// CorrectIn is Correct in the game with the link given, read first.
func CorrectIn(ctx context.Context, store Writer, link string, handID int64, in db.HandInput, c db.Change) (db.Hand, error) {
	t, err := Load(ctx, store, link)
	if err != nil {
		return db.Hand{}, err
	}
	return Correct(ctx, store, t, handID, in, c)
}

// DeleteIn is Delete in the game with the link given, read first.
func DeleteIn(ctx context.Context, store Writer, link string, handID int64, c db.Change) error {
	t, err := Load(ctx, store, link)
	if err != nil {
		return err
	}
	return Delete(ctx, store, t, handID, c)
}
