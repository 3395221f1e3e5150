package fan

import (
	"math/rand"
	"strings"
	"testing"

	"meldpad/rules/cards"
	"meldpad/rules/ruling"
)

// list parses space-separated cards of the standard deck.
func list(t testing.TB, s string) []cards.Card {
	t.Helper()
	cs, err := cards.Standard().ParseList(strings.Fields(s))
	if err != nil {
		t.Fatalf("bad test hand %q: %v", s, err)
	}
	return cs
}

func card(t testing.TB, s string) cards.Card {
	t.Helper()
	c, err := cards.Standard().Parse(s)
	if err != nil {
		t.Fatalf("bad test card %q: %v", s, err)
	}
	return c
}

// melds parses melds separated by "|".
func melds(t testing.TB, s string) [][]cards.Card {
	t.Helper()
	out := [][]cards.Card{}
	for _, m := range strings.Split(s, "|") {
		out = append(out, list(t, m))
	}
	return out
}

func ruleOf(err error) string {
	rule, _ := ruling.RuleOf(err)
	return rule
}

func splitFields(s string) []string { return strings.Fields(s) }

func newRand(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed)) }
