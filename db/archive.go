package db

import (
	"bytes"
	"encoding/json"
	"io"
)

// ArchiveVersion is the newest version of the export format this meldpad
// writes. A change that an older meldpad would misread gets a new number.
// Version 2 gives each league its own players; meldpad still reads
// version 1, where players were one list for the whole file (archiveV1).
// Version 3 adds a league's event nights (ArchiveEvent); a file without
// any is still written as version 2, which it is, so that a meldpad of
// before reads it.
const ArchiveVersion = 3

// archiveVersionWithoutEvents is the version of a file that holds no
// event night.
const archiveVersionWithoutEvents = 2

// Archive is a meldpad export: a league, or everything, as JSON. It is
// lossless for what a person entered or chose: leagues with their
// seasons, players and members, games with their seats and every hand
// with its card-level record and its revisions, deleted hands included,
// with their times. What meldpad derives from the hands (totals, status, winner, best
// and worst hands, versions of games and leagues) is left out: an import
// works it out again through the same code as every write (recompute), so
// it cannot disagree with the hands.
//
// A player belongs to a league and is named, not numbered: names are
// unique in a league (in any case), so a league's members and the seats
// of its games name its players. A game outside leagues has names on its
// seats and no players. An imported league is new to the meldpad, and so
// are its players: no name is ever matched with a player already there.
// Games and leagues keep their random ids, which are their links.
type Archive struct {
	Meldpad    int             `json:"meldpad"`     // ArchiveVersion
	ExportedAt string          `json:"exported_at"` // RFC 3339
	Leagues    []ArchiveLeague `json:"leagues"`
	Games      []ArchiveGame   `json:"games"`
}

// ArchivePlayer is a player of a league: a member, or someone seated at
// one of its games.
type ArchivePlayer struct {
	Name      string `json:"name"`
	CreatedAt string `json:"created_at"`
}

// ArchiveLeague is a league with both of its links.
type ArchiveLeague struct {
	PublicID    string          `json:"public_id"`    // the members' link
	OrganizerID string          `json:"organizer_id"` // the organizer's link
	Name        string          `json:"name"`
	Games       []string        `json:"games"` // ids of the games that count
	CreatedAt   string          `json:"created_at"`
	Seasons     []ArchiveSeason `json:"seasons"`
	// Players are every player of the league, in the order they were
	// added (a player's record breaks ties between opponents by it).
	Players []ArchivePlayer `json:"players"`
	Members []ArchiveMember `json:"members"`
	// Events are the league's event nights, oldest first (version 3).
	Events []ArchiveEvent `json:"events,omitempty"`
}

// ArchiveEvent is an event night of a league: its settings, its players
// (by the names of the league's players), its tables (the league's games,
// by their links) and byes. The plan kept for the rounds to come is left
// out: an imported event that goes on plans them again, as after a late
// arrival.
type ArchiveEvent struct {
	ScreenID  string               `json:"screen_id"` // the screen's link
	Name      string               `json:"name"`
	Rules     string               `json:"rules"`
	Settings  json.RawMessage      `json:"settings"` // Event.Settings
	Seed      int64                `json:"seed"`
	CreatedAt string               `json:"created_at"`
	Players   []ArchiveEventPlayer `json:"players"` // in the order they were added
	Tables    []ArchiveEventTable  `json:"tables"`  // by round, then number
	Byes      []ArchiveEventBye    `json:"byes"`    // by round
}

// ArchiveEventPlayer is a player of an event: see EventPlayer.
type ArchiveEventPlayer struct {
	Name    string `json:"name"`
	Joined  int    `json:"joined_round"`
	Dropped int    `json:"dropped_round,omitempty"`
	AddedAt string `json:"added_at"`
}

// ArchiveEventTable is a table of a round: a game of the league.
type ArchiveEventTable struct {
	Round  int    `json:"round"`
	Number int    `json:"number"`
	Game   string `json:"game"` // the game's public id
	Counts bool   `json:"counts"`
}

// ArchiveEventBye is a player who sat out a round.
type ArchiveEventBye struct {
	Round int    `json:"round"`
	Name  string `json:"name"`
}

// ArchiveSeason is a season of a league; see Season.
type ArchiveSeason struct {
	Name      string `json:"name"`
	StartsOn  string `json:"starts_on,omitempty"` // YYYY-MM-DD
	EndsOn    string `json:"ends_on,omitempty"`
	CreatedAt string `json:"created_at"`
}

