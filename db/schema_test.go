package db

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
	"github.com/pressly/goose/v3"

	"meldpad/db/dbtest"
)

// TestSchemasEqual: each database's migrations (db/migrations on SQLite,
// db/migrations_postgres on PostgreSQL) stand on their own, and build the
// same schema: the same tables, columns (their types, nullability and
// defaults, normalised), primary keys, unique constraints and indexes.
// PostgreSQL's is the one MELDPAD_TEST_POSTGRES holds; without it there
// is nothing to compare with, which CI refuses.
func TestSchemasEqual(t *testing.T) {
	if os.Getenv(dbtest.Env) == "" {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI is set and %s is not: the schemas must be compared", dbtest.Env)
		}
		t.Skipf("%s is unset: SQLite's schema is not compared with PostgreSQL's", dbtest.Env)
	}
	ctx := context.Background()
	lite, err := Open(ctx, filepath.Join(t.TempDir(), "schema.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer lite.Close()
	want, err := sqliteSchema(ctx, lite.r)
	if err != nil {
		t.Fatalf("SQLite's schema: %v", err)
	}
	if len(want) < 10 {
		t.Fatalf("SQLite's schema has %d tables: %v", len(want), want)
	}
	// A PostgreSQL database made by meldpad now, and one made by a
	// meldpad of PostgreSQL's first version (00007) that this one
	// upgrades.
	for _, from := range []int64{0, 7} {
		t.Run(fmt.Sprintf("postgres from %d", from), func(t *testing.T) {
			dsn := dbtest.Schema(t)
			raw, err := sql.Open("pgx", dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer raw.Close()
			if from > 0 {
				sub, err := fs.Sub(migrationsPostgres, "migrations_postgres")
				if err != nil {
					t.Fatal(err)
				}
				p, err := goose.NewProvider(goose.DialectPostgres, raw, sub)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := p.UpTo(ctx, from); err != nil {
					t.Fatal(err)
				}
			}
			pg, err := Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			pg.Close()
			got, err := postgresSchema(ctx, raw)
			if err != nil {
				t.Fatalf("PostgreSQL's schema: %v", err)
			}
			for _, diff := range schemaDiff(want, got) {
				t.Error(diff)
			}
		})
	}
}

// TestSchemaDiff: schemaDiff tells each kind of difference.
func TestSchemaDiff(t *testing.T) {
	base := func() schema {
		return schema{"games": {columns: map[string]string{"id": "integer NOT NULL", "name": "text"}, primaryKey: "id",
			uniques: []string{"name"}, indexes: []string{"id, name WHERE name is not null"}}}
	}
	for _, tc := range []struct {
		name   string
		change func(schema)
		want   string
	}{
		{"same", func(schema) {}, ""},
		{"a table more", func(s schema) { s["hands"] = &tableShape{} }, "table hands: on PostgreSQL, not on SQLite"},
		{"a column's type", func(s schema) { s["games"].columns["name"] = "integer" }, `column games.name: SQLite "text", PostgreSQL "integer"`},
		{"a column less", func(s schema) { delete(s["games"].columns, "name") }, `column games.name: SQLite "text", PostgreSQL ""`},
		{"the primary key", func(s schema) { s["games"].primaryKey = "name" }, "primary key of games: SQLite (id), PostgreSQL (name)"},
		{"a unique key", func(s schema) { s["games"].uniques = nil }, "unique keys of games"},
		{"an index's WHERE", func(s schema) { s["games"].indexes = []string{"id, name"} }, "indexes of games"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pg := base()
			tc.change(pg)
			diffs := schemaDiff(base(), pg)
			switch {
			case tc.want == "" && len(diffs) > 0:
				t.Errorf("differences in the same schema: %q", diffs)
			case tc.want != "" && (len(diffs) != 1 || !strings.HasPrefix(diffs[0], tc.want)):
				t.Errorf("got %q, want one starting %q", diffs, tc.want)
			}
		})
	}
}

// schema is a database's tables by name, each as text that both
// databases spell the same way when the tables are the same.
type schema map[string]*tableShape

type tableShape struct {
	columns    map[string]string // name -> "type [NOT NULL] [DEFAULT x]"
	primaryKey string            // its columns, comma-separated
	uniques    []string          // each unique constraint or index: its columns or expressions, and WHERE
	indexes    []string          // each other index, the same way
}

func (t *tableShape) sort() {
	slices.Sort(t.uniques)
	slices.Sort(t.indexes)
}

// schemaDiff says each way got differs from want, SQLite's from
// PostgreSQL's.
func schemaDiff(lite, pg schema) []string {
	var out []string
	for _, name := range sortedKeys(lite, pg) {
		l, p := lite[name], pg[name]
		switch {
		case p == nil:
			out = append(out, fmt.Sprintf("table %s: on SQLite, not on PostgreSQL", name))
			continue
		case l == nil:
			out = append(out, fmt.Sprintf("table %s: on PostgreSQL, not on SQLite", name))
			continue
		}
		for _, col := range sortedKeys(l.columns, p.columns) {
			if l.columns[col] != p.columns[col] {
				out = append(out, fmt.Sprintf("column %s.%s: SQLite %q, PostgreSQL %q", name, col, l.columns[col], p.columns[col]))
			}
		}
		if l.primaryKey != p.primaryKey {
			out = append(out, fmt.Sprintf("primary key of %s: SQLite (%s), PostgreSQL (%s)", name, l.primaryKey, p.primaryKey))
		}
		if !slices.Equal(l.uniques, p.uniques) {
			out = append(out, fmt.Sprintf("unique keys of %s:\n\tSQLite     %q\n\tPostgreSQL %q", name, l.uniques, p.uniques))
		}
		if !slices.Equal(l.indexes, p.indexes) {
			out = append(out, fmt.Sprintf("indexes of %s:\n\tSQLite     %q\n\tPostgreSQL %q", name, l.indexes, p.indexes))
		}
	}
	return out
}

func sortedKeys[V any](a, b map[string]V) []string {
	var keys []string
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// normalType is a column's type in words both databases share: SQLite's
// declared type or PostgreSQL's. A boolean is an integer (SQLite keeps
// 0 and 1), JSON is kept as text on both.
func normalType(t string) string {
	switch t = strings.ToLower(t); {
	case strings.Contains(t, "int"), t == "boolean":
		return "integer"
	case t == "text", strings.HasPrefix(t, "character"):
		return "text"
	case t == "blob", t == "bytea":
		return "blob"
	case t == "real", t == "double precision":
		return "real"
	}
	return t
}

var castSuffix = regexp.MustCompile(`::[a-z ]+`)

// normalDefault is a default both databases spell the same: without
// PostgreSQL's casts and parentheses, its booleans as SQLite's 0 and 1.
func normalDefault(d string) string {
	d = castSuffix.ReplaceAllString(d, "")
	d = strings.Trim(d, "()")
	switch strings.ToLower(d) {
	case "false":
		return "0"
	case "true":
		return "1"
	}
	return d
}

func columnText(typ string, notNull bool, dflt sql.NullString) string {
	s := normalType(typ)
	if notNull {
		s += " NOT NULL"
	}
	if dflt.Valid && dflt.String != "" {
		s += " DEFAULT " + normalDefault(dflt.String)
	}
	return s
}

var spaces = regexp.MustCompile(`\s+`)

// normalExpr is an index's key or WHERE as both databases spell it:
// lower case, no parentheses around it, no quotes, single spaces.
func normalExpr(e string) string {
	e = strings.ToLower(spaces.ReplaceAllString(strings.TrimSpace(e), " "))
	e = strings.ReplaceAll(e, `"`, "")
	for strings.HasPrefix(e, "(") && strings.HasSuffix(e, ")") && strings.Count(e, "(") == 1 {
		e = strings.TrimSpace(e[1 : len(e)-1])
	}
	return castSuffix.ReplaceAllString(e, "")
}

func indexText(keys []string, where string) string {
	s := strings.Join(keys, ", ")
	if where != "" {
		s += " WHERE " + normalExpr(where)
	}
	return s
}

// sqliteSchema reads SQLite's schema.
func sqliteSchema(ctx context.Context, db *sql.DB) (schema, error) {
	tables, err := strings1(ctx, db, `SELECT name FROM sqlite_schema WHERE type = 'table'
		AND name NOT LIKE 'sqlite_%' AND name <> 'goose_db_version' ORDER BY name`)
	if err != nil {
		return nil, err
	}
	out := schema{}
	for _, table := range tables {
		shape := &tableShape{columns: map[string]string{}}
		out[table] = shape
		rows, err := db.QueryContext(ctx, `SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info($1) ORDER BY cid`, table)
		if err != nil {
			return nil, err
		}
		pk := map[int]string{}
		for rows.Next() {
			var name, typ string
			var notNull bool
			var dflt sql.NullString
			var pkAt int
			if err := rows.Scan(&name, &typ, &notNull, &dflt, &pkAt); err != nil {
				rows.Close()
				return nil, err
			}
			if pkAt > 0 {
				pk[pkAt] = name
				notNull = true // a primary key is never NULL (SQLite's rowid)
			}
			shape.columns[name] = columnText(typ, notNull, dflt)
		}
		rows.Close()
		for i := 1; i <= len(pk); i++ {
			shape.primaryKey = strings.TrimPrefix(shape.primaryKey+", "+pk[i], ", ")
		}
		idx, err := db.QueryContext(ctx, `SELECT l.name, l."unique", l.origin, coalesce(m.sql, '')
			FROM pragma_index_list($1) l LEFT JOIN sqlite_schema m ON m.type = 'index' AND m.name = l.name`, table)
		if err != nil {
			return nil, err
		}
		type index struct {
			name, origin, sql string
			unique            bool
		}
		var indexes []index
		for idx.Next() {
			var ix index
			if err := idx.Scan(&ix.name, &ix.unique, &ix.origin, &ix.sql); err != nil {
				idx.Close()
				return nil, err
			}
			indexes = append(indexes, ix)
		}
		idx.Close()
		for _, ix := range indexes {
			if ix.origin == "pk" {
				continue
			}
			keys, err := sqliteIndexKeys(ctx, db, ix.name, ix.sql)
			if err != nil {
				return nil, err
			}
			where := ""
			if i := strings.Index(strings.ToUpper(ix.sql), " WHERE "); i >= 0 {
				where = ix.sql[i+len(" WHERE "):]
			}
			text := indexText(keys, where)
			if ix.unique {
				shape.uniques = append(shape.uniques, text)
			} else {
				shape.indexes = append(shape.indexes, text)
			}
		}
		shape.sort()
	}
	return out, nil
}

// sqliteIndexKeys are an index's columns, nocase(column) for one
// compared case-blind (COLLATE NOCASE), as PostgreSQL's index on
// nocase() reads.
func sqliteIndexKeys(ctx context.Context, db *sql.DB, index, createSQL string) ([]string, error) {
	rows, err := db.QueryContext(ctx, `SELECT cid, coalesce(name, ''), coll FROM pragma_index_xinfo($1) WHERE key = 1 ORDER BY seqno`, index)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var keys []string
	for rows.Next() {
		var cid int
		var name, coll string
		if err := rows.Scan(&cid, &name, &coll); err != nil {
			return nil, err
		}
		switch {
		case cid == -2:
			return nil, fmt.Errorf("index %s has an expression: %s", index, createSQL)
		case strings.EqualFold(coll, "NOCASE"):
			keys = append(keys, "nocase("+name+")")
		default:
			keys = append(keys, name)
		}
	}
	return keys, rows.Err()
}

// postgresSchema reads PostgreSQL's schema, the connection's current
// schema.
func postgresSchema(ctx context.Context, db *sql.DB) (schema, error) {
	tables, err := strings1(ctx, db, `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()
		AND table_type = 'BASE TABLE' AND table_name <> 'goose_db_version' ORDER BY table_name`)
	if err != nil {
		return nil, err
	}
	out := schema{}
	for _, table := range tables {
		shape := &tableShape{columns: map[string]string{}}
		out[table] = shape
		rows, err := db.QueryContext(ctx, `SELECT column_name, data_type, is_nullable = 'NO', column_default
			FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`, table)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var name, typ string
			var notNull bool
			var dflt sql.NullString
			if err := rows.Scan(&name, &typ, &notNull, &dflt); err != nil {
				rows.Close()
				return nil, err
			}
			shape.columns[name] = columnText(typ, notNull, dflt)
		}
		rows.Close()
		idx, err := db.QueryContext(ctx, `SELECT ix.indexrelid, ix.indisprimary, ix.indisunique, ix.indnkeyatts,
				coalesce(pg_get_expr(ix.indpred, ix.indrelid), '')
			FROM pg_index ix JOIN pg_class t ON t.oid = ix.indrelid
			WHERE t.relnamespace = current_schema()::regnamespace AND t.relname = $1`, table)
		if err != nil {
			return nil, err
		}
		type index struct {
			oid             int64
			primary, unique bool
			keys            int
			where           string
		}
		var indexes []index
		for idx.Next() {
			var ix index
			if err := idx.Scan(&ix.oid, &ix.primary, &ix.unique, &ix.keys, &ix.where); err != nil {
				idx.Close()
				return nil, err
			}
			indexes = append(indexes, ix)
		}
		idx.Close()
		for _, ix := range indexes {
			var keys []string
			for k := 1; k <= ix.keys; k++ {
				var key string
				if err := db.QueryRowContext(ctx, `SELECT pg_get_indexdef($1, $2, true)`, ix.oid, k).Scan(&key); err != nil {
					return nil, err
				}
				keys = append(keys, normalExpr(strings.TrimSuffix(key, ` COLLATE "C"`)))
			}
			switch {
			case ix.primary:
				shape.primaryKey = strings.Join(keys, ", ")
			case ix.unique:
				shape.uniques = append(shape.uniques, indexText(keys, ix.where))
			default:
				shape.indexes = append(shape.indexes, indexText(keys, ix.where))
			}
		}
		shape.sort()
	}
	return out, nil
}

// strings1 reads a query's one text column.
func strings1(ctx context.Context, db *sql.DB, query string) ([]string, error) {
	rows, err := db.QueryContext(ctx, query)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}
