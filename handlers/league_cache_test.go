package handlers

import (
	"testing"

	"meldpad/db"
)

// TestLeagueCacheBounds: the league cache keeps maxCachedLeagues leagues,
// the one used longest ago going first; an entry is served only at its
// league's version, and an older version read late never replaces a
// newer one kept meanwhile.
func TestLeagueCacheBounds(t *testing.T) {
	c := newLeagueCache()
	league := func(id int64, version int) db.League { return db.League{ID: id, Version: version} }
	for id := int64(1); id <= maxCachedLeagues; id++ {
		c.replace(id, &leagueData{version: 1})
	}
	if c.current(league(1, 1)) == nil { // league 1 used: league 2 is now the oldest
		t.Fatal("league 1 not cached")
	}
	c.replace(maxCachedLeagues+1, &leagueData{version: 1})
	if c.current(league(2, 1)) != nil {
		t.Error("the league used longest ago stayed past the bound")
	}
	for _, id := range []int64{1, 3, maxCachedLeagues + 1} {
		if c.current(league(id, 1)) == nil {
			t.Errorf("league %d was dropped, not the one used longest ago", id)
		}
	}

	c.replace(1, &leagueData{version: 3})
	c.replace(1, &leagueData{version: 2}) // read before version 3 was kept
	if c.current(league(1, 3)) == nil {
		t.Error("an older version replaced a newer one")
	}
	if c.current(league(1, 2)) != nil || c.current(league(1, 4)) != nil {
		t.Error("an entry was served at another version than its own")
	}
}