// ArchiveMember is a member of a league, by the name of one of the
// league's players.
type ArchiveMember struct {
	Name    string `json:"name"`
	AddedAt string `json:"added_at"`
}

// ArchiveGame is one scorepad.
type ArchiveGame struct {
	PublicID   string          `json:"public_id"`          // the editing link
	WatchID    string          `json:"watch_id,omitempty"` // the read-only link, if it was ever made
	Rules      string          `json:"rules"`
	HouseRules map[string]bool `json:"house_rules"`
	// Settings are a game's own settings (any game by points: its name
	// and how it ends), as its module stores them; absent for the others.
	Settings    json.RawMessage `json:"settings,omitempty"`
	FirstDealer int             `json:"first_dealer"`
	// Seats are names in seat order: in a league's game, names of the
	// league's players; outside leagues, the seats' own names.
	Seats     []string `json:"seats"`
	League    string   `json:"league,omitempty"` // the league's public id
	CreatedAt string   `json:"created_at"`
	UpdatedAt string   `json:"updated_at"`
	// FinishedAt is when the game ended. Standings rate games in the
	// order they finished, so it is kept although the import works out
	// again whether the game is over.
	FinishedAt string        `json:"finished_at,omitempty"`
	Hands      []ArchiveHand `json:"hands"`
}

// ArchiveHand is one hand (deal, trick) as it was entered, deleted or
// not.
type ArchiveHand struct {
	Seq       int               `json:"seq"`
	Entry     string            `json:"entry"`  // EntryPoints or EntryCards
	Record    json.RawMessage   `json:"record"` // the record as stored: a JSON object
	Points    []int             `json:"points"` // by seat
	Seat      *int              `json:"seat"`   // who went out or won the trick; null for nobody
	EndsHand  bool              `json:"ends_hand"`
	EndsGame  bool              `json:"ends_game,omitempty"` // the table ended the game with it (P3)
	Version   int               `json:"version"`
	CreatedAt string            `json:"created_at"`
	UpdatedAt string            `json:"updated_at"`
	DeletedAt string            `json:"deleted_at,omitempty"`
	Revisions []ArchiveRevision `json:"revisions"` // oldest first
}

// ArchiveRevision is one change to a hand: the hand before and after it,
// as stored (an object of entry, record, points, seat and ends_hand).
type ArchiveRevision struct {
	Action string          `json:"action"` // "add", "correct" or "delete"
	Author string          `json:"author"`
	At     string          `json:"at"`
	Before json.RawMessage `json:"before,omitempty"` // absent for "add"
	After  json.RawMessage `json:"after,omitempty"`  // absent for "delete"
}

// WriteJSON writes the archive as JSON with one league or game to
// a line: a file a person can find their way in and compare line by line
// with another, a third of the size of fully indented JSON (a league of
// 5,000 games stays well under the web import's limit). HTML is not
// escaped: the file is data, never a page, and "<" in a name stays "<".
func (a Archive) WriteJSON(w io.Writer) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	line := func(v any) error {
		if err := enc.Encode(v); err != nil {
			return err
		}
		b.Truncate(b.Len() - 1) // Encode ends each value with a newline
		return nil
	}
	b.WriteString("{\n  \"meldpad\": ")
	if err := line(a.Meldpad); err != nil {
		return err
	}
	b.WriteString(",\n  \"exported_at\": ")
	if err := line(a.ExportedAt); err != nil {
		return err
	}
	lists := []struct {
		name  string
		count int
		item  func(i int) any
	}{
		{"leagues", len(a.Leagues), func(i int) any { return a.Leagues[i] }},
		{"games", len(a.Games), func(i int) any { return a.Games[i] }},
	}
	for _, list := range lists {
		b.WriteString(",\n  \"" + list.name + "\": [")
		for i := range list.count {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString("\n    ")
			if err := line(list.item(i)); err != nil {
				return err
			}
			// Write a megabyte at a time rather than hold the whole text.
			if b.Len() > 1<<20 {
				if _, err := w.Write(b.Bytes()); err != nil {
					return err
				}
				b.Reset()
			}
		}
		if list.count > 0 {
			b.WriteString("\n  ")
		}
		b.WriteByte(']')
	}
	b.WriteString("\n}\n")
	_, err := w.Write(b.Bytes())
	return err
}
