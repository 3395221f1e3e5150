// Package game is the contract between meldpad and each game it knows.
//
// A game is one vertical slice: a package under rules/ holds its referee,
// the shape of its stored hand record and the decoder for it, the checks a
// hand entered by points can get, the reading and judging of its card
// sheet, its API endpoints and the questions its referee page answers.
// It offers them through a Module. The rest of meldpad (pages, API,
// database) works with Modules and never names a game: adding a game is
// adding its folder and one line to the registry (rules.Modules).
//
// Everything here is standard library only, so a game's module compiles to
// WebAssembly with its referee and judges a sheet on the phone.
//
// Every Module has Info, checks by points and a Result. The rest is
// optional, found by type assertion as io.WriterTo is: a Sheeter can be
// entered card by card, an APIServer has JSON endpoints, a MeldChecker
// answers melds/check, a Referee has questions for the referee page, a
// Configurable takes settings of its own at creation.
package game

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/url"

	"meldpad/rules/cards"
	"meldpad/rules/msg"
)

// Module is one game as meldpad uses it.
type Module interface {
	// Info describes the game: its name, table, target and house rules.
	Info() Info
	// CheckPoints checks a round entered by points alone against what the
	// game's rules allow on numbers (only one player scores, points are
	// multiples of 5, no more than the largest deal, ...). The error is a
	// *PointsError when one seat's number is wrong (its message, a
	// sentence citing the rule, goes beside that field), else a
	// *ruling.Error naming the rule, or a *ruling.InputError naming the
	// field ("points", "seat").
	CheckPoints(t Table, r Round) error
	// Result says where the game stands after its rounds: over or not,
	// who won, each seat's place and final total (bonuses included).
	Result(t Table) Result
}

// Info describes a game.
type Info struct {
	ID         string // as in URLs, the API and the database: "fan"
	Name       string // "Fan Rummy"
	MinPlayers int
	MaxPlayers int
	// Target is the total that ends the game, 0 when the table chooses it
	// (any game by points).
	Target int
	// EndRule is the rule id of the game's end ("N8").
	EndRule string
	// Deck is the game's deck; nil for a game without cards.
	Deck *cards.Deck
	// HouseRules are the options chosen when a game is created.
	HouseRules []HouseRule
	// Round names one entry on the scorepad: "hand", "deal", "trick",
	// "round"; RoundWord says it in the page's language.
	Round string
	// SeatQuestion, when not zero, is the seat every entry must name
	// ("Who went out?"), SeatRule the rule that asks for it and SeatNote
	// how the scorepad says it, its text naming the seat's player as
	// {{.Player}} ("Ann went out").
	SeatQuestion msg.Msg
	SeatRule     string
	SeatNote     msg.Msg
	// EndsHandQuestion, when not zero, is asked of every entry by points:
	// whether new hands were dealt after it (Trophy Case's tricks, T6). In
	// other games every entry is a hand of its own.
	EndsHandQuestion msg.Msg
	// PointsHint says, beside a form by points, what the rules allow.
	PointsHint msg.Msg
	// Points says which points columns mean something in league
	// standings of this game alone.
	Points PointsColumns
	// Rules restates every rule of the game in the app's own words, for
	// the referee page.
	Rules []RuleText
}

// HouseRule is an optional rule chosen when a game is created (the rules
// names them). Default is its setting when the game is created without
// saying.
type HouseRule struct {
	Key     string  // stored key: "big_sets"
	Name    msg.Msg // short label
	Help    msg.Msg // one sentence, citing the rule it changes
	Rule    string  // rule id
	Default bool
}

// RoundWord is count entries of the game's scorepad in the page's
// language: "1 hand", "3 deals" (the catalogs' round.<Round>).
func (i Info) RoundWord(count int) msg.Msg {
	return msg.New("round."+i.Round, msg.N("Count", count))
}

// HouseRule returns the game's house rule with the given key.
func (i Info) HouseRule(key string) (HouseRule, bool) {
	for _, h := range i.HouseRules {
		if h.Key == key {
			return h, true
		}
	}
	return HouseRule{}, false
}

// Rule returns the text of one of the game's rules.
func (i Info) Rule(id string) (RuleText, bool) {
	for _, r := range i.Rules {
		if r.ID == id {
			return r, true
		}
	}
	return RuleText{}, false
}

