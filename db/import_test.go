package db

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// rowCounts counts the rows of every table an import writes.
func rowCounts(t testing.TB, s *Store) map[string]int {
	t.Helper()
	counts := map[string]int{}
	for _, table := range []string{"players", "leagues", "seasons", "league_members", "games", "seats", "hands", "revisions",
		"events", "event_players", "event_tables", "event_byes"} {
		var n int
		if err := s.r.QueryRow(`SELECT count(*) FROM ` + table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		counts[table] = n
	}
	return counts
}

func sameCounts(a, b map[string]int) bool {
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// editFile decodes a file into plain maps, lets edit change it and
// encodes it again.
func editFile(t *testing.T, file []byte, edit func(f map[string]any)) []byte {
	t.Helper()
	var f map[string]any
	dec := json.NewDecoder(bytes.NewReader(file))
	dec.UseNumber()
	if err := dec.Decode(&f); err != nil {
		t.Fatal(err)
	}
	edit(f)
	out, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// at walks a decoded file: at(f, "games", 0, "hands", 1) is the second
// hand of the first game.
func at(v any, path ...any) any {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			v = v.(map[string]any)[k]
		case int:
			v = v.([]any)[k]
		}
	}
	return v
}

func obj(v any, path ...any) map[string]any { return at(v, path...).(map[string]any) }

// TestImportRefuses feeds broken and hostile files to an import into a
// meldpad that already holds a league, and expects each refused with a
// message saying where the problem is, and not one row written.
func TestImportRefuses(t *testing.T) {
	ctx := context.Background()
	src, _ := openTest(t)
	l := exchangeFixture(t, src, 3)
	valid := leagueFile(t, src, l.ID)
	// The games of the fixture after the three seeded ones: Fan by cards
	// (Ann, Bob), Trophy Case (Cy, Dee, Eve).
	const fan, trophy = 3, 4

	dst, _ := openTest(t)
	exchangeFixture(t, dst, 2) // players Ann, Bob... already here
	already := allFile(t, dst)
	var here map[string]any
	if err := json.Unmarshal(already, &here); err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name string
		file []byte
		max  int64
		want []string // in the message, in this order
	}{
		{"empty", []byte("  \n"), 0, []string{"the file is empty"}},
		{"cut short", valid[:len(valid)/2], 0, []string{"the file ends in the middle of the export"}},
		{"malformed", []byte("{\"meldpad\": 1,\n \"players\": [,]}"), 0, []string{"line 2, column 14", "not valid JSON"}},
		{"not JSON", []byte("Ann beat Bob 3-1"), 0, []string{"not a meldpad export"}},
		{"a CSV file", []byte("date,game,status,winner\n2026-03-01,Fan Rummy,finished,Ann\n"), 0,
			[]string{"looks like a CSV file", "only meldpad's JSON export"}},
		{"another JSON file", []byte(`{"name": "Ann", "scores": [1, 2]}`), 0, []string{`no "meldpad" version field`}},
		{"unknown version", editFile(t, valid, func(f map[string]any) { f["meldpad"] = 4 }), 0,
			[]string{"meldpad: version 4 is not one this meldpad reads (it reads versions 1 to 3)"}},
		{"a version 1 field in a version 2 file", editFile(t, valid, func(f map[string]any) { f["players"] = []any{} }), 0,
			[]string{"players: not a field of a meldpad export (version 2)"}},
		{"version as a string", editFile(t, valid, func(f map[string]any) { f["meldpad"] = "1" }), 0,
			[]string{`meldpad: version "1" is not one`}},
		{"over the size limit", valid, int64(len(valid) - 1), []string{"the file is over"}},
		{"not UTF-8", append([]byte(`{"meldpad": 1, "players": [{"name": "`), 0xff, '"', '}', ']', '}'), 0, []string{"not UTF-8"}},
		{"unknown field", editFile(t, valid, func(f map[string]any) { obj(f, "games", fan, "hands", 0)["colour"] = "red" }), 0,
			[]string{"games[3].hands[0].colour: not a field of a meldpad export"}},
		{"wrong type", editFile(t, valid, func(f map[string]any) { obj(f, "games", fan, "hands", 1)["seq"] = "2" }), 0,
			[]string{`games[3].hands[1].seq: want a whole number, not the string "2"`}},
		{"a fraction", editFile(t, valid, func(f map[string]any) { at(f, "games", fan, "hands", 0, "points").([]any)[0] = 2.5 }), 0,
			[]string{"games[3].hands[0].points[0]: want a whole number, not 2.5"}},
		{"a huge number", bytes.Replace(valid, []byte(`"first_dealer":1`), []byte(`"first_dealer":1e400`), 1), 0,
			[]string{"games[3].first_dealer: want a whole number, not 1e400"}},
		{"a number beyond int64", bytes.Replace(valid, []byte(`"first_dealer":1`), []byte(`"first_dealer":99999999999999999999`), 1), 0,
			[]string{"games[3].first_dealer: 99999999999999999999 is too large a number"}},
		{"points beyond any hand", editFile(t, valid, func(f map[string]any) { at(f, "games", fan, "hands", 0, "points").([]any)[0] = 1 << 40 }), 0,
			[]string{"games[3].hands[0].points[0]: 1099511627776 is beyond any hand's score"}},
		{"wrong number of points", editFile(t, valid, func(f map[string]any) {
			obj(f, "games", trophy, "hands", 2)["points"] = []int{0, 4, 0, 0}
		}), 0, []string{"games[4].hands[2].points: 4 values for 3 seats"}},
		{"points the rules refuse", editFile(t, valid, func(f map[string]any) {
			obj(f, "games", trophy, "hands", 2)["points"] = []int{1, 4, 0}
		}), 0, []string{"games[4].hands[2].points: [1 4 0] are not points Trophy Case allows", "(T7)"}},
		{"a seat that is not there", editFile(t, valid, func(f map[string]any) { obj(f, "games", trophy, "hands", 0)["seat"] = 5 }), 0,
			[]string{"games[4].hands[0].seat: seat 5; the seats are 0 to 2"}},
		{"impossible table", editFile(t, valid, func(f map[string]any) { obj(f, "games", fan)["seats"] = []string{"Ann", "Bob", "Cy"} }), 0,
			[]string{"games[3].seats: 3 players; Fan Rummy is for 2 to 2"}},
		{"unknown game", editFile(t, valid, func(f map[string]any) { obj(f, "games", fan)["rules"] = "poker" }), 0,
			[]string{`games[3].rules: "poker" is not one of meldpad's games`}},
		{"duplicate id in the file", editFile(t, valid, func(f map[string]any) {
			obj(f, "games", 1)["public_id"] = obj(f, "games", 0)["public_id"]
		}), 0, []string{"games[1].public_id: the id", "is also games[0].public_id"}},
		{"a link reused as another", editFile(t, valid, func(f map[string]any) {
			obj(f, "games", 0)["watch_id"] = obj(f, "leagues", 0)["organizer_id"]
		}), 0, []string{"games[0].watch_id: the id", "is also leagues[0].organizer_id"}},
		{"not an id", editFile(t, valid, func(f map[string]any) { obj(f, "leagues", 0)["public_id"] = "../../etc/passwd" }), 0,
			[]string{`leagues[0].public_id: "../../etc/passwd" is not a meldpad id`}},
		{"a player not in the league", editFile(t, valid, func(f map[string]any) { at(f, "games", fan, "seats").([]any)[1] = "Zed" }), 0,
			[]string{`games[3].seats[1]: "Zed" is not among the players of the league`}},
		{"a member not in the league", editFile(t, valid, func(f map[string]any) { obj(f, "leagues", 0, "members", 0)["name"] = "Zed" }), 0,
			[]string{`leagues[0].members[0].name: "Zed" is not among the players of the league`}},
		{"a seat outside leagues with a control character", editFile(t, already, func(f map[string]any) {
			for _, g := range f["games"].([]any) {
				if _, ok := g.(map[string]any)["league"]; !ok {
					g.(map[string]any)["seats"].([]any)[0] = "So\x00lo"
				}
			}
		}), 0, []string{`.seats[0]: "So\x00lo" has a control or invisible character (U+0000)`}},
		{"a league not in the file", editFile(t, valid, func(f map[string]any) { obj(f, "games", 0)["league"] = NewID() }), 0,
			[]string{"games[0].league: the league", "is not in the file"}},
		{"the same name twice in a league", editFile(t, valid, func(f map[string]any) { obj(f, "leagues", 0, "players", 1)["name"] = "ANN" }), 0,
			[]string{`leagues[0].players[1].name: "ANN" is players[0] again`}},
		{"a very long name", editFile(t, valid, func(f map[string]any) { obj(f, "leagues", 0)["name"] = strings.Repeat("x", 1<<20) }), 0,
			[]string{"leagues[0].name:", "is longer than 60 characters"}},
		{"a time that is not one", editFile(t, valid, func(f map[string]any) { obj(f, "games", fan)["created_at"] = "yesterday" }), 0,
			[]string{`games[3].created_at: "yesterday" is not a time`}},
		{"a record that is not an object", editFile(t, valid, func(f map[string]any) { obj(f, "games", fan, "hands", 0)["record"] = nil }), 0,
			[]string{"games[3].hands[0].record: want an object"}},
		{"a record nested deep", bytes.Replace(valid, []byte(`"knock_card":"5S"`),
			[]byte(`"knock_card":`+strings.Repeat("[", 40)+strings.Repeat("]", 40)), 1), 0,
			[]string{"games[3].hands[0].record: nested more than 32 deep"}},
		{"nested beyond the decoder", bytes.Replace(valid, []byte(`"knock_card":"5S"`),
			[]byte(`"knock_card":`+strings.Repeat("[", 20000)+strings.Repeat("]", 20000)), 1), 0,
			[]string{"games[3].hands[0].record: nested more than 32 deep"}},
		{"a revision that contradicts itself", editFile(t, valid, func(f map[string]any) {
			obj(f, "games", fan, "hands", 0, "revisions", 0)["before"] = obj(f, "games", fan, "hands", 0, "revisions", 0)["after"]
		}), 0, []string{"games[3].hands[0].revisions[0]: an addition has the hand after it and nothing before"}},
		{"hands out of order", editFile(t, valid, func(f map[string]any) { obj(f, "games", fan, "hands", 2)["seq"] = 1 }), 0,
			[]string{"games[3].hands[2].seq: 1 after 2"}},
		{"more after the end", append(append([]byte{}, valid...), []byte("{}")...), 0, []string{"not valid JSON"}},
		{"everything already here", already, 0, []string{"everything in this file is already in this meldpad: it was imported before",
			`leagues[0].public_id: the league "Club <&> “quoted”" is already in this meldpad (same link)`,
			`leagues[1].public_id: the league "Family" is already`, "games[0].public_id: this game is already in this meldpad"}},
		{"one game already here", editFile(t, valid, func(f map[string]any) {
			obj(f, "games", 1)["watch_id"] = obj(here, "games", 0)["watch_id"]
		}), 0, []string{"games[1].watch_id: this game is already in this meldpad (same link)"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := rowCounts(t, dst)
			limit := tc.max
			if limit == 0 {
				limit = 32 << 20
			}
			_, err := dst.Import(ctx, bytes.NewReader(tc.file), limit, archiveRules, nil)
			var ie *ImportError
			if !errors.As(err, &ie) {
				t.Fatalf("Import = %v, want an *ImportError", err)
			}
			msg := ie.Lines()
			rest := msg
			for _, w := range tc.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Errorf("message %q lacks %q", msg, w)
					break
				}
				rest = rest[i+len(w):]
			}
			for _, p := range ie.Problems {
				if len(p.String()) > 300 {
					t.Errorf("a message of %d bytes: %.100s…", len(p.String()), p)
				}
			}
			if after := rowCounts(t, dst); !sameCounts(before, after) {
				t.Errorf("rows %v after a refused import, %v before", after, before)
			}
		})
	}

	// The valid file goes in, and a second time it is refused whole. Its
	// six players are new, players of the imported league only, although
	// players of the same names are here in other leagues.
	before := rowCounts(t, dst)
	sum := importInto(t, dst, valid)
	if sum.Players != 6 {
		t.Errorf("summary %+v: want the league's six players, new", sum)
	}
	after := rowCounts(t, dst)
	if after["games"] != before["games"]+5 || after["leagues"] != before["leagues"]+1 || after["players"] != before["players"]+6 {
		t.Errorf("rows %v after importing a league of 5 games, %v before", after, before)
	}
	_, err := dst.Import(ctx, bytes.NewReader(valid), 32<<20, archiveRules, nil)
	var ie *ImportError
	if !errors.As(err, &ie) || len(ie.Problems) != 7 || !strings.Contains(ie.Problems[0].What, "it was imported before") {
		t.Errorf("importing the file again: %v; want every id named as already here", err)
	}
	if again := rowCounts(t, dst); !sameCounts(after, again) {
		t.Errorf("rows %v after a refused second import, %v before", again, after)
	}
}

