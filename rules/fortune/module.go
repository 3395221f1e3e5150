package fortune

import (
	"math"
	"math/rand/v2"

	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// Module is Fortune Rummy for the scorepad, the API and the referee page.
type Module struct{}

// Info describes Fortune Rummy (Fortune's rules).
func (Module) Info() game.Info {
	return game.Info{
		ID: "fortune", Name: "Fortune Rummy", MinPlayers: MinPlayers, MaxPlayers: MaxPlayers, Target: Target,
		EndRule: "R8", Deck: cards.DoubleStandard(), Round: "hand", SeatNote: msg.New("seat.note.went_out"),
		HouseRules: []game.HouseRule{
			{Key: "big_sets", Name: msg.New("fortune.house.big_sets"), Help: msg.New("fortune.house.big_sets.help"), Rule: "R1"},
			{Key: "ace_set_15", Name: msg.New("fortune.house.ace_set_15"), Help: msg.New("fortune.house.ace_set_15.help"), Rule: "R4"},
		},
		PointsHint: msg.New("fortune.points_hint"),
		Points:     game.PointsColumns{Scored: true},
		// Every rule of Fortune Rummy in the app's own words; the referee
		// page shows the ones a verdict rests on.
		Rules: game.RuleTexts("fortune", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8"),
	}
}

// CheckPoints checks a hand entered by points (R4-R6): every score a
// multiple of 5, someone scoring the 55 of going out, and no more melded
// and held than the two decks hold (see checkHandPoints).
func (Module) CheckPoints(t game.Table, r game.Round) error {
	return checkHandPoints(r.Points, houseOf(t))
}

// Result is over after the hand in which someone reaches 500, when one
// player has the highest total; a tie at the top plays on (R8).
func (Module) Result(t game.Table) game.Result {
	if seat, ok := ruling.HighestReached(t.Tally.Totals, Target); ok {
		return game.Won(t.Tally, true, msg.New("fortune.won", msg.S("Name", t.Names[seat]), msg.N("Target", Target)), seat)
	}
	return game.Playing(t.Tally)
}

// SampleTable: Fortune at mid-sized and large tables.
func (Module) SampleTable() (int, []int) { return 20, []int{3, 4, 4, 5, 5, 6, 7, 8} }

// SampleRound is a random hand (R6): everyone scores melded minus held
// cards, the more skilled more, and the player who went out melded 11
// cards at least.
func (Module) SampleRound(rng *rand.Rand, t game.Table, skill []float64, lucky func() int) game.Round {
	r := game.Round{Points: make([]int, t.Seats()), Seat: -1, EndsHand: true}
	for i := range r.Points {
		r.Points[i] = 5 * int(math.Round((rng.Float64()*32-10)*(0.6+0.4*skill[i])))
	}
	wentOut := lucky()
	r.Points[wentOut] = max(r.Points[wentOut], WentOutMinimum+5*rng.IntN(12))
	return r
}
