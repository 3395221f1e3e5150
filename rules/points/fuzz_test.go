package points

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"meldpad/rules/ruling"
)

// FuzzSetupJSON reads a stored setup from any JSON: it must either fail
// to decode, be refused by Validate with an *InputError for a field of
// P1, or be valid and round-trip.
func FuzzSetupJSON(f *testing.F) {
	f.Add(`{"name":"Hearts","players":4,"end":"target","target":100,"wins":"lowest"}`)
	f.Add(`{"name":" Hearts","players":13,"end":"later"}`)
	f.Add(`{"name":"Skat","players":3,"end":"open","wins":"highest","target":-1}`)
	f.Fuzz(func(t *testing.T, raw string) {
		var s Setup
		if err := json.Unmarshal([]byte(raw), &s); err != nil {
			return
		}
		err := s.Validate()
		var ie *InputError
		switch {
		case errors.As(err, &ie):
			if !slices.Contains([]string{"name", "players", "end", "target", "rounds", "wins"}, ie.Field) || ie.Rule != "P1" ||
				!strings.HasPrefix(english.Say(ie.Msg), "points: ") {
				t.Fatalf("Validate(%+v) = %+v", s, ie)
			}
			return
		case err != nil:
			t.Fatalf("Validate error of no known type: %v", err)
		}
		back, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var again Setup
		if err := json.Unmarshal(back, &again); err != nil || again.Validate() != nil || again.String() != s.String() || again.Name != s.Name {
			t.Fatalf("%+v does not round-trip: %s, %+v, %v", s, back, again, err)
		}
	})
}

// FuzzPlay plays any entries on any setup built from the bytes: it must
// answer with a state, an *InputError or a *ruling.Error for P3, and a
// state must add up.
func FuzzPlay(f *testing.F) {
	f.Add(byte(4), byte(0), byte(100), true, []byte{26, 0, 0, 0, 50, 5, 8, 13, 24, 2, 0, 0})
	f.Add(byte(3), byte(2), byte(0), false, []byte{10, 20, 30, 0xff, 1, 1, 1})
	f.Add(byte(2), byte(1), byte(2), false, []byte{1, 2, 3, 4, 5, 6})
	f.Add(byte(13), byte(9), byte(0), true, []byte{})
	f.Fuzz(func(t *testing.T, players, end, limit byte, lowest bool, data []byte) {
		s := Setup{Name: "Fuzz", Players: int(players), End: End(end % 5), Target: int(limit), Rounds: int(limit)}
		if lowest {
			s.Wins = Lowest
		}
		var rs []Round
		for len(data) > 0 {
			if data[0] == 0xff {
				rs = append(rs, EndMarker())
				data = data[1:]
				continue
			}
			n := min(len(data), max(s.Players, 1))
			r := Round{Points: make([]int, n)}
			for i, b := range data[:n] {
				r.Points[i] = int(int8(b)) * 9999
			}
			rs = append(rs, r)
			data = data[n:]
		}
		st, err := s.Play(rs)
		var ie *InputError
		var re *ruling.Error
		switch {
		case errors.As(err, &ie):
			if ie.Field == "" || !strings.HasPrefix(english.Say(ie.Msg), "points: ") {
				t.Fatalf("input error %+v", ie)
			}
			return
		case errors.As(err, &re):
			if re.Rule != "P3" || !strings.HasSuffix(english.Say(re.Msg), "(P3)") {
				t.Fatalf("ruling %+v", re)
			}
			return
		case err != nil:
			t.Fatalf("Play error of no known type: %v", err)
		}
		sums := make([]int, s.Players)
		played := 0
		for _, r := range rs {
			if !r.End {
				played++
				for i, p := range r.Points {
					sums[i] += p
				}
			}
		}
		if !slices.Equal(sums, st.Totals) || played != st.Rounds || len(st.Places) != s.Players {
			t.Fatalf("state %+v does not add up to %v over %d rounds", st, sums, played)
		}
		if st.Finished && (len(st.Winners) == 0 || st.Rounds == 0) {
			t.Fatalf("finished without winners: %+v", st)
		}
		for _, w := range st.Winners {
			if st.Places[w] != 1 {
				t.Fatalf("winner %d in place %d", w, st.Places[w])
			}
		}
	})
}
