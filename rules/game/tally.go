package game

import (
	"errors"

	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// Round is one entry on a scorepad as far as totals and the game's end are
// concerned: the points by seat, the seat the entry names (who went out,
// who won the trick) or -1, whether new hands were dealt after it, and
// whether the table ended the game with it.
type Round struct {
	Points []int
	Seat   int
	// EndsHand marks a round after which the deal passes on. Every round
	// of most games does; in Trophy Case only the trick after which new
	// hands were dealt (T6).
	EndsHand bool
	// EndsGame marks the round with which the table ended an open game
	// (P3): it has no points.
	EndsGame bool
}

// Tally is what a game keeps of its rounds: enough to say who has won and
// to add the next round, without reading the rounds again. A scorepad
// keeps it up to date one round at a time (Add) and works it out from the
// start only after a correction or a deletion.
type Tally struct {
	Rounds int   // rounds recorded
	Hands  int   // rounds that ended a hand: the deal has passed this often
	Totals []int // by seat
	// Scored counts, by seat, the rounds in which the seat scored more
	// than nothing (Gin's box bonus, G5).
	Scored []int
	// Last is the last round, or a round with Seat -1 before any.
	Last Round
	// Ended is set once a round ended the game (P3).
	Ended bool
}

// NewTally is the tally of a game of the given number of seats before
// any round.
func NewTally(seats int) Tally {
	return Tally{Totals: make([]int, seats), Scored: make([]int, seats), Last: Round{Seat: -1}}
}

// Add returns the tally after one more round. It does not change t.
func (t Tally) Add(r Round) Tally {
	next := Tally{Rounds: t.Rounds + 1, Hands: t.Hands, Ended: t.Ended || r.EndsGame, Last: r}
	seats := max(len(t.Totals), len(r.Points))
	next.Totals = make([]int, seats)
	next.Scored = make([]int, seats)
	copy(next.Totals, t.Totals)
	copy(next.Scored, t.Scored)
	for seat, p := range r.Points {
		next.Totals[seat] += p
		if p > 0 {
			next.Scored[seat]++
		}
	}
	if r.EndsHand {
		next.Hands++
	}
	return next
}

// TallyOf adds up rounds from the start.
func TallyOf(seats int, rounds []Round) Tally {
	t := NewTally(seats)
	for _, r := range rounds {
		t = t.Add(r)
	}
	return t
}

// Result is where a game stands.
type Result struct {
	Finished bool
	// Winners are the winning seats, in seat order: one, or several who
	// share the win (P4). Empty while the game goes on.
	Winners []int
	// Places are each seat's finishing place (1 for a winner; equal
	// places shared and the next skipped: 1, 2, 2, 4). Nil while the game
	// goes on.
	Places []int
	// Final are the totals that count once the game is over: the rounds'
	// totals plus any bonus. While the game goes on, the rounds' totals.
	Final []int
	// Bonuses are what the game adds to the rounds' totals when it ends
	// (Gin's G5), in the order the scorepad shows them.
	Bonuses []Bonus
	// Reason says how the game ended, citing the rule ("Ann reached 100
	// first (N8)" in English); zero while it goes on.
	Reason msg.Msg
}

// Winner is the winning seat, the first of several who share the win,
// or -1 while the game goes on.
func (r Result) Winner() int {
	if len(r.Winners) == 0 {
		return -1
	}
	return r.Winners[0]
}

// Bonus is one line of points a game adds when it ends.
type Bonus struct {
	Name   string // "Game bonus"
	Rule   string // "G5"
	Points []int  // by seat
}

// Playing is the result of a game that goes on.
func Playing(t Tally) Result {
	return Result{Final: append([]int(nil), t.Totals...)}
}

// Won is the result of a game the given seats won, with no bonus: the
// others placed by total, highest first when highestWins, lowest first
// otherwise.
func Won(t Tally, highestWins bool, reason msg.Msg, winners ...int) Result {
	final := append([]int(nil), t.Totals...)
	return Result{Finished: true, Winners: winners, Places: Places(final, winners, highestWins), Final: final, Reason: reason}
}

// Places gives each seat's place: 1 for the winners, then the others by
// total (highest first when highestWins), equal totals sharing a place
// and the places after them skipped.
func Places(totals []int, winners []int, highestWins bool) []int {
	won := make(map[int]bool, len(winners))
	for _, w := range winners {
		won[w] = true
	}
	better := func(a, b int) bool {
		if highestWins {
			return a > b
		}
		return a < b
	}
	places := make([]int, len(totals))
	for i, total := range totals {
		if won[i] {
			places[i] = 1
			continue
		}
		places[i] = len(winners) + 1
		for j, other := range totals {
			if j != i && !won[j] && better(other, total) {
				places[i]++
			}
		}
	}
	return places
}

// OnlyOneScores checks that nobody but r.Seat scores and that r.Seat's
// points are not negative: the check by points of the games in which
// only the player who went out, or won the trick, scores. why says so
// ("only the trick's winner scores"); the error is a *PointsError naming
// the seat whose number is wrong.
func OnlyOneScores(r Round, rule string, why msg.Msg) error {
	for seat, p := range r.Points {
		if p < 0 {
			return BadPoints(seat, rule, msg.New("game.points_negative", msg.Digits("Points", p), msg.S("Rule", rule)))
		}
		if seat != r.Seat && p != 0 {
			return BadPoints(seat, rule, msg.New("game.points_only_one", msg.Digits("Points", p), msg.M("Why", why), msg.S("Rule", rule)))
		}
	}
	return nil
}

// PointsError is a round's points the rules do not allow, blamed on one
// seat's number, so that a form shows the message beside that seat's
// field. It wraps the *ruling.Error naming the rule: ruling.RuleOf finds
// the rule through it.
//
// The rule's message is written to follow the player's name ("75 cannot
// be a Flathead score ... (F8)."): the registry (rules.Game.CheckPoints)
// sets Name from the table, and the message then reads "Ann: 75 cannot
// be ...", never a seat's index; without a name it is the same words as
// a sentence of their own.
type PointsError struct {
	Seat int
	Err  *ruling.Error
	// Beyond marks a number past what the game's cards can make (a
	// bound worked out from the rules: Fan's largest deal, Fortune's
	// fives), rather than a round of the wrong shape (a loser scoring, a
	// negative number). Earlier meldpads did not check it, so hands they
	// stored may break it: an import restores them.
	Beyond bool
	// Name is the player in Seat, or "" when the table's names are not
	// known.
	Name string
}

// Error says the message plainly (msg.Plain), as Message has it.
func (e *PointsError) Error() string { return e.Message().String() }

// Message is what the page says beside the seat's field.
func (e *PointsError) Message() msg.Msg {
	if e.Name == "" {
		return msg.Sentence(e.Err.Msg)
	}
	return msg.New("game.seat_says", msg.S("Name", e.Name), msg.M("Text", msg.Stop(e.Err.Msg)))
}

// Unwrap returns the rule's error.
func (e *PointsError) Unwrap() error { return e.Err }

// BadPoints returns a *PointsError about seat's number, breaking rule.
// The message is what follows the player's name beside the field
// ("Ann: ..."), naming the rule in parentheses.
func BadPoints(seat int, rule string, m msg.Msg) error {
	return &PointsError{Seat: seat, Err: ruling.Refuse(rule, m)}
}

// BeyondPoints is BadPoints for a number past what the game's cards can
// make (PointsError.Beyond).
func BeyondPoints(seat int, rule string, m msg.Msg) error {
	return &PointsError{Seat: seat, Err: ruling.Refuse(rule, m), Beyond: true}
}

// IsBeyond reports whether err is a number past what the game's cards
// can make (PointsError.Beyond).
func IsBeyond(err error) bool {
	var pe *PointsError
	return errors.As(err, &pe) && pe.Beyond
}

// NearestMultiples are the multiples of step on either side of n, for a
// message that suggests what was meant ("45 or 50"). step is positive.
func NearestMultiples(n, step int) (below, above int) {
	below = n - ((n%step)+step)%step
	return below, below + step
}
