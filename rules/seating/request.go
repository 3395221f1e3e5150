package seating

import (
	"strconv"

	"meldpad/rules/msg"
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
// Msg says what is wrong, lowercase as Go's errors are; the API says it
// in the asker's language.
type InputError struct {
	Field string
	Msg   msg.Msg
}

func (e *InputError) Error() string { return "seating: " + e.Msg.String() }

// Message is what is wrong, for a page to say (locale.Localizer.Error).
func (e *InputError) Message() msg.Msg { return e.Msg }

func badField(field string, m msg.Msg) *InputError {
	return &InputError{Field: field, Msg: m}
}

// NoTableError is a well-formed Request in which not even one table can
// be filled: fewer players than the smallest size allowed.
type NoTableError struct {
	Players  int
	Smallest int
}

func (e *NoTableError) Error() string { return "seating: " + e.Message().String() }

// Message is the error in words, for a page to say.
func (e *NoTableError) Message() msg.Msg {
	return msg.New("seating.no_table", msg.N("Count", e.Players), msg.Digits("Smallest", e.Smallest))
}

// index is the path of item i of a list field: "sizes[1]".
func index(field string, i int) string { return field + "[" + strconv.Itoa(i) + "]" }

// Validate reports the first thing wrong with r as an *InputError, in
// the order of its fields, or nil. A Request that is valid may still seat
// nobody (a *NoTableError from Plan).
func (r Request) Validate() error {
	if r.Players < MinPlayers || r.Players > MaxPlayers {
		return badField("players", msg.New("seating.players", msg.Digits("Min", MinPlayers), msg.Digits("Max", MaxPlayers)))
	}
	if len(r.Sizes) == 0 {
		return badField("sizes", msg.New("seating.sizes_none"))
	}
	for i, s := range r.Sizes {
		if s < MinSize || s > MaxSize {
			return badField(index("sizes", i), msg.New("seating.size", msg.S("Field", index("sizes", i)), msg.Digits("Min", MinSize), msg.Digits("Max", MaxSize)))
		}
	}
	if r.Rounds < MinRounds || r.Rounds > MaxRounds {
		return badField("rounds", msg.New("seating.rounds", msg.Digits("Min", MinRounds), msg.Digits("Max", MaxRounds)))
	}
	for i, pair := range r.Met {
		for j, p := range pair {
			field := index(index("met", i), j)
			if p < 0 || p >= r.Players {
				return badField(field, msg.New("seating.player", msg.S("Field", field), msg.Digits("Last", r.Players-1)))
			}
		}
		if pair[0] == pair[1] {
			field := index(index("met", i), 1)
			return badField(field, msg.New("seating.met_self", msg.S("Field", field), msg.S("Other", index(index("met", i), 0))))
		}
	}
	seen := make(map[int]int, len(r.Byes))
	for i, p := range r.Byes {
		field := index("byes", i)
		if p < 0 || p >= r.Players {
			return badField(field, msg.New("seating.player", msg.S("Field", field), msg.Digits("Last", r.Players-1)))
		}
		if j, ok := seen[p]; ok {
			return badField(field, msg.New("seating.bye_twice", msg.S("Field", field), msg.Digits("Player", p), msg.S("First", index("byes", j))))
		}
		seen[p] = i
	}
	return nil
}
