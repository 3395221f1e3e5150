package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"time"
)

// ImportSummary says what an import added.
type ImportSummary struct {
	// Players are the players the leagues brought, every one new: a
	// player belongs to a league, and an imported league is new here.
	Players int
	Leagues []League // as imported, with both links
	Games   int
	Hands   int // not counting deleted hands
	Events  int // event nights
}

// RecordChecker decodes a hand's record, entered card by card in a game
// of the given rules and number of seats, with the code that shows such
// a hand, and says why it cannot be shown: an error whose Error is in
// English and which the import page says in the visitor's language (a
// rules error: Problem.Err). The db package knows no game: its callers
// supply the games' decoders (scorepad.CheckRecord).
type RecordChecker func(rules string, seats int, record json.RawMessage) error

// Import reads an export (Archive) of at most maxBytes and adds what it
// holds: its leagues with their players, and its games with their hands
// and revisions, keeping their ids, which are their links. A league's
// players are its own: a name is never matched with a player of another
// league, nor with a name of a game outside leagues. Everything derived from the hands (totals,
// results, best and worst hands, versions) is worked out again by the
// code every write uses, so the standings come out as they were.
//
// The file is checked whole before anything is written (ParseArchive,
// by games, then every card-entered hand's record with check, when not nil, so
// that no imported hand's page fails), then written in one transaction, which also fails when one of the file's
// ids is already a link in this meldpad: a file imported twice, or two
// exports of the same league. Either way nothing is written, and the
// error is an *ImportError naming each problem's place in the file.
// Import only adds: no game or league already here is changed.
func (s *Store) Import(ctx context.Context, r io.Reader, maxBytes int64, games ArchiveRules, check RecordChecker) (ImportSummary, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxBytes+1))
	if err != nil {
		return ImportSummary{}, fmt.Errorf("db: import: read: %w", err)
	}
	if int64(len(data)) > maxBytes {
		return ImportSummary{}, importFailed("", "too_big", "Size", FormatBytes(maxBytes))
	}
	a, err := ParseArchive(data, games)
	if err != nil {
		return ImportSummary{}, err
	}
	if err := checkRecords(&a, check); err != nil {
		return ImportSummary{}, err
	}
	var sum ImportSummary
	// Serializable, so that the same file imported on two servers at once
	// is written once: the second import's check is made again after the
	// first commits, and finds its ids here.
	err = s.writeSerializable(ctx, func(tx wtx) error {
		sum = ImportSummary{}
		if err := unusedIDs(ctx, tx, &a); err != nil {
			return err
		}
		w, err := newImportWriter(ctx, s, tx, games)
		if err != nil {
			return err
		}
		defer w.close()
		for _, l := range a.Leagues {
			if err := w.addLeague(ctx, l); err != nil {
				return err
			}
			sum.Players += len(l.Players)
		}
		for _, g := range a.Games {
			if err := w.addGame(ctx, g); err != nil {
				return err
			}
			sum.Games++
			for _, h := range g.Hands {
				if h.DeletedAt == "" {
					sum.Hands++
				}
			}
		}
		// Events last: their tables are the games just written.
		for _, l := range a.Leagues {
			for _, e := range l.Events {
				if err := w.addEvent(ctx, l.PublicID, e); err != nil {
					return err
				}
				sum.Events++
			}
		}
		return nil
	})
	if err != nil {
		return ImportSummary{}, err
	}
	for _, l := range a.Leagues {
		imported, err := s.League(ctx, l.PublicID)
		if err != nil {
			return ImportSummary{}, err
		}
		sum.Leagues = append(sum.Leagues, imported)
	}
	return sum, nil
}

// checkRecords decodes every card-entered hand's record with check, deleted
// hands too, and says where each one that cannot be shown is.
func checkRecords(a *Archive, check RecordChecker) error {
	if check == nil {
		return nil
	}
	var ps problems
	for i, g := range a.Games {
		for k, h := range g.Hands {
			if h.Entry != EntryCards {
				continue
			}
			if err := check(g.Rules, len(g.Seats), h.Record); err != nil {
				ps.addErr("games["+strconv.Itoa(i)+"].hands["+strconv.Itoa(k)+"].record", err, "")
			}
			if ps.full() {
				return ps.err()
			}
		}
	}
	return ps.err()
}

