package standings

import (
	"math"
	"slices"
	"testing"
	"time"

	"meldpad/rules/rating"
)

const (
	ann int64 = iota + 1
	bob
	cy
	dee
	eve
)

var names = map[int64]string{ann: "Ann", bob: "Bob", cy: "Cy", dee: "Dee", eve: "Eve"}

func name(p int64) string { return names[p] }

var day0 = time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)

// game makes a finished game: the seats' players and totals in seat order,
// finishing n hours after day0.
func game(rules string, n int, winner int, seats ...Seat) Game {
	at := day0.Add(time.Duration(n) * time.Hour)
	return Game{Key: rules + string(rune('a'+n)), Rules: rules, Started: at.Add(-time.Hour), Finished: at, Winner: winner, Seats: seats}
}

func TestPlaces(t *testing.T) {
	tests := []struct {
		name string
		g    Game
		want []int
	}{
		{"two players", game("fan", 0, 1, Seat{Player: ann, Total: 40}, Seat{Player: bob, Total: 105}), []int{2, 1}},
		{"tie for second shares the place, fourth follows", game("trophy", 0, 0,
			Seat{Player: ann, Total: 31}, Seat{Player: bob, Total: 20}, Seat{Player: cy, Total: 20}, Seat{Player: dee, Total: 5}), []int{1, 2, 2, 4}},
		{"tie for last", game("fortune", 0, 2, Seat{Player: ann, Total: 300}, Seat{Player: bob, Total: 300}, Seat{Player: cy, Total: 520}), []int{2, 2, 1}},
		// B8: the winner went out over 500; Bob has more without going out.
		{"Black Heart winner below another total", game("blackheart", 0, 0,
			Seat{Player: ann, Total: 510}, Seat{Player: bob, Total: 530}, Seat{Player: cy, Total: 100}), []int{1, 2, 3}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := Places(tc.g); !slices.Equal(got, tc.want) {
				t.Errorf("Places = %v, want %v", got, tc.want)
			}
		})
	}
}

// Three Fan games between Ann and Bob, given out of order: the table
// counts them in the order they finished.
func TestComputeTwoPlayerArithmetic(t *testing.T) {
	games := []Game{
		game("fan", 3, 0, Seat{Player: ann, Total: 100}, Seat{Player: bob, Total: 0}),
		game("fan", 1, 0, Seat{Player: ann, Total: 105}, Seat{Player: bob, Total: 40}),
		game("fan", 2, 1, Seat{Player: ann, Total: 60}, Seat{Player: bob, Total: 101}),
	}
	tb := Compute(games, []int64{cy}, PointsFor("fan"))
	if !tb.Points.Scored || !tb.Points.Conceded {
		t.Errorf("Fan should show both points columns")
	}
	want := map[int64]Row{
		// Ann: won, lost, won: places 1+2+1 = 4; 105+60+100 for, 40+101+0 against.
		ann: {Player: ann, Played: 3, Wins: 2, PlaceSum: 4, Scored: 265, Conceded: 141, Streak: 1},
		bob: {Player: bob, Played: 3, Wins: 1, PlaceSum: 5, Scored: 141, Conceded: 265, Streak: -1},
		cy:  {Player: cy},
	}
	for p, w := range want {
		got, ok := tb.Row(p)
		if !ok {
			t.Fatalf("%s has no row", name(p))
		}
		got.Rating, got.Last = rating.Rating{}, time.Time{}
		if got != w {
			t.Errorf("%s: %+v, want %+v", name(p), got, w)
		}
	}
	a, _ := tb.Row(ann)
	if math.Abs(a.WinRate()-2.0/3) > 1e-12 || math.Abs(a.AvgPlace()-4.0/3) > 1e-12 {
		t.Errorf("Ann: win rate %v, average place %v", a.WinRate(), a.AvgPlace())
	}
	if c, _ := tb.Row(cy); c.Rating != rating.New() || c.WinRate() != 0 || c.AvgPlace() != 0 {
		t.Errorf("a member without games: %+v", c)
	}
	// The ratings are the OpenSkill updates of the games in finishing order.
	ra, rb := rating.New(), rating.New()
	for _, ranks := range [][]int{{1, 2}, {2, 1}, {1, 2}} {
		after := rating.RatePlayers([]rating.Rating{ra, rb}, ranks)
		ra, rb = after[0], after[1]
	}
	b, _ := tb.Row(bob)
	if a.Rating != ra || b.Rating != rb {
		t.Errorf("ratings %v %v, want %v %v", a.Rating, b.Rating, ra, rb)
	}
	if tb.Games[0].Key != games[1].Key || tb.After[2][0] != ra {
		t.Errorf("games are not in finishing order, or After does not follow them")
	}
}

