package scorepad

import (
	"slices"
	"testing"

	"meldpad/rules"
)

// TestLeagueGames: a league's games are kept in the registry's order,
// each once, and an id of no game is refused.
func TestLeagueGames(t *testing.T) {
	all := rules.Games()
	if len(all) < 3 {
		t.Fatalf("the registry has %d games", len(all))
	}
	first, second, third := all[0].ID, all[1].ID, all[2].ID
	got, err := LeagueGames([]string{third, first, third, second})
	if err != nil || !slices.Equal(got, []string{first, second, third}) {
		t.Errorf("LeagueGames = %q, %v; want %q", got, err, []string{first, second, third})
	}
	if got, err := LeagueGames(nil); err != nil || got == nil || len(got) != 0 {
		t.Errorf("LeagueGames(nil) = %#v, %v; want an empty list", got, err)
	}
	if got, err := LeagueGames([]string{first, "poker"}); err == nil || !slices.Equal(got, []string{first}) {
		t.Errorf("LeagueGames with poker = %q, %v; want %q and an error", got, err, []string{first})
	}
}
