package db

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"
)

// Hand is one entry on a scorepad: a hand, a deal or a trick.
type Hand struct {
	ID       int64
	GameID   int64
	Seq      int    // order of entry; stays when earlier hands are deleted
	Entry    string // EntryPoints or EntryCards
	Record   json.RawMessage
	Points   []int // by seat, as the rules computed them
	Seat     int   // the seat the entry names, or -1
	EndsHand bool
	EndsGame bool // the table ended the game with it (P3)
	Version  int
	Created  time.Time
	Updated  time.Time
	// GameVersion is the game's version after the write that returned
	// this hand, for announcing it without reading the game again; 0 for
	// a hand read, or saved by an earlier submit of the same form.
	GameVersion int
}

// How a hand was entered.
const (
	EntryPoints = "points"
	EntryCards  = "cards"
)

// HandInput is a hand to record: what was entered and what it scores.
type HandInput struct {
	Entry    string
	Record   json.RawMessage // must be valid JSON
	Points   []int
	Seat     int // -1 for none
	EndsHand bool
	EndsGame bool
}

// Change says who writes and from which form.
type Change struct {
	// Token is the form's idempotency token: a second write with the same
	// token does nothing and returns what the first one made.
	Token string
	// Author is who made the change, as the form gave it.
	Author string
	// Version is the version the form was made from: of the game when
	// adding a hand, of the hand when correcting or deleting it. If the row
	// has moved on since, the write fails with ErrConflict. Zero skips the
	// check.
	Version int
}

// snapshot is a hand as kept in a revision.
type snapshot struct {
	Entry    string          `json:"entry"`
	Record   json.RawMessage `json:"record"`
	Points   []int           `json:"points"`
	Seat     int             `json:"seat"`
	EndsHand bool            `json:"ends_hand"`
	EndsGame bool            `json:"ends_game,omitempty"`
}

func (in HandInput) snapshot() snapshot {
	return snapshot(in)
}

func (h Hand) input() HandInput {
	return HandInput{Entry: h.Entry, Record: h.Record, Points: h.Points, Seat: h.Seat, EndsHand: h.EndsHand, EndsGame: h.EndsGame}
}

func (in HandInput) validate() error {
	if in.Entry != EntryPoints && in.Entry != EntryCards {
		return fmt.Errorf("db: hand entry %q", in.Entry)
	}
	if !json.Valid(in.Record) {
		return fmt.Errorf("db: hand record is not JSON")
	}
	return nil
}

const handColumns = `id, game_id, seq, entry, record, points, coalesce(seat, -1), ends_hand, ends_game, version, created_at, updated_at`

func scanHand(row scanner) (Hand, error) {
	var h Hand
	var record, points, created, updated string
	if err := row.Scan(&h.ID, &h.GameID, &h.Seq, &h.Entry, &record, &points, &h.Seat, &h.EndsHand, &h.EndsGame,
		&h.Version, &created, &updated); err != nil {
		return Hand{}, err
	}
	h.Record = json.RawMessage(record)
	if err := json.Unmarshal([]byte(points), &h.Points); err != nil {
		return Hand{}, fmt.Errorf("points of hand %d: %w", h.ID, err)
	}
	h.Created, h.Updated = parseTime(created), parseTime(updated)
	return h, nil
}

// Hands returns the game's hands in the order they were played, without
// deleted ones.
func (s *Store) Hands(ctx context.Context, gameID int64) (_ []Hand, err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	return s.loadHands(ctx, s.reads(), gameID)
}

// handQuery reads one of a game's hands (statements.hands all of them).
const handQuery = `SELECT ` + handColumns + ` FROM hands WHERE id = $1 AND game_id = $2 AND deleted_at IS NULL`

func (s *Store) loadHands(ctx context.Context, q querier, gameID int64) ([]Hand, error) {
	hands, err := collectRows(ctx, q, s.q.hands, []any{gameID}, scanHand)
	if err != nil {
		return nil, fmt.Errorf("db: load hands of game %d: %w", gameID, err)
	}
	return hands, nil
}

