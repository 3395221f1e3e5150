package rating

import (
	"math"
	"math/rand/v2"
	"testing"
)

// tolerance is how closely Rate must agree with openskill.js's published
// numbers: they are float64 results of the same arithmetic.
const tolerance = 1e-9

func near(a, b float64) bool { return math.Abs(a-b) <= tolerance }

func r(mu, sigma float64) Rating { return Rating{Mu: mu, Sigma: sigma} }

// The test vectors of openskill.js (philihp/openskill.js, src/__tests__),
// as copied into OPENSKILL-NOTES.md: one player per team throughout.
func TestRateMatchesOpenSkillVectors(t *testing.T) {
	d := New()
	a, b, c := r(29.182, 4.782), r(27.174, 4.922), r(16.672, 6.217)
	w, x, y, z := r(15, 25.0/3), r(20, 25.0/3), r(25, 25.0/3), r(30, 25.0/3)
	tests := []struct {
		name    string
		players []Rating
		ranks   []int
		want    []Rating
	}{
		{"two players in order", []Rating{d, d}, nil, []Rating{
			r(27.63523138347365, 8.065506316323548), r(22.36476861652635, 8.065506316323548)}},
		{"three players in order", []Rating{d, d, d}, nil, []Rating{
			r(27.868876552746237, 8.204837030780652), r(25.717219138186557, 8.057829747583874),
			r(21.413904309067206, 8.057829747583874)}},
		{"four players in order", []Rating{d, d, d, d}, nil, []Rating{
			r(27.795084971874736, 8.263160757613477), r(26.552824984374855, 8.179213704945203),
			r(24.68943500312503, 8.083731307186588), r(20.96265504062538, 8.083731307186588)}},
		{"five players in order", []Rating{d, d, d, d, d}, nil, []Rating{
			r(27.666666666666668, 8.290556877154474), r(26.833333333333332, 8.240145629781066),
			r(25.72222222222222, 8.179996679645559), r(24.055555555555557, 8.111796013701358),
			r(20.72222222222222, 8.111796013701358)}},
		{"unequal ratings in order", []Rating{a, b, c, d}, nil, []Rating{
			r(30.209971908310553, 4.764898977359521), r(27.64460833689499, 4.882789305097372),
			r(17.403586731283518, 6.100723440599442), r(19.214790707434826, 7.8542613981643985)}},
		{"ranks 2 1 4 3", []Rating{d, d, d, d}, []int{2, 1, 4, 3}, []Rating{
			r(26.552824984374855, 8.179213704945203), r(27.795084971874736, 8.263160757613477),
			r(20.96265504062538, 8.083731307186588), r(24.68943500312503, 8.083731307186588)}},
		{"ranks 1 3 4 2", []Rating{w, x, y, z}, []int{1, 3, 4, 2}, []Rating{
			r(18.13094482387197, 8.283124738447958), r(20.40517319790051, 8.107463101775272),
			r(20.65608164139383, 8.082178279446465), r(30.80780033683369, 8.154697408620104)}},
		{"tie for second", []Rating{r(10, 8), r(5, 10), r(0, 12)}, []int{1, 2, 2}, []Rating{
			r(11.942833056030613, 7.926463661123746), r(2.938193791485662, 9.65347573412201),
			r(-1.4023734358082325, 11.323360667700934)}},
		{"tie for second given out of order", []Rating{r(5, 10), r(0, 12), r(10, 8)}, []int{2, 2, 1}, []Rating{
			r(2.938193791485662, 9.65347573412201), r(-1.4023734358082325, 11.323360667700934),
			r(11.942833056030613, 7.926463661123746)}},
		{"four-way tie", []Rating{d, d, d, d}, []int{1, 1, 1, 1}, []Rating{
			r(25, 8.263160757613477), r(25, 8.263160757613477), r(25, 8.263160757613477), r(25, 8.263160757613477)}},
		{"ranks 2 4 2 1", []Rating{w, x, y, z}, []int{2, 4, 2, 1}, []Rating{
			r(15.340046366255285, 8.21273604193863), r(18.007807436399276, 8.188629384105589),
			r(24.25804790911316, 8.166514496319483), r(32.39409828823228, 8.247276990243211)}},
		{"three-way tie", []Rating{d, d, d}, []int{1, 1, 1}, []Rating{
			r(25, 8.204837030780652), r(25, 8.204837030780652), r(25, 8.204837030780652)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := RatePlayers(tc.players, tc.ranks)
			for i := range tc.want {
				if !near(got[i].Mu, tc.want[i].Mu) || !near(got[i].Sigma, tc.want[i].Sigma) {
					t.Errorf("player %d = (%.15g, %.15g), want (%.15g, %.15g)", i,
						got[i].Mu, got[i].Sigma, tc.want[i].Mu, tc.want[i].Sigma)
				}
			}
		})
	}
}

func TestDefaults(t *testing.T) {
	d := New()
	if d.Mu != 25 || !near(d.Sigma, 8.333333333333334) || !near(d.Ordinal(), 0) {
		t.Errorf("New() = %+v, ordinal %v", d, d.Ordinal())
	}
	if got := d.String(); got != "25.0 ± 25.0" {
		t.Errorf("String() = %q", got)
	}
}