// A tie for a place is a tie for the rating update too, and places are
// what the averages add up.
func TestComputeTiesForAPlace(t *testing.T) {
	g := game("trophy", 0, 0, Seat{Player: ann, Total: 31}, Seat{Player: bob, Total: 20}, Seat{Player: cy, Total: 20}, Seat{Player: dee, Total: 5})
	tb := Compute([]Game{g}, nil, PointsFor("trophy"))
	want := rating.RatePlayers([]rating.Rating{rating.New(), rating.New(), rating.New(), rating.New()}, []int{1, 2, 2, 4})
	for seat, p := range []int64{ann, bob, cy, dee} {
		r, _ := tb.Row(p)
		if r.Rating != want[seat] {
			t.Errorf("%s rating %v, want %v", name(p), r.Rating, want[seat])
		}
	}
	b, _ := tb.Row(bob)
	c, _ := tb.Row(cy)
	d, _ := tb.Row(dee)
	if b.PlaceSum != 2 || c.PlaceSum != 2 || d.PlaceSum != 4 || b.Rating != c.Rating {
		t.Errorf("tied players: %+v %+v, fourth %+v", b, c, d)
	}
	// Trophy Case points are won from the table: Bob scored 20 and the
	// others 31 + 20 + 5.
	if b.Scored != 20 || b.Conceded != 56 {
		t.Errorf("Bob points %d/%d, want 20/56", b.Scored, b.Conceded)
	}
}

func TestStreaks(t *testing.T) {
	tests := []struct {
		name    string
		results []bool // Ann wins?
		want    int
	}{
		{"three wins", []bool{true, true, true}, 3},
		{"a loss ends a run", []bool{true, true, false}, -1},
		{"win after losses", []bool{false, false, true}, 1},
		{"two losses", []bool{true, false, false}, -2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var games []Game
			for i, won := range tc.results {
				w := 1
				if won {
					w = 0
				}
				games = append(games, game("fan", i, w, Seat{Player: ann, Total: 100 * (1 - w)}, Seat{Player: bob, Total: 100 * w}))
			}
			r, _ := Compute(games, nil, Points{}).Row(ann)
			if r.Streak != tc.want {
				t.Errorf("streak %d, want %d", r.Streak, tc.want)
			}
		})
	}
}

func TestPointsFor(t *testing.T) {
	tests := []struct {
		rules string
		want  Points
	}{
		{"fan", Points{true, true}}, {"flathead", Points{true, true}}, {"trophy", Points{true, true}},
		{"fortune", Points{Scored: true}}, {"blackheart", Points{Scored: true}}, {"", Points{}},
	}
	for _, tc := range tests {
		if got := PointsFor(tc.rules); got != tc.want {
			t.Errorf("PointsFor(%q) = %+v, want %+v", tc.rules, got, tc.want)
		}
	}
}

func TestSort(t *testing.T) {
	games := []Game{
		game("fan", 1, 0, Seat{Player: ann, Total: 100}, Seat{Player: bob, Total: 10}),
		game("fan", 2, 0, Seat{Player: ann, Total: 100}, Seat{Player: bob, Total: 10}),
		game("fan", 3, 1, Seat{Player: cy, Total: 10}, Seat{Player: bob, Total: 100}),
		game("trophy", 4, 2, Seat{Player: cy, Total: 10}, Seat{Player: dee, Total: 10}, Seat{Player: eve, Total: 30}),
	}
	tb := Compute(games, []int64{99}, Points{})
	names[99] = "Zoe"
	order := func(by Column, desc bool) []string {
		rows := slices.Clone(tb.Rows)
		Sort(rows, by, desc, name)
		var out []string
		for _, r := range rows {
			out = append(out, name(r.Player))
		}
		return out
	}
	tests := []struct {
		by   Column
		desc bool
		want []string
	}{
		{ByName, false, []string{"Ann", "Bob", "Cy", "Dee", "Eve", "Zoe"}},
		{ByName, true, []string{"Eve", "Dee", "Cy", "Bob", "Ann", "Zoe"}},
		{ByPlayed, true, []string{"Bob", "Ann", "Cy", "Eve", "Dee", "Zoe"}}, // Ann and Cy both 2: Ann rates higher
		// Bob and Eve both won once: Eve, who won her only game, rates
		// higher; Cy and Dee never won: Dee, level with Cy in her only
		// game, rates higher than Cy, who also lost to Bob.
		{ByWins, true, []string{"Ann", "Eve", "Bob", "Dee", "Cy", "Zoe"}},
		// Average places: Ann 1 and Eve 1 (Ann rates higher), Bob 5/3,
		// Dee 2 and Cy 2 (Dee rates higher); Zoe, without games, last.
		{ByAvgPlace, false, []string{"Ann", "Eve", "Bob", "Dee", "Cy", "Zoe"}},
	}
	for _, tc := range tests {
		if got := order(tc.by, tc.desc); !slices.Equal(got, tc.want) {
			t.Errorf("sort by %s desc=%v: %v, want %v", tc.by, tc.desc, got, tc.want)
		}
	}
	if ParseColumn("wins") != ByWins || ParseColumn("junk") != ByRating || !ByWins.BestFirst() || ByAvgPlace.BestFirst() {
		t.Errorf("column parsing or directions")
	}
}

