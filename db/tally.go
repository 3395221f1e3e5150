package db

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"meldpad/rules"
	"meldpad/rules/game"
)

// dbtx is what the writes run their statements on: a transaction, with
// the writer's prepared statements (prepTx) or without (the import's).
type dbtx interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// reader runs queries: a transaction or the reader pool.
type reader interface {
	querier
	rowQuerier
}

// gameState is what a write to a game's hands reads of the game, with
// its seats' names, in one statement: enough to add a round without
// reading the hands (the tally), and to check the phone's version.
type gameState struct {
	id         int64
	rules      rules.Game
	table      game.Table // its Tally is the stored one, when known
	known      bool       // the stored tally is known (NULL until a write works it out)
	status     string
	version    int
	finishedAt string
	inLeague   bool // its totals count in a league's standings
	maxSeq     int  // the highest seq its hands took, deleted ones too: the next hand's is one more
}

const (
	// stateQuery reads the game and its seats' names in seat order, in one
	// statement. It and recomputeSeats are SQLite's JSON
	// functions; PostgreSQL's are in pgVariants.
	stateQuery = stateColumns + ` FROM games WHERE id = ?`
	// stateTokenQuery is stateQuery with, after its columns, what a form
	// token already saved in the game (submittedQuery's hand and after),
	// NULLs when nothing: a new hand reads both in one statement.
	stateTokenQuery = stateColumns + tokenColumns + ` FROM games WHERE id = ?`
	// stateTokenByLinkQuery is stateTokenQuery for the game a link names
	// (its public id), with the game's id after the token's columns.
	// A deleted game takes no hand: its link is not found.
	stateTokenByLinkQuery = stateColumns + tokenColumns + `, id FROM games WHERE public_id = ? AND deleted_at IS NULL`

	stateColumns = `SELECT rules, house_rules, settings, first_dealer, status, version, coalesce(finished_at, ''), coalesce(tally, ''),
		league_id IS NOT NULL, (SELECT json_group_array(coalesce(s.name, p.name) ORDER BY s.seat)
			FROM seats s LEFT JOIN players p ON p.id = s.player_id WHERE s.game_id = games.id)` + maxSeqColumn
	// maxSeqColumn ends stateColumns (and PostgreSQL's): the highest seq
	// the game's hands took, deleted ones too.
	maxSeqColumn = `, (SELECT coalesce(max(h.seq), 0) FROM hands h WHERE h.game_id = games.id)`
	tokenColumns = `, (SELECT s.hand_id FROM submissions s WHERE s.token = ? AND s.game_id = games.id AND s.hand_id IS NOT NULL),
		(SELECT r.after FROM submissions s JOIN revisions r ON r.id = s.revision_id
			WHERE s.token = ? AND s.game_id = games.id AND s.hand_id IS NOT NULL)`
)

// loadGameState reads the game a write changes; ErrNotFound when there
// is none.
func loadGameState(ctx context.Context, q reader, gameID int64) (gameState, error) {
	return scanGameState(q.QueryRowContext(ctx, stateQuery, gameID), gameID)
}

// loadGameStateAndToken is loadGameState and submitted in one statement.
func loadGameStateAndToken(ctx context.Context, q reader, gameID int64, token string) (gameState, submission, bool, error) {
	return scanStateAndToken(q.QueryRowContext(ctx, stateTokenQuery, token, token, gameID), gameID)
}

// scanStateAndToken reads stateColumns and tokenColumns, and into more
// whatever columns follow.
func scanStateAndToken(row scanner, gameID int64, more ...any) (gameState, submission, bool, error) {
	var handID sql.NullInt64
	var after sql.NullString
	st, err := scanGameState(row, gameID, append([]any{&handID, &after}, more...)...)
	if err != nil || !handID.Valid {
		return st, submission{}, false, err
	}
	sub, err := submissionOf(handID.Int64, after)
	return st, sub, err == nil, err
}

// loadGameStateAndTokenByLink is loadGameStateAndToken for the game with
// the public id link. A game whose tally is not stored yet (no hand since
// it was created or imported) gets the tally of its hands, which are read
// for it, so that its table is the game's as it stands.
func loadGameStateAndTokenByLink(ctx context.Context, q reader, link, token string) (gameState, submission, bool, error) {
	var id int64
	st, sub, seen, err := scanStateAndToken(q.QueryRowContext(ctx, stateTokenByLinkQuery, token, token, link), 0, &id)
	if err != nil {
		return st, sub, seen, err
	}
	st.id = id
	if !st.known {
		hands, err := loadHands(ctx, q, st.id)
		if err != nil {
			return st, submission{}, false, err
		}
		rounds := make([]rules.Round, len(hands))
		for i, h := range hands {
			rounds[i] = h.Round()
		}
		st.table.Tally = game.TallyOf(len(st.table.Names), rounds)
	}
	return st, sub, seen, nil
}

