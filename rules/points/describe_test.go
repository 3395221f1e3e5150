package points

import (
	"testing"

	"meldpad/locale"
)

// TestSetupMessage: a setup said in English is String's words, and in
// another language the language's.
func TestSetupMessage(t *testing.T) {
	for _, s := range []Setup{
		{End: AtTarget, Target: 100, Wins: Lowest},
		{End: AtTarget, Target: 1500},
		{End: AfterRounds, Rounds: 1},
		{End: AfterRounds, Rounds: 9, Wins: Lowest},
		{End: Open},
		{},
	} {
		if got, want := english.Say(s.Message()), s.String(); got != want {
			t.Errorf("%+v says %q in English, String %q", s, got, want)
		}
	}
	de := locale.For("de")
	for s, want := range map[Setup]string{
		{End: AtTarget, Target: 100, Wins: Lowest}: "bis 100, die niedrigste Summe gewinnt",
		{End: AfterRounds, Rounds: 1}:              "1 Runde, die höchste Summe gewinnt",
		{}:                                         "kein Ende gewählt, die höchste Summe gewinnt",
	} {
		if got := de.Say(s.Message()); got != want {
			t.Errorf("%+v says %q in German, want %q", s, got, want)
		}
	}
}
