package fan

import (
	"math/rand/v2"

	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/msg"
)

// Module is Fan Rummy for the scorepad, the API and the referee page.
type Module struct{}

// Info describes Fan Rummy (Fan Rummy's rules).
func (Module) Info() game.Info {
	return game.Info{
		ID: "fan", Name: "Fan Rummy", MinPlayers: MinPlayers, MaxPlayers: MaxPlayers, Target: Target,
		EndRule: "N8", Deck: cards.Standard(), Round: "deal", SeatNote: msg.New("seat.note.ended_deal"),
		HouseRules: []game.HouseRule{
			{Key: "undercut_on_tie", Name: msg.New("fan.house.undercut_on_tie"), Help: msg.New("fan.house.undercut_on_tie.help"), Rule: "N6"},
		},
		PointsHint: msg.New("fan.points_hint"),
		Points:     game.PointsColumns{Scored: true, Conceded: true},
		// Every rule of Fan Rummy in the app's own words; the referee
		// page shows the ones a verdict rests on.
		Rules: game.RuleTexts("fan", "N1", "N2", "N3", "N4", "N5", "N6", "N7", "N8"),
	}
}

// CheckPoints checks a deal entered by points: the knocker, or the
// defender on an undercut, scores; the other scores nothing, and a tie
// scores nothing for either, unless the house rule makes it an undercut
// (N6). No deal scores more than a doubled Big Gin against the most
// deadwood a hand can hold, and over an undoubled one only even numbers
// (N7; see MaxDealPoints).
func (m Module) CheckPoints(t game.Table, r game.Round) error {
	return checkDealPoints(r.Points, t.House(m.Info(), "undercut_on_tie"))
}

// Result is over once a player reaches 100 (N8).
func (Module) Result(t game.Table) game.Result {
	if seat, ok := WinnerAt(t.Tally.Totals); ok {
		return game.Won(t.Tally, true, msg.New("fan.won", msg.S("Name", t.Names[seat]), msg.N("Target", Target)), seat)
	}
	return game.Playing(t.Tally)
}

// SampleTable: two-player Fan is the seeded club's most played game.
func (Module) SampleTable() (int, []int) { return 30, []int{2} }

// SampleRound is a random deal (N6, N7): one side scores, a knock, an
// undercut or gin, doubled by a spade knock card; now and then a tie.
func (Module) SampleRound(rng *rand.Rand, t game.Table, _ []float64, lucky func() int) game.Round {
	r := game.Round{Points: make([]int, t.Seats()), Seat: -1, EndsHand: true}
	if rng.IntN(20) > 0 {
		pts := 1 + rng.IntN(24)
		switch x := rng.IntN(10); {
		case x < 2:
			pts = 25 + rng.IntN(40)
		case x < 3:
			pts = 25 + rng.IntN(12)
		}
		if rng.IntN(4) == 0 {
			pts *= 2
		}
		r.Points[lucky()] = pts
	}
	return r
}