// Hand returns one hand of the game. A deleted hand is ErrDeleted, which
// is also ErrNotFound.
func (s *Store) Hand(ctx context.Context, gameID, handID int64) (_ Hand, err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	return loadHand(ctx, s.reads(), gameID, handID)
}

type rowQuerier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func loadHand(ctx context.Context, q rowQuerier, gameID, handID int64) (Hand, error) {
	h, err := scanHand(q.QueryRowContext(ctx, handQuery, handID, gameID))
	if errors.Is(err, sql.ErrNoRows) {
		// Whether it was deleted is asked only now: it is rare, and
		// worth a second look-up only when a phone asks for a hand that
		// is not there.
		var deleted bool
		if q.QueryRowContext(ctx, `SELECT deleted_at IS NOT NULL FROM hands WHERE id = $1 AND game_id = $2`,
			handID, gameID).Scan(&deleted) == nil && deleted {
			return Hand{}, ErrDeleted
		}
		return Hand{}, ErrNotFound
	}
	if err != nil {
		return Hand{}, fmt.Errorf("db: load hand %d: %w", handID, err)
	}
	return h, nil
}

// ErrAlreadySaved means a form was posted again, with the token of its
// first post, but with other values: what the first post saved stands,
// and the new values were not saved. The error is an *AlreadySavedError.
var ErrAlreadySaved = errors.New("db: this form was already saved, with other values")

// AlreadySavedError is a form posted again with other values than it
// saved the first time (the browser's Back button, a number changed, Save
// again). Nothing was written.
type AlreadySavedError struct {
	HandID int64     // the hand the form added or corrected
	Saved  HandInput // what it saved then
}

func (e *AlreadySavedError) Error() string {
	return fmt.Sprintf("db: this form already saved hand %d, with other values", e.HandID)
}

// Is makes errors.Is(err, ErrAlreadySaved) hold.
func (e *AlreadySavedError) Is(target error) bool { return target == ErrAlreadySaved }

// submission is what a form token already did.
type submission struct {
	handID int64
	// saved is the hand as the token saved it; nil for a deletion, and
	// for tokens saved before meldpad remembered it.
	saved *snapshot
}

// rememberQuery keeps what a form token saved (headTokenQuery finds it).
const rememberQuery = `INSERT INTO submissions (token, game_id, hand_id, revision_id, at) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (token) DO NOTHING`

// submissionOf is what a form token saved: the hand, and the values it
// saved (after, the revision's; NULL for a token older than revisions).
func submissionOf(handID int64, after sql.NullString) (submission, error) {
	sub := submission{handID: handID}
	if after.Valid {
		sub.saved = new(snapshot)
		if err := json.Unmarshal([]byte(after.String), sub.saved); err != nil {
			return submission{}, fmt.Errorf("db: look up form token: %w", err)
		}
	}
	return sub, nil
}

// repeats says whether a form posted again with the token of sub asks
// for what sub saved (a double tap, a re-post): nil, or an
// *AlreadySavedError when it brings other values (want; nil for a
// deletion, which has none).
func (sub submission) repeats(want *snapshot) error {
	if want == nil || sub.saved == nil || sub.saved.same(*want) {
		return nil
	}
	return &AlreadySavedError{HandID: sub.handID, Saved: sub.saved.input()}
}

// same reports whether two snapshots record the same hand: the same
// entry, points, seat and flag, and records equal as JSON values.
func (sn snapshot) same(other snapshot) bool {
	if sn.Entry != other.Entry || sn.Seat != other.Seat || sn.EndsHand != other.EndsHand || sn.EndsGame != other.EndsGame || !slices.Equal(sn.Points, other.Points) {
		return false
	}
	var a, b bytes.Buffer
	return json.Compact(&a, sn.Record) == nil && json.Compact(&b, other.Record) == nil && bytes.Equal(a.Bytes(), b.Bytes())
}

func (sn snapshot) input() HandInput {
	return HandInput(sn)
}

