package points

import (
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"

	"meldpad/rules/msg"
	"meldpad/rules/names"
	"meldpad/rules/ruling"
)

// Limits of a game by points. The rules fix 1 to 12 players (P1); the
// others keep every total exact in a 64-bit integer, in SQLite and in a
// browser's numbers, whatever is entered.
const (
	MinPlayers    = 1
	MaxPlayers    = 12
	MaxNameLength = 60        // characters, as a league's name
	MaxTarget     = 1_000_000 // the largest target total
	MaxRounds     = 1000      // the most rounds a game with a fixed number can have
	MaxPoints     = 1_000_000 // the most one player scores or loses in one round
)

// End is how a game by points ends (P1, P3). Its text form is the one a
// form posts and a stored game keeps: "target", "rounds" or "open".
type End uint8

// The three ends of P1. NoEnd is the zero value, an end not chosen, which
// Validate refuses.
const (
	NoEnd       End = iota
	AtTarget        // after the round in which any player reaches Setup.Target
	AfterRounds     // after Setup.Rounds rounds
	Open            // when the table ends it (an EndMarker entry)
)

var endNames = [...]string{AtTarget: "target", AfterRounds: "rounds", Open: "open"}

// String returns "target", "rounds", "open", or "" for NoEnd.
func (e End) String() string {
	if int(e) < len(endNames) {
		return endNames[e]
	}
	return ""
}

// ParseEnd reads "target", "rounds" or "open".
func ParseEnd(s string) (End, bool) {
	for e, name := range endNames {
		if name != "" && name == s {
			return End(e), true
		}
	}
	return NoEnd, false
}

// MarshalText writes the End's name, so that a Setup stores as JSON.
func (e End) MarshalText() ([]byte, error) { return []byte(e.String()), nil }

// UnmarshalText reads an End's name; "" is NoEnd.
func (e *End) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*e = NoEnd
		return nil
	}
	end, ok := ParseEnd(string(text))
	if !ok {
		return inputError("end", "P1", msg.New("points.not_an_end", msg.S("Text", strconv.Quote(string(text)))))
	}
	*e = end
	return nil
}

// Order says which total wins (P1, P4). Its text form is "highest" or
// "lowest"; the zero value is Highest.
type Order uint8

// The two orders of P1.
const (
	Highest Order = iota // the highest total wins
	Lowest               // the lowest total wins, as in Hearts
)

// String returns "highest" or "lowest".
func (o Order) String() string {
	switch o {
	case Highest:
		return "highest"
	case Lowest:
		return "lowest"
	}
	return ""
}

// ParseOrder reads "highest" or "lowest".
func ParseOrder(s string) (Order, bool) {
	switch s {
	case "highest":
		return Highest, true
	case "lowest":
		return Lowest, true
	}
	return Highest, false
}

// MarshalText writes the Order's name.
func (o Order) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText reads an Order's name.
func (o *Order) UnmarshalText(text []byte) error {
	order, ok := ParseOrder(string(text))
	if !ok {
		return inputError("wins", "P1", msg.New("points.not_an_order", msg.S("Text", strconv.Quote(string(text)))))
	}
	*o = order
	return nil
}

// Setup is a game by points as the table sets it up (P1): its name, the
// number of players (their names and seat order are the scorepad's), how
// it ends and which total wins. It marshals to JSON as a stored game
// keeps it: {"name": "Hearts", "players": 4, "end": "target",
// "target": 100, "wins": "lowest"}.
type Setup struct {
	Name    string `json:"name"`
	Players int    `json:"players"`
	End     End    `json:"end"`
	// Target is the total that ends the game; read only when End is
	// AtTarget.
	Target int `json:"target,omitempty"`
	// Rounds is the number of rounds; read only when End is AfterRounds.
	Rounds int   `json:"rounds,omitempty"`
	Wins   Order `json:"wins"`
}

// InputError is a setup or a round that cannot be taken: Field names the
// culprit as a form or the API would ("name", "target", "points[2]",
// "rounds[4].points[2]"), Rule is the rule id it is read by, and Msg
// says what is wrong and cites it ("points: the game needs a name
// (P1)"). A form shows Msg beside Field; the API answers 400.
type InputError struct {
	Field string
	Rule  string
	Msg   msg.Msg
}