// scanGameState reads stateColumns, and into more whatever columns follow.
func scanGameState(row scanner, gameID int64, more ...any) (gameState, error) {
	st := gameState{id: gameID}
	var rulesID, houseRules, settings, tally, names string
	err := row.Scan(append([]any{&rulesID, &houseRules, &settings, &st.table.FirstDealer,
		&st.status, &st.version, &st.finishedAt, &tally, &st.inLeague, &names, &st.maxSeq}, more...)...)
	if errors.Is(err, sql.ErrNoRows) {
		return gameState{}, ErrNotFound
	}
	if err != nil {
		return gameState{}, fmt.Errorf("db: load game %d: %w", gameID, err)
	}
	if st.rules, err = rules.MustLookup(rulesID); err != nil {
		return gameState{}, fmt.Errorf("db: load game %d: %w", gameID, err)
	}
	if err := json.Unmarshal([]byte(houseRules), &st.table.HouseRules); err != nil {
		return gameState{}, fmt.Errorf("db: load game %d: house rules: %w", gameID, err)
	}
	st.table.Settings = json.RawMessage(settings)
	if err := json.Unmarshal([]byte(names), &st.table.Names); err != nil {
		return gameState{}, fmt.Errorf("db: load seats of game %d: %w", gameID, err)
	}
	if err := decodeTally(&st, tally); err != nil {
		return gameState{}, fmt.Errorf("db: load game %d: tally: %w", gameID, err)
	}
	return st, nil
}

// decodeTally sets st's tally from the one its row stores (tally): a new
// game's when none is stored yet, and st.known when one is.
func decodeTally(st *gameState, tally string) error {
	st.table.Tally = game.NewTally(len(st.table.Names))
	st.known = false
	if tally == "" {
		return nil
	}
	if err := json.Unmarshal([]byte(tally), &st.table.Tally); err != nil {
		return err
	}
	st.known = true
	return nil
}

// seatRow is what a recompute sets on one seat, as recomputeSeats reads
// it from a JSON list (one statement for all the game's seats).
type seatRow struct {
	Seat  int  `json:"seat"`
	Total int  `json:"total"`
	Final *int `json:"final"`
	Place *int `json:"place"`
	// After a recompute (recomputeSeats): each seat's best and worst.
	Best  *HandScore `json:"best,omitempty"`
	Worst *HandScore `json:"worst,omitempty"`
}

// The seats' statements find the game's seats by "= +?" (keyByValue).
const (
	// recomputeSeats sets everything derived, bests and worsts as given.
	recomputeSeats = `UPDATE seats SET total = j.total, final = j.final, place = j.place,
		best_points = j.best_points, best_hand = j.best_hand, worst_points = j.worst_points, worst_hand = j.worst_hand
		FROM (SELECT json_extract(value, '$.seat') AS seat, json_extract(value, '$.total') AS total,
			json_extract(value, '$.final') AS final, json_extract(value, '$.place') AS place,
			json_extract(value, '$.best.Points') AS best_points, json_extract(value, '$.best.Hand') AS best_hand,
			json_extract(value, '$.worst.Points') AS worst_points, json_extract(value, '$.worst.Hand') AS worst_hand
			FROM json_each(?)) AS j
		WHERE seats.game_id = +? AND seats.seat = j.seat`
	writeGameQuery = `UPDATE games SET status = ?, winner_seat = ?, finished_at = ?, tally = ?,
		version = version + 1, updated_at = ? WHERE id = ?`
)

// seatRows are the seats' totals and, once the game is over, their final
// totals and places.
func seatRows(tally game.Tally, res game.Result) []seatRow {
	out := make([]seatRow, len(tally.Totals))
	for seat := range out {
		out[seat] = seatRow{Seat: seat, Total: tally.Totals[seat]}
		if res.Finished {
			out[seat].Final, out[seat].Place = &res.Final[seat], &res.Places[seat]
		}
	}
	return out
}

// appendRound adds a round just inserted to what the game keeps, without
// reading its hands: the tally and the result from the stored tally, the
// seats' totals and bests in one statement. A game whose tally is not
// known yet is worked out from its hands instead. It returns the tally it
// stored when the game goes on after the round, "" when the game is over
// or was worked out from its hands (the writer keeps the game only in the
// first case: keptGames).
func (s *Store) appendRound(ctx context.Context, tx dbtx, st gameState, r rules.Round) (string, error) {
	if !st.known {
		return "", s.recompute(ctx, tx, st.id)
	}
	tally, res := st.rules.Next(st.table, r)
	n := len(tally.Totals)
	if n < 1 || n >= len(appendSeats) {
		return "", fmt.Errorf("db: add to game %d: %d seats", st.id, n)
	}
	args := make([]any, 0, seatArgs*n+2)
	for seat := range n {
		var final, place any // NULL while the game goes on
		if res.Finished {
			final, place = int64(res.Final[seat]), int64(res.Places[seat])
		}
		points := int64(0)
		if seat < len(r.Points) {
			points = int64(r.Points[seat])
		}
		args = append(args, int64(tally.Totals[seat]), final, place, points)
	}
	args = append(args, int64(tally.Rounds), st.id)
	if _, err := tx.ExecContext(ctx, appendSeats[n], args...); err != nil {
		return "", fmt.Errorf("db: add to game %d: %w", st.id, err)
	}
	stored, err := s.writeGame(ctx, tx, st, tally, res)
	if err != nil || res.Finished {
		return "", err
	}
	return stored, nil
}

