package db

import (
	"context"
	"database/sql"
)

// dialect is what the store does its own way on each database: SQLite
// (sqlite.go), with one writer whose waiting writes share a commit, and
// PostgreSQL (postgres.go), with many writers that lock what they read.
// The rest of the package is the same on both; its statements are
// written once with $N parameters, which both read, but for those the
// databases spell differently, which each writes out in its statements.
type dialect interface {
	// write runs fn in a write transaction, run again from the start if
	// the database ends it so that another may go on. opts, when not
	// nil, asks PostgreSQL for another isolation (SQLite's writes are
	// serializable already).
	write(ctx context.Context, opts *sql.TxOptions, fn func(tx wtx) error) error
	// addHand is Store.AddHand, its input checked.
	addHand(ctx context.Context, s *Store, gameID int64, in HandInput, c Change, from int, d Derived) (Hand, error)
	// lockGame makes the writes to a game take turns, in the write
	// transaction tx, before anything of the game is read; lockToken does
	// the same for the writes of one form token. SQLite's one writer does
	// this already.
	lockGame(ctx context.Context, tx dbtx, gameID int64) error
	lockToken(ctx context.Context, tx wtx, token string) error
	// readOnce are the options of a read that must see one moment.
	readOnce() *sql.TxOptions
	// insertID runs query, an INSERT of one row (one of the dialect's
	// statements: PostgreSQL's end with RETURNING id), and returns its id.
	insertID(ctx context.Context, tx dbtx, query string, args ...any) (int64, error)
	// probe writes and deletes a row, as a save would write.
	probe(ctx context.Context, tx wtx) error
	// storageFailed reports err as the database, or the way to it,
	// failing rather than refusing what was written; uniqueViolation as
	// a row refused because a unique index holds its key already.
	storageFailed(err error) bool
	uniqueViolation(err error) bool
	// close closes the database's connections.
	close() error
}

// statements are those the databases spell differently, each written out
// for each database (sqliteStatements, postgresStatements).
type statements struct {
	// game reads a game and its seats in one statement (a save reads the
	// game first, and every statement costs about as much as this one):
	// the seats come as a JSON list of seatJSON.
	game string
	// table reads what a game's rules are told of its table: its rules,
	// house rules, settings, first dealer and its seats' names as a JSON
	// list.
	table string
	// hands reads a game's hands in order (handColumns).
	hands string
	// recomputeSeats sets everything derived of a game's seats from a
	// JSON list of seatRow: $1 the list, $2 the game.
	recomputeSeats string
	// insertRevision adds a revision (insertID): $1 the hand, $2 the
	// action, $3 the author, $4 when, $5 before, $6 after.
	insertRevision string
	// leaguePlayer reads the name of a player ($1) of a league ($2); on
	// PostgreSQL it locks the row, so that a game started meanwhile that
	// seats the player waits for a merge or a rename, or is waited for.
	leaguePlayer string
	// playerByName finds the id of a league's ($1) player by name ($2),
	// in any case, folding A-Z; otherPlayerByName one that is not $3.
	playerByName, otherPlayerByName string
	// members lists a league's ($1) members, id and name, by name in any
	// case, then by id.
	members string
	// eventVersion reads an event's ($1, of the league $2) version, and
	// on PostgreSQL locks it for the write that follows.
	eventVersion string
}
