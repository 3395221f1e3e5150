package rules

import (
	"context"
	"encoding/json"
	"flag"
	"net/url"
	"os"
	"strings"
	"testing"

	"meldpad/locale"
	"meldpad/rules/game"
	"meldpad/rules/game/gametest"
	"meldpad/rules/points"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// errorCase is one request the rules refuse: an API body, a round by
// points, a stored record, a new game's settings.
type errorCase struct {
	name string
	err  func() error
}

// apiCase is an API body at a game's endpoint.
func apiCase(id, path, body string) errorCase {
	return errorCase{id + " " + path + " " + body, func() error {
		g, _ := Lookup(id)
		_, err := gametest.Serve(context.Background(), g.Module, path, []byte(body))
		return err
	}}
}

// bodyRequest is a request of every kind of member, for the errors of
// the body's shape that game.Decode gives every endpoint.
type bodyRequest struct {
	Name  string   `json:"name" api:"required"`
	Count int      `json:"count"`
	On    bool     `json:"on"`
	List  []string `json:"list"`
	Inner struct {
		X int `json:"x"`
	} `json:"inner"`
}

// bodyCase is a body read by game.Decode, as every endpoint reads its own.
func bodyCase(name, body string) errorCase {
	return errorCase{name, func() error {
		var req bodyRequest
		return game.Decode([]byte(body), &req)
	}}
}

// pointsCase is a round by points at a table of the given names.
func pointsCase(id string, names []string, pts []int, seat int) errorCase {
	return errorCase{id + " points " + strings.Join(names, ",") + " " + strings.Trim(strings.Join(strings.Fields(fmtInts(pts)), ","), "[]") + " seat " + fmtInts([]int{seat}), func() error {
		g, _ := Lookup(id)
		t := game.Table{Names: names, Tally: game.NewTally(len(names))}
		return g.CheckPoints(t, Round{Points: pts, Seat: seat, EndsHand: true})
	}}
}

// recordCase is a stored hand record the game's decoder reads.
func recordCase(id string, seats int, record string) errorCase {
	return errorCase{id + " record " + record, func() error {
		g, _ := Lookup(id)
		s, _ := g.Sheet()
		names := []string{"Ann", "Bob", "Cy", "Di", "Ed", "Flo"}[:seats]
		_, err := s.Values(game.Table{Names: names, Tally: game.NewTally(seats)}, json.RawMessage(record))
		return err
	}}
}

// checkedRecordCase is a stored hand record as the import checks it
// (CheckRecord): the decoder's refusal inside what the check says.
func checkedRecordCase(id string, seats int, record string) errorCase {
	return errorCase{id + " checked record " + record, func() error {
		return CheckRecord(id, seats, json.RawMessage(record))
	}}
}

// setupCase is a new game by points.
func setupCase(form url.Values, seats int) errorCase {
	return errorCase{"points setup " + form.Encode(), func() error {
		_, err := points.Module{}.Setup(form, seats)
		return err
	}}
}

// settingsCase is a game's stored settings, as an import holds them.
func settingsCase(id, settings string, seats int) errorCase {
	return errorCase{id + " settings " + settings, func() error {
		g, _ := Lookup(id)
		return g.CheckSettings(json.RawMessage(settings), seats)
	}}
}

func fmtInts(ns []int) string {
	b, _ := json.Marshal(ns)
	return string(b)
}

// TestErrorsGolden says every kind of error the rules give a person, in
// each language, and compares them with testdata/errors.<tag>.golden
// (go test -update rewrites them): English must read as it always has,
// and every other language's file is read by a speaker.
func TestErrorsGolden(t *testing.T) {
	cases := errorCases()
	for _, lang := range locale.Languages() {
		l := locale.For(lang.Tag)
		var b strings.Builder
		for _, tc := range cases {
			err := tc.err()
			if err == nil {
				t.Errorf("%s: no error", tc.name)
				continue
			}
			b.WriteString(tc.name + "\n\t" + l.Error(err) + "\n")
		}
		file := "testdata/errors." + lang.Tag + ".golden"
		if *update {
			if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if got := b.String(); got != string(want) {
			gotLines, wantLines := strings.Split(got, "\n"), strings.Split(string(want), "\n")
			for i := range min(len(gotLines), len(wantLines)) {
				if gotLines[i] != wantLines[i] {
					t.Errorf("%s line %d:\n got %s\nwant %s", file, i+1, gotLines[i], wantLines[i])
					break
				}
			}
			if len(gotLines) != len(wantLines) {
				t.Errorf("%s: %d lines, want %d", file, len(gotLines), len(wantLines))
			}
		}
	}
}

func errorCases() []errorCase {
	four := []string{"Ann", "Bob", "Cy", "Di"}
	two := []string{"Ann", "Bob"}
	return []errorCase{
		// The body itself (every endpoint).
		bodyCase("body not JSON", "{"),
		bodyCase("body two values", "{} {}"),
		bodyCase("body not an object", "[1]"),
		bodyCase("body unknown member", `{"seat": 1}`),
		bodyCase("body member required", `{}`),
		bodyCase("body member not a string", `{"name": 3}`),
		bodyCase("body member not a number", `{"name": "x", "count": "3"}`),
		bodyCase("body member not a bool", `{"name": "x", "on": 1}`),
		bodyCase("body member not a list", `{"name": "x", "list": {}}`),
		bodyCase("body member not an object", `{"name": "x", "inner": []}`),

		// Flathead.
		apiCase("flathead", "hands/score", `{"winner": 0, "hands": [[]]}`),
		apiCase("flathead", "hands/score", `{"winner": 5, "hands": [[], []], "bonus_marks": [0, 0]}`),
		apiCase("flathead", "hands/score", `{"winner": 0, "hands": [[], []], "bonus_marks": [0]}`),
		apiCase("flathead", "hands/score", `{"winner": 0, "hands": [["3 Bugs"], []], "bonus_marks": [0, 0]}`),
		apiCase("flathead", "hands/score", `{"winner": 0, "hands": [[], ["0 Bugs","1 Bugs","2 Bugs","3 Bugs","4 Bugs","5 Bugs","6 Bugs","7 Bugs","8 Bugs","9 Bugs","0 Lamps"]], "bonus_marks": [0, 0]}`),
		apiCase("flathead", "hands/score", `{"winner": 0, "hands": [[], []], "bonus_marks": [0, -1]}`),
		apiCase("flathead", "hands/score", `{"winner": 0, "hands": [[], []], "bonus_marks": [0, 4]}`),
		apiCase("flathead", "hands/score", `{"winner": 0, "hands": [[], ["Grue"]], "bonus_marks": [0, 0], "table": [["1 Bugs", "5 Lamps"]]}`),
		apiCase("flathead", "hands/score", `{"winner": "x", "hands": [[], []]}`),
		apiCase("flathead", "hands/score", `{"hands": [[], ["7 Nopes"]]}`),
		pointsCase("flathead", two, []int{0, 0}, -1),
		pointsCase("flathead", two, []int{5, 3}, 0),
		pointsCase("flathead", two, []int{500, 0}, 0),
		pointsCase("flathead", []string{"Ann"}, []int{5}, 0),
		recordCase("flathead", 2, `{"winner": 4, "players": [{}, {}]}`),
		recordCase("flathead", 2, `{"winner": 0, "players": [{}, {"hand": ["0 Bugs","1 Bugs","2 Bugs","3 Bugs","4 Bugs","5 Bugs","6 Bugs","7 Bugs","8 Bugs","9 Bugs","0 Lamps"]}]}`),

		// Fortune.
		apiCase("fortune", "hands/score", `{"players": [{"melds": [], "hand": []}]}`),
		apiCase("fortune", "hands/score", `{"players": [{"melds": [["KS","QH","2D"]], "hand": []}, {"melds": [], "hand": ["3C"]}]}`),
		apiCase("fortune", "hands/score", `{"players": [{"melds": [], "hand": []}, {"melds": [], "hand": []}, {"melds": [], "hand": ["3C"]}]}`),
		apiCase("fortune", "hands/score", `{"players": [{"melds": [["KS","KH","XX"]], "hand": []}, {"melds": [], "hand": ["3C"]}]}`),
		apiCase("fortune", "hands/score", `{"players": [{"melds": [], "hand": ["ZZ"]}, {"melds": [], "hand": ["3C"]}]}`),
		pointsCase("fortune", two, []int{47, 0}, 0),
		pointsCase("fortune", two, []int{5, 10}, -1),

		// Black Heart.
		apiCase("blackheart", "hands/score", `{"went_out": 0, "players": [{"melds": [], "hand": []}]}`),
		apiCase("blackheart", "hands/score", `{"went_out": 7, "players": [{"melds": [], "hand": []}, {"melds": [], "hand": []}]}`),
		apiCase("blackheart", "hands/score", `{"went_out": -1, "black_heart": true, "players": [{"melds": [], "hand": ["3C"]}, {"melds": [], "hand": ["4C"]}]}`),
		apiCase("blackheart", "hands/score", `{"went_out": 0, "players": [{"melds": [], "hand": ["3C", "4C"]}, {"melds": [], "hand": ["4C"]}]}`),
		apiCase("blackheart", "hands/score", `{"went_out": 0, "players": [{"melds": [["3C", "9H", "KS"]], "hand": []}, {"melds": [], "hand": ["4C"]}]}`),
		apiCase("blackheart", "opening/check", `{"score": "x", "melds": []}`),
		pointsCase("blackheart", two, []int{3, 0}, 0),
		pointsCase("blackheart", two, []int{5, 3}, -1),
		recordCase("blackheart", 2, `{"went_out": 5, "players": [{}, {}]}`),

		// Fan and Gin.
		apiCase("fan", "hands/score", `{"knock_card": "7S", "knocker": 0, "hands": [["AS","2S","3S","4H","4D","4C","7C","8C","9C","KC"], ["KS","KH","5D","6D","2H","9H","JD","QC","3D","8S"]]}`),
		apiCase("fan", "hands/score", `{"knock_card": "7S", "knocker": 3, "hands": [[], []]}`),
		apiCase("fan", "hands/score", `{"knock_card": "KS", "knocker": 0, "hands": [["AS","2S","3S","4H","4D","4C","7C","8C","9C","10C"], ["KS","KH","5D","6D","2H","9H","JD","QC","3D","8S"]], "knocker_melds": [["AS","2S","3S"], ["JH","QH","KH"]]}`),
		apiCase("fan", "hands/score", `{"knock_card": "KS", "knocker": 0, "hands": [["AS","2S","3S","4H","4D","4C","7C","8C","9C","10C"], ["KS","KH","5D","6D","2H","9H","JD","QC","3D","8S"]], "knocker_melds": [["AS","2S","3S"], ["3S","4S","5S"]]}`),
		apiCase("fan", "hands/score", `{"knock_card": "5H", "knocker": 0, "hands": [["AS","2S","3S","4H","4D","4C","7C","8C","9C","10C","KD"], ["KS","KH","5D","6D","2H","9H","JD","QC","3D","8S"]]}`),
		pointsCase("fan", two, []int{5, 5}, 0),
		pointsCase("fan", two, []int{999, 0}, 0),
		recordCase("fan", 2, `{"knocker": 4}`),
		apiCase("gin", "hands/score", `{"knocker": 0, "hands": [["AS","2S","3S","4H","4D","4C","7C","8C","QD","KC"], ["KS","KH","5D","6D","2H","9H","JD","QC","3D","8S"]]}`),
		apiCase("gin", "games/score", `{"deals": [[25, 5]]}`),
		apiCase("gin", "games/score", `{"deals": [[125, 0], [25, 0]]}`),
		apiCase("gin", "games/score", `{"deals": [[-5, 0]]}`),
		apiCase("gin", "games/score", `{"deals": [[25, 0]], "house_rules": {"no_such_rule": true}}`),
		pointsCase("gin", two, []int{5, 5}, -1),
		recordCase("gin", 2, `{"knocker": 4, "hands": [[], []]}`),
		recordCase("gin", 2, `{"knocker": 0, "hands": [[]]}`),
		recordCase("gin", 2, `{"draw": true, "knocker": 1, "hands": [[], []]}`),

		// Trophy Case.
		apiCase("trophy", "tricks/score", `{"players": 9, "leader": 0, "plays": []}`),
		apiCase("trophy", "tricks/score", `{"players": 4, "leader": 7, "plays": []}`),
		apiCase("trophy", "tricks/score", `{"players": 4, "leader": 0, "plays": [{"seat": 1, "card": "3 Lamps"}]}`),
		apiCase("trophy", "tricks/score", `{"players": 4, "leader": 0, "plays": [{"seat": 0, "fold": true}]}`),
		apiCase("trophy", "tricks/score", `{"players": 4, "leader": 0, "plays": [{"seat": 0, "card": "Grue"}]}`),
		apiCase("trophy", "tricks/score", `{"players": 4, "leader": 0, "plays": [{"seat": 0, "card": "3 Lamps"}, {"seat": 1, "card": "Grue"}, {"seat": 2, "card": "Jester"}]}`),
		apiCase("trophy", "tricks/score", `{"players": 4, "leader": 0, "plays": [{"seat": 0}]}`),
		apiCase("trophy", "tricks/score", `{"players": 4, "leader": 0, "plays": [{"seat": 0, "card": "3 Lamps", "fold": true}]}`),
		apiCase("trophy", "tricks/score", `{"players": 4, "leader": 0, "plays": [{"seat": 9, "card": "3 Lamps"}]}`),
		apiCase("trophy", "tricks/score", `{"players": 4, "leader": 0, "plays": [], "hands": [[], []]}`),
		apiCase("trophy", "tricks/score", `{"players": 4, "leader": 0, "plays": [{"seat": 0, "card": "3 Lamps", "played": true}]}`),
		pointsCase("trophy", four, []int{2, 0, 0, 0}, -1),
		recordCase("trophy", 4, `{"plays": [{"seat": 9, "card": "3 Lamps"}]}`),
		recordCase("trophy", 4, `{"plays": [{"seat": 0, "card": "3 Lamps", "fold": true}]}`),
		recordCase("trophy", 4, `{"plays": [{"seat": 0}]}`),

		// A stored record, as the import checks it.
		checkedRecordCase("fan", 2, `{"knock_card": 5}`),
		checkedRecordCase("fortune", 2, `{"players": [{"melds": "7S 7H 7C"}]}`),
		checkedRecordCase("blackheart", 2, `{"black_heart": 1}`),
		checkedRecordCase("trophy", 3, `{"plays": [{"seat": "Ann"}]}`),
		checkedRecordCase("flathead", 2, `{"winner": 1.5}`),
		checkedRecordCase("fan", 2, `[1, 2]`),
		checkedRecordCase("flathead", 2, `{"winner": 4, "players": [{}, {}]}`),
		checkedRecordCase("poker", 2, `{}`),

		// Any game by points.
		setupCase(url.Values{}, 4),
		setupCase(url.Values{"name": {"Hearts"}, "end": {"target"}}, 4),
		setupCase(url.Values{"name": {"Hearts"}, "end": {"target"}, "wins": {"lowest"}, "target": {"x"}}, 4),
		setupCase(url.Values{"name": {"Hearts"}, "end": {"rounds"}, "wins": {"lowest"}, "rounds": {"0"}}, 4),
		setupCase(url.Values{"name": {"Hearts"}, "end": {"target"}, "wins": {"lowest"}, "target": {"0"}}, 4),
		setupCase(url.Values{"name": {"Hearts\x01"}, "end": {"target"}, "wins": {"lowest"}, "target": {"100"}}, 4),
		settingsCase("points", `{"name": 3}`, 4),
		settingsCase("points", `{"name": "Hearts", "players": 3, "end": "target", "target": 100, "wins": "highest"}`, 4),
		settingsCase("points", `{"name": "", "players": 4, "end": "target", "target": 100, "wins": "highest"}`, 4),
		settingsCase("fan", `{"x": 1}`, 2),
		pointsCase("points", four, []int{0, 0, 0, 0}, -1),
	}
}
