package db

import "testing"

// TestPgSQL: the package's SQLite statements as PostgreSQL reads them.
func TestPgSQL(t *testing.T) {
	tests := []struct{ sqlite, postgres string }{
		{`SELECT 1`, `SELECT 1`},
		{`SELECT a FROM t WHERE b = ? AND c = ?`, `SELECT a FROM t WHERE b = $1 AND c = $2`},
		{`UPDATE t SET v = (SELECT x FROM u WHERE id = ?1) WHERE id = ?1 AND w = ?2`,
			`UPDATE t SET v = (SELECT x FROM u WHERE id = $1) WHERE id = $1 AND w = $2`},
		{`SELECT '?', "a?b", 'it''s ?' FROM t WHERE x = ?`, `SELECT '?', "a?b", 'it''s ?' FROM t WHERE x = $1`},
		{`SELECT id FROM players WHERE league_id = ? AND name = ? COLLATE NOCASE AND id <> ?`,
			`SELECT id FROM players WHERE league_id = $1 AND nocase(name) = nocase($2) AND id <> $3`},
		{`SELECT p.id FROM p WHERE m = ? ORDER BY p.name COLLATE NOCASE, p.id`,
			`SELECT p.id FROM p WHERE m = $1 ORDER BY nocase(p.name) COLLATE "C", p.id`},
		{leaguePlayerQuery, `SELECT name FROM players WHERE id = $1 AND league_id = $2 FOR UPDATE`},
		{`SELECT seq FROM hands WHERE game_id = +? AND id > ? ORDER BY seq`, `SELECT seq FROM hands WHERE game_id = $1 AND id > $2 ORDER BY seq`},
		{`UPDATE t SET n = n + ? WHERE id = +?`, `UPDATE t SET n = n + $1 WHERE id = $2`},
	}
	for _, tc := range tests {
		if got := pgSQL(tc.sqlite); got != tc.postgres {
			t.Errorf("pgSQL(%q)\n = %q\nwant %q", tc.sqlite, got, tc.postgres)
		}
	}
}
