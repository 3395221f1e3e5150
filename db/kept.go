package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Pages kept after a form's POST (migration 00012). A form posted to
// meldpad is answered by a redirect; a page shown instead of a save (a
// refused entry, a conflict) is kept here under a random id that the
// redirect's address names, and shown at that address. It is kept in
// the database, not in a server's memory, so that the GET after the
// redirect finds it whichever server a load balancer sends it to.
//
// The bounds are the store's, so that a client posting forms as fast as
// its rate allows costs a bounded share of the table: each client
// address keeps at most MaxKeptPerClient pages, its oldest dropped
// first; when MaxKeptPages are kept, the oldest page of the address
// holding the most goes, so that a few busy addresses cannot push out
// the page another table is about to fetch. A page is no bigger than
// MaxKeptPageBytes and is shown for KeptPageTTL; the older ones are
// swept each time a page is kept.
const (
	MaxKeptPages     = 256
	MaxKeptPerClient = 16
	MaxKeptPageBytes = 128 << 10
	KeptPageTTL      = time.Hour
)

// ErrPageTooBig means a page was not kept: it is over MaxKeptPageBytes.
var ErrPageTooBig = errors.New("db: the page is too big to keep")

// KeptPage is a page answered to a form's POST, kept to be shown at a
// GET address to the phone that posted the form.
type KeptPage struct {
	ID string // the random id the address names (NewID)
	// Owner is the phone that posted the form, as the caller knows it
	// (a hash of its cookie, not the cookie): KeptPage gives the page
	// back to that owner only.
	Owner       string
	Client      string // the address it came from, whose share is bounded
	Path        string // the GET address it is shown at
	Status      int
	ContentType string
	Body        []byte
	KeptAt      time.Time
}

// KeepPage keeps p (its KeptAt is set to now), within the bounds above:
// in the same write it sweeps the pages past KeptPageTTL and makes room
// in p's client's share and in the table.
func (s *Store) KeepPage(ctx context.Context, p KeptPage) (err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	if !ValidID(p.ID) || p.Owner == "" {
		return fmt.Errorf("db: keep page: an id and an owner are needed")
	}
	if len(p.Body) > MaxKeptPageBytes {
		return ErrPageTooBig
	}
	now := s.now()
	err = s.write(ctx, func(tx wtx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM kept_pages WHERE kept_at < $1`, now.Add(-KeptPageTTL).UnixMilli()); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM kept_pages WHERE client = $1 AND id NOT IN
			(SELECT id FROM kept_pages WHERE client = $2 ORDER BY seq DESC LIMIT $3)`,
			p.Client, p.Client, MaxKeptPerClient-1); err != nil {
			return err
		}
		if err := dropBusiestPages(ctx, tx); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO kept_pages (id, owner, client, path, status, content_type, body, kept_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, p.ID, p.Owner, p.Client, p.Path, p.Status, p.ContentType, p.Body, now.UnixMilli())
		return err
	})
	if err != nil {
		return fmt.Errorf("db: keep page: %w", err)
	}
	return nil
}

// dropBusiestPages makes room for one more page when the table is full:
// it drops the oldest page of the client holding the most (the one
// whose oldest is oldest, of those holding as many), until fewer than
// MaxKeptPages are kept. On PostgreSQL two servers keeping pages at once
// may both find room for one; the next page kept trims the table back.
func dropBusiestPages(ctx context.Context, tx wtx) error {
	for {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM kept_pages`).Scan(&n); err != nil {
			return err
		}
		if n < MaxKeptPages {
			return nil
		}
		var client string
		if err := tx.QueryRowContext(ctx, `SELECT client FROM kept_pages GROUP BY client
			ORDER BY count(*) DESC, min(seq) LIMIT 1`).Scan(&client); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM kept_pages WHERE id IN
			(SELECT id FROM kept_pages WHERE client = $1 ORDER BY seq LIMIT 1)`, client); err != nil {
			return err
		}
	}
}

// KeptPageFor returns the page kept under id for owner, if it is still
// shown (kept less than KeptPageTTL ago); a page kept for another owner
// is not found, as one never kept.
func (s *Store) KeptPageFor(ctx context.Context, id, owner string) (_ KeptPage, err error) {
	ctx, end := s.call(ctx, 1)
	defer end(&err)
	if !ValidID(id) || owner == "" {
		return KeptPage{}, ErrNotFound
	}
	p := KeptPage{ID: id, Owner: owner}
	var keptAt int64
	err = s.reads().QueryRowContext(ctx, `SELECT client, path, status, content_type, body, kept_at FROM kept_pages
		WHERE id = $1 AND owner = $2 AND kept_at >= $3`, id, owner, s.now().Add(-KeptPageTTL).UnixMilli()).
		Scan(&p.Client, &p.Path, &p.Status, &p.ContentType, &p.Body, &keptAt)
	if errors.Is(err, sql.ErrNoRows) {
		return KeptPage{}, ErrNotFound
	}
	if err != nil {
		return KeptPage{}, fmt.Errorf("db: kept page: %w", err)
	}
	p.KeptAt = time.UnixMilli(keptAt).UTC()
	return p, nil
}