// TestImportReportsSeveralProblems: a hand-edited file gets every problem
// (up to maxProblems) at once, not one per attempt.
func TestImportReportsSeveralProblems(t *testing.T) {
	src, _ := openTest(t)
	l := exchangeFixture(t, src, 3)
	file := editFile(t, leagueFile(t, src, l.ID), func(f map[string]any) {
		obj(f, "games", 0)["first_dealer"] = 9
		obj(f, "leagues", 0, "players", 0)["created_at"] = ""
		obj(f, "leagues", 0, "seasons", 0)["ends_on"] = "2020-02-30"
	})
	_, err := ParseArchive(file, archiveRules)
	var ie *ImportError
	if !errors.As(err, &ie) || len(ie.Problems) != 3 {
		t.Fatalf("ParseArchive = %v; want three problems", err)
	}
	want := []string{`leagues[0].seasons[0].ends_on: "2020-02-30" is not a date`, "leagues[0].players[0].created_at: missing", "games[0].first_dealer: seat 9"}
	for i, w := range want {
		if !strings.HasPrefix(ie.Problems[i].String(), w) {
			t.Errorf("problem %d = %q, want %q…", i, ie.Problems[i], w)
		}
	}
}

// TestImportVersion1 reads files of version 1, where players were one
// list for the whole file, as the migration moved databases: each league
// gets the players it has (members and players seated at its games), in
// the order of the list and spelt as the list spells them; a game outside
// leagues keeps names. Their problems are named where they are.
func TestImportVersion1(t *testing.T) {
	ctx := context.Background()
	league, org, inGame, outGame := NewID(), NewID(), NewID(), NewID()
	hand := `{"seq": 1, "entry": "points", "record": {"points": [100, 0]}, "points": [100, 0], "seat": null, "ends_hand": true,
		"version": 1, "created_at": "2026-03-01T10:00:00Z", "updated_at": "2026-03-01T10:00:00Z", "revisions": []}`
	file := func(seat string) []byte {
		return []byte(`{"meldpad": 1, "exported_at": "2026-03-02T10:00:00Z",
			"players": [{"name": "Ann", "created_at": "2026-01-01T10:00:00Z"}, {"name": "Bob", "created_at": "2026-01-02T10:00:00Z"},
				{"name": "Cy", "created_at": "2026-01-03T10:00:00Z"}, {"name": "Nobody", "created_at": "2026-01-04T10:00:00Z"}],
			"leagues": [{"public_id": "` + league + `", "organizer_id": "` + org + `", "name": "Club", "games": ["fan"],
				"created_at": "2026-02-01T10:00:00Z", "seasons": [], "members": [{"name": "ann", "added_at": "2026-02-01T10:00:00Z"}]}],
			"games": [
				{"public_id": "` + inGame + `", "rules": "fan", "house_rules": {}, "first_dealer": 0, "seats": ["` + seat + `", "ANN"],
				 "league": "` + league + `", "created_at": "2026-03-01T10:00:00Z", "updated_at": "2026-03-01T10:00:00Z", "hands": [` + hand + `]},
				{"public_id": "` + outGame + `", "rules": "fan", "house_rules": {}, "first_dealer": 0, "seats": ["ann", "cy"],
				 "created_at": "2026-03-01T11:00:00Z", "updated_at": "2026-03-01T11:00:00Z", "hands": []}]}`)
	}

	s, _ := openTest(t)
	// An Ann and a Bob already here, in another league: not matched.
	other := newLeague(t, s, "Ann", "Bob")
	sum := importInto(t, s, file("bob"))
	if sum.Players != 2 || len(sum.Leagues) != 1 {
		t.Errorf("summary %+v: want the league's Ann and Bob, new", sum)
	}
	l := sum.Leagues[0]
	rec, err := s.LeagueRecord(ctx, l.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Members) != 1 || rec.Members[0].Name != "Ann" || len(rec.Games) != 1 {
		t.Fatalf("record: members %+v, %d games", rec.Members, len(rec.Games))
	}
	seats := rec.Games[0].Seats
	if seats[0].Name != "Bob" || seats[1].Name != "Ann" || seats[1].PlayerID != rec.Members[0].ID || seats[0].PlayerID <= seats[1].PlayerID {
		t.Errorf("the league's game seats %+v: want its Bob and Ann, numbered in the list's order (Ann first)", seats)
	}
	theirs := memberIDs(t, s, other)
	if seats[1].PlayerID == theirs["Ann"] || seats[0].PlayerID == theirs["Bob"] {
		t.Errorf("the import matched another league's players")
	}
	g, err := s.Game(ctx, outGame)
	if err != nil {
		t.Fatal(err)
	}
	if g.Seats[0].Name != "Ann" || g.Seats[1].Name != "Cy" || g.Seats[0].PlayerID != 0 {
		t.Errorf("the game outside leagues: %+v; want the names as the list spells them", g.Seats)
	}
	// Exported again, it is a file of version 2 with the league's players.
	a, err := s.ExportLeague(ctx, l.ID)
	if err != nil {
		t.Fatal(err)
	}
	if a.Meldpad != 2 || len(a.Leagues[0].Players) != 2 || a.Leagues[0].Players[0].Name != "Ann" ||
		a.Leagues[0].Players[0].CreatedAt != "2026-01-01T10:00:00Z" || a.Games[0].Seats[0] != "Bob" {
		t.Errorf("exported again: %+v", a)
	}

	tests := []struct {
		name string
		file []byte
		want string
	}{
		{"a seat not among the players", file("Zed"), `games[0].seats[0]: "Zed" is not among the file's players`},
		{"a field of version 2", bytes.Replace(file("Bob"), []byte(`"seasons": []`), []byte(`"seasons": [], "players": []`), 1),
			"leagues[0].players: not a field of a meldpad export (version 1)"},
		{"the same name twice", bytes.Replace(file("Bob"), []byte(`"name": "Cy"`), []byte(`"name": "BOB"`), 1),
			`players[2].name: "BOB" is players[1] again`},
		{"a problem of the games", bytes.Replace(file("Bob"), []byte(`"first_dealer": 0`), []byte(`"first_dealer": 5`), 1),
			"games[0].first_dealer: seat 5"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fresh, _ := openTest(t)
			_, err := fresh.Import(ctx, bytes.NewReader(tc.file), 1<<20, archiveRules, nil)
			var ie *ImportError
			if !errors.As(err, &ie) || !strings.Contains(ie.Lines(), tc.want) {
				t.Errorf("Import = %v; want %q", err, tc.want)
			}
		})
	}
}
