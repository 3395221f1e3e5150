package db

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5"

	"meldpad/db/dbtest"
)

// statementCounter counts the statements a store sends to PostgreSQL:
// once each is prepared on its connection, one round trip each.
type statementCounter struct{ n atomic.Int32 }

func (c *statementCounter) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	c.n.Add(1)
	return ctx
}

func (c *statementCounter) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// TestPostgresSaveRoundTrips: a hand saved as the scorepad saves it (the
// game read, then the write, given what the hands then decide) goes to
// PostgreSQL and back at most three times, its statements prepared.
func TestPostgresSaveRoundTrips(t *testing.T) {
	if !dbtest.Postgres() {
		t.Skip("PostgreSQL only: SQLite's statements make no round trips")
	}
	counter := &statementCounter{}
	s, err := Open(context.Background(), dbtest.DSN(t, filepath.Join(t.TempDir(), "test.db")), func(c *openConfig) { c.tracer = counter })
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	ctx := context.Background()
	g := newFanGame(t, s)
	save := func(points ...int) int32 {
		before := counter.n.Load()
		read, err := s.Game(ctx, g.PublicID)
		if err != nil {
			t.Fatal(err)
		}
		reads := counter.n.Load() - before
		in := pointsHand(points...)
		_, _, rounds, err := s.gameAndRounds(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		after := counter.n.Load() // gameAndRounds is the test's, not the save's
		if _, err := s.AddHand(ctx, g.ID, in, Change{Token: NewID(), Author: "Ann", Version: read.Version}, read.Version,
			derivedOf(read, append(rounds, roundFrom(in)))); err != nil {
			t.Fatal(err)
		}
		return reads + counter.n.Load() - after
	}
	save(10, 0) // every statement prepared on the connection it took
	save(0, 20)
	n := save(5, 0)
	if n > 3 {
		t.Errorf("a save made %d round trips, want at most 3", n)
	}
	t.Logf("a save: %d round trips", n)
}
