package offline

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"testing"

	"meldpad/rules/game"
)

func TestJudgeRefusesWhatItCannotRead(t *testing.T) {
	table := game.Table{Names: []string{"Ann", "Bob"}, Tally: game.NewTally(2)}
	for _, tc := range []struct {
		name, page, want string
		is               error
	}{
		{"not JSON", `{"rules":`, "offline: read the page", nil},
		{"unknown game", Encode("canasta", table), `offline: unknown game "canasta"`, nil},
		{"no sheet", Encode("points", table), "no card sheet", ErrNoSheet},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Judge(context.Background(), tc.page, url.Values{})
			if err == nil || !strings.Contains(err.Error(), tc.want) || (tc.is != nil && !errors.Is(err, tc.is)) {
				t.Errorf("Judge = %v, want an error saying %q", err, tc.want)
			}
		})
	}
}

func TestJudgeStopsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	page := Encode("fan", game.Table{Names: []string{"Ann", "Bob"}, Tally: game.NewTally(2)})
	form := url.Values{"knock_card": {"KH"}, "knocker": {"0"},
		"hand_0": {"AS 2S 3S 4H 4D 4C 7C 8C 9C KD"}, "hand_1": {"KS QH 5D 6D 2H 9H JD QC 3D 8S"}}
	if _, err := Judge(ctx, page, form); !errors.Is(err, context.Canceled) {
		t.Errorf("Judge with a cancelled context = %v, want context.Canceled", err)
	}
	fragment, err := Judge(context.Background(), page, form)
	if err != nil || !strings.Contains(fragment, `<div class="score">+63</div>`) {
		t.Errorf("Judge = %v, %s", err, fragment)
	}
}

func TestClasses(t *testing.T) {
	for _, tc := range []struct {
		in   []string
		want string
	}{
		{[]string{"chip", "red", on("over", false)}, "chip red"},
		{[]string{"chip", "red", on("over", true)}, "chip red over"},
		{[]string{"verdict", on("ok", false), on("bad", true)}, "verdict bad"},
		{[]string{"card", "card", "judgement"}, "card judgement"},
	} {
		if got := classes(tc.in...); got != tc.want {
			t.Errorf("classes(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
