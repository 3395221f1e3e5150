// Package rules is meldpad's registry of games: the one list of the game
// modules it knows, and what every game's module is asked through it
// (checks by points, the result of a game). Each game lives in its own
// package (rules/fan, rules/gin, ...) and offers a game.Module; nothing
// outside the registry and the game's own package names a game.
package rules

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"

	"meldpad/rules/blackheart"
	"meldpad/rules/fan"
	"meldpad/rules/flathead"
	"meldpad/rules/fortune"
	"meldpad/rules/game"
	"meldpad/rules/gin"
	"meldpad/rules/msg"
	"meldpad/rules/points"
	"meldpad/rules/ruling"
	"meldpad/rules/trophy"
)

// modules are the games meldpad knows, in the order it lists them.
var modules = []game.Module{
	flathead.Module{},
	fortune.Module{},
	blackheart.Module{},
	fan.Module{},
	gin.Module{},
	trophy.Module{},
	points.Module{},
}

// Game is one game of the registry: its Info, and its module for
// everything else. What a module may or may not offer (a card sheet,
// melds, API endpoints, ...) is asked through Game's methods, which
// answer for every game alike: the optional interfaces of rules/game
// are looked up here and nowhere else.
type Game struct {
	game.Info
	Module game.Module
}

var games = func() []Game {
	out := make([]Game, len(modules))
	for i, m := range modules {
		out[i] = Game{Info: m.Info(), Module: m}
	}
	return out
}()

// Games returns every game in the order meldpad lists them.
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

// Sheet returns the game's card sheet, if its hands can be entered card
// by card.
func (g Game) Sheet() (game.Sheeter, bool) {
	s, ok := g.Module.(game.Sheeter)
	return s, ok
}

// HasSheet reports whether the game's hands can be entered card by card.
func (g Game) HasSheet() bool {
	_, ok := g.Module.(game.Sheeter)
	return ok
}

// Melds returns how the game judges melds (melds/check, the referee
// page's "a meld or a lay-off"); a game without melds has none.
func (g Game) Melds() (game.MeldChecker, bool) {
	mc, ok := g.Module.(game.MeldChecker)
	return mc, ok
}

// Questions are the game's own questions for the referee page, beyond
// a meld; none for a game without.
func (g Game) Questions() []game.Question {
	if ref, ok := g.Module.(game.Referee); ok {
		return ref.Questions()
	}
	return nil
}

// Endpoints are the game's own JSON endpoints under /api/v1/{game}/;
// none for a game without.
func (g Game) Endpoints() []game.Endpoint {
	if api, ok := g.Module.(game.APIServer); ok {
		return api.Endpoints()
	}
	return nil
}

// Endpoint returns the game's endpoint at path ("hands/score").
func (g Game) Endpoint(path string) (game.Endpoint, bool) {
	for _, ep := range g.Endpoints() {
		if ep.Path == path {
			return ep, true
		}
	}
	return game.Endpoint{}, false
}

// HasSettings reports whether the game has settings of its own, chosen
// when a game is created (game.Configurable): any game by points.
func (g Game) HasSettings() bool {
	_, ok := g.Module.(game.Configurable)
	return ok
}

// SetupFields are the inputs of the new-game form a game with settings
// of its own asks (game.Configurable); none for any other game.
func (g Game) SetupFields() []game.Input {
	if c, ok := g.Module.(game.Configurable); ok {
		return c.SetupFields()
	}
	return nil
}

// Setup reads the new-game form into the settings to store (a
// *ruling.InputError naming the input when one is wrong); nil for a game
// without settings of its own.
func (g Game) Setup(form url.Values, seats int) (json.RawMessage, error) {
	if c, ok := g.Module.(game.Configurable); ok {
		return c.Setup(form, seats)
	}
	return nil, nil
}

// CanEnd reports whether the table may end the game now, when it
// chooses (game.Ender, P3); never for a game that ends by its rules.
func (g Game) CanEnd(t game.Table) bool {
	e, ok := g.Module.(game.Ender)
	return ok && e.CanEnd(t)
}

// NextLeader is the seat that leads next and the rule that says so, for
// a game whose scorepad says it (game.Leader); ok is false for others.
func (g Game) NextLeader(t game.Table) (seat int, rule string, ok bool) {
	l, ok := g.Module.(game.Leader)
	if !ok {
		return 0, "", false
	}
	seat, rule = l.NextLeader(t)
	return seat, rule, true
}

// Note is what a scorepad row adds about a stored hand's record
// (game.Annotator: "a draw (G2)"), if anything.
func (g Game) Note(record json.RawMessage) (msg.Msg, bool) {
	if a, ok := g.Module.(game.Annotator); ok {
		return a.Note(record)
	}
	return msg.Msg{}, false
}

