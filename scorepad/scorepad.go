// Package scorepad owns a game in play: it loads a game once, with its
// rules, works out what its hands decide by those rules, and records,
// corrects and deletes hands with the store's token and version checks.
// The pages and the API ask it; the store (package db) keeps rows and
// knows no game's rules.
package scorepad

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"

	lru "github.com/hashicorp/golang-lru/v2"

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
	Lite bool
	// Kept says the game was not read either: it is this server's copy
	// as its last save here left it (Kept.Table), which only a save the
	// store then takes proves current.
	Kept  bool
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

// Writer is what recording hands needs of the store.
type Writer interface {
	Reader
	AddHand(ctx context.Context, gameID int64, in db.HandInput, c db.Change, from int, d db.Derived) (db.Hand, error)
	CorrectHand(ctx context.Context, gameID, handID int64, in db.HandInput, c db.Change, from int, d db.Derived) (db.Hand, error)
	DeleteHand(ctx context.Context, gameID, handID int64, c db.Change, from int, d db.Derived) error
}

// A Judge checks a hand as a phone entered it, by points or card by
// card, against the game as it stands, and returns the hand to record;
// an error refuses it, and nothing is saved.
type Judge func(t Table) (db.HandInput, error)

// Judged is the judge of an entry judged already: its hand is recorded
// as it is.
func Judged(in db.HandInput) Judge {
	return func(Table) (db.HandInput, error) { return in, nil }
}

// maxTries bounds how often a change is worked out again because the
// game changed between the read and the write (db.ErrStale): each try
// loses only to a save to the same game that won, so more than a few
// mean a table of phones saving at once, and the last is told so.
const maxTries = 8

// Add records the hand judge makes at the end of game t, loaded lite or
// whole: what the game's hands then decide is worked out here and stored
// with it. When the game changed between the read and the write, it is
// read again and the entry judged again, so that a hand is always
// checked against the very game it is added to (a by-points entry is
// checked anew; a card-entered one, judged as it was read, is Judged).
// It returns the game the entry was last judged against, with the hand
// saved or the store's error (db.ErrConflict, db.ErrGameOver,
// *db.AlreadySavedError...), or judge's own. A game over refuses any
// entry with db.ErrGameOver, whatever the entry's faults.
func Add(ctx context.Context, store Writer, t Table, judge Judge, c db.Change) (Table, db.Hand, error) {
	played, _, h, err := add(ctx, store, t, judge, c)
	return played, h, err
}

// add is Add, returning also the game as the save left it.
func add(ctx context.Context, store Writer, t Table, judge Judge, c db.Change) (Table, Table, db.Hand, error) {
	for try := 1; ; try++ {
		in, err := judge(t)
		if err != nil && t.Game.Finished() {
			return t, Table{}, db.Hand{}, db.ErrGameOver
		}
		if err != nil {
			return t, Table{}, db.Hand{}, err
		}
		tally, d := t.next(in)
		h, err := store.AddHand(ctx, t.Game.ID, in, c, t.Game.Version, d)
		if err == nil {
			return t, t.after(h, tally, d), h, nil
		}
		if !errors.Is(err, db.ErrStale) || try == maxTries || t.Kept {
			return t, Table{}, h, err
		}
		if t, err = LoadLite(ctx, store, t.Game.PublicID); err != nil {
			return t, Table{}, db.Hand{}, err
		}
	}
}

// after is game t as the save of hand h, deciding tally and d, left it:
// lite, at the version the write gave it. Its Kept is not set.
func (t Table) after(h db.Hand, tally game.Tally, d db.Derived) Table {
	g := t.Game
	g.Version, g.Tally, g.MaxSeq, g.LastSeq, g.UpdatedAt = h.GameVersion, d.Tally, h.Seq, h.Seq, h.Updated
	if d.Finished {
		g.Status, g.Winner = db.StatusFinished, d.Winner
		if g.FinishedAt.IsZero() {
			g.FinishedAt = h.Updated
		}
	}
	g.Seats = slices.Clone(g.Seats)
	for i := range g.Seats {
		if i < len(d.Seats) {
			g.Seats[i].Total, g.Seats[i].Final, g.Seats[i].Place = d.Seats[i].Total, d.Seats[i].Final, d.Seats[i].Place
		}
	}
	return Table{Game: g, Rules: t.Rules, Lite: true, tally: tally}
}

