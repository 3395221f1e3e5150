package handlers

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"sync"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"

	"meldpad/db"
	"meldpad/rules/standings"
)

// maxCachedLeagues bounds the cache: a league of 5,000 games takes a few
// megabytes, and a server rarely has more than a handful in use at once.
const maxCachedLeagues = 16

// leagueCache keeps what each league's pages are computed from, with the
// tables computed so far, until the league's version moves. The version is
// bumped by the database in the transaction of every write that changes
// the league's games (db.League.Version), and a request reads it before
// using the cache, so a correction shows on the next request: a stale
// entry is never served, only replaced. Replacing it reads again only the
// games whose own version moved (db.Store.LeagueRecordSince) and computes
// the tables afresh.
//
// hashicorp/golang-lru bounds it by count, the league used longest ago
// going first, as it does the page cache: one library for every cache of
// the server, instead of an eviction of our own.
type leagueCache struct {
	entries   *lru.Cache[int64, *leagueData] // by league id, one version each
	replacing sync.Mutex                     // makes replace's look and add one step
}

func newLeagueCache() *leagueCache {
	c, _ := lru.New[int64, *leagueData](maxCachedLeagues) // the size is positive: it cannot fail
	return &leagueCache{entries: c}
}

// leagueData is one league at one version: its record as read, the
// finished games of the kinds that count, and the tables computed from
// them on demand.
type leagueData struct {
	version int
	record  db.LeagueRecord
	games   []standings.Game // finished games of kinds that count, oldest first
	// gamesTail lets the data of the next version append the games that
	// finish to games' array (standings.Reserve).
	gamesTail *standings.Tail
	seasons   []standings.Season
	names     map[int64]string // every player of the league, by id
	members   []int64

	mu     sync.Mutex
	tables map[standings.Scope]standings.Table
}

// league returns the data of the league at its current version, from the
// cache when the cached version is the one just read. Reading it again
// is a heavy read (limits_heavy.go): one at a time per address, the same
// league's version read once for all who ask at once.
func (s *Server) league(ctx context.Context, l db.League) (*leagueData, error) {
	if d := s.leagues.current(l); d != nil {
		return d, nil
	}
	key := versionKey("league-data", strconv.FormatInt(l.ID, 10), l.Version)
	v, err := s.heavy.do(ctx, key, func(ctx context.Context) (any, error) {
		if d := s.leagues.current(l); d != nil {
			return d, nil
		}
		return s.readLeague(ctx, l)
	})
	if err != nil {
		return nil, err
	}
	return v.(*leagueData), nil
}

// current is the cached data of l at l's version, or nil. The entry of
// another version is not forgotten here: readLeague reads the new
// version from it, and then replaces it.
func (c *leagueCache) current(l db.League) *leagueData {
	if d, ok := c.entries.Get(l.ID); ok && d.version == l.Version {
		return d
	}
	return nil
}

// readLeague reads the league again and caches it.
func (s *Server) readLeague(ctx context.Context, l db.League) (*leagueData, error) {
	d, _ := s.leagues.entries.Peek(l.ID)
	// The entry of an older version still holds most games as they are:
	// only the games whose own version moved are read again.
	var prev *db.LeagueRecord
	if d != nil {
		prev = &d.record
	}
	rec, err := s.store.Leagues.LeagueRecordSince(ctx, l.ID, prev)
	if err != nil {
		return nil, err
	}
	d = newLeagueData(rec, d)
	s.leagues.replace(l.ID, d)
	return d, nil
}

// replace keeps d as the league's entry, unless a newer version was kept
// meanwhile (by a request that read the league after this one did).
func (c *leagueCache) replace(id int64, d *leagueData) {
	c.replacing.Lock()
	defer c.replacing.Unlock()
	if cur, ok, _ := c.entries.PeekOrAdd(id, d); ok && cur.version < d.version {
		c.entries.Add(id, d)
	}
}

// newLeagueData prepares a league's record for its tables. prev, when
// not nil, is the same league at an earlier version, which rec was read
// since: its games in finishing order are kept, and only the games rec
// read again are placed among them, rather than ordering every game of
// the league again (most of the first standings after a save).
func newLeagueData(rec db.LeagueRecord, prev *leagueData) *leagueData {
	l := rec.League
	d := &leagueData{
		version: l.Version, record: rec, names: map[int64]string{},
		tables: map[standings.Scope]standings.Table{},
	}
	for _, sn := range l.Seasons {
		d.seasons = append(d.seasons, standings.Season{ID: sn.ID, StartsOn: sn.StartsOn, EndsOn: sn.EndsOn, Created: sn.CreatedAt})
	}
	for _, m := range rec.Members {
		d.members = append(d.members, m.ID)
	}
	d.names = seatNames(rec, d.members, prev)
	for _, m := range rec.Members {
		d.names[m.ID] = m.Name
	}
	if prev != nil && rec.Changed != nil && slices.Equal(prev.record.League.Games, l.Games) {
		if games, tail, ok := patchGames(prev.games, prev.gamesTail, rec); ok {
			d.games, d.gamesTail = games, tail
			d.carryTables(prev)
			return d
		}
	}
	d.games = standings.ByFinish(countedGames(rec.Games, l))
	return d
}

// seatNames are the names of the players seated in rec's games: prev's
// with the names in the games read again, when rec was read since prev's
// record and the members are the same (a rename reads again every game it
// touches; a merge changes the members), else read from every game.
func seatNames(rec db.LeagueRecord, members []int64, prev *leagueData) map[int64]string {
	names := map[int64]string{}
	games := rec.Games
	if prev != nil && rec.Changed != nil && slices.Equal(prev.members, members) {
		names = maps.Clone(prev.names)
		games = rec.Changed
	}
	for _, g := range games {
		for _, st := range g.Seats {
			names[st.PlayerID] = st.Name
		}
	}
	return names
}

