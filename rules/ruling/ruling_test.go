package ruling

import (
	"fmt"
	"testing"

	"meldpad/locale"
	"meldpad/rules/cards"
	"meldpad/rules/msg"
)

func TestRuleOf(t *testing.T) {
	err := fmt.Errorf("deal 3: %w", Refuse("N4", Prefixed("fan", msg.New("fan.over_knock_value", msg.N("Deadwood", 12), msg.N("KnockValue", 7), msg.S("Rule", "N4")))))
	rule, ok := RuleOf(err)
	if !ok || rule != "N4" {
		t.Fatalf("RuleOf = %q, %v; want N4, true", rule, ok)
	}
	if got, want := err.Error(), "deal 3: ruling.prefixed{Game=fan Text=fan.over_knock_value{Deadwood=12 KnockValue=7 Rule=N4}}"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if _, ok := RuleOf(fmt.Errorf("plain")); ok {
		t.Errorf("RuleOf(plain error) reported a rule")
	}
}

func TestHighestOnceReached(t *testing.T) {
	if seat, ok := HighestOnceReached([][]int{{10, 10}, {0, 5}}, 15); seat != 1 || !ok {
		t.Errorf("= %d, %v; want 1, true", seat, ok)
	}
	if _, ok := HighestOnceReached([][]int{{15, 15}}, 15); ok {
		t.Errorf("a tie at the top must play on")
	}
}

// TestFirstWon: the game ends after the first round whose totals win,
// the totals counting every seat from zero, the ones no round has named
// yet too.
func TestFirstWon(t *testing.T) {
	var seen [][]int
	wonAt := func(totals []int) (int, bool) {
		seen = append(seen, append([]int(nil), totals...))
		return 1, totals[0] >= 10
	}
	seat, ok := FirstWon([][]int{{4}, {6, 1}, {5, 5}}, 3, wonAt)
	if seat != 1 || !ok {
		t.Errorf("= %d, %v; want 1, true", seat, ok)
	}
	if want := [][]int{{4, 0, 0}, {10, 1, 0}}; fmt.Sprint(seen) != fmt.Sprint(want) {
		t.Errorf("totals seen %v, want %v", seen, want)
	}
	if seat, ok := FirstWon([][]int{{1, 2}}, 0, wonAt); seat != -1 || ok {
		t.Errorf("a game not won: %d, %v", seat, ok)
	}
}

func TestNumber(t *testing.T) {
	for n, want := range map[int]string{0: "no", 3: "three", 16: "sixteen", 17: "17", -1: "-1"} {
		if got := Number(n); got != want {
			t.Errorf("Number(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestRankWords: a rank with its article and in the plural, as English
// says them.
func TestRankWords(t *testing.T) {
	en := locale.English()
	for r, want := range map[cards.Rank][2]string{
		cards.Ace: {"an ace", "aces"}, 7: {"a 7", "7s"}, 8: {"an 8", "8s"}, 10: {"a 10", "10s"}, cards.King: {"a king", "kings"},
	} {
		if got := [2]string{en.Say(RankArticle(r)), en.Say(RankPlural(r))}; got != want {
			t.Errorf("rank %d: %q, want %q", r, got, want)
		}
	}
}

func TestSentence(t *testing.T) {
	for in, want := range map[string]string{
		"knock with 11 deadwood over knock value 10 (G2)": "Knock with 11 deadwood over knock value 10 (G2).",
		"Already a sentence.":                             "Already a sentence.",
		"gin: all 10 cards melded (G2, G3)":               "Gin: all 10 cards melded (G2, G3).",
		"∞ cards make sets (F2)":                          "∞ cards make sets (F2).",
		"  ":                                              "",
	} {
		if got := Sentence(in); got != want {
			t.Errorf("Sentence(%q) = %q, want %q", in, got, want)
		}
	}
}