// A one-team game (a game nobody else played) changes nothing, and Rate
// never changes its arguments.
func TestRateOneTeamAndPurity(t *testing.T) {
	solo := [][]Rating{{r(31, 4)}}
	if got := Rate(solo, nil); got[0][0] != r(31, 4) {
		t.Errorf("one team: %+v", got)
	}
	if got := Rate(nil, nil); len(got) != 0 {
		t.Errorf("no teams: %+v", got)
	}
	in := [][]Rating{{r(20, 5)}, {r(30, 6)}}
	_ = Rate(in, []int{2, 1})
	if in[0][0] != r(20, 5) || in[1][0] != r(30, 6) {
		t.Errorf("Rate changed its input: %+v", in)
	}
}

func randomRatings(rng *rand.Rand, n int) []Rating {
	out := make([]Rating, n)
	for i := range out {
		out[i] = r(10+rng.Float64()*30, 1+rng.Float64()*8)
	}
	return out
}

// Property: the game's order decides who gains. Among equally rated
// players, the winner gains, the last loses, and mu falls with the place;
// whatever the ratings, the sole winner never loses mu and the sole last
// never gains.
func TestOrderDecidesWhoGains(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 500; trial++ {
		n := 2 + rng.IntN(7)
		equal := make([]Rating, n)
		for i := range equal {
			equal[i] = New()
		}
		after := RatePlayers(equal, nil)
		for i := 1; i < n; i++ {
			if !(after[i].Mu < after[i-1].Mu) {
				t.Fatalf("%d equal players: place %d has mu %v, not below place %d's %v", n, i+1, after[i].Mu, i, after[i-1].Mu)
			}
		}
		if after[0].Mu <= DefaultMu || after[n-1].Mu >= DefaultMu {
			t.Fatalf("%d equal players: winner %v, last %v", n, after[0].Mu, after[n-1].Mu)
		}
		players := randomRatings(rng, n)
		after = RatePlayers(players, nil)
		if after[0].Mu < players[0].Mu || after[n-1].Mu > players[n-1].Mu {
			t.Fatalf("winner %v -> %v, last %v -> %v", players[0], after[0], players[n-1], after[n-1])
		}
		for i := range after {
			if !after[i].IsValid() || after[i].Sigma > players[i].Sigma {
				t.Fatalf("player %d: %v -> %v: sigma must not grow", i, players[i], after[i])
			}
		}
	}
}

// Property: relabelling the players (giving them in another order with the
// same places) gives each player the same new rating.
func TestRateSymmetricUnderRelabelling(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 500; trial++ {
		n := 2 + rng.IntN(7)
		players := randomRatings(rng, n)
		ranks := make([]int, n)
		for i := range ranks {
			ranks[i] = 1 + rng.IntN(n) // ties happen often
		}
		want := RatePlayers(players, ranks)
		perm := rng.Perm(n)
		shuffled, shuffledRanks := make([]Rating, n), make([]int, n)
		for to, from := range perm {
			shuffled[to], shuffledRanks[to] = players[from], ranks[from]
		}
		got := RatePlayers(shuffled, shuffledRanks)
		for to, from := range perm {
			if math.Abs(got[to].Mu-want[from].Mu) > 1e-12 || math.Abs(got[to].Sigma-want[from].Sigma) > 1e-12 {
				t.Fatalf("ranks %v perm %v: player %d got %v, want %v", ranks, perm, from, got[to], want[from])
			}
		}
	}
}

// Property: a tie between equally rated players moves nobody's mu, and
// players sharing a place with equal ratings get equal ratings.
func TestTiesBetweenEqualsKeepMu(t *testing.T) {
	for n := 2; n <= 8; n++ {
		players := make([]Rating, n)
		ranks := make([]int, n)
		for i := range players {
			players[i] = r(20, 5)
			ranks[i] = 1
		}
		for _, got := range RatePlayers(players, ranks) {
			if !near(got.Mu, 20) || got.Sigma >= 5 {
				t.Errorf("%d-way tie: %v", n, got)
			}
		}
	}
}

func BenchmarkRateFourPlayers(b *testing.B) {
	players := []Rating{r(25, 8), r(27, 6), r(22, 7), r(30, 3)}
	ranks := []int{2, 1, 4, 2}
	for b.Loop() {
		RatePlayers(players, ranks)
	}
}

// RatePlayersTo gives what RatePlayers gives, also in place.
func TestRatePlayersTo(t *testing.T) {
	players := []Rating{r(29.182, 4.782), r(27.174, 4.922), r(16.672, 6.217), New()}
	want := RatePlayers(players, []int{2, 1, 2, 3})
	RatePlayersTo(players, players, []int{2, 1, 2, 3})
	for i := range want {
		if players[i] != want[i] {
			t.Errorf("player %d: %v in place, %v from RatePlayers", i, players[i], want[i])
		}
	}
}
