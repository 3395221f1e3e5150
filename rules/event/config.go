package event

import (
	"fmt"
	"slices"
	"strconv"

	"meldpad/rules/seating"
)

// Bounds of an event: the largest is 200 players for 20 rounds, what one
// seating may be asked (package seating), and so what one page of it may
// cost.
const (
	MaxPlayers     = seating.MaxPlayers
	MaxRounds      = seating.MaxRounds
	MaxPlaces      = seating.MaxSize // the most places a table has
	MaxPlacePoints = 1000            // points for one place
	MaxByePoints   = 1000

	maxSetup     = 16  // a game's own settings
	maxSetupText = 200 // one setting's name or value
)

// Config is how the organiser runs an event, fixed when it is made. Its
// JSON is how it is stored and exported.
type Config struct {
	// Sizes are the table sizes allowed, from the game's own limits,
	// smallest first.
	Sizes  []int `json:"sizes"`
	Rounds int   `json:"rounds"`
	// Pairing is how tables of two are seated; tables of other sizes
	// are always seated for the fewest repeat meetings.
	Pairing Pairing `json:"pairing"`
	Scoring Scoring `json:"scoring"`
	// PlacePoints are the points for first, second... place (ByPlace);
	// a place beyond the list is worth 0.
	PlacePoints []int   `json:"place_points,omitempty"`
	Bye         ByeRule `json:"bye"`
	ByePoints   int     `json:"bye_points,omitempty"` // ByeFixed
	// TieBreaks rank the players, first to last: each decides only
	// between players the earlier ones left level.
	TieBreaks []Criterion `json:"tie_breaks"`
	// Setup are the inputs of the game's own settings, for a game that
	// takes settings of its own (a game by points: its name and how it
	// ends), as the organiser typed them; each table's game is set up
	// from them for its number of seats.
	Setup map[string]string `json:"setup,omitempty"`
}

// Pairing is how an event of tables of two is seated.
type Pairing string

// The pairings.
const (
	// FewestRepeats seats every round for the fewest pairs meeting again
	// over the whole event (package seating): the only pairing of tables
	// of more than two.
	FewestRepeats Pairing = "repeats"
	// Swiss pairs players of equal standing, never the same two twice
	// while it can be helped.
	Swiss Pairing = "swiss"
	// RoundRobin plays everyone against everyone, a round at a time,
	// as far as the rounds go.
	RoundRobin Pairing = "round_robin"
)

// Scoring is what a table's result is worth to the event.
type Scoring string

// The scorings.
const (
	ByPlace      Scoring = "places" // Config.PlacePoints by place
	ByGamePoints Scoring = "game"   // the game's own final totals
)

// ByeRule is what a bye is worth.
type ByeRule string

// The bye rules.
const (
	ByeAverage ByeRule = "average" // the player's own average per table played
	ByeFixed   ByeRule = "fixed"   // Config.ByePoints
)

// Criterion is one way of ranking the players.
type Criterion string

// The criteria.
const (
	ByPoints     Criterion = "points"       // event points, byes included: most first
	ByWins       Criterion = "wins"         // tables won (a shared first place is a win): most first
	HeadToHead   Criterion = "head_to_head" // places against the others still level, at the tables they shared
	ByGameTotals Criterion = "game_points"  // the games' final totals, summed: most first
	FewestByes   Criterion = "fewest_byes"
)

// Criteria lists every criterion in the order the default takes them.
var Criteria = []Criterion{ByPoints, ByWins, HeadToHead, ByGameTotals, FewestByes}

// DefaultTieBreaks is the ranking an event gets unless the organiser
// changes it: points, then tables won, then the tables the players level
// on both shared, then the games' totals (only when the game's totals
// mean something across tables: totals), then fewest byes. Points come
// first by definition; wins next, as the plainest measure a table gives;
// head-to-head before totals because a direct meeting says more than
// totals scored at different tables, whose sizes differ.
func DefaultTieBreaks(totals bool) []Criterion {
	out := []Criterion{ByPoints, ByWins, HeadToHead}
	if totals {
		out = append(out, ByGameTotals)
	}
	return append(out, FewestByes)
}

// Name is the criterion as the pages say it.
func (c Criterion) Name() string {
	switch c {
	case ByPoints:
		return "Event points"
	case ByWins:
		return "Tables won"
	case HeadToHead:
		return "Head to head"
	case ByGameTotals:
		return "Game points"
	case FewestByes:
		return "Fewest byes"
	}
	return string(c)
}

// ConfigError is a Config that cannot run: Field names the setting, as
// the form names it ("sizes", "tie_breaks[2]").
type ConfigError struct {
	Field string
	Msg   string
}

