package trophy

import (
	"math/rand/v2"

	"meldpad/rules/cards"
	"meldpad/rules/game"
	"meldpad/rules/msg"
	"meldpad/rules/ruling"
)

// Module is Trophy Case for the scorepad, the API and the referee page.
type Module struct{}

// Info describes Trophy Case (Trophy Case's rules).
func (Module) Info() game.Info {
	return game.Info{
		ID: "trophy", Name: "Trophy Case", MinPlayers: MinPlayers, MaxPlayers: MaxPlayers, Target: Target,
		EndRule: "T8", Deck: cards.Fanucci(), Round: "trick",
		SeatQuestion: msg.New("seat.who_won_trick"), SeatRule: "T5", SeatNote: msg.New("seat.note.won_trick"),
		EndsHandQuestion: msg.New("trophy.ends_hand_question"),
		PointsHint:       msg.New("trophy.points_hint"),
		Points:           game.PointsColumns{Scored: true, Conceded: true},
		// Every rule of Trophy Case in the app's own words; the referee
		// page shows the ones a verdict rests on.
		Rules: game.RuleTexts("trophy", "T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8"),
	}
}

// CheckPoints checks a trick entered by points: only its winner scores,
// and at most what a trick of the table's size holds, new hands dealt
// after it or not (T6, T7; see MaxTrickPoints).
func (Module) CheckPoints(_ game.Table, r game.Round) error {
	return checkTrickPoints(r)
}

// Result is over when a player has reached 30 and one has the highest
// total; a tie at the top plays on (T8).
func (Module) Result(t game.Table) game.Result {
	if seat, ok := ruling.HighestReached(t.Tally.Totals, Target); ok {
		return game.Won(t.Tally, true, msg.New("trophy.won", msg.S("Name", t.Names[seat]), msg.N("Target", Target)), seat)
	}
	return game.Playing(t.Tally)
}

// NextLeader is the seat that leads the next trick (T6), for the
// scorepad.
func (Module) NextLeader(t game.Table) (int, string) { return NextLeader(t), "T6" }

// NextLeader is the seat that leads the next trick: the player to the
// left of the last trick's winner, across a redeal too, or the player to
// the left of the first dealer before any trick (T6).
func NextLeader(t game.Table) int {
	seats := t.Seats()
	if seats == 0 {
		return 0
	}
	if t.Tally.Rounds == 0 || t.Tally.Last.Seat < 0 {
		return (t.FirstDealer + 1) % seats
	}
	return (t.Tally.Last.Seat + 1) % seats
}

// SampleTable: Trophy Case at tables of three to five.
func (Module) SampleTable() (int, []int) { return 15, []int{3, 4, 4, 5} }

// SampleRound is a random trick (T5, T7): its winner scores its 8s, 9s,
// ∞s and zeros; now and then a player runs out and new hands are dealt
// (T6).
func (Module) SampleRound(rng *rand.Rand, t game.Table, _ []float64, lucky func() int) game.Round {
	r := game.Round{Points: make([]int, t.Seats()), Seat: lucky()}
	r.Points[r.Seat] = rng.IntN(7)
	r.EndsHand = rng.IntN(8) == 0
	return r
}
