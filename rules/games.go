// Package rules describes the five meldpad games for the rest of the app:
// their names, table limits, targets, decks and house rules, the checks a
// hand entered by points alone can get, and when a game is over. The
// referee for each game lives in its own package (flathead, fortune,
// blackheart, fan, trophy); this package only gathers what every game has.
package rules

import (
	"fmt"

	"meldpad/rules/blackheart"
	"meldpad/rules/cards"
	"meldpad/rules/fan"
	"meldpad/rules/flathead"
	"meldpad/rules/fortune"
	"meldpad/rules/ruling"
	"meldpad/rules/trophy"
)

// Game ids, as used in URLs, the API and the database.
const (
	Flathead   = "flathead"
	Fortune    = "fortune"
	BlackHeart = "blackheart"
	Fan        = "fan"
	Trophy     = "trophy"
)

// Game describes one of the five games.
type Game struct {
	ID         string
	Name       string
	MinPlayers int
	MaxPlayers int
	Target     int
	EndRule    string // RULES.md id of the game-end rule
	Deck       *cards.Deck
	HouseRules []HouseRule
	// Round names one entry on the scorepad: "hand", "deal" or "trick".
	Round string
	// SeatQuestion, when not empty, is the seat every entry must name
	// ("Who went out?"), and SeatRule the rule that asks for it.
	SeatQuestion string
	SeatRule     string
}

// HouseRule is an optional rule chosen when a game is created (RULES.md
// names "big sets" and "ace set 15" for Fortune, "undercut on a tie" for
// Fan). Every house rule is off by default.
type HouseRule struct {
	Key  string // stored key: "big_sets"
	Name string // short label
	Help string // one sentence, citing the rule it changes
	Rule string // RULES.md id
}

var games = []Game{
	{
		ID: Flathead, Name: "Flathead Rummy", MinPlayers: flathead.MinPlayers, MaxPlayers: flathead.MaxPlayers,
		Target: flathead.Target, EndRule: "F9", Deck: cards.Fanucci(), Round: "hand",
		SeatQuestion: "Who went out?", SeatRule: "F6",
	},
	{
		ID: Fortune, Name: "Fortune Rummy", MinPlayers: fortune.MinPlayers, MaxPlayers: fortune.MaxPlayers,
		Target: fortune.Target, EndRule: "R8", Deck: cards.DoubleStandard(), Round: "hand",
		HouseRules: []HouseRule{
			{Key: "big_sets", Name: "Big sets", Help: "A set may hold more than four cards of one rank (R1).", Rule: "R1"},
			{Key: "ace_set_15", Name: "Aces in a set score 15", Help: "An ace in a set of aces scores 15 instead of 10 (R4).", Rule: "R4"},
		},
	},
	{
		ID: BlackHeart, Name: "Black Heart Rum", MinPlayers: blackheart.MinPlayers, MaxPlayers: blackheart.MaxPlayers,
		Target: blackheart.Target, EndRule: "B8", Deck: cards.BlackHeart(), Round: "deal",
		SeatQuestion: "Who went out?", SeatRule: "B8",
	},
	{
		ID: Fan, Name: "Fan Rummy", MinPlayers: fan.MinPlayers, MaxPlayers: fan.MaxPlayers,
		Target: fan.Target, EndRule: "N8", Deck: cards.Standard(), Round: "deal",
		HouseRules: []HouseRule{
			{Key: "undercut_on_tie", Name: "Undercut on a tie", Help: "A knock with deadwood equal to the defender's is an undercut (N6).", Rule: "N6"},
		},
	},
	{
		ID: Trophy, Name: "Trophy Case", MinPlayers: trophy.MinPlayers, MaxPlayers: trophy.MaxPlayers,
		Target: trophy.Target, EndRule: "T8", Deck: cards.Fanucci(), Round: "trick",
		SeatQuestion: "Who won the trick?", SeatRule: "T5",
	},
}

// Games returns the five games in the order meldpad lists them.
func Games() []Game { return append([]Game(nil), games...) }

// Lookup returns the game with the given id.
func Lookup(id string) (Game, bool) {
	for _, g := range games {
		if g.ID == id {
			return g, true
		}
	}
	return Game{}, false
}

// HouseRule returns the game's house rule with the given key.
func (g Game) HouseRule(key string) (HouseRule, bool) {
	for _, h := range g.HouseRules {
		if h.Key == key {
			return h, true
		}
	}
	return HouseRule{}, false
}

// Round is one entry on a scorepad as far as totals and the game's end are
// concerned: the points by seat and the seat the entry names (who went
// out, who won the trick), or -1.
type Round struct {
	Points []int
	Seat   int
	// EndsHand marks, in Trophy Case, the trick after which new hands were
	// dealt (T6); the deal then passes on. Other games deal every round.
	EndsHand bool
}

