package db

import (
	"context"
	"strings"
	"testing"

	"meldpad/db/dbtest"
)

// TestKeyByValue: the statements that find a game's rows by keyByValue
// ("= +$N") are planned exactly as with a bare "= $N", by an index, not a
// scan of the table: the plus only keeps SQLite from planning them by the
// value bound.
func TestKeyByValue(t *testing.T) {
	dbtest.SQLiteOnly(t, "EXPLAIN QUERY PLAN is SQLite's")
	s, _ := openTest(t)
	g := newFanGame(t, s)
	ctx := context.Background()
	const seatsJSON = `[{"seat":0,"total":1,"points":1,"hand":1}]`
	for _, tc := range []struct {
		name, query string
		args        []any
	}{
		{"hands", sqliteStatements.hands, []any{g.ID}},
		{"appendSeats", appendSeats[2], []any{1, nil, nil, 1, -1, nil, nil, -1, 1, g.ID}},
		{"recomputeSeats", sqliteStatements.recomputeSeats, []any{seatsJSON, g.ID}},
	} {
		if !strings.Contains(tc.query, keyByValue) {
			t.Errorf("%s does not find its game's rows by %q", tc.name, keyByValue)
			continue
		}
		got := queryPlan(ctx, t, s, tc.query, tc.args)
		bare := queryPlan(ctx, t, s, strings.ReplaceAll(tc.query, keyByValue, "= $"), tc.args)
		if got != bare {
			t.Errorf("%s is planned\n%s\nwith %q, and\n%s\nwith \"= $\"", tc.name, got, keyByValue, bare)
		}
		if strings.Contains(got, "SCAN hands") || strings.Contains(got, "SCAN seats") || strings.Contains(got, "SCAN s ") ||
			!strings.Contains(got, "USING") {
			t.Errorf("%s scans a table:\n%s", tc.name, got)
		}
	}
}

// queryPlan is SQLite's plan of query, one step a line.
func queryPlan(ctx context.Context, t *testing.T, s *Store, query string, args []any) string {
	t.Helper()
	rows, err := s.r.QueryContext(ctx, "EXPLAIN QUERY PLAN "+query, args...)
	if err != nil {
		t.Fatalf("plan of %q: %v", query, err)
	}
	defer rows.Close()
	var steps []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		steps = append(steps, detail)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return strings.Join(steps, "\n")
}