// Sampler returns how the game makes plausible rounds of itself, for a
// seeded league; a game without one is not seeded.
func (g Game) Sampler() (game.Sampler, bool) {
	s, ok := g.Module.(game.Sampler)
	return s, ok
}

// Result says where the game stands after the rounds of t's tally.
func (g Game) Result(t game.Table) game.Result { return g.Module.Result(t) }

// Round is one entry on a scorepad (game.Round).
type Round = game.Round

// CheckPoints checks a round entered by points alone: the table's size,
// the seat every entry must name, then what the game's rules allow on
// numbers. The error is a *ruling.Error naming the rule; one seat's
// number is a *game.PointsError naming the seat's player (t.Names).
func (g Game) CheckPoints(t game.Table, r Round) error {
	seats := len(r.Points)
	if seats < g.MinPlayers || seats > g.MaxPlayers {
		return ruling.Refuse("", msg.New("rules.players", msg.S("Game", g.Name), msg.N("Min", g.MinPlayers), msg.N("Max", g.MaxPlayers), msg.N("Count", seats)))
	}
	if !g.SeatQuestion.IsZero() && (r.Seat < 0 || r.Seat >= seats) {
		return ruling.Refuse(g.SeatRule, msg.New("rules.say_who."+g.ID, msg.S("Rule", g.SeatRule)))
	}
	err := g.Module.CheckPoints(t, r)
	// A number a rule refuses is said beside its field, naming its
	// player: "Ann: 75 cannot be ...".
	var pe *game.PointsError
	if errors.As(err, &pe) && pe.Name == "" && pe.Seat >= 0 && pe.Seat < len(t.Names) {
		pe.Name = t.Names[pe.Seat]
	}
	return err
}

// Play works out a game from its rounds: each round is added to the
// tally in turn, and the game ends with the first round after which the
// module says it is over. Rounds after that (only a correction leaves
// any) count in the totals but decide nothing.
func (g Game) Play(t game.Table, rounds []Round) (game.Tally, game.Result) {
	t.Tally = game.NewTally(t.Seats())
	var over *game.Result
	for _, r := range rounds {
		t.Tally = t.Tally.Add(r)
		if over == nil {
			if res := g.Module.Result(t); res.Finished {
				over = &res
			}
		}
	}
	if over == nil {
		return t.Tally, g.Module.Result(t)
	}
	return t.Tally, settled(*over, t.Tally)
}

// settled is the result of a game that is over, its final totals being
// the rounds' totals (all of them, those after the end included) plus
// the bonuses.
func settled(res game.Result, t game.Tally) game.Result {
	res.Final = append([]int(nil), t.Totals...)
	for _, b := range res.Bonuses {
		for seat, p := range b.Points {
			res.Final[seat] += p
		}
	}
	return res
}

// Next is the result once one more round is added to a game that goes
// on, t.Tally being its rounds so far: what Play gives, without adding up
// the rounds again.
func (g Game) Next(t game.Table, r Round) (game.Tally, game.Result) {
	t.Tally = t.Tally.Add(r)
	res := g.Module.Result(t)
	if res.Finished {
		res = settled(res, t.Tally)
	}
	return t.Tally, res
}

// CheckSettings checks a game's stored settings: ones its module reads,
// for a game with settings of its own; none for any other.
func (g Game) CheckSettings(settings json.RawMessage, seats int) error {
	if c, ok := g.Module.(game.Configurable); ok {
		return c.CheckSettings(settings, seats)
	}
	if len(settings) > 0 && string(settings) != "{}" {
		return ruling.Bad("settings", msg.New("rules.no_settings", msg.S("Game", g.Name)))
	}
	return nil
}

// Describe says what a game's own settings are, for its scorepad, or ""
// for a game without settings.
func (g Game) Describe(settings json.RawMessage) string {
	if c, ok := g.Module.(game.Configurable); ok {
		return c.Describe(settings)
	}
	return ""
}

// Aim is what a game's totals aim at (game.Aim): its settings' (any game
// by points), or its Info.Target with the highest total winning.
func (g Game) Aim(settings json.RawMessage) game.Aim {
	if a, ok := g.Module.(game.Aimer); ok {
		return a.Aim(settings)
	}
	return game.Aim{Target: g.Target}
}

// Title is a game's name on its scorepad: the game's, or the one its
// settings give (any game by points: "Hearts").
func (g Game) Title(settings json.RawMessage) string {
	if c, ok := g.Module.(game.Configurable); ok {
		if title := c.Title(settings); title != "" {
			return title
		}
	}
	return g.Name
}

// MustLookup is Lookup for ids the database holds: an unknown one is a
// broken database, not bad input.
func MustLookup(id string) (Game, error) {
	g, ok := Lookup(id)
	if !ok {
		// Not a person's error: the database names a game this build lacks.
		return Game{}, fmt.Errorf("rules: unknown game %q", id)
	}
	return g, nil
}
