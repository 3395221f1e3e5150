package seating

import (
	"fmt"
	"strconv"
)

// The bounds of a Request. An evening of a few dozen players fits well
// inside them; they also bound what one request can cost.
const (
	MinPlayers = 2
	MaxPlayers = 200
	MinSize    = 2
	MaxSize    = 12
	MinRounds  = 1
	MaxRounds  = 20
)

// Request is what Plan seats: Players numbered 0..Players-1, at tables
// whose sizes are among Sizes, for Rounds rounds.
type Request struct {
	Players int
	// Sizes are the table sizes allowed, each from MinSize to MaxSize. A
	// size given twice counts once.
	Sizes  []int
	Rounds int
	// Met lists the pairs who already sat together earlier in the event,
	// once per earlier meeting: a pair who met twice is listed twice.
	Met [][2]int
	// Byes lists the players who already had a bye, each once.
	Byes []int
	// Seed chooses among equally good seatings. The same Request, Seed
	// included, always gives the same Schedule; a caller with no seed of
	// its own leaves it 0.
	Seed uint64
}

// InputError is a Request that is not well-formed. Field names the
// culprit the way a JSON body would ("players", "sizes[1]", "met[0][1]").
type InputError struct {
	Field string
	Msg   string
}

func (e *InputError) Error() string { return "seating: " + e.Msg }

func badField(field, format string, args ...any) *InputError {
	return &InputError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

// NoTableError is a well-formed Request in which not even one table can
// be filled: fewer players than the smallest size allowed.
type NoTableError struct {
	Players  int
	Smallest int
}

func (e *NoTableError) Error() string {
	return fmt.Sprintf("seating: %d players cannot fill a single table: the smallest size allowed is %d", e.Players, e.Smallest)
}

// index is the path of item i of a list field: "sizes[1]".
func index(field string, i int) string { return field + "[" + strconv.Itoa(i) + "]" }

// Validate reports the first thing wrong with r as an *InputError, in
// the order of its fields, or nil. A Request that is valid may still seat
// nobody (a *NoTableError from Plan).
func (r Request) Validate() error {
	if r.Players < MinPlayers || r.Players > MaxPlayers {
		return badField("players", "players must be from %d to %d", MinPlayers, MaxPlayers)
	}
	if len(r.Sizes) == 0 {
		return badField("sizes", "sizes must list at least one table size")
	}
	for i, s := range r.Sizes {
		if s < MinSize || s > MaxSize {
			return badField(index("sizes", i), "%s must be a table size from %d to %d", index("sizes", i), MinSize, MaxSize)
		}
	}
	if r.Rounds < MinRounds || r.Rounds > MaxRounds {
		return badField("rounds", "rounds must be from %d to %d", MinRounds, MaxRounds)
	}
	for i, pair := range r.Met {
		for j, p := range pair {
			field := index(index("met", i), j)
			if p < 0 || p >= r.Players {
				return badField(field, "%s must be a player from 0 to %d", field, r.Players-1)
			}
		}
		if pair[0] == pair[1] {
			field := index(index("met", i), 1)
			return badField(field, "%s must be another player than %s: a player does not meet themselves", field, index(index("met", i), 0))
		}
	}
	seen := make(map[int]int, len(r.Byes))
	for i, p := range r.Byes {
		field := index("byes", i)
		if p < 0 || p >= r.Players {
			return badField(field, "%s must be a player from 0 to %d", field, r.Players-1)
		}
		if j, ok := seen[p]; ok {
			return badField(field, "%s repeats player %d, already %s", field, p, index("byes", j))
		}
		seen[p] = i
	}
	return nil
}
