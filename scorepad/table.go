// Package scorepad owns a game in play: it loads a game once, with its
// rules, works out what its hands decide by those rules, and records,
// corrects and deletes hands with the store's token and version checks.
// The pages and the API ask it; the store (package db) keeps rows and
// knows no game's rules.
package scorepad

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	"meldpad/db"
	"meldpad/rules"
	"meldpad/rules/game"
)

// Table is a game in play: the stored game, its rules, and either its
// hands so far or, for adding a hand (Lite), the tally its last write
// stored, which stands for them.
type Table struct {
	Game  db.Game
	Rules rules.Game
	Hands []db.Hand
	// Lite says the hands were not read: tally stands for them.
	Lite  bool
	tally game.Tally
}

// Reader is what loading a game in play needs of the store.
type Reader interface {
	Game(ctx context.Context, link string) (db.Game, error)
	Hands(ctx context.Context, gameID int64) ([]db.Hand, error)
}

// Load is the game with the link given and all its hands.
func Load(ctx context.Context, store Reader, link string) (Table, error) {
	g, err := store.Game(ctx, link)
	if err != nil {
		return Table{}, err
	}
	return WithHands(ctx, store, g)
}

// WithHands is game g with all its hands.
func WithHands(ctx context.Context, store Reader, g db.Game) (Table, error) {
	r, err := rulesOf(g)
	if err != nil {
		return Table{}, err
	}
	hands, err := store.Hands(ctx, g.ID)
	if err != nil {
		return Table{}, err
	}
	return Table{Game: g, Rules: r, Hands: hands}, nil
}

// LoadLite is the game with the link given for adding a hand: its stored
// tally stands for its hands, which are not read, so that adding a hand
// costs the same however long the game. A game with hands but no stored
// tally yet is loaded with its hands.
func LoadLite(ctx context.Context, store Reader, link string) (Table, error) {
	g, err := store.Game(ctx, link)
	if err != nil {
		return Table{}, err
	}
	if t, ok, err := Lite(g); ok || err != nil {
		return t, err
	}
	return WithHands(ctx, store, g)
}

// Lite is game g without reading its hands, its stored tally standing
// for them. It reports false for a game with hands but no stored tally
// (one the hands must be read for).
func Lite(g db.Game) (Table, bool, error) {
	r, err := rulesOf(g)
	if err != nil {
		return Table{}, false, err
	}
	t := Table{Game: g, Rules: r, Lite: true, tally: game.NewTally(len(g.Seats))}
	if g.Tally == nil {
		return t, g.MaxSeq == 0, nil
	}
	if err := json.Unmarshal(g.Tally, &t.tally); err != nil {
		return Table{}, false, fmt.Errorf("scorepad: tally of game %s: %w", g.PublicID, err)
	}
	return t, true, nil
}

func rulesOf(g db.Game) (rules.Game, error) {
	r, ok := rules.Lookup(g.Rules)
	if !ok {
		return rules.Game{}, fmt.Errorf("scorepad: game %s has unknown rules %q", g.PublicID, g.Rules)
	}
	return r, nil
}

// Round is a hand as the game's rules count it.
func Round(in db.HandInput) rules.Round {
	return rules.Round{Points: in.Points, Seat: in.Seat, EndsHand: in.EndsHand, EndsGame: in.EndsGame}
}

// HandRound is a stored hand as the game's rules count it.
func HandRound(h db.Hand) rules.Round {
	return rules.Round{Points: h.Points, Seat: h.Seat, EndsHand: h.EndsHand, EndsGame: h.EndsGame}
}

// Names are the seats' names, in seat order.
func (t Table) Names() []string {
	names := make([]string, len(t.Game.Seats))
	for i, s := range t.Game.Seats {
		names[i] = s.Name
	}
	return names
}

// Rounds are the game's hands as its rules count them.
func (t Table) Rounds() []rules.Round {
	rounds := make([]rules.Round, len(t.Hands))
	for i, h := range t.Hands {
		rounds[i] = HandRound(h)
	}
	return rounds
}

// State is the game as its module sees it: the seats, what was chosen at
// its creation, and the tally of its hands.
func (t Table) State() game.Table {
	tally := t.tally
	if !t.Lite {
		tally = game.TallyOf(len(t.Game.Seats), t.Rounds())
	}
	return game.Table{Names: t.Names(), HouseRules: t.Game.HouseRules, Settings: t.Game.Settings,
		FirstDealer: t.Game.FirstDealer, Tally: tally}
}

// Last is the game's last round, if it has one.
func (t Table) Last() (rules.Round, bool) {
	if t.Lite {
		return t.tally.Last, t.tally.Rounds > 0
	}
	if n := len(t.Hands); n > 0 {
		return HandRound(t.Hands[n-1]), true
	}
	return rules.Round{}, false
}

// NextNumber is the number the game's next hand takes: one more than any
// hand had, deleted ones too (see Number).
func (t Table) NextNumber() int { return t.Game.MaxSeq + 1 }

// LastNumber is the number of the game's last hand, 0 before the first.
func (t Table) LastNumber() int { return t.Game.LastSeq }

// Number is the hand's number in the game, or 0 if the hand is not
// among the game's hands. It is the hand's order of entry (db.Hand.Seq),
// not its place among the hands left: deleting deal 2 leaves deal 3 deal
// 3, on every page and in the history, and no later deal is numbered 2.
func (t Table) Number(handID int64) int {
	for _, h := range t.Hands {
		if h.ID == handID {
			return h.Seq
		}
	}
	return 0
}

// Before is the game as it stood before hand h was played: the hands up
// to it, not including it. With no hand (a new one), the whole game.
func (t Table) Before(h *db.Hand) Table {
	if h == nil {
		return t
	}
	for i, played := range t.Hands {
		if played.ID == h.ID {
			t.Hands = t.Hands[:i:i]
			return t
		}
	}
	return t
}

// Hand is the game's hand with the id given as text, or nil when there
// is none (an empty or unknown id).
func (t Table) Hand(id string) *db.Hand {
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		return nil
	}
	for i := range t.Hands {
		if t.Hands[i].ID == n {
			return &t.Hands[i]
		}
	}
	return nil
}