// remember keeps what the form's token did: the hand, and the revision
// that holds what it saved.
func (s *Store) remember(ctx context.Context, tx dbtx, c Change, gameID, handID, revisionID int64) error {
	if c.Token == "" {
		return nil
	}
	res, err := tx.ExecContext(ctx, rememberQuery, c.Token, gameID, handID, revisionID, formatTime(s.now()))
	if err != nil {
		return fmt.Errorf("db: remember form token: %w", err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		// The token was not found for this game (submitted), yet it is
		// kept: another game's form, or a new game's, sent it. Saved, it
		// would save again each time it is sent, so it saves nothing.
		return ErrTokenElsewhere
	}
	return nil
}

// ErrTokenElsewhere means a form brought a token another game's form (or
// a new game's) used already: a token is one form's, so nothing was
// saved. Only a form altered by hand does this.
var ErrTokenElsewhere = errors.New("db: this form's token was used by another form")

// revise writes a revision of the hand and returns its id.
func (s *Store) revise(ctx context.Context, tx dbtx, handID int64, action, author string, before, after *snapshot) (int64, error) {
	enc := func(sn *snapshot) (any, error) {
		if sn == nil {
			return nil, nil
		}
		b, err := json.Marshal(sn)
		return string(b), err
	}
	b, err := enc(before)
	if err != nil {
		return 0, fmt.Errorf("db: revision of hand %d: %w", handID, err)
	}
	a, err := enc(after)
	if err != nil {
		return 0, fmt.Errorf("db: revision of hand %d: %w", handID, err)
	}
	id, err := s.d.insertID(ctx, tx, s.q.insertRevision, handID, action, author, formatTime(s.now()), b, a)
	if err != nil {
		return 0, fmt.Errorf("db: revision of hand %d: %w", handID, err)
	}
	return id, nil
}

// AddHand records a new hand at the end of the game, with what the game's
// hands then decide (d, which the caller worked out from the game at
// version from): the hand, its revision and the form's token, then the
// seats and the game, without reading the game's hands, so a save costs
// the same in hand 2,000 as in hand 2. A repeated form token returns the
// hand the first submit saved, or, when it brings other values, fails
// with an *AlreadySavedError. It fails with ErrGameOver on a finished
// game, with ErrConflict when the game changed since c.Version (the
// phone's), and with ErrStale when it changed since from (the caller's).
func (s *Store) AddHand(ctx context.Context, gameID int64, in HandInput, c Change, from int, d Derived) (_ Hand, err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	if err := in.validate(); err != nil {
		return Hand{}, err
	}
	return s.d.addHand(ctx, s, gameID, in, c, from, d)
}

// CorrectHand replaces what was recorded for a hand, keeps the old one as
// a revision and stores what the game's hands now decide (d, worked out
// by the caller from the game at version from, the hand corrected). It
// fails with ErrConflict when the hand changed since c.Version (another
// phone corrected it first), with ErrDeleted when another phone deleted
// it, with an *AlreadySavedError when the form's token already saved
// other values, and with ErrStale when the game changed since from.
func (s *Store) CorrectHand(ctx context.Context, gameID, handID int64, in HandInput, c Change, from int, d Derived) (_ Hand, err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	if err := in.validate(); err != nil {
		return Hand{}, err
	}
	want := in.snapshot()
	err = s.changeHand(ctx, gameID, handID, c, "correct", &want, from, d, func(tx dbtx) (*snapshot, error) {
		points, _ := json.Marshal(in.Points)
		if _, err := tx.ExecContext(ctx, `UPDATE hands SET entry = $1, record = $2, points = $3, seat = $4, ends_hand = $5, ends_game = $6,
			version = version + 1, updated_at = $7 WHERE id = $8`,
			in.Entry, string(in.Record), string(points), seatOrNull(in.Seat), in.EndsHand, in.EndsGame, formatTime(s.now()), handID); err != nil {
			return nil, fmt.Errorf("db: correct hand %d: %w", handID, err)
		}
		after := in.snapshot()
		return &after, nil
	})
	if err != nil {
		return Hand{}, err
	}
	return loadHand(ctx, s.reads(), gameID, handID)
}

// DeleteHand removes a hand from the game (its row and revisions stay, for
// the history) and stores what the hands left decide (d, worked out by
// the caller from the game at version from). Deleting a hand already
// deleted with the same form token is not an error.
func (s *Store) DeleteHand(ctx context.Context, gameID, handID int64, c Change, from int, d Derived) (err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	return s.changeHand(ctx, gameID, handID, c, "delete", nil, from, d, func(tx dbtx) (*snapshot, error) {
		now := formatTime(s.now())
		if _, err := tx.ExecContext(ctx, `UPDATE hands SET deleted_at = $1, version = version + 1, updated_at = $2 WHERE id = $3`,
			now, now, handID); err != nil {
			return nil, fmt.Errorf("db: delete hand %d: %w", handID, err)
		}
		return nil, nil
	})
}

// changeHand is what a correction and a deletion share, in one write: a
// repeated form token does nothing (or fails with an *AlreadySavedError
// when it brings other values than want, the hand it asks for); the hand
// must exist and be at the version the form was made from, and the game
// at the version d was worked out from; apply changes the row and
// returns the hand as it now is (nil once deleted); then the revision,
// the token and d are written.
func (s *Store) changeHand(ctx context.Context, gameID, handID int64, c Change, action string, want *snapshot,
	from int, d Derived, apply func(tx dbtx) (*snapshot, error)) error {
	return s.writePrepared(ctx, func(tx dbtx) error {
		if err := s.d.lockGame(ctx, tx, gameID); err != nil {
			return err
		}
		head, sub, seen, err := loadHeadAndToken(ctx, tx, gameID, c.Token)
		if err != nil {
			return err
		}
		if seen {
			return sub.repeats(want)
		}
		old, err := loadHand(ctx, tx, gameID, handID)
		if err != nil {
			return err
		}
		if c.Version != 0 && c.Version != old.Version {
			return ErrConflict
		}
		if head.version != from {
			return ErrStale
		}
		after, err := apply(tx)
		if err != nil {
			return err
		}
		before := old.input().snapshot()
		revisionID, err := s.revise(ctx, tx, handID, action, c.Author, &before, after)
		if err != nil {
			return err
		}
		if err := s.remember(ctx, tx, c, gameID, handID, revisionID); err != nil {
			return err
		}
		return s.rederive(ctx, tx, head, d)
	})
}

func seatOrNull(seat int) any {
	if seat < 0 {
		return nil
	}
	return seat
}

// Revision is one change to a hand.
type Revision struct {
	ID     int64
	HandID int64
	// HandSeq is the hand's number in its game, which a deletion of it
	// or of an earlier hand leaves as it was.
	HandSeq int
	Action  string // "add", "correct" or "delete"
	Author  string
	At      time.Time
	Before  *HandInput // nil for "add"
	After   *HandInput // nil for "delete"
}

// Revisions returns every change to the game's hands, oldest first.
func (s *Store) Revisions(ctx context.Context, gameID int64) (_ []Revision, err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	rows, err := s.r.QueryContext(ctx, `SELECT r.id, r.hand_id, h.seq, r.action, r.author, r.at, coalesce(r.before, ''), coalesce(r.after, '')
		FROM revisions r JOIN hands h ON h.id = r.hand_id WHERE h.game_id = $1 ORDER BY r.id`, gameID)
	if err != nil {
		return nil, fmt.Errorf("db: revisions of game %d: %w", gameID, err)
	}
	defer rows.Close()
	var revs []Revision
	for rows.Next() {
		var r Revision
		var at, before, after string
		if err := rows.Scan(&r.ID, &r.HandID, &r.HandSeq, &r.Action, &r.Author, &at, &before, &after); err != nil {
			return nil, fmt.Errorf("db: revisions of game %d: %w", gameID, err)
		}
		r.At = parseTime(at)
		if r.Before, err = decodeSnapshot(before); err != nil {
			return nil, fmt.Errorf("db: revision %d: %w", r.ID, err)
		}
		if r.After, err = decodeSnapshot(after); err != nil {
			return nil, fmt.Errorf("db: revision %d: %w", r.ID, err)
		}
		revs = append(revs, r)
	}
	return revs, rows.Err()
}

func decodeSnapshot(s string) (*HandInput, error) {
	if s == "" {
		return nil, nil
	}
	var sn snapshot
	if err := json.Unmarshal([]byte(s), &sn); err != nil {
		return nil, err
	}
	in := HandInput(sn)
	return &in, nil
}