// seatArgs are appendSeats's arguments for each seat, in seat order:
// its total, final total and place (NULL while the game goes on) and the
// new round's points; after them come the round's number and the game.
const seatArgs = 4

// appendSeats[n] sets the totals and result of a game's n seats, and
// keeps each seat's best and worst hand unless the new one beats it (the
// earliest on a tie), from its arguments one by one (seatArgs): picking
// each seat's values out of a JSON array cost this statement about half
// its time, and it runs in every save. There is one for every number of
// seats a game of the rules may have.
var appendSeats = func() []string {
	most := 0
	for _, g := range rules.Games() {
		most = max(most, g.MaxPlayers)
	}
	out := make([]string, most+1)
	for n := 1; n <= most; n++ {
		// of is argument k of each seat, picked by the row's seat.
		of := func(k int) string {
			var b strings.Builder
			b.WriteString("(CASE seat")
			for seat := range n {
				fmt.Fprintf(&b, " WHEN %d THEN CAST(?%d AS INTEGER)", seat, seat*seatArgs+k)
			}
			b.WriteString(" END)")
			return b.String()
		}
		points, hand := of(4), fmt.Sprintf("CAST(?%d AS INTEGER)", n*seatArgs+1)
		better := "best_hand IS NULL OR " + points + " > best_points"
		worse := "worst_hand IS NULL OR " + points + " < worst_points"
		out[n] = `UPDATE seats SET total = ` + of(1) + `, final = ` + of(2) + `, place = ` + of(3) + `,
		best_points = CASE WHEN ` + better + ` THEN ` + points + ` ELSE best_points END,
		best_hand = CASE WHEN ` + better + ` THEN ` + hand + ` ELSE best_hand END,
		worst_points = CASE WHEN ` + worse + ` THEN ` + points + ` ELSE worst_points END,
		worst_hand = CASE WHEN ` + worse + ` THEN ` + hand + ` ELSE worst_hand END
		WHERE game_id ` + fmt.Sprintf("%s%d", keyByValue, n*seatArgs+2)
	}
	return out
}()

// recompute rewrites what is derived from a game's hands: every seat's
// total, best and worst hand, the status, the winner, the tally and the
// version. The game end is the rules' (F9, R8, B8, N8, T8), so correcting
// a hand can end a game or make a finished one unfinished again.
func (s *Store) recompute(ctx context.Context, tx dbtx, gameID int64) error {
	st, err := loadGameState(ctx, tx, gameID)
	if err != nil {
		return err
	}
	hands, err := loadHands(ctx, tx, gameID)
	if err != nil {
		return err
	}
	rounds := make([]rules.Round, len(hands))
	points := make([][]int, len(hands))
	for i, h := range hands {
		rounds[i], points[i] = h.Round(), h.Points
	}
	tally, res := st.rules.Play(st.table, rounds)
	rows := seatRows(tally, res)
	best, worst := handExtremes(points, len(rows))
	for seat := range rows {
		if best[seat].Hand > 0 {
			rows[seat].Best, rows[seat].Worst = &best[seat], &worst[seat]
		}
	}
	raw, _ := json.Marshal(rows) // ints only
	if _, err := tx.ExecContext(ctx, recomputeSeats, string(raw), gameID); err != nil {
		return fmt.Errorf("db: recompute game %d: %w", gameID, err)
	}
	_, err = s.writeGame(ctx, tx, st, tally, res)
	return err
}

// writeGame writes the game's status, winner, tally and version. A
// league's standings are computed from its games' totals and results, so
// the version of the game's league, if it has one, moves in this same
// transaction. It returns the tally as stored.
func (s *Store) writeGame(ctx context.Context, tx dbtx, st gameState, tally game.Tally, res game.Result) (string, error) {
	status, winnerSeat, finished := StatusPlaying, any(nil), any(nil)
	if res.Finished {
		status, winnerSeat = StatusFinished, res.Winner()
		finished = st.finishedAt
		if st.finishedAt == "" {
			finished = formatTime(s.now())
		}
	}
	raw, _ := json.Marshal(tally) // ints and bools only
	if _, err := tx.ExecContext(ctx, writeGameQuery, status, winnerSeat, finished, string(raw), formatTime(s.now()), st.id); err != nil {
		return "", fmt.Errorf("db: write game %d: %w", st.id, err)
	}
	if !st.inLeague {
		return string(raw), nil
	}
	return string(raw), leagueGameChanged(ctx, tx, st.id)
}
