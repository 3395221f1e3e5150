package gin

import (
	"encoding/json"
	"errors"
	"math/rand/v2"

	"meldpad/rules/cards"
	"meldpad/rules/fan"
	"meldpad/rules/game"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// Module is Gin Rummy for the scorepad, the API and the referee page.
type Module struct{}

// info is what Info returns, made once.
var info = game.Info{
	ID: "gin", Name: "Gin Rummy", MinPlayers: MinPlayers, MaxPlayers: MaxPlayers, Target: Target,
	EndRule: "G4", Deck: cards.Standard(), Round: "deal", SeatNote: msg.New("seat.note.ended_deal"),
	HouseRules: gameHouseRules(),
	PointsHint: msg.New("gin.points_hint"),
	Points:     game.PointsColumns{Scored: true, Conceded: true},
	// Every rule of Gin Rummy in the app's own words, and the Fan Rummy
	// rules gin plays by (N1-N3, N5: the cards' values, the melds,
	// deadwood and lay-offs), as Fan Rummy states them; the referee page
	// shows the ones a verdict rests on.
	Rules: append(fanRules("N1", "N2", "N3", "N5"), game.RuleTexts("gin", "G1", "G2", "G3", "G4", "G5")...),
}

// fanRules are Fan Rummy's texts of the given rules.
func fanRules(ids ...string) []game.RuleText {
	fanInfo := fan.Module{}.Info()
	out := make([]game.RuleText, 0, len(ids))
	for _, id := range ids {
		if r, ok := fanInfo.Rule(id); ok {
			out = append(out, r)
		}
	}
	return out
}

// Info describes Gin Rummy (Gin Rummy's rules).
func (Module) Info() game.Info { return info }

// gameHouseRules are the house rules of HouseRuleOptions as every game
// offers them.
func gameHouseRules() []game.HouseRule {
	out := make([]game.HouseRule, len(houseRuleOptions))
	for i, h := range houseRuleOptions {
		out[i] = game.HouseRule{Key: h.Key, Name: h.Name, Help: h.Help, Rule: h.Rule, Default: h.Default}
	}
	return out
}

// HouseOf is the house rules a game was created with: as chosen, a key
// not chosen keeping its default (game.Table.House).
func HouseOf(t game.Table) HouseRules {
	return HouseRules{
		Oklahoma:             t.House(info, KeyOklahoma),
		UndercutOnlyWhenLess: !t.House(info, KeyUndercutOnTie),
		NoBoxBonus:           !t.House(info, KeyBoxBonus),
		NoShutout:            !t.House(info, KeyShutout),
	}
}

// CheckPoints checks a deal entered by points (judgePoints): only one
// side scores, never more than a deal can (G3), an odd number over that
// only as a doubled deal (G1); what cannot be is said beside the number,
// after its player's name. The table never ends a gin game: a player
// reaching 100 does (G4).
func (Module) CheckPoints(t game.Table, r game.Round) error {
	if r.EndsGame {
		return ruling.Refuse("G4", msg.New("gin.table_cannot_end", msg.N("Target", Target)))
	}
	err := checkDealPoints(r.Points, HouseOf(t))
	if _, beside := err.(*game.PointsError); beside {
		return err
	}
	return plain(err)
}

// plain drops the "gin: " of an error's message, for a page that shows it
// beside the game: a rule's error keeps its rule, bad input its field.
func plain(err error) error {
	var broken *ruling.Error
	var bad *ruling.InputError
	switch {
	case errors.As(err, &broken):
		return &ruling.Error{Rule: broken.Rule, Msg: broken.Plain()}
	case errors.As(err, &bad):
		return &ruling.InputError{Field: bad.Field, Msg: bad.Plain()}
	}
	return err
}

// Result is over once a player reaches 100 (G4); the final bonuses of G5
// are added then: the game bonus, the shutout and the box bonus, each a
// line of the scorepad, and in the final totals league standings count.
// The winner is first whatever the totals with bonuses say.
func (Module) Result(t game.Table) game.Result {
	totals := t.Tally.Totals
	seat, ok := fan.WinnerAt(totals)
	if !ok || len(totals) != MaxPlayers || len(t.Tally.Scored) != MaxPlayers {
		return game.Playing(t.Tally)
	}
	house := HouseOf(t)
	g := Won([2]int{totals[0], totals[1]}, [2]int{t.Tally.Scored[0], t.Tally.Scored[1]}, seat, house)
	res := game.Result{Finished: true, Winners: []int{seat}, Places: make([]int, MaxPlayers), Final: g.Final[:]}
	res.Places[seat], res.Places[1-seat] = 1, 2
	res.Bonuses = append(res.Bonuses, game.Bonus{Name: "Game bonus", Rule: "G5", Points: g.Bonus.Game[:]})
	if g.Shutout {
		res.Bonuses = append(res.Bonuses, game.Bonus{Name: "Shutout", Rule: "G5", Points: g.Bonus.Shutout[:]})
	}
	if !house.NoBoxBonus {
		res.Bonuses = append(res.Bonuses, game.Bonus{Name: "Box bonus", Rule: "G5", Points: g.Bonus.Box[:]})
	}
	name := msg.New("gin.seat", msg.N("Seat", seat))
	if seat < len(t.Names) {
		name = msg.Text(t.Names[seat])
	}
	res.Reason = msg.New("gin.won", msg.M("Name", name), msg.N("Total", totals[seat]), msg.N("Final", g.Final[seat]), msg.N("Other", g.Final[1-seat]))
	return res
}

// SampleTable: gin is played in a seeded club about as often as Fan
// Rummy, always two at a table.
func (Module) SampleTable() (int, []int) { return 25, []int{2} }

// SampleRound is a random deal (G2, G3): a knock most often, an undercut,
// Gin or Big Gin now and then, a draw rarely; one side scores.
func (Module) SampleRound(rng *rand.Rand, t game.Table, _ []float64, lucky func() int) game.Round {
	r := game.Round{Points: make([]int, t.Seats()), Seat: -1, EndsHand: true}
	if rng.IntN(25) == 0 {
		return r // a draw
	}
	var pts int
	switch x := rng.IntN(20); {
	case x < 13:
		pts = 1 + rng.IntN(30) // a knock
	case x < 16:
		pts = UndercutBonus + rng.IntN(KnockValue+1)
	case x < 19:
		pts = GinBonus + rng.IntN(60)
	default:
		pts = BigGinBonus + rng.IntN(60)
	}
	r.Points[lucky()] = pts
	return r
}

// Note says, on the scorepad, that a deal was a draw (G2): the stock ran
// down with nobody knocking. A deal entered by points says nothing of it.
func (Module) Note(record json.RawMessage) (msg.Msg, bool) {
	var rec struct {
		Draw bool `json:"draw"`
	}
	if json.Unmarshal(record, &rec) == nil && rec.Draw {
		return msg.New("gin.note.draw"), true
	}
	return msg.Msg{}, false
}
