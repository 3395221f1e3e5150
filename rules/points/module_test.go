package points

import (
	"encoding/json"
	"errors"
	"math/rand"
	"net/url"
	"slices"
	"strings"
	"testing"

	"meldpad/rules/game"
	"meldpad/rules/ruling"
)

func settings(t testing.TB, s Setup) json.RawMessage {
	t.Helper()
	raw, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// tableOf is a game of s after the given entries, as the scorepad keeps
// it; a nil row is the table's "End game".
func tableOf(t testing.TB, s Setup, rows ...[]int) game.Table {
	tb := game.Table{Names: make([]string, s.Players), Settings: settings(t, s), Tally: game.NewTally(s.Players)}
	for _, r := range rows {
		round := game.Round{Points: r, Seat: -1, EndsHand: true}
		if r == nil {
			round = game.Round{Points: make([]int, s.Players), Seat: -1, EndsHand: true, EndsGame: true}
		}
		tb.Tally = tb.Tally.Add(round)
	}
	return tb
}

func TestInfo(t *testing.T) {
	i := Module{}.Info()
	if i.ID != "points" || i.MinPlayers != 1 || i.MaxPlayers != 12 || i.Target != 0 || i.Deck != nil || len(i.HouseRules) != 0 || i.Points.Scored || i.Points.Conceded {
		t.Errorf("Info = %+v", i)
	}
	for _, id := range []string{"P1", "P2", "P3", "P4"} {
		if _, ok := i.Rule(id); !ok {
			t.Errorf("no text for %s", id)
		}
	}
	var m game.Module = Module{}
	if _, ok := m.(game.Configurable); !ok {
		t.Error("not Configurable")
	}
	if _, ok := m.(game.Ender); !ok {
		t.Error("not an Ender")
	}
	if _, ok := m.(game.Sheeter); ok {
		t.Error("a game by points has no card sheet")
	}
}

// TestSetup reads the new-game form (P1): a problem lands beside the
// input it is about.
func TestSetup(t *testing.T) {
	form := func(kv ...string) url.Values {
		v := url.Values{}
		for _, in := range (Module{}).SetupFields() {
			v.Set(in.Name, in.Value)
		}
		for i := 0; i+1 < len(kv); i += 2 {
			v.Set(kv[i], kv[i+1])
		}
		return v
	}
	tests := []struct {
		name  string
		form  url.Values
		seats int
		want  Setup
		field string // the input a problem is about
	}{
		{"Hearts", form("name", "  Hearts ", "wins", "lowest"), 4, Setup{Name: "Hearts", Players: 4, End: AtTarget, Target: 100, Wins: Lowest}, ""},
		{"ten rounds of Golf", form("name", "Golf", "end", "rounds", "target", "nonsense"), 2,
			Setup{Name: "Golf", Players: 2, End: AfterRounds, Rounds: 10}, ""},
		{"open", form("name", "Skat", "end", "open", "target", "", "rounds", ""), 3, Setup{Name: "Skat", Players: 3, End: Open}, ""},
		{"one player", form("name", "Solitaire"), 1, Setup{Name: "Solitaire", Players: 1, End: AtTarget, Target: 100}, ""},
		{"no name", form("name", " "), 4, Setup{}, "name"},
		{"a name too long", form("name", strings.Repeat("x", 61)), 4, Setup{}, "name"},
		{"control characters", form("name", "Hea\x07rts"), 4, Setup{}, "name"},
		{"no end", form("name", "Hearts", "end", ""), 4, Setup{}, "end"},
		{"a target that is not a number", form("name", "Hearts", "target", "lots"), 4, Setup{}, "target"},
		{"a target of 0", form("name", "Hearts", "target", "0"), 4, Setup{}, "target"},
		{"too many rounds", form("name", "Golf", "end", "rounds", "rounds", "1001"), 4, Setup{}, "rounds"},
		{"who wins", form("name", "Hearts", "wins", "most"), 4, Setup{}, "wins"},
		{"thirteen players", form("name", "Hearts"), 13, Setup{}, "players"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			raw, err := Module{}.Setup(tc.form, tc.seats)
			if tc.field != "" {
				var bad *ruling.InputError
				if !errors.As(err, &bad) || bad.Field != tc.field || strings.HasPrefix(english.Say(bad.Msg), "points:") || !strings.Contains(english.Say(bad.Msg), "(P1)") {
					t.Fatalf("Setup = %s, %#v; want a problem with %s citing P1", raw, err, tc.field)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got Setup
			if err := json.Unmarshal(raw, &got); err != nil || got != tc.want {
				t.Fatalf("Setup = %s (%+v, %v), want %+v", raw, got, err, tc.want)
			}
			if err := (Module{}).CheckSettings(raw, tc.seats); err != nil {
				t.Errorf("CheckSettings of what Setup made: %v", err)
			}
		})
	}
}

func TestSettings(t *testing.T) {
	hearts := settings(t, Setup{Name: "Hearts", Players: 4, End: AtTarget, Target: 100, Wins: Lowest})
	if got := (Module{}).Describe(hearts); got != "to 100, lowest wins" {
		t.Errorf("Describe = %q", got)
	}
	if got := (Module{}).Title(hearts); got != "Hearts" {
		t.Errorf("Title = %q", got)
	}
	for _, tc := range []struct {
		raw   string
		seats int
	}{
		{string(hearts), 3},
		{`{}`, 4},
		{`{"name":"Hearts","players":4,"end":"target","target":100,"wins":"lowest","extra":1}`, 4},
		{`{"name":"Hearts","players":4,"end":"target","target":0,"wins":"lowest"}`, 4},
		{`[]`, 4},
		{``, 4},
	} {
		if err := (Module{}).CheckSettings(json.RawMessage(tc.raw), tc.seats); err == nil {
			t.Errorf("CheckSettings(%s, %d) accepted", tc.raw, tc.seats)
		}
		if d, title := (Module{}).Describe(json.RawMessage(tc.raw)), (Module{}).Title(json.RawMessage(tc.raw)); tc.seats == 4 && (d != "" || title != "") {
			t.Errorf("settings %s describe as %q, %q", tc.raw, d, title)
		}
	}
}

func TestCheckPoints(t *testing.T) {
	hearts := Setup{Name: "Hearts", Players: 4, End: AtTarget, Target: 100, Wins: Lowest}
	skat := Setup{Name: "Skat", Players: 3, End: Open}
	tests := []struct {
		name  string
		setup Setup
		round game.Round
		field string // for bad input
		rule  string // for a rule broken
	}{
		{name: "P2: a round", setup: hearts, round: game.Round{Points: []int{26, 0, 0, 0}}},
		{name: "P2: negative allowed", setup: skat, round: game.Round{Points: []int{-48, 24, 0}}},
		{name: "P2: one number each", setup: hearts, round: game.Round{Points: []int{26, 0, 0}}, field: "points"},
		{name: "P2: within bounds", setup: skat, round: game.Round{Points: []int{MaxPoints + 1, 0, 0}}, field: "points[0]"},
		{name: "P3: the table ends an open game", setup: skat, round: game.Round{Points: []int{0, 0, 0}, EndsGame: true}},
		{name: "P3: the end holds no points", setup: skat, round: game.Round{Points: []int{0, 5, 0}, EndsGame: true}, rule: "P3"},
		{name: "P3: a game to 100 is not ended by the table", setup: hearts, round: game.Round{Points: []int{0, 0, 0, 0}, EndsGame: true}, rule: "P3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := Module{}.CheckPoints(tableOf(t, tc.setup), tc.round)
			var bad *ruling.InputError
			switch {
			case tc.field == "" && tc.rule == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.field != "" && (!errors.As(err, &bad) || bad.Field != tc.field):
				t.Fatalf("%#v, want bad input for %s", err, tc.field)
			case tc.rule != "":
				if rule, _ := ruling.RuleOf(err); rule != tc.rule {
					t.Fatalf("%v, want rule %s", err, tc.rule)
				}
			}
			if err != nil && strings.HasPrefix(english.Error(err), "points:") {
				t.Errorf("%q: a page shows it beside the game, without the package", err)
			}
		})
	}
	if err := (Module{}).CheckPoints(game.Table{Names: make([]string, 2), Settings: json.RawMessage(`{}`)}, game.Round{Points: []int{1, 2}}); err == nil {
		t.Error("a game without settings took a round")
	}
}

// TestResult: the ends of P3 and the winners of P4, shared wins and
// places included.
func TestResult(t *testing.T) {
	hearts := Setup{Name: "Hearts", Players: 4, End: AtTarget, Target: 100, Wins: Lowest}
	golf := Setup{Name: "Golf", Players: 2, End: AfterRounds, Rounds: 2, Wins: Lowest}
	skat := Setup{Name: "Skat", Players: 3, End: Open}
	tests := []struct {
		name     string
		tb       game.Table
		finished bool
		winners  []int
		places   []int
		canEnd   bool
	}{
		{name: "hearts goes on", tb: tableOf(t, hearts, []int{26, 0, 0, 0}, []int{0, 13, 13, 0})},
		{name: "hearts: reaching 100 ends it, the lowest wins", tb: tableOf(t, hearts, []int{26, 0, 0, 0}, []int{50, 5, 8, 13}, []int{24, 2, 0, 0}),
			finished: true, winners: []int{1}, places: []int{4, 1, 2, 3}},
		{name: "hearts: two share the win and first place", tb: tableOf(t, hearts, []int{100, 3, 3, 20}),
			finished: true, winners: []int{1, 2}, places: []int{4, 1, 1, 3}},
		{name: "golf after its two rounds", tb: tableOf(t, golf, []int{4, 5}, []int{3, 1}), finished: true, winners: []int{1}, places: []int{2, 1}},
		{name: "an open game before a round", tb: tableOf(t, skat)},
		{name: "an open game goes on", tb: tableOf(t, skat, []int{24, -48, 0}), canEnd: true},
		{name: "the table ended it", tb: tableOf(t, skat, []int{24, -48, 24}, nil), finished: true, winners: []int{0, 2}, places: []int{1, 3, 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := Module{}.Result(tc.tb)
			if res.Finished != tc.finished || !slices.Equal(res.Winners, tc.winners) || !slices.Equal(res.Places, tc.places) ||
				!slices.Equal(res.Final, tc.tb.Tally.Totals) || len(res.Bonuses) != 0 {
				t.Errorf("Result = %+v", res)
			}
			if res.Finished && (!strings.Contains(english.Say(res.Reason), "(P3)") || !strings.Contains(english.Say(res.Reason), "(P4)")) {
				t.Errorf("reason %q", res.Reason)
			}
			if got := (Module{}).CanEnd(tc.tb); got != tc.canEnd {
				t.Errorf("CanEnd = %v", got)
			}
		})
	}
}

// TestResultIsPlay: the module says what Setup.Play says of the same
// rounds, round after round, whatever is played.
func TestResultIsPlay(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for n := 0; n < 300; n++ {
		s := Setup{Name: "Game", Players: 1 + rng.Intn(MaxPlayers), End: End(1 + rng.Intn(3)), Target: 1 + rng.Intn(60),
			Rounds: 1 + rng.Intn(6), Wins: Order(rng.Intn(2))}
		tb := tableOf(t, s)
		var played []Round
		for !(Module{}).Result(tb).Finished && len(played) < 30 {
			r := game.Round{Points: make([]int, s.Players), Seat: -1, EndsHand: true}
			for i := range r.Points {
				r.Points[i] = rng.Intn(21) - 5
			}
			entry := Round{Points: r.Points}
			if s.End == Open && len(played) > 0 && rng.Intn(5) == 0 {
				r = game.Round{Points: make([]int, s.Players), Seat: -1, EndsHand: true, EndsGame: true}
				entry = EndMarker()
			}
			if err := (Module{}).CheckPoints(tb, r); err != nil {
				t.Fatalf("%+v refused %v: %v", s, r, err)
			}
			tb.Tally = tb.Tally.Add(r)
			played = append(played, entry)
			st, err := s.Play(played)
			if err != nil {
				t.Fatalf("%+v: Play: %v", s, err)
			}
			res := Module{}.Result(tb)
			if res.Finished != st.Finished || !slices.Equal(res.Winners, st.Winners) || res.Finished && !slices.Equal(res.Places, st.Places) {
				t.Fatalf("%+v after %v: Result %+v, Play %+v", s, played, res, st)
			}
		}
	}
}

// FuzzSetupForm reads any new-game form: settings Setup makes are ones
// CheckSettings takes, and a problem names one of the form's inputs.
func FuzzSetupForm(f *testing.F) {
	f.Add("Hearts", "target", "100", "", "lowest", 4)
	f.Add(" ", "rounds", "", "-3", "most", 13)
	f.Add("Skat", "open", "x", "y", "highest", 0)
	inputs := map[string]bool{"players": true}
	for _, in := range (Module{}).SetupFields() {
		inputs[in.Name] = true
	}
	f.Fuzz(func(t *testing.T, name, end, target, rounds, wins string, seats int) {
		form := url.Values{"name": {name}, "end": {end}, "target": {target}, "rounds": {rounds}, "wins": {wins}}
		raw, err := Module{}.Setup(form, seats)
		var bad *ruling.InputError
		switch {
		case errors.As(err, &bad):
			if !inputs[bad.Field] || english.Say(bad.Msg) == "" {
				t.Fatalf("problem %#v", bad)
			}
		case err != nil:
			t.Fatalf("an error of no known type: %v", err)
		default:
			if err := (Module{}).CheckSettings(raw, seats); err != nil {
				t.Fatalf("Setup made %s, which CheckSettings refuses: %v", raw, err)
			}
		}
	})
}

// TestAimP1P4: a game's aim is its target when it ends at one (P1, P3)
// and which total wins (P1, P4); settings that are not a game by points
// aim at nothing.
func TestAimP1P4(t *testing.T) {
	tests := []struct {
		name  string
		setup Setup
		want  game.Aim
	}{
		{"hearts to 100, lowest wins", Setup{Name: "Hearts", Players: 4, End: AtTarget, Target: 100, Wins: Lowest}, game.Aim{Target: 100, LowestWins: true}},
		{"to 500, highest wins", Setup{Name: "Rook", Players: 4, End: AtTarget, Target: 500, Wins: Highest}, game.Aim{Target: 500}},
		{"10 rounds, lowest wins", Setup{Name: "Golf", Players: 2, End: AfterRounds, Rounds: 10, Wins: Lowest}, game.Aim{LowestWins: true}},
		{"open, highest wins", Setup{Name: "Skat", Players: 3, End: Open, Wins: Highest}, game.Aim{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := (Module{}).Aim(settings(t, tc.setup)); got != tc.want {
				t.Errorf("Aim = %+v, want %+v", got, tc.want)
			}
		})
	}
	if got := (Module{}).Aim(json.RawMessage(`{"name":""}`)); got != (game.Aim{}) {
		t.Errorf("Aim of settings that are no game: %+v", got)
	}
}

// TestAimAgreesWithResultP4: whoever a finished game's result names the
// winner, no other total is better by the game's aim (P4), for random
// games of either order.
func TestAimAgreesWithResultP4(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	for range 500 {
		s := Setup{Name: "Any", Players: 2 + rng.Intn(5), End: AtTarget, Target: 50 + rng.Intn(100), Wins: Order(rng.Intn(2))}
		aim := (Module{}).Aim(settings(t, s))
		var rows [][]int
		for range 30 {
			row := make([]int, s.Players)
			for i := range row {
				row[i] = rng.Intn(30) - 5
			}
			rows = append(rows, row)
		}
		tb := tableOf(t, s, rows...)
		res := (Module{}).Result(tb)
		if !res.Finished {
			continue
		}
		w := res.Winner()
		for seat, total := range res.Final {
			if aim.Better(total, res.Final[w]) {
				t.Fatalf("%+v: seat %d's %d beats the winner's %d by the aim %+v", s, seat, total, res.Final[w], aim)
			}
		}
	}
}