// Error says the message plainly (msg.Plain).
func (e *InputError) Error() string { return e.Msg.String() }

// Message is what is wrong, to be said in the table's language.
func (e *InputError) Message() msg.Msg { return e.Msg }

// inputError is what is wrong with field under rule: why, citing the
// rule, after the package's name.
func inputError(field, rule string, why msg.Msg) *InputError {
	return &InputError{Field: field, Rule: rule,
		Msg: ruling.Prefixed("points", msg.New("verdict.citing", msg.M("Text", why), msg.S("Rules", rule)))}
}

// Validate checks a setup against P1 and the limits above, and returns the
// first problem as an *InputError. The name is checked as every name in
// meldpad is (names.Check): not empty, already trimmed, at most
// MaxNameLength characters, UTF-8 text without control or invisible
// characters. Target and Rounds
// are checked only for the end that reads them.
func (s Setup) Validate() error {
	if err := checkName(s.Name); err != nil {
		return err
	}
	switch {
	case s.Players < MinPlayers || s.Players > MaxPlayers:
		return inputError("players", "P1", msg.New("points.players", msg.N("Min", MinPlayers), msg.N("Max", MaxPlayers), msg.N("Count", s.Players)))
	case s.End == NoEnd || s.End > Open:
		return inputError("end", "P1", msg.New("points.choose_end"))
	case s.End == AtTarget && (s.Target < 1 || s.Target > MaxTarget):
		return inputError("target", "P1", msg.New("points.target", msg.Digits("Max", MaxTarget), msg.Digits("Target", s.Target)))
	case s.End == AfterRounds && (s.Rounds < 1 || s.Rounds > MaxRounds):
		return inputError("rounds", "P1", msg.New("points.rounds", msg.Digits("Max", MaxRounds), msg.Digits("Rounds", s.Rounds)))
	case s.Wins != Highest && s.Wins != Lowest:
		return inputError("wins", "P1", msg.New("points.choose_wins"))
	}
	return nil
}

// checkName checks the game's name as every name in meldpad is checked
// (names.Check), and says what is wrong as an *InputError.
func checkName(name string) error {
	err := names.Check(name, MaxNameLength)
	var bad *names.Error
	if !errors.As(err, &bad) {
		return nil
	}
	switch bad.Err {
	case names.ErrEmpty:
		return inputError("name", "P1", msg.New("points.name_empty"))
	case names.ErrEncoding:
		return inputError("name", "P1", msg.New("points.name_encoding"))
	case names.ErrSpaces:
		return inputError("name", "P1", msg.New("points.name_spaces"))
	case names.ErrLong:
		return inputError("name", "P1", msg.New("points.name_long", msg.N("Max", MaxNameLength)))
	}
	r, _ := utf8.DecodeRuneInString(name[bad.At:])
	return inputError("name", "P1", msg.New("points.name_control", msg.S("Char", fmt.Sprintf("%U", r))))
}

// Message describes how the game ends and who wins, as a scorepad says
// it in the table's language: String's words.
func (s Setup) Message() msg.Msg {
	var end msg.Msg
	switch s.End {
	case AtTarget:
		end = msg.New("points.describe.target", msg.Digits("Target", s.Target))
	case AfterRounds:
		end = msg.New("points.describe.rounds", msg.N("Count", s.Rounds))
	case Open:
		end = msg.New("points.describe.open")
	default:
		end = msg.New("points.describe.no_end")
	}
	wins := msg.New("points.describe.highest")
	if s.Wins == Lowest {
		wins = msg.New("points.describe.lowest")
	}
	return msg.New("points.describe", msg.M("End", end), msg.M("Wins", wins))
}

// String describes how the game ends and who wins, in English, as a
// scorepad says it: "to 100, lowest wins", "10 rounds, highest wins",
// "open, highest wins" (Message in the table's language).
func (s Setup) String() string {
	var end string
	switch s.End {
	case AtTarget:
		end = "to " + strconv.Itoa(s.Target)
	case AfterRounds:
		end = strconv.Itoa(s.Rounds) + " rounds"
		if s.Rounds == 1 {
			end = "1 round"
		}
	case Open:
		end = "open"
	default:
		end = "no end chosen"
	}
	return end + ", " + s.Wins.String() + " wins"
}
