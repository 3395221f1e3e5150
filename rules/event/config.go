package event

import (
	"slices"
	"strconv"

	"meldpad/rules/msg"
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

// Name is the criterion as the pages say it: "Head to head".
func (c Criterion) Name() msg.Msg { return msg.New("event.criterion." + string(c)) }

// ConfigError is a Config that cannot run: Field names the setting, as
// the form names it ("sizes", "tie_breaks[2]").
// Msg says what is wrong, lowercase as Go's errors are; the form and
// the API say it in the page's language.
type ConfigError struct {
	Field string
	Msg   msg.Msg
}

func (e *ConfigError) Error() string { return "event: " + e.Msg.String() }

// Message is what is wrong, for a page to say (locale.Localizer.Error).
func (e *ConfigError) Message() msg.Msg { return e.Msg }

func bad(field string, m msg.Msg) *ConfigError {
	return &ConfigError{Field: field, Msg: m}
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
		return bad("sizes", msg.New("event.config.sizes_none"))
	}
	slices.Sort(c.Sizes)
	c.Sizes = slices.Compact(c.Sizes)
	allowed := SizesFor(g)
	for _, s := range c.Sizes {
		if !slices.Contains(allowed, s) {
			return bad("sizes", msg.New("event.config.sizes_game", msg.S("Game", g.Name), msg.Digits("Min", allowed[0]), msg.Digits("Max", allowed[len(allowed)-1]), msg.Digits("Size", s)))
		}
	}
	if c.Rounds < 1 || c.Rounds > MaxRounds {
		return bad("rounds", msg.New("event.config.rounds", msg.Digits("Max", MaxRounds)))
	}
	switch c.Pairing {
	case FewestRepeats:
	case Swiss, RoundRobin:
		if !slices.Equal(c.Sizes, []int{2}) {
			return bad("pairing", msg.New("event.config.pairing_two"))
		}
	default:
		return bad("pairing", msg.New("event.config.pairing_none"))
	}
	if err := c.checkScoring(g); err != nil {
		return err
	}
	switch c.Bye {
	case ByeAverage:
		c.ByePoints = 0
	case ByeFixed:
		if c.ByePoints < 0 || c.ByePoints > MaxByePoints {
			return bad("bye_points", msg.New("event.config.bye_points", msg.Digits("Max", MaxByePoints)))
		}
	default:
		return bad("bye", msg.New("event.config.bye_none"))
	}
	if len(c.TieBreaks) == 0 || c.TieBreaks[0] != ByPoints {
		return bad("tie_breaks[0]", msg.New("event.config.ranking_first"))
	}
	if len(c.Setup) > maxSetup {
		return bad("setup", msg.New("event.config.setup_many", msg.Digits("Max", maxSetup)))
	}
	for k, v := range c.Setup {
		if len(k) > maxSetupText || len(v) > maxSetupText {
			return bad("setup", msg.New("event.config.setup_long", msg.Digits("Max", maxSetupText)))
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
			return bad("place_points", msg.New("event.config.places_none"))
		}
		if len(c.PlacePoints) > MaxPlaces {
			return bad("place_points", msg.New("event.config.places_many", msg.Digits("Max", MaxPlaces)))
		}
		for i, p := range c.PlacePoints {
			if p < 0 || p > MaxPlacePoints {
				return bad("place_points", msg.New("event.config.place_points", msg.Digits("Max", MaxPlacePoints), msg.Digits("Points", p)))
			}
			if i > 0 && p > c.PlacePoints[i-1] {
				return bad("place_points", msg.New("event.config.place_order", msg.Digits("Place", i+1), msg.Digits("Before", i)))
			}
		}
	case ByGamePoints:
		c.PlacePoints = nil
		if !g.Totals {
			return bad("scoring", msg.New("event.config.scoring_totals", msg.S("Game", g.Name)))
		}
	default:
		return bad("scoring", msg.New("event.config.scoring_none"))
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
			return bad(field, msg.New("event.config.criterion_unknown", msg.S("Criterion", strconv.Quote(shortened(string(k))))))
		case k == ByGameTotals && !g.Totals:
			return bad(field, msg.New("event.config.criterion_totals", msg.S("Game", g.Name)))
		case seen[k]:
			return bad(field, msg.New("event.config.criterion_twice", msg.M("Criterion", k.Name())))
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