// PointsColumns says which points columns a league table shows.
type PointsColumns struct {
	Scored   bool // the player's own final totals, summed
	Conceded bool // what the other players scored in those games, summed
}

// RuleText is one rule as the app states it, in the table's language:
// its id stays the same in every language.
type RuleText struct {
	ID    string  // "N4"
	Title msg.Msg // "Ending"
	Text  msg.Msg
}

// Table is a game as a module sees it: its seats, what was chosen when it
// was created, and the rounds so far.
type Table struct {
	Names       []string // by seat
	HouseRules  map[string]bool
	Settings    json.RawMessage // a Configurable game's own settings; nil otherwise
	FirstDealer int
	Tally       Tally
}

// Seats is how many players sit at the table.
func (t Table) Seats() int { return len(t.Names) }

// House reports whether a house rule is on: as chosen, or its default.
func (t Table) House(info Info, key string) bool {
	if on, ok := t.HouseRules[key]; ok {
		return on
	}
	h, _ := info.HouseRule(key)
	return h.Default
}

// Dealer is the seat that deals next: the deal passes to the left after
// every round that ended a hand.
func (t Table) Dealer() int {
	if t.Seats() == 0 {
		return 0
	}
	return (t.FirstDealer + t.Tally.Hands) % t.Seats()
}

// Configurable is a game with settings of its own, chosen when a game is
// created (any game by points: its name, how it ends, who wins).
type Configurable interface {
	// SetupFields lists the inputs of the new-game form, with their
	// defaults.
	SetupFields() []Input
	// Setup reads the new-game form into the settings to store, or says
	// what is wrong (a *ruling.InputError naming the input).
	Setup(form url.Values, seats int) (json.RawMessage, error)
	// CheckSettings checks stored settings (an import's) for a table of
	// the given size: the same checks as Setup.
	CheckSettings(settings json.RawMessage, seats int) error
	// Describe says the settings in a few words for the scorepad ("to
	// 100, lowest wins").
	Describe(settings json.RawMessage) string
	// Title is the game's name on its scorepad ("Hearts").
	Title(settings json.RawMessage) string
}

// Aim is what a game's totals aim at, as its pages read them: the total
// that ends the game (0 when none does) and whether the lowest total wins
// rather than the highest. A chart's guide line is the target; a player's
// best round is the most points in one, or the fewest when the lowest
// total wins.
type Aim struct {
	Target     int
	LowestWins bool
}

// Better reports whether total a is better than total b (or one round's
// points better than another's): higher, or lower when the lowest total
// wins.
func (a Aim) Better(x, y int) bool {
	if a.LowestWins {
		return x < y
	}
	return x > y
}

// Aimer is a game whose aim its settings choose (any game by points: its
// target, P1, and which total wins, P4). Every other game aims at its
// Info.Target, the highest total winning.
type Aimer interface {
	Aim(settings json.RawMessage) Aim
}

// Ender is a game the table may end when it chooses (P3: an open game):
// the scorepad offers "End game", recorded as a round that ends it.
type Ender interface {
	CanEnd(t Table) bool
}

// Leader is a game in which the scorepad says who leads next (Trophy
// Case, T6): the seat, and the rule that says so.
type Leader interface {
	NextLeader(t Table) (seat int, rule string)
}

// Annotator is a game whose scorepad rows say more than the seat each
// names: a Gin deal that was a draw (G2). Note reads a hand's stored
// record (one entered card by card, or by points) and says what to add,
// if anything.
type Annotator interface {
	Note(record json.RawMessage) (msg.Msg, bool)
}

// Context is what a judgement takes: its deadline and cancellation.
type Context = context.Context

// Sampler is a game that makes plausible rounds of itself, for a seeded
// league (to try meldpad with a big league, and to measure it).
type Sampler interface {
	// SampleTable is how often the game is played in a seeded league (a
	// weight among the games') and the player counts to draw from,
	// repeats weighting them.
	SampleTable() (weight int, seats []int)
	// SampleRound is a random round that the game's CheckPoints accepts.
	// skill is each seat's skill relative to the table's mean (1 is
	// average); lucky draws a seat, the more skilled more often, to go
	// out, win the trick or score.
	SampleRound(rng *rand.Rand, t Table, skill []float64, lucky func() int) Round
}
