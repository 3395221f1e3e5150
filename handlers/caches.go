package handlers

import (
	"strconv"
	"strings"
)

// The server's caches, each bounded by count (or bytes) with
// hashicorp/golang-lru, and each forgotten by one rule:
//
//   - pages (pageCache), the parts of a scorepad a live update brings
//     (padParts), files to download (fileCache) and the leagues' data
//     (leagueCache) are kept under versionKey: the version of the game
//     or league they show, which the store bumps in the transaction of
//     every write that changes it (db's gameChanged, writeGame,
//     bumpLeague, leagueGameChanged). A write on any server makes them
//     stale by that bump alone; the entry of an old version is never
//     asked for again and falls out of its cache.
//   - the games as last read (Server.lastRead) are replaced by every
//     read of the game (loadTable), and shown only while the database
//     does not answer; a save from them is checked against the version
//     the store holds.
//   - the games as this server's last save to each left it (Server.kept,
//     scorepad.Kept) stand in for a read at the next save of a form of
//     that version, for a save the store takes: its version check
//     refuses a copy another server's write made stale, and the save is
//     done again on the game read. Every other write to a game here
//     forgets its copy, beside the write.
//   - the pages kept after a form's POST are the store's
//     (db.Store.KeepPage), which sweeps the expired ones as it keeps
//     another.
//
// The store's own (the stamps read since the last commit, the prepared
// statements, PostgreSQL's spelling of each query) are listed in
// docs/architecture.md.

// versionKey is the key under which a cache keeps what kind shows of
// link (a game's, a league's) at version, with the rest of what it
// shows (more). The version in the key is what forgets the entry: a
// write bumps it, and the next request asks for the new version's key.
func versionKey(kind, link string, version int, more ...string) string {
	return strings.Join(append([]string{kind, link, strconv.Itoa(version)}, more...), "\x00")
}
