package points

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestValidateP1(t *testing.T) {
	hearts := Setup{Name: "Hearts", Players: 4, End: AtTarget, Target: 100, Wins: Lowest}
	tests := []struct {
		name  string
		spoil func(*Setup)
		field string // "" for valid
	}{
		{"Hearts to 100, lowest wins", func(*Setup) {}, ""},
		{"one player: patience", func(s *Setup) { s.Players = 1 }, ""},
		{"twelve players", func(s *Setup) { s.Players = 12 }, ""},
		{"ten rounds", func(s *Setup) { s.End, s.Rounds = AfterRounds, 10 }, ""},
		{"open", func(s *Setup) { s.End = Open }, ""},
		{"a target is not read by an open game", func(s *Setup) { s.End, s.Target = Open, -5 }, ""},
		{"rounds are not read by a target game", func(s *Setup) { s.Rounds = -1 }, ""},
		{"a name of 60 characters", func(s *Setup) { s.Name = strings.Repeat("é", MaxNameLength) }, ""},
		{"no name", func(s *Setup) { s.Name = "" }, "name"},
		{"a blank name", func(s *Setup) { s.Name = " \t " }, "name"},
		{"spaces at an end", func(s *Setup) { s.Name = "Hearts " }, "name"},
		{"a name over 60 characters", func(s *Setup) { s.Name = strings.Repeat("a", MaxNameLength+1) }, "name"},
		{"a NUL in the name", func(s *Setup) { s.Name = "Hea\x00rts" }, "name"},
		{"a newline in the name", func(s *Setup) { s.Name = "Hea\nrts" }, "name"},
		{"invalid UTF-8", func(s *Setup) { s.Name = "Hea\xffrts" }, "name"},
		{"no players", func(s *Setup) { s.Players = 0 }, "players"},
		{"thirteen players", func(s *Setup) { s.Players = 13 }, "players"},
		{"no end chosen", func(s *Setup) { s.End = NoEnd }, "end"},
		{"an end that does not exist", func(s *Setup) { s.End = End(9) }, "end"},
		{"target 0", func(s *Setup) { s.Target = 0 }, "target"},
		{"a negative target", func(s *Setup) { s.Target = -100 }, "target"},
		{"a target over the limit", func(s *Setup) { s.Target = MaxTarget + 1 }, "target"},
		{"no rounds", func(s *Setup) { s.End, s.Rounds = AfterRounds, 0 }, "rounds"},
		{"too many rounds", func(s *Setup) { s.End, s.Rounds = AfterRounds, MaxRounds+1 }, "rounds"},
		{"an order that does not exist", func(s *Setup) { s.Wins = Order(2) }, "wins"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := hearts
			tc.spoil(&s)
			err := s.Validate()
			if tc.field == "" {
				if err != nil {
					t.Fatalf("Validate: %v", err)
				}
				return
			}
			var ie *InputError
			if !errors.As(err, &ie) || ie.Field != tc.field || ie.Rule != "P1" ||
				!strings.HasPrefix(english.Say(ie.Msg), "points: ") || !strings.HasSuffix(english.Say(ie.Msg), " (P1)") {
				t.Errorf("Validate = %#v, want an *InputError for %s citing P1", err, tc.field)
			}
		})
	}
}

func TestSetupJSON(t *testing.T) {
	tests := []struct {
		setup Setup
		json  string
		says  string
	}{
		{Setup{Name: "Hearts", Players: 4, End: AtTarget, Target: 100, Wins: Lowest},
			`{"name":"Hearts","players":4,"end":"target","target":100,"wins":"lowest"}`, "to 100, lowest wins"},
		{Setup{Name: "Golf", Players: 3, End: AfterRounds, Rounds: 9, Wins: Lowest},
			`{"name":"Golf","players":3,"end":"rounds","rounds":9,"wins":"lowest"}`, "9 rounds, lowest wins"},
		{Setup{Name: "Yahtzee", Players: 2, End: AfterRounds, Rounds: 1},
			`{"name":"Yahtzee","players":2,"end":"rounds","rounds":1,"wins":"highest"}`, "1 round, highest wins"},
		{Setup{Name: "Skat", Players: 3, End: Open},
			`{"name":"Skat","players":3,"end":"open","wins":"highest"}`, "open, highest wins"},
	}
	for _, tc := range tests {
		t.Run(tc.says, func(t *testing.T) {
			raw, err := json.Marshal(tc.setup)
			if err != nil || string(raw) != tc.json {
				t.Fatalf("Marshal = %s, %v; want %s", raw, err, tc.json)
			}
			var back Setup
			if err := json.Unmarshal(raw, &back); err != nil || back != tc.setup {
				t.Fatalf("Unmarshal = %+v, %v", back, err)
			}
			if got := tc.setup.String(); got != tc.says {
				t.Errorf("String() = %q, want %q", got, tc.says)
			}
		})
	}
	for _, bad := range []string{`{"end":"later"}`, `{"wins":"most"}`} {
		var s Setup
		err := json.Unmarshal([]byte(bad), &s)
		var ie *InputError
		if !errors.As(err, &ie) || ie.Rule != "P1" {
			t.Errorf("Unmarshal(%s) = %v, want an *InputError for P1", bad, err)
		}
	}
}

func TestParseEndAndOrder(t *testing.T) {
	for _, e := range []End{AtTarget, AfterRounds, Open} {
		if got, ok := ParseEnd(e.String()); !ok || got != e {
			t.Errorf("ParseEnd(%q) = %v, %v", e.String(), got, ok)
		}
	}
	for _, s := range []string{"", "Target", "none"} {
		if _, ok := ParseEnd(s); ok {
			t.Errorf("ParseEnd(%q) succeeded", s)
		}
	}
	for _, o := range []Order{Highest, Lowest} {
		if got, ok := ParseOrder(o.String()); !ok || got != o {
			t.Errorf("ParseOrder(%q) = %v, %v", o.String(), got, ok)
		}
	}
	if _, ok := ParseOrder("best"); ok {
		t.Errorf("ParseOrder(best) succeeded")
	}
}