func TestRecord(t *testing.T) {
	games := []Game{
		game("fan", 1, 0, Seat{Player: ann, Total: 100}, Seat{Player: bob, Total: 10}),
		game("trophy", 2, 2, Seat{Player: ann, Total: 10}, Seat{Player: bob, Total: 10}, Seat{Player: cy, Total: 30}),
		game("trophy", 3, 0, Seat{Player: ann, Total: 30}, Seat{Player: bob, Total: 20}, Seat{Player: cy, Total: 25}),
		game("fan", 4, 0, Seat{Player: bob, Total: 100}, Seat{Player: cy, Total: 0}),
	}
	tb := Compute(games, nil, Points{})
	rec := tb.Record(ann)
	if len(rec.Games) != 3 || rec.Games[1].Place != 2 || rec.Games[1].Of != 3 || rec.Games[2].Rating != tb.After[2][0] {
		t.Errorf("Ann's games: %+v", rec.Games)
	}
	want := []Opponent{
		// With Bob: ahead (fan), level (both 10 behind Cy), ahead (trophy).
		{Player: bob, Games: 3, Ahead: 2, Level: 1},
		{Player: cy, Games: 2, Ahead: 1, Behind: 1},
	}
	if !slices.Equal(rec.Opponents, want) {
		t.Errorf("Ann's opponents: %+v, want %+v", rec.Opponents, want)
	}
}

func TestInSeason(t *testing.T) {
	at := func(s string) time.Time {
		tm, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return tm
	}
	seasons := []Season{
		{ID: 1, Created: at("2026-01-01T00:00:00Z")},                                               // "Season 1"
		{ID: 2, StartsOn: "2026-03-01", EndsOn: "2026-03-31", Created: at("2026-01-05T00:00:00Z")}, // March
		{ID: 3, Created: at("2026-02-01T12:00:00Z")},                                               // "Season 2"
		{ID: 4, StartsOn: "2026-03-15", Created: at("2026-01-05T00:00:00Z")},                       // from 15 March on
	}
	tests := []struct {
		started string
		in      []int64
	}{
		{"2025-12-31T23:00:00Z", nil},              // before any season
		{"2026-01-10T10:00:00Z", []int64{1}},       // Season 1 is current
		{"2026-02-01T11:59:00Z", []int64{1}},       // a minute before Season 2
		{"2026-02-01T12:00:00Z", []int64{3}},       // Season 2 from its creation
		{"2026-03-01T00:00:00Z", []int64{2, 3}},    // first day of March, both ends included
		{"2026-03-20T10:00:00Z", []int64{2, 3, 4}}, // overlapping dated seasons
		{"2026-03-31T23:59:59Z", []int64{2, 3, 4}}, // last day of March
		{"2026-04-01T00:00:00Z", []int64{3, 4}},    // after March
	}
	for _, tc := range tests {
		var got []int64
		for _, s := range seasons {
			if InSeason(seasons, s.ID, at(tc.started), time.UTC) {
				got = append(got, s.ID)
			}
		}
		if !slices.Equal(got, tc.in) {
			t.Errorf("game started %s is in seasons %v, want %v", tc.started, got, tc.in)
		}
	}
	// The day is the one in the given time zone: 23:30 UTC on 31 March is
	// already 1 April in Paris.
	paris, err := time.LoadLocation("Europe/Paris")
	if err == nil && InSeason(seasons, 2, at("2026-03-31T23:30:00Z"), paris) {
		t.Errorf("the day should be taken in the given zone")
	}
	games := []Game{{Key: "a", Rules: "fan", Started: at("2026-01-10T10:00:00Z")}, {Key: "b", Rules: "trophy", Started: at("2026-03-02T10:00:00Z")}}
	if got := Filter(games, seasons, Scope{Season: 2}, time.UTC); len(got) != 1 || got[0].Key != "b" {
		t.Errorf("Filter by season: %+v", got)
	}
	if got := Filter(games, seasons, Scope{Rules: "fan"}, time.UTC); len(got) != 1 || got[0].Key != "a" {
		t.Errorf("Filter by game: %+v", got)
	}
}
