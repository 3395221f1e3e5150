package points

import (
	"fmt"

	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// Round is one entry of a game's record: a round's points, one whole
// number per player in seat order, negative allowed (P2); or, with End
// set and no points, the marker an open game stores when the table
// presses "End game" (P3). It marshals to JSON as {"points": [...]} or
// {"end": true}.
type Round struct {
	Points []int `json:"points,omitempty"`
	End    bool  `json:"end,omitempty"`
}

// EndMarker returns the entry that ends an open game (P3).
func EndMarker() Round { return Round{End: true} }

// State is where a game stands after its entries.
type State struct {
	// Totals are each seat's points added up.
	Totals []int
	// Rounds counts the rounds played; an end marker is not a round.
	Rounds int
	// Finished is true once the game has ended (P3).
	Finished bool
	// Leaders are the seats with the best total (P4), in seat order: more
	// than one when they tie, none before the first round.
	Leaders []int
	// Winners are the Leaders once the game is Finished, who share the
	// win (P4); nil while it goes on.
	Winners []int
	// Places are each seat's place by total, best first (P4): 1 for the
	// best, equal totals sharing a place and the places after them
	// skipped (1, 2, 2, 4), as league standings count them.
	Places []int
}

// CheckRound checks one entry on its own against P2 and the limits: as
// many numbers as players, each within MaxPoints, or an end marker with
// no points. Problems are *InputErrors for "points" or "points[i]". What
// depends on the entries before (an entry after the end, an end marker
// in a game that does not end by the table) is Play's to say.
func (s Setup) CheckRound(r Round) error {
	if field, rule, why := s.judgeRound(r); !why.IsZero() {
		return inputError(field, rule, why)
	}
	return nil
}

// judgeRound says what is wrong with one entry, the field it concerns and
// the rule, or no message when nothing is.
func (s Setup) judgeRound(r Round) (field, rule string, why msg.Msg) {
	if r.End {
		if len(r.Points) > 0 {
			return "points", "P3", msg.New("points.end_holds_points")
		}
		return "", "", msg.Msg{}
	}
	if len(r.Points) != s.Players {
		return "points", "P2", msg.New("points.round_numbers", msg.N("Players", s.Players), msg.N("Count", len(r.Points)))
	}
	for seat, p := range r.Points {
		if p < -MaxPoints || p > MaxPoints {
			return fmt.Sprintf("points[%d]", seat), "P2", msg.New("points.round_range", msg.Digits("Points", p), msg.Digits("Max", MaxPoints))
		}
	}
	return "", "", msg.Msg{}
}

// Play adds up a game's entries in order and says whether it has ended
// and who won (P2-P4). To check a new entry before storing it, Play the
// entries with it appended.
//
// A game with a target ends after the round in which any player's total
// reaches the target or more, whether the highest or the lowest total
// wins (P3); a game with a number of rounds, after the last one; an open
// game, at its end marker. Players tied for the best total share the win
// (P4).
//
// The setup must be valid (an *InputError from Validate otherwise). A
// malformed entry is an *InputError whose Field starts "rounds[i]"; an
// entry after the game ended, an end marker in a game that ends at a
// target or after a number of rounds, or one before any round, is a
// *ruling.Error for P3.
func (s Setup) Play(rounds []Round) (State, error) {
	if err := s.Validate(); err != nil {
		return State{}, err
	}
	st := State{Totals: make([]int, s.Players)}
	for i, r := range rounds {
		if field, rule, why := s.judgeRound(r); !why.IsZero() {
			return State{}, inputError(fmt.Sprintf("rounds[%d].%s", i, field), rule, msg.New("points.entry", msg.N("Entry", i+1), msg.M("Why", why)))
		}
		switch {
		case st.Finished:
			return State{}, ruling.Refuse("P3", ruling.Prefixed("points", msg.New("points.after_end", msg.N("Entry", i+1))))
		case r.End && s.End != Open:
			return State{}, ruling.Refuse("P3", ruling.Prefixed("points", msg.New("points.entry_ends", msg.N("Entry", i+1), msg.M("Ends", s.endWords()))))
		case r.End && st.Rounds == 0:
			return State{}, ruling.Refuse("P3", ruling.Prefixed("points", msg.New("points.ends_before_rounds", msg.N("Entry", i+1))))
		case r.End:
			st.Finished = true
			continue
		}
		st.Rounds++
		for seat, p := range r.Points {
			st.Totals[seat] += p
		}
		switch s.End {
		case AtTarget:
			for _, t := range st.Totals {
				st.Finished = st.Finished || t >= s.Target
			}
		case AfterRounds:
			st.Finished = st.Rounds == s.Rounds
		}
	}
	st.Places = s.places(st.Totals)
	if st.Rounds > 0 {
		for seat, place := range st.Places {
			if place == 1 {
				st.Leaders = append(st.Leaders, seat)
			}
		}
	}
	if st.Finished {
		st.Winners = st.Leaders
	}
	return st, nil
}

// endWords says how a game that does not end by the table ends.
func (s Setup) endWords() msg.Msg {
	if s.End == AtTarget {
		return msg.New("points.ends_at_target", msg.N("Target", s.Target))
	}
	return msg.New("points.ends_after_rounds", msg.N("Count", s.Rounds))
}

// places returns each seat's place by total under s.Wins: one more than
// the number of seats with a better total (P4).
func (s Setup) places(totals []int) []int {
	places := make([]int, len(totals))
	for seat, t := range totals {
		places[seat] = 1
		for _, o := range totals {
			if s.Wins == Highest && o > t || s.Wins == Lowest && o < t {
				places[seat]++
			}
		}
	}
	return places
}
