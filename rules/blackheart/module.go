package blackheart

import (
	"math/rand/v2"

	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/msg"
)

// Module is Black Heart Rum for the scorepad, the API and the referee
// page.
type Module struct{}

// Info describes Black Heart Rum (Black Heart's rules).
func (Module) Info() game.Info {
	return game.Info{
		ID: "blackheart", Name: "Black Heart Rum", MinPlayers: MinPlayers, MaxPlayers: MaxPlayers, Target: Target,
		EndRule: "B8", Deck: cards.BlackHeart(), Round: "deal",
		SeatQuestion: msg.New("seat.who_went_out"), SeatRule: "B8", SeatNote: msg.New("seat.note.went_out"),
		PointsHint: msg.New("blackheart.points_hint"),
		Points:     game.PointsColumns{Scored: true},
		// Every rule of Black Heart Rum in the app's own words; the referee
		// page shows the ones a verdict rests on.
		Rules: game.RuleTexts("blackheart", "B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8"),
	}
}

// CheckPoints checks a deal entered by points (B4-B7): every score a
// multiple of 5, the player who went out at 25 or more, and no more
// played and held than the deck holds (see checkDealPoints).
func (Module) CheckPoints(_ game.Table, r game.Round) error {
	return checkDealPoints(r.Points, r.Seat)
}

// Result is over when a player goes out in a deal after which their total
// is 500 or more (B8).
func (Module) Result(t game.Table) game.Result {
	if seat := t.Tally.Last.Seat; WonAt(t.Tally.Totals, seat) {
		return game.Won(t.Tally, true, msg.New("blackheart.won", msg.S("Name", t.Names[seat]), msg.N("Target", Target)), seat)
	}
	return game.Playing(t.Tally)
}

// SampleTable: Black Heart at tables of two to six.
func (Module) SampleTable() (int, []int) { return 15, []int{2, 3, 4, 4, 5, 6} }

// SampleRound is a random deal (B7): going out is 25 on top of the cards
// played.
func (Module) SampleRound(rng *rand.Rand, t game.Table, _ []float64, lucky func() int) game.Round {
	r := game.Round{Points: make([]int, t.Seats()), Seat: lucky(), EndsHand: true}
	for i := range r.Points {
		r.Points[i] = 5 * (rng.IntN(30) - 12)
	}
	r.Points[r.Seat] = 25 + 5*(4+rng.IntN(30))
	return r
}
