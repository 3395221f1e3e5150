package handlers

import (
	"context"
	"io"
	"time"

	"meldpad/db"
	"meldpad/scorepad"
)

// Stores are the parts of the database the handlers use, each the narrow
// interface of the actions that use it. *db.Store is every one of them
// (StoresOf); main may wrap one (counting the hands written, say) and
// leave the others as they are.
type Stores struct {
	Games   GameStore
	Hands   HandStore
	Stamps  StampStore
	Health  HealthStore
	Leagues LeagueStore
	Members MemberStore
	Events  EventStore
	Archive ArchiveStore
	Kept    KeptPages
}

// StoresOf is every part of the handlers' database served by store.
func StoresOf(store *db.Store) Stores {
	return Stores{Games: store, Hands: store, Stamps: store, Health: store, Leagues: store,
		Members: store, Events: store, Archive: store, Kept: store}
}

// GameStore is what the pages of a game, as a whole, need: creating it,
// reading it by its links, renaming its seats, deleting and restoring it
// (game_*.go).
type GameStore interface {
	CreateGame(ctx context.Context, in db.NewGame) (db.Game, error)
	Game(ctx context.Context, publicID string) (db.Game, error)
	GameEvenDeleted(ctx context.Context, publicID string) (db.Game, error)
	GameByWatchID(ctx context.Context, watchID string) (db.Game, error)
	GamesByPublicIDs(ctx context.Context, ids []string) ([]db.Game, error)
	WatchID(ctx context.Context, gameID int64) (string, error)
	RenameSeats(ctx context.Context, gameID int64, renames []db.SeatRename, author string) error
	DeleteGame(ctx context.Context, gameID int64, author string) error
	RestoreGame(ctx context.Context, gameID int64, author string, window time.Duration) error
	GameRevisions(ctx context.Context, gameID int64) ([]db.GameRevision, error)
}

// HandStore is what the hands' pages need: a game in play, read and
// written by package scorepad, one hand, and the hands' history
// (hand_*.go, history.go).
type HandStore interface {
	scorepad.Writer
	Hand(ctx context.Context, gameID, handID int64) (db.Hand, error)
	Revisions(ctx context.Context, gameID int64) ([]db.Revision, error)
}

// StampStore says whether a page kept already is still the one to show:
// a game's, a spectator's, an event screen's version (page_cache.go).
type StampStore interface {
	GameStamp(ctx context.Context, publicID string) (db.Stamp, error)
	WatchStamp(ctx context.Context, watchID string) (db.Stamp, error)
	EventStamp(ctx context.Context, eventID int64) (string, error)
}

// HealthStore is what the health check asks of the database (health.go).
type HealthStore interface {
	Ping(ctx context.Context) error
}

// LeagueStore is what a league's pages need of the league itself
// (league_*.go).
type LeagueStore interface {
	CreateLeague(ctx context.Context, in db.NewLeague) (db.League, error)
	League(ctx context.Context, publicID string) (db.League, error)
	LeagueByOrganizer(ctx context.Context, organizerID string) (db.League, error)
	LeagueOfGame(ctx context.Context, gameID int64) (db.League, error)
	ActiveLeagues(ctx context.Context, limit int) ([]db.League, error)
	LeagueRecordSince(ctx context.Context, leagueID int64, prev *db.LeagueRecord) (db.LeagueRecord, error)
	LeagueHandCounts(ctx context.Context, leagueID int64) (map[int64]int, error)
	UpdateLeague(ctx context.Context, leagueID int64, name string, games []string) error
	RemoveLeagueGame(ctx context.Context, leagueID int64, watchID string) error
}

// MemberStore is what a league's organizer changes of its players and
// seasons (league_organize.go, league_player.go).
type MemberStore interface {
	AddMembers(ctx context.Context, leagueID int64, names []string) error
	MergePlayers(ctx context.Context, leagueID, keep, gone int64) error
	RenamePlayer(ctx context.Context, leagueID, playerID int64, name string) error
	MovedPlayer(ctx context.Context, leagueID, oldID int64) (int64, error)
	AddSeason(ctx context.Context, leagueID int64, in db.SeasonInput) error
	UpdateSeason(ctx context.Context, leagueID, seasonID int64, in db.SeasonInput) error
	DeleteSeason(ctx context.Context, leagueID, seasonID int64) error
}

// EventStore is what the pages of event nights need from the database
// (event_*.go).
type EventStore interface {
	CreateEvent(ctx context.Context, in db.NewEvent) (db.Event, error)
	LeagueEvent(ctx context.Context, leagueID, eventID int64) (db.Event, error)
	EventByScreen(ctx context.Context, screenID string) (db.Event, error)
	EventVersion(ctx context.Context, eventID int64) (int, error)
	LeagueEvents(ctx context.Context, leagueID int64) ([]db.EventSummary, error)
	EventRecord(ctx context.Context, eventID int64) (db.EventRecord, error)
	AddEventPlayers(ctx context.Context, leagueID, eventID int64, names []string, round int) error
	DropEventPlayer(ctx context.Context, leagueID, eventID, playerID int64, round int) error
	SeatRound(ctx context.Context, leagueID, eventID int64, version int, r db.NewRound) error
	SetTableCounts(ctx context.Context, leagueID, eventID int64, round, number int, counts bool) error
}

// ArchiveStore is a league's export and the import of an archive
// (league_export.go, league_csv.go, import.go).
type ArchiveStore interface {
	ExportLeague(ctx context.Context, leagueID int64) (db.Archive, error)
	Import(ctx context.Context, r io.Reader, maxBytes int64, games db.ArchiveRules, check db.RecordChecker) (db.ImportSummary, error)
}