// unusedIDs fails when one of the file's leagues or games is already
// here: one of its ids is already a link in this meldpad. Each is named
// once, by the first of its ids found; when every one of them is here,
// the file was imported before, and the first problem says so.
func unusedIDs(ctx context.Context, tx wtx, a *Archive) error {
	stmt, err := tx.PrepareContext(ctx, `SELECT
		EXISTS (SELECT 1 FROM games WHERE public_id = $1 OR watch_id = $1)
		OR EXISTS (SELECT 1 FROM leagues WHERE public_id = $1 OR organizer_id = $1)
		OR EXISTS (SELECT 1 FROM events WHERE screen_id = $1)`)
	if err != nil {
		return fmt.Errorf("db: import: %w", err)
	}
	defer stmt.Close()
	// used returns the field of the first of ids already a link here.
	used := func(ids ...string) (string, error) {
		for i := 0; i+1 < len(ids); i += 2 {
			if ids[i+1] == "" {
				continue
			}
			var found bool
			if err := stmt.QueryRowContext(ctx, ids[i+1]).Scan(&found); err != nil {
				return "", fmt.Errorf("db: import: look up %s: %w", ids[i+1], err)
			}
			if found {
				return ids[i], nil
			}
		}
		return "", nil
	}
	var found []Problem
	for i, l := range a.Leagues {
		where := "leagues[" + strconv.Itoa(i) + "]"
		field, err := used("public_id", l.PublicID, "organizer_id", l.OrganizerID)
		if err != nil {
			return err
		}
		if field != "" {
			found = append(found, problem(where+"."+field, "league_here", "Name", strconv.Quote(l.Name)))
			continue
		}
		// A league new here with an event already here: the event's link
		// is taken (an event is never alone in a file).
		for k, e := range l.Events {
			field, err := used("screen_id", e.ScreenID)
			if err != nil {
				return err
			}
			if field != "" {
				found = append(found, problem(where+".events["+strconv.Itoa(k)+"]."+field, "screen_here"))
			}
		}
	}
	for i, g := range a.Games {
		where := "games[" + strconv.Itoa(i) + "]"
		field, err := used("public_id", g.PublicID, "watch_id", g.WatchID)
		if err != nil {
			return err
		}
		if field != "" {
			found = append(found, problem(where+"."+field, "game_here"))
		}
	}
	if len(found) == 0 {
		return nil
	}
	var ps problems
	if len(found) == len(a.Leagues)+len(a.Games) {
		ps.add("", "imported_before")
	}
	for _, p := range found {
		ps.addProblem(p)
	}
	return ps.err()
}

// importWriter writes a checked archive in one transaction.
type importWriter struct {
	s       *Store
	tx      wtx
	games   ArchiveRules
	leagues map[string]int64            // public id -> league id
	players map[string]map[string]int64 // league public id -> folded name -> player id
	// Statements prepared once: a league of 5,000 games has 150,000
	// hands and revisions, and preparing each insert anew took longer
	// than the inserts.
	game, seat, hand, revision *sql.Stmt
}

func newImportWriter(ctx context.Context, s *Store, tx wtx, games ArchiveRules) (*importWriter, error) {
	w := &importWriter{s: s, tx: tx, games: games, leagues: map[string]int64{}, players: map[string]map[string]int64{}}
	for _, p := range []struct {
		stmt **sql.Stmt
		sql  string
	}{
		{&w.game, `INSERT INTO games (public_id, watch_id, rules, house_rules, settings, first_dealer, league_id,
			created_at, updated_at, finished_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`},
		{&w.seat, `INSERT INTO seats (game_id, seat, player_id, name) VALUES ($1, $2, $3, $4)`},
		{&w.hand, `INSERT INTO hands (game_id, seq, entry, record, points, seat, ends_hand, ends_game, version,
			deleted_at, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`},
		{&w.revision, `INSERT INTO revisions (hand_id, action, author, at, before, after) VALUES ($1, $2, $3, $4, $5, $6)`},
	} {
		stmt, err := tx.PrepareContext(ctx, p.sql)
		if err != nil {
			w.close()
			return nil, fmt.Errorf("db: import: %w", err)
		}
		*p.stmt = stmt
	}
	return w, nil
}

func (w *importWriter) close() {
	for _, stmt := range []*sql.Stmt{w.game, w.seat, w.hand, w.revision} {
		if stmt != nil {
			stmt.Close()
		}
	}
}

