package flathead

import (
	"math/rand/v2"

	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/msg"
)

// Module is Flathead Rummy for the scorepad, the API and the referee page.
type Module struct{}

// Info describes Flathead Rummy (Flathead's rules).
func (Module) Info() game.Info {
	return game.Info{
		ID: "flathead", Name: "Flathead Rummy", MinPlayers: MinPlayers, MaxPlayers: MaxPlayers, Target: Target,
		EndRule: "F9", Deck: cards.Fanucci(), Round: "hand",
		SeatQuestion: msg.New("seat.who_went_out"), SeatRule: "F6", SeatNote: msg.New("seat.note.went_out"),
		PointsHint: msg.New("flathead.points_hint"),
		Points:     game.PointsColumns{Scored: true, Conceded: true},
		// Every rule of Flathead Rummy in the app's own words; the referee
		// page shows the ones a verdict rests on.
		Rules: game.RuleTexts("flathead", "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9"),
	}
}

// CheckPoints checks a hand entered by points: only the player who went
// out scores, never below zero (F6), in a two-player game at least the 5
// for going out, and exactly what a real hand scores: cards left, at
// most 10 a loser, times a multiplier of 1 to 4 (F8; see PossibleScore).
func (Module) CheckPoints(_ game.Table, r game.Round) error {
	return checkHandPoints(r.Points, r.Seat)
}

// Result is over once a player's total reaches 42 (F9).
func (Module) Result(t game.Table) game.Result {
	if seat, ok := WinnerAt(t.Tally.Totals); ok {
		return game.Won(t.Tally, true, msg.New("flathead.won", msg.S("Name", t.Names[seat]), msg.N("Target", Target)), seat)
	}
	return game.Playing(t.Tally)
}

// SampleTable: Flathead at tables of every size.
func (Module) SampleTable() (int, []int) { return 20, []int{2, 3, 3, 4, 4, 4, 5, 6} }

// SampleRound is a random hand (F6, F8): who went out scores cards left
// (plus 5 with two players) times the marks multiplier.
func (Module) SampleRound(rng *rand.Rand, t game.Table, _ []float64, lucky func() int) game.Round {
	r := game.Round{Points: make([]int, t.Seats()), Seat: lucky(), EndsHand: true}
	base := 2 + rng.IntN(min(18, mostCardsLeft(t.Seats())-1)) + baseBonus(t.Seats())
	r.Points[r.Seat] = base * (1 + rng.IntN(3)/2)
	return r
}