// countedGames are the finished games of the kinds the league counts, as
// the tables take them, in the order given: not the tables of an event
// night marked as not counting.
func countedGames(games []*db.LeagueGame, l db.League) []standings.Game {
	seats := 0
	for _, g := range games {
		seats += len(g.Seats)
	}
	// One array holds every game's seats: a league of 5,000 games is one
	// allocation, not 5,000.
	all := make([]standings.Seat, 0, seats)
	out := make([]standings.Game, 0, len(games))
	for _, g := range games {
		if !g.Finished() || !l.Counts(g.Rules) || g.Excluded {
			continue
		}
		from := len(all)
		for _, st := range g.Seats {
			all = append(all, standings.Seat{Player: st.PlayerID, Total: st.Total, Place: st.Place})
		}
		out = append(out, standings.Game{
			Key: g.WatchID, Rules: g.Rules, Started: g.CreatedAt, Finished: g.FinishedAt, Winner: g.Winner, Seats: all[from:len(all):len(all)],
		})
	}
	return out
}

// patchGames is the counted games in finishing order after the games rec
// read again: the earlier ones (kept, in finishing order, which the
// others' changes do not touch) less those read again, merged with the
// ones read again that count. It reports false when a game read again has
// no key, since keys are what tell the games apart. The games that
// finished after every kept one are appended to kept's array when tail
// allows (standings.Reserve); the Tail returned is the list's.
func patchGames(kept []standings.Game, tail *standings.Tail, rec db.LeagueRecord) ([]standings.Game, *standings.Tail, bool) {
	keys := make(map[string]bool, len(rec.Changed))
	for _, g := range rec.Changed {
		if g.WatchID == "" {
			return nil, nil, false
		}
		keys[g.WatchID] = true
	}
	counted := standings.ByFinish(countedGames(rec.Changed, rec.League))
	if !slices.ContainsFunc(kept, func(g standings.Game) bool { return keys[g.Key] }) {
		if len(counted) == 0 {
			// Most saves: a hand of a game still being played.
			return kept, tail, true
		}
		if len(kept) == 0 || standings.FinishedAfter(counted[0], kept[len(kept)-1]) {
			// A game just finished, after every other.
			games, tail := standings.Reserve(kept, tail, len(counted))
			return append(games, counted...), tail, true
		}
	}
	rest := make([]standings.Game, 0, len(kept))
	for _, g := range kept {
		if !keys[g.Key] {
			rest = append(rest, g)
		}
	}
	return standings.MergeByFinish(rest, counted), nil, true
}

// carryTables takes over the tables prev computed when d's games are
// prev's with games added after them (a game finished) or the same (a
// hand of a game still being played): a table is kept as it is, or
// extended by the new games of its scope, at the cost of those games only.
// Anything else (a finished game corrected, members or seasons changed)
// leaves d to compute its tables afresh.
func (d *leagueData) carryTables(prev *leagueData) {
	if !slices.Equal(prev.members, d.members) || !slices.Equal(prev.seasons, d.seasons) || len(d.games) < len(prev.games) {
		return
	}
	// Games kept in prev's array (patchGames) are prev's by construction;
	// any others are compared.
	if len(prev.games) > 0 && &prev.games[0] != &d.games[0] {
		for i := range prev.games {
			if !prev.games[i].Equal(d.games[i]) {
				return
			}
		}
	}
	added := d.games[len(prev.games):]
	prev.mu.Lock()
	tables := maps.Clone(prev.tables)
	prev.mu.Unlock()
	for scope, t := range tables {
		if len(added) > 0 {
			var ok bool
			if t, ok = standings.Extend(t, standings.Filter(added, d.seasons, scope, time.Local)); !ok {
				continue
			}
		}
		d.tables[scope] = t
	}
}

// table returns the standings of one scope of d, computing them, the
// first time, as a heavy read (limits_heavy.go).
func (s *Server) table(ctx context.Context, d *leagueData, scope standings.Scope) (standings.Table, error) {
	d.mu.Lock()
	t, ok := d.tables[scope]
	d.mu.Unlock()
	if ok {
		return t, nil
	}
	key := fmt.Sprintf("table\x00%d\x00%d\x00%d\x00%s", d.record.League.ID, d.version, scope.Season, scope.Rules)
	v, err := s.heavy.do(ctx, key, func(context.Context) (any, error) { return d.table(scope), nil })
	if err != nil {
		return standings.Table{}, err
	}
	return v.(standings.Table), nil
}

// table returns the standings of one scope, computing them the first time.
// Members who have not played in the scope get a row of zeros.
func (d *leagueData) table(scope standings.Scope) standings.Table {
	d.mu.Lock()
	t, ok := d.tables[scope]
	d.mu.Unlock()
	if ok {
		return t
	}
	games := standings.Filter(d.games, d.seasons, scope, time.Local)
	t = standings.Compute(games, d.members, standings.PointsFor(scope.Rules))
	d.mu.Lock()
	d.tables[scope] = t
	d.mu.Unlock()
	return t
}

// name returns a player's name in the league.
func (d *leagueData) name(player int64) string { return d.names[player] }

// WarmLeagues reads the most active leagues and computes their standings
// as a first visitor would see them, so that the first standings page after
// a restart does not pay for reading thousands of games. main runs it in
// the background; a request that comes first simply computes its own.
func (s *Server) WarmLeagues(ctx context.Context) error {
	leagues, err := s.store.Leagues.ActiveLeagues(ctx, maxCachedLeagues)
	if err != nil {
		return err
	}
	for _, l := range leagues {
		d, err := s.league(ctx, l)
		if err != nil {
			return err
		}
		d.table(standings.Scope{})
	}
	return nil
}
