package scorepad

import (
	"fmt"

	"meldpad/rules"
)

// LeagueGames are the games that count in a league, as the store keeps
// them: ids of meldpad's games, each once, in the registry's order
// (rules.Games). It fails on an id of no game, and returns what it can
// of the others.
func LeagueGames(ids []string) ([]string, error) {
	chosen := map[string]bool{}
	var err error
	for _, id := range ids {
		if _, ok := rules.Lookup(id); !ok && err == nil {
			err = fmt.Errorf("scorepad: league: unknown game %q", id)
		}
		chosen[id] = true
	}
	ordered := []string{}
	for _, g := range rules.Games() {
		if chosen[g.ID] {
			ordered = append(ordered, g.ID)
		}
	}
	return ordered, err
}
