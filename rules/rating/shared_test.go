package rating

import "testing"

// A game by points seats up to twelve and lets players tie for first
// (P4): those sharing first get the same rating and gain, those sharing
// the last place the same and lose, beyond eight players (the size of the
// stack buffers) as below, in place as not.
//
// That a shared first gains more than any lower place is not asserted:
// the model, as openskill.js has it, divides a tie's gain among the tied
// (Weng & Lin's A_q), and from four players on the third place of the
// same game gains more than the two who shared first.
func TestSharedPlacesUpToTwelve(t *testing.T) {
	for n := 2; n <= 12; n++ {
		players := make([]Rating, n)
		ranks := make([]int, n)
		for i := range players {
			players[i] = New()
			ranks[i] = i + 1
		}
		// Seats 0 and 1 share first; the last two share the last place.
		ranks[1] = 1
		if n >= 4 {
			ranks[n-1] = ranks[n-2]
		}
		got := RatePlayers(players, ranks)
		if !near(got[0].Mu, got[1].Mu) || !near(got[0].Sigma, got[1].Sigma) || n > 2 && got[0].Mu <= DefaultMu {
			t.Errorf("%d players: the two first %v and %v", n, got[0], got[1])
		}
		if n >= 4 && (!near(got[n-1].Mu, got[n-2].Mu) || got[n-1].Mu >= DefaultMu) {
			t.Errorf("%d players: the two last %v and %v", n, got[n-2], got[n-1])
		}
		in := make([]Rating, n)
		copy(in, players)
		RatePlayersTo(in, in, ranks)
		for i := range in {
			if in[i] != got[i] {
				t.Errorf("%d players: in place %v, RatePlayers %v", n, in[i], got[i])
			}
		}
	}
}
