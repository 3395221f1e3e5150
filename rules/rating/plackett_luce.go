package rating

import "math"

// Rate returns the ratings of every team's members after one game. ranks
// gives each team's place (lower is better; equal values are a tie); nil
// ranks means the teams finished in the order given. The result has the
// shape of teams. A game with fewer than two teams changes nothing. Every
// team needs at least one member.
//
// It panics if ranks is neither nil nor as long as teams, which is a
// programming error.
func Rate(teams [][]Rating, ranks []int) [][]Rating {
	if ranks != nil && len(ranks) != len(teams) {
		panic("rating: Rate needs one rank per team")
	}
	out := make([][]Rating, len(teams))
	for i, members := range teams {
		out[i] = append([]Rating(nil), members...)
	}
	if len(teams) < 2 {
		return out
	}
	mu, sigmaSq := make([]float64, len(teams)), make([]float64, len(teams))
	for i, members := range teams {
		for _, r := range members {
			mu[i] += r.Mu
			sigmaSq[i] += r.Sigma * r.Sigma
		}
	}
	omega, delta := make([]float64, len(teams)), make([]float64, len(teams))
	update(mu, sigmaSq, ranks, omega, delta)
	for i, members := range teams {
		for m, r := range members {
			out[i][m] = apply(r, sigmaSq[i], omega[i], delta[i])
		}
	}
	return out
}

// RatePlayers is Rate for games of one player per team, as all of
// meldpad's games are: players[i] finished in place ranks[i] (nil: in the
// order given). It allocates only its result, so a league of thousands of
// games is rated in milliseconds.
func RatePlayers(players []Rating, ranks []int) []Rating {
	out := make([]Rating, len(players))
	RatePlayersTo(out, players, ranks)
	return out
}

// RatePlayersTo is RatePlayers writing the new ratings into dst, which
// must be as long as players (it may be players itself), and allocating
// nothing for tables of up to eight.
func RatePlayersTo(dst, players []Rating, ranks []int) {
	if (ranks != nil && len(ranks) != len(players)) || len(dst) != len(players) {
		panic("rating: RatePlayersTo needs one rank and one result per player")
	}
	out := dst
	n := len(players)
	if n < 2 {
		copy(out, players)
		return
	}
	var buf [4 * 8]float64 // on the stack for tables of up to 8
	var work []float64
	if n <= 8 {
		work = buf[:4*n]
	} else {
		work = make([]float64, 4*n)
	}
	mu, sigmaSq, omega, delta := work[:n], work[n:2*n], work[2*n:3*n], work[3*n:]
	for i, r := range players {
		mu[i], sigmaSq[i] = r.Mu, r.Sigma*r.Sigma
	}
	update(mu, sigmaSq, ranks, omega, delta)
	for i, r := range players {
		out[i] = apply(r, sigmaSq[i], omega[i], delta[i])
	}
}

// update computes each team's Omega (the change of mean) and Delta (the
// shrink of variance) from the teams' summed means and variances, as in
// Weng & Lin's Algorithm 4 with the Plackett-Luce model.
//
// The reference orders the teams by rank and gives each the position of
// the first team of its tie group ([1,2,2] -> 0,1,1). That position is the
// number of teams ranked strictly better, so it is computed directly and
// nothing is sorted: every sum below runs over teams by rank, not by
// position in a list.
func update(mu, sigmaSq []float64, ranks []int, omega, delta []float64) {
	n := len(mu)
	var posBuf [8]int
	var strengthBuf, sumQBuf, tiedBuf [8]float64
	pos, strength, sumQ, tied := posBuf[:0], strengthBuf[:0], sumQBuf[:0], tiedBuf[:0]
	if n > 8 {
		pos, strength, sumQ, tied = make([]int, 0, n), make([]float64, 0, n), make([]float64, 0, n), make([]float64, 0, n)
	}
	if ranks == nil {
		var inOrder [8]int
		ranks = inOrder[:0]
		if n > 8 {
			ranks = make([]int, 0, n)
		}
		for i := 0; i < n; i++ {
			ranks = append(ranks, i)
		}
	}
	// c: the scale of performance differences in this game.
	betaSq := Beta * Beta
	var cSq float64
	for i := 0; i < n; i++ {
		cSq += sigmaSq[i] + betaSq
	}
	c := math.Sqrt(cSq)
	for i := 0; i < n; i++ {
		p := 0
		for _, r := range ranks {
			if r < ranks[i] {
				p++
			}
		}
		pos = append(pos, p)
		strength = append(strength, math.Exp(mu[i]/c))
	}
	// sumQ[q]: the strength of every team that did not finish ahead of q;
	// tied[q]: how many teams share q's place (Weng & Lin's A_q).
	for q := 0; q < n; q++ {
		var s, a float64
		for i := 0; i < n; i++ {
			if pos[i] >= pos[q] {
				s += strength[i]
			}
			if pos[i] == pos[q] {
				a++
			}
		}
		sumQ, tied = append(sumQ, s), append(tied, a)
	}
	for i := 0; i < n; i++ {
		var omegaSum, deltaSum float64
		for q := 0; q < n; q++ {
			if pos[q] > pos[i] {
				continue
			}
			quotient := strength[i] / sumQ[q]
			// The gain term is for the team itself (q == i), not for every
			// team it tied with: that is what makes a tie among equals move
			// nobody's mu, as openskill.js's vectors show.
			if q == i {
				omegaSum += (1 - quotient) / tied[q]
			} else {
				omegaSum -= quotient / tied[q]
			}
			deltaSum += quotient * (1 - quotient) / tied[q]
		}
		gamma := math.Sqrt(sigmaSq[i]) / c
		omega[i] = omegaSum * sigmaSq[i] / c
		delta[i] = gamma * deltaSum * sigmaSq[i] / cSq
	}
}

// apply moves one member of a team by the team's Omega and Delta, in
// proportion to the member's share of the team's variance.
func apply(r Rating, teamSigmaSq, omega, delta float64) Rating {
	share := r.Sigma * r.Sigma / teamSigmaSq
	return Rating{
		Mu:    r.Mu + share*omega,
		Sigma: r.Sigma * math.Sqrt(math.Max(1-share*delta, Kappa)),
	}
}
