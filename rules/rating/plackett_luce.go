package rating

import (
	"math"
	"sort"
)

// team is one team of a game during an update, in rank order.
type team struct {
	input   int     // index in the caller's slice
	mu      float64 // sum of the members' mu
	sigmaSq float64 // sum of the members' sigma squared
	rank    int     // index of the first team of its tie group
}

// Rate returns the ratings of every team's members after one game. ranks
// gives each team's place (lower is better; equal values are a tie); nil
// ranks means the teams finished in the order given. The result has the
// shape of teams. A game with fewer than two teams changes nothing.
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
	ordered := orderTeams(teams, ranks)

	// c: the scale of performance differences in this game.
	betaSq := Beta * Beta
	var cSq float64
	for _, t := range ordered {
		cSq += t.sigmaSq + betaSq
	}
	c := math.Sqrt(cSq)

	// sumQ[q]: the strength of every team that did not beat team q, and
	// tied[q]: how many teams share q's place (Weng & Lin's A_q).
	sumQ := make([]float64, len(ordered))
	tied := make([]float64, len(ordered))
	for q, tq := range ordered {
		for _, ti := range ordered {
			if ti.rank >= tq.rank {
				sumQ[q] += math.Exp(ti.mu / c)
			}
			if ti.rank == tq.rank {
				tied[q]++
			}
		}
	}

	for i, ti := range ordered {
		strength := math.Exp(ti.mu / c)
		var omegaSum, deltaSum float64
		for q, tq := range ordered {
			if tq.rank > ti.rank {
				continue
			}
			quotient := strength / sumQ[q]
			// The gain term is for the team itself (q == i), not for
			// every team it tied with: that is what makes a tie among
			// equals move nobody's mu, as openskill.js's vectors show.
			if q == i {
				omegaSum += (1 - quotient) / tied[q]
			} else {
				omegaSum -= quotient / tied[q]
			}
			deltaSum += quotient * (1 - quotient) / tied[q]
		}
		gamma := math.Sqrt(ti.sigmaSq) / c
		omega := omegaSum * ti.sigmaSq / c
		delta := gamma * deltaSum * ti.sigmaSq / cSq
		for m, r := range teams[ti.input] {
			share := r.Sigma * r.Sigma / ti.sigmaSq
			out[ti.input][m] = Rating{
				Mu:    r.Mu + share*omega,
				Sigma: r.Sigma * math.Sqrt(math.Max(1-share*delta, Kappa)),
			}
		}
	}
	return out
}

// orderTeams sums each team's ratings and sorts the teams by rank, keeping
// the given order among equal ranks, then numbers each tie group by the
// position of its first team ([1,2,2] -> 0,1,1).
func orderTeams(teams [][]Rating, ranks []int) []team {
	ordered := make([]team, len(teams))
	for i, members := range teams {
		t := team{input: i}
		for _, r := range members {
			t.mu += r.Mu
			t.sigmaSq += r.Sigma * r.Sigma
		}
		ordered[i] = t
	}
	rankOf := func(t team) int {
		if ranks == nil {
			return t.input
		}
		return ranks[t.input]
	}
	sort.SliceStable(ordered, func(a, b int) bool { return rankOf(ordered[a]) < rankOf(ordered[b]) })
	for i := range ordered {
		if i > 0 && rankOf(ordered[i]) == rankOf(ordered[i-1]) {
			ordered[i].rank = ordered[i-1].rank
		} else {
			ordered[i].rank = i
		}
	}
	return ordered
}

// RatePlayers is Rate for games of one player per team, as all of
// meldpad's games are: players[i] finished in place ranks[i].
func RatePlayers(players []Rating, ranks []int) []Rating {
	teams := make([][]Rating, len(players))
	for i, r := range players {
		teams[i] = []Rating{r}
	}
	after := Rate(teams, ranks)
	out := make([]Rating, len(players))
	for i := range after {
		out[i] = after[i][0]
	}
	return out
}
