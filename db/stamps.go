package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
)

// maxStamps bounds the stamps kept between two commits.
const maxStamps = 4096

// stampCache keeps the stamps read since the writer's last commit, so
// that a scorepad viewed again and again between two writes costs no
// read of the database: on SQLite a read is a transaction of its own,
// whose locks on the log's shared memory are system calls, about a
// quarter of a cached scorepad's CPU. It is right only where this store
// makes every write that can change a stamp: a store opened with
// SoleServer, whose lock keeps a second server off the file (an import
// beside it only adds games, which no stamp kept can name). Other stores,
// and PostgreSQL's, keep none.
//
// A stamp is kept under the commit count (epoch) read before it was
// read, and given back only while that count has not moved: a write
// committed before the read began was counted before it, so the read
// saw it, and any commit since makes it stale. The cache holds the
// stamps of the latest count only, at most maxStamps of them.
type stampCache struct {
	mu     sync.Mutex
	epoch  uint64
	stamps map[string]Stamp
}

// get returns the stamp kept for key at epoch.
func (c *stampCache) get(key string, epoch uint64) (Stamp, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.epoch != epoch {
		return Stamp{}, false
	}
	st, ok := c.stamps[key]
	return st, ok
}

// put keeps st for key, read after the commit count was epoch.
func (c *stampCache) put(key string, st Stamp, epoch uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case epoch < c.epoch:
		return // read before a commit that an entry already kept has seen
	case epoch > c.epoch || c.stamps == nil:
		c.epoch, c.stamps = epoch, map[string]Stamp{}
	}
	if len(c.stamps) < maxStamps {
		c.stamps[key] = st
	}
}

// readStamp returns the stamp query reads for id, a game's link or its
// read-only link (kind "g" or "w"): from the cache when no commit has
// moved since it was read, else from the database (and then kept). what
// names the game in an error.
func (s *Store) readStamp(ctx context.Context, kind, query, id, what string) (Stamp, error) {
	if !ValidID(id) {
		return Stamp{}, ErrNotFound
	}
	var epoch uint64
	if s.sole != nil {
		epoch = s.commits.epoch.Load()
		if st, ok := s.stamps.get(kind+id, epoch); ok {
			return st, nil
		}
	}
	var st Stamp
	var deleted string
	err := s.reads().QueryRowContext(ctx, query, id).Scan(&st.ID, &st.Version, &st.League, &st.LeaguePublicID, &deleted)
	if deleted != "" {
		st.Deleted = parseTime(deleted)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return Stamp{}, ErrNotFound
	}
	if err != nil {
		return Stamp{}, fmt.Errorf("db: %s: %w", what, err)
	}
	if s.sole != nil {
		s.stamps.put(kind+id, st, epoch)
	}
	return st, nil
}
