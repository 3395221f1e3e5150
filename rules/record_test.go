package rules

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"meldpad/locale"
	"meldpad/rules/game"
)

func TestCheckRecord(t *testing.T) {
	tests := []struct {
		name   string
		rules  string
		seats  int
		record string
		want   string // "" for a record that can be shown
	}{
		{"an empty Fan record shows an empty sheet", "fan", 2, `{}`, ""},
		{"Flathead", "flathead", 3, `{"winner":0,"players":[{"melds":[{"cards":["1 Lamps","2 Lamps","3 Lamps"]}],"hand":[]},{"melds":[],"hand":["Grue"]},{"melds":[],"hand":[]}]}`, ""},
		{"Fortune", "fortune", 2, `{"players":[{"melds":[["7S","7H","7C"]],"hand":[]},{"melds":[],"hand":["2C"]}]}`, ""},
		{"Black Heart", "blackheart", 2, `{"went_out":0,"black_heart":false,"players":[{"melds":[],"layoffs":[],"hand":[]},{"melds":[],"layoffs":[],"hand":["KS"]}]}`, ""},
		{"Trophy Case", "trophy", 3, `{"leader":0,"plays":[{"seat":0,"card":"7 Lamps"},{"seat":1,"fold":true}]}`, ""},
		{"Fan: the knock card a number", "fan", 2, `{"knock_card": 5}`, "knock_card is a number where meldpad records text"},
		{"Fan: a hand that is not a list", "fan", 2, `{"hands": "AS"}`, "hands is a string where meldpad records a list"},
		{"Flathead: the winner as text", "flathead", 3, `{"winner": "Ann"}`, "winner is a string where meldpad records a whole number"},
		{"Fortune: melds of a string", "fortune", 2, `{"players":[{"melds":"7S 7H 7C"}]}`, "players[0].melds is a string where meldpad records a list"},
		{"Black Heart: black heart as a number", "blackheart", 2, `{"black_heart": 1}`, "black_heart is a number where meldpad records true or false"},
		{"Trophy Case: a play's seat as text", "trophy", 3, `{"plays":[{"seat":"Ann"}]}`, "plays[0].seat is a string where meldpad records a whole number"},
		{"a list, not an object", "fan", 2, `[1, 2]`, "the record is an array where meldpad records an object"},
		// What no hand leaves: a seat's fourth bonus meld (F8), a loser's
		// eleventh card (F6), a seat's fifteenth card on a trick of three
		// (T6).
		{"Flathead: four bonus melds (F8)", "flathead", 2, `{"winner":0,"players":[{"melds":[{"cards":["1 Lamps","1 Fromps","1 Plungers"]},` +
			`{"cards":["2 Tops","2 Rain","2 Zurfs"]},{"cards":["3 Faces","3 Hives","3 Inkblots"]},{"cards":["4 Bugs","4 Mazes","4 Scythes"]}],"hand":[]},` +
			`{"melds":[],"hand":["9 Books"]}]}`, "players[0].melds holds 4 bonus melds, but a player holds at most 3 bonus marks a hand (F8)"},
		{"Flathead: a loser keeps 11 (F6)", "flathead", 2, `{"winner":0,"players":[{"hand":[]},{"hand":["0 Ears","1 Ears","2 Ears","3 Ears","4 Ears",` +
			`"5 Ears","6 Ears","7 Ears","8 Ears","9 Ears","∞ Ears"]}]}`, "players[1].hand holds 11 cards, but a player holds at most 10 at the end of a hand (F6)"},
		{"Trophy Case: a 15th card of one seat (T6)", "trophy", 3, fifteenPlays(), "is seat 0's card 15, but each of 3 players is dealt 14 (T6)"},
		{"a game without a card sheet", "poker", 2, `{}`, `"poker" hands are not entered card by card`},
		{"any game by points has no card sheet", "points", 2, `{}`, `"points" hands are not entered card by card`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckRecordSaying(locale.English().Error)(tc.rules, tc.seats, json.RawMessage(tc.record))
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("%v, want an error saying %q", err, tc.want)
			}
		})
	}
}

// fifteenPlays is a stored trick of three in which seat 0 plays 15 cards,
// the others folding at once.
func fifteenPlays() string {
	plays := `{"seat":0,"card":"0 Lamps"},{"seat":1,"fold":true},{"seat":2,"fold":true}`
	for i := 1; i < 15; i++ {
		plays += `,{"seat":0,"card":"` + strconv.Itoa(i%10) + ` ` + []string{"Lamps", "Tops"}[i/10] + `"}`
	}
	return `{"leader":0,"plays":[` + plays + `]}`
}

// FuzzCheckRecord decodes arbitrary records of every game and judges the
// sheet a record CheckRecord passes: never a panic (CheckRecord recovers
// none), and a record it passes decodes and can be judged again, as its
// hand's page does.
func FuzzCheckRecord(f *testing.F) {
	for _, seed := range []string{`{}`, `{"knock_card": 5}`, `{"players":[{"melds":[{"cards":["x"]}]}]}`, `{"plays":[{"seat":-1}]}`, `null`, `[]`,
		`{"winner":7,"players":[{"hand":["Grue"]}]}`, `{"leader":9,"plays":[{"seat":0,"card":"7 Lamps"}]}`, `{"went_out":-1}`} {
		for i := range Games() {
			f.Add(uint8(i), uint8(3), seed)
		}
	}
	f.Fuzz(func(t *testing.T, which, seats uint8, record string) {
		all := Games()
		g := all[int(which)%len(all)]
		n := g.MinPlayers + int(seats)%(g.MaxPlayers-g.MinPlayers+1)
		if err := CheckRecord(g.ID, n, json.RawMessage(record)); err != nil {
			return
		}
		sh, _ := g.Sheet()
		tb := game.Table{Names: make([]string, n), Tally: game.NewTally(n)}
		for i := range tb.Names {
			tb.Names[i] = "P" + strconv.Itoa(i)
		}
		values, err := sh.Values(tb, json.RawMessage(record))
		if err != nil {
			t.Fatalf("CheckRecord passed %s, which does not decode: %v", record, err)
		}
		if _, _, err := sh.Judge(context.Background(), tb, values); err != nil {
			t.Fatalf("judging %s: %v", record, err)
		}
	})
}
