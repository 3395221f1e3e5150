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
		{"unknown game", Encode("canasta", table, Words{}), `offline: unknown game "canasta"`, nil},
		{"no sheet", Encode("points", table, Words{}), "no card sheet", ErrNoSheet},
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
	page := Encode("fan", game.Table{Names: []string{"Ann", "Bob"}, Tally: game.NewTally(2)}, Words{})
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

// TestPageWords: a chip's title and the score's heading are the words
// the page gave the referee, and English on a page that gave none.
func TestPageWords(t *testing.T) {
	table := game.Table{Names: []string{"Ann", "Bob"}, Tally: game.NewTally(2)}
	form := url.Values{"knock_card": {"KH"}, "knocker": {"0"},
		"hand_0": {"AS 2S 3S 4H 4D 4C 7C 8C 9C KD"}, "hand_1": {"KS QH 5D 6D 2H 9H JD QC 3D 8S"}}
	for _, tc := range []struct {
		words         Words
		title, header string
	}{
		{Words{Remove: "Zum Entfernen antippen", Score: "Wertung"}, `title="Zum Entfernen antippen"`, "<h2>Wertung</h2>"},
		{Words{Remove: "Touchez pour l’enlever", Score: "Score"}, `title="Touchez pour l’enlever"`, "<h2>Score</h2>"},
		{Words{}, `title="Tap to remove"`, "<h2>Score</h2>"},
	} {
		fragment, err := Judge(context.Background(), Encode("fan", table, tc.words), form)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(fragment, tc.title); n != 21 {
			t.Errorf("%v: %d chips titled %s, want 21 (two hands and the knock card)", tc.words, n, tc.title)
		}
		if !strings.Contains(fragment, tc.header) {
			t.Errorf("%v: no %s in %s", tc.words, tc.header, fragment)
		}
	}
}