func (e *ConfigError) Error() string { return "event: " + e.Msg }

func bad(field, format string, args ...any) *ConfigError {
	return &ConfigError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

// Game is what a Config is checked against: the game's own limits and
// whether its totals mean something across tables.
type Game struct {
	Name       string
	MinPlayers int
	MaxPlayers int
	Totals     bool
}

// SizesFor are the table sizes an event of game g may allow: its own
// limits, within what a seating takes.
func SizesFor(g Game) []int {
	var out []int
	for s := max(g.MinPlayers, seating.MinSize); s <= min(g.MaxPlayers, seating.MaxSize); s++ {
		out = append(out, s)
	}
	return out
}

// Check reports the first thing wrong with c for game g as a
// *ConfigError, or nil. It also puts Sizes in order.
func (c *Config) Check(g Game) error {
	if len(c.Sizes) == 0 {
		return bad("sizes", "choose at least one table size")
	}
	slices.Sort(c.Sizes)
	c.Sizes = slices.Compact(c.Sizes)
	allowed := SizesFor(g)
	for _, s := range c.Sizes {
		if !slices.Contains(allowed, s) {
			return bad("sizes", "%s is played at tables of %d to %d, not %d", g.Name, allowed[0], allowed[len(allowed)-1], s)
		}
	}
	if c.Rounds < 1 || c.Rounds > MaxRounds {
		return bad("rounds", "an event has 1 to %d rounds", MaxRounds)
	}
	switch c.Pairing {
	case FewestRepeats:
	case Swiss, RoundRobin:
		if !slices.Equal(c.Sizes, []int{2}) {
			return bad("pairing", "Swiss and round robin pair players at tables of two only")
		}
	default:
		return bad("pairing", "choose how the players are paired")
	}
	if err := c.checkScoring(g); err != nil {
		return err
	}
	switch c.Bye {
	case ByeAverage:
		c.ByePoints = 0
	case ByeFixed:
		if c.ByePoints < 0 || c.ByePoints > MaxByePoints {
			return bad("bye_points", "a bye is worth 0 to %d points", MaxByePoints)
		}
	default:
		return bad("bye", "choose what a bye is worth")
	}
	if len(c.TieBreaks) == 0 || c.TieBreaks[0] != ByPoints {
		return bad("tie_breaks[0]", "the ranking starts with the event points")
	}
	if len(c.Setup) > maxSetup {
		return bad("setup", "a game has at most %d settings of its own", maxSetup)
	}
	for k, v := range c.Setup {
		if len(k) > maxSetupText || len(v) > maxSetupText {
			return bad("setup", "a setting of the game is at most %d characters", maxSetupText)
		}
	}
	return c.checkTieBreaks(g)
}

// checkScoring checks how a table is scored: by place, each place's
// points no more than the place before's; or by the game's points, for
// a game whose totals compare across tables.
func (c *Config) checkScoring(g Game) error {
	switch c.Scoring {
	case ByPlace:
		if len(c.PlacePoints) == 0 {
			return bad("place_points", "give the points of first place at least, like 4 2 1 0")
		}
		if len(c.PlacePoints) > MaxPlaces {
			return bad("place_points", "a table has at most %d places", MaxPlaces)
		}
		for i, p := range c.PlacePoints {
			if p < 0 || p > MaxPlacePoints {
				return bad("place_points", "points for a place are from 0 to %d, not %d", MaxPlacePoints, p)
			}
			if i > 0 && p > c.PlacePoints[i-1] {
				return bad("place_points", "place %d cannot be worth more than place %d", i+1, i)
			}
		}
	case ByGamePoints:
		c.PlacePoints = nil
		if !g.Totals {
			return bad("scoring", "the totals of %s do not compare across tables: score by place", g.Name)
		}
	default:
		return bad("scoring", "choose how a table is scored")
	}
	return nil
}

// checkTieBreaks checks the ways of ranking after the event points:
// each one of Criteria, once, and the game's totals only where they
// compare across tables.
func (c *Config) checkTieBreaks(g Game) error {
	seen := map[Criterion]bool{}
	for i, k := range c.TieBreaks {
		field := "tie_breaks[" + strconv.Itoa(i) + "]"
		switch {
		case !slices.Contains(Criteria, k):
			return bad(field, "%q is not a way of ranking", shortened(string(k)))
		case k == ByGameTotals && !g.Totals:
			return bad(field, "the totals of %s do not compare across tables", g.Name)
		case seen[k]:
			return bad(field, "%s is already in the list", k.Name())
		}
		seen[k] = true
	}
	return nil
}

func shortened(s string) string {
	if len(s) > 30 {
		return s[:30] + "…"
	}
	return s
}