// addLeague writes a league with its seasons, players and members.
func (w *importWriter) addLeague(ctx context.Context, l ArchiveLeague) error {
	games, err := gamesJSON(w.games.OrderGames(l.Games))
	if err != nil {
		return err
	}
	var leagueID int64
	if err := w.tx.QueryRowContext(ctx, `INSERT INTO leagues (public_id, organizer_id, name, games, created_at) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
		l.PublicID, l.OrganizerID, l.Name, games, canonicalTime(l.CreatedAt)).Scan(&leagueID); err != nil {
		return fmt.Errorf("db: import league %s: %w", l.PublicID, err)
	}
	w.leagues[l.PublicID] = leagueID
	for _, sn := range l.Seasons {
		if _, err := w.tx.ExecContext(ctx, `INSERT INTO seasons (league_id, name, starts_on, ends_on, created_at) VALUES ($1, $2, $3, $4, $5)`,
			leagueID, sn.Name, nullIfEmpty(sn.StartsOn), nullIfEmpty(sn.EndsOn), canonicalTime(sn.CreatedAt)); err != nil {
			return fmt.Errorf("db: import season %q of league %s: %w", sn.Name, l.PublicID, err)
		}
	}
	// In the file's order, so that the ids keep the order they had.
	players := map[string]int64{}
	w.players[l.PublicID] = players
	for _, p := range l.Players {
		var id int64
		if err := w.tx.QueryRowContext(ctx, `INSERT INTO players (league_id, name, created_at) VALUES ($1, $2, $3) RETURNING id`,
			leagueID, p.Name, canonicalTime(p.CreatedAt)).Scan(&id); err != nil {
			return fmt.Errorf("db: import player %q of league %s: %w", p.Name, l.PublicID, err)
		}
		players[fold(p.Name)] = id
	}
	for _, m := range l.Members {
		if _, err := w.tx.ExecContext(ctx, `INSERT INTO league_members (league_id, player_id, added_at) VALUES ($1, $2, $3)`,
			leagueID, players[fold(m.Name)], canonicalTime(m.AddedAt)); err != nil {
			return fmt.Errorf("db: import member %q of league %s: %w", m.Name, l.PublicID, err)
		}
	}
	return nil
}

// addGame writes a game with its seats, hands and revisions, then works out
// what is derived from its hands with recompute, as every write does.
func (w *importWriter) addGame(ctx context.Context, g ArchiveGame) error {
	houseRules, err := json.Marshal(nonNilMap(g.HouseRules))
	if err != nil {
		return fmt.Errorf("db: import game %s: %w", g.PublicID, err)
	}
	league := any(nil)
	if g.League != "" {
		league = w.leagues[g.League]
	}
	// recompute keeps finished_at when the hands end the game, and sets
	// it to now when there is none: a file without it (written by hand)
	// gets the game's last change instead.
	finished := g.FinishedAt
	if finished == "" {
		finished = g.UpdatedAt
	}
	updated := canonicalTime(g.UpdatedAt)
	settings := "{}"
	if len(g.Settings) > 0 {
		if settings, err = compactJSON(g.Settings); err != nil {
			return err
		}
	}
	var gameID int64
	if err := w.game.QueryRowContext(ctx, g.PublicID, nullIfEmpty(g.WatchID), g.Rules, string(houseRules), settings, g.FirstDealer, league,
		canonicalTime(g.CreatedAt), updated, canonicalTime(finished)).Scan(&gameID); err != nil {
		return fmt.Errorf("db: import game %s: %w", g.PublicID, err)
	}
	for seat, name := range g.Seats {
		player, seatName := any(nil), any(name)
		if g.League != "" {
			player, seatName = w.players[g.League][fold(name)], nil
		}
		if _, err := w.seat.ExecContext(ctx, gameID, seat, player, seatName); err != nil {
			return fmt.Errorf("db: import game %s: seat %d: %w", g.PublicID, seat, err)
		}
	}
	type change struct {
		hand int64
		at   time.Time
		rev  ArchiveRevision
	}
	var changes []change
	for _, h := range g.Hands {
		record, err := compactJSON(h.Record)
		if err != nil {
			return err
		}
		points, _ := json.Marshal(h.Points)
		seat := any(nil)
		if h.Seat != nil {
			seat = *h.Seat
		}
		deleted := any(nil)
		if h.DeletedAt != "" {
			deleted = canonicalTime(h.DeletedAt)
		}
		var handID int64
		if err := w.hand.QueryRowContext(ctx, gameID, h.Seq, h.Entry, record, string(points), seat, h.EndsHand, h.EndsGame, h.Version,
			deleted, canonicalTime(h.CreatedAt), canonicalTime(h.UpdatedAt)).Scan(&handID); err != nil {
			return fmt.Errorf("db: import game %s: hand %d: %w", g.PublicID, h.Seq, err)
		}
		for _, r := range h.Revisions {
			at, _ := time.Parse(time.RFC3339Nano, r.At)
			changes = append(changes, change{handID, at, r})
		}
	}
	// A game's history lists the changes of all its hands in the order
	// they were made; the file keeps them by hand, so they are written in
	// the order of their times (each hand's in the file's order).
	slices.SortStableFunc(changes, func(a, b change) int { return a.at.Compare(b.at) })
	for _, c := range changes {
		before, err := revisionSide(c.rev.Before)
		if err != nil {
			return err
		}
		after, err := revisionSide(c.rev.After)
		if err != nil {
			return err
		}
		if _, err := w.revision.ExecContext(ctx, c.hand, c.rev.Action, c.rev.Author, formatTime(c.at), before, after); err != nil {
			return fmt.Errorf("db: import game %s: revision: %w", g.PublicID, err)
		}
	}
	if err := w.s.recompute(ctx, w.tx, w.games, gameID); err != nil {
		return err
	}
	// recompute stamps the game as changed now; it was last changed when
	// the file says.
	if _, err := w.tx.ExecContext(ctx, `UPDATE games SET updated_at = $1 WHERE id = $2`, updated, gameID); err != nil {
		return fmt.Errorf("db: import game %s: %w", g.PublicID, err)
	}
	return nil
}

// revisionSide is the before or after of a revision as stored: NULL or
// compact JSON.
func revisionSide(raw json.RawMessage) (any, error) {
	if isNull(raw) {
		return nil, nil
	}
	return compactJSON(raw)
}

// FormatBytes prints a size limit: "32 MiB", "64 KiB".
func FormatBytes(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + " KiB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}