// Kept is what this server keeps of the games it saves hands to: each
// as the last save here left it, so that the game's next save is judged
// without reading it. A copy is a guess that no other write came in
// between, which the save's own version check settles (the store says
// db.ErrStale, or another error, to a copy gone stale); it is used only
// at the version the phone's form was made from, and only for a save the
// store takes: anything else, a refusal, a conflict or a form only
// shown, is answered from the game read anew (the caller is told
// ErrNotKept). Every write to a game on this server replaces or forgets
// its copy (Forget beside the write); another server's write is caught
// by the version check.
type Kept struct{ games *lru.Cache[string, Table] }

// MaxKept bounds the games kept: those saved to on this server lately,
// each a few hundred bytes (its seats, its settings and tally).
const MaxKept = 1024

// ErrNotKept is what Kept.Add says, and what a caller answering a save
// judged on a kept copy says, when anything but a save the store took
// came of it: the copy is forgotten, and the save is to be done again
// on the game as read.
var ErrNotKept = errors.New("scorepad: the kept copy of the game did not make a save")

// NewKept keeps up to MaxKept games.
func NewKept() *Kept {
	games, _ := lru.New[string, Table](MaxKept) // the size is positive: it cannot fail
	return &Kept{games: games}
}

// Table is the game with the link given as the last save here left it,
// when that left it at version (the phone's form's; 0, none, is not
// kept).
func (k *Kept) Table(link string, version int) (Table, bool) {
	t, ok := k.games.Get(link)
	if !ok || version == 0 || t.Game.Version != version {
		return Table{}, false
	}
	t.Kept = true
	return t, true
}

// Forget forgets the kept copy of the game with the link given. Every
// write to a game other than Add forgets it, beside the write.
func (k *Kept) Forget(link string) { k.games.Remove(link) }

// ForgetAll forgets every kept copy: a write that changes what many
// games show (a league's player renamed) forgets them all.
func (k *Kept) ForgetAll() { k.games.Purge() }

// Add is Add, keeping the game as the save leaves it (one the save ends
// is forgotten: it takes no more hands). On a game t that was kept
// (Table), anything but a save the store took forgets the copy and is
// ErrNotKept, with the game as it was given, to be saved again from the
// game as read.
func (k *Kept) Add(ctx context.Context, store Writer, t Table, judge Judge, c db.Change) (Table, db.Hand, error) {
	played, left, h, err := add(ctx, store, t, judge, c)
	switch {
	case err != nil && t.Kept:
		k.Forget(t.Game.PublicID)
		return t, db.Hand{}, fmt.Errorf("%w: %w", ErrNotKept, err)
	case err != nil || h.GameVersion == 0 || left.Game.Finished():
		// Not saved, or saved by an earlier post of the form (the game's
		// version then is not known), or over.
		k.Forget(t.Game.PublicID)
	default:
		k.games.Add(left.Game.PublicID, left)
	}
	return played, h, err
}

// Correct is Correct, forgetting the game's kept copy once written.
func (k *Kept) Correct(ctx context.Context, store Writer, t Table, handID int64, in db.HandInput, c db.Change) (db.Hand, error) {
	defer k.Forget(t.Game.PublicID)
	return Correct(ctx, store, t, handID, in, c)
}

// Delete is Delete, forgetting the game's kept copy once written.
func (k *Kept) Delete(ctx context.Context, store Writer, t Table, handID int64, c db.Change) error {
	defer k.Forget(t.Game.PublicID)
	return Delete(ctx, store, t, handID, c)
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
	_, d := t.next(in)
	return d
}

// next is added, with the tally it stores.
func (t Table) next(in db.HandInput) (game.Tally, db.Derived) {
	tally, res := t.Rules.Next(t.State(), Round(in))
	return tally, derived(tally, res, nil)
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