// MaxTrickPoints is the most one Trophy Case trick can be worth: every 8,
// 9, ∞ and zero of the fifteen suits (T7).
const MaxTrickPoints = 15 * (1 + 1 + 2 + 1)

// CheckPoints checks a round entered by points alone against what the
// game's rules allow on numbers. The error is a *ruling.Error naming the
// rule.
func (g Game) CheckPoints(r Round) error {
	seats := len(r.Points)
	if seats < g.MinPlayers || seats > g.MaxPlayers {
		return ruling.Errorf("", "%s is for %d to %d players, not %d", g.Name, g.MinPlayers, g.MaxPlayers, seats)
	}
	if g.SeatQuestion != "" && (r.Seat < 0 || r.Seat >= seats) {
		return ruling.Errorf(g.SeatRule, "say who %s (%s)", seatVerb(g), g.SeatRule)
	}
	switch g.ID {
	case Flathead:
		// F6, F8: only the player who went out scores, never below zero,
		// and at least the 5 for going out in a two-player game.
		if err := onlyOneScores(r, "F6", "only the player who went out scores in Flathead"); err != nil {
			return err
		}
		if seats == 2 && r.Points[r.Seat] < 5 {
			return ruling.Errorf("F8", "in a two-player game the player who went out scores at least 5 (F8)")
		}
	case Trophy:
		if err := onlyOneScores(r, "T7", "only the trick's winner scores"); err != nil {
			return err
		}
		if r.Points[r.Seat] > MaxTrickPoints {
			return ruling.Errorf("T7", "a trick is worth at most %d points (T7)", MaxTrickPoints)
		}
	case Fan:
		// N6: the knocker, or the defender on an undercut, scores; the other
		// scores nothing. A tie scores nothing for either.
		scorers := 0
		for _, p := range r.Points {
			if p < 0 {
				return ruling.Errorf("N6", "points in Fan Rummy are never negative (N6)")
			}
			if p > 0 {
				scorers++
			}
		}
		if scorers > 1 {
			return ruling.Errorf("N6", "only one player scores in a Fan Rummy deal (N6)")
		}
	}
	return nil
}

func seatVerb(g Game) string {
	if g.ID == Trophy {
		return "won the trick"
	}
	return "went out"
}

// onlyOneScores checks that nobody but r.Seat scores and that r.Seat's
// points are not negative.
func onlyOneScores(r Round, rule, why string) error {
	for seat, p := range r.Points {
		if p < 0 {
			return ruling.Errorf(rule, "points are never negative here (%s)", rule)
		}
		if seat != r.Seat && p != 0 {
			return ruling.Errorf(rule, "%s (%s)", why, rule)
		}
	}
	return nil
}

// Winner returns the seat that has won after the given rounds and true, or
// -1 and false while the game goes on (F9, R8, B8, N8, T8).
func (g Game) Winner(rounds []Round) (int, bool) {
	points := make([][]int, len(rounds))
	for i, r := range rounds {
		points[i] = r.Points
	}
	switch g.ID {
	case Flathead:
		return flathead.Winner(points)
	case Fortune:
		return fortune.Winner(points)
	case BlackHeart:
		wentOut := make([]int, len(rounds))
		for i, r := range rounds {
			wentOut[i] = r.Seat
		}
		return blackheart.Winner(points, wentOut)
	case Fan:
		return fan.Winner(points)
	case Trophy:
		return trophy.Winner(points)
	}
	panic(fmt.Sprintf("rules: unknown game %q", g.ID))
}

// Dealer returns the seat that deals next, given the first dealer, the
// number of seats and the rounds so far. The deal passes to the left
// (seat+1) after every hand; in Trophy Case only after a trick that ended
// the hand (T6).
func (g Game) Dealer(first, seats int, rounds []Round) int {
	if seats <= 0 {
		return 0
	}
	hands := 0
	for _, r := range rounds {
		if g.ID != Trophy || r.EndsHand {
			hands++
		}
	}
	return (first + hands) % seats
}

// NextLeader returns, for Trophy Case, the seat that leads the next trick:
// the player to the left of the last trick's winner, across a redeal too,
// or the player to the left of the first dealer before any trick (T6).
func (g Game) NextLeader(first, seats int, rounds []Round) int {
	if seats <= 0 {
		return 0
	}
	if len(rounds) == 0 || rounds[len(rounds)-1].Seat < 0 {
		return (first + 1) % seats
	}
	return (rounds[len(rounds)-1].Seat + 1) % seats
}
